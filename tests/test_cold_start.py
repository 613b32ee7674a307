"""No compile at a user's first call (issue 12): after the install step, every kernel is cached.

`make install` runs ``python -m showdown.warmup``, which compiles every kernel
into numba's cache. Each first call of :data:`benchmarks.bench_cold.FIRST_CALLS`
(the public functions, as a user calls them: arrays of any integer dtype,
ranges, every kind of equity) then runs in a fresh process, and numba must
start no compilation: what the call needs is loaded from the cache. The time
of these first calls is a benchmark, not a test (``make bench``: the
cold-start table against its 0.5 s target).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from benchmarks.bench_cold import FIRST_CALLS, first_call


@pytest.mark.parametrize("name", list(FIRST_CALLS))
def test_a_first_call_in_a_fresh_process_compiles_nothing(name: str) -> None:
    found = first_call(name, listen=True)
    assert found.compiled == (), f"{name} compiled {found.compiled} at its first call"


def test_the_probe_sees_a_compile_when_the_cache_is_empty(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    found = first_call("census (5-card high)", listen=True, env=env)
    assert found.compiled, "an empty cache must make the first call compile"
