"""The batch functions' C path (``showdown._ceval.rows``) against the readable evaluator.

Where the C extension is built, :func:`showdown.batch.evaluate_many` values
rows with the core's entries, over threads for many rows; without it (no
compiler at install, or ``SHOWDOWN_ENGINE=readable``) the readable evaluator
values each row. Both must give the same numbers and the same errors for every
ranking and game (``test_kernels.py`` compares the C path with the readable
evaluator on many more rows).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from showdown import _scorer, batch, core
from showdown.batch import evaluate_many
from showdown.errors import InvalidArgumentError, InvalidArrayError
from showdown.games import GAMES, Game, get_game
from showdown.rules import RANKINGS, Formation, RuleSet, get_ranking
from tests import readable
from tests.readable import readable_engine
from tests.test_kernels import deal, reference

BUILT = _scorer.extension() is not None
needs_c = pytest.mark.skipif(not BUILT, reason="the C extension is not built")


@pytest.fixture(params=[True, False], ids=["popcnt-loops", "baseline-loops"])
def row_loops(request: pytest.FixtureRequest) -> Iterator[bool]:
    """Run a test on the row loops built for POPCNT and BMI2 (``_ceval.fast_rows``, chosen
    where the processor has them), then on the baseline x86-64 ones: both must agree."""
    from showdown import _ceval

    before = _ceval.fast_rows()
    if _ceval.fast_rows(request.param) != request.param:
        pytest.skip("this processor has no POPCNT and BMI2")
    yield request.param
    _ceval.fast_rows(before)


def _deck(rankings: tuple[RuleSet, ...]) -> npt.NDArray[np.int64]:
    ranks = set.intersection(*({rank.index for rank in rules.rank_order} for rules in rankings))
    return np.array([code for code in range(52) if code >> 2 in ranks], np.int64)


def _readable_path(cards: npt.NDArray[Any], **kwargs: Any) -> npt.NDArray[np.int32]:
    """``evaluate_many`` as without the core (``SHOWDOWN_ENGINE=readable``)."""
    with readable_engine():
        assert batch._read(cards, kwargs.get("ranking"), kwargs.get("game")).entry is None
        return evaluate_many(cards, **kwargs)


def _ranking_widths(rules: RuleSet) -> list[int]:
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return [rules.hand_size]
    return [5, 6, 7, 9]


def _uses_c(width: int, **kwargs: Any) -> bool:
    given = batch._read(np.zeros((1, width), np.int64), kwargs.get("ranking"), kwargs.get("game"))
    return given.entry is not None


@needs_c
@pytest.mark.usefixtures("row_loops")
@pytest.mark.parametrize("name", list(RANKINGS))
def test_every_ranking_gives_the_readable_strengths(name: str) -> None:
    rules = RANKINGS[name]
    for seed, width in enumerate(_ranking_widths(rules)):
        cards = deal(300, width, seed, _deck((rules,)))
        assert _uses_c(width, ranking=rules)
        expected = readable.strengths(cards, ranking=rules)
        assert np.array_equal(evaluate_many(cards, ranking=rules), expected), (name, width)


@needs_c
@pytest.mark.usefixtures("row_loops")
@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_gives_the_readable_strengths(name: str) -> None:
    game: Game = GAMES[name]
    for seed, width in enumerate(_scorer.game_sizes(game)):
        cards = deal(100 if game.hole_used else 300, width, 100 + seed, _deck(game.rankings))
        assert _uses_c(width, game=game)
        expected = readable.strengths(cards, game=game)
        got = evaluate_many(cards, game=game)
        assert got.shape == expected.shape
        assert got.dtype == np.int32
        assert np.array_equal(got, expected), (name, width)


@needs_c
@pytest.mark.usefixtures("row_loops")
@pytest.mark.parametrize(
    ("kwargs", "width"),
    [({"ranking": "high"}, 7), ({"game": "omaha8"}, 9), ({"ranking": "badugi"}, 4)],
)
def test_many_rows_over_threads_give_the_readable_strengths(
    kwargs: dict[str, str], width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = deal(3 * batch.C_PARALLEL_ROWS + 17, width, 7)
    monkeypatch.setattr(core, "threads", lambda: 1)
    one = evaluate_many(cards, **kwargs)
    monkeypatch.setattr(core, "threads", lambda: 3)  # more pieces than threads
    found = evaluate_many(cards, **kwargs)
    assert np.array_equal(found, one)
    sample = np.r_[0:50, len(cards) - 50 : len(cards)]  # the first and the last pieces
    assert np.array_equal(found[sample], readable.strengths(cards[sample], **kwargs))


@pytest.mark.parametrize(
    ("kwargs", "width"),
    [
        ({"ranking": "high"}, 7),
        ({"ranking": "high"}, 9),
        ({"ranking": "ace_to_five"}, 7),
        ({"ranking": "deuce_to_seven"}, 6),
        ({"ranking": "shortdeck"}, 7),
        ({"ranking": "badugi"}, 4),
        ({"game": "omaha8"}, 9),
        ({"game": "courchevel"}, 10),
        ({"game": "stud_hilo"}, 7),
        ({"game": "badugi"}, 4),
    ],
)
def test_without_the_core_the_readable_path_gives_the_same_strengths(
    kwargs: dict[str, str], width: int
) -> None:
    rules = (
        get_game(kwargs["game"]).rankings if "game" in kwargs else (get_ranking(kwargs["ranking"]),)
    )
    cards = deal(60, width, 13, _deck(rules))
    found = _readable_path(cards, **kwargs)
    assert found.dtype == np.int32
    assert np.array_equal(found, readable.strengths(cards, **kwargs))
    assert np.array_equal(found, evaluate_many(cards, **kwargs))
    empty = np.zeros((0, width), np.int8)
    assert _readable_path(empty, **kwargs).shape == evaluate_many(empty, **kwargs).shape


@needs_c
@pytest.mark.parametrize("width", [17, 24])
def test_rows_of_more_than_sixteen_cards_are_valued_by_the_core(width: int) -> None:
    cards = deal(3, width, 3)
    assert _uses_c(width)
    assert np.array_equal(evaluate_many(cards), readable.strengths(cards))
    assert np.array_equal(
        evaluate_many(cards, ranking="razz"), readable.strengths(cards, ranking="razz")
    )


@needs_c
@pytest.mark.usefixtures("row_loops")
@pytest.mark.parametrize("where", [[5, 150_000, 199_999], [199_999], [0, 1]])
def test_the_first_bad_row_is_named_on_both_paths(
    where: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = deal(200_000, 7, 11)
    for row in where:
        cards[row, 4] = cards[row, 2]
    monkeypatch.setattr(core, "threads", lambda: 2)
    with pytest.raises(InvalidArrayError) as c_error:
        evaluate_many(cards)
    with pytest.raises(InvalidArrayError) as readable_error:
        _readable_path(cards)
    assert str(c_error.value) == str(readable_error.value)
    assert str(c_error.value).startswith(f"row {where[0]}: ")


@needs_c
@pytest.mark.usefixtures("row_loops")
def test_codes_outside_a_short_deck_or_the_range_are_refused_by_the_c_path() -> None:
    for width in (5, 6, 7):  # one keyed lookup each (seven cards: the seven-card hash)
        short = deal(10, width, 4, _deck((RANKINGS["shortdeck"],)))
        short[7, width - 1] = 0  # a deuce
        with pytest.raises(InvalidArrayError, match=r"^row 7: card 2c \(code 0\) is not in"):
            evaluate_many(short, ranking="shortdeck")
    for bad in (-1, 52, 63, 64, 127):
        cards = deal(10, 7, 5).astype(np.int8)
        cards[3, 6] = bad
        with pytest.raises(InvalidArrayError, match=rf"^row 3: card code {bad} is out of range"):
            evaluate_many(cards)
    for bad in (52, 64, 128, 200, 255):  # bytes go to the C loop as they are: the message too
        cards = deal(10, 7, 5).astype(np.uint8)
        cards[3, 6] = bad
        with pytest.raises(InvalidArrayError, match=rf"^row 3: card code {bad} is out of range"):
            evaluate_many(cards)
        with pytest.raises(InvalidArrayError, match=rf"^row 3: card code {bad} is out of range"):
            batch.best_cards_many(cards)


@needs_c
@pytest.mark.usefixtures("row_loops")
@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64])
def test_wider_integer_rows_go_to_the_c_loop_with_the_same_answers(dtype: type) -> None:
    """Rows of 2, 4 or 8-byte integers are narrowed piece by piece inside the C call (no
    pass in numpy): the same strengths, cards and errors as bytes, at the right row, in
    and past the first piece of 512 rows."""
    cards = deal(3_000, 7, 8)
    wide: npt.NDArray[np.integer[Any]] = cards.astype(dtype)
    assert np.array_equal(evaluate_many(wide), evaluate_many(cards.astype(np.int8)))
    assert np.array_equal(batch.best_cards_many(wide), batch.best_cards_many(cards.astype(np.int8)))
    few = np.r_[0:30, 500:530, 2_970:3_000]  # in and past the first piece
    assert np.array_equal(evaluate_many(wide)[few], readable.strengths(cards[few]))
    assert np.array_equal(batch.best_cards_many(wide)[few], readable.best_cards(cards[few]))
    assert np.array_equal(
        evaluate_many(wide[few, :5], ranking="razz"),
        readable.strengths(cards[few, :5], ranking="razz"),
    )
    signed = np.issubdtype(dtype, np.signedinteger)
    big = int(np.iinfo(dtype).max)
    for row, bad in [(700, 52), (2_999, 256), (5, big), (1_500, -1 if signed else 300)]:
        spoiled = wide.copy()
        spoiled[row, 3] = bad
        spoiled[row + 1 :, 0] = spoiled[row + 1 :, 1]  # later rows bad too: not reported
        for call in (evaluate_many, batch.best_cards_many):
            with pytest.raises(InvalidArrayError, match=rf"^row {row}: card code {bad} is out"):
                call(spoiled)
    twice = wide.copy()
    twice[1_000, 2] = twice[1_000, 4]
    twice[2_000, 0] = 99  # a later row out of range: the earlier duplicate is named
    with pytest.raises(InvalidArrayError, match=r"^row 1000: .* appears twice") as c_error:
        evaluate_many(twice)
    with pytest.raises(InvalidArrayError) as readable_error:
        _readable_path(twice)
    assert str(c_error.value) == str(readable_error.value)


@needs_c
@pytest.mark.usefixtures("row_loops")
@pytest.mark.parametrize("width", [5, 6, 7])
def test_every_kind_of_bad_row_is_refused_where_it_is(width: int) -> None:
    """The C loop checks a row by sums (bits added and or-ed, a key past the cards):
    every way a row can be wrong is still found, at its own row."""

    def spoil(row: npt.NDArray[np.int8], name: str) -> None:
        if name == "twice":
            row[1] = row[0]
        elif name == "three times":
            row[:3] = row[0]
        elif name == "two pairs":
            row[:4] = [row[0], row[0], row[2], row[2]]
        elif name == "a byte standing for a card plus 64":
            row[0] = 64 + row[1]
        else:  # code 115 (51 + 64)
            row[0] = 115

    names = ["twice", "three times", "two pairs", "a byte standing for a card plus 64", "115"]
    for name in names:
        cards = deal(40, width, 21).astype(np.int8)
        spoil(cards[17], name)
        with pytest.raises(InvalidArrayError, match=r"^row 17: ") as c_error:
            evaluate_many(cards)
        with pytest.raises(InvalidArrayError) as readable_error:
            _readable_path(cards)
        assert str(c_error.value) == str(readable_error.value), name


def _every_seven_multiset(deck_ranks: set[int]) -> npt.NDArray[np.int64]:
    """One hand of each multiset of seven ranks of ``deck_ranks`` (at most four of a
    rank), suits dealt in turn so that no five share one (no flush)."""
    from itertools import combinations_with_replacement

    rows = [
        [rank * 4 + position % 4 for position, rank in enumerate(ranks)]
        for ranks in combinations_with_replacement(sorted(deck_ranks), 7)
        if max(ranks.count(rank) for rank in ranks) <= 4
    ]
    return np.array(rows, np.int64)


@needs_c
@pytest.mark.usefixtures("row_loops")
@pytest.mark.parametrize("name", [n for n, r in RANKINGS.items() if r.hand_size == 5])
def test_every_seven_card_multiset_gives_the_readable_strength(name: str) -> None:
    """The C path's seven-card hash (``seven_layout``) holds every seven-card multiset,
    with the readable strength: all of them, for each ranking (the readable algorithm
    over the rule table, in numpy: :func:`tests.test_kernels.reference`)."""
    rules = RANKINGS[name]
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        pytest.skip("Badugi has no seven-card hands")
    cards = _every_seven_multiset({rank.index for rank in rules.rank_order})
    if name == "high":
        assert len(cards) == 49_205
    expected, _ = reference(cards, rules)
    assert np.array_equal(evaluate_many(cards, ranking=rules), expected)
    sample = cards[:: len(cards) // 200]
    assert np.array_equal(
        evaluate_many(sample, ranking=rules), readable.strengths(sample, ranking=rules)
    )


def _run(code: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


_PROBE = (
    "import numpy as np\n"
    "from showdown.batch import evaluate_many\n"
    "rng = np.random.default_rng(5)\n"
    "rows = np.argsort(rng.random((2_000, 52)), axis=1)[:, :9].astype(np.int8)\n"
    "high = evaluate_many(rows[:, :7])\n"
    "hilo = evaluate_many(rows[:300], game='omaha8')\n"
    "print(int(high.astype(np.int64) @ np.arange(2_000)), int(hilo.sum()), hilo.shape)\n"
)


def test_with_the_core_off_the_readable_path_gives_the_same_values() -> None:
    assert _run(_PROBE, SHOWDOWN_ENGINE="readable") == _run(_PROBE)


def test_the_thread_count_is_the_showdown_threads_setting() -> None:
    code = "from showdown import core\nprint(core.threads())\n"
    assert _run(code, SHOWDOWN_THREADS="3") == "3"
    assert _run(code, SHOWDOWN_THREADS="1") == "1"
    cores = len(os.sched_getaffinity(0))
    assert _run(code, SHOWDOWN_THREADS="") == str(cores)


@pytest.mark.parametrize("value", ["none", "0", "-2", "1.5"])
def test_a_thread_count_that_is_no_count_is_refused(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("SHOWDOWN_THREADS", value)
    with pytest.raises(InvalidArgumentError, match="SHOWDOWN_THREADS is"):
        evaluate_many([[51, 47, 43, 39, 35, 2, 7]])


@needs_c
@pytest.mark.parametrize("dtype", [np.int8, np.int64])
def test_rows_on_threads_value_every_piece_and_find_the_first_bad_row(dtype: type) -> None:
    """``_ceval.rows`` and ``best_rows`` with a ``threads`` argument: the threads the C
    code starts take pieces of the rows in turn; any count gives the one-thread answers,
    and of several bad rows, in different pieces, the first is named however the pieces
    fall to the threads."""
    from showdown import _ceval

    cards: npt.NDArray[np.integer[Any]] = deal(100_003, 7, 21).astype(dtype)
    entry = batch._c_entry(RANKINGS["high"], 7)
    assert entry is not None
    one = np.empty(len(cards), np.int32)
    assert _ceval.rows(entry, cards, one) == -1
    best_one = np.empty((len(cards), 5), np.int8)
    assert _ceval.best_rows(entry, cards, best_one, 1) == -1
    for threads in (2, 3, 8):
        values = np.full(len(cards), -7, np.int32)
        assert _ceval.rows(entry, cards, values, threads) == -1
        assert np.array_equal(values, one)
        best = np.full((len(cards), 5), -7, np.int8)
        assert _ceval.best_rows(entry, cards, best, threads) == -1
        assert np.array_equal(best, best_one)
    spoiled = cards.copy()
    for row in (99_000, 40_000, 17_000, 16_999):  # the last bad row of a piece, the first
        spoiled[row, 6] = spoiled[row, 0]
    for threads in (1, 2, 3, 8):
        for _ in range(5):
            assert _ceval.rows(entry, spoiled, np.empty(len(cards), np.int32), threads) == 16_999
            assert (
                _ceval.best_rows(entry, spoiled, np.empty((len(cards), 5), np.int8), threads)
                == 16_999
            )
    for wrong in (0, 65, -1):
        with pytest.raises(ValueError, match=rf"threads must be from 1 to 64, not {wrong}"):
            _ceval.rows(entry, cards, one, wrong)
    with pytest.raises(TypeError):
        _ceval.best_rows(entry, cards, best_one, "2")  # type: ignore[arg-type]


@needs_c
@pytest.mark.parametrize(
    "name", ["holdem", "omaha", "omaha6_hilo", "razz", "deuce_to_seven", "badugi"]
)
def test_threads_reading_their_own_table_copies_give_the_one_thread_values(name: str) -> None:
    """Each thread of a C call past the first reads its own copies of the entry's tables
    (seven sets of copies; a tenth thread shares the second's): the values and the cards
    that play are the one-thread ones, for games of every kind of table."""
    from showdown import _ceval

    game = GAMES[name]
    width = game.hole_cards + (game.hand_boards or (0,))[-1]
    cards = np.ascontiguousarray(deal(60_001, width, 5))
    entry = batch._c_entry(game, width)
    assert entry is not None
    columns = len(game.rankings)
    one = np.empty((len(cards), columns), np.int32)
    assert _ceval.rows(entry, cards, one, 1) == -1
    slots = sum(rules.hand_size for rules in game.rankings)  # Badugi's four, others' five
    best_one = np.empty((len(cards), slots), np.int8)
    assert _ceval.best_rows(entry, cards, best_one, 1) == -1
    for threads in (2, 10):
        values = np.full((len(cards), columns), -7, np.int32)
        assert _ceval.rows(entry, cards, values, threads) == -1
        assert np.array_equal(values, one), threads
        best = np.full_like(best_one, -7)
        assert _ceval.best_rows(entry, cards, best, threads) == -1
        assert np.array_equal(best, best_one), threads


@needs_c
def test_a_machine_of_many_cores_gets_the_c_path_s_most_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """More cores than one C call starts threads for (64): the call takes 64, not an error."""
    cards = deal(70 * batch.C_PARALLEL_ROWS // 2, 5, 31)
    expected = evaluate_many(cards)
    best = batch.best_cards_many(cards)
    monkeypatch.setattr(core, "threads", lambda: 128)
    assert np.array_equal(evaluate_many(cards), expected)
    assert np.array_equal(batch.best_cards_many(cards), best)


@needs_c
def test_calls_from_several_python_threads_at_once_each_get_their_own_rows() -> None:
    """The C calls release the GIL: four Python threads calling ``rows`` on two or three
    threads at once (one finds the kept threads, the others start their own) each get
    their rows' one-thread values, call after call."""
    import threading

    from showdown import _ceval

    entry = batch._c_entry(RANKINGS["high"], 7)
    assert entry is not None
    decks = [np.ascontiguousarray(deal(70_001 + 1_000 * i, 7, 40 + i)) for i in range(4)]
    expected = []
    for cards in decks:
        one = np.empty(len(cards), np.int32)
        assert _ceval.rows(entry, cards, one, 1) == -1
        expected.append(one)
    wrong: list[str] = []

    def work(i: int) -> None:
        for round_ in range(15):
            values = np.full(len(decks[i]), -7, np.int32)
            bad = _ceval.rows(entry, decks[i], values, 2 + (round_ + i) % 2)
            if bad != -1 or not np.array_equal(values, expected[i]):
                wrong.append(f"caller {i}, round {round_}")

    callers = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for caller in callers:
        caller.start()
    for caller in callers:
        caller.join(timeout=120)
    assert not any(caller.is_alive() for caller in callers)
    assert wrong == []


def _rows_in_child(cards: npt.NDArray[np.int8], queue: Any) -> None:
    from showdown import _ceval

    entry = batch._c_entry(RANKINGS["high"], 7)
    assert entry is not None
    values = np.empty(len(cards), np.int32)
    queue.put((_ceval.rows(entry, cards, values, 2), values.tolist()))


@needs_c
@pytest.mark.skipif(sys.platform != "linux", reason="fork() is Linux's default here")
def test_a_forked_child_values_rows_on_threads_after_its_parent_did() -> None:
    """The threads a C call keeps stay in the parent: a child forked after the parent's
    threaded calls starts its own and gets the same values (no wait on the parent's)."""
    import multiprocessing

    from showdown import _ceval

    entry = batch._c_entry(RANKINGS["high"], 7)
    assert entry is not None
    cards = np.ascontiguousarray(deal(80_001, 7, 77))
    parent = np.empty(len(cards), np.int32)
    for _ in range(3):
        assert _ceval.rows(entry, cards, parent, 2) == -1
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_rows_in_child, args=(cards, queue))
    child.start()
    bad, values = queue.get(timeout=120)
    child.join(timeout=60)
    assert child.exitcode == 0
    assert bad == -1
    assert values == parent.tolist()
    assert _ceval.rows(entry, cards, parent, 2) == -1  # the parent's threads still serve
