"""Cards: ranks, suits, the 52 cards, sets of cards, parsing and formatting.

The integer encoding
--------------------
Every card has a *code* ``0..51`` = ``4 * rank_index + suit_index``; a set of
cards is a 52-bit *mask* with bit ``code`` set for each card. This table is the
only place the encoding is written down; kernels, batch arrays and masks all
use it::

              c    d    h    s        suit_index: c=0 d=1 h=2 s=3
        2     0    1    2    3        (clubs < diamonds < hearts < spades,
        3     4    5    6    7         the order used only for odd chips
        4     8    9   10   11         in stud games)
        5    12   13   14   15
        6    16   17   18   19
        7    20   21   22   23
        8    24   25   26   27
        9    28   29   30   31
        T    32   33   34   35
        J    36   37   38   39
        Q    40   41   42   43
        K    44   45   46   47
        A    48   49   50   51       rank_index: 2=0 ... A=12

Parsing accepts every notation players write: ranks ``2-9 T J Q K A`` or
``10``, suits ``s h d c`` or ``♠ ♥ ♦ ♣``, either case, cards separated by
spaces, commas or nothing. Card text is ASCII apart from the suit symbols: any
other character is a :class:`~showdown.errors.CardParseError` that quotes it
with its code point (the input policy: :mod:`showdown._validate`).

>>> parse_cards("As Kd")
(Card('As'), Card('Kd'))
>>> parse_cards("10h,a♠")
(Card('Th'), Card('As'))
>>> format_cards(parse_cards("AsKd"), unicode=True)
'A♠ K♦'
>>> Card("Qh").code, Card.from_code(51)
(42, Card('As'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import Enum
from typing import Final, Self, TypeAlias

from showdown._validate import check_int, check_text, describe_char, describe_value
from showdown.errors import CardParseError, DuplicateCardError

__all__ = [
    "DECK",
    "Card",
    "CardSet",
    "CardsLike",
    "Rank",
    "Suit",
    "cards_mask",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class Rank(Enum):
    """A card rank; the value is its symbol. Ordered 2 < 3 < ... < A.

    >>> Rank("T").name_plural, Rank.ACE > Rank.KING
    ('Tens', True)
    """

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def index(self) -> int:
        """0 for a deuce ... 12 for an ace."""
        return _RANK_INDEX[self]

    @property
    def symbol(self) -> str:
        """The one-character symbol, ``'T'`` for a ten."""
        return self.value

    @property
    def name_singular(self) -> str:
        """The rank in words: ``'Ten'``."""
        return _RANK_WORDS[self][0]

    @property
    def name_plural(self) -> str:
        """The plural in words: ``'Sixes'``."""
        return _RANK_WORDS[self][1]

    @classmethod
    def from_index(cls, index: int) -> Rank:
        """The rank with this index (0 = deuce, 12 = ace).

        Raises:
            TypeError: not an integer.
            CardParseError: not in ``0..12``.
        """
        return RANKS[check_int("index", index, minimum=0, maximum=12, error=CardParseError)]

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        raise CardParseError.of(
            "{value} is not a rank: use one of 23456789TJQKA", value=repr(value)
        )

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.index >= other.index


class Suit(Enum):
    """A suit; the value is its ASCII symbol. Suits never break ties."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def index(self) -> int:
        """0 for clubs, 1 diamonds, 2 hearts, 3 spades."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        """The ASCII symbol, ``'s'``."""
        return self.value

    @property
    def unicode(self) -> str:
        """The Unicode symbol, ``'♠'``."""
        return _SUIT_UNICODE[self]

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        raise CardParseError.of("{value} is not a suit: use one of s h d c", value=repr(value))


RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
_RANK_INDEX: Final[dict[Rank, int]] = {rank: i for i, rank in enumerate(RANKS)}
_SUIT_INDEX: Final[dict[Suit, int]] = {suit: i for i, suit in enumerate(SUITS)}
_SUIT_UNICODE: Final[dict[Suit, str]] = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}
_RANK_WORDS: Final[dict[Rank, tuple[str, str]]] = {
    Rank.TWO: ("Two", "Twos"),
    Rank.THREE: ("Three", "Threes"),
    Rank.FOUR: ("Four", "Fours"),
    Rank.FIVE: ("Five", "Fives"),
    Rank.SIX: ("Six", "Sixes"),
    Rank.SEVEN: ("Seven", "Sevens"),
    Rank.EIGHT: ("Eight", "Eights"),
    Rank.NINE: ("Nine", "Nines"),
    Rank.TEN: ("Ten", "Tens"),
    Rank.JACK: ("Jack", "Jacks"),
    Rank.QUEEN: ("Queen", "Queens"),
    Rank.KING: ("King", "Kings"),
    Rank.ACE: ("Ace", "Aces"),
}
_RANK_TEXT: Final[dict[str, Rank]] = {rank.symbol: rank for rank in RANKS} | {"10": Rank.TEN}
_SUIT_TEXT: Final[dict[str, Suit]] = {suit.symbol: suit for suit in SUITS} | {
    suit.unicode: suit for suit in SUITS
}
# Also the outline suit symbols that some fonts and keyboards produce.
_SUIT_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Card:
    """One of the 52 cards: an immutable, interned value.

    ``Card('As')`` parses any notation of one card; the 52 instances are
    shared, so ``Card('As') is Card('a♠')``.

    >>> card = Card("10h")
    >>> card, card.rank, card.suit, str(card), card.unicode
    (Card('Th'), <Rank.TEN: 'T'>, <Suit.HEARTS: 'h'>, 'Th', 'T♥')

    Raises:
        CardParseError: the text is not one card.
    """

    __slots__ = ("_code", "_rank", "_suit")

    _code: int
    _rank: Rank
    _suit: Suit

    def __new__(cls, text: str) -> Card:
        return parse_card(text)

    @classmethod
    def _make(cls, code: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "_code", code)
        object.__setattr__(card, "_rank", RANKS[code >> 2])
        object.__setattr__(card, "_suit", SUITS[code & 3])
        return card

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this integer code (see the table in the module doc).

        Raises:
            TypeError: the code is not an integer (a bool, a float, a text).
            CardParseError: the code is not in ``0..51``.
        """
        if isinstance(code, bool) or not isinstance(code, int):
            code = _code_of(code, "code")
        if not 0 <= code < 52:
            raise CardParseError(f"{code!r} is not a card code: codes are 0..51")
        return DECK[code]

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of this rank and suit."""
        return DECK[4 * rank.index + suit.index]

    @property
    def code(self) -> int:
        """The integer code, ``4 * rank.index + suit.index``."""
        return self._code

    @property
    def rank(self) -> Rank:
        """The rank."""
        return self._rank

    @property
    def suit(self) -> Suit:
        """The suit."""
        return self._suit

    @property
    def mask(self) -> int:
        """The one-bit mask ``1 << code``."""
        return 1 << self._code

    @property
    def unicode(self) -> str:
        """The card with a Unicode suit: ``'A♠'``."""
        return self._rank.symbol + self._suit.unicode

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (str(self),))

    def __str__(self) -> str:
        return _TEXTS[self._code]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __hash__(self) -> int:
        return self._code

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        """Cards sort by code: by rank, then suit (clubs first)."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._code < other._code


