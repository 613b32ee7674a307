"""Exact equity: every deal enumerated, in the compiled core or the readable reference.

Two ways in, with the same counts to the last unit:

* the **general path** (:func:`run_exact`): the tuples of the players' hands a
  :class:`~showdown.equity.plan.Plan` lists (one per class of suit isomorphism,
  weighted), cut into tasks (:func:`exact_task`) run on threads or a Dask cluster
  (:class:`~showdown.equity.distributed.Runner`), each counting every completion
  of the board;
* the **quick path** (:func:`quick_exact`): a call whose hands are all card texts
  (whole hands, or a few known cards with the rest unknown), whose board and dead
  cards are texts, and whose enumeration is small needs none of the general
  machinery: no range reading, no grouping of the tuples, no pool of threads. It
  is checked in a few microseconds and counted by one call of the core's kernel,
  or read from the preflop table (:mod:`showdown.equity.preflop`). Anything it
  does not recognise as valid (a card that cannot be read, a card twice, too many
  cards, a range, a list of cards) it leaves to the general path, which reports
  the error: :func:`quick_exact` then returns ``None``. So does a problem the
  general path would sample, one big enough that its threads and grouping pay,
  and every problem where the compiled core is not in use (the general path then
  counts with the readable reference, whose grouping of isomorphic tuples saves
  it work).

Each task counts in the compiled core where it is in use
(:mod:`showdown._kernels.engine`), else by the readable reference
(:func:`showdown.equity.reference.exact_counts`).

>>> spot = quick_exact(["AhKh", "QsQd"], "2c7d9s", None, "holdem", forced=True, budget=1.0)
>>> spot is None or (spot.deals, spot.names) == (990.0, ('AhKh', 'QsQd'))
True
>>> quick_exact(["AhKh", "QQ"], None, None, "holdem", forced=True, budget=1.0) is None
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from showdown._kernels import engine
from showdown._kernels.game_tables import (
    BOARD_HIGH,
    EquityTables,
    equity_tables,
    method_of,
)
from showdown.cards import Card, cards_mask, format_cards, parse_cards
from showdown.equity import reference
from showdown.equity.distributed import Runner
from showdown.equity.plan import SMALL_WORK, Plan, per_deal_seconds
from showdown.equity.preflop import preflop_counts
from showdown.equity.problem import Problem
from showdown.equity.results import PlayerEquity, players_of
from showdown.errors import BudgetError
from showdown.games import Game, get_game

__all__ = ["QUICK_SECONDS", "QUICK_TUPLES", "QuickSpot", "exact_task", "quick_exact", "run_exact"]

QUICK_TUPLES: Final = 4096
"""The most tuples of hands (open hands completed every way) the quick path deals."""
QUICK_SECONDS: Final = 0.002
"""The most estimated work of a quick problem with more than one tuple of hands; more
is left to the general path, which shares it between threads."""
_TEXT_CACHE_SIZE: Final = 4096
_MAX_TEXT: Final = 64


# -- the general path ------------------------------------------------------------------


def exact_task(task: tuple[Any, ...]) -> npt.NDArray[np.int64]:
    """Run one chunk of exact enumeration (a top-level function, for Dask workers): in
    the compiled core where it is in use (:mod:`showdown._kernels.engine`), else by the
    readable reference (:func:`showdown.equity.reference.exact_counts`); the same counts."""
    game_name, method, tuples, board_known, missing, deck_mask = task
    game = get_game(game_name)
    if engine.c_engine() is None:
        return reference.exact_counts(game, tuples, board_known, missing, deck_mask)
    tables = equity_tables(game)
    kind = BOARD_HIGH if method == "board_ranks" else tables.kind
    return engine.exact_tuples(kind, tuples, board_known, missing, deck_mask, tables)


def run_exact(
    problem: Problem,
    plan: Plan,
    runner: Runner,
    progress: Callable[[float], None] | None,
    deadline: float | None = None,
    compiled: bool = True,
) -> tuple[tuple[PlayerEquity, ...], float]:
    """Enumerate a plan: each player's results and the deals (weighted by the range
    weights). The tuples are cut into tasks run by ``runner`` (one piece, here, when
    the work is small); ``progress`` is told the fraction done after each task.

    Raises:
        BudgetError: ``deadline`` (a ``time.perf_counter()``) passed before the end.
    """
    n = len(plan.tuples)
    watched = deadline is not None or progress is not None  # finer pieces: checked often
    pieces = max(1, min(n, runner.width * (64 if watched else 4)))
    players = len(problem.ranges)
    work = n * plan.boards * per_deal_seconds(problem.game, problem.method, players)
    if work < SMALL_WORK and runner.client is None:
        pieces = 1  # threads cost more than they save: run it here, in one piece
    bounds = np.linspace(0, n, pieces + 1).astype(int)
    board_known = np.array([card.code for card in problem.board], dtype=np.int64)
    tasks = [
        (
            problem.game.name,
            problem.method,
            np.ascontiguousarray(plan.tuples[a:b]),
            board_known,
            problem.missing,
            problem.deck_mask,
        )
        for a, b in pairwise(bounds.tolist())
        if b > a
    ]
    parts = []
    # the reference holds the GIL: its pieces run one after another here
    run = runner.map if compiled or runner.client is not None else map
    for i, counts in enumerate(run(exact_task, tasks), start=1):
        parts.append(counts)
        if progress is not None:
            progress(i / len(tasks))
        if deadline is not None and i < len(tasks) and time.perf_counter() > deadline:
            raise BudgetError(
                f"exact enumeration did not finish in time ({i} of {len(tasks)} parts done): "
                "sample instead, or allow more seconds"
            )
    counts = np.concatenate(parts)  # (T, players, columns)
    weighted = np.einsum("t,tpc->pc", plan.weights, counts.astype(np.float64))
    deals = float(plan.weights.sum()) * plan.boards
    return players_of(problem.game, problem.names, weighted, deals, None), deals


# -- the quick path ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QuickSpot:
    """A small exact problem, solved: what :func:`showdown.equity.equity` reports.

    Attributes:
        game: the game.
        board: the known board cards.
        dead: the dead cards.
        names: each hand as the user gave it, written back without spaces.
        totals: ``(players, 6)`` counts over every deal (the kernels' columns).
        deals: the number of deals.
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    names: tuple[str, ...]
    totals: npt.NDArray[np.float64]
    deals: float


@dataclass(eq=False)
class _GameFacts:
    """What the quick path needs of a game, worked out once per process."""

    game: Game
    deck_mask: int
    deck_size: int
    method: str
    tables: EquityTables | None = None

    def kernel_tables(self) -> EquityTables:
        """The game's kernel tables (looked up once)."""
        if self.tables is None:
            self.tables = equity_tables(self.game)
        return self.tables


@dataclass(frozen=True, slots=True)
class _Hand:
    """Cards read from a text: the cards, their codes ascending, their mask, the name."""

    cards: tuple[Card, ...]
    codes: tuple[int, ...]
    mask: int
    name: str


_FACTS: dict[object, _GameFacts] = {}
_TEXTS: dict[str, _Hand | None] = {}
_NO_CARDS: Final = _Hand((), (), 0, "")


def _facts(game: object) -> _GameFacts | None:
    """The facts of a game given by name (or as a registered :class:`Game`)."""
    found = _FACTS.get(game.name if isinstance(game, Game) else game)
    if found is not None:
        return found if not isinstance(game, Game) or found.game is game else None
    if not isinstance(game, str | Game):
        return None
    try:
        resolved = get_game(game)
    except ValueError:
        return None
    if isinstance(game, Game) and get_game(game.name) is not game:
        return None  # a game of one's own: the general path
    facts = _FACTS.get(resolved.name)
    if facts is None:
        deck = resolved.deck
        facts = _GameFacts(resolved, cards_mask(deck), len(deck), method_of(resolved))
    if len(_FACTS) >= _TEXT_CACHE_SIZE:
        _FACTS.clear()
    _FACTS[resolved.name] = facts
    _FACTS[game if isinstance(game, str) else resolved.name] = facts
    return facts


def _cards(text: object) -> _Hand | None:
    """The cards of a short text, or None when it is not plain distinct cards."""
    if type(text) is not str:
        return None
    found = _TEXTS.get(text)
    if found is not None or text in _TEXTS:
        return found
    if len(text) > _MAX_TEXT:
        return None
    try:
        cards = parse_cards(text)
    except ValueError:  # every card error is a ShowdownError, a ValueError
        found = None
    else:
        codes = tuple(sorted(card.code for card in cards))
        found = _Hand(cards, codes, cards_mask(cards), format_cards(cards, sep=""))
    if len(_TEXTS) >= _TEXT_CACHE_SIZE:
        _TEXTS.clear()
    _TEXTS[text] = found
    return found


_I64: TypeAlias = npt.NDArray[np.int64]
_ExactArgs: TypeAlias = tuple[int, _I64, _I64, int, int, _I64, int, int, EquityTables]
"""The arguments of :func:`showdown._kernels.engine.exact_totals`, in its order."""


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A small exact problem checked and set up for the kernel: everything but the
    enumeration, which depends on the call's texts alone (kept per call text).

    ``work`` is the estimated seconds (compared with each call's budget);
    ``preflop`` the two hands and the open deck of a heads-up Hold'em matchup
    before the flop (:func:`showdown.equity.preflop.preflop_counts`), else
    ``None``, and ``engine.exact_totals(*args)`` enumerates
    (:func:`showdown._kernels.engine.exact_totals`).
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    names: tuple[str, ...]
    work: float
    boards: int
    preflop: tuple[tuple[Card, ...], tuple[Card, ...], int] | None
    args: _ExactArgs | None


_PREPARED: dict[tuple[object, ...], _Prepared | None] = {}
"""Calls of card texts seen before: their setup (``None``: left to the general path)."""


def quick_exact(
    hands: object,
    board: object,
    dead: object,
    game: object,
    *,
    forced: bool,
    budget: float,
) -> QuickSpot | None:
    """Solve a small exact problem of plain cards, or None to leave it to the general path.

    ``forced`` is ``exact=True``; ``budget`` the seconds of work under which the
    automatic choice enumerates (``exact_seconds`` times the workers). The
    problem is taken only when the general path would enumerate it too. The
    setup of a call made of texts is kept, keyed by those texts: the next such
    call goes straight to the enumeration. Where the compiled core is not in use,
    every problem is left to the general path.
    """
    if engine.c_engine() is None:
        return None
    key: tuple[object, ...] | None = None
    if (
        type(game) is str
        and type(hands) in (list, tuple)
        and (board is None or type(board) is str)
        and (dead is None or type(dead) is str)
    ):
        assert isinstance(hands, list | tuple)
        key = (game, board, dead, *hands)
        if all(type(hand) is str for hand in hands):
            try:
                prepared = _PREPARED[key]
            except KeyError:
                prepared = _prepare(hands, board, dead, game)
                if len(_PREPARED) >= _TEXT_CACHE_SIZE:
                    _PREPARED.clear()
                _PREPARED[key] = prepared
        else:
            key = None
            prepared = _prepare(hands, board, dead, game)
    else:
        prepared = _prepare(hands, board, dead, game)
    if prepared is None or (not forced and prepared.work > budget):
        return None
    spot = _solve(prepared)
    if spot is None and key is not None:
        _PREPARED[key] = None  # no tuple of hands: the general path says why
    return spot


def _prepare(hands: object, board: object, dead: object, game: object) -> _Prepared | None:
    """Check a call and set it up for the kernel, or None to leave it to the general path."""
    facts = _facts(game)
    if facts is None or type(hands) not in (list, tuple):
        return None
    assert isinstance(hands, list | tuple)
    players = len(hands)
    found = facts.game
    hole = found.hole_cards
    if not 2 <= players <= 10:
        return None
    shared = _cards(board) if board is not None else _NO_CARDS
    out = _cards(dead) if dead is not None else _NO_CARDS
    if shared is None or out is None:
        return None
    n_board = len(shared.codes)
    if n_board > found.full_board or (n_board and not found.has_board):
        return None
    deck_mask = facts.deck_mask
    used = shared.mask | out.mask
    if shared.mask & out.mask or used & ~deck_mask:
        return None
    if players * hole + found.full_board + len(out.codes) > facts.deck_size:
        return None
    known: list[_Hand] = []
    for hand in hands:
        cards = _cards(hand)
        if cards is None or not 0 < len(cards.codes) <= hole or used & cards.mask:
            return None
        used |= cards.mask
        known.append(cards)
    if used & ~deck_mask:
        return None
    n_free = facts.deck_size - used.bit_count()
    upper = 1
    for cards in known:
        if len(cards.codes) < hole:
            upper *= math.comb(n_free, hole - len(cards.codes))
    missing = found.full_board - n_board
    boards = math.comb(facts.deck_size - n_board - len(out.codes) - players * hole, missing)
    work = upper * boards * per_deal_seconds(found, facts.method, players)
    if upper == 0:
        return None
    if upper > 1 and (upper > QUICK_TUPLES or work > QUICK_SECONDS):
        return None
    names = tuple(cards.name for cards in known)
    open_deck = deck_mask & ~shared.mask & ~out.mask
    if upper == 1 and facts.method == "board_ranks" and not n_board and players == 2:
        preflop = (known[0].cards, known[1].cards, open_deck)
        return _Prepared(found, shared.cards, out.cards, names, work, boards, preflop, None)
    tables = facts.kernel_tables()
    pad = (0,) * hole
    args: _ExactArgs = (
        BOARD_HIGH if facts.method == "board_ranks" else tables.kind,
        np.array([(h.codes + pad)[:hole] for h in known], dtype=np.int64),
        np.array([len(h.codes) for h in known], dtype=np.int64),
        deck_mask & ~used,
        upper,
        np.array(shared.codes, dtype=np.int64),
        missing,
        open_deck,
        tables,
    )
    return _Prepared(found, shared.cards, out.cards, names, work, boards, None, args)


def _solve(prepared: _Prepared) -> QuickSpot | None:
    """Enumerate a prepared problem (the core's kernel, or the preflop table)."""
    if prepared.preflop is not None:
        first, second, open_deck = prepared.preflop
        totals = preflop_counts(prepared.game, first, second, open_deck)
        deals = float(prepared.boards)
    else:
        assert prepared.args is not None
        counts, tuples = engine.exact_totals(*prepared.args)
        if tuples == 0:
            return None
        totals = counts.astype(np.float64)
        deals = float(tuples) * prepared.boards
    return QuickSpot(prepared.game, prepared.board, prepared.dead, prepared.names, totals, deals)
