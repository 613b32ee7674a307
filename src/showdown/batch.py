"""Batch evaluation: the strengths of many hands at once, and a fast one-hand path.

:func:`evaluate_many` values every row of an ``(n, k)`` array of card codes
(the encoding of :mod:`showdown.cards`: ``code = 4 * rank_index + suit_index``)
under a ranking or a game and returns, per row, exactly the ``strength`` that
:func:`showdown.evaluate` (or :func:`showdown.games.evaluate_game`) gives the
same cards: 1 for the weakest class of the ranking, greater is stronger.
The work is done over tables built from the same rule tables: by the C
extension's scorers (:func:`scorer`, ``showdown._ceval.rows``: the C loop runs
without the GIL, over threads for many rows) where the install built it, else
by compiled numba kernels (:mod:`showdown._kernels`) on every core. numba is
imported only when its kernels run, never by ``import showdown``; the thread
count is numba's either way (``numba.set_num_threads``, ``NUMBA_NUM_THREADS``).

>>> import numpy as np
>>> from showdown import evaluate
>>> hands = np.array([[51, 47, 43, 39, 35], [0, 5, 10, 15, 21]])  # royal flush; 7-5-4-3-2
>>> evaluate_many(hands).tolist()
[7462, 1]
>>> evaluate_many(["Ks 2d Kc Td Kh Ts 3c"]).tolist() == [evaluate("Ks 2d Kc Td Kh Ts 3c").strength]
True

Games with a high and a low half give two columns, high then low, where ``0``
means *no qualifying low* (the readable API's ``None``):

>>> evaluate_many(["Ah 2h Ks Kd 3c 4d 8s Kh 9c"], game="omaha8").tolist()
[[5749, 35]]
>>> best_cards_many(["Ah 2h Ks Kd 3c 4d 8s Kh 9c"], game="omaha8").tolist()
[[[2, 3, 6, 7, 8], [0, 1, 4, 5, 6]]]

Layouts of a row: the cards of one hand, in any order; for games with a
board, the hole cards first and then the board (``hole_cards`` plus any
board size on which the game values a hand, :attr:`~showdown.games.Game.hand_boards`:
2 + 3, 4 or 5 in Hold'em; Courchevel's lone first board card is not one).

Sentinels: ``0`` is "no value" (an eight-or-better hand that does not
qualify); :func:`best_cards_many` pads with ``-1``.
"""

from __future__ import annotations

import operator
import os
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from math import comb
from types import BuiltinFunctionType
from typing import Any, Final, NoReturn, TypeAlias, TypeVar, overload

import numpy as np
import numpy.typing as npt

from showdown import _scorer
from showdown._kernels.tables import FLUSH_BITS as _FLUSH
from showdown._kernels.tables import KEY_START as _START
from showdown._kernels.tables import RANK_KEY_MASK as _RANKS
from showdown._kernels.tables import ScalarTables as _ScalarTables
from showdown._kernels.tables import deck_mask as _deck_mask
from showdown._kernels.tables import flush_decides as _flush_decides
from showdown._validate import check_callable, check_int, describe_value
from showdown.cards import Card, CardsLike, parse_card, parse_cards
from showdown.errors import (
    CardCountError,
    CardParseError,
    DuplicateCardError,
    InvalidArrayError,
    ShowdownError,
)
from showdown.games import Game, get_game
from showdown.rules import HIGH, Category, Formation, RuleSet, get_ranking
from showdown.tables import get_table

__all__ = [
    "Census",
    "CensusRow",
    "CodeArray",
    "HandRows",
    "best_cards_many",
    "census",
    "census_sizes",
    "evaluate_many",
    "scorer",
    "strength",
    "strength7",
    "to_code_array",
]

CodeArray: TypeAlias = npt.NDArray[np.integer]
"""An ``(n, k)`` array of card codes, one hand per row."""

HandRows: TypeAlias = "CodeArray | Sequence[CardsLike] | Sequence[Sequence[int]]"
"""Hands for the batch functions: a code array, or rows of cards (texts,
cards or codes) that are converted once."""

_T = TypeVar("_T")

_KERNELS: Final = threading.RLock()
"""Held while a parallel kernel runs: numba's ``workqueue`` thread pool (its fallback
without OpenMP or TBB) aborts the process when two threads enter it at once, as a
threaded web server could."""

SERIAL_ROWS: Final = 2048
"""Up to this many rows, the serial kernels (:mod:`showdown._kernels.single`) run
instead of the parallel ones: starting the threads costs more than the work."""

# ----------------------------------------------------------------- conversion


def to_code_array(cards: HandRows) -> CodeArray:
    """The hands as a 2-D integer array of card codes (converted once, not checked).

    An integer array is returned as it is (made contiguous); rows of texts,
    cards or codes are parsed row by row.

    >>> to_code_array(["As Kd Qh Jc Ts", ["2c", 1, Card("2h"), "2s", "3c"]]).tolist()
    [[51, 45, 42, 36, 35], [0, 1, 2, 3, 4]]

    Raises:
        TypeError: not an array or a list of rows, or a row item that is not
            a card, a text or an integer code (a bool, a float: the message
            names the row).
        InvalidArrayError: not two-dimensional, not integers (an array's
            dtype is part of its value), a code out of range, or rows of
            different lengths (the message names the first bad row).
        CardParseError: a card of a row cannot be read (the message names the row).
    """
    if isinstance(cards, np.ndarray) and cards.dtype.kind in "iu":
        return _two_dimensional(cards)
    if isinstance(cards, np.ndarray) and cards.dtype.kind not in "OUS":
        raise InvalidArrayError(f"card codes must be integers, got an array of dtype {cards.dtype}")
    if isinstance(cards, str):
        raise InvalidArrayError(
            "expected rows of hands, got one text: wrap a single hand in a list"
        )
    if not isinstance(cards, np.ndarray):
        if isinstance(cards, bytes | bytearray) or not isinstance(cards, Iterable):
            raise TypeError(
                f"cards must be an array or a list of hands, got {describe_value(cards)}"
            )
        try:
            array = np.asarray(cards)
        except (ValueError, OverflowError):  # ragged rows, huge numbers: read row by row
            array = np.zeros(0, np.float64)
        if array.dtype.kind in "iu" and array.ndim == 2 and not _has_bools(cards):
            return np.ascontiguousarray(array)
    rows: list[list[int]] = []
    for index, row in enumerate(cards):
        try:
            rows.append(_row_codes(row))
        except (ShowdownError, TypeError) as error:
            raise type(error)(f"row {index}: {error}") from None
    lengths = {len(row) for row in rows}
    if len(lengths) > 1:
        first = next(i for i, row in enumerate(rows) if len(row) != len(rows[0]))
        raise InvalidArrayError(
            f"row {first}: has {len(rows[first])} cards where row 0 has {len(rows[0])}; "
            "every row must hold the same number of cards"
        )
    width = lengths.pop() if lengths else 0
    return np.array(rows, dtype=np.int64).reshape(len(rows), width)


