"""Hands and comparisons in words: names of hands, and why one hand beats another.

The seeds' "one algorithm": compare the categories; if equal, compare the
deciding ranks one by one (each group once, largest group first; a straight by
its top card) and stop at the first difference; if all are equal the hands tie
and the pot is split. :func:`explain` says which step decided.

>>> from showdown.evaluation import evaluate
>>> a = evaluate("As Ad Kc Qh 7s")
>>> b = evaluate("Ah Ac Kd Js Ts")
>>> a.description
'Pair of Aces, King-Queen-Seven kickers'
>>> print(explain(a, b))
both have a pair of Aces and a King; the second kicker decides: Queen beats Jack
>>> print(explain(evaluate("7c 6d 4h 3s 2c", ranking="razz"),
...               evaluate("7d 6h 5s 3c 2d", ranking="razz")))
both have 7-6 lows; the third card decides: 4 beats 5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from showdown.cards import Rank
from showdown.rules import Category, Formation, RuleSet

if TYPE_CHECKING:
    from showdown.evaluation import HandValue

__all__ = ["Explanation", "describe", "explain"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth")
_COUNT_WORDS = ("One", "Two", "Three", "Four")


def _word(rank: Rank) -> str:
    return rank.name_singular


def _plural(rank: Rank) -> str:
    return rank.name_plural


def _is_low_style(rules: RuleSet, category: Category) -> bool:
    """An unpaired lowball hand is named by its cards: '8-6-5-3-2 low'."""
    return rules.lower_wins and category is Category.HIGH_CARD


def _dashed(ranks: Sequence[str]) -> str:
    return "-".join(ranks)


def describe(value: HandValue, lang: str = "en") -> str:
    """The hand in words.

    >>> from showdown.evaluation import evaluate
    >>> evaluate("Th Tc Ts Td As").description
    'Four Tens, Ace kicker'
    >>> evaluate("5c 4d 3h 2s Ah").description
    'Five-high straight (wheel)'
    >>> evaluate("Ah Th Tc Kd Ad").description
    'Two pair, Aces and Tens, King kicker'
    >>> evaluate("5c 4d 3h 2s Ah", ranking="razz").description
    'Wheel (5-4-3-2-A)'
    >>> evaluate("7c 5d 4h 3s 2h", ranking="2-7").description
    'Number one (7-5-4-3-2)'
    >>> evaluate("4h 4s 2c Ad", ranking="badugi").description
    'Three-card badugi 4-2-A'

    Raises:
        ValueError: the language is not supported.
    """
    if lang != "en":
        raise ValueError(f"{lang!r} is not a supported language: use 'en'")
    rules = value.ranking
    hand_class = value.hand_class
    category = hand_class.category
    ranks = hand_class.ranks
    deciders = hand_class.deciders
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        size = len(ranks)
        if size == rules.hand_size:
            return f"Badugi {_dashed(ranks)}"
        return f"{_COUNT_WORDS[size - 1]}-card badugi {_dashed(ranks)}"
    if _is_low_style(rules, category):
        if rules.ace_low and ranks == ("5", "4", "3", "2", "A"):
            return "Wheel (5-4-3-2-A)"
        if not rules.ace_low and ranks == ("7", "5", "4", "3", "2"):
            return "Number one (7-5-4-3-2)"
        return f"{_dashed(ranks)} low"
    top = deciders[0]
    match category:
        case Category.STRAIGHT_FLUSH:
            if top is rules.rank_order[-1]:
                return "Royal flush"
            wheel = " (steel wheel)" if ranks[-1] == rules.rank_order[-1].symbol else ""
            return f"{_word(top)}-high straight flush{wheel}"
        case Category.FOUR_OF_A_KIND:
            return f"Four {_plural(top)}, {_word(deciders[1])} kicker"
        case Category.FULL_HOUSE:
            return f"{_plural(top)} full of {_plural(deciders[1])}"
        case Category.FLUSH:
            return f"{_word(top)}-high flush"
        case Category.STRAIGHT:
            wheel = " (wheel)" if ranks[-1] == rules.rank_order[-1].symbol else ""
            return f"{_word(top)}-high straight{wheel}"
        case Category.THREE_OF_A_KIND:
            kickers = "-".join(_word(r) for r in deciders[1:])
            return f"Three {_plural(top)}, {kickers} kickers"
        case Category.TWO_PAIR:
            return (
                f"Two pair, {_plural(top)} and {_plural(deciders[1])}, {_word(deciders[2])} kicker"
            )
        case Category.ONE_PAIR:
            kickers = "-".join(_word(r) for r in deciders[1:])
            return f"Pair of {_plural(top)}, {kickers} kickers"
        case _:
            return f"{_word(top)} high"


def _position_label(rules: RuleSet, category: Category, position: int) -> str:
    """What the n-th deciding rank of a category is called: 'the second kicker'."""
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS or _is_low_style(rules, category):
        return "the highest card" if position == 0 else f"the {_ORDINALS[position]} card"
    labels: dict[Category, tuple[str, ...]] = {
        Category.STRAIGHT_FLUSH: ("the top card",),
        Category.STRAIGHT: ("the top card",),
        Category.FOUR_OF_A_KIND: ("the four of a kind", "the kicker"),
        Category.FULL_HOUSE: ("the three of a kind", "the pair"),
        Category.THREE_OF_A_KIND: ("the three of a kind", "the first kicker", "the second kicker"),
        Category.TWO_PAIR: ("the higher pair", "the lower pair", "the kicker"),
        Category.ONE_PAIR: (
            "the pair",
            "the first kicker",
            "the second kicker",
            "the third kicker",
        ),
    }
    if category in labels:
        return labels[category][position]
    return "the highest card" if position == 0 else f"the {_ORDINALS[position]} card"


def _common_part(rules: RuleSet, category: Category, shared: Sequence[Rank]) -> str:
    """What both hands have, up to the deciding rank: 'a pair of Aces and a King'."""
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        kind = (
            "badugis"
            if category is Category.BADUGI
            else f"{category.value.split('_')[0]}-card hands"
        )
        return f"{kind} {'-'.join(r.symbol for r in shared)}" if shared else ""
    if not shared:
        return ""
    if _is_low_style(rules, category):
        return f"{'-'.join(r.symbol for r in shared)} lows"
    if not shared:
        return ""
    first = shared[0]
    rest = shared[1:]
    heads = {
        Category.FOUR_OF_A_KIND: f"four {_plural(first)}",
        Category.FULL_HOUSE: f"three {_plural(first)}",
        Category.THREE_OF_A_KIND: f"three {_plural(first)}",
        Category.TWO_PAIR: f"two pair, {_plural(first)}",
        Category.ONE_PAIR: f"a pair of {_plural(first)}",
        Category.FLUSH: f"{_word(first)}-high flushes",
    }
    head = heads.get(category, f"{_word(first)} high")
    if not rest:
        return head
    if category is Category.TWO_PAIR:
        tail = f"{_plural(rest[0])}" + (f" and a {_word(rest[1])}" if len(rest) > 1 else "")
        return f"{head} and {tail}"
    names = "-".join(_word(r) for r in rest)
    article = "a " if len(rest) == 1 else ""
    return f"{head} and {article}{names}"


def _rank_text(rules: RuleSet, category: Category, rank: Rank) -> str:
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS or _is_low_style(rules, category):
        return rank.symbol
    return _word(rank)


def _category_text(rules: RuleSet, category: Category) -> str:
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        counts = {
            Category.BADUGI: "four counted cards",
            Category.THREE_CARD: "three counted cards",
            Category.TWO_CARD: "two counted cards",
            Category.ONE_CARD: "one counted card",
        }
        return counts[category]
    if rules.lower_wins and category is Category.HIGH_CARD:
        return "no pair"
    article = "" if category in (Category.TWO_PAIR, Category.THREE_OF_A_KIND) else "a "
    return article + category.title.lower().replace("one pair", "pair")


def _beat(rules: RuleSet, category: Category) -> str:
    plural = rules.formation is Formation.DISTINCT_RANKS_AND_SUITS and category is not (
        Category.ONE_CARD
    )
    return "beat" if plural else "beats"


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why one hand beats another, or that they tie.

    Attributes:
        outcome: 1 when the first hand wins, -1 when the second does, 0 on a tie.
        decided_by: ``'category'``, ``'rank'`` (the n-th deciding rank) or ``'tie'``.
        position: for ``'rank'``, the index of the deciding rank (0 = first).
        text: the explanation in words.
    """

    outcome: Literal[1, 0, -1]
    decided_by: Literal["category", "rank", "tie"]
    position: int | None
    text: str

    def __str__(self) -> str:
        return self.text


