"""The compiled core's equity and census kernels (``showdown._cequity``) against the readable
reference.

Every exact kernel -- every board dealt (any mix, Omaha, Badugi), by board ranks
(Hold'em-like games and Omaha, hi/lo included), the completion of partial hands, the
plain heads-up check of the preflop table -- runs on random spots of every game and
must give the counts of :mod:`showdown.equity.reference` (every deal dealt, every hand
valued by the readable evaluator) to the last unit. The spots take a few dead cards
out of the deck, or many, so that every number of cards to come, the preflop's five
included, stays cheap for the reference. The census kernel counts every hand of a
small deck as the readable evaluator does.

Monte Carlo draws from the core's own stream (splitmix64), so its seeded counts are
kept as expected results (``tests/data/cequity_samples.json``, made once from the C
engine when a second, independent engine still gave the same counts to the last unit);
its estimates must agree with the reference's exact equity within the standard
error. Then the public functions on the core and on the reference, their errors, and
the C entries' refusals of what they cannot take.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from showdown import equity, equity_matrix
from showdown._kernels import engine
from showdown._kernels.game_tables import (
    ANY_MIX,
    BADUGI,
    BOARD_HIGH,
    COLUMNS,
    HIGH,
    LOW,
    OMAHA,
    POT,
    SHARE,
    SHARE_SQ,
    TIE,
    WIN,
    equity_tables,
    kind_of,
    method_of,
)
from showdown._kernels.tables import kernel_tables, layout
from showdown.cards import DECK, cards_mask, parse_cards
from showdown.equity import reference
from showdown.equity.problem import read_problem
from showdown.equity.sampled import sample_task, sampler_of
from showdown.errors import ShowdownError
from showdown.evaluation import best_hand, candidate_hands
from showdown.games import GAMES, Game, get_game
from showdown.rules import RANKINGS, Formation, get_ranking
from showdown.tables import get_table

pytestmark = pytest.mark.skipif(engine.c_engine() is None, reason="the compiled core is not in use")

I64 = npt.NDArray[np.int64]
EXPECTED = Path(__file__).parent / "data" / "cequity_samples.json"
PLAIN_COLUMNS = [WIN, TIE, SHARE, SHARE_SQ]
"""The columns the by-ranks kernel of Hold'em-like games keeps (it leaves HIGH and LOW 0)."""


def deck_codes(game: Game) -> list[int]:
    return [card.code for card in game.deck]


# -- exact: random spots, small for the reference -------------------------------------


def exact_spot(
    game: Game, rng: random.Random, *, most_boards: int, tuples: int = 2
) -> tuple[I64, I64, int, int]:
    """A random exact problem ``(tuples, board_known, missing, deck_mask)``: 2 to 3 players
    (``tuples`` tuples of whole hands: the same cards dealt out among the players in other
    ways), a known board of any size, and dead cards enough that each tuple has at most
    ``most_boards`` boards to come."""
    deck = deck_codes(game)
    players = rng.randint(2, 3)
    known = rng.randint(0, game.full_board) if game.has_board else 0
    missing = game.full_board - known
    board = rng.sample(deck, known)
    rest = [c for c in deck if c not in board]
    hole = game.hole_cards
    cards = rng.sample(rest, players * hole)
    rows = []
    for _ in range(tuples):
        rows.append([sorted(cards[p * hole : (p + 1) * hole]) for p in range(players)])
        rng.shuffle(cards)
    free = [c for c in rest if c not in cards]
    keep = len(free)
    while keep > 0 and math.comb(keep, missing) > most_boards:
        keep -= 1
    dead = rng.sample(free, len(free) - keep)
    deck_mask = cards_mask(game.deck) & ~sum(1 << c for c in dead + board)
    return np.array(rows, dtype=np.int64), np.array(board, dtype=np.int64), missing, deck_mask


