"""Equity: how often each hand or range wins, exactly or by sampling, in every game.

:func:`equity` takes the players' hands or ranges (two to ten), an optional
board and dead cards, and any game of the registry. It enumerates every deal
when that is tractable and samples deals otherwise:

* **exact**: every tuple of the players' combos that shares no card, grouped
  by suit isomorphism (relabelling suits changes no outcome), times every
  completion of the board;
* **Monte Carlo**: seeded, in fixed chunks of deals each with its own seed, so
  a result depends on the seed and the number of deals only, never on how
  many threads or Dask workers ran the chunks. It stops after ``samples``
  deals, when every player's standard error is below ``stderr``, or after
  ``seconds`` (the only rule that is not reproducible). Ranges that overlap
  are sampled with card removal: a tuple of combos that shares a card is
  redrawn, so each tuple comes up in proportion to the product of its weights,
  as in the exact count.

Which engine counts: the compiled core (``showdown._cequity``, through
:mod:`showdown._kernels.engine`) where it is built, else the readable reference
(:mod:`showdown._equity_reference`: every deal dealt and valued by the readable
evaluator; ``SHOWDOWN_ENGINE=readable`` asks for it). Exact results are the same
to the last unit either way, the reference's slower by three orders of magnitude
(the automatic choice between enumerating and sampling knows it). A seeded Monte
Carlo run is reproducible on either, but each draws from a stream of its own
(the core's splitmix64, the reference's :class:`random.Random`), so the same seed
gives other numbers, within the standard error, on the two.

Results are per player: ``win`` (the whole pot, alone), ``tie`` (a part of
it), ``equity`` (the expected share of the pot, ties counted as the shares
they win) and, in hi/lo games, ``high`` and ``low``: the pot share won from
each half (``equity == high + low``; ``win`` is then a scoop).

>>> result = equity(["AhKh", "QsQd"])
>>> result.exact, result.deals
(True, 1712304.0)
>>> ak, qq = result.players
>>> ak.wins, ak.ties, ak.losses
(787966.0, 6732.0, 917606.0)
>>> round(ak.equity, 5), round(qq.equity, 5)
(0.46214, 0.53786)
>>> hilo = equity(["Ah 2h Ks Kd", "Qc Jc Tc 9d"], "3c 4d 8s", game="omaha8")
>>> round(hilo.players[0].high + hilo.players[0].low, 6) == round(hilo.players[0].equity, 6)
True
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise, permutations
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from showdown import _equity_reference as reference
from showdown._equity_fast import COST_NS as _COST_NS
from showdown._equity_fast import per_deal_seconds, quick_exact
from showdown._kernels import engine
from showdown._kernels.game_tables import OMAHA, equity_tables, kind_of, method_of
from showdown._validate import (
    MAX_SEED,
    check_callable,
    check_flag,
    check_int,
    check_real,
    check_seed,
    describe_value,
)
from showdown.cards import DECK, Card, CardsLike, cards_mask, format_cards, parse_cards
from showdown.distributed import connect, map_ordered, worker_threads
from showdown.errors import (
    BudgetError,
    CardCountError,
    CardParseError,
    DuplicateCardError,
    RangeParseError,
    ShowdownError,
)
from showdown.games import Game, get_game
from showdown.ranges import CLASS_GRID, HAND_CLASSES, Range, format_range, read_range

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import ThreadPoolExecutor

    from distributed import Client

__all__ = [
    "DEFAULT_SAMPLES",
    "MATRIX_SAMPLES",
    "EquityMatrix",
    "EquityResult",
    "PlayerEquity",
    "equity",
    "equity_matrix",
]

DEFAULT_SAMPLES: Final = 1_000_000
"""Deals sampled when no stopping rule is given and exact enumeration is too big."""
STDERR_MAX_SAMPLES: Final = 10 * DEFAULT_SAMPLES
"""The most deals of a run whose only stopping rule is ``stderr``."""
MAX_SAMPLES: Final = 1 << 50
"""The most deals ``samples`` may ask for."""
MAX_WORKERS: Final = 1024
CHUNK: Final = 1 << 17
"""The most deals per Monte Carlo chunk: each chunk has its own seed. Games that cost
more per deal use smaller chunks (a power of two, fixed by the game and the number
of players), so that a time limit is checked every few milliseconds."""
_MIN_CHUNK: Final = 1 << 10
_SAMPLE_NS: Final = {"any_mix": 25.0}
"""Nanoseconds per player and sampled deal where they differ from the exact methods'
(``COST_NS``): the keyed sampler values an any-mix hand by one key, not card by card."""
_CHUNK_NS: Final = 2_000_000
"""The estimated work of one chunk, in nanoseconds on one core."""
MAX_EQUITY_HANDS: Final = 6_000_000
"""The memory budget of one equity call: the most hands its listed ranges may hold
together (each costs about 80 bytes while sampling); more is a
:class:`~showdown.errors.BudgetError`, refused before any work."""
MAX_TUPLE_BYTES: Final = 256 << 20
"""The memory budget of exact enumeration's tuples of hands."""
MAX_PLAYERS: Final = 10
EXACT_SECONDS: Final = 1.0
"""Auto mode enumerates when the estimated time is below this (the default of
``exact_seconds``: wall time, the work shared by the workers)."""
_MAX_TUPLES: Final = 2_000_000
MAX_EXACT_TUPLES: Final = 10_000_000
"""The most tuples of hands (one combo per player) ``exact=True`` enumerates; more is a
:class:`~showdown.errors.BudgetError` (narrow the ranges, or sample)."""
_MAX_FORCED_TUPLES: Final = MAX_EXACT_TUPLES
_MAX_OPEN_COMBOS: Final = 50_000
_MAX_LISTED: Final = 4_000_000
_POT: Final = 5040
_SMALL_WORK: Final = 0.005
"""Estimated seconds of exact work below which no thread or worker is used."""
_CORES: Final = os.cpu_count() or 1
"""The default number of workers (looked up once: it reads the system's files)."""
_WIN, _TIE, _SHARE, _HIGH, _LOW, _SHARE_SQ = range(6)
_SUIT_PERMUTATIONS: Final = tuple(permutations(range(4)))


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's results.

    Attributes:
        hand: the hand or range, as written back (``'AhKh'``, ``'QQ+, AKs'``).
        equity: the expected share of the pot, ties counted as the shares won.
        win: the chance to win the whole pot alone (in hi/lo games: to scoop).
        tie: the chance to win a part of the pot.
        wins: deals won whole (weighted by the range weights; a count when exact).
        ties: deals with a part of the pot.
        losses: deals with nothing.
        high: split-pot games only: the pot share won from the high half
            (the whole pot when no low qualifies); ``None`` otherwise.
        low: split-pot games only: the pot share won from the low half.
        stderr: the standard error of ``equity`` (0 when exact).
    """

    hand: str
    equity: float
    win: float
    tie: float
    wins: float
    ties: float
    losses: float
    high: float | None = None
    low: float | None = None
    stderr: float = 0.0

    @property
    def lose(self) -> float:
        """The chance to win nothing."""
        return 1.0 - self.win - self.tie

    @property
    def scoop(self) -> float:
        """The chance to win the whole pot (the same as :attr:`win`)."""
        return self.win

    def to_json(self) -> dict[str, Any]:
        """The results as a JSON-ready dict."""
        data: dict[str, Any] = {
            "hand": self.hand,
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "lose": self.lose,
            "wins": _count(self.wins),
            "ties": _count(self.ties),
            "losses": _count(self.losses),
            "stderr": self.stderr,
        }
        if self.high is not None:
            data["high"] = self.high
            data["low"] = self.low
            data["scoop"] = self.scoop
        return data


def _count(value: float) -> int | float:
    """A count as an integer when it is one (a weighted count may not be)."""
    return int(value) if float(value).is_integer() else value


@dataclass(frozen=True, slots=True, eq=False)
class EquityResult:
    """The result of :func:`equity`.

    Attributes:
        game: the game.
        board: the known board cards.
        dead: the dead cards.
        players: one :class:`PlayerEquity` per player, in order.
        exact: True when every deal was enumerated.
        deals: deals enumerated or sampled (weighted by the range weights when
            exact).
        seed: the seed of a Monte Carlo run (``None`` when exact): passing it
            again with the same number of deals gives the same numbers.
        stopped_by: ``'exact'``, ``'samples'``, ``'stderr'`` or ``'seconds'``.
        seconds: the time taken.
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    players: tuple[PlayerEquity, ...]
    exact: bool
    deals: float
    seed: int | None = None
    stopped_by: str = "exact"
    seconds: float = field(default=0.0)

    @property
    def equities(self) -> tuple[float, ...]:
        """Every player's equity, in order."""
        return tuple(player.equity for player in self.players)

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        return {
            "game": self.game.name,
            "board": format_cards(self.board),
            "dead": format_cards(self.dead),
            "exact": self.exact,
            "deals": _count(self.deals),
            "seed": self.seed,
            "stopped_by": self.stopped_by,
            "seconds": self.seconds,
            "players": [player.to_json() for player in self.players],
        }