def explain(a: HandValue, b: HandValue) -> Explanation:
    """Why ``a`` beats ``b``, ``b`` beats ``a``, or they tie.

    >>> from showdown.evaluation import evaluate
    >>> print(explain(evaluate("Kh Kd Kc Th Td"), evaluate("Ah Kh Qh 9h 2h")))
    Kings full of Tens beats Ace-high flush: a full house beats a flush
    >>> print(explain(evaluate("Ah Kd Qc Js 9h"), evaluate("Ac Kh Qd Jc 9s")))
    tie: both have Ace high (A K Q J 9); the pot is split

    Raises:
        TypeError: the values are of different rankings.
    """
    if a.ranking != b.ranking:
        raise TypeError(f"cannot compare a {a.ranking.name} value with a {b.ranking.name} value")
    if a == b:
        shown = " ".join(a.hand_class.ranks)
        return Explanation(
            0, "tie", None, f"tie: both have {a.description} ({shown}); the pot is split"
        )
    outcome: Literal[1, -1] = 1 if a > b else -1
    winner, loser = (a, b) if outcome == 1 else (b, a)
    rules = a.ranking
    if winner.category is not loser.category:
        text = (
            f"{winner.description} beats {loser.description}: "
            f"{_category_text(rules, winner.category)} {_beat(rules, winner.category)} "
            f"{_category_text(rules, loser.category)}"
        )
        return Explanation(outcome, "category", None, text)
    category = winner.category
    position = next(
        i for i, (x, y) in enumerate(zip(winner.deciders, loser.deciders, strict=True)) if x != y
    )
    common = _common_part(rules, category, winner.deciders[:position])
    label = _position_label(rules, category, position)
    beats = (
        f"{_rank_text(rules, category, winner.deciders[position])} beats "
        f"{_rank_text(rules, category, loser.deciders[position])}"
    )
    if common:
        text = f"both have {common}; {label} decides: {beats}"
    else:
        text = f"{winner.description} beats {loser.description}: {label} decides: {beats}"
    return Explanation(outcome, "rank", position, text)
