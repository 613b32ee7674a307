"""The compiled core's batch path against the readable evaluator, exhaustively and on
random hands; and the tables it reads.

Three references, each independent of the core's tables and perfect hash:

* the readable evaluator itself (:func:`showdown.evaluate`,
  :func:`showdown.games.evaluate_game`, with ``SHOWDOWN_ENGINE=readable``) on
  a few hundred random hands per ranking and game (it takes tens of
  microseconds a hand, a millisecond for Omaha Hi/Lo);
* the readable evaluator's algorithm in numpy (:func:`reference`): every
  candidate set of counted cards the rules allow, in the readable order, each
  looked up in the readable table (``get_table(...).lookup``), the best kept;
  it is checked against the readable evaluator on those same hands and then
  compared with the core on every five-card hand and on 200,000 random
  hands per ranking and game;
* the plain reference ``tests/naive.py``, compared by order (same winner and
  ties) on a sample.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, product
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from showdown._kernels.game_tables import tables_nbytes
from showdown._kernels.hashing import greedy_rank_keys, multiplied_displacement
from showdown._kernels.tables import (
    FIVE_KEYS,
    HASH_SIZE,
    MAX_CARDS,
    RANK_KEYS,
    SEVEN_ROW_BITS,
    SEVEN_SIZE,
    kernel_tables,
    layout,
    multisets,
    omaha_tables,
    seven_layout,
    seven_slots,
)
from showdown.batch import best_cards_many, evaluate_many
from showdown.cards import DECK
from showdown.games import GAMES, Game
from showdown.rules import RANKINGS, Formation, RuleSet, get_ranking
from showdown.tables import get_table
from tests import naive
from tests.readable import game_hand
from tests.readable import value as readable_value

RANDOM_ROWS = 200_000
READABLE_ROWS = 400
Codes = npt.NDArray[np.int64]


# ------------------------------------------------------------------ helpers


def deck_of(rules: Sequence[RuleSet]) -> Codes:
    """The codes of the cards in every ranking's deck (36 for short deck)."""
    ranks = set.intersection(*({rank.index for rank in r.rank_order} for r in rules))
    return np.array([code for code in range(52) if code >> 2 in ranks], np.int64)


def deal(n: int, k: int, seed: int, deck: Codes | None = None) -> Codes:
    """``n`` rows of ``k`` different cards of ``deck``, uniformly (partial Fisher-Yates)."""
    cards = np.arange(52, dtype=np.int64) if deck is None else deck
    rng = np.random.default_rng(seed)
    rows = np.tile(cards, (n, 1))
    index = np.arange(n)
    for j in range(k):
        pick = rng.integers(j, len(cards), n)
        chosen = rows[index, pick]
        rows[index, pick] = rows[:, j]
        rows[:, j] = chosen
    return rows[:, :k]


def all_hands(k: int, deck: Codes | None = None) -> Codes:
    cards = np.arange(52, dtype=np.int64) if deck is None else deck
    index = np.fromiter(
        (i for combo in combinations(range(len(cards)), k) for i in combo), np.int64
    ).reshape(-1, k)
    return cards[index]


_PATTERNS = 13**5


def popcount(bits: Codes) -> Codes:
    return sum(((bits >> b) & 1 for b in range(13)), np.zeros_like(bits))


def pattern_strengths(rules: RuleSet) -> npt.NDArray[np.int64]:
    """The readable table as an array: index = five ranks (high to low) in base 13, + flush."""
    dense = np.zeros(2 * _PATTERNS, np.int64)
    for (ranks, flush), strength in get_table(rules).lookup.items():
        if len(ranks) == 5:
            code = int(np.dot(ranks, 13 ** np.arange(4, -1, -1)))
            dense[code + _PATTERNS * flush] = strength
    return dense


def candidates(rules: RuleSet, width: int, game: Game | None) -> tuple[bool, list[tuple[int, ...]]]:
    """(sort the row by code from highest first?, candidate positions) in the readable order."""
    if game is not None and game.hole_used is not None:
        board = rules.hand_size - game.hole_used
        return False, [
            (*two, *three)
            for two, three in product(
                combinations(range(game.hole_cards), game.hole_used),
                combinations(range(game.hole_cards, width), board),
            )
        ]
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return True, [
            combo
            for size in range(min(4, width), 0, -1)
            for combo in combinations(range(width), size)
        ]
    return True, list(combinations(range(width), rules.hand_size))


