"""Rule sets: every ranking of the rule documents, written as data.

A :class:`RuleSet` says how five (or four) cards are compared: the order of
the ranks, whether the ace also plays low in a straight, whether straights and
flushes count, the order of the categories, whether the lower hand wins, a
qualifier, and how the counted cards are chosen. One table builder
(:mod:`showdown.tables`) and one evaluator (:mod:`showdown.evaluation`) read
these records; adding a ranking is adding a record here.

>>> get_ranking("razz") is ACE_TO_FIVE
True
>>> [r.name for r in RANKINGS.values()]  # doctest: +NORMALIZE_WHITESPACE
['high', 'ace_to_five', 'eight_or_better', 'deuce_to_seven', 'badugi', 'shortdeck', 'sixplus']

The 36-card rankings come in the two orders card rooms use: ``shortdeck``
ranks a straight above three of a kind, ``sixplus`` three of a kind above a
straight (as PokerStars and GGPoker deal 6+ Hold'em); both rank a flush above
a full house.

>>> get_ranking("sixplus_straights") is SHORTDECK, get_ranking("6+") is SIXPLUS
(True, True)
>>> [c.value for c in SIXPLUS.category_order[2:5]]
['two_pair', 'straight', 'three_of_a_kind']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from showdown.cards import RANKS, Rank
from showdown.errors import UnknownRankingError

__all__ = [
    "ACE_TO_FIVE",
    "BADUGI",
    "DEUCE_TO_SEVEN",
    "EIGHT_OR_BETTER",
    "HIGH",
    "RANKINGS",
    "RANKING_ALIASES",
    "SHORTDECK",
    "SIXPLUS",
    "Category",
    "Formation",
    "RuleSet",
    "get_ranking",
]


class Category(Enum):
    """The category of a hand; the value is its snake-case id.

    The five-card categories are shared by every five-card ranking (in a low
    ranking an unpaired hand is ``high_card``: a "9-low"); Badugi has its own,
    by the number of cards that count.
    """

    HIGH_CARD = "high_card"
    ONE_PAIR = "one_pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    ONE_CARD = "one_card"
    TWO_CARD = "two_card"
    THREE_CARD = "three_card"
    BADUGI = "badugi"

    @property
    def title(self) -> str:
        """The category in words: ``'Full house'``."""
        return self.value.replace("_", " ").capitalize()


class Formation(Enum):
    """How the counted cards of a hand are chosen from the cards held."""

    BEST_FIVE = "best_five"
    """The best five cards of any five or more (high, lows, 2-7)."""
    DISTINCT_RANKS_AND_SUITS = "distinct_ranks_and_suits"
    """The best subset whose cards differ in rank and suit (Badugi)."""


_STANDARD_CATEGORIES: Final = (
    Category.HIGH_CARD,
    Category.ONE_PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)
_LOWBALL_CATEGORIES: Final = tuple(reversed(_STANDARD_CATEGORIES))
_ACE_LOW: Final = (Rank.ACE, *RANKS[:-1])


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A ranking, as data.

    Attributes:
        name: the id (``'high'``, ``'ace_to_five'``...).
        title: the name in words.
        rank_order: the ranks from lowest to highest *as compared at high*;
            ``(A, 2, ..., K)`` when the ace is always low. Ranks missing from
            it are not in the deck (short deck).
        category_order: categories from weakest to strongest in this ranking
            (for a lowball ranking the pairs come first: they are the worst).
        hand_size: cards in a hand (5; 4 for Badugi).
        straights: five consecutive ranks make a straight.
        wheel: the top rank of ``rank_order`` also plays below its lowest in a
            straight (A-2-3-4-5, or A-6-7-8-9 in short deck).
        flushes: five cards of one suit make a flush.
        lower_wins: between hands of one category, the lower ranks win
            (lowball); compared group by group, highest group first.
        qualifier: when set, a hand qualifies only with all ranks different and
            none above this rank (eight or better); a hand that does not
            qualify has no value.
        formation: how the counted cards are chosen from those held.
        min_cards: the fewest cards the evaluator accepts.
    """

    name: str
    title: str
    rank_order: tuple[Rank, ...] = RANKS
    category_order: tuple[Category, ...] = _STANDARD_CATEGORIES
    hand_size: int = 5
    straights: bool = True
    wheel: bool = True
    flushes: bool = True
    lower_wins: bool = False
    qualifier: Rank | None = None
    formation: Formation = Formation.BEST_FIVE
    min_cards: int = 5

    def __hash__(self) -> int:
        # Tables are cached per rule set on every evaluation: hashing every
        # field each time was a hot spot. Equal rule sets have equal names.
        return hash(self.name)

    @property
    def ace_low(self) -> bool:
        """True when the ace is always the lowest rank."""
        return self.rank_order[0] is Rank.ACE

    def __repr__(self) -> str:
        return f"RuleSet({self.name!r})"


HIGH: Final = RuleSet("high", "High (standard poker ranking)")
"""The standard high ranking: Hold'em, Omaha, Stud, Five Card Draw."""

ACE_TO_FIVE: Final = RuleSet(
    "ace_to_five",
    "Ace-to-Five low (Razz, California)",
    rank_order=_ACE_LOW,
    category_order=_LOWBALL_CATEGORIES,
    straights=False,
    wheel=False,
    flushes=False,
    lower_wins=True,
)
"""Ace-to-Five low: ace low, straights and flushes ignored, pairs count against."""

