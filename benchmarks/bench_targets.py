"""The speed targets of issue 13, each against its peer from the same run.

:func:`measure_spots` times the equity spots of the issue for showdown and for the
peers that are installed (OMPEval through ``pokerfast``'s C ABI,
:mod:`benchmarks.ompeval`; ``poker-equity``); :func:`ompeval_batch` times OMPEval's
batch evaluator on the bench's shared rows. :mod:`benchmarks.run` then builds one
:class:`Target` per row of the issue (:func:`format_targets`): our figure, the peer's,
the ratio, the target and pass/fail, or ``n/a`` with the reason (a peer missing, one
core only). Absolute times are marked machine-dependent: they hold for the CPU
printed beside them.

    .bench-venv/bin/python -m benchmarks.run --quick   # every row, small sizes
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import os
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
from benchmarks.cores import LEAST_WHOLE_PAIRS, Scaling, load_probe
from benchmarks.ompeval import load_ompeval, to_ompeval_codes

__all__ = [
    "SpotTimes",
    "Target",
    "format_targets",
    "measure_monte_carlo",
    "measure_spots",
    "ompeval_batch",
    "paired_batch",
    "paired_best",
    "paired_medians",
    "paired_pieces",
    "ratio_target",
    "scaling_row",
    "times_in_turn",
]

CardArray = npt.NDArray[np.uint8]
Log = Callable[[str], None]

FLOP = (["AhKh", "QsQd"], "2c 7d 9s")
"""Exact on a flop: 990 boards."""
PREFLOP = ["AhKh", "QsQd"]
DRAW_SPOTS: dict[str, tuple[str, list[str], str, str, int]] = {
    # name -> (showdown game, hands, dead cards, poker-equity variant, deals)
    "2-7 single draw, pat nine vs a one-card draw": (
        "deuce_to_seven",
        ["9s 7d 5c 4h 2s", "8h 6d 4s 3c"],
        "Kc",
        "deuce_seven",
        42,
    ),
    "Badugi, pat K-badugi vs a one-card draw": (
        "badugi",
        ["Kc 7d 5h 2s", "As 2d 3h"],
        "",
        "badugi",
        45,
    ),
}
STUD_SPOTS: dict[str, tuple[str, list[str], str]] = {
    # name -> (showdown game, hands on third street, poker-equity variant)
    "Stud": ("stud", ["As Ad 5h", "Kd Kc 4h"], "stud"),
    "Razz": ("razz", ["As 2s 5h", "Ad 3d 4h"], "razz"),
}
OMAHA_SPOTS: dict[str, tuple[str, list[str], str]] = {
    # name -> (showdown game, hands, poker-equity variant); preflop, heads-up
    "Omaha 4": ("omaha", ["AhKhQdJd", "9s9dTsTc"], "omaha"),
    "Omaha 5": ("omaha5", ["AhKhQdJd2c", "9s9dTsTc3c"], "omaha_five"),
    "Omaha 6": ("omaha6", ["AhKhQdJd2c4d", "9s9dTsTc3c5d"], "omaha_six"),
}
OMAHA_QUICK_BOARD = "8h 7h 6s"
"""``--quick`` enumerates the Omaha spots from this flop instead of preflop."""


@contextmanager
def _preflop_table_off() -> Iterator[None]:
    """Every preflop call enumerates (``SHOWDOWN_PREFLOP_TABLE=off``) inside the block."""
    from showdown.equity.preflop import preflop_table

    before = os.environ.get("SHOWDOWN_PREFLOP_TABLE")
    os.environ["SHOWDOWN_PREFLOP_TABLE"] = "off"
    preflop_table(reload=True)
    try:
        yield
    finally:
        if before is None:
            del os.environ["SHOWDOWN_PREFLOP_TABLE"]
        else:
            os.environ["SHOWDOWN_PREFLOP_TABLE"] = before
        preflop_table(reload=True)


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _median(run: Callable[[], Any], repeats: int) -> float:
    """Median seconds of ``repeats`` calls, after one warm-up call, GC paused."""
    run()
    times = []
    gc.collect()  # once: a collection per call would cost more than a small spot
    gc.disable()
    try:
        for _ in range(max(1, repeats)):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return statistics.median(times)


def paired_pieces(
    first: list[Callable[[], Any]], second: list[Callable[[], Any]], repeats: int
) -> tuple[float, float]:
    """Seconds of each of two lists of calls (pieces of one workload), every piece timed
    in turn with the other side's piece of the same index, ``repeats`` times: each side
    the sum over its pieces of the least time of each. The per-call rows against pkrbot:
    a piece takes a fraction of a millisecond, so that on a shared machine most pieces
    have runs without a burst of load, on both sides alike."""
    for run in (*first, *second):
        run()
    times: tuple[list[float], list[float]] = (
        [float("inf")] * len(first),
        [float("inf")] * len(second),
    )
    gc.collect()
    gc.disable()
    try:
        for _ in range(max(1, repeats)):
            for i in range(max(len(first), len(second))):
                for runs, kept in ((first, times[0]), (second, times[1])):
                    if i < len(runs):
                        start = time.perf_counter()
                        runs[i]()
                        kept[i] = min(kept[i], time.perf_counter() - start)
    finally:
        gc.enable()
    return sum(times[0]), sum(times[1])


def times_in_turn(
    runs: list[Callable[[], Any]],
    repeats: int,
    *,
    cpu: list[list[float]] | None = None,
    settle: bool = False,
) -> list[list[float]]:
    """Seconds of each of ``runs`` timed in turn (one of each, ``repeats`` times), after
    one warm-up call each, GC paused: a burst of load on a shared machine then falls on
    all of them alike, so their ratios hold even when the absolute times swing. With
    ``cpu`` (a list), it receives the process's CPU seconds of each run, in the same
    shape (all threads: how many cores a run had is its CPU seconds over its seconds).
    With ``settle``, each timed call follows an untimed call of the same run: what a
    caller who repeats it sees, not the first call after another run has filled the
    caches with its own lines (a batch call on two threads right after one on one
    thread finds the second thread's table copies gone from the shared cache)."""
    for run in runs:
        run()
    times: list[list[float]] = [[] for _ in runs]
    used: list[list[float]] = [[] for _ in runs]
    gc.collect()
    gc.disable()
    try:
        for _ in range(max(1, repeats)):
            for run, kept, spent in zip(runs, times, used, strict=True):
                if settle:
                    run()
                start, start_cpu = time.perf_counter(), time.process_time()
                run()
                kept.append(time.perf_counter() - start)
                spent.append(time.process_time() - start_cpu)
    finally:
        gc.enable()
    if cpu is not None:
        cpu[:] = used
    return times


def paired_best(
    first: Callable[[], Any], second: Callable[[], Any], repeats: int
) -> tuple[float, float]:
    """Least seconds of each of two calls timed in turn (:func:`times_in_turn`): the
    per-call rows against pkrbot (the least time is each side's run without a burst)."""
    mine, theirs = times_in_turn([first, second], repeats)
    return min(mine), min(theirs)


def paired_medians(
    first: Callable[[], Any], second: Callable[[], Any], repeats: int
) -> tuple[float, float]:
    """Median seconds of each of two calls timed in turn (:func:`times_in_turn`): the fair
    way to compare one and two workers on a spot of a few microseconds."""
    one, two = times_in_turn([first, second], repeats)
    return statistics.median(one), statistics.median(two)


def _rate(run: Callable[[], int], repeats: int) -> float:
    """Median of deals per second; ``run`` returns the deals it evaluated."""
    run()
    rates = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        deals = run()
        rates.append(deals / (time.perf_counter() - start))
    return statistics.median(rates)


@dataclass
class SpotTimes:
    """Seconds (or deals/s for ``*_rate``) of every spot, ``None`` where a peer is missing."""

    cores: int
    ours: dict[str, float] = field(default_factory=dict)
    ompeval: dict[str, float] = field(default_factory=dict)
    poker_equity: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    scaling: dict[str, Scaling] = field(default_factory=dict)  # 2-vs-1 pairs in turn, by key


def ompeval_batch(rows: CardArray, threads: list[int], repeats: int) -> dict[int, float] | None:
    """OMPEval's batch evaluator (C ABI) on ``rows``: hands/s per thread count."""
    omp = load_ompeval()
    if omp is None:
        return None
    codes = to_ompeval_codes(rows)
    return {t: len(rows) / _median(lambda t=t: omp.evaluate(codes, t), repeats) for t in threads}


def paired_batch(
    rows: CardArray, ours: Callable[[], Any], repeats: int
) -> tuple[float, float] | None:
    """Our batch call and OMPEval's (1 thread each) on the same 7-card ``rows``, timed in turn.

    One of ours, then one of OMPEval's, ``repeats`` times: the machine's speed,
    which swings from minute to minute on a shared host, is then the same for
    both medians. Returns ``(ours, OMPEval)`` hands/s, or ``None`` without the peer.
    """
    omp = load_ompeval()
    if omp is None:
        return None
    codes = to_ompeval_codes(rows)
    mine, theirs = times_in_turn([ours, lambda: omp.evaluate(codes, 1)], repeats)
    return len(rows) / statistics.median(mine), len(rows) / statistics.median(theirs)


def ompeval_same_order(rows: CardArray, ours: npt.NDArray[np.integer]) -> bool | None:
    """Whether OMPEval orders ``rows`` (7-card high) as showdown's ``ours`` does."""
    omp = load_ompeval()
    if omp is None:
        return None
    theirs = omp.evaluate(to_ompeval_codes(rows))
    dense = [
        np.unique(np.asarray(a, dtype=np.int64), return_inverse=True)[1] for a in (ours, theirs)
    ]
    return bool(np.array_equal(dense[0], dense[1]))


def measure_spots(*, quick: bool, log: Log = print) -> SpotTimes:
    """Time every equity spot of issue 13 for showdown and the installed peers."""
    from showdown.equity import equity

    cores = min(2, os.cpu_count() or 1)
    spots = SpotTimes(cores)
    small = 21 if quick else 101  # calls of a sub-millisecond spot
    big = 1 if quick else 5  # calls of a preflop or Monte Carlo run
    omp = load_ompeval()
    pe = _import("poker_equity")
    if omp is None:
        spots.notes.append("note: peer 'pokerfast' (OMPEval) skipped: package not installed")
    if pe is None:
        spots.notes.append("note: peer 'poker-equity' skipped: package not installed")
    for note in spots.notes:
        log(f"  {note}")

    def ours(key: str, run: Callable[[], Any], repeats: int) -> None:
        spots.ours[key] = _median(run, repeats)
        log(f"  showdown {key}: {1e3 * spots.ours[key]:.3f} ms")

    def peer(table: dict[str, float], name: str, key: str, run: Callable[[], Any], n: int) -> None:
        table[key] = _median(run, n)
        log(f"  {name} {key}: {1e3 * table[key]:.3f} ms")

    def ours_paired(key: str, run: Callable[[int], Any], repeats: int, most: int) -> None:
        """One and ``most`` workers, timed in turn."""
        one, many = paired_medians(lambda: run(1), lambda: run(most), repeats)
        for workers, seconds in ((1, one), (most, many)):
            spots.ours[f"{key} w{workers}"] = seconds
            log(f"  showdown {key} w{workers}: {1e3 * seconds:.3f} ms")

    hands, board = FLOP
    ours_paired("flop", lambda w: equity(hands, board, exact=True, workers=w), small, cores)
    ours("flop", lambda: equity(hands, board, exact=True), small)
    if omp is not None:
        peer(
            spots.ompeval,
            "OMPEval",
            "flop",
            lambda: omp.equity(hands, board.replace(" ", "")),
            small,
        )
    if pe is not None:
        peer(
            spots.poker_equity,
            "poker-equity",
            "flop",
            lambda: pe.exact_from_text("holdem", hands, board),
            small,
        )

    for name, (game, draw_hands, dead, variant, deals) in DRAW_SPOTS.items():
        result = equity(draw_hands, game=game, dead=dead or None, exact=True)
        if result.deals != deals:
            log(f"  WARNING: {name}: showdown walked {result.deals:,.0f} deals, expected {deals}")
        ours_paired(
            name,
            lambda w, g=game, h=draw_hands, d=dead: equity(
                h, game=g, dead=d or None, exact=True, workers=w
            ),
            small,
            2,
        )
        ours(
            name,
            lambda g=game, h=draw_hands, d=dead: equity(h, game=g, dead=d or None, exact=True),
            small,
        )
        if pe is not None:
            peer(
                spots.poker_equity,
                "poker-equity",
                name,
                lambda v=variant, h=draw_hands, d=dead: pe.exact_from_text(v, h, "", d),
                small,
            )

    # The enumeration itself, the preflop table left aside; then the table's answer.
    with _preflop_table_off():
        for workers in (1, cores):
            ours(
                f"preflop w{workers}",
                lambda w=workers: equity(PREFLOP, exact=True, workers=w),
                big + 2,
            )
    equity(PREFLOP, exact=True)  # fills the table's entry when it is missing
    ours("preflop table", lambda: equity(PREFLOP, exact=True), 200)
    if omp is not None:
        for threads in (1, cores):
            peer(
                spots.ompeval,
                "OMPEval",
                f"preflop t{threads}",
                lambda t=threads: omp.equity(PREFLOP, threads=t),
                big + 2,
            )

    _monte_carlo(spots, omp, pe, quick=quick, log=log)

    omaha_board = OMAHA_QUICK_BOARD if quick else ""
    for name, (game, omaha_hands, variant) in OMAHA_SPOTS.items():
        key = f"{name} exact"
        ours(
            key,
            lambda g=game, h=omaha_hands: equity(h, omaha_board or None, game=g, exact=True),
            big,
        )
        if pe is not None:
            peer(
                spots.poker_equity,
                "poker-equity",
                key,
                lambda v=variant, h=omaha_hands: pe.exact_from_text(v, h, omaha_board),
                big,
            )
    return spots


def measure_monte_carlo(*, quick: bool, log: Log = print) -> SpotTimes:
    """Only the Monte Carlo spots of :func:`measure_spots` (ours and the peers'), to iterate on.

        PYTHONPATH=src:. .bench-venv/bin/python -c "from benchmarks.bench_targets \\
            import measure_monte_carlo as m; m(quick=True)"
    """
    spots = SpotTimes(min(2, os.cpu_count() or 1))
    _monte_carlo(spots, load_ompeval(), _import("poker_equity"), quick=quick, log=log)
    return spots


def _monte_carlo(
    spots: SpotTimes, omp: Any, pe: ModuleType | None, *, quick: bool, log: Log
) -> None:
    """Monte Carlo Hold'em heads-up (ours, OMPEval) and Stud/Razz (ours, poker-equity)."""
    from showdown.equity import equity

    cores = spots.cores
    big = 1 if quick else 5
    mc_deals = 1_000_000 if quick else 10_000_000
    mc_pairs = 3 if quick else 9

    def sample(workers: int) -> None:
        equity(PREFLOP, samples=mc_deals, seed=1, workers=workers)

    # 1 worker and all of them timed in turn, each pair followed by the cores probe on
    # all threads and on one (see ``benchmarks.cores``), as the batch rows are
    counts = sorted({cores, 1}, reverse=True)
    probe = load_probe() if cores > 1 else None
    runs: list[Callable[[], Any]] = [lambda w=w: sample(w) for w in counts]
    if probe is not None:
        runs += [lambda c=c: probe(c) for c in counts]
    taken = times_in_turn(runs, mc_pairs)
    for workers, seconds in zip(counts, taken, strict=False):
        key = f"holdem mc w{workers}"
        spots.ours[key] = mc_deals / statistics.median(seconds)
        log(
            f"  showdown Monte Carlo AhKh vs QsQd, {workers} worker(s): "
            f"{spots.ours[key] / 1e6:.2f} M/s"
        )
    if len(counts) > 1:
        probes = taken[2:4] if probe is not None else [[], []]
        found = Scaling.from_pairs(taken[0], taken[1], probes[0], probes[1], counts[0])
        spots.scaling["holdem mc"] = found
        log(f"  showdown Monte Carlo AhKh vs QsQd, {found.describe(counts[0])}")
    if omp is not None:
        seconds = 0.3 if quick else 1.5
        for threads in (1, cores):
            key = f"holdem mc t{threads}"
            spots.ompeval[key] = _rate(
                lambda t=threads: omp.equity(PREFLOP, exact=False, threads=t, seconds=seconds)[1],
                big,
            )
            log(
                f"  OMPEval Monte Carlo AhKh vs QsQd, {threads} thread(s): "
                f"{spots.ompeval[key] / 1e6:.2f} M/s"
            )

    stud_deals = 300_000 if quick else 4_000_000
    for name, (game, stud_hands, variant) in STUD_SPOTS.items():
        key = f"{name} mc"
        spots.ours[key] = _rate(
            lambda g=game, h=stud_hands: int(
                equity(h, game=g, samples=stud_deals, seed=1, workers=cores).deals
            ),
            big,
        )
        log(f"  showdown Monte Carlo {name}, {cores} workers: {spots.ours[key] / 1e6:.2f} M/s")
        if pe is not None:
            spots.poker_equity[key] = _rate(
                lambda v=variant, h=stud_hands: int(
                    pe.chunk_from_text(v, h, samples=stud_deals, seed=1, threads=cores)["samples"]
                ),
                big,
            )
            log(
                f"  poker-equity Monte Carlo {name}, {cores} threads: "
                f"{spots.poker_equity[key] / 1e6:.2f} M/s"
            )


@dataclass(frozen=True)
class Target:
    """One row of the targets table."""

    name: str
    ours: str
    peer: str
    ratio: float | None  # > target meets it (times and rates both turned so)
    goal: float | None  # the least ratio that meets the target; None: shown for the ratio
    why_na: str = ""  # why there is no verdict (a peer missing, one core)
    machine: bool = False  # an absolute time: depends on the CPU

    @property
    def verdict(self) -> str:
        """PASS, FAIL, or n/a with the reason."""
        if self.ratio is None or self.goal is None:
            return f"n/a: {self.why_na}" if self.why_na else "—"
        return "PASS" if self.ratio >= self.goal else "FAIL"


def _scaling_target(workload: str, rates: dict[int, float], found: Scaling | None) -> Target:
    """The 2-vs-1 thread row of a batch workload (see :func:`scaling_row`)."""
    return scaling_row(
        f"{workload} batch, 2 threads vs 1",
        rates.get(2),
        rates.get(1),
        found,
        unit="hands/s",
        peer_name="1 thread",
    )


def scaling_row(
    name: str,
    many: float | None,
    one: float | None,
    found: Scaling | None,
    *,
    unit: str,
    peer_name: str,
) -> Target:
    """A 2-vs-1 row (goal 1.8x; ``many`` and ``one`` the rates shown): the greater of the
    medians over every pair and over the pairs with two whole cores (a ratio met on every
    pair is met with whole cores); n/a where it falls short and fewer than
    ``LEAST_WHOLE_PAIRS`` pairs had two whole cores. Without ``found`` (no pairs), the
    ratio of the rates. Where the stream probe was timed with the pairs, its scaling is
    named in the row (for the reader; it does not change the verdict)."""
    goal = 1.8
    row = ratio_target(
        name,
        many,
        one,
        goal,
        unit=unit,
        peer_name=peer_name,
        higher_is_better=True,
        why_na="one core only",
    )
    if row.ratio is None or found is None:
        return row
    # what the host gave a bare loop streaming the same rows, for the reader: no verdict
    stream = (
        ""
        if found.stream_median is None
        else f"; a bare loop streaming the same rows: {found.stream_median:.2f}x"
    )
    every = f"{row.name} (median of pairs in turn{stream})"
    if found.probe_median is None:
        return dataclasses.replace(row, name=every, ratio=found.median)
    whole = found.whole_median if found.whole >= LEAST_WHOLE_PAIRS else None
    if whole is None and found.median < goal:
        why = (
            f"2 whole cores in {found.whole} of {found.pairs} pairs only (a bare C loop "
            f"scaled {found.probe_median:.2f}x); every pair: {found.median:.2f}x"
        )
        return dataclasses.replace(row, name=every, ratio=None, why_na=why)
    if whole is None or found.median >= whole:
        return dataclasses.replace(row, name=every, ratio=found.median)
    return dataclasses.replace(
        row, name=f"{row.name} (median of pairs in turn with 2 whole cores{stream})", ratio=whole
    )


def ratio_target(
    name: str,
    ours: float | None,
    peer: float | None,
    goal: float | None,
    *,
    unit: str,
    peer_name: str = "",
    higher_is_better: bool,
    why_na: str = "peer missing",
) -> Target:
    """A row comparing our figure with the peer's (rates: ours / peer; times: peer / ours)."""

    def show(value: float | None, who: str) -> str:
        if value is None:
            return "—"
        text = _fmt(value, unit)
        return f"{who} {text}" if who else text

    if ours is None or peer is None:
        return Target(name, show(ours, ""), show(peer, peer_name), None, goal, why_na)
    ratio = ours / peer if higher_is_better else peer / ours
    return Target(name, show(ours, ""), show(peer, peer_name), ratio, goal)


def absolute_target(
    name: str, seconds: float | None, limit_s: float, *, why_na: str = ""
) -> Target:
    """A row holding a time to a limit (machine-dependent)."""
    if seconds is None:
        return Target(name, "—", "—", None, 1.0, why_na or "not measured", machine=True)
    return Target(
        name,
        _fmt(seconds, "s"),
        f"limit {_fmt(limit_s, 's')}",
        limit_s / seconds,
        1.0,
        machine=True,
    )


def _fmt(value: float, unit: str) -> str:
    if unit == "s":
        if value < 1e-3:
            return f"{value * 1e6:,.0f} µs"
        if value < 1:
            return f"{value * 1e3:,.2f} ms"
        return f"{value:,.2f} s"
    if value >= 1e6:
        return f"{value / 1e6:,.1f} M {unit}"
    return f"{value:,.0f} {unit}"


def format_targets(targets: list[Target], cpu: str) -> list[str]:
    """The targets as a Markdown table, then a line on the machine-dependent rows."""
    lines = [
        "| target (issue 13) | showdown | peer / limit | ratio | target | verdict |",
        "|---|---:|---:|---:|---:|:---:|",
    ]
    for t in targets:
        ratio = "—" if t.ratio is None else f"{t.ratio:,.2f}x"
        goal = "—" if t.goal is None else f">= {t.goal:g}x"
        name = f"{t.name} †" if t.machine else t.name
        verdict = t.verdict if t.verdict != "FAIL" else "**FAIL**"
        lines.append(f"| {name} | {t.ours} | {t.peer} | {ratio} | {goal} | {verdict} |")
    lines.append("")
    lines.append(
        f"† machine-dependent (an absolute time or rate): measured on {cpu}; "
        "the ratio is limit / measured."
    )
    return lines


def build_targets(
    *,
    batch: dict[str, dict[int, float]],
    per_call: dict[str, float],
    pkrbot7: float | None,
    per_call_pkrbot: dict[str, float] | None = None,
    omp_batch: dict[int, float] | None,
    spots: SpotTimes,
    paired7: tuple[float, float] | None = None,
    processes: dict[str, float],
    streams: list[Any],
    resolve_records: int,
    process_repeats: int = 7,
    thread_scaling: dict[str, Scaling] | None = None,
) -> list[Target]:
    """One :class:`Target` per row of issue 13, from the figures of one run.

    ``batch`` maps a workload to hands/s per thread count; ``thread_scaling``, where
    given, a workload's 2-vs-1 figures from pairs of runs in turn
    (:class:`benchmarks.cores.Scaling`): a row is judged on its median over the pairs
    in which the cores probe had two whole cores, n/a where fewer than
    ``LEAST_WHOLE_PAIRS`` had, and on every pair without a probe (the rates shown are
    the medians); ``per_call`` has
    ``'strength7'``, ``'scorer <workload>'`` and ``'strength <workload>'``
    calls/s; ``per_call_pkrbot`` has pkrbot's 7-card calls/s timed in turn with each
    of those rows (the ratio is then from the same seconds; without it, ``pkrbot7``,
    timed on its own); ``streams`` are :class:`benchmarks.bench_streams.StreamRow`.
    """
    targets: list[Target] = []
    cores = spots.cores
    omp_na = "peer missing (pokerfast)"
    pe_na = "peer missing (poker-equity)"

    seven = batch["7-card high"]
    ours7, omp7 = seven.get(1), None if omp_batch is None else omp_batch.get(1)
    if paired7 is not None:  # timed in turn: the same machine speed for both
        ours7, omp7 = paired7
    targets.append(
        ratio_target(
            "7-card high batch, 1 thread, vs OMPEval C ABI 1 thread (timed in turn)",
            ours7,
            omp7,
            1.5,
            unit="hands/s",
            peer_name="OMPEval",
            higher_is_better=True,
            why_na=omp_na,
        )
    )
    for workload, rates in batch.items():
        targets.append(_scaling_target(workload, rates, (thread_scaling or {}).get(workload)))
    in_turn = per_call_pkrbot or {}
    turn = " (timed in turn)" if in_turn else ""
    targets.append(
        ratio_target(
            f"strength7, one Python call per hand, vs pkrbot per call{turn}",
            per_call.get("strength7"),
            in_turn.get("strength7", pkrbot7),
            1.0,
            unit="calls/s",
            peer_name="pkrbot",
            higher_is_better=True,
            why_na="peer missing (pkrbot)",
        )
    )
    for key, rate in per_call.items():
        entry, _, workload = key.partition(" ")
        if entry in ("scorer", "strength") and workload:
            call = "scorer(...)(codes)" if entry == "scorer" else "strength(codes, ...)"
            targets.append(
                ratio_target(
                    f"{call} per call, {workload}, vs pkrbot 7-card per call{turn}",
                    rate,
                    in_turn.get(key, pkrbot7),
                    1.0,
                    unit="calls/s",
                    peer_name="pkrbot",
                    higher_is_better=True,
                    why_na="peer missing (pkrbot)",
                )
            )

    ours = spots.ours
    targets.append(
        absolute_target("exact AhKh vs QsQd on 2c7d9s (990 boards) <= 0.1 ms", ours["flop"], 1e-4)
    )
    for name, table, na in (
        ("OMPEval", spots.ompeval, omp_na),
        ("poker-equity", spots.poker_equity, pe_na),
    ):
        targets.append(
            ratio_target(
                f"exact AhKh vs QsQd on 2c7d9s vs {name}",
                ours["flop"],
                table.get("flop"),
                None,
                unit="s",
                peer_name=name,
                higher_is_better=False,
                why_na=na,
            )
        )
    targets.append(
        ratio_target(
            "exact AhKh vs QsQd on 2c7d9s, workers=2 never slower than 1",
            ours.get("flop w2"),
            ours.get("flop w1"),
            0.95,
            unit="s",
            peer_name="workers=1",
            higher_is_better=False,
            why_na="one core only",
        )
    )
    for name in DRAW_SPOTS:
        deals = DRAW_SPOTS[name][4]
        targets.append(absolute_target(f"exact {name} ({deals} deals) <= 60 µs", ours[name], 60e-6))
        targets.append(
            ratio_target(
                f"exact {name}, workers=2 never slower than 1",
                ours[f"{name} w2"],
                ours[f"{name} w1"],
                0.95,
                unit="s",
                peer_name="workers=1",
                higher_is_better=False,
            )
        )
        targets.append(
            ratio_target(
                f"exact {name} vs poker-equity",
                ours[name],
                spots.poker_equity.get(name),
                None,
                unit="s",
                peer_name="poker-equity",
                higher_is_better=False,
                why_na=pe_na,
            )
        )

    targets.append(
        absolute_target(
            "exact preflop AhKh vs QsQd from the preflop table <= 50 µs",
            ours.get("preflop table"),
            50e-6,
        )
    )
    ours_pre = min(ours[f"preflop w{w}"] for w in {1, cores})
    omp_pre = [spots.ompeval[k] for k in ("preflop t1", f"preflop t{cores}") if k in spots.ompeval]
    targets.append(
        ratio_target(
            f"exact preflop AhKh vs QsQd enumerated, best of 1/{cores} workers, vs OMPEval",
            ours_pre,
            min(omp_pre) if omp_pre else None,
            1.0,
            unit="s",
            peer_name="OMPEval",
            higher_is_better=False,
            why_na=omp_na,
        )
    )
    targets.append(
        scaling_row(
            "Monte Carlo AhKh vs QsQd, 2 workers vs 1",
            ours.get("holdem mc w2"),
            ours.get("holdem mc w1"),
            spots.scaling.get("holdem mc"),
            unit="deals/s",
            peer_name="1 worker",
        )
    )
    targets.append(
        ratio_target(
            f"Monte Carlo AhKh vs QsQd, {cores} workers, vs OMPEval {cores} threads",
            ours.get(f"holdem mc w{cores}"),
            spots.ompeval.get(f"holdem mc t{cores}"),
            1.2,
            unit="deals/s",
            peer_name="OMPEval",
            higher_is_better=True,
            why_na=omp_na,
        )
    )
    for name in STUD_SPOTS:
        key = f"{name} mc"
        targets.append(
            ratio_target(
                f"Monte Carlo {name} (third street), {cores} threads each, vs poker-equity",
                ours[key],
                spots.poker_equity.get(key),
                1.5,
                unit="deals/s",
                peer_name="poker-equity",
                higher_is_better=True,
                why_na=pe_na,
            )
        )
    for name in OMAHA_SPOTS:
        key = f"{name} exact"
        targets.append(
            ratio_target(
                f"exact {name} heads-up vs poker-equity",
                ours[key],
                spots.poker_equity.get(key),
                2.0,
                unit="s",
                peer_name="poker-equity",
                higher_is_better=False,
                why_na=pe_na,
            )
        )

    targets.append(
        absolute_target(
            f"`showdown hand` whole process, median of {process_repeats} <= 0.25 s",
            processes.get("hand"),
            0.25,
        )
    )
    targets.append(
        absolute_target(
            f"`showdown equity AhKh QsQd --exact` whole process, median of {process_repeats}"
            " <= 0.5 s",
            processes.get("equity"),
            0.5,
        )
    )
    resolve = [row for row in streams if row.workload.startswith("showdown resolve")]
    if resolve:
        best = max(resolve, key=lambda row: row.rate)
        targets.append(
            Target(
                f"`showdown resolve` {resolve_records:,} six-player showdowns >= 20,000/s "
                f"({best.workload.rpartition(', ')[2]})",
                f"{best.rate:,.0f}/s",
                "limit 20,000/s",
                best.rate / 20_000,
                1.0,
                machine=True,
            )
        )
    for row in streams:
        if row.workload.startswith("showdown audit"):
            targets.append(
                Target(
                    f"{row.workload} >= 5,000 hands/s per core",
                    f"{row.rate:,.0f}/s per core",
                    "limit 5,000/s",
                    row.rate / 5_000,
                    1.0,
                    machine=True,
                )
            )
    return targets
