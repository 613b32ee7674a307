"""A bounded load test of the HTTP API: ``make load`` (not part of ``make test``).

Starts ``showdown serve`` on a free loopback port, then for ``--seconds``
(30 by default) keeps ``--concurrency`` requests in flight over keep-alive
connections (a minimal asyncio HTTP/1.1 client, so that the client costs
little next to the server): a mix of five-player showdowns (the
contract), single hands, hi/lo showdowns and the game list, plus equity when
``--equity-share`` is above zero. Prints requests per second, p50/p90/p99
latency and the error count, per endpoint and in total. Exits 1 on any
error.

    python -m benchmarks.load --seconds 30 --concurrency 32
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

FIVE = {
    "game": "holdem",
    "board": "Kc Td Kh Ts 3c",
    "button": 4,
    "players": [
        {"name": "Peter", "cards": "Ks 2d", "stake": 50},
        {"name": "Hans", "cards": "Kd 7h", "stake": 50},
        {"name": "Michael", "cards": "Ac Th", "stake": 50},
        {"name": "Gabriel", "cards": "Tc 3s", "stake": 50},
        {"name": "Paul", "cards": "3h 3d", "stake": 50},
    ],
}
HILO = {
    "game": "omaha_hilo",
    "board": "2c 3d 7h Kd Qs",
    "players": [
        {"name": "Ann", "cards": "As 4h Kh Ks", "stake": 100},
        {"name": "Bob", "cards": "Ad 4c 9s 9d", "stake": 300},
        {"name": "Cid", "cards": "Qh Qd Jc Jd", "stake": 200},
    ],
}
# (name, weight, method, path, body)
MIX: list[tuple[str, float, str, str, Any]] = [
    ("POST /api/showdown holdem 5p", 0.45, "POST", "/api/showdown", FIVE),
    ("POST /api/showdown omaha8 3p", 0.15, "POST", "/api/showdown?lang=ru", HILO),
    ("POST /api/hand", 0.30, "POST", "/api/hand", {"cards": "Ks 2d", "board": "Kc Td Kh Ts 3c"}),
    ("GET /api/games", 0.10, "GET", "/api/games", None),
]
EQUITY = (
    "POST /api/equity",
    "POST",
    "/api/equity",
    {"hands": ["AhKh", "QsQd"], "board": "2c 7d 9h"},
)


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    error_examples: list[str] = field(default_factory=list)

    def add_error(self, text: str) -> None:
        self.errors += 1
        if len(self.error_examples) < 3:
            self.error_examples.append(text[:200])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _start_server(port: int, workers: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "showdown", "serve", "--port", str(port)]
    command += ["--log-level", "warning", "--workers", str(workers)]
    env = {**os.environ, "SHOWDOWN_MAX_PLAYERS": "10"}
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _wait_ready(url: str, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode() if process.stderr else ""
            raise SystemExit(f"the server exited: {err}")
        try:
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                # one of each request, to warm the tables and kernels
                httpx.post(f"{url}/api/showdown", json=FIVE, timeout=30)
                httpx.post(f"{url}/api/equity", json=EQUITY[3], timeout=30)
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not start")


class _Connection:
    """One keep-alive HTTP/1.1 connection; a tiny client, so that the server is the bottleneck."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, raw: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(raw)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split()[1])
        length = 0
        close = False
        for line in lines[1:]:
            key, _, value = line.partition(b":")
            key = key.strip().lower()
            if key == b"content-length":
                length = int(value)
            elif key == b"connection" and value.strip().lower() == b"close":
                close = True
        body = await self.reader.readexactly(length) if length else b""
        if close:
            await self.close()
        return status, body

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


def _raw(method: str, path: str, body: Any, host: str) -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: showdown-load\r\n"
    if body is None:
        return (head + "\r\n").encode()
    data = json.dumps(body).encode()
    head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
    return head.encode() + data


async def _worker(
    host: str,
    port: int,
    mix: list[tuple[str, float, str, str, Any]],
    tallies: dict[str, Tally],
    stop: float,
    rng: random.Random,
) -> None:
    names = [m[0] for m in mix]
    weights = [m[1] for m in mix]
    raw = {m[0]: _raw(m[2], m[3], m[4], f"{host}:{port}") for m in mix}
    connection = _Connection(host, port)
    try:
        while time.perf_counter() < stop:
            name = rng.choices(names, weights)[0]
            started = time.perf_counter()
            try:
                status, body = await connection.request(raw[name])
            except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                tallies[name].add_error(f"{type(error).__name__}: {error}")
                await connection.close()
                continue
            elapsed = time.perf_counter() - started
            if status != 200:
                tallies[name].add_error(f"{status} {body.decode(errors='replace')}")
            else:
                tallies[name].latencies.append(elapsed)
    finally:
        await connection.close()


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _report(tallies: dict[str, Tally], seconds: float) -> int:
    everything = Tally()
    for tally in tallies.values():
        everything.latencies += tally.latencies
        everything.errors += tally.errors
        everything.error_examples += tally.error_examples
    header = f"{'endpoint':<30} {'requests':>9} {'req/s':>9} {'p50 ms':>8} {'p90 ms':>8}"
    header += f" {'p99 ms':>8} {'max ms':>8} {'errors':>7}"
    print(header)
    print("-" * len(header))
    rows = [*tallies.items(), ("total", everything)]
    for name, tally in rows:
        count = len(tally.latencies)
        ms = [1000 * x for x in tally.latencies]
        print(
            f"{name:<30} {count:>9} {count / seconds:>9.1f} {_quantile(ms, 0.5):>8.2f} "
            f"{_quantile(ms, 0.9):>8.2f} {_quantile(ms, 0.99):>8.2f} "
            f"{max(ms, default=float('nan')):>8.2f} {tally.errors:>7}"
        )
    if everything.latencies:
        mean = 1000 * statistics.fmean(everything.latencies)
        print(f"\nmean latency {mean:.2f} ms over {seconds:.1f} s")
    for example in everything.error_examples:
        print(f"error: {example}")
    return 1 if everything.errors else 0


async def _run(url: str, seconds: float, concurrency: int, equity_share: float) -> int:
    mix = list(MIX)
    if equity_share > 0:
        mix.append((EQUITY[0], equity_share, EQUITY[1], EQUITY[2], EQUITY[3]))
    tallies = {m[0]: Tally() for m in mix}
    address = urlsplit(url)
    host, port = address.hostname or "127.0.0.1", address.port or 80
    started = time.perf_counter()
    stop = started + seconds
    await asyncio.gather(
        *(
            _worker(host, port, mix, tallies, stop, random.Random(seed))
            for seed in range(concurrency)
        )
    )
    return _report(tallies, time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument("--equity-share", type=float, default=0.0)
    parser.add_argument("--url", help="an already running server (default: start one)")
    args = parser.parse_args(argv)
    process = None
    url = args.url
    if url is None:
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        process = _start_server(port, args.workers)
    try:
        if process is not None:
            _wait_ready(url, process)
        print(
            f"load: {url}, {args.seconds:.0f} s, {args.concurrency} in flight, "
            f"{args.workers} server worker(s), {os.cpu_count()} cores\n"
        )
        return asyncio.run(_run(url, args.seconds, args.concurrency, args.equity_share))
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=15)


if __name__ == "__main__":
    raise SystemExit(main())
