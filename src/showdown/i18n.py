"""Languages: hands and explanations in English, Russian and Romanian.

The texts live in gettext catalogs, ``showdown/locale/<lang>/LC_MESSAGES/showdown.po``
(compiled to ``showdown.mo`` beside them, both in the package). The English
text in the code is the message id, so English needs no catalog and is always
exactly the text of the code. Poker terms follow the rule documents: Russian
"фулл-хаус", "кикер", "стрит", "каре"; Romanian "chintă de culoare",
"careu", "full", "culoare".

Russian names a card in several grammatical forms ("пара **тузов**", "дама
старше **валета**"), so a rank in a message is a :class:`Word` whose forms
the translator picks by attribute: ``{top.pl_gen}``. The forms are ``sg``
(singular, the default), ``gen`` (singular genitive), ``the`` (singular with
the definite article: Romanian "asul"), ``pl`` (plural), ``pl_gen`` (plural
genitive) and ``lower`` (the text with a lower-case first letter, for a hand
description inside a sentence). Each form of each rank is its own message
with a context (``pgettext("ranks, genitive", "Aces")``).

>>> from showdown.evaluation import evaluate
>>> value = evaluate("Ks 2d", "Kc Td Kh Ts 3c")
>>> value.describe("ru"), value.describe("ro")
('Фулл-хаус, тройка королей и пара десяток', 'Full de popi și decari')
>>> normalize_language("ru-RU"), negotiate_language("de, ro;q=0.8, en;q=0.5")
('ru', 'ro')

Maintenance (needs Babel, from the ``web`` extra): ``python -m
showdown._catalogs extract update compile`` rewrites the template
``locale/showdown.pot`` from the code, merges it into each ``.po`` and
writes the ``.mo`` files.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Final

from showdown.cards import Rank
from showdown.errors import Message, OneOf, ShowdownError, Term
from showdown.rules import Category

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "Language",
    "UnknownLanguageError",
    "Word",
    "get_language",
    "negotiate_language",
    "normalize_language",
]

DOMAIN: Final = "showdown"
LOCALE_DIR: Final = Path(__file__).parent / "locale"
DEFAULT_LANGUAGE: Final = "en"
LANGUAGES: Final = ("en", "ru", "ro")
"""The supported languages, as ISO 639-1 codes."""
LANGUAGE_NAMES: Final = {"en": "English", "ru": "Русский", "ro": "Română"}
"""Each language in its own words (for a language selector)."""

FORMS: Final = ("sg", "gen", "the", "pl", "pl_gen", "lower", "a")
"""The grammatical forms a :class:`Word` offers to a translation."""


class UnknownLanguageError(ShowdownError):
    """The language is not one of :data:`LANGUAGES`."""


def normalize_language(lang: str) -> str:
    """The supported language a tag names: ``'ru-RU'`` and ``'RU'`` -> ``'ru'``.

    Raises:
        UnknownLanguageError: not one of en, ru, ro (the message says so).
    """
    if isinstance(lang, str):
        code = lang.strip().replace("_", "-").split("-", 1)[0].lower()
        if code in LANGUAGES:
            return code
    raise UnknownLanguageError.of(
        "{lang} is not a supported language: use one of {languages}",
        lang=repr(lang),
        languages=", ".join(LANGUAGES),
    )


_ACCEPT_ITEM: Final = re.compile(
    r"^\s*([A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$"
)


def negotiate_language(header: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The supported language an ``Accept-Language`` header prefers most.

    Malformed entries are skipped; with nothing supported, ``default``.

    >>> negotiate_language("ru-RU,ru;q=0.9,en-US;q=0.8")
    'ru'
    >>> negotiate_language("fr, de;q=0.5"), negotiate_language(None)
    ('en', 'en')
    """
    if not header:
        return default
    best: tuple[float, int, str] | None = None
    for position, item in enumerate(header.split(",")[:32]):
        match = _ACCEPT_ITEM.match(item)
        if match is None:
            continue
        try:
            quality = float(match[2]) if match[2] is not None else 1.0
        except ValueError:
            continue
        if quality <= 0 or match[1] == "*":
            continue
        try:
            code = normalize_language(match[1])
        except UnknownLanguageError:
            continue
        key = (quality, -position, code)
        if best is None or key > best:
            best = key
    return best[2] if best is not None else default


