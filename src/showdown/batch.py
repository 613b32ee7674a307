"""Batch evaluation: the strengths of many hands at once, and a fast one-hand path.

:func:`evaluate_many` values every row of an ``(n, k)`` array of card codes
(the encoding of :mod:`showdown.cards`: ``code = 4 * rank_index + suit_index``)
under a ranking or a game and returns, per row, exactly the ``strength`` that
:func:`showdown.evaluate` (or :func:`showdown.games.evaluate_game`) gives the
same cards: 1 for the weakest class of the ranking, greater is stronger.
The work is done by the compiled core (``showdown._ceval``: its entries,
:func:`scorer`, over tables built from the same rule tables; ``_ceval.rows``
runs without the GIL, over threads for many rows) where the install built it;
without it (no C compiler at install time, or ``SHOWDOWN_ENGINE=readable``,
see :mod:`showdown.core`) each row is valued by the readable reference, one
after another: the same numbers, much slower.

Threads: the core splits many rows over as many threads as the process may
run on (``os.sched_getaffinity``), or over ``SHOWDOWN_THREADS`` (a positive
integer) where the environment sets it; so does the census.

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

Layouts of a row: the cards of one hand, in any order (five to 52 cards;
Badugi exactly four); for games with a board, the hole cards first and then
the board (``hole_cards`` plus any board size on which the game values a
hand, :attr:`~showdown.games.Game.hand_boards`: 2 + 3, 4 or 5 in Hold'em;
Courchevel's lone first board card is not one).

Sentinels: ``0`` is "no value" (an eight-or-better hand that does not
qualify); :func:`best_cards_many` pads with ``-1``.
"""

from __future__ import annotations

import operator
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from typing import Any, Final, NoReturn, TypeAlias, overload

import numpy as np
import numpy.typing as npt

from showdown import _scorer, core
from showdown._kernels.tables import deck_mask as _deck_mask
from showdown._kernels.tables import flush_decides as _flush_decides
from showdown._kernels.tables import kernel_tables, layout
from showdown._validate import check_callable, check_int, describe_value
from showdown.cards import Card, CardsLike, parse_card, parse_cards
from showdown.errors import (
    CardCountError,
    CardParseError,
    DuplicateCardError,
    InvalidArrayError,
    ShowdownError,
)
from showdown.evaluation import HandValue, best_hand, candidate_hands, evaluate
from showdown.games import Game, evaluate_game, get_game
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
    outside = (cards < 0) | (cards > 51)
    codes = np.where(outside, 0, cards).astype(np.intp)
    in_deck = np.array([(allowed >> code) & 1 for code in range(52)], np.bool_)
    ordered = np.sort(codes, axis=1)
    twice = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    bad = outside.any(axis=1) | ~in_deck[codes].all(axis=1) | twice
    if bad.any():
        _raise_for_row(cards, int(bad.argmax()), allowed, deck_name)


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
    raise AssertionError("unreachable: a valid row was flagged")  # pragma: no cover


# ----------------------------------------------------------------- shapes


def _ranking_width(rules: RuleSet, width: int) -> None:
    """Raise unless rows of ``width`` cards are hands of the ranking."""
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        if width != rules.hand_size:
            raise CardCountError(
                f"row 0: {rules.name} takes exactly {rules.hand_size} cards per row, got {width}"
            )
    elif width < rules.hand_size:
        raise CardCountError(
            f"row 0: {rules.name} needs at least {rules.hand_size} cards per row, got {width}"
        )


def _game_width(found: Game, width: int) -> None:
    """Raise unless rows of ``width`` cards are hole cards then a board the game values."""
    sizes = _scorer.game_sizes(found)
    if width in sizes:
        return
    if found.has_board:
        boards = " or ".join(str(board) for board in found.hand_boards)
        wanted = (
            f"{found.hole_cards} hole cards then {boards} board cards "
            f"({' or '.join(str(size) for size in sizes)} per row)"
        )
    else:
        wanted = f"{found.hole_cards} cards per row"
    raise CardCountError(f"row 0: {found.name} needs {wanted}, got {width}")