def _code_of(value: object, name: str) -> int:
    """An integer card code given as a NumPy integer; a TypeError for anything else."""
    import operator

    if not isinstance(value, bool) and type(value).__module__ == "numpy":
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(
        f"{name} must be a Card, a card text or a code 0..51, got {describe_value(value)}"
    )


DECK: Final[tuple[Card, ...]] = tuple(Card._make(code) for code in range(52))
"""The 52 cards in code order, ``DECK[code]``."""

_TEXTS: Final[tuple[str, ...]] = tuple(card._rank.symbol + card._suit.symbol for card in DECK)
"""Each card's text by code (``'As'``)."""

_PLAIN: Final[dict[str, Card]] = {
    rank + suit: DECK[4 * rank_index + suit_index]
    for rank_index, ranks in enumerate(
        ("2", "3", "4", "5", "6", "7", "8", "9", "Tt", "Jj", "Qq", "Kk", "Aa")
    )
    for rank in ranks
    for suit_index, suits in enumerate(("cC", "dD", "hH", "sS"))
    for suit in suits
}
"""Each two-character card text of the usual notation (either case), for the fast path."""

# ASCII: without it the case-insensitive match takes a Kelvin sign for a K and a long s for an s.
_CARD_RE: Final = re.compile(r"(10|[2-9tjqka])([shdc♠♥♦♣♤♡♢♧])", re.IGNORECASE | re.ASCII)
_SEPARATORS: Final = re.compile(r"[\s,;]+")


