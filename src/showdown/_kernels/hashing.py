"""The perfect hash of the rank keys: row displacement, built once per process.

>>> import numpy as np
>>> keys = np.array([3, 700, 1000, 260], dtype=np.int64)
>>> offsets = row_displacement(keys, 8, 1 << 4)
>>> slots = (keys + offsets[keys >> 8]) & 15
>>> len(set(slots.tolist()))
4
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["multiplied_displacement", "row_displacement"]


@njit(cache=True)
def row_displacement(
    keys: npt.NDArray[np.int64], shift: int, size: int
) -> npt.NDArray[np.int32]:  # pragma: no cover - compiled
    """Offsets such that ``(key + offsets[key >> shift]) & (size - 1)`` is one-to-one.

    Rows (keys sharing ``key >> shift``) are placed fullest first, each at the
    smallest offset where all its slots are free (:func:`_displace`). ``size`` is
    a power of two larger than the number of keys; the keys must be distinct, and
    fit (an empty result where they do not).
    """
    rows = keys >> shift
    return _displace(keys, rows, rows.max() + 1, size).astype(np.int32)


@njit(cache=True)
def multiplied_displacement(
    keys: npt.NDArray[np.int64], multiplier: int, row_bits: int, size: int
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    """:func:`row_displacement` with rows by a multiplicative hash; empty where it fails.

    A key's row is the top ``row_bits`` bits of the low 32 bits of ``key *
    multiplier`` (keys below ``2**32``), so the rows are about equally full
    wherever the keys cluster; its slot is ``(key + offsets[row]) & (size - 1)``.
    When a row finds no free offset (two keys of a row equal modulo ``size``, or a
    table too full) the result is empty, and the caller tries another multiplier.
    """
    rows = ((keys * multiplier) & 0xFFFFFFFF) >> (32 - row_bits)
    return _displace(keys, rows, 1 << row_bits, size)


@njit(cache=True)
def _displace(
    keys: npt.NDArray[np.int64], rows: npt.NDArray[np.int64], n_rows: int, size: int
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    """Each of ``n_rows`` rows' offset, ``keys[i]`` being in row ``rows[i]``: rows placed
    fullest first, each at the smallest offset below ``size`` where all its keys'
    slots ``(key + offset) & (size - 1)`` are free and different; empty where a row
    finds none."""
    counts = np.zeros(n_rows, np.int64)
    for row in rows:
        counts[row] += 1
    order = np.argsort(-counts, kind="mergesort")
    start = np.zeros(n_rows + 1, np.int64)
    for row in range(n_rows):
        start[row + 1] = start[row] + counts[row]
    fill = start[:-1].copy()
    members = np.empty(len(keys), np.int64)
    for i in range(len(keys)):
        members[fill[rows[i]]] = keys[i]
        fill[rows[i]] += 1
    mask = size - 1
    taken = np.zeros(size, np.bool_)
    offsets = np.zeros(n_rows, np.int64)
    for row in order:
        if counts[row] == 0:
            break
        row_keys = members[start[row] : start[row + 1]]
        offset = 0
        while offset < size:
            placed = 0  # taken as they go, so that two keys of the row cannot share a slot
            for key in row_keys:
                if taken[(key + offset) & mask]:
                    break
                taken[(key + offset) & mask] = True
                placed += 1
            if placed == len(row_keys):
                break
            for key in row_keys[:placed]:
                taken[(key + offset) & mask] = False
            offset += 1
        if offset == size:
            return np.zeros(0, np.int64)
        offsets[row] = offset
    return offsets


def greedy_rank_keys(
    max_cards: int, *, first: int, exact: bool, n_ranks: int = 13
) -> tuple[int, ...]:
    """The smallest increasing rank keys whose sums tell multisets of ranks apart.

    Multisets hold at most four of a rank and ``max_cards`` cards (exactly
    ``max_cards`` with ``exact``). The first key is ``first``; each next one is
    the smallest larger number keeping all sums different. This is how
    :data:`showdown._kernels.tables.RANK_KEYS` (7 cards, from 1) and
    :data:`~showdown._kernels.tables.FIVE_KEYS` (exactly 5, from 0) were found.

    >>> greedy_rank_keys(5, first=0, exact=True, n_ranks=5)
    (0, 1, 5, 22, 94)
    """
    keys = [first]
    counts = np.arange(min(4, max_cards) + 1, dtype=np.int64)
    sums = counts * first
    for _ in range(1, n_ranks):
        key = _smallest_key(sums, counts, keys[-1] + 1, max_cards, exact)
        keys.append(key)
        parts_sums = []
        parts_counts = []
        for count in range(5):
            keep = counts + count <= max_cards
            parts_sums.append(sums[keep] + count * key)
            parts_counts.append(counts[keep] + count)
        sums = np.concatenate(parts_sums)
        counts = np.concatenate(parts_counts)
    return tuple(keys)


@njit(cache=True)
def _smallest_key(
    sums: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    start: int,
    max_cards: int,
    exact: bool,
) -> int:  # pragma: no cover - compiled
    """The smallest key from ``start`` that adds a rank to the multisets without a collision."""
    key = start
    seen = np.zeros(1024, np.bool_)
    touched = np.empty(5 * len(sums), np.int64)
    while True:
        top = sums.max() + 4 * key + 1
        if len(seen) < top:
            seen = np.zeros(2 * top, np.bool_)
        free = True
        n_touched = 0
        for i in range(len(sums)):
            for count in range(5):
                cards = counts[i] + count
                if cards > max_cards:
                    break
                if exact and cards != max_cards:
                    continue
                value = sums[i] + count * key
                if seen[value]:
                    free = False
                    break
                seen[value] = True
                touched[n_touched] = value
                n_touched += 1
            if not free:
                break
        for j in range(n_touched):
            seen[touched[j]] = False
        if free:
            return key
        key += 1
