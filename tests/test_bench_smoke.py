"""``python -m benchmarks.run --quick`` runs to the end and prints every target of issue 13.

The main environment has none of the bench-only peers but treys (they live in
``benchmarks/requirements.txt``, installed by ``make bench`` into ``.bench-venv``), so
this also checks that missing peers are skipped with a note and their rows read n/a.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORES = min(2, os.cpu_count() or 1)

# One fragment of each target row's name: every row of issue 13's table.
TARGET_ROWS = [
    "7-card high batch, 1 thread, vs OMPEval C ABI 1 thread",
    *(
        f"{workload} batch, 2 threads vs 1"
        for workload in (
            "5-card high",
            "7-card high",
            "omaha high",
            "razz 7",
            "2-7 low 5",
            "8-or-better low 7",
            "omaha 8-or-better low",
            "badugi 4",
        )
    ),
    "strength7, one Python call per hand, vs pkrbot per call",
    "strength(codes, ...) per call, omaha 8-or-better low, vs pkrbot 7-card per call",
    *(
        f"scorer(...)(codes) per call, {workload}, vs pkrbot 7-card per call"
        for workload in ("7-card high", "omaha high", "omaha 6 hi-lo", "short deck 7", "badugi 4")
    ),
    "exact AhKh vs QsQd on 2c7d9s (990 boards) <= 0.1 ms",
    "exact AhKh vs QsQd on 2c7d9s vs OMPEval",
    "exact AhKh vs QsQd on 2c7d9s vs poker-equity",
    "exact 2-7 single draw, pat nine vs a one-card draw (42 deals) <= 60 µs",
    "exact Badugi, pat K-badugi vs a one-card draw (45 deals) <= 60 µs",
    "exact 2-7 single draw, pat nine vs a one-card draw, workers=2 never slower than 1",
    "exact preflop AhKh vs QsQd enumerated",
    "exact preflop AhKh vs QsQd from the preflop table <= 50 µs",
    "Monte Carlo AhKh vs QsQd, 2 workers vs 1",
    f"Monte Carlo AhKh vs QsQd, {CORES} workers, vs OMPEval {CORES} threads",
    "Monte Carlo Stud (third street)",
    "Monte Carlo Razz (third street)",
    "exact Omaha 4 heads-up vs poker-equity",
    "exact Omaha 5 heads-up vs poker-equity",
    "exact Omaha 6 heads-up vs poker-equity",
    "`showdown hand` whole process, median of 3 <= 0.25 s",
    "`showdown equity AhKh QsQd --exact` whole process, median of 3 <= 0.5 s",
    "`showdown resolve` 500 six-player showdowns >= 20,000/s",
    "showdown audit, 1 worker >= 5,000 hands/s per core",
]


@pytest.mark.slow
def test_quick_bench_prints_every_target(tmp_path: Path) -> None:
    out = tmp_path / "RESULTS.md"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.run", "--quick", "--out", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    printed = done.stdout
    assert out.read_text(encoding="utf-8").strip() in printed
    table = printed.partition("## Targets of issue 13")[2]
    rows = [line for line in table.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| target (issue 13) |")
    for name in TARGET_ROWS:
        matching = [row for row in rows if name in row]
        assert matching, f"no target row {name!r}"
        for row in matching:
            verdict = row.rstrip(" |").rpartition("|")[2].strip()
            assert verdict in {"PASS", "**FAIL**", "—"} or verdict.startswith("n/a: "), row
    for peer, module in (("pokerfast", "pokerfast"), ("poker-equity", "poker_equity")):
        if importlib.util.find_spec(module) is None:
            assert f"peer '{peer}' skipped" in printed
            assert f"n/a: peer missing ({peer})" in table
    if importlib.util.find_spec("pkrbot") is None:
        assert "n/a: peer missing (pkrbot)" in table
