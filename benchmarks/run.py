"""``make bench``: showdown's batch and scalar paths against the peers, in one run.

Every evaluator gets the same pre-generated random rows (:mod:`benchmarks.inputs`);
showdown's batch functions (:func:`showdown.batch.evaluate_many`, checks included) run
on the whole array with every core and with one, its one-hand path
(:func:`showdown.batch.strength7`) and the readable evaluator run one call per hand
like the peers (:mod:`benchmarks.bench_peers`), and OMPEval's C ABI (through
``pokerfast``, :mod:`benchmarks.ompeval`) on the same rows. Then the census, the
processes (``import showdown``, ``showdown hand``, ``showdown equity --exact``), the
streams, the equity spots against OMPEval and ``poker-equity``
(:mod:`benchmarks.bench_targets`), and the targets of issue 13, each with the
peer's figure from this run, the ratio and PASS/FAIL. Prints everything and writes
it to ``benchmarks/RESULTS.md``. A peer that is not installed is skipped with a note
(its rows read ``n/a``).

    .bench-venv/bin/python -m benchmarks.run [--quick] [--rows N] [--budget S] [--out PATH]

``--quick`` runs every row at small sizes (a smoke test of the harness, about a
minute once the kernels are cached); its figures are not the ones to quote.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib.metadata
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from benchmarks.bench_peers import PeerRecord, measure_peers, peer_strengths
from benchmarks.bench_targets import (
    build_targets,
    format_targets,
    measure_spots,
    ompeval_batch,
    ompeval_same_order,
    paired_batch,
    paired_pieces,
    times_in_turn,
)
from benchmarks.inputs import WORKLOADS, make_rows
from benchmarks.peers import load_peers

from showdown import core

__all__ = ["main"]

CardArray = npt.NDArray[np.uint8]
ROOT = Path(__file__).resolve().parent.parent

# workload -> (how showdown is asked, keyword arguments, column of a two-column result)
SHOWDOWN_BATCH: dict[str, tuple[str, dict[str, str], int | None]] = {
    "5-card high": ("evaluate_many(rows, ranking='high')", {"ranking": "high"}, None),
    "7-card high": ("evaluate_many(rows, game='holdem')", {"game": "holdem"}, None),
    "omaha high": ("evaluate_many(rows, game='omaha')", {"game": "omaha"}, None),
    "razz 7": ("evaluate_many(rows, game='razz')", {"game": "razz"}, None),
    "2-7 low 5": ("evaluate_many(rows, game='2-7')", {"game": "2-7"}, None),
    "8-or-better low 7": (
        "evaluate_many(rows, ranking='eight_or_better')",
        {"ranking": "eight_or_better"},
        None,
    ),
    "omaha 8-or-better low": (
        "evaluate_many(rows, game='omaha8')  [high AND low]",
        {"game": "omaha8"},
        1,
    ),
    "badugi 4": ("evaluate_many(rows, game='badugi')", {"game": "badugi"}, None),
}


@dataclass(frozen=True)
class Sizes:
    """How much each part of the run does (``--quick`` shrinks everything)."""

    quick: bool
    batch_repeats: int
    per_call_rows: int
    readable_rows: int
    census_repeats: int  # 0: the first run only
    process_repeats: int
    audit_hands: int
    resolve_records: int

    @classmethod
    def of(cls, quick: bool) -> Sizes:
        """The full run's sizes, or the quick run's."""
        if quick:
            return cls(True, 3, 15_000, 300, 0, 3, 2_000, 500)
        return cls(False, 7, 300_000, 3_000, 3, 7, 100_000, 40_000)


PEER_PACKAGES = ("treys", "phevaluator", "eval7", "pokerkit", "pkrbot", "pokerfast", "poker-equity")

# workload -> how the per-call entries `showdown.batch.scorer` and `strength` are asked
PER_CALL: dict[str, dict[str, str]] = {
    "5-card high": {"ranking": "high"},
    "7-card high": {"game": "holdem"},
    "omaha high": {"game": "omaha"},
    "razz 7": {"game": "razz"},
    "2-7 low 5": {"game": "2-7"},
    "8-or-better low 7": {"ranking": "eight_or_better"},
    "omaha 8-or-better low": {"game": "omaha8"},
    "badugi 4": {"game": "badugi"},
}

# per-call rows without a batch row: workload -> (cards per row, lowest code dealt, how asked)
EXTRA_PER_CALL: dict[str, tuple[int, int, dict[str, str]]] = {
    "6-card high": (6, 0, {"ranking": "high"}),
    "omaha 5 high": (10, 0, {"game": "omaha5"}),
    "omaha 6 high": (11, 0, {"game": "omaha6"}),
    "omaha 6 hi-lo": (11, 0, {"game": "omaha6_hilo"}),
    "short deck 7": (7, 16, {"game": "shortdeck"}),
    "stud hi-lo 7": (7, 0, {"game": "stud_hilo"}),
}


PAIRED_CHUNK = 20_000
"""Hands per timed run of a per-call row timed in turn with pkrbot."""
PAIRED_PIECES = 10
"""Pieces of those hands, each timed on its own in turn with pkrbot's."""
PAIRED_REPEATS = 25
"""Runs of each piece of each side of a per-call row (the least counts)."""


