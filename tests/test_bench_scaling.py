"""The bench's 2-vs-1 thread verdict (``benchmarks.bench_targets._scaling_target``) and its
cores probe (``benchmarks.cores``): what a row says for each shape of measured pairs."""

from __future__ import annotations

import shutil
import time

import pytest
from benchmarks.bench_targets import _scaling_target, scaling_row, times_in_turn
from benchmarks.cores import (
    LEAST_WHOLE_PAIRS,
    WHOLE_CORES,
    Scaling,
    load_probe,
    load_stream_probe,
)

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


def test_pairs_in_turn_give_each_pair_its_ratio_and_pick_the_whole_core_pairs() -> None:
    # pairs: ours 2 threads / 1 thread seconds; the probe's (each thread one thread's work)
    many, one = [0.5, 0.5, 1.0, 0.55], [1.0, 0.9, 1.0, 1.1]
    probe_many, probe_one = [1.0, 1.0, 2.0, 1.0], [1.0, 0.95, 1.0, 0.92]
    found = Scaling.from_pairs(many, one, probe_many, probe_one, 2)
    assert found.pairs == 4
    assert found.median == pytest.approx(1.9)  # of 2.0, 1.8, 1.0, 2.0
    assert found.probe_median == pytest.approx(1.87)  # of 2.0, 1.9, 1.0, 1.84
    assert WHOLE_CORES == 1.8
    assert found.whole == 3  # the third pair's probe scaled 1.0: one core shared
    assert found.whole_median == pytest.approx(2.0)  # of 2.0, 1.8, 2.0
    assert found.relative == pytest.approx(1.0)  # of 1.0, 0.947, 1.0, 1.087
    assert "2 vs 1 thread: 1.90 (median of 4 pairs)" in found.describe(2)
    assert "3 pairs with 2 whole cores: 2.00" in found.describe(2)


def test_the_stream_probe_is_read_on_the_whole_core_pairs_and_named_in_the_row() -> None:
    # six pairs; the probe had two whole cores in the first five (LEAST_WHOLE_PAIRS)
    many, one = [0.55] * 6, [1.0] * 6
    probe_many, probe_one = [1.0] * 6, [1.0] * 5 + [0.5]
    stream_many, stream_one = [0.5, 0.5, 0.5, 0.625, 0.625, 1.0], [1.0] * 6
    found = Scaling.from_pairs(many, one, probe_many, probe_one, 2, stream_many, stream_one)
    assert LEAST_WHOLE_PAIRS == 5
    assert found.whole == 5
    assert found.stream_median == pytest.approx(2.0)  # of 2, 2, 2, 1.6, 1.6: not the last 1.0
    assert found.stream_relative == pytest.approx((1 / 0.55) / 2.0)
    assert "a bare loop streaming the same rows scaled 2.00" in found.describe(2)
    row = _scaling_target("5-card high", RATES, found)
    assert row.ratio == pytest.approx(1 / 0.55)
    assert row.verdict == "PASS"  # the verdict as without the stream probe
    assert row.name == (
        "5-card high batch, 2 threads vs 1 (median of pairs in turn; "
        "a bare loop streaming the same rows: 2.00x)"
    )
    few = Scaling.from_pairs(many, one, [], [], 2, stream_many, stream_one)
    assert few.stream_median == pytest.approx(1.8)  # no probe: every pair (2, 2, 2, 1.6, 1.6, 1)


def test_pairs_without_a_probe_have_no_whole_core_figures() -> None:
    found = Scaling.from_pairs([0.5, 0.6], [1.0, 1.0], [], [], 2)
    assert (found.pairs, found.whole, found.whole_median, found.probe_median) == (2, 0, None, None)
    assert found.describe(2) == "2 vs 1 thread: 1.83 (median of 2 pairs)"


def test_the_monte_carlo_row_is_judged_like_the_batch_rows() -> None:
    found = Scaling(11, 1.62, 6, 1.86, 1.55)
    row = scaling_row(
        "Monte Carlo, 2 workers vs 1", 30e6, 17e6, found, unit="deals/s", peer_name="1 worker"
    )
    assert (row.ratio, row.verdict) == (1.86, "PASS")
    assert row.name.endswith("(median of pairs in turn with 2 whole cores)")
    bare = scaling_row(
        "Monte Carlo, 2 workers vs 1", 30e6, 17e6, None, unit="deals/s", peer_name="1 worker"
    )
    assert bare.ratio == pytest.approx(30 / 17)  # no pairs: the ratio of the rates


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no cc")
def test_the_probe_runs_its_rounds_on_every_thread_asked() -> None:
    probe = load_probe(seconds=0.002)
    assert probe is not None
    assert probe(1) == 1
    assert probe(3) == 3
    start = time.perf_counter()
    probe(1)
    assert time.perf_counter() - start > 0.0005  # the rounds were calibrated, not skipped


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no cc")
def test_the_stream_probe_shares_the_rows_among_the_threads_asked() -> None:
    stream = load_stream_probe()
    assert stream is not None
    assert stream(1, 1000, 5) == 1
    assert stream(3, 1000, 7) == 3
    assert stream(2, 0, 5) == 0  # no rows: nothing run


def test_settled_runs_are_timed_right_after_an_untimed_call_of_their_own() -> None:
    calls: list[str] = []
    runs = [lambda: calls.append("a"), lambda: calls.append("b")]
    taken = times_in_turn(runs, 2, settle=True)
    assert [len(seconds) for seconds in taken] == [2, 2]
    # a warm-up call of each, then each timed call after an untimed one of its own
    assert "".join(calls) == "ab" + "aabb" * 2
    calls.clear()
    times_in_turn(runs, 2)
    assert "".join(calls) == "ab" + "ab" * 2
