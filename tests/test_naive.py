"""Tests of the plain reference implementation in tests/naive.py itself."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement
from math import comb

import pytest

from tests import naive
from tests.counts import FIVE_CARD_CLASSES, FIVE_CARD_HANDS


def h(text: str) -> list[str]:
    return naive.parse_cards(text)


def rank_patterns() -> Iterator[tuple[list[str], int, bool]]:
    """One representative hand per (rank multiset, flush or not), with how many hands it stands for.

    Within a rank multiset only "all five of one suit or not" changes the hand's value, so
    weighting one representative of each by its number of suit assignments covers all
    2,598,960 hands without enumerating them.
    """
    for ranks in combinations_with_replacement(naive.RANK_CHARS, 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        ways = 1
        for count in counts.values():
            ways *= comb(4, count)
        # Give each copy of a rank its own suit; distinct ranks rotate through the suits so
        # that five different ranks are never all of one suit.
        cards: list[str] = []
        used: Counter[str] = Counter()
        for position, rank in enumerate(ranks):
            if len(counts) == 5:
                suit = naive.SUIT_CHARS[position % 4]
            else:
                suit = naive.SUIT_CHARS[used[rank]]
            used[rank] += 1
            cards.append(rank + suit)
        if len(counts) == 5:
            yield cards, ways - 4, False
            yield [rank + "s" for rank in ranks], 4, True
        else:
            yield cards, ways, False


def test_rank_patterns_cover_every_hand() -> None:
    assert sum(ways for _, ways, _ in rank_patterns()) == comb(52, 5) == 2_598_960


def test_category_counts_by_rank_pattern() -> None:
    hands: Counter[str] = Counter()
    classes: dict[str, set[tuple[int, ...]]] = {name: set() for name in naive.CATEGORY_NAMES}
    for cards, ways, is_flush in rank_patterns():
        key = naive.high_key(cards)
        name = naive.category_name(key)
        assert (name in ("flush", "straight_flush")) == is_flush
        hands[name] += ways
        classes[name].add(key)
    assert dict(hands) == FIVE_CARD_HANDS
    assert {name: len(keys) for name, keys in classes.items()} == FIVE_CARD_CLASSES
    assert sum(len(keys) for keys in classes.values()) == 7_462


def test_weakest_and_strongest_classes() -> None:
    keys = {naive.high_key(cards) for cards, _, _ in rank_patterns()}
    assert min(keys) == naive.high_key(h("7c 5d 4h 3s 2c"))
    assert max(keys) == naive.high_key(h("As Ks Qs Js Ts"))


@pytest.mark.slow
def test_category_counts_exhaustive() -> None:
    hands: Counter[str] = Counter()
    classes: dict[str, set[tuple[int, ...]]] = {name: set() for name in naive.CATEGORY_NAMES}
    for five in combinations(naive.deck(), 5):
        key = naive.high_key(five)
        name = naive.category_name(key)
        hands[name] += 1
        classes[name].add(key)
    assert dict(hands) == FIVE_CARD_HANDS
    assert {name: len(keys) for name, keys in classes.items()} == FIVE_CARD_CLASSES


def test_treys_agrees_on_every_class() -> None:
    """treys numbers the 7,462 classes 1 (royal flush) .. 7462 (7-5-4-3-2)."""
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    representatives = {naive.high_key(cards): cards for cards, _, _ in rank_patterns()}
    ordered = sorted(representatives)
    for position, key in enumerate(ordered):
        cards = [treys.Card.new(card) for card in representatives[key]]
        assert evaluator.evaluate(cards[:2], cards[2:]) == len(ordered) - position


# --- high ranking: quick sanity -------------------------------------------------------------


def test_category_names() -> None:
    examples = {
        "high_card": "Ac Jd 9h 5s 3c",
        "one_pair": "Ac Ad Kh 7s 2c",
        "two_pair": "Kc Kd 4h 4s Ac",
        "three_of_a_kind": "9c 9d 9h Ac Kd",
        "straight": "9c Td Jh Qs Kc",
        "flush": "2h 7h 9h Jh Kh",
        "full_house": "3c 3d 3h Ac Ad",
        "four_of_a_kind": "8c 8d 8h 8s 2c",
        "straight_flush": "9s Ts Js Qs Ks",
    }
    for name, text in examples.items():
        assert naive.category_name(naive.high_key(h(text))) == name


def test_wheel_is_weakest_straight() -> None:
    wheel = naive.high_key(h("Ac 2d 3h 4s 5c"))
    six_high = naive.high_key(h("2c 3d 4h 5s 6c"))
    assert naive.category_name(wheel) == "straight"
    assert wheel < six_high
    assert naive.key_ranks(wheel) == "5 4 3 2 A"
    assert naive.high_key(h("As Ks Qs Js Ts")) > naive.high_key(h("Ks Qs Js Ts 9s"))
    steel_wheel = naive.high_key(h("Ah 2h 3h 4h 5h"))
    assert naive.category_name(steel_wheel) == "straight_flush"
    assert steel_wheel < naive.high_key(h("2h 3h 4h 5h 6h"))
    assert steel_wheel > naive.high_key(h("Ac Ad Ah As Kc"))


def test_no_wrap_around() -> None:
    for text in ("Qc Kd Ah 2s 3c", "Kc Ad 2h 3s 4c", "Jc Qd Kh As 2c"):
        assert naive.category_name(naive.high_key(h(text))) == "high_card"
    assert naive.category_name(naive.high_key(h("Qh Kh Ah 2h 3h"))) == "flush"


def test_exactly_ten_straights() -> None:
    tops = set()
    for ranks in combinations(naive.RANK_CHARS, 5):
        key = naive.high_key([rank + naive.SUIT_CHARS[i % 4] for i, rank in enumerate(ranks)])
        if naive.category_name(key) == "straight":
            tops.add(key[1])
    assert tops == {5, 6, 7, 8, 9, 10, 11, 12, 13, 14}


def test_kicker_orderings_from_rules() -> None:
    def beats(better: str, worse: str) -> bool:
        return naive.high_key(h(better)) > naive.high_key(h(worse))

    assert beats("Ac Jd 9h 5s 3c", "Ad Jc 8h 7s 6c")
    assert beats("Ac Ad Kh 7s 2c", "Ah As Qh Js Tc")
    assert beats("Kc Kd 4h 4s Ac", "Qc Qd Jh Js Kh")
    assert beats("3c 3d 3h Ac Ad", "2c 2d 2h Kc Kd")
    assert beats("8c 8d 8h 8s Ac", "8c 8d 8h 8s Kc")
    assert beats("Ac Kd 7h 5s 2c", "Kc Qd Jh 9s 8c")


def test_grouped_key_order() -> None:
    assert naive.key_ranks(naive.high_key(h("Ac 4d Kh 4s Kc"))) == "K K 4 4 A"
    assert naive.key_ranks(naive.high_key(h("Ac 3d 3h As 3c"))) == "3 3 3 A A"
    assert naive.key_ranks(naive.high_key(h("5c Qd 9h Ts 2c"))) == "Q T 9 5 2"


def test_suits_never_break_ties() -> None:
    assert naive.high_key(h("As Ah Kc Qd Js")) == naive.high_key(h("Ac Ad Kh Qs Jd"))
    assert naive.high_key(h("As Js 9s 5s 3s")) == naive.high_key(h("Ah Jh 9h 5h 3h"))


def test_best_high_seven_cards() -> None:
    # Hans in seed 000: AAA66 and AA666 are both available; AAA66 is the hand.
    key = naive.best_high(h("Ah 6h As Ad 6s 4c 6d"))
    assert naive.key_ranks(key) == "A A A 6 6"
    # Playing the board.
    assert naive.best_high(h("8c 7d As Kd Qh Jc 9s")) == naive.high_key(h("As Kd Qh Jc 9s"))
    # A card outside the best five is no spare kicker.
    assert naive.best_high(h("Qh Jh Kc Kd 8h 8s Ac")) == naive.best_high(h("Tc 9c Kc Kd 8h 8s Ac"))
    five = naive.best_high_five(h("Ah 6h As Ad 6s 4c 6d"))
    assert naive.high_key(five) == naive.best_high(h("Ah 6h As Ad 6s 4c 6d"))


def test_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        naive.high_key(h("As As Kd Qd Jd"))
    with pytest.raises(ValueError, match="exactly 5"):
        naive.high_key(h("As Kd Qd Jd"))
    with pytest.raises(ValueError, match="not a card"):
        naive.parse_cards("As 1d")
    with pytest.raises(ValueError, match="not a card"):
        naive.parse_cards("AS")


# --- ace-to-five and eight or better ---------------------------------------------------------


def test_ace_to_five_basics() -> None:
    def key(text: str) -> tuple[int, ...]:
        return naive.ace_to_five_key(h(text))

    assert key("6c 4d 3h 2s Ac") > key("6d 5c 4h 2c Ad")
    assert key("5h 4h 3h 2h Ah") == key("5c 4d 3s 2c Ad")  # straight flush is still the wheel
    assert key("5c 4d 3s 2c Ad") > key("6c 4d 3h 2s Ac")
    assert key("Kc Qd Jh 9s 8c") > key("Ac Ad 2h 3s 4c")  # any no-pair beats any pair
    assert key("Ac Ad Kh Qs Jc") > key("2c 2d 3h 4s 5c")  # aces are the best pair
    assert key("2c 2d 3h 3s 4c") < key("Ac Ad Kh Qs Jc")  # two pair is worse than one pair
    assert naive.low_ranks(key("6c 4d 3h 2s Ac")) == "6 4 3 2 A"


def test_ace_to_five_best_is_wheel_and_classes() -> None:
    keys = {naive.ace_to_five_key(cards) for cards, _, _ in rank_patterns()}
    assert len(keys) == 6_175  # every rank multiset is its own class
    assert max(keys) == naive.ace_to_five_key(h("Ac 2d 3h 4s 5c"))


def test_eight_or_better_qualifier() -> None:
    assert naive.eight_or_better_key(h("8c 7d 6h 5s 4c")) is not None
    assert naive.eight_or_better_key(h("9c 4d 3h 2s Ac")) is None
    assert naive.eight_or_better_key(h("8c 8d 3h 2s Ac")) is None
    assert naive.eight_or_better_key(h("5h 4h 3h 2h Ah")) is not None
    qualifying = {naive.eight_or_better_key(cards) for cards, _, _ in rank_patterns()} - {None}
    assert len(qualifying) == 56
    assert min(k for k in qualifying if k is not None) == naive.ace_to_five_key(h("8c 7d 6h 5s 4c"))


def test_best_low_from_seven() -> None:
    cards = h("Kc Kd 9h 7s 3c 2d Ah")
    assert naive.best_eight_or_better(cards) is None
    assert naive.low_ranks(naive.best_ace_to_five(cards)) == "9 7 3 2 A"
    cards = h("Kc 6d 8h 7s 3c 2d Ah")
    best = naive.best_eight_or_better(cards)
    assert best is not None
    assert naive.low_ranks(best) == "7 6 3 2 A"
    # Razz: a pair can be the best low when nothing better is available.
    assert naive.low_ranks(naive.best_ace_to_five(h("Kc Kd Qh Qs Jc Jd 9h"))) == "J J K Q 9"


# --- deuce-to-seven ----------------------------------------------------------------------------


def test_deuce_to_seven_basics() -> None:
    def key(text: str) -> tuple[int, ...]:
        return naive.deuce_to_seven_key(h(text))

    assert key("7c 5d 4h 3s 2c") > key("7d 6c 5h 3c 2d")
    ace_high = key("Ac 5d 4h 3s 2c")
    assert ace_high < key("Kc 5d 4h 3s 2c")  # A-5-4-3-2 is ace-high, worse than king-high
    assert ace_high > key("6c 5d 4h 3s 2c")  # ... but not a straight, so it beats one
    assert key("7h 5h 4h 3h 2h") < key("Kc Kd Qh Js 9c")  # a flush is worse than a pair
    assert key("8c 8d 3h 4s 2c") < key("Kc Qd Jh 9s 8c")  # there is no qualifier, pairs are bad


def test_deuce_to_seven_best_hand() -> None:
    keys = {naive.deuce_to_seven_key(cards) for cards, _, _ in rank_patterns()}
    assert len(keys) == 7_462
    assert max(keys) == naive.deuce_to_seven_key(h("7c 5d 4h 3s 2c"))
    assert min(keys) == naive.deuce_to_seven_key(h("As Ks Qs Js Ts"))


# --- badugi ------------------------------------------------------------------------------------


def test_badugi_examples_from_rules() -> None:
    assert naive.badugi_counted(h("4h 4s 2c Ad")) == "4 2 A"
    assert naive.badugi_counted(h("Kh 3c 2d Ah")) == "3 2 A"
    assert naive.badugi_counted(h("Ac Ad Ah As")) == "A"
    assert naive.badugi_counted(h("3d 6d 9d Qd")) == "3"
    assert naive.badugi_counted(h("5c 5d Ah As")) == "5 A"
    assert naive.badugi_counted(h("2c Ah 7h Kh")) == "2 A"
    assert naive.badugi_counted(h("4c 3d 2h As")) == "4 3 2 A"


def test_badugi_ordering() -> None:
    def key(text: str) -> tuple[int, ...]:
        return naive.badugi_key(h(text))

    assert key("Kc Qd Jh Ts") > key("4h 4s 2c Ad")  # four cards beat three
    assert key("Kc 3d 2h As") > key("Kd 4c 2s Ah")  # lower second card wins
    assert key("4c 3d 2h As") > key("5c 3d 2h As")
    assert key("4d 4s 2c Ah") == key("4c Kc 2d Ah")  # cards that do not count never break ties
    assert key("Ac Ad Ah As") == key("Ah 5h 9h Kh")


def test_badugi_rejects_five_cards() -> None:
    with pytest.raises(ValueError, match="exactly 4"):
        naive.badugi_key(h("4c 3d 2h As 5c"))


# --- Omaha ---------------------------------------------------------------------------------


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Four hearts on the board and one in the hand is no flush in Omaha.
    hole = h("Ah Kc Qd Js")
    board = h("2h 5h 8h 9h Tc")
    assert naive.category_name(naive.best_omaha_high(hole, board)) != "flush"
    assert naive.category_name(naive.best_high(hole + board)) == "flush"
    # The board's straight cannot be played alone.
    assert naive.category_name(naive.best_omaha_high(h("Ac Ad 2c 2d"), h("5h 6s 7d 8c 9h"))) == (
        "one_pair"
    )
    # Four of a kind in the hand: only two of them play.
    key = naive.best_omaha_high(h("Ac Ad Ah As"), h("Kc Kd 2h 3s 7c"))
    assert naive.key_ranks(key) == "A A K K 7"


def test_omaha_eight() -> None:
    # Three low cards in the hand but only two may play; the board supplies three.
    best = naive.best_omaha_eight(h("Ac 2d 3h Kc"), h("4s 5c 6d Kd Qh"))
    assert best is not None
    assert naive.low_ranks(best) == "6 5 4 2 A"
    assert naive.best_omaha_eight(h("Ac 2d 3h 4c"), h("5s Kc Qd Jd 9h")) is None
    best = naive.best_omaha_eight(h("Ac 2d Kh Kc"), h("3s 7c 8d 9d Th"))
    assert best is not None
    assert naive.low_ranks(best) == "8 7 3 2 A"


# --- cross-checks against third-party evaluators (skipped if they are not installed) ---------


def random_fives(count: int, size: int, seed: int) -> Iterator[list[str]]:
    rng = random.Random(seed)
    cards = naive.deck()
    for _ in range(count):
        yield rng.sample(cards, size)


def sign(number: int) -> int:
    return (number > 0) - (number < 0)


def compare(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sign((a > b) - (a < b))


def test_pokerkit_agrees_on_lows_and_badugi() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    pairs = list(zip(random_fives(3000, 5, 1), random_fives(3000, 5, 2), strict=True))
    for a, b in pairs:
        ours = compare(naive.ace_to_five_key(a), naive.ace_to_five_key(b))
        pa, pb = pokerkit.RegularLowHand("".join(a)), pokerkit.RegularLowHand("".join(b))
        assert ours == (pa > pb) - (pa < pb), (a, b)
        ours = compare(naive.deuce_to_seven_key(a), naive.deuce_to_seven_key(b))
        pa, pb = pokerkit.StandardLowHand("".join(a)), pokerkit.StandardLowHand("".join(b))
        assert ours == (pa > pb) - (pa < pb), (a, b)
    pairs = list(zip(random_fives(3000, 4, 3), random_fives(3000, 4, 4), strict=True))
    for a, b in pairs:
        ours = compare(naive.badugi_key(a), naive.badugi_key(b))
        pa = pokerkit.BadugiHand.from_game("".join(a))
        pb = pokerkit.BadugiHand.from_game("".join(b))
        assert ours == (pa > pb) - (pa < pb), (a, b)
