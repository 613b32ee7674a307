"""The Everleaf reader on hand-written histories in Everleaf's layout."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.everleaf import read

DATA = Path(__file__).parent.parent / "data" / "histories"
EVERLEAF = DATA / "everleaf"


def entries(name: str) -> list[object]:
    return list(read(EVERLEAF / name).entries())


def hands(name: str) -> list[Hand]:
    return list(read(EVERLEAF / name))


def test_side_pot_and_the_unwritten_return() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "everleaf",
        "holdem",
        "No Limit",
        "$0.10/$0.20",
    )
    assert (hand.table, hand.button, hand.currency, hand.unit) == (
        "Oak Street",
        1,
        "USD",
        D("0.01"),
    )
    # raises give what went in: Ann 4, Bob 0.10 + 9.90, Cid 0.20 + 11.80
    assert hand.contributions() == {"Bob": D(10), "Cid": D(12), "Ann": D(4)}
    assert hand.returned() == {"Cid": D(2)}  # 12 - 10, written nowhere
    # main 3 x 4 = 12 and side 2 x 6 = 12, 11.50 each paid: 1.00 raked
    assert hand.collected() == {"Bob": D(23)}
    assert [c.pot for c in hand.collections] == ["main pot", "side pot"]
    assert hand.rake == 1
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert hand.dealt[0].cards == parse_cards("7c 2d")
    assert audit_hand(hand).verdict == "agree"


def test_split_pot() -> None:
    hand = hands("cash.txt")[1]
    # 0.20 + 0.40 each and Cid's 0.10: 1.30 in, 0.63 + 0.62 paid, 0.05 raked
    assert hand.collected() == {"Dee": D("0.63"), "Bob": D("0.62")}
    assert hand.rake == D("0.05")
    assert audit_hand(hand).verdict == "agree"


def test_a_player_who_does_not_show() -> None:
    hand = hands("cash.txt")[2]
    assert hand.mucked == frozenset({"Cid"})
    # Cid and Dee 0.20 + 0.60, Bob 0.20: 1.80 in, 1.71 paid
    assert hand.collected() == {"Dee": D("1.71")}
    assert audit_hand(hand).verdict == "agree"


def test_hilo() -> None:
    folded, shown = hands("omaha_hilo.txt")
    assert folded.game == "omaha_hilo"
    assert folded.limit == "Pot Limit"
    # Bob's 3 river bet was not called: 1.80 each matched, 3.60 - 0.10 = 3.50 paid
    assert folded.returned() == {"Bob": D(3)}
    assert folded.collected() == {"Bob": D("3.50")}
    # kings high for Bob, A-2-3-5-7 low for Ann: 1.75 each of 3.60 less 0.10
    assert shown.collected() == {"Bob": D("1.75"), "Ann": D("1.75")}
    assert [c.pot for c in shown.collections] == ["main pot (high)", "main pot (low)"]
    assert audit_hand(shown).verdict == "agree"


def test_stud_tournament() -> None:
    (hand,) = hands("stud_tournament.txt")
    assert hand.game == "stud"
    assert hand.currency is None
    assert hand.unit == 1
    bring_in = [a for a in hand.actions if a.kind is ActionKind.BRING_IN]
    assert [(a.player, a.amount) for a in bring_in] == [("Ann", D(5))]
    # 5 ante + 10 + 10 + 40 each (Ann's raise puts in 40 facing Bob's 20)
    assert hand.contributions() == {"Ann": D(65), "Bob": D(65)}
    assert hand.collected() == {"Bob": D(130)}
    assert hand.dealt[1].cards == parse_cards("Kh 4c 4h 7s")  # Bob's up cards
    assert audit_hand(hand).verdict == "agree"


def test_stray_text_and_encodings() -> None:
    text = (EVERLEAF / "stud_tournament.txt").read_text(encoding="utf-8")
    stray, hand = list(read(io.StringIO("Saved by my tracker\n" + text)).entries())
    assert getattr(stray, "kind", None) == "not a history"
    assert isinstance(hand, Hand)
    for data in (text.encode("utf-16"), text.encode("cp1252"), b"\xef\xbb\xbf" + text.encode()):
        (hand,) = read(io.BytesIO(data))
        assert hand.collected() == {"Bob": D(130)}
