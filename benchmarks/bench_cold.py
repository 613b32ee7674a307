"""Cold start (issue 12): the first call of each public function in a fresh process.

Each entry of :data:`FIRST_CALLS` is a setup and a call, run in a new Python
process after the install step (which built the compiled core; the tables come
from the disk cache once a first process has built them). The process reports
the seconds of ``import showdown``, of the setup (not timed against the
target: building the input), and of the first call, and whether the call
loaded NumPy. The test suite checks that every first call runs in a fresh
process, and that the one-hand calls load no NumPy
(``tests/test_cold_start.py``); ``make bench`` times them against the 0.5 s
target.
"""

from __future__ import annotations

import json
import socket
import statistics
import subprocess
import sys
import textwrap
import time
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "FIRST_CALLS",
    "FIRST_REQUESTS",
    "ColdStart",
    "first_call",
    "first_requests",
    "format_cold",
    "format_requests",
    "measure_cold",
]

LIMIT_S = 0.5
"""The issue's target for a first call in a fresh process, in seconds."""

FIRST_CALLS: Mapping[str, tuple[str, str]] = {
    "evaluate": ("", "showdown.evaluate('As Ks', 'Qs Js Ts 2c 3d')"),
    "explain": (
        "a = showdown.evaluate('Ks 2d', 'Kc Td Kh Ts 3c'); "
        "b = showdown.evaluate('3h 3d', 'Kc Td Kh Ts 3c')",
        "showdown.explain(a, b)",
    ),
    "evaluate_game (omaha8)": (
        "from showdown.games import evaluate_game",
        "evaluate_game('omaha8', 'Ac 2d Kh Kd', '3c 4d 8h Ks 9c')",
    ),
    "resolve (four players, side pots)": (
        "from showdown.pots import Showdown, resolve; "
        "s = Showdown.build('holdem', '2c 7d 9h Js 4s', [('Ann', 'As Ah', 50), "
        "('Bob', 'Ks Kh', 100), ('Cid', 'Kd Kc', 200), ('Dee', 'Qs Qh', 300)])",
        "resolve(s)",
    ),
    "strength7": ("", "showdown.strength7([51, 47, 43, 39, 35, 0, 1])"),
    "strength (game='omaha8')": (
        "",
        "showdown.strength([48, 1, 46, 45, 4, 9, 26, 47, 28], game='omaha8')",
    ),
    "evaluate_many (10,000 seven-card rows)": (
        "import numpy as np; rows = np.random.default_rng(0).permuted("
        "np.tile(np.arange(52, dtype=np.int8), (10_000, 1)), axis=1)[:, :7]",
        "showdown.evaluate_many(rows)",
    ),
    "evaluate_many (10,000 Omaha Hi/Lo rows)": (
        "import numpy as np; rows = np.random.default_rng(0).permuted("
        "np.tile(np.arange(52, dtype=np.int8), (10_000, 1)), axis=1)[:, :9]",
        "showdown.evaluate_many(rows, game='omaha8')",
    ),
    "best_cards_many (1,000 Omaha rows)": (
        "import numpy as np; rows = np.random.default_rng(0).permuted("
        "np.tile(np.arange(52, dtype=np.int8), (1_000, 1)), axis=1)[:, :9]",
        "showdown.best_cards_many(rows, game='omaha')",
    ),
    "census (5-card high)": ("from showdown.batch import census", "census('high', 5)"),
    "parse_range": ("", "showdown.parse_range('QQ+, AKs, A5s-A2s')"),
    "equity exact (flop)": ("", "showdown.equity(['AhKh', 'QsQd'], board='2c7d9s')"),
    "equity exact (preflop)": ("", "showdown.equity(['AhKh', 'QsQd'])"),
    "equity sampled (ranges)": (
        "",
        "showdown.equity(['QQ+, AKs', 'JJ-99'], board='2c7d9s', samples=20_000)",
    ),
    "equity exact (Omaha Hi/Lo turn)": (
        "",
        "showdown.equity(['As2sKdQd', '9h8h7c6c'], game='omaha8', board='3s4h5dJc')",
    ),
    "equity sampled (razz)": (
        "",
        "showdown.equity(['As2d3c', 'KsQdJc'], game='razz', samples=20_000)",
    ),
    "equity_matrix": ("", "showdown.equity_matrix(['AA', 'KK', 'AKs'], samples=5_000)"),
}
"""Each first call: (setup, call), run after ``import showdown``."""

_PROBE = textwrap.dedent(
    """
    import json, sys, time
    started = time.perf_counter()
    import showdown
    imported = time.perf_counter()
    setup, call = sys.argv[1], sys.argv[2]
    exec(setup)
    numpy_before = "numpy" in sys.modules
    ready = time.perf_counter()
    exec(call)
    done = time.perf_counter()
    print(json.dumps({"import_s": imported - started, "call_s": done - ready,
                      "loads_numpy": "numpy" in sys.modules and not numpy_before}))
    """
)


@dataclass(frozen=True, slots=True)
class ColdStart:
    """One first call in a fresh process: its seconds, and whether it loaded NumPy."""

    name: str
    import_s: float
    call_s: float
    loads_numpy: bool


