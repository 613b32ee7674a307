"""Serial kernels: one hand (or a few rows) valued without a thread launch.

The batch kernels of :mod:`showdown._kernels.evaluate` are ``parallel=True``:
fast over millions of rows, but each call starts numba's threads, which costs
milliseconds. These kernels are compiled without ``prange`` and read the same
tables (:mod:`showdown._kernels.tables`), so one call costs a microsecond or
two of dispatch. Each returns the strength and the columns that play as a bit
mask over the row (bit ``j`` = column ``j``), picked as the readable
evaluator picks them: the candidate sets are enumerated in its order and the
first of the best wins.

Nothing here checks its input (:mod:`showdown._fast` and :mod:`showdown.batch`
do).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from showdown._kernels.evaluate import _badugi_hand, _five, _flush_suit, _lookup, _popcount
from showdown._kernels.tables import FLUSH_BITS, KEY_START, RANK_KEY_MASK

__all__ = [
    "best_badugi",
    "best_five",
    "best_five_pair",
    "first_bad_row",
    "rows_badugi",
    "rows_best_badugi",
    "rows_best_five",
    "rows_fives",
    "rows_keyed",
]

_Row = npt.NDArray[np.int64]
_Cards = npt.NDArray[np.integer]
_Fives = npt.NDArray[np.int8]
_Keys = npt.NDArray[np.int64]
_Offsets = npt.NDArray[np.int32]
_Table = npt.NDArray[np.uint16]


@njit(cache=True, inline="always")
def _order(row: _Cards, sort: bool) -> _Row:  # pragma: no cover - compiled
    """The row's column indexes, by code from highest when ``sort`` (insertion sort)."""
    k = row.shape[0]
    order = np.empty(k, np.int64)
    for j in range(k):
        order[j] = j
    if sort:
        for j in range(1, k):
            x = order[j]
            m = j
            while m > 0 and row[order[m - 1]] < row[x]:
                order[m] = order[m - 1]
                m -= 1
            order[m] = x
    return order


@njit(cache=True)
def best_five(
    row: _Cards,
    fives: _Fives,
    sort: bool,
    card_keys: _Keys,
    offsets: _Offsets,
    ranks: _Table,
    flushes: _Table,
    use_flush: bool,
) -> tuple[int, int]:  # pragma: no cover - compiled
    """The best of the candidate five-card sets of one row: (strength, column mask).

    ``fives`` lists the candidates in the readable evaluator's order, as
    positions in the row sorted by code from highest (``sort``) or as given
    (Omaha's two plus three). ``(0, 0)`` when no candidate has a value.
    """
    order = _order(row, sort)
    best = 0
    best_t = -1
    for t in range(fives.shape[0]):
        value = _five(
            int(row[order[fives[t, 0]]]),
            int(row[order[fives[t, 1]]]),
            int(row[order[fives[t, 2]]]),
            int(row[order[fives[t, 3]]]),
            int(row[order[fives[t, 4]]]),
            card_keys,
            offsets,
            ranks,
            flushes,
            use_flush,
        )
        if value > best:
            best = value
            best_t = t
    if best_t < 0:
        return 0, 0
    mask = 0
    for j in range(5):
        mask |= 1 << order[fives[best_t, j]]
    return best, mask


@njit(cache=True)
def best_five_pair(
    row: _Cards,
    fives: _Fives,
    sort: bool,
    card_keys: _Keys,
    offsets: _Offsets,
    ranks_a: _Table,
    flushes_a: _Table,
    use_flush_a: bool,
    ranks_b: _Table,
    flushes_b: _Table,
    use_flush_b: bool,
) -> tuple[int, int, int, int]:  # pragma: no cover - compiled
    """Two rankings over the same candidates (a hi/lo game): (high, mask, low, mask)."""
    order = _order(row, sort)
    best_a = 0
    best_b = 0
    t_a = -1
    t_b = -1
    for t in range(fives.shape[0]):
        c0 = int(row[order[fives[t, 0]]])
        c1 = int(row[order[fives[t, 1]]])
        c2 = int(row[order[fives[t, 2]]])
        c3 = int(row[order[fives[t, 3]]])
        c4 = int(row[order[fives[t, 4]]])
        value = _five(c0, c1, c2, c3, c4, card_keys, offsets, ranks_a, flushes_a, use_flush_a)
        if value > best_a:
            best_a = value
            t_a = t
        value = _five(c0, c1, c2, c3, c4, card_keys, offsets, ranks_b, flushes_b, use_flush_b)
        if value > best_b:
            best_b = value
            t_b = t
    mask_a = 0
    mask_b = 0
    for j in range(5):
        if t_a >= 0:
            mask_a |= 1 << order[fives[t_a, j]]
        if t_b >= 0:
            mask_b |= 1 << order[fives[t_b, j]]
    return best_a, mask_a, best_b, mask_b


