"""The quick start of the command line: plain ``showdown hand`` and ``equity`` lines
without Typer.

Loading Typer and Click and building the application costs more than valuing
a hand. :func:`run` reads the command lines that need none of Click's rules,
the plain forms of two commands::

    showdown hand CARDS [--board|-b B] [--game|-g G] [--ranking|-r R] [--json] [--lang|-l L]
    showdown equity HAND... [--board|-b B] [--dead|-d D] [--game|-g G] [--exact] [--json]
                            [--lang|-l L]

(each option at most once, anywhere, its value in the next word or after
``=``), and prints exactly what the Typer command prints, with the same
functions (:mod:`showdown.cli._hand_view`, :mod:`showdown.cli._equity_view`).
Anything else -- ``--help``, another option, an unknown or repeated one, a
missing or extra argument, a value that starts with ``-``, ``--`` -- and every
error of the command itself (a bad card, game, ranking or language) is left
to Typer (:func:`run` returns ``None`` having printed nothing), which reads,
reports and exits exactly as it always has.

>>> parse(["hand", "As Ks", "-b", "Qs Js Ts 2c 3d", "--json"])
('hand', {'cards': 'As Ks', 'board': 'Qs Js Ts 2c 3d', 'as_json': True})
>>> parse(["equity", "AhKh", "--exact", "QsQd"])
('equity', {'hands': ['AhKh', 'QsQd'], 'exact': True})
>>> parse(["hand", "As Ks", "--help"]) is None
True
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["COMMANDS", "parse", "run"]


@dataclass(frozen=True, slots=True)
class _Form:
    """The plain form of a command: its options with a value, its flags, its argument."""

    valued: Mapping[str, str]
    flags: Mapping[str, str]
    argument: str
    many: bool  # the argument takes one word or several


_LANG: Final = {"--lang": "lang", "-l": "lang"}
_FORMS: Final = {
    "hand": _Form(
        {"--board": "board", "-b": "board", "--game": "game", "-g": "game"}
        | {"--ranking": "ranking", "-r": "ranking"}
        | _LANG,
        {"--json": "as_json"},
        "cards",
        many=False,
    ),
    "equity": _Form(
        {"--board": "board", "-b": "board", "--dead": "dead", "-d": "dead"}
        | {"--game": "game", "-g": "game"}
        | _LANG,
        {"--json": "as_json", "--exact": "exact"},
        "hands",
        many=True,
    ),
}
COMMANDS: Final = frozenset(_FORMS)
"""The commands :func:`run` may answer without Typer."""


def parse(args: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """The command and its keyword arguments in a plain command line, or None when the
    line is not plain (Typer reads it)."""
    form = _FORMS.get(args[0]) if args else None
    if form is None:
        return None
    found: dict[str, Any] = {}
    positional: list[str] = []
    words = iter(args[1:])
    for word in words:
        if not word.startswith("-"):
            positional.append(word)
            continue
        name, equals, value = word.partition("=")
        if name in form.flags and not equals:
            key = form.flags[name]
        elif name in form.valued and (not equals or name.startswith("--")):
            key = form.valued[name]
            if not equals:
                value = next(words, "-")  # a missing value: Click's error
            if value.startswith("-"):
                return None
        else:
            return None  # --help, --, an unknown option, -bQs: Click's rules
        if key in found:
            return None
        found[key] = True if key in form.flags.values() else value
    if not positional or (len(positional) > 1 and not form.many):
        return None  # a missing or an extra argument: Click's error
    return args[0], {form.argument: positional if form.many else positional[0]} | found


def run(args: Sequence[str], environ: Mapping[str, str] | None = None) -> int | None:
    """Answer a plain command line: the exit status, or None (nothing printed) to leave
    it to Typer."""
    line = parse(args)
    if line is None:
        return None
    command, options = line
    if "lang" not in options:  # the option's environment variable, as Click reads it
        options["lang"] = (os.environ if environ is None else environ).get("SHOWDOWN_LANG") or "en"
    try:
        try:
            shown = _work(command, options)
        except Exception:  # Typer reports it, exactly as without this path
            return None
        shown()
        sys.stdout.flush()
    except KeyboardInterrupt:  # as Typer: status 130, nothing said
        return 130
    except OSError as error:
        if error.errno != errno.EPIPE:
            raise
        # the reader has gone (``showdown hand ... | head -0``): as Typer, quietly, status 1
        try:  # Click's wrapper, from the copy Typer runs on
            from typer._click.utils import PacifyFlushWrapper
        except ImportError:  # pragma: no cover - older typer
            from click.utils import PacifyFlushWrapper  # type: ignore[no-redef]

        sys.stdout = PacifyFlushWrapper(sys.stdout)
        sys.stderr = PacifyFlushWrapper(sys.stderr)
        return 1
    return 0


def _work(command: str, options: dict[str, Any]) -> Callable[[], None]:
    """Do a command's work (its errors raised here, before a word is printed) and give
    what prints the outcome."""
    from showdown.i18n import normalize_language

    options["lang"] = normalize_language(options["lang"])
    if command == "hand":
        from showdown.cli._hand_view import hand_view, show

        view = hand_view(**options)
        return lambda: show(view)
    from showdown.cli._equity_view import equity_result, show_equity

    result = equity_result(**options)
    return lambda: show_equity(result, as_json=options.get("as_json", False), lang=options["lang"])
