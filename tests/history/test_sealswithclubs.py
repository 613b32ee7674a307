"""The Seals with Clubs reader on hand-written histories in both of the room's layouts."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.sealswithclubs import FORMAT, read, recognise
from showdown.history.signatures import room_of

SWC = Path(__file__).parent.parent / "data" / "histories" / "sealswithclubs"


def hands(name: str) -> list[Hand]:
    return list(read(SWC / name))


def test_side_pot_paid_before_the_main_pot() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes, hand.table) == (
        "sealswithclubs",
        "holdem",
        "No Limit",
        "0.50/1",
        "NLHE 6max .5/1 #3",
    )
    assert (hand.currency, hand.unit, hand.button) == ("mBTC", D("0.01"), 1)
    # "raises to" keeps the total: Ann 4 + 96, Bob 40, Cid 100
    assert hand.contributions() == {"Bob": D(40), "Cid": D(100), "Ann": D(100)}
    # side 2 x 60 = 120 and main 3 x 40 = 120, 2 raked from each
    assert hand.collected() == {"Cid": D(118), "Bob": D(118)}
    assert hand.rake == 4
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_split_pot_and_both_blinds() -> None:
    hand = hands("cash.txt")[1]
    assert hand.limit == "Limit"
    posted = [(a.kind, a.amount) for a in hand.actions if a.player == "Bob" and a.kind.forced]
    assert posted == [(ActionKind.BIG_BLIND, D(2)), (ActionKind.DEAD_BLIND, D(1))]
    # Cid 1 + 1, Ann 2 + 2, Bob 3 + 2: 11 in, 0.20 raked, 5.40 each
    assert hand.collected() == {"Ann": D("5.40"), "Bob": D("5.40")}
    assert audit_hand(hand).verdict == "agree"


def test_a_mucked_hand_and_a_seat_sitting_out() -> None:
    hand = hands("cash.txt")[2]
    assert hand.game == "omaha"
    assert [s.name for s in hand.seats if s.sitting_out] == ["Cid"]
    assert hand.mucked == frozenset({"Ann"})
    # 1 + 2 each
    assert hand.collected() == {"Bob": D(6)}
    assert audit_hand(hand).verdict == "agree"


def test_the_later_pokerstars_layout() -> None:
    (hand,) = hands("swcpoker.txt")
    assert (hand.site, hand.game, hand.table, hand.currency) == (
        "sealswithclubs",
        "omaha",
        "No-Rake Micro Stakes PLO",
        "mBTC",
    )
    # 0.12 + 0.24 each, no rake
    assert hand.collected() == {"Bob": D("0.72")}
    assert audit_hand(hand).verdict == "agree"


def test_recognise() -> None:
    for name in ("cash.txt", "swcpoker.txt"):
        start = (SWC / name).read_text()
        assert recognise(start)
        assert FORMAT.recognise(start)
        assert room_of(start) == "Seals with Clubs"
    assert not recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01")
