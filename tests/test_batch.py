"""The public batch API: conversion, shapes, sentinels, errors, invariants, the one-hand path."""

from __future__ import annotations

import subprocess
import sys
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from showdown import batch, evaluate
from showdown.batch import best_cards_many, evaluate_many, strength7, to_code_array
from showdown.cards import DECK, Card
from showdown.errors import (
    CardCountError,
    CardParseError,
    DuplicateCardError,
    InvalidArrayError,
    UnknownGameError,
    UnknownRankingError,
)
from showdown.games import evaluate_game
from showdown.rules import get_ranking
from showdown.tables import get_table
from tests.readable import readable_engine
from tests.test_kernels import deal

ROYAL = [51, 47, 43, 39, 35]


# ------------------------------------------------------------------ input forms


@pytest.mark.parametrize(
    "dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
)
def test_every_integer_dtype_gives_the_same_strengths(dtype: type[np.integer]) -> None:
    cards = deal(1_000, 7, 1)
    expected = evaluate_many(cards)
    assert np.array_equal(evaluate_many(cards.astype(dtype)), expected)


def test_rows_of_text_cards_and_codes_are_converted_once() -> None:
    rows: list[str | list[Card | str | int]] = [
        "As Ks Qs Js Ts",
        ["Ah", "Kh", "Qh", "Jh", "Th"],
        [Card("Ad"), 45, "Qd", "Jd", "Td"],
    ]
    assert to_code_array(rows).shape == (3, 5)
    assert evaluate_many(rows).tolist() == [7462, 7462, 7462]


def test_non_contiguous_arrays_are_accepted() -> None:
    cards = deal(500, 9, 2)
    view = cards[:, ::-1][:, 1:8]  # a strided view of 7 columns
    assert np.array_equal(evaluate_many(view), evaluate_many(np.ascontiguousarray(view)))


def test_empty_input_gives_empty_results_of_the_right_shape() -> None:
    empty = np.zeros((0, 7), np.uint8)
    assert evaluate_many(empty).shape == (0,)
    assert evaluate_many(empty, game="stud8").shape == (0, 2)
    assert best_cards_many(empty).shape == (0, 5)
    assert best_cards_many(empty, game="stud8").shape == (0, 2, 5)
    assert best_cards_many(np.zeros((0, 4), np.int64), game="badugi").shape == (0, 4)
    assert evaluate_many([]).shape == (0,)


def test_results_are_int32_and_int8() -> None:
    assert evaluate_many([ROYAL]).dtype == np.int32
    assert best_cards_many([ROYAL]).dtype == np.int8


# ------------------------------------------------------------------ games and sentinels


def test_hilo_games_give_high_and_low_columns_with_zero_for_no_low() -> None:
    rows = ["Ah 2h Ks Kd 3c 4d 8s Kh 9c", "Ah Kh Ks Kd Qc Jd 9s Th 9c"]
    strengths = evaluate_many(rows, game="omaha8")
    assert strengths.shape == (2, 2)
    first = evaluate_game("omaha8", "Ah 2h Ks Kd", "3c 4d 8s Kh 9c")
    assert first.high is not None
    assert first.low is not None
    assert strengths[0].tolist() == [first.high.strength, first.low.strength]
    assert strengths[1, 1] == 0
    assert best_cards_many(rows, game="omaha8")[1, 1].tolist() == [-1] * 5


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # four hearts in the hand, one on the board: no flush in Omaha, a flush in Hold'em
    row = "Ah Kh Qh Jh 2h 3c 4d 8s 9c"
    omaha = evaluate_many([row], game="omaha")[0]
    assert omaha == evaluate_game("omaha", "Ah Kh Qh Jh", "2h 3c 4d 8s 9c").high.strength
    assert omaha < evaluate_many([row])[0]


def test_holdem_takes_flop_turn_and_river_rows() -> None:
    hand = "As Ks Qs Js Ts 2c 3d"
    for width in (5, 6, 7):
        cards = to_code_array([hand])[:, :width]
        assert evaluate_many(cards, game="holdem").tolist() == [7462]


def test_short_deck_ranks_a_flush_above_a_full_house() -> None:
    rows = ["As Ks 9s 7s 6s Qc Qd", "Qs Qh Qc 6s 6h 7d 8c"]
    flush, full_house = evaluate_many(rows, game="shortdeck").tolist()
    assert flush > full_house


def test_best_cards_are_the_columns_that_play() -> None:
    row = "2c Ks Kd 9h 3c Kh Ts"
    columns = best_cards_many([row])[0].tolist()
    value = evaluate(row)
    cards = to_code_array([row])[0]
    assert {DECK[int(cards[c])] for c in columns} == set(value.cards)


# ------------------------------------------------------------------ errors


def test_wrong_shape_is_rejected() -> None:
    with pytest.raises(
        InvalidArrayError, match=r"expected a 2-D array with one hand per row, got shape \(5,\)"
    ):
        evaluate_many(np.array(ROYAL))


