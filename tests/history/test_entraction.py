"""The Entraction reader on hand-written histories in Entraction's layout."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.entraction import FORMAT, read, recognise
from showdown.history.signatures import room_of

ENTRACTION = Path(__file__).parent.parent / "data" / "histories" / "entraction"


def hands(name: str) -> list[Hand]:
    return list(read(ENTRACTION / name))


def test_side_pot_all_ins_and_a_name_with_a_space() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes, hand.table) == (
        "entraction",
        "holdem",
        "No Limit",
        "0.50/1",
        "Odense",
    )
    assert (hand.currency, hand.unit, hand.button) == ("EUR", D("0.01"), 1)
    assert hand.stacks["Ann Lee"] == D("1200.50")
    # every amount is what went in: Ann 4 + 96, Bob 0.50 + 39.50, Cid 1 + 99
    assert hand.contributions() == {"Bob": D(40), "Cid": D(100), "Ann Lee": D(100)}
    # main 3 x 40 = 120, side 2 x 60 = 120, 4 raked
    assert hand.collected() == {"Bob": D(118), "Cid": D(118)}
    assert [c.pot for c in hand.collections] == ["main pot", "side pot 1"]
    assert hand.dealt[0].cards == parse_cards("Ts Td")
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_split_pot() -> None:
    hand = hands("cash.txt")[1]
    assert hand.game == "omaha"
    # Cid 0.10, Ann and Bob 0.10 + 0.20: 0.70 in, 0.02 raked, 0.34 each
    assert hand.collected() == {"Ann Lee": D("0.34"), "Bob": D("0.34")}
    assert audit_hand(hand).verdict == "agree"


def test_both_blinds_and_a_hand_not_shown() -> None:
    hand = hands("cash.txt")[2]
    assert hand.game == "omaha5"
    posted = [(a.kind, a.amount) for a in hand.actions if a.player == "Ann Lee" and a.kind.forced]
    assert posted == [(ActionKind.BIG_BLIND, D(1)), (ActionKind.DEAD_BLIND, D("0.50"))]
    assert hand.mucked == frozenset({"Cid"})
    assert hand.cards("Cid") == parse_cards("Qc Jc 9c 6d 3h")  # known though conceded
    # Ann 1.50 + 4 + 5, Cid 1 + 4 + 5, Bob 0.50: 21 in, 1 raked
    assert hand.collected() == {"Ann Lee": D(20)}
    assert audit_hand(hand).verdict == "agree"


def test_utf16() -> None:
    assert len(hands("cash_utf16.txt")) == 3


def test_recognise() -> None:
    start = (ENTRACTION / "cash.txt").read_text()
    assert recognise(start)
    assert FORMAT.recognise(start)
    assert room_of(start) == "Entraction"
    assert not recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01")
    assert not recognise("Game #13550493674 starts.")


def test_tournament_with_antes() -> None:
    (hand,) = hands("tournament.txt")
    assert (hand.tournament, hand.currency, hand.unit, hand.stakes) == (
        "44000001",
        None,
        D(1),
        "200/400",
    )
    antes = [a.amount for a in hand.actions if a.kind is ActionKind.ANTE]
    assert antes == [D(20)] * 3
    # 3 x 20 antes, Cid's 400, Bob 200 + 2780 = 2980, Ann 1000 + 1980 = 2980
    assert hand.collected() == {"Ann": D(6420)}
    assert audit_hand(hand).verdict == "agree"
