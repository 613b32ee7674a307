"""The FastAPI application: the HTTP API and the explorer page.

A thin shell over the library: ``POST /api/hand`` is
:func:`showdown.games.evaluate_game`, ``POST /api/showdown`` is the JSON
contract of ``showdown resolve`` (:mod:`showdown.contract`), ``GET
/api/games`` is the registry. Every bad input is a 4xx with one JSON shape,
``{"error": {"type", "field", "message"}}``, whose message is the library's;
the limits of :class:`~showdown.web.settings.Settings` cap every request.
``POST /api/history`` audits a pasted hand history (:mod:`showdown.history`)
and gives each showdown as a record of the contract. ``POST /api/range`` and
``GET /api/range-order`` serve the page's range editor (:mod:`showdown.web._ranges`).

>>> app = create_app(warm_up=False)
>>> for path in sorted(app.openapi()["paths"]): print(path)
/api/equity
/api/games
/api/hand
/api/health
/api/history
/api/messages
/api/range
/api/range-order
/api/showdown
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, MutableMapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from importlib.resources import files
from typing import Annotated, Any, Final

from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from showdown import __version__
from showdown.cards import Card, format_cards, parse_cards
from showdown.contract import hand_to_json, result_to_json, showdown_from_json
from showdown.errors import CardCountError, DuplicateCardError, ShowdownError, StakeError
from showdown.evaluation import HandValue
from showdown.explanation import rank_words
from showdown.games import GAMES, Family, Game, evaluate_game, get_game
from showdown.i18n import LANGUAGE_NAMES, get_language, negotiate_language, normalize_language
from showdown.pots import resolve
from showdown.ranges import CLASS_GRID
from showdown.rules import Formation
from showdown.web._ranges import range_info
from showdown.web.models import (
    LANGUAGE_PATTERN,
    EquityRequest,
    EquityResponse,
    ErrorResponse,
    GameInfo,
    HandRequest,
    HandResponse,
    HealthResponse,
    HistoryRequest,
    HistoryResponse,
    MessagesResponse,
    PlayerIn,
    RangeOrderResponse,
    RangeRequest,
    RangeResponse,
    ShowdownRequest,
    ShowdownResponse,
)
from showdown.web.settings import Settings
from showdown.web.ui import game_title, page_messages

_LOG: Final = logging.getLogger("showdown.web")

__all__ = ["RequestError", "create_app"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_STATIC: Final = files("showdown.web") / "static"
_LangQuery = Annotated[
    str | None,
    Query(description="en, ru or ro.", json_schema_extra={"pattern": LANGUAGE_PATTERN}),
]
"""``?lang=``: the schema's pattern is exactly what :func:`normalize_language` reads."""

_ERRORS: Final[dict[int | str, dict[str, Any]]] = {
    413: {"model": ErrorResponse, "description": "The request body is over the size limit."},
    503: {
        "model": ErrorResponse,
        "description": "Equity only: the queue is full; try again after Retry-After seconds.",
    },
    422: {
        "model": ErrorResponse,
        "description": "Bad input: the field at fault and the library's message.",
    },
}


class RequestError(Exception):
    """A bad request: the field at fault and the library's error."""

    def __init__(self, field: str | None, error: Exception, status: int = 422) -> None:
        super().__init__(str(error))
        self.field = field
        self.error = error
        self.status = status


@contextmanager
def _at(field: str) -> Iterator[None]:
    """Blame the library errors raised inside on one request field."""
    try:
        yield
    except ShowdownError as error:
        raise RequestError(field, error) from None


def _error_body(kind: str, field: str | None, message: str) -> dict[str, Any]:
    return {"error": {"type": kind, "field": field, "message": message}}


def _language(lang: str | None, accept_language: str | None) -> str:
    """``?lang=`` when given (it must be supported), else ``Accept-Language``."""
    if lang is not None:
        with _at("lang"):
            return normalize_language(lang)
    return negotiate_language(accept_language)


