"""``showdown census``: count every hand of a size under a ranking (a shell over
:func:`showdown.batch.census`)."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from showdown.cli._app import app, console, handle_errors, print_json
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


@app.command("census")
@handle_errors
def census_command(
    ranking: Annotated[
        str, typer.Option("--ranking", "-r", help="Ranking name or alias (high, razz, 2-7...).")
    ] = "high",
    cards: Annotated[
        int | None,
        typer.Option(
            "--cards", "-n", help="Cards per hand (default: 7 when allowed, else the only size)."
        ),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """Enumerate every hand of a size and count hands and distinct classes per category.

    Sizes: 5, 6 or 7 cards for high, both short decks (shortdeck, sixplus),
    ace-to-five and eight or better; 5 for deuce-to-seven; 4 for Badugi.
    """
    from showdown.batch import census, census_sizes

    rules = get_ranking(ranking)
    size = cards if cards is not None else max(census_sizes(rules))
    started = time.perf_counter()
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn(f"census {rules.name}, {size} cards"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
        console=_stderr,
        transient=True,
        disable=json,
    ) as progress:
        task = progress.add_task("census", total=1)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        result = census(rules, size, progress=advance)
    seconds = time.perf_counter() - started
    if json:
        print_json(census_to_json(result, seconds))
        return
    table = Table(title=f"{rules.title}: every {size}-card hand")
    table.add_column("Category")
    table.add_column("Hands", justify="right")
    table.add_column("Share", justify="right")
    table.add_column("Classes", justify="right")
    for row in result.rows:
        share = f"{100 * row.hands / result.hands:.4f}%"
        table.add_row(row.title, f"{row.hands:,}", share, f"{row.classes:,}")
        if row.category == "straight_flush" and _has_royal(result):
            royal = result.best_class_hands
            table.add_row(
                "  of which royal flush", f"{royal:,}", f"{100 * royal / result.hands:.4f}%", "1"
            )
    table.add_section()
    table.add_row("Total", f"{result.hands:,}", "100%", f"{result.classes:,}")
    console.print(table)
    console.print(f"{result.hands:,} hands in {seconds:.2f} s")
