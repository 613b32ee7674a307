"""The kernel tables kept on disk, so a new process loads them in milliseconds.

Building a ranking's tables from its rule table takes about a second (the
perfect hash, the best five of every multiset); a process that values a few
thousand hands, or each worker of an audit, should not pay that every time.
:func:`cached_arrays` keeps what a builder returns in one ``.npz`` file per
table in :func:`showdown._cache.cache_dir`, named by a digest of the
builder's inputs (:func:`rules_digest`: the rule set's fields, the sources
that compute the tables, the numpy version). A changed rule or builder gives
a new name, so a file is never stale; one that cannot be read is rebuilt,
and one that cannot be written is simply not kept.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from showdown._cache import cache_dir, digest, write_atomically

__all__ = ["cache_dir", "cached_arrays", "rules_digest"]

Arrays = dict[str, npt.NDArray[np.generic]]

_SOURCES = (
    "_kernels/tables.py, _kernels/hashing.py, _kernels/store.py, tables.py, rules.py, cards.py"
)
"""The files whose code decides the tables' contents (under the package)."""


def rules_digest(*parts: object) -> str:
    """A digest naming a table: the sources, numpy's version, and each part."""
    return digest(_SOURCES, np.__version__, *parts)


def cached_arrays(name: str, key: str, build: Callable[[], Arrays]) -> Arrays:
    """The arrays ``build()`` returns, from the disk when a previous process kept them."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{name}-{key}.npz"
    try:
        with np.load(path, allow_pickle=False) as data:
            return {item: data[item] for item in data.files}
    except (OSError, ValueError, KeyError, EOFError):
        pass
    arrays = build()
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]
    write_atomically(path, buffer.getvalue())
    return arrays
