"""Equity kernels: deal, evaluate and score many showdowns in compiled loops.

Private. The public, checking wrapper is :mod:`showdown.equity`; these loops take
integer arrays and check nothing (house rule 9). Importing this module imports
numba, so :mod:`showdown.equity` imports it lazily.

The kernels value hands with the shared kernel tables of
:mod:`showdown._kernels.tables` (our own keys and tables, derived there from
the ranking tables of :func:`showdown.tables.get_table`) and the inline lookups
of :mod:`showdown._kernels.evaluate`; they build no tables of their own:

* a *hand key* per hand, the sum of one key per card
  (:data:`~showdown._kernels.tables.CARD_KEYS`): the card's additive rank key
  (:data:`~showdown._kernels.tables.RANK_KEYS`, found by our greedy search
  :func:`showdown._kernels.hashing.greedy_rank_keys`) plus one in a 4-bit
  counter of its suit, the counters starting at 3 so that a counter's top bit
  says five cards of that suit. The rank key's slot in the row-displacement
  perfect hash of :func:`~showdown._kernels.tables.layout` holds, per ranking,
  the best five-card strength of the multiset without a flush
  (:attr:`KernelTables.ranks <showdown._kernels.tables.KernelTables>`); the
  suited ranks' 13-bit mask indexes the best flush
  (:attr:`~showdown._kernels.tables.KernelTables.flushes`);
* for Omaha (exactly two hole and three board cards), the sum of five
  :data:`~showdown._kernels.tables.FIVE_KEYS` indexes a five-card table directly,
  and a 13-bit mask of five ranks the low
  (:func:`~showdown._kernels.tables.omaha_tables`);
* for Badugi, the four sorted card codes index the table of every four-card hand.

Since they are the same arrays, :func:`~showdown._kernels.tables.tables_nbytes`
already counts them. Hold'em-like exact equity (:func:`exact_board_ranks`)
values each multiset of board ranks once, then corrects the boards on which a
flush is possible; other games deal every board (:func:`exact_counts`); Monte
Carlo (:func:`sample_counts`) draws with splitmix64 and Lemire's unbiased
bounded integers, a few card indexes from each 32-bit half of a random word
(:func:`_draw_groups`), and values any-mix and board games by hand keys whose
known part is summed once per run.

Every deal is scored in whole units: a pot is :data:`POT` = 5040 units, so a
pot or half pot split between up to ten players is still a whole number.
Per player the counts are :data:`WIN` (deals won whole), :data:`TIE` (deals
with part of the pot), :data:`SHARE` (units won), :data:`HIGH` and
:data:`LOW` (units won from each half of a split pot) and :data:`SHARE_SQ`
(the sum of squared units, for the standard error).
"""

from __future__ import annotations

import math
from typing import Final

import numba as nb
import numpy as np
import numpy.typing as npt

from showdown._kernels.evaluate import _badugi_hand, _flush_suit, _lookup, _popcount
from showdown._kernels.game_tables import (
    ANY_MIX,
    BADUGI,
    BOARD_HIGH,
    COLUMNS,
    HIGH,
    LOW,
    OMAHA,
    POT,
    SHARE,
    SHARE_SQ,
    TIE,
    WIN,
    Arrays,
    EquityTables,
    equity_tables,
)
from showdown._kernels.tables import CARD_KEYS, FLUSH_BITS, KEY_START, RANK_KEY_MASK, RANK_KEYS

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
    "Arrays",
    "EquityTables",
    "complete_hands",
    "equity_tables",
    "exact_board_ranks",
    "exact_counts",
    "exact_omaha_ranks",
    "exact_totals",
    "heads_up_boards",
    "sample_counts",
]

I64 = npt.NDArray[np.int64]
Offsets = npt.NDArray[np.int32]
Table = npt.NDArray[np.uint16]

# Per rank its rank key; per card code its rank bit (hand keys use CARD_KEYS).
_RANK_KEY: Final = np.array(RANK_KEYS, dtype=np.int64)
_CARD_BIT: Final = np.array([1 << (c >> 2) for c in range(52)], dtype=np.int64)


# -- valuing one hand ---------------------------------------------------------


@nb.njit(cache=True, nogil=True)
def _value_any_mix(
    cards: I64,
    n: int,
    rankings: int,
    offsets: Offsets,
    ranks0: Table,
    ranks1: Table,
    flushes0: Table,
    flushes1: Table,
    use_flush: I64,
    out: I64,
    row: int,
) -> None:
    """Values of the best five of ``cards[:n]`` (5 to 7 cards), per ranking, into ``out[row]``."""
    key = KEY_START
    for i in range(n):
        key += CARD_KEYS[cards[i]]
    rank_key = key & RANK_KEY_MASK
    flushed = key & FLUSH_BITS
    suit = _flush_suit(key) if flushed else 0
    for r in range(rankings):
        value = _lookup(rank_key, offsets, ranks0 if r == 0 else ranks1)
        if flushed and use_flush[r]:
            bits = 0
            for i in range(n):
                if cards[i] & 3 == suit:
                    bits |= _CARD_BIT[cards[i]]
            suited = int((flushes0 if r == 0 else flushes1)[bits])
            if n == 5 or suited > value:
                value = suited
        out[row, r] = value


