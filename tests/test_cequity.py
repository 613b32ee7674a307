"""The C equity engine (``showdown._cequity``) against numba's kernels: the same integers.

Every kernel the C engine ports is run on many random spots of every game it
takes -- exact enumeration by boards and by board ranks, the completion of
partial hands, seeded Monte Carlo with open hands and weighted listed ranges,
the census -- once in C and once in numba, and the counts must be equal to
the last unit (a seeded sample included: the random stream is the same code).
Then the public functions end to end on both engines and several worker
counts, and their errors, which must not change.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from showdown import equity, equity_matrix
from showdown._kernels import engine
from showdown._kernels.game_tables import (
    ANY_MIX,
    BOARD_HIGH,
    COLUMNS,
    OMAHA,
    POT,
    SHARE,
    equity_tables,
)
from showdown.batch import census, census_sizes
from showdown.cards import cards_mask
from showdown.errors import ShowdownError
from showdown.games import GAMES, Game
from showdown.rules import RANKINGS, Formation

pytestmark = pytest.mark.skipif(engine.c_engine() is None, reason="the C engine is not built")

I64 = npt.NDArray[np.int64]


def numba_kernels() -> Any:
    """numba's equity kernels (imported only here: they import numba)."""
    from showdown._kernels import equity as kernels

    return kernels


def deck_codes(game: Game) -> list[int]:
    return [card.code for card in game.deck]


def random_tuples(
    rng: random.Random, game: Game, players: int, count: int, blocked: set[int]
) -> I64:
    """``count`` tuples of whole hands (ascending codes), no card twice within a tuple."""
    free = [c for c in deck_codes(game) if c not in blocked]
    rows = []
    for _ in range(count):
        cards = rng.sample(free, players * game.hole_cards)
        rows.append(
            [sorted(cards[p * game.hole_cards : (p + 1) * game.hole_cards]) for p in range(players)]
        )
    return np.array(rows, dtype=np.int64)


def exact_spots(game: Game, n: int, seed: int) -> Iterator[tuple[I64, I64, int, int]]:
    """Random exact problems: ``(tuples, board_known, missing, deck_mask)``."""
    rng = random.Random(seed)
    deck = deck_codes(game)
    for i in range(n):
        players = rng.randint(2, 4 if game.has_board else 3)
        if game.has_board:
            known = rng.choice((3, 4, 5) if game.hole_used is None else (3, 4, 4, 5))
            if game.hole_used is None and i % 7 == 0:
                known = 0  # Hold'em before the flop: every board by its ranks
        else:
            known = 0
        dead = rng.sample(deck, rng.choice((0, 0, 1, 3)))
        board = rng.sample([c for c in deck if c not in dead], known)
        tuples = random_tuples(rng, game, players, rng.randint(1, 3), set(dead) | set(board))
        deck_mask = cards_mask(game.deck) & ~sum(1 << c for c in dead + board)
        yield tuples, np.array(board, dtype=np.int64), game.full_board - known, deck_mask


BOARD_GAMES = [name for name, game in GAMES.items() if game.has_board]


@pytest.mark.parametrize("name", list(GAMES))
def test_exact_kernels_give_the_numba_counts(name: str) -> None:
    game = GAMES[name]
    tables = equity_tables(game)
    arrays = tables.arrays()
    kernels = numba_kernels()
    if not game.has_board:
        return  # their exact problems are complete_hands plus exact_counts: below
    for tuples, board, missing, deck_mask in exact_spots(game, 24, seed=len(name)):
        if tables.kind == OMAHA:
            found = engine.exact_omaha_ranks(tuples, board, missing, deck_mask, arrays)
            wanted = kernels.exact_omaha_ranks(tuples, board, missing, deck_mask, arrays)
        else:
            found = engine.exact_board_ranks(
                tuples,
                board,
                missing,
                deck_mask,
                tables.offsets,
                tables.ranks[0],
                tables.flushes[0],
            )
            wanted = kernels.exact_board_ranks(
                tuples,
                board,
                missing,
                deck_mask,
                tables.offsets,
                tables.ranks[0],
                tables.flushes[0],
            )
        assert found.dtype == np.int64
        assert np.array_equal(found, wanted), (tuples.tolist(), board.tolist(), missing)
        # and every deal's pot is shared out whole (a count worked out on its own)
        n_deck = deck_mask.bit_count() - tuples.shape[1] * game.hole_cards
        assert (found[:, :, SHARE].sum(axis=1) == math.comb(n_deck, missing) * POT).all()


