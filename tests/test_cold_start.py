"""No compile at a user's first call (issue 12): after the install step, every kernel is cached.

`make install` runs ``python -m showdown.warmup``, which compiles every kernel
into numba's cache. Each first call of :data:`benchmarks.bench_cold.FIRST_CALLS`
(the public functions, as a user calls them: arrays of any integer dtype,
ranges, every kind of equity) then runs in a fresh process, and numba must
start no compilation: what the call needs is loaded from the cache. The time
of these first calls is a benchmark, not a test (``make bench``: the
cold-start table against its 0.5 s target). Where the C extension is built,
the calls it answers (the one-hand scorers, ``evaluate_many``,
``best_cards_many``) do not even
import numba, whose import and start-up alone take most of a second; nor, where
the C equity engine (``showdown._cequity``) is built, do the census and every
kind of equity (exact by board ranks, Omaha Hi/Lo, sampled ranges, razz, the
matrix).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from benchmarks.bench_cold import FIRST_CALLS, first_call

from showdown import _scorer
from showdown._kernels import engine

C_CALLS = [
    "strength7",
    "strength (game='omaha8')",
    "evaluate_many (10,000 seven-card rows)",
    "evaluate_many (10,000 Omaha Hi/Lo rows)",
    "best_cards_many (1,000 Omaha rows)",
]
"""The first calls that the C extension answers whole."""

C_ENGINE_CALLS = [
    "census (5-card high)",
    "equity exact (flop)",
    "equity exact (preflop)",
    "equity sampled (ranges)",
    "equity exact (Omaha Hi/Lo turn)",
    "equity sampled (razz)",
    "equity_matrix",
]
"""The first calls that the C equity engine answers whole."""


@pytest.mark.parametrize("name", list(FIRST_CALLS))
def test_a_first_call_in_a_fresh_process_compiles_nothing(name: str) -> None:
    found = first_call(name, listen=True)
    assert found.compiled == (), f"{name} compiled {found.compiled} at its first call"


def test_the_probe_sees_a_compile_when_the_cache_is_empty(tmp_path: Path) -> None:
    # numba's kernels, even where the C engine would answer
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "SHOWDOWN_CEVAL": "off"}
    found = first_call("census (5-card high)", listen=True, env=env)
    assert found.compiled, "an empty cache must make the first call compile"


def imports_numba(name: str) -> bool:
    """Whether the first call ``name`` imports numba, in a fresh process."""
    setup, call = FIRST_CALLS[name]
    code = f"import sys, showdown\n{setup}\n{call}\nprint('numba' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip() == "True"


@pytest.mark.skipif(_scorer.extension() is None, reason="the C extension is not built")
@pytest.mark.parametrize("name", C_CALLS)
def test_a_first_call_on_the_c_path_does_not_import_numba(name: str) -> None:
    assert not imports_numba(name), f"{name} imported numba"


@pytest.mark.skipif(engine.c_engine() is None, reason="the C equity engine is not built")
@pytest.mark.parametrize("name", C_ENGINE_CALLS)
def test_a_first_call_on_the_c_equity_engine_does_not_import_numba(name: str) -> None:
    assert not imports_numba(name), f"{name} imported numba"
