"""The kernel tables kept on disk: the same arrays back, a new name for new inputs.

The perfect hashes are part of what is kept: a build (numpy, :mod:`showdown._kernels.hashing`)
must find exactly the offsets and multiplier that every earlier build found, so their
digests are pinned here (those of the tables built before the builder moved to numpy).
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import numpy as np
import pytest

from showdown._kernels import store
from showdown._kernels.hashing import multiplied_displacement
from showdown._kernels.tables import (
    MAX_CARDS,
    SEVEN_FIRST_MULTIPLIER,
    SEVEN_ROW_BITS,
    SEVEN_SIZE,
    kernel_tables,
    layout,
    multisets,
    seven_layout,
)
from showdown.rules import HIGH


def _digest(array: np.ndarray) -> str:
    return hashlib.sha256(array.tobytes()).hexdigest()[:16]


def test_arrays_are_built_once_then_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    calls = []

    def build() -> dict[str, np.ndarray]:
        calls.append(1)
        return {"a": np.arange(5, dtype=np.uint16), "b": np.zeros(0, np.int32)}

    first = store.cached_arrays("demo", "abc", build)
    again = store.cached_arrays("demo", "abc", build)
    assert len(calls) == 1
    assert [path.name for path in tmp_path.iterdir()] == ["demo-abc.npz"]
    for key in ("a", "b"):
        assert np.array_equal(first[key], again[key])
        assert first[key].dtype == again[key].dtype


def test_an_unreadable_file_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    (tmp_path / "demo-abc.npz").write_bytes(b"not an npz file")
    found = store.cached_arrays("demo", "abc", lambda: {"a": np.ones(3, np.uint16)})
    assert found["a"].tolist() == [1, 1, 1]
    assert store.cached_arrays("demo", "abc", lambda: {})["a"].tolist() == [1, 1, 1]


def test_caching_can_be_switched_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", "off")
    assert store.cache_dir() is None
    calls = []

    def build() -> dict[str, np.ndarray]:
        calls.append(1)
        return {"a": np.ones(1)}

    for _ in range(2):
        store.cached_arrays("demo", "abc", build)
    assert len(calls) == 2
    assert list(tmp_path.iterdir()) == []


def test_a_rule_set_with_other_fields_gets_another_name() -> None:
    other = dataclasses.replace(HIGH, flushes=False)
    assert other.name == HIGH.name
    assert store.rules_digest(other) != store.rules_digest(HIGH)
    assert store.rules_digest(HIGH) == store.rules_digest(HIGH)


def test_tables_from_the_disk_equal_tables_built_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = kernel_tables("high")  # from whatever cache this machine has
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", "off")
    kernel_tables.cache_clear()
    try:
        fresh = kernel_tables("high")
    finally:
        kernel_tables.cache_clear()
    assert np.array_equal(kept.ranks, fresh.ranks)
    assert np.array_equal(kept.flushes, fresh.flushes)
    assert kept.ranks.dtype == fresh.ranks.dtype == np.uint16


def test_kept_rule_tables_equal_tables_computed_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from showdown import tables
    from showdown.rules import RANKINGS

    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    for rules in RANKINGS.values():
        tables._build.cache_clear()
        built = tables._build(rules)  # computed, then kept
        tables._build.cache_clear()
        kept = tables._build(rules)  # read back
        assert kept is not built
        assert kept == built == tables._compute(rules)
    tables._build.cache_clear()
    assert len(list(tmp_path.glob("classes-*.marshal"))) == len(RANKINGS)


def test_the_one_hand_tables_from_the_disk_equal_tables_built_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from showdown._kernels.tables import scalar_high

    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    built = scalar_high.__wrapped__()  # computed, then kept
    assert len(list(tmp_path.glob("scalar-high-*.npz"))) == 1
    kept = scalar_high.__wrapped__()  # read back
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", "off")
    fresh = scalar_high.__wrapped__()
    for tables in (built, kept):
        assert (tables.cards, tables.ranks, tables.flushes) == (
            fresh.cards,
            fresh.ranks,
            fresh.flushes,
        )
    assert len(fresh.ranks) > 7_000


def test_the_hashes_built_afresh_are_the_kept_ones_and_the_pinned_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept_shared, kept_seven = layout(), seven_layout()  # from whatever cache this machine has
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    for kept, fresh in (
        (kept_shared, layout.__wrapped__()),
        (kept_seven, seven_layout.__wrapped__()),
    ):
        assert np.array_equal(kept.offsets, fresh.offsets)
        assert kept.offsets.dtype == fresh.offsets.dtype
        assert np.array_equal(kept.slots, fresh.slots)
    kept_files = sorted(path.name.split("-")[0] for path in tmp_path.glob("*.npz"))
    assert kept_files == ["layout", "seven"]
    shared = layout.__wrapped__()  # read back
    seven = seven_layout.__wrapped__()
    assert shared.offsets.dtype == np.dtype(np.int32)
    assert (len(shared.offsets), int(shared.offsets.sum())) == (71_849, 1_875_286)
    assert _digest(shared.offsets) == "c57de813e4002709"
    assert _digest(shared.slots) == "36e471f1f32d08d4"
    assert seven.multiplier == SEVEN_FIRST_MULTIPLIER == 0x9E3779CB
    assert seven.offsets.dtype == np.dtype(np.uint16)
    assert int(seven.offsets.sum()) == 11_946_094
    assert _digest(seven.offsets) == "f9e1b72fd06a3c36"
    assert _digest(seven.slots) == "2278fa70e07f5d38"


@pytest.mark.slow
def test_the_seven_card_multiplier_is_the_first_odd_one_from_the_golden_ratio_that_fits() -> None:
    counts, keys = multisets()
    sevens = keys[counts.sum(axis=1) == MAX_CARDS]
    tried = range(0x9E3779B1, SEVEN_FIRST_MULTIPLIER + 1, 2)
    fits = [
        len(multiplied_displacement(sevens, multiplier, SEVEN_ROW_BITS, SEVEN_SIZE)) > 0
        for multiplier in tried
    ]
    assert fits == [False] * 13 + [True]
