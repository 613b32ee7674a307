"""Every worked example, exercise and ordering statement of the seeds, through showdown.

The records live in ``tests/data/`` (each checked independently against
``tests/naive.py`` by ``test_seed_data_naive.py``); each test is named by its
record id, so a failure names the example.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from showdown import evaluate, explain
from showdown.cards import parse_cards
from showdown.games import get_game
from showdown.pots import Player, Showdown, resolve

DATA = Path(__file__).parent / "data"
EXAMPLES: list[dict[str, Any]] = json.loads((DATA / "seed_examples.json").read_text("utf-8"))
ORDERINGS: list[dict[str, Any]] = json.loads((DATA / "seed_orderings.json").read_text("utf-8"))


@pytest.mark.parametrize("record", EXAMPLES, ids=[r["id"] for r in EXAMPLES])
def test_seed_example(record: dict[str, Any]) -> None:
    players = tuple(
        Player(p["name"], parse_cards(p["cards"]), stake=100) for p in record["players"]
    )
    board = parse_cards(record["board"]) if record["board"] else ()
    result = resolve(Showdown(get_game(record["game"]), players, board))
    assert list(result.winners) == record["winners"], result.pots[0].explanation
    pot = len(players) * 100
    for player, expected in zip(result.players, record["players"], strict=True):
        assert player.hand is not None
        value = player.hand.high
        assert value is not None
        if "best_five" in expected:
            assert " ".join(value.hand_class.ranks) == expected["best_five"]
        if "category" in expected:
            assert value.category.value == expected["category"]
        share = 1 / len(record["winners"]) if player.name in record["winners"] else 0
        assert player.share == share
        assert player.payout in (pot * share // 1, pot * share // 1 + 1)
    assert sum(p.payout for p in result.players) == pot


def test_five_player_exercise_explained() -> None:
    """Seed 000, exercise 9: Peter and Hans split with Kings full of Tens."""
    board = "Kc Td Kh Ts 3c"
    peter = evaluate("Ks 2d", board)
    hans = evaluate("Kd 7h", board)
    michael = evaluate("Ac Th", board)
    assert peter == hans
    assert peter.description == "Kings full of Tens"
    assert peter.hole_used == parse_cards("Ks")
    assert set(peter.unused) == set(parse_cards("2d 3c"))
    assert str(explain(peter, michael)) == (
        "Kings full of Tens beats Tens full of Kings: the three of a kind decides: King beats Ten"
    )
    assert explain(peter, hans).decided_by == "tie"


@pytest.mark.parametrize("record", ORDERINGS, ids=[r["id"] for r in ORDERINGS])
def test_seed_ordering(record: dict[str, Any]) -> None:
    ranking = record["ranking"]
    if "better" in record:
        better = evaluate(record["better"], ranking=ranking)
        worse = evaluate(record["worse"], ranking=ranking)
        assert better is not None
        if worse is not None:
            assert better > worse
            assert explain(better, worse).outcome == 1
            assert explain(worse, better).outcome == -1
    elif "tie" in record:
        first, second = (evaluate(cards, ranking=ranking) for cards in record["tie"])
        assert first is not None
        assert first == second
    elif "qualifies" in record:
        assert (evaluate(record["qualifies"], ranking=ranking) is not None) == record["value"]
    else:
        value = evaluate(record["cards"], ranking=ranking)
        assert value is not None
        assert " ".join(value.hand_class.ranks) == record["counted"]
