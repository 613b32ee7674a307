"""A deliberately plain pot resolver, the reference for :mod:`showdown.pots`.

It implements RULES.md §5 (side pots, folded players, uncalled bets, hi/lo
halves, odd chips) for whole-chip stakes on one board, written independently
of the library's layering: it peels the smallest remaining stake off every
contributor until nothing is left. Hands are valued by ``evaluate_game``
(the rankings have their own tests); only the pot arithmetic is checked.
"""

from __future__ import annotations

from typing import Any

from showdown.games import evaluate_game
from showdown.pots import OddChipRule, Showdown

LOW_RANKS = "A23456789TJQK"
SUITS = "cdhs"


def odd_chip_order(showdown: Showdown, half: str = "high") -> list[int]:
    """Seats in the order odd chips go to them (RULES.md §5; Robert's Rules for low halves)."""
    n = len(showdown.players)
    rule = showdown.odd_chip
    stud = showdown.game.family.value == "stud"
    if rule is OddChipRule.BUTTON or (rule is OddChipRule.AUTO and not stud):
        return [(showdown.button + k) % n for k in range(1, n + 1)]
    if rule is OddChipRule.AUTO and half == "low":  # the lowest card by suit, ace low
        lowest = [
            min(
                [(LOW_RANKS.index(str(c)[0]), SUITS.index(str(c)[1])) for c in p.cards]
                or [(99, 99)]
            )
            for p in showdown.players
        ]
        return sorted(range(n), key=lambda seat: lowest[seat])
    best_card = [max([c.code for c in p.cards] or [-1]) for p in showdown.players]
    return sorted(range(n), key=lambda seat: -best_card[seat])


def reference_payouts(showdown: Showdown) -> list[int]:
    """Each seat's chips, by the plain rules."""
    players = showdown.players
    n = len(players)
    game = showdown.game
    live = [i for i in range(n) if not players[i].folded]
    values = {}
    if len(live) > 1:
        for i in live:
            values[i] = evaluate_game(game, players[i].cards, showdown.board or None).values
    left = [int(p.stake) for p in players]
    pots: list[list[Any]] = []  # [amount, eligible or owner, kind]
    while any(left):
        smallest = min(x for x in left if x > 0)
        givers = [i for i in range(n) if left[i] > 0]
        for i in givers:
            left[i] -= smallest
        eligible = [i for i in givers if not players[i].folded]
        single = len(givers) == 1
        if pots and not single and pots[-1][2] != "single" and pots[-1][1] == eligible:
            pots[-1][0] += smallest * len(givers)
        elif pots and single and pots[-1][2] == "single" and pots[-1][1] == givers:
            pots[-1][0] += smallest
        else:
            pots.append([smallest * len(givers), givers if single else eligible,
                         "single" if single else "pot"])  # fmt: skip
    pay = [0] * n
    for amount, eligible, kind in pots:
        if kind == "single" or len(eligible) == 1:
            pay[eligible[0]] += amount
            continue
        halves = []
        orders = []
        for h in range(len(game.rankings)):
            scored = [(v, i) for i in eligible if (v := values[i][h]) is not None]
            if scored:
                top = max(v for v, _ in scored)
                halves.append([i for v, i in scored if v == top])
                orders.append(odd_chip_order(showdown, game.halves[h]))
        first_half = amount - amount // 2 if len(halves) == 2 else amount
        for k, winners in enumerate(halves):
            chips = first_half if k == 0 else amount - first_half
            each = chips // len(winners)
            for i in winners:
                pay[i] += each
            extra = chips - each * len(winners)
            for i in [s for s in orders[k] if s in winners][:extra]:
                pay[i] += 1
    return pay