def spots(
    game: Game, count: int, seed: str, most_boards: int
) -> Iterator[tuple[I64, I64, int, int]]:
    rng = random.Random(seed)
    for _ in range(count):
        yield exact_spot(game, rng, most_boards=most_boards)


BOARD_GAMES = [name for name, game in GAMES.items() if game.has_board]
DRAWN_GAMES = [name for name, game in GAMES.items() if not game.has_board]


def most_boards(game: Game) -> int:
    """Boards per tuple that keep a spot's reference count under about a second."""
    return 40 if game.hole_used is not None and game.hole_cards > 4 else 80


@pytest.mark.parametrize("name", BOARD_GAMES)
def test_exact_by_board_ranks_gives_the_reference_counts(name: str) -> None:
    game = GAMES[name]
    tables = equity_tables(game)
    for tuples, board, missing, deck_mask in spots(game, 5, f"ranks {name}", most_boards(game)):
        wanted = reference.exact_counts(game, tuples, board, missing, deck_mask)
        if tables.kind == OMAHA:
            found = engine.exact_omaha_ranks(tuples, board, missing, deck_mask, tables.arrays())
            assert np.array_equal(found, wanted), (tuples.tolist(), board.tolist(), missing)
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
            assert method_of(game) == "board_ranks"
            got, want = found[:, :, PLAIN_COLUMNS], wanted[:, :, PLAIN_COLUMNS]
            assert np.array_equal(got, want), (tuples.tolist(), board.tolist(), missing)
            assert not found[:, :, [HIGH, LOW]].any()
        assert found.dtype == np.int64
        # every deal's pot is shared out whole
        boards = [
            math.comb((deck_mask & ~cards_mask(DECK[c] for c in t.ravel())).bit_count(), missing)
            for t in tuples
        ]
        assert found[:, :, SHARE].sum(axis=1).tolist() == [b * POT for b in boards]


@pytest.mark.parametrize("name", BOARD_GAMES)
def test_exact_by_every_board_gives_the_reference_counts(name: str) -> None:
    game = GAMES[name]
    tables = equity_tables(game)
    kind = OMAHA if game.hole_used is not None else ANY_MIX
    for tuples, board, missing, deck_mask in spots(game, 4, f"boards {name}", most_boards(game)):
        found = engine.exact_counts(kind, tuples, board, missing, deck_mask, tables.arrays())
        wanted = reference.exact_counts(game, tuples, board, missing, deck_mask)
        assert np.array_equal(found, wanted), (tuples.tolist(), board.tolist(), missing)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["holdem", "shortdeck", "omaha", "omaha_hilo", "omaha5_hilo"])
def test_exact_flops_and_preflops_give_the_reference_counts(name: str) -> None:
    """Whole decks less a few dead cards: many more boards per tuple."""
    game = GAMES[name]
    tables = equity_tables(game)
    rng = random.Random(f"long {name}")
    for _ in range(3):
        most = 20_000 if game.hole_used is None else 4_000
        tuples, board, missing, deck_mask = exact_spot(game, rng, most_boards=most, tuples=1)
        wanted = reference.exact_counts(game, tuples, board, missing, deck_mask)
        if tables.kind == OMAHA:
            found = engine.exact_omaha_ranks(tuples, board, missing, deck_mask, tables.arrays())
            assert np.array_equal(found, wanted)
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
            assert np.array_equal(found[:, :, PLAIN_COLUMNS], wanted[:, :, PLAIN_COLUMNS])


def partial_spot(game: Game, rng: random.Random) -> tuple[I64, I64, int, int]:
    """Known cards of 2 to 3 players (the first two may hold fewer than a hand), the free
    cards, and a limit on the tuples: ``(known, n_known, free_mask, limit)``."""
    deck = deck_codes(game)
    hole = game.hole_cards
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
    return known.astype(np.int64), n_known, free_mask, min(limit, rng.choice((12, 40, 120)))


