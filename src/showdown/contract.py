"""The JSON contract shared by ``showdown resolve`` and the HTTP API.

Input, one showdown per JSON object::

    {"game": "holdem", "board": "Kc Tc Kh Ts 3d", "button": 0,
     "odd_chip": "auto",
     "players": [{"name": "Peter", "cards": "Ks 2d", "stake": 50, "folded": false}, ...]}

``board`` and ``cards`` are a text or a list of card texts; ``stake``
(default 0), ``folded`` (default false), ``button`` (default 0), ``odd_chip``
(``auto``, ``button`` or ``high_card``) and ``name`` (default ``Player N``)
are optional. The card room's fields (RULES.md §6, :mod:`showdown.pots`) are
optional too:

* per player ``dead`` (the part of ``stake`` that is dead money: antes, a
  big-blind ante, a dead blind) and ``mucked`` (reached the showdown and
  conceded: not eligible; ``cards`` optional);
* ``rake`` (what the house took; a list gives each pot's rake, main pot
  first, when the room states it), ``unit`` (the smallest unit of money, by
  default the finest decimal given), and ``boards`` instead of ``board``
  (every board of a pot run twice or three times).

Amounts (``stake``, ``dead``, ``rake``, ``unit``) are integers or exact
decimal texts (``"0.25"``); a number with a fraction (``1.5``: write
``"1.5"``), a bool, a negative amount or a text that is not a number is a
``StakeError`` naming the player and the value. As in JSON Schema, a number
whose fraction is zero (``50.0``) is the integer it equals, here and for
``button``. The
results are written back in the input's form: integers when every amount was
an integer, decimal texts otherwise.

Output: see :func:`result_to_json`; an invalid record becomes
``{"error": {"type": ..., "message": ...}}``.

>>> record = {"game": "holdem", "board": "Kc Tc Kh Ts 3d",
...           "players": [{"name": "Peter", "cards": "Ks 2d", "stake": 50},
...                       {"name": "Paul", "cards": ["3h", "3s"], "stake": 50}]}
>>> out = result_to_json(resolve(showdown_from_json(record)))
>>> out["winners"], out["players"][0]["payout"], out["players"][0]["hands"]["high"]["description"]
(['Peter'], 100, 'Kings full of Tens')
>>> cash = {"game": "holdem", "boards": ["Kc Tc Kh 7s 3d", "Kc Tc Kh Td Th"], "rake": "0.10",
...         "players": [{"name": "Ann", "cards": "Ks 2c", "stake": "1.00", "dead": "0.05"},
...                     {"name": "Bob", "cards": "Ts 7h", "stake": "0.95"},
...                     {"name": "Cid", "stake": "0.50", "mucked": True}]}
>>> out = resolve_json(cash)
>>> [(p["name"], p["payout"]) for p in out["players"]], out["rake"]
([('Ann', '1.18'), ('Bob', '1.17'), ('Cid', '0.00')], '0.10')
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

from showdown._validate import json_whole
from showdown.cards import Card, format_cards, parse_cards
from showdown.errors import InvalidRecordError, Message, Term
from showdown.evaluation import HandValue
from showdown.games import GameHand, get_game
from showdown.i18n import N_
from showdown.money import Amount, format_amount, parse_amount, parse_rake
from showdown.pots import OddChipRule, Player, Showdown, ShowdownResult, resolve

__all__ = [
    "amount_to_json",
    "error_to_json",
    "hand_to_json",
    "hands_to_json",
    "resolve_json",
    "result_to_json",
    "showdown_from_json",
    "showdown_to_json",
]

_SHOWDOWN_KEYS: Final = {"game", "board", "boards", "button", "players", "odd_chip", "rake", "unit"}
_PLAYER_KEYS: Final = {"name", "cards", "stake", "folded", "dead", "mucked"}
_MAX_BOARDS: Final = 3


_KINDS: Final = {
    "list": N_("list"),
    "str": N_("str"),
    "int": N_("int"),
    "float": N_("float"),
    "bool": N_("bool"),
    "NoneType": N_("NoneType"),
}
"""The Python names of the JSON values a record may wrongly be, each a catalogue word."""


def _kind(value: object) -> str:
    """What a decoded JSON value is (``'list'``), a word the languages translate."""
    name = type(value).__name__
    return Term(name) if name in _KINDS else name


def _cards(value: object, where: str) -> str | list[str]:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return [str(item) for item in value]
    raise InvalidRecordError.of(
        "{where} must be a text or a list of card texts, got {value}",
        where=where,
        value=repr(value),
    )


def showdown_from_json(record: object) -> Showdown:
    """Read one showdown record of the contract.

    Raises:
        InvalidRecordError: a missing, unknown or wrong-typed field.
        UnknownGameError, CardParseError, DuplicateCardError: as the library.
    """
    if not isinstance(record, Mapping):
        raise InvalidRecordError.of(
            "a showdown must be a JSON object, got {kind}", kind=_kind(record)
        )
    unknown = set(record) - _SHOWDOWN_KEYS
    if unknown:
        raise InvalidRecordError.of(
            "unknown field(s) {fields}: use {names}",
            fields=str(sorted(unknown)),
            names=str(sorted(_SHOWDOWN_KEYS)),
        )
    if "game" not in record or not isinstance(record["game"], str):
        raise InvalidRecordError.of("field 'game' is required and must be a text")
    game = get_game(record["game"])
    board_value = record.get("board")
    board = parse_cards(_cards(board_value, "board")) if board_value is not None else ()
    boards: tuple[tuple[Card, ...], ...] = ()
    if record.get("boards") is not None:
        raw_boards = record["boards"]
        if board_value is not None:
            raise InvalidRecordError.of("give either 'board' or 'boards', not both")
        if not isinstance(raw_boards, list) or not 1 <= len(raw_boards) <= _MAX_BOARDS:
            raise InvalidRecordError.of(
                "boards must be a list of 1 to {most} boards, got {value}",
                most=_MAX_BOARDS,
                value=repr(raw_boards),
            )
        boards = tuple(
            parse_cards(_cards(item, f"boards[{k}]")) for k, item in enumerate(raw_boards)
        )
        board = boards[0]
        if len(boards) == 1:
            boards = ()
    raw_rake = record.get("rake", 0)
    rake = parse_rake(
        [json_whole(r) for r in raw_rake] if isinstance(raw_rake, list) else json_whole(raw_rake)
    )
    unit = (
        parse_amount(json_whole(record["unit"]), Message("unit"))
        if record.get("unit") is not None
        else None
    )
    button = json_whole(record.get("button", 0))
    if isinstance(button, bool) or not isinstance(button, int):
        raise InvalidRecordError.of("button must be a seat number, got {value}", value=repr(button))
    odd_chip = record.get("odd_chip", "auto")
    try:
        rule = OddChipRule(odd_chip)
    except ValueError:
        choices = ", ".join(r.value for r in OddChipRule)
        raise InvalidRecordError.of(
            "odd_chip {value} is not one of {choices}", value=repr(odd_chip), choices=choices
        ) from None
    raw_players = record.get("players")
    if not isinstance(raw_players, list):
        raise InvalidRecordError.of("field 'players' is required and must be a list")
    players: list[Player] = []
    for seat, raw in enumerate(raw_players):
        where = f"players[{seat}]"
        if not isinstance(raw, Mapping):
            raise InvalidRecordError.of(
                "{where} must be an object, got {value}", where=where, value=repr(raw)
            )
        unknown = set(raw) - _PLAYER_KEYS
        if unknown:
            raise InvalidRecordError.of(
                "{where}: unknown field(s) {fields}", where=where, fields=str(sorted(unknown))
            )
        name = raw.get("name", f"Player {seat + 1}")
        if not isinstance(name, str) or not name:
            raise InvalidRecordError.of(
                "{where}.name must be a non-empty text, got {value}", where=where, value=repr(name)
            )
        stake = parse_amount(json_whole(raw.get("stake", 0)), Message("{name}: stake", name=name))
        dead = parse_amount(json_whole(raw.get("dead", 0)), Message("{name}: dead", name=name))
        flags = []
        for flag in ("folded", "mucked"):
            value = raw.get(flag, False)
            if not isinstance(value, bool):
                raise InvalidRecordError.of(
                    "{where}.{flag} must be true or false, got {value}",
                    where=where,
                    flag=flag,
                    value=repr(value),
                )
            flags.append(value)
        cards_value = raw.get("cards")
        cards = (
            parse_cards(_cards(cards_value, f"{where}.cards")) if cards_value is not None else ()
        )
        players.append(Player(name, cards, stake, flags[0], dead, flags[1]))
    return Showdown(game, tuple(players), board, button, rule, boards, rake, unit)


def showdown_to_json(showdown: Showdown) -> dict[str, Any]:
    """The contract's input record of a showdown: the inverse of :func:`showdown_from_json`.

    Amounts are integers of chips, or decimal texts when any amount of the
    showdown is a decimal (currency), cards are texts; ``boards`` replaces
    ``board`` when the pot is run more than once, ``unit`` is written only when
    it was given. Reading the record back gives an equal showdown.

    >>> record = {"game": "holdem", "boards": ["Kc Tc Kh 7s 3d", "Kc Tc Kh Td Th"],
    ...           "rake": ["0.10"], "unit": "0.01", "button": 1,
    ...           "players": [{"name": "Ann", "cards": "Ks 2c", "stake": "1.00", "dead": "0.05"},
    ...                       {"name": "Cid", "stake": "0.50", "mucked": True}]}
    >>> out = showdown_to_json(showdown_from_json(record))
    >>> out["boards"], out["rake"], out["unit"], out["players"][1]
    (['Kc Tc Kh 7s 3d', 'Kc Tc Kh Td Th'], ['0.10'], '0.01', \
{'name': 'Cid', 'cards': '', 'stake': '0.50', 'dead': '0', 'folded': False, 'mucked': True})
    >>> showdown_from_json(out) == showdown_from_json(record)
    True
    """
    rake = showdown.rake
    amounts: list[Amount] = [a for p in showdown.players for a in (p.stake, p.dead)]
    amounts.extend(rake if isinstance(rake, tuple) else (rake,))
    if showdown.unit is not None:
        amounts.append(showdown.unit)
    decimal = any(isinstance(a, Decimal) for a in amounts)

    def amount(value: Amount) -> int | str:
        return format_amount(value) if decimal else amount_to_json(value)

    record: dict[str, Any] = {"game": showdown.game.name}
    if showdown.boards:
        record["boards"] = [format_cards(board) for board in showdown.boards]
    else:
        record["board"] = format_cards(showdown.board)
    record["button"] = showdown.button
    record["odd_chip"] = showdown.odd_chip.value
    record["rake"] = [amount(r) for r in rake] if isinstance(rake, tuple) else amount(rake)
    if showdown.unit is not None:
        record["unit"] = amount(showdown.unit)
    record["players"] = [
        {
            "name": player.name,
            "cards": format_cards(player.cards),
            "stake": amount(player.stake),
            "dead": amount(player.dead),
            "folded": player.folded,
            "mucked": player.mucked,
        }
        for player in showdown.players
    ]
    return record


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


def hands_to_json(hand: GameHand | None, *, lang: str = "en") -> dict[str, Any] | None:
    """A player's ``hands`` in the contract: the hand under each half of the pot (``null``
    for a half the game does not play, or no qualifying hand), described in ``lang``;
    ``None`` (``null``) for no hand.

    >>> from showdown.games import evaluate_game
    >>> out = hands_to_json(evaluate_game("razz", "Ah 2c 3d 4s 5h 9c 9d", ()))
    >>> out["high"], out["low"]["description"]
    (None, 'Wheel (5-4-3-2-A)')
    """
    if hand is None:
        return None
    return {half: hand_to_json(hand.half(half), lang=lang) for half in ("high", "low")}


def amount_to_json(amount: Amount) -> int | str:
    """An amount of the contract: an integer of chips, or a decimal text (``"0.47"``)."""
    return amount if isinstance(amount, int) else format_amount(amount)


def result_to_json(result: ShowdownResult) -> dict[str, Any]:
    """The contract's output for one resolved showdown (texts in ``result.lang``).

    Besides the fields of a plain showdown it has, per player, ``dead`` and
    ``mucked``; per pot, ``rake`` and, when the pot was run on several boards,
    ``boards`` (each board's share: cards, amount, winners, payouts,
    explanation); and at the top, ``rake`` and, with several boards, ``boards``.
    """
    game = result.game
    players = []
    for player in result.players:
        players.append(
            {
                "name": player.name,
                "folded": player.folded,
                "mucked": player.mucked,
                "stake": amount_to_json(player.stake),
                "dead": amount_to_json(player.dead),
                "hands": hands_to_json(player.hand, lang=result.lang),
                "payout": amount_to_json(player.payout),
                "net": amount_to_json(player.net),
                "share": str(player.share),
            }
        )
    pots = []
    for pot in result.pots:
        entry: dict[str, Any] = {
            "kind": pot.kind,
            "amount": amount_to_json(pot.amount),
            "rake": amount_to_json(pot.rake),
            "eligible": list(pot.eligible),
            "winners": {half: list(names) for half, names in pot.winners.items()},
            "payouts": {name: amount_to_json(a) for name, a in pot.payouts.items()},
            "shares": {name: str(part) for name, part in pot.shares.items()},
            "explanation": pot.explanation,
        }
        if pot.boards:
            entry["boards"] = [
                {
                    "board": format_cards(share.board),
                    "amount": amount_to_json(share.amount),
                    "winners": {half: list(names) for half, names in share.winners.items()},
                    "payouts": {name: amount_to_json(a) for name, a in share.payouts.items()},
                    "explanation": share.explanation,
                }
                for share in pot.boards
            ]
        pots.append(entry)
    out: dict[str, Any] = {
        "game": game.name,
        "board": format_cards(result.showdown.board),
    }
    if result.showdown.boards:
        out["boards"] = [format_cards(board) for board in result.showdown.boards]
    out.update(
        {
            "players": players,
            "pots": pots,
            "rake": amount_to_json(result.rake),
            "winners": list(result.winners),
        }
    )
    return out


def error_to_json(error: Exception) -> dict[str, Any]:
    """The contract's record for an input that could not be resolved."""
    return {"error": {"type": type(error).__name__, "message": str(error)}}


def resolve_json(record: object, *, lang: str = "en") -> dict[str, Any]:
    """Resolve one record of the contract into its output record, texts in ``lang``."""
    return result_to_json(resolve(showdown_from_json(record), lang=lang))