class Word:
    """A word or phrase with the grammatical forms a translation may ask for.

    ``format(word)`` gives the singular; ``{word.pl_gen}`` in a message gives
    that form. Forms not given fall back to the singular.

    >>> ace = Word("туз", gen="туза", pl="тузы", pl_gen="тузов")
    >>> "пара {top.pl_gen}, кикер {top}".format(top=ace)
    'пара тузов, кикер туз'
    """

    __slots__ = ("_forms",)

    _forms: dict[str, str]

    def __init__(self, sg: str, **forms: str) -> None:
        unknown = set(forms) - set(FORMS)
        if unknown:
            raise TypeError(f"unknown word forms {sorted(unknown)}: use {', '.join(FORMS)}")
        defaults = dict.fromkeys(FORMS, sg)
        defaults["lower"] = sg[:1].lower() + sg[1:]
        # English's indefinite article: "a King", "an Ace", "an Eight".
        defaults["a"] = ("an " if sg[:1] in "AEIOU" else "a ") + sg
        object.__setattr__(self, "_forms", defaults | forms)

    def __getattr__(self, name: str) -> str:
        try:
            return self._forms[name]
        except KeyError:
            raise AttributeError(f"a Word has no form {name!r}: use {', '.join(FORMS)}") from None

    def __format__(self, spec: str) -> str:
        return format(self._forms["sg"], spec)

    def __str__(self) -> str:
        return self._forms["sg"]

    def __repr__(self) -> str:
        return f"Word({self._forms['sg']!r})"


def N_(message: str) -> str:  # noqa: N802  (the gettext convention)
    """Mark a message for extraction without translating it here."""
    return message


def pN_(context: str, message: str) -> tuple[str, str]:  # noqa: N802
    """Mark a message with a context for extraction: ``(context, message)``."""
    return (context, message)


# Each rank in each form a message may ask for (English: the same word).
_RANK_FORMS: Final[dict[Rank, tuple[tuple[str, str], ...]]] = {
    Rank.TWO: (
        pN_("rank", "Two"),
        pN_("rank, genitive", "Two"),
        pN_("rank, definite", "Two"),
        pN_("ranks", "Twos"),
        pN_("ranks, genitive", "Twos"),
    ),
    Rank.THREE: (
        pN_("rank", "Three"),
        pN_("rank, genitive", "Three"),
        pN_("rank, definite", "Three"),
        pN_("ranks", "Threes"),
        pN_("ranks, genitive", "Threes"),
    ),
    Rank.FOUR: (
        pN_("rank", "Four"),
        pN_("rank, genitive", "Four"),
        pN_("rank, definite", "Four"),
        pN_("ranks", "Fours"),
        pN_("ranks, genitive", "Fours"),
    ),
    Rank.FIVE: (
        pN_("rank", "Five"),
        pN_("rank, genitive", "Five"),
        pN_("rank, definite", "Five"),
        pN_("ranks", "Fives"),
        pN_("ranks, genitive", "Fives"),
    ),
    Rank.SIX: (
        pN_("rank", "Six"),
        pN_("rank, genitive", "Six"),
        pN_("rank, definite", "Six"),
        pN_("ranks", "Sixes"),
        pN_("ranks, genitive", "Sixes"),
    ),
    Rank.SEVEN: (
        pN_("rank", "Seven"),
        pN_("rank, genitive", "Seven"),
        pN_("rank, definite", "Seven"),
        pN_("ranks", "Sevens"),
        pN_("ranks, genitive", "Sevens"),
    ),
    Rank.EIGHT: (
        pN_("rank", "Eight"),
        pN_("rank, genitive", "Eight"),
        pN_("rank, definite", "Eight"),
        pN_("ranks", "Eights"),
        pN_("ranks, genitive", "Eights"),
    ),
    Rank.NINE: (
        pN_("rank", "Nine"),
        pN_("rank, genitive", "Nine"),
        pN_("rank, definite", "Nine"),
        pN_("ranks", "Nines"),
        pN_("ranks, genitive", "Nines"),
    ),
    Rank.TEN: (
        pN_("rank", "Ten"),
        pN_("rank, genitive", "Ten"),
        pN_("rank, definite", "Ten"),
        pN_("ranks", "Tens"),
        pN_("ranks, genitive", "Tens"),
    ),
    Rank.JACK: (
        pN_("rank", "Jack"),
        pN_("rank, genitive", "Jack"),
        pN_("rank, definite", "Jack"),
        pN_("ranks", "Jacks"),
        pN_("ranks, genitive", "Jacks"),
    ),
    Rank.QUEEN: (
        pN_("rank", "Queen"),
        pN_("rank, genitive", "Queen"),
        pN_("rank, definite", "Queen"),
        pN_("ranks", "Queens"),
        pN_("ranks, genitive", "Queens"),
    ),
    Rank.KING: (
        pN_("rank", "King"),
        pN_("rank, genitive", "King"),
        pN_("rank, definite", "King"),
        pN_("ranks", "Kings"),
        pN_("ranks, genitive", "Kings"),
    ),
    Rank.ACE: (
        pN_("rank", "Ace"),
        pN_("rank, genitive", "Ace"),
        pN_("rank, definite", "Ace"),
        pN_("ranks", "Aces"),
        pN_("ranks, genitive", "Aces"),
    ),
}

