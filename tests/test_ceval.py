"""The per-call entries (``strength7``, :func:`showdown.batch.scorer`) against the readable evaluator.

Where the C extension ``showdown._ceval`` is built, the entries are its
builtin functions; these tests compare them, on random deals of every ranking
and every game, with the readable evaluator (every candidate set looked up in
the rule table), check that every bad input raises the very error, with the
very message, that the Python path raises, and that the readable reference
answers when the core is off (``SHOWDOWN_ENGINE=readable``) or missing.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from showdown import _scorer, batch
from showdown.batch import _strength7_python, scorer, strength, strength7
from showdown.errors import CardCountError, CardParseError, DuplicateCardError
from showdown.games import GAMES
from showdown.rules import RANKINGS
from tests.readable import game_strengths as readable_game
from tests.readable import ranking_strength as readable_ranking

BUILT = _scorer.extension() is not None
needs_extension = pytest.mark.skipif(not BUILT, reason="the C extension is not built here")


def ranking_deals(name: str, count: int) -> list[list[int]]:
    """Random hands of a ranking's deck: Badugi four cards, else mostly 5-7, some up to 20."""
    rules = RANKINGS[name]
    rng = random.Random(f"ceval-{name}")
    indexes = {rank.index for rank in rules.rank_order}
    deck = [code for code in range(52) if code >> 2 in indexes]
    sizes = [4] if name == "badugi" else [5, 6, 7, 5, 6, 7, 5, 6, 7, 8, 9, 12, 16]
    deals = [rng.sample(deck, rng.choice(sizes)) for _ in range(count)]
    wide = [] if name == "badugi" else [17, 18, 20]  # the readable path tries C(20, 5) fives
    return deals + [rng.sample(deck, size) for size in wide]


def game_deals(name: str, count: int) -> list[list[int]]:
    """Random hole cards then a board the game values, from its deck."""
    game = GAMES[name]
    rng = random.Random(f"ceval-game-{name}")
    deck = [card.code for card in game.deck]
    sizes = _scorer.game_sizes(game)
    return [rng.sample(deck, rng.choice(sizes)) for _ in range(count)]


# ------------------------------------------------------------------ values


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_a_ranking_scorer_gives_the_readable_strength(name: str) -> None:
    score = scorer(ranking=name)
    for codes in ranking_deals(name, 600):
        assert score(codes) == readable_ranking(name, codes), f"{name}: {codes}"
        assert strength(codes, ranking=name) == score(codes)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_scorer_gives_the_readable_strengths(name: str) -> None:
    score = scorer(game=name)
    count = 150 if GAMES[name].hole_used else 500  # the readable Omaha tries 60 to 150 fives
    for codes in game_deals(name, count):
        assert score(codes) == readable_game(name, codes), f"{name}: {codes}"
        assert strength(codes, game=name) == score(codes)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_scorer_gives_the_readable_strengths_on_more_deals(name: str) -> None:
    score = scorer(game=name)
    for codes in game_deals(name, 5_000)[1_000:]:
        assert score(codes) == readable_game(name, codes), f"{name}: {codes}"


def test_strength7_gives_the_readable_strength() -> None:
    rng = random.Random("ceval-strength7")
    for _ in range(1_000):
        codes = rng.sample(range(52), 7)
        assert strength7(codes) == readable_ranking("high", codes), codes
    for _ in range(100):
        codes = rng.sample(range(52), 7)
        assert strength7(tuple(codes)) == _strength7_python(codes)


