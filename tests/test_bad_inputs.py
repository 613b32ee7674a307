# mypy: disable-error-code="misc, arg-type, list-item, call-overload, assignment, operator"
"""A catalogue of bad inputs: every one a typed error whose message names the input.

The input policy is :mod:`showdown._validate`: a wrong type is a ``TypeError``
naming the argument, a wrong value the ``ShowdownError`` subclass of its cause
naming the value. Each case below asserts the *exact* exception type and a
fragment of the message that names what was wrong (the token, the argument,
the code point of a look-alike character). Then hypothesis feeds arbitrary
text and JSON to the public functions: nothing but the documented exceptions
may come out.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown import (
    Card,
    CardSet,
    Range,
    Rank,
    Suit,
    evaluate,
    format_cards,
    parse_card,
    parse_cards,
    parse_range,
)
from showdown.batch import best_cards_many, census, evaluate_many, strength7
from showdown.cards import cards_mask
from showdown.contract import resolve_json, showdown_from_json
from showdown.equity import equity, equity_matrix
from showdown.errors import (
    BudgetError,
    CardCountError,
    CardParseError,
    DuplicateCardError,
    InvalidArgumentError,
    InvalidArrayError,
    InvalidRecordError,
    RangeParseError,
    ShowdownError,
    StakeError,
    UnknownGameError,
    UnknownRankingError,
)
from showdown.games import evaluate_game, get_game
from showdown.pots import Player, Showdown, resolve
from showdown.rules import get_ranking
from showdown.stream import decode_record


@dataclass(frozen=True)
class Case:
    """One bad input: the call, the exact error type, a fragment of its message."""

    name: str
    call: Callable[[], object]
    error: type[Exception]
    says: str


CASES: list[Case] = []


def case(name: str, call: Callable[[], object], error: type[Exception], says: str) -> None:
    CASES.append(Case(name, call, error, says))


# -- cards: characters that look like ranks or suits, or fold to them -------------------

LOOKALIKES = {
    "\u212a": "KELVIN SIGN",  # folds to 'k'
    "\u017f": "LATIN SMALL LETTER LONG S",  # folds to 's'
    "\u0130": "LATIN CAPITAL LETTER I WITH DOT ABOVE",
    "\u0131": "LATIN SMALL LETTER DOTLESS I",
    "\uff21": "FULLWIDTH LATIN CAPITAL LETTER A",
    "\uff53": "FULLWIDTH LATIN SMALL LETTER S",
    "\u0410": "CYRILLIC CAPITAL LETTER A",
    "\u039a": "GREEK CAPITAL LETTER KAPPA",
    "\u2169": "ROMAN NUMERAL TEN",
    "\u00b2": "SUPERSCRIPT TWO",
    "\u0665": "ARABIC-INDIC DIGIT FIVE",
    "\u200b": "ZERO WIDTH SPACE",
    "\u0301": "COMBINING ACUTE ACCENT",
    "\U0001f0a1": "PLAYING CARD ACE OF SPADES",
    "\u265b": "BLACK CHESS QUEEN",
    "\ufffd": "REPLACEMENT CHARACTER",
}

for char, unicode_name in LOOKALIKES.items():
    point = f"U+{ord(char):04X} {unicode_name}"
    case(f"rank {point}", lambda c=char: parse_card(c + "s"), CardParseError, point)
    case(f"suit {point}", lambda c=char: parse_card("A" + c), CardParseError, point)
    case(
        f"in a list {point}", lambda c=char: parse_cards("As Kd " + c + "h"), CardParseError, point
    )
    case(f"range {point}", lambda c=char: parse_range("A" + c), RangeParseError, point)
    case(f"range run {point}", lambda c=char: parse_range(c + "K-QQ"), RangeParseError, point)

for char, point in (("\x00", "U+0000"), ("\x07", "U+0007"), ("\x7f", "U+007F")):
    case(f"control {point}", lambda c=char: parse_cards("As" + c + "Kd"), CardParseError, point)
    case(f"range control {point}", lambda c=char: parse_range("AK" + c), RangeParseError, point)

BAD_CARD_TEXTS = {
    "Zx": "rank 'Z' is not one of 23456789TJQKA",
    "1s": "rank '1' is not one of",
    "0h": "rank '0' is not one of",
    "A": "'A' is not a card: the suit is missing",
    "10": "'10' is not a card: the suit is missing",
    "Ax": "suit 'x' is not one of s h d c",
    "Ab": "suit 'b' is not one of",
    "As Kd Q": "'Q' is not a card: the suit is missing",
    "As Kd Qh J": "'J' is not a card",
    "AsK": "'K' is not a card",
    "As-Kd": "'-Kd' is not a card",
    "As/Kd": "'/Kd' is not a card",
    "As.Kd": "'.Kd' is not a card",
    "Tenh": "'Ten' is not a card",
    "ace of spades": "'e' is not a card",  # 'ac' is the ace of clubs
    "XX": "rank 'X' is not one of",
    "11s": "'11s' is not a card",
    "+As": "'+As' is not a card",
}
for text, says in BAD_CARD_TEXTS.items():
    case(f"cards {text!r}", lambda t=text: parse_cards(t), CardParseError, says)
for text in ("AsKd", "As Kd", "Zx", "", "   ", "Asx"):
    case(f"one card {text!r}", lambda t=text: parse_card(t), CardParseError, "is not a card")
case("Card('Zz')", lambda: Card("Zz"), CardParseError, "'Zz' is not a card")
for text, card in (("As Kd as", "As"), ("2c 2C", "2c"), ("Th 10h", "Th"), ("A♠ As", "As")):
    case(f"duplicate {text!r}", lambda t=text: parse_cards(t), DuplicateCardError, card)
case("duplicate codes", lambda: parse_cards([0, 0]), DuplicateCardError, "card 2c is used twice")

WRONG_CARD_TYPES: list[tuple[str, object, str]] = [
    ("None", None, "got None"),
    ("int", 5, "got int 5"),
    ("float", 1.5, "got float 1.5"),
    ("bytes", b"As Kd", "got bytes b'As Kd'"),
    ("bytearray", bytearray(b"As"), "got bytearray"),
    ("object", object(), "got object"),
]
for label, value, says in WRONG_CARD_TYPES:
    case(f"parse_cards({label})", lambda v=value: parse_cards(v), TypeError, says)
    case(f"parse_card({label})", lambda v=value: parse_card(v), TypeError, "card must be a text")
    case(f"CardSet({label})", lambda v=value: CardSet(v), TypeError, "cards must be a text")
for label, item, says in [
    ("None", None, "cards[1] must be a Card, a card text or a code 0..51, got None"),
    ("float", 1.5, "cards[1] must be a Card, a card text or a code 0..51, got float 1.5"),
    ("whole float", 3.0, "got float 3.0"),
    ("bool", True, "got bool True"),
    ("bytes", b"As", "got bytes b'As'"),
    ("list", ["As"], "got list ['As']"),
]:
    case(f"list item {label}", lambda i=item: parse_cards(["Kd", i]), TypeError, says)
for code in (52, -1, 100, 2**70):
    case(
        f"code {code}",
        lambda c=code: parse_cards([c]),
        CardParseError,
        f"{code} is not a card code",
    )
    case(
        f"from_code {code}", lambda c=code: Card.from_code(c), CardParseError, "is not a card code"
    )
for label, value in (("bool", True), ("str", "x"), ("float", 1.0), ("None", None)):
    case(f"from_code({label})", lambda v=value: Card.from_code(v), TypeError, "code must be")
    case(
        f"from_mask({label})",
        lambda v=value: CardSet.from_mask(v),
        TypeError,
        "mask must be a whole number",
    )
for mask, says in (
    (-1, "-0x1 is not a card mask"),
    (1 << 52, "0x10000000000000 is not a card mask"),
):
    case(f"from_mask {mask}", lambda m=mask: CardSet.from_mask(m), CardParseError, says)
case("from_mask huge", lambda: CardSet.from_mask(1 << 5000), CardParseError, "a 5001-bit number")
for index in (13, -1, 99):
    case(
        f"Rank.from_index({index})",
        lambda i=index: Rank.from_index(i),
        CardParseError,
        f"index={index}",
    )
case(
    "Rank.from_index('A')", lambda: Rank.from_index("A"), TypeError, "index must be a whole number"
)
case("Rank.from_index(True)", lambda: Rank.from_index(True), TypeError, "got bool True")
for text in ("Z", "10", "a", "\u212a"):
    case(f"Rank({text!r})", lambda t=text: Rank(t), CardParseError, f"{text!r} is not a rank")
for text in ("x", "S", "♠", "ſ"):
    case(f"Suit({text!r})", lambda t=text: Suit(t), CardParseError, f"{text!r} is not a suit")
case("format_cards(ints)", lambda: format_cards([1, 2]), TypeError, "got int 1")
case("format_cards(texts)", lambda: format_cards(["As"]), TypeError, "got str 'As'")
case("cards_mask(texts)", lambda: cards_mask(["As"]), TypeError, "got str 'As'")
case("CardSet | int", lambda: CardSet("As") | 5, TypeError, "'CardSet' and 'int'")
case("CardSet - str", lambda: CardSet("As") - "As", TypeError, "'CardSet' and 'str'")
case(
    "CardSet.isdisjoint(str)",
    lambda: CardSet("As").isdisjoint("As"),
    TypeError,
    "other must be a CardSet",
)
case("Card < int", lambda: Card("As") < 5, TypeError, "'<' not supported")

# -- games, rankings, evaluation --------------------------------------------------------

for name in ("pineapple", "", "holdem2", "omaha 7", "x" * 200):
    shown = repr(name) if len(name) < 30 else "'xxxxxx"
    case(f"game {name[:20]!r}", lambda n=name: get_game(n), UnknownGameError, shown)
for label, value in (("int", 5), ("None", None), ("bytes", b"holdem"), ("list", ["holdem"])):
    case(f"get_game({label})", lambda v=value: get_game(v), TypeError, "game must be a text")
    case(
        f"get_ranking({label})", lambda v=value: get_ranking(v), TypeError, "ranking must be a text"
    )
for name in ("omaha", "lowball", "", "highest"):
    case(
        f"ranking {name!r}",
        lambda n=name: get_ranking(n),
        UnknownRankingError,
        f"{name!r} is not a ranking",
    )
case(
    "evaluate two cards",
    lambda: evaluate("As Ks"),
    CardCountError,
    "high needs at least 5 cards, got 2",
)
case("evaluate no cards", lambda: evaluate(""), CardCountError, "got 0: none")
case(
    "evaluate hand and board share",
    lambda: evaluate("As Ks", "As Qd Jh Tc 2d"),
    DuplicateCardError,
    "card As",
)
case(
    "evaluate badugi 5",
    lambda: evaluate("As Kd Qh Jc Ts", ranking="badugi"),
    CardCountError,
    "badugi takes exactly 4",
)
case(
    "evaluate ranking 5",
    lambda: evaluate("As Ks Qs Js Ts", ranking=5),
    TypeError,
    "ranking must be a text",
)
case("evaluate None", lambda: evaluate(None), TypeError, "cards must be a text or a list")
for cards, bad in (
    ("Ah 6h 7s 8c 2s", "2s"),
    ("Ah 6h 7s 8c 9s Ts 5d", "5d"),
    ("Ah 6h 7s 8c 4d", "4d"),
    ("3c 6h 7s 8c 9s", "3c"),
):
    case(
        f"shortdeck {cards}",
        lambda c=cards: evaluate(c, ranking="shortdeck"),
        CardParseError,
        f"{bad} is not in the deck of shortdeck",
    )
for game, hole, board, error, says in [
    (
        "holdem",
        "As Ks Qs",
        "2c 3d 4h 5s 6c",
        CardCountError,
        "holdem needs 2 cards per player, got 3",
    ),
    ("holdem", "As", "2c 3d 4h 5s 6c", CardCountError, "got 1: As"),
    ("omaha", "As Ks", "2c 3d 4h 5s 6c", CardCountError, "omaha needs 4 cards per player"),
    ("holdem", "As Ks", "2c 3d", CardCountError, "holdem needs 3 or 4 or 5 board cards, got 2"),
    ("stud", "As Ks Qs Js Ts 9s 8s", "2c", CardCountError, "stud has no board"),
    ("shortdeck", "As 2s", "6c 7d 8h 9s Tc", CardParseError, "2s is not in the deck of shortdeck"),
    ("holdem", "As Kd", "As 3d 4h", DuplicateCardError, "card As"),
    ("razz", "Zz", None, CardParseError, "'Zz' is not a card"),
]:
    case(
        f"evaluate_game {game} {hole}",
        lambda g=game, h=hole, b=board: evaluate_game(g, h, b),
        error,
        says,
    )
case("evaluate_game unknown", lambda: evaluate_game("poker", "As Ks"), UnknownGameError, "'poker'")

# -- ranges --------------------------------------------------------------------------------

BAD_TOKENS: list[tuple[str, str, type[Exception], str]] = [
    ("ZZ", "holdem", RangeParseError, "'ZZ' is not a range token: 'Z' is not a rank"),
    # lower case reads when it is unambiguous (kk, aks: issue 15); mixed case is refused
    ("Kk", "holdem", RangeParseError, "ranks are written in capitals, 'KK'"),
    ("aKs", "holdem", RangeParseError, "'aKs' is not a range token"),
    ("AKq", "holdem", RangeParseError, "'q' is not one of s, o, ds, ss, r"),
    ("AKs:1.5", "holdem", RangeParseError, "weight 1.5 is not in [0, 1]"),
    ("AKs:x", "holdem", RangeParseError, "the weight after ':' is not a number"),
    ("AKs:-1", "holdem", RangeParseError, "'AKs:-1' is not a range token"),
    ("AKs:0.5:0.5", "holdem", RangeParseError, "'AKs:0.5:0.5'"),
    ("150%AKs", "holdem", RangeParseError, "weight 1.5 is not in [0, 1]"),
    ("50%AKs:0.5", "holdem", RangeParseError, "it has two weights"),
    (":0.5", "holdem", RangeParseError, "no hand before the weight"),
    ("T9s-64s", "holdem", RangeParseError, "the two ends must share"),
    ("AKs-QQ", "holdem", RangeParseError, "'AKs-QQ' is not a range token"),
    ("AKs-QJo", "holdem", RangeParseError, "both ends must be s, o or neither"),
    ("QQ-", "holdem", RangeParseError, "'QQ-' is not a range token"),
    ("-QQ", "holdem", RangeParseError, "'-QQ' is not a range token"),
    ("QQ-JJ-TT", "holdem", RangeParseError, "'QQ-JJ-TT'"),
    ("QQs", "holdem", RangeParseError, "a pair cannot be suited"),
    ("QQo+", "holdem", RangeParseError, "'QQo+'"),
    ("AhAh", "holdem", RangeParseError, "card Ah is used twice"),
    ("AhKhQh", "holdem", RangeParseError, "3 cards, but a holdem hand has 2"),
    ("AKQ", "holdem", RangeParseError, "3 ranks, but a holdem hand has 2"),
    ("AKds", "holdem", RangeParseError, "'ds' is for hands of three or more"),
    ("AKs", "omaha", RangeParseError, "'s' is for two-card hands"),
    ("AAxx+", "omaha", RangeParseError, "'+' follows a two-card hand"),
    ("QQ-99", "omaha", RangeParseError, "'-' joins two-card hands"),
    ("AAAAA", "omaha5", RangeParseError, "five cards of one rank"),
    ("AKQJT", "omaha", RangeParseError, "5 ranks, but a omaha hand has 4"),
    ("22", "shortdeck", RangeParseError, "rank '2' is not in the deck of shortdeck"),
    ("2c3c", "shortdeck", RangeParseError, "2c is not in the deck of shortdeck"),
    ("A5s-A2s", "shortdeck", RangeParseError, "rank '5' is not in the deck of shortdeck"),
    ("", "holdem", RangeParseError, "'' is not a range: it is empty"),
    (" , ; ", "holdem", RangeParseError, "is not a range: it is empty"),
    ("AA, KK, ZZ", "holdem", RangeParseError, "'ZZ'"),
    ("AA, QQ+, T9z", "holdem", RangeParseError, "'T9z'"),
    ("AA", "pineapple", UnknownGameError, "'pineapple'"),
    (
        "AAxxxx, KKxxxx, QQxxxx, JJxxxx, TTxxxx, 99xxxx, 88xxxx",
        "omaha6",
        BudgetError,
        "over its budget of 8,000,000 hands",
    ),
]
for text, game, error, says in BAD_TOKENS:
    case(f"range {text!r} {game}", lambda t=text, g=game: parse_range(t, game=g), error, says)
for label, value in [*((label, value) for label, value, _ in WRONG_CARD_TYPES), ("list", ["AA"])]:
    case(
        f"parse_range({label})",
        lambda v=value: parse_range(v),
        TypeError,
        "range must be a text",
    )
case("Range()", Range, TypeError, "use parse_range()")
case(
    "from_combos(None)",
    lambda: Range.from_combos(None),
    TypeError,
    "combos must be a list of hands, got None",
)
case("from_combos(text)", lambda: Range.from_combos("AhKh"), TypeError, "got str 'AhKh'")
case(
    "from_combos three cards",
    lambda: Range.from_combos(["AhKhQh"]),
    RangeParseError,
    "needs 2 cards, not 3",
)
case(
    "from_combos weight",
    lambda: Range.from_combos([("AhKh", 2.0)]),
    RangeParseError,
    "weight 2.0 is not in",
)
case(
    "from_combos nan",
    lambda: Range.from_combos([("AhKh", math.nan)]),
    RangeParseError,
    "weight nan",
)
case(
    "from_combos bad card",
    lambda: Range.from_combos(["AhKx"]),
    RangeParseError,
    "'AhKx' is not a hand",
)
case(
    "from_combos deck",
    lambda: Range.from_combos(["2h3h"], game="shortdeck"),
    RangeParseError,
    "not in the deck of shortdeck",
)
case(
    "holding too many",
    lambda: Range.holding("As Ks Qs"),
    RangeParseError,
    "3 cards, but a holdem hand has 2",
)

# -- equity ------------------------------------------------------------------------------

TWO = ["AhKh", "QsQd"]
EQUITY_OPTIONS: list[tuple[str, object, type[Exception], str]] = [
    ("seed", -1, InvalidArgumentError, "seed=-1"),
    ("seed", 2**64, InvalidArgumentError, "seed=18446744073709551616"),
    ("seed", 1.5, TypeError, "seed must be a whole number, got float 1.5"),
    ("seed", 7.0, TypeError, "seed must be a whole number, got float 7.0"),
    ("seed", "x", TypeError, "seed must be a whole number, got str 'x'"),
    ("seed", True, TypeError, "seed must be a whole number, got bool True"),
    ("seed", math.nan, TypeError, "seed must be a whole number, got float nan"),
    ("samples", 0, InvalidArgumentError, "samples=0"),
    ("samples", -5, InvalidArgumentError, "samples=-5"),
    ("samples", 2**60, InvalidArgumentError, "samples=1152921504606846976"),
    ("samples", 1.5, TypeError, "samples must be a whole number, got float 1.5"),
    ("samples", 1e5, TypeError, "got float 100000.0"),
    ("samples", math.inf, TypeError, "got float inf"),
    ("samples", True, TypeError, "got bool True"),
    ("samples", "10", TypeError, "got str '10'"),
    ("stderr", 0, InvalidArgumentError, "stderr=0.0: must be a finite number above 0"),
    ("stderr", -1e-3, InvalidArgumentError, "stderr=-0.001"),
    ("stderr", math.nan, InvalidArgumentError, "stderr=nan"),
    ("stderr", math.inf, InvalidArgumentError, "stderr=inf"),
    ("stderr", "0.01", TypeError, "stderr must be a number, got str '0.01'"),
    ("stderr", True, TypeError, "stderr must be a number, got bool True"),
    ("seconds", 0, InvalidArgumentError, "seconds=0.0"),
    ("seconds", -1, InvalidArgumentError, "seconds=-1.0"),
    ("seconds", math.nan, InvalidArgumentError, "seconds=nan"),
    ("seconds", math.inf, InvalidArgumentError, "seconds=inf"),
    ("seconds", 10**400, InvalidArgumentError, "seconds: 401-digit number is too large"),
    ("seconds", "1", TypeError, "seconds must be a number, got str '1'"),
    ("seconds", None or [], TypeError, "seconds must be a number, got list []"),
    ("workers", 0, InvalidArgumentError, "workers=0"),
    ("workers", -1, InvalidArgumentError, "workers=-1: must be a whole number from 1 to 1024"),
    ("workers", 5000, InvalidArgumentError, "workers=5000"),
    ("workers", 1.5, TypeError, "workers must be a whole number, got float 1.5"),
    ("workers", "2", TypeError, "workers must be a whole number, got str '2'"),
    ("workers", True, TypeError, "workers must be a whole number, got bool True"),
    ("exact", 1, TypeError, "exact must be True, False or None, got int 1"),
    ("exact", "yes", TypeError, "exact must be True, False or None, got str 'yes'"),
    ("progress", 5, TypeError, "progress must be a function or None, got int 5"),
    ("board", 5, TypeError, "board: cards must be a text or a list of cards, got int 5"),
    ("board", "Zz", CardParseError, "'Zz' is not a card"),
    ("board", "2c 3c 4c 5c 6c 7c", CardCountError, "holdem has a board of 5 cards, got 6"),
    ("board", "Ah 7c 2d", DuplicateCardError, "player 1: card Ah is also on the board or dead"),
    ("dead", b"7h", TypeError, "dead: cards must be a text, got bytes"),
    ("dead", "Xx", CardParseError, "'Xx' is not a card"),
    ("game", "poker", UnknownGameError, "'poker' is not a game"),
    ("game", 5, TypeError, "game must be a text, got int 5"),
]
for option, value, error, says in EQUITY_OPTIONS:
    case(
        f"equity {option}={value!r:.20}",
        lambda o=option, v=value: equity(TWO, **{o: v}),
        error,
        says,
    )
EQUITY_HANDS: list[tuple[str, object, type[Exception], str]] = [
    ("None", None, TypeError, "hands must be a list of hands or ranges, one per player"),
    ("text", "AhKh QsQd", TypeError, "got str 'AhKh QsQd'"),
    ("bytes", b"AhKh", TypeError, "got bytes"),
    ("Range", parse_range("AA"), TypeError, "got Range"),
    ("int", 5, TypeError, "got int 5"),
    ("one", ["AhKh"], CardCountError, "equity needs 2 to 10 players, got 1"),
    ("none", [], CardCountError, "got 0"),
    ("eleven", ["AhKh"] * 11, CardCountError, "got 11"),
    (
        "None hand",
        [None, "KK"],
        TypeError,
        "hands[0] must be a text, a Range or a list of cards, got None",
    ),
    (
        "int hand",
        ["AA", 5],
        TypeError,
        "hands[1] must be a text, a Range or a list of cards, got int 5",
    ),
    ("bytes hand", [b"AhKh", "QQ"], TypeError, "hands[0] must be a text"),
    ("float card", [["Ah", 1.5], "QQ"], TypeError, "hands[0]: cards[1] must be a Card"),
    (
        "zero weight",
        ["AA:0", "KK"],
        RangeParseError,
        "player 1: 'AA:0' holds no hand (every weight is 0)",
    ),
    ("bad token", ["AhKh", "ZZ"], RangeParseError, "'ZZ' is not a range token"),
    ("kelvin", ["\u212aK", "AA"], RangeParseError, "U+212A KELVIN SIGN"),
    ("long s", ["A\u017fK\u017f", "QQ"], RangeParseError, "U+017F LATIN SMALL LETTER LONG S"),
    ("mixed case", ["Kk", "AA"], RangeParseError, "ranks are written in capitals, 'KK'"),
    ("shared", ["AhKh", "AhQd"], DuplicateCardError, "player 2: card Ah is also in another hand"),
    ("three cards", [["Ah", "Kh", "Qh"], "QsQd"], CardCountError, "holdem deals 2 cards, got 3"),
    ("blocked", ["AhAd", "AhAs, AdAc"], DuplicateCardError, "player 2: every hand of"),
]
for label, hands, error, says in EQUITY_HANDS:
    case(f"equity hands {label}", lambda h=hands: equity(h), error, says)
case(
    "equity stud board",
    lambda: equity(["As Ks Qs", "Ah Ad 3c"], "2c", game="stud"),
    CardCountError,
    "stud has no board",
)
case(
    "equity eight stud",
    lambda: equity(["random"] * 8, game="stud"),
    CardCountError,
    "8 players of stud need 56 cards",
)
case(
    "equity exact too big",
    lambda: equity(["random", "random", "random"], exact=True),
    BudgetError,
    "2,331,473,976 tuples",
)
case(
    "equity exact open",
    lambda: equity(["AhKhQh", "random"], game="stud", exact=True),
    BudgetError,
    "player 2: exact enumeration would list 85,900,584 hands",
)
case(
    "equity omaha range for holdem",
    lambda: equity(["AhKh", parse_range("AAxx", game="omaha")]),
    CardCountError,
    "a range of 4-card hands",
)
case(
    "equity ranges over budget",
    lambda: equity(["AAxxxx, KKxxxx", "QQxxxx, JJxxxx, TTxxxx"], game="omaha6", samples=10),
    BudgetError,
    "hands together; one equity call takes at most 6,000,000",
)
for option, value, error, says in [
    ("samples", 0, InvalidArgumentError, "samples=0"),
    ("samples", 1.5, TypeError, "samples must be a whole number"),
    ("seed", -1, InvalidArgumentError, "seed=-1"),
    ("seed", None, TypeError, "seed must be a whole number, got None"),
    ("workers", 0, InvalidArgumentError, "workers=0"),
    ("exact", "no", TypeError, "exact must be True, False or None"),
]:
    case(
        f"equity_matrix {option}={value!r}",
        lambda o=option, v=value: equity_matrix(["AA"], "KK", **{o: v}),
        error,
        says,
    )
case(
    "equity_matrix rows text",
    lambda: equity_matrix("AA", "KK"),
    TypeError,
    "rows must be a list of hands or ranges, got str 'AA'",
)
case(
    "equity_matrix no rows",
    lambda: equity_matrix([], "KK"),
    CardCountError,
    "at least one row and one column",
)
case("equity_matrix bad cell", lambda: equity_matrix(["ZZ"], "KK"), RangeParseError, "'ZZ'")

# -- batch ----------------------------------------------------------------------------------

ROYAL = [51, 47, 43, 39, 35]
BATCH: list[tuple[str, object, dict[str, Any], type[Exception], str]] = [
    ("None", None, {}, TypeError, "cards must be an array or a list of hands, got None"),
    ("int", 5, {}, TypeError, "got int 5"),
    ("bytes", b"As Ks Qs Js Ts", {}, TypeError, "got bytes"),
    ("one text", "As Ks Qs Js Ts", {}, InvalidArrayError, "wrap a single hand in a list"),
    ("1-D array", np.array(ROYAL), {}, InvalidArrayError, "got shape (5,)"),
    (
        "3-D array",
        np.zeros((1, 1, 5), dtype=np.int64),
        {},
        InvalidArrayError,
        "got shape (1, 1, 5)",
    ),
    ("float array", np.array([ROYAL], dtype=float), {}, InvalidArrayError, "dtype float64"),
    ("bool array", np.ones((2, 5), dtype=bool), {}, InvalidArrayError, "dtype bool"),
    ("complex array", np.ones((1, 5), dtype=complex), {}, InvalidArrayError, "dtype complex128"),
    (
        "float rows",
        [[1.0, 2, 3, 4, 5]],
        {},
        TypeError,
        "row 0: cards[0] must be a Card, a card text or a code 0..51, got float 1.0",
    ),
    (
        "bool rows",
        [[True, 2, 3, 4, 5]],
        {},
        TypeError,
        "row 0: cards[0] must be a Card, a card text or a code 0..51, got bool True",
    ),
    (
        "None row",
        ["As Ks Qs Js Ts", None],
        {},
        TypeError,
        "row 1: a hand must be a text or a list of cards, got None",
    ),
    ("None item", [[None] * 5], {}, TypeError, "got None"),
    (
        "huge code",
        [[10**30, 1, 2, 3, 4]],
        {},
        InvalidArrayError,
        "row 0: card code 1000000000000000000000000000000 is out of range",
    ),
    (
        "code 52",
        [[52, 1, 2, 3, 4]],
        {},
        InvalidArrayError,
        "row 0: card code 52 is out of range 0..51",
    ),
    (
        "code -1",
        np.array([[0, 1, 2, 3, -1]]),
        {},
        InvalidArrayError,
        "row 0: card code -1 is out of range",
    ),
    (
        "uint64 huge",
        np.array([[2**63 + 5, 1, 2, 3, 4]], dtype=np.uint64),
        {},
        InvalidArrayError,
        "9223372036854775813 is out of range",
    ),
    (
        "duplicate",
        [[0, 0, 1, 2, 3]],
        {},
        InvalidArrayError,
        "row 0: card 2c (code 0) appears twice",
    ),
    (
        "ragged",
        ["As Ks Qs Js Ts", "Ad Kd Qd Jd"],
        {},
        InvalidArrayError,
        "row 1: has 4 cards where row 0 has 5",
    ),
    (
        "bad text",
        ["As Ks Qs Js Ts", "Ah Kh Qh Jh Zx"],
        {},
        CardParseError,
        "row 1: 'Zx' is not a card",
    ),
    (
        "kelvin text",
        [["As", "Ks", "Qs", "Js", "T\u212a"]],
        {},
        CardParseError,
        "U+212A KELVIN SIGN",
    ),
    (
        "short rows",
        [[0, 1, 2, 3]],
        {},
        CardCountError,
        "row 0: high needs at least 5 cards per row, got 4",
    ),
    (
        "shortdeck deck",
        [[0, 20, 24, 28, 32]],
        {"ranking": "shortdeck"},
        InvalidArrayError,
        "card 2c (code 0) is not in the shortdeck deck",
    ),
    (
        "badugi five",
        [[0, 5, 10, 15, 16]],
        {"ranking": "badugi"},
        CardCountError,
        "badugi takes exactly 4 cards per row, got 5",
    ),
    ("razz five", [ROYAL], {"game": "razz"}, CardCountError, "razz needs 7 cards per row, got 5"),
    ("unknown ranking", [ROYAL], {"ranking": "x"}, UnknownRankingError, "'x' is not a ranking"),
    ("unknown game", [ROYAL], {"game": "x"}, UnknownGameError, "'x' is not a game"),
    ("ranking int", [ROYAL], {"ranking": 5}, TypeError, "ranking must be a text"),
    (
        "both",
        [ROYAL],
        {"ranking": "high", "game": "holdem"},
        TypeError,
        "give a ranking or a game, not both",
    ),
]
for label, cards, options, error, says in BATCH:
    case(f"evaluate_many {label}", lambda c=cards, o=options: evaluate_many(c, **o), error, says)
    if label in ("None", "float rows", "code 52", "both"):
        case(
            f"best_cards_many {label}",
            lambda c=cards, o=options: best_cards_many(c, **o),
            error,
            says,
        )
STRENGTH7: list[tuple[str, object, type[Exception], str]] = [
    (
        "floats",
        [1.0, 2, 3, 4, 5, 6, 7],
        TypeError,
        "codes[0] must be an integer card code, got float 1.0",
    ),
    (
        "bools",
        [0, 1, 2, 3, 4, 5, True],
        TypeError,
        "codes[6] must be an integer card code, got bool True",
    ),
    (
        "texts",
        ["As", 1, 2, 3, 4, 5, 6],
        TypeError,
        "codes[0] must be an integer card code, got str 'As'",
    ),
    ("None", None, TypeError, "codes must be seven integer card codes, got None"),
    ("three", [1, 2, 3], CardCountError, "strength7 needs 7 card codes, got [1, 2, 3]"),
    ("eight", list(range(8)), CardCountError, "got [0, 1, 2, 3, 4, 5, 6, 7]"),
    ("52", [0, 1, 2, 3, 4, 5, 52], CardParseError, "52 is not a card code: codes are 0..51"),
    ("-1", [0, 1, 2, 3, 4, 5, -1], CardParseError, "-1 is not a card code"),
    (
        "huge",
        [10**40, 1, 2, 3, 4, 5, 6],
        CardParseError,
        "10000000000000000000000000000000000000000 is not a card code",
    ),
    (
        "twice",
        [0, 1, 2, 3, 4, 5, 5],
        DuplicateCardError,
        "a card code is given twice in [0, 1, 2, 3, 4, 5, 5]",
    ),
]
for label, codes, error, says in STRENGTH7:
    case(f"strength7 {label}", lambda c=codes: strength7(c), error, says)
case(
    "census size",
    lambda: census("high", 4),
    CardCountError,
    "the high census counts hands of 5, 6, 7 cards, not 4",
)
case(
    "census float",
    lambda: census("high", 5.0),
    TypeError,
    "cards must be a whole number, got float 5.0",
)
case(
    "census bool",
    lambda: census("high", True),
    TypeError,
    "cards must be a whole number, got bool True",
)
case("census ranking", lambda: census("omaha", 5), UnknownRankingError, "'omaha' is not a ranking")
case(
    "census progress",
    lambda: census("high", 5, progress=1),
    TypeError,
    "progress must be a function",
)

# -- the stream's decoder ---------------------------------------------------------------------

case(
    "decode deep",
    lambda: decode_record("[" * 100_000 + "]" * 100_000, 3),
    InvalidRecordError,
    "line 3: JSON nested deeper than 32 levels",
)
case(
    "decode digits",
    lambda: decode_record('{"a": ' + "9" * 5000 + "}", 4),
    InvalidRecordError,
    "line 4: a number of 5000 digits is too large",
)
case(
    "decode float digits",
    lambda: decode_record("1." + "5" * 400, 2),
    InvalidRecordError,
    "a number of 401 digits",
)
case(
    "decode NaN",
    lambda: decode_record('{"a": NaN}'),
    InvalidRecordError,
    "NaN is not a JSON number",
)
case(
    "decode -Infinity",
    lambda: decode_record("[-Infinity]"),
    InvalidRecordError,
    "-Infinity is not a JSON number",
)

# -- the showdown contract and pots ---------------------------------------------------------------

CONTRACT: list[tuple[str, Any, str]] = [
    ("None", None, "a showdown must be a JSON object, got NoneType"),
    ("list", [], "got list"),
    ("text", "holdem", "got str"),
    ("number", 5, "got int"),
    ("unknown field", {"game": "holdem", "players": [], "pot": 5}, "unknown field(s) ['pot']"),
    ("no game", {"players": []}, "field 'game' is required"),
    ("player not object", {"game": "holdem", "players": ["Peter"]}, "players[0] must be an object"),
    (
        "unknown player field",
        {"game": "holdem", "players": [{"hat": 1}]},
        "players[0]: unknown field(s) ['hat']",
    ),
]
for label, record, says in CONTRACT:
    case(f"contract {label}", lambda r=record: showdown_from_json(r), InvalidRecordError, says)


def _two(**change: Any) -> dict[str, Any]:
    """A valid heads-up record with one change to Ann's seat or, with ``top_``, to the record."""
    ann = {"name": "Ann", "cards": "As Ah", "stake": 10}
    record: dict[str, Any] = {
        "game": "holdem",
        "board": "2c 7d 9h Js 4s",
        "players": [ann, {"name": "Bob", "cards": "Ks Kh", "stake": 10}],
    }
    for key, value in change.items():
        if key.startswith("top_"):
            record[key[4:]] = value
        else:
            ann[key] = value
    return record