@nb.njit(cache=True, nogil=True)
def _board_triples(
    board: I64, five_keys: I64, triple_key: I64, triple_suit: I64, triple_bits: I64
) -> int:
    """Five-card key, suit (-1: mixed) and rank bits of each three-card subset of a
    five-card board; returns the board's rank bits."""
    t = 0
    for a in range(3):
        for b in range(a + 1, 4):
            for c in range(b + 1, 5):
                x, y, z = board[a], board[b], board[c]
                triple_key[t] = five_keys[x] + five_keys[y] + five_keys[z]
                s = x & 3
                triple_suit[t] = s if (y & 3) == s and (z & 3) == s else -1
                triple_bits[t] = _CARD_BIT[x] | _CARD_BIT[y] | _CARD_BIT[z]
                t += 1
    bits = 0
    for i in range(5):
        bits |= _CARD_BIT[board[i]]
    return bits


@nb.njit(cache=True, nogil=True)
def _value_omaha(
    hands: I64,
    row: int,
    n_hole: int,
    board_bits: int,
    triple_key: I64,
    triple_suit: I64,
    triple_bits: I64,
    rankings: int,
    flushes0: Table,
    use_flush: I64,
    five_keys: I64,
    fives: Table,
    low_ranks: int,
    lows: Table,
    out: I64,
) -> None:
    """Values of the best two-plus-three hand of ``hands[row]``, per ranking, into ``out[row]``.

    The second ranking, when there is one, is a low that ignores flushes: its
    table is zero but for five different ranks of ``low_ranks``, so it is read
    only for a hole pair of two such ranks and a board with three of them."""
    two = rankings == 2
    with_flush = use_flush[0] == 1
    board_low = two and _popcount(board_bits & low_ranks) >= 3
    high = 0
    low = 0
    for i in range(n_hole - 1):
        for j in range(i + 1, n_hole):
            a, b = hands[row, i], hands[row, j]
            pair_key = five_keys[a] + five_keys[b]
            pair_bits = _CARD_BIT[a] | _CARD_BIT[b]
            suited = with_flush and (a & 3) == (b & 3)
            pair_suit = a & 3
            pair_low = board_low and (pair_bits & low_ranks) == pair_bits and a >> 2 != b >> 2
            for t in range(10):
                bits = pair_bits | triple_bits[t]
                if suited and triple_suit[t] == pair_suit:
                    value = int(flushes0[bits])
                else:
                    value = int(fives[pair_key + triple_key[t]])
                high = max(high, value)
                if pair_low:
                    low = max(low, int(lows[bits]))
    out[row, 0] = high
    if two:
        out[row, 1] = low


@nb.njit(cache=True, nogil=True)
def _value_badugi(hands: I64, row: int, badugi: Table, binomials: I64) -> int:
    """The value of the four Badugi cards ``hands[row]``: their best subset of
    different ranks and suits, from the table of every four-card hand."""
    return _badugi_hand(
        hands[row, 0], hands[row, 1], hands[row, 2], hands[row, 3], binomials, badugi
    )


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
    tables: Arrays,
    cards: I64,
    triple_key: I64,
    triple_suit: I64,
    triple_bits: I64,
    values: I64,
) -> None:
    """Every player's value of one deal into ``values[p, r]``."""
    (
        rankings,
        offsets,
        ranks0,
        ranks1,
        flushes0,
        flushes1,
        use_flush,
        five_keys,
        fives,
        low_ranks,
        lows,
        badugi,
        binomials,
    ) = tables
    players = hands.shape[0]
    board_bits = 0
    if kind == OMAHA:
        board_bits = _board_triples(board, five_keys, triple_key, triple_suit, triple_bits)
    for p in range(players):
        if kind == ANY_MIX:
            for i in range(n_hole):
                cards[i] = hands[p, i]
            for i in range(n_board):
                cards[n_hole + i] = board[i]
            _value_any_mix(
                cards,
                n_hole + n_board,
                rankings,
                offsets,
                ranks0,
                ranks1,
                flushes0,
                flushes1,
                use_flush,
                values,
                p,
            )
        elif kind == OMAHA:
            _value_omaha(
                hands,
                p,
                n_hole,
                board_bits,
                triple_key,
                triple_suit,
                triple_bits,
                rankings,
                flushes0,
                use_flush,
                five_keys,
                fives,
                low_ranks,
                lows,
                values,
            )
        else:
            values[p, 0] = _value_badugi(hands, p, badugi, binomials)


# -- exact enumeration ------------------------------------------------------------