@pytest.mark.parametrize("name", ["holdem", "omaha_hilo", "omaha", "shortdeck", "courchevel_hilo"])
def test_exact_counts_by_every_board_give_the_numba_counts(name: str) -> None:
    game = GAMES[name]
    arrays = equity_tables(game).arrays()
    kind = OMAHA if game.hole_used is not None else ANY_MIX
    kernels = numba_kernels()
    for tuples, board, missing, deck_mask in exact_spots(game, 12, seed=7):
        if missing > 2:
            continue  # every board dealt one by one: keep it to turns and rivers
        found = engine.exact_counts(kind, tuples, board, missing, deck_mask, arrays)
        wanted = kernels.exact_counts(kind, tuples, board, missing, deck_mask, arrays)
        assert np.array_equal(found, wanted)


@pytest.mark.parametrize("name", [n for n, g in GAMES.items() if not g.has_board])
def test_exact_totals_of_partial_hands_give_the_numba_counts(name: str) -> None:
    game = GAMES[name]
    tables = equity_tables(game)
    kernels = numba_kernels()
    rng = random.Random(name)
    deck = deck_codes(game)
    hole = game.hole_cards
    for _ in range(6):
        players = rng.randint(2, 3)
        cards = rng.sample(deck, players * hole)
        known = np.array([sorted(cards[p * hole : (p + 1) * hole]) for p in range(players)])
        short = [rng.choice((0, 1, 1, 2)) if p < 2 else 0 for p in range(players)]
        n_known = np.array([hole - s for s in short], dtype=np.int64)
        for p in range(players):
            known[p, n_known[p] :] = 0
        used = sum(1 << int(c) for p in range(players) for c in known[p, : n_known[p]])
        free_mask = cards_mask(game.deck) & ~used
        limit = math.prod(math.comb(free_mask.bit_count(), s) for s in short if s)
        limit = min(limit, rng.choice((limit, 50, 400)))
        for fewer in (limit, max(1, limit // 3)):
            c_tuples = engine.complete_hands(known, n_known, free_mask, fewer)
            numba_tuples = kernels.complete_hands(known, n_known, free_mask, fewer)
            assert np.array_equal(c_tuples, numba_tuples)
        empty = np.zeros(0, dtype=np.int64)
        kind = tables.kind
        c_totals, c_count = engine.exact_totals(
            kind, known, n_known, free_mask, limit, empty, 0, free_mask | used, tables
        )
        numba_totals, numba_count = kernels.exact_totals(
            kind, known, n_known, free_mask, limit, empty, 0, free_mask | used, tables.arrays()
        )
        assert c_count == numba_count > 0
        assert np.array_equal(c_totals, numba_totals)


def test_exact_totals_by_board_ranks_give_the_numba_counts() -> None:
    game = GAMES["holdem"]
    tables = equity_tables(game)
    kernels = numba_kernels()
    known = np.array([[12, 0], [51, 47], [30, 0]], dtype=np.int64)  # 5c+?, As Ks, 9h+?
    n_known = np.array([1, 2, 1], dtype=np.int64)
    board = np.array([4, 9, 33], dtype=np.int64)  # 3c 4d Th
    full = (1 << 52) - 1
    free = full & ~sum(1 << c for c in (12, 51, 47, 30, 4, 9, 33))
    deck = full & ~sum(1 << c for c in (4, 9, 33))
    for limit in (1, 17, 2_000):
        found = engine.exact_totals(BOARD_HIGH, known, n_known, free, limit, board, 2, deck, tables)
        wanted = kernels.exact_totals(
            BOARD_HIGH, known, n_known, free, limit, board, 2, deck, tables.arrays()
        )
        assert found[1] == wanted[1]
        assert np.array_equal(found[0], wanted[0])


# -- Monte Carlo --------------------------------------------------------------------


def sample_spot(game: Game, rng: random.Random, listed_players: int) -> dict[str, Any]:
    """A random sampling problem in the kernels' arrays (as ``showdown.equity._sampler``
    builds them): listed players (weighted combos) first, then open hands holding a few
    known cards; the deck is the game's less the board and the open hands' known cards."""
    deck = deck_codes(game)
    hole, players = game.hole_cards, rng.randint(2, 4 if game.hole_cards <= 5 else 3)
    listed_players = min(listed_players, players)
    known_board = rng.randint(0, game.full_board - 1) if game.has_board else 0
    board = rng.sample(deck, known_board)
    fixed = set(board)
    known = np.zeros((players, hole), dtype=np.int64)
    n_known = np.zeros(players, dtype=np.int64)
    for p in range(listed_players, players):
        n = rng.randint(0, hole)
        cards = rng.sample([c for c in deck if c not in fixed], n)
        fixed |= set(cards)
        known[p, :n] = sorted(cards)
        n_known[p] = n
    listed = np.zeros(players, dtype=np.int64)
    codes: list[list[int]] = []
    cumulative: list[float] = []
    start = [0]
    pool = [c for c in deck if c not in fixed]
    for p in range(players):
        if p < listed_players:
            listed[p] = 1
            total = 0.0
            for _ in range(rng.choice((1, 2, 6, 40))):
                codes.append(sorted(rng.sample(pool, hole)))
                total += rng.choice((1.0, 0.5, 0.25, 1.0))
                cumulative.append(total)
        start.append(len(codes))
    combo_codes = np.array(codes or [[0] * hole], dtype=np.int64)
    masks = np.array([sum(1 << int(c) for c in combo) for combo in combo_codes], dtype=np.int64)
    return {
        "known": known,
        "n_known": n_known,
        "listed": listed,
        "combo_codes": combo_codes,
        "combo_masks": masks,
        "combo_cumulative": np.array(cumulative or [0.0], dtype=np.float64),
        "combo_start": np.array(start, dtype=np.int64),
        "board_known": np.array(board, dtype=np.int64),
        "n_board": game.full_board,
        "deck": np.array(pool, dtype=np.int64),
    }


def run_sample(
    function: Callable[..., Any],
    kind: int,
    seed: int,
    deals: int,
    spot: dict[str, Any],
    arrays: Any,
) -> tuple[I64, int, int]:
    counts, done, tries = function(kind, np.uint64(seed), deals, *spot_arrays(spot), arrays)
    return np.asarray(counts), int(done), int(tries)


SPOT_KEYS = (
    "known",
    "n_known",
    "listed",
    "combo_codes",
    "combo_masks",
    "combo_cumulative",
    "combo_start",
    "board_known",
    "n_board",
    "deck",
)


def spot_arrays(spot: dict[str, Any]) -> tuple[Any, Any, Any, Any, Any, Any, Any, Any, int, Any]:
    """A spot's arrays in the order the Monte Carlo kernels take them."""
    known, n_known, listed, codes, masks, cumulative, start, board, n_board, deck = (
        spot[key] for key in SPOT_KEYS
    )
    return known, n_known, listed, codes, masks, cumulative, start, board, n_board, deck


def kind_of(game: Game) -> int:
    from showdown._equity_fast import method_of

    return BOARD_HIGH if method_of(game) == "board_ranks" else equity_tables(game).kind


@pytest.mark.parametrize("name", list(GAMES))
def test_seeded_samples_give_the_numba_counts_to_the_last_unit(name: str) -> None:
    game = GAMES[name]
    arrays = equity_tables(game).arrays()
    kind = kind_of(game)
    kernels = numba_kernels()
    rng = random.Random(f"sample {name}")
    for i in range(10):
        spot = sample_spot(game, rng, listed_players=(0, 0, 1, 2)[i % 4])
        seed = rng.getrandbits(64)
        deals = rng.choice((1, 7, 2_000))
        found = run_sample(engine.sample_counts, kind, seed, deals, spot, arrays)
        wanted = run_sample(kernels.sample_counts, kind, seed, deals, spot, arrays)
        assert found[1:] == wanted[1:]
        assert np.array_equal(found[0], wanted[0]), (name, i)
        assert found[0][:, SHARE].sum() == found[1] * POT
    if kind == BOARD_HIGH:  # the any-mix kernel on the same game takes another path
        spot = sample_spot(game, rng, listed_players=0)
        found = run_sample(engine.sample_counts, ANY_MIX, 5, 3_000, spot, arrays)
        wanted = run_sample(kernels.sample_counts, ANY_MIX, 5, 3_000, spot, arrays)
        assert np.array_equal(found[0], wanted[0])


@pytest.mark.parametrize("name", ["holdem", "omaha_hilo", "razz", "badugi", "stud_hilo"])
def test_calls_at_once_read_their_own_table_copies_and_count_the_same(name: str) -> None:
    """Calls running at once each read a set of copies of the tables (eight sets; a call
    made while all are held reads the arrays given): ten threads at once count exactly
    what one call does."""
    from concurrent.futures import ThreadPoolExecutor

    game = GAMES[name]
    arrays = equity_tables(game).arrays()
    kind = kind_of(game)
    spot = sample_spot(game, random.Random(f"at once {name}"), listed_players=1)
    wanted = run_sample(engine.sample_counts, kind, 11, 60_000, spot, arrays)
    with ThreadPoolExecutor(max_workers=10) as pool:
        found = list(
            pool.map(
                lambda seed: run_sample(engine.sample_counts, kind, seed, 60_000, spot, arrays),
                [11] * 20,
            )
        )
    for counts, done, tries in found:
        assert (done, tries) == wanted[1:]
        assert np.array_equal(counts, wanted[0])


def run_chunks(
    kind: int, seeds: list[int], deals: list[int], spot: dict[str, Any], arrays: Any, threads: int
) -> tuple[I64, I64, I64]:
    return engine.sample_chunks(
        kind,
        np.array(seeds, dtype=np.uint64),
        np.array(deals, dtype=np.int64),
        *spot_arrays(spot),
        arrays,
        threads,
    )


@pytest.mark.parametrize("name", ["holdem", "omaha_hilo", "razz", "badugi", "stud_hilo", "sixplus"])
def test_chunks_on_threads_count_what_each_chunk_counts_alone(name: str) -> None:
    """sample_chunks shares the chunks among threads it starts itself (more threads than
    sets of table copies included): each chunk's counts, deals and tries are those of
    one sample_counts call from its seed, in C and with numba's kernels."""
    game = GAMES[name]
    arrays = equity_tables(game).arrays()
    kind = kind_of(game)
    rng = random.Random(f"chunks {name}")
    spot = sample_spot(game, rng, listed_players=1)
    seeds = [rng.getrandbits(64) for _ in range(13)]
    deals = [rng.choice((0, 1, 500, 3_000)) for _ in seeds]
    wanted = [
        run_sample(engine.sample_counts, kind, s, d, spot, arrays)
        for s, d in zip(seeds, deals, strict=True)
    ]
    for threads in (1, 2, 5, 12):
        counts, done, tries = run_chunks(kind, seeds, deals, spot, arrays, threads)
        for i, (want_counts, want_done, want_tries) in enumerate(wanted):
            assert (int(done[i]), int(tries[i])) == (want_done, want_tries), (threads, i)
            assert np.array_equal(counts[i], want_counts), (threads, i)
    with engine.numba_kernels():
        counts, done, tries = run_chunks(kind, seeds, deals, spot, arrays, 2)
    assert [int(d) for d in done] == [w[1] for w in wanted]
    assert all(np.array_equal(counts[i], w[0]) for i, w in enumerate(wanted))


def test_the_chunks_entry_refuses_bad_threads_deals_and_shapes() -> None:
    c = engine.c_engine()
    assert c is not None
    game = GAMES["holdem"]
    arrays = equity_tables(game).arrays()
    spot = sample_spot(game, random.Random("bad chunks"), listed_players=0)
    players = spot["known"].shape[0]

    def call(seeds: I64, deals: I64, out: I64, done: I64, threads: int) -> None:
        c.sample_chunks(
            kind_of(game), seeds, deals, *spot_arrays(spot), arrays, out, done, done.copy(), threads
        )

    seeds, deals = np.array([1, 2], dtype=np.int64), np.array([10, 10], dtype=np.int64)
    out, done = np.zeros((2, players, COLUMNS), dtype=np.int64), np.zeros(2, dtype=np.int64)
    for threads in (0, 65):
        with pytest.raises(ValueError, match="threads must be from 1 to 64"):
            call(seeds, deals, out, done, threads)
    with pytest.raises(ValueError, match="fewer than 0 deals"):
        call(seeds, np.array([10, -1], dtype=np.int64), out, done, 2)
    with pytest.raises(ValueError, match="wrong shape"):
        call(seeds, deals, out[:1], done, 2)
    with pytest.raises(ValueError, match="wrong shape"):
        call(seeds, deals, np.zeros((2, players + 1, COLUMNS), dtype=np.int64), done, 2)
    call(seeds, deals, out, done, 2)
    assert list(done) == [10, 10]
    assert out[:, :, SHARE].sum() == 20 * POT


def test_a_sample_that_almost_never_fits_stops_as_numba_does() -> None:
    game = GAMES["holdem"]
    arrays = equity_tables(game).arrays()
    # both players list the same single combo: every try clashes
    spot = {
        "known": np.zeros((2, 2), dtype=np.int64),
        "n_known": np.zeros(2, dtype=np.int64),
        "listed": np.ones(2, dtype=np.int64),
        "combo_codes": np.array([[50, 51], [50, 51]], dtype=np.int64),
        "combo_masks": np.array([3 << 50, 3 << 50], dtype=np.int64),
        "combo_cumulative": np.array([1.0, 1.0]),
        "combo_start": np.array([0, 1, 2], dtype=np.int64),
        "board_known": np.zeros(0, dtype=np.int64),
        "n_board": 5,
        "deck": np.arange(52, dtype=np.int64),
    }
    found = run_sample(engine.sample_counts, BOARD_HIGH, 1, 10, spot, arrays)
    wanted = run_sample(numba_kernels().sample_counts, BOARD_HIGH, 1, 10, spot, arrays)
    assert found[1:] == wanted[1:] == (0, 1000 * 10 + 1000)
    assert not found[0].any()


# -- the census ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "size"),
    [
        (name, size)
        for name, rules in RANKINGS.items()
        if rules.formation is not Formation.DISTINCT_RANKS_AND_SUITS
        for size in census_sizes(rules)
        if size < 7 or name == "high"
    ],
)
def test_the_census_gives_the_numba_counts(ranking: str, size: int) -> None:
    found = census(ranking, size)
    with engine.numba_kernels():
        wanted = census(ranking, size)
    assert found == wanted
    deck = len([c for c in GAMES["holdem"].deck if c.rank in RANKINGS[ranking].rank_order])
    assert found.hands == math.comb(deck, size)


def test_the_census_reports_its_progress_group_by_group() -> None:
    seen: list[tuple[int, int]] = []
    census("high", 5, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(done, 16) for done in range(1, 17)]


# -- the public functions on both engines ------------------------------------------------


CALLS: list[tuple[list[Any], dict[str, Any]]] = [
    (["AhKh", "QsQd"], {"board": "2c7d9s"}),
    (["AhKh", "QsQd"], {"dead": "2c"}),
    (["AhKh", "QQ", "98s"], {"board": "2c7d", "exact": True}),
    (["QQ+, AKs", "JJ-99"], {"board": "2c7d9s", "samples": 20_000, "seed": 3}),
    (["AsKd", "QQ:0.5, 22", "random"], {"board": "2c7d", "samples": 30_000, "seed": 5}),
    (["As2sKdQd", "9h8h7c6c"], {"game": "omaha8", "board": "3s4h5dJc"}),
    (["AhKh7c8c", "QQxx"], {"game": "omaha8", "board": "2c7d3h", "exact": True}),
    (["AAxx", "KKxx"], {"game": "omaha", "samples": 20_000, "seed": 0}),
    (["As2d3c4h5s", "Kc"], {"game": "omaha5_hilo", "board": "6d7h", "samples": 9_000}),
    (["As2d3c", "KsQdJc"], {"game": "razz", "samples": 20_000, "seed": 5}),
    (["As2d3c4h5s6d", "KsQdJcTh9s8d"], {"game": "razz", "exact": True}),
    (["As2d3c", "KsQdJc", "4h"], {"game": "stud_hilo", "samples": 20_000, "seed": 5}),
    (["As2d3c4h", "KsQd"], {"game": "badugi", "samples": 20_000, "seed": 0}),
    (["As2d3c4h", "KsQd9h"], {"game": "badugi", "exact": True}),
    (["AsKs", "TT"], {"game": "shortdeck", "board": "6c7d8h", "samples": 10_000, "seed": 2}),
    (["AsKs", "TT"], {"game": "sixplus", "board": "6c7d8h"}),
    (["2s3d4c5h", "KsQdJcTh"], {"game": "deuce_to_seven", "samples": 10_000, "seed": 9}),
    # several chunks (a wave of the C engine's threads), and a stop between chunks
    (["AhKh", "QsQd"], {"samples": 600_000, "seed": 4}),
    (["AhKh", "QsQd", "random"], {"board": "2c7d", "stderr": 0.002, "seed": 6}),
    (["As2d3c", "KsQdJc"], {"game": "razz", "stderr": 0.001, "seed": 8}),
]


def same(one: Any, two: Any) -> bool:
    return bool(one.players == two.players and one.deals == two.deals and one.exact == two.exact)


@pytest.mark.parametrize(("hands", "options"), CALLS)
def test_equity_is_the_same_on_both_engines_and_any_worker_count(
    hands: list[Any], options: dict[str, Any]
) -> None:
    options = {"seed": 1, **options} if options.get("samples") else options
    first = equity(hands, **options)
    for workers in (1, 2, 3):
        assert same(equity(hands, workers=workers, **options), first)
        with engine.numba_kernels():
            assert same(equity(hands, workers=workers, **options), first)


def test_equity_matrix_is_the_same_on_both_engines() -> None:
    found = equity_matrix(["AA", "KK", "AKs"], samples=5_000, workers=2)
    with engine.numba_kernels():
        wanted = equity_matrix(["AA", "KK", "AKs"], samples=5_000, workers=1)
    assert np.array_equal(found.values, wanted.values)


BAD_CALLS: list[tuple[list[Any], dict[str, Any]]] = [
    (["AsAh", "AsAh"], {}),
    (["AsAh", "KK"], {"board": "As"}),
    (["AsAh, 2c2d:0.000001", "AsAh, 3c3d:0.000001"], {"samples": 2_000, "seed": 1}),
    (["AsAh", "KK"], {"game": "omaha"}),
    (["AsAh"], {}),
    (["AsAh", "KK"], {"samples": 0}),
    (["AsAh", "KK"], {"workers": -1}),
    (["AsAh", "K\u212a"], {}),
    (["AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55"], {"game": "stud"}),
    (["AsKs", "random"], {"board": "AhKhQhJh9h2c"}),
    (["AsKs", "KK"], {"exact": True, "dead": "Kd Kc Kh"}),
]


@pytest.mark.parametrize(("hands", "options"), BAD_CALLS)
def test_errors_are_the_same_on_both_engines(hands: list[Any], options: dict[str, Any]) -> None:
    with pytest.raises((ShowdownError, TypeError)) as found:
        equity(hands, **options)
    with engine.numba_kernels(), pytest.raises(type(found.value)) as wanted:
        equity(hands, **options)
    assert str(found.value) == str(wanted.value)


# -- the C entries refuse what they cannot take --------------------------------------


def test_the_c_entries_refuse_arrays_of_the_wrong_shape_or_type() -> None:
    c = engine.c_engine()
    assert c is not None
    tables = equity_tables(GAMES["holdem"])
    arrays = tables.arrays()
    tuples = np.array([[[0, 1], [2, 3]]], dtype=np.int64)
    board = np.array([4, 5, 6], dtype=np.int64)
    out = np.zeros((1, 2, COLUMNS), dtype=np.int64)
    with pytest.raises(ValueError, match="zeros of shape"):
        c.exact_counts(ANY_MIX, tuples, board, 2, (1 << 52) - 1, arrays, out[:, :1])
    with pytest.raises(TypeError):
        c.exact_counts(ANY_MIX, tuples.astype(np.int32), board, 2, (1 << 52) - 1, arrays, out)
    with pytest.raises(ValueError, match="not a card code"):
        c.exact_counts(ANY_MIX, tuples + 60, board, 2, (1 << 52) - 1, arrays, out)
    with pytest.raises(ValueError, match="kind"):
        c.exact_counts(BOARD_HIGH, tuples, board, 2, (1 << 52) - 1, arrays, out)
    with pytest.raises(ValueError, match="five cards"):
        c.exact_omaha_ranks(tuples, board, 1, (1 << 52) - 1, arrays, out)
    with pytest.raises(TypeError, match="13 arrays"):
        c.exact_counts(ANY_MIX, tuples, board, 2, (1 << 52) - 1, arrays[:5], out)
    readonly = out.copy()
    readonly.setflags(write=False)
    with pytest.raises((BufferError, ValueError, TypeError)):
        c.exact_counts(ANY_MIX, tuples, board, 2, (1 << 52) - 1, arrays, readonly)
    with pytest.raises(ValueError, match="size or table"):
        c.keyed_census(
            np.arange(52, dtype=np.int64),
            9,
            np.zeros((1, 2), dtype=np.int64),
            tables.offsets,
            tables.ranks[0],
            tables.flushes[0],
            True,
            np.zeros(10, dtype=np.int64),
        )
    with pytest.raises(ValueError, match="beyond out"):
        c.keyed_census(
            np.arange(52, dtype=np.int64),
            5,
            np.array([[0, 1]], dtype=np.int64),
            tables.offsets,
            tables.ranks[0],
            tables.flushes[0],
            True,
            np.zeros(10, dtype=np.int64),
        )


def test_the_keys_are_configured_once_and_never_replaced() -> None:
    from showdown._kernels.tables import (
        CARD_KEYS,
        FLUSH_BITS,
        HASH_SHIFT,
        HASH_SIZE,
        KEY_START,
        RANK_KEYS,
        SUIT_SHIFT,
    )

    c = engine.c_engine()
    assert c is not None
    ranks = np.array(RANK_KEYS, dtype=np.int64)
    layout = (KEY_START, FLUSH_BITS, SUIT_SHIFT, HASH_SHIFT, HASH_SIZE, POT)
    c.configure(CARD_KEYS, ranks, *layout)  # the same keys again: accepted
    with pytest.raises(ValueError, match="other keys"):
        c.configure(CARD_KEYS + 1, ranks + 1, *layout)
    with pytest.raises(ValueError, match="layout"):
        c.configure(CARD_KEYS, ranks, KEY_START, FLUSH_BITS, SUIT_SHIFT, 9, HASH_SIZE, POT)
    found = engine.exact_counts(
        ANY_MIX,
        np.array([[[0, 1], [2, 3]]], dtype=np.int64),
        np.array([4, 5, 6, 7], dtype=np.int64),
        1,
        ((1 << 52) - 1) & ~0xF0,  # the deck less the board
        equity_tables(GAMES["holdem"]).arrays(),
    )
    assert found[0, :, SHARE].sum() == 44 * POT  # still valued with the first keys
