"""``showdown history``: work with hand-history files (``convert`` them to PHH)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from showdown.cli._app import app, fail
from showdown.errors import HistoryError

if TYPE_CHECKING:  # the history package loads when the command runs, not at start-up
    from showdown.history.model import Hand

__all__ = ["convert", "history_app"]

history_app = typer.Typer(
    name="history",
    help="Hand histories: convert PokerStars, GGPoker, Full Tilt and PHH files.",
    no_args_is_help=True,
)
app.add_typer(history_app, name="history")

_FORMATS = ("phh",)


@history_app.command()
def convert(
    paths: Annotated[
        list[str],
        typer.Argument(help="History files, folders (searched recursively), globs, or -."),
    ],
    to: Annotated[str, typer.Option("--to", help="The format to write: phh.")] = "phh",
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write here (.phh: one hand; .phhs: several)."),
    ] = None,
) -> None:
    """Convert hand histories to PHH, the open Poker Hand History format pokerkit reads.

    One hand is written as a .phh text, several as a .phhs ([1], [2] ...
    sections), to standard output or --out. A hand that cannot be read or
    written is reported on standard error and skipped; the exit status is
    then 1.
    """
    if to.lower() not in _FORMATS:
        raise fail(f"--to {to!r} is not a format showdown writes: use {', '.join(_FORMATS)}")
    from showdown.history.reader import find_histories

    problems: list[HistoryError] = []
    hands = _hands(find_histories(paths), problems)
    if out is None:
        written = _write(hands, sys.stdout, several=None, problems=problems)
    else:
        several = out.suffix.lower() != ".phh"
        try:
            with out.open("w", encoding="utf-8") as stream:
                written = _write(hands, stream, several=several, problems=problems)
        except OSError as error:
            raise fail(f"cannot write {str(out)!r}: {error.strerror}") from None
    for problem in problems:
        typer.echo(f"skipped: {problem}", err=True)
    typer.echo(f"{written} hand(s) written, {len(problems)} skipped", err=True)
    if problems:
        raise typer.Exit(1)


def _hands(paths: Iterator[str], problems: list[HistoryError]) -> Iterator[Hand]:
    from showdown.history.reader import read

    for path in paths:
        try:
            reader = read(sys.stdin if path == "-" else path, name="-" if path == "-" else None)
            for entry in reader.entries():
                if isinstance(entry, HistoryError):
                    problems.append(entry)
                else:
                    yield entry
        except OSError as error:
            problems.append(HistoryError(f"cannot read: {error.strerror}", file=path))


def _write(
    hands: Iterator[Hand], stream: TextIO, *, several: bool | None, problems: list[HistoryError]
) -> int:
    """Write the hands; ``several`` None: a .phh if there turns out to be one hand, else a .phhs."""
    from showdown.history.phh import phhs_section

    texts = _texts(hands, problems)
    first = next(texts, None)
    if first is None:
        return 0
    second = next(texts, None)
    if second is None and several is not True:
        stream.write(first)
        return 1
    if several is False:
        raise fail("several hands cannot go to one .phh file: name a .phhs file")
    count = 0
    for text in _chain(first, second, texts):
        count += 1
        stream.write(phhs_section(count, text))
        stream.flush()
    return count


def _texts(hands: Iterator[Hand], problems: list[HistoryError]) -> Iterator[str]:
    from showdown.history.phh import caveats, write_phh

    for hand in hands:
        try:
            text = write_phh(hand)
        except HistoryError as error:
            problems.append(error)
            continue
        for note in caveats(hand):
            typer.echo(f"note: {hand.source}, hand {hand.hand_id}: {note}", err=True)
        yield text


def _chain(first: str, second: str | None, rest: Iterator[str]) -> Iterator[str]:
    yield first
    if second is not None:
        yield second
    yield from rest
