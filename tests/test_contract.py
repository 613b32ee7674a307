"""The JSON contract: every field's validation message, and the error records."""

from __future__ import annotations

from typing import Any

import pytest

from showdown import ShowdownError, get_ranking
from showdown.contract import error_to_json, resolve_json, showdown_from_json
from showdown.errors import InvalidRecordError, UnknownRankingError

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
