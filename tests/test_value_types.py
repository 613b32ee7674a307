# mypy: disable-error-code="arg-type"
"""The public value types of the resolver check every field when they are made.

:class:`~showdown.pots.Player` and :class:`~showdown.pots.Showdown` follow the
input policy of :mod:`showdown._validate`: a field of the wrong type is a
``TypeError`` naming the field, a wrong value the ``ShowdownError`` of its
cause (amounts follow :func:`showdown.money.parse_amount`: a float or a bool
is a ``StakeError``), and plain values are taken as ``Showdown.build`` takes
them (a game's name, cards as text, a list for a tuple). Each field is tried
with a wrong type, a wrong value and every accepted conversion; converted
input resolves exactly as the same input given as values.
"""

from __future__ import annotations

import contextlib
import dataclasses
from decimal import Decimal
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.cards import Card, parse_cards
from showdown.errors import (
    CardParseError,
    DuplicateCardError,
    ShowdownError,
    StakeError,
    UnknownGameError,
)
from showdown.games import get_game
from showdown.pots import OddChipRule, Player, Showdown, resolve

BOARD = "Qs Js Ts 2c 3d"


def _two(**fields: Any) -> Showdown:
    """A valid showdown of two players, with ``fields`` given to the constructor."""
    values: dict[str, Any] = {
        "game": "holdem",
        "players": [Player("Ann", "As Ah", 5), Player("Bob", "Ks Kh", 5)],
        "board": BOARD,
    }
    return Showdown(**(values | fields))


# ------------------------------------------------------------------------------------ Player


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"name": 5}, TypeError, "name must be a text, got int 5"),
        ({"name": None}, TypeError, "name must be a text, got None"),
        ({"name": b"Ann"}, TypeError, "name must be a text, got bytes b'Ann' (decode bytes first)"),
        ({"name": ""}, StakeError, "player name '' is not a non-empty text"),
        ({"cards": None}, TypeError, "Ann: cards must be a text or a list of cards, got None"),
        ({"cards": 5}, TypeError, "Ann: cards must be a text or a list of cards, got int 5"),
        ({"cards": b"As Ah"}, TypeError, "Ann: cards must be a text or a list of cards, got bytes"),
        ({"cards": ["As", 1.5]}, TypeError, "Ann: cards[1] must be a Card, a card text or a code 0..51, got float 1.5"),
        ({"cards": "As Zx"}, CardParseError, "Ann: cards: 'Zx' is not a card: rank 'Z' is not one of"),
        ({"cards": [52]}, CardParseError, "Ann: cards: 52 is not a card code: codes are 0..51"),
        ({"stake": 2.5}, StakeError, "Ann: stake 2.5 is a float: give an integer or an exact decimal text ('2.5')"),
        ({"stake": True}, StakeError, "Ann: stake True is not an amount: true/false is not a number"),
        ({"stake": None}, StakeError, "Ann: stake None is not an amount: give an integer or a decimal text, not NoneType"),
        ({"stake": [5]}, StakeError, "Ann: stake [5] is not an amount"),
        ({"stake": -5}, StakeError, "Ann: stake -5 is negative"),
        ({"stake": "five"}, StakeError, "Ann: stake 'five' is not a number"),
        ({"stake": "NaN"}, StakeError, "Ann: stake 'NaN' is not a finite number"),
        ({"stake": Decimal("-0.25")}, StakeError, "Ann: stake Decimal('-0.25') is negative"),
        ({"dead": 0.5}, StakeError, "Ann: dead 0.5 is a float"),
        ({"dead": False}, StakeError, "Ann: dead False is not an amount"),
        ({"dead": -1}, StakeError, "Ann: dead -1 is negative"),
        ({"folded": "no"}, TypeError, "folded must be True or False, got str 'no'"),
        ({"folded": 0}, TypeError, "folded must be True or False, got int 0"),
        ({"folded": None}, TypeError, "folded must be True or False, got None"),
        ({"mucked": "yes"}, TypeError, "mucked must be True or False, got str 'yes'"),
        ({"mucked": 1}, TypeError, "mucked must be True or False, got int 1"),
    ],
)  # fmt: skip
def test_a_player_refuses_a_bad_field(fields: dict[str, Any], error: type, message: str) -> None:
    values: dict[str, Any] = {"name": "Ann", "cards": "As Ah", "stake": 5} | fields
    with pytest.raises(error) as raised:
        Player(**values)
    assert type(raised.value) is error
    assert message in str(raised.value)


