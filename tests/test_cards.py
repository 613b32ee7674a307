"""Cards: every notation of RULES.md "Cards", errors that echo the input, round trips."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from showdown import (
    DECK,
    Card,
    CardParseError,
    CardSet,
    DuplicateCardError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Kd", "As Kd"),
        ("AsKd", "As Kd"),
        ("as,kd", "As Kd"),
        ("As, Kd", "As Kd"),
        ("10h", "Th"),
        ("Td 10c", "Td Tc"),
        ("A♠ K♦", "As Kd"),
        ("a♠k♦q♥j♣", "As Kd Qh Jc"),
        ("  2c\t3d\n4h  ", "2c 3d 4h"),
        ("", ""),
    ],
)
def test_every_notation_parses(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Zx", "'Zx' is not a card: rank 'Z' is not one of 23456789TJQKA"),
        ("Ax", "'Ax' is not a card: suit 'x' is not one of s h d c or ♠ ♥ ♦ ♣"),
        ("A", "'A' is not a card: the suit is missing (one of s h d c or ♠ ♥ ♦ ♣)"),
        ("1s", "'1s' is not a card: rank '1' is not one of 23456789TJQKA"),
        ("As Kd Q", "'Q' is not a card: the suit is missing (one of s h d c or ♠ ♥ ♦ ♣)"),
    ],
)
def test_parse_errors_name_the_token(text: str, message: str) -> None:
    with pytest.raises(CardParseError) as error:
        parse_cards(text)
    assert str(error.value) == message


def test_parse_card_rejects_two_cards_and_non_text() -> None:
    with pytest.raises(CardParseError, match="'AsKd' is not a card: unexpected 'Kd'"):
        parse_card("AsKd")
    with pytest.raises(TypeError, match="card must be a text, got int 51"):
        parse_card(51)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match="'' is not a card: the text is empty"):
        parse_card("  ")


def test_duplicates_are_rejected_by_default() -> None:
    with pytest.raises(DuplicateCardError, match="card As is used twice"):
        parse_cards("As Kd as")
    assert len(parse_cards("As As", allow_duplicates=True)) == 2


def test_iterables_of_cards_texts_and_codes() -> None:
    assert parse_cards([Card("As"), "kd", 0]) == (Card("As"), Card("Kd"), Card("2c"))
    with pytest.raises(CardParseError, match=r"52 is not a card code: codes are 0\.\.51"):
        parse_cards([52])
    with pytest.raises(
        TypeError, match=r"cards\[0\] must be a Card, a card text or a code 0\.\.51, got float 1\.5"
    ):
        parse_cards([1.5])  # type: ignore[list-item]


def test_encoding_table() -> None:
    assert [c.code for c in DECK] == list(range(52))
    assert Card("2c").code == 0
    assert Card("2s").code == 3
    assert Card("As").code == 51
    assert Card("Th").code == 4 * 8 + 2
    assert Card.of(Rank.QUEEN, Suit.DIAMONDS) is Card("Qd")
    assert Card("Ks").mask == 1 << 47


def test_card_is_an_immutable_interned_value() -> None:
    card = Card("a♠")
    assert card is Card("As")
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.foo = 1
    assert hash(card) == 51
    assert card != "As"
    assert sorted([Card("As"), Card("2c"), Card("Kd")]) == [Card("2c"), Card("Kd"), Card("As")]


def test_rank_and_suit_enums() -> None:
    assert Rank("T") is Rank.TEN
    assert Rank.ACE > Rank.KING > Rank.TWO
    assert Rank.from_index(12) is Rank.ACE
    assert Rank.SIX.name_plural == "Sixes"
    assert Suit("s").unicode == "♠"
    assert [s.index for s in Suit] == [0, 1, 2, 3]


def test_cardset_operations() -> None:
    a = CardSet("As Kd Qh")
    b = CardSet(["Qh", "2c"])
    assert a | b == CardSet("2c Qh Kd As")
    assert a & b == CardSet("Qh")
    assert a - b == CardSet("As Kd")
    assert a ^ b == CardSet("As Kd 2c")
    assert len(CardSet.deck()) == 52
    assert Card("As") in a
    assert Card("2c") not in a
    assert not CardSet()
    assert a.isdisjoint(CardSet("2c"))
    assert list(CardSet("As 2c")) == [Card("2c"), Card("As")]
    assert eval(repr(a)) == a
    assert CardSet.from_mask(a.mask) == a
    with pytest.raises(CardParseError, match="is not a card mask"):
        CardSet.from_mask(1 << 52)
    with pytest.raises(AttributeError):
        a._mask = 0


cards_strategy = st.lists(st.sampled_from(DECK), unique=True, max_size=12)


@given(cards_strategy, st.booleans(), st.sampled_from([" ", ",", "", ", "]))
def test_format_parse_round_trip(cards: list[Card], unicode: bool, sep: str) -> None:
    text = format_cards(cards, unicode=unicode, sep=sep)
    assert parse_cards(text) == tuple(cards)


@given(cards_strategy)
def test_cardset_round_trip(cards: list[Card]) -> None:
    assert set(CardSet(cards)) == set(cards)
    assert CardSet(format_cards(CardSet(cards))) == CardSet(cards)
