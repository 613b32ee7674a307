"""The compiled one-hand path behind ``evaluate`` and ``evaluate_game``.

The readable evaluator (every candidate set looked up in the rule table) is
the reference; this module gives the same strength and the same cards from
the serial kernels of :mod:`showdown._kernels.single`, a microsecond or two a
hand instead of a tenth of a millisecond or more.

Loading the compiled path costs about a second once per process (numba, the
tables), which a single ``showdown hand`` must not pay: in ``auto`` mode (the
default) the readable path answers the first :data:`WARM_UP` hands of a
process and the compiled one every hand after. ``SHOWDOWN_EVALUATOR=readable``
or ``=compiled`` in the environment, or :func:`set_mode`, fixes the choice
(the tests compare the two paths this way). Both give identical values.

>>> previous = set_mode("readable")
>>> enabled()
False
>>> _ = set_mode(previous)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Any, Final, Literal

from showdown.rules import Formation, RuleSet

if TYPE_CHECKING:
    from showdown.games import Game

__all__ = [
    "WARM_UP",
    "Mode",
    "enabled",
    "game_best",
    "loaded",
    "mode",
    "ranking_best",
    "set_mode",
]

Mode = Literal["auto", "readable", "compiled"]
_MODES: Final = ("auto", "readable", "compiled")

WARM_UP: Final = 2000
"""Hands valued by the readable path in ``auto`` mode before the compiled one loads
(its one-time start-up is worth about this many readable evaluations)."""

MAX_CARDS: Final = 16
"""The most cards the compiled path takes for one hand (more: the readable path)."""

Best = tuple[int, int]
"""A ranking's result for one hand: (strength, bit mask of the columns that play);
``(0, 0)``: no value (no qualifying low)."""


@dataclass(slots=True)
class _State:
    mode: Mode
    calls: int = 0
    ready: bool = False
    broken: bool = False


def _initial_mode() -> Mode:
    value = os.environ.get("SHOWDOWN_EVALUATOR", "auto").strip().lower()
    for choice in _MODES:
        if value == choice:
            return choice
    return "auto"


_STATE: Final = _State(_initial_mode())


def mode() -> Mode:
    """The current mode: ``'auto'``, ``'readable'`` or ``'compiled'``."""
    return _STATE.mode


def set_mode(new: Mode) -> Mode:
    """Choose the path (``'auto'``, ``'readable'``, ``'compiled'``); returns the previous mode.

    Raises:
        ValueError: not one of the three modes.
    """
    if new not in _MODES:
        raise ValueError(f"mode {new!r} is not one of {', '.join(_MODES)}")
    previous = _STATE.mode
    _STATE.mode = new
    return previous


def enabled() -> bool:
    """Whether the next hand takes the compiled path (counts the hand in ``auto`` mode)."""
    state = _STATE
    if state.ready:
        return state.mode != "readable"
    if state.mode == "readable" or state.broken:
        return False
    if state.mode == "auto":
        state.calls += 1
        if state.calls <= WARM_UP:
            return False
    return _load()


def loaded() -> bool:
    """Whether the compiled kernels are loaded and chosen (counts no hand).

    >>> previous = set_mode("readable")
    >>> loaded()
    False
    >>> _ = set_mode(previous)
    """
    return _STATE.ready and _STATE.mode != "readable"


def _load() -> bool:
    """Import the kernels; on failure (no numba) stay on the readable path."""
    try:
        from showdown._kernels import single  # noqa: F401
    except ImportError:  # pragma: no cover - numba is a dependency
        _STATE.broken = True
        return False
    _STATE.ready = True
    return True


# ------------------------------------------------------------------ entries


@dataclass(frozen=True, slots=True)
class _Entry:
    """A kernel with its tables bound: ``kernel(row, *args)``; ``pair``: two rankings."""

    kernel: Callable[..., Any]
    args: tuple[Any, ...]
    pair: bool


def _five_args(rules: RuleSet) -> tuple[Any, ...]:
    from showdown._kernels.tables import kernel_tables, layout

    tables = kernel_tables(rules)
    shared = layout()
    return (shared.card_keys, shared.offsets, tables.ranks, tables.flushes, tables.use_flush)


def _badugi_subsets(width: int) -> Any:
    import numpy as np

    rows = [
        (*subset, *([-1] * (4 - size)))
        for size in range(min(4, width), 0, -1)
        for subset in combinations(range(width), size)
    ]
    return np.array(rows, np.int8)


@cache
def _ranking_entry(rules: RuleSet, width: int) -> _Entry:
    import numpy as np

    from showdown._kernels import single
    from showdown._kernels.tables import kernel_tables

    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return _Entry(
            single.best_badugi, (_badugi_subsets(width), kernel_tables(rules).badugi_ranks), False
        )
    fives = np.array(list(combinations(range(width), rules.hand_size)), np.int8)
    return _Entry(single.best_five, (fives, True, *_five_args(rules)), False)


@cache
def _game_entry(game: Game, width: int) -> _Entry:
    import numpy as np

    from showdown._kernels import single

    rankings = game.rankings
    if game.hole_used is None:
        if len(rankings) == 1:
            return _ranking_entry(rankings[0], width)
        sort = True
        fives = np.array(list(combinations(range(width), 5)), np.int8)
    else:
        sort = False
        hole = game.hole_cards
        fives = np.array(
            [
                (*two, *three)
                for two, three in product(
                    combinations(range(hole), game.hole_used),
                    combinations(range(hole, width), 5 - game.hole_used),
                )
            ],
            np.int8,
        )
    if len(rankings) == 1:
        return _Entry(single.best_five, (fives, sort, *_five_args(rankings[0])), False)
    high, low = (_five_args(rules) for rules in rankings)
    return _Entry(single.best_five_pair, (fives, sort, *high, *low[2:]), True)


def _row(codes: Sequence[int]) -> Any:
    import numpy as np

    return np.array(codes, np.int64)


_BY_GAME: Final[dict[tuple[int, int], tuple[Game, _Entry]]] = {}
"""The entries by game identity and row width (hashing a game is slower than this)."""


def game_best(game: Game, codes: Sequence[int]) -> tuple[Best, ...]:
    """Per ranking of a game, the best (strength, column mask) of hole cards then board.

    The codes must be valid for the game (checked by the caller).
    """
    key = (id(game), len(codes))
    known = _BY_GAME.get(key)
    if known is None or known[0] is not game:
        known = _BY_GAME[key] = (game, _game_entry(game, len(codes)))
    entry = known[1]
    out = entry.kernel(_row(codes), *entry.args)
    if entry.pair:
        return (out[0], out[1]), (out[2], out[3])
    return (out,)


def ranking_best(rules: RuleSet, codes: Sequence[int]) -> Best:
    """The best (strength, column mask) of some cards under a ranking (checked by the caller)."""
    entry = _ranking_entry(rules, len(codes))
    result: Best = entry.kernel(_row(codes), *entry.args)
    return result
