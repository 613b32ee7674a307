"""The compiled one-hand path against the readable evaluator, and the serial batch kernels.

The readable path (every candidate set looked up in the rule table,
:func:`showdown.evaluation.best_hand`) is the reference: for random hands of
every game and every ranking, the compiled path (:mod:`showdown._fast`) must
give the very same :class:`~showdown.evaluation.HandValue`: strength, cards in
reading order, hole and board cards used, unused cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from showdown import _fast
from showdown.batch import SERIAL_ROWS, best_cards_many, evaluate_many, strength
from showdown.cards import DECK, Card, parse_cards
from showdown.errors import CardCountError, CardParseError, DuplicateCardError
from showdown.evaluation import HandValue, evaluate
from showdown.games import GAMES, Game, GameHand, evaluate_game
from showdown.rules import RANKINGS, Formation, RuleSet

HANDS = 2_000

Fingerprint = tuple[int, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def fingerprint(value: HandValue | None) -> Fingerprint | None:
    """Everything a value carries, as plain data."""
    if value is None:
        return None
    return (value.strength, value.cards, value.hole_used, value.board_used, value.unused)


@pytest.fixture
def mode() -> Iterator[None]:
    previous = _fast.mode()
    yield
    _fast.set_mode(previous)


def readable_game(game: Game, hole: list[Card], board: list[Card]) -> GameHand:
    _fast.set_mode("readable")
    return evaluate_game(game, hole, board or None)


def compiled_game(game: Game, hole: list[Card], board: list[Card]) -> GameHand:
    _fast.set_mode("compiled")
    return evaluate_game(game, hole, board or None)


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_compiled_path_gives_the_readable_value_in_every_game(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(f"single-{name}")
    deck = list(game.deck)
    for _ in range(HANDS):
        size = rng.choice(game.hand_boards) if game.has_board else 0
        cards = rng.sample(deck, game.hole_cards + size)
        hole, board = cards[: game.hole_cards], cards[game.hole_cards :]
        expected = [fingerprint(v) for v in readable_game(game, hole, board).values]
        found = [fingerprint(v) for v in compiled_game(game, hole, board).values]
        assert found == expected, f"{name}: {hole} {board}"


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_the_compiled_path_gives_the_readable_value_in_every_ranking(name: str) -> None:
    rules = RANKINGS[name]
    rng = random.Random(f"single-{name}")
    ranks = set(rules.rank_order)
    deck = [card for card in DECK if card.rank in ranks]
    badugi = rules.formation is Formation.DISTINCT_RANKS_AND_SUITS
    for _ in range(HANDS):
        size = 4 if badugi else rng.randint(5, 10)
        cards = rng.sample(deck, size)
        split = rng.randint(0, size - 1)
        hole, board = (cards, None) if split == 0 else (cards[:split], cards[split:])
        _fast.set_mode("readable")
        expected = fingerprint(evaluate(hole, board, ranking=rules))
        _fast.set_mode("compiled")
        found = fingerprint(evaluate(hole, board, ranking=rules))
        assert found == expected, f"{name}: {hole} {board}"


@pytest.mark.usefixtures("mode")
def test_ties_pick_the_same_cards_as_the_readable_path() -> None:
    # The board plays: five cards tie with many others; and a pair of each suit.
    for hole, board in (("2c 3d", "As Ks Qs Js Ts"), ("Ah Ad", "Ac As Kd Kh Ks")):
        _fast.set_mode("readable")
        expected = evaluate_game("holdem", hole, board).high
        _fast.set_mode("compiled")
        found = evaluate_game("holdem", hole, board).high
        assert fingerprint(found) == fingerprint(expected)
    assert found is not None
    # Four aces and the best king: the spade, read first.
    assert found.cards_text == "As Ah Ad Ac Ks"
    assert found.hole_used == parse_cards("Ah Ad")


@pytest.mark.usefixtures("mode")
def test_a_hand_outside_the_registry_is_valued_by_its_own_rules() -> None:
    custom = Game("my_omaha", "My Omaha", (), 4, (3, 4, 5), (RANKINGS["high"],), ("high",), 2)
    hole, board = parse_cards("Ah Kh 2c 3d"), parse_cards("Qh Jh Th 9s 8s")
    _fast.set_mode("compiled")
    found = evaluate_game(custom, hole, board).high
    assert found is not None
    assert found.description == "Royal flush"
    assert found.hole_used == parse_cards("Ah Kh")


def test_auto_mode_starts_readable_then_compiles() -> None:
    saved = (_fast._STATE.mode, _fast._STATE.calls, _fast._STATE.ready, _fast._STATE.broken)
    try:
        _fast._STATE.mode, _fast._STATE.calls, _fast._STATE.ready = "auto", 0, False
        assert [_fast.enabled() for _ in range(_fast.WARM_UP)] == [False] * _fast.WARM_UP
        assert _fast.enabled()
        assert _fast.set_mode("readable") == "auto"
        assert not _fast.enabled()
    finally:
        (_fast._STATE.mode, _fast._STATE.calls, _fast._STATE.ready, _fast._STATE.broken) = saved
    with pytest.raises(ValueError, match="'fast' is not one of auto, readable, compiled"):
        _fast.set_mode("fast")  # type: ignore[arg-type]


# ------------------------------------------------------------------ strength()


def test_strength_equals_the_readable_values() -> None:
    rng = random.Random(13)
    for name, game in sorted(GAMES.items()):
        deck = [card.code for card in game.deck]
        for _ in range(50):
            size = game.hole_cards + (game.full_board if game.has_board else 0)
            codes = rng.sample(deck, size)
            hole, board = codes[: game.hole_cards], codes[game.hole_cards :]
            values = evaluate_game(game, hole, board or None).values
            expected = tuple(0 if v is None else v.strength for v in values)
            assert strength(codes, game=name) == expected, f"{name}: {codes}"
    hand = parse_cards("Kc Kh Kd Td Th 2d 4c")
    assert strength([card.code for card in hand]) == evaluate(hand).strength
    assert (
        strength([card.code for card in hand], ranking="razz")
        == evaluate(hand, ranking="razz").strength
    )
    # Eight or better without a qualifying low: 0.
    assert strength([card.code for card in hand], ranking="eight_or_better") == 0


def test_strength_checks_its_input() -> None:
    with pytest.raises(CardParseError, match=r"52 is not a card code: codes are 0\.\.51"):
        strength([51, 47, 43, 39, 52])
    with pytest.raises(CardParseError, match="True is not a card code"):
        strength([51, 47, 43, 39, True])
    with pytest.raises(CardParseError, match=r"2c \(code 0\) is not in the deck"):
        strength([51, 47, 43, 39, 0], ranking="shortdeck")
    with pytest.raises(DuplicateCardError, match="card code 39 is given twice"):
        strength([51, 47, 43, 39, 39])
    with pytest.raises(CardCountError, match="high takes 5 to 16 card codes, got 4"):
        strength([51, 47, 43, 39])
    with pytest.raises(CardCountError, match="badugi takes exactly 4 card codes, got 5"):
        strength([51, 47, 43, 39, 0], ranking="badugi")
    with pytest.raises(CardCountError, match="omaha needs 7 or 8 or 9 card codes, got 6"):
        strength([51, 47, 43, 39, 0, 1], game="omaha")
    with pytest.raises(CardCountError, match="expected a sequence of card codes"):
        strength("As Ks Qs Js Ts")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a ranking or a game, not both"):
        strength([51, 47, 43, 39, 35], ranking="high", game="holdem")  # type: ignore[call-overload]


# ------------------------------------------------------------------ serial batch


def deal(rng: np.random.Generator, n: int, deck: list[int], k: int) -> np.ndarray:
    return np.array([rng.choice(deck, k, replace=False) for _ in range(n)], np.int64)


@pytest.mark.parametrize(
    ("what", "width"),
    [
        ({"ranking": "high"}, 7),
        ({"ranking": "deuce_to_seven"}, 6),
        ({"ranking": "badugi"}, 4),
        ({"game": "omaha_hilo"}, 9),
        ({"game": "omaha6"}, 11),
        ({"game": "stud_hilo"}, 7),
        ({"game": "sixplus"}, 7),
    ],
)
def test_the_serial_batch_equals_the_parallel_batch(what: dict[str, str], width: int) -> None:
    rng = np.random.default_rng(width)
    rules: RuleSet = (
        RANKINGS[what["ranking"]] if "ranking" in what else GAMES[what["game"]].rankings[0]
    )
    deck = [card.code for card in DECK if card.rank in set(rules.rank_order)]
    rows = deal(rng, SERIAL_ROWS + 1, deck, width)
    parallel = evaluate_many(rows, **what)
    serial = evaluate_many(rows[:SERIAL_ROWS], **what)
    assert np.array_equal(serial, parallel[:SERIAL_ROWS])
    best_parallel = best_cards_many(rows, **what)
    best_serial = best_cards_many(rows[:SERIAL_ROWS], **what)
    assert np.array_equal(best_serial, best_parallel[:SERIAL_ROWS])
    assert serial.dtype == np.int32
    assert best_serial.dtype == np.int8