POT_RECORDS: list[tuple[str, dict[str, Any], type[Exception], str]] = [
    ("stake float", _two(stake=1.5), StakeError, "Ann: stake 1.5 is a float"),
    ("stake bool", _two(stake=True), StakeError, "Ann: stake True is not an amount"),
    ("stake text", _two(stake="ten"), StakeError, "Ann: stake 'ten' is not a number"),
    ("stake NaN text", _two(stake="NaN"), StakeError, "Ann: stake 'NaN' is not a finite number"),
    ("stake Infinity text", _two(stake="Infinity"), StakeError, "is not a finite number"),
    ("stake negative", _two(stake=-1), StakeError, "Ann: stake -1 is negative"),
    ("stake negative text", _two(stake="-0.01"), StakeError, "Ann: stake '-0.01' is negative"),
    ("stake null", _two(stake=None), StakeError, "Ann: stake None is not an amount"),
    ("stake list", _two(stake=[10]), StakeError, "Ann: stake [10] is not an amount"),
    ("stake huge", _two(stake="1" + "0" * 40), StakeError, "more than 30 digits"),
    ("dead over stake", _two(dead=11), StakeError, "Ann: dead 11 is more than the stake 10"),
    ("dead float", _two(dead=0.5), StakeError, "Ann: dead 0.5 is a float"),
    ("dead finer", _two(top_unit="1", dead="0.5"), StakeError, "dead 0.5 is finer than the unit 1"),
    ("stake finer", _two(top_unit="0.1", stake="0.05"), StakeError, "finer than the unit 0.1"),
    ("unit zero", _two(top_unit="0"), StakeError, "unit 0 is not a positive amount"),
    ("unit text", _two(top_unit="cent"), StakeError, "unit 'cent' is not a number"),
    ("rake float", _two(top_rake=0.5), StakeError, "rake 0.5 is a float"),
    ("rake too big", _two(top_rake=21), StakeError, "rake is more than the pots"),
    ("rake negative", _two(top_rake=-1), StakeError, "rake -1 is negative"),
    ("rake per pot count", _two(top_rake=[1, 1]), StakeError, "rake is given for 2 pots"),
    ("rake per pot bad", _two(top_rake=["x"]), StakeError, "rake of pot 1 'x' is not a number"),
    ("folded text", _two(folded="yes"), InvalidRecordError, "players[0].folded must be true"),
    ("mucked number", _two(mucked=1), InvalidRecordError, "players[0].mucked must be true"),
    ("folded and mucked", _two(folded=True, mucked=True), StakeError, "cannot both fold and muck"),
    ("button bool", _two(top_button=True), InvalidRecordError, "button must be a seat number"),
    ("button far", _two(top_button=5), StakeError, "button 5 is not a seat: seats are 0..1"),
    ("button negative", _two(top_button=-1), StakeError, "button -1 is not a seat"),
    ("odd chip", _two(top_odd_chip="left"), InvalidRecordError, "odd_chip 'left' is not one of"),
    ("name twice", _two(name="Bob"), StakeError, "player name 'Bob' is used twice"),
    ("name empty", _two(name=""), InvalidRecordError, "players[0].name must be a non-empty text"),
    ("card twice", _two(cards="Ks Ah"), DuplicateCardError, "card Ks is used twice"),
    ("card on board", _two(cards="2c Ah"), DuplicateCardError, "card 2c is both in the hand"),
    ("too few cards", _two(cards="As"), CardCountError, "Ann: holdem needs 2 cards per player"),
    ("boards and board", _two(top_boards=["2c 7d 9h Js 4s"]), InvalidRecordError, "not both"),
    ("boards not a list", _two(top_board=None, top_boards="2c"), InvalidRecordError, "boards must"),
    (
        "four boards",
        _two(top_board=None, top_boards=["2c 7d 9h Js 4s"] * 4),
        InvalidRecordError,
        "boards must be a list of 1 to 3 boards",
    ),
    (
        "boards clash",
        _two(top_board=None, top_boards=["2c 7d 9h Js 4s", "3c 7d 9h Js 4s"]),
        DuplicateCardError,
        "card 7d is used twice: on board 2 and board 1",
    ),
    (
        "short second board",
        _two(top_board=None, top_boards=["2c 7d 9h Js 4s", "2c 7d 9h"]),
        CardCountError,
        "needs 5 board cards, got 3",
    ),
    (
        "stud board of two",
        {
            "game": "stud",
            "board": "2c 3c",
            "players": [{"cards": "As Ah Ad Ac Ks Kh"}, {"cards": "Qs Qh Qd Qc Js Jh"}],
        },
        CardCountError,
        "a stud game takes at most one community card",
    ),
    ("one player", {"game": "holdem", "players": [{"cards": "As Ah"}]}, StakeError, "at least 2"),
    (
        "all folded",
        _two(folded=True)
        | {"players": [{"name": "Ann", "folded": True}, {"name": "Bob", "folded": True}]},
        StakeError,
        "every player folded or mucked",
    ),
]
for label, record, error, says in POT_RECORDS:
    case(f"pots {label}", lambda r=record: resolve_json(r), error, says)

