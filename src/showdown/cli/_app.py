"""The typer application and the helpers every command shares."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

import typer
from rich.console import Console

from showdown.errors import ShowdownError

__all__ = ["app", "console", "fail", "handle_errors", "print_json"]

app = typer.Typer(
    name="showdown",
    help="Decide poker showdowns: who wins, with which five cards, why, and the split.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
console = Console(highlight=False)


def _version(value: bool) -> None:
    if value:
        from showdown import __version__

        print(f"showdown {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Decide poker showdowns: who wins, with which five cards, why, and the split."""


_stderr = Console(stderr=True, highlight=False)

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a one-line error and return the exit to raise."""
    _stderr.print(f"[bold red]error:[/] {message}", soft_wrap=True)
    return typer.Exit(code)


def handle_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn the library's errors into a one-line message and exit status 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except ShowdownError as error:
            raise fail(f"{type(error).__name__}: {error}") from None

    return wrapper


def print_json(data: Any, *, pretty: bool = False) -> None:
    """Write JSON to standard output."""
    sys.stdout.write(json.dumps(data, indent=2 if pretty else None, ensure_ascii=False) + "\n")
    sys.stdout.flush()  # one record at a time: readers of a stream see each result at once
