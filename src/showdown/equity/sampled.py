"""Sampled equity: seeded Monte Carlo, in chunks whose numbers depend on the seed only.

A run is cut in chunks of deals (:func:`~showdown.equity.plan.chunk_size`), each
with a seed of its own derived from the run's seed and the chunk's index
(:func:`chunk_seed`), so a result depends on the seed and the number of deals
only, never on how many threads or Dask workers ran the chunks. It stops after
``samples`` deals, when every player's standard error is below ``stderr``, or
after ``seconds`` (the only rule that is not reproducible). Ranges that overlap
are sampled with card removal: a tuple of combos that shares a card is redrawn,
so each tuple comes up in proportion to the product of its weights, as in the
exact count.

A chunk is drawn and counted by the compiled core (its splitmix64 stream;
:func:`showdown._kernels.engine.sample_counts`, several chunks per call on its own
threads: :func:`showdown._kernels.engine.sample_chunks`) where the run was planned
for it and the process has it, else by the readable reference
(:func:`showdown.equity.reference.sample_counts`, Python's :class:`random.Random`):
the same seed gives other numbers, within the standard error, on the two.

>>> from showdown.equity.problem import read_problem
>>> problem = read_problem(["AhKh", "QQ"], "2c 7d 9s", None, "holdem")
>>> counts, done, tries = sample_task((sampler_of(problem, compiled=False), chunk_seed(3, 0), 50))
>>> done, int(counts[:, 2].sum()) == 50 * 5040
(50, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from showdown._kernels import engine
from showdown._kernels.game_tables import equity_tables, kind_of
from showdown.cards import DECK, cards_mask
from showdown.equity import reference
from showdown.equity.distributed import Runner
from showdown.equity.plan import DEFAULT_SAMPLES, STDERR_MAX_SAMPLES, chunk_size
from showdown.equity.problem import Problem, combos_of
from showdown.equity.reference import POT, SHARE, SHARE_SQ
from showdown.equity.results import EquityResult, players_of
from showdown.errors import DuplicateCardError
from showdown.games import get_game

__all__ = ["Sampler", "chunk_seed", "run_sampling", "sample_task", "sampler_of", "wave_size"]

_M64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def _mix64(z: int) -> int:
    """splitmix64's finalizer: a bijection of 64-bit integers that scatters every bit."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _M64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _M64
    return z ^ (z >> 31)


def chunk_seed(seed: int, index: int) -> np.uint64:
    """The seed of chunk ``index``: a function of the run's seed and the index only
    (a hash of the two, about a microsecond; a chunk's stream starts at its seed).

    >>> len({int(chunk_seed(1, 0)), int(chunk_seed(1, 1)), int(chunk_seed(2, 0))})
    3
    """
    return np.uint64(_mix64((_mix64((seed + _GOLDEN) & _M64) + (index + 1) * _GOLDEN) & _M64))


_I64 = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Sampler:
    """The arrays a Monte Carlo kernel needs, built once per run, and which engine draws
    its deals (``compiled``: the core where the worker has it; else the reference)."""

    game_name: str
    compiled: bool
    kind: int
    known: npt.NDArray[np.int64]
    n_known: npt.NDArray[np.int64]
    listed: npt.NDArray[np.int64]
    combo_codes: npt.NDArray[np.int64]
    combo_masks: npt.NDArray[np.int64]
    combo_cumulative: npt.NDArray[np.float64]
    combo_start: npt.NDArray[np.int64]
    board_known: npt.NDArray[np.int64]
    n_board: int
    deck: npt.NDArray[np.int64]

    def problem_arrays(
        self,
    ) -> tuple[_I64, _I64, _I64, _I64, _I64, npt.NDArray[np.float64], _I64, _I64, int, _I64]:
        """What the Monte Carlo kernels take between the seed and deals and the game's
        tables (:func:`showdown._kernels.engine.sample_counts`,
        :func:`showdown.equity.reference.sample_counts`), in their order."""
        return (
            self.known,
            self.n_known,
            self.listed,
            self.combo_codes,
            self.combo_masks,
            self.combo_cumulative,
            self.combo_start,
            self.board_known,
            self.n_board,
            self.deck,
        )


