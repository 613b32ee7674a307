"""The KingsClub reader on hand-written histories in KingsClub's layout."""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.kingsclub import read

KINGSCLUB = Path(__file__).parent.parent / "data" / "histories" / "kingsclub"


def hands(name: str) -> list[Hand]:
    return list(read(KINGSCLUB / name))


def test_side_pot_and_street_totals() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes, hand.table) == (
        "kingsclub",
        "holdem",
        "No Limit",
        "5/10",
        "Oak Mix",
    )
    assert (hand.currency, hand.unit, hand.button) == ("USD", D("0.01"), 1)
    assert hand.stacks["Ann"] == D("1200.50")
    # "calls 1,000" is the street total: Cid 10 + 990, Ann 40 + 960, Bob 400 all in
    assert hand.contributions() == {"Bob": D(400), "Cid": D(1000), "Ann": D(1000)}
    # main 3 x 400 = 1200, side 2 x 600 = 1200, 4 raked from each
    assert hand.collected() == {"Bob": D(1196), "Cid": D(1196)}
    assert hand.rake == 8
    assert audit_hand(hand).verdict == "agree"


def test_run_twice() -> None:
    hand = hands("cash.txt")[1]
    assert hand.game == "omaha"
    # the second board shares the flop ("- - -") and runs its own turn and river
    assert hand.boards == (
        parse_cards("3h Qc 4s 4c Qh"),
        parse_cards("3h Qc 4s Kh Ac"),
    )
    # 3 x 50 antes + Cid's 125 + 2 x (875 + 9075): 20175, half to each board's winner
    assert hand.collected() == {"Ann": D("10087.50"), "Bob": D("10087.50")}
    assert audit_hand(hand).verdict == "agree"


def test_a_pot_won_without_a_line_is_read_from_the_nets() -> None:
    hand = hands("cash.txt")[2]
    assert hand.game == "omaha_hilo"
    # Bob is all in for 125: 3 x 125 = 375 is his pot; Ann's 500 less Cid's 250 comes back,
    # and the 250 left (125 each of Ann and Cid) is Ann's, as her net of 0 says
    assert hand.returned() == {"Ann": D(250)}
    assert hand.collected() == {"Bob": D(375), "Ann": D(250)}
    assert audit_hand(hand).verdict == "agree"


def test_stud_streets_labelled_one_behind() -> None:
    hand = hands("mixed.txt")[0]
    assert hand.game == "stud_hilo"
    streets = [a.street for a in hand.actions if a.player == "Bob" and a.amount]
    assert streets == ["blinds", "third", "fourth", "fifth", "sixth"]
    assert hand.mucked == frozenset({"Ann"})
    # 2 x 10 antes, 2 x (40 + 40 + 80 + 80): 500 in, 1 raked
    assert hand.collected() == {"Bob": D(499)}
    assert audit_hand(hand).verdict == "agree"


def test_triple_draw_and_a_blind_posted_to_come_back() -> None:
    hand = hands("mixed.txt")[1]
    assert hand.game == "deuce_to_seven"
    posted = [(a.kind, a.amount) for a in hand.actions if a.player == "Bob" and a.kind.forced]
    assert posted == [(ActionKind.BIG_BLIND, D(44)), (ActionKind.DEAD_BLIND, D(22))]
    draws = [(a.player, a.count) for a in hand.actions if a.kind is ActionKind.DISCARD]
    assert draws == [("Dee", 3), ("Ann", 3), ("Cid", 2), ("Dee", 1)]
    # Ann, Dee 88 + 44, Cid 88, Bob 66: 418 in, 2 raked
    assert hand.collected() == {"Ann": D(416)}
    assert audit_hand(hand).verdict == "agree"


def test_a_draw_run_twice_leaves_the_two_handed_player_unknown() -> None:
    hand = hands("mixed.txt")[2]
    # Bob drew a different hand on each run: no one hand of his can be judged
    assert hand.cards("Bob") == ()
    assert hand.shown("Ann") == parse_cards("Tc 3s 7h 5c 9h")
    # 20 + 980 each, one run each
    assert hand.collected() == {"Ann": D(1000), "Bob": D(1000)}
    assert audit_hand(hand).verdict == "unsupported"