TWO_SEATS = [("Ann", "As Ah"), ("Bob", "Ks Kh")]

case("resolve None", lambda: resolve(None), TypeError, "resolve() needs a Showdown, got NoneType")
case(
    "build bad tuple",
    lambda: Showdown.build("holdem", None, [("Ann",), ("Bob", "Ks Kh")]),
    StakeError,
    "player 1: ('Ann',) is not a Player or a tuple",
)
case(
    "build stake float",
    lambda: Showdown.build("holdem", None, [("Ann", "As Ah", 1.9), ("Bob", "Ks Kh", 2)]),
    StakeError,
    "Ann: stake 1.9 is a float",
)
case(
    "build stake inf",
    lambda: Showdown.build("holdem", None, [("Ann", "As Ah", "inf"), ("Bob", "Ks Kh", 2)]),
    StakeError,
    "Ann: stake 'inf' is not a finite number",
)
case(
    "build odd chip",
    lambda: Showdown.build("holdem", None, [("Ann", "As Ah"), ("Bob", "Ks Kh")], odd_chip="x"),
    StakeError,
    "odd_chip 'x' is not one of auto, button, high_card",
)
case(
    "build rake per pot empty",
    lambda: Showdown.build("holdem", None, [("Ann", "As Ah"), ("Bob", "Ks Kh")], rake=[]),
    StakeError,
    "rake per pot is an empty list",
)