# -- the problem, checked ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Problem:
    """A checked equity question: the game, the cards out, and each player's range."""

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    ranges: tuple[Range, ...]
    deck_mask: int  # the game's deck less the board and dead cards
    names: tuple[str, ...]  # each hand as the user gave it, written back

    @property
    def missing(self) -> int:
        return self.game.full_board - len(self.board)

    @property
    def method(self) -> str:
        return method_of(self.game)


def _as_range(hand: object, game: Game, seat: int, deadline: float | None = None) -> Range:
    """A player's hand or range as a :class:`Range` of the game's hand size."""
    if isinstance(hand, Range):
        if hand.size != game.hole_cards:
            raise CardCountError.of(
                "player {seat}: a range of {size}-card hands, but {game} deals {wanted} cards",
                seat=seat,
                size=hand.size,
                game=game.name,
                wanted=game.hole_cards,
            )
        return hand
    if isinstance(hand, str):
        try:
            cards = parse_cards(hand)
        except CardParseError:
            return _read(hand, game, seat, deadline)
        if len(cards) > game.hole_cards:
            return _read(hand, game, seat, deadline)
    else:
        if isinstance(hand, bytes | bytearray) or not isinstance(hand, Sequence):
            raise TypeError(
                f"hands[{seat - 1}] must be a text, a Range or a list of cards, "
                f"got {describe_value(hand)}"
            )
        try:
            cards = parse_cards(hand)
        except TypeError as error:
            raise TypeError(f"hands[{seat - 1}]: {error}") from None
        if len(cards) > game.hole_cards:
            raise CardCountError.of(
                "player {seat}: {game} deals {wanted} cards, got {count}: {cards}",
                seat=seat,
                game=game.name,
                wanted=game.hole_cards,
                count=len(cards),
                cards=format_cards(cards),
            )
    return Range.holding(cards, game=game)


def _read(text: str, game: Game, seat: int, deadline: float | None) -> Range:
    """A range text; an empty range is an error that quotes it."""
    found = read_range(text, game, deadline=deadline)
    if found.combo_count() == 0:
        raise RangeParseError.of(
            "player {seat}: {text} holds no hand (every weight is 0)",
            seat=seat,
            text=repr(text[:60]),
        )
    return found


def _named_cards(cards: CardsLike | None, name: str) -> tuple[Card, ...]:
    """``parse_cards``, a type error naming the argument."""
    if cards is None:
        return ()
    try:
        return parse_cards(cards)
    except TypeError as error:
        raise TypeError(f"{name}: {error}") from None


