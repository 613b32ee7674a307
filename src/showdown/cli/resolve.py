"""``showdown resolve``: the JSON contract on the command line, streamed.

A thin shell over :mod:`showdown.stream`: JSON Lines (or, from a file whose
name ends in ``.json``, one document) in; one line out per line in, as JSON
(:func:`~showdown.stream.write_resolved`, in ``--workers`` processes if
asked), indented JSON, or the table view of :func:`showdown.cli.hand.print_result`
(:func:`~showdown.stream.resolve_records`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, BinaryIO

import typer
from rich.markup import escape

from showdown.cli._app import LangOption, command, console, fail, language, os_reason
from showdown.cli.hand import print_result
from showdown.errors import ShowdownError
from showdown.i18n import Language, normalize_language
from showdown.stream import (
    MAX_LINE_BYTES,
    Resolved,
    resolve_records,
    write_resolved,
)

__all__ = ["resolve"]


def _print_answer(answer: Resolved, t: Language) -> None:
    """One answer in the table view: the showdown's table, or the line's error."""
    if answer.result is not None:
        print_result(answer.result)
        console.print()
    elif answer.output is not None:
        reason = answer.output["error"]
        text = reason.get("text", str(reason["message"]))
        if t.code == "en":
            text = f"{reason['type']}: {text}"
        where = t.gettext("line {number}:").format(number=answer.number)
        console.print(f"[bold red]{escape(where)}[/] " + escape(text), soft_wrap=True)
        console.print()


@command(
    examples=[
        "showdown resolve examples/showdowns.jsonl",
        "showdown resolve hands.jsonl --json > results.jsonl",
        "cat hands.jsonl | showdown resolve - --human --lang ru",
        "showdown resolve one.json --pretty",
    ]
)
def resolve(
    source: Annotated[
        str, typer.Argument(help="A JSON Lines file (.json: one document), or - for stdin.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Always write JSON Lines.")] = False,
    human: Annotated[bool, typer.Option("--human", help="Always write the table view.")] = False,
    pretty: Annotated[bool, typer.Option("--pretty", help="Indent the JSON.")] = False,
    lang: LangOption = "en",
    max_line_bytes: Annotated[
        int,
        typer.Option(help="Longest input line in bytes; a longer one is an error record.", min=2),
    ] = MAX_LINE_BYTES,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Worker processes (JSON Lines output).")
    ] = 1,
) -> None:
    """Resolve showdowns: every pot, winners per half, payouts and reasons.

    Writes one line per input line, in order: the result, {"error": {...}}
    for a bad line (with its line number), or an empty line for an empty
    one. Exits 1 if any record failed.
    """
    try:
        lang = normalize_language(lang)
    except ShowdownError as error:
        raise fail(escape(str(error))) from None
    t = language(lang)
    table_view = human or (not as_json and not pretty and sys.stdout.isatty())
    try:
        stream: BinaryIO = sys.stdin.buffer if source == "-" else Path(source).open("rb")  # noqa: SIM115
    except OSError as error:
        message = t.gettext("cannot read {path}: {reason}").format(
            path=source, reason=os_reason(error, t)
        )
        raise fail(escape(message), lang=t) from None
    document = source != "-" and source.lower().endswith(".json")
    interactive = source == "-"
    failed = 0
    try:
        with stream:
            if not table_view and not pretty and not document:
                failed = write_resolved(
                    stream,
                    sys.stdout,
                    lang=lang,
                    max_line_bytes=max_line_bytes,
                    workers=workers,
                    interactive=interactive,
                )
            else:
                answers = resolve_records(
                    stream, document=document, lang=lang, max_line_bytes=max_line_bytes
                )
                for answer in answers:
                    failed += answer.failed
                    if table_view:
                        _print_answer(answer, t)
                    else:
                        sys.stdout.write(answer.text(pretty=pretty) + "\n")
                        if interactive:
                            sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(1) from None
    if failed:
        raise typer.Exit(1)
