"""``showdown history``: work with hand-history files (``convert`` them to PHH)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer
from rich.markup import escape

from showdown.cli._app import (
    LangOption,
    ShowdownGroup,
    app,
    command,
    fail,
    language,
    os_reason,
)
from showdown.errors import HistoryError, Message, ShowdownError, Term
from showdown.i18n import Language, normalize_language

if TYPE_CHECKING:  # the history package loads when the command runs, not at start-up
    from showdown.history.model import Hand

__all__ = ["convert", "history_app"]

history_app = typer.Typer(
    name="history",
    help="Hand histories: convert any room's histories showdown reads, and PHH files.",
    no_args_is_help=True,
    cls=ShowdownGroup,
)
app.add_typer(history_app, name="history")


@history_app.callback()
def _history(
    lang: str | None = typer.Option(
        None,
        "--lang",
        "-l",
        help="Language of every command, its errors and this help: en, ru or ro.",
    ),
) -> None:
    """Hand histories: convert any room's histories showdown reads, and PHH files."""
    if lang is not None:  # read by the command line itself (ShowdownGroup.main)
        try:
            normalize_language(lang)
        except ShowdownError as error:
            raise fail(escape(str(error))) from None


_FORMATS = ("phh",)


@command(
    examples=[
        "showdown history convert HH20240101.txt   (one hand: .phh text on stdout)",
        "showdown history convert histories/ --out session.phhs",
        "cat hand.txt | showdown history convert - --lang ro",
    ],
    group=history_app,
)
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
    lang: LangOption = "en",
) -> None:
    """Convert hand histories to PHH, the open Poker Hand History format pokerkit reads.

    One hand is written as a .phh text, several as a .phhs ([1], [2] ...
    sections), to standard output or --out. A hand that cannot be read or
    written is reported on standard error and skipped; the exit status is
    then 1.
    """
    try:
        t = language(normalize_language(lang))
    except ShowdownError as error:
        raise fail(escape(str(error))) from None
    _ = t.gettext
    if to.lower() not in _FORMATS:
        message = _("--to {format}: not a format showdown writes: use {formats}").format(
            format=repr(to), formats=", ".join(_FORMATS)
        )
        raise fail(escape(message), lang=t)
    if out is not None and out.suffix.lower() not in (".phh", ".phhs"):
        message = _("--out {path}: the file is .phh (one hand) or .phhs (several)").format(
            path=str(out)
        )
        raise fail(escape(message), lang=t)
    from showdown.history.reader import find_histories

    problems: list[HistoryError] = []
    hands = _hands(find_histories(paths), problems)
    if out is None:
        written = _write(hands, sys.stdout, several=None, problems=problems, t=t)
    else:
        several = out.suffix.lower() != ".phh"
        try:
            with out.open("w", encoding="utf-8") as stream:
                written = _write(hands, stream, several=several, problems=problems, t=t)
        except OSError as error:
            message = _("cannot write {path}: {reason}").format(
                path=repr(str(out)), reason=os_reason(error, t)
            )
            raise fail(escape(message), lang=t) from None
    for problem in problems:
        typer.echo(_("skipped: {what}").format(what=t.explain(problem)), err=True)
    typer.echo(
        t.ngettext("{count} hand written", "{count} hands written", written).format(count=written)
        + ", "
        + t.ngettext("{count} skipped", "{count} skipped", len(problems)).format(
            count=len(problems)
        ),
        err=True,
    )
    if problems:
        raise typer.Exit(1)


def _hands(paths: Iterator[str], problems: list[HistoryError]) -> Iterator[Hand]:
    from showdown.history.reader import read

    for path in paths:
        try:
            if path == "-":  # its bytes, when it has them: decoded as a file is (UTF-16 ...)
                stdin = getattr(sys.stdin, "buffer", None) or sys.stdin
                reader = read(stdin, name="-")
            else:
                reader = read(path)
            for entry in reader.entries():
                if isinstance(entry, HistoryError):
                    problems.append(entry)
                else:
                    yield entry
        except OSError as error:
            reason = Message("cannot read: {reason}", reason=Term(os_reason(error)))
            problems.append(HistoryError(reason, file=path))


def _write(
    hands: Iterator[Hand],
    stream: TextIO,
    *,
    several: bool | None,
    problems: list[HistoryError],
    t: Language,
) -> int:
    """Write the hands; ``several`` None: a .phh if there turns out to be one hand, else a .phhs."""
    from showdown.history.phh import phhs_section

    texts = _texts(hands, problems, t)
    first = next(texts, None)
    if first is None:
        return 0
    second = next(texts, None)
    if second is None and several is not True:
        stream.write(first)
        return 1
    if several is False:
        raise fail(
            escape(t.gettext("several hands cannot go to one .phh file: name a .phhs file")),
            lang=t,
        )
    count = 0
    for text in _chain(first, second, texts):
        count += 1
        stream.write(phhs_section(count, text))
        stream.flush()
    return count


def _texts(hands: Iterator[Hand], problems: list[HistoryError], t: Language) -> Iterator[str]:
    from showdown.history.phh import caveats, write_phh

    for hand in hands:
        try:
            text = write_phh(hand)
        except HistoryError as error:
            problems.append(error)
            continue
        for note in caveats(hand):
            typer.echo(
                t.gettext("note: {file}, hand {hand}: {note}").format(
                    file=hand.source, hand=hand.hand_id, note=t.explain(note)
                ),
                err=True,
            )
        yield text


def _chain(first: str, second: str | None, rest: Iterator[str]) -> Iterator[str]:
    yield first
    if second is not None:
        yield second
    yield from rest
