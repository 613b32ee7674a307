"""The kernels' tables, derived from the readable rule tables and cached per process.

Every value here comes from :func:`showdown.tables.get_table`: a multiset of
five to seven ranks is worth the best five-card pattern it contains, a set of
suited ranks the best five-card flush pattern, a Badugi hand its best subset
of different ranks and suits. This module imports numpy only, as does the
perfect hash (:mod:`showdown._kernels.hashing`) that :func:`kernel_tables`
builds when it first needs it; every table is then kept on disk
(:mod:`showdown._kernels.store`).

>>> keys = rank_keys_of([12, 12, 11])  # A A K
>>> keys == 2 * RANK_KEYS[12] + RANK_KEYS[11]
True
>>> values = scalar_high()
>>> values.ranks[RANK_KEYS[12] * 4 + RANK_KEYS[11]]  # four aces, king kicker
7452
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from showdown.rules import Category, Formation, RuleSet, get_ranking
from showdown.tables import get_table

__all__ = [
    "CARD_KEYS",
    "FIVE_KEYS",
    "FLUSH_BITS",
    "HASH_SHIFT",
    "HASH_SIZE",
    "KEY_START",
    "MAX_CARDS",
    "RANK_KEYS",
    "RANK_KEY_MASK",
    "SEVEN_FIRST_MULTIPLIER",
    "SEVEN_ROW_BITS",
    "SEVEN_SIZE",
    "SUIT_SHIFT",
    "KernelTables",
    "Layout",
    "OmahaTables",
    "ScalarTables",
    "SevenLayout",
    "badugi_hand_values",
    "deck_mask",
    "flush_decides",
    "kernel_tables",
    "layout",
    "multisets",
    "omaha_tables",
    "rank_keys_of",
    "scalar_high",
    "seven_layout",
    "seven_ranks",
    "seven_slots",
]

RANK_KEYS: Final[tuple[int, ...]] = (
    1,
    5,
    24,
    112,
    521,
    2247,
    9244,
    30823,
    103066,
    250154,
    667453,
    1526359,
    3453520,
)
"""Rank ``r``'s additive key: the smallest increasing keys (from 1) whose sums
tell apart every multiset of up to seven ranks with at most four of a rank,
found by :func:`showdown._kernels.hashing.greedy_rank_keys` (about a minute
for all thirteen; the tests re-derive the first ten). :func:`multisets` checks the
property whenever it runs."""

FIVE_KEYS: Final[tuple[int, ...]] = (
    0,
    1,
    5,
    22,
    94,
    312,
    992,
    2422,
    5624,
    12522,
    19998,
    43258,
    79415,
)
"""Smaller keys for exactly five cards (the same greedy search, from 0; the tests
re-derive them): their sums, all below 360,919, index Omaha's five-card table
directly."""

MAX_CARDS: Final = 7
"""The most cards the keyed kernels take (the keys separate up to seven)."""

SUIT_SHIFT: Final = 32
"""Bit where the four 4-bit suit counters of a hand key start."""

KEY_START: Final = 0x3333 << SUIT_SHIFT
"""A hand key before any card: each suit counter at 3, so 5 cards set its top bit."""

FLUSH_BITS: Final = 0x8888 << SUIT_SHIFT
"""The counters' top bits: a hand key AND this is non-zero iff 5+ cards share a suit."""

RANK_KEY_MASK: Final = (1 << SUIT_SHIFT) - 1
"""The rank-key part of a hand key."""

CARD_KEYS: Final = np.array(
    [RANK_KEYS[code >> 2] + (1 << (SUIT_SHIFT + 4 * (code & 3))) for code in range(52)], np.int64
)
"""Per card code: its rank key plus one in its suit's counter. A hand key is
``KEY_START`` plus the hand's card keys (:attr:`Layout.card_keys` is this array)."""

HASH_SHIFT: Final = 8
"""Rank keys sharing ``key >> HASH_SHIFT`` form one row of the perfect hash."""

HASH_SIZE: Final = 1 << 17
"""Slots of the perfect hash (76,155 used)."""

