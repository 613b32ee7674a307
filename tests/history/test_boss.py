"""The Boss Media reader on hand-written histories in Boss Media's XML layout."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.boss import read

BOSS = Path(__file__).parent.parent / "data" / "histories" / "boss"


def hands(name: str) -> list[Hand]:
    return list(read(BOSS / name))


def test_side_pot_numbered_cards_and_all_ins() -> None:
    hand = hands("cash.xml")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "boss",
        "holdem",
        "No Limit",
        "0.50/1.00",
    )
    assert (hand.table, hand.button, hand.currency, hand.unit) == (
        "Table TH 77",
        1,
        "EUR",
        D("0.01"),
    )
    assert [s.name for s in hand.seats] == ["Ann", "Bob", "Cid"]  # a reserved seat is left out
    # a card is a number: rank n % 13 (0 an ace), suit n // 13 (d c h s): 48 Ts, 9 Td
    assert hand.dealt[0].cards == parse_cards("Ts Td")
    # RAISE and ALLIN give street totals: Ann 4 + 96, Bob 0.50 + 39.50, Cid 1 + 99
    assert hand.contributions() == {"Bob": D(40), "Cid": D(100), "Ann": D(100)}
    # main 3 x 40 = 120, side 2 x 60 = 120; 4 raked, 236 paid
    assert hand.collected() == {"Bob": D(118), "Cid": D(118)}
    assert hand.rake == 4
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_split_pot_and_a_mucked_hand() -> None:
    hand = hands("cash.xml")[1]
    # CALL gives the increment: Cid 0.05 + 0.05 + 0.10, Ann 0.10 + 0.10, Bob 0.10 + 0.10
    assert hand.contributions() == {"Cid": D("0.20"), "Ann": D("0.20"), "Bob": D("0.20")}
    assert hand.mucked == frozenset({"Cid"})
    # 0.60 in, 0.02 raked, 0.29 each
    assert hand.collected() == {"Ann": D("0.29"), "Bob": D("0.29")}
    assert audit_hand(hand).verdict == "agree"


def test_dead_small_blind_and_the_unwritten_return() -> None:
    hand = hands("cash.xml")[2]
    dead = [(a.player, a.amount) for a in hand.actions if a.kind is ActionKind.DEAD_BLIND]
    assert dead == [("Ann", D("0.05"))]
    # Ann's 0.50 river bet was not called; the dead 0.05 is not matched by anyone
    assert hand.returned() == {"Ann": D("0.50")}
    # Bob 0.05, Cid 0.30, Ann 0.05 + 0.30: 0.70 less 0.04 rake
    assert hand.collected() == {"Ann": D("0.66")}


def test_hilo() -> None:
    hand = hands("cash.xml")[3]
    assert hand.game == "omaha_hilo"
    # 0.10 each, no rake: three kings take the high half, 7-5-3-2-A the low
    assert hand.collected() == {"Bob": D("0.10"), "Ann": D("0.10")}
    assert [c.pot for c in hand.collections] == ["pot (hi)", "pot (lo)"]
    assert audit_hand(hand).verdict == "agree"


def test_tournament() -> None:
    (hand,) = hands("tournament.xml")
    assert (hand.tournament, hand.currency, hand.unit) == ("5551234", None, D(1))
    # 60 each, nines beat eights
    assert hand.collected() == {"Ann": D(120)}
    assert audit_hand(hand).verdict == "agree"
