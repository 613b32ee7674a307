"""The audit's fast path gives exactly the verdicts of the readable path (``resolve``).

:func:`showdown.history.audit.audit_hand` decides a plain showdown with
:mod:`showdown.history._quick` (whole units, compiled strengths, no result
objects) and every other hand with :func:`showdown.pots.resolve`; here both
decide the same hands and must give equal verdicts: on every sample history
of the tests, on thousands of generated hands, on the same hands with the
room's payouts made wrong, and with antes (dead money) added.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

import pytest

from showdown.history import read
from showdown.history._quick import quick_payouts
from showdown.history.audit import audit_hand, audit_paths
from showdown.history.model import Action, ActionKind, Collection, Hand
from showdown.history.reader import read_text
from showdown.history.synthetic import synthetic_history

DATA = Path(__file__).parent.parent / "data" / "histories"


def _showdowns(hands: object) -> list[Hand]:
    return [h for h in hands if isinstance(h, Hand) and h.reached_showdown]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def generated() -> list[Hand]:
    return _showdowns(read_text(synthetic_history(3000, seed=29)))


def test_every_sample_history_gets_the_same_verdict_both_ways() -> None:
    files = sorted(p for p in DATA.rglob("*") if p.suffix in (".txt", ".phh", ".phhs"))
    assert files
    decided = 0
    for path in files:
        for hand in _showdowns(read(str(path))):
            assert audit_hand(hand) == audit_hand(hand, quick=False), (path.name, hand.hand_id)
            decided += 1
    assert decided > 20


def test_generated_hands_get_the_same_verdict_and_most_take_the_fast_path(
    generated: list[Hand],
) -> None:
    assert len(generated) > 2000
    fast = 0
    for hand in generated:
        quick = audit_hand(hand)
        assert quick == audit_hand(hand, quick=False), hand.hand_id
        assert quick.verdict == "agree"
        fast += quick_payouts(hand) is not None
    assert fast == len(generated)  # every generated hand is a plain showdown


def test_a_room_that_paid_wrong_is_left_to_the_readable_path(generated: list[Hand]) -> None:
    for hand in generated[:400]:
        first = hand.collections[0]
        wrong = dataclasses.replace(first, amount=first.amount + hand.unit)
        paid_wrong = dataclasses.replace(hand, collections=(wrong, *hand.collections[1:]))
        verdict = audit_hand(paid_wrong)
        assert verdict == audit_hand(paid_wrong, quick=False)
        assert verdict.verdict == "disagree"
        by_name = {p.name: p for p in verdict.players}
        assert by_name[first.player].recorded - by_name[first.player].resolved == hand.unit


def _with_antes(hand: Hand, ante: Decimal) -> Hand:
    """The hand with everyone's ante (dead money) first, and the room paying what the
    readable path resolves (so that both paths have a showdown the room agrees with)."""
    antes = tuple(
        Action(ActionKind.ANTE, name, ante, street="blinds", line=hand.line)
        for name in hand.players
    )
    anted = dataclasses.replace(hand, actions=antes + hand.actions)
    returned = anted.returned()
    reference = audit_hand(anted, quick=False)
    collections = tuple(
        Collection(p.name, p.resolved - returned.get(p.name, Decimal(0)), "pot")
        for p in reference.players
        if p.resolved > returned.get(p.name, Decimal(0))
    )
    return dataclasses.replace(anted, collections=collections)


def test_dead_money_gets_the_same_verdict_both_ways(generated: list[Hand]) -> None:
    fast = 0
    for hand in generated[:600]:
        for ante in (Decimal("0.01"), Decimal("0.25")):
            anted = _with_antes(hand, ante)
            verdict = audit_hand(anted)
            assert verdict == audit_hand(anted, quick=False), hand.hand_id
            assert verdict.verdict == "agree"
            fast += quick_payouts(anted) is not None
    assert fast > 1000


def test_a_hand_finer_than_its_unit_or_with_a_card_twice_is_left_to_resolve(
    generated: list[Hand],
) -> None:
    hand = generated[0]
    finer = dataclasses.replace(hand, unit=Decimal(1))  # amounts in cents, a unit of 1
    assert quick_payouts(finer) is None
    assert audit_hand(finer) == audit_hand(finer, quick=False)
    showing = hand.showings[0]
    twice = dataclasses.replace(showing, cards=(hand.boards[0][0], *showing.cards[1:]))
    duplicated = dataclasses.replace(hand, showings=(twice, *hand.showings[1:]))
    assert quick_payouts(duplicated) is None
    verdict = audit_hand(duplicated)
    assert verdict == audit_hand(duplicated, quick=False)
    assert verdict.verdict == "error"


def test_verdicts_from_worker_processes_are_the_same_values(tmp_path: Path) -> None:
    """Workers send verdicts back packed as plain values; they arrive equal, field by field."""
    samples = sorted(str(p) for p in DATA.glob("*.txt"))
    path = tmp_path / "synthetic.txt"
    path.write_text(synthetic_history(120, seed=3))
    paths = [*samples, str(path)]
    one = [v for vs, _ in audit_paths(paths, chunk=40) for v in vs]
    two = [v for vs, _ in audit_paths(paths, workers=2, chunk=40) for v in vs]
    assert {v.verdict for v in one} >= {"agree", "error"}
    assert two == one
    assert [v.to_json() for v in two] == [v.to_json() for v in one]
    assert [str(p.resolved) for v in two for p in v.players] == [
        str(p.resolved) for v in one for p in v.players
    ]


def test_the_fast_layers_are_the_resolvers_pots() -> None:
    """With no dead money, the fast path's pots are exactly :func:`showdown.pots._layers`'."""
    import random

    from showdown.history._quick import _live_layers
    from showdown.pots import Player, _layers

    rng = random.Random(5)
    for _ in range(3000):
        count = rng.randint(2, 9)
        stakes = [rng.choice((0, 5, 10, 10, 25, 40, 40, 100)) for _ in range(count)]
        states = [rng.choice(("in", "in", "folded", "mucked")) for _ in range(count)]
        players = [
            Player(f"P{i}", (), stakes[i], folded=s == "folded", mucked=s == "mucked")
            for i, s in enumerate(states)
        ]
        expected = _layers(players, stakes, [0] * count)
        assert _live_layers(
            stakes, [s == "in" for s in states], [s == "mucked" for s in states]
        ) == (expected), (stakes, states)
