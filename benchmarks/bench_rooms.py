"""Audit throughput of each room's reader (issue 27): hands read and audited per second.

Not part of ``make test``; ``make bench`` (:mod:`benchmarks.run`) calls
:func:`measure_rooms`. For each room with a reader of its own, a history of
``hands`` hands is generated from the room's sample histories in
``tests/data/histories/<room>/``: the hands the reader reads whole (not the
samples' broken ones) are cut out of their files at their header lines (the
games of an XML file at their elements) and repeated, and the file is
audited by :func:`showdown.history.audit.audit_paths` on one worker. Target:
10,000 hands/s per core, read and audited.

    python -m benchmarks.bench_rooms [--hands N]
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from showdown.history import Hand, read
from showdown.history._text import open_text
from showdown.history.audit import Tally, audit_paths

__all__ = ["ROOMS", "ROOM_TARGET", "RoomRow", "format_rooms", "generated_history", "measure_rooms"]

ROOM_TARGET = 10_000.0
"""Hands read and audited per second per core (issue 27)."""

SAMPLES = Path(__file__).resolve().parents[1] / "tests" / "data" / "histories"

ROOMS: dict[str, str] = {
    "888poker": "888poker",
    "Winamax": "winamax",
    "iPoker XML": "ipoker",
    "partypoker": "partypoker",
    "WPN": "wpn",
    "Ignition/Bovada": "bovada",
}
"""The rooms the issue names, and their sample folders."""

_XML_ELEMENT = re.compile(r"<(game)\b.*?</\1>", re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True)
class RoomRow:
    """One room's measured rate."""

    room: str
    hands: int
    showdowns: int
    agree: int
    seconds: float

    @property
    def rate(self) -> float:
        """Hands read and audited per second (one worker)."""
        return self.hands / self.seconds

    @property
    def ratio(self) -> float:
        """The rate over the target."""
        return self.rate / ROOM_TARGET


def _text(path: Path) -> str:
    """A sample's text, decoded as the readers decode it (a cp1252 file's euro sign too)."""
    stream, _, _ = open_text(path)
    with stream:
        return stream.read()


def _text_blocks(path: Path) -> list[str]:
    """The text of each hand of a text history that its reader reads whole."""
    lines = _text(path).splitlines(keepends=True)
    entries = list(read(path).entries())
    starts = sorted({entry.line for entry in entries if entry.line} | {len(lines) + 1})
    blocks = []
    for entry in entries:
        if isinstance(entry, Hand) and entry.line:
            end = next(start for start in starts if start > entry.line)
            blocks.append("".join(lines[entry.line - 1 : end - 1]))
    return blocks


def generated_history(folder: Path, hands: int) -> tuple[str, str]:
    """A history of about ``hands`` hands made of a room's sample hands, and its suffix."""
    for path in sorted(folder.iterdir()):
        if not path.is_file():
            continue
        if next(iter(read(path)), None) is None:
            continue  # a sample of a broken hand
        text = _text(path)
        elements = list(_XML_ELEMENT.finditer(text))
        if elements:
            head, tail = text[: elements[0].start()], text[elements[-1].end() :]
            body = [match.group(0) for match in elements]
            copies = -(-hands // len(body))
            return head + "\n".join(body * copies) + tail, path.suffix
        blocks = _text_blocks(path)
        if blocks:
            copies = -(-hands // len(blocks))
            return "\n".join(blocks * copies), path.suffix
    raise ValueError(f"no sample hand in {folder}")


def _audit(path: Path) -> tuple[float, Tally]:
    tally = Tally()
    start = time.perf_counter()
    for _, part in audit_paths([str(path)], workers=1, chunk=1000):
        tally.merge(part)
    return time.perf_counter() - start, tally


def measure_rooms(
    hands: int = 20_000, log: Callable[[str], None] = print, repeats: int = 3
) -> list[RoomRow]:
    """Each room's rate: the fastest of ``repeats`` audits of its generated file."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for room, sample in ROOMS.items():
            source = SAMPLES / sample
            if not source.is_dir():
                log(f"{room}: no sample folder {source}")
                continue
            text, suffix = generated_history(source, hands)
            path = Path(folder) / f"{sample}{suffix}"
            path.write_text(text, encoding="utf-8")
            best: tuple[float, Tally] | None = None
            for _ in range(repeats):
                seconds, tally = _audit(path)
                if best is None or seconds < best[0]:
                    best = (seconds, tally)
            assert best is not None
            seconds, tally = best
            counts = {
                key: sum(row[key] for row in tally.rows.values())
                for key in ("hands", "showdowns", "agree")
            }
            row = RoomRow(room, counts["hands"], counts["showdowns"], counts["agree"], seconds)
            log(
                f"{room}: {row.hands} hands in {seconds:.2f} s = {row.rate:,.0f} hands/s "
                f"(one worker), {row.agree}/{row.showdowns} showdowns agree"
            )
            rows.append(row)
    return rows


def format_rooms(rows: list[RoomRow]) -> list[str]:
    """The rows as a Markdown table with their verdicts."""
    lines = [
        "| room | hands | showdowns agree | hands/s per core | target | ratio | verdict |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        verdict = "PASS" if row.ratio >= 1 else "FAIL"
        lines.append(
            f"| {row.room} | {row.hands:,} | {row.agree:,}/{row.showdowns:,} | {row.rate:,.0f} | "
            f"{ROOM_TARGET:,.0f} | {row.ratio:.2f} | {verdict} |"
        )
    return lines


def main() -> None:
    """Generate, audit, print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    for line in format_rooms(measure_rooms(args.hands)):
        print(line)


if __name__ == "__main__":
    main()