SEVEN_ROW_BITS: Final = 12
"""Rows of the seven-card hash (:func:`seven_layout`): ``2**SEVEN_ROW_BITS``, a key's
row the top bits of the low 32 bits of ``key * multiplier``."""

SEVEN_SIZE: Final = 1 << 16
"""Slots of the seven-card hash (49,205 used: 75 %)."""

SEVEN_FIRST_MULTIPLIER: Final = 0x9E3779CB
"""The first multiplier the seven-card hash tries; the next ones add 2 until the
displacement fits. Trying the odd multipliers upwards from ``0x9E3779B1`` (``2**32``
over the golden ratio), this is the first that fits (the thirteen before it leave a
row no free offset), so a build starts here."""

_BASE: Final = 13
_PATTERNS: Final = _BASE**5
_BADUGI_HANDS: Final = comb(52, 4)


_FIVES_ABOVE: Final = (
    Category.HIGH_CARD,
    Category.ONE_PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
)


def flush_decides(rules: RuleSet) -> bool:
    """With at most seven cards, a flush is the best hand whenever there is one.

    Then one keyed lookup values six or seven cards (no need to try each five).

    >>> flush_decides(get_ranking("high")), flush_decides(get_ranking("deuce_to_seven"))
    (True, False)
    """
    if not rules.flushes:
        return False
    order = rules.category_order
    return all(order.index(Category.FLUSH) > order.index(other) for other in _FIVES_ABOVE)


def deck_mask(rankings: Iterable[RuleSet]) -> int:
    """Bit mask of the codes in the deck of every ranking.

    >>> deck_mask([get_ranking("shortdeck")]) == (1 << 52) - (1 << 16)  # no deuce to five
    True
    """
    mask = (1 << 52) - 1
    for rules in rankings:
        indexes = {rank.index for rank in rules.rank_order}
        mask &= sum(1 << code for code in range(52) if code >> 2 in indexes)
    return mask


def rank_keys_of(ranks: list[int]) -> int:
    """The rank key of some rank indexes (0 = deuce ... 12 = ace)."""
    return sum(RANK_KEYS[rank] for rank in ranks)


@cache
def multisets() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:
    """Every multiset of at most seven ranks (at most four of each): counts and keys.

    Returns ``(counts, keys)``: ``counts[i, r]`` cards of rank ``r`` in multiset
    ``i``, and its rank key. Raises ``AssertionError`` if two keys are equal.
    """
    counts = np.zeros((1, 13), np.int8)
    for rank in range(13):
        sizes = counts.sum(axis=1)
        parts = []
        for count in range(5):
            part = counts[sizes + count <= MAX_CARDS].copy()
            part[:, rank] = count
            parts.append(part)
        counts = np.concatenate(parts)
    keys = counts.astype(np.int64) @ np.array(RANK_KEYS, np.int64)
    if len(np.unique(keys)) != len(keys):  # pragma: no cover - guards the constants
        raise AssertionError("RANK_KEYS do not separate the seven-card multisets")
    return counts, keys


def _pattern_values(rules: RuleSet) -> npt.NDArray[np.uint16]:
    """Strength of every five-card pattern, dense: index = ranks (desc) in base 13, + flush."""
    dense = np.zeros(2 * _PATTERNS, np.uint16)
    for (ranks, flush), strength in get_table(rules).lookup.items():
        if len(ranks) != 5:
            continue
        code = 0
        for rank in ranks:
            code = code * _BASE + rank
        dense[code + _PATTERNS * flush] = strength
    return dense


def _best_of_fives(
    ranks_desc: npt.NDArray[np.int64], dense: npt.NDArray[np.uint16], flush: bool
) -> npt.NDArray[np.uint16]:
    """Best five-card strength within each row of ranks (sorted high to low)."""
    size = ranks_desc.shape[1]
    best = np.zeros(len(ranks_desc), np.uint16)
    weights = _BASE ** np.arange(4, -1, -1, dtype=np.int64)
    for positions in combinations(range(size), 5):
        codes = ranks_desc[:, list(positions)] @ weights + _PATTERNS * flush
        np.maximum(best, dense[codes], out=best)
    return best


