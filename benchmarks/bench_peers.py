"""Time peer evaluators (treys, phevaluator, eval7, pokerkit) on shared random inputs.

Library use (the showdown side of ``make bench`` times itself on the same ``rows``)::

    from benchmarks.inputs import make_rows
    from benchmarks.bench_peers import measure_peers, format_table

    rows = make_rows(1_000_000, seed=2024)
    records = measure_peers(rows, budget_s=2.0)
    print(format_table(records, reference={"7-card high": ours_hands_per_s}))

Standalone, from the repository root (needs the peers installed, see requirements.txt)::

    python -m benchmarks.bench_peers --budget 0.5
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypedDict

import numpy as np
import numpy.typing as npt

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.inputs import WORKLOADS, make_rows
from benchmarks.peers import Adapter, Runner, load_peers

__all__ = [
    "PeerRecord",
    "check_orderings",
    "format_table",
    "measure_peers",
    "ordering_disagreements",
    "peer_strengths",
]

CardArray = npt.NDArray[np.uint8]
Log = Callable[[str], None]

SANITY_ROWS = 2_000
SANITY_PAIRS = 20_000
_CALIBRATION_MIN_S = 0.02
_CALIBRATION_START_ROWS = 16


class PeerRecord(TypedDict):
    peer: str
    workload: str
    hands_per_s: float  # median over the repeats
    n: int  # rows evaluated per repeat
    api: str  # the timed call
    repeat_s: list[float]  # wall seconds of each repeat


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Keep the cyclic GC out of timed loops (as :mod:`timeit` does)."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _time(run: Runner) -> float:
    with _gc_paused():
        start = time.perf_counter()
        run()
        return time.perf_counter() - start


def _pick_n(adapter: Adapter, rows: CardArray, target_s: float, max_rows: int) -> int:
    """Rows per repeat so that one repeat takes about ``target_s``.

    Calibrates on growing prefixes until a run takes long enough to measure, so slow
    peers (pokerkit) are sized from a few rows and never run the whole array.
    """
    available = min(len(rows), max_rows)
    n_cal = min(_CALIBRATION_START_ROWS, available)
    while True:
        elapsed = _time(adapter.prepare(rows[:n_cal]))
        if elapsed >= _CALIBRATION_MIN_S or n_cal >= available or elapsed >= target_s:
            break
        n_cal = min(n_cal * 8, available)
    per_hand = max(elapsed, 1e-9) / n_cal
    return max(1, min(available, int(target_s / per_hand)))


def measure_peers(
    rows: Mapping[str, CardArray],
    budget_s: float,
    *,
    peers: list[str] | None = None,
    repeats: int = 3,
    max_rows: int = 2_000_000,
    include_private: bool = False,
    check: bool = True,
    log: Log = print,
) -> list[PeerRecord]:
    """Time every available (peer, workload) pair on ``rows[workload]``.

    ``rows`` maps workload names from :data:`benchmarks.inputs.WORKLOADS` to code arrays;
    workloads a peer does not support are skipped.  Each pair is sized so its ``repeats``
    timed runs take about ``budget_s`` in total (using a prefix of the rows, at most
    ``max_rows``), and reports the median hands/s.  Conversion to the peer's card objects
    happens before timing.  Peers that are not installed are skipped with a note.  With
    ``check``, also runs :func:`check_orderings` first and logs any disagreement.
    """
    if repeats < 1:
        raise ValueError("repeats must be >= 1")
    unknown = [w for w in rows if w not in WORKLOADS]
    if unknown:
        raise KeyError(f"unknown workload(s) {unknown}; known: {list(WORKLOADS)}")
    loaded, notes = load_peers(peers, include_private=include_private)
    for note in notes:
        log(note)
    if check:
        check_orderings(rows, loaded=loaded, log=log)

    records: list[PeerRecord] = []
    for workload, arr in rows.items():
        if len(arr) == 0:
            continue
        for peer, adapters in loaded.items():
            adapter = adapters.get(workload)
            if adapter is None:
                continue
            n = _pick_n(adapter, arr, budget_s / repeats, max_rows)
            run = adapter.prepare(arr[:n])  # calibration above already warmed the code
            times = [_time(run) for _ in range(repeats)]
            del run
            records.append(
                PeerRecord(
                    peer=peer,
                    workload=workload,
                    hands_per_s=n / statistics.median(times),
                    n=n,
                    api=adapter.api,
                    repeat_s=times,
                )
            )
    return records


# ------------------------------------------------------------------ sanity checks


def peer_strengths(
    workload: str,
    rows: CardArray,
    *,
    loaded: Mapping[str, Mapping[str, Adapter]] | None = None,
) -> dict[str, npt.NDArray[np.int64]]:
    """Each supporting peer's strengths (greater = better for ``workload``) per row."""
    if loaded is None:
        loaded, _ = load_peers()
    out: dict[str, npt.NDArray[np.int64]] = {}
    for peer, adapters in loaded.items():
        adapter = adapters.get(workload)
        if adapter is not None:
            results = adapter.prepare(rows)()
            out[peer] = np.fromiter(map(adapter.strength, results), np.int64, len(results))
    return out


