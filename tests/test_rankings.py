"""Exhaustive checks of every ranking's table against the rules and a plain reference.

Every five-card hand (2,598,960) and every four-card Badugi hand (270,725) is
enumerated and looked up; the counts per category and per class must equal
the seeds' numbers and the closed forms, and the order of the classes must
agree with the deliberately plain comparator of ``tests/naive.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, pairwise
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from showdown import DECK, Card, evaluate, get_table
from showdown.rules import Category
from tests import naive
from tests.counts import FIVE_CARD_CLASSES, FIVE_CARD_HANDS

# Hands in one class, by category, where a closed form exists: the ways to
# give suits to one rank pattern (e.g. a pair: C(4,2) * 4 * 4 * 4 = 384).
HANDS_PER_CLASS = {
    "straight_flush": 4,
    "four_of_a_kind": 4,
    "full_house": 4 * 6,
    "flush": 4,
    "straight": 4**5 - 4,
    "three_of_a_kind": 4 * 4 * 4,
    "two_pair": 6 * 6 * 4,
    "one_pair": 6 * 4 * 4 * 4,
    "high_card": 4**5 - 4,
}


@cache
def all_five_card_hands() -> npt.NDArray[np.int64]:
    """Every five-card hand as codes, each row ascending."""
    return np.array(list(combinations(range(52), 5)), dtype=np.int64)


def strengths_of(ranking: str, hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Look every hand up in the ranking's table, vectorised (an independent path
    from the evaluator: the pattern is computed with numpy)."""
    table = get_table(ranking)
    size = hands.shape[1]
    lut = np.zeros(2 * 13**size, dtype=np.int64)
    for (pattern, suited), strength in table.lookup.items():
        if len(pattern) != size:
            continue
        index = sum(r * 13 ** (size - 1 - i) for i, r in enumerate(pattern)) + suited * 13**size
        lut[index] = strength
    ranks = np.sort(hands >> 2, axis=1)[:, ::-1]
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    weights = 13 ** np.arange(size - 1, -1, -1)
    keys = (ranks * weights).sum(axis=1) + flush * 13**size
    result: npt.NDArray[np.int64] = lut[keys]
    return result


def categories_of(ranking: str, strengths: npt.NDArray[np.int64]) -> Counter[str]:
    table = get_table(ranking)
    per_class = np.bincount(strengths, minlength=len(table.classes) + 1)
    counts: Counter[str] = Counter()
    for hand_class in table.classes:
        counts[hand_class.category.value] += int(per_class[hand_class.strength])
    return counts


def cards_of(codes: Sequence[int]) -> list[str]:
    return [str(DECK[int(c)]) for c in codes]


def check_order_against(
    ranking: str,
    hands: npt.NDArray[np.int64],
    strengths: npt.NDArray[np.int64],
    reference: Callable[[Sequence[str]], tuple[int, ...] | None],
) -> None:
    """One hand per distinct pattern: equal strengths <=> equal reference keys,
    and greater strength <=> greater reference key."""
    ranks = np.sort(hands >> 2, axis=1)
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    pattern = (ranks * 13 ** np.arange(hands.shape[1])).sum(axis=1) * 2 + flush
    _, first = np.unique(pattern, return_index=True)
    keyed: dict[int, tuple[int, ...]] = {}
    for index in first:
        strength = int(strengths[index])
        key = reference(cards_of(hands[index]))
        if strength == 0:
            assert key is None, cards_of(hands[index])
            continue
        assert key is not None, cards_of(hands[index])
        assert keyed.setdefault(strength, key) == key, cards_of(hands[index])
    ordered = [keyed[s] for s in sorted(keyed)]
    assert all(a < b for a, b in pairwise(ordered))


def test_high_every_five_card_hand() -> None:
    strengths = strengths_of("high", all_five_card_hands())
    assert len(strengths) == 2_598_960 == comb(52, 5)
    assert strengths.min() == 1
    assert categories_of("high", strengths) == Counter(FIVE_CARD_HANDS)
    distinct = np.unique(strengths)
    assert len(distinct) == 7462
    assert distinct.tolist() == list(range(1, 7463))  # dense
    per_class = np.bincount(strengths)
    for hand_class in get_table("high").classes:
        assert per_class[hand_class.strength] == HANDS_PER_CLASS[hand_class.category.value]
    assert Counter(c.category.value for c in get_table("high").classes) == Counter(
        FIVE_CARD_CLASSES
    )
    check_order_against("high", all_five_card_hands(), strengths, naive.high_key)


def test_deuce_to_seven_every_five_card_hand() -> None:
    strengths = strengths_of("deuce_to_seven", all_five_card_hands())
    assert len(np.unique(strengths)) == 7462
    counts = categories_of("deuce_to_seven", strengths)
    # A-5-4-3-2 is no straight at 2-7: its 1,020 + 4 hands move to high card and flush.
    assert counts["straight"] == FIVE_CARD_HANDS["straight"] - 1020
    assert counts["straight_flush"] == FIVE_CARD_HANDS["straight_flush"] - 4
    assert counts["high_card"] == FIVE_CARD_HANDS["high_card"] + 1020
    assert counts["flush"] == FIVE_CARD_HANDS["flush"] + 4
    best = get_table("deuce_to_seven").classes[-1]
    assert best.ranks == ("7", "5", "4", "3", "2")
    assert best.category is Category.HIGH_CARD
    check_order_against(
        "deuce_to_seven", all_five_card_hands(), strengths, naive.deuce_to_seven_key
    )