@pytest.mark.parametrize(
    "cards",
    ["As Ah", "as, ah", "AsAh", ["As", "Ah"], [51, 50], parse_cards("As Ah"), iter(["As", Card("Ah")])],
)  # fmt: skip
def test_a_player_reads_cards_as_parse_cards_does(cards: Any) -> None:
    player = Player("Ann", cards)
    assert player.cards == (Card("As"), Card("Ah"))
    assert type(player.cards) is tuple


def test_a_player_keeps_cards_given_as_cards_and_no_cards() -> None:
    cards = parse_cards("As Ah")
    assert Player("Ann", cards).cards is cards
    assert Player("Ann").cards == ()
    assert Player("Ann", "").cards == ()
    assert Player("Ann", []).cards == ()


def test_a_card_used_twice_is_left_for_resolve_to_name_with_its_places() -> None:
    twice = Player("Ann", "As As")
    assert twice.cards == (Card("As"), Card("As"))
    with pytest.raises(DuplicateCardError, match="card As is used twice: by Ann and Ann"):
        resolve(_two(players=[twice, Player("Bob", "Ks Kh")]))


@pytest.mark.parametrize(
    ("given", "taken"),
    [
        (5, 5),
        (0, 0),
        (Decimal("0.25"), Decimal("0.25")),
        ("0.25", Decimal("0.25")),
        (" 5 ", Decimal("5")),
        ("1200", Decimal("1200")),
    ],
)
def test_a_player_reads_amounts_as_parse_amount_does(given: Any, taken: Any) -> None:
    player = Player("Ann", (), given, dead=given)
    assert (player.stake, player.dead) == (taken, taken)
    assert (type(player.stake), type(player.dead)) == (type(taken), type(taken))


def test_a_player_keeps_a_whole_number_and_a_decimal_as_given() -> None:
    amount = Decimal("12.50")
    assert Player("Ann", (), amount).stake is amount
    big = 10**20
    assert Player("Ann", (), big).stake is big


@pytest.mark.parametrize("flag", [True, False])
def test_a_player_takes_true_and_false(flag: bool) -> None:
    assert Player("Ann", folded=flag).folded is flag
    assert Player("Ann", mucked=flag).mucked is flag


def test_a_player_is_checked_again_when_replaced() -> None:
    player = Player("Ann", "As Ah", 5)
    with pytest.raises(TypeError, match="folded must be True or False, got str 'no'"):
        dataclasses.replace(player, folded="no")
    assert dataclasses.replace(player, stake="7").stake == Decimal(7)


def test_how_many_digits_an_amount_may_have_is_resolves_to_check() -> None:
    huge = Player("Ann", "As Ah", 10**40)  # an int or a Decimal is taken as it is
    with pytest.raises(
        StakeError,
        match=f"Ann: stake {10**40} has more than 30 digits",
    ):
        resolve(_two(players=[huge, Player("Bob", "Ks Kh", 5)]))
    with pytest.raises(StakeError, match="has more than 30 digits"):
        resolve(_two(rake=Decimal("1E+40")))
    with pytest.raises(StakeError, match="has more than 30 digits"):
        Player("Ann", "As Ah", "1E+40")  # a text is read, and checked, when the player is made


def test_what_depends_on_two_fields_is_resolves_to_check() -> None:
    both = Player("Ann", "As Ah", 5, folded=True, mucked=True)  # each flag alone is fine
    with pytest.raises(StakeError, match="Ann: a player cannot both fold and muck"):
        resolve(_two(players=[both, Player("Bob", "Ks Kh", 5)]))
    over = Player("Ann", "As Ah", 5, dead=6)
    with pytest.raises(StakeError, match="Ann: dead 6 is more than the stake 5"):
        resolve(_two(players=[over, Player("Bob", "Ks Kh", 5)]))


