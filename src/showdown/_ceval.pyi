"""Types of the C extension built from ``_ceval.c`` (see :mod:`showdown._scorer`).

An entry takes five to 52 codes for a ranking (Badugi four), the hole cards then a
board for a game (at most 16 codes for Omaha's games)."""

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

class Spec:
    """The tables and shape of one compiled per-call entry."""

def entry(
    name: str,
    module: str,
    doc: str,
    loader: Callable[[], tuple[Any, ...]],
    delegate: Callable[[Any], Any],
    /,
) -> Callable[[Any], Any]: ...
def dispatcher(
    name: str,
    module: str,
    doc: str,
    resolve: Callable[[Any, Any], Callable[[Any], Any]],
    fallback: Callable[..., Any],
    /,
) -> Callable[..., Any]:
    """A builtin ``name(codes, *, ranking=None, game=None)``: the entry ``resolve`` gave for
    the same ranking or game argument, called on ``codes``; ``fallback`` takes any other call."""

def rows(
    entry: Callable[[Any], Any],
    cards: npt.NDArray[np.integer[Any]],
    out: npt.NDArray[np.int32],
    threads: int = 1,
    /,
) -> int:
    """Value every row of an ``(n, k)`` integer array (1, 2, 4 or 8 bytes) with ``entry``
    (made by :func:`entry`) into ``out`` (``int32``, one value per ranking and row), without
    the GIL; -1, or the first row ``entry`` would refuse (rows from there on are not valued).
    With ``threads`` above 1 (at most 64), ``threads - 1`` more threads take pieces of the
    rows in turn with this one: threads the module keeps asleep between calls (started on
    first use; a child after fork starts its own), or, while another call is using those,
    threads started for the call."""

def best_rows(
    entry: Callable[[Any], Any],
    cards: npt.NDArray[np.integer[Any]],
    out: npt.NDArray[np.int8],
    threads: int = 1,
    /,
) -> int:
    """The columns of the cards that play in every row of an ``(n, k)`` integer array under
    each ranking of ``entry``, as :func:`showdown.evaluate` picks them, into ``out`` (``int8``,
    per row and ranking five increasing columns, four for Badugi, padded with -1; all -1 where
    no hand has a value), without the GIL; -1, or the first row ``entry`` would refuse.
    ``threads`` as for :func:`rows`."""

def best(
    entry: Callable[[Any], Any], codes: list[int] | tuple[int, ...], /
) -> tuple[tuple[int, int], ...]:
    """One hand's value and the cards that play under each ranking of ``entry``, as
    :func:`showdown.evaluate` picks them: one ``(strength, mask)`` pair per ranking, bit
    ``j`` of ``mask`` set where ``codes[j]`` plays; ``(0, 0)`` where no hand has a value.
    ``codes`` must be ints that ``entry`` takes (the caller checks them); anything else
    raises ValueError."""

def fast_rows(on: bool | None = None, /) -> bool:
    """Whether :func:`rows` runs its loops built for POPCNT and BMI2 (chosen at import where
    the processor has them); with ``on``, first asks for them (only where the processor has
    them) or for the baseline x86-64 loops. The tests compare both."""
