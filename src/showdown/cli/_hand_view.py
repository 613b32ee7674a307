"""What ``showdown hand`` shows, worked out before a word of it is printed.

:func:`hand_view` values the hand and gives the lines (rich markup) or the
JSON record; :func:`show` prints them. Both the Typer command
(:mod:`showdown.cli.hand`) and the quick start (:mod:`showdown.cli._lean`)
use these two, so their output is the same; an error is raised before
anything is printed, which lets the quick start leave a failing command to
Typer to report. Nothing here loads Typer.

>>> view = hand_view("As Ks Qs Js Ts 2c", lang="en")
>>> view.lines[0]
'[bold]As Ks Qs Js Ts[/]  Royal flush  [dim](not playing: 2c)[/]'
>>> hand_view("7c 5d 4h 3s 2c", ranking="2-7", as_json=True).record["description"]
'Number one (7-5-4-3-2)'
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from showdown.cards import format_cards
from showdown.evaluation import HandValue, evaluate
from showdown.i18n import Language, normalize_language, pN_
from showdown.rules import get_ranking

__all__ = [
    "HandView",
    "Line",
    "Piece",
    "half_title",
    "hand_view",
    "markup",
    "plain_width",
    "show",
    "value_line",
    "value_pieces",
]

_HALVES = {"high": pN_("column", "High"), "low": pN_("column", "Low")}


def half_title(t: Language, half: str) -> str:
    """'High' or 'Low', a column of a hi/lo table."""
    context, message = _HALVES.get(half, ("column", half.capitalize()))
    return t.pgettext(context, message)


Piece = tuple[str, str]
"""A piece of a line: (style, text). The style is ``'bold'`` or ``'dim'``, ``''`` for
plain text, or ``'markup'`` for text that is rich markup already (a translated label)."""
Line = tuple[Piece, ...]


def value_pieces(value: HandValue | None, t: Language) -> Line:
    """A value as the pieces of one line: the cards, the name, the cards that do not play."""
    _ = t.gettext
    if value is None:
        return (("markup", _("no qualifying hand")),)
    line: Line = (("bold", value.cards_text), ("", "  " + value.describe(t.code)))
    if value.unused:
        unused = _("(not playing: {cards})").format(cards=format_cards(value.unused))
        line += (("", "  "), ("dim", unused))
    return line


def markup(line: Line) -> str:
    """A line as rich markup."""
    from rich.markup import escape

    return "".join(
        text if style == "markup" else f"[{style}]{escape(text)}[/]" if style else escape(text)
        for style, text in line
    )


def value_line(value: HandValue | None, t: Language) -> str:
    """A value as one line of markup: the cards, the name, the cards that do not play."""
    return markup(value_pieces(value, t))


@dataclass(frozen=True, slots=True)
class HandView:
    """The output of ``showdown hand``: lines (their pieces), or (``is_json``) a JSON
    record."""

    pieces: tuple[Line, ...] = ()
    record: Any = None
    is_json: bool = False

    @property
    def lines(self) -> tuple[str, ...]:
        """The lines as rich markup."""
        return tuple(markup(line) for line in self.pieces)


def hand_view(
    cards: str,
    board: str | None = None,
    game: str | None = None,
    ranking: str = "high",
    *,
    as_json: bool = False,
    lang: str = "en",
) -> HandView:
    """Value one hand, as ``showdown hand`` shows it.

    Raises:
        ShowdownError: the cards, the board, the game, the ranking or the language
            cannot be read (every error of :func:`~showdown.evaluation.evaluate`
            and :func:`~showdown.games.evaluate_game`).
    """
    from showdown.cli._output import language

    lang = normalize_language(lang)
    t = language(lang)
    _ = t.gettext
    if game is not None:
        from showdown.games import evaluate_game

        played = evaluate_game(game, cards, board)
        halves = dict(zip(played.game.halves, played.values, strict=True))
        if as_json:
            from showdown.contract import hand_to_json

            return HandView(
                record={"game": played.game.name}
                | {h: hand_to_json(v, lang=lang) for h, v in halves.items()},
                is_json=True,
            )
        width = max(len(half_title(t, half)) for half in halves)
        return HandView(
            tuple(
                (("markup", f"{half_title(t, half):>{width}}: "), *value_pieces(value, t))
                for half, value in halves.items()
            )
        )
    value = evaluate(cards, board, ranking=get_ranking(ranking))
    if as_json:
        from showdown.contract import hand_to_json

        return HandView(record=hand_to_json(value, lang=lang), is_json=True)
    if value is None:
        return HandView(((("markup", _("no qualifying hand")),),))
    category = _("category: {category}, strength {strength}, class {number}").format(
        category=_(value.category.title), strength=value.strength, number=value.class_number
    )
    return HandView((value_pieces(value, t), (("markup", category),)))


def show(view: HandView) -> None:
    """Print a view: its JSON record, or each line on the console (as plain text when
    that is what the console would print: see :func:`plain_width`)."""
    from showdown.cli import _output

    if view.is_json:
        _output.print_json(view.record)
        return
    width = plain_width()
    if width is not None:
        texts = [_plain(line) for line in view.pieces]
        if all(text is not None and len(text) < width for text in texts):
            sys.stdout.write("".join(f"{text}\n" for text in texts))
            sys.stdout.flush()
            return
    for line in view.lines:
        _output.console.print(line)


_ONE_CELL: Final = re.compile(
    r"[ -~\u00a0-\u00ac\u00ae-\u02ff\u0400-\u0482\u048a-\u04ff\u2013\u2014\u2019\u2026]*"
)
"""Text every character of which is one column wide in rich's reckoning (printable ASCII,
Latin letters, Cyrillic, a few dashes and quotes)."""
_EMOJI_LIKE: Final = re.compile(r":\S*:")


def plain_width(environ: Mapping[str, str] | None = None) -> int | None:
    """The width rich's console would wrap at when it would print plain text (standard
    output not a terminal, nothing forcing one), else None.

    As :class:`rich.console.Console` does: the first of standard input, output and error
    that is a terminal gives the width, else 80; then a set ``COLUMNS`` (here: any
    ``COLUMNS`` or ``LINES``, ``FORCE_COLOR`` or ``TTY_COMPATIBLE`` leaves the line to rich).
    """
    env = os.environ if environ is None else environ
    if sys.platform == "win32" or any(
        name in env for name in ("COLUMNS", "LINES", "FORCE_COLOR", "TTY_COMPATIBLE")
    ):
        return None
    isatty = getattr(sys.stdout, "isatty", None)
    if isatty is None or isatty():
        return None
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):  # not a terminal
            pass
    return 80


def _plain(line: Line) -> str | None:
    """A line as the plain text rich prints for its markup, or None when it is not sure
    to be just that (brackets, backslashes, something like an emoji code, a character
    that is not one column wide)."""
    text = "".join(piece for _, piece in line)
    if "[" in text or "\\" in text or _EMOJI_LIKE.search(text):
        return None
    return text if _ONE_CELL.fullmatch(text) else None