def _multiset_values(rules: RuleSet, dense: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint16]:
    """For each multiset of :func:`multisets`, its best five-card strength without a flush."""
    counts, _ = multisets()
    values = np.zeros(len(counts), np.uint16)
    sizes = counts.sum(axis=1)
    for size in range(5, MAX_CARDS + 1):
        rows = np.flatnonzero(sizes == size)
        ranks = np.repeat(np.tile(np.arange(13), len(rows)), counts[rows].ravel())
        ranks_desc = ranks.reshape(len(rows), size)[:, ::-1]
        values[rows] = _best_of_fives(ranks_desc, dense, flush=False)
    return values


def _flush_values(dense: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint16]:
    """For each 13-bit mask of five to seven suited ranks, its best five-card flush."""
    values = np.zeros(1 << 13, np.uint16)
    for size in range(5, MAX_CARDS + 1):
        ranks_desc = np.array(list(combinations(range(12, -1, -1), size)), np.int64)
        masks = (1 << ranks_desc).sum(axis=1)
        values[masks] = _best_of_fives(ranks_desc, dense, flush=True)
    return values


def _badugi_mask_values(rules: RuleSet) -> npt.NDArray[np.uint16]:
    """For each 13-bit mask of 1-4 ranks, the strength of those ranks counted."""
    values = np.zeros(1 << 13, np.uint16)
    for (ranks, _), strength in get_table(rules).lookup.items():
        values[sum(1 << rank for rank in ranks)] = strength
    return values


def badugi_hand_values(rules: RuleSet) -> npt.NDArray[np.uint16]:
    """The strength of every four-card hand, indexed by its sorted codes ``a < b < c < d``.

    The index is the combinatorial number system's
    ``C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4)``. The value is the best of the
    hand's subsets whose cards differ in rank and in suit.
    """
    by_mask = _badugi_mask_values(rules)
    hands = np.array(list(combinations(range(52), 4)), np.int64)
    rank_bits = 1 << (hands >> 2)
    suit_bits = 1 << (hands & 3)
    best = np.zeros(len(hands), np.uint16)
    for size in range(1, 5):
        for subset in combinations(range(4), size):
            ranks = np.bitwise_or.reduce(rank_bits[:, subset], axis=1)
            suits = np.bitwise_or.reduce(suit_bits[:, subset], axis=1)
            valid = (_popcount(ranks) == size) & (_popcount(suits) == size)
            np.maximum(best, np.where(valid, by_mask[ranks], 0), out=best)
    index = _binomials()[np.arange(1, 5), hands].sum(axis=1)
    table = np.zeros(_BADUGI_HANDS, np.uint16)
    table[index] = best
    return table


def _popcount(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    count = np.zeros_like(values)
    for bit in range(13):
        count += (values >> bit) & 1
    return count


@cache
def _binomials() -> npt.NDArray[np.int64]:
    """``C(n, k)`` for ``k`` in 0..4 (rows) and ``n`` in 0..51 (columns)."""
    return np.array([[comb(n, k) for n in range(52)] for k in range(5)], np.int64)


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """The ranking-independent arrays: per-card keys and the perfect hash.

    Attributes:
        card_keys: per card code, its rank key plus one in its suit counter.
        offsets: the perfect hash's row offsets.
        slots: per multiset of :func:`multisets`, its slot in a strength table.
        binomials: ``C(n, k)``, ``k`` 0..4 by ``n`` 0..51 (Badugi's index).
    """

    card_keys: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int32]
    slots: npt.NDArray[np.int64]
    binomials: npt.NDArray[np.int64]


