"""``POST /api/equity``: :func:`showdown.equity.equity` under the server's hard caps.

Without ``samples`` the answer is exact when the enumeration is small (the
library decides: about a second of work or less) and sampled otherwise (when
the server's sample cap is below the library's default of a million deals,
always sampled). The caps of :class:`~showdown.web.settings.Settings` hold either way: no request
samples more than ``equity_max_samples`` deals, and none computes much longer
than ``equity_max_seconds`` (an exact run that would pass half of it is
abandoned for a capped sample). The time cap covers reading the ranges
too: each range is read once, within it. The optional 13x13 grid of the 169
Hold'em starting hands shares the same budget.

Requests run one at a time on a thread of their own (:class:`EquityGate`), so
that hands and showdowns never wait behind them; at most
``Settings.equity_queue`` wait, and one more is refused at once (503 with a
``Retry-After``).
"""

from __future__ import annotations

import asyncio
import math
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, TypeVar

from showdown.cards import Card, format_cards, parse_cards
from showdown.equity import DEFAULT_SAMPLES, EquityResult, equity
from showdown.errors import CardCountError, CardParseError, DuplicateCardError, ShowdownError
from showdown.games import Game, get_game
from showdown.ranges import HAND_CLASSES, Range, read_range
from showdown.web.models import EquityRequest
from showdown.web.settings import Settings

__all__ = ["EquityBusyError", "EquityGate", "EquityInputError", "run_equity"]

T = TypeVar("T")

GRID_SAMPLES: Final = 6_000
"""Deals per grid cell when the board is not complete."""
_PLAYER: Final = re.compile(r"^player (\d+):")


class EquityBusyError(Exception):
    """The equity queue is full: try again after ``retry_after`` seconds."""

    def __init__(self, waiting: int, retry_after: int) -> None:
        super().__init__(
            f"the server is busy with {waiting} equity requests; try again in {retry_after} s"
        )
        self.retry_after = retry_after