def reference(
    cards: Codes, rules: RuleSet, game: Game | None = None
) -> tuple[npt.NDArray[np.int64], Codes]:
    """The readable algorithm in numpy: best strength and the columns of the first best set."""
    n, width = cards.shape
    sort, combos = candidates(rules, width, game)
    order = np.argsort(-cards, axis=1, kind="stable") if sort else np.tile(np.arange(width), (n, 1))
    ordered = np.take_along_axis(cards, order, axis=1)
    best = np.zeros(n, np.int64)
    chosen = np.full((n, rules.hand_size), -1, np.int64)
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        by_ranks = {
            tuple(ranks): strength for (ranks, _), strength in get_table(rules).lookup.items()
        }
        mask_value = np.zeros(1 << 13, np.int64)
        for ranks, strength in by_ranks.items():
            mask_value[sum(1 << r for r in ranks)] = strength
    else:
        dense = pattern_strengths(rules)
        weights = 13 ** np.arange(4, -1, -1)
    for combo in combos:
        sub = ordered[:, list(combo)]
        if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
            rank_bits = np.bitwise_or.reduce(1 << (sub >> 2), axis=1)
            suit_bits = np.bitwise_or.reduce(1 << (sub & 3), axis=1)
            size = len(combo)
            ok = (popcount(rank_bits) == size) & (popcount(suit_bits) == size)
            value = np.where(ok, mask_value[rank_bits], 0)
        else:
            ranks_desc = -np.sort(-(sub >> 2), axis=1)
            flush = np.all((sub & 3) == (sub[:, :1] & 3), axis=1)
            value = dense[ranks_desc @ weights + _PATTERNS * flush]
        better = value > best
        best = np.where(better, value, best)
        padded = list(combo) + [-1] * (rules.hand_size - len(combo))
        columns = np.where(np.array(padded) >= 0, order[:, [max(p, 0) for p in padded]], -1)
        chosen[better] = columns[better]
    chosen = np.where(chosen >= 0, chosen, 99)
    chosen.sort(axis=1)
    return best, np.where(chosen == 99, -1, chosen)


def readable(cards: Codes, rules: RuleSet, game: Game | None) -> list[tuple[int, frozenset[int]]]:
    """(strength, codes that play) per row, from the readable evaluator; (0, {}) for no value."""
    out: list[tuple[int, frozenset[int]]] = []
    for row in cards.tolist():
        hand = [DECK[code] for code in row]
        if game is None:
            value = readable_value(hand, ranking=rules)
        else:
            split = game.hole_cards
            found = game_hand(game, hand[:split], hand[split:])
            value = found.values[game.rankings.index(rules)]
        out.append(
            (0, frozenset())
            if value is None
            else (value.strength, frozenset(c.code for c in value.cards))
        )
    return out


Config = tuple[str, RuleSet, "Game | None", int]


def _kernel_inputs(rules: RuleSet, game: Game | None, width: int) -> tuple[object, ...]:
    """What the core values for a column: the ranking, the row width and, for a
    game with Omaha's rule, how many hole cards and how many of them play."""
    if game is None or game.hole_used is None:
        return (rules.name, width)
    return (rules.name, width, game.hole_cards, game.hole_used)


def configs() -> tuple[list[Config], list[tuple[Config, Config]]]:
    """(id, ranking, game or None, cards per row) for every ranking and every game.

    Returns the configurations whose kernel inputs are new, checked in full
    below, and the *twins*, ``(config, first config with the same inputs)``: a
    game that hands the core exactly what an earlier one does (Hold'em and
    Irish the high ranking on 5-7 cards, Courchevel what Five Card Omaha does),
    checked by :func:`test_twin_games_equal_their_first_config` alone.
    """
    found: list[Config] = []
    for name, rules in RANKINGS.items():
        widths = (4,) if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS else (5, 6, 7, 8)
        found += [(f"{name}-{width}", rules, None, width) for width in widths]
    for name, game in GAMES.items():
        for board in game.hand_boards or (0,):
            for rules in game.rankings:
                width = game.hole_cards + board
                found.append((f"{name}-{width}-{rules.name}", rules, game, width))
    first: dict[tuple[object, ...], Config] = {}
    unique: list[Config] = []
    twins: list[tuple[Config, Config]] = []
    for config in found:
        inputs = _kernel_inputs(*config[1:])
        if inputs in first:
            twins.append((config, first[inputs]))
        else:
            first[inputs] = config
            unique.append(config)
    return unique, twins


