"""Every worked example and ordering statement of the seeds, checked by tests/naive.py.

The records live in tests/data/seed_examples.json and tests/data/seed_orderings.json; each
test id is the record id, so a failure names the example.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests import naive

DATA = Path(__file__).parent / "data"
SEEDS = {
    "000_a4845863da39ca14.txt",
    "001_7ddf14661ffb403f.txt",
    "003_66cf5935e7332b3c.txt",
    "004_8a2fa8b7040c0a1f.txt",
}

Record = dict[str, Any]


def load(name: str) -> list[Record]:
    records: list[Record] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return records


EXAMPLES = load("seed_examples.json")
ORDERINGS = load("seed_orderings.json")


def ids(records: list[Record]) -> list[str]:
    return [str(record["id"]) for record in records]


def cards(text: str, how_many: int) -> list[str]:
    parsed = naive.parse_cards(text)
    assert len(parsed) == how_many, f"{text!r} should have {how_many} cards"
    assert len(set(parsed)) == how_many, f"duplicate card in {text!r}"
    return parsed


# --- the files themselves ---------------------------------------------------------------------


def test_ids_are_unique() -> None:
    all_ids = ids(EXAMPLES) + ids(ORDERINGS)
    assert len(all_ids) == len(set(all_ids))


def test_every_record_names_a_seed_and_explains_itself() -> None:
    for record in EXAMPLES + ORDERINGS:
        assert record["seed"] in SEEDS, record["id"]
        assert str(record["id"]).startswith(record["seed"][:3] + "-"), record["id"]
        assert record["note"].strip(), record["id"]
    for record in EXAMPLES:
        assert record["section"].strip(), record["id"]


def test_all_nine_exercises_of_seed_000_are_present() -> None:
    present = set(ids(EXAMPLES))
    assert {f"000-ex{number}" for number in range(1, 10)} <= present


def test_five_player_exercise() -> None:
    (record,) = [record for record in EXAMPLES if record["id"] == "000-ex9"]
    assert record["board"] == "Kc Td Kh Ts 3c"
    assert [player["name"] for player in record["players"]] == [
        "Peter",
        "Hans",
        "Michael",
        "Gabriel",
        "Paul",
    ]
    assert record["winners"] == ["Peter", "Hans"]


# --- examples -----------------------------------------------------------------------------------


def player_key(record: Record, player: Record) -> tuple[int, ...]:
    game = record["game"]
    if game == "holdem":
        return naive.best_high(cards(player["cards"], 2) + cards(record["board"], 5))
    if game == "five_card_draw":
        assert record["board"] is None
        return naive.high_key(cards(player["cards"], 5))
    raise AssertionError(f"unknown game {game!r}")


@pytest.mark.parametrize("record", EXAMPLES, ids=ids(EXAMPLES))
def test_example(record: Record) -> None:
    dealt: list[str] = []
    if record["board"] is not None:
        dealt += naive.parse_cards(record["board"])
    for player in record["players"]:
        dealt += naive.parse_cards(player["cards"])
    assert len(set(dealt)) == len(dealt), f"a card is dealt twice: {dealt}"

    keys = {player["name"]: player_key(record, player) for player in record["players"]}
    best = max(keys.values())
    winners = [name for name, key in keys.items() if key == best]
    assert winners == record["winners"]
    for player in record["players"]:
        assert naive.category_name(keys[player["name"]]) == player["category"], player["name"]
        if "best_five" in player:
            assert naive.key_ranks(keys[player["name"]]) == player["best_five"], player["name"]


# --- orderings ------------------------------------------------------------------------------------


def ranking_key(ranking: str) -> Callable[[Sequence[str]], tuple[int, ...]]:
    def eight_or_better(five: Sequence[str]) -> tuple[int, ...]:
        key = naive.eight_or_better_key(five)
        assert key is not None, f"{' '.join(five)} does not qualify for eight or better"
        return key

    functions: dict[str, Callable[[Sequence[str]], tuple[int, ...]]] = {
        "high": naive.high_key,
        "ace_to_five": naive.ace_to_five_key,
        "eight_or_better": eight_or_better,
        "deuce_to_seven": naive.deuce_to_seven_key,
        "badugi": naive.badugi_key,
    }
    return functions[ranking]


@pytest.mark.parametrize("record", ORDERINGS, ids=ids(ORDERINGS))
def test_ordering(record: Record) -> None:
    ranking = record["ranking"]
    size = 4 if ranking == "badugi" else 5
    key = ranking_key(ranking)
    if "better" in record:
        better = key(cards(record["better"], size))
        worse = key(cards(record["worse"], size))
        assert better > worse
    elif "tie" in record:
        first, second = record["tie"]
        assert key(cards(first, size)) == key(cards(second, size))
    elif "qualifies" in record:
        assert ranking == "eight_or_better"
        qualifies = naive.eight_or_better_key(cards(record["qualifies"], 5)) is not None
        assert qualifies is record["value"]
    elif "counted" in record:
        assert ranking == "badugi"
        assert naive.badugi_counted(cards(record["cards"], 4)) == record["counted"]
    else:
        raise AssertionError(f"record {record['id']} has no statement")
