"""Equity kernels: deal, evaluate and score many showdowns in compiled loops.

Private. The public, checking wrapper is :mod:`showdown.equity`; these loops take
integer arrays and check nothing (house rule 9). Importing this module imports
numba, so :mod:`showdown.equity` imports it lazily.

Hand values come from tables derived from the ranking tables of
:func:`showdown.tables.get_table`:

* a *rank key* per hand, the sum of one multiplier per card's rank, unique for
  every multiset of 0-7 ranks with at most four of each (the multipliers of
  OMPEval, zekyll/OMPEval, checked again here when the tables are built); a
  two-level perfect hash turns the key into a slot, and per ranking
  ``nonflush[slot, r]`` is the strength of the best five cards of that multiset;
* a *suit word*, four 4-bit counters (``+ 0x3333`` sets bit 3 of a counter when
  it reaches 5: a flush), and ``flush[rank_bits, r]``, the best flush of the
  suited ranks;
* for Badugi, ``badugi[rank_bits]``, the value of cards of different ranks and
  suits.

Every deal is scored in whole units: a pot is :data:`POT` = 5040 units, so a
pot or half pot split between up to ten players is still a whole number.
Per player the counts are :data:`WIN` (deals won whole), :data:`TIE` (deals
with part of the pot), :data:`SHARE` (units won), :data:`HIGH` and
:data:`LOW` (units won from each half of a split pot) and :data:`SHARE_SQ`
(the sum of squared units, for the standard error).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

import numba as nb
import numpy as np
import numpy.typing as npt

from showdown.games import Game
from showdown.rules import Formation, RuleSet
from showdown.tables import get_table

__all__ = [
    "ANY_MIX",
    "BADUGI",
    "BOARD_HIGH",
    "COLUMNS",
    "HIGH",
    "LOW",
    "OMAHA",
    "POT",
    "SHARE",
    "SHARE_SQ",
    "TIE",
    "WIN",
    "EquityTables",
    "equity_tables",
    "exact_board_ranks",
    "exact_counts",
    "sample_counts",
]

I64 = npt.NDArray[np.int64]
Offsets = npt.NDArray[np.int32]
Table = npt.NDArray[np.uint16]

POT: Final = 5040
"""Units in one pot: divisible by 1..10 and, halved, again by 1..10."""
WIN, TIE, SHARE, HIGH, LOW, SHARE_SQ = range(6)
COLUMNS: Final = 6

ANY_MIX: Final = 0
"""Best five of any of the player's cards and the board (Hold'em, Stud, draw games)."""
OMAHA: Final = 1
"""Exactly two hole cards and three board cards."""
BADUGI: Final = 2
"""Badugi: the best set of cards of different ranks and suits."""
BOARD_HIGH: Final = 3
"""Hold'em-like: two hole cards and a five-card board, any mix, one high ranking
with flushes (a faster :data:`ANY_MIX` for sampling)."""

RANK_KEYS: Final = np.array(
    [
        0x2000,
        0x8001,
        0x11000,
        0x3A000,
        0x91000,
        0x176005,
        0x366000,
        0x41A013,
        0x47802E,
        0x479068,
        0x48C0E4,
        0x48F211,
        0x494493,
    ],
    dtype=np.int64,
)
ROW_SHIFT: Final = 12
LOW_BITS: Final = (1 << ROW_SHIFT) - 1
FLUSH_BIAS: Final = 0x3333
FLUSH_BITS: Final = 0x8888

# Per card code: the rank key, the suit word increment, the rank bit.
CARD_KEY: Final = np.array([RANK_KEYS[c >> 2] for c in range(52)], dtype=np.int64)
CARD_SUIT: Final = np.array([1 << (4 * (c & 3)) for c in range(52)], dtype=np.int64)
CARD_BIT: Final = np.array([1 << (c >> 2) for c in range(52)], dtype=np.int64)


# -- tables -----------------------------------------------------------------


@cache
def _multisets() -> tuple[I64, npt.NDArray[np.int8]]:
    """Keys and rank counts of every multiset of 5, 6 or 7 ranks, at most four each."""
    rows = []
    for size in (5, 6, 7):
        for combo in combinations_with_replacement(range(13), size):
            counts = [0] * 13
            for rank in combo:
                counts[rank] += 1
            if max(counts) <= 4:
                rows.append(counts)
    counts_array = np.array(rows, dtype=np.int8)
    keys = counts_array.astype(np.int64) @ RANK_KEYS
    if len(np.unique(keys)) != len(keys):  # pragma: no cover - the multipliers are fixed
        raise AssertionError("rank keys are not unique")
    return keys, counts_array


@nb.njit(cache=True)
def _window(words: npt.NDArray[np.uint64], position: int) -> np.uint64:
    """Bits ``position .. position + 63`` of a bit array."""
    word, shift = position >> 6, position & 63
    if shift == 0:
        return np.uint64(words[word])
    return np.uint64((words[word] >> np.uint64(shift)) | (words[word + 1] << np.uint64(64 - shift)))


@nb.njit(cache=True)
def _displace(lows: I64, order: I64, starts: I64, n_rows: int) -> I64:
    """Greedy row displacement: an offset per row so that no two keys share a slot.

    Rows go largest first; each takes the smallest offset at which all its
    slots are free, 64 candidate offsets tested at once with bit windows.
    """
    offsets = np.zeros(n_rows, dtype=np.int64)
    words = np.zeros((1 << 20) // 64 + 2, dtype=np.uint64)
    first_free = 0
    for position in range(len(order)):
        row = order[position]
        first, last = starts[row], starts[row + 1]
        if first == last:
            continue
        lowest = lows[first]
        for i in range(first, last):
            lowest = min(lowest, lows[i])
        offset = max(0, first_free - lowest)
        while True:
            free = ~np.uint64(0)
            for i in range(first, last):
                free &= ~_window(words, lows[i] + offset)
                if free == 0:
                    break
            if free != 0:
                step = 0
                while not (free >> np.uint64(step)) & np.uint64(1):
                    step += 1
                offset += step
                break
            offset += 64
        for i in range(first, last):
            slot = lows[i] + offset
            words[slot >> 6] |= np.uint64(1) << np.uint64(slot & 63)
        offsets[row] = offset
        while (words[first_free >> 6] >> np.uint64(first_free & 63)) & np.uint64(1):
            first_free += 1
    return offsets


@cache
def _perfect_hash() -> tuple[I64, I64, int]:
    """(row offsets, slot of each multiset of :func:`_multisets`, table size)."""
    keys, _ = _multisets()
    rows = keys >> ROW_SHIFT
    n_rows = int(rows.max()) + 1
    by_row = np.argsort(rows, kind="stable")
    sorted_rows = rows[by_row]
    lows = (keys & LOW_BITS)[by_row]
    starts = np.searchsorted(sorted_rows, np.arange(n_rows + 1)).astype(np.int64)
    sizes = np.diff(starts)
    order = np.argsort(-sizes, kind="stable").astype(np.int64)
    offsets = _displace(lows, order, starts, n_rows)
    slots = offsets[rows] + (keys & LOW_BITS)
    if len(np.unique(slots)) != len(slots):  # pragma: no cover
        raise AssertionError("perfect hash collision")
    return offsets, slots, int(slots.max()) + 1


def _five_card_values(rules: RuleSet, counts: npt.NDArray[np.int8], flush: bool) -> I64:
    lookup = get_table(rules).lookup
    values = np.zeros(len(counts), dtype=np.int64)
    for i, row in enumerate(counts.tolist()):
        ranks = tuple(rank for rank in range(12, -1, -1) for _ in range(row[rank]))
        values[i] = lookup.get((ranks, flush), 0)
    return values


@cache
def _nonflush(rules: RuleSet) -> I64:
    """Per slot: the best five of the multiset, as a strength of ``rules`` (0: none)."""
    keys, counts = _multisets()
    offsets, slots, size = _perfect_hash()
    table = np.zeros(size, dtype=np.int64)
    sizes = counts.sum(axis=1)
    five = sizes == 5
    table[slots[five]] = _five_card_values(rules, counts[five], flush=False)
    for n in (6, 7):
        chosen = sizes == n
        best = np.zeros(int(chosen.sum()), dtype=np.int64)
        for rank in range(13):
            child = keys[chosen] - RANK_KEYS[rank]
            has = counts[chosen, rank] > 0
            child_slots = offsets[np.where(has, child, 0) >> ROW_SHIFT] + (child & LOW_BITS)
            value = np.where(has, table[np.clip(child_slots, 0, size - 1)], 0)
            best = np.maximum(best, value)
        table[slots[chosen]] = best
    return table


@cache
def _flush(rules: RuleSet) -> I64:
    """Per 13-bit set of suited ranks (5 to 7 bits): the best five as a flush."""
    table = np.zeros(1 << 13, dtype=np.int64)
    if not rules.flushes:
        return table
    lookup = get_table(rules).lookup
    bits = np.array([int(m).bit_count() for m in range(1 << 13)])
    for mask in np.nonzero(bits == 5)[0].tolist():
        ranks = tuple(rank for rank in range(12, -1, -1) if mask >> rank & 1)
        table[mask] = lookup.get((ranks, True), 0)
    for n in (6, 7):
        for mask in np.nonzero(bits == n)[0].tolist():
            table[mask] = max(table[mask & ~(1 << r)] for r in range(13) if mask >> r & 1)
    return table


@cache
def _distinct(rules: RuleSet) -> I64:
    """Per 13-bit set of exactly five ranks: their value without a flush (else 0)."""
    table = np.zeros(1 << 13, dtype=np.int64)
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return table
    lookup = get_table(rules).lookup
    for mask in range(1 << 13):
        if mask.bit_count() == 5:
            ranks = tuple(rank for rank in range(12, -1, -1) if mask >> rank & 1)
            table[mask] = lookup.get((ranks, False), 0)
    return table


@cache
def _badugi(rules: RuleSet) -> I64:
    """Per 13-bit set of 1-4 ranks: the value of cards of those ranks, all suits different."""
    table = np.zeros(1 << 13, dtype=np.int64)
    lookup = get_table(rules).lookup
    for mask in range(1, 1 << 13):
        ranks = tuple(rank for rank in range(12, -1, -1) if mask >> rank & 1)
        if len(ranks) <= 4:
            table[mask] = lookup.get((ranks, False), 0)
    return table


@dataclass(frozen=True, slots=True, eq=False)
class EquityTables:
    """Everything a kernel needs to value hands of one game.

    Attributes:
        kind: :data:`ANY_MIX`, :data:`OMAHA` or :data:`BADUGI`.
        offsets: the perfect hash's row offsets.
        nonflush: ``(slots, rankings)`` strengths by rank multiset.
        flush: ``(8192, 2 * rankings)`` strengths by rank bits: columns
            ``0..rankings-1`` the best flush of those suited ranks, then
            ``rankings..`` the value of exactly five different ranks without a
            flush (0 for any other number of bits): a small table that spares
            Omaha most hash lookups.
        flushes: per ranking, 1 when flushes count.
        badugi: Badugi values by rank bits (zeros for other games).
    """

    kind: int
    offsets: Offsets
    nonflush: Table
    flush: Table
    flushes: I64
    badugi: I64

    def compact(self) -> tuple[Offsets, npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
        """Offsets, non-flush and flush tables of the first ranking, small for the cache."""
        return _compact(self)

    @property
    def rankings(self) -> int:
        """How many rankings decide the pot (2 for hi/lo)."""
        return int(self.nonflush.shape[1])


@cache
def _compact(
    tables: EquityTables,
) -> tuple[Offsets, npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    return (
        tables.offsets,
        np.ascontiguousarray(tables.nonflush[:, 0]),
        np.ascontiguousarray(tables.flush[:, 0]),
    )


@cache
def equity_tables(game: Game) -> EquityTables:
    """The tables of a game, built once per process."""
    offsets, _, _ = _perfect_hash()
    rankings = game.rankings
    if rankings[0].formation is Formation.DISTINCT_RANKS_AND_SUITS:
        kind = BADUGI
    elif game.hole_used is not None:
        kind = OMAHA
    else:
        kind = ANY_MIX
    nonflush = np.ascontiguousarray(
        np.stack([_nonflush(r) for r in rankings], axis=1).astype(np.uint16)
    )
    by_bits = [_flush(r) for r in rankings] + [_distinct(r) for r in rankings]
    flush = np.ascontiguousarray(np.stack(by_bits, axis=1).astype(np.uint16))
    flushes = np.array([1 if r.flushes else 0 for r in rankings], dtype=np.int64)
    badugi = _badugi(rankings[0]) if kind == BADUGI else np.zeros(1 << 13, dtype=np.int64)
    return EquityTables(kind, offsets.astype(np.int32), nonflush, flush, flushes, badugi)


# -- valuing one hand ---------------------------------------------------------


@nb.njit(cache=True, nogil=True, inline="always")
def _slot(key: int, offsets: Offsets) -> int:
    return int(offsets[key >> ROW_SHIFT]) + (key & LOW_BITS)


@nb.njit(cache=True, nogil=True)
def _value_any_mix(
    cards: I64,
    n: int,
    offsets: Offsets,
    nonflush: Table,
    flush: Table,
    flushes: I64,
    out: I64,
    row: int,
) -> None:
    """Values of the best five of ``cards[:n]`` (5 to 7 cards), per ranking, into ``out[row]``."""
    key = 0
    suits = 0
    for i in range(n):
        key += CARD_KEY[cards[i]]
        suits += CARD_SUIT[cards[i]]
    slot = _slot(key, offsets)
    rankings = nonflush.shape[1]
    flushed = (suits + FLUSH_BIAS) & FLUSH_BITS
    for r in range(rankings):
        value = nonflush[slot, r]
        if flushed and flushes[r]:
            suit = 0
            while not (flushed >> (4 * suit + 3)) & 1:
                suit += 1
            bits = 0
            for i in range(n):
                if cards[i] & 3 == suit:
                    bits |= CARD_BIT[cards[i]]
            suited = flush[bits, r]
            if n == 5 or suited > value:
                value = suited
        out[row, r] = value


@nb.njit(cache=True, nogil=True)
def _board_triples(board: I64, triple_key: I64, triple_suit: I64, triple_bits: I64) -> None:
    """Rank key, suit (-1: mixed) and rank bits of each three-card subset of a five-card board."""
    t = 0
    for a in range(3):
        for b in range(a + 1, 4):
            for c in range(b + 1, 5):
                x, y, z = board[a], board[b], board[c]
                triple_key[t] = CARD_KEY[x] + CARD_KEY[y] + CARD_KEY[z]
                s = x & 3
                triple_suit[t] = s if (y & 3) == s and (z & 3) == s else -1
                triple_bits[t] = CARD_BIT[x] | CARD_BIT[y] | CARD_BIT[z]
                t += 1


@nb.njit(cache=True, nogil=True)
def _value_omaha(
    hands: I64,
    row: int,
    n_hole: int,
    triple_key: I64,
    triple_suit: I64,
    triple_bits: I64,
    offsets: Offsets,
    nonflush: Table,
    flush: Table,
    flushes: I64,
    out: I64,
) -> None:
    """Values of the best two-plus-three hand of ``hands[row]``, per ranking, into ``out[row]``.

    The second ranking, when there is one, is a low that ignores flushes."""
    rankings = nonflush.shape[1]
    two = rankings == 2
    with_flush = flushes[0] == 1
    high = 0
    low = 0
    for i in range(n_hole - 1):
        for j in range(i + 1, n_hole):
            a, b = hands[row, i], hands[row, j]
            pair_key = CARD_KEY[a] + CARD_KEY[b]
            pair_bits = CARD_BIT[a] | CARD_BIT[b]
            suited = with_flush and (a & 3) == (b & 3)
            pair_suit = a & 3
            for t in range(10):
                bits = pair_bits | triple_bits[t]
                key = pair_key + triple_key[t]
                if suited and triple_suit[t] == pair_suit:
                    value = int(flush[bits, 0])
                else:
                    value = int(nonflush[offsets[key >> ROW_SHIFT] + (key & LOW_BITS), 0])
                high = max(high, value)
                if two:
                    # a low is five different ranks: the small table by rank bits
                    low = max(low, int(flush[bits, rankings + 1]))
    out[row, 0] = high
    if two:
        out[row, 1] = low


@nb.njit(cache=True, nogil=True)
def _value_badugi(hands: I64, row: int, badugi: I64) -> int:
    """The value of the four Badugi cards ``hands[row]``: their best subset of
    different ranks and suits."""
    best = 0
    for subset in range(1, 16):
        ranks = 0
        suits = 0
        valid = True
        for i in range(4):
            if subset >> i & 1:
                rank_bit = CARD_BIT[hands[row, i]]
                suit_bit = 1 << (hands[row, i] & 3)
                if ranks & rank_bit or suits & suit_bit:
                    valid = False
                    break
                ranks |= rank_bit
                suits |= suit_bit
        if valid and badugi[ranks] > best:
            best = badugi[ranks]
    return best


# -- scoring a deal -------------------------------------------------------------


_PART: Final = np.array([0] + [POT // n for n in range(1, 11)], dtype=np.int64)
_HALF_PART: Final = np.array([0] + [POT // 2 // n for n in range(1, 11)], dtype=np.int64)


@nb.njit(cache=True, nogil=True, inline="always")
def _score(values: I64, players: int, rankings: int, counts: I64, t: int, weight: int) -> None:
    """Add one deal's outcome to ``counts[t]``: ``values[p, r]`` is player p's value at ranking r.

    One ranking: the best value takes the pot, equal best values split it.
    Two rankings (hi/lo): the best high takes half, the best qualifying low
    (value > 0) the other half; with no qualifying low the high takes it all.
    """
    best_high = 0
    n_high = 0
    for p in range(players):
        v = values[p, 0]
        if v > best_high:
            best_high = v
            n_high = 1
        elif v == best_high:
            n_high += 1
    best_low = 0
    n_low = 0
    if rankings == 2:
        for p in range(players):
            v = values[p, 1]
            if v > best_low:
                best_low = v
                n_low = 1
            elif v == best_low and v > 0:
                n_low += 1
    high_part = _PART[n_high] if n_low == 0 else _HALF_PART[n_high]
    low_part = _HALF_PART[n_low]
    for p in range(players):
        high = high_part if values[p, 0] == best_high else 0
        low = low_part if n_low > 0 and values[p, 1] == best_low else 0
        share = high + low
        if share == 0:
            continue
        if share == POT:
            counts[t, p, WIN] += weight
        else:
            counts[t, p, TIE] += weight
        counts[t, p, SHARE] += share * weight
        counts[t, p, HIGH] += high * weight
        counts[t, p, LOW] += low * weight
        counts[t, p, SHARE_SQ] += share * share * weight


@nb.njit(cache=True, nogil=True)
def _value_deal(
    kind: int,
    hands: I64,
    n_hole: int,
    board: I64,
    n_board: int,
    offsets: Offsets,
    nonflush: Table,
    flush: Table,
    flushes: I64,
    badugi: I64,
    cards: I64,
    triple_key: I64,
    triple_suit: I64,
    triple_bits: I64,
    values: I64,
) -> None:
    """Every player's value of one deal into ``values[p, r]``."""
    players = hands.shape[0]
    if kind == OMAHA:
        _board_triples(board, triple_key, triple_suit, triple_bits)
    for p in range(players):
        if kind == ANY_MIX:
            for i in range(n_hole):
                cards[i] = hands[p, i]
            for i in range(n_board):
                cards[n_hole + i] = board[i]
            _value_any_mix(cards, n_hole + n_board, offsets, nonflush, flush, flushes, values, p)
        elif kind == OMAHA:
            _value_omaha(
                hands,
                p,
                n_hole,
                triple_key,
                triple_suit,
                triple_bits,
                offsets,
                nonflush,
                flush,
                flushes,
                values,
            )
        else:
            values[p, 0] = _value_badugi(hands, p, badugi)