CONFIGS, TWINS = configs()


def column(
    strengths: npt.NDArray[np.int32], rules: RuleSet, game: Game | None
) -> npt.NDArray[np.int32]:
    if game is None or len(game.rankings) == 1:
        return strengths
    return strengths[:, game.rankings.index(rules)]


def run(cards: Codes, rules: RuleSet, game: Game | None) -> npt.NDArray[np.int32]:
    if game is None:
        return evaluate_many(cards, ranking=rules)
    return column(evaluate_many(cards, game=game), rules, game)


def run_best(cards: Codes, rules: RuleSet, game: Game | None) -> npt.NDArray[np.int8]:
    if game is None:
        return best_cards_many(cards, ranking=rules)
    best = best_cards_many(cards, game=game)
    return best if len(game.rankings) == 1 else best[:, game.rankings.index(rules)]


# ------------------------------------------------------------------ tables


def test_rank_keys_separate_every_multiset_of_up_to_seven_ranks() -> None:
    _, keys = multisets()
    assert len(keys) == 76_155
    assert len(np.unique(keys)) == len(keys)
    assert keys.max() < 1 << 25
    assert list(RANK_KEYS) == sorted(RANK_KEYS)


def test_five_keys_separate_every_five_card_multiset() -> None:
    counts, _ = multisets()
    five = counts[counts.sum(axis=1) == 5].astype(np.int64) @ np.array(FIVE_KEYS)
    assert len(five) == 6_175
    assert len(np.unique(five)) == len(five)


def test_keys_are_what_the_greedy_search_finds() -> None:
    assert greedy_rank_keys(5, first=0, exact=True) == FIVE_KEYS
    assert greedy_rank_keys(7, first=1, exact=False, n_ranks=10) == RANK_KEYS[:10]


def test_seven_card_hash_is_one_to_one_over_every_seven_card_multiset() -> None:
    counts, keys = multisets()
    sevens = keys[counts.sum(axis=1) == MAX_CARDS]
    seven = seven_layout()
    assert len(sevens) == 49_205
    assert len(seven.offsets) == 1 << SEVEN_ROW_BITS
    # recomputed here from the keys, as the C code does: top row bits of the low 32 bits
    rows = ((sevens * seven.multiplier) % (1 << 32)) >> (32 - SEVEN_ROW_BITS)
    slots = (sevens + seven.offsets[rows].astype(np.int64)) % SEVEN_SIZE
    assert len(np.unique(slots)) == len(slots)
    assert np.array_equal(slots, seven_slots(sevens, seven.offsets, seven.multiplier))


def test_multiplied_displacement_places_keys_or_says_it_cannot() -> None:
    rng = np.random.default_rng(3)
    # 3,000 keys of 4,096 slots, all different modulo 4,096 (else some row may not fit)
    keys = rng.permutation(4_096)[:3_000] + 4_096 * rng.integers(0, 1 << 18, 3_000)
    offsets = multiplied_displacement(keys, 0x9E3779B1, 8, 4_096)
    rows = ((keys * 0x9E3779B1) % (1 << 32)) >> 24
    assert len(offsets) == 256
    assert len(np.unique((keys + offsets[rows]) % 4_096)) == len(keys)
    # two keys of one row (multiplier 1, keys below 2**24: row 0) equal modulo the size
    assert len(multiplied_displacement(np.array([5, 5 + 4_096]), 1, 8, 4_096)) == 0
    # more keys than slots
    assert len(multiplied_displacement(np.arange(20), 0x9E3779B1, 2, 16)) == 0


def test_perfect_hash_is_one_to_one() -> None:
    slots = layout().slots
    assert len(np.unique(slots)) == len(slots)
    assert slots.min() >= 0
    assert slots.max() < HASH_SIZE


