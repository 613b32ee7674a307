"""The ``showdown`` command line: a thin shell over the public library.

Every command prints for people by default and takes ``--json`` for programs.
Bad input exits with status 2 and a one-line message on standard error.

A process runs one command, so :func:`main` imports only the module of the
command named on the command line (``showdown hand`` never loads the equity
engine or the history readers); ``--help`` at the top, an unknown command
and ``showdown.cli.app`` load them all. A plain ``showdown hand`` or
``showdown equity`` needs no Typer at all (:mod:`showdown.cli._lean`).

>>> from showdown.cli._app import COMMAND_ORDER
>>> sorted(COMMAND_MODULES) == sorted(COMMAND_ORDER)
True
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import typer

__all__ = ["COMMAND_MODULES", "app", "main"]

COMMAND_MODULES: Final = {
    "hand": "hand",
    "compare": "hand",
    "games": "hand",
    "resolve": "resolve",
    "equity": "equity",
    "matrix": "equity",
    "census": "census",
    "audit": "audit",
    "history": "history",
    "serve": "serve",
}
"""Each command and the module of :mod:`showdown.cli` that registers it."""


def _load(modules: Iterable[str]) -> typer.Typer:
    """Import the command modules (each registers its commands) and give the app."""
    for module in modules:
        import_module(f"showdown.cli.{module}")
    from showdown.cli._app import app

    return app


def _modules_for(args: Sequence[str]) -> set[str]:
    """The command modules a command line needs: its command's, or all of them."""
    first = next((arg for arg in args if not arg.startswith("-")), None)
    if first is not None and first in COMMAND_MODULES:
        return {COMMAND_MODULES[first]}
    return set(COMMAND_MODULES.values())


def __getattr__(name: str) -> typer.Typer:
    """``showdown.cli.app``: the application with every command registered."""
    if name == "app":
        return _load(COMMAND_MODULES.values())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Run the command line, loading only the command it names."""
    args = sys.argv[1:]
    if args and args[0] in ("hand", "equity"):  # _lean.COMMANDS, not loaded for the others
        from showdown.cli._lean import run

        code = run(args)
        if code is not None:
            _finish()
            if code:
                sys.exit(code)
            return
    try:
        _load(sorted(_modules_for(args)))()
    finally:
        _finish()


def _finish() -> None:
    """Spare the interpreter's last collection of garbage: a short command made none
    worth collecting, and the objects are freed at exit all the same."""
    import gc

    gc.freeze()
