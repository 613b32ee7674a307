"""The stream resolver (:mod:`showdown.stream`) as a library: one line out per line in.

The chunked path (the fast lane where it answers, the readable path for the
rest, in worker processes or not) is checked line by line against the
readable reference: :func:`showdown.stream.resolve_records`, which resolves
each record with :func:`showdown.pots.resolve` and the contract, run with the
compiled core off (``SHOWDOWN_ENGINE=readable``). The limits of a line and of
a record, the error records and their line numbers are checked with their
messages.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from showdown import stream
from showdown.errors import InvalidRecordError
from showdown.games import GAMES
from showdown.i18n import UnknownLanguageError
from showdown.stream import (
    CHUNK,
    MAX_DEPTH,
    MAX_DOCUMENT_BYTES,
    Line,
    decode_record,
    read_lines,
    resolve_lines,
    resolve_records,
    write_resolved,
)
from tests.random_records import random_record
from tests.readable import readable_engine

BAD_LINES = [
    "",
    "{oops",
    "   ",
    "[" * 40 + "]" * 40,
    '{"a": 1' + "1" * 40 + "}",
    "NaN",
    '{"game": "holdem", "players": []}',
    '{"game": "nope", "players": []}',
    '"text"',
    '{"game": "\\ud800"}',
]
"""Lines that are empty or error records, each for its own reason."""


def _lines(seed: str, per_game: int) -> list[str]:
    """Random records of every game (plain and card-room ones), bad lines among them."""
    rng = random.Random(seed)
    lines = []
    for game in GAMES.values():
        for number in range(per_game):
            lines.append(json.dumps(random_record(rng, game, plain=number % 2 == 0)))
            if number % 3 == 0:
                lines.append(rng.choice(BAD_LINES))
    return lines


def _reference(lines: list[str], lang: str = "en") -> list[str]:
    """Each line's output by the readable path, record by record, the core off."""
    data = "".join(f"{line}\n" for line in lines).encode("utf-8", "surrogatepass")
    with readable_engine():
        return [answer.text() for answer in resolve_records(io.BytesIO(data), lang=lang)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_resolve_lines_writes_what_the_readable_path_writes(lang: str) -> None:
    lines = _lines(f"stream-{lang}", 12)
    assert len(lines) > CHUNK  # more than one chunk
    out = list(resolve_lines(lines, lang=lang))
    assert out == _reference(lines, lang)
    for number, (line, text) in enumerate(zip(lines, out, strict=True), start=1):
        if line.strip() and line in BAD_LINES:  # each bad line an error record, in place
            error = json.loads(text)["error"]
            assert error["line"] == number
            assert ("text" in error) == (lang != "en")
    assert [text == "" for text in out] == [not line.strip() for line in lines]


def test_write_resolved_in_workers_writes_the_same_bytes(tmp_path: Path) -> None:
    lines = _lines("stream-workers", 20)
    assert len(lines) > 2 * CHUNK  # one chunk here, the others in the workers
    data = "".join(f"{line}\n" for line in lines).encode("utf-8", "surrogatepass")
    here = io.StringIO()
    failed = write_resolved(io.BytesIO(data), here)
    expected = "".join(f"{text}\n" for text in _reference(lines))
    assert here.getvalue() == expected
    assert failed == sum(text.startswith('{"error"') for text in expected.split("\n"))
    # in two processes: to a file (the workers write to its descriptor themselves) ...
    path = tmp_path / "out.jsonl"
    with path.open("w", encoding="utf-8") as out:
        assert write_resolved(io.BytesIO(data), out, workers=2) == failed
    assert path.read_text(encoding="utf-8") == expected
    # ... and to a stream with no descriptor (their output comes back to be written)
    there = io.StringIO()
    assert write_resolved(io.BytesIO(data), there, workers=2) == failed
    assert there.getvalue() == expected


class _Counted(io.StringIO):
    flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


def test_interactive_input_is_answered_and_flushed_as_it_comes() -> None:
    lines = [json.dumps(random_record(random.Random(1), GAMES["holdem"])), "", "{"]
    data = "".join(f"{line}\n" for line in lines).encode()
    out = _Counted()
    assert write_resolved(io.BytesIO(data), out, interactive=True) == 1
    assert out.flushes == 3  # nothing waiting after each line (no descriptor): one chunk each
    assert out.getvalue().split("\n")[:-1] == list(resolve_lines(lines))
    quiet = _Counted()
    write_resolved(io.BytesIO(data), quiet)
    assert quiet.flushes == 0
    assert quiet.getvalue() == out.getvalue()


def test_read_lines_decodes_each_line_on_its_own() -> None:
    data = b"\xef\xbb\xbfone\r\n\xef\xbb\xbftwo\n" + b"x" * 50 + b"\nbad \xc3\n\nlast"
    lines = list(read_lines(io.BytesIO(data), max_line_bytes=20))
    assert lines[0] == Line(1, "one")
    assert lines[1] == Line(2, "\ufefftwo")  # a mark after the first line is text
    assert lines[2].text is None
    assert lines[2].error is not None
    assert lines[2].error == (
        "InvalidRecordError",
        "line 3 is longer than 20 bytes (51 or more): skipped",
    )
    assert lines[3].error == (
        "UnicodeDecodeError",
        "line 4 is not UTF-8: byte 0xc3 at column 5 ('unexpected end of data')",
    )
    assert lines[4:] == [Line(5, ""), Line(6, "last")]


def test_a_long_line_is_skipped_without_being_held() -> None:
    class Reads(io.BytesIO):
        longest = 0

        def readline(self, size: int | None = -1) -> bytes:
            got = super().readline(size)
            self.longest = max(self.longest, len(got))
            return got

    source = Reads(b"y" * (1 << 20) + b"\n{}\n")
    lines = list(read_lines(source, max_line_bytes=100))
    assert [line.number for line in lines] == [1, 2]
    assert lines[1].text == "{}"
    assert source.longest <= 1 << 16


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
            "line 4: JSON nested deeper than 32 levels",
        ),
        ("[" * 5000 + "]" * 5000, "line 4: JSON nested deeper than 32 levels"),
        ("1" * 31, "line 4: a number of 31 digits is too large"),
        ("-" + "1" * 31, "line 4: a number of 31 digits is too large"),
        ("0." + "1" * 30, "line 4: a number of 31 digits is too large"),
        ("NaN", "line 4: NaN is not a JSON number"),
        ("[-Infinity]", "line 4: -Infinity is not a JSON number"),
    ],
)
def test_decode_record_refuses_what_no_record_needs(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        decode_record(text, 4)
    assert str(caught.value) == message


def test_decode_record_takes_what_a_record_may_hold() -> None:
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert decode_record(deep) is not None
    assert decode_record('{"stake": ' + "9" * 30 + ', "x": 1.5e3}') == {
        "stake": int("9" * 30),
        "x": 1500.0,
    }
    with pytest.raises(json.JSONDecodeError):
        decode_record("{oops")


def test_a_document_is_one_value_every_record_of_it_line_one() -> None:
    record = random_record(random.Random(2), GAMES["omaha_hilo"])
    answers = list(resolve_records(io.BytesIO(json.dumps([record, {}]).encode()), document=True))
    assert [(a.number, a.failed) for a in answers] == [(1, False), (1, True)]
    assert answers[0].result is not None
    assert json.loads(answers[0].text()) == json.loads(next(resolve_lines([json.dumps(record)])))
    assert answers[0].text(pretty=True) == json.dumps(answers[0].output, indent=2)


@pytest.mark.parametrize(
    ("data", "kind", "message"),
    [
        (b'[{"a": 1},\n {"b": ', "JSONDecodeError", "line 2 column 8: Expecting value"),
        (b'{"a": "\xff"}', "UnicodeDecodeError", "the document is not UTF-8: byte 7"),
        (b"[" * 40 + b"]" * 40, "InvalidRecordError", "JSON nested deeper than 32 levels"),
        (b'{"a": ' + b"1" * 40 + b"}", "InvalidRecordError", "a number of 40 digits is too large"),
        (b" " * (MAX_DOCUMENT_BYTES + 1), "InvalidRecordError", "the document is larger than"),
    ],
)
def test_a_bad_document_is_one_error_record(data: bytes, kind: str, message: str) -> None:
    (answer,) = resolve_records(io.BytesIO(data), document=True, lang="ro")
    error = answer.output["error"] if answer.output is not None else {}
    assert answer.failed
    assert answer.result is None
    assert error["type"] == kind
    assert error["message"].startswith(message)
    assert error["line"] == answer.number
    assert error["text"] != error["message"]


def test_a_lone_surrogate_stays_escaped() -> None:
    (out,) = resolve_lines(['{"game": "\\ud800", "players": []}'])
    out.encode("utf-8")  # a line of valid UTF-8
    assert "\\ud800" in out


def test_a_bug_is_an_error_record_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(stream, "resolve", broken)
    good = json.dumps(random_record(random.Random(3), GAMES["holdem"]))
    first, second = resolve_records(io.BytesIO(f"{good}\n\n".encode()))
    assert first.output == {
        "error": {"type": "RuntimeError", "message": "internal error: boom", "line": 1}
    }
    assert second.output is None
    assert not second.failed
    assert second.text() == ""


def test_an_unknown_language_is_refused_before_anything_is_read() -> None:
    source = io.BytesIO(b"{}\n")
    with pytest.raises(UnknownLanguageError):
        write_resolved(source, io.StringIO(), lang="xx")
    with pytest.raises(UnknownLanguageError):
        next(resolve_lines(["{}"], lang="xx"))
    with pytest.raises(UnknownLanguageError):
        next(resolve_records(source, lang="xx"))
    assert source.tell() == 0
    assert next(resolve_lines([""], lang="ru-RU")) == ""  # a tag is read as its language
