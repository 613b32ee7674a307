"""The Merge Network XML reader on hand-written histories in Merge's layout."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.merge import FORMAT, read, recognise

DATA = Path(__file__).parent.parent / "data" / "histories"
MERGE = DATA / "merge"


def entries(name: str) -> list[object]:
    return list(read(MERGE / name).entries())


def hands(name: str) -> list[Hand]:
    return list(read(MERGE / name))


def test_side_pot_all_ins_and_a_seat_sitting_out() -> None:
    hand = hands("cash.xml")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "merge",
        "holdem",
        "No Limit",
        "$0.05/$0.10",
    )
    assert (hand.hand_id, hand.table, hand.currency, hand.unit) == (
        "60000001-1",
        "Quito (60000001)",
        "USD",
        D("0.01"),
    )
    # seats are numbered from 0 in the file, from 1 here; the button with them
    assert [(s.number, s.name, s.sitting_out) for s in hand.seats] == [
        (1, "Ann", False),
        (2, "Bob", False),
        (3, "Cid", False),
        (5, "Dee", True),
    ]
    assert hand.button == 1
    assert hand.max_seats == 6
    assert hand.tournament is None
    # Ann all in 2.00; Bob 0.05 + raise to 4.00 (3.95) + all in 1.00; Cid 0.10 + 3.90 + 1.00
    assert hand.contributions() == {"Ann": D(2), "Bob": D(5), "Cid": D(5)}
    all_ins = [(a.player, a.kind, a.amount) for a in hand.actions if a.all_in]
    assert all_ins == [("Ann", ActionKind.RAISE, D(2)), ("Bob", ActionKind.BET, D(1))]
    # main pot 3 x 2 = 6, side pot 2 x 3 = 6; each paid 5.85, so 12 - 11.70 = 0.30 raked
    assert hand.collected() == {"Cid": D("11.70")}
    assert [c.pot for c in hand.collections] == ["side pot-1", "main pot"]
    assert hand.pots == (D("5.85"), D("5.85"))
    assert hand.rake == D("0.30")
    assert hand.returned() == {}
    assert hand.boards == (parse_cards("As Kd 7h 2c 3s"),)
    assert hand.shown("Cid") == parse_cards("Kc Ks")
    assert hand.cards("Ann") == parse_cards("Qh Qd")
    assert audit_hand(hand).verdict == "agree"


def test_split_pot() -> None:
    hand = hands("cash.xml")[1]
    # Bob raise to 0.30 + 0.40 + 0.80; Dee 0.10 + 0.20 + raise to 1.20; Cid's small blind 0.05
    assert hand.contributions() == {"Cid": D("0.05"), "Dee": D("1.50"), "Bob": D("1.50")}
    # 3.05 in; both have the queen-high straight: 1.50 each, 3.05 - 3.00 = 0.05 raked
    assert hand.collected() == {"Dee": D("1.50"), "Bob": D("1.50")}
    assert hand.rake == D("0.05")
    assert audit_hand(hand).verdict == "agree"


def test_a_muck_without_cards() -> None:
    hand = hands("cash.xml")[2]
    assert hand.mucked == frozenset({"Bob"})
    assert hand.cards("Bob") == ()
    # Bob and Cid 0.10 + 0.30 + 0.60 + 1.00 = 2.00 each, Dee 0.10: 4.10 in, 4.00 paid
    assert hand.collected() == {"Cid": D(4)}
    assert hand.rake == D("0.10")
    assert audit_hand(hand).verdict == "agree"


def test_the_uncalled_bet_is_in_the_winners_amount() -> None:
    hand = hands("cash.xml")[3]
    assert not hand.reached_showdown
    # Dee raised to 0.35, the big blind 0.10 was the most matched: 0.25 came back, and the
    # room's 0.50 = that 0.25 + the 0.10 matched + the blinds 0.05 + 0.10
    assert hand.returned() == {"Dee": D("0.25")}
    assert hand.collected() == {"Dee": D("0.25")}
    assert hand.rake == 0


def test_hilo_split() -> None:
    (hand,) = hands("omaha_hilo.xml")
    assert (hand.game, hand.limit) == ("omaha_hilo", "Pot Limit")
    # 0.20 + 0.40 + 1.20 = 1.80 each; Bob's kings take the high half, Ann's 7-5-3-2-A the low
    assert hand.contributions() == {"Bob": D("1.80"), "Ann": D("1.80")}
    assert hand.collected() == {"Bob": D("1.80"), "Ann": D("1.80")}
    assert [c.pot for c in hand.collections] == ["pot (high)", "pot (low)"]
    assert hand.rake == 0
    assert audit_hand(hand).verdict == "agree"


def test_uncalled_bet_written_as_a_winner_of_its_own() -> None:
    text = (MERGE / "cash.xml").read_text(encoding="utf-8").split("\n\n")[3]
    desc = '<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>\n'
    # newer files: the 0.25 nobody called is a winner with uncalled="true"
    text = text.replace(
        '<winner amount="0.50" uncalled="false" potnumber="1" player="4" pottype="n"/>',
        '<winner amount="0.25" uncalled="false" potnumber="1" player="4" pottype="n"/>\n'
        '<winner amount="0.25" uncalled="true" potnumber="2" player="4" pottype="n"/>',
    )
    (hand,) = read(io.StringIO(desc + text))
    assert hand.returned() == {"Dee": D("0.25")}
    assert hand.collected() == {"Dee": D("0.25")}


def test_tournament_chips() -> None:
    (hand,) = hands("tournament.xml")
    assert hand.tournament == "60990001"
    assert hand.currency is None
    assert hand.unit == 1
    # Bob all in for his 600 (25 + 575), Ann raised to 150 and called 450, Cid's 50 dead
    assert hand.contributions() == {"Bob": D(600), "Cid": D(50), "Ann": D(600)}
    assert hand.collected() == {"Bob": D(1250)}
    assert audit_hand(hand).verdict == "agree"


def test_stray_text_and_broken_xml_do_not_stop_the_file() -> None:
    stray, broken, hand = entries("stray_and_broken.xml")
    assert getattr(stray, "kind", None) == "not a history"
    assert getattr(broken, "kind", None) == "unreadable"
    assert getattr(broken, "line", None) == 10
    assert isinstance(hand, Hand)
    assert hand.hand_id == "60000005-2"
    assert hand.index == 1


def test_encodings_and_streams() -> None:
    text = (MERGE / "omaha_hilo.xml").read_text(encoding="utf-8")
    for data in (text.encode("utf-16"), b"\xef\xbb\xbf" + text.encode("utf-8")):
        (hand,) = read(io.BytesIO(data))
        assert hand.collected() == {"Bob": D("1.80"), "Ann": D("1.80")}
    (hand,) = read(io.StringIO(text), name="pasted")
    assert hand.source == "pasted"


@pytest.mark.parametrize("name", ["cash.xml", "tournament.xml", "omaha_hilo.xml"])
def test_recognise_ours(name: str) -> None:
    assert recognise((MERGE / name).read_text(encoding="utf-8")[:4000])
    assert FORMAT.recognise is recognise


def test_a_game_cut_off_is_named_by_its_first_line() -> None:
    (error,) = entries("truncated.xml")
    assert getattr(error, "line", None) == 2  # the line of its <game> element
