"""Equity: exact counts against plain enumerations, Monte Carlo against exact, the compiled
core's valuing of deals against the readable evaluator, errors, and the CLI."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from typer.testing import CliRunner

from showdown import CardCountError, CardParseError, DuplicateCardError, ShowdownError
from showdown._kernels import engine
from showdown._kernels.game_tables import (
    ANY_MIX,
    BADUGI,
    BOARD_HIGH,
    OMAHA,
    POT,
    SHARE,
    equity_tables,
    kind_of,
)
from showdown.cards import DECK, Card, parse_cards
from showdown.cli import app
from showdown.equity import CHUNK, EquityResult, equity, equity_matrix, reference
from showdown.errors import InvalidArgumentError, RangeParseError, UnknownGameError
from showdown.games import GameHand, evaluate_game, get_game
from showdown.ranges import parse_range

# -- a plain reference: every deal, the readable evaluator, fractions ---------------------


def plain_counts(
    game_name: str,
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
) -> tuple[list[dict[str, Fraction]], int]:
    """Per player: wins, ties, share, high, low over every deal; and the number of deals.

    Hands may be partial (fewer cards than the game deals): the missing cards are
    dealt in every way, player by player, then the board.
    """
    game = get_game(game_name)
    known = [parse_cards(h) for h in hands]
    shared = parse_cards(board) if board else ()
    out = parse_cards(dead) if dead else ()
    ranks = set(game.rankings[0].rank_order)
    used = {c for h in known for c in h} | set(shared) | set(out)
    deck = [c for c in DECK if c.rank in ranks and c not in used]
    totals = [{key: Fraction(0) for key in ("wins", "ties", "share", "high", "low")} for _ in hands]
    deals = 0

    def fill(p: int, rest: list[Card], filled: list[tuple[Card, ...]]) -> None:
        nonlocal deals
        if p == len(known):
            for extra in combinations(rest, game.full_board - len(shared)):
                score([*filled], (*shared, *extra))
                deals += 1
            return
        for more in combinations(rest, game.hole_cards - len(known[p])):
            left = [c for c in rest if c not in more]
            fill(p + 1, left, [*filled, (*known[p], *more)])

    def score(holes: list[tuple[Card, ...]], full: tuple[Card, ...]) -> None:
        values: list[GameHand] = [evaluate_game(game, h, full or None) for h in holes]
        high = [v.values[0] for v in values]
        best_high = max(high)  # type: ignore[type-var]
        high_winners = [i for i, v in enumerate(high) if v == best_high]
        shares = [Fraction(0)] * len(holes)
        high_part = [Fraction(0)] * len(holes)
        low_part = [Fraction(0)] * len(holes)
        lows = [v.values[1] for v in values] if game.split_pot else []
        qualified = [v for v in lows if v is not None]
        high_pot = Fraction(1) if not qualified else Fraction(1, 2)
        for i in high_winners:
            high_part[i] = high_pot / len(high_winners)
        if qualified:
            best_low = max(qualified)
            low_winners = [i for i, v in enumerate(lows) if v is not None and v == best_low]
            for i in low_winners:
                low_part[i] = Fraction(1, 2) / len(low_winners)
        for i in range(len(holes)):
            shares[i] = high_part[i] + low_part[i]
            t = totals[i]
            t["share"] += shares[i]
            t["high"] += high_part[i]
            t["low"] += low_part[i]
            if shares[i] == 1:
                t["wins"] += 1
            elif shares[i] > 0:
                t["ties"] += 1

    fill(0, deck, [])
    return totals, deals


def assert_matches(result: EquityResult, expected: list[dict[str, Fraction]], deals: int) -> None:
    assert result.exact
    assert result.deals == deals
    for player, want in zip(result.players, expected, strict=True):
        assert player.wins == want["wins"], player.hand
        assert player.ties == want["ties"], player.hand
        assert player.equity == pytest.approx(float(want["share"] / deals), abs=1e-12)
        if result.game.split_pot:
            assert player.high == pytest.approx(float(want["high"] / deals), abs=1e-12)
            assert player.low == pytest.approx(float(want["low"] / deals), abs=1e-12)


# -- exact ---------------------------------------------------------------------------------


def test_the_anchor_counts() -> None:
    result = equity(["AhKh", "QsQd"])
    ak, qq = result.players
    assert result.exact
    assert result.deals == 1_712_304
    assert (ak.wins, ak.ties, ak.losses) == (787_966, 6_732, 917_606)
    assert (qq.wins, qq.ties, qq.losses) == (917_606, 6_732, 787_966)
    assert ak.equity == pytest.approx((787_966 + 6_732 / 2) / 1_712_304, abs=1e-15)
    assert round(ak.equity, 5) == 0.46214
    assert ak.win + ak.tie + ak.lose == pytest.approx(1.0)
    assert ak.high is None
    assert ak.stderr == 0.0
    assert sum(result.equities) == pytest.approx(1.0, abs=1e-15)


@pytest.mark.parametrize(
    ("game", "hands", "board", "dead"),
    [
        ("holdem", ["AhKh", "QsQd"], "Qh 7h 2c", ""),  # flop
        ("holdem", ["AhKh", "QsQd", "JcTc"], "9h 8d 2c", ""),  # flop, three-way
        ("holdem", ["QsJs", "QcJc", "8h8d"], "Ah Kd 7c 2s", ""),  # turn, ties
        ("holdem", ["AsKs", "AdKd"], "2c 7h 9d Tc Js", ""),  # river, a split
        ("holdem", ["AhKh", "Ts9s"], "Qh 7h 2c", "3h 4h Jd"),  # dead cards
        ("holdem", ["Ah", "KsKd"], "Qh 7h 2c 3d", ""),  # a partial hand
        ("shortdeck", ["AhKh", "9s9d"], "6h 7h 8c", ""),
        ("omaha", ["AhKhQdJd", "9s9dTsTc", "6h5h4c3c"], "8h 7h 2c 9c", ""),
        ("omaha8", ["Ah2h3c4d", "KsKdQsQd", "5h6h7s8s"], "9c 8d 2s Jc", ""),
        ("omaha5_hilo", ["Ah2h3c4dKc", "KsKdQsQd6d"], "9c 8d 3s Jc", ""),
        # flops: two cards to come, flushes made and missed by the board's ranks
        ("omaha", ["AhKhQdJd", "9h9dThTc"], "8h 7h 2c", "3h"),
        ("omaha8", ["Ah2h3d4d", "KhQhKdQd"], "5h 6d 9h", ""),
        ("omaha6", ["AsKsQsJd2c4d", "9s9dTsTc3c5d"], "8s 7d 6s", ""),
        ("stud_hilo", ["As Ks 2h 3d 4c Qs 8s", "Ad Kd 5h 6h 7c 9d"], "", ""),
        ("razz", ["As 2s 5h 8d Jc Qs Kd", "Ad 3d 4h 6h 9c Th"], "", ""),
        ("stud", ["As Ad 5h 8d Jc Qs 2c", "Kd Kc 4h 6h 9c 9s"], "", ""),
        ("five_card_draw", ["As Ad 5h 8d", "Kd Kc 4h 6h"], "", ""),
        ("deuce_to_seven", ["7s 5d 4h 2c", "8d 6c 4c 3s"], "", ""),
        ("ace_to_five_draw", ["As 2d 3h 4c", "2s 3s 4s 5d"], "", ""),
        ("badugi", ["As 2d 3h", "2s 3c 4h"], "", ""),
    ],
)
def test_exact_matches_a_plain_enumeration(
    game: str, hands: list[str], board: str, dead: str
) -> None:
    expected, deals = plain_counts(game, hands, board, dead)
    result = equity(hands, board or None, game=game, dead=dead or None, exact=True)
    assert_matches(result, expected, deals)


needs_core = pytest.mark.skipif(engine.c_engine() is None, reason="the compiled core is not in use")


@pytest.mark.parametrize(
    ("game", "hands", "board", "dead"),
    [
        ("omaha", ["AhKhQdJd", "9s9dTsTc"], "", ""),  # preflop
        ("omaha8", ["Ah2h3d4d", "KhQhKdQd", "5s6s7c8c"], "", "Tc"),  # preflop, three-way
        ("omaha5", ["Ah2h3d4dKs", "KhQhTdQd9s"], "6h", "5h"),
        ("omaha6_hilo", ["Ah2h3d4dKs5s", "KhQhTdQd9s8c"], "6h 7h", ""),
        ("courchevel_hilo", ["Ah2h3d4dKs", "KhQhTdQd9s"], "6h 7h Jh", ""),
        ("omaha", ["AhKhQdJd", "9h9dThTc", "5h6h7c8c"], "2h 3h 4h 9c", ""),
        ("omaha8", ["Ah2h3d4d", "KhQhKdQd"], "5h 6h 7h 8h 9c", ""),
    ],
)
@needs_core
def test_omaha_by_board_ranks_equals_the_reference(
    game: str, hands: list[str], board: str, dead: str
) -> None:
    """Exact Omaha values each multiset of board ranks once and corrects the flush
    boards; the readable reference deals and values every board. The deck is cut down
    to the cards of the flush suit and a few others, so that the reference stays quick."""
    found = get_game(game)
    tables = equity_tables(found)
    tuples = np.array([[sorted(c.code for c in parse_cards(h)) for h in hands]], dtype=np.int64)
    known = np.array([c.code for c in parse_cards(board)] if board else [], dtype=np.int64)
    missing = 5 - len(known)
    taken = {c.code for c in parse_cards(board + dead + "".join(hands))}
    free = sorted((c for c in range(52) if c not in taken), key=lambda c: (c & 3 != 2, c))
    keep = len(free)
    while math.comb(keep, missing) > 300:
        keep -= 1
    deck_mask = sum(1 << c for c in free[:keep]) | sum(1 << int(c) for c in tuples.ravel())
    by_ranks = engine.exact_omaha_ranks(tuples, known, missing, deck_mask, tables.arrays())
    wanted = reference.exact_counts(found, tuples, known, missing, deck_mask)
    assert np.array_equal(by_ranks, wanted)
    assert by_ranks[0, :, SHARE].sum() == math.comb(keep, missing) * POT


def test_hilo_spot_against_a_hand_count() -> None:
    # Omaha Hi/Lo on the turn: 40 rivers, counted by hand with the readable evaluator.
    hands, board = ["Ah2h3c4d", "KsKdQsQd"], "9c 8d 2s Jc"
    game = get_game("omaha8")
    used = set(parse_cards("".join(hands) + board))
    scoops = halves = 0
    for river in (c for c in DECK if c not in used):
        full = (*parse_cards(board), river)
        one, two = (evaluate_game(game, h, full) for h in hands)
        assert one.high is not None
        assert two.high is not None
        high_one = one.high > two.high
        low_one = one.low is not None and (two.low is None or one.low > two.low)
        no_low = one.low is None and two.low is None
        if high_one and (low_one or no_low):
            scoops += 1
        elif high_one or low_one:
            halves += 1
    result = equity(hands, board, game="omaha8")
    assert result.exact
    assert result.deals == 40
    first = result.players[0]
    assert first.wins == scoops
    assert first.scoop == scoops / 40
    assert first.equity == pytest.approx(first.high + first.low)  # type: ignore[operator]


def test_ranges_equal_the_sum_of_their_combos() -> None:
    # suit isomorphism groups the 96 AK-vs-QQ tuples; summing them one by one must agree
    together = equity(["AK", "QQ"])
    wins = ties = share = 0.0
    deals = 0.0
    for ak, _ in parse_range("AK").combos():
        for qq, _ in parse_range("QQ").combos():
            one = equity([ak, qq], exact=True)
            wins += one.players[0].wins
            ties += one.players[0].ties
            share += one.players[0].equity * one.deals
            deals += one.deals
    assert together.exact
    assert together.deals == deals == 96 * 1_712_304
    assert together.players[0].wins == wins
    assert together.players[0].ties == ties
    assert together.players[0].equity == pytest.approx(share / deals, abs=1e-12)


def test_weights_and_card_removal() -> None:
    weighted = equity(["AKs:0.5, QQ", "JJ"], exact=True)
    ak = equity(["AKs", "JJ"], exact=True)
    qq = equity(["QQ", "JJ"], exact=True)
    share = 0.5 * ak.players[0].equity * ak.deals + qq.players[0].equity * qq.deals
    assert weighted.players[0].equity == pytest.approx(share / (0.5 * ak.deals + qq.deals))
    # overlapping ranges: only tuples that share no card count
    overlap = equity(["AA, KK", "AA, KK"], exact=True)
    assert overlap.deals == (6 * 1 + 6 * 6 + 6 * 6 + 6 * 1) * 1_712_304
    assert overlap.players[0].equity == pytest.approx(0.5, abs=1e-12)


def test_three_way_preflop() -> None:
    result = equity(["AhKh", "QsQd", "JcTc"])
    assert result.exact
    assert result.deals == 1_370_754
    assert sum(result.equities) == pytest.approx(1.0, abs=1e-12)
    # the counts of a plain board-by-board enumeration (every hand valued), kept
    wins_and_ties = [(p.wins, p.ties) for p in result.players]
    assert wins_and_ties == [(550_125, 3_132), (561_712, 3_132), (255_785, 3_132)]


# -- the core against the readable evaluator ----------------------------------------------


@needs_core
@pytest.mark.parametrize(
    "game",
    [
        "holdem",
        "shortdeck",
        "razz",
        "stud_hilo",
        "five_card_draw",
        "deuce_to_seven",
        "ace_to_five_draw",
        "omaha",
        "omaha8",
        "omaha6",
        "badugi",
    ],
)
def test_the_core_values_every_deal_as_the_evaluator(game: str) -> None:
    """Whole deals (no card to come), many at a time: the core's counts of who wins
    what are the readable reference's, which values each hand with the evaluator."""
    found = get_game(game)
    tables = equity_tables(found)
    kind = kind_of(found) if kind_of(found) != BOARD_HIGH else ANY_MIX
    deck = [c.code for c in found.deck]
    rng = random.Random(game)
    for _ in range(12):
        board = rng.sample(deck, found.full_board)
        players = rng.randint(2, 4)
        rest = [c for c in deck if c not in board]
        tuples = []
        for _ in range(10):
            cards = rng.sample(rest, players * found.hole_cards)
            hole = found.hole_cards
            tuples.append([sorted(cards[p * hole : (p + 1) * hole]) for p in range(players)])
        known = np.array(board, dtype=np.int64)
        mask = sum(1 << c for c in deck)
        counts = engine.exact_counts(kind, np.array(tuples), known, 0, mask, tables.arrays())
        assert np.array_equal(counts, reference.exact_counts(found, tuples, known, 0, mask))


