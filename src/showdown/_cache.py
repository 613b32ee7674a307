"""Where showdown keeps what it computed once (tables), and how a kept file is named.

A table is built from rules by code; a kept copy is named by a digest of the
rules' fields and of the sources that build it, so a changed rule or
builder never reads a stale file. The folder is ``$SHOWDOWN_CACHE_DIR``,
else ``$XDG_CACHE_HOME/showdown``, else ``~/.cache/showdown``;
``SHOWDOWN_CACHE_DIR=off`` keeps nothing. Nothing here imports numpy.

>>> digest("tables.py", "x") == digest("tables.py", "x") != digest("tables.py", "y")
True
"""

from __future__ import annotations

import os
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["cache_dir", "digest", "write_atomically"]

_HERE = Path(__file__).resolve().parent


def cache_dir() -> Path | None:
    """The folder kept tables live in, or None when keeping is off."""
    configured = os.environ.get("SHOWDOWN_CACHE_DIR", "").strip()
    if configured.lower() in ("off", "0", "none"):
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(base) if base else Path.home() / ".cache") / "showdown"


@cache
def _source(name: str) -> bytes:
    try:
        return (_HERE / name).read_bytes()
    except OSError:  # pragma: no cover - an installed package has its sources
        return name.encode()


def _sha256() -> Any:
    """A SHA-256 hash: the interpreter's own when it has one (the same digest, without
    loading OpenSSL at start-up), else :mod:`hashlib`'s."""
    try:
        from _sha256 import sha256  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover - another Python
        from hashlib import sha256
    return sha256()


def digest(sources: str, *parts: object) -> str:
    """A name for a kept table: the sources (paths under the package, comma-separated)
    that build it, and each part (a dataclass by all its fields)."""
    hashed = _sha256()
    for name in sources.split(","):
        hashed.update(_source(name.strip()))
    for part in parts:
        if is_dataclass(part) and not isinstance(part, type):
            text = repr([(f.name, getattr(part, f.name)) for f in fields(part)])
        else:
            text = repr(part)
        hashed.update(text.encode())
    return str(hashed.hexdigest()[:20])


def write_atomically(path: Path, data: bytes) -> None:
    """Write a kept file so that a concurrent reader sees all of it or none; errors are ignored."""
    import tempfile  # only a process that writes a table needs it

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
