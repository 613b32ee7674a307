"""The kernel tables kept on disk, so a new process loads them in milliseconds.

Building a ranking's tables from its rule table takes about a second (the
perfect hash, the best five of every multiset); a process that values a few
thousand hands, or each worker of an audit, should not pay that every time.
:func:`cached_arrays` keeps what a builder returns in one ``.npz`` file per
table, named by a digest of the builder's inputs: the rule set's fields, the
sources that compute the tables, and the numpy version. A changed rule or
builder gives a new name, so a file is never stale; one that cannot be read
is rebuilt, and one that cannot be written is simply not kept.

The folder is ``$SHOWDOWN_CACHE_DIR``, else ``$XDG_CACHE_HOME/showdown``,
else ``~/.cache/showdown``; ``SHOWDOWN_CACHE_DIR=off`` keeps nothing.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from dataclasses import fields
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = ["cache_dir", "cached_arrays", "rules_digest"]

Arrays = dict[str, npt.NDArray[np.generic]]

_SOURCES = ("tables.py", "hashing.py", "store.py", "../tables.py", "../rules.py", "../cards.py")
"""The files whose code decides the tables' contents (relative to this package)."""


def cache_dir() -> Path | None:
    """The folder the tables are kept in, or None when caching is off."""
    configured = os.environ.get("SHOWDOWN_CACHE_DIR", "").strip()
    if configured.lower() in ("off", "0", "none"):
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(base) if base else Path.home() / ".cache") / "showdown"


@cache
def _sources_digest() -> str:
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256(np.__version__.encode())
    for name in _SOURCES:
        try:
            digest.update((here / name).read_bytes())
        except OSError:  # pragma: no cover - an installed package has its sources
            digest.update(name.encode())
    return digest.hexdigest()


def rules_digest(*parts: object) -> str:
    """A digest naming a table: the sources, and each part (rule sets by all their fields)."""
    digest = hashlib.sha256(_sources_digest().encode())
    for part in parts:
        if hasattr(part, "__dataclass_fields__"):
            text = repr([(f.name, getattr(part, f.name)) for f in fields(part)])  # type: ignore[arg-type]
        else:
            text = repr(part)
        digest.update(text.encode())
    return digest.hexdigest()[:20]


def cached_arrays(name: str, digest: str, build: Callable[[], Arrays]) -> Arrays:
    """The arrays ``build()`` returns, from the disk when a previous process kept them."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{name}-{digest}.npz"
    try:
        with np.load(path, allow_pickle=False) as data:
            return {key: data[key] for key in data.files}
    except (OSError, ValueError, KeyError, EOFError):
        pass
    arrays = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".npz.tmp")
    except OSError:
        return arrays
    try:
        with os.fdopen(handle, "wb") as file:
            np.savez(file, **arrays)  # type: ignore[arg-type]
        os.replace(temporary, path)  # atomic: a concurrent reader sees all or nothing
    except OSError:
        Path(temporary).unlink(missing_ok=True)
    return arrays
