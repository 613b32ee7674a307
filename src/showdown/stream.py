"""The JSON contract as a stream: JSON Lines in, one line out per line in.

The input is JSON Lines, read as bytes one line at a time: each line is
decoded on its own (invalid UTF-8 spoils only its line), a UTF-8 byte order
mark before the first line is skipped, a line longer than ``max_line_bytes``
is skipped to its end without being held in memory, and JSON nested deeper
than :data:`MAX_DEPTH` levels, integers of more than :data:`MAX_DIGITS`
digits and the non-JSON constants ``NaN`` and ``Infinity`` are refused.
Whatever happens, exactly one line is written per line read, in order: the
result (:func:`showdown.contract.result_to_json`), ``{"error": {"type",
"message", "line"}}`` for a bad line (and ``"text"``, the message in the
language, in a language other than English), or an empty line for an empty
one; then the next line is read. Memory stays flat whatever the input. A
document (``document=True`` in :func:`resolve_records`) is read instead as
one JSON value (up to :data:`MAX_DOCUMENT_BYTES`): an object or a list of
objects.

JSON Lines are resolved in chunks of up to :data:`CHUNK` lines by the fast
path (:func:`showdown._resolve_fast.resolve_texts`: batch kernels, cached
texts), which answers the plain records and leaves the rest (errors, the card
room's fields) to the readable path (:func:`showdown.pots.resolve`), line by
line, with the same bytes either way. Read as it comes (``interactive``), a
chunk ends where no further line is waiting, and is written and flushed at
once, so a line typed still gets its answer at once. ``workers`` resolves the
chunks in that many processes, written in input order.

Three ways in, by what the caller holds:

* :func:`resolve_lines`: lines of text in memory, their output lines out;
* :func:`write_resolved`: a byte stream in, a text stream out (what
  ``showdown resolve --json`` does), in worker processes if asked;
* :func:`resolve_records`: a byte stream (or a document) in, each line's
  output record and :class:`~showdown.pots.ShowdownResult` out (what the
  table view and ``--pretty`` print).

>>> good = ('{"game": "holdem", "board": "Kc Td Kh Ts 3c", "players": ['
...         '{"name": "A", "cards": "Ks 2d", "stake": 5},'
...         ' {"name": "B", "cards": "3h 3d", "stake": 5}]}')
>>> out = list(resolve_lines([good, "", "{oops"]))
>>> json.loads(out[0])["winners"], out[1]
(['A'], '')
>>> print(json.loads(out[2])["error"]["message"])
line 3 column 2: Expecting property name enclosed in double quotes
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import select
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, BinaryIO, Final, TextIO

from showdown._resolve_fast import resolve_texts
from showdown.contract import error_to_json, result_to_json, showdown_from_json
from showdown.errors import InvalidRecordError, Message, ShowdownError, Term
from showdown.i18n import N_, get_language, normalize_language
from showdown.pots import ShowdownResult, resolve

__all__ = [
    "CHUNK",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_DOCUMENT_BYTES",
    "MAX_LINE_BYTES",
    "Line",
    "Resolved",
    "decode_record",
    "read_lines",
    "resolve_lines",
    "resolve_records",
    "write_resolved",
]

CHUNK: Final = 256
"""Lines resolved together by the fast path (at most; fewer when the input pauses)."""
MAX_LINE_BYTES: Final = 1 << 20
"""The default longest line, in bytes."""
MAX_DOCUMENT_BYTES: Final = 16 << 20
"""The largest document read whole."""
MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects in a record."""
MAX_DIGITS: Final = 30
"""The most digits of a JSON number (no stake or seat needs more)."""
_BOM: Final = b"\xef\xbb\xbf"
_SKIP: Final = 1 << 16