def _has_bools(rows: Iterable[object]) -> bool:
    """True when a row holds a bool, which NumPy would quietly read as 0 or 1."""
    for row in rows:
        if isinstance(row, np.ndarray):
            if row.dtype.kind == "b":
                return True
        elif isinstance(row, Iterable) and any(isinstance(item, bool | np.bool_) for item in row):
            return True
    return False


def _row_codes(row: object) -> list[int]:
    if isinstance(row, str):
        return [card.code for card in parse_cards(row, allow_duplicates=True)]
    if isinstance(row, np.ndarray) and row.dtype.kind in "iu":
        return [int(code) for code in row.tolist()]
    if isinstance(row, bytes | bytearray) or not isinstance(row, Iterable):
        raise TypeError(f"a hand must be a text or a list of cards, got {describe_value(row)}")
    codes: list[int] = []
    for column, item in enumerate(row):
        if isinstance(item, Card):
            codes.append(item.code)
        elif isinstance(item, str):
            codes.append(parse_card(item).code)
        elif isinstance(item, int | np.integer) and not isinstance(item, bool):
            code = int(item)
            if not 0 <= code < 52:
                raise InvalidArrayError(f"card code {_short_int(code)} is out of range 0..51")
            codes.append(code)
        else:
            raise TypeError(
                f"cards[{column}] must be a Card, a card text or a code 0..51, "
                f"got {describe_value(item)}"
            )
    return codes


def _short_int(number: int) -> str:
    return str(number) if number.bit_length() < 200 else f"of {len(str(number))} digits"


def _two_dimensional(cards: CodeArray) -> CodeArray:
    if cards.ndim != 2:
        raise InvalidArrayError(
            f"expected a 2-D array with one hand per row, got shape {cards.shape}"
        )
    return np.ascontiguousarray(cards)


def _check_codes(cards: CodeArray, allowed: int, deck_name: str) -> None:
    """Raise on the first row with a code out of range, outside the deck, or repeated."""
    if cards.size == 0:
        return
    if len(cards) <= SERIAL_ROWS:
        from showdown._kernels.single import first_bad_row
    else:
        from showdown._kernels.evaluate import first_bad_row

    row = first_bad_row(cards, allowed)
    if row >= 0:
        _raise_for_row(cards, row, allowed, deck_name)


def _canonical(cards: CodeArray, allowed: int, deck_name: str) -> CodeArray:
    """The codes as ``int8``, the one dtype every kernel is compiled (and cached) for.

    Any other integer dtype would make numba compile each kernel again at a
    user's first call. Codes out of 0..51 are refused first (they would wrap).
    """
    if cards.dtype == np.int8 or cards.size == 0:
        return cards.astype(np.int8, copy=False)
    outside = (cards < 0) | (cards > 51)
    if outside.any():
        row = int(outside.any(axis=1).argmax())
        _check_codes(cards[:row].astype(np.int8), allowed, deck_name)  # an earlier bad row first
        _raise_for_row(cards, row, allowed, deck_name)
    return cards.astype(np.int8)


def _raise_for_row(cards: CodeArray, row: int, allowed: int, deck_name: str) -> NoReturn:
    """Raise the error of the first bad code of ``row``."""
    codes = [int(code) for code in cards[row].tolist()]
    seen: set[int] = set()
    for code in codes:
        if not 0 <= code < 52:
            raise InvalidArrayError(
                f"row {row}: card code {code} is out of range 0..51 (row {codes})"
            )
        if not (allowed >> code) & 1:
            raise InvalidArrayError(
                f"row {row}: card {Card.from_code(code)} (code {code}) is not in the "
                f"{deck_name} deck (row {codes})"
            )
        if code in seen:
            raise InvalidArrayError(
                f"row {row}: card {Card.from_code(code)} (code {code}) appears twice (row {codes})"
            )
        seen.add(code)
    raise AssertionError("unreachable: the kernel flagged a valid row")  # pragma: no cover


# ----------------------------------------------------------------- plans


@dataclass(frozen=True, slots=True)
class _Plan:
    """How one ranking's column is computed: which kernel, on which subsets."""

    rules: RuleSet
    kernel: str  # "keyed", "fives", "omaha", "badugi"
    fives: tuple[tuple[int, ...], ...] = ()
    n_hole: int = 0


def _ranking_plan(rules: RuleSet, width: int, what: str) -> _Plan:
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        if width != rules.hand_size:
            raise CardCountError(
                f"row 0: {what} takes exactly {rules.hand_size} cards per row, got {width}"
            )
        return _Plan(rules, "badugi")
    if width < rules.hand_size:
        raise CardCountError(
            f"row 0: {what} needs at least {rules.hand_size} cards per row, got {width}"
        )
    if width <= 7 and (width == 5 or not rules.flushes or _flush_decides(rules)):
        return _Plan(rules, "keyed")
    return _Plan(rules, "fives", tuple(combinations(range(width), rules.hand_size)))


