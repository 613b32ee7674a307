"""Read any supported history: the format is told by the file's first characters.

:func:`read` takes a path or a stream and yields its hands. ``.phh`` and
``.phhs`` files go to the PHH reader. Any other file is identified from its
start (:func:`identify`): the PokerStars layout family (PokerStars in every
client language, its club exports, GGPoker, Full Tilt: a file may even mix
them, the format is told by each hand's header line), or one of the other
rooms' :data:`FORMATS`; a history of a room showdown does not read is named
as such (:mod:`showdown.history.signatures`), and anything else is "not a
history". :func:`find_histories` expands the command line's paths: files,
folders (searched recursively, every file), globs, and ``-`` for standard
input.

>>> hands = read_text("this is not a hand history")
>>> list(hands), dict(hands.skipped)
([], {'not a history': 1})
"""

from __future__ import annotations

import glob
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

from showdown.errors import HistoryError, Message
from showdown.history import (
    betfair,
    boss,
    bovada,
    cake,
    cereus,
    entraction,
    everest,
    everleaf,
    fulltilt,
    ggpoker,
    ipoker,
    ipoker_text,
    kingsclub,
    locales,
    merge,
    microgaming,
    ongame,
    pacific,
    partypoker,
    pkr,
    pokerstars,
    sealswithclubs,
    signatures,
    winamax,
    wpn,
)
from showdown.history._text import (
    Dialect,
    HistoryReader,
    Reader,
    Source,
    not_a_history,
    sniff_encoding,
)
from showdown.history.formats import SNIFF_CHARS, Format, sniff_text

__all__ = [
    "DIALECTS",
    "FORMATS",
    "Identity",
    "find_histories",
    "identify",
    "read",
    "read_text",
    "start_of",
    "unread_error",
]

DIALECTS: Final = (
    pokerstars.DIALECT,
    ggpoker.DIALECT,
    fulltilt.DIALECT,
    fulltilt.STARS_DIALECT,
    *pokerstars.EXPORT_DIALECTS,
    *locales.DIALECTS,
)
"""Every text layout of the PokerStars family, tried in this order on each header line
(PokerStars in the client languages last: their headers are words no English header
starts with)."""

FORMATS: Final[tuple[Format, ...]] = (
    pacific.FORMAT,
    partypoker.FORMAT,
    bovada.FORMAT,
    ipoker.FORMAT,
    ipoker_text.FORMAT,
    wpn.FORMAT,
    winamax.FORMAT,
    merge.FORMAT,
    microgaming.FORMAT,
    everleaf.FORMAT,
    cake.FORMAT,
    pkr.FORMAT,
    cereus.FORMAT,
    ongame.FORMAT,
    everest.FORMAT,
    boss.FORMAT,
    entraction.FORMAT,
    betfair.FORMAT,
    sealswithclubs.FORMAT,
    kingsclub.FORMAT,
)
"""The other rooms' formats, tried in this order on a file's start."""

_PHH: Final = (".phh", ".phhs")


@dataclass(frozen=True, slots=True)
class Identity:
    """What a file's start says it is.

    Attributes:
        kind: ``'phh'``, ``'stars'`` (the PokerStars layout family),
            ``'format'`` (one of :data:`FORMATS`), ``'room'`` (a history of
            a room showdown does not read) or ``'none'`` (no history seen).
        format: the format, for ``'format'``.
        room: the room's name, for ``'room'``.
    """

    kind: str
    format: Format | None = None
    room: str = ""


def _has_header(start: str, dialects: tuple[Dialect, ...]) -> bool:
    for line in start.splitlines():
        line = line.strip("\ufeff\x00 \t")
        if line and any(dialect.header.match(line) for dialect in dialects):
            return True
    return False


def identify(start: str, *, name: str = "") -> Identity:
    """What a history is, from its name and its first characters.

    >>> identify("PokerStars Hand #1: Hold'em No Limit ($1/$2 USD)").kind
    'stars'
    >>> identify("Dear diary").kind
    'none'
    """
    if name.lower().endswith(_PHH):
        return Identity("phh")
    start = sniff_text(start)
    if _has_header(start, DIALECTS):
        return Identity("stars")
    for candidate in FORMATS:
        if candidate.recognise(start):
            return Identity("format", format=candidate)
    room = signatures.room_of(start)
    if room is not None:
        return Identity("room", room=room)
    return Identity("none")