# -- reading ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the input: its number (from 1) and its text, or why it has none.

    Attributes:
        number: the line number, counting from 1.
        text: the decoded line without its end of line; ``None`` when
            ``error`` says why it could not be read.
        error: ``(type, message)`` for a line that is too long or not UTF-8.
    """

    number: int
    text: str | None
    error: tuple[str, str] | None = None


def read_lines(stream: BinaryIO, *, max_line_bytes: int = MAX_LINE_BYTES) -> Iterator[Line]:
    """Every line of a byte stream, decoded on its own, in memory of one line at most.

    >>> import io
    >>> first, second = read_lines(io.BytesIO(b"\\xef\\xbb\\xbfa\\n\\xff\\n"))
    >>> first
    Line(number=1, text='a', error=None)
    >>> print(second.error[1])
    line 2 is not UTF-8: byte 0xff at column 1 ('invalid start byte')
    """
    number = 0
    while True:
        raw = stream.readline(max_line_bytes + 1)
        if not raw:
            return
        number += 1
        if number == 1 and raw.startswith(_BOM):
            raw = raw[len(_BOM) :]
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            skipped = len(raw)
            while raw and not raw.endswith(b"\n"):  # drop the rest of the line, piece by piece
                raw = stream.readline(_SKIP)
                skipped += len(raw)
            message = Message(
                "line {number} is longer than {limit} bytes ({skipped} or more): skipped",
                number=number,
                limit=max_line_bytes,
                skipped=skipped,
            )
            yield Line(number, None, ("InvalidRecordError", message))
            continue
        raw = raw.rstrip(b"\r\n")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            bad = raw[error.start : error.start + 1].hex()
            message = Message(
                "line {number} is not UTF-8: byte 0x{byte} at column {column} ({reason})",
                number=number,
                byte=bad,
                column=error.start + 1,
                reason=_utf8_reason(error.reason, quoted=True),
            )
            yield Line(number, None, ("UnicodeDecodeError", message))
            continue
        yield Line(number, text)


def _big_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise InvalidRecordError.of(
            "a number of {digits} digits is too large", digits=len(text.lstrip("-"))
        )
    return int(text)


def _big_float(text: str) -> float:
    digits = sum(char.isdigit() for char in text)
    if digits > MAX_DIGITS or len(text) > MAX_DIGITS + 10:
        raise InvalidRecordError.of("a number of {digits} digits is too large", digits=digits)
    return float(text)


def _constant(name: str) -> float:
    raise InvalidRecordError.of("{name} is not a JSON number", name=name)


def _depth(value: object) -> int:
    """The nesting depth of a decoded JSON value, without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest


_TOO_DEEP: Final = N_("line {number}: JSON nested deeper than {depth} levels")


def _too_deep(number: int) -> InvalidRecordError:
    return InvalidRecordError.of(_TOO_DEEP, number=number, depth=MAX_DEPTH)