def _extra_rows(n: int, width: int, lowest: int, seed: int) -> list[list[int]]:
    """``n`` rows of ``width`` distinct codes from ``lowest`` to 51 (the short deck: 16)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    order = np.argsort(rng.random((n, 52 - lowest)), axis=1)[:, :width] + lowest
    return [[int(code) for code in row] for row in order.tolist()]


@dataclass
class Result:
    workload: str
    what: str
    hands_per_s: float
    n: int
    api: str


class Report:
    """Lines printed as they come and kept for RESULTS.md."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str = "") -> None:
        print(line, flush=True)
        self.lines.append(line)


def _median_time(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return statistics.median(times)


@contextmanager
def _threads_set(count: int) -> Iterator[None]:
    """``SHOWDOWN_THREADS`` (read by every batch call) at ``count``, then as it was."""
    before = os.environ.get("SHOWDOWN_THREADS")
    os.environ["SHOWDOWN_THREADS"] = str(count)
    try:
        yield
    finally:
        if before is None:
            del os.environ["SHOWDOWN_THREADS"]
        else:
            os.environ["SHOWDOWN_THREADS"] = before


def _with_threads(
    count: int, run: Callable[..., object], array: CardArray, kwargs: dict[str, Any]
) -> None:
    with _threads_set(count):
        run(array, **kwargs)


def cpu_model() -> str:
    """The CPU's model name (``/proc/cpuinfo``), else what :mod:`platform` says."""
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return cpu


def _machine() -> list[str]:
    cpu = cpu_model()

    def version(name: str) -> str:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            return "not installed"

    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return [
        f"- date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
        f"- CPU: {cpu}, {os.cpu_count()} logical cores (batch threads: {core.threads()})",
        f"- OS: {platform.platform()}",
        f"- Python {platform.python_version()}, numpy {np.__version__}",
        "- peers: " + ", ".join(f"{name} {version(name)}" for name in PEER_PACKAGES),
        f"- load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
    ]


def _showdown_batch(
    rows: dict[str, CardArray], report: Report, repeats: int
) -> tuple[dict[str, dict[str, Result]], dict[str, Any]]:
    """Our batch calls on every workload with every core and with one, timed in turn.

    The call with all threads and the call with one alternate, at least
    ``2 * repeats + 1`` times each (more for a fast workload, up to about a second and a
    half of runs), each timed call right after an untimed one of the same thread count
    (``settle``: the steady state of a caller who repeats the call), each pair followed
    by the cores probe (``benchmarks.cores``) on all
    threads and on one, then by the stream probe on the workload's rows' shape (the same
    bytes read and an int32 written per row, no table). The table's hands/s are each
    count's median time. The second result gives, per workload, the ratios of the
    1-thread time over the all-thread time of each pair (a run and the run next to it:
    the same drift of the machine's speed),
    as medians over every pair and over the pairs in which the probe had two whole
    cores, which the 2-vs-1 targets are judged on. A machine of two virtual cores can be
    two hyperthreads of one core for seconds at a time: a thread alone then runs at a
    whole core's speed and two threads share one, so a loop bound by the core's
    arithmetic (ours, the probe) does no more with two threads than with one; that is
    the host's placement, not the code's scaling. The log line gives every figure, and
    how many cores the all-thread runs had by the clock (process CPU seconds over
    seconds, median).
    """
    from benchmarks.cores import Scaling, load_probe, load_stream_probe

    from showdown.batch import evaluate_many

    results: dict[str, dict[str, Result]] = {}
    scaling: dict[str, Scaling] = {}
    threads = core.threads()
    probe = load_probe() if threads > 1 else None
    stream = load_stream_probe() if probe is not None else None
    if threads > 1 and probe is None:
        report("  (no C compiler for the cores probe: the 2-vs-1 rows are judged on every pair)")
    for workload, array in rows.items():
        api, kwargs, _ = SHOWDOWN_BATCH[workload]
        start = time.perf_counter()
        evaluate_many(array[:1000], **kwargs)
        first = time.perf_counter() - start
        per: dict[str, Result] = {}
        counts = sorted({threads, 1}, reverse=True)
        runs: list[Callable[[], object]] = [
            lambda a=array, k=kwargs, c=count: _with_threads(c, evaluate_many, a, k)
            for count in counts
        ]
        start = time.perf_counter()
        for run in runs:
            run()
        each = (time.perf_counter() - start) / len(runs)
        if probe is not None:
            runs += [lambda c=count: probe(c) for count in counts]
        if stream is not None:  # the same rows' bytes streamed, no table
            runs += [lambda c=count, a=array: stream(c, len(a), a.shape[1]) for count in counts]
        times = max(2 * repeats + 1, min(61, int(0.75 / max(each, 1e-6))))
        cpu: list[list[float]] = []
        taken = times_in_turn(runs, times, cpu=cpu, settle=True)
        for count, seconds in zip(counts, taken[: len(counts)], strict=True):
            label = f"showdown batch, {count} thread{'s' if count > 1 else ''}"
            rate = len(array) / statistics.median(seconds)
            per[label] = Result(workload, label, rate, len(array), api)
        results[workload] = per
        rates = ", ".join(
            f"{r.what.split(', ')[1]}: {r.hands_per_s / 1e6:,.1f} M/s" for r in per.values()
        )
        cores = statistics.median(c / t for c, t in zip(cpu[0], taken[0], strict=True))
        extra = ""
        if len(counts) > 1:
            probes = taken[2:4] if probe is not None else [[], []]
            streams = taken[4:6] if stream is not None else [[], []]
            scaling[workload] = found = Scaling.from_pairs(
                taken[0], taken[1], probes[0], probes[1], counts[0], streams[0], streams[1]
            )
            least = min(taken[1]) / min(taken[0])
            extra = f"{found.describe(counts[0])}, least times {least:.2f}"
            extra += f"; {counts[0]}-thread runs had {cores:.2f} cores by the clock; "
        report(
            f"  {workload:<22} {rates}  ({extra}first call incl. tables/cache load: {first:.2f} s)"
        )
    return results, scaling


def _paired_seven(rows: CardArray, repeats: int) -> tuple[float, float] | None:
    """Our 7-card batch and OMPEval's, 1 thread each, timed in turn (see ``paired_batch``)."""
    from showdown.batch import evaluate_many

    with _threads_set(1):
        return paired_batch(rows, lambda: evaluate_many(rows), repeats)


def _pkrbot_pieces(rows: dict[str, CardArray]) -> list[Callable[[], object]] | None:
    """pkrbot's 7-card call over each piece of the first PAIRED_CHUNK 7-card hands
    (PAIRED_PIECES of them), or None without pkrbot."""
    adapter = (load_peers(["pkrbot"])[0].get("pkrbot") or {}).get("7-card high")
    if adapter is None:
        return None
    seven = rows["7-card high"][:PAIRED_CHUNK]
    size = -(-len(seven) // PAIRED_PIECES)
    return [adapter.prepare(seven[i : i + size]) for i in range(0, len(seven), size)]


def _showdown_scalar(
    rows: dict[str, CardArray], report: Report, sizes: Sizes, *, readable: bool = True
) -> tuple[dict[str, list[Result]], dict[str, float], dict[str, float]]:
    """showdown's per-call rows; with pkrbot, each timed in turn with pkrbot's 7-card call
    on as many hands (the third dict: pkrbot's calls/s from the same seconds, per row)."""
    from showdown import evaluate
    from showdown.batch import scorer, strength, strength7
    from showdown.cards import DECK
    from showdown.games import evaluate_game

    out: dict[str, list[Result]] = {}
    pkrbot = _pkrbot_pieces(rows)
    per_call: dict[str, float] = {}
    per_call_pkrbot: dict[str, float] = {}

    def timed(key: str, loop: Callable[[list[list[int]]], object], sample: list[list[int]]) -> int:
        """Calls/s of ``loop(sample)`` into ``per_call``; returns the calls timed. With
        pkrbot: the first PAIRED_CHUNK hands in PAIRED_PIECES pieces, each piece in turn
        with pkrbot's call on a piece of as many 7-card hands, PAIRED_REPEATS times; each
        side's time is the sum over its pieces of the least time of each piece (short
        runs, some of which miss the bursts of load of a shared machine, on both sides
        alike, while every run goes through all the distinct hands)."""
        if pkrbot is None:
            per_call[key] = len(sample) / _median_time(lambda: loop(sample), repeats=5)
            return len(sample)
        chunk = sample[:PAIRED_CHUNK]
        size = -(-len(chunk) // PAIRED_PIECES)
        pieces = [chunk[i : i + size] for i in range(0, len(chunk), size)]
        ours, peer = paired_pieces(
            [lambda piece=piece: loop(piece) for piece in pieces], pkrbot, PAIRED_REPEATS
        )
        per_call[key] = len(chunk) / ours
        per_call_pkrbot[key] = min(PAIRED_CHUNK, len(rows["7-card high"])) / peer
        return len(chunk)

    seven = rows["7-card high"][: sizes.per_call_rows].tolist()
    strength7(seven[0])
    n = timed("strength7", lambda hands: [strength7(row) for row in hands], seven)
    rate = per_call["strength7"]
    out["7-card high"] = [
        Result("7-card high", "showdown strength7 (per call)", rate, n, "strength7(codes)")
    ]
    vs = _vs(per_call_pkrbot, "strength7", rate)
    report(f"  7-card high            strength7: {rate / 1e6:.2f} M calls/s{vs}")
    samples = {
        workload: (rows[workload][: sizes.per_call_rows // 3].tolist(), kwargs)
        for workload, kwargs in PER_CALL.items()
    }
    for index, (workload, (width, lowest, kwargs)) in enumerate(EXTRA_PER_CALL.items()):
        samples[workload] = (_extra_rows(sizes.per_call_rows // 3, width, lowest, index), kwargs)
    for workload, (sample, kwargs) in samples.items():
        api = ", ".join(f"{key}={value!r}" for key, value in kwargs.items())
        score = scorer(**kwargs)
        score(sample[0])
        strength(sample[0], **kwargs)
        calls: dict[str, tuple[str, Callable[[list[list[int]]], object]]] = {
            "scorer": (
                f"scorer({api})(codes)",
                lambda hands, f=score: [f(r) for r in hands],
            ),
            "strength": (f"strength(codes, {api})", _literal_loop(strength, api)),
        }
        for entry, (call_api, loop) in calls.items():
            key = f"{entry} {workload}"
            n = timed(key, loop, sample)
            rate = per_call[key]
            out.setdefault(workload, []).append(
                Result(workload, f"showdown {entry} (per call)", rate, n, call_api)
            )
            vs = _vs(per_call_pkrbot, key, rate)
            report(f"  {workload:<22} {call_api}: {rate / 1e6:.2f} M calls/s{vs}")
    if not readable:
        return out, per_call, per_call_pkrbot
    readable_calls: dict[str, tuple[str, Callable[[list[int]], object]]] = {
        "5-card high": ("evaluate(cards)", lambda r: evaluate([DECK[c] for c in r])),
        "7-card high": (
            "evaluate(hole, board)",
            lambda r: evaluate([DECK[c] for c in r[:2]], [DECK[c] for c in r[2:]]),
        ),
        "omaha high": (
            "evaluate_game('omaha', hole, board)",
            lambda r: evaluate_game("omaha", [DECK[c] for c in r[:4]], [DECK[c] for c in r[4:]]),
        ),
        "razz 7": (
            "evaluate_game('razz', cards)",
            lambda r: evaluate_game("razz", [DECK[c] for c in r]),
        ),
        "badugi 4": (
            "evaluate_game('badugi', cards)",
            lambda r: evaluate_game("badugi", [DECK[c] for c in r]),
        ),
    }
    for workload, (api, call) in readable_calls.items():
        sample = rows[workload][: sizes.readable_rows].tolist()
        seconds = _median_time(lambda s=sample, f=call: [f(r) for r in s], repeats=3)
        result = Result(
            workload, "showdown readable (HandValue)", len(sample) / seconds, len(sample), api
        )
        out.setdefault(workload, []).append(result)
        report(f"  {workload:<22} readable {api}: {result.hands_per_s:,.0f} hands/s")
    return out, per_call, per_call_pkrbot


def _literal_loop(
    function: Callable[..., object], keywords: str
) -> Callable[[list[list[int]]], list[object]]:
    """``lambda rows: [function(r, <keywords>) for r in rows]`` with the keywords written
    out, as a user's loop calls it: ``function(r, **kwargs)`` would also time building a
    dict and unpacking it on every call (three times the call itself)."""
    code = f"lambda rows: [function(r, {keywords}) for r in rows]"
    loop: Callable[[list[list[int]]], list[object]] = eval(code, {"function": function})
    return loop


def _vs(peer: dict[str, float], key: str, rate: float) -> str:
    """`` (1.23x pkrbot 4.56 M calls/s, in turn)`` where pkrbot was timed with the row."""
    if key not in peer:
        return ""
    return f"  ({rate / peer[key]:.2f}x pkrbot {peer[key] / 1e6:.2f} M calls/s, in turn)"


def _check_order(rows: dict[str, CardArray], report: Report) -> None:
    from showdown.batch import evaluate_many

    loaded, _ = load_peers()
    for workload, array in rows.items():
        _, kwargs, column = SHOWDOWN_BATCH[workload]
        ours = evaluate_many(array[:2000], **kwargs)
        if column is not None:
            ours = ours[:, column]
        ours_dense = np.unique(ours.astype(np.int64), return_inverse=True)[1]
        for peer, theirs in peer_strengths(workload, array[:2000], loaded=loaded).items():
            same = np.array_equal(ours_dense, np.unique(theirs, return_inverse=True)[1])
            report(
                f"  {workload:<22} showdown vs {peer:<12} "
                f"{'same order' if same else 'DIFFERENT ORDER'} on 2,000 hands"
            )
        if workload == "7-card high":
            same_omp = ompeval_same_order(array[:2000], ours)
            if same_omp is not None:
                report(
                    f"  {workload:<22} showdown vs {'OMPEval':<12} "
                    f"{'same order' if same_omp else 'DIFFERENT ORDER'} on 2,000 hands"
                )


def _census(report: Report, repeats: int) -> dict[str, float]:
    from showdown.batch import census

    times: dict[str, float] = {}
    for ranking, size in (
        ("high", 7),
        ("high", 5),
        ("razz", 7),
        ("eight_or_better", 7),
        ("deuce_to_seven", 5),
        ("badugi", 4),
    ):
        start = time.perf_counter()
        result = census(ranking, size)
        first = time.perf_counter() - start
        seconds = (
            _median_time(lambda r=ranking, s=size: census(r, s), repeats) if repeats else first
        )
        times[f"{ranking} {size}"] = seconds
        report(
            f"  {ranking:<16} {size} cards: {result.hands:>11,} hands, "
            f"{result.classes:>5,} classes in {seconds:.3f} s "
            f"({result.hands / seconds / 1e6:,.0f} M hands/s; first run {first:.2f} s)"
        )
    return times


def _processes(report: Report, repeats: int) -> dict[str, float]:
    python = sys.executable
    script = str(Path(python).parent / "showdown")
    has_script = Path(script).exists()

    # as an installed package runs: with its bytecode kept (a shell or CI that sets
    # PYTHONDONTWRITEBYTECODE would have every process compile showdown's sources again)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def wall(command: list[str], repeats: int) -> float:
        subprocess.run(command, capture_output=True, check=True, env=env)
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True, env=env)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    nan = float("nan")
    import_s = wall([python, "-c", "import showdown"], repeats)
    hand_s = (
        wall([script, "hand", "As Ks", "--board", "Qs Js Ts 2c 3d"], repeats) if has_script else nan
    )
    equity_s = wall([script, "equity", "AhKh", "QsQd", "--exact"], repeats) if has_script else nan
    census_s = wall([script, "census", "--json"], min(3, repeats // 2)) if has_script else nan
    report(
        f"  python -c 'import showdown'                 {import_s:.3f} s "
        f"(median of {repeats}, process wall time, warm cache)"
    )
    report(f"  showdown hand 'As Ks' --board '...'         {hand_s:.3f} s")
    report(f"  showdown equity AhKh QsQd --exact           {equity_s:.3f} s")
    report(f"  showdown census --json (7 cards, again)     {census_s:.3f} s")
    return {"import": import_s, "hand": hand_s, "equity": equity_s, "census_cli": census_s}


def _fmt_rate(rate: float) -> str:
    return f"{rate / 1e6:,.2f} M" if rate >= 1e6 else f"{rate / 1e3:,.1f} k"


def _table(
    batch: dict[str, dict[str, Result]],
    scalar: dict[str, list[Result]],
    peers: list[PeerRecord],
    report: Report,
) -> None:
    report(
        "| workload | evaluator | hands/s | rows timed | batch (all cores) / this | timed call |"
    )
    report("|---|---|---:|---:|---:|---|")
    for workload in WORKLOADS:
        if workload not in batch:
            continue
        ours = batch[workload]
        best = max(r.hands_per_s for r in ours.values())
        lines: list[tuple[str, float, int, str]] = [
            (r.what, r.hands_per_s, r.n, r.api) for r in ours.values()
        ]
        lines += [(r.what, r.hands_per_s, r.n, r.api) for r in scalar.get(workload, [])]
        lines += [
            (p["peer"], p["hands_per_s"], p["n"], p["api"])
            for p in sorted(peers, key=lambda p: -p["hands_per_s"])
            if p["workload"] == workload
        ]
        for what, rate, n, api in lines:
            ratio = f"{best / rate:,.1f}x"
            report(f"| {workload} | {what} | {_fmt_rate(rate)} | {n:,} | {ratio} | `{api}` |")


def _targets(
    batch: dict[str, dict[str, Result]],
    scalar: dict[str, list[Result]],
    peers: list[PeerRecord],
    census_times: dict[str, float],
    processes: dict[str, float],
    report: Report,
) -> None:
    def ours(workload: str) -> float:
        return max(r.hands_per_s for r in batch[workload].values())

    def peer(name: str, workload: str) -> float | None:
        for record in peers:
            if record["peer"] == name and record["workload"] == workload:
                return record["hands_per_s"]
        return None

    scalar7 = scalar["7-card high"][0].hands_per_s
    checks: list[tuple[str, str, bool | None]] = []
    seven = ours("7-card high")
    checks.append(("batch 7-card high >= 100 M hands/s", f"{seven / 1e6:,.1f} M/s", seven >= 100e6))
    eval7 = peer("eval7", "7-card high")
    checks.append(
        (
            "batch 7-card high >= 45x eval7 per call",
            "n/a" if eval7 is None else f"{seven / eval7:,.0f}x",
            None if eval7 is None else seven >= 45 * eval7,
        )
    )
    omaha = ours("omaha high")
    checks.append(("batch Omaha high >= 10 M hands/s", f"{omaha / 1e6:,.1f} M/s", omaha >= 10e6))
    for workload in ("razz 7", "8-or-better low 7", "badugi 4"):
        rate = ours(workload)
        checks.append((f"batch {workload} >= 50 M hands/s", f"{rate / 1e6:,.1f} M/s", rate >= 50e6))
    census7 = census_times["high 7"]
    checks.append(
        ("census of 133,784,560 seven-card hands <= 2 s", f"{census7:.3f} s", census7 <= 2.0)
    )
    treys = peer("treys", "7-card high")
    checks.append(
        (
            "strength7 >= 5x treys per call",
            "n/a" if treys is None else f"{scalar7 / treys:,.1f}x",
            None if treys is None else scalar7 >= 5 * treys,
        )
    )
    phe = peer("phevaluator", "7-card high")
    checks.append(
        (
            "strength7 within 2x of phevaluator per call",
            "n/a" if phe is None else f"{scalar7 / phe:,.2f}x phevaluator",
            None if phe is None else scalar7 >= phe / 2,
        )
    )
    checks.append(
        ("import showdown <= 0.3 s", f"{processes['import']:.3f} s", processes["import"] <= 0.3)
    )
    checks.append(
        (
            "second `showdown hand` process <= 1 s",
            f"{processes['hand']:.3f} s",
            processes["hand"] <= 1.0,
        )
    )
    report("| target (issue 5) | measured | met |")
    report("|---|---:|:---:|")
    for name, value, ok in checks:
        report(f"| {name} | {value} | {'n/a' if ok is None else 'yes' if ok else '**no**'} |")


def _per_call_only(sizes: Sizes, seed: int) -> int:
    """``--per-call``: showdown's one-hand entries, each timed in turn with pkrbot's call."""
    report = Report()
    rows = make_rows(sizes.per_call_rows, seed, list(PER_CALL))
    report("showdown per call (each row timed in turn with pkrbot's 7-card call):")
    _, per_call, peer = _showdown_scalar(rows, report, sizes, readable=False)
    if not peer:
        report("pkrbot is not installed: no ratios")
        return 0
    report("ratios to pkrbot (same seconds):")
    for key, rate in per_call.items():
        report(f"  {key:<34} {rate / 1e6:6.2f} M calls/s  {rate / peer[key]:5.2f}x")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=None, help="rows per workload")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--budget", type=float, default=None, help="seconds per (peer, workload)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "RESULTS.md")
    parser.add_argument(
        "--quick", action="store_true", help="every row at small sizes (a smoke test, ~1 min)"
    )
    parser.add_argument(
        "--per-call",
        action="store_true",
        help="only showdown's per-call rows and pkrbot's, with their ratios (writes nothing)",
    )
    args = parser.parse_args(argv)
    sizes = Sizes.of(args.quick)
    if args.per_call:
        return _per_call_only(sizes, args.seed)
    if args.rows is None:
        args.rows = 100_000 if args.quick else 2_000_000
    if args.budget is None:
        args.budget = 0.15 if args.quick else 1.5
    started = time.perf_counter()
    report = Report()
    report("# showdown benchmark results")
    report()
    report("Written by `make bench` (`benchmarks/run.py`); every figure is a median of repeats.")
    if args.quick:
        report("**A `--quick` run: small sizes, a smoke test; do not quote these figures.**")
    report("All evaluators get the same pre-generated random rows (`benchmarks/inputs.py`, seed")
    report(f"{args.seed}). showdown's batch figures include its input checks (range, duplicates).")
    report()
    report("## Machine")
    report()
    for line in _machine():
        report(line)
    report()
    report("## Log")
    report()
    report("```")
    t0 = time.perf_counter()
    rows = make_rows(args.rows, args.seed)
    report(
        f"generated {args.rows:,} rows x {len(rows)} workloads in {time.perf_counter() - t0:.1f} s"
    )
    report("showdown batch (evaluate_many, checks included):")
    batch, thread_scaling = _showdown_batch(rows, report, sizes.batch_repeats)
    report("OMPEval batch (pokerfast's C ABI, pf_evaluate on the same 7-card rows):")
    threads = sorted({1, min(2, os.cpu_count() or 1)})
    omp_batch = ompeval_batch(rows["7-card high"], threads, sizes.batch_repeats)
    if omp_batch is None:
        report("  note: peer 'pokerfast' skipped: package not installed")
    else:
        report(
            "  7-card high            "
            + ", ".join(
                f"{t} thread{'s' if t > 1 else ''}: {r / 1e6:,.1f} M/s"
                for t, r in omp_batch.items()
            )
        )
    paired7 = _paired_seven(rows["7-card high"], sizes.batch_repeats)
    if paired7 is not None:
        report(
            f"  7-card high, 1 thread each, timed in turn: showdown {paired7[0] / 1e6:,.1f} M/s, "
            f"OMPEval {paired7[1] / 1e6:,.1f} M/s ({paired7[0] / paired7[1]:.2f}x)"
        )
    report("showdown per call:")
    scalar, per_call, per_call_pkrbot = _showdown_scalar(rows, report, sizes)
    report("orderings (showdown vs each peer, same winner and ties on every pair):")
    _check_order(rows, report)
    report("peers (one Python call per hand, conversion untimed):")
    peers = measure_peers(
        rows,
        args.budget,
        max_rows=20_000 if args.quick else 2_000_000,
        check=not args.quick,  # --quick: the showdown-vs-peer orderings above only
        log=lambda line: report(f"  {line}"),
    )
    report("census (showdown.batch.census; times exclude the first run's compilation):")
    census_times = _census(report, sizes.census_repeats)
    report("processes:")
    processes = _processes(report, sizes.process_repeats)
    report("equity spots of issue 13 (showdown, OMPEval C ABI, poker-equity):")
    spots = measure_spots(quick=args.quick, log=report)
    report("```")
    report()
    report("## Hands per second")
    report()
    report(
        "The ratio column is showdown's best batch rate for the workload divided by the row's rate."
    )
    report()
    _table(batch, scalar, peers, report)
    report()
    report("## Targets")
    report()
    _targets(batch, scalar, peers, census_times, processes, report)
    report()
    report("## Streams: audit and resolve (issues #11, #13)")
    report()
    from benchmarks.bench_streams import format_rows, measure_streams

    report("```")
    streams = measure_streams(log=report, hands=sizes.audit_hands, records=sizes.resolve_records)
    report("```")
    report()
    for line in format_rows(streams):
        report(line)
    report()
    report("## Every room's reader (issue 27)")
    report()
    report(
        "A history of each room generated from its sample hands (tests/data/histories/<room>/), "
        "read and audited by audit_paths on one worker (best of three); target 10,000 hands/s "
        "per core."
    )
    report()
    from benchmarks.bench_rooms import format_rooms, measure_rooms

    report("```")
    rooms = measure_rooms(hands=sizes.audit_hands // 5, log=report)
    report("```")
    report()
    for line in format_rooms(rooms):
        report(line)
    report()
    report("## Equity (issue #6)")
    report()
    from benchmarks.bench_equity import format_equity_table, measure_equity

    report("```")
    for line in format_equity_table(measure_equity(quick=args.quick)).splitlines():
        report(line)
    report("```")
    report()
    report("## Cold start (issue 12)")
    report()
    report(
        "The first call of each public function in a fresh process, after `import showdown`, "
        "with the compiled core built by the install step and the tables in the disk cache "
        "(median of fresh processes)."
    )
    report()
    from benchmarks.bench_cold import format_cold, measure_cold

    report("```")
    cold = measure_cold(
        repeats=1 if args.quick else 3,
        log=report,
        only=("evaluate", "evaluate_many (10,000 seven-card rows)") if args.quick else None,
    )
    report("```")
    report()
    for line in format_cold(cold):
        report(line)
    report()
    from benchmarks.bench_cold import first_requests, format_requests

    report("```")
    served = first_requests(log=report)
    report("```")
    report()
    for line in format_requests(served or []):
        report(line)
    report()
    report("## Targets of issue 13")
    report()
    report(
        "Each row: showdown's figure and the peer's from this run (or the limit), the ratio "
        "(turned so that greater is better: ours / peer for rates, peer / ours for times), "
        "the least ratio that meets the target, and the verdict. A row without a target "
        "is shown for its ratio."
    )
    report()
    pkrbot7 = next(
        (
            p["hands_per_s"]
            for p in peers
            if p["peer"] == "pkrbot" and p["workload"] == "7-card high"
        ),
        None,
    )
    batch_by_threads = {
        workload: {int(label.split(", ")[1].split()[0]): r.hands_per_s for label, r in per.items()}
        for workload, per in batch.items()
    }
    targets = build_targets(
        batch=batch_by_threads,
        per_call=per_call,
        per_call_pkrbot=per_call_pkrbot,
        pkrbot7=pkrbot7,
        omp_batch=omp_batch,
        spots=spots,
        paired7=paired7,
        processes=processes,
        streams=streams,
        resolve_records=sizes.resolve_records,
        process_repeats=sizes.process_repeats,
        thread_scaling=thread_scaling,
    )
    for line in format_targets(targets, cpu_model()):
        report(line)
    passed = sum(t.verdict == "PASS" for t in targets)
    failed = sum(t.verdict == "FAIL" for t in targets)
    report()
    report(f"{passed} PASS, {failed} FAIL, {len(targets) - passed - failed} without a verdict.")
    report()
    report(f"Total bench time: {time.perf_counter() - started:.0f} s.")
    args.out.write_text("\n".join(report.lines) + "\n")
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