def sampler_of(problem: Problem, *, compiled: bool) -> Sampler:
    game = problem.game
    players, hole = len(problem.ranges), game.hole_cards
    known = np.zeros((players, hole), dtype=np.int64)
    n_known = np.zeros(players, dtype=np.int64)
    listed = np.zeros(players, dtype=np.int64)
    codes_parts, weight_parts = [], []
    start = [0]
    fixed = 0
    for p, hand_range in enumerate(problem.ranges):
        if hand_range.is_open or hand_range.combo_count() == 1:
            cards = (
                hand_range.known
                if hand_range.is_open
                else tuple(DECK[int(c)] for c in hand_range.codes[0])
            )
            known[p, : len(cards)] = [card.code for card in cards]
            n_known[p] = len(cards)
            fixed |= cards_mask(cards)
            start.append(start[-1])
            continue
        listed[p] = 1
        codes, weights = combos_of(hand_range)
        codes_parts.append(codes)
        weight_parts.append(weights)
        start.append(start[-1] + len(codes))
    if codes_parts:
        combo_codes = np.concatenate(codes_parts)
        cumulative = np.concatenate([np.cumsum(w) for w in weight_parts])
    else:
        combo_codes = np.zeros((1, hole), dtype=np.int64)
        cumulative = np.zeros(1, dtype=np.float64)
    combo_masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), combo_codes), axis=1)
    deck_mask = problem.deck_mask & ~fixed
    deck = np.array([c for c in range(52) if deck_mask >> c & 1], dtype=np.int64)
    return Sampler(
        game.name,
        compiled,
        kind_of(game),
        known,
        n_known,
        listed,
        np.ascontiguousarray(combo_codes, dtype=np.int64),
        combo_masks.astype(np.int64),
        cumulative,
        np.array(start, dtype=np.int64),
        np.array([card.code for card in problem.board], dtype=np.int64),
        game.full_board,
        deck,
    )


def sample_task(task: tuple[Any, ...]) -> tuple[npt.NDArray[np.int64], int, int]:
    """Run one Monte Carlo chunk: ``(counts, deals done, tries)`` (top-level, for Dask): in
    the compiled core where the run chose it and this process has it
    (:func:`showdown._kernels.engine.sample_counts`), else by the readable reference
    (:func:`showdown.equity.reference.sample_counts`, a stream of its own)."""
    sampler: Sampler = task[0]
    seed, deals = task[1], task[2]
    if not sampler.compiled or engine.c_engine() is None:
        counts, done, tries = reference.sample_counts(
            get_game(sampler.game_name), int(seed), deals, *sampler.problem_arrays()
        )
        return counts, _deals_done(done, deals), tries
    counts, done, tries = engine.sample_counts(
        sampler.kind,
        seed,
        deals,
        *sampler.problem_arrays(),
        _kernel_arrays(sampler.game_name),
    )
    return counts, _deals_done(int(done), deals), int(tries)


_MAX_THREADS: Final = 64
"""The most threads one C Monte Carlo call starts (``sample_chunks`` in ``_cequity.c``)."""
_MAX_WAVE: Final = 4096
"""The most Monte Carlo chunks handed to the C engine in one call (:func:`_chunk_waves`)."""
_STOP_WAVE: Final = 8
"""Chunks per thread in a wave where a ``stderr`` or ``seconds`` stop is checked between
waves (a few tens of milliseconds of work)."""