# ---------------------------------------------------------------------------------- Showdown


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"game": 7}, TypeError, "game must be a text, got int 7"),
        ({"game": None}, TypeError, "game must be a text, got None"),
        ({"game": "pineapple"}, UnknownGameError, "'pineapple' is not a game: use one of holdem"),
        ({"players": None}, TypeError, "players must be a list or tuple of Player values, got None"),
        ({"players": "Ann Bob"}, TypeError, "players must be a list or tuple of Player values, got str"),
        ({"players": 2}, TypeError, "players must be a list or tuple of Player values, got int 2"),
        ({"players": [("Ann", "As Ah"), ("Bob", "Ks Kh")]}, TypeError, "players[0] must be a Player (Showdown.build takes tuples), got tuple"),
        ({"players": [Player("Ann"), None]}, TypeError, "players[1] must be a Player (Showdown.build takes tuples), got None"),
        ({"board": 5}, TypeError, "board must be a text or a list of cards, got int 5"),
        ({"board": b"Qs Js"}, TypeError, "board must be a text or a list of cards, got bytes"),
        ({"board": ["Qs", None]}, TypeError, "board[1] must be a Card, a card text or a code 0..51, got None"),
        ({"board": "Qs Js Tx"}, CardParseError, "board: 'Tx' is not a card"),
        ({"button": 1.0}, TypeError, "button must be a whole number, got float 1.0"),
        ({"button": True}, TypeError, "button must be a whole number, got bool True"),
        ({"button": "1"}, TypeError, "button must be a whole number, got str '1'"),
        ({"button": None}, TypeError, "button must be a whole number, got None"),
        ({"odd_chip": 1}, TypeError, "odd_chip must be an OddChipRule or one of auto, button, high_card, got int 1"),
        ({"odd_chip": None}, TypeError, "odd_chip must be an OddChipRule or one of auto, button, high_card, got None"),
        ({"odd_chip": "left"}, StakeError, "odd_chip 'left' is not one of auto, button, high_card"),
        ({"boards": BOARD}, TypeError, "boards must be a list of boards (each a text or a list of cards), got str"),
        ({"boards": 2}, TypeError, "boards must be a list of boards (each a text or a list of cards), got int 2"),
        ({"boards": [BOARD, None]}, TypeError, "boards[1] must be a text or a list of cards, got None"),
        ({"boards": [BOARD, [1.5]]}, TypeError, "boards[1][0] must be a Card, a card text or a code 0..51, got float 1.5"),
        ({"boards": [BOARD, "Qs Js Ts 2c 3x"]}, CardParseError, "boards[1]: '3x' is not a card"),
        ({"rake": 0.5}, StakeError, "rake 0.5 is a float: give an integer or an exact decimal text ('0.5')"),
        ({"rake": True}, StakeError, "rake True is not an amount: true/false is not a number"),
        ({"rake": None}, StakeError, "rake None is not an amount"),
        ({"rake": -1}, StakeError, "rake -1 is negative"),
        ({"rake": "ten"}, StakeError, "rake 'ten' is not a number"),
        ({"rake": []}, StakeError, "rake per pot is an empty list: give one amount per pot"),
        ({"rake": ["0.15", 0.5]}, StakeError, "rake of pot 2 0.5 is a float"),
        ({"unit": 0}, StakeError, "unit 0 is not a positive amount"),
        ({"unit": "0.00"}, StakeError, "unit 0.00 is not a positive amount"),
        ({"unit": 0.01}, StakeError, "unit 0.01 is a float"),
        ({"unit": -1}, StakeError, "unit -1 is negative"),
        ({"unit": True}, StakeError, "unit True is not an amount"),
    ],
)  # fmt: skip
def test_a_showdown_refuses_a_bad_field(fields: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error) as raised:
        _two(**fields)
    assert type(raised.value) is error
    assert message in str(raised.value)


