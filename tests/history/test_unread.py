"""Nothing passed over in silence: every file found is read, or listed with the reason.

A folder search yields every file; each is identified by its start (the PokerStars
layout family, another room's format, a room showdown does not read, or no history at
all). ``showdown audit`` reports every file it read nothing from (``--json``: a record
``{"file", "verdict": "unread", "reason"}``), and fails a run that read no hand, or
that met a history it could not read; a file that is no history at all is listed but
fails nothing when hands were read.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from showdown.history import read, read_text
from showdown.history.audit import Tally, audit_paths
from showdown.history.reader import find_histories, identify

from .test_audit import GOOD_HAND

# The start of a Unibet history: a room read by no reader of showdown's (its signature
# names it). Written for this test.
UNKNOWN_ROOM = """Unibet Hand #1234567 - Hold'em No Limit - 0.05/0.10 EUR - 2020/01/02 10:00:00 CET
Table Lille 6-max
"""
NOTE = "Remember to buy milk.\nAnd bread.\n"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06"


def run_audit(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "showdown", "audit", *args]
    return subprocess.run(command, capture_output=True, text=True, encoding="utf-8", check=False)


def test_a_folder_search_finds_every_file(tmp_path: Path) -> None:
    for name in ("a.txt", "b.xml", "c.json", "d.png", "sub/e.log"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    found = [Path(p).relative_to(tmp_path).as_posix() for p in find_histories([str(tmp_path)])]
    assert found == ["a.txt", "b.xml", "c.json", "d.png", "sub/e.log"]


def test_identify() -> None:
    assert identify(GOOD_HAND.format(n=1)).kind == "stars"
    assert identify("\ufeff" + GOOD_HAND.format(n=1)).kind == "stars"
    assert identify(NOTE).kind == "none"
    assert identify("x", name="hand.phh").kind == "phh"


def test_a_folder_with_nothing_readable_fails_and_says_why_for_every_file(
    tmp_path: Path,
) -> None:
    (tmp_path / "notes.txt").write_text(NOTE, encoding="utf-8")
    (tmp_path / "photo.png").write_bytes(PNG)
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    done = run_audit("--json", str(tmp_path))
    assert done.returncode == 1
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [Path(r["file"]).name for r in records] == ["empty.txt", "notes.txt", "photo.png"]
    assert {r["verdict"] for r in records} == {"unread"}
    assert all("not a hand history" in r["reason"] for r in records)
    human = run_audit(str(tmp_path))
    assert human.returncode == 1
    assert "no hand was read" in human.stdout
    for name in ("empty.txt", "notes.txt", "photo.png"):
        assert f"not read: {tmp_path / name}: not a hand history" in human.stdout


def test_a_note_beside_histories_is_listed_but_fails_nothing(tmp_path: Path) -> None:
    (tmp_path / "a_hands.txt").write_text(GOOD_HAND.format(n=1), encoding="utf-8")
    (tmp_path / "b_readme.md").write_text(NOTE, encoding="utf-8")
    done = run_audit("--json", str(tmp_path))
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["verdict"] for r in records] == ["agree", "unread"]
    assert records[1]["file"] == str(tmp_path / "b_readme.md")


def test_a_history_of_a_room_showdown_does_not_read_fails_the_run(tmp_path: Path) -> None:
    (tmp_path / "a_hands.txt").write_text(GOOD_HAND.format(n=1), encoding="utf-8")
    (tmp_path / "b_session.txt").write_text(UNKNOWN_ROOM, encoding="utf-8")
    done = run_audit("--json", str(tmp_path))
    assert done.returncode == 1
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["verdict"] for r in records] == ["agree", "unread"]
    assert records[1]["reason"] == "a history of Unibet, which showdown does not read"
    human = run_audit(str(tmp_path / "b_session.txt"))
    assert human.returncode == 1
    assert "which showdown does not read" in human.stdout


def test_standard_input_is_identified_like_a_file() -> None:
    command = [sys.executable, "-m", "showdown", "audit", "--json", "-"]
    fine = subprocess.run(
        command, input=GOOD_HAND.format(n=1), capture_output=True, text=True, check=False
    )
    assert fine.returncode == 0, fine.stderr
    assert json.loads(fine.stdout)["verdict"] == "agree"
    note = subprocess.run(command, input=NOTE, capture_output=True, text=True, check=False)
    assert note.returncode == 1
    assert json.loads(note.stdout) == {
        "file": "-",
        "verdict": "unread",
        "reason": "not a hand history: no hand of a room showdown reads",
    }


def test_the_tally_of_unread_files(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text(NOTE, encoding="utf-8")
    (tmp_path / "room.txt").write_text(UNKNOWN_ROOM, encoding="utf-8")
    tally = Tally()
    for _, part in audit_paths([str(tmp_path)]):
        tally.merge(part)
    assert [(Path(f).name, kind) for f, kind, _ in tally.unread] == [
        ("notes.txt", "not a history"),
        ("room.txt", "room not read"),
    ]
    assert tally.hands == 0
    assert tally.failed


@pytest.mark.parametrize("as_bytes", [False, True])
def test_read_identifies_a_stream(as_bytes: bool) -> None:
    text = GOOD_HAND.format(n=1)
    stream = io.BytesIO(text.encode("utf-16")) if as_bytes else io.StringIO(text)
    [hand] = list(read(stream))
    assert hand.hand_id == "91"
    unread = read_text(UNKNOWN_ROOM)
    assert list(unread) == []
    assert dict(unread.skipped) == {"room not read": 1}


def test_a_file_that_cannot_be_opened_is_listed_and_fails_the_run(tmp_path: Path) -> None:
    (tmp_path / "a_hands.txt").write_text(GOOD_HAND.format(n=1), encoding="utf-8")
    missing = tmp_path / "gone.txt"
    done = run_audit("--json", str(tmp_path / "a_hands.txt"), str(missing))
    assert done.returncode == 1
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["verdict"] for r in records] == ["agree", "unread"]
    assert records[1]["file"] == str(missing)
    assert records[1]["reason"].startswith("cannot read: ")
