"""Planning an equity question: enumerate every deal or sample, and what each costs.

:func:`showdown.equity.equity` enumerates when the estimated work fits the time
budget (``exact_seconds``) and samples otherwise. The estimates are the
measured cost of one deal (:func:`per_deal_seconds`) in the compiled core or in
the readable reference, times the deals: the tuples of the players' hands
(grouped by suit isomorphism: relabelling suits changes no outcome) times the
completions of the board. This module holds those costs, the budgets (memory
and time) of one call, and :func:`exact_plan`, which lists the tuples to
enumerate or says that sampling is the better way.

>>> from showdown.equity.problem import read_problem
>>> plan = exact_plan(read_problem(["AhKh", "QsQd"], "Qh 7h 2c", None, "holdem"), forced=True)
>>> plan is not None and (len(plan.tuples), plan.boards)
(1, 990)
>>> exact_plan(read_problem(["QQ+, AKs", "random"], None, None, "holdem"), forced=False) is None
True
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from itertools import permutations
from typing import Final

import numpy as np
import numpy.typing as npt

from showdown.equity.problem import Problem, combos_of
from showdown.errors import BudgetError, DuplicateCardError
from showdown.games import Game
from showdown.ranges import format_range

__all__ = [
    "CHUNK",
    "CORES",
    "COST_NS",
    "DEFAULT_SAMPLES",
    "EXACT_OMAHA_NS",
    "EXACT_SECONDS",
    "MAX_EXACT_TUPLES",
    "MAX_SAMPLES",
    "MAX_TUPLE_BYTES",
    "MAX_WORKERS",
    "READABLE_NS",
    "SMALL_WORK",
    "STDERR_MAX_SAMPLES",
    "Plan",
    "chunk_size",
    "exact_plan",
    "per_deal_seconds",
    "symmetries",
]

# -- the costs -------------------------------------------------------------------------

COST_NS: Final = {"board_ranks": 1.5, "any_mix": 130.0, "omaha": 3.5, "badugi": 60.0}
"""The core's nanoseconds per player and deal, by method (measured; used only to
choose); for ``'omaha'``, per hole pair and board triple of a dealt board (Monte Carlo)."""
EXACT_OMAHA_NS: Final = 0.25
"""The core's exact Omaha: nanoseconds per player, deal, hole pair and board triple: it
values each multiset of board ranks once (:func:`~showdown._kernels.engine.exact_omaha_ranks`),
so a deal costs far less than one dealt and valued (measured, with a margin)."""
READABLE_NS: Final = {"board_ranks": 150_000.0, "any_mix": 150_000.0, "omaha": 6_000.0}
"""The readable reference's nanoseconds per player, deal and ranking, by method
(measured, with a margin; :mod:`showdown.equity.reference`); for ``'omaha'``, per hole
pair and board triple; a method not listed costs what ``'any_mix'`` does."""
_SAMPLE_NS: Final = {"any_mix": 25.0}
"""Nanoseconds per player and sampled deal where they differ from the exact methods'
(``COST_NS``): the keyed sampler values an any-mix hand by one key, not card by card."""


def per_deal_seconds(game: Game, method: str, players: int, *, compiled: bool = True) -> float:
    """The estimated seconds of one deal of exact enumeration (every player valued once),
    in the compiled core or, with ``compiled=False``, in the readable reference.

    >>> from showdown.games import get_game
    >>> holdem = get_game("holdem")
    >>> per_deal_seconds(holdem, "board_ranks", 2) < per_deal_seconds(
    ...     holdem, "board_ranks", 2, compiled=False
    ... )
    True
    """
    pairs_and_triples = math.comb(game.hole_cards, 2) * 10
    if not compiled:
        per_hand = READABLE_NS.get(method, READABLE_NS["any_mix"]) * len(game.rankings)
        if method == "omaha":
            per_hand *= pairs_and_triples
        return per_hand * players * 1e-9
    if method == "omaha":
        return EXACT_OMAHA_NS * players * 1e-9 * pairs_and_triples
    return COST_NS[method] * players * 1e-9


# -- the budgets -----------------------------------------------------------------------

DEFAULT_SAMPLES: Final = 1_000_000
"""Deals sampled when no stopping rule is given and exact enumeration is too big."""
STDERR_MAX_SAMPLES: Final = 10 * DEFAULT_SAMPLES
"""The most deals of a run whose only stopping rule is ``stderr``."""
MAX_SAMPLES: Final = 1 << 50
"""The most deals ``samples`` may ask for."""
MAX_WORKERS: Final = 1024
"""The most local threads one call may ask for."""
CHUNK: Final = 1 << 17
"""The most deals per Monte Carlo chunk: each chunk has its own seed. Games that cost
more per deal use smaller chunks (a power of two, fixed by the game and the number
of players), so that a time limit is checked every few milliseconds."""
_MIN_CHUNK: Final = 1 << 10
_CHUNK_NS: Final = 2_000_000
"""The estimated work of one chunk, in nanoseconds on one core."""
MAX_TUPLE_BYTES: Final = 256 << 20
"""The memory budget of exact enumeration's tuples of hands."""
EXACT_SECONDS: Final = 1.0
"""Auto mode enumerates when the estimated time is below this (the default of
``exact_seconds``: wall time, the work shared by the workers)."""
_MAX_TUPLES: Final = 2_000_000
MAX_EXACT_TUPLES: Final = 10_000_000
"""The most tuples of hands (one combo per player) ``exact=True`` enumerates; more is a
:class:`~showdown.errors.BudgetError` (narrow the ranges, or sample)."""
_MAX_FORCED_TUPLES: Final = MAX_EXACT_TUPLES
_MAX_OPEN_COMBOS: Final = 50_000
_MAX_LISTED: Final = 4_000_000
SMALL_WORK: Final = 0.005
"""Estimated seconds of exact work below which no thread or worker is used."""
CORES: Final = os.cpu_count() or 1
"""The default number of workers (looked up once: it reads the system's files)."""