def test_the_edges_of_each_ranking() -> None:
    # Worked out by hand: the best and the worst hand of each, and a low that does not qualify.
    assert strength7([51, 47, 43, 39, 35, 0, 1]) == 7462  # As Ks Qs Js Ts 2c 2d
    assert scorer()([0, 5, 10, 15, 21]) == 1  # 2c 3d 4h 5s 7d: the worst high
    assert scorer(ranking="razz")([48, 1, 6, 11, 12]) == 6175  # A-2-3-4-5 of 6,175 classes
    assert scorer(ranking="eight_or_better")([44, 45, 46, 40, 41]) == 0  # no low: K K K Q Q
    assert scorer(ranking="deuce_to_seven")([20, 13, 10, 5, 0]) == 7462  # 7-5-4-3-2 offsuit
    assert scorer(ranking="deuce_to_seven")([20, 12, 8, 4, 0]) < 7462  # 7-5-4-3-2 suited
    assert scorer(game="stud_hilo")([48, 1, 6, 11, 12, 51, 47]) == (
        readable_ranking("high", [48, 1, 6, 11, 12, 51, 47]),
        readable_ranking("eight_or_better", [48, 1, 6, 11, 12, 51, 47]),
    )


def test_other_sequences_and_numpy_integers_give_the_same_values() -> None:
    codes = [48, 1, 46, 45, 4, 9, 26, 47, 28]
    omaha8: Callable[[Any], tuple[int, ...]] = scorer(game="omaha8")  # any iterable of codes
    expected = omaha8(codes)
    assert omaha8(tuple(codes)) == expected
    assert omaha8(np.array(codes)) == expected
    assert omaha8(np.array(codes, np.uint8).tolist()) == expected
    assert omaha8(iter(codes)) == expected
    assert omaha8([np.int64(code) for code in codes]) == expected
    seven = [51, 47, 43, 39, 35, 0, 1]
    loose: Callable[[Any], int] = strength7
    assert loose(np.array(seven)) == strength7(seven) == 7462
    assert (
        loose(range(7)) == _strength7_python(list(range(7))) == readable_ranking("high", range(7))
    )


def test_the_same_scorer_serves_a_name_and_its_rule_set() -> None:
    assert scorer(ranking="razz") is scorer(ranking=RANKINGS["ace_to_five"])
    assert scorer(game="omaha8") is scorer(game=GAMES["omaha_hilo"])
    assert strength([48, 1, 6, 11, 12], ranking=RANKINGS["ace_to_five"]) == 6175


# ------------------------------------------------------------------ errors

BAD_CODES: list[Any] = [
    None,
    5,
    "As Ks Qs Js Ts",
    b"abcde",
    [],
    [1, 2, 3],
    list(range(17)),
    list(range(53)),
    [0, 1, 2, 3, 4, 5, 52],
    [0, 1, 2, 3, 4, 5, -1],
    [10**40, 1, 2, 3, 4, 5, 6],
    [0, 1, 2, 3, 4, 5, 5],
    [51, 51, 2, 3, 4, 5, 6],
    [0, 1, 2, 3, 4, 5, True],
    [0, 1, 2, 3, 4, 5, np.bool_(True)],
    [0, 1, 2, 3, 4, 5, 6.0],
    [0, 1, 2, 3, 4, 5, "As"],
    [0, 1, 2, 3, 4, 5, None],
    [0, 1, 2, 3, 4, 5, np.int64(5)],
    (51, 47, 43, 39, 35, 2, 2),
    [20, 24, 28, 32, 36, 40, 44, 0],  # a deuce: not in the short deck
]


def raised(function: Callable[[Any], object], codes: Any) -> tuple[type[BaseException], str]:
    with pytest.raises((ValueError, TypeError)) as error:
        function(codes)
    return type(error.value), str(error.value)


def outcome(function: Callable[[Any], object], codes: Any) -> object:
    try:
        return function(codes)
    except (ValueError, TypeError) as error:
        return type(error), str(error)


