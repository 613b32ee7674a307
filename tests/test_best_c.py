"""``best_cards_many``'s C path (``showdown._ceval.best_rows``) against the readable evaluator.

Where the C extension is built, :func:`showdown.batch.best_cards_many` finds the
cards that play with the core's entries; without it (or with
``SHOWDOWN_ENGINE=readable``) the readable evaluator values each row. When
several sets of cards tie for best, both paths must pick the one
:func:`showdown.evaluate` (or :func:`showdown.games.evaluate_game`) picks, so
the rows here are dealt from small decks of few ranks and suits as well as
from the whole deck: paired and trip boards, boards that play, several equal
straights and flushes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from showdown import _scorer, batch, core, evaluate
from showdown.batch import best_cards_many
from showdown.cards import Card
from showdown.errors import InvalidArrayError
from showdown.games import GAMES, Game, get_game
from showdown.rules import RANKINGS, Formation, RuleSet, get_ranking
from tests import readable
from tests.readable import readable_engine
from tests.test_batch_c import _deck, _run, _uses_c
from tests.test_kernels import deal

BUILT = _scorer.extension() is not None
needs_c = pytest.mark.skipif(not BUILT, reason="the C extension is not built")

Codes = npt.NDArray[np.int64]


def _tied_rows(n: int, width: int, seed: int, deck: Codes) -> Codes:
    """``n`` rows of ``width`` cards, each dealt from a small deck of a few of ``deck``'s
    ranks and suits (as many as the row needs): many equal candidate sets."""
    rng = np.random.default_rng(seed)
    ranks = sorted({int(code) >> 2 for code in deck})
    rows = np.empty((n, width), np.int64)
    for i in range(n):
        n_suits = int(rng.integers(1, 5))
        n_ranks = max(int(rng.integers(2, 8)), -(-width // n_suits))
        while n_ranks > len(ranks):
            n_suits += 1
            n_ranks = max(2, -(-width // n_suits))
        chosen_ranks = rng.choice(ranks, n_ranks, replace=False)
        chosen_suits = rng.choice(4, n_suits, replace=False)
        small = np.array([4 * r + s for r in chosen_ranks for s in chosen_suits], np.int64)
        rows[i] = rng.choice(small, width, replace=False)
    return rows


def _mixed_rows(n: int, width: int, seed: int, deck: Codes) -> Codes:
    """Half the rows dealt from the whole deck, half from small decks (:func:`_tied_rows`)."""
    half = n // 2
    return np.concatenate([deal(half, width, seed, deck), _tied_rows(n - half, width, seed, deck)])


def _ranking_widths(rules: RuleSet) -> list[int]:
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return [rules.hand_size]
    return [5, 6, 7, 9]


@needs_c
@pytest.mark.parametrize("name", list(RANKINGS))
def test_every_ranking_picks_the_readable_cards(name: str) -> None:
    rules = RANKINGS[name]
    deck = _deck((rules,))
    for seed, width in enumerate(_ranking_widths(rules)):
        assert _uses_c(width, ranking=rules)
        cards = _mixed_rows(400, width, seed, deck)
        got = best_cards_many(cards, ranking=rules)
        assert got.dtype == np.int8
        assert np.array_equal(got, readable.best_cards(cards, ranking=rules)), (name, width)


@needs_c
@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_picks_the_readable_cards(name: str) -> None:
    game: Game = GAMES[name]
    deck = _deck(game.rankings)
    for seed, width in enumerate(_scorer.game_sizes(game)):
        assert _uses_c(width, game=game)
        cards = _mixed_rows(100 if game.hole_used else 300, width, 100 + seed, deck)
        got = best_cards_many(cards, game=game)
        expected = readable.best_cards(cards, game=game)
        assert got.shape == expected.shape
        assert np.array_equal(got, expected), (name, width)


@pytest.mark.parametrize(
    ("kwargs", "width"),
    [
        ({"ranking": "high"}, 7),
        ({"ranking": "deuce_to_seven"}, 6),
        ({"ranking": "badugi"}, 4),
        ({"game": "omaha8"}, 9),
        ({"game": "stud_hilo"}, 7),
        ({"game": "sixplus"}, 7),
    ],
)
def test_without_the_core_the_readable_path_picks_the_same_cards(
    kwargs: dict[str, str], width: int
) -> None:
    rules = (
        get_game(kwargs["game"]).rankings if "game" in kwargs else (get_ranking(kwargs["ranking"]),)
    )
    cards = _mixed_rows(60, width, 9, _deck(rules))
    with readable_engine():
        assert batch._read(cards, kwargs.get("ranking"), kwargs.get("game")).entry is None
        found = best_cards_many(cards, **kwargs)
    assert np.array_equal(found, readable.best_cards(cards, **kwargs))
    assert np.array_equal(found, best_cards_many(cards, **kwargs))


def test_a_board_that_plays_is_picked_from_the_board() -> None:
    # 2c 3d under a royal board, and a board straight over 2c 3d: the board plays.
    rows = [
        ["2c", "3d", "As", "Ks", "Qs", "Js", "Ts"],
        ["2c", "3d", "9h", "8c", "7d", "6s", "5h"],
    ]
    assert best_cards_many(rows).tolist() == [[2, 3, 4, 5, 6]] * 2
    assert best_cards_many(rows, game="holdem").tolist() == [[2, 3, 4, 5, 6]] * 2


def test_among_equal_hands_the_highest_codes_play() -> None:
    # Quads of nines on the board, kickers Ah / Ad: the ace of hearts (code 50) is the
    # highest of the two equal kickers, as evaluate shows.
    row = ["Ad", "Ah", "9c", "9d", "9h", "9s", "2c"]
    picked = best_cards_many([row]).tolist()[0]
    assert [row[column] for column in picked] == ["Ah", "9c", "9d", "9h", "9s"]
    assert sorted(card.code for card in evaluate(" ".join(row)).cards) == sorted(
        Card(row[column]).code for column in picked
    )


@needs_c
@pytest.mark.parametrize(
    ("kwargs", "width"),
    [({"ranking": "high"}, 7), ({"game": "omaha8"}, 9), ({"ranking": "badugi"}, 4)],
)
def test_many_rows_over_threads_pick_the_readable_cards(
    kwargs: dict[str, str], width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = deal(3 * batch.C_PARALLEL_ROWS + 17, width, 8)
    monkeypatch.setattr(core, "threads", lambda: 1)
    one = best_cards_many(cards, **kwargs)
    monkeypatch.setattr(core, "threads", lambda: 3)
    found = best_cards_many(cards, **kwargs)
    assert np.array_equal(found, one)
    sample = np.r_[0:50, len(cards) - 50 : len(cards)]  # the first and the last pieces
    assert np.array_equal(found[sample], readable.best_cards(cards[sample], **kwargs))


@needs_c
@pytest.mark.parametrize("where", [[5, 150_000, 199_999], [199_999], [0, 1]])
def test_the_first_bad_row_is_named_on_both_paths(
    where: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = deal(200_000, 9, 12)
    for row in where:
        cards[row, 7] = cards[row, 1]
    monkeypatch.setattr(core, "threads", lambda: 2)
    with pytest.raises(InvalidArrayError) as c_error:
        best_cards_many(cards, game="omaha8")
    with readable_engine(), pytest.raises(InvalidArrayError) as readable_error:
        best_cards_many(cards, game="omaha8")
    assert str(c_error.value) == str(readable_error.value)
    assert str(c_error.value).startswith(f"row {where[0]}: ")


@needs_c
def test_codes_outside_a_short_deck_or_the_range_are_refused_by_the_c_path() -> None:
    short = deal(10, 7, 4, _deck((RANKINGS["shortdeck"],)))
    short[6, 3] = 4  # a trey
    with pytest.raises(InvalidArrayError, match=r"^row 6: card 3c \(code 4\) is not in"):
        best_cards_many(short, ranking="shortdeck")
    for bad in (-1, 52, 127):
        cards = deal(10, 4, 5).astype(np.int8)
        cards[2, 1] = bad
        with pytest.raises(InvalidArrayError, match=rf"^row 2: card code {bad} is out of range"):
            best_cards_many(cards, ranking="badugi")


@needs_c
@pytest.mark.parametrize("width", [17, 20])
def test_rows_of_more_than_sixteen_cards_pick_the_readable_cards(width: int) -> None:
    cards = deal(4, width, 3)
    assert _uses_c(width)
    chosen = best_cards_many(cards)
    assert chosen.shape == (4, 5)
    assert np.array_equal(chosen, readable.best_cards(cards))


@needs_c
def test_a_whole_deck_in_a_row_picks_the_first_royal_flush() -> None:
    deck = np.random.default_rng(2).permutation(52)[None, :]
    assert _uses_c(52)
    chosen = best_cards_many(deck)
    assert sorted(int(deck[0, c]) for c in chosen[0]) == [35, 39, 43, 47, 51]  # As Ks Qs Js Ts
    assert batch.evaluate_many(deck).tolist() == [7462]
    with pytest.raises(InvalidArrayError, match="appears twice"):  # 53 cards: one twice
        best_cards_many(np.concatenate([deck, deck[:, :1]], axis=1))


def test_no_rows_give_empty_columns() -> None:
    assert best_cards_many(np.zeros((0, 7), np.int8)).shape == (0, 5)
    assert best_cards_many(np.zeros((0, 9), np.int8), game="omaha8").shape == (0, 2, 5)
    assert best_cards_many(np.zeros((0, 4), np.int8), ranking="badugi").shape == (0, 4)


_PROBE = (
    "import numpy as np\n"
    "from showdown.batch import best_cards_many\n"
    "rng = np.random.default_rng(6)\n"
    "rows = np.argsort(rng.random((1_000, 52)), axis=1)[:, :9].astype(np.int8)\n"
    "weights = np.arange(1, 11, dtype=np.int64)\n"
    "high = best_cards_many(rows[:, :7]).astype(np.int64)\n"
    "hilo = best_cards_many(rows[:200], game='omaha8').astype(np.int64)\n"
    "badugi = best_cards_many(rows[:, :4], ranking='badugi').astype(np.int64)\n"
    "print(int((high @ weights[:5]) @ np.arange(1_000)), int(hilo.sum()),"
    " int((badugi + 1).prod(axis=1).sum()), hilo.shape)\n"
)


def test_with_the_core_off_the_readable_path_picks_the_same_cards() -> None:
    off = _run(_PROBE, SHOWDOWN_ENGINE="readable")
    on = _run(_PROBE)
    assert off == on
