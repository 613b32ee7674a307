"""``showdown census``: count every hand of a size under a ranking (a shell over
:func:`showdown.batch.census`)."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from showdown.cli._app import (
    LangOption,
    command,
    console,
    handle_errors,
    language,
    print_json,
    print_table,
)
from showdown.errors import CardCountError, OneOf
from showdown.i18n import normalize_language
from showdown.rules import get_ranking

__all__ = ["census_command", "census_to_json"]

_stderr = Console(stderr=True, highlight=False)


def census_to_json(result: Any, seconds: float) -> dict[str, Any]:
    """The census as plain data for ``--json``."""
    data: dict[str, Any] = {
        "ranking": result.ranking.name,
        "cards": result.cards,
        "hands": result.hands,
        "classes": result.classes,
        "categories": [
            {"category": row.category, "hands": row.hands, "classes": row.classes}
            for row in result.rows
        ],
        "seconds": round(seconds, 3),
    }
    if _has_royal(result):
        data["royal_flush"] = result.best_class_hands
    return data


def _has_royal(result: Any) -> bool:
    return bool(result.ranking.flushes and not result.ranking.lower_wins)


@command(
    "census",
    examples=[
        "showdown census   (every 7-card hand at high: 133,784,560 of them)",
        "showdown census --ranking razz --cards 5",
        "showdown census -r badugi --lang ru",
        "showdown census -r 2-7 --json",
    ],
)
@handle_errors
def census_command(
    ranking: Annotated[
        str, typer.Option("--ranking", "-r", help="Ranking name or alias (high, razz, 2-7...).")
    ] = "high",
    cards: Annotated[
        int | None,
        typer.Option(
            "--cards", "-c", help="Cards per hand (default: 7 when allowed, else the only size)."
        ),
    ] = None,
    old_cards: Annotated[
        int | None, typer.Option("-n", hidden=True, help="Deprecated spelling of --cards.")
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
    lang: LangOption = "en",
) -> None:
    """Enumerate every hand of a size and count hands and distinct classes per category.

    Sizes: 5, 6 or 7 cards for high, both short decks (shortdeck, sixplus),
    ace-to-five and eight or better; 5 for deuce-to-seven; 4 for Badugi.
    """
    from showdown.batch import census, census_sizes

    lang = normalize_language(lang)
    t = language(lang)
    _ = t.gettext
    if old_cards is not None:
        _stderr.print(escape(_("note: -n is now --cards (-c); -n will go away")), soft_wrap=True)
        cards = old_cards if cards is None else cards
    rules = get_ranking(ranking)
    sizes = census_sizes(rules)
    size = cards if cards is not None else max(sizes)
    if size not in sizes:  # checked before the progress bar starts: a clean one-line error
        raise CardCountError.of(
            "--cards {size}: the {ranking} census counts hands of {sizes} cards",
            size=size,
            ranking=rules.name,
            sizes=OneOf(sizes),
        )
    started = time.perf_counter()
    from rich.progress import (
        BarColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    label = _("census {ranking}, {count} cards").format(ranking=rules.name, count=size)
    with Progress(
        TextColumn(escape(label)),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
        TextColumn("/"),
        TimeRemainingColumn(),
        console=_stderr,
        transient=True,
        disable=json or not _stderr.is_terminal,
    ) as progress:
        task = progress.add_task("census", total=1)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        result = census(rules, size, progress=advance)
    seconds = time.perf_counter() - started
    if json:
        print_json(census_to_json(result, seconds))
        return
    table = Table(
        title=_("{ranking}: every {count}-card hand").format(ranking=_(rules.title), count=size)
    )
    table.add_column(_("Category"))
    table.add_column(_("Hands"), justify="right")
    table.add_column(_("Share"), justify="right")
    table.add_column(_("Classes"), justify="right")
    for row in result.rows:
        share = f"{100 * row.hands / result.hands:.4f}%"
        table.add_row(_(row.title), f"{row.hands:,}", share, f"{row.classes:,}")
        if row.category == "straight_flush" and _has_royal(result):
            royal = result.best_class_hands
            table.add_row(
                "  " + _("of which royal flush"),
                f"{royal:,}",
                f"{100 * royal / result.hands:.4f}%",
                "1",
            )
    table.add_section()
    table.add_row(_("Total"), f"{result.hands:,}", "100%", f"{result.classes:,}")
    print_table(table)
    console.print(
        t.ngettext(
            "{count} hand in {seconds} s", "{count} hands in {seconds} s", result.hands
        ).format(count=f"{result.hands:,}", seconds=f"{seconds:.2f}")
    )