def test_a_showdown_takes_plain_values_as_build_does() -> None:
    seats = [("Ann", "As Ah", 5), ("Bob", "Ks Kh", "5")]
    built = Showdown.build("holdem", BOARD, seats, button=1, odd_chip="button", rake="0.5")
    made = Showdown(
        "Hold'em",
        [Player("Ann", "As Ah", 5), Player("Bob", "Ks Kh", "5")],
        BOARD,
        1,
        "button",
        rake="0.5",
    )
    assert made == built
    assert made.game is get_game("holdem")
    assert made.players == built.players
    assert type(made.players) is tuple
    assert made.board == parse_cards(BOARD)
    assert made.odd_chip is OddChipRule.BUTTON
    assert made.rake == Decimal("0.5")
    assert resolve(made) == resolve(built)


def test_a_showdown_given_as_text_resolves_as_the_same_showdown_given_as_values() -> None:
    boards = ["7c 2h 3s Kd 9d", "7c 2h 3s Qd 4c"]
    as_text = Showdown(
        "holdem",
        (Player("Ann", "As Ah", "5.00"), Player("Bob", "Ks Kh", "5.00")),
        boards=boards,
        rake=["0.50"],
        unit="0.05",
    )
    as_values = Showdown(
        get_game("holdem"),
        (
            Player("Ann", parse_cards("As Ah"), Decimal("5.00")),
            Player("Bob", parse_cards("Ks Kh"), Decimal("5.00")),
        ),
        boards=tuple(parse_cards(board) for board in boards),
        rake=(Decimal("0.50"),),
        unit=Decimal("0.05"),
    )
    assert as_text == as_values
    result = resolve(as_text)
    assert result == resolve(as_values)
    assert [str(p.payout) for p in result.players] == ["4.75", "4.75"]


@pytest.mark.parametrize(
    ("board", "taken"),
    [
        (None, ()),
        ("", ()),
        ((), ()),
        (BOARD, parse_cards(BOARD)),
        (BOARD.split(), parse_cards(BOARD)),
        ([Card("Qs"), "Js", 49], (Card("Qs"), Card("Js"), Card("Ad"))),
    ],
)
def test_a_showdown_reads_its_board(board: Any, taken: tuple[Card, ...]) -> None:
    assert _two(board=board).board == taken


def test_a_showdown_reads_its_players_and_boards_from_any_list() -> None:
    players = [Player("Ann", "As Ah", 5), Player("Bob", "Ks Kh", 5)]
    assert _two(players=iter(players)).players == tuple(players)
    assert _two(players=players).players == tuple(players)
    boards = _two(board=(), boards=[BOARD, BOARD.split()]).boards
    assert boards == (parse_cards(BOARD), parse_cards(BOARD))
    assert _two(boards=None).boards == ()
    given = (parse_cards(BOARD),)
    assert _two(boards=given).boards is given


def test_a_showdown_reads_its_button_rule_rake_and_unit() -> None:
    assert _two(button=np.int64(1)).button == 1
    assert type(_two(button=np.int64(1)).button) is int
    assert _two(odd_chip="high_card").odd_chip is OddChipRule.HIGH_CARD
    assert _two(odd_chip=OddChipRule.BUTTON).odd_chip is OddChipRule.BUTTON
    assert _two(rake=1).rake == 1
    assert _two(rake=["0.15", 1]).rake == (Decimal("0.15"), 1)
    assert _two(rake=(1, 2)).rake == (1, 2)
    assert _two(unit="0.05").unit == Decimal("0.05")
    assert _two(unit=None).unit is None
    assert _two(unit=25).unit == 25


def test_a_showdown_is_checked_again_when_replaced() -> None:
    showdown = _two()
    with pytest.raises(StakeError, match=r"rake 0\.5 is a float"):
        dataclasses.replace(showdown, rake=0.5)
    assert dataclasses.replace(showdown, game="omaha").game is get_game("omaha")


def test_what_depends_on_several_fields_is_resolves_to_check() -> None:
    with pytest.raises(StakeError, match=r"button 2 is not a seat: seats are 0\.\.1"):
        resolve(_two(button=2))
    with pytest.raises(StakeError, match=r"button -1 is not a seat"):
        resolve(_two(button=-1))
    with pytest.raises(StakeError, match="a showdown needs at least 2 players, got 0"):
        resolve(_two(players=[]))
    with pytest.raises(StakeError, match="board and boards disagree"):
        resolve(_two(boards=["7c 2h 3s Kd 9d", "7c 2h 3s Qd 4c"]))