@nb.njit(cache=True, nogil=True)
def exact_counts(
    kind: int,
    tuples: I64,
    board_known: I64,
    missing: int,
    deck_mask: int,
    tables: Arrays,
) -> I64:
    """Counts ``(T, players, COLUMNS)``: for each tuple of hands ``tuples[t]``
    (``(T, players, hole)`` card codes), every completion of the board by
    ``missing`` cards from ``deck_mask`` less the tuple's cards. ``tables`` is
    :meth:`EquityTables.arrays`."""
    n_tuples, players, n_hole = tuples.shape
    rankings = tables[0]
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
                tables,
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
def complete_hands(known: I64, n_known: I64, free_mask: int, limit: int) -> I64:
    """Every tuple of hands that completes ``known[p, :n_known[p]]`` with cards of
    ``free_mask``, no card twice: ``(T, players, hole)`` card codes, each hand
    ascending, at most ``limit`` tuples (the product of the players' counts of
    completions)."""
    players, n_hole = known.shape
    free = np.zeros(52, dtype=np.int64)
    n_free = 0
    for c in range(52):
        if free_mask >> c & 1:
            free[n_free] = c
            n_free += 1
    out = np.zeros((max(limit, 1), players, n_hole), dtype=np.int64)
    index = np.zeros((players, n_hole), dtype=np.int64)
    need = np.zeros(players, dtype=np.int64)
    for p in range(players):
        need[p] = n_hole - n_known[p]
        if need[p] > n_free:
            return out[:0]
        for i in range(need[p]):
            index[p, i] = i
    t = 0
    while t < limit:
        used = 0
        ok = True
        for p in range(players):
            for i in range(need[p]):
                bit = 1 << free[index[p, i]]
                if used & bit:
                    ok = False
                used |= bit
        if ok:
            for p in range(players):
                k = n_known[p]
                for i in range(k):
                    out[t, p, i] = known[p, i]
                for i in range(need[p]):
                    out[t, p, k + i] = free[index[p, i]]
                for i in range(1, n_hole):  # insertion sort: kernels take hands ascending
                    c = out[t, p, i]
                    j = i - 1
                    while j >= 0 and out[t, p, j] > c:
                        out[t, p, j + 1] = out[t, p, j]
                        j -= 1
                    out[t, p, j + 1] = c
            t += 1
        p = players - 1
        while p >= 0:
            if need[p] > 0 and _next_combination(index[p], need[p], n_free):
                break
            for i in range(need[p]):
                index[p, i] = i
            p -= 1
        if p < 0:
            break
    return out[:t]


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
    rank_table: Table,
    flush_table: Table,
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

    ``offsets``, ``rank_table`` and ``flush_table`` are the ranking's shared
    kernel tables (:func:`~showdown._kernels.tables.layout`, and ``ranks`` and
    ``flushes`` of :func:`~showdown._kernels.tables.kernel_tables`). The keys
    summed here are rank keys alone (the suit counters masked off).
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
    off_available = np.zeros(13, dtype=np.int64)
    flush_value = np.zeros(players, dtype=np.int64)
    pick = np.zeros(6, dtype=np.int64)
    rest = np.zeros(6, dtype=np.int64)
    known_key = 0
    known_suited = np.zeros(4, dtype=np.int64)
    known_bits = np.zeros(4, dtype=np.int64)
    known_mask = 0
    for i in range(len(board_known)):
        c = board_known[i]
        known_key += CARD_KEYS[c] & RANK_KEY_MASK
        known_suited[c & 3] += 1
        known_bits[c & 3] |= _CARD_BIT[c]
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
                hole_key[p] += CARD_KEYS[c] & RANK_KEY_MASK
                hole_suited[p, c & 3] += 1
                hole_bits[p, c & 3] |= _CARD_BIT[c]
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
                key += _RANK_KEY[ranks[i]]
                if taken[ranks[i]] > available[ranks[i]]:
                    ok = False
            if ok:
                weight = 1
                for r in range(13):
                    if taken[r]:
                        weight *= _choose(available[r], taken[r])
                for p in range(players):
                    k = key + hole_key[p]
                    values[p, 0] = _lookup(k, offsets, rank_table)
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
        # 2. the boards that give someone a flush: true outcome minus ranks-only outcome.
        # The suited board cards are dealt one by one; the others (of other suits, which
        # make no flush beside them) only by their ranks, each multiset counted as often
        # as the free cards realise it.
        for suit in range(4):
            most = 0
            for p in range(players):
                most = max(most, hole_suited[p, suit])
            need = max(0, 5 - known_suited[suit] - most)
            n_in = 0
            n_off = 0
            for r in range(13):
                off_available[r] = 0
            for c in range(52):
                if free >> c & 1:
                    if c & 3 == suit:
                        in_suit[n_in] = c
                        n_in += 1
                    else:
                        off_available[c >> 2] += 1
                        n_off += 1
            for j in range(need, min(missing, n_in) + 1):
                m = missing - j
                if m > n_off:
                    continue
                for i in range(j):
                    pick[i] = i
                while True:
                    key_in = known_key
                    bits_in = known_bits[suit]
                    for i in range(j):
                        key_in += CARD_KEYS[in_suit[pick[i]]] & RANK_KEY_MASK
                        bits_in |= _CARD_BIT[in_suit[pick[i]]]
                    suited_count = known_suited[suit] + j
                    # which players could hold a flush at all, and its value (the
                    # off-suit cards change neither)
                    any_flush = False
                    for p in range(players):
                        flush_value[p] = -1
                        if hole_suited[p, suit] + suited_count >= 5:
                            flush_value[p] = int(flush_table[bits_in | hole_bits[p, suit]])
                            any_flush = True
                    if any_flush:
                        for i in range(m):
                            rest[i] = 0
                        while True:
                            for r in range(13):
                                taken[r] = 0
                            key = key_in
                            ok = True
                            for i in range(m):
                                r = rest[i]
                                taken[r] += 1
                                key += _RANK_KEY[r]
                                if taken[r] > off_available[r]:
                                    ok = False
                            if ok:
                                changed = False
                                for p in range(players):
                                    v = _lookup(key + hole_key[p], offsets, rank_table)
                                    plain[p, 0] = v
                                    if flush_value[p] > v:
                                        v = flush_value[p]
                                        changed = True
                                    values[p, 0] = v
                                if changed:
                                    weight = 1
                                    for i in range(m):
                                        r = rest[i]
                                        if i == 0 or rest[i - 1] != r:
                                            weight *= _choose(off_available[r], taken[r])
                                    _score(values, players, 1, counts, t, weight)
                                    _score(plain, players, 1, counts, t, -weight)
                            # next non-decreasing sequence of m ranks
                            i = m - 1
                            while i >= 0 and rest[i] == 12:
                                i -= 1
                            if i < 0:
                                break
                            rest[i] += 1
                            for k in range(i + 1, m):
                                rest[k] = rest[i]
                    if not _next_combination(pick, j, n_in):
                        break
        for p in range(players):
            counts[t, p, HIGH] = 0
            counts[t, p, LOW] = 0
    return counts


