"""The equity and census kernels a call runs: the C engine when it is built, else numba's.

Private. ``showdown._cequity`` is a C extension built from ``_cequity.c`` by the
normal install wherever a C compiler is present (``setup.py``; optional, like
``showdown._ceval``). It ports the loops of :mod:`showdown._kernels.equity` and
:mod:`showdown._kernels.census` line for line -- the same enumeration order, the
same random stream, the same whole units -- so its counts are the numba kernels'
to the last unit, for exact enumeration and for a seeded sample alike. It holds
no table: the per-card keys are handed to it once (:func:`c_engine`), a game's
tables with every call (:meth:`EquityTables.arrays
<showdown._kernels.game_tables.EquityTables.arrays>`).

Each function here has the signature of the numba kernel of the same name and
calls the C one when the extension is there, numba's otherwise (no compiler, or
``SHOWDOWN_CEVAL=off`` in the environment, which turns every C path off).
Importing this module imports neither numba nor the numba kernels, and the C
path never does: a first call answered in C does not pay numba's start-up.

>>> import numpy as np
>>> from showdown.games import get_game
>>> from showdown._kernels.game_tables import BOARD_HIGH, POT, SHARE, equity_tables
>>> tables = equity_tables(get_game("holdem"))
>>> known = np.array([[48, 51], [4, 6]], dtype=np.int64)  # Ac As against 3c 3h
>>> board = np.array([0, 29, 38], dtype=np.int64)  # 2c 9d Jh
>>> totals, tuples = exact_totals(
...     BOARD_HIGH, known, np.array([2, 2]), 0, 1, board, 2, (1 << 52) - 1, tables
... )
>>> tuples, int(totals[:, SHARE].sum()) == 990 * POT  # C(45, 2) turns and rivers
(1, True)
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from types import ModuleType

import numpy as np
import numpy.typing as npt

from showdown._kernels.game_tables import (
    BOARD_HIGH,
    COLUMNS,
    OMAHA,
    POT,
    Arrays,
    EquityTables,
)

__all__ = [
    "active_engine",
    "c_engine",
    "complete_hands",
    "exact_board_ranks",
    "exact_counts",
    "exact_omaha_ranks",
    "exact_totals",
    "keyed_census",
    "numba_kernels",
    "sample_chunks",
    "sample_counts",
]

I64 = npt.NDArray[np.int64]


@cache
def c_engine() -> ModuleType | None:
    """The C engine, configured, or None without the extension or with ``SHOWDOWN_CEVAL=off``."""
    if os.environ.get("SHOWDOWN_CEVAL", "").strip().lower() in ("off", "0", "no"):
        return None
    try:
        from showdown import _cequity
    except ImportError:
        return None
    from showdown._kernels.tables import (
        CARD_KEYS,
        FLUSH_BITS,
        HASH_SHIFT,
        HASH_SIZE,
        KEY_START,
        RANK_KEYS,
        SUIT_SHIFT,
    )

    if _cequity.POT != POT or _cequity.COLUMNS != COLUMNS:  # pragma: no cover - a stale build
        return None
    try:
        _cequity.configure(
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
    return _cequity


_NUMBA_ONLY = [0]
"""How many :func:`numba_kernels` blocks are open (in any thread)."""
_NUMBA_ONLY_LOCK = threading.Lock()


@contextmanager
def numba_kernels() -> Iterator[None]:
    """Run numba's kernels inside this block even where the C engine is built.

    For the warm-up (which compiles them into numba's cache for an install run with
    ``SHOWDOWN_CEVAL=off``) and the tests that compare both engines. It holds for
    every thread while it is open: a call elsewhere meanwhile takes numba's kernels
    too, which give the same counts.
    """
    with _NUMBA_ONLY_LOCK:
        _NUMBA_ONLY[0] += 1
    try:
        yield
    finally:
        with _NUMBA_ONLY_LOCK:
            _NUMBA_ONLY[0] -= 1


def active_engine() -> ModuleType | None:
    """The C engine unless it is absent or a :func:`numba_kernels` block is open."""
    return None if _NUMBA_ONLY[0] else c_engine()


def _int64(array: npt.ArrayLike) -> I64:
    return np.ascontiguousarray(array, dtype=np.int64)


def exact_counts(
    kind: int, tuples: I64, board_known: I64, missing: int, deck_mask: int, tables: Arrays
) -> I64:
    """:func:`showdown._kernels.equity.exact_counts`: counts ``(T, players, COLUMNS)``."""
    engine = active_engine()
    if engine is None:
        from showdown._kernels import equity as kernels

        found: I64 = kernels.exact_counts(kind, tuples, board_known, missing, deck_mask, tables)
        return found
    tuples = _int64(tuples)
    out = np.zeros((tuples.shape[0], tuples.shape[1], COLUMNS), dtype=np.int64)
    engine.exact_counts(kind, tuples, _int64(board_known), missing, deck_mask, tables, out)
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
    """:func:`showdown._kernels.equity.exact_board_ranks`: counts ``(T, players, COLUMNS)``."""
    engine = active_engine()
    if engine is None:
        from showdown._kernels import equity as kernels

        found: I64 = kernels.exact_board_ranks(
            tuples, board_known, missing, deck_mask, offsets, rank_table, flush_table
        )
        return found
    tuples = _int64(tuples)
    out = np.zeros((tuples.shape[0], tuples.shape[1], COLUMNS), dtype=np.int64)
    engine.exact_board_ranks(
        tuples, _int64(board_known), missing, deck_mask, offsets, rank_table, flush_table, out
    )
    return out


def exact_omaha_ranks(
    tuples: I64, board_known: I64, missing: int, deck_mask: int, tables: Arrays
) -> I64:
    """:func:`showdown._kernels.equity.exact_omaha_ranks`: counts ``(T, players, COLUMNS)``."""
    engine = active_engine()
    if engine is None:
        from showdown._kernels import equity as kernels

        found: I64 = kernels.exact_omaha_ranks(tuples, board_known, missing, deck_mask, tables)
        return found
    tuples = _int64(tuples)
    out = np.zeros((tuples.shape[0], tuples.shape[1], COLUMNS), dtype=np.int64)
    engine.exact_omaha_ranks(tuples, _int64(board_known), missing, deck_mask, tables, out)
    return out


def complete_hands(known: I64, n_known: I64, free_mask: int, limit: int) -> I64:
    """:func:`showdown._kernels.equity.complete_hands`: tuples ``(T, players, hole)``."""
    engine = active_engine()
    if engine is None:
        from showdown._kernels import equity as kernels

        found: I64 = kernels.complete_hands(known, n_known, free_mask, limit)
        return found
    known = _int64(known)
    out = np.zeros((max(limit, 1), *known.shape), dtype=np.int64)
    count = engine.complete_hands(known, _int64(n_known), free_mask, out)
    return out[:count]


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
    """:func:`showdown._kernels.equity.exact_totals`: counts ``(players, COLUMNS)`` summed
    over every completion of the hands and of the board, and the number of tuples of
    hands. ``kind`` :data:`~showdown._kernels.game_tables.BOARD_HIGH` counts by board
    ranks; ``tables`` is the game's :class:`~showdown._kernels.game_tables.EquityTables`."""
    arrays = tables.arrays()
    if active_engine() is None:
        from showdown._kernels import equity as kernels

        totals, count = kernels.exact_totals(
            kind, known, n_known, free_mask, limit, board_known, missing, deck_mask, arrays
        )
        return totals, int(count)
    tuples = complete_hands(known, n_known, free_mask, limit)
    if kind == BOARD_HIGH:
        counts = exact_board_ranks(
            tuples,
            board_known,
            missing,
            deck_mask,
            tables.offsets,
            tables.ranks[0],
            tables.flushes[0],
        )
    elif kind == OMAHA:
        counts = exact_omaha_ranks(tuples, board_known, missing, deck_mask, arrays)
    else:
        counts = exact_counts(kind, tuples, board_known, missing, deck_mask, arrays)
    summed: I64 = counts.sum(axis=0, dtype=np.int64)
    return summed, len(tuples)


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
    """:func:`showdown._kernels.equity.sample_counts`: ``(counts (players, COLUMNS), done,
    tries)`` of ``deals`` random deals from ``seed``, the same in C and in numba."""
    engine = active_engine()
    if engine is None:
        from showdown._kernels import equity as kernels

        counts, done, tries = kernels.sample_counts(
            kind,
            seed,
            deals,
            known,
            n_known,
            listed,
            combo_codes,
            combo_masks,
            combo_cumulative,
            combo_start,
            board_known,
            n_board,
            deck,
            tables,
        )
        return counts, int(done), int(tries)
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

    In C the chunks are shared among ``threads`` threads that the call starts itself,
    each taking the next chunk not taken, with no Python between chunks; with numba's
    kernels they run one after another on this thread. Either way chunk ``i``'s
    figures are :func:`sample_counts`' for its seed.
    """
    n = len(seeds)
    counts = np.zeros((n, known.shape[0], COLUMNS), dtype=np.int64)
    done = np.zeros(n, dtype=np.int64)
    tries = np.zeros(n, dtype=np.int64)
    engine = active_engine()
    if engine is None:
        for i in range(n):
            counts[i], done[i], tries[i] = sample_counts(
                kind,
                seeds[i],
                int(deals[i]),
                known,
                n_known,
                listed,
                combo_codes,
                combo_masks,
                combo_cumulative,
                combo_start,
                board_known,
                n_board,
                deck,
                tables,
            )
        return counts, done, tries
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
    """Hands per strength among every ``size``-card hand whose first two cards are the
    deck positions ``tasks[t]`` (:func:`showdown._kernels.census.keyed_census`), in C
    on the calling thread; None without the C engine (numba's kernel, parallel, is
    then the caller's)."""
    engine = active_engine()
    if engine is None:
        return None
    out = np.zeros(n_strengths, dtype=np.int64)
    engine.keyed_census(_int64(deck), size, _int64(tasks), offsets, ranks, flushes, use_flush, out)
    return out