@pytest.mark.parametrize("name", DRAWN_GAMES)
def test_exact_totals_of_partial_hands_give_the_reference_counts(name: str) -> None:
    game = GAMES[name]
    tables = equity_tables(game)
    assert tables.kind == kind_of(game) in (ANY_MIX, BADUGI)
    rng = random.Random(f"partial {name}")
    empty = np.zeros(0, dtype=np.int64)
    for _ in range(5):
        known, n_known, free_mask, limit = partial_spot(game, rng)
        for fewer in (limit, max(1, limit // 3)):
            found = engine.complete_hands(known, n_known, free_mask, fewer)
            wanted = reference.complete_hands(known, n_known, free_mask, fewer)
            assert np.array_equal(found, wanted), (known.tolist(), n_known.tolist(), fewer)
        deck_mask = cards_mask(game.deck)
        found_totals, found_count = engine.exact_totals(
            tables.kind, known, n_known, free_mask, limit, empty, 0, deck_mask, tables
        )
        wanted_totals, wanted_count = reference.exact_totals(
            game, known, n_known, free_mask, limit, empty, 0, deck_mask
        )
        assert found_count == wanted_count > 0
        assert np.array_equal(found_totals, wanted_totals)


BOARD_TOTALS: list[tuple[str, list[str], str]] = [
    ("holdem", ["5c", "AsKs", "9h"], "3c 4d Th"),
    ("sixplus", ["Ac", "AsKs", "9h"], "6c 7d Th"),
    ("omaha8", ["Ac2c3d", "AsKs4h5h", "9h8h7c"], "3c 4d Th"),
    ("courchevel", ["Ac2c3d4d", "AsKs4h5hJd", "9h8h7c6c"], "3c 4d Th"),
]


@pytest.mark.parametrize(("name", "hands", "board"), BOARD_TOTALS)
def test_exact_totals_on_a_board_give_the_reference_counts(
    name: str, hands: list[str], board: str
) -> None:
    """Partial hands completed every way, then the board's last two cards, from a deck
    of a dozen free cards."""
    game = get_game(name)
    tables = equity_tables(game)
    hole = game.hole_cards
    held = [[c.code for c in parse_cards(h)] for h in hands]
    known = np.array([sorted(h) + [0] * (hole - len(h)) for h in held], dtype=np.int64)
    n_known = np.array([len(h) for h in held], dtype=np.int64)
    board_codes = [c.code for c in parse_cards(board)]
    taken = {c for h in held for c in h} | set(board_codes)
    free = sum(1 << c for c in [c for c in deck_codes(game) if c not in taken][:12])
    deck = free | sum(1 << c for h in held for c in h)
    kind = kind_of(game)
    columns = PLAIN_COLUMNS if kind == BOARD_HIGH else list(range(COLUMNS))
    for limit in (1, 7, 40):
        args = (known, n_known, free, limit, np.array(board_codes, dtype=np.int64), 2, deck)
        found = engine.exact_totals(kind, *args, tables)
        wanted = reference.exact_totals(game, *args)
        assert found[1] == wanted[1] > 0
        assert np.array_equal(found[0][:, columns], wanted[0][:, columns])


# -- the preflop table's plain check ------------------------------------------------------


def test_heads_up_boards_gives_the_reference_counts() -> None:
    game = GAMES["holdem"]
    tables = equity_tables(game)
    rng = random.Random("heads up")
    for _ in range(3):
        cards = rng.sample(range(52), 4)
        hands = [sorted(cards[:2]), sorted(cards[2:])]
        others = [c for c in range(52) if c not in cards]
        deck_mask = sum(1 << c for c in rng.sample(others, 13)) | sum(1 << c for c in cards)
        found = engine.heads_up_boards(
            np.array([hands], dtype=np.int64),
            deck_mask,
            tables.offsets,
            tables.ranks[0],
            tables.flushes[0],
        )
        wanted = reference.exact_counts(game, [hands], [], 5, deck_mask)[0]
        assert found.tolist() == [[int(wanted[0, WIN]), int(wanted[0, TIE])]], hands


def test_heads_up_boards_on_the_whole_deck_gives_the_anchor_counts() -> None:
    tables = equity_tables(GAMES["holdem"])
    ak, qq = (sorted(c.code for c in parse_cards(h)) for h in ("AhKh", "QsQd"))
    found = engine.heads_up_boards(
        np.array([[ak, qq], [qq, ak]], dtype=np.int64),
        (1 << 52) - 1,
        tables.offsets,
        tables.ranks[0],
        tables.flushes[0],
    )
    assert found.tolist() == [[787_966, 6_732], [917_606, 6_732]]


# -- the census -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "size"),
    [
        (name, size)
        for name, rules in RANKINGS.items()
        if rules.formation is not Formation.DISTINCT_RANKS_AND_SUITS
        for size in ((5,) if name == "deuce_to_seven" else (5, 6, 7))
    ],
)
def test_the_census_kernel_counts_what_the_evaluator_gives_every_hand(
    ranking: str, size: int
) -> None:
    rules = get_ranking(ranking)
    table = get_table(rules)
    kernel = kernel_tables(rules)
    ranks = {rank.index for rank in rules.rank_order}
    rng = random.Random(f"census {ranking} {size}")
    deck = sorted(rng.sample([c for c in range(52) if c >> 2 in ranks], 13))
    n = len(deck)
    tasks = [(a, b) for a in range(n) for b in range(a + 1, n - size + 2)]
    found = engine.keyed_census(
        np.array(deck, dtype=np.int64),
        size,
        np.array(tasks, dtype=np.int64),
        layout().offsets,
        kernel.ranks,
        kernel.flushes,
        kernel.use_flush,
        len(table.classes) + 1,
    )
    assert found is not None
    wanted: Counter[int] = Counter()
    for hand in combinations([DECK[c] for c in deck], size):
        best = best_hand(rules, candidate_hands(rules, sorted(hand, reverse=True)))
        wanted[0 if best is None else best[0]] += 1
    assert dict(Counter({s: int(c) for s, c in enumerate(found) if c})) == dict(wanted)
    assert int(found.sum()) == math.comb(n, size)


# -- Monte Carlo -------------------------------------------------------------------------


SampleArrays = tuple[I64, I64, I64, I64, I64, npt.NDArray[np.float64], I64, I64, int, I64]
"""What the Monte Carlo kernels take between the seed and deals and the tables."""


def spot_arrays(spot: dict[str, Any]) -> SampleArrays:
    """A spot of the expected-results file as the Monte Carlo kernels take it."""

    def ints(key: str) -> I64:
        return np.array(spot[key], dtype=np.int64)

    return (
        ints("known"),
        ints("n_known"),
        ints("listed"),
        ints("combo_codes"),
        ints("combo_masks"),
        np.array(spot["combo_cumulative"], dtype=np.float64),
        ints("combo_start"),
        ints("board_known"),
        int(spot["n_board"]),
        ints("deck"),
    )


def expected() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(EXPECTED.read_text())
    return found


@pytest.mark.parametrize("entry", expected()["samples"], ids=lambda e: f"{e['game']}-{e['seed']}")
def test_seeded_samples_give_the_expected_counts(entry: dict[str, Any]) -> None:
    arrays = equity_tables(GAMES[entry["game"]]).arrays()
    counts, done, tries = engine.sample_counts(
        entry["kind"], np.uint64(entry["seed"]), entry["deals"], *spot_arrays(entry["spot"]), arrays
    )
    assert (done, tries) == (entry["done"], entry["tries"])
    assert counts.tolist() == entry["counts"], entry["spot"]
    assert int(counts[:, SHARE].sum()) == done * POT


@pytest.mark.parametrize("entry", expected()["equity"], ids=lambda e: " ".join(e["hands"]))
def test_seeded_equity_gives_the_expected_results(entry: dict[str, Any]) -> None:
    for workers in (1, 3):
        found = equity(entry["hands"], workers=workers, **entry["options"]).to_json()
        found.pop("seconds")
        assert found == entry["result"]


def sample_spot(game: Game, rng: random.Random, listed_players: int) -> SampleArrays:
    """A random sampling problem in the kernels' arrays (as ``showdown.equity.sampled.sampler_of``
    builds them): listed players (weighted combos) first, then open hands holding a few
    known cards; the deck is the game's less the board and the open hands' known cards."""
    deck = deck_codes(game)
    hole, players = game.hole_cards, rng.randint(2, 4 if game.hole_cards <= 5 else 3)
    listed_players = min(listed_players, players)
    board = rng.sample(deck, rng.randint(0, game.full_board - 1) if game.has_board else 0)
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
    return (
        known,
        n_known,
        listed,
        combo_codes,
        masks,
        np.array(cumulative or [0.0], dtype=np.float64),
        np.array(start, dtype=np.int64),
        np.array(board, dtype=np.int64),
        game.full_board,
        np.array(pool, dtype=np.int64),
    )


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
    wanted = engine.sample_counts(kind, np.uint64(11), 60_000, *spot, arrays)
    with ThreadPoolExecutor(max_workers=10) as pool:
        found = list(
            pool.map(
                lambda seed: engine.sample_counts(kind, np.uint64(seed), 60_000, *spot, arrays),
                [11] * 20,
            )
        )
    for counts, done, tries in found:
        assert (done, tries) == wanted[1:]
        assert np.array_equal(counts, wanted[0])


@pytest.mark.parametrize("name", ["holdem", "omaha_hilo", "razz", "badugi", "stud_hilo", "sixplus"])
def test_chunks_on_threads_count_what_each_chunk_counts_alone(name: str) -> None:
    """sample_chunks shares the chunks among threads it starts itself (more threads than
    sets of table copies included): each chunk's counts, deals and tries are those of
    one sample_counts call from its seed."""
    game = GAMES[name]
    arrays = equity_tables(game).arrays()
    kind = kind_of(game)
    rng = random.Random(f"chunks {name}")
    spot = sample_spot(game, rng, listed_players=1)
    seeds = [rng.getrandbits(64) for _ in range(13)]
    deals = [rng.choice((0, 1, 500, 3_000)) for _ in seeds]
    wanted = [
        engine.sample_counts(kind, np.uint64(s), d, *spot, arrays)
        for s, d in zip(seeds, deals, strict=True)
    ]
    for threads in (1, 2, 5, 12):
        counts, done, tries = engine.sample_chunks(
            kind,
            np.array(seeds, dtype=np.uint64),
            np.array(deals, dtype=np.int64),
            *spot,
            arrays,
            threads,
        )
        for i, (want_counts, want_done, want_tries) in enumerate(wanted):
            assert (int(done[i]), int(tries[i])) == (want_done, want_tries), (threads, i)
            assert np.array_equal(counts[i], want_counts), (threads, i)


def test_the_chunks_entry_refuses_bad_threads_deals_and_shapes() -> None:
    c = engine.c_engine()
    assert c is not None
    game = GAMES["holdem"]
    arrays = equity_tables(game).arrays()
    spot = sample_spot(game, random.Random("bad chunks"), listed_players=0)
    players = spot[0].shape[0]

    def call(seeds: I64, deals: I64, out: I64, done: I64, threads: int) -> None:
        c.sample_chunks(kind_of(game), seeds, deals, *spot, arrays, out, done, done.copy(), threads)

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


def test_a_sample_that_almost_never_fits_gives_up_after_a_thousand_tries_a_deal() -> None:
    arrays = equity_tables(GAMES["holdem"]).arrays()
    # both players list the same single combo: every try clashes
    spot = (
        np.zeros((2, 2), dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        np.ones(2, dtype=np.int64),
        np.array([[50, 51], [50, 51]], dtype=np.int64),
        np.array([3 << 50, 3 << 50], dtype=np.int64),
        np.array([1.0, 1.0]),
        np.array([0, 1, 2], dtype=np.int64),
        np.zeros(0, dtype=np.int64),
        5,
        np.arange(52, dtype=np.int64),
    )
    counts, done, tries = engine.sample_counts(BOARD_HIGH, np.uint64(1), 10, *spot, arrays)
    assert (done, tries) == (0, 1000 * 10 + 1000)
    assert not counts.any()
    found = reference.sample_counts(GAMES["holdem"], 1, 10, *spot)
    assert found[1:] == (0, 1000 * 10 + 1000)


# -- the public functions on the core and on the reference --------------------------------


@pytest.fixture
def readable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside the test, every path takes the readable reference (``SHOWDOWN_ENGINE``)."""
    monkeypatch.setenv("SHOWDOWN_ENGINE", "readable")
    assert engine.c_engine() is None


EXACT_CALLS: list[tuple[list[Any], dict[str, Any]]] = [
    (["AhKh", "QsQd"], {"board": "2c7d9s"}),
    (["AhKh", "QsQd", "Jc"], {"board": "2c7d9s6h"}),
    (["QQ+, AKs", "JJ-99"], {"board": "2c7c9cKc"}),
    (["As2sKdQd", "9h8h7c6c"], {"game": "omaha8", "board": "3s4h5dJc"}),
    (["AhKh7c8c", "QdQc6s"], {"game": "omaha8", "board": "2c7d3hTs", "exact": True}),
    (["As2d3c4h", "KsQd9h"], {"game": "badugi", "exact": True}),
    (["AsKs", "TT"], {"game": "sixplus", "board": "6c7d8h"}),
    (["As 2s 5h 8d Jc Qs", "Ad 3d 4h 6h 9c Th"], {"game": "stud_hilo"}),
    (["7s 5d 4h 2c", "8d 6c 4c 3s"], {"game": "deuce_to_seven"}),
]


def same(one: Any, two: Any) -> bool:
    return bool(one.players == two.players and one.deals == two.deals and one.exact == two.exact)


@pytest.mark.parametrize(("hands", "options"), EXACT_CALLS)
def test_exact_equity_is_the_same_on_the_core_and_on_the_reference(
    hands: list[Any], options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    found = equity(hands, **options)
    assert found.exact
    for workers in (1, 2):
        assert same(equity(hands, workers=workers, **options), found)
    monkeypatch.setenv("SHOWDOWN_ENGINE", "readable")
    assert same(equity(hands, workers=1, **options), found)


STATISTICAL_SPOTS: list[tuple[str, list[str], str | None]] = [
    ("holdem", ["QQ+, AKs", "JJ-99"], "2c 7c 9c Kc"),
    ("holdem", ["AhKh", "QsQd", "Jc"], "2c 7d 9s 5h"),
    ("omaha8", ["Ah2h3c4d", "KsKdQsQd"], "9c 8d 2s Jc"),
    ("stud_hilo", ["As 2s 5h 8d Jc Qs", "Ad 3d 4h 6h 9c Th"], None),
    ("badugi", ["As 2d 3h", "2s 3c 4h"], None),
]


@pytest.mark.parametrize(("game", "hands", "board"), STATISTICAL_SPOTS)
def test_samples_of_the_core_and_of_the_reference_agree_with_the_exact_equity(
    game: str, hands: list[str], board: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    sampled = equity(hands, board, game=game, samples=100_000, seed=5)
    monkeypatch.setenv("SHOWDOWN_ENGINE", "readable")
    exact = equity(hands, board, game=game, exact=True)
    small = equity(hands, board, game=game, samples=2_000, seed=5)
    assert same(small, equity(hands, board, game=game, samples=2_000, seed=5))  # reproducible
    for result in (sampled, small):
        assert not result.exact
        for want, got in zip(exact.players, result.players, strict=True):
            assert got.stderr > 0
            assert abs(got.equity - want.equity) <= 4.5 * got.stderr, (want.hand, got, want)
    assert small.players != sampled.players  # another stream


def test_a_run_chosen_for_the_core_samples_in_the_reference_where_the_core_is_gone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A chunk of a run planned on the core (a Dask worker without it, say) falls back on
    the reference's stream; the counts stay whole and the pot shared out."""
    problem = read_problem(["AhKh", "QQ"], "2c 7d 9s", None, "holdem")
    sampler = sampler_of(problem, compiled=True)
    counts, done, tries = sample_task((sampler, np.uint64(3), 500))
    assert done == tries == 500
    monkeypatch.setenv("SHOWDOWN_ENGINE", "readable")
    fallback, done, _ = sample_task((sampler, np.uint64(3), 500))
    assert done == 500
    assert int(fallback[:, SHARE].sum()) == int(counts[:, SHARE].sum()) == 500 * POT


def test_equity_matrix_is_the_same_on_any_worker_count() -> None:
    found = equity_matrix(["AA", "KK", "AKs"], samples=5_000, workers=2)
    wanted = equity_matrix(["AA", "KK", "AKs"], samples=5_000, workers=1)
    assert np.array_equal(found.values, wanted.values)


BAD_CALLS: list[tuple[list[Any], dict[str, Any]]] = [
    (["AsAh", "AsAh"], {}),
    (["AsAh", "KK"], {"board": "As"}),
    (["AsAh, 2c2d:0.000001", "AsAh, 3c3d:0.000001"], {"samples": 200, "seed": 1}),
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
def test_errors_are_the_same_on_the_core_and_on_the_reference(
    hands: list[Any], options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises((ShowdownError, TypeError)) as found:
        equity(hands, **options)
    monkeypatch.setenv("SHOWDOWN_ENGINE", "readable")
    with pytest.raises(type(found.value)) as wanted:
        equity(hands, **options)
    assert str(found.value) == str(wanted.value)


def test_the_kernels_need_the_core_and_say_so(readable: None) -> None:
    tables = equity_tables(GAMES["holdem"])
    with pytest.raises(engine.CoreMissingError, match="readable reference"):
        engine.exact_counts(
            ANY_MIX,
            np.zeros((1, 2, 2), dtype=np.int64),
            np.zeros(0, dtype=np.int64),
            5,
            1,
            tables.arrays(),
        )
    rules = kernel_tables(get_ranking("high"))
    empty = np.zeros((0, 2), dtype=np.int64)
    deck = np.arange(52, dtype=np.int64)
    assert (
        engine.keyed_census(deck, 5, empty, layout().offsets, rules.ranks, rules.flushes, True, 9)
        is None
    )


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
    hands_out = np.zeros((1, 2), dtype=np.int64)
    with pytest.raises(ValueError, match="heads_up_boards: arrays of the wrong shape"):
        c.heads_up_boards(
            tuples, 15, tables.offsets, tables.ranks[0], tables.flushes[0], hands_out[:, :1]
        )
    with pytest.raises(ValueError, match="heads_up_boards: arrays of the wrong shape"):
        c.heads_up_boards(
            np.zeros((1, 3, 2), dtype=np.int64),
            15,
            tables.offsets,
            tables.ranks[0],
            tables.flushes[0],
            hands_out,
        )
    with pytest.raises(ValueError, match="not a card code"):
        c.heads_up_boards(
            tuples - 1, 15, tables.offsets, tables.ranks[0], tables.flushes[0], hands_out
        )
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
    layout_given = (KEY_START, FLUSH_BITS, SUIT_SHIFT, HASH_SHIFT, HASH_SIZE, POT)
    c.configure(CARD_KEYS, ranks, *layout_given)  # the same keys again: accepted
    with pytest.raises(ValueError, match="other keys"):
        c.configure(CARD_KEYS + 1, ranks + 1, *layout_given)
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