# Binomials C(n, k) for n < 20, k < 8: the index of a multiset of board ranks.
_BINOMIAL: Final = np.array(
    [[math.comb(n, k) for k in range(8)] for n in range(20)], dtype=np.int64
)


@nb.njit(cache=True, nogil=True)
def _omaha_plain(
    pair_key: I64,
    pair_bits: I64,
    pair_low: I64,
    p: int,
    n_pairs: int,
    triple_key: I64,
    triple_bits: I64,
    fives: Table,
    board_low: bool,
    lows: Table,
    values: I64,
) -> None:
    """Player p's best high without flushes and best low (0: none) over every hole
    pair and board triple, into ``values[p]``: the pairs' keys and rank bits are
    ``pair_key[p]``, ``pair_bits[p]`` (``pair_low[p]``: both of low ranks, not a pair)."""
    high = 0
    low = 0
    for q in range(n_pairs):
        key = pair_key[p, q]
        for t in range(10):
            high = max(high, int(fives[key + triple_key[t]]))
        if board_low and pair_low[p, q]:
            bits = pair_bits[p, q]
            for t in range(10):
                low = max(low, int(lows[bits | triple_bits[t]]))
    values[p, 0] = high
    values[p, 1] = low


@nb.njit(cache=True, nogil=True)
def _omaha_flush(hole: I64, n_hole: int, board: I64, n_board: int, flush_table: Table) -> int:
    """The best flush of two of the rank bits ``hole[:n_hole]`` and three of
    ``board[:n_board]`` (cards of one suit)."""
    best = 0
    for i in range(n_hole - 1):
        for j in range(i + 1, n_hole):
            two = hole[i] | hole[j]
            for a in range(n_board - 2):
                for b in range(a + 1, n_board - 1):
                    for c in range(b + 1, n_board):
                        best = max(best, int(flush_table[two | board[a] | board[b] | board[c]]))
    return best


