"""The quick path of exact equity and the preflop table, against the general path.

The quick path (:func:`showdown.equity.exact.quick_exact`) must give exactly what the general
path gives (every count, every float) on small problems of every game; the preflop
table must give what a plain enumeration of every board gives; and its canonical
form must be the same for every relabelling of suits and either seat order. Both
are the compiled core's: without it every problem takes the general path, which
counts with the readable reference.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest

from showdown._kernels import engine
from showdown.cards import DECK, Card, parse_cards
from showdown.equity import EquityResult, equity, preflop, solve
from showdown.equity.exact import quick_exact
from showdown.games import GAMES, get_game

SUIT_PERMUTATIONS = list(permutations(range(4)))
needs_core = pytest.mark.skipif(engine.c_engine() is None, reason="the compiled core is not in use")


def general(monkeypatch: pytest.MonkeyPatch, *args: Any, **kwargs: Any) -> EquityResult:
    """``equity`` with the quick path switched off."""
    with monkeypatch.context() as patch:
        patch.setattr(solve, "quick_exact", lambda *a, **k: None)
        return equity(*args, **kwargs)


def same(quick: EquityResult, slow: EquityResult) -> None:
    one, other = quick.to_json(), slow.to_json()
    one.pop("seconds")
    other.pop("seconds")
    assert one == other
    assert quick.players == slow.players
    assert quick.board == slow.board
    assert quick.dead == slow.dead
    assert quick.game is slow.game


def text(cards: list[Card], rng: random.Random) -> str:
    """Cards written in one of the ways players write them."""
    return rng.choice([" ", "", ","]).join(str(card) for card in cards)


def small_spots(game_name: str, count: int, seed: int) -> Iterator[tuple[list[str], str, str]]:
    """Random spots of a game that the quick path takes: hands, board, dead cards."""
    game = get_game(game_name)
    rng = random.Random(seed)
    deck = list(game.deck)
    made = 0
    while made < count:
        rng.shuffle(deck)
        players = rng.choice([2, 2, 3])
        if players * game.hole_cards + game.full_board + 1 > len(deck):
            players = 2
        cards = iter(deck)
        hands = []
        for _ in range(players):
            known = game.hole_cards - rng.choice([0, 0, 1]) if game.hole_cards > 1 else 1
            hands.append(text([next(cards) for _ in range(max(1, known))], rng))
        sizes = [size for size in game.board_cards if size >= game.full_board - 2]
        board = [next(cards) for _ in range(rng.choice(sizes))] if sizes else []
        dead = [next(cards) for _ in range(rng.choice([0, 0, 1]))]
        spot = (hands, text(board, rng), text(dead, rng))
        if quick_exact(hands, spot[1], spot[2], game_name, forced=True, budget=1.0) is None:
            continue
        made += 1
        yield spot


@needs_core
@pytest.mark.parametrize("game", sorted(GAMES))
def test_quick_path_equals_the_general_path(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for i, (hands, board, dead) in enumerate(small_spots(game, 6, seed=zlib.crc32(game.encode()))):
        options: dict[str, Any] = {"game": game, "board": board or None, "dead": dead or None}
        exact = [True, None][i % 2]
        quick = equity(hands, exact=exact, workers=1 + i % 2, **options)
        assert quick.exact
        same(quick, general(monkeypatch, hands, exact=exact, workers=1 + i % 2, **options))


@needs_core
def test_quick_path_is_taken_for_the_small_spots() -> None:
    # the spots of the speed issue: a flop, and two draw spots of 42 and 45 deals
    flop = quick_exact(["AhKh", "QsQd"], "2c7d9s", None, "holdem", forced=False, budget=1.0)
    draw = quick_exact(
        ["9s 7d 5c 4h 2s", "8h 6d 4s 3c"], None, "Kc", "2-7", forced=True, budget=1.0
    )
    badugi = quick_exact(["Kc 7d 5h 2s", "As 2d 3h"], None, None, "badugi", forced=True, budget=1)
    assert flop is not None
    assert flop.deals == 45 * 44 / 2
    assert draw is not None
    assert draw.deals == 52 - 10
    assert badugi is not None
    assert badugi.deals == 52 - 7


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AhKh", "AhQs"], None, None),  # a card twice
        (["AhKh", "QQ"], None, None),  # a range
        (["AhKh", "QsQd"], "2c 7d 9s 2c", None),
        (["AhKh", "QsQd"], "2c 7d", "2c"),
        (["AhKh", "QsQdJc"], None, None),  # too many cards: a range text, unreadable
        (["AhKh", "Xx"], None, None),
        (["AhKh"], None, None),
        ("AhKh QsQd", None, None),
        (["AhKh", ["Qs", "Qd"]], None, None),  # a list of cards: the general path
    ],
)
def test_the_quick_path_leaves_the_rest_to_the_general_path(
    hands: Any, board: str | None, dead: str | None
) -> None:
    assert quick_exact(hands, board, dead, "holdem", forced=True, budget=1.0) is None


def test_without_the_core_every_problem_takes_the_general_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spots = [
        (["AhKh", "QsQd"], "2c7d9s", None, "holdem"),
        (["Kc 7d 5h 2s", "As 2d 3h"], None, None, "badugi"),
        (["9s 7d 5c 4h 2s", "8h 6d 4s 3c"], None, "Kc", "2-7"),
    ]
    found = [equity(hands, board, game=game, dead=dead) for hands, board, dead, game in spots]
    monkeypatch.setenv("SHOWDOWN_ENGINE", "readable")
    for (hands, board, dead, game), before in zip(spots, found, strict=True):
        assert quick_exact(hands, board, dead, game, forced=True, budget=1.0) is None
        same(equity(hands, board, game=game, dead=dead), before)


@needs_core
def test_the_quick_path_refuses_what_the_general_path_would_sample() -> None:
    # 45 x 44 x 990 deals for two open hands on the flop: past the budget of 1 ms
    hands, board = ["Ah", "Qs"], "2c7d9s"
    assert quick_exact(hands, board, None, "holdem", forced=False, budget=1e-3) is None
    assert quick_exact(["AhKh", "QsQd"], board, None, "holdem", forced=False, budget=1e-9) is None
    assert equity(["AhKh", "QsQd"], board, exact_seconds=1e-9, samples=None, seed=1).exact is False


def test_a_game_object_and_aliases_take_the_quick_path(monkeypatch: pytest.MonkeyPatch) -> None:
    spot = (["As 2d 3h 4c", "Ks Qd"], None)
    for game in (get_game("badugi"), "Badugi", "badugi"):
        quick = equity(spot[0], game=game, exact=True)
        same(quick, general(monkeypatch, spot[0], game="badugi", exact=True))


@needs_core
def test_a_call_made_again_gives_the_same_result(monkeypatch: pytest.MonkeyPatch) -> None:
    # the second call of the same texts starts from the kept setup: nothing may differ
    spots = [
        (["9s 7d 5c 4h 2s", "8h 6d 4s 3c"], None, "Kc", "2-7"),
        (["Kc 7d 5h 2s", "As 2d 3h"], None, None, "badugi"),
        (["AhKh", "QsQd"], "2c 7d 9s", None, "holdem"),
        (["AhKh", "QsQd"], None, None, "holdem"),
        (["Ah 2h 3c Kd", "Qs Qd Js Td"], "2c 7d 9s Kh", "5s", "omaha8"),
    ]
    for hands, board, dead, game in spots:
        slow = general(monkeypatch, hands, board, game=game, dead=dead, exact=True)
        for again in (hands, tuple(hands), hands):
            same(equity(again, board, game=game, dead=dead, exact=True), slow)


@needs_core
def test_a_kept_setup_still_obeys_each_calls_budget() -> None:
    hands, board = ["Ac Kd", "Qh Qc"], "3c 8d 9h"
    taken = quick_exact(hands, board, None, "holdem", forced=False, budget=1.0)
    assert taken is not None
    assert taken.deals == 45 * 44 / 2
    assert quick_exact(hands, board, None, "holdem", forced=False, budget=1e-9) is None
    assert quick_exact(hands, board, None, "holdem", forced=True, budget=1e-9) is not None


def test_a_refused_call_is_refused_again() -> None:
    for _ in range(2):
        assert quick_exact(["AhKh", "AhQs"], None, None, "holdem", forced=True, budget=1) is None
        assert quick_exact(["AhKh", "QQ"], None, None, "holdem", forced=True, budget=1) is None


@needs_core
def test_the_kept_setups_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from showdown.equity import exact

    monkeypatch.setattr(exact, "_TEXT_CACHE_SIZE", 8)
    monkeypatch.setattr(exact, "_PREPARED", {})
    for i, (hands, board, dead) in enumerate(small_spots("razz", 20, seed=5)):
        spot = quick_exact(hands, board, dead, "razz", forced=True, budget=1.0)
        assert spot is not None
        assert spot.names == tuple(hand.replace(" ", "").replace(",", "") for hand in hands)
        assert len(exact._PREPARED) <= 8
        if i % 3 == 0:  # a kept one, asked again
            again = quick_exact(hands, board, dead, "razz", forced=True, budget=1.0)
            assert again is not None
            assert again.totals.tolist() == spot.totals.tolist()


# -- the preflop table ----------------------------------------------------------------


@pytest.fixture
def fresh_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder for the preflop table, for the test only."""
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    preflop.preflop_table(reload=True)
    yield tmp_path
    monkeypatch.undo()
    preflop.preflop_table(reload=True)