@cache
def layout() -> Layout:
    """The shared arrays; builds the perfect hash on first use (or reads the kept one)."""
    from showdown._kernels.store import cached_arrays, rules_digest

    def build() -> dict[str, npt.NDArray[np.generic]]:
        from showdown._kernels.hashing import row_displacement

        _, keys = multisets()
        offsets = row_displacement(keys, HASH_SHIFT, HASH_SIZE)
        slots = (keys + offsets[keys >> HASH_SHIFT]) & (HASH_SIZE - 1)
        if len(np.unique(slots)) != len(slots):  # pragma: no cover - the builder guarantees it
            raise AssertionError("the perfect hash has a collision")
        return {"offsets": offsets, "slots": slots}

    arrays = cached_arrays("layout", rules_digest(RANK_KEYS, HASH_SHIFT, HASH_SIZE), build)
    offsets = arrays["offsets"].astype(np.int32, copy=False)
    slots = arrays["slots"].astype(np.int64, copy=False)
    return Layout(CARD_KEYS.copy(), offsets, slots, _binomials())


@dataclass(frozen=True, slots=True, eq=False)
class SevenLayout:
    """A second perfect hash, of the multisets of exactly seven ranks, for the C path.

    The shared hash (:func:`layout`) serves five to seven cards with offsets
    of 71,849 rows (281 KiB) beside a 256 KiB strength table: more than a
    core's L2 cache holds, so a batch of random seven-card hands waits on
    memory. Seven cards alone fit 4,096 rows of 16-bit offsets (8 KiB) and
    65,536 strength slots (128 KiB, :func:`seven_ranks`). Rows by key ranges
    (``key >> shift``) would be too uneven to pack that tight (the keys
    cluster), so a key's row comes from a multiplicative hash
    (:func:`~showdown._kernels.hashing.multiplied_displacement`); every row
    index is below ``2**SEVEN_ROW_BITS`` and every slot below
    :data:`SEVEN_SIZE`, whatever the key. Same rank keys, so the key a hand
    sums is the same.

    Attributes:
        offsets: the row offsets (``uint16``, ``2**SEVEN_ROW_BITS`` of them).
        multiplier: the row hash's multiplier (below ``2**32``).
        slots: per seven-card multiset of :func:`multisets` (in its order),
            its slot in a table of :data:`SEVEN_SIZE`.
        sevens: the indexes of those multisets in :func:`multisets`.
    """

    offsets: npt.NDArray[np.uint16]
    multiplier: int
    slots: npt.NDArray[np.int64]
    sevens: npt.NDArray[np.int64]


def seven_slots(
    keys: npt.NDArray[np.int64], offsets: npt.NDArray[np.uint16], multiplier: int
) -> npt.NDArray[np.int64]:
    """The slots of rank keys (below ``2**32``) in the seven-card hash, as the C code finds them.

    >>> seven = seven_layout()
    >>> keys = multisets()[1][seven.sevens[:3]]
    >>> bool((seven_slots(keys, seven.offsets, seven.multiplier) == seven.slots[:3]).all())
    True
    """
    rows = ((keys.astype(np.int64) * multiplier) & 0xFFFFFFFF) >> (32 - SEVEN_ROW_BITS)
    slots: npt.NDArray[np.int64] = (keys + offsets[rows].astype(np.int64)) & (SEVEN_SIZE - 1)
    return slots


@cache
def seven_layout() -> SevenLayout:
    """The seven-card hash; built on first use, then kept on disk.

    >>> seven = seven_layout()
    >>> len(seven.slots), len(set(seven.slots.tolist())), int(seven.slots.max()) < SEVEN_SIZE
    (49205, 49205, True)
    >>> len(seven.offsets) == 1 << SEVEN_ROW_BITS, seven.multiplier % 2
    (True, 1)

    Raises:
        AssertionError: no multiplier of the first thousand fits (never seen), or
            the hash read back has a collision.
    """
    from showdown._kernels.store import cached_arrays, rules_digest

    counts, keys = multisets()
    sevens = np.flatnonzero(counts.sum(axis=1) == MAX_CARDS)
    seven_keys = keys[sevens]

    def build() -> dict[str, npt.NDArray[np.generic]]:
        from showdown._kernels.hashing import multiplied_displacement

        for attempt in range(1000):
            multiplier = SEVEN_FIRST_MULTIPLIER + 2 * attempt
            offsets = multiplied_displacement(seven_keys, multiplier, SEVEN_ROW_BITS, SEVEN_SIZE)
            if len(offsets):
                return {
                    "offsets": offsets.astype(np.uint16),
                    "multiplier": np.array([multiplier], np.int64),
                }
        raise AssertionError("no multiplier fits the seven-card hash")  # pragma: no cover

    digest = rules_digest(RANK_KEYS, SEVEN_ROW_BITS, SEVEN_SIZE, SEVEN_FIRST_MULTIPLIER)
    arrays = cached_arrays("seven-mul", digest, build)
    offsets = arrays["offsets"].astype(np.uint16, copy=False)
    multiplier = int(arrays["multiplier"][0])
    slots = seven_slots(seven_keys, offsets, multiplier)
    if len(offsets) != 1 << SEVEN_ROW_BITS or len(np.unique(slots)) != len(slots):
        raise AssertionError("the seven-card hash has a collision")  # pragma: no cover
    return SevenLayout(offsets, multiplier, slots.astype(np.int64), sevens.astype(np.int64))


