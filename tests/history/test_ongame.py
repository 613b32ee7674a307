"""The OnGame reader on hand-written histories in OnGame's layout."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.ongame import read

ONGAME = Path(__file__).parent.parent / "data" / "histories" / "ongame"


def hands(name: str) -> list[Hand]:
    return list(read(ONGAME / name))


def test_side_pot_and_the_unwritten_return() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "ongame",
        "holdem",
        "No Limit",
        "$0.50/$1",
    )
    assert (hand.table, hand.button, hand.currency, hand.unit) == ("Fjord", 1, "USD", D("0.01"))
    assert hand.stacks["Ann"] == D("1200.50")
    # "raises $3 to $4" keeps the total: Ann 4 + 96 = 100, Bob 40 all in, Cid 100 all in
    assert hand.contributions() == {"Ann": D(100), "Bob": D(40), "Cid": D(100)}
    assert hand.returned() == {}  # Ann's 100 is matched by Cid's
    # main 3 x 40 = 120, side 2 x 60 = 120, 2 raked from each
    assert hand.collected() == {"Bob": D(118), "Cid": D(118)}
    assert hand.rake == 4
    assert hand.pots == (D(118), D(118))
    assert hand.shown("Bob") == parse_cards("As Ah")  # cards come from the summary
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_split_pot() -> None:
    hand = hands("cash.txt")[1]
    # Cid 0.10, Ann and Bob 0.10 + 0.20: 0.70 in, 0.02 raked, 0.68 / 2 = 0.34 each
    assert hand.collected() == {"Ann": D("0.34"), "Bob": D("0.34")}
    assert audit_hand(hand).verdict == "agree"


def test_dead_blind_is_not_returned() -> None:
    hand = hands("cash.txt")[2]
    dead = [a for a in hand.actions if a.kind is ActionKind.DEAD_BLIND]
    assert [(a.player, a.amount) for a in dead] == [("Ann", D("0.05"))]
    # Ann 0.10 + 0.05 dead + 0.20 + 0.45, Cid 0.30: the 0.45 flop bet comes back
    assert hand.returned() == {"Ann": D("0.45")}
    # 0.30 + 0.30 + 0.05 = 0.65 in the pot, 0.03 raked
    assert hand.collected() == {"Ann": D("0.62")}


def test_draw_and_a_mucked_hand() -> None:
    hand = hands("draw.txt")[0]
    assert (hand.game, hand.limit) == ("five_card_draw", "Limit")
    assert [(a.player, a.count) for a in hand.actions if a.kind is ActionKind.DISCARD] == [
        ("Ann", 2),
        ("Cid", 3),
    ]
    assert hand.dealt[0].cards == parse_cards("8h 9h 6h Ah Jh")  # the new hand
    assert hand.mucked == frozenset({"Cid"})
    # Ann 0.50 + 1.50 + 2, Bob 1, Cid 2 + 2: 9 in, 0.45 raked
    assert hand.collected() == {"Ann": D("8.55")}
    assert audit_hand(hand).verdict == "agree"


def test_play_money_and_a_draw_without_a_street_line() -> None:
    hand = hands("draw.txt")[1]
    assert hand.play_money
    # play chips, but the stacks are written in cents (Ann's $54.55): the unit is a cent
    assert (hand.currency, hand.unit, hand.limit) == (None, D("0.01"), "Pot Limit")
    assert {a.street for a in hand.actions if a.kind is ActionKind.DISCARD} == {"draw1"}
    # 3 each: three queens beat two pair
    assert hand.collected() == {"Bob": D(6)}
    assert audit_hand(hand).verdict == "agree"


def test_tournament() -> None:
    (hand,) = hands("tournament.txt")
    assert (hand.tournament, hand.currency, hand.unit, hand.play_money) == (
        "R-900-12",
        None,
        D(1),
        False,
    )
    # Ann 1500 all in, Bob 800 all in: 700 comes back; the pot is 800 + 800
    assert hand.returned() == {"Ann": D(700)}
    assert hand.collected() == {"Ann": D(1600)}
    assert audit_hand(hand).verdict == "agree"