def ordering_disagreements(
    a: npt.ArrayLike, b: npt.ArrayLike, *, n_pairs: int = SANITY_PAIRS, seed: int = 0
) -> int:
    """How many of ``n_pairs`` random row pairs (i, j) get a different comparison sign
    (win / tie / loss) from strengths ``a`` and from strengths ``b``.

    Works for any two "greater is better" scores over the same rows, e.g. a peer's
    strengths from :func:`peer_strengths` and showdown's ranks (negate them first if
    showdown's convention is "lower is better").
    """
    sa = np.asarray(a, dtype=np.int64)
    sb = np.asarray(b, dtype=np.int64)
    if sa.shape != sb.shape or sa.ndim != 1:
        raise ValueError(f"need equal 1-D arrays, got {sa.shape} and {sb.shape}")
    if len(sa) < 2:
        return 0
    rng = np.random.default_rng(seed)
    i = rng.integers(0, len(sa), n_pairs)
    j = rng.integers(0, len(sa), n_pairs)
    return int(np.count_nonzero(np.sign(sa[i] - sa[j]) != np.sign(sb[i] - sb[j])))


def _same_weak_order(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64]) -> bool:
    """True iff ``a`` and ``b`` order *all* pairs of rows identically."""
    dense_a = np.unique(a, return_inverse=True)[1]
    dense_b = np.unique(b, return_inverse=True)[1]
    return bool(np.array_equal(dense_a, dense_b))


def check_orderings(
    rows: Mapping[str, CardArray],
    *,
    n_rows: int = SANITY_ROWS,
    workloads: list[str] | None = None,
    loaded: Mapping[str, Mapping[str, Adapter]] | None = None,
    log: Log = print,
) -> dict[str, bool]:
    """Check that all peers order the first ``n_rows`` rows of each workload identically.

    Returns ``{workload: agreed}`` for workloads with at least two peers; logs a warning
    with the random-pair disagreement count for every peer that differs.
    """
    if loaded is None:
        loaded, _ = load_peers()
    names = list(rows) if workloads is None else workloads
    verdicts: dict[str, bool] = {}
    for workload in names:
        strengths = peer_strengths(workload, rows[workload][:n_rows], loaded=loaded)
        if len(strengths) < 2:
            continue
        (ref_peer, ref), *others = strengths.items()
        agreed = True
        for peer, s in others:
            if not _same_weak_order(ref, s):
                agreed = False
                bad = ordering_disagreements(ref, s)
                log(
                    f"WARNING: {workload}: {peer} orders hands differently from {ref_peer} "
                    f"({bad}/{SANITY_PAIRS} random pairs disagree on {len(ref)} rows)"
                )
        verdicts[workload] = agreed
        if agreed:
            peers_txt = ", ".join(strengths)
            log(f"ok: {workload}: {peers_txt} agree on the order of {len(ref)} hands")
    return verdicts


# ------------------------------------------------------------------------ report


def format_table(
    records: list[PeerRecord],
    reference: Mapping[str, float] | None = None,
    reference_name: str = "showdown",
) -> str:
    """A plain-text table of hands/s per (workload, peer).

    With ``reference`` (workload -> hands/s, e.g. showdown's own figures) the last
    column is ``reference / peer``; otherwise it is the peer's speed relative to the
    fastest peer on that workload.
    """
    fastest: dict[str, float] = {}
    for r in records:
        fastest[r["workload"]] = max(fastest.get(r["workload"], 0.0), r["hands_per_s"])
    ratio_head = f"{reference_name}/peer" if reference is not None else "vs fastest"
    lines = [
        f"{'workload':<22} {'peer':<21} {'hands/s':>13} {'n':>9} {ratio_head:>14}  api",
        "-" * 110,
    ]
    for r in sorted(records, key=lambda r: (list(WORKLOADS).index(r["workload"]), r["peer"])):
        hps = r["hands_per_s"]
        if reference is not None:
            ref = reference.get(r["workload"])
            ratio = "n/a" if ref is None else f"{ref / hps:,.1f}x"
        else:
            ratio = f"{hps / fastest[r['workload']]:.3f}"
        lines.append(
            f"{r['workload']:<22} {r['peer']:<21} {hps:>13,.0f} {r['n']:>9,} {ratio:>14}"
            f"  {r['api']}"
        )
    return "\n".join(lines)


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=300_000, help="rows generated per workload")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--budget", type=float, default=0.6, help="seconds per (peer, workload), all repeats"
    )
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--peers", nargs="*", default=None, help="default: all public peers")
    parser.add_argument("--workloads", nargs="*", default=None, choices=list(WORKLOADS))
    parser.add_argument(
        "--private", action="store_true", help="also time phevaluator's private C entry points"
    )
    parser.add_argument("--no-check", action="store_true", help="skip the ordering check")
    parser.add_argument("--json", type=Path, default=None, help="also write records here")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    rows = make_rows(args.rows, args.seed, args.workloads)
    print(
        f"generated {args.rows:,} rows x {len(rows)} workloads in "
        f"{time.perf_counter() - start:.2f}s (seed {args.seed})"
    )
    records = measure_peers(
        rows,
        args.budget,
        peers=args.peers,
        repeats=args.repeats,
        include_private=args.private,
        check=not args.no_check,
    )
    print()
    print(format_table(records))
    if args.json is not None:
        payload: list[dict[str, Any]] = [dict(r) for r in records]
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