# ----------------------------------------------------------------------------- Showdown.build


@pytest.mark.parametrize(
    ("arguments", "options", "error", "message"),
    [
        (("holdem", None, None), {}, TypeError, "players must be a list of Player values or tuples (name, cards[, stake]), got None"),
        (("holdem", None, 5), {}, TypeError, "players must be a list of Player values or tuples (name, cards[, stake]), got int 5"),
        (("holdem", None, "Ann"), {}, TypeError, "players must be a list of Player values or tuples"),
        (("holdem", None, [("Ann", "As Ah"), ("Bob", "Ks Kh")]), {"boards": BOARD}, TypeError, "boards must be a list of boards"),
        (("holdem", None, [("Ann", "As Ah"), ("Bob", "Ks Kh")]), {"odd_chip": 1}, TypeError, "odd_chip must be an OddChipRule or one of"),
        (("holdem", None, [("Ann", "As Ah"), ("Bob", "Ks Kh")]), {"odd_chip": "x"}, StakeError, "odd_chip 'x' is not one of"),
        (("holdem", None, [("Ann", "As Ah"), ("Bob", "Ks Kh")]), {"button": 0.0}, TypeError, "button must be a whole number"),
        ((None, None, [("Ann", "As Ah"), ("Bob", "Ks Kh")]), {}, TypeError, "game must be a text, got None"),
        (("holdem", None, [("Ann", "As Ah", 5), ("Bob", "Ks Kh", 2.5)]), {}, StakeError, "Bob: stake 2.5 is a float"),
        (("holdem", None, [("Ann", "As Ah"), (5, "Ks Kh")]), {}, TypeError, "name must be a text, got int 5"),
        (("holdem", None, [("Ann", "As Ah"), ("Bob", None)]), {}, TypeError, "cards must be a text or a list of cards, got None"),
    ],
)  # fmt: skip
def test_build_refuses_bad_arguments(
    arguments: tuple[Any, ...], options: dict[str, Any], error: type, message: str
) -> None:
    with pytest.raises(error) as raised:
        Showdown.build(*arguments, **options)
    assert type(raised.value) is error
    assert message in str(raised.value)


# ---------------------------------------------------------------------------------- fuzzing

ANY = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.decimals(allow_nan=True)
    | st.binary(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
    max_leaves=6,
)

PLAYER_FIELDS = ("name", "cards", "stake", "folded", "dead", "mucked")
SHOWDOWN_FIELDS = ("game", "players", "board", "button", "odd_chip", "boards", "rake", "unit")


@settings(max_examples=300)
@given(st.sampled_from(PLAYER_FIELDS), ANY)
def test_a_player_field_of_any_value_is_taken_or_a_documented_error(
    field: str, value: object
) -> None:
    try:
        player = Player(**({"name": "Ann"} | {field: value}))
    except (TypeError, ShowdownError):
        return
    assert isinstance(player.name, str)
    assert player.name
    assert type(player.cards) is tuple
    assert all(type(card) is Card for card in player.cards)
    assert type(player.stake) in (int, Decimal)
    assert type(player.dead) in (int, Decimal)
    assert type(player.folded) is bool
    assert type(player.mucked) is bool


@settings(max_examples=300)
@given(st.sampled_from(SHOWDOWN_FIELDS), ANY)
def test_a_showdown_field_of_any_value_is_taken_or_a_documented_error(
    field: str, value: object
) -> None:
    try:
        showdown = _two(**{field: value})
    except (TypeError, ShowdownError):
        return
    assert type(showdown.players) is tuple
    assert type(showdown.board) is tuple
    assert type(showdown.button) is int
    assert type(showdown.odd_chip) is OddChipRule
    assert type(showdown.boards) is tuple
    # resolve takes it or says why in a documented error
    with contextlib.suppress(ShowdownError):
        resolve(showdown)