_TYPE_TAGS: Final = {"str", "int", "bool", "float", "list", "dict", "none", "null"}


def _field_name(loc: tuple[int | str, ...]) -> str | None:
    """A pydantic error location as a field: ``('body', 'players', 0, 'cards')`` ->
    ``'players[0].cards'``."""
    parts = list(loc)
    if parts and parts[0] in ("body", "query", "header", "path"):
        where = parts.pop(0)
        if not parts:
            return "body" if where == "body" else None
    name = ""
    for part in parts:
        if isinstance(part, int):
            name += f"[{part}]"
        elif part in _TYPE_TAGS or "[" in part or "-" in part:
            continue
        else:
            name += f".{part}" if name else part
    return name or None


def _validation_message(problems: list[Any]) -> tuple[str | None, str]:
    """The field and the reason of the first problem pydantic found.

    The alternatives of one field (a text or a list of cards) are reported
    together: ``cards: Input should be a valid string; or Input should be a
    valid list, got 5``.
    """
    if not problems:
        return "body", "invalid request"
    first = problems[0]
    if first.get("type") == "json_invalid":
        context = first.get("ctx")
        reason = context.get("error", "") if isinstance(context, dict) else ""
        return "body", f"the body is not valid JSON: {reason}".rstrip(": ")
    field = _field_name(tuple(first.get("loc", ())))
    same = [p for p in problems if _field_name(tuple(p.get("loc", ()))) == field]
    reasons = "; or ".join(dict.fromkeys(str(p.get("msg", "invalid")) for p in same))
    message = f"{field}: {reasons}" if field else reasons
    if "input" in first and first.get("type") != "missing":
        message += f", got {_short(first['input'])}"
    others = len(problems) - len(same)
    if others:
        message += f" (and {others} more)"
    return field, message


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


SECURITY_HEADERS: Final[tuple[tuple[bytes, bytes], ...]] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
)
"""Sent with every response (the interactive ``/docs`` page, which loads its
scripts from a CDN, gets all but the content policy)."""


class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every HTTP response, errors included."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = str(scope.get("path", "")).startswith(("/docs", "/redoc"))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [
                    (name, value)
                    for name, value in SECURITY_HEADERS
                    if name not in present and not (docs and name == b"content-security-policy")
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (413), declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send, declared.decode("latin-1"))
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise StarletteHTTPException(413, self._message(f"over {self.limit}"))
            return message

        await self.app(scope, limited, send)

    def _message(self, size: str) -> str:
        return f"the request body is {size} bytes; the limit is {self.limit} bytes"

    async def _refuse(self, send: Send, size: str) -> None:
        body = json.dumps(_error_body("RequestTooLarge", "body", self._message(size))).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _check_cards(game: Game, boards: Sequence[tuple[Card, ...]], players: list[PlayerIn]) -> None:
    """Check every card field of a showdown as the resolver will, blaming the field at fault.

    The resolver checks the cards of every player who shows any, and of every
    player still in when two or more are (one player left wins unseen). In
    stud games a one-card board is the community card.
    """
    hands: list[tuple[str, str, tuple[Card, ...]]] = []
    live = sum(not p.folded and not p.mucked for p in players)
    for seat, player in enumerate(players):
        field = f"players[{seat}].cards"
        with _at(field):
            hole = parse_cards(player.cards) if player.cards is not None else ()
        if hole or (not player.folded and not player.mucked and live > 1):
            hands.append((field, player.name or f"Player {seat + 1}", hole))
    board_field = "boards" if len(boards) > 1 else "board"
    community = game.family is Family.STUD and not game.has_board
    for board in boards:
        if community and len(board) > 1:
            raise RequestError(
                board_field,
                CardCountError(
                    f"{game.name} has no board: give at most one community card, "
                    f"got {format_cards(board)}"
                ),
            )
        if hands and game.has_board and len(board) != game.full_board:
            raise RequestError(
                board_field,
                CardCountError(
                    f"{game.name} needs {game.full_board} board cards at a showdown, "
                    f"got {len(board)}: {format_cards(board) or 'none'}"
                ),
            )
    seen: dict[Card, str] = {}
    for board in boards:
        for card in board:
            seen.setdefault(card, "the board")
    for field, name, hole in hands:
        for board in boards:
            with _at(field):
                if community and board:
                    game.check_cards((*hole, *board), ())
                else:
                    game.check_cards(hole, board, full_board=True)
        for card in hole:
            if card in seen:
                raise RequestError(
                    field,
                    DuplicateCardError(f"card {card} is used twice: by {name} and {seen[card]}"),
                )
            seen[card] = name