def test_non_integer_arrays_are_rejected() -> None:
    with pytest.raises(
        InvalidArrayError, match="card codes must be integers, got an array of dtype float64"
    ):
        evaluate_many(np.array([ROYAL], dtype=float))
    with pytest.raises(
        InvalidArrayError, match="card codes must be integers, got an array of dtype bool"
    ):
        evaluate_many(np.ones((2, 5), dtype=bool))


def test_a_single_text_is_not_a_batch() -> None:
    with pytest.raises(InvalidArrayError, match="wrap a single hand in a list"):
        evaluate_many("As Ks Qs Js Ts")


def test_rows_of_different_lengths_name_the_row() -> None:
    with pytest.raises(InvalidArrayError, match="row 2: has 4 cards where row 0 has 5"):
        evaluate_many(["As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "Ad Kd Qd Jd"])


def test_a_bad_card_text_names_the_row() -> None:
    with pytest.raises(CardParseError, match="row 1: 'Zx' is not a card: rank 'Z'"):
        evaluate_many(["As Ks Qs Js Ts", "Ah Kh Qh Jh Zx"])
    with pytest.raises(
        TypeError,
        match=r"row 0: cards\[0\] must be a Card, a card text or a code 0\.\.51, got float 1\.5",
    ):
        evaluate_many([[1.5, 2, 3, 4, 5]])  # type: ignore[list-item]


def test_a_code_out_of_range_names_the_first_bad_row() -> None:
    cards = deal(10_000, 7, 3)
    cards[7_321, 4] = 52
    cards[9_000, 0] = 60
    with pytest.raises(InvalidArrayError, match=r"row 7321: card code 52 is out of range 0\.\.51"):
        evaluate_many(cards)


def test_a_negative_code_names_the_row() -> None:
    cards = deal(100, 5, 4)
    cards[42, 2] = -1
    with pytest.raises(InvalidArrayError, match=r"row 42: card code -1 is out of range 0\.\.51"):
        evaluate_many(cards)
    cards[42, 2] = 1000
    with pytest.raises(InvalidArrayError, match=r"row 42: card code 1000 is out of range"):
        evaluate_many(cards)


def test_a_duplicate_in_a_row_names_the_row() -> None:
    cards = deal(20_000, 7, 5)
    cards[15_000, 6] = cards[15_000, 1]
    card = DECK[int(cards[15_000, 1])]
    with pytest.raises(
        InvalidArrayError, match=rf"row 15000: card {card} \(code \d+\) appears twice"
    ):
        evaluate_many(cards.astype(np.uint8))
    with pytest.raises(InvalidArrayError, match="row 15000"):
        best_cards_many(cards)


def test_a_card_outside_the_short_deck_names_the_row() -> None:
    rows = ["As Ks Qs Js Ts 9c 8d", "As Ks Qs Js Ts 9c 2d"]
    with pytest.raises(
        InvalidArrayError, match=r"row 1: card 2d \(code 1\) is not in the shortdeck deck"
    ):
        evaluate_many(rows, game="shortdeck")


def test_wrong_row_length_for_a_ranking() -> None:
    with pytest.raises(CardCountError, match="row 0: high needs at least 5 cards per row, got 4"):
        evaluate_many([[0, 1, 2, 3]])
    with pytest.raises(CardCountError, match="row 0: badugi takes exactly 4 cards per row, got 5"):
        evaluate_many([ROYAL], ranking="badugi")


def test_wrong_row_length_for_a_game() -> None:
    with pytest.raises(
        CardCountError,
        match=r"row 0: omaha needs 4 hole cards then 3 or 4 or 5 board cards \(7 or 8 or 9 per row\), got 6",
    ):
        evaluate_many(deal(3, 6, 6), game="omaha")
    with pytest.raises(CardCountError, match="row 0: razz needs 7 cards per row, got 5"):
        evaluate_many([ROYAL], game="razz")


def test_ranking_and_game_together_or_unknown() -> None:
    with pytest.raises(TypeError, match="give a ranking or a game, not both"):
        evaluate_many([ROYAL], ranking="high", game="holdem")
    with pytest.raises(UnknownRankingError):
        evaluate_many([ROYAL], ranking="pinochle")
    with pytest.raises(UnknownGameError):
        evaluate_many([ROYAL], game="pinochle")


# ------------------------------------------------------------------ invariants


@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(
        ["holdem", "stud8", "razz", "omaha8", "omaha6", "badugi", "2-7", "shortdeck"]
    ),
)
def test_order_of_hole_and_board_cards_and_suit_relabelling_never_matter(
    seed: int, game: str
) -> None:
    from showdown.games import get_game

    found = get_game(game)
    width = found.hole_cards + found.full_board
    deck = np.array([c for c in range(52) if found.name != "shortdeck" or c >= 16])
    cards = deal(200, width, seed, deck)
    expected = evaluate_many(cards, game=game)
    rng = np.random.default_rng(seed)
    shuffled = cards.copy()
    hole = found.hole_cards
    shuffled[:, :hole] = rng.permuted(cards[:, :hole], axis=1)
    if found.has_board:
        shuffled[:, hole:] = rng.permuted(cards[:, hole:], axis=1)
    assert np.array_equal(evaluate_many(shuffled, game=game), expected)
    suits = rng.permutation(4)
    relabelled = (cards & ~3) | suits[cards & 3]
    assert np.array_equal(evaluate_many(relabelled, game=game), expected)


@given(seed=st.integers(0, 2**32 - 1))
def test_best_five_beats_or_ties_every_five_card_subset(seed: int) -> None:
    from itertools import combinations

    cards = deal(50, 7, seed)
    best = evaluate_many(cards)
    for combo in combinations(range(7), 5):
        assert np.all(evaluate_many(cards[:, list(combo)]) <= best)
    chosen = best_cards_many(cards)
    assert np.array_equal(
        evaluate_many(np.take_along_axis(cards, chosen.astype(np.int64), 1)), best
    )


# ------------------------------------------------------------------ one hand


def test_strength7_equals_the_batch_on_200k_hands() -> None:
    cards = deal(200_000, 7, 7)
    expected = evaluate_many(cards).tolist()
    assert [strength7(row) for row in cards.tolist()] == expected


def test_strength7_equals_evaluate() -> None:
    for row in deal(300, 7, 8).tolist():
        assert strength7(row) == evaluate([DECK[c] for c in row]).strength


def test_strength7_errors() -> None:
    with pytest.raises(CardCountError, match=r"strength7 needs 7 card codes, got \[1, 2, 3\]"):
        strength7([1, 2, 3])
    with pytest.raises(CardParseError, match=r"52 is not a card code: codes are 0\.\.51"):
        strength7([0, 1, 2, 3, 4, 5, 52])
    with pytest.raises(CardParseError, match="-1 is not a card code"):
        strength7([0, 1, 2, 3, 4, 5, -1])
    with pytest.raises(
        DuplicateCardError, match=r"a card code is given twice in \[0, 1, 2, 3, 4, 5, 5\]"
    ):
        strength7([0, 1, 2, 3, 4, 5, 5])
    with pytest.raises(DuplicateCardError):
        strength7([51, 51, 2, 3, 4, 5, 6])


def test_import_showdown_does_not_import_numpy() -> None:
    """``import showdown`` stays light (a first ``showdown hand`` needs no NumPy); the
    batch module needs it."""
    code = (
        "import sys, showdown; print('numpy' in sys.modules)\n"
        "import showdown.batch; print('numpy' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True"]


def test_batch_calls_from_many_threads_at_once() -> None:
    from concurrent.futures import ThreadPoolExecutor

    cards = deal(50_000, 7, 9)
    expected = evaluate_many(cards)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: evaluate_many(cards), range(8)))
    assert all(np.array_equal(result, expected) for result in results)


