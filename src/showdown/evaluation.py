"""The one evaluator: the value of a hand under any ranking.

:func:`evaluate` chooses the counted cards the ranking allows (the best five of
any five or more; Badugi's best subset of different ranks and suits), looks each
candidate up in the ranking's table (:mod:`showdown.tables`) and keeps the best.
The result is a :class:`HandValue`: immutable, ordered (greater is always
stronger, in every ranking, lowball included), and carrying its category, its
best cards in the order players read them, its strength and its name.

>>> value = evaluate("Ks 2d", "Kc Td Kh Ts 3c")
>>> value.description, value.category.value
('Kings full of Tens', 'full_house')
>>> print(value.cards_text)
Ks Kh Kc Ts Td
>>> value.hole_used, value.unused
((Card('Ks'),), (Card('2d'), Card('3c')))
>>> evaluate("As Ah 2c 3d 4h 6s 7c", ranking="razz").description
'6-4-3-2-A low'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Literal, overload

from showdown import _fast
from showdown.cards import Card, CardsLike, Rank, format_cards, parse_cards
from showdown.errors import CardCountError, CardParseError, DuplicateCardError, Term
from showdown.rules import HIGH, Category, Formation, RuleSet, get_ranking
from showdown.tables import HandClass, get_table

__all__ = [
    "HandValue",
    "best_hand",
    "candidate_hands",
    "evaluate",
    "value_of_mask",
    "value_of_strength",
]


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """The value of a hand under one ranking. Greater always means stronger.

    Two values compare equal exactly when the hands tie (same ranking and
    strength), whatever their cards and suits.

    Attributes:
        ranking: the rule set that valued the hand.
        strength: dense class number, 1 = the weakest class of the ranking.
        cards: the cards that play, ordered as players read them (groups by
            size, then rank: ``K K 8 8 A``; the wheel ``5 4 3 2 A``).
        hole_used: of ``cards``, those from the player's own hand (when a
            board was given separately), else all of them.
        board_used: of ``cards``, those from the board.
        unused: the cards given that do not play.
    """

    ranking: RuleSet
    strength: int
    cards: tuple[Card, ...]
    hole_used: tuple[Card, ...] = field(default=())
    board_used: tuple[Card, ...] = field(default=())
    unused: tuple[Card, ...] = field(default=())

    @property
    def hand_class(self) -> HandClass:
        """The class of equal hands this value belongs to."""
        return get_table(self.ranking).hand_class(self.strength)

    @property
    def category(self) -> Category:
        """The category (``Category.FULL_HOUSE``...)."""
        return self.hand_class.category

    @property
    def deciders(self) -> tuple[Rank, ...]:
        """The ranks compared one by one against another hand of the category."""
        return self.hand_class.deciders

    @property
    def class_number(self) -> int:
        """The conventional class number: 1 = the best hand of the ranking.

        For the high ranking this is the Cactus Kev number (1 = royal flush,
        7462 = 7-5-4-3-2), always ``7463 - strength``.
        """
        return get_table(self.ranking).size + 1 - self.strength

    @property
    def description(self) -> str:
        """The hand in words: ``'Kings full of Tens'``."""
        from showdown.explanation import describe

        return describe(self)

    def describe(self, lang: str = "en") -> str:
        """The hand in words, in a language (``'en'``)."""
        from showdown.explanation import describe

        return describe(self, lang=lang)

    @property
    def cards_text(self) -> str:
        """The cards that play, as text: ``'Ks Kh Kc Ts Td'``."""
        return format_cards(self.cards)

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a HandValue with {type(other).__name__}")
        if other.ranking != self.ranking:
            raise TypeError(
                f"cannot compare a {self.ranking.name} value with a {other.ranking.name} value"
            )
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.ranking == other.ranking and self.strength == other.strength

    def __hash__(self) -> int:
        return hash((self.ranking.name, self.strength))

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < self._check(other).strength

    def __le__(self, other: HandValue) -> bool:
        return self.strength <= self._check(other).strength

    def __gt__(self, other: HandValue) -> bool:
        return self.strength > self._check(other).strength

    def __ge__(self, other: HandValue) -> bool:
        return self.strength >= self._check(other).strength

    def __repr__(self) -> str:
        return (
            f"<HandValue {self.ranking.name} {self.strength}: "
            f"{self.description} ({self.cards_text})>"
        )


def _order_cards(five: Sequence[Card], hand_class: HandClass) -> tuple[Card, ...]:
    """The cards in the class's reading order; within a rank, spades first."""
    pool = sorted(five, key=lambda card: card.suit.index, reverse=True)
    ordered: list[Card] = []
    for symbol in hand_class.ranks:
        card = next(c for c in pool if c.rank.symbol == symbol)
        pool.remove(card)
        ordered.append(card)
    return tuple(ordered)


