"""Running equity's work: on local threads, or on a Dask cluster.

The work of :func:`showdown.equity.equity` and
:func:`showdown.equity.equity_matrix` is cut into tasks whose content does not
depend on where they run (Monte Carlo chunks carry their own seeds), mapped onto
threads or workers and merged in task order (:class:`Runner`), so a cluster
gives the same numbers as one machine, whatever the number of workers. Each
worker counts with its own engine (:mod:`showdown.core`): exact counts are the
same on the compiled core and on the readable reference, and a Monte Carlo chunk
draws from the stream of the engine the run was planned for (the client's), or
from the reference's own where a worker has no compiled core -- a cluster with
the client's engine on every worker gives the client's numbers.

The Dask glue itself (connecting, mapping in order) is :mod:`showdown.distributed`,
which batch evaluation and the audit use too; ``dask`` is imported only when a
cluster is used (``pip install 'showdown[dask]'``).

>>> runner = Runner(2, None)
>>> list(runner.map(abs, [-3, 1, -2])), runner.width
([3, 1, 2], 2)
>>> runner.close()
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from showdown.distributed import map_ordered, worker_threads
from showdown.equity.plan import CORES

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import ThreadPoolExecutor

    from distributed import Client

__all__ = ["Runner"]


class Runner:
    """Runs top-level task functions in order: on local threads, or on a Dask cluster.

    Args:
        workers: local threads (default: every core); unused with a client.
        client: a ``dask.distributed.Client`` to run the tasks on, or None.
    """

    def __init__(self, workers: int | None, client: Client | None) -> None:
        self.client = client
        self.workers = workers or CORES
        self._pool: ThreadPoolExecutor | None = None

    @property
    def width(self) -> int:
        """How many tasks to keep in flight."""
        if self.client is not None:
            return max(1, worker_threads(self.client))
        return self.workers

    def map(self, function: Callable[[Any], Any], tasks: Sequence[Any]) -> Iterator[Any]:
        """Results of ``function(task)`` for each task, in the order of ``tasks``."""
        if not tasks:
            return iter(())
        if self.client is not None:
            return map_ordered(self.client, function, tasks)
        if self.workers == 1 or len(tasks) == 1:
            return (function(task) for task in tasks)
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor  # only a run with threads

            self._pool = ThreadPoolExecutor(max_workers=self.workers)
        return self._pool.map(function, tasks)

    def close(self) -> None:
        """Stop the local threads, if any (tasks not started are cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
