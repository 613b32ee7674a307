"""A real uvicorn server on a free loopback port, for the web tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from showdown.web import Settings, create_app
from showdown.web._protocol import JsonErrorsH11Protocol


@contextmanager
def running_server(settings: Settings | None = None) -> Iterator[str]:
    """Serve the app on 127.0.0.1 (a free port) in a thread; yield its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        http=JsonErrorsH11Protocol,  # as `showdown serve` runs it
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    # the requests of a test should not share the CPU with the server's warm-up
    if not app.state.warmed.wait(timeout=300):
        raise RuntimeError("the test server's warm-up did not end")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
