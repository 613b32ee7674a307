"""What ``showdown equity`` shows: the result worked out first, then printed.

:func:`equity_result` runs :func:`showdown.equity.equity` as the command
asks (a progress bar on standard error when the run is long);
:func:`show_equity` prints the result. Both the Typer command
(:mod:`showdown.cli.equity`) and the quick start (:mod:`showdown.cli._lean`)
use these two; an error is raised before anything is printed on standard
output. Nothing here loads Typer.

>>> percent(0.4621), percent(None)
('46.21%', '—')
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final

from rich.console import Console
from rich.markup import escape

from showdown.cards import format_cards
from showdown.cli._hand_view import half_title
from showdown.cli._output import language
from showdown.i18n import Language

if TYPE_CHECKING:
    from rich.progress import Progress

    from showdown.equity import EquityResult

__all__ = ["EXACT_BUDGET", "equity_result", "percent", "progress_bar", "show_equity"]

EXACT_BUDGET: Final = 10.0
"""Seconds: without a stopping rule, ``equity`` enumerates every deal when the estimate
fits this budget (on every core), and samples otherwise."""

_stderr = Console(stderr=True, highlight=False)


@contextmanager
def progress_bar(
    label: str, *, enabled: bool, after: float = 1.0
) -> Iterator[Callable[[float], None] | None]:
    """A progress callback: a bar with the time left on standard error, once ``after``
    seconds have passed (so that quick runs print nothing)."""
    if not enabled:
        yield None
        return
    started = time.perf_counter()
    bar: Progress | None = None
    task = None

    def update(fraction: float) -> None:
        nonlocal bar, task
        if bar is None:
            if time.perf_counter() - started < after:
                return
            from rich.progress import (
                BarColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            bar = Progress(
                TextColumn(escape(label)),
                BarColumn(),
                TextColumn("{task.percentage:>3.0f}%"),
                TimeElapsedColumn(),
                TextColumn("/"),
                TimeRemainingColumn(),
                console=_stderr,
                transient=True,
            )
            bar.start()
            task = bar.add_task(label, total=1.0)
        assert task is not None
        bar.update(task, completed=fraction)

    try:
        yield update
    finally:
        if bar is not None:
            bar.stop()


def percent(value: float | None) -> str:
    """A share as a percentage with two decimals (``—`` for none)."""
    return "—" if value is None else f"{100 * value:.2f}%"


def _how(result: Any, t: Language) -> str:
    """How the numbers were found: exact, or sampled with which seed and why it stopped."""
    _ = t.gettext
    deals = round(result.deals)
    count = f"{result.deals:,.0f}" if deals == result.deals else f"{result.deals:,.1f}"
    seconds = f"{result.seconds:.2f}"
    if result.exact:
        return t.ngettext(
            "exact: {count} deal enumerated in {seconds} s",
            "exact: {count} deals enumerated in {seconds} s",
            deals,
        ).format(count=count, seconds=seconds)
    stopped = {
        "samples": _("the number of deals asked for"),
        "stderr": _("the standard error asked for"),
        "seconds": _("the time budget"),
    }.get(result.stopped_by, result.stopped_by)
    return t.ngettext(
        "Monte Carlo: {count} deal, seed {seed}, stopped by {rule}, in {seconds} s",
        "Monte Carlo: {count} deals, seed {seed}, stopped by {rule}, in {seconds} s",
        deals,
    ).format(count=count, seed=result.seed, rule=stopped, seconds=seconds)


def equity_result(
    hands: list[str],
    board: str | None = None,
    *,
    dead: str | None = None,
    game: str = "holdem",
    exact: bool = False,
    samples: int | None = None,
    stderr: float | None = None,
    seconds: float | None = None,
    seed: int = 0,
    workers: int | None = None,
    scheduler: str | None = None,
    as_json: bool = False,
    lang: str = "en",
) -> EquityResult:
    """The equity the command asks for, with the command's defaults (enumerate when that
    fits :data:`EXACT_BUDGET`, else sample with ``seed``).

    Raises:
        ShowdownError: every error of :func:`showdown.equity.equity`.
    """
    from showdown.equity import equity

    _ = language(lang).gettext
    budget = EXACT_BUDGET if seconds is None and samples is None and stderr is None else None
    with progress_bar(_("equity"), enabled=not as_json and sys.stderr.isatty()) as progress:
        return equity(
            hands,
            board,
            game=game,
            dead=dead,
            exact=True if exact else None,
            samples=samples,
            stderr=stderr,
            seconds=seconds,
            seed=seed,
            workers=workers,
            scheduler=scheduler,
            progress=progress,
            exact_seconds=budget,
        )


def show_equity(result: EquityResult, *, as_json: bool = False, lang: str = "en") -> None:
    """Print an equity result: a table and how it was found, or JSON."""
    from rich.table import Table

    from showdown.cli import _output

    t = language(lang)
    _ = t.gettext
    if as_json:
        _output.print_json(result.to_json())
        return
    split = result.game.split_pot
    title = _(result.game.title)
    if result.board:
        title += " — " + _("board {cards}").format(cards=format_cards(result.board))
    table = Table(title=title)
    headers = [_("Player"), _("Hand"), _("Equity"), _("Win"), _("Tie")]
    for i, column in enumerate(headers):
        table.add_column(column, justify="left" if i < 2 else "right")
    if split:
        for half in ("high", "low"):
            table.add_column(half_title(t, half), justify="right")
    if not result.exact:
        table.add_column(_("± stderr"), justify="right")
    for seat, player in enumerate(result.players, start=1):
        row = [
            _("Player {number}").format(number=seat),
            escape(player.hand),
            f"[bold]{percent(player.equity)}[/]",
            percent(player.win),
            percent(player.tie),
        ]
        if split:
            row += [percent(player.high), percent(player.low)]
        if not result.exact:
            row.append(percent(player.stderr))
        table.add_row(*row)
    _output.print_table(table)
    _output.console.print(f"[dim]{escape(_how(result, t))}[/]")
