"""``showdown resolve``: the JSON contract on the command line, streamed.

The input is JSON Lines, read as bytes one line at a time: each line is
decoded on its own (invalid UTF-8 spoils only its line), a UTF-8 byte order
mark before the first line is skipped, a line longer than ``--max-line-bytes``
is skipped to its end without being held in memory, and JSON nested deeper
than :data:`MAX_DEPTH` levels, integers of more than :data:`MAX_DIGITS`
digits and the non-JSON constants ``NaN`` and ``Infinity`` are refused.
Whatever happens, exactly one line is written per line read, in order: the
result, ``{"error": {"type", "message", "line"}}`` for a bad line, or an empty
line for an empty one; then the next line is read. Memory stays flat whatever
the input. A file whose name ends in ``.json`` is read instead as one JSON
document (up to :data:`MAX_DOCUMENT_BYTES`): an object or a list of objects.

JSON Lines are resolved in chunks of up to :data:`CHUNK` lines by the fast
path (:mod:`showdown._resolve_fast`: batch kernels, cached texts), which
answers the plain records and leaves the rest (errors, the card room's
fields) to the readable path, line by line, with the same bytes either way.
From standard input a chunk ends where no further line is waiting, and is
written and flushed at once, so a line typed still gets its answer at once.
``--workers N`` resolves the chunks in N processes, written in input order.
"""

from __future__ import annotations

import errno
import json
import os
import select
import sys
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, BinaryIO, Final

import typer
from rich.markup import escape

from showdown._resolve_fast import resolve_texts
from showdown.cli._app import LangOption, command, console, fail, language, os_reason
from showdown.cli.hand import print_result
from showdown.contract import error_to_json, result_to_json, showdown_from_json
from showdown.errors import InvalidRecordError, Message, ShowdownError, Term
from showdown.i18n import N_, Language, normalize_language
from showdown.pots import ShowdownResult
from showdown.pots import resolve as resolve_showdown

__all__ = [
    "CHUNK",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_DOCUMENT_BYTES",
    "MAX_LINE_BYTES",
    "Line",
    "decode_record",
    "read_lines",
    "resolve",
    "resolve_chunk",
    "resolve_packed",
]

CHUNK: Final = 256
"""Lines resolved together by the fast path (at most; fewer when the input pauses)."""
MAX_LINE_BYTES: Final = 1 << 20
"""The default longest line, in bytes (``--max-line-bytes``)."""
MAX_DOCUMENT_BYTES: Final = 16 << 20
"""The largest ``.json`` document read whole."""
MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects in a record."""
MAX_DIGITS: Final = 30
"""The most digits of a JSON number (no stake or seat needs more)."""
_BOM: Final = b"\xef\xbb\xbf"
_SKIP: Final = 1 << 16


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


def _answer(
    record: object, lang: str
) -> tuple[dict[str, Any], ShowdownResult | None, ShowdownError | None]:
    """The output record of one input record, the result when there is one, and the
    library's error when there is one (for the table view, in the language)."""
    try:
        result = resolve_showdown(showdown_from_json(record), lang=lang)
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


def _records(
    stream: BinaryIO, *, document: bool, max_line_bytes: int
) -> Iterator[tuple[int, object | None, dict[str, Any] | None]]:
    """``(line, record, None)`` for each record, ``(line, None, error)`` for a bad line,
    ``(line, None, None)`` for an empty one."""
    if document:
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
            inner = (
                error.params.get("error") if error.template == "line {number}: {error}" else None
            )
            said = inner if isinstance(inner, InvalidRecordError) else error
            if said is error and error.template == _TOO_DEEP:
                said = InvalidRecordError.of(
                    "JSON nested deeper than {depth} levels", depth=MAX_DEPTH
                )
            yield (
                1,
                None,
                {
                    "error": {
                        "type": type(error).__name__,
                        "message": Message("{error}", error=said),
                    }
                },
            )
            return
        for record in value if isinstance(value, list) else [value]:
            yield 1, record, None
        return
    for line in read_lines(stream, max_line_bytes=max_line_bytes):
        yield line.number, *_line_record(line)


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