def seven_ranks(tables: KernelTables) -> npt.NDArray[np.uint16]:
    """A ranking's non-flush strengths of seven cards, by slot of :func:`seven_layout`.

    The same numbers as ``tables.ranks`` for the same multisets, moved to the
    seven-card slots (``0`` in unused slots).

    >>> high = kernel_tables("high")
    >>> seven, shared = seven_layout(), layout()
    >>> moved = seven_ranks(high)
    >>> bool((moved[seven.slots] == high.ranks[shared.slots[seven.sevens]]).all())
    True
    """
    seven = seven_layout()
    out = np.zeros(SEVEN_SIZE, np.uint16)
    out[seven.slots] = tables.ranks[layout().slots[seven.sevens]]
    return out


@dataclass(frozen=True, slots=True, eq=False)
class KernelTables:
    """One ranking's strength tables, as the kernels read them.

    Attributes:
        rules: the ranking.
        ranks: per perfect-hash slot, the best non-flush strength of the
            multiset of five to seven ranks there (0: none, or no value).
        flushes: per 13-bit mask of five to seven suited ranks, the best
            five-card flush strength (empty for rankings that ignore suits).
        use_flush: the ranking counts flushes.
        badugi_hands: Badugi only: every four-card hand's strength (see
            :func:`badugi_hand_values`).
        badugi_ranks: Badugi only: per 13-bit mask of one to four ranks, their
            strength when all count.
    """

    rules: RuleSet
    ranks: npt.NDArray[np.uint16]
    flushes: npt.NDArray[np.uint16]
    use_flush: bool
    badugi_hands: npt.NDArray[np.uint16]
    badugi_ranks: npt.NDArray[np.uint16]

    @property
    def nbytes(self) -> int:
        """Bytes of this ranking's own tables."""
        return sum(
            table.nbytes
            for table in (self.ranks, self.flushes, self.badugi_hands, self.badugi_ranks)
        )


@cache
def kernel_tables(ranking: str | RuleSet) -> KernelTables:
    """The tables of a ranking, built once per process from its rule table."""
    from showdown._kernels.store import cached_arrays, rules_digest

    rules = get_ranking(ranking)
    empty = np.zeros(0, np.uint16)
    shared = layout()

    def build() -> dict[str, npt.NDArray[np.generic]]:
        if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
            return {"hands": badugi_hand_values(rules), "by_mask": _badugi_mask_values(rules)}
        dense = _pattern_values(rules)
        ranks = np.zeros(HASH_SIZE, np.uint16)
        ranks[shared.slots] = _multiset_values(rules, dense)
        flushes = _flush_values(dense) if rules.flushes else empty
        return {"ranks": ranks, "flushes": flushes}

    digest = rules_digest(rules, RANK_KEYS, shared.offsets.tobytes())
    arrays = {
        key: value.astype(np.uint16, copy=False)
        for key, value in cached_arrays(f"tables-{rules.name}", digest, build).items()
    }
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return KernelTables(rules, empty, empty, False, arrays["hands"], arrays["by_mask"])
    return KernelTables(rules, arrays["ranks"], arrays["flushes"], rules.flushes, empty, empty)


