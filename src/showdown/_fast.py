"""The compiled core behind ``evaluate`` and ``evaluate_game``: one hand per C call.

The readable evaluator (every candidate set looked up in the rule table) is
the reference; this module gives the same strength and the same cards from
the C core's entries (:func:`showdown._scorer.ranking_entry`,
:func:`showdown._scorer.game_entry`; ``_ceval.best``), a microsecond or two a
hand instead of a tenth of a millisecond or more.

The core's first hand costs about a fifth of a second once per process
(NumPy's import and the tables, read from the disk cache), which a single
``showdown hand`` must not pay: the readable path answers the first
:data:`WARM_UP` hands of a process and the core every hand after, where it
is built. ``SHOWDOWN_ENGINE=readable`` (:mod:`showdown.core`) keeps every
hand on the readable path. Both give identical values.

>>> from showdown.rules import get_ranking
>>> skip_warm_up()
>>> ranking_best(get_ranking("high"), [51, 47, 43, 39, 35, 0]) if loaded() else (7462, 31)
(7462, 31)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final

from showdown import _scorer
from showdown._scorer import GameShape
from showdown.rules import RuleSet

__all__ = ["WARM_UP", "Best", "enabled", "game_best", "loaded", "ranking_best", "skip_warm_up"]

WARM_UP: Final = 500
"""Hands valued by the readable path before the core takes over: its one-time start-up
(about 0.2 s) is worth about this many readable evaluations (0.2 ms for Hold'em, 0.8 ms
for Omaha Hi/Lo)."""

Best = tuple[int, int]
"""A ranking's result for one hand: (strength, bit mask of the columns that play);
``(0, 0)``: no value (no qualifying low)."""


@dataclass(slots=True)
class _State:
    calls: int = 0
    module: ModuleType | None = None  # the core, as the last enabled() found it


_STATE: Final = _State()


def enabled() -> bool:
    """Whether the next hand takes the core (counts the hand during the warm-up).

    False for the first :data:`WARM_UP` hands of a process, and wherever the core
    is not built or ``SHOWDOWN_ENGINE=readable``.
    """
    state = _STATE
    if state.calls < WARM_UP:
        state.calls += 1
        return False
    state.module = _scorer.extension()
    return state.module is not None


def loaded() -> bool:
    """Whether the core answers the next hand (counts no hand)."""
    return _STATE.calls >= WARM_UP and _scorer.extension() is not None


def skip_warm_up() -> None:
    """Take the core from the next hand on, where it is built (a program that knows it
    will value many hands; the tests).

    >>> skip_warm_up()
    >>> from showdown import core
    >>> loaded() == (core.extension("_ceval") is not None)
    True
    """
    _STATE.calls = WARM_UP


def ranking_best(rules: RuleSet, codes: Sequence[int]) -> Best:
    """The best (strength, column mask) of some cards under a ranking.

    The codes must be a list of ints valid for the ranking (checked by the
    caller), and the core built (:func:`enabled`).
    """
    known = _BY_RULES.get(id(rules))
    if known is None or known[0] is not rules:
        made = _scorer.ranking_entry(rules)
        if made is None:
            raise RuntimeError(f"the compiled core does not value {rules.name}")
        known = _BY_RULES[id(rules)] = (rules, made)
    found: Best = _best(known[1], codes)[0]
    return found


_BY_RULES: Final[dict[int, tuple[RuleSet, Callable[[Any], Any]]]] = {}
_BY_GAME: Final[dict[int, tuple[GameShape, Callable[[Any], Any]]]] = {}
"""The entries by ranking and by game identity (hashing either is slower than this)."""


def game_best(game: GameShape, codes: Sequence[int]) -> tuple[Best, ...]:
    """Per ranking of a game, the best (strength, column mask) of hole cards then board.

    The codes must be a list of ints valid for the game (checked by the caller),
    and the core built (:func:`enabled`).
    """
    known = _BY_GAME.get(id(game))
    if known is None or known[0] is not game:
        made = _scorer.game_entry(game)
        if made is None:
            raise RuntimeError(f"the compiled core does not value {game.name}")
        known = _BY_GAME[id(game)] = (game, made)
    found: tuple[Best, ...] = _best(known[1], codes)
    return found


def _best(entry: Callable[[Any], Any], codes: Sequence[int]) -> Any:
    module = _STATE.module or _scorer.extension()
    if module is None:
        raise RuntimeError("the compiled core is not built")
    return module.best(entry, codes)