@dataclass(frozen=True, slots=True, eq=False)
class _Input:
    """The rows as given (an integer array, codes not yet checked) and how to value them.

    ``entry`` is the core's entry (:func:`scorer`) where the compiled core values
    these rows (:func:`_c_entry`), which reads every integer size and refuses a
    bad row itself; else None: the readable reference values them one by one.
    """

    array: CodeArray
    source: RuleSet | Game
    rankings: tuple[RuleSet, ...]
    allowed: int
    deck_name: str
    entry: Callable[[Sequence[int]], Any] | None


def _read(cards: HandRows, ranking: str | RuleSet | None, game: str | Game | None) -> _Input:
    """The rows as an integer array (not yet checked: each path checks them), their
    ranking or game, and the core's entry for them."""
    if ranking is not None and game is not None:
        raise TypeError("give a ranking or a game, not both")
    array = to_code_array(cards)
    width = array.shape[1]
    source: RuleSet | Game
    if game is not None:
        source = found = get_game(game)
        if array.shape == (0, 0):  # no rows at all: any width would do
            width = found.hole_cards + found.full_board
        _game_width(found, width)
        rankings, deck_name = found.rankings, found.name
    else:
        source = rules = get_ranking(HIGH if ranking is None else ranking)
        if array.shape == (0, 0):
            width = rules.hand_size
        _ranking_width(rules, width)
        rankings, deck_name = (rules,), rules.name
    entry = _c_entry(source, width) if array.dtype.itemsize in (1, 2, 4, 8) else None
    return _Input(array, source, rankings, _deck_mask(rankings), deck_name, entry)


def _c_entry(source: RuleSet | Game, width: int) -> Callable[[Sequence[int]], Any] | None:
    """The core's entry that values rows of ``width`` codes of ``source``, or None (the
    readable reference's turn): without the core, or for rows of more codes than a
    hand holds (more than 52: they repeat a card)."""
    if isinstance(source, Game):
        if width not in _scorer.game_sizes(source):
            return None
        return _scorer.game_entry(source)
    if width not in _scorer.ranking_sizes(source):
        return None
    return _scorer.ranking_entry(source)


C_PARALLEL_ROWS: Final = 65_536
"""From this many rows, the core splits the rows over threads (one more thread for each
half of this many rows, up to :func:`showdown.core.threads`): threads that the C code keeps
between calls (or starts for the call while another call uses them), which take pieces
of the rows in turn without the GIL."""


C_MAX_THREADS: Final = 64
"""The most threads one call of the core starts (``_ceval.rows`` takes no more)."""


_POOL_LOCK: Final = threading.Lock()
_POOL: list[tuple[int, int, ThreadPoolExecutor]] = []
"""The census's threads: (process id, workers, pool); a forked child makes its own."""


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
    ``best``, the cards that play: ``_ceval.best_rows``), on :func:`showdown.core.threads`
    threads for many rows (started by the C code, without the GIL); raise on the first
    bad row."""
    module = _scorer.extension()
    if module is None:  # pragma: no cover - the entry came from the core
        raise RuntimeError("the compiled core is not built")
    run = module.best_rows if best else module.rows
    n = len(given.array)
    threads = min(core.threads(), C_MAX_THREADS, max(1, n // (C_PARALLEL_ROWS // 2)))
    bad = int(run(entry, given.array, out, threads))
    if bad >= 0:
        _raise_for_row(given.array, bad, given.allowed, given.deck_name)


def _checked_rows(given: _Input) -> list[list[int]]:
    """The rows as lists of ints, for the readable reference: raise on the first bad row."""
    _check_codes(given.array, given.allowed, given.deck_name)
    rows: list[list[int]] = given.array.tolist()
    return rows


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
    exactly two plus three).

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
    given = _read(cards, ranking, game)
    out = np.empty((len(given.array), len(given.rankings)), np.int32)
    if given.entry is not None:
        if len(given.array):
            _c_rows(given, given.entry, out)
    else:
        for i, row in enumerate(_checked_rows(given)):
            out[i] = [0 if value is None else value.strength for value in _reference(given, row)]
    return out[:, 0] if len(given.rankings) == 1 else out


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
    given = _read(cards, ranking, game)
    slots = [rules.hand_size for rules in given.rankings]
    out = np.full((len(given.array), sum(slots)), -1, np.int8)
    if given.entry is not None:
        if len(given.array):
            _c_rows(given, given.entry, out, best=True)
    else:
        for i, row in enumerate(_checked_rows(given)):
            column = {code: j for j, code in enumerate(row)}
            at = 0
            for slot, value in zip(slots, _reference(given, row), strict=True):
                if value is not None:
                    played = sorted(column[card.code] for card in value.cards)
                    out[i, at : at + len(played)] = played
                at += slot
    if len(slots) == 1:
        return out
    return out.reshape(len(given.array), len(slots), slots[0])


def _reference(given: _Input, row: list[int]) -> tuple[HandValue | None, ...]:
    """The readable reference's value of one checked row, per ranking."""
    return _reference_values(given.source, row)