def _valued(value: HandValue | None, code: str) -> dict[str, Any] | None:
    """A hand of the contract, with its deciding ranks in words (the page names two hands
    of one name apart by them: two Ace-high flushes) and why its idle cards are idle."""
    record = hand_to_json(value, lang=code)
    if value is not None and record is not None:
        record["ranks"] = rank_words(get_language(code), value.deciders)
        record["idle"] = _idle_cards(value)
    return record


def _idle_cards(value: HandValue) -> list[dict[str, str]]:
    """Why each card held that does not play is left out, where one card alone is the reason.

    Under a ranking whose cards that play differ in rank and suit (Badugi), a card
    held that does not play has the rank or the suit of a card that plays (else it
    would play too): the first such card, by rank before suit. Under the other
    rankings the cards that play outrank the rest, and none is listed.

    >>> from showdown.evaluation import evaluate
    >>> _idle_cards(evaluate("3h 2c Ad Kh", ranking="badugi"))
    [{'card': 'Kh', 'reason': 'suit', 'other': '3h'}]
    >>> _idle_cards(evaluate("4c 4d 2h As", ranking="badugi"))
    [{'card': '4c', 'reason': 'pair', 'other': '4d'}]
    >>> _idle_cards(evaluate("Ks 2d", "Kc Td Kh Ts 3c"))
    []
    """
    if value.ranking.formation is not Formation.DISTINCT_RANKS_AND_SUITS:
        return []
    idle = []
    for card in value.unused:
        pair = next((c for c in value.cards if c.rank is card.rank), None)
        other = pair or next((c for c in value.cards if c.suit is card.suit), None)
        if other is not None:
            reason = "pair" if pair is not None else "suit"
            idle.append({"card": str(card), "reason": reason, "other": str(other)})
    return idle


def _range_help(game: Game) -> tuple[str, bool]:
    """A range in the game's notation (the page's placeholder), and whether the game's
    ranges are Omaha's patterns of bigger hands (the page shows their help)."""
    if game.hole_cards == 2:
        return "QQ+, AKs, 76s:0.5", False
    if game.family is Family.FLOP:
        return "AAxx, AKds", True
    return "random", False


def _game_info(game: Game, code: str) -> dict[str, Any]:
    """A game of the registry as ``GET /api/games`` gives it: its shape, its rankings and
    what the page's range editor needs (the grid where the server reads one).

    >>> info = _game_info(get_game("omaha8"), "en")
    >>> info["hole_cards"], info["hole_cards_used"], info["full_board"], info["halves"]
    (4, 2, 5, ['high', 'low'])
    >>> info["range_grid"], info["range_patterns"]
    (None, True)
    >>> _game_info(get_game("holdem"), "en")["range_grid"][0][:3]
    ['AA', 'AKs', 'AQs']
    """
    example, patterns = _range_help(game)
    grid = range_info(game.name, "")["classes"] is not None  # the range editor's own answer
    return {
        "name": game.name,
        "title": game_title(game.name, code),
        "aliases": list(game.aliases),
        "hole_cards": game.hole_cards,
        "board_cards": list(game.board_cards),
        "hand_boards": list(game.hand_boards),
        "hole_cards_used": game.hole_used,
        "halves": list(game.halves),
        "rankings": {h: r.name for h, r in zip(game.halves, game.rankings, strict=True)},
        "family": game.family.value,
        "ranks": "".join(r.symbol for r in sorted(game.rankings[0].rank_order)),
        "full_board": game.full_board,
        "range_grid": [list(row) for row in CLASS_GRID] if grid else None,
        "range_example": example,
        "range_patterns": patterns,
    }