def _problem(
    hands: Sequence[object],
    board: CardsLike | None,
    dead: CardsLike | None,
    game: str | Game,
    deadline: float | None = None,
) -> _Problem:
    found = get_game(game)
    if isinstance(hands, str | bytes | Range) or not isinstance(hands, Sequence):
        raise TypeError(
            f"hands must be a list of hands or ranges, one per player, e.g. ['AhKh', 'QQ'], "
            f"got {describe_value(hands)}"
        )
    hands = list(hands)
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise CardCountError.of(
            "equity needs 2 to {most} players, got {count}", most=MAX_PLAYERS, count=len(hands)
        )
    shared = _named_cards(board, "board")
    out = _named_cards(dead, "dead")
    if not found.has_board and shared:
        raise CardCountError.of(
            "{game} has no board, got board {cards}", game=found.name, cards=format_cards(shared)
        )
    if len(shared) > found.full_board:
        raise CardCountError.of(
            "{game} has a board of {size} cards, got {count}: {cards}",
            game=found.name,
            size=found.full_board,
            count=len(shared),
            cards=format_cards(shared),
        )
    deck = found.deck
    deck_mask = cards_mask(deck)
    for card in (*shared, *out):
        if not card.mask & deck_mask:
            raise CardParseError.of(
                "{card} is not in the deck of {game}", card=str(card), game=found.name
            )
    for card in out:
        if card in shared:
            raise DuplicateCardError.of("card {card} is both on the board and dead", card=str(card))
    blocked = cards_mask(shared) | cards_mask(out)
    ranges = [_as_range(hand, found, seat, deadline) for seat, hand in enumerate(hands, start=1)]
    listed = sum(r.combo_count() for r in ranges if not r.is_open)
    if listed > MAX_EQUITY_HANDS:
        raise BudgetError.of(
            "the players' ranges hold {count} hands together; one equity call takes at most "
            "{most} (narrow the ranges, or use 'random', which is never listed)",
            count=f"{listed:,}",
            most=f"{MAX_EQUITY_HANDS:,}",
        )
    # known cards of open ranges: against the board, the dead cards and each other
    held = blocked
    for seat, hand_range in enumerate(ranges, start=1):
        if hand_range.is_open:
            for card in hand_range.known:
                if not card.mask & deck_mask:
                    raise CardParseError.of(
                        "player {seat}: {card} is not in the deck of {game}",
                        seat=seat,
                        card=str(card),
                        game=found.name,
                    )
                if held & card.mask:
                    if blocked & card.mask:
                        raise DuplicateCardError.of(
                            "player {seat}: card {card} is also on the board or dead",
                            seat=seat,
                            card=str(card),
                        )
                    raise DuplicateCardError.of(
                        "player {seat}: card {card} is also in another hand",
                        seat=seat,
                        card=str(card),
                    )
                held |= card.mask
    fixed = held & ~blocked
    checked = []
    for seat, hand_range in enumerate(ranges, start=1):
        own = cards_mask(hand_range.known) if hand_range.is_open else 0
        others = tuple(DECK[c] for c in range(52) if (fixed & ~own) >> c & 1)
        narrowed = hand_range.without((*shared, *out, *others))
        if narrowed.combo_count() == 0:
            raise DuplicateCardError.of(
                "player {seat}: every hand of {range} uses a card of the board, the dead cards "
                "or another hand",
                seat=seat,
                range=repr(format_range(hand_range)),
            )
        checked.append(narrowed)
    needed = sum(found.hole_cards for _ in checked) + found.full_board
    if needed + len(out) > len(deck):
        raise CardCountError.of(
            "{players} players of {game} need {needed} cards, and {left} are left in the deck",
            players=len(checked),
            game=found.name,
            needed=needed,
            left=len(deck) - len(out),
        )
    names = tuple(
        format_cards(r.known, sep="") if r.is_open and r.known else format_range(r) for r in ranges
    )
    return _Problem(found, shared, out, tuple(checked), deck_mask & ~blocked, names)


# -- exact enumeration ---------------------------------------------------------------


def _listed(hand_range: Range) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    return hand_range.codes.astype(np.int64), hand_range.weights


def _tuples(
    problem: _Problem, limit: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]] | None:
    """Every tuple of combos sharing no card: codes ``(T, players, hole)`` and weight
    products; ``None`` when there would be more than ``limit``."""
    listed = [_listed(r) for r in problem.ranges]
    masks = [np.bitwise_or.reduce(np.left_shift(np.int64(1), codes), axis=1) for codes, _ in listed]
    index = np.arange(len(masks[0]), dtype=np.int64)[:, None]
    used = masks[0].copy()
    weight = listed[0][1].copy()
    for p in range(1, len(listed)):
        m = len(masks[p])
        if len(used) * m > limit * 4 or len(used) * m * 16 > MAX_TUPLE_BYTES:
            return None
        left = np.repeat(np.arange(len(used)), m)
        right = np.tile(np.arange(m), len(used))
        keep = (used[left] & masks[p][right]) == 0
        left, right = left[keep], right[keep]
        if len(left) > limit or len(left) * len(listed) * problem.game.hole_cards * 8 > (
            MAX_TUPLE_BYTES
        ):
            return None
        index = np.concatenate([index[left], right[:, None]], axis=1)
        used = used[left] | masks[p][right]
        weight = weight[left] * listed[p][1][right]
    codes = np.stack([listed[p][0][index[:, p]] for p in range(len(listed))], axis=1)
    return codes, weight


def _suit_table(perm: tuple[int, ...]) -> npt.NDArray[np.int64]:
    table = np.array([(c & ~3) | perm[c & 3] for c in range(52)], dtype=np.int64)
    table.setflags(write=False)
    return table


_SUIT_TABLES: Final = tuple(_suit_table(perm) for perm in _SUIT_PERMUTATIONS)
"""Per suit permutation, the image of each card code (read-only, shared)."""
_SUIT_LISTS: Final = tuple(table.tolist() for table in _SUIT_TABLES)


def _symmetries(problem: _Problem) -> list[npt.NDArray[np.int64]]:
    """The suit permutations that map the board onto itself and the dead cards onto
    themselves (each set on its own: a board card is never a dead card's image)."""
    board = {card.code for card in problem.board}
    dead = {card.code for card in problem.dead}
    return [
        table
        for table, image in zip(_SUIT_TABLES, _SUIT_LISTS, strict=True)
        if {image[c] for c in board} == board and {image[c] for c in dead} == dead
    ]