def _mark_error(
    output: dict[str, Any], number: int, said: BaseException | str | None, t: Language
) -> None:
    """An error record's line number and, in another language than English, its text
    in that language beside the English message."""
    output["error"]["line"] = number
    if t.code != "en":
        output["error"]["text"] = t.explain(
            said if said is not None else output["error"]["message"]
        )


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


def _write(data: dict[str, Any] | None, *, pretty: bool, flush: bool) -> None:
    """One output line (JSON, or empty); ``flush`` so that a reader of a stream sees it at once."""
    sys.stdout.write(_dumps(data, pretty=pretty) + "\n")
    if flush:
        sys.stdout.flush()


def _has_record(line: Line) -> bool:
    return line.text is not None and bool(line.text.strip())


def _readable_line(line: Line, lang: str) -> tuple[str, bool]:
    """The JSON Lines output of one input line by the readable path, and whether it is
    an error record (as :func:`_records` and :func:`_answer` make it)."""
    record, output = _line_record(line)
    said: BaseException | str | None = None
    if record is not None:
        output, _, said = _answer(record, lang)
    if output is None:
        return "", False
    failed = "error" in output
    if failed:
        _mark_error(output, line.number, said, language(lang))
    return _dumps(output), failed


def resolve_chunk(lines: Sequence[Line], lang: str) -> tuple[str, int]:
    """The JSON Lines output of some input lines (one line out per line in, each ended
    by a newline) and how many are error records: the plain records by the fast path,
    the others by the readable one.

    >>> good = ('{"game": "holdem", "board": "Kc Td Kh Ts 3c", "players": ['
    ...         '{"name": "A", "cards": "Ks 2d", "stake": 5}, {"name": "B", "cards": "3h 3d"}]}')
    >>> text, failed = resolve_chunk([Line(1, good), Line(2, ""), Line(3, "[")], "en")
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


Packed = tuple[int, list[str | None], dict[int, tuple[str, str]] | None]
"""A chunk as it goes to a worker process: its first line's number, each line's text
(consecutive numbers), and the errors of the lines that have one, by position: plain
strings pickle as bytes, where :class:`Line` objects would each pickle as a class and
its fields (more than the resolving of the line)."""


def _pack(lines: Sequence[Line]) -> Packed:
    """``lines`` (numbered one after another, as :func:`read_lines` gives them) packed."""
    errors = {i: line.error for i, line in enumerate(lines) if line.error is not None}
    return lines[0].number, [line.text for line in lines], errors or None


def resolve_packed(packed: Packed, lang: str) -> tuple[str, int]:
    """:func:`resolve_chunk` of a chunk packed by :func:`_pack` (in a worker process).

    >>> resolve_packed((7, [None, ""], {0: ("InvalidRecordError", "too long")}), "en")[1]
    1
    """
    first, texts, errors = packed
    faults = errors or {}
    return resolve_chunk(
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


def _answers(
    chunks: Iterable[tuple[list[Line], bool]], lang: str, workers: int
) -> Iterator[tuple[str | None, int]]:
    """Each chunk's output, in order, and how many error records it has: here, or in
    ``workers`` processes (at most two chunks each in flight, so memory stays flat).

    Where workers are forked, the first chunk is answered here first, so that they
    start with what it loaded (tables, the games' texts), and the workers write their
    chunks' output to standard output themselves, each in its turn (the text yielded
    is then ``None``): an output ten times the size of its input then goes through no
    pipe and no pickling. Elsewhere their output comes back here to be written.
    """
    if workers <= 1:
        for chunk, _ in chunks:
            yield resolve_chunk(chunk, lang)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    forked = "fork" in methods
    context = multiprocessing.get_context("fork" if forked else None)
    chunks = iter(chunks)
    if forked:
        for chunk, _ in chunks:
            yield resolve_chunk(chunk, lang)
            break
    direct = forked and _output_fd() is not None
    if direct:
        sys.stdout.flush()  # the first chunk's output before any worker's
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
            pending.append(pool.submit(_resolve_in_turn, _pack(chunk), lang, index, direct))
            while pending and (paused or len(pending) > 2 * workers):
                yield _written(pending.popleft().result())
        while pending:
            yield _written(pending.popleft().result())


def _output_fd() -> int | None:
    """Standard output's file descriptor, or None where it has none (a test's capture)."""
    try:
        return sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return None


_TURNS: list[Any] = []
"""In a worker process: the condition and the next chunk's index to be written."""