def first_call(name: str, *, env: Mapping[str, str] | None = None) -> ColdStart:
    """Run the first call ``name`` of :data:`FIRST_CALLS` in a new process, timed as a
    user meets it."""
    setup, call = FIRST_CALLS[name]
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, setup, call],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env=None if env is None else dict(env),
    )
    if done.returncode != 0:
        raise RuntimeError(f"{name}: the probe failed:\n{done.stderr}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return ColdStart(name, found["import_s"], found["call_s"], found["loads_numpy"])


def measure_cold(
    repeats: int = 3,
    log: Callable[[str], object] = print,
    only: tuple[str, ...] | None = None,
) -> list[ColdStart]:
    """Every first call (or those named in ``only``), ``repeats`` fresh processes each;
    the medians."""
    results = []
    for name in only if only is not None else tuple(FIRST_CALLS):
        runs = [first_call(name) for _ in range(repeats)]
        median = ColdStart(
            name,
            statistics.median(r.import_s for r in runs),
            statistics.median(r.call_s for r in runs),
            runs[0].loads_numpy,
        )
        log(f"  {name:40} import {median.import_s:.3f} s, first call {median.call_s:.3f} s")
        results.append(median)
    return results


def format_cold(results: list[ColdStart]) -> list[str]:
    """The cold-start table: each first call against the 0.5 s target."""
    lines = [
        "| first call in a fresh process (after `import showdown`) | import | first call "
        "| loads NumPy | <= 0.5 s |",
        "|---|---:|---:|:---:|:---:|",
    ]
    for r in results:
        met = "yes" if r.call_s <= LIMIT_S else "**no**"
        numpy = "yes" if r.loads_numpy else "no"
        lines.append(f"| {r.name} | {r.import_s:.3f} s | {r.call_s:.3f} s | {numpy} | {met} |")
    within = sum(r.call_s <= LIMIT_S for r in results)
    lines += ["", f"{within} of {len(results)} first calls within 0.5 s."]
    return lines


_HISTORY = Path(__file__).parents[1] / "tests" / "data" / "histories" / "pokerstars_cash.txt"

FIRST_REQUESTS: Mapping[str, tuple[str, str, object]] = {
    "GET /api/games": ("GET", "/api/games", None),
    "GET /api/messages?lang=ru": ("GET", "/api/messages?lang=ru", None),
    "GET /api/range-order": ("GET", "/api/range-order", None),
    "POST /api/hand (omaha8)": (
        "POST",
        "/api/hand",
        {"game": "omaha8", "cards": "Ah 2h Ks Kd", "board": "3c 4d 8s Kh 9c"},
    ),
    "POST /api/showdown": (
        "POST",
        "/api/showdown",
        {
            "game": "holdem",
            "board": "2c 7d 9h Js 4s",
            "players": [
                {"name": "Ann", "cards": "As Ah", "stake": 50},
                {"name": "Bob", "cards": "Ks Kh", "stake": 100},
                {"name": "Cid", "cards": "Qs Qh", "stake": 300},
            ],
        },
    ),
    "POST /api/equity (flop, exact)": (
        "POST",
        "/api/equity",
        {"hands": ["AhKh", "QsQd"], "board": "2c7d9s"},
    ),
    "POST /api/equity (omaha8, flop)": (
        "POST",
        "/api/equity",
        {"game": "omaha8", "hands": ["Ah 2h Ks Kd", "Qc Jc Tc 9d"], "board": "3c 4d 8s"},
    ),
    "POST /api/equity (ranges, sampled)": (
        "POST",
        "/api/equity",
        {"hands": ["QQ+, AKs", "JJ-99"], "samples": 20_000, "seed": 1},
    ),
    "POST /api/range": ("POST", "/api/range", {"text": "QQ+, AKs, 76s:0.5"}),
    "POST /api/history": ("POST", "/api/history", {"text": "@history"}),
}
"""Each endpoint's first request: (method, path, JSON body); ``@history`` is a sample file."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _request(base: str, method: str, path: str, body: object) -> tuple[int, float]:
    if isinstance(body, dict) and body.get("text") == "@history":
        body = {"text": _HISTORY.read_text(encoding="utf-8")}
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as answer:
        answer.read()
        status = int(answer.status)
    return status, time.perf_counter() - started


def first_requests(
    python: str = sys.executable, log: Callable[[str], object] = print
) -> list[tuple[str, int, float]] | None:
    """Start ``showdown serve``, wait for its warm-up (``/api/health``), then time the
    first request of each endpoint; None when the web extra is not installed."""
    probe = subprocess.run([python, "-c", "import fastapi, uvicorn"], capture_output=True)
    if probe.returncode != 0:
        log("  note: the web extra is not installed: no server to time")
        return None
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [python, "-m", "showdown", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        started = time.perf_counter()
        while True:
            if time.perf_counter() - started > 300 or server.poll() is not None:
                raise RuntimeError("the server did not warm up")
            try:
                with urllib.request.urlopen(base + "/api/health", timeout=5) as answer:
                    if json.loads(answer.read())["warmed"]:
                        break
            except OSError:
                pass
            time.sleep(0.1)
        log(f"  server warmed up {time.perf_counter() - started:.1f} s after its start")
        rows = []
        for name, (method, path, body) in FIRST_REQUESTS.items():
            status, seconds = _request(base, method, path, body)
            log(f"  {name:40} {status} in {seconds * 1000:.0f} ms")
            rows.append((name, status, seconds))
        return rows
    finally:
        server.terminate()
        server.wait(timeout=30)


def format_requests(rows: list[tuple[str, int, float]]) -> list[str]:
    """The first-request table: each endpoint against the 0.5 s target."""
    lines = [
        "| first request after the warm-up | status | time | <= 0.5 s |",
        "|---|---:|---:|:---:|",
    ]
    for name, status, seconds in rows:
        met = "yes" if seconds <= LIMIT_S and status == 200 else "**no**"
        lines.append(f"| {name} | {status} | {seconds * 1000:.0f} ms | {met} |")
    return lines


if __name__ == "__main__":
    for line in format_cold(measure_cold()):
        print(line)
    found = first_requests()
    for line in format_requests(found or []):
        print(line)
