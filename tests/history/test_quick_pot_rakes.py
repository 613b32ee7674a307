"""The fast path decides the audit's trials of a showdown as ``resolve`` does.

When a room paid otherwise than the rules, :func:`showdown.history.audit.audit_hand`
tries the room's known ways: odd chips split in a coarser chip, and (for a
history that does not list its pots, 888poker's) each division of the rake
among the pots. Each trial is decided by
:func:`~showdown.history._quick.quick_payouts` (in the coarser unit, or with
``pot_rakes``) when the fast path can, else by :func:`~showdown.pots.resolve`.
Here both decide the same trials, and the audit gives the same verdicts both ways.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

from showdown.errors import ShowdownError
from showdown.history import read
from showdown.history._quick import quick_payouts
from showdown.history.audit import _CHIPS, _room_rake, audit_hand
from showdown.history.model import HOUSE, Hand, hand_to_showdown
from showdown.history.reader import read_text
from showdown.history.synthetic import synthetic_history
from showdown.pots import resolve

DATA = Path(__file__).parent.parent / "data" / "histories"


def _showdowns() -> list[Hand]:
    hands = [h for h in read_text(synthetic_history(1500, seed=41)) if isinstance(h, Hand)]
    for path in sorted(p for p in DATA.rglob("*") if p.suffix == ".txt"):
        hands += [h for h in read(str(path)) if isinstance(h, Hand)]
    if (DATA / "888poker").is_dir():
        from showdown.history import pacific

        for path in sorted((DATA / "888poker").iterdir()):
            hands += [h for h in pacific.read(str(path)) if isinstance(h, Hand)]
    return [h for h in hands if h.reached_showdown]


def _plain(hand: Hand, rakes: tuple[Decimal, ...]) -> dict[str, Decimal] | str:
    """What resolve pays with each contested pot raked by ``rakes`` (or its error's type)."""
    try:
        result = resolve(dataclasses.replace(hand_to_showdown(hand), rake=rakes), explain=False)
    except ShowdownError as error:
        return type(error).__name__
    return {p.name: Decimal(p.payout) for p in result.players if p.name != HOUSE}


def _divisions(gross: list[Decimal], unit: Decimal) -> list[tuple[Decimal, ...]]:
    """A few ways to rake the pots: all from the main pot, a unit from each, some more."""
    count = len(gross)
    divisions = [
        (unit * 3,) + (Decimal(0),) * (count - 1),
        (unit,) * count,
        tuple(unit * (k + 2) for k in range(count)),
        (Decimal(0),) * (count - 1) + (unit * 5,),
    ]
    return [d for d in divisions if all(r <= g for r, g in zip(d, gross, strict=True))]


def test_pot_by_pot_rakes_pay_as_resolve() -> None:
    decided = compared = 0
    for hand in _showdowns():
        try:
            base = resolve(dataclasses.replace(hand_to_showdown(hand), rake=0), explain=False)
        except ShowdownError:
            continue
        gross = [Decimal(pot.amount) for pot in base.pots if pot.kind != "uncalled"]
        if len(gross) < 2:
            continue
        for rakes in _divisions(gross, hand.unit):
            raked = dataclasses.replace(hand, rake=sum(rakes, Decimal(0)), pots=())
            found = quick_payouts(raked, pot_rakes=rakes)
            compared += 1
            if found is None:
                continue
            decided += 1
            assert found.paid == _plain(raked, rakes), (hand.source, hand.hand_id, rakes)
    assert compared > 30
    assert decided > compared // 2


def test_unlisted_pot_rakes_get_the_same_verdict_both_ways() -> None:
    """Hands raked pot by pot, their pots not listed: the audit finds the division by the
    fast path's trials and by resolve's alike (agree, or the same disagreement)."""
    tried = found = 0
    for hand in _showdowns():
        try:
            base = resolve(dataclasses.replace(hand_to_showdown(hand), rake=0), explain=False)
        except ShowdownError:
            continue
        contested = [pot for pot in base.pots if pot.kind != "uncalled"]
        if not 2 <= len(contested) <= 4:
            continue
        gross = [Decimal(pot.amount) for pot in contested]
        for rakes in _divisions(gross, hand.unit)[:2]:
            paid = _plain(dataclasses.replace(hand, pots=()), rakes)
            if isinstance(paid, str):
                continue
            returned = hand.returned()
            collections = tuple(
                dataclasses.replace(c, amount=Decimal(0)) for c in hand.collections
            ) + tuple(
                type(hand.collections[0])(name, amount - returned.get(name, Decimal(0)))
                for name, amount in paid.items()
                if amount - returned.get(name, Decimal(0))
            )
            raked = dataclasses.replace(
                hand, rake=sum(rakes, Decimal(0)), pots=(), collections=collections
            )
            verdict = audit_hand(raked)
            assert verdict == audit_hand(raked, quick=False), (hand.hand_id, rakes)
            tried += 1
            found += "does not list the pots" in str(verdict.reason)
    assert tried > 20
    assert found > 10


def test_coarser_chips_pay_as_resolve() -> None:
    """The audit tries a hand's odd chips in coarser chips (a room that splits in
    nickels): the fast path in that unit pays what resolve pays."""
    compared = decided = 0
    for hand in _showdowns():
        try:
            showdown = hand_to_showdown(hand)
        except ShowdownError:
            continue
        amounts = [
            *(Decimal(p.stake) for p in showdown.players),
            *(Decimal(p.dead) for p in showdown.players),
            *hand.received().values(),
            hand.rake,
        ]
        for chip in _CHIPS:
            if chip <= hand.unit or any(amount % chip for amount in amounts):
                continue
            compared += 1
            found = quick_payouts(dataclasses.replace(hand, unit=chip))
            if found is None:
                continue
            decided += 1
            coarse = dataclasses.replace(showdown, unit=chip)
            paid, _ = _room_rake(hand, coarse, resolve(coarse, explain=False))
            assert found.paid == paid, (hand.source, hand.hand_id, chip)
    assert compared > 100
    assert decided > compared // 2
