"""The Betfair Poker reader on hand-written histories in Betfair's layout."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import Hand
from showdown.history.audit import audit_hand
from showdown.history.betfair import read

BETFAIR = Path(__file__).parent.parent / "data" / "histories" / "betfair"


def hands(name: str) -> list[Hand]:
    return list(read(BETFAIR / name))


def test_side_pot_and_all_in_lines() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "betfair",
        "holdem",
        "No Limit",
        "$0.50/$1",
    )
    assert (hand.table, hand.max_seats, hand.button, hand.currency) == ("Oak", 6, 1, "USD")
    assert hand.stacks["Ann"] == D("1200.50")
    # "raises to" keeps the total: Ann 4 + 96, Bob 40, Cid 100
    assert hand.contributions() == {"Bob": D(40), "Cid": D(100), "Ann": D(100)}
    assert {a.player for a in hand.actions if a.all_in} == {"Bob", "Cid"}
    # main 3 x 40 = 120, side 2 x 60 = 120; the rake (written nowhere) is 240 - 236
    assert hand.collected() == {"Cid": D(118), "Bob": D(118)}
    assert hand.rake == 4
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_split_pot() -> None:
    hand = hands("cash.txt")[1]
    assert (hand.game, hand.limit) == ("omaha", "Pot Limit")
    # Cid 0.10, Ann and Bob 0.10 + 0.20: 0.70 in, 0.34 each, 0.02 raked
    assert hand.collected() == {"Ann": D("0.34"), "Bob": D("0.34")}
    assert hand.rake == D("0.02")
    assert audit_hand(hand).verdict == "agree"


def test_a_mucked_hand() -> None:
    hand = hands("cash.txt")[2]
    assert hand.mucked == frozenset({"Cid"})
    # 0.10 + 0.20 + 0.50 each: 1.60 in, 1.52 paid, 0.08 raked
    assert hand.collected() == {"Ann": D("1.52")}
    assert hand.rake == D("0.08")
    assert audit_hand(hand).verdict == "agree"