@dataclass(frozen=True, slots=True, eq=False)
class OmahaTables:
    """One ranking's tables for hands of exactly two hole and three board cards.

    Attributes:
        card_keys: per card code, ``FIVE_KEYS`` of its rank.
        fives: per sum of five ``FIVE_KEYS`` (at most four of a rank), the
            strength of those ranks without a flush (rankings without a
            qualifier; else empty).
        low_ranks: rankings with a qualifier: the 13-bit mask of the ranks that
            may play (A-8); else 0.
        lows: rankings with a qualifier: per 13-bit mask of five such ranks,
            their strength (0 for any other mask); else empty.
    """

    card_keys: npt.NDArray[np.int64]
    fives: npt.NDArray[np.uint16]
    low_ranks: int
    lows: npt.NDArray[np.uint16]

    @property
    def nbytes(self) -> int:
        """Bytes of these tables."""
        return self.card_keys.nbytes + self.fives.nbytes + self.lows.nbytes


@cache
def omaha_tables(ranking: str | RuleSet) -> OmahaTables:
    """The Omaha tables of a ranking, built once per process."""
    rules = get_ranking(ranking)
    card_keys = np.array(FIVE_KEYS, np.int64)[np.arange(52) >> 2]
    empty = np.zeros(0, np.uint16)
    if rules.qualifier is not None:
        lows = np.zeros(1 << 13, np.uint16)
        low_ranks = 0
        for (ranks, _), strength in get_table(rules).lookup.items():
            mask = sum(1 << rank for rank in ranks)
            lows[mask] = strength
            low_ranks |= mask
        return OmahaTables(card_keys, empty, low_ranks, lows)
    counts, _ = multisets()
    five = counts.sum(axis=1) == 5
    keys = counts[five].astype(np.int64) @ np.array(FIVE_KEYS, np.int64)
    fives = np.zeros(int(keys.max()) + 1, np.uint16)
    fives[keys] = kernel_tables(rules).ranks[layout().slots[five]]
    if np.count_nonzero(fives) != len(keys):  # pragma: no cover - guards the constants
        raise AssertionError("FIVE_KEYS do not separate the five-card multisets")
    return OmahaTables(card_keys, fives, 0, empty)


@dataclass(frozen=True, slots=True, eq=False)
class ScalarTables:
    """The high ranking's tables as Python objects, for the one-hand path.

    Attributes:
        cards: per code, one integer: the rank key, the suit counter
            (from bit 32) and the card's bit in its suit's 16-bit lane
            (from bit 64), so that adding seven of them gives the hand key,
            the flush test and the suit masks at once.
        ranks: rank key of a multiset of five to seven ranks -> best strength.
        flushes: 13-bit suited rank mask -> best flush strength.
    """

    cards: dict[int, int]
    ranks: dict[int, int]
    flushes: list[int]


@cache
def scalar_high() -> ScalarTables:
    """The high ranking's tables for :func:`showdown.batch.strength7` (numpy only)."""
    from showdown._kernels.store import cached_arrays, rules_digest

    rules = get_ranking("high")

    def build() -> dict[str, npt.NDArray[np.generic]]:
        dense = _pattern_values(rules)
        counts, keys = multisets()
        values = _multiset_values(rules, dense)
        used = counts.sum(axis=1) >= 5
        return {"keys": keys[used], "values": values[used], "flushes": _flush_values(dense)}

    arrays = cached_arrays("scalar-high", rules_digest(rules, RANK_KEYS), build)
    ranks = dict(zip(arrays["keys"].tolist(), arrays["values"].tolist(), strict=True))
    cards = {
        code: RANK_KEYS[code >> 2]
        + (1 << (SUIT_SHIFT + 4 * (code & 3)))
        + (1 << (64 + 16 * (code & 3) + (code >> 2)))
        for code in range(52)
    }
    return ScalarTables(cards, ranks, arrays["flushes"].tolist())
