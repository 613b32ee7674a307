"""The one table builder: every hand class of a ranking, built from its rules.

For a :class:`~showdown.rules.RuleSet` the builder lists every pattern a hand
can have (each multiset of ranks, with and without a flush; for Badugi each
set of different ranks), works out its category and the ranks that decide a
comparison straight from the rules (:func:`classify`), sorts the distinct
results, and numbers them densely: *strength* 1 is the weakest class, and the
greatest strength the best hand. The table is built once per process and
cached.

>>> table = get_table("high")
>>> len(table.classes), table.classes[-1].category.value
(7462, 'straight_flush')
>>> table.classes[0].ranks  # the weakest hand: 7-5-4-3-2, not one suit
('7', '5', '4', '3', '2')
>>> len(get_table("eight_or_better").classes)
56
"""

from __future__ import annotations

import marshal
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final

from showdown._cache import cache_dir, digest, write_atomically
from showdown.cards import Rank
from showdown.rules import Category, Formation, RuleSet, get_ranking

__all__ = ["HandClass", "PatternKey", "RankingTable", "classify", "get_table", "pattern_key"]

PatternKey = tuple[tuple[int, ...], bool]
"""A hand's pattern: its rank indexes from highest to lowest, and whether it is a flush."""

_FIVE_CARD_SHAPES: Final[dict[tuple[int, ...], Category]] = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.ONE_PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
}
_BADUGI_SIZES: Final[dict[int, Category]] = {
    1: Category.ONE_CARD,
    2: Category.TWO_CARD,
    3: Category.THREE_CARD,
    4: Category.BADUGI,
}


@dataclass(frozen=True, slots=True)
class HandClass:
    """One class of equal hands in a ranking.

    Attributes:
        strength: 1 for the weakest class of the ranking, up to the best.
        category: the category.
        ranks: the counted ranks as symbols, in the order players read them:
            groups by size, then by rank (``K K K T T``; the wheel
            ``5 4 3 2 A``).
        deciders: the ranks compared one by one, in order: each group once
            (``K T`` for a full house), or only the top card of a straight.
    """

    strength: int
    category: Category
    ranks: tuple[str, ...]
    deciders: tuple[Rank, ...]


_CATEGORY_OF: Final = {category.value: category for category in Category}
_RANK_OF: Final = {rank.value: rank for rank in Rank}
"""The members by value, as ``Category(value)`` and ``Rank(value)`` find them (faster)."""


class RankingTable:
    """Every class of one ranking, and the lookup from hand pattern to strength.

    Attributes:
        rules: the rule set.
        classes: every :class:`HandClass`, weakest first (``classes[s - 1]`` has
            strength ``s``).
        lookup: a hand pattern's strength (:func:`pattern_key`).
        size: how many classes there are.

    A table read back from the disk makes its classes when they are first asked
    for (one valued hand needs one class, not thousands); they are the same
    values either way.
    """

    __slots__ = ("_all", "_made", "_plain", "lookup", "rules", "size")

    rules: RuleSet
    lookup: Mapping[PatternKey, int]
    size: int

    def __init__(
        self, rules: RuleSet, classes: Sequence[HandClass], lookup: Mapping[PatternKey, int]
    ) -> None:
        self.rules = rules
        self.lookup = lookup
        self.size = len(classes)
        self._made: list[HandClass | None] = list(classes)
        self._plain: Sequence[tuple[str, tuple[str, ...], tuple[str, ...]]] = ()
        self._all: tuple[HandClass, ...] | None = tuple(classes)

    @classmethod
    def _of_plain(
        cls,
        rules: RuleSet,
        plain: Sequence[tuple[str, tuple[str, ...], tuple[str, ...]]],
        lookup: Mapping[PatternKey, int],
    ) -> RankingTable:
        """A table whose classes are made from :func:`_to_plain`'s tuples when needed."""
        table = cls(rules, (), lookup)
        table.size = len(plain)
        table._made = [None] * len(plain)
        table._plain = plain
        table._all = None
        return table

    @property
    def classes(self) -> tuple[HandClass, ...]:
        """Every class, weakest first."""
        found = self._all
        if found is None:
            found = self._all = tuple(
                [self.hand_class(strength) for strength in range(1, self.size + 1)]
            )
        return found

    def strength_of(self, key: PatternKey) -> int:
        """The strength of a pattern, 0 when it has no value (does not qualify)."""
        return self.lookup.get(key, 0)

    def hand_class(self, strength: int) -> HandClass:
        """The class with this strength.

        Raises:
            IndexError: no class has this strength.
        """
        if not 0 < strength <= self.size:
            raise IndexError(f"{self.rules.name} has no class of strength {strength}")
        made = self._made[strength - 1]
        if made is None:
            category, ranks, deciders = self._plain[strength - 1]
            made = self._made[strength - 1] = HandClass(
                strength,
                _CATEGORY_OF[category],
                ranks,
                tuple([_RANK_OF[decider] for decider in deciders]),
            )
        return made

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RankingTable):
            return NotImplemented
        return (self.rules, self.classes, self.lookup) == (other.rules, other.classes, other.lookup)

    __hash__ = None  # type: ignore[assignment]  # mutable inside, as the dataclass was

    def __repr__(self) -> str:
        return f"<RankingTable {self.rules.name}: {self.size} classes>"


