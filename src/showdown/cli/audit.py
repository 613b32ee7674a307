"""``showdown audit``: re-decide every showdown of some hand histories and check the payouts."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from showdown.cli._app import app, console, fail, print_json

if TYPE_CHECKING:  # the history package loads when the command runs, not at start-up
    from showdown.history.audit import Tally, Verdict

__all__ = ["audit"]


@app.command()
def audit(
    paths: Annotated[
        list[str],
        typer.Argument(help="History files, folders (searched recursively), globs, or -."),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per showdown hand, in input order.")
    ] = False,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Worker processes.")] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Audit on a Dask cluster: the scheduler's address (tcp://host:8786).",
        ),
    ] = None,
) -> None:
    """Audit hand histories: who should have won what, and whether the room paid exactly that.

    Reads PokerStars, GGPoker and Full Tilt text histories (.txt) and PHH
    (.phh, .phhs). Exits 0 when every showdown agrees, 1 otherwise.
    """
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from showdown.history.audit import Tally, audit_paths

    tally = Tally()
    failed = False
    disagreements: list[Verdict] = []
    client = None
    if scheduler is not None:
        from showdown.distributed import connect

        try:
            client = connect(scheduler, timeout=10.0)
        except (OSError, ImportError) as error:
            raise fail(f"cannot reach the Dask scheduler {scheduler}: {error}") from None
    progress = Progress(
        SpinnerColumn(),
        TextColumn("{task.completed:,.0f} hands read, {task.fields[showdowns]:,} showdowns"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=not sys.stderr.isatty(),
    )
    try:
        with progress:
            task = progress.add_task("audit", total=None, showdowns=0)
            for verdicts, part in audit_paths(paths, workers=workers, client=client):
                tally.merge(part)
                for verdict in verdicts:
                    if verdict.verdict != "agree":
                        failed = True
                    if as_json:
                        print_json(verdict.to_json())
                    elif verdict.verdict != "agree" and len(disagreements) < 200:
                        disagreements.append(verdict)
                showdowns = sum(row["showdowns"] for row in tally.rows.values())
                progress.update(
                    task,
                    advance=sum(row["hands"] for row in part.rows.values()),
                    showdowns=showdowns,
                )
    finally:
        if client is not None:
            client.close()  # type: ignore[no-untyped-call]
    if tally.skipped.get("unreadable") or tally.skipped.get("cut off"):
        failed = True
    if not as_json:
        _print_summary(tally, disagreements)
    if failed:
        raise typer.Exit(1)


def _print_summary(tally: Tally, problems: list[Verdict]) -> None:
    from rich.table import Table

    from showdown.history.audit import DISAGREE, format_amount

    table = Table(title="Audit")
    for column in ("site", "game", "hands", "showdowns", "agree", "disagree", "other"):
        table.add_column(column, justify="left" if column in ("site", "game") else "right")
    for (site, game), row in sorted(tally.rows.items()):
        other = row["unsupported"] + row["error"]
        table.add_row(
            site,
            game,
            str(row["hands"]),
            str(row["showdowns"]),
            str(row["agree"]),
            str(row["disagree"]),
            str(other),
        )
    console.print(table)
    if tally.skipped:
        skipped = ", ".join(f"{count} {reason}" for reason, count in sorted(tally.skipped.items()))
        console.print(f"skipped: {skipped}")
    for verdict in problems:
        console.print(
            f"\n[bold]{verdict.file}[/] hand {verdict.hand} ({verdict.game}): "
            f"[{'red' if verdict.verdict == DISAGREE else 'yellow'}]{verdict.verdict}[/]"
        )
        if verdict.reason:
            console.print(f"  {verdict.reason}")
        for player in verdict.players:
            if player.difference:
                console.print(
                    f"  {player.name}: room paid {format_amount(player.recorded, verdict.unit)}, "
                    f"rules pay {format_amount(player.resolved, verdict.unit)}"
                )
        for text in verdict.explanations:
            console.print(f"  - {text}")
