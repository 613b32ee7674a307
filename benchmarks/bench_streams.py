"""Stream throughput: ``showdown audit`` of a history file and ``showdown resolve`` of JSON Lines.

Not part of ``make test``; ``make bench`` (:mod:`benchmarks.run`) calls
:func:`measure_streams` and prints each row with its target and ratio:

* **audit** (issue 11): a generated PokerStars file
  (:func:`showdown.history.synthetic.synthetic_hands`) read and audited by
  the whole ``showdown audit --json`` process (start-up, workers and the
  JSON it writes included) with 1 and 2 worker processes; target 5,000
  hands/s per core, read and audited (the CPU seconds are shown too: on a
  shared machine they vary less than the wall time).
* **resolve stream** (issue 13): 40,000 six-player Hold'em showdown records
  (the issue's table timed 10,000; at the target rate those take less than
  the process's start-up, so the bench times a longer stream) through the
  whole ``showdown resolve --json`` process, one process, one process with
  ``--workers 2``, and two processes at once on the two halves of the file
  (two cores); target 20,000 showdowns/s on two cores (one
  process with one worker is held to one core's share, 10,000/s). The
  times are of whole processes: the start-up (Python, the imports, loading
  the kernels) is in them.

    python -m benchmarks.bench_streams [--hands N] [--records N]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["AUDIT_TARGET", "RESOLVE_TARGET", "StreamRow", "measure_streams", "six_player_records"]

AUDIT_TARGET = 5_000.0
"""Hands read and audited per second per core (issue 11)."""

RESOLVE_TARGET = 20_000.0
"""Six-player showdowns resolved per second on two cores (issue 13)."""


@dataclass(frozen=True)
class StreamRow:
    """One measured row: what ran, the rate, the target it is held to, and the detail."""

    workload: str
    rate: float
    target: float
    unit: str
    detail: str

    @property
    def ratio(self) -> float:
        """Measured over target (1.0 = met)."""
        return self.rate / self.target


def six_player_records(count: int, seed: int = 10_000) -> list[str]:
    """``count`` six-player Hold'em showdown records, one JSON text each (the CLI test's kind)."""
    from showdown.cards import DECK

    rng = random.Random(seed)
    lines = []
    for index in range(count):
        cards = [str(c) for c in rng.sample(DECK, 17)]
        players = [
            {
                "name": f"P{i}",
                "cards": cards[5 + 2 * i : 7 + 2 * i],
                "stake": rng.choice([10, 20, 35]),
            }
            for i in range(6)
        ]
        lines.append(
            json.dumps(
                {
                    "game": "holdem",
                    "board": " ".join(cards[:5]),
                    "button": index % 6,
                    "players": players,
                }
            )
        )
    return lines


def _audit(path: Path, workers: int) -> tuple[float, float, int]:
    """Wall and CPU seconds of one whole ``showdown audit --json`` process (its workers
    included) on a file, and the showdowns it wrote."""
    import resource

    command = [sys.executable, "-m", "showdown", "audit", "--json", "--workers", str(workers)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        subprocess.run([*command, str(path)], stdout=out, check=False)
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        out.seek(0)
        showdowns = sum(1 for _ in out)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, showdowns


def _resolve_processes(paths: list[Path], *options: str) -> float:
    """Wall time of one ``showdown resolve --json`` process per file, all at once."""
    command = [sys.executable, "-m", "showdown", "resolve", "--json", *options]
    start = time.perf_counter()
    running = [subprocess.Popen([*command, str(path)], stdout=subprocess.DEVNULL) for path in paths]
    for process in running:
        process.wait()
    return time.perf_counter() - start


def measure_streams(
    log: Callable[[str], None] = print, *, hands: int = 100_000, records: int = 40_000
) -> list[StreamRow]:
    """Time the audit (1 and 2 workers) and the resolve stream (1 and 2 processes)."""
    from showdown.history.synthetic import synthetic_hands

    rows: list[StreamRow] = []
    with tempfile.TemporaryDirectory() as folder:
        history = Path(folder) / "synthetic.txt"
        with history.open("w", encoding="utf-8") as out:
            for text in synthetic_hands(hands, seed=11):
                out.write(text)
        for workers in (1, 2):
            seconds, cpu, audited = _audit(history, workers)
            read = hands
            per_core = read / seconds / workers
            detail = (
                f"{read:,} hands in {seconds:.2f} s = {read / seconds:,.0f} hands/s, "
                f"{audited / seconds:,.0f} showdowns/s (whole process; "
                f"{read / cpu:,.0f} hands per CPU second)"
            )
            log(f"  audit, {workers} worker{'s' if workers > 1 else ''}: {detail}")
            rows.append(
                StreamRow(
                    f"showdown audit, {workers} worker{'s' if workers > 1 else ''}",
                    per_core,
                    AUDIT_TARGET,
                    "hands/s per core",
                    detail,
                )
            )
        lines = six_player_records(records)
        whole = Path(folder) / "six.jsonl"
        whole.write_text("\n".join(lines) + "\n", encoding="utf-8")
        halves = [Path(folder) / "six-a.jsonl", Path(folder) / "six-b.jsonl"]
        middle = len(lines) // 2
        halves[0].write_text("\n".join(lines[:middle]) + "\n", encoding="utf-8")
        halves[1].write_text("\n".join(lines[middle:]) + "\n", encoding="utf-8")
        _resolve_processes([halves[0]])  # warm the caches
        runs: list[tuple[list[Path], tuple[str, ...], str, int]] = [
            ([whole], (), "1 process", 1),
            ([whole], ("--workers", "2"), "1 process, --workers 2", 2),
            (halves, (), "2 processes, half each", 2),
        ]
        for paths, options, label, cores in runs:
            seconds = _resolve_processes(paths, *options)
            detail = f"{records:,} records in {seconds:.2f} s (whole processes)"
            log(
                f"  showdown resolve --json, {label}: "
                f"{records / seconds:,.0f} showdowns/s ({detail})"
            )
            rows.append(
                StreamRow(
                    f"showdown resolve, six-player Hold'em, {label}",
                    records / seconds,
                    RESOLVE_TARGET * cores / 2,  # one core: one core's share
                    "showdowns/s",
                    detail,
                )
            )
    return rows


def format_rows(rows: list[StreamRow]) -> list[str]:
    """The rows as a Markdown table with the target, the ratio and pass/fail."""
    lines = [
        "| workload | measured | target | ratio | met |",
        "|---|---:|---:|---:|:---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row.workload} | {row.rate:,.0f} {row.unit} | {row.target:,.0f} | "
            f"{row.ratio:.2f}x | {'yes' if row.ratio >= 1 else '**no**'} |"
        )
    return lines


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--records", type=int, default=40_000)
    args = parser.parse_args()
    rows = measure_streams(hands=args.hands, records=args.records)
    print("\n".join(format_rows(rows)))


if __name__ == "__main__":
    main()