def test_strength7_raises_the_python_errors() -> None:
    for codes in BAD_CODES:
        assert outcome(strength7, codes) == outcome(_strength7_python, codes), codes
    assert raised(strength7, [1, 2, 3]) == (
        CardCountError,
        "strength7 needs 7 card codes, got [1, 2, 3]",
    )
    assert raised(strength7, [0, 1, 2, 3, 4, 5, 5])[0] is DuplicateCardError
    assert raised(strength7, [0, 1, 2, 3, 4, 5, 52])[0] is CardParseError
    assert raised(strength7, [0, 1, 2, 3, 4, 5, True])[0] is TypeError


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_a_ranking_scorer_raises_the_python_errors(name: str) -> None:
    rules = RANKINGS[name]

    reference = batch._ranking_reference(rules)  # the readable path's checks and errors
    score = scorer(ranking=name)
    for codes in [*BAD_CODES, [51, 47, 43, 39, 35], [51, 47, 43, 39]]:
        assert outcome(score, codes) == outcome(reference, codes), (name, codes)
        assert outcome(score, codes) == outcome(lambda c: strength(c, ranking=name), codes)


@pytest.mark.parametrize("name", ["holdem", "omaha", "omaha6_hilo", "razz", "badugi", "sixplus"])
def test_a_game_scorer_raises_the_python_errors(name: str) -> None:
    game = GAMES[name]

    reference = batch._game_reference(game)
    score = scorer(game=name)
    for codes in [*BAD_CODES, list(range(16, 26)), list(range(16, 20))]:
        assert outcome(score, codes) == outcome(reference, codes), (name, codes)


def test_the_documented_errors() -> None:
    with pytest.raises(CardCountError, match="omaha needs 7 or 8 or 9 card codes, got 6"):
        scorer(game="omaha")([51, 47, 43, 39, 0, 1])
    with pytest.raises(CardParseError, match=r"2c \(code 0\) is not in the deck"):
        scorer(ranking="shortdeck")([51, 47, 43, 39, 0])
    with pytest.raises(DuplicateCardError, match="card code 39 is given twice"):
        scorer()([51, 47, 43, 39, 39])
    with pytest.raises(CardParseError, match="True is not a card code"):
        scorer()([51, 47, 43, 39, True])
    with pytest.raises(TypeError, match="a ranking or a game, not both"):
        scorer(ranking="high", game="holdem")  # type: ignore[call-overload]
    for _ in range(2):  # never kept as a resolved pair
        with pytest.raises(TypeError, match="a ranking or a game, not both"):
            strength([1, 2, 3, 4, 5], ranking="high", game="holdem")  # type: ignore[call-overload]


@needs_extension
def test_the_entries_are_the_c_builtins() -> None:
    import types

    assert isinstance(strength7, types.BuiltinFunctionType)
    assert isinstance(scorer(game="omaha"), types.BuiltinFunctionType)
    assert strength7.__module__ == "showdown.batch"
    assert strength7.__doc__ == _strength7_python.__doc__
    with pytest.raises(TypeError, match=r"takes exactly one argument \(codes\), got 2"):
        strength7([1], [2])  # narrowed to a builtin above: any arguments type-check


@needs_extension
def test_a_bad_loader_is_refused_and_the_entry_can_load_again() -> None:
    from showdown import _ceval

    good = _scorer.ranking_loader(RANKINGS["high"], sizes=(7,))
    calls: list[str] = []

    def loader() -> tuple[Any, ...]:
        config = good()
        if not calls:
            calls.append("wrong dtype")
            return (*config[:4], config[4].astype(np.int32), *config[5:])
        if len(calls) == 1:
            calls.append("raises")
            raise OSError("no tables")
        return config

    function = _ceval.entry("trial", "showdown.batch", "A trial.", loader, _strength7_python)
    with pytest.raises(TypeError, match="rank keys"):
        function([51, 47, 43, 39, 35, 0, 1])
    with pytest.raises(OSError, match="no tables"):
        function([51, 47, 43, 39, 35, 0, 1])
    assert function([51, 47, 43, 39, 35, 0, 1]) == 7462
    with pytest.raises(TypeError, match="5 arguments"):
        _ceval.entry("trial", "showdown.batch", "A trial.", loader)  # type: ignore[call-arg]


# ------------------------------------------------------------------ fallback


