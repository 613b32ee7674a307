"""The compiled core's equity and census kernels, called from Python.

Private. ``showdown._cequity`` is the C extension built from ``_cequity.c`` by the
normal install wherever a C compiler is present; :func:`c_engine` gives it,
configured with the per-card keys of :mod:`showdown._kernels.tables`, or None
where it is not built or ``SHOWDOWN_ENGINE=readable`` asks for the readable
reference (:func:`showdown.core.extension`). It holds no table: a game's tables
are handed in with every call (:meth:`EquityTables.arrays
<showdown._kernels.game_tables.EquityTables.arrays>`).

Each function here allocates the output of the C entry of the same name and
calls it. They need the core: where :func:`c_engine` is None they raise
:class:`CoreMissingError` (:func:`keyed_census` returns None), and the callers
take the readable reference instead (:mod:`showdown.equity.reference` for
equity). The counts are the reference's to the last unit for exact enumeration;
a seeded sample is the core's own stream (splitmix64), the same on every run.

>>> import numpy as np
>>> from showdown.games import get_game
>>> from showdown._kernels.game_tables import BOARD_HIGH, POT, SHARE, equity_tables
>>> tables = equity_tables(get_game("holdem"))
>>> known = np.array([[48, 51], [4, 6]], dtype=np.int64)  # Ac As against 3c 3h
>>> board = np.array([0, 29, 38], dtype=np.int64)  # 2c 9d Jh
>>> if c_engine() is not None:
...     totals, tuples = exact_totals(
...         BOARD_HIGH, known, np.array([2, 2]), 0, 1, board, 2, (1 << 52) - 1, tables
...     )
...     assert (tuples, int(totals[:, SHARE].sum())) == (1, 990 * POT)  # C(45, 2) boards
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

import numpy as np
import numpy.typing as npt

from showdown import core
from showdown._kernels.game_tables import (
    BOARD_HIGH,
    COLUMNS,
    OMAHA,
    POT,
    Arrays,
    EquityTables,
)
from showdown._kernels.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    HASH_SHIFT,
    HASH_SIZE,
    KEY_START,
    RANK_KEYS,
    SUIT_SHIFT,
)

__all__ = [
    "CoreMissingError",
    "c_engine",
    "complete_hands",
    "exact_board_ranks",
    "exact_counts",
    "exact_omaha_ranks",
    "exact_totals",
    "exact_tuples",
    "heads_up_boards",
    "keyed_census",
    "sample_chunks",
    "sample_counts",
]

I64 = npt.NDArray[np.int64]


class CoreMissingError(RuntimeError):
    """A kernel of the compiled core was called where the core is not in use."""


@cache
def _configured(module: ModuleType) -> ModuleType | None:
    """The extension with the per-card keys handed in (once per process), or None for a
    build of another layout."""
    if module.POT != POT or module.COLUMNS != COLUMNS:  # pragma: no cover - a stale build
        return None
    try:
        module.configure(
            np.ascontiguousarray(CARD_KEYS, dtype=np.int64),
            np.array(RANK_KEYS, dtype=np.int64),
            KEY_START,
            FLUSH_BITS,
            SUIT_SHIFT,
            HASH_SHIFT,
            HASH_SIZE,
            POT,
        )
    except ValueError:  # pragma: no cover - a build of another key layout
        return None
    return module


def c_engine() -> ModuleType | None:
    """The C equity engine, configured; None where the core is not built or
    ``SHOWDOWN_ENGINE=readable`` (:func:`showdown.core.extension`)."""
    module = core.extension("_cequity")
    return None if module is None else _configured(module)


def _core() -> ModuleType:
    engine = c_engine()
    if engine is None:
        raise CoreMissingError(
            "the compiled core (showdown._cequity) is not in use: "
            f"{core.summary()}; the readable reference answers instead"
        )
    return engine


def _int64(array: npt.ArrayLike) -> I64:
    return np.ascontiguousarray(array, dtype=np.int64)


def exact_counts(
    kind: int, tuples: I64, board_known: I64, missing: int, deck_mask: int, tables: Arrays
) -> I64:
    """Counts ``(T, players, COLUMNS)``: for each tuple of hands ``tuples[t]``
    (``(T, players, hole)`` card codes), every completion of the board by ``missing``
    cards of ``deck_mask`` less the tuple's cards, dealt one by one; ``kind`` is
    :data:`~showdown._kernels.game_tables.ANY_MIX`, ``OMAHA`` or ``BADUGI``."""
    tuples = _int64(tuples)
    out = np.zeros((tuples.shape[0], tuples.shape[1], COLUMNS), dtype=np.int64)
    _core().exact_counts(kind, tuples, _int64(board_known), missing, deck_mask, tables, out)
    return out


def exact_board_ranks(
    tuples: I64,
    board_known: I64,
    missing: int,
    deck_mask: int,
    offsets: npt.NDArray[np.int32],
    rank_table: npt.NDArray[np.uint16],
    flush_table: npt.NDArray[np.uint16],
) -> I64:
    """:func:`exact_counts` of a Hold'em-like game (one high ranking with flushes, two
    hole cards, any mix) by board ranks: every multiset of board ranks valued once,
    then the boards that make a flush corrected. The high and low columns are 0."""
    tuples = _int64(tuples)
    out = np.zeros((tuples.shape[0], tuples.shape[1], COLUMNS), dtype=np.int64)
    _core().exact_board_ranks(
        tuples, _int64(board_known), missing, deck_mask, offsets, rank_table, flush_table, out
    )
    return out


def exact_omaha_ranks(
    tuples: I64, board_known: I64, missing: int, deck_mask: int, tables: Arrays
) -> I64:
    """:func:`exact_counts` of an Omaha game (a five-card board) by board ranks, as
    :func:`exact_board_ranks` does for Hold'em."""
    tuples = _int64(tuples)
    out = np.zeros((tuples.shape[0], tuples.shape[1], COLUMNS), dtype=np.int64)
    _core().exact_omaha_ranks(tuples, _int64(board_known), missing, deck_mask, tables, out)
    return out


