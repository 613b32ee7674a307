"""Invariants of the evaluator, checked by hypothesis (seeded by conftest.py)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from showdown import DECK, Card, HandValue, Suit, evaluate, explain
from showdown.games import GAMES, evaluate_game
from tests import naive

RANKINGS = ["high", "ace_to_five", "deuce_to_seven", "shortdeck", "sixplus"]
SHORT = {"shortdeck", "sixplus"}


def hands(low: int, high: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(DECK), min_size=low, max_size=high, unique=True)


suit_maps = st.permutations(list(Suit))


def relabel(cards: list[Card], mapping: list[Suit]) -> list[Card]:
    return [Card.of(c.rank, mapping[c.suit.index]) for c in cards]


def strength(value: HandValue | None) -> int:
    return 0 if value is None else value.strength


@given(hands(5, 9), st.randoms(use_true_random=False), suit_maps, st.sampled_from(RANKINGS))
def test_order_and_suit_relabelling_never_change_a_value(cards, rnd, mapping, ranking) -> None:
    if ranking in SHORT:
        cards = [c for c in cards if c.rank.index >= 4]
        if len(cards) < 5:
            return
    before = evaluate(cards, ranking=ranking)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled, ranking=ranking) == before
    assert evaluate(relabel(cards, mapping), ranking=ranking) == before
    assert evaluate(relabel(cards, mapping), ranking="eight_or_better") == evaluate(
        cards, ranking="eight_or_better"
    )


@given(hands(4, 4), suit_maps, st.randoms(use_true_random=False))
def test_badugi_invariant_under_order_and_suits(cards, mapping, rnd) -> None:
    before = evaluate(cards, ranking="badugi")
    rnd.shuffle(cards)
    assert evaluate(cards, ranking="badugi") == before
    assert evaluate(relabel(cards, mapping), ranking="badugi") == before


@given(hands(6, 9), st.sampled_from([*RANKINGS, "eight_or_better"]))
def test_best_of_n_beats_or_ties_every_five_card_subset(cards, ranking) -> None:
    if ranking in SHORT:
        cards = [c for c in cards if c.rank.index >= 4]
        if len(cards) < 5:
            return
    best = evaluate(cards, ranking=ranking)
    subsets = [evaluate(five, ranking=ranking) for five in combinations(cards, 5)]
    assert strength(best) == max(strength(v) for v in subsets)
    if best is not None:
        assert evaluate(best.cards, ranking=ranking) == best
        assert set(best.cards) | set(best.unused) == set(cards)


@given(hands(5, 7))
def test_high_matches_the_plain_reference(cards) -> None:
    a, b = cards[:5], cards[-5:]
    ours = evaluate(a) > evaluate(b), evaluate(a) == evaluate(b)
    ref = naive.best_high([str(c) for c in a]), naive.best_high([str(c) for c in b])
    assert ours == (ref[0] > ref[1], ref[0] == ref[1])


@given(hands(5, 9))
def test_class_number_is_7463_minus_strength(cards) -> None:
    value = evaluate(cards)
    assert value.class_number == 7463 - value.strength
    assert 1 <= value.strength <= 7462


@given(hands(10, 10), hands(10, 10))
def test_explain_is_antisymmetric_and_agrees_with_order(a, b) -> None:
    x, y = evaluate(a[:7]), evaluate(b[:7])
    forward, backward = explain(x, y), explain(y, x)
    assert forward.outcome == -backward.outcome
    assert forward.outcome == (x > y) - (x < y)
    assert forward.text == backward.text


@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False), suit_maps)
def test_game_values_invariant_under_suit_relabelling(name, rnd, mapping) -> None:
    game = GAMES[name]
    deck = [c for c in DECK if c.rank in game.rankings[0].rank_order]
    dealt = rnd.sample(deck, game.hole_cards + game.full_board)
    hole, board = dealt[: game.hole_cards], dealt[game.hole_cards :]
    before = evaluate_game(game, hole, board or None)
    after = evaluate_game(game, relabel(hole, mapping), relabel(board, mapping) or None)
    assert [strength(v) for v in before.values] == [strength(v) for v in after.values]