def test_kernels_read_the_shared_kernel_tables() -> None:
    """No tables or keys of their own: every array is one of ``_kernels.tables``'s,
    so :func:`tables_nbytes` accounts for them all."""
    from showdown._kernels.game_tables import kept_omaha_tables, tables_nbytes
    from showdown._kernels.tables import (
        CARD_KEYS,
        RANK_KEY_MASK,
        RANK_KEYS,
        kernel_tables,
        layout,
        omaha_tables,
    )
    from showdown.games import GAMES

    assert np.array_equal(CARD_KEYS, layout().card_keys)
    assert [int(CARD_KEYS[4 * rank]) & RANK_KEY_MASK for rank in range(13)] == list(RANK_KEYS)
    arrays: dict[int, npt.NDArray[np.uint16]] = {}
    for game in GAMES.values():
        tables = equity_tables(game)
        assert tables.offsets is layout().offsets
        assert tables.binomials is layout().binomials
        for r, rules in enumerate(game.rankings):
            assert tables.ranks[r] is kernel_tables(rules).ranks
            assert tables.flushes[r] is kernel_tables(rules).flushes
        if tables.kind == OMAHA:
            # the Omaha tables as kept on disk (kept_omaha_tables): omaha_tables' arrays
            kept = kept_omaha_tables(game.rankings[0])
            assert tables.fives is kept.fives
            assert np.array_equal(kept.fives, omaha_tables(game.rankings[0]).fives)
            assert tables.five_keys is kept.card_keys
            assert np.array_equal(kept.card_keys, omaha_tables(game.rankings[0]).card_keys)
            if game.split_pot:
                low = kept_omaha_tables(game.rankings[1])
                assert tables.lows is low.lows
                assert np.array_equal(low.lows, omaha_tables(game.rankings[1]).lows)
                assert low.low_ranks == omaha_tables(game.rankings[1]).low_ranks
        if tables.kind == BADUGI:
            assert tables.badugi is kernel_tables(game.rankings[0]).badugi_hands
        for array in (*tables.ranks, *tables.flushes, tables.fives, tables.lows, tables.badugi):
            arrays[id(array)] = array
    assert sum(array.nbytes for array in arrays.values()) <= tables_nbytes() <= 4 * 1024 * 1024


