"""The Cereus (UltimateBet, Absolute Poker) reader on hand-written histories in its layout."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import Hand
from showdown.history.audit import audit_hand
from showdown.history.cereus import read

CEREUS = Path(__file__).parent.parent / "data" / "histories" / "cereus"


def hands(name: str) -> list[Hand]:
    return list(read(CEREUS / name))


def test_side_pot_all_ins_and_thousands() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == ("cereus", "holdem", "No Limit", "$1")
    assert (hand.table, hand.button, hand.currency, hand.unit) == ("ELM ST", 1, "USD", D("0.01"))
    assert hand.stacks["Alder"] == D("1250.50")
    # Alder raises to 4 and calls 96 more: 100; Birch 0.50 + 39.50 all in: 40; Cedar 1 + 99: 100
    assert hand.contributions() == {"Alder": D(100), "Birch": D(40), "Cedar": D(100)}
    # main 3 x 40 = 120, side 2 x 60 = 120; rake 3 + jackpot 1 = 4, 2 from each pot
    assert hand.rake == 4
    assert hand.collected() == {"Birch": D(118), "Cedar": D(118)}
    assert hand.dealt[0].cards == parse_cards("Ts Td")  # the room writes ten as 10
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_limit_split_pot() -> None:
    hand = hands("cash.txt")[1]
    assert (hand.limit, hand.stakes) == ("Limit", "$0.25/$0.50")  # "Normal" is fixed limit
    # Cedar 0.25, Alder and Birch 0.25 + 0.25: 1.25 in, 0.03 raked, 1.22 / 2 = 0.61 each
    assert hand.collected() == {"Alder": D("0.61"), "Birch": D("0.61")}
    assert audit_hand(hand).verdict == "agree"


def test_a_mucked_hand() -> None:
    hand = hands("cash.txt")[2]
    assert hand.mucked == frozenset({"Cedar"})
    # Alder 0.02, Birch and Cedar 0.02 + 0.04: 0.14 in, 0.01 raked
    assert hand.collected() == {"Birch": D("0.13")}
    assert audit_hand(hand).verdict == "agree"


def test_the_written_return_and_the_72_proposition() -> None:
    hand = hands("cash.txt")[3]
    assert hand.returned() == {"Alder": D(20)}
    # Alder 12, Birch 2, Cedar 12: 26 less 1.30 rake
    assert hand.collected() == {"Alder": D("24.70")}
    # the proposition pot comes from the other players' stacks, outside the hand
    assert hand.cashouts == (("Alder", D(20)),)
    assert not hand.reached_showdown


def test_hilo() -> None:
    (hand,) = hands("omaha_hilo.txt")
    assert (hand.game, hand.limit) == ("omaha_hilo", "Limit")
    # 60 each: 120 less 1 rake, 59.50 to the high (three kings) and 59.50 to the low
    assert hand.collected() == {"Dogwood": D("59.50"), "Elm": D("59.50")}
    assert audit_hand(hand).verdict == "agree"