def chunk_size(problem: Problem, *, compiled: bool = True) -> int:
    """Deals per Monte Carlo chunk: a power of two whose estimated work is about
    ``_CHUNK_NS`` (at least ``_MIN_CHUNK``: the reference's chunks take longer)."""
    if compiled:
        per_deal = _SAMPLE_NS.get(problem.method, COST_NS[problem.method]) * len(problem.ranges)
        if problem.method == "omaha":
            per_deal *= math.comb(problem.game.hole_cards, 2) * 10
    else:
        players = len(problem.ranges)
        per_deal = per_deal_seconds(problem.game, problem.method, players, compiled=False) * 1e9
    size = CHUNK
    while size > _MIN_CHUNK and size * per_deal > _CHUNK_NS:
        size //= 2
    return size


# -- the exact plan: the tuples of hands, grouped by suit isomorphism -------------------


def _tuples(
    problem: Problem, limit: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]] | None:
    """Every tuple of combos sharing no card: codes ``(T, players, hole)`` and weight
    products; ``None`` when there would be more than ``limit``."""
    listed = [combos_of(r) for r in problem.ranges]
    masks = [np.bitwise_or.reduce(np.left_shift(np.int64(1), codes), axis=1) for codes, _ in listed]
    index = np.arange(len(masks[0]), dtype=np.int64)[:, None]
    used = masks[0].copy()
    weight = listed[0][1].copy()
    for p in range(1, len(listed)):
        m = len(masks[p])
        if len(used) * m > limit * 4 or len(used) * m * 16 > MAX_TUPLE_BYTES:
            return None
        left = np.repeat(np.arange(len(used)), m)
        right = np.tile(np.arange(m), len(used))
        keep = (used[left] & masks[p][right]) == 0
        left, right = left[keep], right[keep]
        if len(left) > limit or len(left) * len(listed) * problem.game.hole_cards * 8 > (
            MAX_TUPLE_BYTES
        ):
            return None
        index = np.concatenate([index[left], right[:, None]], axis=1)
        used = used[left] | masks[p][right]
        weight = weight[left] * listed[p][1][right]
    codes = np.stack([listed[p][0][index[:, p]] for p in range(len(listed))], axis=1)
    return codes, weight


def _suit_table(perm: tuple[int, ...]) -> npt.NDArray[np.int64]:
    table = np.array([(c & ~3) | perm[c & 3] for c in range(52)], dtype=np.int64)
    table.setflags(write=False)
    return table


_SUIT_TABLES: Final = tuple(_suit_table(perm) for perm in permutations(range(4)))
"""Per suit permutation, the image of each card code (read-only, shared)."""
_SUIT_LISTS: Final = tuple(table.tolist() for table in _SUIT_TABLES)