def _canonical(
    codes: npt.NDArray[np.int64], weight: npt.NDArray[np.float64], problem: _Problem
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Group the tuples by suit isomorphism: one representative each, weights summed."""
    tables = _symmetries(problem)
    n, players, hole = codes.shape
    canon = np.empty((n, players), dtype=np.int64)
    block = max(1, 2_000_000 // (len(tables) * players))
    for start in range(0, n, block):
        part = codes[start : start + block]
        images = np.stack(
            [
                np.bitwise_or.reduce(np.left_shift(np.int64(1), table[part]), axis=2)
                for table in tables
            ]
        )  # (symmetries, rows, players)
        alive = np.ones(images.shape[:2], dtype=bool)
        for p in range(players):
            column = np.where(alive, images[:, :, p], np.iinfo(np.int64).max)
            smallest = column.min(axis=0)
            canon[start : start + block, p] = smallest
            alive &= column == smallest
    unique, inverse = np.unique(canon, axis=0, return_inverse=True)
    summed = np.asarray(
        np.bincount(inverse.ravel(), weights=weight, minlength=len(unique)), dtype=np.float64
    )
    bits = (unique[:, :, None] >> np.arange(52, dtype=np.int64)) & 1
    rows = np.nonzero(bits.reshape(-1, 52))[1].reshape(len(unique), players, hole)
    return np.asarray(rows, dtype=np.int64), summed


def _exact_task(task: tuple[Any, ...]) -> npt.NDArray[np.int64]:
    """Run one chunk of exact enumeration (a top-level function, for Dask workers): in
    the compiled core where it is in use (:mod:`showdown._kernels.engine`), else by the
    readable reference (:func:`showdown._equity_reference.exact_counts`); the same counts."""
    game_name, method, tuples, board_known, missing, deck_mask = task
    game = get_game(game_name)
    if engine.c_engine() is None:
        return reference.exact_counts(game, tuples, board_known, missing, deck_mask)
    tables = equity_tables(game)
    if method == "board_ranks":
        counts: npt.NDArray[np.int64] = engine.exact_board_ranks(
            tuples,
            board_known,
            missing,
            deck_mask,
            tables.offsets,
            tables.ranks[0],
            tables.flushes[0],
        )
        return counts
    if tables.kind == OMAHA:
        counts = engine.exact_omaha_ranks(tuples, board_known, missing, deck_mask, tables.arrays())
    else:
        counts = engine.exact_counts(
            tables.kind, tuples, board_known, missing, deck_mask, tables.arrays()
        )
    return counts


# -- Monte Carlo ------------------------------------------------------------------


_M64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def _mix64(z: int) -> int:
    """splitmix64's finalizer: a bijection of 64-bit integers that scatters every bit."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _M64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _M64
    return z ^ (z >> 31)


def _chunk_seed(seed: int, index: int) -> np.uint64:
    """The seed of chunk ``index``: a function of the run's seed and the index only
    (a hash of the two, about a microsecond; a chunk's stream starts at its seed).

    >>> len({int(_chunk_seed(1, 0)), int(_chunk_seed(1, 1)), int(_chunk_seed(2, 0))})
    3
    """
    return np.uint64(_mix64((_mix64((seed + _GOLDEN) & _M64) + (index + 1) * _GOLDEN) & _M64))


_I64 = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class _Sampler:
    """The arrays a Monte Carlo kernel needs, built once per run, and which engine draws
    its deals (``compiled``: the core where the worker has it; else the reference)."""

    game_name: str
    compiled: bool
    kind: int
    known: npt.NDArray[np.int64]
    n_known: npt.NDArray[np.int64]
    listed: npt.NDArray[np.int64]
    combo_codes: npt.NDArray[np.int64]
    combo_masks: npt.NDArray[np.int64]
    combo_cumulative: npt.NDArray[np.float64]
    combo_start: npt.NDArray[np.int64]
    board_known: npt.NDArray[np.int64]
    n_board: int
    deck: npt.NDArray[np.int64]

    def problem_arrays(
        self,
    ) -> tuple[_I64, _I64, _I64, _I64, _I64, npt.NDArray[np.float64], _I64, _I64, int, _I64]:
        """What the Monte Carlo kernels take between the seed and deals and the game's
        tables (:func:`showdown._kernels.engine.sample_counts`,
        :func:`showdown._equity_reference.sample_counts`), in their order."""
        return (
            self.known,
            self.n_known,
            self.listed,
            self.combo_codes,
            self.combo_masks,
            self.combo_cumulative,
            self.combo_start,
            self.board_known,
            self.n_board,
            self.deck,
        )


def _sampler(problem: _Problem, *, compiled: bool) -> _Sampler:
    game = problem.game
    players, hole = len(problem.ranges), game.hole_cards
    known = np.zeros((players, hole), dtype=np.int64)
    n_known = np.zeros(players, dtype=np.int64)
    listed = np.zeros(players, dtype=np.int64)
    codes_parts, weight_parts = [], []
    start = [0]
    fixed = 0
    for p, hand_range in enumerate(problem.ranges):
        if hand_range.is_open or hand_range.combo_count() == 1:
            cards = (
                hand_range.known
                if hand_range.is_open
                else tuple(DECK[int(c)] for c in hand_range.codes[0])
            )
            known[p, : len(cards)] = [card.code for card in cards]
            n_known[p] = len(cards)
            fixed |= cards_mask(cards)
            start.append(start[-1])
            continue
        listed[p] = 1
        codes, weights = _listed(hand_range)
        codes_parts.append(codes)
        weight_parts.append(weights)
        start.append(start[-1] + len(codes))
    if codes_parts:
        combo_codes = np.concatenate(codes_parts)
        cumulative = np.concatenate([np.cumsum(w) for w in weight_parts])
    else:
        combo_codes = np.zeros((1, hole), dtype=np.int64)
        cumulative = np.zeros(1, dtype=np.float64)
    combo_masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), combo_codes), axis=1)
    deck_mask = problem.deck_mask & ~fixed
    deck = np.array([c for c in range(52) if deck_mask >> c & 1], dtype=np.int64)
    return _Sampler(
        game.name,
        compiled,
        kind_of(game),
        known,
        n_known,
        listed,
        np.ascontiguousarray(combo_codes, dtype=np.int64),
        combo_masks.astype(np.int64),
        cumulative,
        np.array(start, dtype=np.int64),
        np.array([card.code for card in problem.board], dtype=np.int64),
        game.full_board,
        deck,
    )


def _sample_task(task: tuple[Any, ...]) -> tuple[npt.NDArray[np.int64], int, int]:
    """Run one Monte Carlo chunk: ``(counts, deals done, tries)`` (top-level, for Dask): in
    the compiled core where the run chose it and this process has it
    (:func:`showdown._kernels.engine.sample_counts`), else by the readable reference
    (:func:`showdown._equity_reference.sample_counts`, a stream of its own)."""
    sampler: _Sampler = task[0]
    seed, deals = task[1], task[2]
    if not sampler.compiled or engine.c_engine() is None:
        counts, done, tries = reference.sample_counts(
            get_game(sampler.game_name), int(seed), deals, *sampler.problem_arrays()
        )
        return counts, _deals_done(done, deals), tries
    counts, done, tries = engine.sample_counts(
        sampler.kind,
        seed,
        deals,
        *sampler.problem_arrays(),
        _kernel_arrays(sampler.game_name),
    )
    return counts, _deals_done(int(done), deals), int(tries)


_MAX_THREADS: Final = 64
"""The most threads one C Monte Carlo call starts (``sample_chunks`` in ``_cequity.c``)."""
_MAX_WAVE: Final = 4096
"""The most Monte Carlo chunks handed to the C engine in one call (:func:`_chunk_waves`)."""
_STOP_WAVE: Final = 8
"""Chunks per thread in a wave where a ``stderr`` or ``seconds`` stop is checked between
waves (a few tens of milliseconds of work)."""