@nb.njit(cache=True, nogil=True)
def exact_omaha_ranks(
    tuples: I64,
    board_known: I64,
    missing: int,
    deck_mask: int,
    tables: Arrays,
) -> I64:
    """:func:`exact_counts` for Omaha (:data:`OMAHA`, a five-card board), by board
    ranks rather than by boards, as :func:`exact_board_ranks` does for Hold'em.

    Without a flush a deal's outcome (the high and the low, which ignores suits)
    depends only on the ranks of the board: every multiset of the missing board
    ranks is valued once, counted as often as the free cards realise it, and its
    values kept. A flush takes two hole and three board cards of one suit, so
    only a board with three or more cards of a suit, in which some player holds
    two, can change an outcome, and the board holds that many of one suit only:
    suit by suit, the missing cards of the suit are dealt one by one, the others
    by their ranks, and the difference between the true outcome (the best of the
    kept high and the flush) and the ranks-only one is added.
    """
    n_tuples, players, n_hole = tuples.shape
    rankings = tables[0]
    flush_table = tables[4]
    use_flush = tables[6]
    five_keys = tables[7]
    fives = tables[8]
    low_ranks = tables[9]
    lows = tables[10]
    counts = np.zeros((n_tuples, players, COLUMNS), dtype=np.int64)
    n_pairs = n_hole * (n_hole - 1) // 2
    pair_key = np.zeros((players, n_pairs), dtype=np.int64)
    pair_bits = np.zeros((players, n_pairs), dtype=np.int64)
    pair_low = np.zeros((players, n_pairs), dtype=np.int64)
    hole_suited = np.zeros((players, 4), dtype=np.int64)
    hole_in = np.zeros((players, 4, 16), dtype=np.int64)
    n_sets = _BINOMIAL[12 + missing, missing]
    kept = np.zeros((n_sets, players, 2), dtype=np.int64)
    values = np.zeros((players, 2), dtype=np.int64)
    plain = np.zeros((players, 2), dtype=np.int64)
    flush_value = np.zeros(players, dtype=np.int64)
    triple_key = np.zeros(10, dtype=np.int64)
    triple_bits = np.zeros(10, dtype=np.int64)
    board_ranks = np.zeros(5, dtype=np.int64)
    ranks = np.zeros(max(missing, 1), dtype=np.int64)
    merged = np.zeros(max(missing, 1), dtype=np.int64)
    available = np.zeros(13, dtype=np.int64)
    off_available = np.zeros(13, dtype=np.int64)
    taken = np.zeros(13, dtype=np.int64)
    in_suit = np.zeros(13, dtype=np.int64)
    pick = np.zeros(6, dtype=np.int64)
    rest = np.zeros(6, dtype=np.int64)
    suited_board = np.zeros(5, dtype=np.int64)
    n_known = len(board_known)
    known_suited = np.zeros(4, dtype=np.int64)
    known_in = np.zeros((4, 5), dtype=np.int64)
    known_mask = 0
    for i in range(n_known):
        c = board_known[i]
        board_ranks[i] = c >> 2
        known_in[c & 3, known_suited[c & 3]] = _CARD_BIT[c]
        known_suited[c & 3] += 1
        known_mask |= 1 << c
    for t in range(n_tuples):
        used = known_mask
        for p in range(players):
            for s in range(4):
                hole_suited[p, s] = 0
            q = 0
            for i in range(n_hole):
                a = tuples[t, p, i]
                used |= 1 << a
                hole_in[p, a & 3, hole_suited[p, a & 3]] = _CARD_BIT[a]
                hole_suited[p, a & 3] += 1
                for j in range(i + 1, n_hole):
                    b = tuples[t, p, j]
                    pair_key[p, q] = five_keys[a] + five_keys[b]
                    pair_bits[p, q] = _CARD_BIT[a] | _CARD_BIT[b]
                    both = pair_bits[p, q]
                    pair_low[p, q] = 1 if a >> 2 != b >> 2 and (both & low_ranks) == both else 0
                    q += 1
        free = deck_mask & ~used
        for r in range(13):
            available[r] = 0
            for s in range(4):
                available[r] += (free >> (4 * r + s)) & 1
        # 1. every multiset of the missing ranks, valued as if no one had a flush
        for i in range(missing):
            ranks[i] = 0
        while True:
            for r in range(13):
                taken[r] = 0
            ok = True
            for i in range(missing):
                taken[ranks[i]] += 1
                if taken[ranks[i]] > available[ranks[i]]:
                    ok = False
            if ok:
                weight = 1
                index = 0
                for i in range(missing):
                    board_ranks[n_known + i] = ranks[i]
                    index += _BINOMIAL[ranks[i] + i, i + 1]
                    if i == 0 or ranks[i - 1] != ranks[i]:
                        weight *= _BINOMIAL[available[ranks[i]], taken[ranks[i]]]
                board_bits = 0
                k = 0
                for a in range(3):
                    for b in range(a + 1, 4):
                        for c in range(b + 1, 5):
                            x, y, z = board_ranks[a], board_ranks[b], board_ranks[c]
                            triple_key[k] = five_keys[4 * x] + five_keys[4 * y] + five_keys[4 * z]
                            triple_bits[k] = (1 << x) | (1 << y) | (1 << z)
                            board_bits |= triple_bits[k]
                            k += 1
                board_low = rankings == 2 and _popcount(board_bits & low_ranks) >= 3
                for p in range(players):
                    _omaha_plain(
                        pair_key,
                        pair_bits,
                        pair_low,
                        p,
                        n_pairs,
                        triple_key,
                        triple_bits,
                        fives,
                        board_low,
                        lows,
                        values,
                    )
                    kept[index, p, 0] = values[p, 0]
                    kept[index, p, 1] = values[p, 1]
                _score(values, players, rankings, counts, t, weight)
            # next non-decreasing sequence of ranks
            i = missing - 1
            while i >= 0 and ranks[i] == 12:
                i -= 1
            if i < 0:
                break
            ranks[i] += 1
            for j in range(i + 1, missing):
                ranks[j] = ranks[i]
        if not use_flush[0]:
            continue
        # 2. the boards of three or more cards of a suit of which someone holds two
        for suit in range(4):
            most = 0
            for p in range(players):
                most = max(most, hole_suited[p, suit])
            if most < 2:
                continue
            n_in = 0
            n_off = 0
            for r in range(13):
                off_available[r] = 0
            for c in range(52):
                if free >> c & 1:
                    if c & 3 == suit:
                        in_suit[n_in] = c
                        n_in += 1
                    else:
                        off_available[c >> 2] += 1
                        n_off += 1
            for i in range(known_suited[suit]):
                suited_board[i] = known_in[suit, i]
            for j in range(max(0, 3 - known_suited[suit]), min(missing, n_in) + 1):
                m = missing - j
                if m > n_off:
                    continue
                n_suited = known_suited[suit] + j
                for i in range(j):
                    pick[i] = i
                while True:
                    for i in range(j):
                        suited_board[known_suited[suit] + i] = _CARD_BIT[in_suit[pick[i]]]
                    any_flush = False
                    for p in range(players):
                        flush_value[p] = -1
                        if hole_suited[p, suit] >= 2:
                            flush_value[p] = _omaha_flush(
                                hole_in[p, suit],
                                hole_suited[p, suit],
                                suited_board,
                                n_suited,
                                flush_table,
                            )
                            any_flush = True
                    if any_flush:
                        for i in range(m):
                            rest[i] = 0
                        while True:
                            for r in range(13):
                                taken[r] = 0
                            ok = True
                            for i in range(m):
                                taken[rest[i]] += 1
                                if taken[rest[i]] > off_available[rest[i]]:
                                    ok = False
                            if ok:
                                # the missing ranks, sorted: the suited ones merged with the rest
                                x = 0
                                y = 0
                                for i in range(missing):
                                    if y >= m or (x < j and in_suit[pick[x]] >> 2 <= rest[y]):
                                        merged[i] = in_suit[pick[x]] >> 2
                                        x += 1
                                    else:
                                        merged[i] = rest[y]
                                        y += 1
                                index = 0
                                for i in range(missing):
                                    index += _BINOMIAL[merged[i] + i, i + 1]
                                changed = False
                                for p in range(players):
                                    v = kept[index, p, 0]
                                    plain[p, 0] = v
                                    plain[p, 1] = kept[index, p, 1]
                                    values[p, 1] = plain[p, 1]
                                    if flush_value[p] > v:
                                        v = flush_value[p]
                                        changed = True
                                    values[p, 0] = v
                                if changed:
                                    weight = 1
                                    for i in range(m):
                                        r = rest[i]
                                        if i == 0 or rest[i - 1] != r:
                                            weight *= _BINOMIAL[off_available[r], taken[r]]
                                    _score(values, players, rankings, counts, t, weight)
                                    _score(plain, players, rankings, counts, t, -weight)
                            # next non-decreasing sequence of m ranks
                            i = m - 1
                            while i >= 0 and rest[i] == 12:
                                i -= 1
                            if i < 0:
                                break
                            rest[i] += 1
                            for k in range(i + 1, m):
                                rest[k] = rest[i]
                    if not _next_combination(pick, j, n_in):
                        break
    return counts


