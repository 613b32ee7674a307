"""The fast single call: ``strength`` as one C call, and Omaha's tables by board.

Where the C extension is built, :func:`showdown.batch.strength` is a builtin
that finds the scorer of its ``ranking=``/``game=`` argument among those it
has resolved and runs that scorer's C path; Omaha's high half is one row of
:func:`showdown._scorer.omaha_boards` per hand and its low half one value of
:func:`showdown._scorer.omaha_low_pairs`. These tests compare every one of
those paths with the readable evaluator (``showdown.evaluate``,
``showdown.games.evaluate_game``) on random hands, hands full of ties and
flush boards, and check that every odd call and every bad input raises the
very error, with the very message, of the Python function.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import types
from collections.abc import Callable
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from showdown import _scorer
from showdown.batch import _strength_python, evaluate_many, scorer, strength
from showdown.cards import DECK
from showdown.errors import UnknownGameError, UnknownRankingError
from showdown.games import GAMES
from showdown.rules import RANKINGS
from tests.readable import game_strengths as readable_game
from tests.readable import ranking_strength as readable_ranking
from tests.readable import value as readable_value

BUILT = _scorer.extension() is not None
needs_extension = pytest.mark.skipif(not BUILT, reason="the C extension is not built here")
OMAHA = sorted(name for name, game in GAMES.items() if game.hole_used)


def outcome(function: Callable[..., object], *args: Any, **kwargs: Any) -> object:
    try:
        return function(*args, **kwargs)
    except (ValueError, TypeError) as error:
        return type(error), str(error)


# ------------------------------------------------------------------ strength() in C


@needs_extension
def test_strength_is_one_builtin_with_the_python_signature_and_doc() -> None:
    assert isinstance(strength, types.BuiltinFunctionType)
    assert strength.__module__ == "showdown.batch"
    assert strength.__doc__ == _strength_python.__doc__
    ours = inspect.signature(strength).parameters.values()
    python = inspect.signature(_strength_python).parameters.values()
    assert [(p.name, p.kind, p.default) for p in ours] == [
        (p.name, p.kind, p.default) for p in python
    ]


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_strength_of_a_ranking_by_name_or_rule_set(name: str) -> None:
    rules = RANKINGS[name]
    rng = random.Random(f"percall-{name}")
    deck = [code for code in range(52) if code >> 2 in {rank.index for rank in rules.rank_order}]
    sizes = [4] if name == "badugi" else [5, 6, 7, 8, 12]
    for _ in range(300):
        codes = rng.sample(deck, rng.choice(sizes))
        expected = readable_ranking(name, codes)
        assert strength(codes, ranking=name) == expected, codes
        assert strength(codes, ranking=rules) == expected, codes
        assert strength(tuple(codes), ranking=name, game=None) == expected, codes
    if name == "high":
        codes = [51, 47, 43, 39, 35, 0, 1]  # As Ks Qs Js Ts 2c 2d: a royal flush
        assert strength(codes) == strength(codes, ranking=None) == 7462


@pytest.mark.parametrize("name", sorted(GAMES))
def test_strength_of_a_game_by_name_or_game(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(f"percall-game-{name}")
    deck = [card.code for card in game.deck]
    for _ in range(100 if game.hole_used else 300):
        codes = rng.sample(deck, rng.choice(_scorer.game_sizes(game)))
        expected = readable_game(name, codes)
        assert strength(codes, game=name) == expected, codes
        assert strength(codes, game=game, ranking=None) == expected, codes


def test_strength_keywords_however_they_are_spelt() -> None:
    codes = [48, 1, 46, 45, 4, 9, 26, 47, 28]  # Ac 2d Kh Kd / 3c 4d 8h Ks 9c
    expected = (5749, 35)  # worked out in scorer's docstring: kings full, 8-4-3-2-A low
    assert strength(codes, game="omaha8") == expected
    built = "".join(["ga", "me"])  # a keyword name that is not the interned text
    loose: Callable[..., Any] = strength
    assert loose(codes, **{built: "omaha8"}) == expected
    assert loose(codes, **{"".join(["ran", "king"]): None, built: "omaha8"}) == expected
    many = ["".join(["omaha", str(8)]) for _ in range(50)]  # 50 equal texts, 50 objects
    assert all(strength(codes, game=text) == expected for text in many)
    copies = [dataclasses.replace(GAMES["omaha_hilo"]) for _ in range(50)]  # equal, not identical
    assert all(strength(codes, game=copy) == expected for copy in copies)
    aliases = ["omaha_hilo", "OMAHA8", "omaha8"]
    assert all(strength(codes, game=alias) == expected for alias in aliases)


@pytest.mark.parametrize("name", ["badugi", "deuce_to_seven", "shortdeck", "sixplus"])
def test_one_text_as_a_ranking_and_as_a_game_in_turn(name: str) -> None:
    """The same text object as ``ranking=`` and as ``game=`` in turn, one call after the
    other (the dispatcher looks at the last call's argument first): each its own entry."""
    game = GAMES[name]
    rng = random.Random(f"percall-turn-{name}")
    deck = [card.code for card in game.deck]
    by_ranking: Callable[[Any], Any] = scorer(ranking=name)
    by_game: Callable[[Any], Any] = scorer(game=name)
    assert by_ranking is not by_game
    for _ in range(200):
        codes = rng.sample(deck, max(_scorer.game_sizes(game)))
        assert strength(codes, ranking=name) == by_ranking(codes), codes
        assert strength(codes, game=name) == by_game(codes), codes
        assert strength(codes, game=name) == by_game(codes), codes
        assert strength(codes, ranking=name) == by_ranking(codes), codes


ODD_CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((), {}),
    (([51, 47, 43, 39, 35],), {"rankin": "high"}),
    (([51, 47, 43, 39, 35], "high"), {}),
    (([51, 47, 43, 39, 35],), {"ranking": "high", "game": "holdem"}),
    (([51, 47, 43, 39, 35],), {"ranking": "nonesuch"}),
    (([51, 47, 43, 39, 35],), {"game": "nonesuch"}),
    (([51, 47, 43, 39, 35],), {"ranking": ["high"]}),
    (([51, 47, 43, 39, 35],), {"game": {"holdem": 1}}),
    (([51, 47, 43, 39, 35],), {"ranking": 5}),
    (([51, 47, 43, 39, 35],), {"game": RANKINGS["high"]}),
    (([51, 47, 43, 39, 35],), {"ranking": GAMES["holdem"]}),
    (([0, 1, 2, 3, 4, 5, 6, 7, 8],), {"game": "omaha", "ranking": None}),
]