# What Python's json module says about text that is not JSON (the messages it has).
_JSON_REASONS: Final = frozenset(
    (
        N_("Expecting value"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Expecting ':' delimiter"),
        N_("Expecting ',' delimiter"),
        N_("Extra data"),
        N_("Unterminated string starting at"),
        N_("Invalid control character at"),
        N_("Invalid \\escape"),
        N_("Invalid \\uXXXX escape"),
        N_("Illegal trailing comma before end of object"),
        N_("Illegal trailing comma before end of array"),
    )
)


_UTF8_REASONS: Final = frozenset(
    (N_("invalid start byte"), N_("invalid continuation byte"), N_("unexpected end of data"))
)


def _utf8_reason(reason: str, *, quoted: bool = False) -> str:
    """Why bytes are not UTF-8 (Python's words), a word of the catalogue when known."""
    if reason not in _UTF8_REASONS:
        return repr(reason) if quoted else reason
    return Message("'{reason}'", reason=Term(reason)) if quoted else Term(reason)


def _json_error(number: int, error: json.JSONDecodeError) -> Message:
    """``line 2 column 2: Expecting value``, the reason a word of the catalogue when known."""
    reason = Term(error.msg) if error.msg in _JSON_REASONS else error.msg
    return Message(
        "line {number} column {column}: {reason}",
        number=number,
        column=error.colno,
        reason=reason,
    )


def decode_record(text: str, number: int = 1) -> object:
    """One JSON value, under the stream's limits on nesting and numbers.

    >>> decode_record('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> decode_record("[" * 100 + "]" * 100, 7)
    Traceback (most recent call last):
      ...
    showdown.errors.InvalidRecordError: line 7: JSON nested deeper than 32 levels

    Raises:
        json.JSONDecodeError: not JSON.
        InvalidRecordError: nested too deeply, a number too long, NaN or Infinity.
    """
    try:
        value = json.loads(
            text, parse_int=_big_number, parse_float=_big_float, parse_constant=_constant
        )
    except RecursionError:
        raise _too_deep(number) from None
    except InvalidRecordError as error:
        raise InvalidRecordError.of("line {number}: {error}", number=number, error=error) from None
    if _depth(value) > MAX_DEPTH:
        raise _too_deep(number)
    return value


def _document_records(
    stream: BinaryIO,
) -> Iterator[tuple[int, object | None, dict[str, Any] | None]]:
    """The records of one JSON document: ``(1, record, None)`` each, or one
    ``(line, None, error)``."""
    data = stream.read(MAX_DOCUMENT_BYTES + 1)
    if len(data) > MAX_DOCUMENT_BYTES:
        message = Message("the document is larger than {limit} bytes", limit=MAX_DOCUMENT_BYTES)
        yield 1, None, {"error": {"type": "InvalidRecordError", "message": message}}
        return
    try:
        value = decode_record(data.removeprefix(_BOM).decode("utf-8"))
    except UnicodeDecodeError as error:
        message = Message(
            "the document is not UTF-8: byte {byte}: {reason}",
            byte=error.start,
            reason=_utf8_reason(error.reason),
        )
        yield 1, None, {"error": {"type": "UnicodeDecodeError", "message": message}}
        return
    except json.JSONDecodeError as error:
        message = _json_error(error.lineno, error)
        bad: dict[str, object] = {
            "type": "JSONDecodeError",
            "message": message,
            "column": error.colno,
        }
        yield error.lineno, None, {"error": bad}
        return
    except InvalidRecordError as error:
        inner = error.params.get("error") if error.template == "line {number}: {error}" else None
        said = inner if isinstance(inner, InvalidRecordError) else error
        if said is error and error.template == _TOO_DEEP:
            said = InvalidRecordError.of("JSON nested deeper than {depth} levels", depth=MAX_DEPTH)
        message = Message("{error}", error=said)
        yield 1, None, {"error": {"type": type(error).__name__, "message": message}}
        return
    for record in value if isinstance(value, list) else [value]:
        yield 1, record, None


def _line_record(line: Line) -> tuple[object | None, dict[str, Any] | None]:
    """``(record, None)`` for a line of a record, ``(None, error)`` for a bad line,
    ``(None, None)`` for an empty one."""
    if line.error is not None:
        kind, why = line.error
        return None, {"error": {"type": kind, "message": why}}
    if line.text is None or not line.text.strip():
        return None, None
    try:
        # not stripped: a column counts from the line's first character
        return decode_record(line.text, line.number), None
    except json.JSONDecodeError as error:
        message = _json_error(line.number, error)
        bad = {"type": "JSONDecodeError", "message": message, "column": error.colno}
        return None, {"error": bad}
    except InvalidRecordError as error:
        message = Message("{error}", error=error)
        return None, {"error": {"type": "InvalidRecordError", "message": message}}


# -- resolving one record -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Resolved:
    """What one line of the input (or one record of a document) resolved to.

    Attributes:
        number: the input line it answers (1 for every record of a document).
        output: the output record: the result, or ``{"error": {...}}``; ``None``
            for an empty line.
        result: the resolved showdown, when the record resolved.
    """

    number: int
    output: dict[str, Any] | None
    result: ShowdownResult | None = None

    @property
    def failed(self) -> bool:
        """Whether the output is an error record."""
        return self.output is not None and "error" in self.output

    def text(self, *, pretty: bool = False) -> str:
        """The output record as JSON (indented with ``pretty``), ``''`` for an empty line.

        >>> print(Resolved(3, {"error": {"type": "X", "message": "ça"}}).text())
        {"error": {"type": "X", "message": "ça"}}
        """
        return _dumps(self.output, pretty=pretty)


def _answer(
    record: object, lang: str
) -> tuple[dict[str, Any], ShowdownResult | None, ShowdownError | None]:
    """The output record of one input record, the result when there is one, and the
    library's error when there is one (to say it in the language)."""
    try:
        result = resolve(showdown_from_json(record), lang=lang)
    except ShowdownError as error:
        return error_to_json(error), None, error
    except TypeError as error:
        return error_to_json(error), None, None
    except Exception as error:  # a bug must not end the stream: report it in place
        return (
            {
                "error": {
                    "type": type(error).__name__,
                    "message": Message("internal error: {error}", error=str(error)),
                }
            },
            None,
            None,
        )
    return result_to_json(result), result, None


def _mark_error(
    output: dict[str, Any], number: int, said: BaseException | str | None, lang: str
) -> None:
    """An error record's line number and, in another language than English, its text
    in that language beside the English message."""
    output["error"]["line"] = number
    if lang != "en":
        output["error"]["text"] = get_language(lang).explain(
            said if said is not None else output["error"]["message"]
        )


def _resolved(
    number: int, record: object | None, problem: dict[str, Any] | None, lang: str
) -> Resolved:
    """A line's answer: its record resolved, or its problem as an error record."""
    result = None
    output = problem
    said: BaseException | str | None = None
    if record is not None:
        output, result, said = _answer(record, lang)
    if output is not None and "error" in output:
        _mark_error(output, number, said, lang)
    return Resolved(number, output, result)


def resolve_records(
    stream: BinaryIO,
    *,
    document: bool = False,
    lang: str = "en",
    max_line_bytes: int = MAX_LINE_BYTES,
) -> Iterator[Resolved]:
    """Each line of a JSON Lines stream resolved by the readable path, one by one, with
    its result: what a view of the results (a table) needs beside the output record.

    ``document``: the stream is one JSON document instead (an object or a list of
    them, up to :data:`MAX_DOCUMENT_BYTES`), each record answering line 1, or one
    error record for the document.

    >>> import io
    >>> data = b'{"game": "holdem", "players": []}\\n\\n'
    >>> [(r.number, r.failed, r.result) for r in resolve_records(io.BytesIO(data))]
    [(1, True, None), (2, False, None)]
    >>> [r.failed for r in resolve_records(io.BytesIO(b'[{}, {}]'), document=True)]
    [True, True]

    Raises:
        UnknownLanguageError: ``lang`` is not a supported language.
    """
    lang = normalize_language(lang)
    if document:
        for number, record, problem in _document_records(stream):
            yield _resolved(number, record, problem, lang)
        return
    for line in read_lines(stream, max_line_bytes=max_line_bytes):
        yield _resolved(line.number, *_line_record(line), lang)


# -- resolving chunks of lines ------------------------------------------------------------


def _dumps(data: dict[str, Any] | None, *, pretty: bool = False) -> str:
    """One output line's text (JSON, or empty)."""
    if data is None:
        return ""
    indent = 2 if pretty else None
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates from a \\ud800 escape: keep them escaped
        text = json.dumps(data, indent=indent)
    return text


def _has_record(line: Line) -> bool:
    return line.text is not None and bool(line.text.strip())


def _readable_line(line: Line, lang: str) -> tuple[str, bool]:
    """The JSON Lines output of one input line by the readable path, and whether it is
    an error record."""
    answer = _resolved(line.number, *_line_record(line), lang)
    return answer.text(), answer.failed


def _resolve_chunk(lines: Sequence[Line], lang: str) -> tuple[str, int]:
    """The JSON Lines output of some input lines (one line out per line in, each ended
    by a newline) and how many are error records: the plain records by the fast path,
    the others by the readable one.

    >>> good = ('{"game": "holdem", "board": "Kc Td Kh Ts 3c", "players": ['
    ...         '{"name": "A", "cards": "Ks 2d", "stake": 5}, {"name": "B", "cards": "3h 3d"}]}')
    >>> text, failed = _resolve_chunk([Line(1, good), Line(2, ""), Line(3, "[")], "en")
    >>> [len(line) > 0 for line in text.split("\\n")], failed
    ([True, False, True, False], 1)
    """
    texts = [line.text for line in lines if line.text is not None and line.text.strip()]
    fast = iter(resolve_texts(texts, lang=lang))
    out: list[str] = []
    failed = 0
    for line in lines:
        answer = next(fast) if _has_record(line) else None
        if answer is None:
            answer, bad = _readable_line(line, lang)
            failed += bad
        out.append(answer)
    out.append("")
    return "\n".join(out), failed


def resolve_lines(lines: Iterable[str], *, lang: str = "en") -> Iterator[str]:
    """The output line (without its end of line) of each line of JSON Lines, in order:
    the result, an error record, or ``''`` for an empty line.

    Each line is one record's text; an end of line it ends with is dropped. The lines
    are read in chunks of :data:`CHUNK`, each resolved by the fast path where it can.

    >>> empty, bad = resolve_lines(["", "NaN\\n"], lang="ro")
    >>> empty, json.loads(bad)["error"]["message"]
    ('', 'line 2: NaN is not a JSON number')

    Raises:
        UnknownLanguageError: ``lang`` is not a supported language.
    """
    lang = normalize_language(lang)
    numbered = (Line(number, text.rstrip("\r\n")) for number, text in enumerate(lines, start=1))
    while chunk := list(itertools.islice(numbered, CHUNK)):
        text, _ = _resolve_chunk(chunk, lang)
        yield from text.split("\n")[:-1]


_Packed = tuple[int, list[str | None], dict[int, tuple[str, str]] | None]
"""A chunk as it goes to a worker process: its first line's number, each line's text
(consecutive numbers), and the errors of the lines that have one, by position: plain
strings pickle as bytes, where :class:`Line` objects would each pickle as a class and
its fields (more than the resolving of the line)."""


def _pack(lines: Sequence[Line]) -> _Packed:
    """``lines`` (numbered one after another, as :func:`read_lines` gives them) packed."""
    errors = {i: line.error for i, line in enumerate(lines) if line.error is not None}
    return lines[0].number, [line.text for line in lines], errors or None


def _resolve_packed(packed: _Packed, lang: str) -> tuple[str, int]:
    """:func:`_resolve_chunk` of a chunk packed by :func:`_pack` (in a worker process).

    >>> _resolve_packed((7, [None, ""], {0: ("InvalidRecordError", "too long")}), "en")[1]
    1
    """
    first, texts, errors = packed
    faults = errors or {}
    return _resolve_chunk(
        [Line(first + i, text, faults.get(i)) for i, text in enumerate(texts)], lang
    )


def _waiting(stream: BinaryIO) -> bool:
    """Whether more input can be read at once (a pipe or terminal that has data)."""
    try:
        ready, _, _ = select.select([stream], [], [], 0)
    except (OSError, ValueError, TypeError):
        return False
    return bool(ready)


def _chunks(
    lines: Iterable[Line], stream: BinaryIO, *, interactive: bool
) -> Iterator[tuple[list[Line], bool]]:
    """The lines in chunks of up to :data:`CHUNK`, each with whether the input paused
    after it (interactive input only: then the chunk must be answered at once)."""
    chunk: list[Line] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= CHUNK:
            yield chunk, False
            chunk = []
        elif interactive and not _waiting(stream):
            yield chunk, True
            chunk = []
    if chunk:
        yield chunk, False


# -- writing, here or in worker processes -------------------------------------------------

_Target = tuple[int, str, str]
"""Where a worker writes its chunks itself: a file descriptor, its encoding and errors."""


def _target(out: TextIO) -> _Target | None:
    """``out``'s file descriptor and text encoding, or None where it has none (a
    :class:`io.StringIO`, a test's capture)."""
    try:
        fd = out.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return fd, getattr(out, "encoding", None) or "utf-8", getattr(out, "errors", None) or "strict"


def _answers(
    chunks: Iterable[tuple[list[Line], bool]], lang: str, workers: int, out: TextIO
) -> Iterator[tuple[str | None, int]]:
    """Each chunk's output, in order, and how many error records it has: here, or in
    ``workers`` processes (at most two chunks each in flight, so memory stays flat).

    Where workers are forked, the first chunk is answered here first, so that they
    start with what it loaded (tables, the games' texts), and the workers write their
    chunks' output to ``out``'s file descriptor themselves, each in its turn (the text
    yielded is then ``None``): an output ten times the size of its input then goes
    through no pipe and no pickling. Elsewhere their output comes back here to be
    written.
    """
    if workers <= 1:
        for chunk, _ in chunks:
            yield _resolve_chunk(chunk, lang)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    forked = "fork" in methods
    context = multiprocessing.get_context("fork" if forked else None)
    chunks = iter(chunks)
    if forked:
        for chunk, _ in chunks:
            yield _resolve_chunk(chunk, lang)
            break
    target = _target(out) if forked else None
    if target is not None:
        out.flush()  # the first chunk's output before any worker's
    turn = context.Condition()
    next_index = context.Value("q", 1, lock=False)
    pending: deque[Future[tuple[str | None, int, int]]] = deque()
    with ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=_take_turns,
        initargs=(turn, next_index),
    ) as pool:
        for index, (chunk, paused) in enumerate(chunks, start=1):
            pending.append(pool.submit(_resolve_in_turn, _pack(chunk), lang, index, target))
            while pending and (paused or len(pending) > 2 * workers):
                yield _written(pending.popleft().result())
        while pending:
            yield _written(pending.popleft().result())


