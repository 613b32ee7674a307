"""Dask glue: run showdown's chunked work on a ``dask.distributed`` cluster.

Optional: ``pip install 'showdown[dask]'``. Nothing here is imported by
``import showdown``, and ``dask.distributed`` itself is imported only when a
function below is called.

Work is cut into tasks whose content does not depend on the cluster, mapped onto
the workers and merged in task order (:func:`map_ordered`), so a cluster gives
the same answers as one machine, whatever the number of workers. Three kinds of
work use it: equity and equity matrices (their chunks and how they are run:
:mod:`showdown.equity.distributed`), batch evaluation of rows too many for one
machine (:func:`evaluate_many`), and the audit of hand histories
(``showdown audit --scheduler``).

>>> import showdown.distributed  # cheap: dask is not imported yet
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import numpy.typing as npt
    from distributed import Client

    from showdown.games import Game
    from showdown.rules import RuleSet

__all__ = ["connect", "evaluate_many", "map_ordered", "worker_threads"]

_MISSING = (
    "running on a Dask cluster needs the optional extra: pip install 'showdown[dask]' "
    "(dask and distributed)"
)


def _client_class() -> type[Client]:
    try:
        from distributed import Client
    except ImportError as error:  # pragma: no cover - the extra is installed in tests
        raise ImportError(_MISSING) from error
    return Client


def connect(scheduler: str, *, timeout: float = 30.0) -> Client:
    """A client of the Dask scheduler at ``scheduler`` (``'tcp://host:8786'``).

    Raises:
        ImportError: ``dask.distributed`` is not installed.
        OSError: the scheduler cannot be reached in ``timeout`` seconds.
    """
    client: Client = _client_class()(scheduler, timeout=timeout)
    return client


def worker_threads(client: Client) -> int:
    """The number of worker threads of the cluster (at least 1)."""
    info = client.scheduler_info()
    workers = info.get("workers", {})
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


def map_ordered(
    client: Client, function: Callable[[Any], Any], tasks: Sequence[Any]
) -> Iterator[Any]:
    """``function(task)`` for each task, run on the cluster, yielded in task order.

    Tasks not yet consumed are cancelled when the iterator is closed early.
    """
    futures: list[Any] = client.map(function, list(tasks), pure=False)
    cluster: Any = client
    try:
        for future in futures:
            yield future.result()
    finally:
        cluster.cancel([f for f in futures if not f.done()])


def _evaluate_chunk(task: tuple[Any, str | None, str | None]) -> Any:
    """Evaluate one chunk of rows on a worker (a top-level function, for pickling)."""
    from showdown.batch import evaluate_many as evaluate_rows

    rows, ranking, game = task
    return evaluate_rows(rows, ranking=ranking, game=game)


def evaluate_many(
    cards: Any,
    *,
    client: Client,
    ranking: str | RuleSet | None = None,
    game: str | Game | None = None,
    rows_per_task: int = 1_000_000,
) -> npt.NDArray[np.int32]:
    """:func:`showdown.batch.evaluate_many` on a Dask cluster, for arrays too big for one
    machine's patience: the rows are cut into chunks, each chunk is evaluated (and
    checked) on a worker, and the results come back in order, equal to the local call.

    Raises:
        ShowdownError: the errors of :func:`showdown.batch.evaluate_many`, for the
            first bad chunk.
    """
    import numpy as np

    from showdown.batch import to_code_array

    rows = to_code_array(cards)
    ranking_name = ranking if ranking is None or isinstance(ranking, str) else ranking.name
    game_name = game if game is None or isinstance(game, str) else game.name
    tasks = [
        (rows[start : start + rows_per_task], ranking_name, game_name)
        for start in range(0, max(len(rows), 1), rows_per_task)
    ]
    parts = list(map_ordered(client, _evaluate_chunk, tasks))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
