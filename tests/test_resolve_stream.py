"""``showdown resolve`` as a stream: one output line per input line, whatever the input.

Every case runs the real command in a child process and counts the lines in
and out and the exit status: a truncated record, invalid UTF-8, a byte order
mark, JSON nested 100,000 deep, a 5,000-digit integer, an over-long line,
blank lines; and a million-line stream under a memory ceiling measured as the
child's peak resident set size.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

SHOWDOWN = [sys.executable, "-m", "showdown"]
GOOD = json.dumps(
    {
        "game": "holdem",
        "board": "Kc Td Kh Ts 3c",
        "players": [
            {"name": "Peter", "cards": "Ks 2d", "stake": 50},
            {"name": "Paul", "cards": "3h 3d", "stake": 50},
        ],
    }
).encode()


def _resolve(
    data: bytes, tmp_path: Path, *options: str, name: str = "in.jsonl"
) -> tuple[int, list[str]]:
    source = tmp_path / name
    source.write_bytes(data)
    done = subprocess.run(
        [*SHOWDOWN, "resolve", "--json", *options, str(source)],
        capture_output=True,
        check=False,
        timeout=300,
    )
    assert done.stderr == b"", done.stderr.decode("utf-8", "replace")
    return done.returncode, done.stdout.decode("utf-8").split("\n")[:-1]


def _records(lines: list[str]) -> list[dict[str, Any] | None]:
    return [json.loads(line) if line else None for line in lines]


def _is_good(record: dict[str, Any] | None) -> bool:
    # Peter's Kings full of Tens beat Paul's Threes full of Kings: he takes the 100
    return record is not None and record.get("winners") == ["Peter"]


def test_a_truncated_record_spoils_only_its_line(tmp_path: Path) -> None:
    lines = [GOOD, GOOD[:40], GOOD, GOOD]  # the second one cut, starting with '{'
    status, out = _resolve(b"\n".join(lines) + b"\n", tmp_path)
    assert status == 1
    assert len(out) == 4
    records = _records(out)
    assert [_is_good(r) for r in records] == [True, False, True, True]
    error = records[1]["error"]  # type: ignore[index]
    assert error["type"] == "JSONDecodeError"
    assert error["line"] == 2
    assert error["message"].startswith("line 2 column ")


def test_the_line_number_of_a_bad_line_is_its_own(tmp_path: Path) -> None:
    status, out = _resolve(GOOD + b"\n" + GOOD + b"\n{oops\n" + GOOD + b"\n", tmp_path)
    assert status == 1
    error = _records(out)[2]["error"]  # type: ignore[index]
    assert error["line"] == 3
    assert error["message"] == "line 3 column 2: Expecting property name enclosed in double quotes"


def test_invalid_utf8_is_an_error_for_its_line_only(tmp_path: Path) -> None:
    data = GOOD + b"\n" + b'{"game": "hold\xffem"}\n' + GOOD + b"\n"
    status, out = _resolve(data, tmp_path)
    assert status == 1
    records = _records(out)
    assert [_is_good(r) for r in records] == [True, False, True]
    assert records[1] == {
        "error": {
            "type": "UnicodeDecodeError",
            "message": "line 2 is not UTF-8: byte 0xff at column 15 ('invalid start byte')",
            "line": 2,
        }
    }


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    status, out = _resolve(b"\xef\xbb\xbf" + GOOD + b"\n" + GOOD + b"\n", tmp_path)
    assert status == 0
    assert [_is_good(r) for r in _records(out)] == [True, True]


def test_a_mark_after_line_one_is_not_skipped(tmp_path: Path) -> None:
    status, out = _resolve(GOOD + b"\n\xef\xbb\xbf" + GOOD + b"\n", tmp_path)
    assert status == 1
    assert _records(out)[1]["error"]["type"] == "JSONDecodeError"  # type: ignore[index]


def test_deep_nesting_and_huge_numbers_are_error_records(tmp_path: Path) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    big = b'{"game": "holdem", "button": ' + b"7" * 5000 + b', "players": []}'
    inf = b'{"game": "holdem", "button": Infinity, "players": []}'
    status, out = _resolve(
        b"\n".join([GOOD, deep, big, inf, b"[" * 40 + b"]" * 40, GOOD]) + b"\n", tmp_path
    )
    assert status == 1
    records = _records(out)
    assert len(records) == 6
    assert _is_good(records[0])
    assert _is_good(records[5])
    assert records[1]["error"] == {  # type: ignore[index]
        "type": "InvalidRecordError",
        "message": "line 2: JSON nested deeper than 32 levels",
        "line": 2,
    }
    assert records[2]["error"]["message"] == "line 3: a number of 5000 digits is too large"  # type: ignore[index]
    assert records[3]["error"]["message"] == "line 4: Infinity is not a JSON number"  # type: ignore[index]
    assert records[4]["error"]["message"] == "line 5: JSON nested deeper than 32 levels"  # type: ignore[index]


def test_an_over_long_line_is_skipped_to_its_end(tmp_path: Path) -> None:
    long_line = b'{"game": "' + b"x" * 5000 + b'"}'
    status, out = _resolve(
        b"\n".join([GOOD, long_line, GOOD]) + b"\n", tmp_path, "--max-line-bytes", "1000"
    )
    assert status == 1
    records = _records(out)
    assert [_is_good(r) for r in records] == [True, False, True]
    error = records[1]["error"]  # type: ignore[index]
    assert error["type"] == "InvalidRecordError"
    assert error["message"].startswith("line 2 is longer than 1000 bytes")


def test_blank_lines_give_blank_lines_and_no_final_newline_is_needed(tmp_path: Path) -> None:
    status, out = _resolve(GOOD + b"\n\n   \n\r\n" + GOOD, tmp_path)
    assert status == 0
    assert len(out) == 5
    assert out[1:4] == ["", "", ""]
    assert _is_good(json.loads(out[4]))


def test_windows_line_ends_and_a_lone_surrogate(tmp_path: Path) -> None:
    named = GOOD.replace(b'"Peter"', b'"Pe\\ud800ter"')
    status, out = _resolve(GOOD + b"\r\n" + named + b"\r\n", tmp_path)
    assert status == 0
    assert len(out) == 2
    assert json.loads(out[1])["winners"] == ["Pe\ud800ter"]


def test_a_json_document_file_is_read_whole(tmp_path: Path) -> None:
    record = json.loads(GOOD)
    document = json.dumps([record, record], indent=2).encode()
    status, out = _resolve(document, tmp_path, name="two.json")
    assert status == 0
    assert [_is_good(r) for r in _records(out)] == [True, True]
    status, out = _resolve(document[:-3], tmp_path, name="cut.json")
    assert status == 1
    assert len(out) == 1
    assert _records(out)[0]["error"]["type"] == "JSONDecodeError"  # type: ignore[index]


def test_stdin_with_bad_bytes_keeps_going() -> None:
    data = GOOD + b"\n\xc3\x28\n" + GOOD + b"\n"
    done = subprocess.run(
        [*SHOWDOWN, "resolve", "--json", "-"],
        input=data,
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 1
    records = _records(done.stdout.decode().split("\n")[:-1])
    assert [_is_good(r) for r in records] == [True, False, True]
    assert records[1]["error"]["line"] == 2  # type: ignore[index]


_PEAK = textwrap.dedent(
    """
    import resource, subprocess, sys
    with open(sys.argv[1], "rb") as source, open(sys.argv[2], "wb") as sink:
        status = subprocess.run(
            [sys.executable, "-m", "showdown", "resolve", "--json", "-"],
            stdin=source, stdout=sink, check=False,
        ).returncode
    print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    """
)


def _peak(source: Path, sink: Path) -> tuple[int, int]:
    """Resolve ``source`` in a child of a fresh process: the exit status and its peak RSS in KiB."""
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, str(source), str(sink)],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    status, peak = done.stdout.split()
    return int(status), int(peak)


@pytest.mark.slow
def test_a_million_lines_in_flat_memory(tmp_path: Path) -> None:
    pattern = [b"not json", b"", b'{"game": "pineapple", "players": []}', b"\xff\xfe", b"[1, 2]"]
    lines = [GOOD if i % 1000 == 0 else pattern[i % len(pattern)] for i in range(1_000_000)]
    lines[9] = GOOD[:30]  # a record cut short near the start must not swallow the rest
    lines[500_001] = b"[" * 50_000 + b"]" * 50_000
    source = tmp_path / "million.jsonl"
    source.write_bytes(b"\n".join(lines) + b"\n")
    small = tmp_path / "small.jsonl"
    small.write_bytes(b"\n".join(lines[:2000]) + b"\n")
    sink = tmp_path / "out.jsonl"

    status, baseline = _peak(small, sink)
    assert status == 1
    status, peak = _peak(source, sink)
    assert status == 1
    count = good = blank = 0
    with sink.open("rb") as out:
        for number, line in enumerate(out, start=1):
            count += 1
            if not line.strip():
                blank += 1
                assert lines[number - 1] == b""
            elif b'"winners": ["Peter"]' in line:
                good += 1
            else:
                assert json.loads(line)["error"]["line"] == number
    assert count == 1_000_000
    assert good == 1000
    assert blank == lines.count(b"") == 199_999  # every fifth line but one
    assert peak < 160 * 1024, f"peak RSS {peak} KiB"
    assert peak < baseline + 32 * 1024, f"peak RSS {peak} KiB, {baseline} KiB for 2,000 lines"


def _mixed_lines() -> list[bytes]:
    """Plain and card-room records of several games, with bad and blank lines between."""
    import random

    from showdown.games import GAMES
    from tests.random_records import random_record

    rng = random.Random("resolve-stream-mixed")
    names = ["holdem", "omaha_hilo", "razz", "badugi", "stud_hilo"]
    lines: list[bytes] = []
    for number in range(600):
        game = GAMES[names[number % len(names)]]
        lines.append(json.dumps(random_record(rng, game, plain=number % 3 != 0)).encode())
        if number % 97 == 0:
            lines.extend([b"", b"not json", b"\xff", GOOD[:40]])
    return lines


def test_chunks_and_workers_write_what_the_readable_path_writes(tmp_path: Path) -> None:
    from tests.test_resolve_fast import readable_output

    lines = _mixed_lines()
    data = b"\n".join(lines) + b"\n"
    status, out = _resolve(data, tmp_path)
    assert status == 1  # the bad lines
    assert len(out) == len(lines)
    for number, (line, written) in enumerate(zip(lines, out, strict=True), start=1):
        if line.startswith(b"{") and line != GOOD[:40]:
            expected = readable_output(json.loads(line))
            if expected.startswith('{"error"'):  # the stream adds the line number
                error = json.loads(expected)
                error["error"]["line"] = number
                expected = json.dumps(error, ensure_ascii=False)
            assert written == expected, line
        elif line:
            assert json.loads(written)["error"]["line"] == number
        else:
            assert written == ""
    assert _resolve(data, tmp_path, "--workers", "2") == (status, out)
    piped = subprocess.run(
        [*SHOWDOWN, "resolve", "--json", "-", "--workers", "2"],
        input=data,
        capture_output=True,
        check=False,
        timeout=300,
    )
    assert (piped.returncode, piped.stdout.decode().split("\n")[:-1]) == (status, out)


def test_a_line_typed_on_stdin_is_answered_before_the_next() -> None:
    import select

    with subprocess.Popen(
        [*SHOWDOWN, "resolve", "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    ) as child:
        assert child.stdin is not None
        assert child.stdout is not None
        for line in (GOOD, b"not json", GOOD):
            child.stdin.write(line + b"\n")
            child.stdin.flush()
            ready, _, _ = select.select([child.stdout], [], [], 60)
            assert ready, "no answer while the input stays open"
            answer = json.loads(child.stdout.readline())
            assert _is_good(answer) == (line == GOOD)
        child.stdin.close()
        assert child.stdout.read() == b""
        assert child.wait(timeout=60) == 1


def test_workers_stop_quietly_when_the_reader_goes_away(tmp_path: Path) -> None:
    """With ``--workers``, the workers write their chunks to standard output in turn;
    a reader that stops early (``| head``) ends them all: exit status 1, nothing on
    standard error, no process left waiting for its turn."""
    source = tmp_path / "many.jsonl"
    source.write_bytes((GOOD + b"\n") * 20_000)
    with subprocess.Popen(
        [*SHOWDOWN, "resolve", "--json", str(source), "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        assert process.wait(timeout=120) == 1
        assert process.stderr.read() == b""
    assert json.loads(first)["winners"]


def test_workers_send_their_output_back_where_standard_output_has_no_descriptor(
    tmp_path: Path,
) -> None:
    """Where standard output is no file (a test's capture; a platform without ``fork``),
    the workers' chunks come back to be written here, in order, with the same bytes."""
    from typer.testing import CliRunner

    from showdown.cli import app

    lines = _mixed_lines()
    source = tmp_path / "mixed.jsonl"
    source.write_bytes(b"\n".join(lines) + b"\n")
    status, out = _resolve(source.read_bytes(), tmp_path)
    done = CliRunner().invoke(app, ["resolve", "--json", str(source), "--workers", "2"])
    assert done.exit_code == status
    assert done.stdout.split("\n")[:-1] == out