def complete_hands(known: I64, n_known: I64, free_mask: int, limit: int) -> I64:
    """Every tuple of hands that completes ``known[p, :n_known[p]]`` with cards of
    ``free_mask``, no card twice: ``(T, players, hole)``, each hand ascending, at most
    ``limit`` tuples (:func:`showdown.equity.reference.complete_hands`' order)."""
    known = _int64(known)
    out = np.zeros((max(limit, 1), *known.shape), dtype=np.int64)
    count = _core().complete_hands(known, _int64(n_known), free_mask, out)
    return out[:count]


def exact_tuples(
    kind: int, tuples: I64, board_known: I64, missing: int, deck_mask: int, tables: EquityTables
) -> I64:
    """Counts ``(T, players, COLUMNS)`` of every tuple of hands, by the enumeration
    ``kind`` asks for: :data:`~showdown._kernels.game_tables.BOARD_HIGH` by board ranks
    (:func:`exact_board_ranks`), ``OMAHA`` by board ranks (:func:`exact_omaha_ranks`),
    else every board dealt (:func:`exact_counts`); ``tables`` is the game's
    :class:`~showdown._kernels.game_tables.EquityTables`."""
    if kind == BOARD_HIGH:
        return exact_board_ranks(
            tuples,
            board_known,
            missing,
            deck_mask,
            tables.offsets,
            tables.ranks[0],
            tables.flushes[0],
        )
    if kind == OMAHA:
        return exact_omaha_ranks(tuples, board_known, missing, deck_mask, tables.arrays())
    return exact_counts(kind, tuples, board_known, missing, deck_mask, tables.arrays())


def exact_totals(
    kind: int,
    known: I64,
    n_known: I64,
    free_mask: int,
    limit: int,
    board_known: I64,
    missing: int,
    deck_mask: int,
    tables: EquityTables,
) -> tuple[I64, int]:
    """Counts ``(players, COLUMNS)`` summed over every completion of the hands
    (:func:`complete_hands`) and of the board (:func:`exact_tuples`), and the number of
    tuples of hands."""
    tuples = complete_hands(known, n_known, free_mask, limit)
    counts = exact_tuples(kind, tuples, board_known, missing, deck_mask, tables)
    summed: I64 = counts.sum(axis=0, dtype=np.int64)
    return summed, len(tuples)