def _wave_size(left: int, threads: int, *, stops: bool, reports: bool) -> int:
    """How many of the ``left`` chunks the next wave of :func:`_chunk_waves` takes on
    ``threads`` threads: a few per thread where a stop rule is checked between chunks
    (``stops``), about a 32nd of the run where only progress is reported (``reports``),
    else every chunk left; never more than :data:`_MAX_WAVE`.

    >>> _wave_size(77, 2, stops=False, reports=False), _wave_size(77, 2, stops=True, reports=False)
    (77, 16)
    """
    if stops:
        wanted = threads * _STOP_WAVE
    elif reports:
        wanted = max(threads * _STOP_WAVE, left // 32)
    else:
        wanted = left
    return min(left, wanted, _MAX_WAVE)


def _chunk_waves(
    chunk: Callable[[int], tuple[_Sampler, np.uint64, int]],
    chunks: int,
    workers: int,
    *,
    stops: bool,
    reports: bool,
) -> Generator[tuple[npt.NDArray[np.int64], int, int]]:
    """What :func:`_sample_task` gives for each of the ``chunks`` tasks ``chunk(i)``, in
    order: the chunks run in waves, each one call of the C engine that shares the wave's
    chunks among ``workers`` threads it starts itself
    (:func:`showdown._kernels.engine.sample_chunks`: each chunk's figures are its seed's,
    whatever the threads)."""
    threads = max(1, min(workers, _MAX_THREADS))
    first = 0
    while first < chunks:
        n = _wave_size(chunks - first, threads, stops=stops, reports=reports)
        tasks = [chunk(i) for i in range(first, first + n)]
        sampler = tasks[0][0]
        deals = np.array([task[2] for task in tasks], dtype=np.int64)
        counts, done, tries = engine.sample_chunks(
            sampler.kind,
            np.array([task[1] for task in tasks], dtype=np.uint64),
            deals,
            *sampler.problem_arrays(),
            _kernel_arrays(sampler.game_name),
            min(threads, n),
        )
        for k in range(n):
            yield counts[k], _deals_done(int(done[k]), int(deals[k])), int(tries[k])
        first += n


def _deals_done(done: int, deals: int) -> int:
    """A chunk's deals, or -1 where it stopped short (its hands almost never fit)."""
    return done if done == deals else -1


@cache
def _kernel_arrays(game_name: str) -> Any:
    """The kernel tables of a game as the kernels take them, looked up once per process."""
    return equity_tables(get_game(game_name)).arrays()


# -- running tasks, here or on a cluster --------------------------------------------------


class _Runner:
    """Runs top-level task functions in order: on local threads, or on a Dask cluster."""

    def __init__(self, workers: int | None, client: Client | None) -> None:
        self.client = client
        self.workers = workers or _CORES
        self._pool: ThreadPoolExecutor | None = None

    @property
    def width(self) -> int:
        """How many tasks to keep in flight."""
        if self.client is not None:
            return max(1, worker_threads(self.client))
        return self.workers

    def map(self, function: Callable[[Any], Any], tasks: Sequence[Any]) -> Iterator[Any]:
        """Results of ``function(task)`` for each task, in the order of ``tasks``."""
        if not tasks:
            return iter(())
        if self.client is not None:
            return map_ordered(self.client, function, tasks)
        if self.workers == 1 or len(tasks) == 1:
            return (function(task) for task in tasks)
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor  # only a run with threads

            self._pool = ThreadPoolExecutor(max_workers=self.workers)
        return self._pool.map(function, tasks)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)


# -- the public function ------------------------------------------------------------------


