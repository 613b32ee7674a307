"""The Dask path on a real LocalCluster (two worker processes): the same numbers as locally."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from showdown.equity import equity, equity_matrix

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=40,
    )
    with cluster, distributed.Client(cluster) as connected:
        yield connected


def test_monte_carlo_on_the_cluster_equals_the_local_run(client: Any) -> None:
    hands = ["AK, QQ:0.5", "random", "22+"]
    local = equity(hands, samples=700_000, seed=5)
    remote = equity(hands, samples=700_000, seed=5, client=client)
    assert not remote.exact
    assert remote.deals == 700_000
    assert remote.players == local.players


def test_stderr_stop_on_the_cluster_equals_the_local_run(client: Any) -> None:
    local = equity(["AhKh", "QsQd"], stderr=0.0015, seed=8, workers=1)
    remote = equity(["AhKh", "QsQd"], stderr=0.0015, seed=8, client=client)
    assert remote.stopped_by == local.stopped_by == "stderr"
    assert remote.deals == local.deals
    assert remote.players == local.players


def test_exact_on_the_cluster_equals_the_local_run(client: Any) -> None:
    local = equity(["AK", "QQ, JJ"])
    remote = equity(["AK", "QQ, JJ"], client=client)
    assert remote.exact
    assert remote.players == local.players
    hilo = equity(["Ah2h3c4d", "KsKdQsQd"], "9c 8d 2s", game="omaha8", client=client)
    assert hilo.players == equity(["Ah2h3c4d", "KsKdQsQd"], "9c 8d 2s", game="omaha8").players


def test_matrix_and_a_scheduler_address(client: Any) -> None:
    rows = ["AA", "KK", "AKs", "72o"]
    local = equity_matrix(rows, samples=20_000, seed=3)
    remote = equity_matrix(rows, samples=20_000, seed=3, scheduler=client.scheduler.address)
    assert np.array_equal(local.values, remote.values)


def test_batch_evaluation_on_the_cluster(client: Any) -> None:
    from showdown.batch import evaluate_many
    from showdown.distributed import evaluate_many as evaluate_on_cluster

    rng = np.random.default_rng(1)
    rows = np.array([rng.choice(52, 7, replace=False) for _ in range(5_000)], dtype=np.int64)
    local = evaluate_many(rows, game="holdem")
    remote = evaluate_on_cluster(rows, client=client, game="holdem", rows_per_task=1_500)
    assert np.array_equal(local, remote)


def test_audit_on_the_cluster_equals_the_local_run(client: Any, tmp_path: Any) -> None:
    from pathlib import Path

    from showdown.history.audit import audit_paths
    from showdown.history.synthetic import synthetic_history

    path = tmp_path / "synthetic.txt"
    path.write_text(synthetic_history(240, seed=21))
    phh = Path(__file__).parent / "data" / "histories" / "phh"
    paths = [str(path), str(phh)]
    local = [v.to_json() for vs, _ in audit_paths(paths, chunk=40) for v in vs]
    remote = [v.to_json() for vs, _ in audit_paths(paths, chunk=40, client=client) for v in vs]
    assert len(local) > 150
    assert remote == local


def test_every_rooms_histories_on_the_cluster_equal_the_local_run(client: Any) -> None:
    """The other rooms' files (text and XML, read whole by their format's reader) go to
    the cluster's workers as their text: the same verdicts, and the same files unread."""
    from pathlib import Path

    from showdown.history.audit import audit_paths

    data = Path(__file__).parent / "data" / "histories"
    paths = [str(data / room) for room in ("888poker", "ipoker", "winamax", "merge", "bovada")]

    def run(**where: Any) -> tuple[list[Any], list[Any]]:
        verdicts: list[Any] = []
        unread: list[Any] = []
        for found, tally in audit_paths(paths, chunk=40, **where):
            verdicts.extend(v.to_json() for v in found)
            unread.extend(tally.unread)
        return verdicts, unread

    local = run()
    assert len(local[0]) > 30
    assert {record["site"] for record in local[0]} >= {"888poker", "ipoker", "winamax", "merge"}
    assert run(client=client) == local


def test_audit_command_with_a_scheduler(client: Any, tmp_path: Any) -> None:
    import json
    import subprocess
    import sys

    from showdown.history.synthetic import synthetic_history

    path = tmp_path / "synthetic.txt"
    path.write_text(synthetic_history(60, seed=3))

    def run(*extra: str) -> list[Any]:
        done = subprocess.run(
            [sys.executable, "-m", "showdown", "audit", "--json", *extra, str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return [json.loads(line) for line in done.stdout.splitlines()]

    local = run()
    assert local
    assert run("--scheduler", client.scheduler.address) == local
    unreachable = subprocess.run(
        [sys.executable, "-m", "showdown", "audit", "--scheduler", "tcp://127.0.0.1:1", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert unreachable.returncode == 2
    assert "cannot reach the Dask scheduler tcp://127.0.0.1:1" in unreachable.stderr