def _take_turns(turn: Any, next_index: Any) -> None:
    """A worker's initializer: the shared turn it writes its chunks in."""
    _TURNS[:] = [turn, next_index]


def _resolve_in_turn(
    packed: Packed, lang: str, index: int, write: bool
) -> tuple[str | None, int, int]:
    """A chunk's output (or, with ``write``, ``None`` once it is written to standard
    output when the chunks before it are), its error records, and the errno of a failed
    write (0: none)."""
    text, failed = resolve_packed(packed, lang)
    if not write:
        return text, failed, 0
    data = text.encode(sys.stdout.encoding or "utf-8", sys.stdout.errors or "strict")
    turn, next_index = _TURNS
    with turn:
        turn.wait_for(lambda: next_index.value == index)
    problem = 0
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(sys.stdout.fileno(), view) :]
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


@command(
    examples=[
        "showdown resolve examples/showdowns.jsonl",
        "showdown resolve hands.jsonl --json > results.jsonl",
        "cat hands.jsonl | showdown resolve - --human --lang ru",
        "showdown resolve one.json --pretty",
    ]
)
def resolve(
    source: Annotated[
        str, typer.Argument(help="A JSON Lines file (.json: one document), or - for stdin.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Always write JSON Lines.")] = False,
    human: Annotated[bool, typer.Option("--human", help="Always write the table view.")] = False,
    pretty: Annotated[bool, typer.Option("--pretty", help="Indent the JSON.")] = False,
    lang: LangOption = "en",
    max_line_bytes: Annotated[
        int,
        typer.Option(help="Longest input line in bytes; a longer one is an error record.", min=2),
    ] = MAX_LINE_BYTES,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Worker processes (JSON Lines output).")
    ] = 1,
) -> None:
    """Resolve showdowns: every pot, winners per half, payouts and reasons.

    Writes one line per input line, in order: the result, {"error": {...}}
    for a bad line (with its line number), or an empty line for an empty
    one. Exits 1 if any record failed.
    """
    try:
        lang = normalize_language(lang)
    except ShowdownError as error:
        raise fail(escape(str(error))) from None
    t = language(lang)
    _ = t.gettext
    table_view = human or (not as_json and not pretty and sys.stdout.isatty())
    failed = 0
    try:
        stream: BinaryIO = sys.stdin.buffer if source == "-" else Path(source).open("rb")  # noqa: SIM115
    except OSError as error:
        message = _("cannot read {path}: {reason}").format(path=source, reason=os_reason(error, t))
        raise fail(escape(message), lang=t) from None
    document = source != "-" and source.lower().endswith(".json")
    try:
        if not table_view and not pretty and not document:
            with stream:
                lines = read_lines(stream, max_line_bytes=max_line_bytes)
                chunks = _chunks(lines, stream, interactive=source == "-")
                for text, bad in _answers(chunks, lang, workers):
                    failed += bad
                    if text is not None:
                        sys.stdout.write(text)
                        if source == "-":
                            sys.stdout.flush()
            if failed:
                raise typer.Exit(1)
            return
        with stream:
            for number, record, problem in _records(
                stream, document=document, max_line_bytes=max_line_bytes
            ):
                result = None
                output = problem
                said: BaseException | str | None = None
                if record is not None:
                    output, result, said = _answer(record, lang)
                if output is not None and "error" in output:
                    failed += 1
                    _mark_error(output, number, said, t)
                if table_view:
                    if result is not None:
                        print_result(result)
                        console.print()
                    elif output is not None:
                        reason = output["error"]
                        text = reason.get("text", str(reason["message"]))
                        if t.code == "en":
                            text = f"{reason['type']}: {text}"
                        where = _("line {number}:").format(number=number)
                        console.print(
                            f"[bold red]{escape(where)}[/] " + escape(text),
                            soft_wrap=True,
                        )
                        console.print()
                else:
                    _write(output, pretty=pretty, flush=source == "-")
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(1) from None
    if failed:
        raise typer.Exit(1)
