"""The readable reference of equity's counts: every deal dealt, every hand valued by the rules.

:func:`showdown.equity.equity` counts its deals in the compiled core
(``showdown._cequity``, through :mod:`showdown._kernels.engine`) where it is
built. This module counts the same deals the plain way, and it is what answers
where the core is not built or ``SHOWDOWN_ENGINE=readable`` asks for the
reference (:mod:`showdown.core`):

* every missing board card dealt in every way (:func:`itertools.combinations`,
  in code order), every player's hand valued by the readable evaluator -- the
  best of the candidates the game allows (:meth:`showdown.games.Game.candidates`,
  Omaha's two plus three included), each looked up in the ranking's table
  (:func:`showdown.evaluation.best_hand`);
* every deal scored in whole units (:func:`share_out`, :func:`add_deal`).

Exact counts are the core's to the last unit: the tests compare the two on random
spots of every game. Monte Carlo (:func:`sample_counts`) draws its deals from a
stream of its own (Python's :class:`random.Random`, seeded with the chunk's seed):
a seeded run is the same on every run of the reference, but its numbers are not
the core's, whose stream is splitmix64 (they agree within the standard error).

Units: a pot is :data:`POT` = 5040 units, so a pot or half pot split between up to
ten players is a whole number. Per player the counts are :data:`WIN` (deals won
whole), :data:`TIE` (deals with a part of the pot), :data:`SHARE` (units won),
:data:`HIGH` and :data:`LOW` (units won from the high ranking and from the low
one) and :data:`SHARE_SQ` (the sum of squared units, for the standard error).

>>> from showdown.cards import parse_cards
>>> from showdown.games import get_game
>>> holdem = get_game("holdem")
>>> hands = [[c.code for c in parse_cards(h)] for h in ("AhKh", "QsQd")]
>>> board = [c.code for c in parse_cards("Qh 7h 2c 3d")]
>>> deck = (1 << 52) - 1 - sum(1 << code for code in board)
>>> counts = exact_counts(holdem, [hands], board, 1, deck)  # 44 rivers: 7 hearts beat QQ
>>> counts[0, :, WIN].tolist(), int(counts[0, :, SHARE].sum()) == 44 * POT
([7, 37], True)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from itertools import combinations, product
from typing import Final

import numpy as np
import numpy.typing as npt

from showdown.cards import DECK, Card
from showdown.evaluation import best_hand
from showdown.games import Game

__all__ = [
    "COLUMNS",
    "HIGH",
    "LOW",
    "POT",
    "SHARE",
    "SHARE_SQ",
    "TIE",
    "WIN",
    "add_deal",
    "complete_hands",
    "exact_counts",
    "exact_totals",
    "hand_values",
    "sample_counts",
    "share_out",
]

I64 = npt.NDArray[np.int64]

POT: Final = 5040
"""Units in one pot: divisible by 1..10 and, halved, again by 1..10."""
WIN, TIE, SHARE, HIGH, LOW, SHARE_SQ = range(6)
COLUMNS: Final = 6
"""The counts kept per player: win, tie, share, high, low, share squared."""
MAX_TRIES_PER_DEAL: Final = 1000
"""Monte Carlo gives up after this many tries per deal (and 1,000 more) that clash."""


def hand_values(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, ...]:
    """Each ranking's strength of a player's best hand; 0 where none qualifies (no low).

    >>> from showdown.cards import parse_cards
    >>> from showdown.games import get_game
    >>> omaha8 = get_game("omaha8")
    >>> high, low = hand_values(omaha8, parse_cards("Ah 2h Ks Kd"), parse_cards("3c 4d 8s Kh Jc"))
    >>> high > 0, low > 0
    (True, True)
    """
    values = []
    for rules in game.rankings:
        found = best_hand(rules, game.candidates(rules, hole, board))
        values.append(0 if found is None else found[0])
    return tuple(values)


def share_out(values: Sequence[Sequence[int]], rankings: int) -> list[tuple[int, int]]:
    """Each player's units of one pot, ``(from the high ranking, from the low one)``.

    ``values[p][r]`` is player p's strength at ranking r. One ranking: the best
    value takes the pot, equal best values split it. Two (hi/lo): the best high
    takes half, the best qualifying low (a value above 0) the other half; with no
    qualifying low the high takes it all.

    >>> share_out([(9, 0), (5, 3), (9, 0)], 2)
    [(1260, 0), (0, 2520), (1260, 0)]
    """
    highs = [v[0] for v in values]
    best_high = max(highs)
    high_winners = [p for p, v in enumerate(highs) if v == best_high]
    lows = [v[1] for v in values] if rankings == 2 else [0] * len(values)
    best_low = max(lows)
    low_winners = [p for p, v in enumerate(lows) if v == best_low] if best_low > 0 else []
    high_pot = POT // 2 if low_winners else POT
    high_part = high_pot // len(high_winners)
    low_part = POT // 2 // len(low_winners) if low_winners else 0
    return [
        (high_part if p in high_winners else 0, low_part if p in low_winners else 0)
        for p in range(len(values))
    ]


def add_deal(counts: I64, parts: Sequence[tuple[int, int]], weight: int = 1) -> None:
    """Add one deal's outcome (:func:`share_out`), ``weight`` times, to ``counts``
    (``(players, COLUMNS)``)."""
    for p, (high, low) in enumerate(parts):
        share = high + low
        if share == 0:
            continue
        row = counts[p]
        row[WIN if share == POT else TIE] += weight
        row[SHARE] += share * weight
        row[HIGH] += high * weight
        row[LOW] += low * weight
        row[SHARE_SQ] += share * share * weight


def _cards(codes: Sequence[int]) -> tuple[Card, ...]:
    return tuple(DECK[int(code)] for code in codes)


def _mask(codes: Sequence[int]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << int(code)
    return mask


def exact_counts(
    game: Game,
    tuples: Sequence[Sequence[Sequence[int]]] | I64,
    board_known: Sequence[int] | I64,
    missing: int,
    deck_mask: int,
) -> I64:
    """Counts ``(T, players, COLUMNS)``: for each tuple of whole hands ``tuples[t]``
    (card codes), every completion of the board ``board_known`` by ``missing`` cards
    of ``deck_mask`` less the tuple's cards, each deal valued and scored."""
    rows = np.asarray(tuples, dtype=np.int64).tolist()
    known = _cards(np.asarray(board_known, dtype=np.int64).tolist())
    rankings = len(game.rankings)
    players = len(rows[0]) if rows else 0
    counts = np.zeros((len(rows), players, COLUMNS), dtype=np.int64)
    for t, hands in enumerate(rows):
        holes = [_cards(hand) for hand in hands]
        used = _mask([code for hand in hands for code in hand])
        deck = [card for card in DECK if deck_mask >> card.code & 1 and not used >> card.code & 1]
        for extra in combinations(deck, missing):
            board = (*known, *extra)
            values = [hand_values(game, hole, board) for hole in holes]
            add_deal(counts[t], share_out(values, rankings))
    return counts