# -- Monte Carlo ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("holdem", ["AhKh", "QsQd"], None),
        ("holdem", ["AK", "QQ, JJ"], None),  # listed ranges, card removal
        ("holdem", ["AhKh", "QsQd", "JcTc"], "9h 8d 2c"),
        ("holdem", ["Ah", "KK+"], "Qh 7h 2c"),
        ("omaha8", ["Ah2h3c4d", "KsKdQsQd", "5h6h7s8s"], "9c 8d 2s"),
        ("five_card_draw", ["As Ad 5h", "Kd Kc 4h 6h"], None),
        ("badugi", ["As 2d", "2s 3c 4h"], None),
        ("razz", ["As 2s 5h 8d Jc Qs", "Ad 3d 4h 6h 9c Th"], None),
        # the keyed sampler: known cards' key summed once, flushes by the dealt suits
        ("stud", ["Ah 9h 5h 8h Jc Qs", "Kd Kc 4h 6h 9c"], None),
        ("stud_hilo", ["As 2s 5h 8d Jc", "Kd Kc 4h 6h 3c 7c"], None),
        ("razz", ["As 2s 5h 8d Jc", "Ad 3d 4h 6h 9c Th", "Kc Qc 2h 3h 4c 5c"], None),
        ("deuce_to_seven", ["9s 7d 5c 2d", "8h 6h 4h 3h"], None),
        ("five_card_stud", ["As Kd 7h 2c", "Qh Qc 2s"], None),
        ("shortdeck", ["AhKh", "QsQd"], "9h 8h 7c"),
    ],
)
def test_monte_carlo_within_four_standard_errors(
    game: str, hands: list[str], board: str | None
) -> None:
    exact = equity(hands, board, game=game, exact=True)
    sampled = equity(hands, board, game=game, samples=150_000, seed=11)
    assert not sampled.exact
    assert sampled.deals == 150_000
    assert sampled.stopped_by == "samples"
    for want, got in zip(exact.players, sampled.players, strict=True):
        assert got.stderr > 0
        assert abs(got.equity - want.equity) <= 4 * got.stderr, (want.hand, got, want)
        if exact.game.split_pot:
            assert got.high is not None
            assert want.high is not None
            assert abs(got.high - want.high) <= 4 * got.stderr + 1e-3


