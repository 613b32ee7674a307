"""Equity benchmarks: the speed targets of the equity issue, measured in one run.

Library use (``benchmarks/run.py`` calls this)::

    from benchmarks.bench_equity import measure_equity, format_equity_table

    records = measure_equity(repeats=7)
    print(format_equity_table(records))

Standalone, from the repository root::

    python -m benchmarks.bench_equity [--repeats 7] [--dask-matrix]

Each record is a median over ``repeats`` runs after one warm-up (which also
loads the tables). ``ratio`` is how far the measurement is past its target
(> 1 meets it): target / value for times, value / target for rates.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from showdown.equity import equity, equity_matrix

__all__ = ["EquityRecord", "format_equity_table", "measure_equity"]


class EquityRecord(TypedDict):
    name: str
    value: float  # median
    unit: str  # "ms" (lower is better) or "deals/s" (higher is better)
    target: float
    ratio: float  # > 1: the target is met, by this factor
    detail: str


def _median_seconds(run: Callable[[], Any], repeats: int) -> float:
    run()  # warm-up: compiles and builds tables
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _time_record(
    name: str, run: Callable[[], Any], target_ms: float, repeats: int, detail: str
) -> EquityRecord:
    ms = 1000 * _median_seconds(run, repeats)
    return EquityRecord(
        name=name, value=ms, unit="ms", target=target_ms, ratio=target_ms / ms, detail=detail
    )


def _rate_record(
    name: str, run: Callable[[], Any], deals: int, target: float, repeats: int, detail: str
) -> EquityRecord:
    rate = deals / _median_seconds(run, repeats)
    ratio = rate / target if target else 0.0  # target 0: none (shown as a dash)
    return EquityRecord(
        name=name, value=rate, unit="deals/s", target=target, ratio=ratio, detail=detail
    )


def measure_equity(
    *,
    repeats: int = 7,
    dask_matrix: bool = False,
    matrix_samples: int = 2_000,
    quick: bool = False,
) -> list[EquityRecord]:
    """Measure every equity target; with ``dask_matrix``, also the 169 x 169 matrix
    on a local two-worker Dask cluster against the local run (needs the 'dask' extra).
    ``quick`` samples a tenth of the deals, once each (a smoke test of the code)."""
    cores = min(2, os.cpu_count() or 1)
    scale = 10 if quick else 1
    sampled = 1 if quick else max(3, repeats // 2)
    records = [
        _time_record(
            "exact AhKh vs QsQd preflop, one core",
            lambda: equity(["AhKh", "QsQd"], workers=1),
            15.0,
            repeats,
            "1,712,304 boards; OMPEval ~3 ms, PokerStove ~15 ms",
        ),
        _time_record(
            "exact AK vs QQ (ranges)",
            lambda: equity(["AK", "QQ"], workers=1),
            100.0,
            repeats,
            "96 combo pairs, 1 core; OMPEval ~19 ms",
        ),
        _time_record(
            "exact AhKh vs QsQd vs JcTc preflop",
            lambda: equity(["AhKh", "QsQd", "JcTc"], workers=1),
            30.0,
            repeats,
            "1,370,754 boards, 1 core",
        ),
    ]
    holdem_deals = 20_000_000 // scale
    records.append(
        _rate_record(
            f"Monte Carlo Hold'em heads-up, {cores} cores",
            lambda: equity(["AhKh", "QsQd"], samples=holdem_deals, seed=1, workers=cores),
            holdem_deals,
            20e6,
            sampled,
            "AhKh vs QsQd; eval7 ~14 M/s",
        )
    )
    omaha_deals = 4_000_000 // scale
    records.append(
        _rate_record(
            f"Monte Carlo Omaha Hi/Lo 4-way, {cores} cores",
            lambda: equity(
                ["AsAh2d3c", "KsKdQhJh", "9c8c7d6d", "5s4s3h2h"],
                game="omaha8",
                samples=omaha_deals,
                seed=1,
                workers=cores,
            ),
            omaha_deals,
            2e6,
            sampled,
            "four known hands",
        )
    )
    records.append(
        _rate_record(
            f"Monte Carlo Hold'em range vs range, {cores} cores",
            lambda: equity(["QQ+, AK", "22+, A2s+, KTo+"], samples=holdem_deals, seed=1),
            holdem_deals,
            0.0,
            sampled,
            "weighted sampling with card removal (no target of its own)",
        )
    )
    peer = _eval7_rate(2_000_000 // scale)
    if peer is not None:
        records.append(peer)
    if dask_matrix:
        records.append(_dask_matrix(matrix_samples))
    return records


def _eval7_rate(iterations: int) -> EquityRecord | None:
    """eval7's Monte Carlo, same spot, in the same run (when eval7 is installed)."""
    try:
        import eval7  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    hero = [eval7.Card(c) for c in ("Ah", "Kh")]
    villain = eval7.HandRange("QsQd")
    rate = iterations / _median_seconds(
        lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], iterations), 3
    )
    return EquityRecord(
        name="peer: eval7 Monte Carlo heads-up, 1 core",
        value=rate,
        unit="deals/s",
        target=14e6,
        ratio=rate / 14e6,
        detail="for the ratio to ours in this run",
    )


def _dask_matrix(samples: int) -> EquityRecord:
    import distributed
    import numpy as np

    dask: Any = distributed  # partly typed

    started = time.perf_counter()
    local = equity_matrix(samples=samples, seed=1)
    local_s = time.perf_counter() - started
    with (
        dask.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        dask.Client(cluster) as client,
    ):
        equity_matrix(["AA"], "KK", samples=1_000, client=client)  # warm the workers
        started = time.perf_counter()
        remote = equity_matrix(samples=samples, seed=1, client=client)
        remote_s = time.perf_counter() - started
    equal = bool(np.array_equal(local.values, remote.values, equal_nan=True))
    return EquityRecord(
        name="169 x 169 class matrix on a 2-worker Dask cluster",
        value=1000 * remote_s,
        unit="ms",
        target=1000 * local_s,
        ratio=local_s / remote_s,
        detail=f"{samples:,} deals per cell; equal to the local run: {equal}",
    )


def format_equity_table(records: list[EquityRecord]) -> str:
    """A plain-text table of the records."""
    lines = [f"{'benchmark':<48} {'median':>16} {'target':>14} {'ratio':>7}  detail"]
    for r in records:
        if r["unit"] == "ms":
            value, target = f"{r['value']:.2f} ms", f"<= {r['target']:.0f} ms"
        else:
            value, target = f"{r['value'] / 1e6:.2f} M/s", f">= {r['target'] / 1e6:.0f} M/s"
        ratio = f"{r['ratio']:>6.2f}x"
        if not r["target"]:
            target, ratio = "—", "     —"
        lines.append(f"{r['name']:<48} {value:>16} {target:>14} {ratio}  {r['detail']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--dask-matrix", action="store_true")
    parser.add_argument("--matrix-samples", type=int, default=2_000)
    args = parser.parse_args(argv)
    records = measure_equity(
        repeats=args.repeats, dask_matrix=args.dask_matrix, matrix_samples=args.matrix_samples
    )
    print(format_equity_table(records))


if __name__ == "__main__":
    main()