def classify(
    rules: RuleSet, ranks: Sequence[Rank], flush: bool
) -> tuple[Category, tuple[Rank, ...], tuple[Rank, ...]] | None:
    """Category, display order and deciding ranks of a hand, from the rules alone.

    ``ranks`` are the counted ranks (five, or Badugi's one to four). Returns
    ``None`` when the hand does not qualify under ``rules.qualifier``.

    >>> from showdown.rules import HIGH
    >>> ranks = [Rank(r) for r in "A5432"]
    >>> category, shown, deciders = classify(HIGH, ranks, flush=False)
    >>> category.value, "".join(r.symbol for r in shown), deciders
    ('straight', '5432A', (<Rank.FIVE: '5'>,))
    """
    value = {rank: i for i, rank in enumerate(rules.rank_order)}
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        ordered = tuple(sorted(ranks, key=value.__getitem__, reverse=True))
        return _BADUGI_SIZES[len(ranks)], ordered, ordered
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], value[item[0]]), reverse=True)
    shown = tuple(rank for rank, count in groups for _ in range(count))
    deciders = tuple(rank for rank, _ in groups)
    shape = tuple(count for _, count in groups)
    if rules.qualifier is not None and (
        shape != (1, 1, 1, 1, 1) or value[shown[0]] > value[rules.qualifier]
    ):
        return None
    category = _FIVE_CARD_SHAPES[shape]
    if category is Category.HIGH_CARD:
        straight = rules.straights and _straight_order(rules, shown)
        if straight:
            shown, deciders = straight, straight[:1]
        if straight and flush and rules.flushes:
            category = Category.STRAIGHT_FLUSH
        elif straight:
            category = Category.STRAIGHT
        elif flush and rules.flushes:
            category = Category.FLUSH
    return category, shown, deciders


def _straight_order(rules: RuleSet, shown: tuple[Rank, ...]) -> tuple[Rank, ...] | None:
    """The straight's ranks from its top card down, or None if not a straight."""
    order = rules.rank_order
    positions = [order.index(rank) for rank in shown]
    if all(positions[i] - positions[i + 1] == 1 for i in range(4)):
        return shown
    # The wheel: the top rank also plays below the lowest (A-2-3-4-5; A-6-7-8-9).
    if rules.wheel and shown[0] is order[-1] and positions[1:] == [3, 2, 1, 0]:
        return (*shown[1:], shown[0])
    return None