def wave_size(left: int, threads: int, *, stops: bool, reports: bool) -> int:
    """How many of the ``left`` chunks the next wave of :func:`_chunk_waves` takes on
    ``threads`` threads: a few per thread where a stop rule is checked between chunks
    (``stops``), about a 32nd of the run where only progress is reported (``reports``),
    else every chunk left; never more than :data:`_MAX_WAVE`.

    >>> wave_size(77, 2, stops=False, reports=False), wave_size(77, 2, stops=True, reports=False)
    (77, 16)
    """
    if stops:
        wanted = threads * _STOP_WAVE
    elif reports:
        wanted = max(threads * _STOP_WAVE, left // 32)
    else:
        wanted = left
    return min(left, wanted, _MAX_WAVE)


def _chunk_waves(
    chunk: Callable[[int], tuple[Sampler, np.uint64, int]],
    chunks: int,
    workers: int,
    *,
    stops: bool,
    reports: bool,
) -> Generator[tuple[npt.NDArray[np.int64], int, int]]:
    """What :func:`sample_task` gives for each of the ``chunks`` tasks ``chunk(i)``, in
    order: the chunks run in waves, each one call of the C engine that shares the wave's
    chunks among ``workers`` threads it starts itself
    (:func:`showdown._kernels.engine.sample_chunks`: each chunk's figures are its seed's,
    whatever the threads)."""
    threads = max(1, min(workers, _MAX_THREADS))
    first = 0
    while first < chunks:
        n = wave_size(chunks - first, threads, stops=stops, reports=reports)
        tasks = [chunk(i) for i in range(first, first + n)]
        sampler = tasks[0][0]
        deals = np.array([task[2] for task in tasks], dtype=np.int64)
        counts, done, tries = engine.sample_chunks(
            sampler.kind,
            np.array([task[1] for task in tasks], dtype=np.uint64),
            deals,
            *sampler.problem_arrays(),
            _kernel_arrays(sampler.game_name),
            min(threads, n),
        )
        for k in range(n):
            yield counts[k], _deals_done(int(done[k]), int(deals[k])), int(tries[k])
        first += n


def _deals_done(done: int, deals: int) -> int:
    """A chunk's deals, or -1 where it stopped short (its hands almost never fit)."""
    return done if done == deals else -1


@cache
def _kernel_arrays(game_name: str) -> Any:
    """The kernel tables of a game as the kernels take them, looked up once per process."""
    return equity_tables(get_game(game_name)).arrays()


def run_sampling(
    problem: Problem,
    runner: Runner,
    samples: int | None,
    stderr: float | None,
    seconds: float | None,
    seed: int,
    progress: Callable[[float], None] | None,
    started: float,
) -> EquityResult:
    """Sample a problem until a stopping rule holds: ``samples`` deals (by default
    :data:`~showdown.equity.plan.DEFAULT_SAMPLES`), every player's standard error at
    most ``stderr``, or ``seconds`` past ``started`` (a ``time.perf_counter()``).
    The chunks are read in order, so a ``stderr`` stop is the same whatever the timing.

    Raises:
        DuplicateCardError: the players' ranges almost never fit together.
    """
    compiled = engine.c_engine() is not None
    sampler = sampler_of(problem, compiled=compiled)
    if samples is None and seconds is None:
        samples = STDERR_MAX_SAMPLES if stderr is not None else DEFAULT_SAMPLES
    limit = samples if samples is not None else 1 << 62
    size = chunk_size(problem, compiled=compiled)
    players = len(problem.ranges)
    total = np.zeros((players, 6), dtype=np.int64)
    done = 0
    index = 0
    stopped_by = "samples"
    deadline = started + seconds if seconds is not None else None

    def chunk(i: int) -> tuple[Sampler, np.uint64, int]:
        return sampler, chunk_seed(seed, i), min(size, limit - i * size)

    chunks = math.ceil(limit / size)
    if runner.client is None:
        # the core runs waves of chunks on threads of its own, with no Python between
        # chunks; the reference, one chunk after another here (it holds the GIL). The
        # results are read in order, so a stderr stop is the same whatever the timing.
        stream = (
            _chunk_waves(
                chunk,
                chunks,
                runner.workers,
                stops=stderr is not None or seconds is not None,
                reports=progress is not None,
            )
            if compiled
            else (sample_task(chunk(i)) for i in range(chunks))
        )
        try:
            for counts, deals, tries in stream:
                _check_deals(deals, tries)
                total += counts
                done += deals
                if stderr is not None and _worst_error(total, done) <= stderr:
                    stopped_by = "stderr"
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    stopped_by = "seconds"
                    break
                _progress(progress, done, samples, seconds, started)
        finally:
            stream.close()
    else:
        finished = False
        wave_seconds = 0.0
        while not finished and index * size < limit:
            now = time.perf_counter()
            if deadline is not None and done and now + wave_seconds / 2 > deadline:
                stopped_by = "seconds"  # the next wave would end well past the deadline
                break
            wave = min(runner.width, chunks - index)
            tasks = [chunk(index + k) for k in range(wave)]
            for counts, deals, tries in runner.map(sample_task, tasks):
                index += 1
                _check_deals(deals, tries)
                total += counts
                done += deals
                if stderr is not None and _worst_error(total, done) <= stderr:
                    stopped_by, finished = "stderr", True
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    stopped_by, finished = "seconds", True
                    break
            wave_seconds = time.perf_counter() - now
            _progress(progress, done, samples, seconds, started)
    weighted = total.astype(np.float64)
    squares = weighted[:, SHARE_SQ]
    result_players = players_of(problem.game, problem.names, weighted, float(done), squares)
    return EquityResult(
        problem.game,
        problem.board,
        problem.dead,
        result_players,
        False,
        float(done),
        seed,
        stopped_by,
        time.perf_counter() - started,
    )


def _check_deals(deals: int, tries: int) -> None:
    if deals < 0:
        raise DuplicateCardError(
            "the players' ranges almost never fit together without sharing a card "
            f"(fewer than 1 deal in 1,000 tries of {tries:,})"
        )


def _progress(
    progress: Callable[[float], None] | None,
    done: int,
    samples: int | None,
    seconds: float | None,
    started: float,
) -> None:
    if progress is None:
        return
    if samples is not None:
        progress(min(1.0, done / samples))
    elif seconds is not None:
        progress(min(1.0, (time.perf_counter() - started) / seconds))


def _worst_error(total: npt.NDArray[np.int64], done: int) -> float:
    if done < 2:
        return math.inf
    mean = total[:, SHARE] / POT / done
    variance = np.maximum(0.0, total[:, SHARE_SQ] / POT**2 / done - mean * mean)
    return float(np.sqrt(variance / done).max())
