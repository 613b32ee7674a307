"""The Microgaming XML reader on hand-written histories in Microgaming's layout."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.microgaming import FORMAT, read, recognise

DATA = Path(__file__).parent.parent / "data" / "histories"
MICROGAMING = DATA / "microgaming"


def entries(name: str) -> list[object]:
    return list(read(MICROGAMING / name).entries())


def hands(name: str) -> list[Hand]:
    return list(read(MICROGAMING / name))


def test_side_pot_with_a_written_return() -> None:
    hand = hands("cash.xml")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "microgaming",
        "holdem",
        "No Limit",
        "0.05/0.10",
    )
    assert (hand.currency, hand.unit, hand.button, hand.table) == (
        "EUR",
        D("0.01"),
        3,
        "Birch 7 - €10 Max",
    )
    # Ann 0.05 + 3.95 all in; Bob 0.10 + 3.90 + 6.00; Cid raise to 0.30 + 11.70 all in
    assert hand.contributions() == {"Ann": D(4), "Bob": D(10), "Cid": D(12)}
    assert hand.returned() == {"Cid": D(2)}  # 12 - 10: nobody matched it
    # main 3 x 4 = 12, side 2 x 6 = 12; rake="100" cents; Bob's queens take 11.50 of each
    assert hand.rake == D("1.00")
    assert hand.collected() == {"Bob": D(23)}
    assert [c.pot for c in hand.collections] == ["main pot", "side pot-1"]
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert hand.shown("Cid") == parse_cards("Tc Td")
    assert audit_hand(hand).verdict == "agree"


def test_split_pot_and_a_player_sitting_out() -> None:
    hand = hands("cash.xml")[1]
    assert [s.sitting_out for s in hand.seats] == [False, False, True]
    # 0.10 + 0.20 each = 0.60; rake 2 cents; both have the ace-high straight: 0.29 each
    assert hand.collected() == {"Ann": D("0.29"), "Bob": D("0.29")}
    assert hand.rake == D("0.02")
    assert audit_hand(hand).verdict == "agree"


def test_hilo_split() -> None:
    hand = hands("cash.xml")[2]
    assert hand.game == "omaha_hilo"
    # 0.20 + 0.40 + 1.20 = 1.80 each, 3.60 - 0.10 rake: Bob's kings high, Ann's A-2-3-5-7 low
    assert hand.contributions() == {"Ann": D("1.80"), "Bob": D("1.80")}
    assert hand.collected() == {"Bob": D("1.75"), "Ann": D("1.75")}
    assert audit_hand(hand).verdict == "agree"


def test_calls_written_as_street_totals_are_told_by_the_end_balances() -> None:
    hand = hands("cash.xml")[3]
    # no hhversion: "Call 0.10" from the small blind completes to 0.10 (0.05 more), and
    # "Call 0.60" facing a raise to 0.60 puts in 0.40 more: Ann 5.00 - 0.70 + 1.33 = 5.63
    calls = [(a.player, a.amount) for a in hand.actions if a.kind is ActionKind.CALL]
    assert calls == [("Ann", D("0.05")), ("Bob", D("0.40"))]
    assert hand.contributions() == {"Ann": D("0.70"), "Bob": D("0.70")}
    assert hand.collected() == {"Ann": D("1.33")}
    # the loser mucked, his cards written
    assert hand.mucked == frozenset({"Bob"})
    assert hand.cards("Bob") == parse_cards("8h 8d")
    assert audit_hand(hand).verdict == "agree"


def test_uncalled_bet_counted_in_the_winnings() -> None:
    hand = hands("cash.xml")[4]
    # hhversion 5: Bob's "Bet 2.00" over his 0.50 blind puts in 2.00 (10 - 2.50 + 3.50 = 11);
    # the 1.50 beyond Ann's 1.00 came back inside his 3.50
    assert hand.contributions() == {"Bob": D("2.50"), "Ann": D(1)}
    assert hand.returned() == {"Bob": D("1.50")}
    assert hand.collected() == {"Bob": D(2)}
    assert not hand.reached_showdown


def test_the_dead_part_of_a_post_to_play() -> None:
    (hand,) = hands("posted_to_play.xml")
    # Ann's "PostedToPlay 0.10" cost her 0.15 (10.00 -> 9.85): 0.10 live and 0.05 dead
    assert hand.dead_money() == {"Ann": D("0.05")}
    assert hand.contributions() == {"Bob": D("0.05"), "Cid": D("0.20"), "Ann": D("0.15")}
    # Cid's 0.10 bet was not called (the dead 0.05 matches nothing): 0.39 = 0.10 back +
    # 0.29 of the 0.30 pot, 1 cent raked
    assert hand.returned() == {"Cid": D("0.10")}
    assert hand.collected() == {"Cid": D("0.29")}
    assert hand.rake == D("0.01")


def test_tournament_chips() -> None:
    (hand,) = hands("tournament.xml")
    assert hand.tournament == "Sunday 500 - Table 3"
    assert hand.currency is None
    assert hand.unit == 1
    assert hand.collected() == {"Ann": D(40)}  # 20 + 20, no rake
    assert audit_hand(hand).verdict == "agree"


def test_stray_text_and_the_clients_own_lines() -> None:
    stray, hand = entries("stray.xml")
    assert getattr(stray, "kind", None) == "not a history"
    assert isinstance(hand, Hand)
    # ----PRIMA.DAT---- and ExtendedTableName: lines are the client's, not stray text
    assert [type(e) for e in entries("cash.xml")] == [Hand] * 5


def test_encodings_and_streams() -> None:
    text = (MICROGAMING / "tournament.xml").read_text(encoding="utf-8")
    for data in (text.encode("utf-16"), b"\xef\xbb\xbf" + text.encode("utf-8")):
        (hand,) = read(io.BytesIO(data))
        assert hand.collected() == {"Ann": D(40)}


def test_recognise() -> None:
    assert recognise((MICROGAMING / "cash.xml").read_text(encoding="utf-8")[:4000])
    assert FORMAT.recognise is recognise
    assert not recognise((MICROGAMING.parent / "merge" / "cash.xml").read_text(encoding="utf-8"))


def test_a_game_cut_off_is_named_by_its_first_line() -> None:
    (error,) = entries("truncated.xml")
    assert getattr(error, "line", None) == 3  # the line of its <game> element
