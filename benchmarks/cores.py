"""How many whole cores the machine gives two threads at a moment: a bare C loop as a probe.

On a rented machine of two virtual cores, the two can be hyperthreads of one physical
core for a while (a thread alone then has the whole core, two threads share it), or
sit on two cores: the host moves them. A 2-thread run of a loop of multiplies, eight
independent chains (one multiplier per core, so two hyperthreads of one core get no
more done than one thread), then takes as long as the 1-thread run for the same work
per thread (1.0x) in the first case and half as long per unit of work (2.0x) in the
second. Timed in turn with the batch runs (``benchmarks.run._showdown_batch``), it
tells which pairs of runs had two whole cores: the 2-vs-1 targets are judged on those.

A second bare loop, the stream probe (``load_stream_probe``), reads a batch workload's
rows (the same count and width of byte codes) and writes an int32 per row into a new
numpy array, as ``evaluate_many`` does, with no table: the memory traffic of a batch
call alone. Timed in turn with the same pairs, its
2-vs-1 scaling is what the host's caches and memory give two threads streaming those
bytes: a batch row's scaling is reported next to it (it does not change the verdict).

The probes are compiled from the C source below with the machine's C compiler on first
use (``cc``; none: no probe, the targets are judged on every pair) and kept under the
user's cache folder, named by a digest of the source.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "LEAST_WHOLE_PAIRS",
    "SOURCE",
    "WHOLE_CORES",
    "Scaling",
    "load_probe",
    "load_stream_probe",
]

WHOLE_CORES = 1.8
"""A pair of runs had two whole cores when the probe's 2-thread run, timed next to it,
did at least this many times its 1-thread run's work per second (``benchmarks.cores``)."""

LEAST_WHOLE_PAIRS = 5
"""Fewer pairs with two whole cores than this: the 2-vs-1 row has no verdict."""


@dataclass(frozen=True)
class Scaling:
    """A workload's 2-vs-1 thread figures from pairs of runs in turn (see ``_showdown_batch``)."""

    pairs: int  # pairs of runs timed
    median: float  # median over every pair of the 1-thread time over the all-thread time
    whole: int  # pairs in which the probe had two whole cores (0 without a probe)
    whole_median: float | None  # the same median over those pairs only
    probe_median: float | None  # the probe's own median scaling over every pair
    relative: float | None = None  # median, pair by pair, of ours over the probe's scaling
    # the stream probe's median scaling, and ours over it pair by pair, over the pairs with
    # whole cores where at least LEAST_WHOLE_PAIRS had them, else over every pair (None:
    # not timed)
    stream_median: float | None = None
    stream_relative: float | None = None

    @classmethod
    def from_pairs(
        cls,
        many: list[float],
        one: list[float],
        probe_many: list[float],
        probe_one: list[float],
        threads: int,
        stream_many: Sequence[float] = (),
        stream_one: Sequence[float] = (),
    ) -> Scaling:
        """The figures of pairs timed in turn: ``many`` and ``one`` are our seconds with
        ``threads`` threads and with one, for the same work; ``probe_many`` and
        ``probe_one`` the probe's next to each pair (empty lists: no probe), where every
        thread does one thread's rounds, so its scaling is ``threads`` times its
        1-thread time over its all-thread time; ``stream_many`` and ``stream_one`` the
        stream probe's (the same rows shared, as ours), where timed."""
        ours = [o / m for m, o in zip(many, one, strict=True)]
        probes = [threads * o / m for m, o in zip(probe_many, probe_one, strict=True)]
        whole = [o for o, p in zip(ours, probes, strict=False) if p >= WHOLE_CORES]
        streams = [o / m for m, o in zip(stream_many, stream_one, strict=True)]
        stream_median = stream_relative = None
        if streams:
            keep = [
                len(whole) < LEAST_WHOLE_PAIRS or (i < len(probes) and probes[i] >= WHOLE_CORES)
                for i in range(len(streams))
            ]
            kept = [(o, s) for o, s, k in zip(ours, streams, keep, strict=True) if k]
            stream_median = statistics.median(s for _, s in kept)
            stream_relative = statistics.median(o / s for o, s in kept)
        return cls(
            len(ours),
            statistics.median(ours),
            len(whole),
            statistics.median(whole) if whole else None,
            statistics.median(probes) if probes else None,
            statistics.median(o / p for o, p in zip(ours, probes, strict=True)) if probes else None,
            stream_median,
            stream_relative,
        )

    def describe(self, threads: int) -> str:
        """The log line's account of the pairs."""
        text = f"{threads} vs 1 thread: {self.median:.2f} (median of {self.pairs} pairs)"
        if self.probe_median is not None:
            there = "" if self.whole_median is None else f": {self.whole_median:.2f}"
            text += (
                f"; the probe scaled {self.probe_median:.2f} (ours over the probe's, pair "
                f"by pair: {self.relative:.2f}), {self.whole} pairs with {threads} whole "
                f"cores{there}"
            )
        if self.stream_median is not None:
            text += (
                f"; a bare loop streaming the same rows scaled {self.stream_median:.2f} "
                f"(ours over it, pair by pair: {self.stream_relative:.2f})"
            )
        return text