def suit_image(cards: tuple[Card, ...], perm: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(DECK[(card.code & ~3) | perm[card.code & 3]] for card in cards)


def random_matchups(count: int, seed: int) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        cards = rng.sample(DECK, 4)
        found.append((tuple(cards[:2]), tuple(cards[2:])))
    return found


def test_canonical_form_on_every_relabelling_of_suits() -> None:
    matchups = [
        (parse_cards("AhKh"), parse_cards("QsQd")),
        (parse_cards("AsAh"), parse_cards("AdAc")),
        (parse_cards("7c2d"), parse_cards("7d2c")),
        (parse_cards("9s8s"), parse_cards("9h8h")),
        *random_matchups(6, seed=3),
    ]
    for first, second in matchups:
        key, _ = preflop.canonical_matchup(first, second)
        a, b, c, d = preflop.matchup_cards(key)
        for perm in SUIT_PERMUTATIONS:
            x, y = suit_image(first, perm), suit_image(second, perm)
            for p, q in ((x, y), (y, x), (x[::-1], y), (x, y[::-1])):
                found, swapped = preflop.canonical_matchup(p, q)
                assert found == key
                # the key's first hand is the swapped seat's, up to a relabelling
                mover, other = (q, p) if swapped else (p, q)
                assert any(
                    set(suit_image(mover, to)) == {a, b} and set(suit_image(other, to)) == {c, d}
                    for to in SUIT_PERMUTATIONS
                )


def test_canonical_form_tells_classes_apart() -> None:
    # a class is its matchups up to suits and seats: count 200 random matchups' classes
    # by brute force and by key
    seen_keys, seen_classes = set(), set()
    for first, second in random_matchups(200, seed=11):
        seen_keys.add(preflop.canonical_matchup(first, second)[0])
        seen_classes.add(
            min(
                tuple(sorted([tuple(sorted(suit_image(h, perm))) for h in (first, second)]))
                for perm in SUIT_PERMUTATIONS
            )
        )
    assert len(seen_keys) == len(seen_classes)


@needs_core
def test_the_table_equals_a_plain_enumeration(
    fresh_table: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    matchups = [
        (parse_cards("AhKh"), parse_cards("QsQd")),
        (parse_cards("QsQd"), parse_cards("AhKh")),
        *random_matchups(3, seed=5),
    ]
    first_answers = []
    for first, second in matchups:
        hands = ["".join(map(str, first)), "".join(map(str, second))]
        result = equity(hands)  # computed, and kept in the journal
        assert result.exact
        assert result.deals == preflop.PREFLOP_BOARDS
        same(result, general(monkeypatch, hands))
        first_answers.append(result)
    journal = preflop.preflop_table().journal
    assert journal is not None
    assert journal.exists()
    table = preflop.preflop_table(reload=True)  # a new process reads the journal
    for (first, second), before in zip(matchups, first_answers, strict=True):
        key, _ = preflop.canonical_matchup(first, second)
        assert table.get(key) is not None
        hands = ["".join(map(str, first)), "".join(map(str, second))]
        same(equity(hands), before)  # from the table
    keys = sorted({preflop.canonical_matchup(a, b)[0] for a, b in matchups})
    assert preflop.check(keys) == []
    # the anchor counts of AhKh against QsQd, worked out by other programs as well
    ak = equity(["AhKh", "QsQd"]).players[0]
    assert (ak.wins, ak.ties, ak.losses) == (787966.0, 6732.0, 917606.0)


@needs_core
def test_a_wrong_entry_is_caught_by_the_check(fresh_table: Path) -> None:
    first, second = parse_cards("JcTc"), parse_cards("9d9h")
    key, _swapped = preflop.canonical_matchup(first, second)
    table = preflop.preflop_table()
    table.record(key, 1, 2)
    assert preflop.check([key]) == [key]


@needs_core
def test_a_torn_journal_line_is_ignored(fresh_table: Path) -> None:
    first, second = parse_cards("8c8d"), parse_cards("AsKs")
    equity(["8c8d", "AsKs"])
    table = preflop.preflop_table()
    assert table.journal is not None
    with table.journal.open("a") as file:
        file.write("123 45 6 7\n99 1")  # a wrong check number, and a torn line
    reloaded = preflop.preflop_table(reload=True)
    assert len(reloaded.extra) == 1
    assert reloaded.get(preflop.canonical_matchup(first, second)[0]) is not None


@needs_core
def test_the_build_is_resumable(fresh_table: Path) -> None:
    table = preflop.build(limit=40, workers=2)
    assert table.filled() == 40
    assert table.path is not None
    assert table.path.exists()
    table = preflop.build(limit=30, workers=1)
    assert table.filled() == 70
    reloaded = preflop.preflop_table(reload=True)
    assert reloaded.filled() == 70
    filled = reloaded.keys[reloaded.wins >= 0]
    assert len(reloaded.keys) == preflop.MATCHUPS
    assert preflop.check(filled[::10].tolist()) == []


@needs_core
def test_the_table_can_be_left_aside(fresh_table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOWDOWN_PREFLOP_TABLE", "off")
    table = preflop.preflop_table(reload=True)
    ak = equity(["AhKh", "QsQd"]).players[0]
    assert (ak.wins, ak.ties, ak.losses) == (787966.0, 6732.0, 917606.0)
    assert table.extra == {}
    assert table.journal is None


@needs_core
def test_small_work_starts_no_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a thread pool for a small problem")

    import concurrent.futures  # where the equity module takes its pool from, when it needs one

    monkeypatch.setattr(concurrent.futures, "ThreadPoolExecutor", refuse)
    flop = equity(["AhKh", "QsQd"], "2c 7d 9s", workers=2)
    ranges = equity(["AK", "QQ"], "2c 7d 9s", exact=True, workers=2)  # the general path
    draw = equity(["Kc 7d 5h 2s", "As 2d 3h"], game="badugi", exact=True, workers=2)
    assert flop.exact
    assert ranges.exact
    assert draw.exact
    assert ranges.deals == sum(
        equity([a, q], "2c 7d 9s", exact=True).deals
        for a in (
            "AhKh",
            "AhKs",
            "AhKd",
            "AhKc",
            "AsKh",
            "AsKs",
            "AsKd",
            "AsKc",
            "AdKh",
            "AdKs",
            "AdKd",
            "AdKc",
            "AcKh",
            "AcKs",
            "AcKd",
            "AcKc",
        )
        for q in ("QhQs", "QhQd", "QhQc", "QsQd", "QsQc", "QdQc")
    )


def test_a_suit_swap_that_trades_board_and_dead_cards_is_no_symmetry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # swapping clubs and diamonds maps {3c on the board, 3d dead} onto itself as a
    # set, but moves a board card to the dead ones: the general path once took it
    # for a symmetry. Counted by hand with the readable evaluator (tests/test_equity).
    from tests.test_equity import plain_counts

    hands, board, dead = ["5c3h4d2c8cQd", "6cJs2h7dTs9s"], "Th 6h 3c", "3d"
    expected, deals = plain_counts("omaha6", hands, board, dead)
    for result in (
        equity(hands, board, game="omaha6", dead=dead, exact=True),
        general(monkeypatch, hands, board, game="omaha6", dead=dead, exact=True),
    ):
        assert result.deals == deals
        assert [p.wins for p in result.players] == [float(e["wins"]) for e in expected]