class EquityGate:
    """One equity computation at a time (each uses every core), a bounded queue behind it.

    The computations run on a thread of their own, never on the event loop or
    the thread pool that serves the other endpoints.
    """

    def __init__(self, queue: int, seconds: float) -> None:
        self.limit = 1 + queue
        self.retry_after = max(1, math.ceil(seconds))
        self._admitted = 0
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="showdown-equity")

    @property
    def admitted(self) -> int:
        """Requests running or waiting now."""
        return self._admitted

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` on the equity thread, or :class:`EquityBusyError` at once."""
        with self._lock:
            if self._admitted >= self.limit:
                raise EquityBusyError(self._admitted, self.retry_after)
            self._admitted += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor, lambda: function(*args))
        finally:
            with self._lock:
                self._admitted -= 1

    def close(self) -> None:
        """Stop the equity thread (after the computation in flight)."""
        self._executor.shutdown(wait=False, cancel_futures=True)


class _OverBudgetError(Exception):
    """Raised from the progress callback when a run passes its deadline."""


class EquityInputError(Exception):
    """A bad equity request: the field at fault and the library's error."""

    def __init__(self, field: str, error: Exception) -> None:
        super().__init__(str(error))
        self.field = field
        self.error = error


def _blame(error: ShowdownError, default: str = "hands") -> str:
    match = _PLAYER.match(str(error))
    if match:
        return f"hands[{int(match[1]) - 1}]"
    text = str(error)
    if "board" in text and "dead" not in text:
        return "board"
    if "dead" in text:
        return "dead"
    return default


def _check(
    request: EquityRequest, settings: Settings, deadline: float
) -> tuple[Game, list[str | Range]]:
    """Check the request field by field, so that an error names its field; read each
    range once, before the deadline."""
    try:
        game = get_game(request.game)
    except ShowdownError as error:
        raise EquityInputError("game", error) from None
    count = len(request.hands)
    most = min(settings.max_players, 10)
    if not 2 <= count <= most:
        raise EquityInputError(
            "hands", CardCountError(f"equity needs 2 to {most} players, got {count}")
        )
    for field, cards in (("board", request.board), ("dead", request.dead)):
        try:
            parse_cards(cards) if cards is not None else ()
        except ShowdownError as error:
            raise EquityInputError(field, error) from None
    hands: list[str | Range] = []
    for seat, text in enumerate(request.hands):
        try:
            try:
                known = len(parse_cards(text)) <= game.hole_cards
            except CardParseError:
                known = False
            hands.append(text if known else read_range(text, game, deadline=deadline))
        except ShowdownError as error:
            raise EquityInputError(f"hands[{seat}]", error) from None
    if request.samples is not None and request.samples > settings.equity_max_samples:
        raise EquityInputError(
            "samples",
            ShowdownError(
                f"samples={request.samples}: this server samples at most "
                f"{settings.equity_max_samples} deals per request"
            ),
        )
    if request.grid_seat is not None:
        if game.name != "holdem":
            raise EquityInputError(
                "grid_seat",
                ShowdownError(f"the starting-hand grid is for holdem, not {game.name}"),
            )
        if request.grid_seat >= count:
            raise EquityInputError(
                "grid_seat",
                ShowdownError(f"grid_seat={request.grid_seat}: seats are 0..{count - 1}"),
            )
    return game, hands


def _guard(deadline: float) -> Callable[[float], None]:
    def progress(fraction: float) -> None:
        if fraction < 1.0 and time.perf_counter() > deadline:
            raise _OverBudgetError

    return progress


def _equity(
    hands: list[str | Range],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    game: Game,
    *,
    samples: int | None,
    seed: int,
    seconds: float,
    max_samples: int,
) -> EquityResult:
    """Exact when small, else sampled; never past ``max_samples`` deals or about ``seconds``."""
    started = time.perf_counter()
    wide = any(isinstance(hand, Range) and hand.combo_count() > 1000 for hand in hands)
    if samples is None and max_samples >= DEFAULT_SAMPLES and not wide:
        # Let the library choose exact or sampled; one thread, so that the progress
        # callback can stop it at the deadline.
        try:
            return equity(
                hands,
                board or None,
                game=game,
                dead=dead or None,
                seed=seed,
                workers=1,
                progress=_guard(started + seconds / 2),
            )
        except _OverBudgetError:
            pass
    left = max(0.05, seconds - (time.perf_counter() - started))
    return equity(
        hands,
        board or None,
        game=game,
        dead=dead or None,
        exact=False,
        samples=min(samples or max_samples, max_samples),
        seconds=left,
        seed=seed,
    )


def _grid(
    request: EquityRequest,
    hands: list[str | Range],
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    *,
    deadline: float,
    max_samples: int,
    seed: int,
) -> dict[str, Any]:
    """Equity of each of the 169 starting hands in one seat against the other hands."""
    seat = request.grid_seat
    assert seat is not None
    others: list[str | Range] = [hand for i, hand in enumerate(hands) if i != seat]
    complete_board = len(board) == game.full_board
    per_cell = max(200, min(GRID_SAMPLES, max_samples // len(HAND_CLASSES)))
    values: list[float | None] = []
    exact = True
    for index, name in enumerate(HAND_CLASSES):
        if time.perf_counter() > deadline:
            break
        cell: list[str | Range] = [*others[:seat], name, *others[seat:]]
        try:
            if complete_board:
                result = equity(cell, board or None, game=game, dead=dead or None, workers=1)
            else:
                result = equity(
                    cell,
                    board or None,
                    game=game,
                    dead=dead or None,
                    exact=False,
                    samples=per_cell,
                    seed=seed + index,
                    workers=1,
                )
        except DuplicateCardError:
            values.append(None)
            continue
        exact = exact and result.exact
        values.append(result.players[seat].equity)
    finished = len(values) == len(HAND_CLASSES)
    values += [None] * (len(HAND_CLASSES) - len(values))
    return {
        "seat": seat,
        "classes": list(HAND_CLASSES),
        "equity": values,
        "exact": exact and finished,
        "complete": finished,
    }


def run_equity(request: EquityRequest, settings: Settings) -> dict[str, Any]:
    """Answer one equity request (the response record of ``POST /api/equity``).

    Raises:
        EquityInputError: a bad field, with the library's message.
    """
    started = time.perf_counter()
    cap = settings.equity_max_seconds
    # reading the ranges and preparing the deals cost about the same: half the time each
    game, hands = _check(request, settings, started + cap * 0.5)
    board = parse_cards(request.board) if request.board is not None else ()
    dead = parse_cards(request.dead) if request.dead is not None else ()
    seed = request.seed if request.seed is not None else 0
    budget = cap / 2 if request.grid_seat is not None else cap
    budget = max(0.05, budget - (time.perf_counter() - started))
    try:
        result = _equity(
            hands,
            board,
            dead,
            game,
            samples=request.samples,
            seed=seed,
            seconds=budget,
            max_samples=settings.equity_max_samples,
        )
    except ShowdownError as error:
        raise EquityInputError(_blame(error), error) from None
    record = result.to_json()
    players = [
        {
            key: player[key]
            for key in ("hand", "equity", "win", "tie", "lose", "high", "low", "scoop", "stderr")
            if key in player
        }
        for player in record["players"]
    ]
    grid = None
    if request.grid_seat is not None:
        grid = _grid(
            request,
            hands,
            game,
            board,
            dead,
            deadline=started + cap,
            max_samples=settings.equity_max_samples,
            seed=seed,
        )
    return {
        "game": game.name,
        "board": format_cards(board),
        "dead": format_cards(dead),
        "exact": record["exact"],
        "deals": record["deals"],
        "seed": record["seed"],
        "stopped_by": record["stopped_by"],
        "seconds": time.perf_counter() - started,
        "players": players,
        "grid": grid,
    }
