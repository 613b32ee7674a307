"""Who is ahead before the showdown (:mod:`showdown.ahead`), against the readable reference.

Random deals of every game, stopped before the last card (the flop, the turn,
stud hands of three to six cards), are valued by :func:`showdown.ahead.ahead_now`
and by the readable evaluator with the core off (:mod:`tests.readable`): the
values, the players ahead and the reasons must agree.
"""

from __future__ import annotations

import random

import pytest

from showdown.ahead import ahead_now, dealt_in_full
from showdown.cards import Card, format_cards, parse_cards
from showdown.errors import CardCountError, DuplicateCardError
from showdown.explanation import explain
from showdown.games import GAMES, Game
from showdown.i18n import get_language
from showdown.pots import Player
from tests.readable import game_hand, readable_engine, value


def _seat(name: str, cards: str) -> Player:
    return Player(name, parse_cards(cards))


def _deal(rng: random.Random, game: Game) -> tuple[list[Player], tuple[Card, ...]]:
    """Two to five players and a board, some cards still to come."""
    deck = list(game.deck)
    rng.shuffle(deck)
    count = rng.randint(2, 5)
    if game.has_board:
        board = tuple(deck.pop() for _ in range(rng.choice(game.hand_boards)))
        holes = [[deck.pop() for _ in range(game.hole_cards)] for _ in range(count)]
    else:
        board = ()
        dealt = rng.randint(game.hole_cards // 2, game.hole_cards)
        holes = [[deck.pop() for _ in range(dealt)] for _ in range(count)]
    return [Player(f"P{i}", tuple(hole)) for i, hole in enumerate(holes)], board


def _readable_values(game: Game, player: Player, board: tuple[Card, ...]) -> tuple[object, ...]:
    if game.has_board:
        return game_hand(game, player.cards, board).values
    return tuple(value(player.cards, board or None, ranking=r) for r in game.rankings)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_ahead_now_agrees_with_the_readable_reference(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(f"ahead-{name}")
    checked = 0
    for _ in range(200):
        if checked == 12:
            break
        players, board = _deal(rng, game)
        try:
            expected = [_readable_values(game, p, board) for p in players]
        except CardCountError:  # too few cards for a ranking: ahead_now says so too
            with pytest.raises(CardCountError):
                ahead_now(game, players, board)
            continue
        now = ahead_now(game, players, board)
        assert [list(v) for v in now.values] == [list(v) for v in expected]
        for h, half in enumerate(game.halves):
            live = {i: v[h] for i, v in enumerate(expected) if v[h] is not None}
            if not live:
                assert now.seats[half] == ()
                continue
            best = max(live.values())  # type: ignore[type-var]
            assert now.seats[half] == tuple(i for i, v in live.items() if v == best)
            behind = [v for i, v in live.items() if v != best]
            if behind:
                with readable_engine():
                    reason = explain(best, max(behind), lang="en").text  # type: ignore[arg-type,type-var]
                assert now.reasons[half] == reason
            else:
                assert half not in now.reasons
        checked += 1
    assert checked == 12


def test_the_flop_and_its_record() -> None:
    players = [_seat("Ann", "As Kd"), _seat("Bob", "Qh Qd"), _seat("Cid", "Qs Qc")]
    now = ahead_now("holdem", players, parse_cards("2c 7d 9h"), lang="ru")
    assert now.leaders == {"high": ("Bob", "Cid")}
    assert now.reasons["high"].startswith("Пара дам")
    assert not now.complete
    record = now.to_json()
    assert record["game"] == "holdem"
    assert record["board"] == "2c 7d 9h"
    assert record["complete"] is False
    assert record["ahead"] == {"high": ["Bob", "Cid"]}
    assert record["players"][0] == {
        "name": "Ann",
        "cards": "As Kd",
        "high": record["players"][0]["high"],
    }
    assert record["players"][0]["high"]["cards"] == "As Kd 9h 7d 2c"


def test_a_hi_lo_game_with_no_low_yet() -> None:
    players = [_seat("Ann", "Ah 2h Ks Kd"), _seat("Bob", "Qs Qd Tc Jc")]
    now = ahead_now("omaha8", players, parse_cards("Kh Qh 9d"))
    assert now.seats == {"high": (1,), "low": ()}  # Bob's straight, K-Q-J-T-9
    assert now.to_json()["ahead"] == {"high": ["Bob"], "low": []}
    assert "low" not in now.reasons


def test_dealt_in_full() -> None:
    holdem, stud = GAMES["holdem"], GAMES["stud"]
    two = [_seat("A", "As Kd"), _seat("B", "Qh Qd")]
    assert dealt_in_full(holdem, two, parse_cards("2c 7d 9h Js 3s"))
    assert not dealt_in_full(holdem, two, parse_cards("2c 7d 9h Js"))
    assert not dealt_in_full(stud, [_seat("A", "As Kd 2c 3c 4c")], ())
    assert dealt_in_full(stud, [_seat("A", "As Kd 2c 3c 4c 5d 9h")], ())


def test_a_card_held_twice_names_both() -> None:
    with pytest.raises(DuplicateCardError) as caught:
        ahead_now("holdem", [_seat("A", "As Kd"), _seat("B", "As Qd")], parse_cards("2c 7d 9h"))
    assert str(caught.value) == "card As is used twice: by B and A"
    with pytest.raises(DuplicateCardError) as caught:
        ahead_now("holdem", [_seat("A", "As Kd"), _seat("B", "Qh Qd")], parse_cards("As 7d 9h"))
    assert str(caught.value) == "card As is used twice: by A and the board"
    assert get_language("ru").explain(caught.value) == "карта As указана дважды: A и стол"


def test_too_many_cards_names_the_player() -> None:
    with pytest.raises(CardCountError) as caught:
        ahead_now("razz", [_seat("A", "As 2d 3c 4h 5s 6d 7c 8h"), _seat("B", "Kh Kd Qc")])
    assert str(caught.value) == (
        "A: razz needs 7 cards per player, got 8: "
        + format_cards(parse_cards("As 2d 3c 4h 5s 6d 7c 8h"))
    )