def test_monte_carlo_is_reproducible() -> None:
    hands = ["AK, QQ", "random"]
    one = equity(hands, samples=300_001, seed=42, workers=1)
    two = equity(hands, samples=300_001, seed=42, workers=2)
    assert one.players == two.players
    assert one.deals == 300_001
    other = equity(hands, samples=300_001, seed=43)
    assert other.players != one.players
    unseeded = equity(["AhKh", "QsQd"], samples=10_000)
    assert unseeded.seed is not None
    again = equity(["AhKh", "QsQd"], samples=10_000, seed=unseeded.seed)
    assert again.players == unseeded.players


def test_monte_carlo_stopping_rules() -> None:
    result = equity(["AhKh", "QsQd"], stderr=0.002, seed=3)
    assert result.stopped_by == "stderr"
    assert max(p.stderr for p in result.players) <= 0.002
    assert result.deals % CHUNK == 0
    timed = equity(["AhKh", "QsQd", "random"], seconds=0.05, seed=3)
    assert timed.stopped_by in ("seconds", "samples")
    assert timed.deals > 0
    auto = equity(["random", "random"])  # too big to enumerate: sampled
    assert not auto.exact
    assert auto.deals == 1_000_000
    assert auto.players[0].equity == pytest.approx(0.5, abs=5 * auto.players[0].stderr)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_reported_progress_rises_to_one_and_changes_nothing(workers: int) -> None:
    seen: list[float] = []
    hands = ["AhKh", "QsQd"]
    watched = equity(hands, samples=40 * CHUNK + 5, seed=8, workers=workers, progress=seen.append)
    assert watched.players == equity(hands, samples=40 * CHUNK + 5, seed=8, workers=1).players
    assert len(seen) >= 5
    assert seen == sorted(seen)
    assert seen[-1] == 1.0


