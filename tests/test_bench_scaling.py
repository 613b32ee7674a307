"""The bench's 2-vs-1 thread verdict (``benchmarks.bench_targets._scaling_target``) and its
cores probe (``benchmarks.cores``): what a row says for each shape of measured pairs."""

from __future__ import annotations

import shutil
import time

import pytest
from benchmarks.bench_targets import _scaling_target
from benchmarks.cores import LEAST_WHOLE_PAIRS, Scaling, load_probe

RATES = {1: 100e6, 2: 180e6}


def test_a_ratio_met_on_every_pair_passes_whatever_the_probe_saw() -> None:
    row = _scaling_target("omaha high", RATES, Scaling(15, 1.96, 2, 1.96, 1.61))
    assert (row.ratio, row.verdict) == (1.96, "PASS")
    assert row.name.endswith("(median of pairs in turn)")


def test_the_pairs_with_two_whole_cores_judge_a_row_that_falls_short_on_every_pair() -> None:
    row = _scaling_target("razz 7", RATES, Scaling(61, 1.71, 24, 1.84, 1.73))
    assert (row.ratio, row.verdict) == (1.84, "PASS")
    assert row.name.endswith("(median of pairs in turn with 2 whole cores)")
    short = _scaling_target("razz 7", RATES, Scaling(61, 1.65, 30, 1.75, 1.9))
    assert (short.ratio, short.verdict) == (1.75, "FAIL")


def test_too_few_whole_pairs_leave_a_short_row_without_a_verdict() -> None:
    row = _scaling_target("2-7 low 5", RATES, Scaling(61, 1.5, LEAST_WHOLE_PAIRS - 1, 1.9, 1.4))
    assert row.ratio is None
    assert row.verdict.startswith("n/a: 2 whole cores in 4 of 61 pairs only")
    assert "every pair: 1.50x" in row.verdict


def test_without_a_probe_every_pair_judges() -> None:
    row = _scaling_target("badugi 4", RATES, Scaling(61, 1.5, 0, None, None))
    assert (row.ratio, row.verdict) == (1.5, "FAIL")


def test_one_core_has_no_verdict() -> None:
    row = _scaling_target("badugi 4", {1: 100e6}, None)
    assert row.verdict == "n/a: one core only"


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no cc")
def test_the_probe_runs_its_rounds_on_every_thread_asked() -> None:
    probe = load_probe(seconds=0.002)
    assert probe is not None
    assert probe(1) == 1
    assert probe(3) == 3
    start = time.perf_counter()
    probe(1)
    assert time.perf_counter() - start > 0.0005  # the rounds were calibrated, not skipped