def _reference_values(source: RuleSet | Game, row: list[int]) -> tuple[HandValue | None, ...]:
    """The readable reference's value of one checked row of a ranking (any five or more
    of its cards) or of a game (hole cards then board), per ranking."""
    cards = [Card.from_code(code) for code in row]
    if isinstance(source, Game):
        hole, board = cards[: source.hole_cards], cards[source.hole_cards :]
        return evaluate_game(source, hole, board if source.has_board else None).values
    return (evaluate(cards, ranking=source),)


# ----------------------------------------------------------------- one hand


def strength7(codes: Sequence[int]) -> int:
    """The high strength of one seven-card hand given as seven card codes; the fastest call.

    Where the install built the compiled core (a C compiler was present), this
    name is a builtin function of ``showdown._ceval``: one C call over the
    tables :mod:`showdown._kernels.tables` derives from the rule table, about a
    tenth of a microsecond. Without it, this Python function, which values the
    hand with the readable reference. Either way the same number as
    ``evaluate(cards).strength``; :func:`scorer` gives such a call for every
    ranking and game.

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
    return _ranking_value(get_ranking(HIGH), _strength7_row(codes))


def _strength7_row(codes: Sequence[int]) -> list[int]:
    """:func:`strength7`'s codes checked: seven ints of 0..51, none twice."""
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
    given = (a, b, c, d, e, f, g)
    row = [_code(code, i) for i, code in enumerate(given)]
    for item, code in zip(given, row, strict=True):
        if not 0 <= code < 52:
            raise CardParseError(f"{item!r} is not a card code: codes are 0..51")
    if len(set(row)) != 7:
        raise DuplicateCardError(f"a card code is given twice in {list(codes)!r}")
    return row


def _code(code: object, index: int) -> int:
    if not isinstance(code, bool):
        try:
            return operator.index(code)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(f"codes[{index}] must be an integer card code, got {describe_value(code)}")


_strength7_python: Final = strength7
"""The Python :func:`strength7`: the readable path without the core."""


def _bind_strength7() -> None:
    """Make ``strength7`` the core's entry where it is built (tables load on its first call).

    Bound through ``globals()`` so that readers of the source (type checkers,
    the documentation) keep seeing the Python function, whose docstring the
    entry carries (doctest runs it against the C path). The entry sends what
    its C path does not take to :func:`_strength7_row`, which raises the
    error, or gives clean codes (NumPy integers read as ints) to value.
    """
    bound: list[Callable[[Sequence[int]], int]] = []

    def delegate(codes: Sequence[int]) -> int:
        return bound[0](_strength7_row(codes))

    compiled = _scorer.entry(
        "strength7",
        _strength7_python.__doc__ or "",
        _scorer.ranking_loader(get_ranking(HIGH), sizes=(7,)),
        delegate,
    )
    if compiled is not None:
        bound.append(compiled)
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
    Where the install built the compiled core, the function is a builtin of
    ``showdown._ceval`` (one C call over showdown's own tables, loaded on its
    first call); without it, a Python function over the readable reference.
    The same function is returned for the same ranking or game.

    A ranking's function takes five to 52 codes (Badugi: four) and returns
    one int; a game's takes the hole cards then the board and returns one
    int per half (high, then low: ``0`` where no low qualifies).

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