@njit(cache=True)
def best_badugi(
    row: _Cards, subsets: _Fives, by_mask: _Table
) -> tuple[int, int]:  # pragma: no cover - compiled
    """The best Badugi subset of one row: (strength, column mask).

    ``subsets`` lists the candidates in the readable order (four cards down to
    one), as positions in the row sorted by code from highest, padded with -1.
    """
    order = _order(row, True)
    best = 0
    best_t = 0
    for t in range(subsets.shape[0]):
        ranks = 0
        suits = 0
        size = 0
        for j in range(4):
            if subsets[t, j] < 0:
                break
            code = int(row[order[subsets[t, j]]])
            ranks |= 1 << (code >> 2)
            suits |= 1 << (code & 3)
            size += 1
        if _popcount(ranks) != size or _popcount(suits) != size:
            continue
        value = by_mask[ranks]
        if value > best:
            best = value
            best_t = t
    mask = 0
    for j in range(4):
        if subsets[best_t, j] >= 0:
            mask |= 1 << order[subsets[best_t, j]]
    return int(best), mask


@njit(cache=True)
def first_bad_row(cards: _Cards, allowed: int) -> int:  # pragma: no cover - compiled
    """The first row with a code outside ``allowed`` or a repeated code; -1 if none."""
    n, k = cards.shape
    for i in range(n):
        seen = 0
        repeated = 0
        spread = 0
        for j in range(k):
            code = int(cards[i, j])
            spread |= code
            bit = 1 << (code & 63)
            repeated |= seen & bit
            seen |= bit
        if (spread & ~63) | repeated | (seen & ~allowed):
            return i
    return -1


@njit(cache=True)
def rows_keyed(
    cards: _Cards,
    card_keys: _Keys,
    offsets: _Offsets,
    ranks: _Table,
    flushes: _Table,
    use_flush: bool,
    out: npt.NDArray[np.int32],
    column: int,
) -> None:  # pragma: no cover - compiled
    """:func:`showdown._kernels.evaluate.keyed`, one row after another."""
    n, k = cards.shape
    for i in range(n):
        key = KEY_START
        for j in range(k):
            key += card_keys[cards[i, j]]
        if use_flush and key & FLUSH_BITS:
            suit = _flush_suit(key)
            mask = 0
            for j in range(k):
                code = int(cards[i, j])
                if code & 3 == suit:
                    mask |= 1 << (code >> 2)
            out[i, column] = flushes[mask]
        else:
            out[i, column] = _lookup(key & RANK_KEY_MASK, offsets, ranks)


@njit(cache=True)
def rows_fives(
    cards: _Cards,
    fives: _Fives,
    card_keys: _Keys,
    offsets: _Offsets,
    ranks: _Table,
    flushes: _Table,
    use_flush: bool,
    out: npt.NDArray[np.int32],
    column: int,
) -> None:  # pragma: no cover - compiled
    """The best of the five-card subsets ``fives`` (column indexes), one row after another."""
    for i in range(cards.shape[0]):
        best = 0
        for t in range(fives.shape[0]):
            value = _five(
                int(cards[i, fives[t, 0]]),
                int(cards[i, fives[t, 1]]),
                int(cards[i, fives[t, 2]]),
                int(cards[i, fives[t, 3]]),
                int(cards[i, fives[t, 4]]),
                card_keys,
                offsets,
                ranks,
                flushes,
                use_flush,
            )
            best = max(best, value)
        out[i, column] = best


@njit(cache=True)
def rows_badugi(
    cards: _Cards, binomials: _Keys, table: _Table, out: npt.NDArray[np.int32], column: int
) -> None:  # pragma: no cover - compiled
    """:func:`showdown._kernels.evaluate.badugi`, one row after another."""
    for i in range(cards.shape[0]):
        out[i, column] = _badugi_hand(
            int(cards[i, 0]), int(cards[i, 1]), int(cards[i, 2]), int(cards[i, 3]), binomials, table
        )


@njit(cache=True)
def rows_best_five(
    cards: _Cards,
    fives: _Fives,
    sort: bool,
    card_keys: _Keys,
    offsets: _Offsets,
    ranks: _Table,
    flushes: _Table,
    use_flush: bool,
    out: npt.NDArray[np.int8],
) -> None:  # pragma: no cover - compiled
    """:func:`showdown._kernels.evaluate.best_fives`, one row after another."""
    for i in range(cards.shape[0]):
        _, mask = best_five(cards[i], fives, sort, card_keys, offsets, ranks, flushes, use_flush)
        _mask_columns(mask, out[i])


@njit(cache=True)
def rows_best_badugi(
    cards: _Cards, subsets: _Fives, by_mask: _Table, out: npt.NDArray[np.int8]
) -> None:  # pragma: no cover - compiled
    """:func:`showdown._kernels.evaluate.best_badugi`, one row after another."""
    for i in range(cards.shape[0]):
        _, mask = best_badugi(cards[i], subsets, by_mask)
        _mask_columns(mask, out[i])


@njit(cache=True, inline="always")
def _mask_columns(mask: int, out: npt.NDArray[np.int8]) -> None:  # pragma: no cover - compiled
    """The set bits of ``mask`` as increasing column indexes, padded with -1."""
    size = 0
    column = 0
    while mask:
        if mask & 1:
            out[size] = column
            size += 1
        mask >>= 1
        column += 1
    for j in range(size, out.shape[0]):
        out[j] = -1