@cache
def _reading_keys(rules: RuleSet, strength: int) -> tuple[int, ...]:
    """Per card code, its place in a class's reading order: the group of its rank, then
    spades first (codes whose rank is not in the class get a key that is never used)."""
    positions: dict[int, int] = {}
    for position, symbol in enumerate(get_table(rules).hand_class(strength).ranks):
        positions.setdefault(Rank(symbol).index, position)
    return tuple(positions.get(code >> 2, 0) * 4 + 3 - (code & 3) for code in range(52))


def value_of_mask(
    rules: RuleSet, strength: int, mask: int, cards: Sequence[Card], n_hole: int
) -> HandValue:
    """A :class:`HandValue` from the compiled core's (strength, column mask).

    ``cards`` are the hole cards then the board (``n_hole`` of them are the
    player's own); bit ``j`` of ``mask`` is set when ``cards[j]`` plays. The
    cards come out in the reading order of :func:`best_hand` (groups as the
    class reads them, spades first within a rank), so the value is identical
    to the readable path's.
    """
    keys = _reading_keys(rules, strength)
    columns = _columns(mask)
    if len(columns) > 1:
        columns = sorted(columns, key=lambda j: keys[cards[j]._code])
    return HandValue(
        ranking=rules,
        strength=strength,
        cards=tuple([cards[j] for j in columns]),
        hole_used=tuple([cards[j] for j in columns if j < n_hole]),
        board_used=tuple([cards[j] for j in columns if j >= n_hole]),
        unused=tuple([card for j, card in enumerate(cards) if not (mask >> j) & 1]),
    )


_COLUMNS: dict[int, list[int]] = {}


def _columns(mask: int) -> list[int]:
    """The set bits of a column mask, in increasing order (cached per mask)."""
    found = _COLUMNS.get(mask)
    if found is None:
        found = _COLUMNS[mask] = [j for j in range(mask.bit_length()) if (mask >> j) & 1]
    return found


def candidate_hands(rules: RuleSet, cards: Sequence[Card]) -> Iterable[tuple[Card, ...]]:
    """Every set of counted cards the ranking allows from ``cards``."""
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        for size in range(min(rules.hand_size, len(cards)), 0, -1):
            for combo in combinations(cards, size):
                if len({c.rank for c in combo}) == size and len({c.suit for c in combo}) == size:
                    yield combo
        return
    yield from combinations(cards, rules.hand_size)


def best_hand(
    rules: RuleSet, candidates: Iterable[Sequence[Card]]
) -> tuple[int, tuple[Card, ...]] | None:
    """The best of several candidate sets of counted cards: (strength, cards).

    Each candidate is looked up in the ranking's table by its pattern (ranks
    from the highest, and whether it is one suit). The first candidate wins
    among equals. ``None`` when none has a value (no qualifying low).
    """
    table = get_table(rules)
    lookup = table.lookup
    suits_count = rules.formation is not Formation.DISTINCT_RANKS_AND_SUITS
    best_strength = 0
    best: Sequence[Card] = ()
    for combo in candidates:
        codes = sorted([card._code for card in combo], reverse=True)
        ranks = tuple([code >> 2 for code in codes])
        flush = False
        if suits_count:
            suit = codes[0] & 3
            flush = codes[-1] & 3 == suit and all(code & 3 == suit for code in codes)
        strength = lookup.get((ranks, flush), 0)
        if strength > best_strength:
            best_strength, best = strength, combo
    if best_strength == 0:
        return None
    return best_strength, _order_cards(best, table.hand_class(best_strength))