# What a category is called inside an explanation ("a full house beats a flush").
_CATEGORY_FORMS: Final[dict[Category, tuple[tuple[str, str], tuple[str, str]]]] = {
    Category.HIGH_CARD: (pN_("category", "a high card"), pN_("category, genitive", "a high card")),
    Category.ONE_PAIR: (pN_("category", "a pair"), pN_("category, genitive", "a pair")),
    Category.TWO_PAIR: (pN_("category", "two pair"), pN_("category, genitive", "two pair")),
    Category.THREE_OF_A_KIND: (
        pN_("category", "three of a kind"),
        pN_("category, genitive", "three of a kind"),
    ),
    Category.STRAIGHT: (pN_("category", "a straight"), pN_("category, genitive", "a straight")),
    Category.FLUSH: (pN_("category", "a flush"), pN_("category, genitive", "a flush")),
    Category.FULL_HOUSE: (
        pN_("category", "a full house"),
        pN_("category, genitive", "a full house"),
    ),
    Category.FOUR_OF_A_KIND: (
        pN_("category", "a four of a kind"),
        pN_("category, genitive", "a four of a kind"),
    ),
    Category.STRAIGHT_FLUSH: (
        pN_("category", "a straight flush"),
        pN_("category, genitive", "a straight flush"),
    ),
    Category.ONE_CARD: (
        pN_("category", "one counted card"),
        pN_("category, genitive", "one counted card"),
    ),
    Category.TWO_CARD: (
        pN_("category", "two counted cards"),
        pN_("category, genitive", "two counted cards"),
    ),
    Category.THREE_CARD: (
        pN_("category", "three counted cards"),
        pN_("category, genitive", "three counted cards"),
    ),
    Category.BADUGI: (
        pN_("category", "four counted cards"),
        pN_("category, genitive", "four counted cards"),
    ),
}
_NO_PAIR: Final = (pN_("category", "no pair"), pN_("category, genitive", "no pair"))