case(
    "build players None",
    lambda: Showdown.build("holdem", None, None),
    TypeError,
    "players must be a list of Player values or tuples (name, cards[, stake]), got None",
)
case(
    "build boards text",
    lambda: Showdown.build("holdem", None, TWO_SEATS, boards="2c 7d 9h Js 4s"),
    TypeError,
    "boards must be a list of boards (each a text or a list of cards), got str",
)
case(
    "build odd chip number",
    lambda: Showdown.build("holdem", None, TWO_SEATS, odd_chip=1),
    TypeError,
    "odd_chip must be an OddChipRule or one of auto, button, high_card, got int 1",
)

# -- the value types check their fields (tests/test_value_types.py has every field) -------------

case(
    "player folded 'no'",
    lambda: Player("Ann", folded="no"),
    TypeError,
    "folded must be True or False, got str 'no'",
)
case(
    "player mucked 1",
    lambda: Player("Ann", mucked=1),
    TypeError,
    "mucked must be True or False, got int 1",
)
case("player name None", lambda: Player(None), TypeError, "name must be a text, got None")
case("player name empty", lambda: Player(""), StakeError, "player name '' is not a non-empty text")
case(
    "player cards None",
    lambda: Player("Ann", None),
    TypeError,
    "Ann: cards must be a text or a list of cards, got None",
)
case(
    "player cards bad",
    lambda: Player("Ann", "As Zx"),
    CardParseError,
    "Ann: cards: 'Zx' is not a card",
)
case("player stake float", lambda: Player("Ann", (), 2.5), StakeError, "Ann: stake 2.5 is a float")
case(
    "player dead negative",
    lambda: Player("Ann", (), 5, dead=-1),
    StakeError,
    "Ann: dead -1 is negative",
)
case("showdown game number", lambda: Showdown(7, ()), TypeError, "game must be a text, got int 7")
case(
    "showdown game unknown",
    lambda: Showdown("pineapple", ()),
    UnknownGameError,
    "'pineapple' is not a game",
)
case(
    "showdown players None",
    lambda: Showdown("holdem", None),
    TypeError,
    "players must be a list or tuple of Player values, got None",
)
case(
    "showdown players tuples",
    lambda: Showdown("holdem", [("Ann", "As Ah")]),
    TypeError,
    "players[0] must be a Player",
)
case(
    "showdown board bad",
    lambda: Showdown("holdem", (), "2c 7d 9h Js 4x"),
    CardParseError,
    "board: '4x' is not a card",
)
case(
    "showdown button float",
    lambda: Showdown("holdem", (), button=1.0),
    TypeError,
    "button must be a whole number, got float 1.0",
)
case(
    "showdown odd chip unknown",
    lambda: Showdown("holdem", (), odd_chip="left"),
    StakeError,
    "odd_chip 'left' is not one of auto, button, high_card",
)
case(
    "showdown boards text",
    lambda: Showdown("holdem", (), boards="2c 7d 9h Js 4s"),
    TypeError,
    "boards must be a list of boards",
)
case(
    "showdown rake float",
    lambda: Showdown("holdem", (), rake=0.5),
    StakeError,
    "rake 0.5 is a float",
)
case(
    "showdown unit zero",
    lambda: Showdown("holdem", (), unit=0),
    StakeError,
    "unit 0 is not a positive amount",
)


