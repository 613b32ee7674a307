"""The PKR reader on hand-written histories in PKR's layout."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import Hand
from showdown.history.audit import audit_hand
from showdown.history.pkr import read

DATA = Path(__file__).parent.parent / "data" / "histories"
PKR = DATA / "pkr"


def entries(name: str) -> list[object]:
    return list(read(PKR / name).entries())


def hands(name: str) -> list[Hand]:
    return list(read(PKR / name))


def test_side_pot_with_a_written_return() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "pkr",
        "holdem",
        "No Limit",
        "$0.10/$0.20",
    )
    assert (hand.table, hand.button, hand.currency, hand.unit) == (
        "Coral Reef",
        1,
        "USD",
        D("0.01"),
    )
    assert [s.name for s in hand.seats if s.sitting_out] == ["Dee"]
    # raises give the street total: Ann 4, Bob 10, Cid 12 with 2 returned
    assert hand.contributions() == {"Bob": D(10), "Cid": D(12), "Ann": D(4)}
    assert hand.returned() == {"Cid": D(2)}
    # main 3 x 4 = 12, side 2 x 6 = 12, 0.50 raked from each: 11.50 and 11.50
    assert hand.rake == 1
    assert hand.collected() == {"Bob": D(23)}
    assert [c.pot for c in hand.collections] == ["side pot #1", "main pot"]
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_tie() -> None:
    hand = hands("cash.txt")[1]
    # calls give the street total: Bob "calls $0.20" from nothing; 0.60 each + Cid 0.10
    assert hand.contributions() == {"Cid": D("0.10"), "Dee": D("0.60"), "Bob": D("0.60")}
    assert hand.collected() == {"Dee": D("0.62"), "Bob": D("0.62")}  # 1.30 - 0.06 raked
    assert audit_hand(hand).verdict == "agree"


def test_muck() -> None:
    hand = hands("cash.txt")[2]
    assert hand.mucked == frozenset({"Cid"})
    assert hand.collected() == {"Dee": D("1.71")}  # 0.80 + 0.80 + 0.20 - 0.09
    assert audit_hand(hand).verdict == "agree"


def test_the_end_stack_returns_the_unmatched_bet() -> None:
    hand = hands("cash.txt")[3]
    # no line returns Dee's raise to 0.70 beyond the big blind's 0.20, but his stack ends at
    # 8.93 - 0.70 + 0.50 won + 0.50 back = 9.23
    assert hand.returned() == {"Dee": D("0.50")}
    assert hand.collected() == {"Dee": D("0.50")}


def test_hilo() -> None:
    hand = hands("omaha_hilo_tournament.txt")[0]
    assert (hand.game, hand.limit) == ("omaha_hilo", "Pot Limit")
    # 0.20 + 0.40 + 1.20 each; 3.60 - 0.10 = 3.50: kings high for Bob, A-2-3-5-7 low for Ann
    assert hand.collected() == {"Bob": D("1.75"), "Ann": D("1.75")}
    assert audit_hand(hand).verdict == "agree"


def test_tournament() -> None:
    hand = hands("omaha_hilo_tournament.txt")[1]
    assert hand.tournament == "Sunday Special 4"
    assert hand.currency is None
    assert hand.unit == 1
    assert hand.contributions() == {"Ann": D(600), "Bob": D(600)}
    assert hand.collected() == {"Bob": D(1200)}
    assert audit_hand(hand).verdict == "agree"


def test_stray_text_and_encodings() -> None:
    text = (PKR / "omaha_hilo_tournament.txt").read_text(encoding="utf-8")
    stray, *rest = list(read(io.StringIO("my notes\n" + text)).entries())
    assert getattr(stray, "kind", None) == "not a history"
    assert [type(e) for e in rest] == [Hand, Hand]
    for data in (text.encode("utf-16"), b"\xef\xbb\xbf" + text.encode()):
        assert len(list(read(io.BytesIO(data)))) == 2
