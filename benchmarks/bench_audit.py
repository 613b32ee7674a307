"""Audit throughput: hands read and showdowns audited per second on a synthetic PokerStars file.

Not part of ``make test``. Writes a generated history (``--hands``, default
100,000) to a temporary file, then times ``audit_paths`` with 1 and 2 worker
processes and prints hands/s (per core) and showdowns/s.

    python -m benchmarks.bench_audit [--hands N] [--workers 1 2]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from showdown.history.audit import Tally, audit_paths
from showdown.history.synthetic import synthetic_hands


def run(path: Path, workers: int) -> tuple[float, Tally]:
    """Audit one file; the seconds it took and the counts."""
    tally = Tally()
    start = time.perf_counter()
    for _, part in audit_paths([str(path)], workers=workers, chunk=1000):
        tally.merge(part)
    return time.perf_counter() - start, tally


def main() -> None:
    """Generate, audit, print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "synthetic.txt"
        with path.open("w", encoding="utf-8") as out:
            for text in synthetic_hands(args.hands, seed=11):
                out.write(text)
        for workers in args.workers:
            seconds, tally = run(path, workers)
            hands = sum(row["hands"] for row in tally.rows.values())
            showdowns = sum(row["showdowns"] for row in tally.rows.values())
            agree = sum(row["agree"] for row in tally.rows.values())
            print(
                f"workers={workers}: {hands} hands in {seconds:.2f} s = "
                f"{hands / seconds:,.0f} hands/s ({hands / seconds / workers:,.0f} per core), "
                f"{showdowns / seconds:,.0f} showdowns/s, {agree}/{showdowns} agree"
            )


if __name__ == "__main__":
    main()