# ------------------------------------------------------------------------------------------------


def test_the_catalogue_is_large() -> None:
    assert len(CASES) >= 250
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("bad", CASES, ids=[c.name for c in CASES])
def test_bad_input(bad: Case) -> None:
    with pytest.raises(Exception) as raised:  # noqa: PT011 - the exact type is checked below
        bad.call()
    assert type(raised.value) is bad.error, f"{type(raised.value).__name__}: {raised.value}"
    assert bad.says in str(raised.value)


# -- fuzzing: arbitrary text and JSON, nothing but the documented exceptions -------------------

TEXT = st.text(max_size=40)
CARDISH = st.text(alphabet="23456789TJQKAtjqkaxXshdcSHDC♠♥♦♣10 ,;:+-%.\u212a\u017f", max_size=24)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


def _only_showdown_errors(function: Callable[[], object]) -> None:
    with contextlib.suppress(ShowdownError):
        function()


@settings(max_examples=300)
@given(st.one_of(TEXT, CARDISH))
def test_fuzz_card_text(text: str) -> None:
    _only_showdown_errors(lambda: parse_cards(text))
    _only_showdown_errors(lambda: parse_card(text))
    _only_showdown_errors(lambda: CardSet(text))
    _only_showdown_errors(lambda: evaluate(text))
    _only_showdown_errors(lambda: evaluate(text, ranking="shortdeck"))
    _only_showdown_errors(lambda: evaluate_game("omaha8", text, "2c 3d 4h 9s Tc"))
    _only_showdown_errors(lambda: evaluate_many([text], game="holdem"))
    _only_showdown_errors(lambda: get_game(text))
    _only_showdown_errors(lambda: get_ranking(text))


