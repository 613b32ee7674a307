"""Hand ranges: the notation players use in PokerStove and Equilab, for every game.

A :class:`Range` is a weighted set of starting hands ("combos") of one size: two
cards in Hold'em, four in Omaha and so on. :func:`parse_range` reads the usual
notation, one token after another, separated by commas or semicolons. Spaces
may only separate the cards of one exact hand (``As Kd``): ``A K`` and
``QQ+ AKs`` are refused, with the comma form to write. A token in lower case
reads as its capitals (``kk``, ``ats``); mixed case (``Kk``) is refused.

==================  ==============================================================
``QQ``              a pair: all six combos
``QQ+``, ``QQ-99``  pairs from QQ up to AA; pairs from QQ down to 99
``AKs``, ``AKo``    suited (4 combos), offsuit (12); ``AK`` is both (16)
``A2s+``, ``KTo+``  the kicker runs up to just below the top card: A2s ... AKs
``T9s-65s``         connectors (or one-gappers...) stepping down together
``A5s-A2s``         one top card, kickers from 5 down to 2
``AhKh``            exact cards; fewer cards than a hand (``Ah``) means "holding these"
``Ax``, ``xx``      ``x`` is any card: ``Ax`` is every hand with an ace
``random``          every hand (1,326 in Hold'em); also ``any``
``AAxx``            Omaha: at least two aces (a short ``AA`` is refused: write ``AAxx``)
``AKds``            Omaha: an ace and a king, the hand double-suited (``ss``
                    single-suited, ``r`` rainbow)
``AKs:0.5``         a weight (the share of the combos played); also ``50%AKs``, ``AKs:50%``
==================  ==============================================================

A later token overrides an earlier one's weight for the combos they share
(``QQ+, KK:0`` is QQ and AA). :func:`format_range` writes a range back;
``parse_range(format_range(r)) == r``.

>>> len(parse_range("QQ+")), len(parse_range("AKs")), len(parse_range("AKo"))
(18, 4, 12)
>>> len(parse_range("random"))
1326
>>> format_range(parse_range("AKs, 99, TT, JJ+, KQs, AQs, A2s-A5s, T9s:0.5"))
'99+, AQs+, A5s-A2s, KQs, T9s:0.5'
>>> parse_range("AAxx, AKds", game="omaha").size
4
>>> parse_range("AKq")
Traceback (most recent call last):
  ...
showdown.errors.RangeParseError: 'AKq' is not a range token: 'q' is not one of s, o, ds, ss, r
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import combinations, product
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from showdown._validate import check_text, describe_char, describe_value
from showdown.cards import DECK, RANKS, Card, CardsLike, cards_mask, format_cards, parse_cards
from showdown.errors import BudgetError, CardParseError, DuplicateCardError, RangeParseError
from showdown.games import Game, get_game

__all__ = [
    "CLASS_GRID",
    "HAND_CLASSES",
    "Range",
    "class_combos",
    "class_of",
    "format_range",
    "parse_range",
]

Codes = npt.NDArray[np.int8]
Masks = npt.NDArray[np.uint64]
Weights = npt.NDArray[np.float64]

_RANK_CHARS: Final = "23456789TJQKA"
_MAX_LISTED: Final = 4_000_000
"""The most candidate hands one token may list (beyond, use ``random``)."""
MAX_RANGE_HANDS: Final = 8_000_000
"""The memory budget of one range text: the most hands all its tokens may list
together (about 64 MB of masks while it is read); more is a
:class:`~showdown.errors.BudgetError`, refused before the next token is listed."""
CACHE_BYTES: Final = 64 << 20
"""The most bytes of parsed ranges kept for reuse (least recently used go first)."""

# The 13 x 13 grid of Hold'em starting-hand classes, aces first: the diagonal is
# the pairs, above it the suited hands, below it the offsuit hands.
CLASS_GRID: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(
        (hi + lo + ("s" if i < j else "o")) if i != j else hi + lo
        for j in range(13)
        for hi, lo in [
            (
                _RANK_CHARS[12 - min(i, j)],
                _RANK_CHARS[12 - max(i, j)],
            )
        ]
    )
    for i in range(13)
)
"""The 169 Hold'em classes as the usual grid: ``CLASS_GRID[0][1] == 'AKs'``, ``[1][0] == 'AKo'``."""

HAND_CLASSES: Final[tuple[str, ...]] = tuple(name for row in CLASS_GRID for name in row)
"""The 169 Hold'em classes in grid order (row by row)."""


def class_of(cards: Sequence[Card]) -> str:
    """The Hold'em class of two cards: ``'AKs'``, ``'AKo'`` or ``'QQ'``.

    >>> class_of(parse_cards("Kh Ah")), class_of(parse_cards("2c 2d"))
    ('AKs', '22')

    Raises:
        RangeParseError: not exactly two cards.
    """
    if len(cards) != 2:
        raise RangeParseError(f"{format_cards(cards)!r} is not a two-card hand")
    high, low = sorted(cards, key=lambda card: card.code, reverse=True)
    if high.rank is low.rank:
        return high.rank.symbol * 2
    suited = "s" if high.suit is low.suit else "o"
    return high.rank.symbol + low.rank.symbol + suited


def class_combos(name: str) -> tuple[tuple[Card, Card], ...]:
    """The combos of one Hold'em class (``'AKs'`` -> 4 combos).

    >>> len(class_combos("AKo")), class_combos("AKs")[0]
    (12, (Card('As'), Card('Ks')))

    Raises:
        RangeParseError: not a class name.
    """
    if name not in _CLASS_INDEX:
        raise RangeParseError(f"{name!r} is not a Hold'em hand class like 'AKs', 'AKo' or 'QQ'")
    return _class_combos(name)


