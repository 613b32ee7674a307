"""The fast path pays a hand run more than once as ``resolve`` does.

:func:`~showdown.history._quick.quick_payouts` decides a hand run twice (or
more) itself: each pot divided among the boards, the odd units from the first,
each board's share decided on that board. Here generated hands are run twice
(a second turn and river), in Hold'em and, with two more cards each, in Omaha
Hi/Lo; both paths must pay and judge them alike.
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

from showdown.cards import Card, parse_cards
from showdown.errors import ShowdownError
from showdown.history._quick import quick_payouts
from showdown.history.audit import audit_hand
from showdown.history.model import HOUSE, Collection, Hand, hand_to_showdown
from showdown.history.reader import read_text
from showdown.history.synthetic import synthetic_history
from showdown.pots import resolve

_DECK = parse_cards(" ".join(r + s for r in "23456789TJQKA" for s in "cdhs"))


def _run_twice(hand: Hand, rng: random.Random, *, omaha: bool) -> Hand | None:
    """The hand with a second board (another turn and river), and in Omaha Hi/Lo."""
    if len(hand.boards) != 1 or len(hand.boards[0]) != 5:
        return None
    used = set(hand.boards[0])
    for showing in (*hand.showings, *hand.dealt):
        used.update(showing.cards)
    free = [card for card in _DECK if card not in used]
    rng.shuffle(free)
    board = hand.boards[0]
    second: tuple[Card, ...] = (*board[:3], free.pop(), free.pop())
    showings = hand.showings
    game = hand.game
    if omaha:
        extra = {s.player: (free.pop(), free.pop()) for s in hand.showings}
        showings = tuple(
            dataclasses.replace(s, cards=s.cards + extra[s.player]) for s in hand.showings
        )
        game = "omaha_hilo"
    return dataclasses.replace(hand, boards=(board, second), showings=showings, dealt=(), game=game)


def _resolved(hand: Hand) -> dict[str, Decimal] | None:
    try:
        result = resolve(hand_to_showdown(hand), explain=False)
    except ShowdownError:
        return None
    return {p.name: Decimal(p.payout) for p in result.players if p.name != HOUSE}


def _paid_as_resolved(hand: Hand, paid: dict[str, Decimal]) -> Hand:
    """The hand with the room paying what resolve pays (its returns kept)."""
    returned = hand.returned()
    collections = tuple(
        Collection(name, amount - returned.get(name, Decimal(0)))
        for name, amount in paid.items()
        if amount - returned.get(name, Decimal(0))
    )
    return dataclasses.replace(hand, collections=collections)


def _hands() -> list[Hand]:
    hands = [h for h in read_text(synthetic_history(1200, seed=17)) if isinstance(h, Hand)]
    rng = random.Random(5)
    twice: list[Hand] = []
    for hand in hands:
        if not hand.reached_showdown:
            continue
        for omaha in (False, True):
            run = _run_twice(hand, rng, omaha=omaha)
            if run is not None:
                twice.append(run)
    return twice


def test_hands_run_twice_pay_as_resolve() -> None:
    hands = _hands()
    decided = {"holdem": 0, "omaha_hilo": 0}
    for hand in hands:
        found = quick_payouts(hand)
        if found is None:
            continue
        decided[hand.game] += 1
        assert found.paid == _resolved(hand), (hand.hand_id, hand.game)
    assert min(decided.values()) > 100


def test_hands_run_twice_get_the_same_verdict_both_ways() -> None:
    agreed = 0
    for hand in _hands()[:400]:
        # as the room wrote it (paid on one board: mostly a disagreement) ...
        assert audit_hand(hand) == audit_hand(hand, quick=False), (hand.hand_id, hand.game)
        paid = _resolved(hand)
        if paid is None:
            continue
        # ... and paid as the rules pay it
        right = _paid_as_resolved(hand, paid)
        verdict = audit_hand(right)
        assert verdict == audit_hand(right, quick=False), (hand.hand_id, hand.game)
        agreed += verdict.verdict == "agree"
    assert agreed > 100


def test_a_showing_twice_across_boards_is_left_to_resolve() -> None:
    """A card on both boards after their common start is a duplicate: the fast path
    does not decide it, and the audit reports what resolve says."""
    for hand in _hands()[:50]:
        first, second = hand.boards
        broken = dataclasses.replace(hand, boards=(first, (*second[:4], first[3])))
        assert quick_payouts(broken) is None
        assert audit_hand(broken) == audit_hand(broken, quick=False)