_TURNS: list[Any] = []
"""In a worker process: the condition and the next chunk's index to be written."""


def _take_turns(turn: Any, next_index: Any) -> None:
    """A worker's initializer: the shared turn it writes its chunks in."""
    _TURNS[:] = [turn, next_index]


def _resolve_in_turn(
    packed: _Packed, lang: str, index: int, target: _Target | None
) -> tuple[str | None, int, int]:
    """A chunk's output (or, with a ``target``, ``None`` once it is written there when
    the chunks before it are), its error records, and the errno of a failed write (0:
    none)."""
    text, failed = _resolve_packed(packed, lang)
    if target is None:
        return text, failed, 0
    fd, encoding, errors = target
    data = text.encode(encoding, errors)
    turn, next_index = _TURNS
    with turn:
        turn.wait_for(lambda: next_index.value == index)
    problem = 0
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as error:
        problem = error.errno or -1
    finally:
        with turn:
            next_index.value = index + 1
            turn.notify_all()
    return None, failed, problem


def _written(answer: tuple[str | None, int, int]) -> tuple[str | None, int]:
    """A worker's answer as :func:`_answers` yields it; its failed write raised here."""
    text, failed, problem = answer
    if problem == errno.EPIPE:
        raise BrokenPipeError(problem, os.strerror(problem))
    if problem:
        raise OSError(problem, os.strerror(problem) if problem > 0 else "write failed")
    return text, failed


