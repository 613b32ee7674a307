"""Ranges: every notation, combo counts, weights, errors, and parse/format round trips."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from showdown import RangeParseError
from showdown.cards import DECK, parse_cards
from showdown.ranges import (
    CLASS_GRID,
    HAND_CLASSES,
    Range,
    class_combos,
    class_of,
    format_range,
    parse_range,
)

ALL_TWO = [frozenset(pair) for pair in combinations(DECK, 2)]


def hands(text: str, game: str = "holdem") -> set[frozenset[str]]:
    """The combos of a range as sets of card texts."""
    return {frozenset(str(c) for c in cards) for cards, _ in parse_range(text, game=game).combos()}


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("random", 1326),
        ("any", 1326),
        ("xx", 1326),
        ("QQ", 6),
        ("QQ-99", 24),
        ("99-QQ", 24),
        ("22+", 78),
        ("A2s+", 48),
        ("KTo+", 36),
        ("K9+", 64),
        ("T9s-65s", 20),
        ("65s-T9s", 20),
        ("A5s-A2s", 16),
        ("J8o-74o", 60),
        ("AhKh", 1),
        ("Ah", 51),
        ("Ax", 198),
        ("Axs", 48),
        ("QQ+, AKs, AKo", 34),
        ("QQ+,AK", 34),
        ("QQ+, AK", 34),  # tokens are separated by commas (a space is refused)
    ],
)
def test_combo_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


def test_notations_name_the_right_combos() -> None:
    assert hands("QQ+") == {
        frozenset(str(c) for c in pair)
        for pair in ALL_TWO
        if {c.rank.symbol for c in pair} in ({"Q"}, {"K"}, {"A"})
    }
    assert hands("A2s+") == {
        frozenset(str(c) for c in pair)
        for pair in ALL_TWO
        if len({c.suit for c in pair}) == 1
        and "A" in {c.rank.symbol for c in pair}
        and len({c.rank for c in pair}) == 2
    }
    assert hands("T9s-76s") == hands("T9s, 98s, 87s, 76s")
    assert hands("A5s-A2s") == hands("A5s, A4s, A3s, A2s")
    assert hands("KTo+") == hands("KTo, KJo, KQo")
    assert hands("Ah") == {
        frozenset(str(c) for c in pair) for pair in ALL_TWO if "Ah" in {str(c) for c in pair}
    }
    assert hands("AhKh, AsKs") == {frozenset({"Ah", "Kh"}), frozenset({"As", "Ks"})}


def test_weights() -> None:
    assert parse_range("AKs:0.5").weight_total == 2.0
    assert parse_range("50%AKs") == parse_range("AKs:0.5") == parse_range("AKs:50%")
    mixed = parse_range("QQ+:0.25, AKs")
    assert mixed.weight_of(parse_cards("Ah Ad")) == 0.25
    assert mixed.weight_of(parse_cards("Ah Kh")) == 1.0
    assert mixed.weight_of(parse_cards("Ah Kd")) == 0.0
    # a later token overrides an earlier one; weight 0 removes
    assert parse_range("QQ+, KK:0.5").weight_of(parse_cards("Ks Kd")) == 0.5
    assert parse_range("QQ+, KK:0") == parse_range("QQ, AA")


def test_omaha_patterns_against_a_plain_count() -> None:
    every = list(combinations(DECK, 4))

    def count(ranks: str, suits: tuple[int, ...] | None) -> int:
        total = 0
        for hand in every:
            have = Counter(c.rank.symbol for c in hand)
            if any(have[r] < n for r, n in Counter(ranks).items()):
                continue
            shape = tuple(sorted(Counter(c.suit for c in hand).values(), reverse=True))
            if suits is None or shape == suits:
                total += 1
        return total

    assert len(parse_range("AAxx", game="omaha")) == count("AA", None) == 6961
    with pytest.raises(RangeParseError, match="write 'AAxx'"):  # a Hold'em hand, refused
        parse_range("AA", game="omaha")
    assert len(parse_range("AKds", game="omaha")) == count("AK", (2, 2))
    assert len(parse_range("AKxxss", game="omaha")) == count("AK", (2, 1, 1))
    assert len(parse_range("KKr", game="omaha")) == count("KK", (1, 1, 1, 1))
    assert len(parse_range("xxxx", game="omaha")) == len(every) == 270_725
    assert len(parse_range("AsKsQdJd", game="omaha")) == 1
    assert len(parse_range("AsKs", game="omaha")) == 1225  # holding both


def test_other_games() -> None:
    assert len(parse_range("random", game="shortdeck")) == 630
    assert len(parse_range("AA", game="shortdeck")) == 6
    assert len(parse_range("AAxxx", game="five_card_draw")) > 0
    stud = parse_range("AhKd3c", game="stud")
    assert stud.is_open
    assert len(stud) == 49 * 48 * 47 * 46 // 24
    assert stud == Range.holding("Ah Kd 3c", game="stud")
    assert len(parse_range("AsKsxx", game="omaha")) == 1225


@pytest.mark.parametrize(
    ("text", "game", "message"),
    [
        ("ZZ", "holdem", "'ZZ' is not a range token: 'Z' is not a rank"),
        ("AKq", "holdem", "'AKq' is not a range token: 'q' is not one of s, o, ds, ss, r"),
        ("AKs:1.5", "holdem", "'AKs:1.5' is not a range token: weight 1.5 is not in [0, 1]"),
        ("AKs:x", "holdem", "'AKs:x' is not a range token: the weight after ':' is not a number"),
        ("T9s-64s", "holdem", "'T9s-64s' is not a range token: the two ends must share"),
        ("AKs-QQ", "holdem", "'AKs-QQ' is not a range token"),
        ("AKs-QJo", "holdem", "'AKs-QJo' is not a range token: both ends must be s, o"),
        ("QQs", "holdem", "'QQs' is not a range token: a pair cannot be suited"),
        ("AhAh", "holdem", "'AhAh' is not a range token: card Ah is used twice"),
        ("AhKhQh", "holdem", "'AhKhQh' is not a range token: 3 cards, but a holdem hand has 2"),
        ("AKQ", "holdem", "'AKQ' is not a range token: 3 ranks, but a holdem hand has 2"),
        ("AKds", "holdem", "'AKds' is not a range token: 'ds' is for hands of three or more"),
        ("AKs", "omaha", "'AKs' is not a range token: 's' is for two-card hands"),
        ("AAxx+", "omaha", "'AAxx+' is not a range token: '+' follows a two-card hand"),
        ("22", "shortdeck", "'22' is not a range token: rank '2' is not in the deck of shortdeck"),
        ("2c3c", "shortdeck", "'2c3c' is not a range token: 2c is not in the deck of shortdeck"),
        ("", "holdem", "'' is not a range: it is empty"),
    ],
)
def test_errors_name_the_token(text: str, game: str, message: str) -> None:
    with pytest.raises(RangeParseError) as raised:
        parse_range(text, game=game)
    assert str(raised.value).startswith(message)


def test_format_is_canonical() -> None:
    assert format_range(parse_range("AA, KK, QQ")) == "QQ+"
    assert format_range(parse_range("QQ-99")) == "QQ-99"
    assert format_range(parse_range("AKs, AKo")) == "AK"
    assert format_range(parse_range("A2s+")) == "A2s+"
    assert format_range(parse_range("A5s-A2s, KQo")) == "A5s-A2s, KQo"
    assert format_range(parse_range("random")) == "random"
    assert format_range(parse_range("AhKh, AsKs")) == "AsKs, AhKh"
    assert format_range(parse_range("QQ:0.5, AKs")) == "QQ:0.5, AKs"
    assert str(parse_range("Ah")) == "Ah"
    assert repr(parse_range("AKs")) == "Range('AKs')"


WEIGHTS = st.sampled_from([1.0, 1.0, 1.0, 0.5, 0.25, 0.75, 0.1])


@given(st.lists(st.tuples(st.integers(0, 1325), WEIGHTS), min_size=1, max_size=200))
def test_two_card_round_trip(picks: list[tuple[int, float]]) -> None:
    pairs = list(combinations(DECK, 2))
    chosen = {pairs[i]: w for i, w in picks}
    hand_range = Range.from_combos(list(chosen.items()))
    assert parse_range(format_range(hand_range)) == hand_range


@given(
    st.lists(st.sampled_from(HAND_CLASSES), min_size=1, max_size=40, unique=True),
    st.lists(WEIGHTS, min_size=40, max_size=40),
)
def test_class_round_trip(classes: list[str], weights: list[float]) -> None:
    text = ", ".join(
        name + ("" if w == 1.0 else f":{w}") for name, w in zip(classes, weights, strict=False)
    )
    hand_range = parse_range(text)
    assert parse_range(format_range(hand_range)) == hand_range


@pytest.mark.parametrize("text", ["AAxx, KKds:0.5", "AsKsxx", "xxxx", "QQJJds, AKr", "AKxxss:25%"])
def test_omaha_round_trip(text: str) -> None:
    hand_range = parse_range(text, game="omaha")
    assert parse_range(format_range(hand_range), game="omaha") == hand_range


def test_classes() -> None:
    assert len(HAND_CLASSES) == len(set(HAND_CLASSES)) == 169
    assert CLASS_GRID[0][:3] == ("AA", "AKs", "AQs")
    assert CLASS_GRID[1][0] == "AKo"
    assert CLASS_GRID[12][12] == "22"
    assert sum(len(class_combos(name)) for name in HAND_CLASSES) == 1326
    for name in ("AA", "AKs", "72o"):
        assert {class_of(c) for c in class_combos(name)} == {name}
        assert len(parse_range(name)) == len(class_combos(name))
    with pytest.raises(RangeParseError, match="'AKx' is not a Hold'em hand class"):
        class_combos("AKx")


def test_range_values() -> None:
    r = parse_range("AKs")
    assert r.size == 2
    assert r.codes.shape == (4, 2)
    assert not r.is_open
    assert parse_range("random").is_open
    assert parse_range("Ah").known == parse_cards("Ah")
    assert r.without(parse_cards("Ah")).combo_count() == 3
    assert parse_range("Ah").without(parse_cards("Kd")).combo_count() == 50
    assert Range.holding("Ah Kh") == parse_range("AhKh")
    with pytest.raises(TypeError):
        Range()
    with pytest.raises(RangeParseError, match="needs 2 cards, not 3"):
        Range.from_combos(["Ah Kh Qh"])
    with pytest.raises(RangeParseError, match=r"weight 2\.0 is not in"):
        Range.from_combos([("Ah Kh", 2.0)])