def test_ace_to_five_every_five_card_hand() -> None:
    strengths = strengths_of("ace_to_five", all_five_card_hands())
    # Suits, straights and flushes are ignored: one class per rank pattern.
    patterns = comb(13 + 5 - 1, 5) - 13
    assert len(np.unique(strengths)) == patterns == 6175
    counts = categories_of("ace_to_five", strengths)
    assert counts["high_card"] == comb(13, 5) * 4**5
    assert counts["one_pair"] == FIVE_CARD_HANDS["one_pair"]
    assert counts["four_of_a_kind"] == FIVE_CARD_HANDS["four_of_a_kind"]
    per_class = np.bincount(strengths)
    for hand_class in get_table("ace_to_five").classes:
        if hand_class.category is Category.HIGH_CARD:
            assert per_class[hand_class.strength] == 4**5
    check_order_against("ace_to_five", all_five_card_hands(), strengths, naive.ace_to_five_key)


def test_eight_or_better_every_five_card_hand() -> None:
    strengths = strengths_of("eight_or_better", all_five_card_hands())
    qualifying = strengths[strengths > 0]
    assert len(np.unique(qualifying)) == 56 == comb(8, 5)
    assert len(qualifying) == 56 * 4**5
    table = get_table("eight_or_better")
    assert table.classes[0].ranks == ("8", "7", "6", "5", "4")  # the weakest qualifying low
    assert table.classes[-1].ranks == ("5", "4", "3", "2", "A")
    check_order_against(
        "eight_or_better", all_five_card_hands(), strengths, naive.eight_or_better_key
    )


def test_badugi_every_four_card_hand() -> None:
    table = get_table("badugi")
    assert len(table.classes) == 13 + comb(13, 2) + comb(13, 3) + comb(13, 4) == 1092
    per_class: Counter[int] = Counter()
    by_category: Counter[str] = Counter()
    keyed: dict[int, tuple[int, ...]] = {}
    for index, codes in enumerate(combinations(DECK, 4)):
        value = evaluate(codes, ranking="badugi")
        per_class[value.strength] += 1
        by_category[value.category.value] += 1
        if index % 13 == 0:  # one hand in 13 through the plain reference
            key = naive.badugi_key([str(c) for c in codes])
            assert keyed.setdefault(value.strength, key) == key, codes
    assert sum(per_class.values()) == comb(52, 4) == 270_725
    assert len(per_class) == 1092
    # A four-card badugi: 4 different ranks dealt 4 different suits: 4! ways.
    assert by_category["badugi"] == comb(13, 4) * 24
    for hand_class in table.classes:
        if hand_class.category is Category.BADUGI:
            assert per_class[hand_class.strength] == 24
    ordered = [keyed[s] for s in sorted(keyed)]
    assert all(a < b for a, b in pairwise(ordered))


def test_shortdeck_is_data_only() -> None:
    table = get_table("shortdeck")
    straights = [c.ranks for c in table.classes if c.category is Category.STRAIGHT]
    assert straights[0] == ("9", "8", "7", "6", "A")  # A-6-7-8-9, the lowest straight
    assert len(straights) == 6
    flush = evaluate("Ah Jh 9h 8h 6h", ranking="shortdeck")
    full = evaluate("Ks Kh Kd 6c 6s", ranking="shortdeck")
    assert flush > full
    assert evaluate("Ah Jh 9h 8h 6h") < evaluate("Ks Kh Kd 6c 6s")


@pytest.mark.parametrize("ranking", ["high", "deuce_to_seven", "ace_to_five"])
def test_class_numbers(ranking: str) -> None:
    table = get_table(ranking)
    for hand_class in table.classes[:: max(1, len(table.classes) // 50)]:
        cards = representative(hand_class.ranks, hand_class.category)
        value = evaluate(cards, ranking=ranking)
        assert value is not None
        assert value.strength == hand_class.strength
        assert value.class_number == len(table.classes) + 1 - value.strength


def representative(ranks: Sequence[str], category: Category) -> list[Card]:
    """Cards of these ranks: one suit for flushes, else suits spread out."""
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        return [Card(r + "h") for r in ranks]
    used: Counter[str] = Counter()
    cards = []
    for rank in ranks:
        cards.append(Card(rank + "cdhs"[used[rank]]))
        used[rank] += 1
    if len({c.suit for c in cards}) == 1:
        cards[-1] = Card(ranks[-1] + "d")
    return cards


def test_high_class_number_is_cactus_kev() -> None:
    assert evaluate("As Ks Qs Js Ts").class_number == 1
    assert evaluate("7s 5d 4c 3h 2h").class_number == 7462
    assert evaluate("7s 5d 4c 3h 2h").strength == 1
    assert evaluate("Ks Kh Kc Td Ts").class_number == 7463 - evaluate("Ks Kh Kc Td Ts").strength
