"""Batch kernels: a strength per row of card codes, and the cards that play.

Each kernel takes an ``(n, k)`` array of card codes and the tables of
:mod:`showdown._kernels.tables`, and writes ``out[i, column]``. None checks
its input (:mod:`showdown.batch` does, with :func:`first_bad_row`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from showdown._kernels.tables import (
    FLUSH_BITS,
    HASH_SHIFT,
    HASH_SIZE,
    KEY_START,
    RANK_KEY_MASK,
    SUIT_SHIFT,
)

__all__ = [
    "badugi",
    "best_badugi",
    "best_fives",
    "best_of_fives",
    "first_bad_row",
    "keyed",
    "omaha",
    "omaha_low",
]

_SLOT_MASK = HASH_SIZE - 1
_BLOCK = 4096
_Cards = npt.NDArray[np.integer]
_Out = npt.NDArray[np.int32]
_Table = npt.NDArray[np.uint16]
_Keys = npt.NDArray[np.int64]
_Offsets = npt.NDArray[np.int32]


@njit(cache=True, inline="always")
def _lookup(key: int, offsets: _Offsets, ranks: _Table) -> int:  # pragma: no cover
    """The strength at a rank key's perfect-hash slot."""
    return int(ranks[(key + offsets[key >> HASH_SHIFT]) & _SLOT_MASK])


@njit(cache=True, inline="always")
def _flush_suit(key: int) -> int:  # pragma: no cover
    """The suit with five or more cards, from a hand key's counters."""
    top = (key & FLUSH_BITS) >> (SUIT_SHIFT + 3)
    if top & 1:
        return 0
    if top & 0x10:
        return 1
    if top & 0x100:
        return 2
    return 3


@njit(cache=True, parallel=True)
def first_bad_row(cards: _Cards, allowed: int) -> int:  # pragma: no cover
    """The first row with a code outside the ``allowed`` bit mask or a repeated code; -1 if none."""
    n, k = cards.shape
    n_blocks = (n + _BLOCK - 1) // _BLOCK
    firsts = np.full(n_blocks, n, np.int64)
    for block in prange(n_blocks):
        for i in range(block * _BLOCK, min(n, (block + 1) * _BLOCK)):
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
                firsts[block] = i
                break
    first = firsts.min() if n_blocks else n
    return -1 if first == n else first


@njit(cache=True, parallel=True)
def keyed(
    cards: _Cards,
    card_keys: _Keys,
    offsets: _Offsets,
    ranks: _Table,
    flushes: _Table,
    use_flush: bool,
    out: _Out,
    column: int,
) -> None:  # pragma: no cover
    """Best five of five to seven cards, one hand key per row.

    Correct for rankings that ignore suits (``use_flush`` false), for five
    cards in any ranking, and for up to seven cards when a flush outranks
    everything a hand with a flush can also hold (the high rankings).
    """
    n, k = cards.shape
    for i in prange(n):
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


@njit(cache=True, inline="always")
def _five(
    c0: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
    card_keys: _Keys,
    offsets: _Offsets,
    ranks: _Table,
    flushes: _Table,
    use_flush: bool,
) -> int:  # pragma: no cover
    """The strength of five cards."""
    suit = c0 & 3
    if use_flush and c1 & 3 == suit and c2 & 3 == suit and c3 & 3 == suit and c4 & 3 == suit:
        mask = (
            (1 << (c0 >> 2))
            | (1 << (c1 >> 2))
            | (1 << (c2 >> 2))
            | (1 << (c3 >> 2))
            | (1 << (c4 >> 2))
        )
        return int(flushes[mask])
    key = (
        card_keys[c0] + card_keys[c1] + card_keys[c2] + card_keys[c3] + card_keys[c4]
    ) & RANK_KEY_MASK
    return _lookup(key, offsets, ranks)


@njit(cache=True, parallel=True)
def best_of_fives(
    cards: _Cards,
    fives: npt.NDArray[np.int8],
    card_keys: _Keys,
    offsets: _Offsets,
    ranks: _Table,
    flushes: _Table,
    use_flush: bool,
    out: _Out,
    column: int,
) -> None:  # pragma: no cover
    """The best of the five-card subsets ``fives`` (column indexes) of each row."""
    n = cards.shape[0]
    for i in prange(n):
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