def test_all_tables_fit_in_four_megabytes() -> None:
    assert tables_nbytes() <= 4 * 1024 * 1024


@pytest.mark.parametrize("name", ["high", "shortdeck", "deuce_to_seven"])
def test_flush_table_is_the_best_suited_five(name: str) -> None:
    tables = kernel_tables(name)
    dense = pattern_strengths(get_ranking(name))
    for mask in (0b1_1111_0000_0000, 0b1_0000_0000_1111, 0b1_0110_1100_0011):
        ranks = [r for r in range(13) if mask >> r & 1]
        best = 0
        for five in combinations(sorted(ranks, reverse=True), 5):
            best = max(best, dense[int(np.dot(five, 13 ** np.arange(4, -1, -1))) + _PATTERNS])
        assert tables.flushes[mask] == best


def test_omaha_tables_agree_with_the_hashed_table() -> None:
    counts, _ = multisets()
    five = counts.sum(axis=1) == 5
    keys = counts[five].astype(np.int64) @ np.array(FIVE_KEYS)
    direct = omaha_tables("high").fives[keys]
    hashed = kernel_tables("high").ranks[layout().slots[five]]
    assert np.array_equal(direct, hashed)


# ------------------------------------------------------------------ exhaustive


FIVE_CARD_RANKINGS = [name for name, rules in RANKINGS.items() if rules.hand_size == 5]


@pytest.mark.parametrize("name", FIVE_CARD_RANKINGS)
def test_every_five_card_hand_equals_the_readable_table(name: str) -> None:
    rules = get_ranking(name)
    hands = all_hands(5, deck_of([rules]))
    expected, _ = reference(hands, rules)
    assert np.array_equal(evaluate_many(hands, ranking=rules), expected)
    assert np.array_equal(evaluate_many(hands[:, ::-1], ranking=rules), expected)
    assert len(hands) == comb(len(deck_of([rules])), 5)


def test_every_badugi_hand_equals_the_readable_table() -> None:
    rules = get_ranking("badugi")
    hands = all_hands(4)
    expected, cards = reference(hands, rules)
    assert np.array_equal(evaluate_many(hands, ranking=rules), expected)
    assert np.array_equal(best_cards_many(hands, ranking=rules), cards)


# ------------------------------------------------------------------ random


def _seed(config_id: str) -> int:
    return sum(map(ord, config_id))


@pytest.mark.parametrize(
    ("config_id", "rules", "game", "width"), CONFIGS, ids=[c[0] for c in CONFIGS]
)
def test_the_core_and_the_reference_equal_the_readable_evaluator(
    config_id: str, rules: RuleSet, game: Game | None, width: int
) -> None:
    """Strength and the very cards that play, as evaluate / evaluate_game give them."""
    deck = deck_of(game.rankings if game else [rules])
    cards = deal(READABLE_ROWS, width, _seed(config_id), deck)
    expected = readable(cards, rules, game)
    ref_strengths, ref_chosen = reference(cards, rules, game)
    strengths = run(cards, rules, game)
    chosen = run_best(cards, rules, game)
    for i, (strength, codes) in enumerate(expected):
        hand = [str(DECK[c]) for c in cards[i]]
        for got_strength, got_columns in ((ref_strengths, ref_chosen), (strengths, chosen)):
            played = frozenset(int(cards[i, c]) for c in got_columns[i] if c >= 0)
            assert (int(got_strength[i]), played) == (strength, codes), hand


@pytest.mark.parametrize(
    ("config_id", "rules", "game", "width"), CONFIGS, ids=[c[0] for c in CONFIGS]
)
def test_the_core_equals_the_readable_reference_on_random_hands(
    config_id: str, rules: RuleSet, game: Game | None, width: int
) -> None:
    deck = deck_of(game.rankings if game else [rules])
    cards = deal(RANDOM_ROWS, width, _seed(config_id) + 1, deck)
    strengths, chosen = reference(cards, rules, game)
    got = run(cards.astype(np.uint8), rules, game)
    assert got.dtype == np.int32
    bad = np.flatnonzero(got != strengths)
    assert not len(bad), [str(DECK[c]) for c in cards[bad[0]]]
    best = run_best(cards, rules, game)
    bad = np.flatnonzero(np.any(best != chosen, axis=1))
    assert not len(bad), [str(DECK[c]) for c in cards[bad[0]]]