def symmetries(problem: Problem) -> list[npt.NDArray[np.int64]]:
    """The suit permutations that map the board onto itself and the dead cards onto
    themselves (each set on its own: a board card is never a dead card's image)."""
    board = {card.code for card in problem.board}
    dead = {card.code for card in problem.dead}
    return [
        table
        for table, image in zip(_SUIT_TABLES, _SUIT_LISTS, strict=True)
        if {image[c] for c in board} == board and {image[c] for c in dead} == dead
    ]


def _canonical(
    codes: npt.NDArray[np.int64], weight: npt.NDArray[np.float64], problem: Problem
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Group the tuples by suit isomorphism: one representative each, weights summed."""
    tables = symmetries(problem)
    n, players, hole = codes.shape
    canon = np.empty((n, players), dtype=np.int64)
    block = max(1, 2_000_000 // (len(tables) * players))
    for start in range(0, n, block):
        part = codes[start : start + block]
        images = np.stack(
            [
                np.bitwise_or.reduce(np.left_shift(np.int64(1), table[part]), axis=2)
                for table in tables
            ]
        )  # (symmetries, rows, players)
        alive = np.ones(images.shape[:2], dtype=bool)
        for p in range(players):
            column = np.where(alive, images[:, :, p], np.iinfo(np.int64).max)
            smallest = column.min(axis=0)
            canon[start : start + block, p] = smallest
            alive &= column == smallest
    unique, inverse = np.unique(canon, axis=0, return_inverse=True)
    summed = np.asarray(
        np.bincount(inverse.ravel(), weights=weight, minlength=len(unique)), dtype=np.float64
    )
    bits = (unique[:, :, None] >> np.arange(52, dtype=np.int64)) & 1
    rows = np.nonzero(bits.reshape(-1, 52))[1].reshape(len(unique), players, hole)
    return np.asarray(rows, dtype=np.int64), summed


@dataclass(frozen=True, slots=True)
class Plan:
    """What exact enumeration deals: one representative tuple of hands per class of
    suit isomorphism (``(T, players, hole)`` card codes), each class's weight, and the
    number of completions of the board of each tuple."""

    tuples: npt.NDArray[np.int64]
    weights: npt.NDArray[np.float64]
    boards: int


def exact_plan(
    problem: Problem, *, forced: bool, budget: float = EXACT_SECONDS, compiled: bool = True
) -> Plan | None:
    """The representative tuples to enumerate, or None when sampling is the better way
    (the work estimated for the compiled core, or with ``compiled=False`` the reference)."""
    counts = []
    for seat, hand_range in enumerate(problem.ranges, start=1):
        counts.append(hand_range.combo_count())
        if hand_range.is_open and counts[-1] > (_MAX_LISTED if forced else _MAX_OPEN_COMBOS):
            if not forced:
                return None
            raise BudgetError(
                f"player {seat}: exact enumeration would list {counts[-1]:,} hands for "
                f"{format_range(hand_range)!r}; sample instead"
            )
    upper = math.prod(counts)
    free = bin(problem.deck_mask).count("1") - sum(problem.game.hole_cards for _ in problem.ranges)
    boards = math.comb(free, problem.missing)
    per_deal = per_deal_seconds(
        problem.game, problem.method, len(problem.ranges), compiled=compiled
    )
    images = len(symmetries(problem))
    if not forced and upper / images * boards * per_deal > budget:
        return None
    if forced and upper > _MAX_FORCED_TUPLES:
        raise BudgetError.of(
            "exact enumeration of {count} tuples of hands is too large (the limit is {most}): "
            "narrow the ranges, or sample instead",
            count=f"{upper:,}",
            most=f"{MAX_EXACT_TUPLES:,}",
        )
    listed = _tuples(problem, limit=_MAX_FORCED_TUPLES if forced else _MAX_TUPLES)
    if listed is None:
        if forced:
            raise BudgetError(
                f"exact enumeration of up to {upper:,} tuples of hands is over the memory "
                f"budget of {MAX_TUPLE_BYTES >> 20} MB: sample instead"
            )
        return None
    codes, weight = listed
    if len(codes) == 0:
        raise DuplicateCardError("the players' ranges share cards in every combination")
    codes, weight = _canonical(codes, weight, problem)
    if not forced and len(codes) * boards * per_deal > budget:
        return None
    return Plan(codes, weight, boards)
