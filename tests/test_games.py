"""Games: the registry, card counts, and Omaha's exactly-two-plus-three rule."""

from __future__ import annotations

import random

import pytest

from showdown import DECK, CardCountError, CardParseError, DuplicateCardError, UnknownGameError
from showdown.games import GAMES, Family, evaluate_game, get_game
from tests import naive


def test_registry_names_and_aliases() -> None:
    expected = {
        "holdem", "omaha", "omaha5", "omaha6", "omaha_hilo", "omaha5_hilo", "stud",
        "stud_hilo", "razz", "five_card_draw", "deuce_to_seven", "ace_to_five_draw",
        "badugi", "shortdeck", "sixplus", "courchevel", "courchevel_hilo", "omaha6_hilo",
        "five_card_stud", "irish",
    }  # fmt: skip
    assert set(GAMES) == expected
    for alias, name in [
        ("omaha8", "omaha_hilo"),
        ("stud8", "stud_hilo"),
        ("2-7", "deuce_to_seven"),
        ("27_single_draw", "deuce_to_seven"),
        ("27_triple_draw", "deuce_to_seven"),
        ("Hold'em", "holdem"),
        ("california", "ace_to_five_draw"),
    ]:
        assert get_game(alias).name == name
    assert get_game("razz").family is Family.STUD
    assert get_game("omaha_hilo").split_pot


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError, match="'pineapple' is not a game: use one of holdem"):
        get_game("pineapple")


@pytest.mark.parametrize(
    ("game", "hole", "board", "error", "message"),
    [
        ("holdem", "As", "Kc Td Kh Ts 3c", CardCountError, "holdem needs 2 cards per player, got 1: As"),
        ("holdem", "As Kd", "Kc Td", CardCountError, "holdem needs 3 or 4 or 5 board cards, got 2"),
        ("omaha", "As Kd Qh", "Kc Td Kh", CardCountError, "omaha needs 4 cards per player, got 3"),
        ("stud", "As Kd Qh Jc Tc 9d 8h", "2c 3c 4c", CardCountError, "stud has no board"),
        ("razz", "As Kd Qh Jc Tc 9d", None, CardCountError, "razz needs 7 cards per player, got 6"),
        ("badugi", "As Kd Qh Jc Tc", None, CardCountError, "badugi needs 4 cards per player"),
        ("holdem", "As Kd", "As Td Kh", DuplicateCardError, "card As is both in the hand and on the board"),
        ("holdem", "As As", "Kc Td Kh", DuplicateCardError, "card As is used twice"),
        ("shortdeck", "As 5d", "Kc Td Kh", CardParseError, "5d is not in the deck of shortdeck"),
        ("holdem", "As Kx", "Kc Td Kh", CardParseError, "'Kx' is not a card: suit 'x'"),
    ],
)  # fmt: skip
def test_bad_cards_for_the_game(game, hole, board, error, message) -> None:
    with pytest.raises(error, match="^" + message.replace("(", r"\(")):
        evaluate_game(game, hole, board)


def test_every_game_values_its_halves() -> None:
    hand = evaluate_game("stud8", "Ac 2d 3h 4s 5c Kd Kh")
    assert hand.high is not None
    assert hand.high.description == "Five-high straight (wheel)"
    assert hand.low is not None
    assert hand.low.description == "Wheel (5-4-3-2-A)"
    no_low = evaluate_game("omaha_hilo", "As Kd Qh Jc", "2c 3d 9h Ts 8c")
    assert no_low.low is None
    # Razz: one pair beats two pair, and the lowest pair wins.
    assert evaluate_game("razz", "Kc Kd Qh Qs Jc Jd Th").low.description == (
        "Pair of Jacks, King-Queen-Ten kickers"
    )
    assert evaluate_game("deuce_to_seven", "7c 5d 4h 3s 2c").low.description == (
        "Number one (7-5-4-3-2)"
    )
    assert evaluate_game("badugi", "Kc Kd Ks Kh").low.description == "One-card badugi K"
    assert evaluate_game("holdem", "As Kd", "Qh Jc Tc").high.description == "Ace-high straight"


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Four hearts in hand and one on board: no flush (it would need four hole cards... or one).
    hand = evaluate_game("omaha", "Ah Kh Qh Jh", "2h 7c 8d 9s 3c")
    assert hand.high.category.value == "high_card"
    # One heart in hand, four on board: no flush either.
    hand = evaluate_game("omaha", "Ah Kc Qd Js", "2h 7h 8h 9h 3c")
    assert hand.high.category.value != "flush"
    # A straight on the board does not play.
    hand = evaluate_game("omaha", "Kc Kd 2s 2h", "5c 6d 7h 8s 9c")
    assert hand.high.category.value == "one_pair"
    assert hand.high.description.startswith("Pair of Kings")
    assert len(hand.high.hole_used) == 2
    assert len(hand.high.board_used) == 3
    # Hold'em with the same cards plays the board straight.
    assert evaluate_game("holdem", "Kc Kd", "5c 6d 7h 8s 9c").high.category.value == "straight"
    # The low must also use two hole cards: A-2 in hand and three low board cards.
    hand = evaluate_game("omaha8", "Ac Kd Qs Jh", "2c 3d 4h 5s 6c")
    assert hand.low is None


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "omaha_hilo", "omaha5_hilo"])
def test_omaha_equals_the_plain_best_of_all_combinations(game: str) -> None:
    rules = get_game(game)
    rng = random.Random(f"omaha-{game}")
    high: set[tuple[int, tuple[int, ...]]] = set()
    low: set[tuple[int, tuple[int, ...] | None]] = set()
    for _ in range(1500):
        dealt = [str(c) for c in rng.sample(DECK, rules.hole_cards + 5)]
        hole, board = dealt[: rules.hole_cards], dealt[rules.hole_cards :]
        ours = evaluate_game(rules, hole, board)
        assert ours.high is not None
        assert len(ours.high.hole_used) == 2
        high.add((ours.high.strength, naive.best_omaha_high(hole, board)))
        if rules.split_pot:
            value = ours.low
            reference = naive.best_omaha_eight(hole, board)
            assert (value is None) == (reference is None)
            if value is not None:
                low.add((value.strength, reference))
    for pairs in (high, low):
        ordered = sorted(pairs)
        assert len({a for a, _ in ordered}) == len(ordered)
        keys = [b for _, b in ordered]
        assert keys == sorted(keys)  # type: ignore[type-var]
