"""The JSON contract shared by ``showdown resolve`` and the HTTP API.

Input, one showdown per JSON object::

    {"game": "holdem", "board": "Kc Tc Kh Ts 3d", "button": 0,
     "odd_chip": "auto",
     "players": [{"name": "Peter", "cards": "Ks 2d", "stake": 50, "folded": false}, ...]}

``board`` and ``cards`` are a text or a list of card texts; ``stake``
(default 0), ``folded`` (default false), ``button`` (default 0), ``odd_chip``
(``auto``, ``button`` or ``high_card``) and ``name`` (default ``Player N``)
are optional. Output: see :func:`result_to_json`; an invalid record becomes
``{"error": {"type": ..., "message": ...}}``.

>>> record = {"game": "holdem", "board": "Kc Tc Kh Ts 3d",
...           "players": [{"name": "Peter", "cards": "Ks 2d", "stake": 50},
...                       {"name": "Paul", "cards": ["3h", "3s"], "stake": 50}]}
>>> out = result_to_json(resolve(showdown_from_json(record)))
>>> out["winners"], out["players"][0]["payout"], out["players"][0]["hands"]["high"]["description"]
(['Peter'], 100, 'Kings full of Tens')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from showdown.cards import format_cards, parse_cards
from showdown.errors import InvalidRecordError
from showdown.evaluation import HandValue
from showdown.games import get_game
from showdown.pots import OddChipRule, Player, Showdown, ShowdownResult, resolve

__all__ = ["error_to_json", "hand_to_json", "resolve_json", "result_to_json", "showdown_from_json"]

_SHOWDOWN_KEYS: Final = {"game", "board", "button", "players", "odd_chip"}
_PLAYER_KEYS: Final = {"name", "cards", "stake", "folded"}


def _cards(value: object, where: str) -> str | list[str]:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return [str(item) for item in value]
    raise InvalidRecordError(f"{where} must be a text or a list of card texts, got {value!r}")


def showdown_from_json(record: object) -> Showdown:
    """Read one showdown record of the contract.

    Raises:
        InvalidRecordError: a missing, unknown or wrong-typed field.
        UnknownGameError, CardParseError, DuplicateCardError: as the library.
    """
    if not isinstance(record, Mapping):
        raise InvalidRecordError(f"a showdown must be a JSON object, got {type(record).__name__}")
    unknown = set(record) - _SHOWDOWN_KEYS
    if unknown:
        raise InvalidRecordError(
            f"unknown field(s) {sorted(unknown)}: use {sorted(_SHOWDOWN_KEYS)}"
        )
    if "game" not in record or not isinstance(record["game"], str):
        raise InvalidRecordError("field 'game' is required and must be a text")
    game = get_game(record["game"])
    board_value = record.get("board")
    board = parse_cards(_cards(board_value, "board")) if board_value is not None else ()
    button = record.get("button", 0)
    if isinstance(button, bool) or not isinstance(button, int):
        raise InvalidRecordError(f"button must be a seat number, got {button!r}")
    odd_chip = record.get("odd_chip", "auto")
    try:
        rule = OddChipRule(odd_chip)
    except ValueError:
        choices = ", ".join(r.value for r in OddChipRule)
        raise InvalidRecordError(f"odd_chip {odd_chip!r} is not one of {choices}") from None
    raw_players = record.get("players")
    if not isinstance(raw_players, list):
        raise InvalidRecordError("field 'players' is required and must be a list")
    players: list[Player] = []
    for seat, raw in enumerate(raw_players):
        where = f"players[{seat}]"
        if not isinstance(raw, Mapping):
            raise InvalidRecordError(f"{where} must be an object, got {raw!r}")
        unknown = set(raw) - _PLAYER_KEYS
        if unknown:
            raise InvalidRecordError(f"{where}: unknown field(s) {sorted(unknown)}")
        name = raw.get("name", f"Player {seat + 1}")
        if not isinstance(name, str) or not name:
            raise InvalidRecordError(f"{where}.name must be a non-empty text, got {name!r}")
        stake = raw.get("stake", 0)
        if isinstance(stake, bool) or not isinstance(stake, int):
            raise InvalidRecordError(
                f"{where}.stake must be a whole number of chips, got {stake!r}"
            )
        folded = raw.get("folded", False)
        if not isinstance(folded, bool):
            raise InvalidRecordError(f"{where}.folded must be true or false, got {folded!r}")
        cards_value = raw.get("cards")
        cards = (
            parse_cards(_cards(cards_value, f"{where}.cards")) if cards_value is not None else ()
        )
        players.append(Player(name, cards, stake, folded))
    return Showdown(game, tuple(players), board, button, rule)


def hand_to_json(value: HandValue | None, *, lang: str = "en") -> dict[str, Any] | None:
    """One valued hand of the contract (``None`` stays ``null``), described in ``lang``."""
    if value is None:
        return None
    return {
        "cards": value.cards_text,
        "category": value.category.value,
        "description": value.describe(lang),
        "strength": value.strength,
        "class_number": value.class_number,
        "hole_used": format_cards(value.hole_used),
        "board_used": format_cards(value.board_used),
        "unused": format_cards(value.unused),
    }


def result_to_json(result: ShowdownResult) -> dict[str, Any]:
    """The contract's output for one resolved showdown (texts in ``result.lang``)."""
    game = result.game
    players = []
    for player in result.players:
        hands = (
            {
                half: hand_to_json(player.hand.half(half), lang=result.lang)
                for half in ("high", "low")
            }
            if player.hand is not None
            else None
        )
        players.append(
            {
                "name": player.name,
                "folded": player.folded,
                "stake": player.stake,
                "hands": hands,
                "payout": player.payout,
                "net": player.net,
                "share": str(player.share),
            }
        )
    pots = [
        {
            "kind": pot.kind,
            "amount": pot.amount,
            "eligible": list(pot.eligible),
            "winners": {half: list(names) for half, names in pot.winners.items()},
            "payouts": dict(pot.payouts),
            "shares": {name: str(part) for name, part in pot.shares.items()},
            "explanation": pot.explanation,
        }
        for pot in result.pots
    ]
    return {
        "game": game.name,
        "board": format_cards(result.showdown.board),
        "players": players,
        "pots": pots,
        "winners": list(result.winners),
    }


def error_to_json(error: Exception) -> dict[str, Any]:
    """The contract's record for an input that could not be resolved."""
    return {"error": {"type": type(error).__name__, "message": str(error)}}


def resolve_json(record: object, *, lang: str = "en") -> dict[str, Any]:
    """Resolve one record of the contract into its output record, texts in ``lang``."""
    return result_to_json(resolve(showdown_from_json(record), lang=lang))