def equity(
    hands: Sequence[str | Range | Sequence[Card | str | int]],
    board: CardsLike | None = None,
    *,
    game: str | Game = "holdem",
    dead: CardsLike | None = None,
    exact: bool | None = None,
    samples: int | None = None,
    stderr: float | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    workers: int | None = None,
    client: Client | None = None,
    scheduler: str | None = None,
    progress: Callable[[float], None] | None = None,
    exact_seconds: float | None = None,
) -> EquityResult:
    """The equity of each player's hand or range, exactly or by sampling.

    Args:
        hands: one hand or range per player, 2 to 10: cards (``'AhKh'``; fewer
            cards than a hand, like ``'Ah'``, means "holding these, the rest
            unknown"), a range (``'QQ+, AKs:0.5'``), a
            :class:`~showdown.ranges.Range`, or a list of cards.
        board: the known board cards, if any.
        game: a game of the registry, by name or alias.
        dead: cards known to be out of play (folded, burnt, seen).
        exact: True to enumerate every deal (at most :data:`MAX_EXACT_TUPLES`
            tuples of hands), False to sample; ``None`` (the default)
            enumerates when the estimated time is within ``exact_seconds``
            and no ``samples`` or ``stderr`` is asked for.
        samples: Monte Carlo: the number of deals (default
            :data:`DEFAULT_SAMPLES` when no other rule is given), or the most
            deals when ``stderr`` or ``seconds`` is given.
        stderr: Monte Carlo: stop when every player's equity has a standard
            error below this (alone, at most :data:`STDERR_MAX_SAMPLES` deals).
        seconds: the time budget of the whole call, reading the ranges
            included: sampling stops there (overshooting it by a few
            milliseconds at most) and reports what it has; reading the ranges
            or an exact enumeration that passes it is a ``BudgetError``.
        seed: Monte Carlo: the seed; ``None`` draws one (see
            :attr:`EquityResult.seed`).
        workers: local threads, at least 1 (default: every core).
        client: a ``dask.distributed.Client`` to run the chunks on.
        scheduler: a Dask scheduler address (``'tcp://host:8786'``), instead
            of ``client``.
        progress: called with the fraction done, from the calling thread.
        exact_seconds: the time budget of the automatic choice: enumerate when
            the estimate (the work shared by the workers) is below it
            (default :data:`EXACT_SECONDS`; ``seconds``, when that is the only
            stopping rule given).

    >>> result = equity(["AhKh", "QQ"], "Qh 7h 2c")
    >>> result.exact, [round(e, 3) for e in result.equities]
    (True, [0.256, 0.744])
    >>> equity(["AhKh", "AcKc"], samples=200_000, seed=7).exact
    False

    Raises:
        CardParseError: a card cannot be read, or is not in the game's deck.
        RangeParseError: a range token cannot be read.
        DuplicateCardError: a card is used twice, or a range has no hand left.
        CardCountError: too few or too many players or cards.
        UnknownGameError: no such game.
        InvalidArgumentError: a stopping rule, seed or worker count out of range.
        BudgetError: the ranges are over the memory budget
            (:data:`MAX_EQUITY_HANDS`), or ``seconds`` ran out before sampling
            could start or an exact enumeration could finish.
        TypeError: an argument of the wrong type (``samples=1.5``,
            ``seed='x'``, ``hands=None``, ``exact=1``...).
    """
    started = time.perf_counter()
    exact = check_flag("exact", exact, optional=True)
    if samples is not None:
        samples = check_int("samples", samples, minimum=1, maximum=MAX_SAMPLES)
    if stderr is not None:
        stderr = check_real("stderr", stderr, positive=True)
    if seconds is not None:
        seconds = check_real("seconds", seconds, positive=True)
    seed = check_seed(seed)
    if workers is not None:
        workers = check_int("workers", workers, minimum=1, maximum=MAX_WORKERS)
    check_callable("progress", progress)
    if exact_seconds is not None:
        exact_seconds = check_real("exact_seconds", exact_seconds, positive=True)
    if (
        exact is not False
        and samples is None
        and stderr is None
        and seconds is None
        and client is None
        and scheduler is None
        and progress is None
    ):
        spot = quick_exact(
            hands,
            board,
            dead,
            game,
            forced=exact is True,
            budget=(exact_seconds or EXACT_SECONDS) * (workers or _CORES),
        )
        if spot is not None:
            return EquityResult(
                spot.game,
                spot.board,
                spot.dead,
                _quick_players(spot.game, spot.names, spot.totals, spot.deals),
                True,
                spot.deals,
                None,
                "exact",
                time.perf_counter() - started,
            )
    deadline = started + seconds if seconds is not None else None
    problem = _problem(hands, board, dead, game, deadline)
    if deadline is not None and time.perf_counter() > deadline:
        raise BudgetError(f"seconds={seconds}: the time ran out while reading the hands")
    sampling_asked = samples is not None or stderr is not None
    if exact_seconds is None:
        exact_seconds = seconds if seconds is not None else EXACT_SECONDS
    connection: Any = None
    if client is None and scheduler is not None:
        connection = connect(scheduler)
        client = connection
    runner = _Runner(workers, client)
    compiled = engine.c_engine() is not None
    # the reference holds the GIL: local threads do not share its work
    width = runner.width if compiled or client is not None else 1
    try:
        plan = None
        if exact is not False and not (exact is None and sampling_asked):
            plan = _exact_plan(
                problem, forced=exact is True, budget=exact_seconds * width, compiled=compiled
            )
        if plan is not None:
            players, deals = _run_exact(problem, plan, runner, progress, deadline, compiled)
            result = EquityResult(
                problem.game,
                problem.board,
                problem.dead,
                players,
                True,
                deals,
                None,
                "exact",
                time.perf_counter() - started,
            )
        else:
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint32)[0])
            result = _run_sampling(
                problem, runner, samples, stderr, seconds, seed, progress, started
            )
    finally:
        runner.close()
        if connection is not None:
            connection.close()
    return result


@dataclass(frozen=True, slots=True)
class _Plan:
    tuples: npt.NDArray[np.int64]
    weights: npt.NDArray[np.float64]
    boards: int


def _exact_plan(
    problem: _Problem, *, forced: bool, budget: float = EXACT_SECONDS, compiled: bool = True
) -> _Plan | None:
    """The representative tuples to enumerate, or None when sampling is the better way
    (the work estimated for the compiled core, or with ``compiled=False`` the reference)."""
    counts = []
    for seat, hand_range in enumerate(problem.ranges, start=1):
        counts.append(hand_range.combo_count())
        if hand_range.is_open and counts[-1] > (_MAX_LISTED if forced else _MAX_OPEN_COMBOS):
            if not forced:
                return None
            raise BudgetError(
                f"player {seat}: exact enumeration would list {counts[-1]:,} hands for "
                f"{format_range(hand_range)!r}; sample instead"
            )
    upper = math.prod(counts)
    free = bin(problem.deck_mask).count("1") - sum(problem.game.hole_cards for _ in problem.ranges)
    boards = math.comb(free, problem.missing)
    per_deal = per_deal_seconds(
        problem.game, problem.method, len(problem.ranges), compiled=compiled
    )
    symmetries = len(_symmetries(problem))
    if not forced and upper / symmetries * boards * per_deal > budget:
        return None
    if forced and upper > _MAX_FORCED_TUPLES:
        raise BudgetError.of(
            "exact enumeration of {count} tuples of hands is too large (the limit is {most}): "
            "narrow the ranges, or sample instead",
            count=f"{upper:,}",
            most=f"{MAX_EXACT_TUPLES:,}",
        )
    listed = _tuples(problem, limit=_MAX_FORCED_TUPLES if forced else _MAX_TUPLES)
    if listed is None:
        if forced:
            raise BudgetError(
                f"exact enumeration of up to {upper:,} tuples of hands is over the memory "
                f"budget of {MAX_TUPLE_BYTES >> 20} MB: sample instead"
            )
        return None
    codes, weight = listed
    if len(codes) == 0:
        raise DuplicateCardError("the players' ranges share cards in every combination")
    codes, weight = _canonical(codes, weight, problem)
    if not forced and len(codes) * boards * per_deal > budget:
        return None
    return _Plan(codes, weight, boards)


def _run_exact(
    problem: _Problem,
    plan: _Plan,
    runner: _Runner,
    progress: Callable[[float], None] | None,
    deadline: float | None = None,
    compiled: bool = True,
) -> tuple[tuple[PlayerEquity, ...], float]:
    n = len(plan.tuples)
    watched = deadline is not None or progress is not None  # finer pieces: checked often
    pieces = max(1, min(n, runner.width * (64 if watched else 4)))
    players = len(problem.ranges)
    work = n * plan.boards * per_deal_seconds(problem.game, problem.method, players)
    if work < _SMALL_WORK and runner.client is None:
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
    for i, counts in enumerate(run(_exact_task, tasks), start=1):
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
    return _players(problem.game, problem.names, weighted, deals, None), deals


_QUICK_PLAYERS: dict[tuple[object, ...], tuple[PlayerEquity, ...]] = {}
_QUICK_KEPT: Final = 4096