def _game_plans(found: Game, width: int) -> tuple[_Plan, ...]:
    sizes = [found.hole_cards + board for board in (found.hand_boards or (0,))]
    if width not in sizes:
        if found.has_board:
            boards = " or ".join(str(board) for board in found.hand_boards)
            wanted = (
                f"{found.hole_cards} hole cards then {boards} board cards "
                f"({' or '.join(str(size) for size in sizes)} per row)"
            )
        else:
            wanted = f"{found.hole_cards} cards per row"
        raise CardCountError(f"row 0: {found.name} needs {wanted}, got {width}")
    plans: list[_Plan] = []
    for rules in found.rankings:
        if found.hole_used is None:
            plans.append(_ranking_plan(rules, width, found.name))
            continue
        from_board = rules.hand_size - found.hole_used
        fives = tuple(
            (*two, *three)
            for two, three in product(
                combinations(range(found.hole_cards), found.hole_used),
                combinations(range(found.hole_cards, width), from_board),
            )
        )
        kernel = "omaha" if found.hole_used == 2 and rules.hand_size == 5 else "fives"
        plans.append(_Plan(rules, kernel, fives, found.hole_cards))
    return tuple(plans)


@dataclass(frozen=True, slots=True, eq=False)
class _Input:
    """The rows as read (``int8``, codes not yet checked) and how to value them.

    ``entry`` is the C scorer (:func:`scorer`) when the C extension values
    these rows (:func:`_c_entry`), else None: the numba kernels of ``plans``.
    For the C path, an integer array goes to the C loop as it is (it reads
    every integer size and refuses a code outside 0..51 itself), so ``array``
    is not always ``int8``; ``given`` keeps the rows as given, for the error
    messages.
    """

    array: CodeArray
    plans: tuple[_Plan, ...]
    allowed: int
    deck_name: str
    entry: Callable[[Sequence[int]], Any] | None
    given: CodeArray


def _read(
    cards: HandRows,
    ranking: str | RuleSet | None,
    game: str | Game | None,
    *,
    compiled: bool = True,
) -> _Input:
    """The rows as ``int8`` codes (not yet checked: each path checks them), their plans and
    C entry (none with ``compiled=False``: the numba kernels')."""
    if ranking is not None and game is not None:
        raise TypeError("give a ranking or a game, not both")
    array = to_code_array(cards)
    width = array.shape[1]
    source: RuleSet | Game
    if game is not None:
        source = found = get_game(game)
        if array.shape == (0, 0):  # no rows at all: any width would do
            width = found.hole_cards + found.full_board
        plans = _game_plans(found, width)
        deck_name = found.name
    else:
        source = rules = get_ranking(HIGH if ranking is None else ranking)
        if array.shape == (0, 0):
            width = rules.hand_size
        plans = (_ranking_plan(rules, width, rules.name),)
        deck_name = rules.name
    allowed = _deck_mask(plan.rules for plan in plans)
    entry = _c_entry(source, width) if compiled else None
    if entry is not None and array.dtype.itemsize in (1, 2, 4, 8):  # no pass over the rows:
        return _Input(array, plans, allowed, deck_name, entry, array)  # the C loop checks
    array = _canonical(array, allowed, deck_name)
    return _Input(array, plans, allowed, deck_name, entry, array)


def _c_entry(source: RuleSet | Game, width: int) -> Callable[[Sequence[int]], Any] | None:
    """The C scorer that values rows of ``width`` codes of ``source``, or None (numba's turn).

    None without the extension (or with ``SHOWDOWN_CEVAL=off``), and for rows
    wider than its entries take (more than sixteen codes).
    """
    if _scorer.extension() is None:
        return None
    entry: Callable[[Sequence[int]], Any]
    if isinstance(source, Game):
        if width not in _scorer.game_sizes(source):
            return None
        entry = _game_scorer(source)
    else:
        if width not in _scorer.ranking_sizes(source):
            return None
        entry = _ranking_scorer(source)
    return entry if isinstance(entry, BuiltinFunctionType) else None


C_PARALLEL_ROWS: Final = 65_536
"""From this many rows, the C path splits the rows over threads (one more thread for each
half of this many rows, up to :func:`_thread_count`): threads that the C code keeps
between calls (or starts for the call while another call uses them), which take pieces
of the rows in turn without the GIL."""


C_MAX_THREADS: Final = 64
"""The most threads one call of the C path starts (``_ceval.rows`` takes no more)."""


def _thread_count() -> int:
    """The threads the batch functions use: numba's setting, read without importing numba.

    ``numba.set_num_threads`` (in the calling thread) when numba is imported,
    else ``NUMBA_NUM_THREADS``, else every core this process may run on --
    the numba kernels' own choice, so one knob sets both paths.
    """
    numba = sys.modules.get("numba")
    if numba is not None and hasattr(numba, "get_num_threads"):
        return max(1, int(numba.get_num_threads()))
    configured = os.environ.get("NUMBA_NUM_THREADS", "").strip()
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without affinity
        return max(1, os.cpu_count() or 1)


_POOL_LOCK: Final = threading.Lock()
_POOL: list[tuple[int, int, ThreadPoolExecutor]] = []
"""The C path's threads: (process id, workers, pool); a forked child makes its own."""


def _pool(workers: int) -> ThreadPoolExecutor:
    """A persistent pool of at least ``workers`` threads (made on first use)."""
    with _POOL_LOCK:
        if _POOL and _POOL[0][0] == os.getpid() and _POOL[0][1] >= workers:
            return _POOL[0][2]
        if _POOL and _POOL[0][0] == os.getpid():
            _POOL[0][2].shutdown(wait=False)
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="showdown-batch")
        _POOL[:] = [(os.getpid(), workers, pool)]
        return pool