_CLASS_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(HAND_CLASSES)}


@cache
def _class_combos(name: str) -> tuple[tuple[Card, Card], ...]:
    high, low = RANKS[_RANK_CHARS.index(name[0])], RANKS[_RANK_CHARS.index(name[1])]
    result: list[tuple[Card, Card]] = []
    for a, b in product(reversed(range(4)), repeat=2):
        first, second = DECK[4 * high.index + a], DECK[4 * low.index + b]
        if high is low and a <= b:
            continue
        if len(name) == 3 and (a == b) != (name[2] == "s"):
            continue
        result.append((first, second))
    return tuple(result)


class Range:
    """A weighted set of starting hands, all of one size.

    Each combo (a set of ``size`` cards) has a weight in ``(0, 1]``: the share
    of the time the hand is played. Build one with :func:`parse_range` or
    :meth:`from_combos`. A range is immutable; two ranges are equal when they
    hold the same combos with the same weights.

    A range written as a single token of exact cards shorter than a hand
    (``'Ah'``; a Stud up-card ``'Ah Kd 3c'``) or as ``random`` is kept
    *open*: its known cards, filled out with any other cards, listed only
    on demand (``random`` Six Card Omaha has 20 million combos).

    >>> r = parse_range("AKs:0.5, QQ")
    >>> len(r), r.weight_total, r.weight_of(parse_cards("Ah Kh"))
    (10, 8.0, 0.5)
    >>> Range.from_combos(["AhKh", "AsKs"]) == parse_range("AhKh, AsKs")
    True
    """

    __slots__ = ("_codes", "_deck", "_known", "_masks", "_size", "_source", "_text", "_weights")

    _size: int
    _deck: tuple[Card, ...]
    _known: tuple[Card, ...] | None
    _codes: Codes | None
    _masks: Masks | None
    _weights: Weights | None
    _source: tuple[str, ...] | None
    _text: str | None

    def __init__(self) -> None:
        raise TypeError("use parse_range() or Range.from_combos() to build a Range")

    @classmethod
    def _make(
        cls,
        size: int,
        deck: tuple[Card, ...],
        *,
        masks: Masks | None = None,
        weights: Weights | None = None,
        known: tuple[Card, ...] | None = None,
        source: tuple[str, ...] | None = None,
    ) -> Range:
        result = object.__new__(cls)
        result._size = size
        result._deck = deck
        result._known = known
        result._masks = None
        result._codes = None
        result._weights = None
        result._source = source
        result._text = None
        if masks is not None:
            assert weights is not None
            order = np.argsort(masks, kind="stable")
            result._masks = np.ascontiguousarray(masks[order])
            result._weights = np.ascontiguousarray(weights[order], dtype=np.float64)
            result._masks.setflags(write=False)
            result._weights.setflags(write=False)
        return result

    @classmethod
    def from_combos(
        cls,
        combos: Iterable[str | Sequence[Card | str | int] | tuple[object, float]],
        *,
        game: str | Game = "holdem",
    ) -> Range:
        """A range from explicit combos, each a hand or a ``(hand, weight)`` pair.

        >>> Range.from_combos([("Ah Kh", 0.5), "Qs Qd"]).weight_total
        1.5

        Raises:
            RangeParseError: a hand has the wrong size, a duplicate card, a
                card outside the game's deck, or a weight outside ``[0, 1]``.
        """
        found = get_game(game)
        size, deck = found.hole_cards, found.deck
        deck_mask = cards_mask(deck)
        chosen: dict[int, float] = {}
        if isinstance(combos, str | bytes) or not isinstance(combos, Iterable):
            raise TypeError(f"combos must be a list of hands, got {describe_value(combos)}")
        for item in combos:
            if (
                isinstance(item, tuple)
                and len(item) == 2
                and isinstance(item[1], float | int)
                and not isinstance(item[1], bool)
            ):
                hand, weight = item[0], float(item[1])
            else:
                hand, weight = item, 1.0
            try:
                cards = parse_cards(hand)  # type: ignore[arg-type]
            except (CardParseError, DuplicateCardError, TypeError) as error:
                raise RangeParseError(f"{hand!r} is not a hand: {error}") from None
            if len(cards) != size:
                raise RangeParseError(
                    f"{format_cards(cards)!r} is not a {found.name} hand: "
                    f"it needs {size} cards, not {len(cards)}"
                )
            mask = cards_mask(cards)
            if mask & ~deck_mask:
                raise RangeParseError(f"{format_cards(cards)!r} is not in the deck of {found.name}")
            if not 0.0 <= weight <= 1.0:
                raise RangeParseError(f"{format_cards(cards)!r}: weight {weight} is not in [0, 1]")
            chosen[mask] = weight
        kept = {mask: weight for mask, weight in chosen.items() if weight > 0}
        return cls._make(
            size,
            deck,
            masks=np.fromiter(kept.keys(), dtype=np.uint64, count=len(kept)),
            weights=np.fromiter(kept.values(), dtype=np.float64, count=len(kept)),
        )

    @classmethod
    def holding(cls, cards: CardsLike, *, game: str | Game = "holdem") -> Range:
        """Every hand that holds ``cards``: one hand when they are a whole hand.

        >>> len(Range.holding("Ah")), len(Range.holding("Ah Kh"))
        (51, 1)

        Raises:
            RangeParseError: more cards than a hand, or a card outside the deck.
            CardParseError, DuplicateCardError: the cards cannot be read.
        """
        found = get_game(game)
        size, deck = found.hole_cards, found.deck
        known = parse_cards(cards)
        if len(known) > size:
            raise RangeParseError(
                f"{format_cards(known)!r}: {len(known)} cards, but a {found.name} hand has {size}"
            )
        for card in known:
            if card not in deck:
                raise RangeParseError(f"{card} is not in the deck of {found.name}")
        return cls._make(size, deck, known=known)

    # -- what a range holds ------------------------------------------------

    @property
    def size(self) -> int:
        """Cards in each hand (2 in Hold'em, 4 in Omaha...)."""
        return self._size

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the game's deck (36 in short deck)."""
        return self._deck

    @property
    def is_open(self) -> bool:
        """True for a range kept as known cards plus any others (``random``, ``'Ah'``)."""
        return self._known is not None

    @property
    def known(self) -> tuple[Card, ...]:
        """For an open range, the cards every hand holds (``()`` for ``random``)."""
        return self._known or ()

    def _listed(self) -> tuple[Masks, Weights]:
        if self._masks is None:
            assert self._known is not None
            count = comb(len(self._deck) - len(self._known), self._size - len(self._known))
            if count > _MAX_LISTED:
                raise RangeParseError(
                    f"{self!s} holds {count:,} hands, too many to list one by one"
                )
            masks = _expand(self._size, self._deck, self._known, {}, None)
            weights = np.ones(len(masks), dtype=np.float64)
            masks.setflags(write=False)
            weights.setflags(write=False)
            self._masks, self._weights = masks, weights
        assert self._weights is not None
        return self._masks, self._weights

    @property
    def masks(self) -> Masks:
        """The combos as 52-bit masks, ascending (see :mod:`showdown.cards`)."""
        return self._listed()[0]

    @property
    def weights(self) -> Weights:
        """The weight of each combo, in the order of :attr:`masks`."""
        return self._listed()[1]

    @property
    def codes(self) -> Codes:
        """The combos as an ``(n, size)`` array of card codes, each row ascending."""
        if self._codes is None:
            codes = _codes_of(self.masks, self._size)
            codes.setflags(write=False)
            self._codes = codes
        return self._codes

    @property
    def nbytes(self) -> int:
        """The bytes of this range's arrays once listed: masks, weights and card codes."""
        count = self.combo_count()
        if self._masks is None and count > _MAX_LISTED:
            return 0  # an open range this wide is never listed
        return count * (8 + 8 + self._size)

    def combo_count(self) -> int:
        """The number of combos, without listing an open range."""
        if self._masks is None and self._known is not None:
            return comb(len(self._deck) - len(self._known), self._size - len(self._known))
        return len(self.masks)

    def __len__(self) -> int:
        return self.combo_count()

    @property
    def weight_total(self) -> float:
        """The sum of the weights: the number of combos, counting weights."""
        if self._masks is None and self._known is not None:
            return float(self.combo_count())
        return float(self.weights.sum())

    def combos(self) -> Iterator[tuple[tuple[Card, ...], float]]:
        """Every combo with its weight, as cards (highest first)."""
        for row, weight in zip(self.codes, self.weights, strict=True):
            yield tuple(DECK[int(code)] for code in row[::-1]), float(weight)

    def weight_of(self, cards: Sequence[Card]) -> float:
        """The weight of one combo, 0 when the range does not hold it."""
        mask = np.uint64(cards_mask(cards))
        masks = self.masks
        index = int(np.searchsorted(masks, mask))
        if index < len(masks) and masks[index] == mask:
            return float(self.weights[index])
        return 0.0

    def without(self, cards: Iterable[Card]) -> Range:
        """The combos that share no card with ``cards`` (the board, dead cards)."""
        blocked = cards_mask(tuple(cards))
        if not blocked:
            return self  # immutable: nothing to take out
        if self.is_open and not blocked & cards_mask(self.known):
            deck = tuple(card for card in self._deck if not card.mask & blocked)
            return Range._make(self._size, deck, known=self._known, source=self._source)
        keep = (self.masks & np.uint64(blocked)) == 0
        return Range._make(
            self._size, self._deck, masks=self.masks[keep], weights=self.weights[keep]
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        if self._size != other._size:
            return False
        if self.is_open and other.is_open:
            return self._known == other._known and self._deck == other._deck
        if self.combo_count() != other.combo_count():
            return False
        return bool(
            np.array_equal(self.masks, other.masks) and np.array_equal(self.weights, other.weights)
        )

    def __hash__(self) -> int:
        return hash((self._size, self.combo_count(), self.weight_total))

    def __str__(self) -> str:
        return format_range(self)

    def __repr__(self) -> str:
        return f"Range({format_range(self)!r})"


# -- parsing ---------------------------------------------------------------

_TOKEN_SPLIT: Final = re.compile(r"[,;]")
_WEIGHT_PREFIX: Final = re.compile(r"^(\d+(?:\.\d*)?|\.\d+)%(.*)$")
_WEIGHT_SUFFIX: Final = re.compile(r"^(.*):(\d+(?:\.\d*)?|\.\d+)(%?)$")
_CARDS: Final = re.compile(r"(?:(?:10|[2-9TJQKA])[CDHS♠♥♦♣♤♡♢♧])+", re.IGNORECASE | re.ASCII)
_PATTERN: Final = re.compile(r"([2-9TJQKAXx]+)([a-z]*)([+]?)")
_LOWER_PATTERN: Final = re.compile(r"([2-9tjqkax]+)([sodr]*)([+]?)")
"""A token all in lower case (``kk``, ``ats``, ``aks``): rank letters and suffix letters
differ (t j q k a x against s o d r), so it reads one way only."""
_SUFFIXES: Final = ("s", "o", "ds", "ss", "r")
_RANDOM: Final = ("random", "any", "all")


def parse_range(text: str, *, game: str | Game = "holdem") -> Range:
    """Read a range in PokerStove / Equilab notation (see the module doc).

    >>> parse_range("T9s-76s")
    Range('T9s, 98s, 87s, 76s')
    >>> len(parse_range("AAxx", game="omaha")), len(parse_range("AAds", game="omaha"))
    (6961, 864)
    >>> parse_range("QQ+:0.5").weight_total
    9.0

    Raises:
        TypeError: ``text`` is not a ``str``.
        RangeParseError: a token cannot be read; the message quotes it and
            says why.
        BudgetError: the tokens together list more than
            :data:`MAX_RANGE_HANDS` hands.
        UnknownGameError: no such game.
    """
    return read_range(text, get_game(game))


def read_range(text: str, found: Game, *, deadline: float | None = None) -> Range:
    """:func:`parse_range` for a known game, within a ``time.perf_counter()`` deadline.

    Raises:
        the errors of :func:`parse_range`, and:
        BudgetError: the deadline passed while reading (checked between
            tokens and before each large listing).
    """
    check_text("range", text)
    key = (text, found.name)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    result = _parse_range(text, found, deadline)
    _CACHE.put(key, result)
    return result


class _RangeCache:
    """Parsed ranges by (text, game), bounded by the bytes of their arrays, thread-safe."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.bytes = 0
        self._items: OrderedDict[tuple[str, str], tuple[Range, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str]) -> Range | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: tuple[str, str], value: Range) -> None:
        size = value.nbytes + 2 * len(key[0]) + 200
        if size > self.limit // 4:
            return  # a huge range is not worth evicting everything else for
        with self._lock:
            if key in self._items:
                return
            self._items[key] = (value, size)
            self.bytes += size
            while self.bytes > self.limit:
                _, (_, freed) = self._items.popitem(last=False)
                self.bytes -= freed

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0


_CACHE: Final = _RangeCache(CACHE_BYTES)


def _bad_token(raw: str, reason: str, /, **params: object) -> RangeParseError:
    """``'<raw>' is not a range token: <reason>``, the reason a template of its own."""
    return RangeParseError.of(
        "{token} is not a range token: {reason}",
        token=repr(raw),
        reason=RangeParseError.of(reason, **params),
    )


def _tokens(text: str) -> list[str]:
    """The tokens of a range text: split at commas and semicolons; white space inside a
    token is allowed only between the cards of one hand (``'As Kd'``)."""
    tokens = []
    for piece in _TOKEN_SPLIT.split(text):
        words = piece.split()
        if len(words) > 1:
            if all(_CARDS.fullmatch(word) for word in words):
                tokens.append("".join(words))
                continue
            if all(len(word) == 1 for word in words):  # 'A K': one hand, spaced out
                raise _bad_token(
                    piece.strip(),
                    "a token has no spaces inside: separate tokens with commas ({commas}) "
                    "or write one hand without spaces ({joined})",
                    commas=repr(", ".join(words)),
                    joined=repr("".join(words)),
                )
            raise _bad_token(
                piece.strip(),
                "a token has no spaces inside: separate tokens with commas ({commas})",
                commas=repr(", ".join(words)),
            )
        tokens.extend(words)
    return tokens


def _parse_range(text: str, found: Game, deadline: float | None) -> Range:
    size, deck = found.hole_cards, found.deck
    tokens = _tokens(text)
    if not tokens:
        raise RangeParseError.of("{text} is not a range: it is empty", text=repr(text[:40]))
    parsed = []
    for raw in tokens:
        _check_deadline(deadline)
        parsed.append(_parse_token(raw, size, deck, found))
    if len(parsed) == 1 and parsed[0].open is not None and parsed[0].weight > 0:
        token = parsed[0]
        return Range._make(size, deck, known=token.open, source=(token.text,))
    listed: list[Masks] = []
    total = 0
    for token in parsed:
        _check_deadline(deadline)
        masks = token.masks(MAX_RANGE_HANDS - total, deadline)
        total += len(masks)
        listed.append(masks)
    # a later token overrides an earlier one: keep each hand's last weight
    every = np.concatenate(listed[::-1]) if listed else np.zeros(0, dtype=np.uint64)
    weight_of = np.concatenate(
        [np.full(len(m), t.weight) for m, t in zip(listed[::-1], parsed[::-1], strict=True)]
        or [np.zeros(0)]
    )
    order = np.argsort(every, kind="stable")
    every, weight_of = every[order], weight_of[order]
    first = np.ones(len(every), dtype=bool)
    first[1:] = every[1:] != every[:-1]
    every, weight_of = every[first], weight_of[first]
    kept = weight_of > 0
    return Range._make(
        size,
        deck,
        masks=every[kept],
        weights=weight_of[kept],
        source=tuple(token.text for token in parsed),
    )


def _check_deadline(deadline: float | None) -> None:
    if deadline is not None and time.perf_counter() > deadline:
        raise BudgetError.of("the time budget ran out while reading the ranges")


class _Token:
    """One parsed token: how to list its combos, its weight and its normal spelling."""

    __slots__ = ("deck", "filter", "fixed", "listed", "open", "ranks", "size", "text", "weight")

    def __init__(
        self,
        text: str,
        size: int,
        deck: tuple[Card, ...],
        weight: float,
        *,
        fixed: tuple[Card, ...] = (),
        ranks: dict[int, int] | None = None,
        suit_filter: str | None = None,
        listed: Masks | None = None,
        open_: tuple[Card, ...] | None = None,
    ) -> None:
        self.text = text
        self.size = size
        self.deck = deck
        self.weight = weight
        self.fixed = fixed
        self.ranks = ranks or {}
        self.filter = suit_filter
        self.listed = listed
        self.open = open_

    def masks(self, budget: int = _MAX_LISTED, deadline: float | None = None) -> Masks:
        if self.listed is None:
            self.listed = _expand(
                self.size,
                self.deck,
                self.fixed,
                self.ranks,
                self.filter,
                budget,
                self.text,
                deadline,
            )
        if len(self.listed) > budget:
            raise _over_budget(self.text, len(self.listed))
        return self.listed


def _over_budget(text: str, count: int) -> BudgetError:
    return BudgetError.of(
        "{token} lists {count} hands: with the tokens before it, the range is over its "
        "budget of {budget} hands; narrow it or use 'random'",
        token=repr(text),
        count=f"{count:,}",
        budget=f"{MAX_RANGE_HANDS:,}",
    )


_SUIT_SYMBOLS: Final = frozenset("♠♥♦♣♤♡♢♧")


def _check_characters(raw: str) -> None:
    """Range text is ASCII apart from the suit symbols (see :mod:`showdown._validate`)."""
    if raw.isascii() and raw.isprintable():
        return
    for char in raw:
        if not (char.isascii() and char.isprintable()) and char not in _SUIT_SYMBOLS:
            raise _bad_token(
                raw[:40],
                "{char} is not a rank, a suit or part of a weight",
                char=describe_char(char),
            )


def _parse_token(raw: str, size: int, deck: tuple[Card, ...], game: Game) -> _Token:
    _check_characters(raw)
    body, weight = _split_weight(raw)
    if not body:
        raise _bad_token(raw, "no hand before the weight")
    suffix_text = "" if weight == 1.0 else f":{weight!r}"
    if body.lower() in _RANDOM:
        text = "random" + suffix_text
        return _Token(text, size, deck, weight, open_=())
    cards_part = body.rstrip("xX")
    if cards_part and _CARDS.fullmatch(cards_part) and len(body) - len(cards_part) <= size:
        return _explicit_token(raw, cards_part, size, deck, game, weight, suffix_text)
    if "-" in body:
        return _dash_token(raw, body, size, deck, game, weight, suffix_text)
    match = (_LOWER_PATTERN if body == body.lower() else _PATTERN).fullmatch(body)
    if match is None:
        bad = next((ch for ch in body if ch not in _RANK_CHARS + "Xx"), body[:1])
        lower = _LOWER_PATTERN.fullmatch(body.lower())
        if lower is not None:  # 'aKs': the case mixed up; say how it is written
            raise _bad_token(
                raw,
                "{char} is not a rank (23456789TJQKA or x): ranks are written in capitals, {form}",
                char=repr(bad),
                form=repr(lower[1].upper().replace("X", "x") + lower[2] + lower[3]),
            )
        raise _bad_token(raw, "{char} is not a rank (23456789TJQKA or x)", char=repr(bad))
    ranks_text, suffix, plus = match[1].upper().replace("X", "x"), match[2].lower(), match[3]
    if suffix not in ("", *_SUFFIXES):
        # 'Kk': a rank in lower case (when the token would be a hand in capitals)
        if all(ch.upper() in _RANK_CHARS for ch in suffix) and len(body) <= size:
            raise _bad_token(
                raw,
                "{suffix} is not one of {suffixes}: ranks are written in capitals, {form}",
                suffix=repr(suffix),
                suffixes=", ".join(_SUFFIXES),
                form=repr(body.upper()),
            )
        raise _bad_token(
            raw,
            "{suffix} is not one of {suffixes}",
            suffix=repr(suffix),
            suffixes=", ".join(_SUFFIXES),
        )
    return _pattern_token(raw, ranks_text, suffix, plus, size, deck, game, weight, suffix_text)


def _split_weight(raw: str) -> tuple[str, float]:
    body, weight = raw, 1.0
    prefix = _WEIGHT_PREFIX.match(body)
    if prefix:
        weight, body = float(prefix[1]) / 100.0, prefix[2]
    suffix = _WEIGHT_SUFFIX.match(body)
    if suffix:
        if prefix:
            raise _bad_token(raw, "it has two weights")
        body = suffix[1]
        weight = float(suffix[2]) / (100.0 if suffix[3] else 1.0)
    elif ":" in body:
        raise _bad_token(raw, "the weight after ':' is not a number like 0.5 or 50%")
    if not 0.0 <= weight <= 1.0:
        raise _bad_token(raw, "weight {weight} is not in [0, 1]", weight=f"{weight:g}")
    return body, weight


def _explicit_token(
    raw: str,
    body: str,
    size: int,
    deck: tuple[Card, ...],
    game: Game,
    weight: float,
    suffix_text: str,
) -> _Token:
    try:
        cards = parse_cards(body)
    except DuplicateCardError as error:
        raise _bad_token(raw, "{error}", error=error) from None
    if len(cards) > size:
        raise _bad_token(
            raw,
            "{count} cards, but a {game} hand has {size}",
            count=len(cards),
            game=game.name,
            size=size,
        )
    for card in cards:
        if card not in deck:
            raise _bad_token(
                raw, "{card} is not in the deck of {game}", card=str(card), game=game.name
            )
    text = "".join(str(card) for card in cards) + suffix_text
    if len(cards) < size:
        return _Token(text, size, deck, weight, fixed=cards, open_=cards)
    return _Token(text, size, deck, weight, listed=np.array([cards_mask(cards)], dtype=np.uint64))


def _pattern_token(
    raw: str,
    ranks_text: str,
    suffix: str,
    plus: str,
    size: int,
    deck: tuple[Card, ...],
    game: Game,
    weight: float,
    suffix_text: str,
) -> _Token:
    if len(ranks_text) > size:
        raise _bad_token(
            raw,
            "{count} ranks, but a {game} hand has {size} cards",
            count=len(ranks_text),
            game=game.name,
            size=size,
        )
    if size > 2 and len(ranks_text) < size and "x" not in ranks_text and not suffix and not plus:
        raise _bad_token(
            raw,
            "{game} deals {size} cards, this names {count}: write {padded} for every hand "
            "holding them",
            game=game.name,
            size=size,
            count=len(ranks_text),
            padded=repr(ranks_text + "x" * (size - len(ranks_text))),
        )
    in_deck = {card.rank.symbol for card in deck}
    for symbol in ranks_text:
        if symbol != "x" and symbol not in in_deck:
            raise _bad_token(
                raw, "rank {rank} is not in the deck of {game}", rank=repr(symbol), game=game.name
            )
    named = [_RANK_CHARS.index(s) for s in ranks_text if s != "x"]
    if suffix in ("s", "o"):
        if size != 2:
            raise _bad_token(
                raw,
                "{suffix} is for two-card hands; use ds, ss or r for a whole hand",
                suffix=repr(suffix),
            )
        if len(named) == 2 and named[0] == named[1]:
            raise _bad_token(raw, "a pair cannot be suited or offsuit")
    elif suffix and size < 3:
        raise _bad_token(
            raw, "{suffix} is for hands of three or more cards; use s or o", suffix=repr(suffix)
        )
    counts: dict[int, int] = {}
    for index in named:
        counts[index] = counts.get(index, 0) + 1
    for count in counts.values():
        if count > 4:
            raise _bad_token(raw, "five cards of one rank")
    text = _normal_pattern(ranks_text, size) + suffix
    if plus:
        return _plus_token(raw, text, named, suffix, size, deck, weight, suffix_text)
    if not named and not suffix:
        return _Token("random" + suffix_text, size, deck, weight, open_=())
    return _Token(text + suffix_text, size, deck, weight, ranks=counts, suit_filter=suffix or None)


_END: Final = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)", re.IGNORECASE | re.ASCII)


def _dash_token(
    raw: str,
    body: str,
    size: int,
    deck: tuple[Card, ...],
    game: Game,
    weight: float,
    suffix_text: str,
) -> _Token:
    """``QQ-99``, ``A5s-A2s`` (one top card) or ``T9s-65s`` (one gap)."""
    if size != 2:
        raise _bad_token(raw, "'-' joins two-card hands like QQ-99 or T9s-65s")
    ends = body.split("-")
    matches = [_END.fullmatch(end) for end in ends]
    if len(ends) != 2 or matches[0] is None or matches[1] is None:
        raise _bad_token(raw, "write a run as two hands like QQ-99, A5s-A2s or T9s-65s")
    h1, l1 = sorted(
        (_RANK_CHARS.index(matches[0][1].upper()), _RANK_CHARS.index(matches[0][2].upper())),
        reverse=True,
    )
    h2, l2 = sorted(
        (_RANK_CHARS.index(matches[1][1].upper()), _RANK_CHARS.index(matches[1][2].upper())),
        reverse=True,
    )
    s1, s2 = matches[0][3].lower(), matches[1][3].lower()
    deck_ranks = {card.rank.index for card in deck}
    for index in (h1, l1, h2, l2):
        if index not in deck_ranks:
            raise _bad_token(
                raw,
                "rank {rank} is not in the deck of {game}",
                rank=repr(_RANK_CHARS[index]),
                game=game.name,
            )
    if s1 != s2:
        raise _bad_token(raw, "both ends must be s, o or neither")
    if (h1 == l1) != (h2 == l2):
        raise _bad_token(raw, "a run joins two pairs or two non-pairs")
    if h1 == l1 and s1:
        raise _bad_token(raw, "a pair cannot be suited or offsuit")
    if (h1, l1) < (h2, l2):
        (h1, l1), (h2, l2) = (h2, l2), (h1, l1)
    if h1 == l1:
        classes = [(r, r) for r in range(l2, h1 + 1)]
    elif h1 == h2:
        classes = [(h1, k) for k in range(l2, l1 + 1)]
    elif h1 - l1 == h2 - l2:
        classes = [(h2 + d, l2 + d) for d in range(h1 - h2 + 1)]
    else:
        raise _bad_token(raw, "the two ends must share the top card (A5s-A2s) or the gap (T9s-65s)")
    classes = [(h, k) for h, k in classes if h in deck_ranks and k in deck_ranks]
    masks = _union(_class_masks(h, k, s1, deck) for h, k in classes)
    text = (
        f"{_RANK_CHARS[h1]}{_RANK_CHARS[l1]}{s1}-{_RANK_CHARS[h2]}{_RANK_CHARS[l2]}{s1}"
        + suffix_text
    )
    return _Token(text, size, deck, weight, listed=masks)


def _normal_pattern(ranks_text: str, size: int) -> str:
    """Named ranks highest first, then the ``x`` padding (dropped for two-card hands)."""
    named = sorted((s for s in ranks_text if s != "x"), key=_RANK_CHARS.index, reverse=True)
    pad = "x" * (len(ranks_text) - len(named))
    if size > 2:
        pad = "x" * (size - len(named))
    return "".join(named) + pad


def _plus_token(
    raw: str,
    text: str,
    named: list[int],
    suffix: str,
    size: int,
    deck: tuple[Card, ...],
    weight: float,
    suffix_text: str,
) -> _Token:
    if size != 2 or len(named) != 2:
        raise _bad_token(raw, "'+' follows a two-card hand like QQ or A2s")
    high, low = max(named), min(named)
    deck_ranks = {card.rank.index for card in deck}
    if high == low:
        classes = [(r, r) for r in range(low, 13) if r in deck_ranks]
    else:
        classes = [(high, k) for k in range(low, high) if k in deck_ranks]
    masks = _union(_class_masks(h, k, suffix, deck) for h, k in classes)
    return _Token(text + "+" + suffix_text, size, deck, weight, listed=masks)


def _class_masks(high: int, low: int, suffix: str, deck: tuple[Card, ...]) -> Masks:
    """Masks of the two-card hands of ranks high/low with suffix s, o or ''."""
    return _class_masks_of(high, low, suffix, cards_mask(deck))


@cache
def _class_masks_of(high: int, low: int, suffix: str, deck_mask: int) -> Masks:
    result = []
    codes = [c for c in range(52) if deck_mask >> c & 1 and c >> 2 in (high, low)]
    for a, b in combinations(codes, 2):
        if {a >> 2, b >> 2} != {high, low}:
            continue
        if (suffix == "s" and a & 3 != b & 3) or (suffix == "o" and a & 3 == b & 3):
            continue
        result.append((1 << a) | (1 << b))
    masks = np.array(result, dtype=np.uint64)
    masks.setflags(write=False)
    return masks


def _union(parts: Iterable[Masks]) -> Masks:
    listed = list(parts)
    if not listed:
        return np.zeros(0, dtype=np.uint64)
    return _unique(np.concatenate(listed))


def _unique(masks: Masks) -> Masks:
    """The distinct masks, ascending (a sort: NumPy's hashing ``unique`` is slower here)."""
    ordered = np.sort(masks)
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


def _expand(
    size: int,
    deck: tuple[Card, ...],
    fixed: tuple[Card, ...],
    ranks: dict[int, int],
    suit_filter: str | None,
    budget: int = _MAX_LISTED,
    text: str = "",
    deadline: float | None = None,
) -> Masks:
    """Every hand of ``size`` cards from ``deck`` holding ``fixed``, at least
    ``ranks[r]`` cards of each rank ``r``, and passing the suit filter."""
    choices: list[list[tuple[Card, ...]]] = [[fixed]]
    for rank_index, count in sorted(ranks.items()):
        of_rank = [card for card in deck if card.rank.index == rank_index]
        choices.append(list(combinations(of_rank, count)))
    starts = [tuple(c for part in pick for c in part) for pick in product(*choices)]
    chosen = len(starts[0]) if starts else 0
    rest = size - chosen
    pool_size = len(deck) - chosen
    total = len(starts) * comb(pool_size, rest)
    if total > _MAX_LISTED:
        raise RangeParseError.of(
            "a pattern that lists {count} hands is too wide: narrow it or use 'random'",
            count=f"{total:,}",
        )
    if total > budget:
        raise _over_budget(text, total)
    deck_codes = np.array([card.code for card in deck], dtype=np.int64)
    fill = _comb_table(pool_size, rest)
    blocks = []
    for start in starts:
        _check_deadline(deadline)
        start_codes = np.array([card.code for card in start], dtype=np.int64)
        pool = deck_codes[~np.isin(deck_codes, start_codes)]
        rows = np.empty((len(fill), size), dtype=np.int64)
        rows[:, :chosen] = start_codes
        rows[:, chosen:] = pool[fill]
        blocks.append(rows)
    if not blocks:
        return np.zeros(0, dtype=np.uint64)
    rows = np.concatenate(blocks)
    if suit_filter is not None:
        rows = rows[_suit_filter(rows, suit_filter)]
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1)
    return _unique(masks)


def _suit_filter(rows: npt.NDArray[np.int64], name: str) -> npt.NDArray[np.bool_]:
    suits = rows & 3
    counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    pairs = (counts == 2).sum(axis=1)
    most = counts.max(axis=1)
    result: npt.NDArray[np.bool_]
    if name == "s":
        result = most == 2
    elif name == "o":
        result = most == 1
    elif name == "ds":
        result = (most == 2) & (pairs == 2)
    elif name == "ss":
        result = (most == 2) & (pairs == 1)
    else:  # rainbow
        result = most == 1
    return result


@cache
def _comb_table(n: int, k: int) -> npt.NDArray[np.int64]:
    """All k-subsets of range(n) as rows of indexes, in lexicographic order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    table = np.fromiter(
        (i for combo in combinations(range(n), k) for i in combo),
        dtype=np.int64,
        count=comb(n, k) * k,
    )
    table = table.reshape(-1, k)
    table.setflags(write=False)
    return table


def _codes_of(masks: Masks, size: int) -> Codes:
    """Each mask's card codes, ascending, as an ``(n, size)`` array (memory ``O(n)``)."""
    codes = np.empty((len(masks), size), dtype=np.int8)
    rest = masks.copy()
    for column in range(size):
        lowest = rest & (~rest + np.uint64(1))  # the lowest set bit, a power of two
        # a power of two below 2**52 is exact as a float: its exponent is the code
        codes[:, column] = np.frexp(lowest.astype(np.float64))[1] - 1
        rest ^= lowest
    return codes


# -- formatting ------------------------------------------------------------


def format_range(hand_range: Range) -> str:
    """Write a range in the notation :func:`parse_range` reads.

    Two-card ranges are written canonically from their combos, shortest
    runs first by class (``QQ+``, ``A2s-A5s``, ``KTo+``), then the combos of
    partly held classes one by one; other sizes repeat the tokens they were
    parsed from, or list their combos.

    >>> format_range(parse_range("KK, AA, AKs, AhKd, QQ:0.5"))
    'KK+, QQ:0.5, AKs, AhKd'
    """
    if hand_range._text is None:
        hand_range._text = _format(hand_range)
    return hand_range._text


def _format(hand_range: Range) -> str:
    if hand_range.is_open:
        known = hand_range.known
        return "".join(str(card) for card in known) if known else "random"
    if hand_range.size == 2:
        return _format_two_card(hand_range)
    if hand_range._source is not None:
        return ", ".join(hand_range._source)
    parts = []
    for cards, weight in hand_range.combos():
        parts.append("".join(str(card) for card in cards) + _weight_text(weight))
    return ", ".join(parts)


def _weight_text(weight: float) -> str:
    return "" if weight == 1.0 else f":{weight!r}"


def _format_two_card(hand_range: Range) -> str:
    masks, weights = hand_range.masks, hand_range.weights
    if len(masks) == 0:
        return ""
    deck = hand_range.deck
    held = dict(zip(masks.tolist(), weights.tolist(), strict=True))
    deck_mask = cards_mask(deck)
    if len(held) == comb(len(deck), 2) and len(set(held.values())) == 1:
        return "random" + _weight_text(next(iter(held.values())))
    deck_ranks = sorted({card.rank.index for card in deck})
    # class -> weight when every combo of it is held with one weight
    by_class: dict[tuple[int, int, str], list[float]] = {}
    for mask, weight in held.items():
        low_code = (mask & -mask).bit_length() - 1
        high_code = mask.bit_length() - 1
        high, low = high_code >> 2, low_code >> 2
        suffix = "" if high == low else ("s" if high_code & 3 == low_code & 3 else "o")
        by_class.setdefault((high, low, suffix), []).append(weight)
    full: dict[tuple[int, int, str], float] = {}
    for (high, low, suffix), got in by_class.items():
        size = len(_class_masks_of(high, low, suffix, deck_mask))
        if len(got) == size and min(got) == max(got):
            full[(high, low, suffix)] = got[0]
    tokens: list[str] = []
    pairs = [(r, full[(r, r, "")]) for r in reversed(deck_ranks) if (r, r, "") in full]
    tokens += _runs_pairs(pairs, deck_ranks)
    covered: set[int] = set()
    for high, low, suffix in full:
        covered.update(_class_masks_of(high, low, suffix, deck_mask).tolist())
    for high in reversed(deck_ranks):
        kickers = [k for k in reversed(deck_ranks) if k < high]
        cells: list[tuple[int, str, float]] = []
        for k in kickers:
            s, o = full.get((high, k, "s")), full.get((high, k, "o"))
            if s is not None and o is not None and s == o:
                cells.append((k, "", s))
            else:
                if s is not None:
                    cells.append((k, "s", s))
                if o is not None:
                    cells.append((k, "o", o))
        for suffix in ("", "s", "o"):
            tokens += _runs_kickers(
                high, [(k, w) for k, sf, w in cells if sf == suffix], suffix, kickers
            )
    rest = sorted(
        (m for m in held if m not in covered),
        key=lambda m: (-_class_order(m), -m),
    )
    for mask in rest:
        codes = sorted((c for c in range(52) if mask >> c & 1), reverse=True)
        tokens.append("".join(str(DECK[c]) for c in codes) + _weight_text(held[mask]))
    return ", ".join(tokens)


def _class_order(mask: int) -> int:
    codes = sorted((c for c in range(52) if mask >> c & 1), reverse=True)
    return (codes[0] >> 2) * 16 + (codes[1] >> 2)


def _runs(cells: list[tuple[int, float]], order: list[int]) -> Iterator[tuple[int, int, float]]:
    """Cells (rank, weight), highest first, grouped into runs: (top, bottom, weight).

    A run is a stretch of one weight whose ranks follow each other in ``order``.
    """
    i = 0
    while i < len(cells):
        j = i
        while (
            j + 1 < len(cells)
            and cells[j + 1][1] == cells[i][1]
            and order.index(cells[j + 1][0]) == order.index(cells[j][0]) + 1
        ):
            j += 1
        yield cells[i][0], cells[j][0], cells[i][1]
        i = j + 1


def _runs_pairs(pairs: list[tuple[int, float]], deck_ranks: list[int]) -> list[str]:
    """Pairs (highest first) as ``QQ+``, ``99-66`` or ``TT`` runs of one weight."""
    tokens: list[str] = []
    for top, bottom, weight in _runs(pairs, list(reversed(deck_ranks))):
        t, b = _RANK_CHARS[top] * 2, _RANK_CHARS[bottom] * 2
        if top == deck_ranks[-1] and top != bottom:
            text = b + "+"
        elif top == bottom:
            text = t
        else:
            text = f"{t}-{b}"
        tokens.append(text + _weight_text(weight))
    return tokens


def _runs_kickers(
    high: int, cells: list[tuple[int, float]], suffix: str, kickers: list[int]
) -> list[str]:
    """One top card's kickers (highest first) as ``AQs+``, ``A5s-A2s`` or ``A9s`` runs."""
    tokens: list[str] = []
    h = _RANK_CHARS[high]
    for top, bottom, weight in _runs(cells, kickers):
        if top == kickers[0] and top != bottom:
            text = f"{h}{_RANK_CHARS[bottom]}{suffix}+"
        elif top == bottom:
            text = f"{h}{_RANK_CHARS[top]}{suffix}"
        else:
            text = f"{h}{_RANK_CHARS[top]}{suffix}-{h}{_RANK_CHARS[bottom]}{suffix}"
        tokens.append(text + _weight_text(weight))
    return tokens