def _with_ranks(record: dict[str, Any], result: Any, code: str) -> dict[str, Any]:
    """The contract's showdown record, each shown hand with its ranks and its idle cards
    (see :func:`_valued`)."""
    for out, player in zip(record["players"], result.players, strict=True):
        if out.get("hands") and player.hand is not None:
            out["hands"] = {h: _valued(player.hand.half(h), code) for h in ("high", "low")}
    return record


_WARM_HISTORY: Final = """\
PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2024/01/01 0:00:00 ET
Table 'Warm' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: calls $0.05
Bob: checks
*** FLOP *** [2c 7d 9h]
Ann: checks
Bob: checks
*** TURN *** [2c 7d 9h] [Js]
Ann: checks
Bob: checks
*** RIVER *** [2c 7d 9h Js] [4s]
Ann: checks
Bob: checks
*** SHOW DOWN ***
Ann: shows [As Ah] (a pair of Aces)
Bob: shows [Ks Kh] (a pair of Kings)
Ann collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Board [2c 7d 9h Js 4s]
Seat 1: Ann (button) (small blind) showed [As Ah] and won ($0.20) with a pair of Aces
Seat 2: Bob (big blind) showed [Ks Kh] and lost with a pair of Kings
"""
"""A two-player PokerStars hand the warm-up audits (loads the readers)."""


def _warm_up(done: threading.Event) -> None:
    """Load the compiled core's tables, the range order and the readers before a request
    needs them; ``done`` is set at the end (``app.state.warmed``). The tables come from
    the disk cache (built there once per machine). A failure here is logged, and the
    request that needs the part answers (or reports) it itself.
    """
    try:
        from showdown.batch import evaluate_many
        from showdown.web._history import read_pasted
        from showdown.web._ranges import range_order

        players = [{"cards": "As Ks"}, {"cards": "Qs Qd"}]
        resolve(
            showdown_from_json({"game": "holdem", "board": "2c 3d 4h 5s 6c", "players": players})
        )
        for game in GAMES.values():  # every game's tables, in the core or the reference
            cards = list(game.deck)[: game.hole_cards + game.full_board]
            evaluate_many([[card.code for card in cards]], game=game)
        range_order()  # the slider's order, from the disk (computed once per machine)
        read_pasted(_WARM_HISTORY)  # the readers and the audit
    except Exception:  # pragma: no cover - a warm-up never stops the server
        _LOG.exception("showdown: the warm-up failed")
    finally:
        done.set()


