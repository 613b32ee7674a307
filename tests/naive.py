"""A deliberately plain reference implementation of the rankings in RULES.md, for tests only.

Nothing here is fast or clever, and nothing is shared with ``showdown``: every function is
written straight from the rules so that the library can be checked against it.

Cards are two-character strings: a rank from ``23456789TJQKA`` and a suit from ``cdhs``
(``"As"``, ``"Td"``, ``"2c"``).

Every ``*_key`` function returns a tuple of ints; a greater tuple is always the better hand
for that ranking, and equal tuples tie.

>>> high_key(["As", "Ks", "Qs", "Js", "Ts"]) > high_key(["9h", "9d", "9c", "9s", "Ac"])
True
>>> category_name(high_key(["5c", "4d", "3h", "2s", "Ac"]))
'straight'
>>> key_ranks(high_key(["5c", "4d", "3h", "2s", "Ac"]))
'5 4 3 2 A'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

# Category indices of the high ranking (RULES.md section 1), weakest first.
HIGH_CARD = 0
ONE_PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8

CATEGORY_NAMES = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)

# Categories of a hand when straights and flushes are ignored (used by ace-to-five).
PATTERN_HIGH_CARD = 0
PATTERN_ONE_PAIR = 1
PATTERN_TWO_PAIR = 2
PATTERN_THREE_OF_A_KIND = 3
PATTERN_FULL_HOUSE = 4
PATTERN_FOUR_OF_A_KIND = 5


def deck() -> list[str]:
    """All 52 cards."""
    return [rank + suit for rank in RANK_CHARS for suit in SUIT_CHARS]


def parse_cards(text: str) -> list[str]:
    """Split ``"As Kd 2c"`` into ``["As", "Kd", "2c"]`` and check every card."""
    cards = text.split()
    for card in cards:
        check_card(card)
    return cards


def check_card(card: str) -> None:
    """Raise ValueError unless ``card`` is a rank character followed by a suit character."""
    if len(card) != 2 or card[0] not in RANK_CHARS or card[1] not in SUIT_CHARS:
        raise ValueError(f"not a card: {card!r}")


def rank_value(card: str) -> int:
    """2 for a deuce ... 10 for a ten, 11 jack, 12 queen, 13 king, 14 ace."""
    check_card(card)
    return RANK_CHARS.index(card[0]) + 2


def low_rank_value(card: str) -> int:
    """Like rank_value, but the ace counts as 1."""
    value = rank_value(card)
    if value == 14:
        return 1
    return value


def suit_of(card: str) -> str:
    check_card(card)
    return card[1]


def rank_char(value: int) -> str:
    """The rank character of a value; both 1 and 14 are the ace."""
    if value == 1:
        return "A"
    return RANK_CHARS[value - 2]


def key_ranks(key: Sequence[int]) -> str:
    """The five ranks of a high key in the order they are compared, e.g. ``"K K 8 8 A"``."""
    return " ".join(rank_char(value) for value in key[1:])


def _check_distinct(cards: Sequence[str], how_many: int) -> None:
    if len(cards) != how_many:
        raise ValueError(f"need exactly {how_many} cards, got {len(cards)}")
    for card in cards:
        check_card(card)
    if len(set(cards)) != len(cards):
        raise ValueError(f"duplicate card in {list(cards)}")


def _grouped(values: list[int]) -> list[int]:
    """The values sorted by how many times each occurs (most first), then by value (high first).

    K K 4 4 A -> [13, 13, 4, 4, 14]; 3 3 3 A A -> [3, 3, 3, 14, 14].
    """
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return sorted(values, key=lambda value: (counts[value], value), reverse=True)


def _group_sizes(values: list[int]) -> list[int]:
    """How many cards share each rank, largest group first: K K 4 4 A -> [2, 2, 1]."""
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return sorted(counts.values(), reverse=True)


def _straight_top(values: list[int], wheel_allowed: bool) -> int | None:
    """The top card of the straight formed by five rank values, or None.

    With ``wheel_allowed`` the ace may also play low in A-2-3-4-5 (top card 5).
    There is no wrap-around: Q-K-A-2-3 and K-A-2-3-4 are not straights.
    """
    distinct = sorted(set(values))
    if len(distinct) != 5:
        return None
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if wheel_allowed and distinct == [2, 3, 4, 5, 14]:
        return 5
    return None


def _high_key(five: Sequence[str], wheel_allowed: bool) -> tuple[int, ...]:
    _check_distinct(five, 5)
    values = [rank_value(card) for card in five]
    suits = {suit_of(card) for card in five}
    is_flush = len(suits) == 1
    top = _straight_top(values, wheel_allowed)
    sizes = _group_sizes(values)

    if top is not None:
        # A straight is compared by its top card only; listing all five from the top
        # compares the same way. The wheel is 5 4 3 2 1: its ace plays as 1.
        straight_ranks = [top, top - 1, top - 2, top - 3, top - 4]
        category = STRAIGHT_FLUSH if is_flush else STRAIGHT
        return (category, *straight_ranks)

    if sizes == [4, 1]:
        category = FOUR_OF_A_KIND
    elif sizes == [3, 2]:
        category = FULL_HOUSE
    elif is_flush:
        category = FLUSH
    elif sizes == [3, 1, 1]:
        category = THREE_OF_A_KIND
    elif sizes == [2, 2, 1]:
        category = TWO_PAIR
    elif sizes == [2, 1, 1, 1]:
        category = ONE_PAIR
    else:
        category = HIGH_CARD
    return (category, *_grouped(values))


def high_key(five: Sequence[str]) -> tuple[int, ...]:
    """Comparison key of exactly five cards at the standard high ranking (RULES.md section 1).

    The key is the category index (0 = high card ... 8 = straight flush) followed by the five
    ranks grouped by count (largest group first) and then by rank (highest first); a straight
    lists its five ranks from the top, the wheel as 5 4 3 2 1.
    """
    return _high_key(five, wheel_allowed=True)


def category_name(key: Sequence[int]) -> str:
    """The snake-case name of the category of a high key."""
    return CATEGORY_NAMES[key[0]]


def best_high(cards: Sequence[str]) -> tuple[int, ...]:
    """The best high key over every five-card combination of five or more cards."""
    if len(cards) < 5:
        raise ValueError("need at least five cards")
    if len(set(cards)) != len(cards):
        raise ValueError(f"duplicate card in {list(cards)}")
    return max(high_key(five) for five in combinations(cards, 5))


def best_high_five(cards: Sequence[str]) -> tuple[str, ...]:
    """One five-card combination achieving best_high (the first found)."""
    best = best_high(cards)
    for five in combinations(cards, 5):
        if high_key(five) == best:
            return five
    raise AssertionError("unreachable")


def ace_to_five_key(five: Sequence[str]) -> tuple[int, ...]:
    """Key of five cards at ace-to-five low (RULES.md section 2); greater = better low.

    The ace is 1, straights and flushes are ignored and pairs count against the hand: take the
    high ranking of the rank pattern alone and reverse it.
    """
    _check_distinct(five, 5)
    values = [low_rank_value(card) for card in five]
    sizes = _group_sizes(values)
    if sizes == [4, 1]:
        pattern = PATTERN_FOUR_OF_A_KIND
    elif sizes == [3, 2]:
        pattern = PATTERN_FULL_HOUSE
    elif sizes == [3, 1, 1]:
        pattern = PATTERN_THREE_OF_A_KIND
    elif sizes == [2, 2, 1]:
        pattern = PATTERN_TWO_PAIR
    elif sizes == [2, 1, 1, 1]:
        pattern = PATTERN_ONE_PAIR
    else:
        pattern = PATTERN_HIGH_CARD
    as_high = (pattern, *_grouped(values))
    return tuple(-number for number in as_high)


def low_ranks(key: Sequence[int]) -> str:
    """The ranks of an ace-to-five key from the top, e.g. ``"6 4 3 2 A"``."""
    return " ".join(rank_char(-number) for number in key[1:])


def best_ace_to_five(cards: Sequence[str]) -> tuple[int, ...]:
    """The best ace-to-five key over every five-card combination (Razz: no qualifier)."""
    if len(cards) < 5:
        raise ValueError("need at least five cards")
    return max(ace_to_five_key(five) for five in combinations(cards, 5))


def eight_or_better_key(five: Sequence[str]) -> tuple[int, ...] | None:
    """The ace-to-five key if the five cards make a qualifying low, else None.

    Qualifying: five different ranks, each 8 or lower, the ace counting as 1.
    """
    _check_distinct(five, 5)
    values = [low_rank_value(card) for card in five]
    if len(set(values)) != 5:
        return None
    for value in values:
        if value > 8:
            return None
    return ace_to_five_key(five)


def best_eight_or_better(cards: Sequence[str]) -> tuple[int, ...] | None:
    """The best qualifying low over every five-card combination, or None if none qualifies."""
    if len(cards) < 5:
        raise ValueError("need at least five cards")
    best: tuple[int, ...] | None = None
    for five in combinations(cards, 5):
        key = eight_or_better_key(five)
        if key is not None and (best is None or key > best):
            best = key
    return best


def deuce_to_seven_key(five: Sequence[str]) -> tuple[int, ...]:
    """Key of five cards at deuce-to-seven lowball (RULES.md section 3); greater = better.

    Exactly the reverse of the high ranking, except that the ace is always high, so
    A-5-4-3-2 is ace-high and not a straight. Straights and flushes count against the hand.
    """
    return tuple(-number for number in _high_key(five, wheel_allowed=False))


def badugi_key(four: Sequence[str]) -> tuple[int, ...]:
    """Key of four cards at badugi (RULES.md section 4); greater = better.

    Brute force: among all subsets whose cards have pairwise different ranks and suits, more
    cards is better, then the lower highest card, then the next, and so on (ace = 1). The key
    is the number of counted cards followed by their ranks, negated, highest first.
    """
    _check_distinct(four, 4)
    best: tuple[int, ...] | None = None
    for size in (1, 2, 3, 4):
        for subset in combinations(four, size):
            ranks = {low_rank_value(card) for card in subset}
            suits = {suit_of(card) for card in subset}
            if len(ranks) != size or len(suits) != size:
                continue
            values = sorted(ranks, reverse=True)
            key = (size, *(-value for value in values))
            if best is None or key > best:
                best = key
    assert best is not None  # any single card is a valid subset
    return best


def badugi_counted(four: Sequence[str]) -> str:
    """The ranks that count in a badugi hand, highest first, e.g. ``"4 2 A"``."""
    key = badugi_key(four)
    return " ".join(rank_char(-number) for number in key[1:])


def _omaha_fives(hole: Sequence[str], board: Sequence[str]) -> list[tuple[str, ...]]:
    """Every five made of exactly two hole cards and exactly three board cards."""
    if len(hole) < 2 or len(board) < 3:
        raise ValueError("Omaha needs at least two hole cards and three board cards")
    everything = list(hole) + list(board)
    if len(set(everything)) != len(everything):
        raise ValueError(f"duplicate card in {everything}")
    fives: list[tuple[str, ...]] = []
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            fives.append(two + three)
    return fives


def best_omaha_high(hole: Sequence[str], board: Sequence[str]) -> tuple[int, ...]:
    """The best high key using exactly two hole cards and exactly three board cards."""
    return max(high_key(five) for five in _omaha_fives(hole, board))


def best_omaha_eight(hole: Sequence[str], board: Sequence[str]) -> tuple[int, ...] | None:
    """The best qualifying eight-or-better low using exactly two hole and three board cards."""
    best: tuple[int, ...] | None = None
    for five in _omaha_fives(hole, board):
        key = eight_or_better_key(five)
        if key is not None and (best is None or key > best):
            best = key
    return best


# 36-card Hold'em (RULES.md §6): the deck is 6 to A; A-6-7-8-9 is the lowest straight; a
# flush beats a full house. Rooms differ on three of a kind and the straight, so each
# order is written out in full, weakest first.
SHORT_DECK_RANK_CHARS = "6789TJQKA"
SHORT_DECK_ORDER_STRAIGHT_ABOVE_TRIPS = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "full_house",
    "flush",
    "four_of_a_kind",
    "straight_flush",
)
SHORT_DECK_ORDER_TRIPS_ABOVE_STRAIGHT = (
    "high_card",
    "one_pair",
    "two_pair",
    "straight",
    "three_of_a_kind",
    "full_house",
    "flush",
    "four_of_a_kind",
    "straight_flush",
)


def short_deck() -> list[str]:
    """The 36 cards 6 to A."""
    return [rank + suit for rank in SHORT_DECK_RANK_CHARS for suit in SUIT_CHARS]


def short_deck_hand(five: Sequence[str]) -> tuple[str, tuple[int, ...]]:
    """The category name of five short-deck cards and their ranks in comparison order.

    A straight lists its ranks from the top; in A-6-7-8-9 the ace plays below the six (as 5).
    The category does not depend on the rooms' order; only the comparison does.
    """
    _check_distinct(five, 5)
    for card in five:
        if card[0] not in SHORT_DECK_RANK_CHARS:
            raise ValueError(f"{card} is not in the 36-card deck")
    values = [rank_value(card) for card in five]
    is_flush = len({suit_of(card) for card in five}) == 1
    distinct = sorted(set(values))
    top = None
    if len(distinct) == 5 and distinct[4] - distinct[0] == 4:
        top = distinct[4]
    elif distinct == [6, 7, 8, 9, 14]:
        top = 9
    if top is not None:
        name = "straight_flush" if is_flush else "straight"
        return name, (top, top - 1, top - 2, top - 3, top - 4)
    sizes = _group_sizes(values)
    if sizes == [4, 1]:
        name = "four_of_a_kind"
    elif is_flush:
        name = "flush"
    elif sizes == [3, 2]:
        name = "full_house"
    elif sizes == [3, 1, 1]:
        name = "three_of_a_kind"
    elif sizes == [2, 2, 1]:
        name = "two_pair"
    elif sizes == [2, 1, 1, 1]:
        name = "one_pair"
    else:
        name = "high_card"
    return name, tuple(_grouped(values))


def short_deck_key(five: Sequence[str], *, trips_above_straight: bool) -> tuple[int, ...]:
    """Key of five short-deck cards in one of the two orders; greater = better."""
    name, ranks = short_deck_hand(five)
    order = (
        SHORT_DECK_ORDER_TRIPS_ABOVE_STRAIGHT
        if trips_above_straight
        else SHORT_DECK_ORDER_STRAIGHT_ABOVE_TRIPS
    )
    return (order.index(name), *ranks)


def best_short_deck(cards: Sequence[str], *, trips_above_straight: bool) -> tuple[int, ...]:
    """The best short-deck key over every five-card combination of five or more cards."""
    if len(cards) < 5:
        raise ValueError("need at least five cards")
    if len(set(cards)) != len(cards):
        raise ValueError(f"duplicate card in {list(cards)}")
    return max(
        short_deck_key(five, trips_above_straight=trips_above_straight)
        for five in combinations(cards, 5)
    )
