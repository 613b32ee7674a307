"""``showdown equity`` and ``showdown matrix``: thin shells over :mod:`showdown.equity`."""

from __future__ import annotations

import csv
import math
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from showdown.cli._app import app, console, handle_errors, print_json
from showdown.errors import ShowdownError

if TYPE_CHECKING:
    from rich.progress import Progress

__all__ = ["equity_command", "matrix_command", "write_matrix"]

_stderr = Console(stderr=True, highlight=False)

GameOption = Annotated[
    str, typer.Option("--game", "-g", help="Game name or alias (see `showdown games`).")
]
BoardOption = Annotated[str | None, typer.Option("--board", "-b", help="Known board cards.")]
DeadOption = Annotated[str | None, typer.Option("--dead", "-d", help="Dead cards.")]
ExactOption = Annotated[
    bool, typer.Option("--exact", help="Enumerate every deal, however long it takes.")
]
SeedOption = Annotated[int | None, typer.Option("--seed", help="Monte Carlo seed.")]
WorkersOption = Annotated[
    int | None, typer.Option("--workers", help="Local threads (default: every core).")
]
SchedulerOption = Annotated[
    str | None,
    typer.Option("--scheduler", help="Run on a Dask cluster: tcp://host:8786 (extra 'dask')."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]


@contextmanager
def _progress_bar(label: str, *, enabled: bool) -> Iterator[Callable[[float], None] | None]:
    """A progress callback that shows a bar on standard error once a second has passed."""
    if not enabled:
        yield None
        return
    started = time.perf_counter()
    bar: Progress | None = None
    task = None

    def update(fraction: float) -> None:
        nonlocal bar, task
        if bar is None:
            if time.perf_counter() - started < 1.0:
                return
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

            bar = Progress(
                TextColumn(label),
                BarColumn(),
                TextColumn("{task.percentage:>3.0f}%"),
                TimeElapsedColumn(),
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


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.2f}%"


@app.command("equity")
@handle_errors
def equity_command(
    hands: Annotated[
        list[str],
        typer.Argument(help='Each player\'s hand or range: "AhKh", "QQ+,AKs", "Ah", "random".'),
    ],
    board: BoardOption = None,
    dead: DeadOption = None,
    game: GameOption = "holdem",
    exact: ExactOption = False,
    samples: Annotated[
        int | None, typer.Option("--samples", "-n", help="Monte Carlo: deals to sample.")
    ] = None,
    stderr: Annotated[
        float | None,
        typer.Option("--stderr", help="Monte Carlo: stop when every standard error is below."),
    ] = None,
    seconds: Annotated[
        float | None, typer.Option("--seconds", help="Monte Carlo: stop after this long.")
    ] = None,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Equity of hands or ranges: exact when tractable, else Monte Carlo."""
    from showdown.equity import equity

    with _progress_bar("equity", enabled=not as_json and sys.stderr.isatty()) as progress:
        result = equity(
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
        )
    if as_json:
        print_json(result.to_json())
        return
    split = result.game.split_pot
    title = result.game.title
    if result.board:
        title += " — board " + " ".join(str(c) for c in result.board)
    table = Table(title=title)
    for column in ("Player", "Hand", "Equity", "Win", "Tie"):
        table.add_column(column, justify="left" if column in ("Player", "Hand") else "right")
    if split:
        for column in ("High", "Low"):
            table.add_column(column, justify="right")
    if not result.exact:
        table.add_column("± stderr", justify="right")
    for seat, player in enumerate(result.players, start=1):
        row = [
            f"Player {seat}",
            player.hand,
            f"[bold]{_percent(player.equity)}[/]",
            _percent(player.win),
            _percent(player.tie),
        ]
        if split:
            row += [_percent(player.high), _percent(player.low)]
        if not result.exact:
            row.append(_percent(player.stderr))
        table.add_row(*row)
    console.print(table)
    if result.exact:
        how = f"exact: {result.deals:,.0f} deals enumerated"
    else:
        how = (
            f"Monte Carlo: {result.deals:,.0f} deals, seed {result.seed}, "
            f"stopped by {result.stopped_by}"
        )
    console.print(f"[dim]{how} in {result.seconds:.2f} s[/]")


def write_matrix(matrix: Any, path: Path) -> None:
    """Write a matrix's cells (hand, against, equity) as CSV, or Parquet for ``.parquet``.

    Raises:
        ShowdownError: Parquet without pyarrow installed.
    """
    records = matrix.records()
    if path.suffix.lower() in (".parquet", ".pq"):
        try:
            import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]
            import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]
        except ImportError:
            raise ShowdownError(
                f"{path}: writing Parquet needs pyarrow: pip install 'showdown[parquet]'"
            ) from None
        columns = {key: [r[key] for r in records] for key in ("hand", "against", "equity")}
        pq.write_table(pa.table(columns), path)
        return
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["hand", "against", "equity"])
        for r in records:
            value = "" if math.isnan(r["equity"]) else f"{r['equity']:.6f}"
            writer.writerow([r["hand"], r["against"], value])


def _plot(matrix: Any, path: Path) -> None:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ShowdownError(
            f"{path}: plotting needs matplotlib: pip install 'showdown[plot]'"
        ) from None
    from showdown.ranges import CLASS_GRID, HAND_CLASSES

    figure = Figure(figsize=(9, 8))
    axes = figure.add_subplot()
    if matrix.rows == HAND_CLASSES and len(matrix.columns) == 1:
        grid = matrix.grid()
        image = axes.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=1.0)
        for i, line in enumerate(CLASS_GRID):
            for j, name in enumerate(line):
                value = grid[i, j]
                label = name if math.isnan(value) else f"{name}\n{100 * value:.0f}"
                axes.text(j, i, label, ha="center", va="center", fontsize=6)
        axes.set_xticks([])
        axes.set_yticks([])
        axes.set_title(f"Equity against {matrix.columns[0]}")
    else:
        image = axes.imshow(matrix.values, cmap="RdYlGn", vmin=0.0, vmax=1.0)
        step = max(1, len(matrix.rows) // 26)
        axes.set_yticks(range(0, len(matrix.rows), step), matrix.rows[::step], fontsize=5)
        step = max(1, len(matrix.columns) // 26)
        axes.set_xticks(
            range(0, len(matrix.columns), step), matrix.columns[::step], fontsize=5, rotation=90
        )
        axes.set_title("Equity of the row hand against the column hand")
    figure.colorbar(image, ax=axes, fraction=0.046)
    figure.savefig(path, dpi=150, bbox_inches="tight")


@app.command("matrix")
@handle_errors
def matrix_command(
    against: Annotated[
        str | None,
        typer.Argument(help="The range every class plays against; omit for class vs class."),
    ] = None,
    hands: Annotated[
        str | None,
        typer.Option("--hands", help="Row hands or ranges, ';'-separated (default: 169 classes)."),
    ] = None,
    board: BoardOption = None,
    dead: DeadOption = None,
    game: GameOption = "holdem",
    exact: ExactOption = False,
    samples: Annotated[
        int, typer.Option("--samples", "-n", help="Monte Carlo deals per cell.")
    ] = 50_000,
    seed: Annotated[int, typer.Option("--seed", help="Monte Carlo seed.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write the cells: .csv or .parquet.")
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw a heatmap to this PNG (extra 'plot').")
    ] = None,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Equity grid: the 169 Hold'em classes against a range, or class against class."""
    from showdown.equity import equity_matrix

    rows = [h.strip() for h in hands.split(";") if h.strip()] if hands else None
    with _progress_bar("matrix", enabled=not as_json and sys.stderr.isatty()) as progress:
        matrix = equity_matrix(
            rows,
            against,
            board=board,
            game=game,
            dead=dead,
            exact=exact,
            samples=samples,
            seed=seed,
            workers=workers,
            scheduler=scheduler,
            progress=progress,
        )
    if out is not None:
        write_matrix(matrix, out)
    if plot is not None:
        _plot(matrix, plot)
    if as_json:
        print_json(
            {
                "game": matrix.game.name,
                "exact": matrix.exact,
                "rows": list(matrix.rows),
                "columns": list(matrix.columns),
                "values": [[None if math.isnan(v) else v for v in row] for row in matrix.values],
            }
        )
        return
    from showdown.ranges import CLASS_GRID, HAND_CLASSES

    if matrix.rows == HAND_CLASSES and len(matrix.columns) == 1:
        grid = matrix.grid()
        table = Table(title=f"Equity against {matrix.columns[0]}", show_header=False)
        for _ in range(13):
            table.add_column(justify="right")
        for i, line in enumerate(CLASS_GRID):
            table.add_row(
                *(
                    f"{name} {'—' if math.isnan(grid[i, j]) else f'{100 * grid[i, j]:.0f}'}"
                    for j, name in enumerate(line)
                )
            )
        console.print(table)
    elif len(matrix.rows) * len(matrix.columns) <= 400:
        table = Table(title="Equity of the row hand against the column hand")
        table.add_column("")
        for column in matrix.columns:
            table.add_column(column, justify="right")
        for row, values in zip(matrix.rows, matrix.values, strict=True):
            table.add_row(row, *(_percent(None if math.isnan(v) else v) for v in values))
        console.print(table)
    else:
        console.print(
            f"{len(matrix.rows)} x {len(matrix.columns)} cells"
            + (f" written to {out}" if out else "; use --out FILE.csv to keep them")
        )