# ------------------------------------------------------------------ the census


@pytest.mark.parametrize(("ranking", "size"), [("high", 6), ("high", 7), ("ace_to_five", 7)])
def test_the_readable_census_counts_each_hand_of_its_tasks_once(ranking: str, size: int) -> None:
    """Each task fixes the first two cards (deck positions); the hands are every choice of
    the others after them, each valued by the readable evaluator: what the C engine counts."""
    from showdown._kernels import engine
    from showdown._kernels.tables import kernel_tables, layout

    rules = get_ranking(ranking)
    deck = np.arange(52, dtype=np.int64)
    tasks = np.array([[0, 44], [10, 40], [45, 46]], np.int64)
    n_strengths = len(get_table(rules).classes) + 1
    counts = batch._readable_census(rules, deck, size, tasks, n_strengths)
    assert counts.sum() == sum(comb(52 - 1 - b, size - 2) for _, b in tasks.tolist())
    hands = [
        [a, b, *rest]
        for a, b in tasks.tolist()
        for rest in combinations(range(b + 1, 52), size - 2)
    ]
    with readable_engine():
        expected = np.bincount(evaluate_many(hands, ranking=rules), minlength=n_strengths)
    assert np.array_equal(counts, expected)
    tables = kernel_tables(rules)
    found = engine.keyed_census(
        deck,
        size,
        tasks,
        layout().offsets,
        tables.ranks,
        tables.flushes,
        tables.use_flush,
        n_strengths,
    )
    if found is not None:  # the C engine is built
        assert np.array_equal(found, counts)


@pytest.mark.slow
def test_a_census_without_the_core_counts_what_the_core_counts() -> None:
    expected = batch.census("shortdeck", 5)
    seen: list[tuple[int, int]] = []
    with readable_engine():
        found = batch.census(
            "shortdeck", 5, progress=lambda done, total: seen.append((done, total))
        )
    assert found == expected
    assert seen[-1] == (16, 16)
