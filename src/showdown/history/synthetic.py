"""Synthetic PokerStars Hold'em histories: for tests of the readers and for throughput.

:func:`synthetic_history` writes ``hands`` cash hands in PokerStars' layout
from a seeded random generator: two to six players, blinds, a raise and
calls, some folds, flop/turn/river bets, all-ins with side pots, rake in
cents, and a showdown among the players left. The room's payouts are worked
out with the resolver's own pieces (:func:`showdown.pots.layers` for the
pots, :func:`showdown.evaluate` and :func:`showdown.pots.best_seats` for the
best hand, :func:`showdown.pots.split` with the odd cents clockwise from the
button) and PokerStars' rake (from the pots in order as they are built), so
every generated showdown should audit as ``'agree'``. It is a generator of
realistic input, not an independent check of the resolver (the hand-made
samples are).

>>> text = synthetic_history(3, seed=1)
>>> text.count("*** SUMMARY ***")
3
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from decimal import Decimal

from showdown.cards import DECK, format_cards
from showdown.evaluation import evaluate
from showdown.games import get_game
from showdown.pots import OddChipRule, best_seats, layers, odd_chip_orders, split

__all__ = ["synthetic_hands", "synthetic_history"]

_NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay")
_HOLDEM = get_game("holdem")


def _money(units: int) -> str:
    value = Decimal(units) / 100
    text = f"{value:.2f}"
    return "$" + (text[:-3] if text.endswith(".00") else text)


def synthetic_history(hands: int, *, seed: int = 0, start: int = 500000000000) -> str:
    """A PokerStars history of ``hands`` hands, as one text."""
    return "".join(synthetic_hands(hands, seed=seed, start=start))


def synthetic_hands(hands: int, *, seed: int = 0, start: int = 500000000000) -> Iterator[str]:
    """The hands of :func:`synthetic_history` one at a time (each ends with blank lines)."""
    rng = random.Random(seed)
    for number in range(hands):
        yield _hand(rng, start + number)


def _hand(rng: random.Random, hand_id: int) -> str:
    size = rng.randint(2, 6)
    names = _NAMES[:size]
    stacks = {n: rng.choice((400, 1000, 1500, 2000, 2500)) for n in names}
    button = rng.randrange(size)
    order = [names[(button + 1 + k) % size] for k in range(size)]
    if size == 2:
        order = [names[button], names[(button + 1) % size]]
    sb, bb = order[0], order[1]
    lines = [
        f"PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/05/01 12:00:00 ET",
        f"Table 'Synth' 6-max Seat #{button + 1} is the button",
    ]
    lines += [f"Seat {k + 1}: {n} ({_money(stacks[n])} in chips)" for k, n in enumerate(names)]
    put = dict.fromkeys(names, 0)
    street = dict.fromkeys(names, 0)
    live = list(order)
    allin: set[str] = set()

    def pay(name: str, amount: int) -> None:
        put[name] += amount
        street[name] += amount
        stacks[name] -= amount
        if stacks[name] == 0:
            allin.add(name)

    lines.append(f"{sb}: posts small blind {_money(min(5, stacks[sb]))}")
    pay(sb, min(5, stacks[sb]))
    lines.append(f"{bb}: posts big blind {_money(min(10, stacks[bb]))}")
    pay(bb, min(10, stacks[bb]))
    deck = list(DECK)
    rng.shuffle(deck)
    hole = {n: (deck.pop(), deck.pop()) for n in names}
    board = [deck.pop() for _ in range(5)]
    lines.append("*** HOLE CARDS ***")
    acting = order[2:] + order[:2] if size > 2 else order
    markers = [
        None,
        f"*** FLOP *** [{format_cards(board[:3])}]",
        f"*** TURN *** [{format_cards(board[:3])}] [{board[3]}]",
        f"*** RIVER *** [{format_cards(board[:4])}] [{board[4]}]",
    ]
    for round_no, marker in enumerate(markers):
        if marker is not None:
            if len([n for n in live if n not in allin]) < 2:
                lines.append(marker)
                continue
            lines.append(marker)
            street = dict.fromkeys(names, 0)
            acting = [n for n in order if n in live]
        current = max(street.values())
        raised = False
        for name in list(acting):
            if name not in live or name in allin:
                continue
            if len(live) == 1:
                break
            owe = current - street[name]
            roll = rng.random()
            if not raised and roll < 0.3:
                target = current + (10 if current == 0 else current) * rng.choice((1, 2, 3))
                target = min(target, street[name] + stacks[name])
                amount = target - street[name]
                tail = " and is all-in" if amount == stacks[name] else ""
                if current == 0:
                    lines.append(f"{name}: bets {_money(amount)}{tail}")
                else:
                    lines.append(
                        f"{name}: raises {_money(target - current)} to {_money(target)}{tail}"
                    )
                pay(name, amount)
                current = max(current, street[name])
                raised = True
            elif owe and roll < 0.45 and round_no > 0:
                lines.append(f"{name}: folds")
                live.remove(name)
            elif owe:
                amount = min(owe, stacks[name])
                tail = " and is all-in" if amount == stacks[name] else ""
                lines.append(f"{name}: calls {_money(amount)}{tail}")
                pay(name, amount)
            else:
                lines.append(f"{name}: checks")
        # everyone still in calls the last raise (keeps the generator short)
        for name in order:
            if name in live and name not in allin and street[name] < current:
                amount = min(current - street[name], stacks[name])
                tail = " and is all-in" if amount == stacks[name] else ""
                lines.append(f"{name}: calls {_money(amount)}{tail}")
                pay(name, amount)
        if len(live) == 1:
            break
    # uncalled part of the top stake
    levels = sorted({put[n] for n in live}, reverse=True)
    top = [n for n in live if put[n] == levels[0]]
    returns: dict[str, int] = {}
    if len(top) == 1:
        second = max([put[n] for n in names if n != top[0]] or [0])
        if put[top[0]] > second:
            back = put[top[0]] - second
            lines.append(f"Uncalled bet ({_money(back)}) returned to {top[0]}")
            returns[top[0]] = back
            put[top[0]] -= back
    total = sum(put.values())
    rake = min(total * 5 // 100, 300) if len(live) > 1 or "*** FLOP ***" in "".join(lines) else 0
    # the pots (the uncalled bet is returned: each pot has two contributors or more)
    pots = layers([put[n] for n in names], [n in live for n in names])
    # rake from the pots in order, as they are built, capped
    taken: list[int] = []
    left = rake
    for pot in pots:
        share = min(left, pot.amount)
        taken.append(share)
        left -= share
    collections: list[tuple[str, int, str]] = []
    showdown = len(live) > 1
    if showdown:
        lines.append("*** SHOW DOWN ***")
        for name in live:
            lines.append(f"{name}: shows [{format_cards(hole[name])}] (a hand)")
    (odd_order,) = odd_chip_orders(_HOLDEM, OddChipRule.AUTO, button, [()] * size).values()
    labels = ["main pot"] + [f"side pot-{k}" for k in range(1, len(pots))]
    if len(pots) == 1:
        labels = ["pot"]
    for pot, cut, label in zip(pots, taken, labels, strict=True):
        eligible = [seat for seat in odd_order if seat in pot.eligible]
        winners = eligible
        if len(eligible) > 1:
            strengths = {k: evaluate(list(hole[names[k]]), board).strength for k in eligible}
            winners = best_seats(eligible, strengths)
        for seat, amount in split(pot.amount - cut, winners, odd_order).items():
            collections.append((names[seat], amount, label))
    for name, amount, label in collections:
        if amount:
            lines.append(f"{name} collected {_money(amount)} from {label}")
    lines.append("*** SUMMARY ***")
    if len(pots) > 1:
        listed = " ".join(
            f"{'Main pot' if k == 0 else f'Side pot-{k}'} {_money(pot.amount - t)}."
            for k, (pot, t) in enumerate(zip(pots, taken, strict=True))
        )
        lines.append(f"Total pot {_money(total)} {listed} | Rake {_money(rake)}")
    else:
        lines.append(f"Total pot {_money(total)} | Rake {_money(rake)}")
    lines.append(f"Board [{format_cards(board)}]")
    return "\n".join(lines) + "\n\n\n\n"