SOURCE = r"""
#include <pthread.h>
#include <stdint.h>

static volatile uint64_t sink;

/* `*arg` rounds of eight independent multiply chains: bound by the core's multiplier. */
static void *spin(void *arg)
{
    const long rounds = *(const long *)arg;
    const uint64_t m = 6364136223846793005ULL;
    uint64_t a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8;
    for (long i = 0; i < rounds; i++) {
        a *= m; b *= m; c *= m; d *= m; e *= m; f *= m; g *= m; h *= m;
    }
    sink = a + b + c + d + e + f + g + h;
    return 0;
}

/* The same rounds on each of `threads` threads (this one and threads - 1 started):
 * how many ran. */
int cores_probe(int threads, long rounds)
{
    pthread_t started[64];
    int count = 0;
    for (int i = 1; i < threads && i < 64; i++) {
        if (pthread_create(&started[count], 0, spin, &rounds) == 0) {
            count++;
        }
    }
    spin(&rounds);
    for (int i = 0; i < count; i++) {
        pthread_join(started[i], 0);
    }
    return count + 1;
}

/* The stream probe: `rows` rows of `k` byte codes (made once for a shape, kept), read into
 * `out` (an int32 per row: the caller's fresh array, as a batch call's output), the rows
 * cut in one part per thread. No table: memory traffic and a few adds a row. */
#include <stdlib.h>

static uint8_t *stream_rows_in;
static long stream_rows_n;
static int stream_rows_k;

typedef struct {
    long start, stop;
    int k;
    int32_t *out;
} StreamPart;

static void *stream_part(void *arg)
{
    const StreamPart *part = (const StreamPart *)arg;
    const int k = part->k;
    for (long i = part->start; i < part->stop; i++) {
        const uint8_t *row = stream_rows_in + i * k;
        uint32_t s = 0;
        for (int j = 0; j < k; j++) {
            s = s * 31 + row[j];
        }
        part->out[i] = (int32_t)s;
    }
    return 0;
}

/* The rows shared by `threads` threads (this one and threads - 1 started): how many ran,
 * or 0 where the memory for the rows could not be had. */
int stream_probe(int threads, long rows, int k, int32_t *out)
{
    if (rows < 1 || k < 1 || threads < 1 || out == 0) {
        return 0;
    }
    if (stream_rows_in == 0 || stream_rows_n != rows || stream_rows_k != k) {
        free(stream_rows_in);
        stream_rows_in = malloc((size_t)rows * (size_t)k);
        if (stream_rows_in == 0) {
            return 0;
        }
        for (long i = 0; i < rows * k; i++) {
            stream_rows_in[i] = (uint8_t)((i * 2654435761u >> 7) % 52);
        }
        stream_rows_n = rows;
        stream_rows_k = k;
    }
    if (threads > 64) {
        threads = 64;
    }
    pthread_t started[64];
    StreamPart parts[64];
    for (int t = 0; t < threads; t++) {
        parts[t] = (StreamPart){rows * t / threads, rows * (t + 1) / threads, k, out};
    }
    int count = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&started[count], 0, stream_part, &parts[t]) == 0) {
            count++;
        }
        else {
            stream_part(&parts[t]);
        }
    }
    stream_part(&parts[0]);
    for (int i = 0; i < count; i++) {
        pthread_join(started[i], 0);
    }
    return count + 1;
}
"""


def _cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "showdown-bench"


def _library() -> ctypes.CDLL | None:
    """The probes' library, built on first use and kept; None where no C compiler builds it."""
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if compiler is None:
        return None
    digest = hashlib.sha256(SOURCE.encode()).hexdigest()[:16]
    library = _cache_folder() / f"cores-probe-{digest}.so"
    if not library.exists():
        library.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder) / "probe.c"
            source.write_text(SOURCE, encoding="utf-8")
            built = library.with_name(f"{library.name}.{os.getpid()}.tmp")
            done = subprocess.run(
                [compiler, "-O2", "-pthread", "-shared", "-fPIC", str(source), "-o", str(built)],
                capture_output=True,
                check=False,
            )
            if done.returncode != 0:
                built.unlink(missing_ok=True)
                return None
            os.replace(built, library)  # in the one folder: atomic
    lib = ctypes.CDLL(str(library))
    lib.cores_probe.argtypes = [ctypes.c_int, ctypes.c_long]
    lib.cores_probe.restype = ctypes.c_int
    lib.stream_probe.argtypes = [ctypes.c_int, ctypes.c_long, ctypes.c_int, ctypes.c_void_p]
    lib.stream_probe.restype = ctypes.c_int
    return lib


def load_probe(seconds: float = 0.004) -> Callable[[int], int] | None:
    """``probe(threads)``: the loop on ``threads`` threads, each doing the rounds that take
    one thread about ``seconds``; None where no C compiler builds it."""
    lib = _library()
    if lib is None:
        return None
    lib.cores_probe(1, 10_000)
    start = time.perf_counter()
    lib.cores_probe(1, 1_000_000)
    per_round = (time.perf_counter() - start) / 1_000_000
    rounds = max(10_000, int(seconds / max(per_round, 1e-12)))
    return lambda threads: int(lib.cores_probe(threads, rounds))


def load_stream_probe() -> Callable[[int, int, int], int] | None:
    """``stream(threads, rows, width)``: the stream probe on ``threads`` threads sharing
    ``rows`` rows of ``width`` byte codes, into a new numpy array of an int32 per row (as
    ``evaluate_many`` makes its output); how many threads ran (0: no rows, or no memory).
    None where no C compiler builds it."""
    import numpy as np

    lib = _library()
    if lib is None:
        return None

    def stream(threads: int, rows: int, width: int) -> int:
        out = np.empty(max(rows, 1), np.int32)
        return int(lib.stream_probe(threads, rows, width, out.ctypes.data))

    return stream