def parse_card(text: str) -> Card:
    """Parse one card in any notation.

    >>> parse_card(" kd ")
    Card('Kd')

    Raises:
        TypeError: not a text.
        CardParseError: the text is not exactly one card, with the reason.
    """
    plain = _PLAIN.get(text) if isinstance(text, str) else None
    if plain is not None:
        return plain
    token = check_text("card", text).strip()
    match = _CARD_RE.fullmatch(token)
    if match is None:
        raise _why_not_a_card(token)
    return DECK[4 * _RANK_TEXT[match[1].upper()].index + _SUIT_TEXT[match[2].lower()].index]


def _why_not_a_card(token: str) -> CardParseError:
    """The error saying why ``token`` is not a card."""
    if not token:
        return CardParseError.of("'' is not a card: the text is empty")
    rank_text = "10" if token.startswith("10") else token[0]
    rest = token[len(rank_text) :]
    if not rank_text.isascii() or rank_text.upper() not in _RANK_TEXT:
        return CardParseError.of(
            "{token} is not a card: rank {rank} is not one of 23456789TJQKA",
            token=repr(token),
            rank=describe_char(rank_text[0]),
        )
    if not rest:
        return CardParseError.of(
            "{token} is not a card: the suit is missing (one of s h d c or ♠ ♥ ♦ ♣)",
            token=repr(token),
        )
    suit = rest[0]
    if suit not in _SUIT_TEXT and not (suit.isascii() and suit.lower() in _SUIT_TEXT):
        return CardParseError.of(
            "{token} is not a card: suit {suit} is not one of s h d c or ♠ ♥ ♦ ♣",
            token=repr(token),
            suit=describe_char(suit),
        )
    card = token[: len(token) - len(rest) + 1]
    odd = next((char for char in rest[1:] if not char.isascii()), None)
    which = f" ({describe_char(odd)})" if odd is not None else ""
    return CardParseError.of(
        "{token} is not a card: unexpected {rest}{which} after {card}",
        token=repr(token),
        rest=repr(rest[1:]),
        which=which,
        card=repr(card),
    )


CardsLike: TypeAlias = "str | Iterable[Card | str | int]"
"""Anything that names cards: a text, or an iterable of cards, card texts or codes."""


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Parse a list of cards: a text, or an iterable of cards, texts or codes.

    Cards in a text are separated by spaces, commas or nothing at all.

    >>> parse_cards("As,Kd 10c9h")
    (Card('As'), Card('Kd'), Card('Tc'), Card('9h'))
    >>> parse_cards(["Ah", 0])
    (Card('Ah'), Card('2c'))

    Raises:
        TypeError: not a text or an iterable, ``bytes``, or an item that is not
            a card, a text or an integer code (the message names its index).
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card appears twice (unless ``allow_duplicates``).
    """
    if isinstance(cards, str):
        result = _parse_text(cards)
    elif type(cards) is tuple and all(type(item) is Card for item in cards):
        result = cards  # already cards: the common case inside the library
    else:
        if isinstance(cards, bytes | bytearray | memoryview):
            check_text("cards", cards)
        items: list[Card] = []
        try:
            iterator = iter(cards)
        except TypeError:
            raise TypeError(
                f"cards must be a text or a list of cards, got {describe_value(cards)}"
            ) from None
        for index, item in enumerate(iterator):
            if isinstance(item, Card):
                items.append(item)
            elif isinstance(item, str):
                items.append(parse_card(item))
            elif isinstance(item, int) and not isinstance(item, bool):
                items.append(Card.from_code(item))
            else:
                items.append(DECK[_checked_code(item, f"cards[{index}]")])
        result = tuple(items)
    if not allow_duplicates:
        _check_distinct(result)
    return result


def _checked_code(item: object, name: str) -> int:
    code = _code_of(item, name)
    if not 0 <= code < 52:
        raise CardParseError(f"{code!r} is not a card code: codes are 0..51")
    return code


def _parse_text(text: str) -> tuple[Card, ...]:
    try:  # the usual notation, "As Kd": one dictionary look-up per card
        return tuple([_PLAIN[token] for token in text.split()])
    except KeyError:
        pass
    cards: list[Card] = []
    for chunk in _SEPARATORS.split(text.strip()):
        position = 0
        while position < len(chunk):
            match = _CARD_RE.match(chunk, position)
            if match is None:
                bad = chunk[position:]
                raise _why_not_a_card(bad[:3] if len(bad) > 3 else bad)
            cards.append(parse_card(match[0]))
            position = match.end()
    return tuple(cards)


def cards_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of some cards (a card given twice counts once).

    >>> cards_mask([Card("2c"), Card("As")]) == (1 << 0) | (1 << 51)
    True

    Raises:
        TypeError: an item is not a :class:`Card`.
    """
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"cards must be Card values, got {describe_value(card)}")
        mask |= 1 << card._code
    return mask


