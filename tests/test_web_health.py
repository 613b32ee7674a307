"""GET /api/health: up at once, ``warmed`` once the warm-up has loaded every kernel."""

from __future__ import annotations

import httpx
import pytest
from fastapi.testclient import TestClient

from showdown import __version__
from showdown.web import create_app
from tests._web_server import running_server


def test_a_running_server_is_warmed_once_its_warm_up_ends() -> None:
    with running_server() as url:  # it returns when the warm-up has ended
        answer = httpx.get(f"{url}/api/health", timeout=30)
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "version": __version__, "warmed": True}
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_without_a_warm_up_the_server_says_it_is_warmed_at_once() -> None:
    with TestClient(create_app(warm_up=False)) as client:
        assert client.get("/api/health").json()["warmed"] is True


def test_the_warm_up_loads_every_part_without_a_failure(caplog: pytest.LogCaptureFixture) -> None:
    """The warm-up swallows a failure so as never to stop the server, but logs it: none here."""
    import threading

    from showdown.web.app import _warm_up

    done = threading.Event()
    with caplog.at_level("WARNING", logger="showdown.web"):
        _warm_up(done)
    assert done.is_set()
    assert [record.getMessage() for record in caplog.records] == []