class _StaticFiles(StaticFiles):
    """The page's files; its scripts always as JavaScript, as module scripts must be (a
    machine's MIME table, which the guess reads, may say otherwise)."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        if str(full_path).endswith(".js") and response.status_code != 304:
            response.headers["content-type"] = "text/javascript; charset=utf-8"
        return response


def create_app(settings: Settings | None = None, *, warm_up: bool = True) -> FastAPI:
    """The application: API under ``/api``, the page at ``/``, schema at ``/openapi.json``.

    Args:
        settings: the limits; by default from the environment (``SHOWDOWN_*``).
        warm_up: at startup, compile the equity kernels in a background thread
            so that the first request does not wait for them.
    """
    settings = settings or Settings.from_env()
    from showdown.web._equity import EquityGate

    gate = EquityGate(settings.equity_queue, settings.equity_max_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if warm_up:
            threading.Thread(
                target=_warm_up, args=(app.state.warmed,), name="showdown-warm-up", daemon=True
            ).start()
        else:
            app.state.warmed.set()
        yield
        gate.close()

    app = FastAPI(
        lifespan=lifespan,
        title="showdown",
        version=__version__,
        summary="Decide poker showdowns: who wins, with which five cards, why, and the split.",
        description=(
            "Texts (descriptions, explanations) in English, Russian or Romanian: `?lang=` "
            "or `Accept-Language`. Limits: request body "
            f"{settings.max_body_bytes} bytes, {settings.max_players} players per request, "
            f"equity {settings.equity_max_samples} deals and about "
            f"{settings.equity_max_seconds} s per request. "
            'Every error is `{"error": {"type", "field", "message"}}`.'
        ),
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.warmed = threading.Event()  # set when the warm-up has loaded every kernel

    @app.exception_handler(RequestError)
    async def _request_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestError)
        return JSONResponse(
            _error_body(type(exc.error).__name__, exc.field, str(exc.error)),
            status_code=exc.status,
        )

    @app.exception_handler(ShowdownError)
    async def _showdown_error(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse(_error_body(type(exc).__name__, None, str(exc)), status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        field, message = _validation_message(list(exc.errors()))
        return JSONResponse(_error_body("ValidationError", field, message), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        if exc.status_code == 400:  # a body that is not UTF-8 JSON: bad input like any other
            message = f"the body is not valid JSON: {exc.detail}"
            return JSONResponse(_error_body("ValidationError", "body", message), status_code=422)
        kind = "RequestTooLarge" if exc.status_code == 413 else "HTTPError"
        field = "body" if exc.status_code == 413 else None
        return JSONResponse(
            _error_body(kind, field, str(exc.detail)),
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.get("/", include_in_schema=False)
    async def page() -> HTMLResponse:
        return HTMLResponse((_STATIC / "index.html").read_text(encoding="utf-8"))

    @app.get("/api/health", response_model=HealthResponse, responses=_ERRORS)
    async def health() -> dict[str, Any]:
        """The server is up; ``warmed`` once every kernel is loaded (a readiness probe)."""
        return {"status": "ok", "version": __version__, "warmed": app.state.warmed.is_set()}

    @app.get("/api/games", response_model=list[GameInfo], responses=_ERRORS)
    async def games(
        response: Response,
        lang: _LangQuery = None,
        accept_language: Annotated[str | None, Header()] = None,
    ) -> list[dict[str, Any]]:
        """Every game of the registry: cards per player, board, rankings per half."""
        code = _language(lang, accept_language)
        response.headers["Content-Language"] = code
        return [_game_info(g, code) for g in GAMES.values()]

    @app.get("/api/messages", response_model=MessagesResponse, responses=_ERRORS)
    async def messages(
        response: Response,
        lang: _LangQuery = None,
        accept_language: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """The page's words in a language (English text -> translation)."""
        code = _language(lang, accept_language)
        response.headers["Content-Language"] = code
        return {"lang": code, "languages": dict(LANGUAGE_NAMES), "messages": page_messages(code)}

    @app.post("/api/hand", response_model=HandResponse, responses=_ERRORS)
    async def hand(
        request: HandRequest,
        response: Response,
        lang: _LangQuery = None,
        accept_language: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Value one player's cards under every ranking of a game (board optional)."""
        code = _language(lang, accept_language)
        with _at("game"):
            game = get_game(request.game)
        with _at("cards"):
            hole = parse_cards(request.cards)
        with _at("board"):
            board = parse_cards(request.board) if request.board is not None else ()
        hole_at_fault = len(hole) != game.hole_cards or any(c not in game.deck for c in hole)
        with _at("cards" if hole_at_fault else "board"):
            played = evaluate_game(game, hole, board or None)
        halves = dict(zip(game.halves, played.values, strict=True))
        response.headers["Content-Language"] = code
        return {
            "game": game.name,
            "hands": {h: _valued(halves.get(h), code) for h in ("high", "low")},
        }

    @app.post(
        "/api/showdown",
        response_model=ShowdownResponse,
        response_model_exclude_unset=True,
        responses=_ERRORS,
    )
    async def showdown(
        request: ShowdownRequest,
        response: Response,
        lang: _LangQuery = None,
        ranks: Annotated[
            bool,
            Query(
                description="Beyond the contract: each shown hand also carries `ranks`, its "
                "deciding ranks in words ('Ace-King-Nine-Five-Two'), and `idle`, why each "
                "card held that does not play is left out (Badugi)."
            ),
        ] = False,
        accept_language: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Resolve a showdown: the JSON contract of ``showdown resolve``, over HTTP (with
        ``?ranks=true``, each shown hand's ranks in words and its idle cards besides)."""
        code = _language(lang, accept_language)
        if len(request.players) > settings.max_players:
            raise RequestError(
                "players",
                StakeError(
                    f"{len(request.players)} players: this server takes at most "
                    f"{settings.max_players} per request"
                ),
            )
        with _at("game"):
            game = get_game(request.game)
        with _at("board"):
            board = parse_cards(request.board) if request.board is not None else ()
        boards = [board]
        if request.boards is not None:
            boards = []
            for number, cards in enumerate(request.boards):
                with _at(f"boards[{number}]"):
                    boards.append(parse_cards(cards))
        _check_cards(game, boards, request.players)
        record = request.model_dump(exclude_unset=True)
        try:
            result = resolve(showdown_from_json(record), lang=code)
        except ShowdownError as error:
            text = str(error)
            field = next(
                (f for f in ("button", "rake", "unit", "board", "boards") if text.startswith(f)),
                "players",
            )
            raise RequestError(field, error) from None
        response.headers["Content-Language"] = code
        record = result_to_json(result)
        return _with_ranks(record, result, code) if ranks else record

    @app.post(
        "/api/history",
        response_model=HistoryResponse,
        response_model_exclude_unset=True,
        responses=_ERRORS,
    )
    def history(request: HistoryRequest) -> dict[str, Any]:
        """Audit a pasted hand history: the records of ``showdown audit --json``, and each
        hand's showdown as a record of the contract (for ``POST /api/showdown``)."""
        from showdown.web._history import read_pasted

        with _at("text"):
            return read_pasted(request.text, request.format)

    @app.post("/api/equity", response_model=EquityResponse, responses=_ERRORS)
    async def equity(request: EquityRequest) -> Any:
        """Each player's equity: exact when small, else sampled, under the server's caps.

        One runs at a time, a few wait; when the queue is full the answer is 503 at once,
        with ``Retry-After``.
        """
        from showdown.web._equity import EquityBusyError, EquityInputError, run_equity

        try:
            return await gate.run(run_equity, request, settings)
        except EquityInputError as error:
            raise RequestError(error.field, error.error) from None
        except EquityBusyError as busy:
            return JSONResponse(
                _error_body("Busy", None, str(busy)),
                status_code=503,
                headers={"Retry-After": str(busy.retry_after)},
            )

    @app.post("/api/range", response_model=RangeResponse, responses=_ERRORS)
    def range_text(request: RangeRequest) -> dict[str, Any]:
        """Read a range and write it back canonically, with its size and (Hold'em) the
        weight of each of the 169 classes: the page's range editor."""
        import time

        from showdown.web._ranges import range_info

        with _at("game"):
            get_game(request.game)
        with _at("text"):
            deadline = time.perf_counter() + settings.equity_max_seconds
            return range_info(request.game, request.text, deadline=deadline)

    @app.get("/api/range-order", response_model=RangeOrderResponse, responses=_ERRORS)
    async def range_order() -> Any:
        """The 169 Hold'em starting hands, best first, by sampled all-in equity against one
        random hand: the order of the page's "top X%" slider (computed once, then kept)."""
        from showdown.web._equity import EquityBusyError
        from showdown.web._ranges import range_order as order

        try:
            return await gate.run(order)
        except EquityBusyError as busy:
            return JSONResponse(
                _error_body("Busy", None, str(busy)),
                status_code=503,
                headers={"Retry-After": str(busy.retry_after)},
            )

    app.mount("/static", _StaticFiles(directory=str(_STATIC)), name="static")
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, the 413 included
    return app