def _check_distinct(cards: Iterable[Card]) -> None:
    seen = 0
    for card in cards:
        bit = 1 << card._code
        if seen & bit:
            raise DuplicateCardError.of("card {card} is used twice", card=str(card))
        seen |= bit


def format_cards(cards: Iterable[Card], *, unicode: bool = False, sep: str = " ") -> str:
    """Write cards back as text; ``parse_cards`` reads it back unchanged.

    >>> format_cards([Card("As"), Card("Td")])
    'As Td'

    Raises:
        TypeError: an item is not a :class:`Card`.
    """
    listed = cards if isinstance(cards, tuple | list) else tuple(cards)
    for card in listed:
        if not isinstance(card, Card):
            raise TypeError(f"cards must be Card values, got {describe_value(card)}")
    if unicode:
        return sep.join([card.unicode for card in listed])
    return sep.join([_TEXTS[card._code] for card in listed])


class CardSet:
    """An immutable set of cards held as a 52-bit mask, with set operations.

    >>> hand = CardSet("As Kd")
    >>> board = CardSet("Kd Qh")
    >>> hand | board, hand & board, len(hand - board)
    (CardSet('Qh Kd As'), CardSet('Kd'), 1)
    >>> Card("As") in hand
    True
    """

    __slots__ = ("_mask",)

    _mask: int

    def __init__(self, cards: CardsLike | CardSet = ()) -> None:
        if isinstance(cards, CardSet):
            mask = cards._mask
        else:
            mask = cards_mask(parse_cards(cards, allow_duplicates=True))
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> Self:
        """The set whose bits are ``mask``.

        Raises:
            TypeError: the mask is not an integer.
            CardParseError: the mask is negative or has bits past the 52 cards.
        """
        if isinstance(mask, bool) or not isinstance(mask, int):
            mask = check_int("mask", mask)
        if not 0 <= mask < (1 << 52):
            shown = f"{mask:#x}" if mask.bit_length() < 200 else f"a {mask.bit_length()}-bit number"
            raise CardParseError(f"{shown} is not a card mask: bits 0..51 only")
        result = object.__new__(cls)
        object.__setattr__(result, "_mask", mask)
        return result

    @classmethod
    def deck(cls) -> Self:
        """All 52 cards."""
        return cls.from_mask((1 << 52) - 1)

    @property
    def mask(self) -> int:
        """The 52-bit mask."""
        return self._mask

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __iter__(self) -> Iterator[Card]:
        mask = self._mask
        while mask:
            low = mask & -mask
            yield DECK[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask & card.mask)

    def __or__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_mask(self._mask | other._mask)

    def __and__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_mask(self._mask & other._mask)

    def __sub__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_mask(self._mask & ~other._mask)

    def __xor__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_mask(self._mask ^ other._mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self._mask == other._mask

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __bool__(self) -> bool:
        return self._mask != 0

    def isdisjoint(self, other: CardSet) -> bool:
        """True when no card is in both sets.

        Raises:
            TypeError: ``other`` is not a :class:`CardSet`.
        """
        if not isinstance(other, CardSet):
            raise TypeError(f"other must be a CardSet, got {describe_value(other)}")
        return not self._mask & other._mask

    def __repr__(self) -> str:
        return f"CardSet({format_cards(self)!r})"
