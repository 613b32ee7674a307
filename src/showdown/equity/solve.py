"""The public function :func:`equity`: one question checked, planned and answered.

:func:`equity` reads the hands and cards (:mod:`showdown.equity.problem`), tries
the quick path of small exact problems (:func:`showdown.equity.exact.quick_exact`),
chooses between enumerating and sampling (:mod:`showdown.equity.plan`), and runs
the one chosen (:mod:`showdown.equity.exact`, :mod:`showdown.equity.sampled`) on
local threads or a Dask cluster (:mod:`showdown.equity.distributed`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from showdown._kernels import engine
from showdown._validate import check_callable, check_flag, check_int, check_real, check_seed
from showdown.cards import Card, CardsLike
from showdown.distributed import connect
from showdown.equity.distributed import Runner
from showdown.equity.exact import quick_exact, run_exact
from showdown.equity.plan import CORES, EXACT_SECONDS, MAX_SAMPLES, MAX_WORKERS, exact_plan
from showdown.equity.problem import read_problem
from showdown.equity.results import EquityResult, kept_players
from showdown.equity.sampled import run_sampling
from showdown.errors import BudgetError
from showdown.games import Game
from showdown.ranges import Range

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

__all__ = ["equity"]


def equity(
    hands: Sequence[str | Range | Sequence[Card | str | int]],
    board: CardsLike | None = None,
    *,
    game: str | Game = "holdem",
    dead: CardsLike | None = None,
    exact: bool | None = None,
    samples: int | None = None,
    stderr: float | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    workers: int | None = None,
    client: Client | None = None,
    scheduler: str | None = None,
    progress: Callable[[float], None] | None = None,
    exact_seconds: float | None = None,
) -> EquityResult:
    """The equity of each player's hand or range, exactly or by sampling.

    Args:
        hands: one hand or range per player, 2 to 10: cards (``'AhKh'``; fewer
            cards than a hand, like ``'Ah'``, means "holding these, the rest
            unknown"), a range (``'QQ+, AKs:0.5'``), a
            :class:`~showdown.ranges.Range`, or a list of cards.
        board: the known board cards, if any.
        game: a game of the registry, by name or alias.
        dead: cards known to be out of play (folded, burnt, seen).
        exact: True to enumerate every deal (at most
            :data:`~showdown.equity.plan.MAX_EXACT_TUPLES`
            tuples of hands), False to sample; ``None`` (the default)
            enumerates when the estimated time is within ``exact_seconds``
            and no ``samples`` or ``stderr`` is asked for.
        samples: Monte Carlo: the number of deals (default
            :data:`~showdown.equity.plan.DEFAULT_SAMPLES` when no other rule is
            given), or the most deals when ``stderr`` or ``seconds`` is given.
        stderr: Monte Carlo: stop when every player's equity has a standard
            error below this (alone, at most
            :data:`~showdown.equity.plan.STDERR_MAX_SAMPLES` deals).
        seconds: the time budget of the whole call, reading the ranges
            included: sampling stops there (overshooting it by a few
            milliseconds at most) and reports what it has; reading the ranges
            or an exact enumeration that passes it is a ``BudgetError``.
        seed: Monte Carlo: the seed; ``None`` draws one (see
            :attr:`~showdown.equity.results.EquityResult.seed`).
        workers: local threads, at least 1 (default: every core).
        client: a ``dask.distributed.Client`` to run the chunks on.
        scheduler: a Dask scheduler address (``'tcp://host:8786'``), instead
            of ``client``.
        progress: called with the fraction done, from the calling thread.
        exact_seconds: the time budget of the automatic choice: enumerate when
            the estimate (the work shared by the workers) is below it
            (default :data:`~showdown.equity.plan.EXACT_SECONDS`; ``seconds``, when that is the only
            stopping rule given).

    >>> result = equity(["AhKh", "QQ"], "Qh 7h 2c")
    >>> result.exact, [round(e, 3) for e in result.equities]
    (True, [0.256, 0.744])
    >>> equity(["AhKh", "AcKc"], samples=200_000, seed=7).exact
    False

    Raises:
        CardParseError: a card cannot be read, or is not in the game's deck.
        RangeParseError: a range token cannot be read.
        DuplicateCardError: a card is used twice, or a range has no hand left.
        CardCountError: too few or too many players or cards.
        UnknownGameError: no such game.
        InvalidArgumentError: a stopping rule, seed or worker count out of range.
        BudgetError: the ranges are over the memory budget
            (:data:`~showdown.equity.problem.MAX_EQUITY_HANDS`), or ``seconds``
            ran out before sampling could start or an exact enumeration could finish.
        TypeError: an argument of the wrong type (``samples=1.5``,
            ``seed='x'``, ``hands=None``, ``exact=1``...).
    """
    started = time.perf_counter()
    exact = check_flag("exact", exact, optional=True)
    if samples is not None:
        samples = check_int("samples", samples, minimum=1, maximum=MAX_SAMPLES)
    if stderr is not None:
        stderr = check_real("stderr", stderr, positive=True)
    if seconds is not None:
        seconds = check_real("seconds", seconds, positive=True)
    seed = check_seed(seed)
    if workers is not None:
        workers = check_int("workers", workers, minimum=1, maximum=MAX_WORKERS)
    check_callable("progress", progress)
    if exact_seconds is not None:
        exact_seconds = check_real("exact_seconds", exact_seconds, positive=True)
    if (
        exact is not False
        and samples is None
        and stderr is None
        and seconds is None
        and client is None
        and scheduler is None
        and progress is None
    ):
        spot = quick_exact(
            hands,
            board,
            dead,
            game,
            forced=exact is True,
            budget=(exact_seconds or EXACT_SECONDS) * (workers or CORES),
        )
        if spot is not None:
            return EquityResult(
                spot.game,
                spot.board,
                spot.dead,
                kept_players(spot.game, spot.names, spot.totals, spot.deals),
                True,
                spot.deals,
                None,
                "exact",
                time.perf_counter() - started,
            )
    deadline = started + seconds if seconds is not None else None
    problem = read_problem(hands, board, dead, game, deadline)
    if deadline is not None and time.perf_counter() > deadline:
        raise BudgetError(f"seconds={seconds}: the time ran out while reading the hands")
    sampling_asked = samples is not None or stderr is not None
    if exact_seconds is None:
        exact_seconds = seconds if seconds is not None else EXACT_SECONDS
    connection: Any = None
    if client is None and scheduler is not None:
        connection = connect(scheduler)
        client = connection
    runner = Runner(workers, client)
    compiled = engine.c_engine() is not None
    # the reference holds the GIL: local threads do not share its work
    width = runner.width if compiled or client is not None else 1
    try:
        plan = None
        if exact is not False and not (exact is None and sampling_asked):
            plan = exact_plan(
                problem, forced=exact is True, budget=exact_seconds * width, compiled=compiled
            )
        if plan is not None:
            players, deals = run_exact(problem, plan, runner, progress, deadline, compiled)
            result = EquityResult(
                problem.game,
                problem.board,
                problem.dead,
                players,
                True,
                deals,
                None,
                "exact",
                time.perf_counter() - started,
            )
        else:
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint32)[0])
            result = run_sampling(
                problem, runner, samples, stderr, seconds, seed, progress, started
            )
    finally:
        runner.close()
        if connection is not None:
            connection.close()
    return result
