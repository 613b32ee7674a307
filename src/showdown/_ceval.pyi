"""Types of the C extension built from ``_ceval.c`` (see :mod:`showdown._scorer`)."""

from collections.abc import Callable
from typing import Any

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