def complete_hands(
    known: Sequence[Sequence[int]] | I64,
    n_known: Sequence[int] | I64,
    free_mask: int,
    limit: int,
) -> I64:
    """Every tuple of hands that completes ``known[p][:n_known[p]]`` with cards of
    ``free_mask``, no card twice: ``(T, players, hole)`` card codes, each hand
    ascending; the tuples in the order of :func:`itertools.product` of each player's
    completions (the last player's changing first), at most ``limit`` of them."""
    rows = np.asarray(known, dtype=np.int64).tolist()
    sizes = [int(n) for n in np.asarray(n_known, dtype=np.int64).tolist()]
    players, hole = len(rows), len(rows[0])
    free = [code for code in range(52) if free_mask >> code & 1]
    completions = [list(combinations(free, hole - n)) for n in sizes]
    found: list[list[list[int]]] = []
    for picks in product(*completions):
        if len(found) >= limit:
            break
        dealt = [code for pick in picks for code in pick]
        if len(set(dealt)) < len(dealt):
            continue
        found.append([sorted([*rows[p][: sizes[p]], *picks[p]]) for p in range(players)])
    return np.array(found, dtype=np.int64).reshape(len(found), players, hole)


def exact_totals(
    game: Game,
    known: Sequence[Sequence[int]] | I64,
    n_known: Sequence[int] | I64,
    free_mask: int,
    limit: int,
    board_known: Sequence[int] | I64,
    missing: int,
    deck_mask: int,
) -> tuple[I64, int]:
    """Counts ``(players, COLUMNS)`` summed over every completion of the hands
    (:func:`complete_hands`) and of the board (:func:`exact_counts`), and the number
    of tuples of hands."""
    tuples = complete_hands(known, n_known, free_mask, limit)
    totals = np.zeros((len(np.asarray(known)), COLUMNS), dtype=np.int64)
    if len(tuples):
        totals += exact_counts(game, tuples, board_known, missing, deck_mask).sum(axis=0)
    return totals, len(tuples)


