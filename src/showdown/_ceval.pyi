"""Types of the C extension built from ``_ceval.c`` (see :mod:`showdown._scorer`)."""

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
def rows(
    entry: Callable[[Any], Any], cards: npt.NDArray[np.int8], out: npt.NDArray[np.int32], /
) -> int:
    """Value every row of an ``(n, k)`` ``int8`` array with ``entry`` (made by :func:`entry`)
    into ``out`` (``int32``, one value per ranking and row), without the GIL; -1, or the
    first row ``entry`` would refuse (rows from there on are not valued)."""