@pytest.mark.parametrize(("args", "kwargs"), ODD_CALLS)
def test_an_odd_call_raises_as_the_python_function(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    for _ in range(2):  # a refused argument is never kept
        assert outcome(strength, *args, **kwargs) == outcome(_strength_python, *args, **kwargs)
    with pytest.raises(UnknownRankingError, match="'nonesuch' is not a ranking"):
        strength([51, 47, 43, 39, 35], ranking="nonesuch")
    with pytest.raises(UnknownGameError):
        strength([51, 47, 43, 39, 35], game="nonesuch")


class Code(int):
    """An int of another type: valid, but not the C path's."""


BAD_CODES: list[Any] = [
    None,
    5,
    "As Ks Qs Js Ts",
    [],
    [1, 2, 3],
    list(range(17)),
    list(range(53)),
    [0, 1, 2, 3, 4, 5, 52],
    [0, 1, 2, 3, 4, 5, -1],
    [0, 1, 2, 3, 4, 5, 2**30],
    [0, 1, 2, 3, 4, 5, 2**31 + 3],
    [0, 1, 2, 3, 4, 5, 2**62],
    [0, 1, 2, 3, 4, 5, -(2**40)],
    [10**40, 1, 2, 3, 4, 5, 6],
    [0, 1, 2, 3, 4, 5, 5],
    [0, 1, 2, 3, 4, 5, True],
    [0, 1, 2, 3, 4, 5, np.bool_(True)],
    [0, 1, 2, 3, 4, 5, 6.0],
    [0, 1, 2, 3, 4, 5, np.int64(6)],
    [0, 1, 2, 3, 4, 5, np.uint8(6)],
    [0, 1, 2, 3, 4, 5, Code(6)],
    np.arange(7),
    range(7),
    [20, 24, 28, 32, 36, 40, 44, 0],  # a deuce: not in the short deck
    [48, 1, 46, 45, 4, 9, 26, 47, 28, 51],
    [48, 1, 46, 45, 4, 9, 26, 47, 47],
]


@pytest.mark.parametrize(
    ("keyword", "name"),
    [
        *[("ranking", name) for name in sorted(RANKINGS)],
        *[("game", name) for name in ("holdem", "omaha", "omaha6_hilo", "razz", "badugi")],
    ],
)
def test_a_bad_input_through_strength_raises_the_python_error(keyword: str, name: str) -> None:
    for codes in BAD_CODES:
        expected = outcome(_strength_python, codes, **{keyword: name})
        assert outcome(strength, codes, **{keyword: name}) == expected, (name, codes)
        loose: Callable[..., Any] = scorer
        assert outcome(loose(**{keyword: name}), codes) == expected, (name, codes)


# ------------------------------------------------------------------ Omaha's tables


def omaha_deals(name: str, count: int, seed: int) -> list[list[int]]:
    """Omaha deals of every board size, a third of them from four ranks (ties, trips and
    quads), a third from one or two suits (flush boards with suited holes)."""
    game = GAMES[name]
    rng = random.Random(f"percall-omaha-{name}-{seed}")
    deals = []
    for i in range(count):
        size = rng.choice(_scorer.game_sizes(game))
        if i % 3 == 0:
            ranks = rng.sample(range(13), 4)
            deck = [code for code in range(52) if code >> 2 in ranks]
        elif i % 3 == 1:
            suits = rng.sample(range(4), rng.choice([1, 2]))
            deck = [code for code in range(52) if code & 3 in suits]
        else:
            deck = list(range(52))
        deals.append(rng.sample(deck, size))
    return deals


@pytest.mark.parametrize("name", OMAHA)
def test_omaha_by_board_on_ties_and_flushes(name: str) -> None:
    score = scorer(game=name)
    deals = omaha_deals(name, 240, 1)
    for codes in deals:
        expected = readable_game(name, codes)
        assert score(codes) == expected, f"{name}: {codes}"
        assert strength(codes, game=name) == expected, f"{name}: {codes}"
    for size in _scorer.game_sizes(GAMES[name]):  # the batch path (showdown._ceval.rows)
        rows = [codes for codes in deals if len(codes) == size]
        values = evaluate_many(np.array(rows, np.int8), game=name)
        expected_rows = [readable_game(name, codes) for codes in rows]
        assert values.reshape(len(rows), -1).tolist() == [list(e) for e in expected_rows]


def test_the_board_tables_are_the_best_of_the_boards_triples() -> None:
    rules = RANKINGS["high"]
    pair_triple = _scorer.omaha_pair_triple(rules)
    rng = random.Random("boards")
    for size in (4, 5):
        table = _scorer.omaha_boards(rules, size)
        assert table.shape == (len(_scorer._multiset_ranks(size)) * _scorer.PAIRS,)
        for _ in range(400):
            board = [rng.randrange(13) for _ in range(size)]
            pair = [rng.randrange(13) for _ in range(2)]
            best = max(
                pair_triple[
                    _scorer._multiset_index(t) * _scorer.PAIRS + _scorer._multiset_index(pair)
                ]
                for t in combinations(board, 3)
            )
            index = _scorer._multiset_index(board) * _scorer.PAIRS + _scorer._multiset_index(pair)
            assert table[index] == best, (board, pair)


def test_a_board_row_is_the_readable_omaha_value_without_a_flush() -> None:
    rng = random.Random("board-rows")
    table = _scorer.omaha_boards(RANKINGS["high"], 5)
    for _ in range(300):
        codes = rng.sample(range(52), 9)
        if max(sum(code & 3 == suit for code in codes) for suit in range(4)) >= 5:
            continue  # a flush may play: the flush table's
        ranks = [code >> 2 for code in codes]
        best = max(
            table[_scorer._multiset_index(ranks[4:]) * _scorer.PAIRS + _scorer._multiset_index(p)]
            for p in combinations(ranks[:4], 2)
        )
        assert best == readable_game("omaha", codes)[0], codes


def test_the_low_pairs_are_the_best_low_of_two_hole_and_three_board_ranks() -> None:
    rules = RANKINGS["eight_or_better"]
    table = _scorer.omaha_low_pairs(rules)
    low_ranks = [rank for rank in range(13) if rank <= 6 or rank == 12]
    k = len(low_ranks)
    assert table.shape == (4**k,)
    rng = random.Random("low-pairs")
    for _ in range(600):
        hole = set(rng.sample(low_ranks, rng.randrange(0, 7)))
        board = set(rng.sample(low_ranks, rng.randrange(0, 6)))
        best = 0
        for two in combinations(sorted(hole), 2):
            for three in combinations(sorted(board - set(two)), 3):
                cards = [DECK[rank * 4 + 0] for rank in (*two, *three)]
                value = readable_value(cards, ranking=rules)
                best = max(best, 0 if value is None else value.strength)

        def compressed(ranks: set[int]) -> int:
            return sum(1 << low_ranks.index(rank) for rank in ranks)

        assert table[compressed(hole) << k | compressed(board)] == best, (hole, board)


# ------------------------------------------------------------------ a qualified low by mask


def test_a_qualified_low_by_its_rank_mask() -> None:
    rules = RANKINGS["eight_or_better"]
    table = _scorer.lows_by_mask(rules)
    assert table.shape == (1 << 13,)
    rng = random.Random("low-masks")
    for _ in range(500):
        ranks = rng.sample(range(13), rng.randrange(5, 10))
        cards = [DECK[rank * 4 + rng.randrange(4)] for rank in ranks]
        value = readable_value(cards, ranking=rules)
        assert table[sum(1 << rank for rank in ranks)] == (0 if value is None else value.strength)
    for name, other in RANKINGS.items():
        if other.qualifier is None:
            assert _scorer.lows_by_mask(other).size == 0, name


@pytest.mark.parametrize("name", ["eight_or_better", "stud_hilo"])
def test_low_hands_full_of_pairs(name: str) -> None:
    """Hands of A-8 and a few high cards, many paired: lows of four, five and more ranks."""
    rng = random.Random(f"low-hands-{name}")
    deck = [code for code in range(52) if code >> 2 <= 6 or code >> 2 >= 11]
    score = scorer(game=name) if name in GAMES else scorer(ranking=name)
    for _ in range(600):
        codes = rng.sample(deck, 7 if name in GAMES else rng.choice([5, 6, 7, 8, 11, 16]))
        expected = readable_game(name, codes) if name in GAMES else readable_ranking(name, codes)
        assert score(codes) == expected, codes
