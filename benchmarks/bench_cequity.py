"""The compiled core's equity kernels: the real path's problems, one thread, timed.

Standalone, from the repository root::

    python -m benchmarks.bench_cequity [--repeats 5]

Each row runs one kernel call of the real path (``showdown.equity``'s exact task or
Monte Carlo chunk, built from the problem as ``equity`` builds it) on the compiled
core, ``repeats`` times; the best time (the machine's other load only ever adds time)
gives the rate. The exact rows small enough for the readable reference
(:mod:`showdown.equity.reference`, about a thousand times slower) are first checked
against it: the same counts to the last unit.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from showdown._kernels import engine
from showdown.equity import reference
from showdown.equity.exact import exact_task
from showdown.equity.plan import exact_plan
from showdown.equity.problem import read_problem
from showdown.equity.sampled import sample_task, sampler_of
from showdown.games import get_game

__all__ = ["Row", "main", "measure"]

Row = tuple[str, float, str]
"""(name, rate, unit)."""

_CHECKED_DEALS = 50_000
"""The most deals of an exact row that the readable reference counts to check it."""


def _exact(hands: list[str], board: str | None, game: str, calls: int) -> tuple[Any, float]:
    """An exact problem's task and its deals per call (``calls`` tasks per timing); the
    task is checked against the readable reference where it is small enough."""
    problem = read_problem(hands, board, None, game)
    plan = exact_plan(problem, forced=True)
    assert plan is not None
    task = (
        problem.game.name,
        problem.method,
        np.ascontiguousarray(plan.tuples),
        np.array([card.code for card in problem.board], dtype=np.int64),
        problem.missing,
        problem.deck_mask,
    )

    def run() -> Any:
        return [exact_task(task) for _ in range(calls)]

    if len(plan.tuples) * plan.boards <= _CHECKED_DEALS:
        found = exact_task(task)
        wanted = reference.exact_counts(get_game(game), *task[2:])
        columns = [0, 1, 2, 5] if problem.method == "board_ranks" else slice(None)
        if not np.array_equal(found[:, :, columns], wanted[:, :, columns]):
            raise AssertionError(f"{hands} {board} {game}: the core and the reference disagree")
    return run, float(len(plan.tuples) * plan.boards * calls)


def _sampled(hands: list[str], board: str | None, game: str, deals: int) -> tuple[Any, float]:
    problem = read_problem(hands, board, None, game)
    sampler = sampler_of(problem, compiled=True)

    def run() -> Any:
        return sample_task((sampler, np.uint64(12345), deals))

    return run, float(deals)


PROBLEMS: list[tuple[str, Callable[[], tuple[Any, float]], str]] = [
    (
        "exact flop AhKh vs QsQd (2c7d9s), by board ranks",
        lambda: _exact(["AhKh", "QsQd"], "2c7d9s", "holdem", 400),
        "boards/s",
    ),
    (
        "exact preflop AhKh vs QsQd, by board ranks",
        lambda: _exact(["AhKh", "QsQd"], None, "holdem", 5),
        "boards/s",
    ),
    (
        "exact preflop QQ+,AKs vs JJ-99 (suit classes)",
        lambda: _exact(["QQ+, AKs", "JJ-99"], None, "holdem", 1),
        "boards/s",
    ),
    (
        "exact Omaha Hi/Lo turn (As2sKdQd vs 9h8h7c6c)",
        lambda: _exact(["As2sKdQd", "9h8h7c6c"], "3s4h5dJc", "omaha8", 2000),
        "boards/s",
    ),
    (
        "exact Omaha Hi/Lo flop, 3 players",
        lambda: _exact(["As2sKdQd", "9h8h7c6c", "AcKcTd3h"], "2h7d8s", "omaha8", 20),
        "boards/s",
    ),
    (
        "exact Omaha 6 flop heads-up",
        lambda: _exact(["As2sKdQdJh9c", "9h8h7c6cTsTd"], "2h7d8s", "omaha6", 20),
        "boards/s",
    ),
    (
        "exact razz, one card to come each",
        lambda: _exact(["As2d3c4h5s6d", "KsQdJcTh9s8d"], None, "razz", 20),
        "deals/s",
    ),
    (
        "exact badugi, one card to come",
        lambda: _exact(["As2d3c", "KsQd9h"], None, "badugi", 5),
        "deals/s",
    ),
    (
        "Monte Carlo AhKh vs QsQd preflop (keyed)",
        lambda: _sampled(["AhKh", "QsQd"], None, "holdem", 1 << 20),
        "deals/s",
    ),
    (
        "Monte Carlo 6 random hands, Hold'em",
        lambda: _sampled(["random"] * 6, None, "holdem", 1 << 19),
        "deals/s",
    ),
    (
        "Monte Carlo QQ+,AKs vs JJ-99 on 2c7d9s (listed)",
        lambda: _sampled(["QQ+, AKs", "JJ-99"], "2c7d9s", "holdem", 1 << 19),
        "deals/s",
    ),
    (
        "Monte Carlo razz As2d3c vs KsQdJc",
        lambda: _sampled(["As2d3c", "KsQdJc"], None, "razz", 1 << 19),
        "deals/s",
    ),
    (
        "Monte Carlo stud hi/lo 3 players",
        lambda: _sampled(["As2d3c", "KsQdJc", "7h8h"], None, "stud_hilo", 1 << 18),
        "deals/s",
    ),
    (
        "Monte Carlo Omaha Hi/Lo 4 random hands",
        lambda: _sampled(["random"] * 4, None, "omaha8", 1 << 17),
        "deals/s",
    ),
    (
        "Monte Carlo badugi heads-up",
        lambda: _sampled(["As2d3c", "KsQd"], None, "badugi", 1 << 18),
        "deals/s",
    ),
]


def measure(repeats: int = 5, log: Callable[[str], object] = print) -> list[Row]:
    """Every problem on the compiled core; the best rate of each."""
    if engine.c_engine() is None:
        raise SystemExit("the compiled core is not in use: nothing to time")
    rows = []
    for name, build, unit in PROBLEMS:
        run, work = build()
        run()  # warm: the tables loaded, the caches filled
        best = float("inf")
        for _ in range(repeats):
            started = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - started)
        row = (name, work / best, unit)
        log(f"  {name:50} {row[1] / 1e6:8.2f} M {unit}")
        rows.append(row)
    return rows


def main() -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    measure(parser.parse_args().repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
