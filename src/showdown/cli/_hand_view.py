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

from dataclasses import dataclass
from typing import Any

from showdown.cards import format_cards
from showdown.evaluation import HandValue, evaluate
from showdown.i18n import Language, normalize_language, pN_
from showdown.rules import get_ranking

__all__ = ["HandView", "half_title", "hand_view", "show", "value_line"]

_HALVES = {"high": pN_("column", "High"), "low": pN_("column", "Low")}


def half_title(t: Language, half: str) -> str:
    """'High' or 'Low', a column of a hi/lo table."""
    context, message = _HALVES.get(half, ("column", half.capitalize()))
    return t.pgettext(context, message)


def value_line(value: HandValue | None, t: Language) -> str:
    """A value as one line of markup: the cards, the name, the cards that do not play."""
    from rich.markup import escape

    _ = t.gettext
    if value is None:
        return _("no qualifying hand")
    unused = ""
    if value.unused:
        unused = (
            "  [dim]"
            + escape(_("(not playing: {cards})").format(cards=format_cards(value.unused)))
            + "[/]"
        )
    return f"[bold]{value.cards_text}[/]  {escape(value.describe(t.code))}{unused}"


@dataclass(frozen=True, slots=True)
class HandView:
    """The output of ``showdown hand``: lines of rich markup, or (``is_json``) a JSON
    record."""

    lines: tuple[str, ...] = ()
    record: Any = None
    is_json: bool = False


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
                f"{half_title(t, half):>{width}}: {value_line(value, t)}"
                for half, value in halves.items()
            )
        )
    value = evaluate(cards, board, ranking=get_ranking(ranking))
    if as_json:
        from showdown.contract import hand_to_json

        return HandView(record=hand_to_json(value, lang=lang), is_json=True)
    if value is None:
        return HandView((_("no qualifying hand"),))
    category = _("category: {category}, strength {strength}, class {number}").format(
        category=_(value.category.title), strength=value.strength, number=value.class_number
    )
    return HandView((value_line(value, t), category))


def show(view: HandView) -> None:
    """Print a view: its JSON record, or each line on the console."""
    from showdown.cli import _output

    if view.is_json:
        _output.print_json(view.record)
        return
    for line in view.lines:
        _output.console.print(line)
