"""A user's first call in a fresh process (issue 12): it runs, and the one-hand calls stay light.

Each first call of :data:`benchmarks.bench_cold.FIRST_CALLS` (the public
functions, as a user calls them: arrays of any integer dtype, ranges, every
kind of equity) runs in a new Python process: nothing is compiled at a first
call (the compiled core is built by the install, its tables come from the disk
cache or are built from the rules). The one-hand calls of the readable API
(``evaluate``, ``explain``, ``evaluate_game``, ``resolve``) answer their first
hands on the readable path (:mod:`showdown._fast`) and load no NumPy, so that
a single ``showdown hand`` starts fast. The time of these first calls is a
benchmark, not a test (``make bench``: the cold-start table against its
0.5 s target).
"""

from __future__ import annotations

import pytest
from benchmarks.bench_cold import FIRST_CALLS, first_call

ONE_HAND_CALLS = [
    "evaluate",
    "explain",
    "evaluate_game (omaha8)",
    "resolve (four players, side pots)",
]
"""The first calls that the readable path answers without NumPy."""


@pytest.mark.parametrize("name", list(FIRST_CALLS))
def test_a_first_call_in_a_fresh_process_runs(name: str) -> None:
    found = first_call(name)  # raises with the process's error output if the call fails
    assert found.name == name
    assert found.call_s > 0


@pytest.mark.parametrize("name", ONE_HAND_CALLS)
def test_a_first_one_hand_call_loads_no_numpy(name: str) -> None:
    assert not first_call(name).loads_numpy, f"{name} loaded NumPy"