def _quick_players(
    game: Game, names: tuple[str, ...], totals: npt.NDArray[np.float64], deals: float
) -> tuple[PlayerEquity, ...]:
    """:func:`_players` of an exact count, the same values given back when the same
    hands of the same game got the same counts before (the values are immutable)."""
    key = (game.name, names, deals, totals.tobytes())
    found = _QUICK_PLAYERS.get(key)
    if found is None:
        if len(_QUICK_PLAYERS) >= _QUICK_KEPT:
            _QUICK_PLAYERS.clear()
        found = _QUICK_PLAYERS[key] = _players(game, names, totals, deals, None)
    return found


def _players(
    game: Game,
    names: tuple[str, ...],
    weighted: npt.NDArray[np.float64],
    deals: float,
    squares: npt.NDArray[np.float64] | None,
) -> tuple[PlayerEquity, ...]:
    split = game.split_pot
    rows = weighted.tolist()  # Python floats: the same arithmetic, without NumPy scalars
    square_list = squares.tolist() if squares is not None else None
    players = []
    for p, name in enumerate(names):
        row = rows[p]
        wins, ties = row[_WIN], row[_TIE]
        mean = row[_SHARE] / _POT / deals
        error = 0.0
        if square_list is not None:
            variance = max(0.0, square_list[p] / _POT**2 / deals - mean * mean)
            error = math.sqrt(variance / deals)
        players.append(
            PlayerEquity(
                name,
                mean,
                wins / deals,
                ties / deals,
                wins,
                ties,
                deals - wins - ties,
                row[_HIGH] / _POT / deals if split else None,
                row[_LOW] / _POT / deals if split else None,
                error,
            )
        )
    return tuple(players)


def _run_sampling(
    problem: _Problem,
    runner: _Runner,
    samples: int | None,
    stderr: float | None,
    seconds: float | None,
    seed: int,
    progress: Callable[[float], None] | None,
    started: float,
) -> EquityResult:
    compiled = engine.c_engine() is not None
    sampler = _sampler(problem, compiled=compiled)
    if samples is None and seconds is None:
        samples = STDERR_MAX_SAMPLES if stderr is not None else DEFAULT_SAMPLES
    limit = samples if samples is not None else 1 << 62
    size = _chunk_size(problem, compiled=compiled)
    players = len(problem.ranges)
    total = np.zeros((players, 6), dtype=np.int64)
    done = 0
    index = 0
    stopped_by = "samples"
    deadline = started + seconds if seconds is not None else None

    def chunk(i: int) -> tuple[_Sampler, np.uint64, int]:
        return sampler, _chunk_seed(seed, i), min(size, limit - i * size)

    chunks = math.ceil(limit / size)
    if runner.client is None:
        # the core runs waves of chunks on threads of its own, with no Python between
        # chunks; the reference, one chunk after another here (it holds the GIL). The
        # results are read in order, so a stderr stop is the same whatever the timing.
        stream = (
            _chunk_waves(
                chunk,
                chunks,
                runner.workers,
                stops=stderr is not None or seconds is not None,
                reports=progress is not None,
            )
            if compiled
            else (_sample_task(chunk(i)) for i in range(chunks))
        )
        try:
            for counts, deals, tries in stream:
                _check_deals(deals, tries)
                total += counts
                done += deals
                if stderr is not None and _worst_error(total, done) <= stderr:
                    stopped_by = "stderr"
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    stopped_by = "seconds"
                    break
                _progress(progress, done, samples, seconds, started)
        finally:
            stream.close()
    else:
        finished = False
        wave_seconds = 0.0
        while not finished and index * size < limit:
            now = time.perf_counter()
            if deadline is not None and done and now + wave_seconds / 2 > deadline:
                stopped_by = "seconds"  # the next wave would end well past the deadline
                break
            wave = min(runner.width, chunks - index)
            tasks = [chunk(index + k) for k in range(wave)]
            for counts, deals, tries in runner.map(_sample_task, tasks):
                index += 1
                _check_deals(deals, tries)
                total += counts
                done += deals
                if stderr is not None and _worst_error(total, done) <= stderr:
                    stopped_by, finished = "stderr", True
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    stopped_by, finished = "seconds", True
                    break
            wave_seconds = time.perf_counter() - now
            _progress(progress, done, samples, seconds, started)
    weighted = total.astype(np.float64)
    squares = weighted[:, _SHARE_SQ]
    result_players = _players(problem.game, problem.names, weighted, float(done), squares)
    return EquityResult(
        problem.game,
        problem.board,
        problem.dead,
        result_players,
        False,
        float(done),
        seed,
        stopped_by,
        time.perf_counter() - started,
    )


def _check_deals(deals: int, tries: int) -> None:
    if deals < 0:
        raise DuplicateCardError(
            "the players' ranges almost never fit together without sharing a card "
            f"(fewer than 1 deal in 1,000 tries of {tries:,})"
        )


def _progress(
    progress: Callable[[float], None] | None,
    done: int,
    samples: int | None,
    seconds: float | None,
    started: float,
) -> None:
    if progress is None:
        return
    if samples is not None:
        progress(min(1.0, done / samples))
    elif seconds is not None:
        progress(min(1.0, (time.perf_counter() - started) / seconds))


def _chunk_size(problem: _Problem, *, compiled: bool = True) -> int:
    """Deals per chunk: a power of two whose estimated work is about ``_CHUNK_NS`` (at
    least ``_MIN_CHUNK``: the reference's chunks take longer)."""
    if compiled:
        per_deal = _SAMPLE_NS.get(problem.method, _COST_NS[problem.method]) * len(problem.ranges)
        if problem.method == "omaha":
            per_deal *= math.comb(problem.game.hole_cards, 2) * 10
    else:
        players = len(problem.ranges)
        per_deal = per_deal_seconds(problem.game, problem.method, players, compiled=False) * 1e9
    size = CHUNK
    while size > _MIN_CHUNK and size * per_deal > _CHUNK_NS:
        size //= 2
    return size


def _worst_error(total: npt.NDArray[np.int64], done: int) -> float:
    if done < 2:
        return math.inf
    mean = total[:, _SHARE] / _POT / done
    variance = np.maximum(0.0, total[:, _SHARE_SQ] / _POT**2 / done - mean * mean)
    return float(np.sqrt(variance / done).max())


# -- matrices -------------------------------------------------------------------------------

MATRIX_SAMPLES: Final = 50_000
"""Deals sampled per cell of :func:`equity_matrix` unless told otherwise."""