def sample_counts(
    game: Game,
    seed: int,
    deals: int,
    known: I64,
    n_known: I64,
    listed: I64,
    combo_codes: I64,
    combo_masks: I64,
    combo_cumulative: npt.NDArray[np.float64],
    combo_start: I64,
    board_known: I64,
    n_board: int,
    deck: I64,
) -> tuple[I64, int, int]:
    """Play ``deals`` random deals from ``seed``: ``(counts (players, COLUMNS), done, tries)``.

    Player p either holds ``known[p, :n_known[p]]`` and is dealt the rest of the
    hand from ``deck`` (an open range), or, when ``listed[p]``, holds a combo of
    ``combo_codes[combo_start[p]:combo_start[p + 1]]`` drawn by the cumulative
    weights ``combo_cumulative`` (each player's own running sum). A draw of combos
    that share a card is rejected as a whole, so each tuple of combos comes up in
    proportion to the product of its weights. The open cards and then the missing
    board cards (``board_known`` completed to ``n_board``) are a sample of the cards
    of ``deck`` no combo holds. ``tries`` counts the attempts, rejected ones
    included; ``done`` falls short of ``deals`` only when
    :data:`MAX_TRIES_PER_DEAL` tries per deal were not enough.
    """
    rng = random.Random(int(seed))
    known_rows = np.asarray(known, dtype=np.int64).tolist()
    sizes = [int(n) for n in np.asarray(n_known).tolist()]
    is_listed = [bool(x) for x in np.asarray(listed).tolist()]
    codes = np.asarray(combo_codes, dtype=np.int64).tolist()
    masks = [int(m) for m in np.asarray(combo_masks).tolist()]
    cumulative = [float(w) for w in np.asarray(combo_cumulative).tolist()]
    start = [int(s) for s in np.asarray(combo_start).tolist()]
    shared = _cards(np.asarray(board_known, dtype=np.int64).tolist())
    pool = [int(c) for c in np.asarray(deck).tolist()]
    players, hole = len(known_rows), len(known_rows[0])
    rankings = len(game.rankings)
    counts = np.zeros((players, COLUMNS), dtype=np.int64)
    to_deal = [0 if is_listed[p] else hole - sizes[p] for p in range(players)]
    n_missing = n_board - len(shared)
    done = tries = 0
    most = MAX_TRIES_PER_DEAL * deals + MAX_TRIES_PER_DEAL
    while done < deals and tries < most:
        tries += 1
        used = 0
        holes: list[tuple[Card, ...]] = [()] * players
        clash = False
        for p in range(players):
            if not is_listed[p]:
                continue
            first, last = start[p], start[p + 1]
            c = first
            if last - first > 1:
                c = bisect_right(cumulative, rng.random() * cumulative[last - 1], first, last - 1)
            if used & masks[c]:
                clash = True
                break
            used |= masks[c]
            holes[p] = _cards(codes[c])
        if clash:
            continue
        done += 1
        dealt = rng.sample([c for c in pool if not used >> c & 1], sum(to_deal) + n_missing)
        at = 0
        for p in range(players):
            if not is_listed[p]:
                holes[p] = _cards([*known_rows[p][: sizes[p]], *dealt[at : at + to_deal[p]]])
                at += to_deal[p]
        board = (*shared, *_cards(dealt[at:]))
        values = [hand_values(game, cards, board) for cards in holes]
        add_deal(counts, share_out(values, rankings))
    return counts, done, tries