def value_of_strength(
    rules: RuleSet,
    found: tuple[int, tuple[Card, ...]],
    hole: Sequence[Card],
    board: Sequence[Card] = (),
) -> HandValue:
    """Wrap a (strength, cards) result as a :class:`HandValue` with card sources."""
    strength, cards = found
    played = set(cards)
    own = set(hole)
    return HandValue(
        ranking=rules,
        strength=strength,
        cards=cards,
        hole_used=tuple(c for c in cards if c in own),
        board_used=tuple(c for c in cards if c not in own),
        unused=tuple(c for c in (*hole, *board) if c not in played),
    )


_ALWAYS_VALUED = Literal[
    "high",
    "ace_to_five",
    "razz",
    "deuce_to_seven",
    "2-7",
    "27",
    "badugi",
    "shortdeck",
    "sixplus",
]


@overload
def evaluate(
    cards: CardsLike, board: CardsLike | None = None, *, ranking: _ALWAYS_VALUED = "high"
) -> HandValue: ...


@overload
def evaluate(
    cards: CardsLike, board: CardsLike | None = None, *, ranking: str | RuleSet
) -> HandValue | None: ...


def evaluate(
    cards: CardsLike, board: CardsLike | None = None, *, ranking: str | RuleSet = HIGH
) -> HandValue | None:
    """The value of the best hand that ``cards`` (and ``board``) make.

    With a ``board``, the cards are a player's own (hole) cards and the board
    is shared; any mix plays, as in Hold'em and Stud, and the value tells
    which hole cards play. For Omaha's two-plus-three rule use
    :func:`showdown.games.evaluate_game`.

    >>> evaluate("As Ks Qs Js Ts").description
    'Royal flush'
    >>> evaluate("5d 4c 3h 2s Ac").cards_text
    '5d 4c 3h 2s Ac'
    >>> evaluate("Kd 9c 8h 7s 6c", ranking="eight_or_better") is None
    True

    Returns:
        the value; ``None`` only for a ranking with a qualifier (eight or
        better) when no hand qualifies.

    Raises:
        TypeError: cards that are not a text or a list of cards.
        CardParseError: a card cannot be read, or is not in the ranking's
            deck (short deck has no Two to Five).
        DuplicateCardError: a card is given twice, in the hand or the board.
        CardCountError: fewer cards than the ranking needs (five; four for
            Badugi), or more than four for Badugi.
        UnknownRankingError: no such ranking.
    """
    rules = get_ranking(ranking)
    hole = parse_cards(cards)
    shared = parse_cards(board) if board is not None else ()
    for card in shared:
        if card in hole:
            raise DuplicateCardError.of(
                "card {card} is both in the hand and on the board", card=str(card)
            )
    everything = (*hole, *shared)
    _check_count(rules, everything)
    _check_deck(rules, everything)
    if _fast.enabled():
        strength, mask = _fast.ranking_best(rules, [card._code for card in everything])
        if strength == 0:
            return None
        return value_of_mask(rules, strength, mask, everything, len(hole))
    ordered = sorted(everything, key=lambda card: card.code, reverse=True)
    found = best_hand(rules, candidate_hands(rules, ordered))
    if found is None:
        return None
    return value_of_strength(rules, found, hole, shared)


def _check_deck(rules: RuleSet, cards: Sequence[Card]) -> None:
    """Every card must be in the ranking's deck (36 cards, 6 to A, in short deck)."""
    ranks = rules.rank_order
    if len(ranks) == len(Rank):
        return
    for card in cards:
        if card.rank not in ranks:
            low = min(ranks, key=lambda rank: rank.index).symbol
            raise CardParseError.of(
                "{card} is not in the deck of {ranking} (ranks {low} to A): {cards}",
                card=str(card),
                ranking=rules.name,
                low=low,
                cards=format_cards(cards),
            )


def _check_count(rules: RuleSet, cards: Sequence[Card]) -> None:
    if len(cards) < rules.min_cards:
        raise CardCountError.of(
            "{ranking} needs at least {wanted} cards, got {count}: {cards}",
            ranking=rules.name,
            wanted=rules.min_cards,
            count=len(cards),
            cards=format_cards(cards) or Term("none"),
        )
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS and len(cards) > rules.hand_size:
        raise CardCountError.of(
            "{ranking} takes exactly {wanted} cards, got {count}: {cards}",
            ranking=rules.name,
            wanted=rules.hand_size,
            count=len(cards),
            cards=format_cards(cards),
        )