# -- exact enumeration ------------------------------------------------------------


@nb.njit(cache=True, nogil=True)
def exact_counts(
    kind: int,
    tuples: I64,
    board_known: I64,
    missing: int,
    deck_mask: int,
    offsets: Offsets,
    nonflush: Table,
    flush: Table,
    flushes: I64,
    badugi: I64,
) -> I64:
    """Counts ``(T, players, COLUMNS)``: for each tuple of hands ``tuples[t]``
    (``(T, players, hole)`` card codes), every completion of the board by
    ``missing`` cards from ``deck_mask`` less the tuple's cards."""
    n_tuples, players, n_hole = tuples.shape
    rankings = nonflush.shape[1]
    counts = np.zeros((n_tuples, players, COLUMNS), dtype=np.int64)
    n_known = len(board_known)
    n_board = n_known + missing
    board = np.zeros(max(n_board, 5), dtype=np.int64)
    board[:n_known] = board_known
    deck = np.zeros(52, dtype=np.int64)
    index = np.zeros(max(missing, 1), dtype=np.int64)
    cards = np.zeros(16, dtype=np.int64)
    triple_key = np.zeros(10, dtype=np.int64)
    triple_suit = np.zeros(10, dtype=np.int64)
    triple_bits = np.zeros(10, dtype=np.int64)
    values = np.zeros((players, 2), dtype=np.int64)
    hands = np.zeros((players, n_hole), dtype=np.int64)
    for t in range(n_tuples):
        used = 0
        for p in range(players):
            for i in range(n_hole):
                used |= 1 << tuples[t, p, i]
                hands[p, i] = tuples[t, p, i]
        n_deck = 0
        for code in range(52):
            if deck_mask >> code & 1 and not used >> code & 1:
                deck[n_deck] = code
                n_deck += 1
        if missing > n_deck:
            continue
        for i in range(missing):
            index[i] = i
        while True:
            for i in range(missing):
                board[n_known + i] = deck[index[i]]
            _value_deal(
                kind,
                hands,
                n_hole,
                board,
                n_board,
                offsets,
                nonflush,
                flush,
                flushes,
                badugi,
                cards,
                triple_key,
                triple_suit,
                triple_bits,
                values,
            )
            _score(values, players, rankings, counts, t, 1)
            # the next combination of `missing` indexes into deck[:n_deck]
            i = missing - 1
            while i >= 0 and index[i] == n_deck - missing + i:
                i -= 1
            if i < 0:
                break
            index[i] += 1
            for j in range(i + 1, missing):
                index[j] = index[j - 1] + 1
    return counts