@nb.njit(cache=True, nogil=True)
def exact_totals(
    kind: int,
    known: I64,
    n_known: I64,
    free_mask: int,
    limit: int,
    board_known: I64,
    missing: int,
    deck_mask: int,
    tables: Arrays,
) -> tuple[I64, int]:
    """Counts ``(players, COLUMNS)`` summed over every completion of the hands
    (:func:`complete_hands`) and of the board, and the number of tuples of hands:
    a small exact problem in one call. ``kind`` :data:`BOARD_HIGH` counts by board
    ranks (:func:`exact_board_ranks`), any other deals every board
    (:func:`exact_counts`)."""
    tuples = complete_hands(known, n_known, free_mask, limit)
    if kind == BOARD_HIGH:
        counts = exact_board_ranks(
            tuples, board_known, missing, deck_mask, tables[1], tables[2], tables[4]
        )
    elif kind == OMAHA:
        counts = exact_omaha_ranks(tuples, board_known, missing, deck_mask, tables)
    else:
        counts = exact_counts(kind, tuples, board_known, missing, deck_mask, tables)
    players = known.shape[0]
    totals = np.zeros((players, COLUMNS), dtype=np.int64)
    for t in range(len(tuples)):
        for p in range(players):
            for c in range(COLUMNS):
                totals[p, c] += counts[t, p, c]
    return totals, len(tuples)


@nb.njit(cache=True, nogil=True)
def heads_up_boards(tuples: I64, offsets: Offsets, rank_table: Table, flush_table: Table) -> I64:
    """Plain exact heads-up counts before the flop: ``(T, 2)``, the first hand's wins
    and the ties, for each pair of two-card hands ``tuples[t]`` (``(T, 2, 2)``),
    dealing every five-card board from the 48 other cards one by one and valuing
    both seven-card hands (hand key, perfect hash, flush table). The check of
    :mod:`showdown.equity_tables`, independent of :func:`exact_board_ranks`."""
    n_tuples = tuples.shape[0]
    out = np.zeros((n_tuples, 2), dtype=np.int64)
    deck = np.zeros(48, dtype=np.int64)
    cards = np.zeros(7, dtype=np.int64)
    for t in range(n_tuples):
        used = 0
        for p in range(2):
            for i in range(2):
                used |= 1 << tuples[t, p, i]
        n = 0
        for c in range(52):
            if not used >> c & 1:
                deck[n] = c
                n += 1
        key0 = CARD_KEYS[tuples[t, 0, 0]] + CARD_KEYS[tuples[t, 0, 1]] + KEY_START
        key1 = CARD_KEYS[tuples[t, 1, 0]] + CARD_KEYS[tuples[t, 1, 1]] + KEY_START
        wins = 0
        ties = 0
        for a in range(n - 4):
            ka = CARD_KEYS[deck[a]]
            cards[2] = deck[a]
            for b in range(a + 1, n - 3):
                kb = ka + CARD_KEYS[deck[b]]
                cards[3] = deck[b]
                for c in range(b + 1, n - 2):
                    kc = kb + CARD_KEYS[deck[c]]
                    cards[4] = deck[c]
                    for d in range(c + 1, n - 1):
                        kd = kc + CARD_KEYS[deck[d]]
                        cards[5] = deck[d]
                        for e in range(d + 1, n):
                            board = kd + CARD_KEYS[deck[e]]
                            cards[6] = deck[e]
                            v0 = 0
                            v1 = 0
                            for p in range(2):
                                key = board + (key0 if p == 0 else key1)
                                cards[0] = tuples[t, p, 0]
                                cards[1] = tuples[t, p, 1]
                                value = _lookup(key & RANK_KEY_MASK, offsets, rank_table)
                                if key & FLUSH_BITS:
                                    suit = _flush_suit(key)
                                    bits = 0
                                    for i in range(7):
                                        if cards[i] & 3 == suit:
                                            bits |= _CARD_BIT[cards[i]]
                                    value = max(value, int(flush_table[bits]))
                                if p == 0:
                                    v0 = value
                                else:
                                    v1 = value
                            if v0 > v1:
                                wins += 1
                            elif v0 == v1:
                                ties += 1
        out[t, 0] = wins
        out[t, 1] = ties
    return out


# -- Monte Carlo -----------------------------------------------------------------


_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)


@nb.njit(cache=True, nogil=True, inline="always")
def _heads_up_columns(counts: I64, win0: int, win1: int, tie: int) -> None:
    """Fill a heads-up run's columns from its win and tie counts (one ranking)."""
    half = POT // 2
    for p, won in ((0, win0), (1, win1)):
        counts[p, WIN] = won
        counts[p, TIE] = tie
        counts[p, SHARE] = won * POT + tie * half
        counts[p, HIGH] = counts[p, SHARE]
        counts[p, SHARE_SQ] = won * POT * POT + tie * half * half


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


_HALF: Final = 0xFFFFFFFF
_GROUP_PRODUCT: Final = 1 << 24
"""The most product of the bounds drawn from one 32-bit half of a random word: the
chance that the half is rejected is below ``_GROUP_PRODUCT / 2**32`` (0.4 %)."""