@dataclass(frozen=True, slots=True, eq=False)
class EquityMatrix:
    """Heads-up equity of each row hand or range against each column one.

    Attributes:
        game: the game.
        board: the known board cards.
        dead: the dead cards.
        rows: the row hands or ranges (by default the 169 Hold'em classes).
        columns: the column hands or ranges.
        values: ``(rows, columns)``: the row's equity against the column;
            NaN where the two share a card in every deal.
        exact: True when every cell was enumerated.
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    values: npt.NDArray[np.float64]
    exact: bool

    def records(self) -> list[dict[str, Any]]:
        """One ``{'hand', 'against', 'equity'}`` dict per cell, row by row."""
        return [
            {"hand": row, "against": column, "equity": float(self.values[i, j])}
            for i, row in enumerate(self.rows)
            for j, column in enumerate(self.columns)
        ]

    def grid(self, column: int = 0) -> npt.NDArray[np.float64]:
        """The 13 x 13 grid (as :data:`showdown.ranges.CLASS_GRID`) of one column.

        Raises:
            ShowdownError: the rows are not the 169 Hold'em classes.
        """
        if self.rows != HAND_CLASSES:
            raise ShowdownError("a 13 x 13 grid needs the 169 Hold'em classes as rows")
        index = {name: i for i, name in enumerate(self.rows)}
        return np.array(
            [[self.values[index[name], column] for name in line] for line in CLASS_GRID]
        )


def _cell_seed(seed: int, i: int, j: int) -> int:
    return int(np.random.SeedSequence([seed, i, j]).generate_state(1, dtype=np.uint32)[0])


def _matrix_task(task: tuple[Any, ...]) -> list[tuple[int, int, float, bool]]:
    """Cells of a matrix: ``(i, j, equity, exact)`` each (top-level, for Dask workers)."""
    game_name, board, dead, exact, samples, seed, cells = task
    results = []
    for i, j, row, column in cells:
        try:
            found = equity(
                [row, column],
                board,
                game=game_name,
                dead=dead,
                exact=exact,
                samples=samples,
                seed=_cell_seed(seed, i, j),
                workers=1,
            )
        except DuplicateCardError:
            results.append((i, j, math.nan, True))
            continue
        results.append((i, j, found.players[0].equity, found.exact))
    return results


def equity_matrix(
    rows: Sequence[str] | None = None,
    columns: Sequence[str] | str | None = None,
    *,
    board: CardsLike | None = None,
    game: str | Game = "holdem",
    dead: CardsLike | None = None,
    exact: bool | None = False,
    samples: int = MATRIX_SAMPLES,
    seed: int = 0,
    workers: int | None = None,
    client: Client | None = None,
    scheduler: str | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityMatrix:
    """Heads-up equity of every row hand or range against every column one.

    By default the rows are the 169 Hold'em classes and the columns the
    same classes (class against class); give ``columns='QQ+, AKs'`` for the
    169 classes against one range. Each cell is an :func:`equity` run of its
    own, sampled (``samples`` deals, a seed of its own derived from ``seed``)
    unless ``exact`` is True (or None: exact when tractable). When the rows
    are the columns, only one triangle is computed and the other is its
    complement. Cells are spread over local threads or a Dask cluster; the
    numbers do not depend on how.

    >>> m = equity_matrix(["AA", "KK"], "QQ", samples=20_000, seed=1)
    >>> m.values.shape, [round(float(v), 1) for v in m.values[:, 0]]
    ((2, 1), [0.8, 0.8])

    Raises:
        ShowdownError: the errors of :func:`equity`, for the first cell that has one.
        CardCountError: no rows or no columns.
    """
    found = get_game(game)
    check_flag("exact", exact, optional=True)
    samples = check_int("samples", samples, minimum=1, maximum=MAX_SAMPLES)
    seed = check_int("seed", seed, minimum=0, maximum=MAX_SEED)
    if workers is not None:
        workers = check_int("workers", workers, minimum=1, maximum=MAX_WORKERS)
    check_callable("progress", progress)
    for name, given in (("rows", rows), ("columns", columns)):
        if given is not None and (
            isinstance(given, bytes)
            or (name == "rows" and isinstance(given, str))
            or not isinstance(given, Sequence)
        ):
            raise TypeError(
                f"{name} must be a list of hands or ranges, got {describe_value(given)}"
            )
    row_list = tuple(rows) if rows is not None else HAND_CLASSES
    if columns is None:
        column_list = row_list
    elif isinstance(columns, str):
        column_list = (columns,)
    else:
        column_list = tuple(columns)
    if not row_list or not column_list:
        raise CardCountError("equity_matrix needs at least one row and one column")
    symmetric = row_list == column_list
    shared = parse_cards(board) if board is not None else ()
    out = parse_cards(dead) if dead is not None else ()
    cells = [
        (i, j, row, column)
        for i, row in enumerate(row_list)
        for j, column in enumerate(column_list)
        if not symmetric or i <= j
    ]
    # check the inputs once, on the first cell, to fail fast with a clear error
    with contextlib.suppress(DuplicateCardError):  # such a cell is NaN
        _problem([row_list[0], column_list[0]], shared, out, found)
    connection: Any = None
    if client is None and scheduler is not None:
        connection = connect(scheduler)
        client = connection
    runner = _Runner(workers, client)
    per_task = max(1, min(64, len(cells) // (runner.width * 8) or 1))
    tasks = [
        (found.name, shared, out, exact, samples, seed, cells[k : k + per_task])
        for k in range(0, len(cells), per_task)
    ]
    values = np.full((len(row_list), len(column_list)), math.nan)
    all_exact = True
    try:
        for done, results in enumerate(runner.map(_matrix_task, tasks), start=1):
            for i, j, value, was_exact in results:
                values[i, j] = value
                if symmetric and i != j:
                    values[j, i] = 1.0 - value
                all_exact = all_exact and was_exact
            if progress is not None:
                progress(done / len(tasks))
    finally:
        runner.close()
        if connection is not None:
            connection.close()
    return EquityMatrix(found, shared, out, row_list, column_list, values, all_exact)


class _CallableModule(ModuleType):
    """This module, callable as its :func:`equity`.

    ``showdown.equity`` names both the function (``from showdown import equity``)
    and this module; importing the module makes the package's attribute the
    module, so a later ``from showdown import equity`` would get the module. Called,
    it is the function, whichever a program holds.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> EquityResult:
        return equity(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