class Language:
    """One language's catalog, with the words every message is built from.

    Use :func:`get_language`; the instances are cached.

    Attributes:
        code: ``'en'``, ``'ru'`` or ``'ro'``.
    """

    __slots__ = ("_catalog", "_categories", "_ranks", "code")

    code: str
    _catalog: gettext.NullTranslations
    _ranks: dict[Rank, Word]
    _categories: dict[Category | None, Word]

    def __init__(self, code: str, catalog: gettext.NullTranslations) -> None:
        self.code = code
        self._catalog = catalog
        self._ranks = {rank: self._word(forms) for rank, forms in _RANK_FORMS.items()}
        self._categories = {cat: self._word(forms) for cat, forms in _CATEGORY_FORMS.items()}
        self._categories[None] = self._word(_NO_PAIR)

    def _word(self, forms: Sequence[tuple[str, str]]) -> Word:
        texts = [self.pgettext(context, message) for context, message in forms]
        if len(texts) == 2:
            return Word(texts[0], gen=texts[1])
        sg, gen, the, pl, pl_gen = texts
        return Word(sg, gen=gen, the=the, pl=pl, pl_gen=pl_gen)

    def gettext(self, message: str) -> str:
        """The translation of a message (the message itself in English)."""
        return self._catalog.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        """The translation of a message in a context."""
        return self._catalog.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The translation of a message whose form follows a number (``'1 deal'``, ``'2 deals'``).

        >>> ru = get_language("ru")
        >>> [ru.ngettext("{count} card dealt", "{count} cards dealt", n).format(count=n)
        ...  for n in (1, 3, 5)]
        ['сдана 1 карта', 'сданы 3 карты', 'сдано 5 карт']
        """
        return self._catalog.ngettext(singular, plural, count)

    def explain(self, error: BaseException | str) -> str:
        """An error's message, or a :class:`~showdown.errors.Message`, in this language:
        its template translated, its values put in.

        An error without a template (:meth:`ShowdownError.of`) keeps its message, and
        so does a plain ``str``.

        >>> from showdown.cards import parse_cards
        >>> try:
        ...     parse_cards("As Zx")
        ... except ShowdownError as error:
        ...     print(get_language("ro").explain(error))
        'Zx' nu este o carte: rangul 'Z' nu este unul dintre 23456789TJQKA
        """
        template = getattr(error, "template", None)
        if template is None:
            return str(error)
        values: Mapping[str, object] = getattr(error, "params", {})
        params = {key: self._value(value) for key, value in values.items()}
        try:
            return self.gettext(template).format(**params)
        except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
            return str(error)

    def _value(self, value: object) -> object:
        if isinstance(value, BaseException | Message):
            return self.explain(value)
        if isinstance(value, OneOf):
            return self.join_alternatives([str(self._value(item)) for item in value])
        if isinstance(value, Term):
            return self.gettext(str(value))
        return value

    def join_alternatives(self, items: Sequence[str]) -> str:
        """Alternatives in words: ``'3, 4 or 5'``."""
        if len(items) == 1:
            return items[0]
        return self.gettext("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])

    def rank(self, rank: Rank) -> Word:
        """A rank in words: ``Word('Ace')``, ``Word('туз')``."""
        return self._ranks[rank]

    def category(self, category: Category | None) -> Word:
        """A category inside an explanation; ``None`` for a lowball no-pair hand."""
        return self._categories[category]

    def join_names(self, names: Sequence[str]) -> str:
        """Names as a list in words: ``'Peter, Hans and Paul'``."""
        if len(names) == 1:
            return names[0]
        return self.gettext("{names} and {last}").format(
            names=", ".join(names[:-1]), last=names[-1]
        )

    def __repr__(self) -> str:
        return f"get_language({self.code!r})"


@cache
def _load(code: str) -> Language:
    if code == DEFAULT_LANGUAGE:
        return Language(code, gettext.NullTranslations())
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as file:
        return Language(code, gettext.GNUTranslations(file))


def get_language(lang: str | Language = DEFAULT_LANGUAGE) -> Language:
    """The language a tag names, with its catalog loaded (once).

    >>> get_language("ru").rank(Rank.QUEEN).gen
    'дамы'

    Raises:
        UnknownLanguageError: not a supported language.
    """
    if isinstance(lang, Language):
        return lang
    known = _BY_TAG.get(lang) if isinstance(lang, str) else None
    if known is None:
        known = _load(normalize_language(lang))
        if len(_BY_TAG) < 256:
            _BY_TAG[lang] = known
    return known


_BY_TAG: dict[str, Language] = {}
"""Each tag already seen (``'en'``, ``'ru-RU'``) and its language: texts are written per hand."""
