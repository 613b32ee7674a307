"""Equity matrices: heads-up equity of each row hand or range against each column one.

Each cell is an :func:`~showdown.equity.solve.equity` run of its own, with a seed
of its own derived from the matrix's seed, so the numbers do not depend on how
the cells are spread over threads or a Dask cluster.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from showdown._validate import MAX_SEED, check_callable, check_flag, check_int, describe_value
from showdown.cards import Card, CardsLike, parse_cards
from showdown.distributed import connect
from showdown.equity.distributed import Runner
from showdown.equity.plan import MAX_SAMPLES, MAX_WORKERS
from showdown.equity.problem import read_problem
from showdown.equity.solve import equity
from showdown.errors import CardCountError, DuplicateCardError, ShowdownError
from showdown.games import Game, get_game
from showdown.ranges import CLASS_GRID, HAND_CLASSES

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

__all__ = ["MATRIX_SAMPLES", "EquityMatrix", "equity_matrix"]

MATRIX_SAMPLES: Final = 50_000
"""Deals sampled per cell of :func:`equity_matrix` unless told otherwise."""


@dataclass(frozen=True, slots=True, eq=False)
class EquityMatrix:
    """Heads-up equity of each row hand or range against each column one.

    Attributes:
        game: the game.
        board: the known board cards.
        dead: the dead cards.
        rows: the row hands or ranges (by default the 169 Hold'em classes).
        columns: the column hands or ranges.
        values: ``(rows, columns)``: the row's equity against the column;
            NaN where the two share a card in every deal.
        exact: True when every cell was enumerated.
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    values: npt.NDArray[np.float64]
    exact: bool

    def records(self) -> list[dict[str, Any]]:
        """One ``{'hand', 'against', 'equity'}`` dict per cell, row by row."""
        return [
            {"hand": row, "against": column, "equity": float(self.values[i, j])}
            for i, row in enumerate(self.rows)
            for j, column in enumerate(self.columns)
        ]

    def grid(self, column: int = 0) -> npt.NDArray[np.float64]:
        """The 13 x 13 grid (as :data:`showdown.ranges.CLASS_GRID`) of one column.

        Raises:
            ShowdownError: the rows are not the 169 Hold'em classes.
        """
        if self.rows != HAND_CLASSES:
            raise ShowdownError("a 13 x 13 grid needs the 169 Hold'em classes as rows")
        index = {name: i for i, name in enumerate(self.rows)}
        return np.array(
            [[self.values[index[name], column] for name in line] for line in CLASS_GRID]
        )


def _cell_seed(seed: int, i: int, j: int) -> int:
    return int(np.random.SeedSequence([seed, i, j]).generate_state(1, dtype=np.uint32)[0])


def _matrix_task(task: tuple[Any, ...]) -> list[tuple[int, int, float, bool]]:
    """Cells of a matrix: ``(i, j, equity, exact)`` each (top-level, for Dask workers)."""
    game_name, board, dead, exact, samples, seed, cells = task
    results = []
    for i, j, row, column in cells:
        try:
            found = equity(
                [row, column],
                board,
                game=game_name,
                dead=dead,
                exact=exact,
                samples=samples,
                seed=_cell_seed(seed, i, j),
                workers=1,
            )
        except DuplicateCardError:
            results.append((i, j, math.nan, True))
            continue
        results.append((i, j, found.players[0].equity, found.exact))
    return results


def equity_matrix(
    rows: Sequence[str] | None = None,
    columns: Sequence[str] | str | None = None,
    *,
    board: CardsLike | None = None,
    game: str | Game = "holdem",
    dead: CardsLike | None = None,
    exact: bool | None = False,
    samples: int = MATRIX_SAMPLES,
    seed: int = 0,
    workers: int | None = None,
    client: Client | None = None,
    scheduler: str | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityMatrix:
    """Heads-up equity of every row hand or range against every column one.

    By default the rows are the 169 Hold'em classes and the columns the
    same classes (class against class); give ``columns='QQ+, AKs'`` for the
    169 classes against one range. Each cell is an :func:`equity` run of its
    own, sampled (``samples`` deals, a seed of its own derived from ``seed``)
    unless ``exact`` is True (or None: exact when tractable). When the rows
    are the columns, only one triangle is computed and the other is its
    complement. Cells are spread over local threads or a Dask cluster; the
    numbers do not depend on how.

    >>> m = equity_matrix(["AA", "KK"], "QQ", samples=20_000, seed=1)
    >>> m.values.shape, [round(float(v), 1) for v in m.values[:, 0]]
    ((2, 1), [0.8, 0.8])

    Raises:
        ShowdownError: the errors of :func:`equity`, for the first cell that has one.
        CardCountError: no rows or no columns.
    """
    found = get_game(game)
    check_flag("exact", exact, optional=True)
    samples = check_int("samples", samples, minimum=1, maximum=MAX_SAMPLES)
    seed = check_int("seed", seed, minimum=0, maximum=MAX_SEED)
    if workers is not None:
        workers = check_int("workers", workers, minimum=1, maximum=MAX_WORKERS)
    check_callable("progress", progress)
    for name, given in (("rows", rows), ("columns", columns)):
        if given is not None and (
            isinstance(given, bytes)
            or (name == "rows" and isinstance(given, str))
            or not isinstance(given, Sequence)
        ):
            raise TypeError(
                f"{name} must be a list of hands or ranges, got {describe_value(given)}"
            )
    row_list = tuple(rows) if rows is not None else HAND_CLASSES
    if columns is None:
        column_list = row_list
    elif isinstance(columns, str):
        column_list = (columns,)
    else:
        column_list = tuple(columns)
    if not row_list or not column_list:
        raise CardCountError("equity_matrix needs at least one row and one column")
    symmetric = row_list == column_list
    shared = parse_cards(board) if board is not None else ()
    out = parse_cards(dead) if dead is not None else ()
    cells = [
        (i, j, row, column)
        for i, row in enumerate(row_list)
        for j, column in enumerate(column_list)
        if not symmetric or i <= j
    ]
    # check the inputs once, on the first cell, to fail fast with a clear error
    with contextlib.suppress(DuplicateCardError):  # such a cell is NaN
        read_problem([row_list[0], column_list[0]], shared, out, found)
    connection: Any = None
    if client is None and scheduler is not None:
        connection = connect(scheduler)
        client = connection
    runner = Runner(workers, client)
    per_task = max(1, min(64, len(cells) // (runner.width * 8) or 1))
    tasks = [
        (found.name, shared, out, exact, samples, seed, cells[k : k + per_task])
        for k in range(0, len(cells), per_task)
    ]
    values = np.full((len(row_list), len(column_list)), math.nan)
    all_exact = True
    try:
        for done, results in enumerate(runner.map(_matrix_task, tasks), start=1):
            for i, j, value, was_exact in results:
                values[i, j] = value
                if symmetric and i != j:
                    values[j, i] = 1.0 - value
                all_exact = all_exact and was_exact
            if progress is not None:
                progress(done / len(tasks))
    finally:
        runner.close()
        if connection is not None:
            connection.close()
    return EquityMatrix(found, shared, out, row_list, column_list, values, all_exact)
