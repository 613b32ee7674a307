"""The compiled one-hand path against the readable evaluator.

The readable path (every candidate set looked up in the rule table,
:func:`showdown.evaluation.best_hand`) is the reference: for random hands of
every game and every ranking, the compiled path (:mod:`showdown._fast`, the C
core's ``_ceval.best``) must give the very same
:class:`~showdown.evaluation.HandValue`: strength, cards in reading order,
hole and board cards used, unused cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from showdown import _fast, _scorer
from showdown.batch import strength
from showdown.cards import DECK, Card, parse_cards
from showdown.errors import CardCountError, CardParseError, DuplicateCardError
from showdown.evaluation import HandValue, evaluate
from showdown.games import GAMES, Game, evaluate_game
from showdown.rules import RANKINGS, Formation
from tests.readable import game_hand, readable_engine
from tests.readable import value as readable_value

HANDS = 600

BUILT = _scorer.extension() is not None
needs_c = pytest.mark.skipif(not BUILT, reason="the C extension is not built")

Fingerprint = tuple[int, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def fingerprint(value: HandValue | None) -> Fingerprint | None:
    """Everything a value carries, as plain data."""
    if value is None:
        return None
    return (value.strength, value.cards, value.hole_used, value.board_used, value.unused)


@pytest.fixture
def compiled() -> Iterator[None]:
    """The compiled path from the first hand on (no warm-up), where the core is built."""
    saved = _fast._STATE.calls
    _fast.skip_warm_up()
    assert _fast.loaded() == BUILT
    yield
    _fast._STATE.calls = saved


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_compiled_path_gives_the_readable_value_in_every_game(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(f"single-{name}")
    deck = list(game.deck)
    for _ in range(HANDS // 3 if game.hole_used else HANDS):
        size = rng.choice(game.hand_boards) if game.has_board else 0
        cards = rng.sample(deck, game.hole_cards + size)
        hole, board = cards[: game.hole_cards], cards[game.hole_cards :]
        expected = [fingerprint(v) for v in game_hand(game, hole, board).values]
        found = [fingerprint(v) for v in evaluate_game(game, hole, board or None).values]
        assert found == expected, f"{name}: {hole} {board}"


@pytest.mark.usefixtures("compiled")
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
        expected = fingerprint(readable_value(hole, board, ranking=rules))
        found = fingerprint(evaluate(hole, board, ranking=rules))
        assert found == expected, f"{name}: {hole} {board}"


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize("size", [17, 20])
def test_hands_of_more_than_sixteen_cards_take_the_compiled_path(size: int) -> None:
    rng = random.Random(f"single-wide-{size}")
    for name in ("high", "ace_to_five", "deuce_to_seven"):
        for _ in range(3):
            cards = rng.sample(list(DECK), size)
            expected = fingerprint(readable_value(cards[:2], cards[2:], ranking=name))
            assert fingerprint(evaluate(cards[:2], cards[2:], ranking=name)) == expected


@pytest.mark.usefixtures("compiled")
def test_a_whole_deck_is_valued_by_the_compiled_path() -> None:
    value = evaluate(list(DECK))
    assert value.description == "Royal flush"
    assert value.cards_text == "As Ks Qs Js Ts"  # the first of the best, as the readable path
    assert len(value.unused) == 47


@pytest.mark.usefixtures("compiled")
def test_ties_pick_the_same_cards_as_the_readable_path() -> None:
    # The board plays: five cards tie with many others; and a pair of each suit.
    for hole, board in (("2c 3d", "As Ks Qs Js Ts"), ("Ah Ad", "Ac As Kd Kh Ks")):
        expected = game_hand("holdem", parse_cards(hole), parse_cards(board)).high
        found = evaluate_game("holdem", hole, board).high
        assert fingerprint(found) == fingerprint(expected)
    assert found is not None
    # Four aces and the best king: the spade, read first.
    assert found.cards_text == "As Ah Ad Ac Ks"
    assert found.hole_used == parse_cards("Ah Ad")


@pytest.mark.usefixtures("compiled")
def test_a_hand_outside_the_registry_is_valued_by_its_own_rules() -> None:
    custom = Game("my_omaha", "My Omaha", (), 4, (3, 4, 5), (RANKINGS["high"],), ("high",), 2)
    hole, board = parse_cards("Ah Kh 2c 3d"), parse_cards("Qh Jh Th 9s 8s")
    found = evaluate_game(custom, hole, board).high
    assert found is not None
    assert found.description == "Royal flush"
    assert found.hole_used == parse_cards("Ah Kh")


def test_the_first_hands_of_a_process_are_readable_then_the_core_answers() -> None:
    saved = _fast._STATE.calls
    try:
        _fast._STATE.calls = 0
        assert [_fast.enabled() for _ in range(_fast.WARM_UP)] == [False] * _fast.WARM_UP
        assert _fast.enabled() == BUILT
        assert _fast.loaded() == BUILT
        with readable_engine():  # SHOWDOWN_ENGINE=readable: the readable path, warm or not
            assert not _fast.enabled()
            assert not _fast.loaded()
    finally:
        _fast._STATE.calls = saved


# ------------------------------------------------------------------ strength()


def test_strength_equals_the_readable_values() -> None:
    rng = random.Random(13)
    for name, game in sorted(GAMES.items()):
        deck = [card.code for card in game.deck]
        for _ in range(50):
            size = game.hole_cards + (game.full_board if game.has_board else 0)
            codes = rng.sample(deck, size)
            hole, board = codes[: game.hole_cards], codes[game.hole_cards :]
            values = game_hand(game, [DECK[c] for c in hole], [DECK[c] for c in board]).values
            expected = tuple(0 if v is None else v.strength for v in values)
            assert strength(codes, game=name) == expected, f"{name}: {codes}"
    hand = parse_cards("Kc Kh Kd Td Th 2d 4c")
    high, razz = readable_value(hand), readable_value(hand, ranking="razz")
    assert high is not None
    assert razz is not None
    assert strength([card.code for card in hand]) == high.strength
    assert strength([card.code for card in hand], ranking="razz") == razz.strength
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
    with pytest.raises(CardCountError, match="high takes 5 to 52 card codes, got 4"):
        strength([51, 47, 43, 39])
    with pytest.raises(CardCountError, match="badugi takes exactly 4 card codes, got 5"):
        strength([51, 47, 43, 39, 0], ranking="badugi")
    with pytest.raises(CardCountError, match="omaha needs 7 or 8 or 9 card codes, got 6"):
        strength([51, 47, 43, 39, 0, 1], game="omaha")
    with pytest.raises(CardCountError, match="expected a sequence of card codes"):
        strength("As Ks Qs Js Ts")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a ranking or a game, not both"):
        strength([51, 47, 43, 39, 35], ranking="high", game="holdem")  # type: ignore[call-overload]
