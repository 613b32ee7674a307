"""The perfect hash of the rank keys (row displacement) and the greedy search of the keys.

Plain numpy, run once: the tables built from them are kept on disk
(:mod:`showdown._kernels.store`), so a process builds a hash only when no kept
copy exists. The offsets found are part of the tables the compiled core reads,
so every step here is deterministic: first fit, rows fullest first.

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

__all__ = ["greedy_rank_keys", "multiplied_displacement", "row_displacement"]

_FIRST_BLOCK = 64
"""Offsets a row tries at once at first; the block doubles while none fits."""


def row_displacement(keys: npt.NDArray[np.int64], shift: int, size: int) -> npt.NDArray[np.int32]:
    """Offsets such that ``(key + offsets[key >> shift]) & (size - 1)`` is one-to-one.

    Rows (keys sharing ``key >> shift``) are placed fullest first, each at the
    smallest offset where all its slots are free (:func:`_displace`). ``size`` is
    a power of two larger than the number of keys; the keys must be distinct, and
    fit (an empty result where they do not).
    """
    keys = np.asarray(keys, np.int64)
    rows = keys >> shift
    return _displace(keys, rows, int(rows.max()) + 1, size).astype(np.int32)


def multiplied_displacement(
    keys: npt.NDArray[np.int64], multiplier: int, row_bits: int, size: int
) -> npt.NDArray[np.int64]:
    """:func:`row_displacement` with rows by a multiplicative hash; empty where it fails.

    A key's row is the top ``row_bits`` bits of the low 32 bits of ``key *
    multiplier`` (keys below ``2**32``), so the rows are about equally full
    wherever the keys cluster; its slot is ``(key + offsets[row]) & (size - 1)``.
    When a row finds no free offset (two keys of a row equal modulo ``size``, or a
    table too full) the result is empty, and the caller tries another multiplier.

    >>> keys = np.arange(12, dtype=np.int64) * 37
    >>> offsets = multiplied_displacement(keys, 0x9E3779B1, 2, 16)
    >>> rows = ((keys * 0x9E3779B1) & 0xFFFFFFFF) >> 30
    >>> len(set(((keys + offsets[rows]) & 15).tolist()))
    12
    >>> len(multiplied_displacement(np.arange(20), 0x9E3779B1, 2, 16))  # more keys than slots
    0
    """
    keys = np.asarray(keys, np.int64)
    rows = ((keys * multiplier) & 0xFFFFFFFF) >> (32 - row_bits)
    return _displace(keys, rows, 1 << row_bits, size)


def _displace(
    keys: npt.NDArray[np.int64], rows: npt.NDArray[np.int64], n_rows: int, size: int
) -> npt.NDArray[np.int64]:
    """Each of ``n_rows`` rows' offset, ``keys[i]`` being in row ``rows[i]``: rows placed
    fullest first (ties by row number), each at the smallest offset below ``size``
    where all its keys' slots ``(key + offset) & (size - 1)`` are free and different;
    empty where a row finds none."""
    mask = size - 1
    failed = np.zeros(0, np.int64)
    counts = np.bincount(rows, minlength=n_rows)
    # two keys of a row equal modulo the size share a slot at every offset
    places = rows * size + (keys & mask)
    if len(np.unique(places)) != len(places):
        return failed
    order = np.argsort(-counts, kind="mergesort")
    order = order[counts[order] > 0]
    members = keys[np.argsort(rows, kind="mergesort")] & mask
    start = np.concatenate(([0], np.cumsum(counts)))
    # slot s is free when free[s] (and its copy free[s + size], so that the slots
    # from any key's onwards are one slice)
    free = np.ones(2 * size, np.bool_)
    offsets = np.zeros(n_rows, np.int64)
    offset = 0
    for row in order.tolist():
        row_keys = members[start[row] : start[row + 1]]
        # the first block reaches about as far as the last row needed (the table only fills)
        offset = _first_fit(row_keys, free, size, _FIRST_BLOCK + offset // 2)
        if offset < 0:
            return failed
        slots = (row_keys + offset) & mask
        free[slots] = False
        free[slots + size] = False
        offsets[row] = offset
    return offsets


def _first_fit(
    row_keys: npt.NDArray[np.int64], free: npt.NDArray[np.bool_], size: int, block: int
) -> int:
    """The smallest offset below ``size`` putting every key of a row on a free slot; -1 if none.

    ``row_keys`` are below ``size``; ``free`` is the free slots twice over.
    Offsets are tried ``block`` at a time (the block doubling while none fits):
    the first key's free slots give the candidates, the second key keeps those
    free for it, and the other keys are looked at together for what is left.
    """
    first, second, rest = int(row_keys[0]), row_keys[1:2], row_keys[2:, np.newaxis]
    low = 0
    while low < size:
        high = min(low + block, size)
        candidates = np.flatnonzero(free[first + low : first + high]) + low
        if len(candidates) and len(second):
            candidates = candidates[free[candidates + second]]
        if len(candidates) and len(rest):
            candidates = candidates[free[candidates + rest].all(axis=0)]
        if len(candidates):
            return int(candidates[0])
        low = high
        block *= 2
    return -1


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


def _smallest_key(
    sums: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    start: int,
    max_cards: int,
    exact: bool,
) -> int:
    """The smallest key from ``start`` that adds a rank to the multisets without a collision.

    A multiset ``i`` (sum ``sums[i]``, ``counts[i]`` cards) takes ``c`` of the new
    rank, of key ``k``, where the cards allow: sum ``sums[i] + c * k``. Two such sums
    with ``c < d`` meet exactly when ``sums[i] - sums[j] = (d - c) * k``; so the keys
    to avoid are the differences between the sums allowed ``c`` and those allowed
    ``d``, over ``d - c``. Every difference at once is a cross-correlation of the
    two sets' indicator arrays (by FFT; its values are whole counts, well within
    float precision). The same sums with the same ``c`` meet whatever the key:
    then there is none.

    Raises:
        ValueError: two multisets that must stay apart already have the same sum.
    """
    groups = []
    for count in range(5):
        cards = counts + count
        allowed = cards == max_cards if exact else cards <= max_cards
        groups.append(np.unique(sums[allowed]))
        if len(groups[-1]) != np.count_nonzero(allowed):
            raise ValueError("two multisets have the same sum whatever the next key")
    top = max((int(group[-1]) for group in groups if len(group)), default=0) + 1
    length = 1 << (2 * top).bit_length()  # no wrap: differences lie in (-top, top)
    spectra = []
    for group in groups:
        indicator = np.zeros(top, np.float64)
        indicator[group] = 1.0
        spectra.append(np.fft.rfft(indicator, length))
    taken = np.zeros(top, np.bool_)  # a difference below top, over d - c >= 1, is below top
    for step in range(1, 5):
        product = sum(spectra[count] * np.conj(spectra[count + step]) for count in range(5 - step))
        meets = np.fft.irfft(product, length)[:top] > 0.5
        differences = np.flatnonzero(meets)
        taken[differences[differences % step == 0] // step] = True
    if start >= top:
        return start
    free = np.flatnonzero(~taken[start:])
    return start + int(free[0]) if len(free) else top
