"""Which engine answers: the compiled core or the readable reference.

showdown computes everything twice at most: once in the readable Python
reference (the rules in code, slow and obvious) and once in the compiled core,
C extensions built by the normal install wherever a C compiler is present
(``_ceval``: one hand and batches of hands; ``_cequity``: equity and the
census; ``_cresolve``: the resolve stream's lane). Every path asks this module
for the core; it answers None where the core was not built or where the
environment asks for the reference, and the path then takes the reference.

One environment switch decides: ``SHOWDOWN_ENGINE=readable`` forces the
readable reference everywhere (slower, the same answers); ``compiled`` (the
default) takes the core where it is built. ``SHOWDOWN_THREADS`` sets how many
threads the core's batch calls use (:func:`threads`).

>>> engine_name() in ("compiled", "readable")
True
>>> summary().startswith(("compiled core", "readable reference"))
True
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from types import ModuleType
from typing import Final, Literal

from showdown.errors import InvalidArgumentError

__all__ = [
    "ENGINES",
    "EXTENSIONS",
    "Engine",
    "compiled",
    "engine_name",
    "extension",
    "summary",
    "threads",
]

Engine = Literal["compiled", "readable"]
ENGINES: Final[tuple[Engine, ...]] = ("compiled", "readable")
"""The values of ``SHOWDOWN_ENGINE``."""

Extension = Literal["_ceval", "_cequity", "_cresolve"]
EXTENSIONS: Final[tuple[Extension, ...]] = ("_ceval", "_cequity", "_cresolve")
"""The compiled core's extension modules."""


def engine_name() -> Engine:
    """The engine the environment asks for (``SHOWDOWN_ENGINE``, default ``compiled``).

    Raises:
        InvalidArgumentError: ``SHOWDOWN_ENGINE`` is set to something else.
    """
    value = os.environ.get("SHOWDOWN_ENGINE", "").strip().lower()
    if not value:
        return "compiled"
    for name in ENGINES:
        if value == name:
            return name
    raise InvalidArgumentError(
        f"SHOWDOWN_ENGINE is {value!r}; it must be one of: {', '.join(ENGINES)}"
    )


@cache
def _built(name: Extension) -> ModuleType | None:
    try:
        return importlib.import_module(f"showdown.{name}")
    except ImportError:
        return None


def extension(name: Extension) -> ModuleType | None:
    """The core's extension ``name``, or None (not built, or ``SHOWDOWN_ENGINE=readable``)."""
    if engine_name() == "readable":
        return None
    return _built(name)


def compiled() -> bool:
    """Whether the compiled core answers: every extension built and not switched off."""
    return all(extension(name) is not None for name in EXTENSIONS)


def summary() -> str:
    """One line for ``showdown --version``: which engine answers, and why."""
    if engine_name() == "readable":
        return "readable reference (SHOWDOWN_ENGINE=readable)"
    missing = [name for name in EXTENSIONS if _built(name) is None]
    if not missing:
        return "compiled core (C)"
    return f"readable reference (compiled core not built: {', '.join(missing)} missing)"


def threads() -> int:
    """The threads the core's batch calls and the census use: ``SHOWDOWN_THREADS`` where
    the environment sets it, else every core this process may run on.

    Raises:
        InvalidArgumentError: ``SHOWDOWN_THREADS`` is set to something other than a
            positive whole number.
    """
    configured = os.environ.get("SHOWDOWN_THREADS", "").strip()
    if configured:
        if not configured.isdigit() or int(configured) < 1:
            raise InvalidArgumentError(
                f"SHOWDOWN_THREADS is {configured!r}; it must be a positive whole number"
            )
        return int(configured)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without affinity
        return max(1, os.cpu_count() or 1)
