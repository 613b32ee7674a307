"""The quick start of the command line: a plain ``showdown hand`` without Typer.

Loading Typer and Click and building the application costs more than valuing
a hand. :func:`run` reads the command lines that need none of Click's rules,
the plain form of ``showdown hand``::

    showdown hand CARDS [--board|-b B] [--game|-g G] [--ranking|-r R] [--json] [--lang|-l L]

(each option at most once, in any order, its value in the next word or after
``=``), and prints exactly what the Typer command prints, with the same
functions (:mod:`showdown.cli._hand_view`). Anything else -- ``--help``, an
unknown or repeated option, a missing or extra argument, a value that starts
with ``-``, ``--`` -- and every error of the command itself (a bad card, game,
ranking or language) is left to Typer (:func:`run` returns ``None`` having
printed nothing), which reads, reports and exits exactly as it always has.

>>> parse_hand(["hand", "As Ks", "-b", "Qs Js Ts 2c 3d", "--json"])
{'cards': 'As Ks', 'board': 'Qs Js Ts 2c 3d', 'as_json': True}
>>> parse_hand(["hand", "As Ks", "--help"]) is None
True
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final

__all__ = ["COMMANDS", "parse_hand", "run"]

COMMANDS: Final = frozenset({"hand"})
"""The commands :func:`run` may answer without Typer."""

_VALUED: Final = {
    "--board": "board",
    "-b": "board",
    "--game": "game",
    "-g": "game",
    "--ranking": "ranking",
    "-r": "ranking",
    "--lang": "lang",
    "-l": "lang",
}
_FLAGS: Final = {"--json": "as_json"}


def parse_hand(args: Sequence[str]) -> dict[str, Any] | None:
    """The keyword arguments of ``showdown hand`` in a plain command line, or None when
    the line is not plain (Typer reads it)."""
    if len(args) < 2 or args[0] != "hand":
        return None
    found: dict[str, Any] = {}
    words = iter(args[1:])
    for word in words:
        if not word.startswith("-"):
            if "cards" in found:
                return None  # an extra argument: Click's error
            found["cards"] = word
            continue
        name, equals, value = word.partition("=")
        if name in _FLAGS and not equals:
            key = _FLAGS[name]
        elif name in _VALUED and (not equals or name.startswith("--")):
            key = _VALUED[name]
            if not equals:
                value = next(words, "-")  # a missing value: Click's error
            if value.startswith("-"):
                return None
        else:
            return None  # --help, --, an unknown option, -bQs: Click's rules
        if key in found:
            return None
        found[key] = True if key == "as_json" else value
    return found if "cards" in found else None


def run(args: Sequence[str], environ: Mapping[str, str] | None = None) -> int | None:
    """Answer a plain command line: the exit status, or None (nothing printed) to leave
    it to Typer."""
    options = parse_hand(args)
    if options is None:
        return None
    if "lang" not in options:  # the option's environment variable, as Click reads it
        options["lang"] = (os.environ if environ is None else environ).get("SHOWDOWN_LANG") or "en"
    from showdown.cli._hand_view import hand_view, show

    try:
        view = hand_view(**options)
    except Exception:  # Typer reports it, exactly as without this path
        return None
    try:
        show(view)
        sys.stdout.flush()
    except OSError as error:
        if error.errno != errno.EPIPE:
            raise
        # the reader has gone (``showdown hand ... | head -0``): as Click, status 1, quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - the interpreter closes it
        return 1
    return 0
