"""Read any supported history: the format is told by each hand's header line.

:func:`read` takes a path or a stream and yields the hands of PokerStars,
GGPoker and Full Tilt text histories (a file may even mix them); ``.phh`` and
``.phhs`` files go to the PHH reader. :func:`find_histories` expands the
command line's paths: files, folders (searched recursively), globs, and ``-``
for standard input.

>>> hands = read_text("this is not a hand history")
>>> list(hands), dict(hands.skipped)
([], {'not a history': 1})
"""

from __future__ import annotations

import glob
import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final

from showdown.history import fulltilt, ggpoker, locales, pokerstars
from showdown.history._text import HistoryReader, Reader, Source

__all__ = ["DIALECTS", "SUFFIXES", "find_histories", "read", "read_text"]

DIALECTS: Final = (
    pokerstars.DIALECT,
    ggpoker.DIALECT,
    fulltilt.DIALECT,
    fulltilt.STARS_DIALECT,
    *pokerstars.EXPORT_DIALECTS,
    *locales.DIALECTS,
)
"""Every text layout, tried in this order on each header line (PokerStars in the
client languages last: their headers are words no English header starts with)."""

SUFFIXES: Final = (".txt", ".phh", ".phhs")
"""The file names a folder search picks up."""


def read(source: Source, *, name: str | None = None) -> Reader:
    """The hands of a history file or stream, one at a time.

    Iterating yields :class:`~showdown.history.model.Hand` values; the
    reader's ``entries()`` also yields the error of each hand it skipped, and
    ``skipped`` counts them by reason.

    Raises:
        OSError: the file cannot be opened (when iterated).
    """
    path = source if isinstance(source, str | Path) else None
    if path is not None and Path(path).suffix.lower() in (".phh", ".phhs"):
        from showdown.history import phh

        return phh.read(source, name=name)
    return HistoryReader(source, DIALECTS, name=name)


def read_text(text: str, *, name: str = "<text>") -> HistoryReader:
    """The hands of a history given as a text."""
    return HistoryReader(io.StringIO(text), DIALECTS, name=name)


def find_histories(paths: Iterable[str]) -> Iterator[str]:
    """Every history file a list of command-line paths names, in order.

    A folder is searched recursively for ``.txt``, ``.phh`` and ``.phhs``
    files (sorted by name); a pattern with ``*``, ``?`` or ``[`` is expanded;
    ``-`` stands for standard input and is passed through. A path that names
    nothing is passed through too, so reading it reports the error.
    """
    for path in paths:
        if path == "-":
            yield path
        elif Path(path).is_dir():
            found = sorted(
                str(p)
                for p in Path(path).rglob("*")
                if p.suffix.lower() in SUFFIXES and p.is_file()
            )
            yield from found
        elif any(ch in path for ch in "*?["):
            for match in sorted(glob.glob(path, recursive=True)):
                if Path(match).is_dir():
                    yield from find_histories([match])
                else:
                    yield match
        else:
            yield path