def start_of(path: str | Path) -> str:
    """The first characters of a file, decoded as the readers decode it.

    Raises:
        OSError: the file cannot be read.
    """
    with Path(path).open("rb") as raw:
        return _decoded_start(raw.read(4 * SNIFF_CHARS))


def _decoded_start(data: bytes) -> str:
    """The first characters of some bytes, decoded as :func:`_text.open_text` decodes
    them (the encoding told by the first bytes; non-UTF-8 bytes read as Windows-1252)."""
    encoding = sniff_encoding(data[:64])
    errors = "showdown-cp1252" if encoding.startswith("utf-8") else "replace"
    return data.decode(encoding, errors)[:SNIFF_CHARS]


def unread_error(name: str, identity: Identity) -> HistoryError:
    """The error that stands for a whole file nothing can be read from (line 0: the file).

    Kind ``'room not read'`` for a history of a room showdown does not read,
    ``'not a history'`` for anything else.
    """
    if identity.kind == "room":
        return HistoryError(
            Message("a history of {room}, which showdown does not read", room=identity.room),
            file=name,
            kind="room not read",
            showdown=False,
        )
    return not_a_history(name, 0)


class _Unread(Reader):
    """The reader of a file of a room showdown does not read: one error, no hand."""

    def __init__(self, source: Source, identity: Identity, *, name: str | None = None) -> None:
        super().__init__(source, name=name)
        self._identity = identity

    def _entries(self, stream: IO[str], name: str) -> Iterator[HistoryError]:
        yield unread_error(name, self._identity)


def read(source: Source, *, name: str | None = None) -> Reader:
    """The hands of a history file or stream, one at a time, whatever its format.

    Iterating yields :class:`~showdown.history.model.Hand` values; the
    reader's ``entries()`` also yields the error of each hand it skipped, and
    ``skipped`` counts them by reason. A stream that cannot seek back is read
    whole first (its start tells the format).

    Raises:
        OSError: the file cannot be opened (a path: when iterated).
    """
    if isinstance(source, str | Path):
        path = source
        if Path(path).suffix.lower() in _PHH:
            from showdown.history import phh

            return phh.read(source, name=name)
        try:
            start = start_of(path)
        except OSError:
            return HistoryReader(source, DIALECTS, name=name)  # reports the error when read
        label = name or str(path)
    else:
        source, start = _rewound(source)
        label = name or str(getattr(source, "name", ""))
    return _reader_for(identify(start, name=label), source, name)


def _rewound(source: IO[str] | IO[bytes]) -> tuple[IO[str] | IO[bytes], str]:
    """A stream and its first characters, the stream still at its start."""
    if source.seekable():
        at = source.tell()
        data = source.read(4 * SNIFF_CHARS)
        source.seek(at)
    else:
        data = source.read()
        source = io.BytesIO(data) if isinstance(data, bytes) else io.StringIO(data)
    if isinstance(data, bytes):
        return source, _decoded_start(data)
    return source, data[:SNIFF_CHARS]


def _reader_for(identity: Identity, source: Source, name: str | None) -> Reader:
    if identity.kind == "phh":
        from showdown.history import phh

        return phh.read(source, name=name)
    if identity.kind == "format" and identity.format is not None:
        return identity.format.read(source, name=name)
    if identity.kind == "room":
        return _Unread(source, identity, name=name)
    return HistoryReader(source, DIALECTS, name=name)


def read_text(text: str, *, name: str = "<text>") -> Reader:
    """The hands of a history given as a text, whatever its format."""
    return _reader_for(identify(text[:SNIFF_CHARS]), io.StringIO(text), name)


def find_histories(paths: Iterable[str]) -> Iterator[str]:
    """Every history file a list of command-line paths names, in order.

    A folder is searched recursively for every file (sorted by name): each
    is read or reported, none passed over; a pattern with ``*``, ``?`` or
    ``[`` is expanded; ``-`` stands for standard input and is passed
    through. A path that names nothing is passed through too, so reading it
    reports the error.
    """
    for path in paths:
        if path == "-":
            yield path
        elif Path(path).is_dir():
            found = sorted(str(p) for p in Path(path).rglob("*") if p.is_file())
            yield from found
        elif any(ch in path for ch in "*?["):
            for match in sorted(glob.glob(path, recursive=True)):
                if Path(match).is_dir():
                    yield from find_histories([match])
                else:
                    yield match
        else:
            yield path