EIGHT_OR_BETTER: Final = RuleSet(
    "eight_or_better",
    "Ace-to-Five low, eight or better",
    rank_order=_ACE_LOW,
    category_order=_LOWBALL_CATEGORIES,
    straights=False,
    wheel=False,
    flushes=False,
    lower_wins=True,
    qualifier=Rank.EIGHT,
)
"""The low half of Omaha Hi/Lo and Stud Hi/Lo: five different ranks, 8 or lower."""

DEUCE_TO_SEVEN: Final = RuleSet(
    "deuce_to_seven",
    "Deuce-to-Seven low (Kansas City)",
    category_order=_LOWBALL_CATEGORIES,
    wheel=False,
    lower_wins=True,
)
"""Deuce-to-Seven: the high ranking reversed; the ace is always high."""

BADUGI: Final = RuleSet(
    "badugi",
    "Badugi",
    rank_order=_ACE_LOW,
    category_order=(Category.ONE_CARD, Category.TWO_CARD, Category.THREE_CARD, Category.BADUGI),
    hand_size=4,
    straights=False,
    wheel=False,
    flushes=False,
    lower_wins=True,
    formation=Formation.DISTINCT_RANKS_AND_SUITS,
    min_cards=4,
)
"""Badugi: four cards, the best subset of different ranks and suits counts."""

_SHORT_RANKS: Final = RANKS[4:]
"""The ranks of the 36-card deck: 6 to A."""

SHORTDECK: Final = RuleSet(
    "shortdeck",
    "Short deck (6-plus) high, straight above three of a kind",
    rank_order=_SHORT_RANKS,
    category_order=(
        Category.HIGH_CARD,
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        Category.FULL_HOUSE,
        Category.FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
    ),
)
"""Short-deck high with a straight above three of a kind.

36 cards 6-A, A-6-7-8-9 is the lowest straight, a flush beats a full house,
and a **straight beats three of a kind** (the order of the standard ranking,
and the one a 36-card deck's odds give: 6,120 five-card straights against
16,128 three of a kind). RULES.md §6: "other rooms" rank three of a kind
below a straight; PokerStars and GGPoker rank it above (:data:`SIXPLUS`).
Aliases: ``short_deck``, ``sixplus_straights``, and ``6plus``, kept for
backward compatibility.
"""

SIXPLUS: Final = RuleSet(
    "sixplus",
    "6+ high, three of a kind above a straight",
    rank_order=_SHORT_RANKS,
    category_order=(
        Category.HIGH_CARD,
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.STRAIGHT,
        Category.THREE_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
    ),
)
"""6+ high with three of a kind above a straight, as PokerStars and GGPoker deal it.

The same deck and hands as :data:`SHORTDECK` (36 cards 6-A, A-6-7-8-9 the
lowest straight, a flush above a full house); only three of a kind and the
straight change places. RULES.md §6: "PokerStars and GGPoker rank three of a
kind above a straight, other rooms below it: both conventions, named".
Aliases: ``6+``, ``six_plus``, ``sixplus_trips``.
"""

RANKINGS: Final[dict[str, RuleSet]] = {
    r.name: r
    for r in (HIGH, ACE_TO_FIVE, EIGHT_OR_BETTER, DEUCE_TO_SEVEN, BADUGI, SHORTDECK, SIXPLUS)
}
"""Every ranking by name."""

RANKING_ALIASES: Final[dict[str, str]] = {
    "hi": "high",
    "a5": "ace_to_five",
    "a-5": "ace_to_five",
    "razz": "ace_to_five",
    "ace_to_five_low": "ace_to_five",
    "8": "eight_or_better",
    "8_or_better": "eight_or_better",
    "low8": "eight_or_better",
    "27": "deuce_to_seven",
    "2-7": "deuce_to_seven",
    "deuce_seven": "deuce_to_seven",
    "short_deck": "shortdeck",
    "6plus": "shortdeck",  # kept: it named this ranking before ``sixplus`` existed
    "sixplus_straights": "shortdeck",
    "6+_straights": "shortdeck",
    "6+": "sixplus",
    "six_plus": "sixplus",
    "sixplus_trips": "sixplus",
    "6+_trips": "sixplus",
}
"""The other names of the rankings (lower case), each with the ranking's own name
(:func:`get_ranking` takes them)."""


def get_ranking(ranking: str | RuleSet) -> RuleSet:
    """The rule set with this name or alias (case-insensitive, ``-`` = ``_``).

    Raises:
        TypeError: neither a text nor a :class:`RuleSet`.
        UnknownRankingError: no ranking has this name; the message lists them.
    """
    if isinstance(ranking, RuleSet):
        return ranking
    from showdown._validate import check_text, quote

    key = check_text("ranking", ranking).strip().lower().replace(" ", "_")
    key = RANKING_ALIASES.get(key, key).replace("-", "_")
    try:
        return RANKINGS[key]
    except KeyError:
        names = ", ".join(RANKINGS)
        raise UnknownRankingError.of(
            "{name} is not a ranking: use one of {names}", name=quote(ranking), names=names
        ) from None