@nb.njit(cache=True, nogil=True)
def _next_combination(index: I64, k: int, n: int) -> bool:
    """Advance ``index[:k]`` to the next k-subset of ``range(n)``; False after the last."""
    i = k - 1
    while i >= 0 and index[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    index[i] += 1
    for j in range(i + 1, k):
        index[j] = index[j - 1] + 1
    return True


@nb.njit(cache=True, nogil=True)
def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@nb.njit(cache=True, nogil=True)
def exact_board_ranks(
    tuples: I64,
    board_known: I64,
    missing: int,
    deck_mask: int,
    offsets: Offsets,
    nonflush: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
) -> I64:
    """:func:`exact_counts` for Hold'em-like games (hole cards plus a board, any
    mix, one high ranking in which a flush beats every non-flush hand of seven
    cards), by ranks rather than by boards.

    Without a flush a deal's outcome depends only on the ranks of the board, so
    every multiset of board ranks is valued once and counted as often as cards
    realise it. Then, suit by suit, the boards on which someone could hold a
    flush (enough cards of the suit) are dealt one by one, and the difference
    between their true outcome and their ranks-only outcome is added. A board
    can reach a flush in one suit only (it takes three board cards of the suit).
    """
    n_tuples, players, n_hole = tuples.shape
    counts = np.zeros((n_tuples, players, COLUMNS), dtype=np.int64)
    values = np.zeros((players, 2), dtype=np.int64)
    plain = np.zeros((players, 2), dtype=np.int64)
    hole_key = np.zeros(players, dtype=np.int64)
    hole_suited = np.zeros((players, 4), dtype=np.int64)
    hole_bits = np.zeros((players, 4), dtype=np.int64)
    ranks = np.zeros(max(missing, 1), dtype=np.int64)
    available = np.zeros(13, dtype=np.int64)
    taken = np.zeros(13, dtype=np.int64)
    in_suit = np.zeros(13, dtype=np.int64)
    off_suit = np.zeros(52, dtype=np.int64)
    pick = np.zeros(6, dtype=np.int64)
    rest = np.zeros(6, dtype=np.int64)
    known_key = 0
    known_suited = np.zeros(4, dtype=np.int64)
    known_bits = np.zeros(4, dtype=np.int64)
    known_mask = 0
    for i in range(len(board_known)):
        c = board_known[i]
        known_key += CARD_KEY[c]
        known_suited[c & 3] += 1
        known_bits[c & 3] |= CARD_BIT[c]
        known_mask |= 1 << c
    for t in range(n_tuples):
        used = known_mask
        for p in range(players):
            hole_key[p] = 0
            for s in range(4):
                hole_suited[p, s] = 0
                hole_bits[p, s] = 0
            for i in range(n_hole):
                c = tuples[t, p, i]
                used |= 1 << c
                hole_key[p] += CARD_KEY[c]
                hole_suited[p, c & 3] += 1
                hole_bits[p, c & 3] |= CARD_BIT[c]
        free = deck_mask & ~used
        for r in range(13):
            available[r] = 0
            for s in range(4):
                available[r] += (free >> (4 * r + s)) & 1
        # 1. every multiset of `missing` board ranks, valued as if no one had a flush
        for i in range(missing):
            ranks[i] = 0
        while True:
            for r in range(13):
                taken[r] = 0
            ok = True
            key = known_key
            for i in range(missing):
                taken[ranks[i]] += 1
                key += RANK_KEYS[ranks[i]]
                if taken[ranks[i]] > available[ranks[i]]:
                    ok = False
            if ok:
                weight = 1
                for r in range(13):
                    if taken[r]:
                        weight *= _choose(available[r], taken[r])
                for p in range(players):
                    k = key + hole_key[p]
                    values[p, 0] = nonflush[offsets[k >> ROW_SHIFT] + (k & LOW_BITS)]
                _score(values, players, 1, counts, t, weight)
            # next non-decreasing sequence of ranks
            i = missing - 1
            while i >= 0 and ranks[i] == 12:
                i -= 1
            if i < 0:
                break
            ranks[i] += 1
            for j in range(i + 1, missing):
                ranks[j] = ranks[i]
        # 2. the boards that give someone a flush: true outcome minus ranks-only outcome
        for suit in range(4):
            most = 0
            for p in range(players):
                most = max(most, hole_suited[p, suit])
            need = max(0, 5 - known_suited[suit] - most)
            n_in = 0
            n_off = 0
            for c in range(52):
                if free >> c & 1:
                    if c & 3 == suit:
                        in_suit[n_in] = c
                        n_in += 1
                    else:
                        off_suit[n_off] = c
                        n_off += 1
            for j in range(need, min(missing, n_in) + 1):
                if missing - j > n_off:
                    continue
                for i in range(j):
                    pick[i] = i
                while True:
                    key_in = known_key
                    bits_in = known_bits[suit]
                    for i in range(j):
                        key_in += CARD_KEY[in_suit[pick[i]]]
                        bits_in |= CARD_BIT[in_suit[pick[i]]]
                    suited_count = known_suited[suit] + j
                    for i in range(missing - j):
                        rest[i] = i
                    while True:
                        key = key_in
                        for i in range(missing - j):
                            key += CARD_KEY[off_suit[rest[i]]]
                        changed = False
                        for p in range(players):
                            k = key + hole_key[p]
                            v = np.int64(nonflush[offsets[k >> ROW_SHIFT] + (k & LOW_BITS)])
                            plain[p, 0] = v
                            if hole_suited[p, suit] + suited_count >= 5:
                                f = np.int64(flush[bits_in | hole_bits[p, suit]])
                                if f > v:
                                    v = f
                                    changed = True
                            values[p, 0] = v
                        if changed:
                            _score(values, players, 1, counts, t, 1)
                            _score(plain, players, 1, counts, t, -1)
                        if not _next_combination(rest, missing - j, n_off):
                            break
                    if not _next_combination(pick, j, n_in):
                        break
        for p in range(players):
            counts[t, p, HIGH] = 0
            counts[t, p, LOW] = 0
    return counts


# -- Monte Carlo -----------------------------------------------------------------


_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)