@njit(cache=True, parallel=True)
def omaha(
    cards: _Cards,
    n_hole: int,
    five_keys: _Keys,
    fives: _Table,
    flushes: _Table,
    use_flush: bool,
    out: _Out,
    column: int,
) -> None:  # pragma: no cover
    """Exactly two of the ``n_hole`` first cards and three of the rest (the board).

    Every pair's and triple's ``FIVE_KEYS`` sum is formed once; each of the
    pair x triple sums indexes the five-card table directly. Flushes are
    looked at only for a suit with two hole and three board cards.
    """
    n, k = cards.shape
    n_board = k - n_hole
    n_blocks = (n + _BLOCK - 1) // _BLOCK
    for block in prange(n_blocks):
        pair_keys = np.empty(n_hole * (n_hole - 1) // 2, np.int64)
        triple_keys = np.empty(max(1, n_board * (n_board - 1) * (n_board - 2) // 6), np.int64)
        for i in range(block * _BLOCK, min(n, (block + 1) * _BLOCK)):
            n_pairs = 0
            hole_suits = 0
            for a in range(n_hole):
                key_a = five_keys[cards[i, a]]
                hole_suits += 1 << (4 * (cards[i, a] & 3))
                for b in range(a + 1, n_hole):
                    pair_keys[n_pairs] = key_a + five_keys[cards[i, b]]
                    n_pairs += 1
            n_triples = 0
            board_suits = 0
            for a in range(n_hole, k):
                key_a = five_keys[cards[i, a]]
                board_suits += 1 << (4 * (cards[i, a] & 3))
                for b in range(a + 1, k):
                    key_ab = key_a + five_keys[cards[i, b]]
                    for c in range(b + 1, k):
                        triple_keys[n_triples] = key_ab + five_keys[cards[i, c]]
                        n_triples += 1
            best = 0
            for p in range(n_pairs):
                pair = pair_keys[p]
                for t in range(n_triples):
                    best = max(best, fives[pair + triple_keys[t]])
            if use_flush:
                for suit in range(4):
                    if (hole_suits >> (4 * suit)) & 15 >= 2 and (
                        board_suits >> (4 * suit)
                    ) & 15 >= 3:
                        best = max(best, _omaha_flush(cards[i], n_hole, suit, flushes))
            out[i, column] = best


@njit(cache=True, parallel=True)
def omaha_low(
    cards: _Cards,
    n_hole: int,
    low_ranks: int,
    lows: _Table,
    out: _Out,
    column: int,
) -> None:  # pragma: no cover
    """A qualifying low from exactly two hole and three board cards, by rank masks.

    Only different ranks that may play (``low_ranks``) count; ``lows`` is
    zero for any mask but five such ranks, so a pair shared by hole and board
    never qualifies.
    """
    n, k = cards.shape
    for i in prange(n):
        hole = 0
        for a in range(n_hole):
            hole |= (1 << (int(cards[i, a]) >> 2)) & low_ranks
        board = 0
        for a in range(n_hole, k):
            board |= (1 << (int(cards[i, a]) >> 2)) & low_ranks
        best = 0
        rest_a = hole
        while rest_a:
            bit_a = rest_a & -rest_a
            rest_a ^= bit_a
            rest_b = rest_a
            while rest_b:
                bit_b = rest_b & -rest_b
                rest_b ^= bit_b
                pair = bit_a | bit_b
                if _popcount(board & ~pair) < 3:
                    continue
                rest_c = board
                while rest_c:
                    bit_c = rest_c & -rest_c
                    rest_c ^= bit_c
                    rest_d = rest_c
                    while rest_d:
                        bit_d = rest_d & -rest_d
                        rest_d ^= bit_d
                        rest_e = rest_d
                        while rest_e:
                            bit_e = rest_e & -rest_e
                            rest_e ^= bit_e
                            best = max(best, lows[pair | bit_c | bit_d | bit_e])
        out[i, column] = best


@njit(cache=True)
def _omaha_flush(row: _Cards, n_hole: int, suit: int, flushes: _Table) -> int:  # pragma: no cover
    """The best flush of one suit with two hole and three board cards."""
    k = row.shape[0]
    best = 0
    for a in range(n_hole):
        if row[a] & 3 != suit:
            continue
        for b in range(a + 1, n_hole):
            if row[b] & 3 != suit:
                continue
            hole = (1 << (int(row[a]) >> 2)) | (1 << (int(row[b]) >> 2))
            for c in range(n_hole, k):
                if row[c] & 3 != suit:
                    continue
                for d in range(c + 1, k):
                    if row[d] & 3 != suit:
                        continue
                    for e in range(d + 1, k):
                        if row[e] & 3 != suit:
                            continue
                        mask = (
                            hole
                            | (1 << (int(row[c]) >> 2))
                            | (1 << (int(row[d]) >> 2))
                            | (1 << (int(row[e]) >> 2))
                        )
                        best = max(best, flushes[mask])
    return best


@njit(cache=True, inline="always")
def _badugi_hand(
    a: int, b: int, c: int, d: int, binomials: npt.NDArray[np.int64], table: _Table
) -> int:  # pragma: no cover
    """The strength of four Badugi cards: sort the codes, index the table of every hand."""
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return int(table[binomials[1, a] + binomials[2, b] + binomials[3, c] + binomials[4, d]])


@njit(cache=True, parallel=True)
def badugi(
    cards: _Cards, binomials: npt.NDArray[np.int64], table: _Table, out: _Out, column: int
) -> None:  # pragma: no cover
    """Four cards: sort them, index the table of every four-card hand."""
    n = cards.shape[0]
    for i in prange(n):
        out[i, column] = _badugi_hand(
            int(cards[i, 0]), int(cards[i, 1]), int(cards[i, 2]), int(cards[i, 3]), binomials, table
        )


@njit(cache=True, parallel=True)
def best_fives(
    cards: _Cards,
    fives: npt.NDArray[np.int8],
    sort: bool,
    card_keys: _Keys,
    offsets: _Offsets,
    ranks: _Table,
    flushes: _Table,
    use_flush: bool,
    out: npt.NDArray[np.int8],
) -> None:  # pragma: no cover
    """The columns of the five cards that play, as the readable evaluator picks them.

    ``fives`` lists the candidate subsets in the readable evaluator's order, as
    positions in the row sorted by code from highest (``sort``) or as given;
    the first of the best wins. ``out[i]`` gets the columns in increasing
    order, or -1 where no subset has a value.
    """
    n, k = cards.shape
    n_blocks = (n + _BLOCK - 1) // _BLOCK
    for block in prange(n_blocks):
        order = np.empty(k, np.int64)
        chosen = np.empty(5, np.int64)
        for i in range(block * _BLOCK, min(n, (block + 1) * _BLOCK)):
            for j in range(k):
                order[j] = j
            if sort:
                for j in range(1, k):
                    x = order[j]
                    m = j
                    while m > 0 and cards[i, order[m - 1]] < cards[i, x]:
                        order[m] = order[m - 1]
                        m -= 1
                    order[m] = x
            best = 0
            best_t = -1
            for t in range(fives.shape[0]):
                value = _five(
                    int(cards[i, order[fives[t, 0]]]),
                    int(cards[i, order[fives[t, 1]]]),
                    int(cards[i, order[fives[t, 2]]]),
                    int(cards[i, order[fives[t, 3]]]),
                    int(cards[i, order[fives[t, 4]]]),
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
                out[i, :] = -1
                continue
            for j in range(5):
                chosen[j] = order[fives[best_t, j]]
            chosen.sort()
            for j in range(5):
                out[i, j] = chosen[j]


@njit(cache=True, parallel=True)
def best_badugi(
    cards: _Cards, subsets: npt.NDArray[np.int8], by_mask: _Table, out: npt.NDArray[np.int8]
) -> None:  # pragma: no cover
    """The columns of the Badugi cards that count (padded with -1), as the readable evaluator.

    ``subsets`` lists the candidates in the readable evaluator's order (four
    cards down to one, each size in combination order), as positions in the
    row sorted by code from highest, padded with -1; the first of the best wins.
    """
    n, k = cards.shape
    n_blocks = (n + _BLOCK - 1) // _BLOCK
    for block in prange(n_blocks):
        order = np.empty(k, np.int64)
        chosen = np.empty(4, np.int64)
        for i in range(block * _BLOCK, min(n, (block + 1) * _BLOCK)):
            for j in range(k):
                order[j] = j
            for j in range(1, k):
                x = order[j]
                m = j
                while m > 0 and cards[i, order[m - 1]] < cards[i, x]:
                    order[m] = order[m - 1]
                    m -= 1
                order[m] = x
            best = 0
            best_t = 0
            for t in range(subsets.shape[0]):
                ranks = 0
                suits = 0
                size = 0
                for j in range(4):
                    if subsets[t, j] < 0:
                        break
                    code = int(cards[i, order[subsets[t, j]]])
                    ranks |= 1 << (code >> 2)
                    suits |= 1 << (code & 3)
                    size += 1
                if _popcount(ranks) != size or _popcount(suits) != size:
                    continue
                value = by_mask[ranks]
                if value > best:
                    best = value
                    best_t = t
            size = 0
            for j in range(4):
                if subsets[best_t, j] >= 0:
                    chosen[size] = order[subsets[best_t, j]]
                    size += 1
            chosen[:size].sort()
            for j in range(4):
                out[i, j] = chosen[j] if j < size else -1


@njit(cache=True, inline="always")
def _popcount(bits: int) -> int:  # pragma: no cover
    count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count