def test_without_the_extension_the_readable_paths_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_scorer, "extension", lambda: None)
    assert _scorer.ranking_entry(RANKINGS["ace_to_five"]) is None
    assert _scorer.game_entry(GAMES["omaha_hilo"]) is None
    razz = scorer(ranking="razz")
    assert razz is batch._ranking_reference(RANKINGS["ace_to_five"])
    assert razz([48, 1, 6, 11, 12]) == 6175
    assert scorer(game="omaha8")([48, 1, 46, 45, 4, 9, 26, 47, 28]) == (5749, 35)
    with pytest.raises(CardCountError, match="ace_to_five takes 5 to 52 card codes, got 4"):
        razz([48, 1, 6, 11])


def test_shutting_the_core_off_keeps_every_value() -> None:
    code = (
        "import types, random\n"
        "from showdown import _scorer\n"
        "from showdown.batch import scorer, strength, strength7\n"
        "assert _scorer.extension() is None\n"
        "assert isinstance(strength7, types.FunctionType)\n"
        "assert isinstance(scorer(game='omaha8'), types.FunctionType)\n"
        "rng = random.Random(3)\n"
        "rows = [rng.sample(range(52), 9) for _ in range(100)]\n"
        "print([strength7(r[:7]) for r in rows])\n"
        "print([scorer(game='omaha8')(r) for r in rows])\n"
        "print([strength(r[:4], ranking='badugi') for r in rows])\n"
    )
    env = {**os.environ, "SHOWDOWN_ENGINE": "readable"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    sevens, omaha8s, badugis = done.stdout.splitlines()
    rng = random.Random(3)
    rows = [rng.sample(range(52), 9) for _ in range(100)]
    assert sevens == str([strength7(r[:7]) for r in rows])
    assert omaha8s == str([scorer(game="omaha8")(r) for r in rows])
    assert badugis == str([strength(r[:4], ranking="badugi") for r in rows])


# ------------------------------------------------------------------ Omaha's tables


def skewed_omaha_deals(name: str, count: int, seed: int) -> list[list[int]]:
    """Omaha deals from two suits and the low ranks in half of them: flushes and lows,
    the paths the pair-by-triple table and the lows by mask leave to other tables."""
    game = GAMES[name]
    rng = random.Random(f"ceval-omaha-{name}-{seed}")
    two_suits = [code for code in range(52) if code & 3 < 2]
    low = [code for code in range(52) if code >> 2 <= 6 or code >> 2 == 12]
    deals = []
    for i in range(count):
        deck = two_suits if i % 2 else low
        deals.append(rng.sample(deck, rng.choice(_scorer.game_sizes(game))))
    return deals


@needs_extension
@pytest.mark.parametrize(
    "name",
    ["omaha", "omaha5", "omaha6", "omaha_hilo", "omaha5_hilo", "omaha6_hilo", "courchevel"],
)
def test_the_omaha_scorer_on_flushes_and_lows(name: str) -> None:
    score = scorer(game=name)
    for codes in skewed_omaha_deals(name, 150, 1):
        assert score(codes) == readable_game(name, codes), f"{name}: {codes}"


def test_the_pair_by_triple_table_is_the_best_five_without_a_flush() -> None:
    table = _scorer.omaha_pair_triple(RANKINGS["high"])
    assert table.nbytes == _scorer.PAIRS * _scorer.TRIPLES * 2
    rng = random.Random("pair-triple")
    for _ in range(500):
        cards = rng.sample(range(52), 5)
        if len({code & 3 for code in cards}) == 1:
            continue  # a flush: the flush table's
        ranks = [code >> 2 for code in cards]
        index = _scorer._multiset_index(ranks[2:]) * _scorer.PAIRS
        index += _scorer._multiset_index(ranks[:2])
        assert table[index] == readable_ranking("high", cards), cards
    # five aces cannot be dealt: no strength
    aces = _scorer._multiset_index([12, 12, 12]) * _scorer.PAIRS + _scorer._multiset_index([12, 12])
    assert table[aces] == 0
