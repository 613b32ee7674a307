"""How every command prints: JSON for programs, rich text and tables for people.

Nothing here loads Typer, and rich loads only when :data:`console` is first
used (``--json`` needs none of it), so the quick start of
:mod:`showdown.cli._lean` prints with the very objects the Typer commands
use.

>>> language("ru").code, language("xx").code, language(None).code
('ru', 'en', 'en')
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from showdown.i18n import Language, UnknownLanguageError, get_language

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    console: Console
    """The console of standard output (made on first use: see :func:`__getattr__`)."""

__all__ = ["console", "language", "print_json", "print_table"]


def __getattr__(name: str) -> Console:
    """``console``: the one console of standard output, made on first use."""
    if name == "console":
        from rich.console import Console

        made = globals()["console"] = Console(highlight=False)
        return made
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _console() -> Console:
    found: Console | None = globals().get("console")
    return found if found is not None else __getattr__("console")


def language(lang: object) -> Language:
    """The language of ``--lang``; English for anything that is not one (the error about
    that is reported by the command itself)."""
    if isinstance(lang, Language):
        return lang
    try:
        return get_language(lang if isinstance(lang, str) else "en")
    except UnknownLanguageError:
        return get_language("en")


def print_json(data: Any, *, pretty: bool = False) -> None:
    """Write JSON to standard output."""
    sys.stdout.write(json.dumps(data, indent=2 if pretty else None, ensure_ascii=False) + "\n")
    sys.stdout.flush()  # one record at a time: readers of a stream see each result at once


def print_table(table: Table) -> None:
    """Print a table so that no word is cut: every column at least as wide as its longest
    word (a card, a hand's name), the text wrapped between words."""
    from rich.text import Text

    console = _console()
    for column in table.columns:
        longest = 0
        for cell in (column.header, *column.cells):
            plain = cell.plain if isinstance(cell, Text) else Text.from_markup(str(cell)).plain
            for word in plain.split():
                longest = max(longest, len(word))
        column.min_width = max(column.min_width or 0, longest)
        column.overflow = "fold"
    # Columns that cannot shrink make a table wider than the terminal: print it at its
    # own width, whole, rather than cropped at the edge. (rich lays the columns out in
    # a method of its own; without it, the table is printed as rich would.)
    try:
        widths = table._calculate_column_widths(console, console.options)
        widest = sum(widths) + len(widths) + 1  # the columns and their rules
    except (AttributeError, TypeError):  # pragma: no cover - another rich
        widest = console.width
    wide = widest > console.width
    console.print(table, width=widest if wide else None, crop=not wide)