@nb.njit(cache=True, nogil=True)
def _draw_groups(n_deck: int, draws: int) -> tuple[I64, I64, I64]:
    """How :func:`sample_counts` draws ``draws`` cards from ``n_deck``: one 32-bit half
    of a random word per group of draws, as one of Lemire's bounded integers below the
    product of the group's bounds (Brackett-Rozinsky and Lemire's batched draws).

    Returns ``(starts, thresholds, bounds)``: group g is draws ``starts[g]`` to
    ``starts[g + 1]``, rejected when its leftover is below ``thresholds[g]``
    (``2**32 mod`` the product); draw i picks one of ``bounds[i] = n_deck - i`` cards.
    """
    bounds = np.zeros(max(draws, 1), dtype=np.int64)
    starts = np.zeros(draws + 1, dtype=np.int64)
    thresholds = np.zeros(max(draws, 1), dtype=np.int64)
    groups = 0
    product = 1
    for i in range(draws):
        bounds[i] = n_deck - i
        if i > 0 and product * bounds[i] > _GROUP_PRODUCT:
            thresholds[groups] = (1 << 32) % product
            groups += 1
            starts[groups] = i
            product = 1
        product *= bounds[i]
    if draws > 0:
        thresholds[groups] = (1 << 32) % product
        groups += 1
        starts[groups] = draws
    return starts[: groups + 1], thresholds[:groups], bounds


