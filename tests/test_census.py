"""The census: every hand of a size counted by category, against the known totals and the
readable evaluator."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest
from typer.testing import CliRunner

from showdown.batch import census, census_sizes
from showdown.cards import DECK
from showdown.cli import app
from showdown.errors import CardCountError
from showdown.evaluation import best_hand, candidate_hands
from showdown.rules import get_ranking
from showdown.tables import get_table
from tests.counts import (
    FIVE_CARD_CLASSES,
    FIVE_CARD_HANDS,
    SEVEN_CARD_CLASSES,
    SEVEN_CARD_HANDS,
)


def test_every_seven_card_hand_has_the_known_category_totals() -> None:
    result = census("high", 7)
    assert result.hands == comb(52, 7) == 133_784_560
    assert result.classes == 4_824
    assert {row.category: row.hands for row in result.rows} == SEVEN_CARD_HANDS
    assert {row.category: row.classes for row in result.rows} == SEVEN_CARD_CLASSES
    assert result.best_class_hands == 4_324  # royal flushes
    assert [row.category for row in result.rows][:2] == ["straight_flush", "four_of_a_kind"]


def test_every_five_card_hand_has_the_rules_totals() -> None:
    result = census("high", 5)
    assert result.hands == 2_598_960
    assert result.classes == 7_462
    assert {row.category: row.hands for row in result.rows} == FIVE_CARD_HANDS
    assert {row.category: row.classes for row in result.rows} == FIVE_CARD_CLASSES


def _readable_five_card_census(ranking: str) -> list[int]:
    """Hands per strength among every five-card hand, by the readable evaluator: each
    multiset of five ranks is valued once unsuited and, when its ranks differ, once
    suited, and counted as often as suits realise it."""
    rules = get_ranking(ranking)
    counts = [0] * (len(get_table(rules).classes) + 1)
    ranks = sorted(rank.index for rank in rules.rank_order)
    for multiset in combinations_with_replacement(ranks, 5):
        held = Counter(multiset)
        if max(held.values()) > 4:
            continue
        ways = prod(comb(4, m) for m in held.values())
        flushes = 4 if len(held) == 5 else 0
        # suits 0, 1, ... within each rank; five different ranks: four of one suit, one other
        suits = [s for m in held.values() for s in range(m)] if len(held) < 5 else [0, 0, 0, 0, 1]
        codes = [r * 4 + s for r, s in zip(sorted(held.elements()), suits, strict=True)]
        for cards, how_many in (
            ([DECK[c] for c in codes], ways - flushes),
            ([DECK[r * 4] for r in multiset], flushes),
        ):
            if how_many:
                found = best_hand(rules, [tuple(sorted(cards, key=lambda c: -c.code))])
                counts[0 if found is None else found[0]] += how_many
    return counts


@pytest.mark.parametrize(
    "ranking", ["high", "shortdeck", "sixplus", "ace_to_five", "eight_or_better", "deuce_to_seven"]
)
def test_the_five_card_census_counts_what_the_evaluator_gives_every_hand(ranking: str) -> None:
    result = census(ranking, 5)
    assert list(result.by_strength) == _readable_five_card_census(ranking)
    deck = len(get_ranking(ranking).rank_order) * 4
    assert result.hands == comb(deck, 5)
    assert sum(row.hands for row in result.rows) == result.hands


@pytest.mark.slow
@pytest.mark.parametrize(("ranking", "size"), [("shortdeck", 6), ("sixplus", 6), ("badugi", 4)])
def test_the_census_counts_what_the_evaluator_gives_every_hand(ranking: str, size: int) -> None:
    rules = get_ranking(ranking)
    deck = [card for card in DECK if card.rank in rules.rank_order]
    counts = [0] * (len(get_table(rules).classes) + 1)
    for hand in combinations(reversed(deck), size):
        found = best_hand(rules, candidate_hands(rules, hand))
        counts[0 if found is None else found[0]] += 1
    result = census(ranking, size)
    assert list(result.by_strength) == counts
    assert result.hands == comb(len(deck), size)


def test_eight_or_better_census_counts_the_hands_without_a_low() -> None:
    result = census("eight_or_better", 5)
    rows = {row.category: row for row in result.rows}
    assert rows["high_card"].hands == comb(8, 5) * 4**5
    assert rows["high_card"].classes == 56
    assert rows["no_low"].hands == comb(52, 5) - comb(8, 5) * 4**5


def test_razz_seven_card_census_has_every_hand() -> None:
    result = census("razz", 7)
    assert result.hands == comb(52, 7)
    best = {row.category: row for row in result.rows}["high_card"]
    assert best.classes == 1_287  # every unpaired low is reachable from seven cards


def test_census_sizes_and_errors() -> None:
    assert census_sizes("high") == (5, 6, 7)
    assert census_sizes("2-7") == (5,)
    assert census_sizes("badugi") == (4,)
    with pytest.raises(
        CardCountError, match="the deuce_to_seven census counts hands of 5 cards, not 7"
    ):
        census("2-7", 7)


def test_progress_is_reported_to_the_end() -> None:
    seen: list[tuple[int, int]] = []
    census("high", 5, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1]
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


runner = CliRunner()


def test_cli_census_json() -> None:
    result = runner.invoke(app, ["census", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hands"] == 133_784_560
    assert data["classes"] == 4_824
    assert data["royal_flush"] == 4_324
    assert {row["category"]: row["hands"] for row in data["categories"]} == SEVEN_CARD_HANDS


def test_cli_census_table() -> None:
    result = runner.invoke(app, ["census", "--ranking", "badugi"])
    assert result.exit_code == 0, result.output
    assert "270,725" in result.stdout
    assert "Badugi" in result.stdout


def test_cli_census_bad_size_exits_2() -> None:
    result = runner.invoke(app, ["census", "-r", "2-7", "-n", "7"])
    assert result.exit_code == 2
    assert "--cards 7: the deuce_to_seven census counts hands of 5 cards" in result.output
