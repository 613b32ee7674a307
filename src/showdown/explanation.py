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

Every text exists in English, Russian and Romanian (``lang=``; see
:mod:`showdown.i18n`):

>>> print(explain(a, b, lang="ru"))
у обоих пара тузов и король; решает второй кикер: дама старше валета
>>> a.describe("ro")
'O pereche de ași, kickeri popă-damă-șeptar'
"""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from showdown._cache import cache_dir, digest, write_atomically
from showdown.cards import Rank
from showdown.i18n import DOMAIN, N_, Language, Word, get_language
from showdown.rules import Category, Formation, RuleSet
from showdown.tables import HandClass, get_table


class Valued(Protocol):
    """What a name or an explanation reads of a hand's value: its ranking and its class
    (:class:`showdown.evaluation.HandValue` is one)."""

    @property
    def ranking(self) -> RuleSet: ...
    @property
    def strength(self) -> int: ...


__all__ = [
    "BUILD_AFTER",
    "ClassTexts",
    "Explanation",
    "Valued",
    "class_texts",
    "describe",
    "explain",
    "explain_classes",
    "kept_descriptions",
    "rank_words",
]


def _is_low_style(rules: RuleSet, category: Category) -> bool:
    """An unpaired lowball hand is named by its cards: '8-6-5-3-2 low'."""
    return rules.lower_wins and category is Category.HIGH_CARD


def _dashed(ranks: Sequence[str]) -> str:
    return "-".join(ranks)


def rank_words(t: Language, ranks: Sequence[Rank]) -> str:
    """Ranks in words joined by dashes: 'King-Queen-Seven'.

    >>> from showdown.cards import Rank
    >>> from showdown.i18n import get_language
    >>> rank_words(get_language("en"), [Rank.KING, Rank.QUEEN, Rank.SEVEN])
    'King-Queen-Seven'
    """
    return "-".join(str(t.rank(r)) for r in ranks)


def describe(value: Valued, lang: str = "en") -> str:
    """The hand in words, in English (``'en'``), Russian (``'ru'``) or Romanian (``'ro'``).

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
    >>> describe(evaluate("Th Tc Ts Td As"), lang="ru")
    'Каре десяток, кикер туз'
    >>> describe(evaluate("9s 8s 7s 6s 5s"), lang="ro")
    'Chintă de culoare până la nouar'

    Raises:
        UnknownLanguageError: the language is not supported (a ValueError).
    """
    return _description(value.ranking, value.strength, get_language(lang))


def _description(rules: RuleSet, strength: int, t: Language) -> str:
    """:func:`describe` of a value of the class ``strength`` of ``rules``."""
    key = (rules, strength, t.code)
    found = _DESCRIPTIONS.get(key)
    if found is None:
        if len(_DESCRIPTIONS) >= _CACHED:
            _DESCRIPTIONS.clear()
        found = _DESCRIPTIONS[key] = _describe(rules, get_table(rules).hand_class(strength), t)
    return found


_CACHED: Final = 100_000
"""The most descriptions (and explanations) kept: a text depends only on the classes
and the language, so a stream of hands meets the same ones again and again."""

_DESCRIPTIONS: Final[dict[tuple[RuleSet, int, str], str]] = {}


def _describe(rules: RuleSet, hand_class: HandClass, t: Language) -> str:
    """:func:`describe`, computed."""
    _ = t.gettext
    category = hand_class.category
    ranks = hand_class.ranks
    deciders = hand_class.deciders
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        dashed = _dashed(ranks)
        match len(ranks):
            case 4:
                return _("Badugi {ranks}").format(ranks=dashed)
            case 3:
                return _("Three-card badugi {ranks}").format(ranks=dashed)
            case 2:
                return _("Two-card badugi {ranks}").format(ranks=dashed)
            case _:
                return _("One-card badugi {ranks}").format(ranks=dashed)
    if _is_low_style(rules, category):
        if rules.ace_low and ranks == ("5", "4", "3", "2", "A"):
            return _("Wheel (5-4-3-2-A)")
        if not rules.ace_low and ranks == ("7", "5", "4", "3", "2"):
            return _("Number one (7-5-4-3-2)")
        return _("{ranks} low").format(ranks=_dashed(ranks))
    top = t.rank(deciders[0])
    wheel = ranks[-1] == rules.rank_order[-1].symbol
    match category:
        case Category.STRAIGHT_FLUSH:
            if deciders[0] is rules.rank_order[-1]:
                return _("Royal flush")
            if wheel:
                return _("{top.sg}-high straight flush (steel wheel)").format(top=top)
            return _("{top.sg}-high straight flush").format(top=top)
        case Category.FOUR_OF_A_KIND:
            return _("Four {top.pl}, {kicker.sg} kicker").format(
                top=top, kicker=t.rank(deciders[1])
            )
        case Category.FULL_HOUSE:
            return _("{top.pl} full of {pair.pl}").format(top=top, pair=t.rank(deciders[1]))
        case Category.FLUSH:
            return _("{top.sg}-high flush").format(top=top)
        case Category.STRAIGHT:
            if wheel:
                return _("{top.sg}-high straight (wheel)").format(top=top)
            return _("{top.sg}-high straight").format(top=top)
        case Category.THREE_OF_A_KIND:
            return _("Three {top.pl}, {kickers} kickers").format(
                top=top, kickers=rank_words(t, deciders[1:])
            )
        case Category.TWO_PAIR:
            return _("Two pair, {top.pl} and {low.pl}, {kicker.sg} kicker").format(
                top=top, low=t.rank(deciders[1]), kicker=t.rank(deciders[2])
            )
        case Category.ONE_PAIR:
            return _("Pair of {top.pl}, {kickers} kickers").format(
                top=top, kickers=rank_words(t, deciders[1:])
            )
        case _:
            return _("{top.sg} high").format(top=top)


_CARD_LABELS: Final = (
    N_("the highest card"),
    N_("the second card"),
    N_("the third card"),
    N_("the fourth card"),
    N_("the fifth card"),
)


def _position_label(t: Language, rules: RuleSet, category: Category, position: int) -> str:
    """What the n-th deciding rank of a category is called: 'the second kicker'."""
    _ = t.gettext
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS or _is_low_style(rules, category):
        return _(_CARD_LABELS[position])
    labels: dict[Category, tuple[str, ...]] = {
        Category.STRAIGHT_FLUSH: (_("the top card"),),
        Category.STRAIGHT: (_("the top card"),),
        Category.FOUR_OF_A_KIND: (_("the four of a kind"), _("the kicker")),
        Category.FULL_HOUSE: (_("the three of a kind"), _("the pair")),
        Category.THREE_OF_A_KIND: (
            _("the three of a kind"),
            _("the first kicker"),
            _("the second kicker"),
        ),
        Category.TWO_PAIR: (_("the higher pair"), _("the lower pair"), _("the kicker")),
        Category.ONE_PAIR: (
            _("the pair"),
            _("the first kicker"),
            _("the second kicker"),
            _("the third kicker"),
        ),
    }
    if category in labels:
        return labels[category][position]
    return _(_CARD_LABELS[position])


def _common_part(t: Language, rules: RuleSet, category: Category, shared: Sequence[Rank]) -> str:
    """What both hands have, up to the deciding rank: 'a pair of Aces and a King'."""
    _ = t.gettext
    if not shared:
        return ""
    symbols = "-".join(r.symbol for r in shared)
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        match category:
            case Category.BADUGI:
                return _("badugis {ranks}").format(ranks=symbols)
            case Category.THREE_CARD:
                return _("three-card hands {ranks}").format(ranks=symbols)
            case Category.TWO_CARD:
                return _("two-card hands {ranks}").format(ranks=symbols)
            case _:
                return _("one-card hands {ranks}").format(ranks=symbols)
    if _is_low_style(rules, category):
        return _("{ranks} lows").format(ranks=symbols)
    first = t.rank(shared[0])
    rest = shared[1:]
    match category:
        case Category.FOUR_OF_A_KIND:
            head = _("four {rank.pl}").format(rank=first)
        case Category.FULL_HOUSE | Category.THREE_OF_A_KIND:
            head = _("three {rank.pl}").format(rank=first)
        case Category.TWO_PAIR:
            head = _("two pair, {rank.pl}").format(rank=first)
        case Category.ONE_PAIR:
            head = _("a pair of {rank.pl}").format(rank=first)
        case Category.FLUSH:
            head = _("{rank.sg}-high flushes").format(rank=first)
        case _:
            head = _("{rank.sg} high").format(rank=first)
    if not rest:
        return head
    if category is Category.TWO_PAIR:
        second = t.rank(rest[0])
        if len(rest) > 1:
            return _("{head} and {pair.pl} and {kicker.a}").format(
                head=head, pair=second, kicker=t.rank(rest[1])
            )
        return _("{head} and {pair.pl}").format(head=head, pair=second)
    if len(rest) == 1:
        return _("{head} and {rank.a}").format(head=head, rank=t.rank(rest[0]))
    return _("{head} and {ranks}").format(head=head, ranks=rank_words(t, rest))


def _rank_word(t: Language, rules: RuleSet, category: Category, rank: Rank) -> Word:
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS or _is_low_style(rules, category):
        return Word(rank.symbol)
    return t.rank(rank)


def _category_word(t: Language, rules: RuleSet, category: Category) -> Word:
    if rules.lower_wins and category is Category.HIGH_CARD:
        return t.category(None)
    return t.category(category)


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


def explain(a: Valued, b: Valued, *, lang: str = "en") -> Explanation:
    """Why ``a`` beats ``b``, ``b`` beats ``a``, or they tie.

    >>> from showdown.evaluation import evaluate
    >>> print(explain(evaluate("Kh Kd Kc Th Td"), evaluate("Ah Kh Qh 9h 2h")))
    Kings full of Tens beats Ace-high flush: a full house beats a flush
    >>> print(explain(evaluate("Ah Kd Qc Js 9h"), evaluate("Ac Kh Qd Jc 9s")))
    tie: both have Ace high (A K Q J 9); the pot is split
    >>> print(explain(evaluate("Kh Kd Kc Th Td"), evaluate("Ah Kh Qh 9h 2h"), lang="ro"))
    Full de popi și decari bate culoare, cartea maximă as: un full bate o culoare

    Raises:
        TypeError: the values are of different rankings.
        UnknownLanguageError: the language is not supported (a ValueError).
    """
    if a.ranking != b.ranking:
        raise TypeError(f"cannot compare a {a.ranking.name} value with a {b.ranking.name} value")
    t = get_language(lang)
    key = (a.ranking, a.strength, b.strength, t.code)
    found = _EXPLANATIONS.get(key)
    if found is None:
        if len(_EXPLANATIONS) >= _CACHED:
            _EXPLANATIONS.clear()
        found = _EXPLANATIONS[key] = _explain(a, b, t)
    return found


_EXPLANATIONS: Final[dict[tuple[RuleSet, int, int, str], Explanation]] = {}


_FACTS: Final[dict[tuple[RuleSet, int, str], tuple[Word, HandClass]]] = {}


def _facts(rules: RuleSet, strength: int, t: Language) -> tuple[Word, HandClass]:
    """A class's name (as a word of a message) and the class, cached per class and language.

    Raises:
        IndexError: not a class of the ranking.
    """
    key = (rules, strength, t.code)
    found = _FACTS.get(key)
    if found is None:
        if len(_FACTS) >= _CACHED:
            _FACTS.clear()
        found = _FACTS[key] = (
            Word(_description(rules, strength, t)),
            get_table(rules).hand_class(strength),
        )
    return found


def _explain(a: Valued, b: Valued, t: Language) -> Explanation:
    """:func:`explain`, computed (it depends only on the two classes and the language)."""
    _ = t.gettext
    rules = a.ranking
    if a.strength == b.strength:
        word, hand_class = _facts(rules, a.strength, t)
        text = _("tie: both have {hand} ({ranks}); the pot is split").format(
            hand=word, ranks=" ".join(hand_class.ranks)
        )
        return Explanation(0, "tie", None, text)
    outcome: Literal[1, -1] = 1 if a.strength > b.strength else -1
    winner, loser = (a, b) if outcome == 1 else (b, a)
    won, won_class = _facts(rules, winner.strength, t)
    lost, lost_class = _facts(rules, loser.strength, t)
    if won_class.category is not lost_class.category:
        plural = (
            rules.formation is Formation.DISTINCT_RANKS_AND_SUITS
            and won_class.category is not Category.ONE_CARD
        )
        message = (
            _("{winner} beats {loser}: {better} beat {worse}")
            if plural
            else _("{winner} beats {loser}: {better} beats {worse}")
        )
        text = message.format(
            winner=won,
            loser=lost,
            better=_category_word(t, rules, won_class.category),
            worse=_category_word(t, rules, lost_class.category),
        )
        return Explanation(outcome, "category", None, text)
    category = won_class.category
    won_deciders = won_class.deciders
    lost_deciders = lost_class.deciders
    position = next(
        i for i, (x, y) in enumerate(zip(won_deciders, lost_deciders, strict=True)) if x != y
    )
    text, label, beats = _rank_step(rules, category, won_deciders, lost_deciders, position, t)
    if label is not None:  # no common part: the message still wants the names
        text = text.format(winner=won, loser=lost, label=label, beats=beats)
    return Explanation(outcome, "rank", position, text)


def explain_classes(rules: RuleSet, first: int, second: int, t: Language) -> str:
    """The text of :func:`explain` for hands of the classes ``first`` and ``second``.

    The same text as ``explain(a, b, lang=t.code).text`` for any values ``a``
    and ``b`` of those strengths under ``rules`` (in either order), from
    pieces cached per class and per deciding step (:class:`ClassTexts`), so
    that a stream of showdowns pays little for a pair of classes it has not
    met before.

    >>> from showdown.evaluation import evaluate
    >>> from showdown.i18n import get_language
    >>> a, b = evaluate("As Ad Kc Qh 7s"), evaluate("Ah Ac Kd Js Ts")
    >>> explain_classes(a.ranking, b.strength, a.strength, get_language("en"))
    'both have a pair of Aces and a King; the second kicker decides: Queen beats Jack'

    Raises:
        IndexError: a strength that is not a class of the ranking.
    """
    return class_texts(rules, t).explain(first, second)


def class_texts(rules: RuleSet, t: Language) -> ClassTexts:
    """The :class:`ClassTexts` of a ranking in a language (one per pair, kept)."""
    key = (rules, t.code)
    found = _CLASS_TEXTS.get(key)
    if found is None:
        if len(_CLASS_TEXTS) >= _CACHED:
            _CLASS_TEXTS.clear()
        found = _CLASS_TEXTS[key] = ClassTexts(rules, t)
    return found


_DESCRIBED_BY: Final = "explanation.py,i18n.py,tables.py,rules.py,cards.py"
"""The sources a class's description depends on (with the language's catalog)."""


def kept_descriptions(
    rules: RuleSet, t: Language, *, build: bool = False
) -> tuple[str, ...] | None:
    """Every class's description in a language, weakest first, as kept on disk:
    ``None`` where none is kept (or keeping is off), unless ``build`` (then they
    are made, kept, and returned). :class:`ClassTexts` builds them once it has named
    :data:`BUILD_AFTER` classes without them, so that a process naming thousands of
    classes (the resolve stream) reads them at once, and a short one never pays.

    The file is named by a digest of the rules, the language's catalog and the
    sources that write the names, so a changed rule, text or translation never
    reads a stale one.

    >>> from showdown.i18n import get_language
    >>> from showdown.rules import RANKINGS
    >>> names = kept_descriptions(RANKINGS["high"], get_language("en"), build=True)
    >>> names[-1], len(names)
    ('Royal flush', 7462)
    """
    size = get_table(rules).size
    folder = cache_dir()
    path = None
    if folder is not None:
        catalog = "" if t.code == "en" else f",locale/{t.code}/LC_MESSAGES/{DOMAIN}.mo"
        key = digest(_DESCRIBED_BY + catalog, rules, t.code)
        path = folder / f"names-{rules.name}-{t.code}-{key}.marshal"
        try:
            found = marshal.loads(path.read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            found = None
        if type(found) is tuple and len(found) == size and all(type(name) is str for name in found):
            return found
    if not build:
        return None
    made = tuple([_description(rules, strength, t) for strength in range(1, size + 1)])
    if path is not None:
        write_atomically(path, marshal.dumps(made))
    return made


Fact = tuple[Word, HandClass, int, tuple[int, ...]]
"""A class's name (as a word of a message), the class, the number of its category
and the indexes of its deciding ranks."""


BUILD_AFTER: Final = 256
"""Classes a :class:`ClassTexts` names one by one before it builds (and keeps) every name."""


class ClassTexts:
    """The names of a ranking's classes and the explanations between them, in one
    language, cached by the plain numbers they depend on (the class strengths, the
    categories' numbers, the deciding ranks' indexes) and bounded in size.

    >>> from showdown.i18n import get_language
    >>> from showdown.rules import RANKINGS
    >>> texts = ClassTexts(RANKINGS["high"], get_language("en"))
    >>> texts.explain(7462, 7461)
    'Royal flush beats King-high straight flush: the top card decides: Ace beats King'
    """

    __slots__ = ("_categories", "_facts", "_misses", "_names", "_steps", "rules", "t")

    def __init__(self, rules: RuleSet, t: Language) -> None:
        self.rules = rules
        self.t = t
        self._names = kept_descriptions(rules, t)
        self._misses = 0
        self._facts: dict[int, Fact] = {}
        self._categories: dict[tuple[int, int], tuple[str, Word, Word]] = {}
        self._steps: dict[tuple[int, tuple[int, ...], int], tuple[str, str | None, str]] = {}

    def fact(self, strength: int) -> Fact:
        """The :data:`Fact` of the class ``strength``.

        Raises:
            IndexError: not a class of the ranking.
        """
        found = self._facts.get(strength)
        if found is None:
            if self._names is None:
                self._misses += 1
                if self._misses == BUILD_AFTER:  # a long run: every name, kept on disk
                    self._names = kept_descriptions(self.rules, self.t, build=True)
            if self._names is not None and 0 < strength <= len(self._names):
                hand_class = get_table(self.rules).hand_class(strength)
                word = Word(self._names[strength - 1])
            else:
                word, hand_class = _facts(self.rules, strength, self.t)
            if len(self._facts) >= _CACHED:
                self._facts.clear()
            found = self._facts[strength] = (
                word,
                hand_class,
                _CATEGORY_NUMBERS[hand_class.category],
                tuple([rank.index for rank in hand_class.deciders]),
            )
        return found

    def explain(self, first: int, second: int, winner: object = None, loser: object = None) -> str:
        """:func:`explain_classes` in this ranking and language.

        ``winner`` and ``loser``, where given, are formatted in place of the
        better and the worse class's names (the resolve stream's native lane
        marks there where each name goes).

        Raises:
            IndexError: a strength that is not a class of the ranking.
        """
        if first < second:
            first, second = second, first
        facts = self._facts
        won_fact = facts.get(first) or self.fact(first)
        won = won_fact[0] if winner is None else winner
        if first == second:
            return self.t.gettext("tie: both have {hand} ({ranks}); the pot is split").format(
                hand=won, ranks=" ".join(won_fact[1].ranks)
            )
        lost_fact = facts.get(second) or self.fact(second)
        lost = lost_fact[0] if loser is None else loser
        if won_fact[2] != lost_fact[2]:
            message, better, worse = self._category_step(won_fact, lost_fact)
            return message.format(winner=won, loser=lost, better=better, worse=worse)
        won_deciders = won_fact[3]
        lost_deciders = lost_fact[3]
        position = 0
        while won_deciders[position] == lost_deciders[position]:
            position += 1
        key = (won_fact[2], won_deciders[: position + 1], lost_deciders[position])
        step = self._steps.get(key)
        if step is None:
            if len(self._steps) >= _CACHED:
                self._steps.clear()
            step = self._steps[key] = _rank_step(
                self.rules,
                won_fact[1].category,
                won_fact[1].deciders,
                lost_fact[1].deciders,
                position,
                self.t,
            )
        text, label, beats = step
        if label is None:
            return text
        return text.format(winner=won, loser=lost, label=label, beats=beats)

    def _category_step(self, won: Fact, lost: Fact) -> tuple[str, Word, Word]:
        """:func:`_explain`'s message and category words when the categories differ."""
        key = (won[2], lost[2])
        found = self._categories.get(key)
        if found is None:
            rules = self.rules
            t = self.t
            _ = t.gettext
            category = won[1].category
            plural = (
                rules.formation is Formation.DISTINCT_RANKS_AND_SUITS
                and category is not Category.ONE_CARD
            )
            message = (
                _("{winner} beats {loser}: {better} beat {worse}")
                if plural
                else _("{winner} beats {loser}: {better} beats {worse}")
            )
            found = self._categories[key] = (
                message,
                _category_word(t, rules, category),
                _category_word(t, rules, lost[1].category),
            )
        return found


_CLASS_TEXTS: Final[dict[tuple[RuleSet, str], ClassTexts]] = {}
_CATEGORY_NUMBERS: Final = {category: number for number, category in enumerate(Category)}


def _rank_step(
    rules: RuleSet,
    category: Category,
    won: Sequence[Rank],
    lost: Sequence[Rank],
    position: int,
    t: Language,
) -> tuple[str, str | None, str]:
    """:func:`_explain`'s text when the deciding rank at ``position`` decides: the whole
    text (and ``None``), or the message still to be given the names, its label and
    its comparison."""
    _ = t.gettext
    common = _common_part(t, rules, category, won[:position])
    label = _position_label(t, rules, category, position)
    beats = (
        t.pgettext("lower wins", "{better.sg} beats {worse.sg}")
        if rules.lower_wins
        else t.pgettext("higher wins", "{better.sg} beats {worse.sg}")
    ).format(
        better=_rank_word(t, rules, category, won[position]),
        worse=_rank_word(t, rules, category, lost[position]),
    )
    if common:
        text = _("both have {common}; {label} decides: {beats}").format(
            common=common, label=label, beats=beats
        )
        return text, None, beats
    return _("{winner} beats {loser}: {label} decides: {beats}"), label, beats