@settings(max_examples=300)
@given(
    st.one_of(TEXT, CARDISH), st.sampled_from(["holdem", "omaha", "stud", "shortdeck", "badugi"])
)
def test_fuzz_range_text(text: str, game: str) -> None:
    _only_showdown_errors(lambda: parse_range(text, game=game))


@settings(max_examples=60)
@given(st.one_of(TEXT, CARDISH), st.one_of(st.none(), CARDISH))
def test_fuzz_equity_text(hand: str, board: str | None) -> None:
    _only_showdown_errors(lambda: equity([hand, "QsQd"], board, samples=1000, seed=1, workers=1))


@settings(max_examples=300)
@given(JSON)
def test_fuzz_contract_records(record: object) -> None:
    _only_showdown_errors(lambda: showdown_from_json(record))
    _only_showdown_errors(
        lambda: showdown_from_json({"game": "holdem", "players": [record, record]})
    )


@settings(max_examples=300)
@given(TEXT)
def test_fuzz_decoder(text: str) -> None:
    with contextlib.suppress(json.JSONDecodeError, ShowdownError):
        decode_record(text)


def _only_documented(function: Callable[[], object]) -> None:
    with contextlib.suppress(ShowdownError, TypeError):
        function()


@settings(max_examples=300)
@given(JSON)
def test_fuzz_values_of_any_type(value: Any) -> None:
    _only_documented(lambda: parse_cards(value))
    _only_documented(lambda: parse_range(value))
    _only_documented(lambda: get_game(value))
    _only_documented(lambda: evaluate(value))
    _only_documented(lambda: evaluate_many(value))
    _only_documented(lambda: strength7(value))
    _only_documented(lambda: CardSet.from_mask(value))
    _only_documented(lambda: Range.from_combos(value))
    _only_documented(lambda: equity(value, samples=100, seed=1, workers=1))
    for option in ("samples", "seed", "stderr", "seconds", "workers", "exact", "board"):
        if option == "samples" and isinstance(value, int) and value > 10_000:
            continue  # a valid, long run
        options: dict[str, Any] = {"samples": 100, "seed": 1, "workers": 1, option: value}
        _only_documented(lambda o=options: equity(TWO, **o))