def _ranking_scorer(rules: RuleSet) -> Callable[[Sequence[int]], int]:
    """The core's entry of a ranking, else its readable scorer."""
    compiled = _scorer.ranking_entry(rules)
    return compiled if compiled is not None else _ranking_reference(rules)


def _game_scorer(found: Game) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """The core's entry of a game, else its readable scorer."""
    compiled = _scorer.game_entry(found)
    return compiled if compiled is not None else _game_reference(found)


@cache
def _ranking_reference(rules: RuleSet) -> Callable[[Sequence[int]], int]:
    def score(codes: Sequence[int]) -> int:
        return _ranking_value(rules, _scorer.ranking_row(codes, rules))

    score.__name__ = score.__qualname__ = f"score_{rules.name}"
    return score


@cache
def _game_reference(found: Game) -> Callable[[Sequence[int]], tuple[int, ...]]:
    def score(codes: Sequence[int]) -> tuple[int, ...]:
        return _game_values(found, _scorer.game_row(codes, found))

    score.__name__ = score.__qualname__ = f"score_{found.name}"
    return score


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
    ``'high'``: five to 52 cards, Badugi four) or, with ``game``, one per
    half as :func:`showdown.games.evaluate_game` gives them, from the hole
    cards then the board. ``0`` means no value (no qualifying low). The
    ranking or game is resolved once per process and its :func:`scorer`
    kept, so a call costs little more than the scorer's own: a call of the
    compiled core where the install built it, else of the readable reference.

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
"""The Python :func:`strength`: the path without the core, and its odd calls."""


def _bind_strength() -> None:
    """Make ``strength`` one C call where the core is built (``_ceval.dispatcher``).

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


def _ranking_value(rules: RuleSet, row: list[int]) -> int:
    """A checked row's strength under a ranking, from the readable reference."""
    (value,) = _reference_values(rules, row)
    return 0 if value is None else value.strength


def _game_values(found: Game, row: list[int]) -> tuple[int, ...]:
    """A checked row's strengths under a game, from the readable reference."""
    return tuple(0 if value is None else value.strength for value in _reference_values(found, row))


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
    in the C engine (``showdown._kernels.engine.keyed_census``), a group per thread of
    :func:`showdown.core.threads`; without it, the readable reference values every hand, one
    group after another (the same counts, much slower)."""
    from showdown._kernels import engine

    n_deck = len(deck)
    tasks = sorted(
        ((a, b) for a in range(n_deck) for b in range(a + 1, n_deck - size + 2)),
        key=lambda task: -comb(n_deck - 1 - task[1], size - 2),
    )
    n_groups = 16
    groups = [np.array(tasks[g::n_groups], np.int64).reshape(-1, 2) for g in range(n_groups)]
    compiled = core.extension("_cequity") is not None
    tables = kernel_tables(rules) if compiled else None
    shared = layout() if compiled else None

    def run(group: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        found = None
        if tables is not None and shared is not None and len(group):
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
        if found is None:  # no C engine: the readable reference
            found = _readable_census(rules, deck, size, group, n_strengths)
        return found

    counts = np.zeros(n_strengths, np.int64)
    threads = core.threads() if compiled else 1
    parts: Iterator[npt.NDArray[np.int64]]
    parts = _pool(threads).map(run, groups) if threads > 1 else map(run, groups)
    for done, part in enumerate(parts, start=1):
        counts += part
        if progress is not None:
            progress(done, n_groups)
    return counts


def _readable_census(
    rules: RuleSet,
    deck: npt.NDArray[np.int64],
    size: int,
    tasks: npt.NDArray[np.int64],
    n_strengths: int,
) -> npt.NDArray[np.int64]:
    """Hands per strength among every ``size``-card hand whose first two cards are the
    deck positions ``tasks[t]`` (the others after them), each valued by the readable
    evaluator."""
    cards = [Card.from_code(int(code)) for code in deck.tolist()]
    counts = [0] * n_strengths
    for a, b in tasks.tolist():
        for rest in combinations(cards[b + 1 :], size - 2):
            hand = sorted((cards[a], cards[b], *rest), key=lambda card: card.code, reverse=True)
            found = best_hand(rules, candidate_hands(rules, hand))
            counts[0 if found is None else found[0]] += 1
    return np.array(counts, np.int64)


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
