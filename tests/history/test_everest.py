"""The Everest Poker reader on hand-written histories in Everest's XML layout."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.everest import read

EVEREST = Path(__file__).parent.parent / "data" / "histories" / "everest"


def hands(name: str) -> list[Hand]:
    return list(read(EVEREST / name))


def test_side_pot_in_hundredths() -> None:
    hand = hands("cash.xml")[0]
    assert (hand.site, hand.game, hand.limit, hand.table) == (
        "everest",
        "holdem",
        "No Limit",
        "Brest-7",
    )
    assert (hand.currency, hand.unit, hand.button) == ("EUR", D("0.01"), 1)
    assert hand.stacks["Ann"] == D("1200.50")  # 120050 hundredths
    # BET gives what went in: Ann 4 + 96, Bob 0.50 + 39.50, Cid 1 + 99
    assert hand.contributions() == {"Ann": D(100), "Bob": D(40), "Cid": D(100)}
    raises = [a.player for a in hand.actions if a.kind is ActionKind.RAISE]
    assert raises == ["Ann", "Bob", "Cid"]
    # main 3 x 40 = 120, side 2 x 60 = 120; 2 of each raked
    assert hand.collected() == {"Bob": D(118), "Cid": D(118)}
    assert hand.rake == 4
    assert hand.dealt[0].cards == parse_cards("Ts Td")  # one HOLE a card
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_split_pot() -> None:
    hand = hands("cash.xml")[1]
    # Cid 0.10, Ann and Bob 0.10 + 0.20: 0.70 in, 0.34 each paid, 0.02 raked
    assert hand.collected() == {"Ann": D("0.34"), "Bob": D("0.34")}
    assert hand.rake == D("0.02")
    assert audit_hand(hand).verdict == "agree"


def test_a_mucked_hand() -> None:
    hand = hands("cash.xml")[2]
    assert hand.mucked == frozenset({"Bob"})  # XSHOW: he did not show
    # 0.10 + 0.20 each: 0.60 in, 0.58 paid
    assert hand.collected() == {"Ann": D("0.58")}
    assert audit_hand(hand).verdict == "agree"


def test_tournament_chips() -> None:
    (hand,) = hands("tournament.xml")
    assert (hand.tournament, hand.currency, hand.unit, hand.limit) == (
        "49000001",
        None,
        D(1),
        "Limit",
    )
    # Ann 40 + 20, Bob 10 + 30 + 20, Cid 20: 140 chips, no rake
    assert hand.contributions() == {"Bob": D(60), "Cid": D(20), "Ann": D(60)}
    assert hand.collected() == {"Ann": D(140)}
    assert hand.rake == 0
    assert audit_hand(hand).verdict == "agree"


def test_utf16() -> None:
    assert [h.hand_id for h in hands("cash_utf16.xml")] == [h.hand_id for h in hands("cash.xml")]