def heads_up_boards(
    tuples: I64,
    deck_mask: int,
    offsets: npt.NDArray[np.int32],
    rank_table: npt.NDArray[np.uint16],
    flush_table: npt.NDArray[np.uint16],
) -> I64:
    """``(T, 2)``: the first hand's wins and the ties for each pair of two-card hands
    ``tuples[t]`` (``(T, 2, 2)``), dealing every five-card board of ``deck_mask`` less
    the four cards one by one and valuing both seven-card hands (one high ranking with
    flushes): a plain enumeration, apart from :func:`exact_board_ranks`."""
    engine = _core()
    tuples = _int64(tuples)
    out = np.zeros((tuples.shape[0], 2), dtype=np.int64)
    engine.heads_up_boards(tuples, deck_mask, offsets, rank_table, flush_table, out)
    return out


def sample_counts(
    kind: int,
    seed: np.uint64,
    deals: int,
    known: I64,
    n_known: I64,
    listed: I64,
    combo_codes: I64,
    combo_masks: I64,
    combo_cumulative: npt.NDArray[np.float64],
    combo_start: I64,
    board_known: I64,
    n_board: int,
    deck: I64,
    tables: Arrays,
) -> tuple[I64, int, int]:
    """``(counts (players, COLUMNS), done, tries)`` of ``deals`` random deals from
    ``seed`` (the arguments of :func:`showdown.equity.reference.sample_counts`, which
    draws from a stream of its own; this one's is splitmix64)."""
    engine = _core()
    out = np.zeros((known.shape[0], COLUMNS), dtype=np.int64)
    done, tries = engine.sample_counts(
        kind,
        int(seed),
        deals,
        _int64(known),
        _int64(n_known),
        _int64(listed),
        _int64(combo_codes),
        _int64(combo_masks),
        np.ascontiguousarray(combo_cumulative, dtype=np.float64),
        _int64(combo_start),
        _int64(board_known),
        n_board,
        _int64(deck),
        tables,
        out,
    )
    return out, int(done), int(tries)


def sample_chunks(
    kind: int,
    seeds: npt.NDArray[np.uint64],
    deals: I64,
    known: I64,
    n_known: I64,
    listed: I64,
    combo_codes: I64,
    combo_masks: I64,
    combo_cumulative: npt.NDArray[np.float64],
    combo_start: I64,
    board_known: I64,
    n_board: int,
    deck: I64,
    tables: Arrays,
    threads: int,
) -> tuple[I64, I64, I64]:
    """:func:`sample_counts` for each chunk ``i`` (``deals[i]`` deals from ``seeds[i]``):
    ``(counts (chunks, players, COLUMNS), done (chunks,), tries (chunks,))``.

    The chunks are shared among ``threads`` threads that the call starts itself, each
    taking the next chunk not taken, with no Python between chunks; chunk ``i``'s
    figures are :func:`sample_counts`' for its seed, whatever the threads.
    """
    engine = _core()
    n = len(seeds)
    counts = np.zeros((n, known.shape[0], COLUMNS), dtype=np.int64)
    done = np.zeros(n, dtype=np.int64)
    tries = np.zeros(n, dtype=np.int64)
    engine.sample_chunks(
        kind,
        np.ascontiguousarray(seeds, dtype=np.uint64).view(np.int64),
        _int64(deals),
        _int64(known),
        _int64(n_known),
        _int64(listed),
        _int64(combo_codes),
        _int64(combo_masks),
        np.ascontiguousarray(combo_cumulative, dtype=np.float64),
        _int64(combo_start),
        _int64(board_known),
        n_board,
        _int64(deck),
        tables,
        counts,
        done,
        tries,
        threads,
    )
    return counts, done, tries


def keyed_census(
    deck: I64,
    size: int,
    tasks: I64,
    offsets: npt.NDArray[np.int32],
    ranks: npt.NDArray[np.uint16],
    flushes: npt.NDArray[np.uint16],
    use_flush: bool,
    n_strengths: int,
) -> I64 | None:
    """Hands per strength (``n_strengths`` counts) among every ``size``-card hand (3 to
    7) of ``deck`` whose first two cards are the deck positions ``tasks[t]``
    (``(n, 2)``), in C on the calling thread; None where the core is not in use.

    Valid where one lookup values a hand: high rankings up to seven cards, suit-blind
    rankings, any ranking at five cards.
    """
    engine = c_engine()
    if engine is None:
        return None
    out = np.zeros(n_strengths, dtype=np.int64)
    engine.keyed_census(_int64(deck), size, _int64(tasks), offsets, ranks, flushes, use_flush, out)
    return out