@pytest.mark.parametrize(
    ("config_id", "rules", "game", "width"), CONFIGS, ids=[c[0] for c in CONFIGS]
)
def test_the_core_equals_the_readable_evaluator_including_its_choice_of_cards(
    config_id: str, rules: RuleSet, game: Game | None, width: int
) -> None:
    deck = deck_of(game.rankings if game else [rules])
    cards = deal(READABLE_ROWS, width, _seed(config_id) + 2, deck)
    strengths = run(cards, rules, game)
    best = run_best(cards, rules, game)
    for i, (strength, codes) in enumerate(readable(cards, rules, game)):
        played = frozenset(int(cards[i, c]) for c in best[i] if c >= 0)
        assert (int(strengths[i]), played) == (strength, codes), [str(DECK[c]) for c in cards[i]]


@pytest.mark.parametrize(("twin", "first"), TWINS, ids=[t[0][0] for t in TWINS])
def test_twin_games_equal_their_first_config(twin: Config, first: Config) -> None:
    """A twin hands the core the inputs of an earlier configuration (checked in full):
    the same strengths and cards on random rows, and the readable evaluator on a few."""
    config_id, rules, game, width = twin
    deck = deck_of(game.rankings if game else [rules])
    cards = deal(20_000, width, _seed(config_id), deck)
    assert np.array_equal(run(cards, rules, game), run(cards, first[1], first[2]))
    assert np.array_equal(run_best(cards, rules, game), run_best(cards, first[1], first[2]))
    sample = cards[:200]
    strengths, best = run(sample, rules, game), run_best(sample, rules, game)
    for i, (strength, codes) in enumerate(readable(sample, rules, game)):
        played = frozenset(int(sample[i, c]) for c in best[i] if c >= 0)
        assert (int(strengths[i]), played) == (strength, codes), [str(DECK[c]) for c in sample[i]]


# ------------------------------------------------------------------ independent reference


def _dense_order(keys: Sequence[tuple[int, ...] | None]) -> list[int]:
    ordered = sorted({key for key in keys if key is not None})
    position = {key: i + 1 for i, key in enumerate(ordered)}
    return [0 if key is None else position[key] for key in keys]


NAIVE: dict[str, Callable[[list[str]], tuple[int, ...] | None]] = {
    "high": naive.best_high,
    "ace_to_five": naive.best_ace_to_five,
    "eight_or_better": naive.best_eight_or_better,
    "deuce_to_seven": naive.deuce_to_seven_key,
}


@pytest.mark.parametrize(
    ("name", "width"),
    [("high", 7), ("ace_to_five", 7), ("eight_or_better", 7), ("deuce_to_seven", 5)],
)
def test_the_core_orders_hands_as_the_naive_reference(name: str, width: int) -> None:
    cards = deal(3_000, width, 7 + width, None)
    texts = [[str(DECK[code]) for code in row] for row in cards.tolist()]
    keys = [NAIVE[name](row) for row in texts]
    strengths = evaluate_many(cards, ranking=name).tolist()
    assert _dense_order([None if s == 0 else (s,) for s in strengths]) == _dense_order(keys)


def test_omaha_orders_hands_as_the_naive_reference() -> None:
    cards = deal(2_000, 9, 99)
    texts = [[str(DECK[code]) for code in row] for row in cards.tolist()]
    strengths = evaluate_many(cards, game="omaha8")
    high = [naive.best_omaha_high(row[:4], row[4:]) for row in texts]
    low = [naive.best_omaha_eight(row[:4], row[4:]) for row in texts]
    assert _dense_order([(s,) for s in strengths[:, 0].tolist()]) == _dense_order(high)
    assert _dense_order(
        [None if s == 0 else (s,) for s in strengths[:, 1].tolist()]
    ) == _dense_order(low)


def test_badugi_orders_hands_as_the_naive_reference() -> None:
    cards = deal(5_000, 4, 4)
    keys = [naive.badugi_key([str(DECK[code]) for code in row]) for row in cards.tolist()]
    strengths = evaluate_many(cards, ranking="badugi").tolist()
    assert _dense_order([(s,) for s in strengths]) == _dense_order(keys)