def _patterns(rules: RuleSet) -> list[tuple[tuple[Rank, ...], bool]]:
    """Every pattern a hand can have under the rules: (ranks, flush)."""
    deck = rules.rank_order
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return [
            (combo, False)
            for size in range(1, rules.hand_size + 1)
            for combo in combinations(deck, size)
        ]
    patterns: list[tuple[tuple[Rank, ...], bool]] = []
    for combo in combinations_with_replacement(deck, rules.hand_size):
        if max(Counter(combo).values()) > 4:
            continue
        patterns.append((combo, False))
        if len(set(combo)) == rules.hand_size:
            patterns.append((combo, True))
    return patterns


@cache
def _build(rules: RuleSet) -> RankingTable:
    """The table of a rule set: kept on disk by a previous process, else computed (and kept)."""
    folder = cache_dir()
    path = None if folder is None else folder / f"classes-{rules.name}-{_key(rules)}.marshal"
    if path is not None:
        try:
            return _from_plain(rules, marshal.loads(path.read_bytes()))
        except (OSError, EOFError, ValueError, TypeError, KeyError, IndexError):
            pass
    table = _compute(rules)
    if path is not None:
        write_atomically(path, marshal.dumps(_to_plain(table)))
    return table


def _key(rules: RuleSet) -> str:
    return digest("tables.py, rules.py, cards.py", rules)


_Plain = tuple[
    tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...],
    dict[PatternKey, int],
]


def _to_plain(table: RankingTable) -> _Plain:
    """The table as plain tuples of texts and numbers and the lookup as a dict (``marshal``
    writes them)."""
    classes = tuple(
        (c.category.value, c.ranks, tuple(rank.value for rank in c.deciders)) for c in table.classes
    )
    return classes, dict(table.lookup)


def _from_plain(rules: RuleSet, plain: _Plain) -> RankingTable:
    """A table back from :func:`_to_plain`'s tuples (its classes made when asked for)."""
    classes, lookup = plain
    if type(classes) is not tuple or type(lookup) is not dict:
        raise TypeError("not a kept table")
    return RankingTable._of_plain(rules, classes, lookup)


def _compute(rules: RuleSet) -> RankingTable:
    value = {rank: i for i, rank in enumerate(rules.rank_order)}
    sign = -1 if rules.lower_wins else 1
    keyed: dict[tuple[int, ...], tuple[Category, tuple[Rank, ...], tuple[Rank, ...]]] = {}
    members: dict[tuple[int, ...], list[PatternKey]] = {}
    for ranks, flush in _patterns(rules):
        classified = classify(rules, ranks, flush)
        if classified is None:
            continue
        category, shown, deciders = classified
        order_key = (
            rules.category_order.index(category),
            *(sign * value[rank] for rank in deciders),
        )
        keyed.setdefault(order_key, classified)
        pattern = (tuple(sorted((rank.index for rank in ranks), reverse=True)), flush)
        members.setdefault(order_key, []).append(pattern)
    classes: list[HandClass] = []
    lookup: dict[PatternKey, int] = {}
    for strength, order_key in enumerate(sorted(keyed), start=1):
        category, shown, deciders = keyed[order_key]
        classes.append(
            HandClass(strength, category, tuple(rank.symbol for rank in shown), deciders)
        )
        for pattern in members[order_key]:
            lookup[pattern] = strength
    if not rules.flushes:
        # Suits are ignored: a one-suit hand is looked up as any other.
        for (indexes, flush), strength in list(lookup.items()):
            if not flush:
                lookup[(indexes, True)] = strength
    return RankingTable(rules, tuple(classes), lookup)


def get_table(ranking: str | RuleSet) -> RankingTable:
    """The table of a ranking (by name, alias or rule set); built once, then cached.

    Raises:
        UnknownRankingError: no ranking has this name.
    """
    return _build(get_ranking(ranking))


def pattern_key(codes: Sequence[int]) -> PatternKey:
    """The lookup key of cards given by their codes.

    >>> pattern_key([51, 47, 43, 39, 35])  # As Ks Qs Js Ts
    ((12, 11, 10, 9, 8), True)
    """
    ranks = tuple(sorted((code >> 2 for code in codes), reverse=True))
    first_suit = codes[0] & 3
    return ranks, all(code & 3 == first_suit for code in codes)
