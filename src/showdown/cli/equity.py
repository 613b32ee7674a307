"""``showdown equity`` and ``showdown matrix``: thin shells over :mod:`showdown.equity`."""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path
from typing import Annotated, Any, Final

import typer
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
from showdown.cli._equity_view import (
    EXACT_BUDGET,
    equity_result,
    percent,
    progress_bar,
    show_equity,
)
from showdown.errors import InvalidArgumentError, ShowdownError, Term
from showdown.i18n import normalize_language

__all__ = ["equity_command", "matrix_command", "write_matrix"]

EXACT_LIMIT: Final = 10_000_000
"""``--exact``'s limit, as its help says (:data:`showdown.equity.MAX_EXACT_TUPLES`, not
imported here: the equity module loads only when a command needs it)."""

GameOption = Annotated[
    str, typer.Option("--game", "-g", help="Game name or alias (see `showdown games`).")
]
BoardOption = Annotated[
    str | None, typer.Option("--board", "-b", help='Known board cards: "Qh 7h 2c".')
]
DeadOption = Annotated[
    str | None, typer.Option("--dead", "-d", help="Dead cards (folded, burnt, seen).")
]
ExactOption = Annotated[
    bool,
    typer.Option(
        "--exact",
        help=f"Enumerate every deal, however long it takes, up to {EXACT_LIMIT:,} "
        "tuples of hands (one hand per player, before the boards); beyond that it is "
        "refused: narrow the ranges, or sample.",
    ),
]
SeedOption = Annotated[
    int, typer.Option("--seed", help="Monte Carlo seed: the same seed, the same numbers.")
]
WorkersOption = Annotated[
    int | None, typer.Option("--workers", help="Local threads (default: every core).")
]
SchedulerOption = Annotated[
    str | None,
    typer.Option("--scheduler", help="Run on a Dask cluster: tcp://host:8786 (extra 'dask')."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]


@command(
    "equity",
    examples=[
        'showdown equity AhKh QQ --board "Qh 7h 2c"',
        'showdown equity "QQ+, AKs" random   (ranges: exact when it fits 10 s, else sampled)',
        "showdown equity AA random --samples 200000 --seed 7",
        'showdown equity "AAxx" "KKxx" -g omaha --lang ru',
    ],
)
@handle_errors
def equity_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help='Each player\'s hand or range: "AhKh", "As Kd", "QQ+, AKs", "Ah", "random".'
        ),
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
        float | None,
        typer.Option(
            "--seconds",
            help=f"Time budget: enumerate when that fits it, else sample until it runs out "
            f"(default: enumerate when that fits {EXACT_BUDGET:g} s, else sample 1,000,000 deals).",
        ),
    ] = None,
    seed: SeedOption = 0,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Equity of hands or ranges: exact when that fits the time budget, else Monte Carlo.

    Every deal is enumerated when the estimate fits the budget (--seconds,
    else 10 s); otherwise deals are sampled with a seed (--seed, default 0),
    so the same command always gives the same numbers.
    """
    lang = normalize_language(lang)
    result = equity_result(
        hands,
        board,
        dead=dead,
        game=game,
        exact=exact,
        samples=samples,
        stderr=stderr,
        seconds=seconds,
        seed=seed,
        workers=workers,
        scheduler=scheduler,
        as_json=as_json,
        lang=lang,
    )
    show_equity(result, as_json=as_json, lang=lang)


OUT_FORMATS: Final = {
    ".csv": "csv",
    ".parquet": "parquet",
    ".pq": "parquet",
    ".json": "json",
    ".png": "png",
}
"""The files ``matrix --out`` writes, by extension."""


def out_format(path: Path) -> str:
    """The format a file name asks for, by its extension.

    Raises:
        InvalidArgumentError: an extension not in :data:`OUT_FORMATS`; the message lists them.
    """
    found = OUT_FORMATS.get(path.suffix.lower())
    if found is None:
        raise InvalidArgumentError.of(
            "--out {path}: {suffix} is not a file type matrix writes: use {known}",
            path=str(path),
            suffix=repr(path.suffix) if path.suffix else Term("no extension"),
            known=", ".join(OUT_FORMATS),
        )
    return found


def write_matrix(matrix: Any, path: Path) -> None:
    """Write a matrix's cells (hand, against, equity) as CSV, Parquet or JSON, by extension
    (``.png`` draws the heatmap).

    Raises:
        InvalidArgumentError: an extension matrix does not write.
        ShowdownError: Parquet without pyarrow installed, PNG without matplotlib.
    """
    kind = out_format(path)
    if kind == "png":
        _plot(matrix, path)
        return
    records = matrix.records()
    if kind == "parquet":
        try:
            import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]
            import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]
        except ImportError:
            raise ShowdownError.of(
                "{path}: writing Parquet needs pyarrow: pip install 'showdown[parquet]'",
                path=str(path),
            ) from None
        columns = {key: [r[key] for r in records] for key in ("hand", "against", "equity")}
        pq.write_table(pa.table(columns), path)
        return
    if kind == "json":
        import json

        path.write_text(json.dumps(_matrix_json(matrix), ensure_ascii=False) + "\n", "utf-8")
        return
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["hand", "against", "equity"])
        for r in records:
            value = "" if math.isnan(r["equity"]) else f"{r['equity']:.6f}"
            writer.writerow([r["hand"], r["against"], value])


def _matrix_json(matrix: Any) -> dict[str, Any]:
    return {
        "game": matrix.game.name,
        "exact": matrix.exact,
        "rows": list(matrix.rows),
        "columns": list(matrix.columns),
        "values": [[None if math.isnan(v) else v for v in row] for row in matrix.values],
    }


def _plot(matrix: Any, path: Path) -> None:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ShowdownError.of(
            "{path}: plotting needs matplotlib: pip install 'showdown[plot]'", path=str(path)
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


@command(
    "matrix",
    examples=[
        'showdown matrix "QQ+, AKs"   (the 169 classes against a range, as a 13 x 13 grid)',
        'showdown matrix --hands "AA; KK; AKs" "QQ" --samples 20000',
        "showdown matrix --out cells.csv   (class against class: 14,365 cells, minutes)",
        "showdown matrix random --out grid.png --lang ro",
    ],
)
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
    seed: SeedOption = 0,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="Write the cells; the extension says how: .csv, .parquet, .json, "
            ".png (a heatmap, extra 'plot').",
        ),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw a heatmap to this PNG (extra 'plot').")
    ] = None,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Equity grid: the 169 Hold'em classes against a range, or class against class.

    A long run shows its progress and the time left on standard error.
    """
    from showdown.equity import equity_matrix

    lang = normalize_language(lang)
    t = language(lang)
    _ = t.gettext
    if out is not None:
        out_format(out)  # refuse an unknown extension before minutes of work
    if plot is not None and plot.suffix.lower() != ".png":
        raise InvalidArgumentError.of("--plot {path}: the heatmap is a .png file", path=str(plot))
    rows = [h.strip() for h in hands.split(";") if h.strip()] if hands else None
    enabled = not as_json and sys.stderr.isatty()
    with progress_bar(_("matrix"), enabled=enabled, after=0.0) as progress:
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
        print_json(_matrix_json(matrix))
        return
    from showdown.ranges import CLASS_GRID, HAND_CLASSES

    if matrix.rows == HAND_CLASSES and len(matrix.columns) == 1:
        grid = matrix.grid()
        table = Table(
            title=_("Equity against {range}").format(range=escape(matrix.columns[0])),
            show_header=False,
        )
        for _column in range(13):
            table.add_column(justify="right")
        for i, line in enumerate(CLASS_GRID):
            table.add_row(
                *(
                    f"{name} {'—' if math.isnan(grid[i, j]) else f'{100 * grid[i, j]:.0f}'}"
                    for j, name in enumerate(line)
                )
            )
        print_table(table)
    elif len(matrix.rows) * len(matrix.columns) <= 400:
        table = Table(title=_("Equity of the row hand against the column hand"))
        table.add_column("")
        for column in matrix.columns:
            table.add_column(escape(column), justify="right")
        for row, values in zip(matrix.rows, matrix.values, strict=True):
            table.add_row(escape(row), *(percent(None if math.isnan(v) else v) for v in values))
        print_table(table)
    else:
        cells = len(matrix.rows) * len(matrix.columns)
        if out is not None:
            text = t.ngettext(
                "{count} cell written to {path}", "{count} cells written to {path}", cells
            )
        else:
            text = t.ngettext(
                "{count} cell; use --out FILE.csv to keep them",
                "{count} cells; use --out FILE.csv to keep them",
                cells,
            )
        console.print(escape(text.format(count=f"{cells:,}", path=out)))
