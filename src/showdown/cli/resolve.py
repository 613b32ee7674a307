"""``showdown resolve``: the JSON contract on the command line, streamed."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

from showdown.cli._app import app, console, print_json
from showdown.cli.hand import LangOption, print_result
from showdown.contract import error_to_json, result_to_json, showdown_from_json
from showdown.errors import ShowdownError
from showdown.i18n import normalize_language
from showdown.pots import resolve as resolve_showdown

__all__ = ["read_records", "resolve"]


def read_records(stream: TextIO) -> Iterator[object | json.JSONDecodeError]:
    """Yield each JSON record of a stream, or the decoding error in its place.

    The input is JSON Lines (one record per line, blank lines skipped) read
    one line at a time, or a single JSON object written over several lines.
    """
    for line in stream:
        text = line.strip()
        if not text:
            continue
        try:
            yield json.loads(text)
        except json.JSONDecodeError as error:
            if text.startswith("{"):
                # Perhaps one object over several lines: read the rest as one.
                whole = text + "\n" + stream.read()
                try:
                    yield json.loads(whole)
                except json.JSONDecodeError:
                    yield error
                return
            yield error


@app.command()
def resolve(
    source: Annotated[str, typer.Argument(help="A JSON or JSON Lines file, or - for stdin.")],
    as_json: Annotated[bool, typer.Option("--json", help="Always write JSON Lines.")] = False,
    human: Annotated[bool, typer.Option("--human", help="Always write the table view.")] = False,
    pretty: Annotated[bool, typer.Option("--pretty", help="Indent the JSON.")] = False,
    lang: LangOption = "en",
) -> None:
    """Resolve showdowns: every pot, winners per half, payouts and reasons.

    Writes one result per input record, in order; a bad record yields
    {"error": {...}} in its place. Exits 1 if any record failed.
    """
    try:
        lang = normalize_language(lang)
    except ShowdownError as error:
        console.print(f"[bold red]error:[/] {error}", soft_wrap=True)
        raise typer.Exit(2) from None
    table_view = human or (not as_json and not pretty and sys.stdout.isatty())
    failed = 0
    try:
        stream: TextIO = sys.stdin if source == "-" else Path(source).open(encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        console.print(f"[bold red]error:[/] cannot read {source}: {error.strerror}", soft_wrap=True)
        raise typer.Exit(2) from None
    with stream:
        for number, record in enumerate(read_records(stream), start=1):
            output: dict[str, Any]
            result = None
            if isinstance(record, json.JSONDecodeError):
                output = {"error": {"type": "JSONDecodeError", "message": str(record)}}
            else:
                try:
                    result = resolve_showdown(showdown_from_json(record), lang=lang)
                    output = result_to_json(result)
                except ShowdownError as error:
                    output = error_to_json(error)
            if "error" in output:
                failed += 1
            if table_view:
                if result is not None:
                    print_result(result)
                else:
                    problem = output["error"]
                    console.print(
                        f"[bold red]record {number}:[/] {problem['type']}: {problem['message']}"
                    )
                console.print()
            else:
                print_json(output, pretty=pretty)
    if failed:
        raise typer.Exit(1)