def write_resolved(
    stream: BinaryIO,
    out: TextIO,
    *,
    lang: str = "en",
    max_line_bytes: int = MAX_LINE_BYTES,
    workers: int = 1,
    interactive: bool = False,
) -> int:
    """Resolve every line of a JSON Lines byte stream, writing one line to ``out`` per
    line read, in order; give the number of error records written.

    ``workers``: resolve the chunks in that many processes (forked where the system
    forks: they then write to ``out``'s file descriptor themselves, in turn).
    ``interactive``: the stream is read as it comes (a terminal, a pipe): a chunk ends
    where no further line is waiting, and ``out`` is flushed after each chunk.

    >>> import io
    >>> out = io.StringIO()
    >>> write_resolved(io.BytesIO(b'\\n{"game": "holdem"}\\n'), out)
    1
    >>> out.getvalue().split("\\n")[0], json.loads(out.getvalue().split("\\n")[1])["error"]["line"]
    ('', 2)

    Raises:
        UnknownLanguageError: ``lang`` is not a supported language.
        OSError: writing to ``out`` failed (``BrokenPipeError``: its reader went away).
    """
    lang = normalize_language(lang)
    failed = 0
    lines = read_lines(stream, max_line_bytes=max_line_bytes)
    chunks = _chunks(lines, stream, interactive=interactive)
    for text, bad in _answers(chunks, lang, workers, out):
        failed += bad
        if text is not None:
            out.write(text)
            if interactive:
                out.flush()
    return failed