def _c_rows(
    given: _Input,
    entry: Callable[[Sequence[int]], Any],
    out: npt.NDArray[Any],
    *,
    best: bool = False,
) -> None:
    """Value ``given``'s rows into ``out`` with its C ``entry`` (``_ceval.rows``; with
    ``best``, the cards that play: ``_ceval.best_rows``), on :func:`_thread_count`
    threads for many rows (started by the C code, without the GIL); raise on the first
    bad row."""
    from showdown import _ceval

    run = _ceval.best_rows if best else _ceval.rows
    n = len(given.array)
    threads = min(_thread_count(), C_MAX_THREADS, max(1, n // (C_PARALLEL_ROWS // 2)))
    bad = int(run(entry, given.array, out, threads))
    if bad >= 0:
        _raise_for_row(given.given, bad, given.allowed, given.deck_name)


# ----------------------------------------------------------------- public API


def evaluate_many(
    cards: HandRows,
    *,
    ranking: str | RuleSet | None = None,
    game: str | Game | None = None,
) -> npt.NDArray[np.int32]:
    """The strength of every row, as :func:`showdown.evaluate` gives it.

    With ``ranking`` (default ``'high'``) each row is one hand of five or more
    cards (Badugi: four), best five of them. With ``game`` each row is a
    player's hole cards then the board, formed as the game says (Omaha's
    exactly two plus three, inside the kernel).

    >>> evaluate_many([[48, 49, 50, 0, 4, 8, 12]], ranking="razz").tolist()  # AAA2345: a wheel
    [6175]
    >>> evaluate_many(["7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c"], game="2-7").tolist()  # the best two
    [7462, 7461]

    Returns:
        ``(n,)`` ``int32`` strengths; for a game with a high and a low half,
        ``(n, 2)``: column 0 high, column 1 low, ``0`` where no low qualifies.

    Raises:
        InvalidArrayError: not a 2-D integer array, or a row with a code out
            of 0..51, outside the ranking's deck, or repeated (the message
            names the first such row).
        CardCountError: rows of the wrong length for the ranking or game.
        CardParseError: a card text cannot be read (rows given as text).
        UnknownRankingError, UnknownGameError: no such ranking or game.
        TypeError: both a ranking and a game.
    """
    return _values(_read(cards, ranking, game))


def _numba_evaluate_many(
    cards: HandRows,
    *,
    ranking: str | RuleSet | None = None,
    game: str | Game | None = None,
) -> npt.NDArray[np.int32]:
    """:func:`evaluate_many` on the numba kernels, even where the C path would run.

    For the warm-up (:mod:`showdown.warmup` compiles these kernels for an
    install run with ``SHOWDOWN_CEVAL=off``) and for the tests that compare
    the two paths.

    >>> _numba_evaluate_many([[51, 47, 43, 39, 35]]).tolist()
    [7462]

    Raises:
        ShowdownError: the errors of :func:`evaluate_many`, for the same input.
    """
    return _values(_read(cards, ranking, game, compiled=False))


def _values(given: _Input) -> npt.NDArray[np.int32]:
    out = np.empty((len(given.array), len(given.plans)), np.int32)
    if given.entry is not None:
        if len(given.array):
            _c_rows(given, given.entry, out)
    else:
        with _KERNELS:
            if len(given.array):
                _check_codes(given.array, given.allowed, given.deck_name)
                for column, plan in enumerate(given.plans):
                    _run(plan, given.array, out, column)
    return out[:, 0] if len(given.plans) == 1 else out


def best_cards_many(
    cards: HandRows,
    *,
    ranking: str | RuleSet | None = None,
    game: str | Game | None = None,
) -> npt.NDArray[np.int8]:
    """The columns of the cards that play, in each row, as the readable evaluator picks them.

    >>> best_cards_many(["2c Ks Kd 9h 3c Kh Ts"]).tolist()  # K K K T 9
    [[1, 2, 3, 5, 6]]
    >>> best_cards_many(["Kd Kh 2s 2c"], ranking="badugi").tolist()  # K-2 counts
    [[1, 2, -1, -1]]

    Returns:
        ``(n, 5)`` ``int8`` column indexes in increasing order (``(n, 4)`` for
        Badugi, padded with ``-1``); for a game with a high and a low half,
        ``(n, 2, 5)``, all ``-1`` where no low qualifies. When several sets of
        cards tie for best, the same one as :func:`showdown.evaluate`.

    Raises:
        ShowdownError: the errors of :func:`evaluate_many`, for the same input.
    """
    return _best(_read(cards, ranking, game))


def _numba_best_cards_many(
    cards: HandRows,
    *,
    ranking: str | RuleSet | None = None,
    game: str | Game | None = None,
) -> npt.NDArray[np.int8]:
    """:func:`best_cards_many` on the numba kernels, even where the C path would run.

    For the warm-up and the tests, as :func:`_numba_evaluate_many`.

    >>> _numba_best_cards_many(["2c Ks Kd 9h 3c Kh Ts"]).tolist()
    [[1, 2, 3, 5, 6]]

    Raises:
        ShowdownError: the errors of :func:`best_cards_many`, for the same input.
    """
    return _best(_read(cards, ranking, game, compiled=False))


def _best(given: _Input) -> npt.NDArray[np.int8]:
    """:func:`best_cards_many` of rows read by :func:`_read`: the C path where it has an entry."""
    if given.entry is not None:
        slots = [plan.rules.hand_size for plan in given.plans]
        out = np.empty((len(given.array), sum(slots)), np.int8)
        if len(given.array):
            _c_rows(given, given.entry, out, best=True)
        if len(slots) == 1:
            return out
        return out.reshape(len(given.array), len(slots), slots[0])
    with _KERNELS:
        array = given.array
        if len(array):
            _check_codes(array, given.allowed, given.deck_name)
        results = [_run_best(plan, array) for plan in given.plans]
    return results[0] if len(given.plans) == 1 else np.stack(results, axis=1)


def _run(plan: _Plan, cards: CodeArray, out: npt.NDArray[np.int32], column: int) -> None:
    from showdown._kernels import evaluate as kernels
    from showdown._kernels.tables import kernel_tables, layout, omaha_tables

    if len(cards) <= SERIAL_ROWS:
        _run_serial(plan, cards, out, column)
        return
    tables = kernel_tables(plan.rules)
    shared = layout()
    if plan.kernel == "badugi":
        kernels.badugi(cards, shared.binomials, tables.badugi_hands, out, column)
    elif plan.kernel == "keyed":
        kernels.keyed(
            cards,
            shared.card_keys,
            shared.offsets,
            tables.ranks,
            tables.flushes,
            tables.use_flush,
            out,
            column,
        )
    elif plan.kernel == "omaha":
        omaha = omaha_tables(plan.rules)
        if plan.rules.qualifier is not None:
            kernels.omaha_low(cards, plan.n_hole, omaha.low_ranks, omaha.lows, out, column)
        else:
            kernels.omaha(
                cards,
                plan.n_hole,
                omaha.card_keys,
                omaha.fives,
                tables.flushes,
                tables.use_flush,
                out,
                column,
            )
    else:
        kernels.best_of_fives(
            cards,
            np.array(plan.fives, np.int8),
            shared.card_keys,
            shared.offsets,
            tables.ranks,
            tables.flushes,
            tables.use_flush,
            out,
            column,
        )


def _run_serial(plan: _Plan, cards: CodeArray, out: npt.NDArray[np.int32], column: int) -> None:
    """:func:`_run` for a few rows: the serial kernels, no thread launch."""
    from showdown._kernels import single
    from showdown._kernels.tables import kernel_tables, layout

    tables = kernel_tables(plan.rules)
    shared = layout()
    if plan.kernel == "badugi":
        single.rows_badugi(cards, shared.binomials, tables.badugi_hands, out, column)
    elif plan.kernel == "keyed":
        single.rows_keyed(
            cards,
            shared.card_keys,
            shared.offsets,
            tables.ranks,
            tables.flushes,
            tables.use_flush,
            out,
            column,
        )
    else:
        single.rows_fives(
            cards,
            _fives_array(plan.fives),
            shared.card_keys,
            shared.offsets,
            tables.ranks,
            tables.flushes,
            tables.use_flush,
            out,
            column,
        )


@cache
def _fives_array(fives: tuple[tuple[int, ...], ...]) -> npt.NDArray[np.int8]:
    return np.array(fives, np.int8)


def _run_best(plan: _Plan, cards: CodeArray) -> npt.NDArray[np.int8]:
    from showdown._kernels import evaluate as kernels
    from showdown._kernels import single
    from showdown._kernels.tables import kernel_tables, layout

    tables = kernel_tables(plan.rules)
    width = cards.shape[1]
    serial = len(cards) <= SERIAL_ROWS
    if plan.kernel == "badugi":
        out = np.full((len(cards), plan.rules.hand_size), -1, np.int8)
        if len(cards):
            run = single.rows_best_badugi if serial else kernels.best_badugi
            run(cards, _badugi_subsets(width), tables.badugi_ranks, out)
        return out
    out = np.full((len(cards), plan.rules.hand_size), -1, np.int8)
    if not len(cards):
        return out
    omaha_rule = plan.kernel == "omaha" or plan.n_hole > 0
    fives = plan.fives if omaha_rule else tuple(combinations(range(width), plan.rules.hand_size))
    shared = layout()
    (single.rows_best_five if serial else kernels.best_fives)(
        cards,
        _fives_array(fives),
        not omaha_rule,
        shared.card_keys,
        shared.offsets,
        tables.ranks,
        tables.flushes,
        tables.use_flush,
        out,
    )
    return out


@cache
def _badugi_subsets(width: int) -> npt.NDArray[np.int8]:
    """Badugi's candidates in the readable order, padded with -1 to four."""
    rows = [
        (*subset, *([-1] * (4 - size)))
        for size in range(min(4, width), 0, -1)
        for subset in combinations(range(width), size)
    ]
    return np.array(rows, np.int8)


# ----------------------------------------------------------------- one hand


def strength7(codes: Sequence[int]) -> int:
    """The high strength of one seven-card hand given as seven card codes; the fastest call.

    Where the install could build the C extension (a C compiler was
    present), this name is a builtin function of ``showdown._ceval``: one C
    call over the tables :mod:`showdown._kernels.tables` derives from the
    rule table, about a tenth of a microsecond. Without it, this Python
    function over the same values, about a microsecond. Either way the same
    number as ``evaluate(cards).strength``; :func:`scorer` gives such a
    call for every ranking and game.

    >>> strength7([51, 47, 43, 39, 35, 0, 1])  # As Ks Qs Js Ts 2c 2d: royal flush
    7462
    >>> from showdown import evaluate
    >>> strength7([44, 46, 45, 33, 34, 1, 8]) == evaluate("Kc Kh Kd Td Th 2d 4c").strength
    True

    Raises:
        CardCountError: not seven codes.
        TypeError: a code that is not an integer (a bool or a float is not a code).
        CardParseError: a code that is not in 0..51.
        DuplicateCardError: a code given twice.
    """
    tables = _SCALAR[0] if _SCALAR else _load_scalar()
    cards = tables.cards
    try:
        a, b, c, d, e, f, g = codes
    except TypeError:
        raise TypeError(
            f"codes must be seven integer card codes, got {describe_value(codes)}"
        ) from None
    except ValueError:
        raise CardCountError(
            f"strength7 needs 7 card codes, got {describe_value(codes, 80).partition(' ')[2]}"
        ) from None
    if (
        type(a) is not int
        or type(b) is not int
        or type(c) is not int
        or type(d) is not int
        or type(e) is not int
        or type(f) is not int
        or type(g) is not int
    ):  # NumPy integers are read as ints; bools, floats and texts are refused
        a, b, c, d, e, f, g = (_code(code, i) for i, code in enumerate((a, b, c, d, e, f, g)))
    try:
        key = _START + cards[a] + cards[b] + cards[c] + cards[d] + cards[e] + cards[f] + cards[g]
    except (KeyError, TypeError):
        bad = next(code for code in codes if code not in cards)
        raise CardParseError(f"{bad!r} is not a card code: codes are 0..51") from None
    if (key >> 64).bit_count() != 7:
        raise DuplicateCardError(f"a card code is given twice in {list(codes)!r}")
    flush = key & _FLUSH
    if flush:
        lane = 64 + 16 * ((flush.bit_length() - 36) >> 2)
        return tables.flushes[(key >> lane) & 0x1FFF]
    return tables.ranks[key & _RANKS]


def _code(code: object, index: int) -> int:
    if not isinstance(code, bool):
        try:
            return operator.index(code)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(f"codes[{index}] must be an integer card code, got {describe_value(code)}")


_strength7_python: Final = strength7
"""The Python :func:`strength7`: the fallback without the C extension, and its error path."""


def _bind_strength7() -> None:
    """Make ``strength7`` the C entry when the extension is there (tables load on its first call).

    Bound through ``globals()`` so that readers of the source (type checkers,
    the documentation) keep seeing the Python function, whose docstring the
    entry carries (doctest runs it against the C path).
    """
    compiled = _scorer.entry(
        "strength7",
        _strength7_python.__doc__ or "",
        _scorer.ranking_loader(get_ranking(HIGH), sizes=(7,)),
        _strength7_python,
    )
    if compiled is not None:
        globals()["strength7"] = compiled


_bind_strength7()


@overload
def scorer(
    *, ranking: str | RuleSet | None = None, game: None = None
) -> Callable[[Sequence[int]], int]: ...


@overload
def scorer(
    *, ranking: None = None, game: str | Game
) -> Callable[[Sequence[int]], tuple[int, ...]]: ...


def scorer(
    *, ranking: str | RuleSet | None = None, game: str | Game | None = None
) -> Callable[[Sequence[int]], int] | Callable[[Sequence[int]], tuple[int, ...]]:
    """A function valuing one hand of card codes per call, for a ranking or a game.

    ``scorer(ranking=r)(codes) == strength(codes, ranking=r)`` and
    ``scorer(game=g)(codes) == strength(codes, game=g)``, with the same
    errors; what it saves is resolving the ranking or game on each call.
    Where the install built the C extension, the function is a builtin of
    ``showdown._ceval`` (one C call over showdown's own tables, loaded on its
    first call); without it, the compiled serial kernels of :func:`strength`.
    The same function is returned for the same ranking or game.

    A ranking's function takes five to sixteen codes (Badugi: four) and
    returns one int; a game's takes the hole cards then the board and returns
    one int per half (high, then low: ``0`` where no low qualifies).

    >>> high = scorer()
    >>> high([51, 47, 43, 39, 35, 0, 1])  # As Ks Qs Js Ts 2c 2d: royal flush
    7462
    >>> razz = scorer(ranking="razz")
    >>> razz([48, 1, 6, 11, 12, 51, 47]) == len(get_table("razz").classes)  # A-2-3-4-5: the best
    True
    >>> omaha8 = scorer(game="omaha8")
    >>> omaha8([48, 1, 46, 45, 4, 9, 26, 47, 28])  # Ac 2d Kh Kd / 3c 4d 8h Ks 9c
    (5749, 35)
    >>> scorer(game="omaha8") is omaha8
    True

    Raises:
        UnknownRankingError, UnknownGameError: no such ranking or game.
        TypeError: both a ranking and a game.

    The returned function raises as :func:`strength` does.
    """
    if ranking is not None and game is not None:
        raise TypeError("give a ranking or a game, not both")
    if game is not None:
        return _game_scorer(get_game(game))
    return _ranking_scorer(get_ranking(HIGH if ranking is None else ranking))


def _entry_or(
    reference: Callable[[Sequence[int]], _T],
    check: Callable[[Sequence[int]], list[int]],
    name: str,
    doc: str,
    loader: Callable[[], _scorer.Config],
) -> Callable[[Sequence[int]], _T]:
    """The C entry when the extension is there, else ``reference``.

    The entry sends what its C path does not take to ``check``, which raises
    :func:`strength`'s error or returns the codes as a clean list of ints,
    which the entry then values.
    """
    bound: list[Callable[[Sequence[int]], _T]] = []

    def delegate(codes: Sequence[int]) -> _T:
        return bound[0](check(codes))

    compiled = _scorer.entry(name, doc, loader, delegate)
    if compiled is None:
        return reference
    bound.append(compiled)
    return compiled


@cache
def _ranking_scorer(rules: RuleSet) -> Callable[[Sequence[int]], int]:
    def check(codes: Sequence[int]) -> list[int]:
        return _ranking_row(codes, rules)

    def reference(codes: Sequence[int]) -> int:
        return _ranking_value(rules, _ranking_row(codes, rules))

    doc = f"The {rules.name} strength of one hand of card codes (see showdown.batch.scorer)."
    return _entry_or(reference, check, f"score_{rules.name}", doc, _scorer.ranking_loader(rules))


@cache
def _game_scorer(found: Game) -> Callable[[Sequence[int]], tuple[int, ...]]:
    def check(codes: Sequence[int]) -> list[int]:
        return _game_row(codes, found)

    def reference(codes: Sequence[int]) -> tuple[int, ...]:
        return _game_values(found, _game_row(codes, found))

    try:
        loader = _scorer.game_loader(found)
    except ValueError:  # pragma: no cover - every game plays two hole cards or any five
        return reference
    doc = f"The {found.name} strengths of hole cards then board (see showdown.batch.scorer)."
    return _entry_or(reference, check, f"score_{found.name}", doc, loader)


@overload
def strength(
    codes: Sequence[int], *, ranking: str | RuleSet | None = None, game: None = None
) -> int: ...


@overload
def strength(
    codes: Sequence[int], *, ranking: None = None, game: str | Game
) -> tuple[int, ...]: ...


def strength(
    codes: Sequence[int], *, ranking: str | RuleSet | None = None, game: str | Game | None = None
) -> int | tuple[int, ...]:
    """The strength of one hand given as card codes, under any ranking or game.

    The same number as :func:`showdown.evaluate` (``ranking``, default
    ``'high'``: five to sixteen cards, Badugi four) or, with ``game``, one per
    half as :func:`showdown.games.evaluate_game` gives them, from the hole
    cards then the board. ``0`` means no value (no qualifying low). The
    ranking or game is resolved once per process and its :func:`scorer`
    kept, so a call costs little more than the scorer's own: a call of the C
    extension where the install built it, else of a compiled serial kernel.

    >>> strength([51, 47, 43, 39, 35, 0, 1])  # As Ks Qs Js Ts 2c 2d: royal flush
    7462
    >>> strength([48, 1, 46, 45, 4, 9, 26, 47, 28], game="omaha8")  # Ac 2d Kh Kd / 3c 4d 8h Ks 9c
    (5749, 35)
    >>> best = len(get_table("badugi").classes)
    >>> strength([51, 0, 5, 10], ranking="badugi") == best  # As 2c 3d 4h
    True

    Raises:
        CardCountError: too few or too many codes for the ranking or game.
        CardParseError: a code that is not an integer in 0..51, or not in the
            ranking's or game's deck (short deck).
        DuplicateCardError: a code given twice.
        UnknownRankingError, UnknownGameError: no such ranking or game.
        TypeError: both a ranking and a game.
    """
    try:
        score = _BY_NAME[ranking, game]
    except (KeyError, TypeError):  # first use, or an unhashable argument (refused there)
        score = _scorer_of(ranking, game)
    value: int | tuple[int, ...] = score(codes)
    return value


_BY_NAME: Final[dict[tuple[object, object], Callable[[Sequence[int]], Any]]] = {}
""":func:`strength`'s scorers by the ranking and game it was given (names or objects)."""


def _resolve(ranking: object, game: object) -> Callable[[Sequence[int]], Any]:
    """The scorer of :func:`strength`'s arguments, or its error."""
    if ranking is not None and game is not None:
        raise TypeError("give a ranking or a game, not both")
    if game is not None:
        return _game_scorer(get_game(game))  # type: ignore[arg-type]
    return _ranking_scorer(get_ranking(HIGH if ranking is None else ranking))  # type: ignore[arg-type]


def _scorer_of(ranking: object, game: object) -> Callable[[Sequence[int]], Any]:
    """Resolve :func:`strength`'s arguments once (raising its errors) and keep the scorer."""
    score = _resolve(ranking, game)
    if len(_BY_NAME) < 1024:  # names and rule objects that resolved: few in any program
        _BY_NAME[ranking, game] = score
    return score


_strength_python: Final = strength
"""The Python :func:`strength`: the fallback without the C extension, and its odd calls."""


def _bind_strength() -> None:
    """Make ``strength`` one C call when the extension is there (``_ceval.dispatcher``).

    The builtin looks the ranking or game up among those it has resolved
    (through :func:`_resolve`, which raises the usual errors) and runs that
    scorer's C path directly; a call with other arguments goes to the Python
    function, whose docstring it carries. Bound through ``globals()`` as
    :func:`strength7` is.
    """
    compiled = _scorer.dispatcher(
        "strength",
        "codes, *, ranking=None, game=None",
        _strength_python.__doc__ or "",
        _resolve,
        _strength_python,
    )
    if compiled is not None:
        globals()["strength"] = compiled


_bind_strength()


def _ranking_row(codes: Sequence[int], rules: RuleSet) -> list[int]:
    """The codes checked for a ranking: a list of ints of its deck, none twice, a right count."""
    row = _checked_codes(codes, _deck_mask((rules,)))
    badugi = rules.formation is Formation.DISTINCT_RANKS_AND_SUITS
    if len(row) < rules.hand_size or len(row) > (rules.hand_size if badugi else _scorer.MAX_CODES):
        wanted = (
            f"exactly {rules.hand_size}" if badugi else f"{rules.hand_size} to {_scorer.MAX_CODES}"
        )
        raise CardCountError(f"{rules.name} takes {wanted} card codes, got {len(row)}: {row}")
    return row


def _game_row(codes: Sequence[int], found: Game) -> list[int]:
    """The codes checked for a game: hole cards then a board it values, of its deck."""
    row = _checked_codes(codes, _deck_mask(found.rankings))
    sizes = _scorer.game_sizes(found)
    if len(row) not in sizes:
        wanted = " or ".join(str(size) for size in sizes)
        raise CardCountError(f"{found.name} needs {wanted} card codes, got {len(row)}: {row}")
    return row


def _ranking_value(rules: RuleSet, row: list[int]) -> int:
    """A checked row's strength from the compiled serial kernels (no C extension)."""
    from showdown import _fast

    return _fast.ranking_best(rules, row)[0]


def _game_values(found: Game, row: list[int]) -> tuple[int, ...]:
    from showdown import _fast

    return tuple(value for value, _ in _fast.game_best(found, row))


def _checked_codes(codes: Sequence[int], allowed: int) -> list[int]:
    """The codes as a list of ints, each a code of the deck ``allowed``, none twice."""
    if isinstance(codes, str | bytes) or not isinstance(codes, Iterable):
        raise CardCountError(f"expected a sequence of card codes, got {codes!r}")
    row: list[int] = []
    seen = 0
    for code in codes:
        if isinstance(code, bool) or not isinstance(code, int | np.integer) or not 0 <= code < 52:
            raise CardParseError(f"{code!r} is not a card code: codes are 0..51")
        value = int(code)
        if not (allowed >> value) & 1:
            raise CardParseError(f"{Card.from_code(value)} (code {value}) is not in the deck")
        if (seen >> value) & 1:
            raise DuplicateCardError(f"card code {value} is given twice in {list(codes)!r}")
        seen |= 1 << value
        row.append(value)
    return row


_SCALAR: list[_ScalarTables] = []


def _load_scalar() -> _ScalarTables:
    from showdown._kernels.tables import scalar_high

    _SCALAR.append(scalar_high())
    return _SCALAR[0]


# ----------------------------------------------------------------- census


@dataclass(frozen=True, slots=True)
class CensusRow:
    """One category of a census.

    Attributes:
        category: the category id (``'full_house'``), or ``'no_low'`` for the
            hands without a qualifying low.
        title: the category in words.
        hands: hands of the category.
        classes: distinct strengths among them.
    """

    category: str
    title: str
    hands: int
    classes: int


@dataclass(frozen=True, slots=True)
class Census:
    """Every hand of one size under one ranking, counted by category.

    Attributes:
        ranking: the ranking.
        cards: cards per hand.
        hands: hands counted (every combination of the ranking's deck).
        classes: distinct strengths among them.
        rows: per category, strongest first.
        by_strength: hands per strength, ``by_strength[s]`` (``[0]``: no value).
    """

    ranking: RuleSet
    cards: int
    hands: int
    classes: int
    rows: tuple[CensusRow, ...]
    by_strength: tuple[int, ...]

    @property
    def best_class_hands(self) -> int:
        """Hands in the strongest class that occurs (the royal flushes at high)."""
        return next(count for count in reversed(self.by_strength) if count)


def census_sizes(ranking: str | RuleSet) -> tuple[int, ...]:
    """The hand sizes :func:`census` counts for a ranking.

    >>> census_sizes("high"), census_sizes("2-7"), census_sizes("badugi")
    ((5, 6, 7), (5,), (4,))
    """
    rules = get_ranking(ranking)
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return (rules.hand_size,)
    if rules.flushes and not _flush_decides(rules):
        return (5,)
    return (5, 6, 7)


def census(
    ranking: str | RuleSet = HIGH,
    cards: int = 7,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> Census:
    """Count every ``cards``-card hand of a ranking's deck by category and class.

    All 133,784,560 seven-card hands take about a second on two cores.
    ``progress(done, total)`` is called as the work advances.

    >>> result = census("high", 5)
    >>> result.hands, result.classes, result.rows[0].category, result.rows[0].hands
    (2598960, 7462, 'straight_flush', 40)

    Raises:
        CardCountError: a size the census does not count for this ranking
            (see :func:`census_sizes`).
        UnknownRankingError: no such ranking.
        TypeError: ``cards`` is not an integer, ``progress`` not a function.
    """
    rules = get_ranking(ranking)
    sizes = census_sizes(rules)
    cards = check_int("cards", cards)
    check_callable("progress", progress)
    if cards not in sizes:
        allowed = ", ".join(str(size) for size in sizes)
        raise CardCountError(
            f"the {rules.name} census counts hands of {allowed} cards, not {cards}"
        )
    deck = np.array(
        [code for code in range(52) if code >> 2 in {rank.index for rank in rules.rank_order}],
        np.int64,
    )
    table = get_table(rules)
    n_strengths = len(table.classes) + 1
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        hands = deck[np.array(list(combinations(range(len(deck)), cards)), np.int64)]
        strengths = evaluate_many(hands, ranking=rules)
        counts = np.bincount(strengths, minlength=n_strengths)
        if progress is not None:
            progress(1, 1)
    else:
        counts = _keyed_census(rules, deck, cards, n_strengths, progress)
    return _census_result(rules, cards, counts)


def _keyed_census(
    rules: RuleSet,
    deck: npt.NDArray[np.int64],
    size: int,
    n_strengths: int,
    progress: Callable[[int, int], None] | None,
) -> npt.NDArray[np.int64]:
    """Hands per strength, in 16 groups of tasks (each task fixes the first two cards):
    in the C engine, a group per thread of :func:`_thread_count` (without numba);
    else numba's parallel kernel, one group at a time. The same counts either way."""
    from showdown._kernels import engine
    from showdown._kernels.tables import kernel_tables, layout

    tables = kernel_tables(rules)
    shared = layout()
    n_deck = len(deck)
    tasks = sorted(
        ((a, b) for a in range(n_deck) for b in range(a + 1, n_deck - size + 2)),
        key=lambda task: -comb(n_deck - 1 - task[1], size - 2),
    )
    n_groups = 16
    groups = [np.array(tasks[g::n_groups], np.int64).reshape(-1, 2) for g in range(n_groups)]
    counts = np.zeros(n_strengths, np.int64)
    if engine.active_engine() is not None:

        def run(group: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
            found = engine.keyed_census(
                deck,
                size,
                group,
                shared.offsets,
                tables.ranks,
                tables.flushes,
                tables.use_flush,
                n_strengths,
            )
            assert found is not None
            return found

        threads = _thread_count()
        parts = _pool(threads).map(run, groups) if threads > 1 else map(run, groups)
        for done, part in enumerate(parts, start=1):
            counts += part
            if progress is not None:
                progress(done, n_groups)
        return counts
    import numba

    from showdown._kernels.census import keyed_census

    lanes = 4 * numba.get_num_threads()
    for done, group in enumerate(groups, start=1):
        if len(group):
            with _KERNELS:
                counts += keyed_census(
                    deck,
                    size,
                    group,
                    lanes,
                    shared.card_keys,
                    shared.offsets,
                    tables.ranks,
                    tables.flushes,
                    tables.use_flush,
                    n_strengths,
                )
        if progress is not None:
            progress(done, n_groups)
    return counts


def _census_result(rules: RuleSet, cards: int, counts: npt.NDArray[np.int64]) -> Census:
    table = get_table(rules)
    hands: dict[Category, int] = {}
    classes: dict[Category, int] = {}
    for strength in np.flatnonzero(counts).tolist():
        if strength == 0:
            continue
        category = table.hand_class(strength).category
        hands[category] = hands.get(category, 0) + int(counts[strength])
        classes[category] = classes.get(category, 0) + 1
    present = {hand_class.category for hand_class in table.classes}
    rows = [
        CensusRow(category.value, category.title, hands.get(category, 0), classes.get(category, 0))
        for category in reversed(rules.category_order)
        if category in present
    ]
    if counts[0]:
        rows.append(CensusRow("no_low", "No qualifying low", int(counts[0]), 0))
    return Census(
        ranking=rules,
        cards=cards,
        hands=int(counts.sum()),
        classes=int(np.count_nonzero(counts[1:])),
        rows=tuple(rows),
        by_strength=tuple(int(count) for count in counts.tolist()),
    )