@nb.njit(cache=True, nogil=True)
def _sample_keyed(
    seed: np.uint64,
    deals: int,
    known: I64,
    n_known: I64,
    board_known: I64,
    n_board: int,
    deck: I64,
    tables: Arrays,
) -> I64:
    """:func:`sample_counts` for :data:`ANY_MIX` and :data:`BOARD_HIGH` with no listed
    player: counts ``(players, COLUMNS)`` of ``deals`` deals.

    Each deal is a partial Fisher-Yates shuffle of ``deck`` (the open cards of player
    0, then of player 1, ..., then the board's), its indexes drawn a few at a time
    from each 32-bit half of a random word (:func:`_draw_groups`; a rejected group is
    drawn again from the cards left, which keeps the draw uniform). A hand is valued
    by its hand key, the known cards' part summed once, and, when it holds five
    cards of a suit, by that suit's ranks: the known cards' once, the dealt ones'.
    """
    players, n_hole = known.shape
    rankings = tables[0]
    offsets = tables[1]
    ranks0 = tables[2]
    ranks1 = tables[3]
    flushes0 = tables[4]
    flushes1 = tables[5]
    use_flush = tables[6]
    any_flush = use_flush[0] == 1 or (rankings == 2 and use_flush[1] == 1)
    five = n_hole + n_board == 5
    deck = deck.copy()
    n_deck = len(deck)
    # the slots of the shuffle: player p's open cards, then the board's
    slot = np.zeros(players + 2, dtype=np.int64)
    base_key = np.zeros(players, dtype=np.int64)
    known_bits = np.zeros((players, 4), dtype=np.int64)
    board_base = KEY_START
    for i in range(len(board_known)):
        board_base += CARD_KEYS[board_known[i]]
    for p in range(players):
        slot[p + 1] = slot[p] + n_hole - n_known[p]
        base_key[p] = board_base
        for i in range(n_known[p]):
            base_key[p] += CARD_KEYS[known[p, i]]
            known_bits[p, known[p, i] & 3] |= _CARD_BIT[known[p, i]]
        for i in range(len(board_known)):
            known_bits[p, board_known[i] & 3] |= _CARD_BIT[board_known[i]]
    slot[players + 1] = slot[players] + n_board - len(board_known)
    draws = slot[players + 1]
    starts, thresholds, bounds = _draw_groups(n_deck, draws)
    n_groups = len(thresholds)
    board_first, board_last = slot[players], slot[players + 1]
    heads_up = players == 2 and rankings == 1
    counts3 = np.zeros((1, players, COLUMNS), dtype=np.int64)
    counts: I64 = counts3[0]
    values = np.zeros((players, 2), dtype=np.int64)
    state = np.uint64(seed)
    mask = np.uint64(_HALF)
    win0 = 0
    win1 = 0
    tie = 0
    for _ in range(deals):
        # 1. the shuffle
        spare = np.int64(-1)
        for g in range(n_groups):
            first, last = starts[g], starts[g + 1]
            while True:
                if spare >= 0:
                    left = spare
                    spare = np.int64(-1)
                else:
                    z, state = _random(state)
                    left = np.int64(z & mask)
                    spare = np.int64(z >> np.uint64(32))
                for i in range(first, last):
                    m = left * bounds[i]
                    j = (m >> 32) + i
                    left = m & _HALF
                    card = deck[j]
                    deck[j] = deck[i]
                    deck[i] = card
                if left >= thresholds[g]:
                    break
        # 2. the values
        board_key = 0
        for i in range(board_first, board_last):
            board_key += CARD_KEYS[deck[i]]
        for p in range(players):
            key = base_key[p] + board_key
            for i in range(slot[p], slot[p + 1]):
                key += CARD_KEYS[deck[i]]
            rank_key = key & RANK_KEY_MASK
            flushed = any_flush and key & FLUSH_BITS
            bits = 0
            if flushed:
                suit = _flush_suit(key)
                bits = known_bits[p, suit]
                for i in range(slot[p], slot[p + 1]):
                    if deck[i] & 3 == suit:
                        bits |= _CARD_BIT[deck[i]]
                for i in range(board_first, board_last):
                    if deck[i] & 3 == suit:
                        bits |= _CARD_BIT[deck[i]]
            for r in range(rankings):
                value = _lookup(rank_key, offsets, ranks0 if r == 0 else ranks1)
                if flushed and use_flush[r]:
                    suited = int((flushes0 if r == 0 else flushes1)[bits])
                    if five or suited > value:
                        value = suited
                values[p, r] = value
        # 3. who wins what
        if heads_up:
            # count, and fill the columns once at the end
            v0, v1 = values[0, 0], values[1, 0]
            win0 += v0 > v1
            win1 += v1 > v0
            tie += v0 == v1
        else:
            _score(values, players, rankings, counts3, 0, 1)
    if heads_up:
        _heads_up_columns(counts, win0, win1, tie)
    return counts


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
    tables: Arrays,
) -> tuple[I64, int, int]:
    """Play ``deals`` random deals; return ``(counts (players, COLUMNS), done, tries)``.

    Player p either holds ``known[p, :n_known[p]]`` and is dealt the rest of
    the hand from ``deck`` (an open range), or, when ``listed[p]``, holds a
    combo of ``combo_codes[combo_start[p]:combo_start[p + 1]]`` drawn by the
    cumulative weights. Draws that collide are rejected as a whole, so each
    tuple of combos comes up in proportion to the product of its weights. The
    board is ``board_known`` completed to ``n_board`` cards from ``deck`` (a
    partial Fisher-Yates shuffle that passes over cards a combo holds; with no
    listed player, its indexes are drawn a few at a time from each 32-bit half
    of a random word, :func:`_draw_groups`).
    ``tries`` counts the attempts, rejected ones included; ``done`` falls short
    of ``deals`` only when 1,000 tries per deal were not enough. ``kind`` is
    :data:`ANY_MIX`, :data:`OMAHA`, :data:`BADUGI` or :data:`BOARD_HIGH`;
    ``tables`` is :meth:`EquityTables.arrays` (for :data:`BOARD_HIGH`, of a
    game of one high ranking). :data:`ANY_MIX` and :data:`BOARD_HIGH` value a hand
    by its hand key, the known cards' part summed once.
    """
    players, n_hole = known.shape
    rankings = tables[0]
    offsets = tables[1]
    ranks0 = tables[2]
    ranks1 = tables[3]
    flushes0 = tables[4]
    flushes1 = tables[5]
    use_flush = tables[6]
    keyed = kind in (ANY_MIX, BOARD_HIGH)
    any_flush = use_flush[0] == 1 or (rankings == 2 and use_flush[1] == 1)
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
    # the open cards: per player the first one dealt, and the key of the known ones
    first_open = np.zeros(players, dtype=np.int64)
    known_key = np.zeros(players, dtype=np.int64)
    any_listed = False
    draws = n_board - n_known_board
    for p in range(players):
        if listed[p]:
            any_listed = True
        else:
            first_open[p] = n_known[p]
            draws += n_hole - n_known[p]
            for i in range(n_known[p]):
                known_key[p] += CARD_KEYS[known[p, i]]
    if keyed and not any_listed and draws <= n_deck:
        counts = _sample_keyed(seed, deals, known, n_known, board_known, n_board, deck, tables)
        return counts, deals, deals
    starts, thresholds, bounds = _draw_groups(n_deck, min(draws, n_deck))
    n_groups = len(thresholds)
    picks = np.zeros(max(draws, 1), dtype=np.int64)
    heads_up = players == 2 and rankings == 1
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
        if any_listed:
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
        else:
            spare = np.int64(-1)
            for g in range(n_groups):
                while True:
                    if spare >= 0:
                        left = spare
                        spare = np.int64(-1)
                    else:
                        z, state = _random(state)
                        left = np.int64(z & np.uint64(_HALF))
                        spare = np.int64(z >> np.uint64(32))
                    for i in range(starts[g], starts[g + 1]):
                        m = left * bounds[i]
                        picks[i] = m >> 32
                        left = m & _HALF
                    if left >= thresholds[g]:
                        break
            top = 0
            for p in range(players + 1):
                first, last = (first_open[p], n_hole) if p < players else (n_known_board, n_board)
                for i in range(first, last):
                    j = picks[top] + top
                    card = deck[j]
                    deck[j] = deck[top]
                    deck[top] = card
                    top += 1
                    if p < players:
                        hands[p, i] = card
                    else:
                        board[i] = card
        # 3. value every hand
        if keyed:
            board_key = KEY_START
            for i in range(n_board):
                board_key += CARD_KEYS[board[i]]
            for p in range(players):
                key = board_key + known_key[p]
                for i in range(first_open[p], n_hole):
                    key += CARD_KEYS[hands[p, i]]
                rank_key = key & RANK_KEY_MASK
                flushed = any_flush and key & FLUSH_BITS
                bits = 0
                if flushed:
                    suit = _flush_suit(key)
                    for i in range(n_hole):
                        if hands[p, i] & 3 == suit:
                            bits |= _CARD_BIT[hands[p, i]]
                    for i in range(n_board):
                        if board[i] & 3 == suit:
                            bits |= _CARD_BIT[board[i]]
                for r in range(rankings):
                    value = _lookup(rank_key, offsets, ranks0 if r == 0 else ranks1)
                    if flushed and use_flush[r]:
                        suited = int((flushes0 if r == 0 else flushes1)[bits])
                        if n_hole + n_board == 5 or suited > value:
                            value = suited
                    values[p, r] = value
        else:
            _value_deal(
                kind,
                hands,
                n_hole,
                board,
                n_board,
                tables,
                cards,
                triple_key,
                triple_suit,
                triple_bits,
                values,
            )
        # 4. who wins what
        if heads_up:
            # count, and fill the columns once at the end
            v0, v1 = values[0, 0], values[1, 0]
            win0 += v0 > v1
            win1 += v1 > v0
            tie += v0 == v1
        else:
            _score(values, players, rankings, counts3, 0, 1)
    if heads_up:
        _heads_up_columns(counts, win0, win1, tie)
    return counts, done, tries
