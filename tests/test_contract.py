"""The JSON contract: every field's validation message, and the error records."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from showdown import ShowdownError, get_ranking
from showdown.contract import error_to_json, resolve_json, showdown_from_json, showdown_to_json
from showdown.errors import HistoryError, InvalidRecordError, UnknownRankingError
from showdown.history import read
from showdown.pots import Showdown
from tests.test_card_room import card_room

GOOD: dict[str, Any] = {
    "game": "holdem",
    "board": "Kc Td Kh Ts 3c",
    "players": [
        {"name": "Peter", "cards": "Ks 2d", "stake": 50},
        {"cards": ["Qs", "Qd"], "stake": 50},
    ],
}


def with_(**changes: Any) -> dict[str, Any]:
    return GOOD | changes


def with_player(index: int, **changes: Any) -> dict[str, Any]:
    players = [dict(p) for p in GOOD["players"]]
    players[index].update(changes)
    return GOOD | {"players": players}


def test_good_record_and_defaults() -> None:
    showdown = showdown_from_json(GOOD)
    assert showdown.players[1].name == "Player 2"
    assert showdown.button == 0
    assert not showdown.players[1].folded
    out = resolve_json(GOOD)
    assert out["winners"] == ["Peter"]
    assert out["players"][0]["hands"]["low"] is None


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([], "a showdown must be a JSON object, got list"),
        (with_(colour="red"), "unknown field(s) ['colour']"),
        ({"players": []}, "field 'game' is required and must be a text"),
        (with_(board=5), "board must be a text or a list of card texts, got 5"),
        (with_(button="2"), "button must be a seat number, got '2'"),
        (with_(odd_chip="dealer"), "odd_chip 'dealer' is not one of auto, button, high_card"),
        (with_(players="Peter"), "field 'players' is required and must be a list"),
        (with_(players=[1, 2]), "players[0] must be an object, got 1"),
        (with_player(0, hat=1), "players[0]: unknown field(s) ['hat']"),
        (with_player(0, name=""), "players[0].name must be a non-empty text, got ''"),
        (with_player(1, folded="no"), "players[1].folded must be true or false, got 'no'"),
        (with_player(1, cards=[1, 2]), "players[1].cards must be a text or a list of card texts"),
    ],
)
def test_invalid_records_name_the_field(record: Any, message: str) -> None:
    with pytest.raises(InvalidRecordError) as error:
        showdown_from_json(record)
    assert str(error.value).startswith(message)


def test_library_errors_become_error_records() -> None:
    record = with_player(1, cards="Ks Kd")
    with pytest.raises(ShowdownError) as error:
        resolve_json(record)
    assert error_to_json(error.value) == {
        "error": {
            "type": "DuplicateCardError",
            "message": "card Ks is used twice: by Player 2 and Peter",
        }
    }


def test_unknown_ranking_lists_the_rankings() -> None:
    with pytest.raises(UnknownRankingError) as error:
        get_ranking("omaha")
    assert str(error.value) == (
        "'omaha' is not a ranking: use one of high, ace_to_five, eight_or_better, "
        "deuce_to_seven, badugi, shortdeck, sixplus"
    )
    assert get_ranking("2-7").name == "deuce_to_seven"
    assert get_ranking("Razz").name == "ace_to_five"


@given(card_room())
def test_showdown_to_json_reads_back_as_the_same_showdown(case: tuple[Showdown, bool]) -> None:
    showdown, decimal = case
    record = showdown_to_json(showdown)
    assert json.loads(json.dumps(record)) == record  # plain JSON
    assert showdown_from_json(record) == showdown
    amounts = [record["rake"]] + [p[k] for p in record["players"] for k in ("stake", "dead")]
    assert all(isinstance(a, str if decimal else int) for a in amounts)
    assert ("boards" in record) == bool(showdown.boards)


def test_showdown_to_json_of_every_sample_history_hand() -> None:
    folder = Path(__file__).parent / "data" / "histories"
    hands = [
        hand
        for path in sorted(folder.glob("pokerstars_*.txt"))
        for hand in read(path)
        if hand.reached_showdown
    ]
    assert len(hands) >= 5
    converted = 0
    unsupported: list[str] = []
    for hand in hands:
        try:
            showdown = hand.showdown()
        except HistoryError as error:  # a game showdown does not deal (Courchevel Hi/Lo)
            unsupported.append(error.kind)
            continue
        converted += 1
        record = showdown_to_json(showdown)
        assert showdown_from_json(record) == showdown, hand.hand_id
        assert [p["name"] for p in record["players"]] == [p.name for p in showdown.players]
    assert converted >= 5
    assert set(unsupported) <= {"unsupported game"}


def test_showdown_to_json_writes_the_given_fields() -> None:
    showdown = Showdown.build(
        "omaha_hilo", "As 2d 7c Kh 9s", [("Ann", "Ac 3h Kd 5s", 40), ("Bob", "", 25)], button=1
    )
    showdown = replace(
        showdown, players=(showdown.players[0], replace(showdown.players[1], folded=True))
    )
    assert showdown_to_json(showdown) == {
        "game": "omaha_hilo",
        "board": "As 2d 7c Kh 9s",
        "button": 1,
        "odd_chip": "auto",
        "rake": 0,
        "players": [
            {
                "name": "Ann",
                "cards": "Ac 3h Kd 5s",
                "stake": 40,
                "dead": 0,
                "folded": False,
                "mucked": False,
            },
            {"name": "Bob", "cards": "", "stake": 25, "dead": 0, "folded": True, "mucked": False},
        ],
    }


def test_a_json_number_without_fraction_is_an_integer() -> None:
    """JSON has one kind of number: 50.0 is 50 (as JSON Schema says); 1.5 is refused."""
    ann: dict[str, Any] = {"name": "Ann", "cards": "Ks 2d", "stake": 50.0, "dead": 5.0}
    bob = {"name": "Bob", "cards": "3h 3d", "stake": 50}
    record = {"game": "holdem", "board": "Kc Td Kh Ts 3c", "button": 1.0, "players": [ann, bob]}
    out = resolve_json(record)
    # Ann's 5 is dead: she contests 45 live, so Bob's last 5 are returned to him.
    assert [p["payout"] for p in out["players"]] == [95, 5]
    assert isinstance(out["players"][0]["payout"], int)
    ann["stake"] = 50.5
    with pytest.raises(ShowdownError, match=r"Ann: stake 50\.5 is a float"):
        resolve_json(record)