def test_hilo_results_add_up() -> None:
    result = equity(["Ah2h3c4d", "KsKdQsQd", "random"], game="omaha8", samples=100_000, seed=2)
    for p in result.players:
        assert p.high is not None
        assert p.low is not None
        assert p.equity == pytest.approx(p.high + p.low)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
    assert sum(p.low for p in result.players) <= 0.5  # type: ignore[misc]
    data = result.to_json()
    assert data["players"][0]["scoop"] == result.players[0].win


# -- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: equity(["AhKh"]), CardCountError, "equity needs 2 to 10 players, got 1"),
        (lambda: equity(["AhKh"] * 11), CardCountError, "equity needs 2 to 10 players, got 11"),
        (lambda: equity("AhKh QsQd"), TypeError, "hands must be a list of hands or ranges"),
        (
            lambda: equity(["AhKh", "AhQd"]),
            DuplicateCardError,
            "player 2: card Ah is also in another hand",
        ),
        (
            lambda: equity(["AhKh", "QsQd"], "Ah 7c 2d"),
            DuplicateCardError,
            "player 1: card Ah is also on the board or dead",
        ),
        (
            lambda: equity(["AhAd", "AhAs, AdAc"]),
            DuplicateCardError,
            "player 2: every hand of",
        ),
        (lambda: equity(["AhKh", "ZZ"]), RangeParseError, "'ZZ' is not a range token"),
        (lambda: equity(["AhKh", "QsQd"], game="poker"), UnknownGameError, "'poker'"),
        (
            lambda: equity(["AhKh", "QsQd"], "2c 3c 4c 5c 6c 7c"),
            CardCountError,
            "holdem has a board of 5 cards, got 6",
        ),
        (
            lambda: equity(["As Ks Qs", "Ah Ad 3c"], "2c", game="stud"),
            CardCountError,
            "stud has no board",
        ),
        (lambda: equity(["AhKh", "2c3c"], game="shortdeck"), RangeParseError, "2c is not in"),
        (
            lambda: equity(["AhKh", "QsQd"], "Qh 7h 2c", dead="7h"),
            DuplicateCardError,
            "card 7h is both on the board and dead",
        ),
        (
            lambda: equity(["random"] * 8, game="stud"),
            CardCountError,
            "8 players of stud need 56 cards",
        ),
        (
            lambda: equity(["AhKh", "QsQd"], samples=0),
            InvalidArgumentError,
            "samples=0: must be a whole number from 1 to",
        ),
        (lambda: equity([["Ah", "Kh", "Qh"], "QsQd"]), CardCountError, "holdem deals 2 cards"),
        (lambda: equity(["AhKh", parse_range("AAxx", game="omaha")]), CardCountError, "4-card"),
        (lambda: equity(["AhKh", "QsQd"], "Zz"), CardParseError, "'Zz' is not a card"),
        (
            lambda: equity(["random", "random", "random"], exact=True),
            ShowdownError,
            "exact enumeration of 2,331,473,976 tuples of hands is too large",
        ),
        (
            lambda: equity(["AhKhQh", "random"], game="stud", exact=True),
            ShowdownError,
            "player 2: exact enumeration would list 85,900,584 hands for 'random'",
        ),
    ],
)
def test_errors(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        call()  # type: ignore[operator]
    assert message in str(raised.value)


# -- matrices and the CLI ------------------------------------------------------------------


def test_matrix() -> None:
    m = equity_matrix(["AA", "KK", "72o"], samples=20_000, seed=1, workers=2)
    assert m.values.shape == (3, 3)
    assert m.values[0, 1] == pytest.approx(1 - m.values[1, 0])
    assert m.values[0, 1] == pytest.approx(0.82, abs=0.02)
    again = equity_matrix(["AA", "KK", "72o"], samples=20_000, seed=1, workers=1)
    assert np.array_equal(m.values, again.values)
    exact = equity_matrix(["AA"], "KK", exact=True)
    assert exact.exact
    assert exact.values[0, 0] == pytest.approx(0.8195, abs=1e-4)
    blocked = equity_matrix(["AhAd"], ["AhKh"], samples=1_000)
    assert math.isnan(blocked.values[0, 0])
    grid = equity_matrix(columns="AA", samples=2_000, seed=1).grid()
    assert grid.shape == (13, 13)
    assert grid[0, 0] == pytest.approx(0.5, abs=0.05)


runner = CliRunner()


def test_cli_equity_json_equals_the_api() -> None:
    out = runner.invoke(app, ["equity", "AhKh", "QsQd", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["exact"]
    assert data["players"][0]["wins"] == 787_966
    sampled = runner.invoke(
        app, ["equity", "AK", "QQ", "--board", "Qh 7h 2c", "-n", "50000", "--seed", "9", "--json"]
    )
    api = equity(["AK", "QQ"], "Qh 7h 2c", samples=50_000, seed=9)
    assert json.loads(sampled.stdout)["players"][0]["equity"] == api.players[0].equity
    table = runner.invoke(
        app, ["equity", "Ah2h3c4d", "KsKdQsQd", "-g", "omaha8", "--board", "9c 8d 2s Jc"]
    )
    assert table.exit_code == 0
    assert "High" in table.stdout
    assert "exact" in table.stdout
    bad = runner.invoke(app, ["equity", "AhKh", "ZZ"])
    assert bad.exit_code == 2
    assert "'ZZ' is not a range token" in bad.output


def test_cli_matrix_files(tmp_path: Path) -> None:
    csv_file, png, parquet = tmp_path / "m.csv", tmp_path / "m.png", tmp_path / "m.parquet"
    out = runner.invoke(
        app,
        ["matrix", "QQ+", "-n", "2000", "--out", str(csv_file), "--plot", str(png)],
    )
    assert out.exit_code == 0, out.output
    lines = csv_file.read_text().splitlines()
    assert lines[0] == "hand,against,equity"
    assert len(lines) == 170
    assert png.stat().st_size > 10_000
    two = runner.invoke(
        app, ["matrix", "--hands", "AA;KK", "-n", "2000", "--out", str(parquet), "--json"]
    )
    assert two.exit_code == 0, two.output
    assert json.loads(two.stdout)["rows"] == ["AA", "KK"]
    pq = pytest.importorskip("pyarrow.parquet")
    assert pq.read_table(parquet).num_rows == 4


def test_equity_from_the_package_works_whatever_was_imported_first() -> None:
    """``import showdown.equity`` makes the package's ``equity`` the module: it is
    callable as the function, and the module's names stay reachable."""
    import subprocess
    import sys

    code = (
        "import showdown.equity as module\n"
        "from showdown import equity\n"
        "result = equity(['AhKh', 'QsQd'], board='2c7d9s')\n"
        "assert result.players[0].wins == module.equity(['AhKh', 'QsQd'], board='2c7d9s')"
        ".players[0].wins\n"
        "assert module.equity_matrix and module.EquityResult\n"
        "print(result.deals)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["990.0"]  # the 990 turns and rivers of the flop
