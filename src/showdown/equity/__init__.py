"""Equity: how often each hand or range wins, exactly or by sampling, in every game.

:func:`equity` takes the players' hands or ranges (two to ten), an optional
board and dead cards, and any game of the registry. It enumerates every deal
when that is tractable and samples deals otherwise:

* **exact** (:mod:`showdown.equity.exact`): every tuple of the players' combos
  that shares no card, grouped by suit isomorphism (relabelling suits changes no
  outcome), times every completion of the board; a heads-up Hold'em matchup
  before the flop is read from a kept table (:mod:`showdown.equity.preflop`);
* **Monte Carlo** (:mod:`showdown.equity.sampled`): seeded, in fixed chunks of
  deals each with its own seed, so a result depends on the seed and the number of
  deals only, never on how many threads or Dask workers
  (:mod:`showdown.equity.distributed`) ran the chunks. It stops after
  ``samples`` deals, when every player's standard error is below ``stderr``, or
  after ``seconds`` (the only rule that is not reproducible). Ranges that overlap
  are sampled with card removal: a tuple of combos that shares a card is
  redrawn, so each tuple comes up in proportion to the product of its weights,
  as in the exact count.

Which of the two answers is planned (:mod:`showdown.equity.plan`) from the
estimated cost of the enumeration. Which engine counts: the compiled core
(``showdown._cequity``, through :mod:`showdown._kernels.engine`) where it is
built, else the readable reference (:mod:`showdown.equity.reference`: every deal
dealt and valued by the readable evaluator; ``SHOWDOWN_ENGINE=readable`` asks for
it). Exact results are the same to the last unit either way, the reference's
slower by three orders of magnitude (the automatic choice between enumerating and
sampling knows it). A seeded Monte Carlo run is reproducible on either, but each
draws from a stream of its own (the core's splitmix64, the reference's
:class:`random.Random`), so the same seed gives other numbers, within the
standard error, on the two.

Results (:mod:`showdown.equity.results`) are per player: ``win`` (the whole pot,
alone), ``tie`` (a part of it), ``equity`` (the expected share of the pot, ties
counted as the shares they win) and, in hi/lo games, ``high`` and ``low``: the
pot share won from each half (``equity == high + low``; ``win`` is then a scoop).
:func:`equity_matrix` (:mod:`showdown.equity.matrix`) gives heads-up equity of
many hands or ranges against many.

The names below are loaded on first use: ``import showdown.equity.reference``
(what the core's tables read) loads nothing else of the package.

>>> from showdown.equity import equity
>>> result = equity(["AhKh", "QsQd"])
>>> result.exact, result.deals
(True, 1712304.0)
>>> ak, qq = result.players
>>> ak.wins, ak.ties, ak.losses
(787966.0, 6732.0, 917606.0)
>>> round(ak.equity, 5), round(qq.equity, 5)
(0.46214, 0.53786)
>>> hilo = equity(["Ah 2h Ks Kd", "Qc Jc Tc 9d"], "3c 4d 8s", game="omaha8")
>>> round(hilo.players[0].high + hilo.players[0].low, 6) == round(hilo.players[0].equity, 6)
True
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from showdown.equity.matrix import MATRIX_SAMPLES, EquityMatrix, equity_matrix
    from showdown.equity.plan import (
        CHUNK,
        DEFAULT_SAMPLES,
        EXACT_SECONDS,
        MAX_EXACT_TUPLES,
        MAX_SAMPLES,
        MAX_TUPLE_BYTES,
        MAX_WORKERS,
        STDERR_MAX_SAMPLES,
    )
    from showdown.equity.problem import MAX_EQUITY_HANDS, MAX_PLAYERS
    from showdown.equity.results import EquityResult, PlayerEquity
    from showdown.equity.solve import equity

__all__ = [
    "CHUNK",
    "DEFAULT_SAMPLES",
    "EXACT_SECONDS",
    "MATRIX_SAMPLES",
    "MAX_EQUITY_HANDS",
    "MAX_EXACT_TUPLES",
    "MAX_PLAYERS",
    "MAX_SAMPLES",
    "MAX_TUPLE_BYTES",
    "MAX_WORKERS",
    "STDERR_MAX_SAMPLES",
    "EquityMatrix",
    "EquityResult",
    "PlayerEquity",
    "equity",
    "equity_matrix",
]

_LAZY = {
    "equity": "showdown.equity.solve",
    "equity_matrix": "showdown.equity.matrix",
    "EquityMatrix": "showdown.equity.matrix",
    "MATRIX_SAMPLES": "showdown.equity.matrix",
    "EquityResult": "showdown.equity.results",
    "PlayerEquity": "showdown.equity.results",
    "CHUNK": "showdown.equity.plan",
    "DEFAULT_SAMPLES": "showdown.equity.plan",
    "EXACT_SECONDS": "showdown.equity.plan",
    "MAX_EXACT_TUPLES": "showdown.equity.plan",
    "MAX_SAMPLES": "showdown.equity.plan",
    "MAX_TUPLE_BYTES": "showdown.equity.plan",
    "MAX_WORKERS": "showdown.equity.plan",
    "STDERR_MAX_SAMPLES": "showdown.equity.plan",
    "MAX_EQUITY_HANDS": "showdown.equity.problem",
    "MAX_PLAYERS": "showdown.equity.problem",
}
"""The package's public names, each loaded from its module on first use."""


def __getattr__(name: str) -> object:
    """Load a public name of the package from its module on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'showdown.equity' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


class _CallableModule(ModuleType):
    """This package, callable as its :func:`equity`.

    ``showdown.equity`` names both the function (``from showdown import equity``)
    and this package; importing the package makes the top package's attribute the
    package, so a later ``from showdown import equity`` would get the package.
    Called, it is the function, whichever a program holds.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from showdown.equity.solve import equity as function

        return function(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