@nb.njit(cache=True, nogil=True, inline="always")
def _random(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """splitmix64: ``(64 random bits, next state)``. The state is a plain
    integer carried by the caller, so it lives in a register."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31)), state


@nb.njit(cache=True, nogil=True, inline="always")
def _below(state: np.uint64, n: int) -> tuple[int, np.uint64]:
    """A uniform integer in ``[0, n)`` without bias (Lemire's method), and the next state."""
    bound = np.uint64(n)
    z, state = _random(state)
    m = (z >> np.uint64(32)) * bound
    low = m & np.uint64(0xFFFFFFFF)
    if low < bound:
        threshold = (np.uint64(1 << 32) - bound) % bound
        while low < threshold:
            z, state = _random(state)
            m = (z >> np.uint64(32)) * bound
            low = m & np.uint64(0xFFFFFFFF)
    return int(m >> np.uint64(32)), state


@nb.njit(cache=True, nogil=True)
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
    offsets: Offsets,
    nonflush: Table,
    flush: Table,
    flushes: I64,
    badugi: I64,
) -> tuple[I64, int, int]:
    """Play ``deals`` random deals; return ``(counts (players, COLUMNS), done, tries)``.

    Player p either holds ``known[p, :n_known[p]]`` and is dealt the rest of
    the hand from ``deck`` (an open range), or, when ``listed[p]``, holds a
    combo of ``combo_codes[combo_start[p]:combo_start[p + 1]]`` drawn by the
    cumulative weights. Draws that collide are rejected as a whole, so each
    tuple of combos comes up in proportion to the product of its weights. The
    board is ``board_known`` completed to ``n_board`` cards from ``deck`` (a
    partial Fisher-Yates shuffle that passes over cards a combo holds).
    ``tries`` counts the attempts, rejected ones included; ``done`` falls short
    of ``deals`` only when 1,000 tries per deal were not enough. ``kind`` is
    :data:`ANY_MIX`, :data:`OMAHA`, :data:`BADUGI` or :data:`BOARD_HIGH`.
    """
    players, n_hole = known.shape
    rankings = nonflush.shape[1]
    state = np.uint64(seed)
    counts3 = np.zeros((1, players, COLUMNS), dtype=np.int64)
    counts = counts3[0]
    hands = np.zeros((players, n_hole), dtype=np.int64)
    for p in range(players):
        for i in range(n_known[p]):
            hands[p, i] = known[p, i]
    n_known_board = len(board_known)
    board = np.zeros(max(n_board, 5), dtype=np.int64)
    board[:n_known_board] = board_known
    cards = np.zeros(16, dtype=np.int64)
    triple_key = np.zeros(10, dtype=np.int64)
    triple_suit = np.zeros(10, dtype=np.int64)
    triple_bits = np.zeros(10, dtype=np.int64)
    values = np.zeros((players, 2), dtype=np.int64)
    deck = deck.copy()
    n_deck = len(deck)
    fixed = np.zeros(players, dtype=np.bool_)
    fixed_key = np.zeros(players, dtype=np.int64)
    fixed_suit = np.zeros(players, dtype=np.int64)
    for p in range(players):
        fixed[p] = not listed[p] and n_known[p] == n_hole
        for i in range(n_known[p]):
            fixed_key[p] += CARD_KEY[known[p, i]]
            fixed_suit[p] += CARD_SUIT[known[p, i]]
    win0 = 0
    win1 = 0
    tie = 0
    tries = 0
    done = 0
    max_tries = 1000 * deals + 1000
    while done < deals and tries < max_tries:
        tries += 1
        # 1. the listed combos, by weight; a collision rejects the whole deal
        used = 0
        clash = False
        for p in range(players):
            if listed[p]:
                first, last = combo_start[p], combo_start[p + 1]
                c = first
                if last - first > 1:
                    z, state = _random(state)
                    u = float(z >> np.uint64(11)) * (1.0 / 9007199254740992.0)
                    u *= combo_cumulative[last - 1]
                    lo, hi = first, last - 1
                    while lo < hi:
                        mid = (lo + hi) >> 1
                        if combo_cumulative[mid] > u:
                            hi = mid
                        else:
                            lo = mid + 1
                    c = lo
                if used & combo_masks[c]:
                    clash = True
                    break
                used |= combo_masks[c]
                for i in range(n_hole):
                    hands[p, i] = combo_codes[c, i]
        if clash:
            continue
        done += 1
        # 2. the rest of the open hands, then the board
        top = 0
        for p in range(players + 1):
            if p < players:
                if listed[p]:
                    continue
                first, last = n_known[p], n_hole
            else:
                first, last = n_known_board, n_board
            for i in range(first, last):
                while True:
                    j, state = _below(state, n_deck - top)
                    j += top
                    card = deck[j]
                    deck[j] = deck[top]
                    deck[top] = card
                    top += 1
                    if not used >> card & 1:
                        break
                if p < players:
                    hands[p, i] = card
                else:
                    board[i] = card
        # 3. value every hand
        if kind == BOARD_HIGH:
            board_key = 0
            board_suit = FLUSH_BIAS
            for i in range(n_board):
                board_key += CARD_KEY[board[i]]
                board_suit += CARD_SUIT[board[i]]
            for p in range(players):
                if fixed[p]:
                    key = board_key + fixed_key[p]
                    suits = board_suit + fixed_suit[p]
                else:
                    key = board_key
                    suits = board_suit
                    for i in range(n_hole):
                        key += CARD_KEY[hands[p, i]]
                        suits += CARD_SUIT[hands[p, i]]
                value = np.int64(nonflush[offsets[key >> ROW_SHIFT] + (key & LOW_BITS), 0])
                flushed = suits & FLUSH_BITS
                if flushed:
                    suit = 0
                    while not (flushed >> (4 * suit + 3)) & 1:
                        suit += 1
                    bits = 0
                    for i in range(n_hole):
                        if hands[p, i] & 3 == suit:
                            bits |= CARD_BIT[hands[p, i]]
                    for i in range(n_board):
                        if board[i] & 3 == suit:
                            bits |= CARD_BIT[board[i]]
                    value = max(value, np.int64(flush[bits, 0]))
                values[p, 0] = value
            if players == 2:
                # heads-up: count, and fill the columns once at the end
                v0, v1 = values[0, 0], values[1, 0]
                win0 += v0 > v1
                win1 += v1 > v0
                tie += v0 == v1
                continue
        else:
            _value_deal(
                kind,
                hands,
                n_hole,
                board,
                n_board,
                offsets,
                nonflush,
                flush,
                flushes,
                badugi,
                cards,
                triple_key,
                triple_suit,
                triple_bits,
                values,
            )
        # 4. who wins what
        _score(values, players, rankings, counts3, 0, 1)
    if kind == BOARD_HIGH and players == 2:
        half = POT // 2
        for p, won in ((0, win0), (1, win1)):
            counts[p, WIN] = won
            counts[p, TIE] = tie
            counts[p, SHARE] = won * POT + tie * half
            counts[p, HIGH] = counts[p, SHARE]
            counts[p, SHARE_SQ] = won * POT * POT + tie * half * half
    return counts, done, tries
