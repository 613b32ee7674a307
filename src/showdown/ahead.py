"""Who is ahead before the showdown: the best hand of the cards dealt so far.

On the flop or the turn (or with stud hands not yet complete) there is no
showdown to resolve yet, but each player already holds a best hand under
each ranking of the game; :func:`ahead_now` values them and names the
players ahead in each half, with why the best beats the next best (what
``showdown compare`` shows before the last card).

>>> from showdown.cards import parse_cards
>>> from showdown.pots import Player
>>> now = ahead_now("holdem", [Player("Ann", "As Kd"), Player("Bob", "Qh Qd")],
...                 parse_cards("2c 7d Ah"))
>>> now.leaders, now.complete
({'high': ('Ann',)}, False)
>>> print(now.reasons["high"])
Pair of Aces, King-Seven-Two kickers beats Pair of Queens, Ace-Seven-Two kickers:
the pair decides: Ace beats Queen
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from showdown.cards import Card, format_cards
from showdown.contract import hand_to_json
from showdown.errors import CardCountError, DuplicateCardError, Message
from showdown.evaluation import HandValue, evaluate
from showdown.explanation import explain
from showdown.games import Game, evaluate_game, get_game
from showdown.i18n import normalize_language
from showdown.pots import Player

__all__ = ["Ahead", "ahead_now", "dealt_in_full"]


def dealt_in_full(game: Game, players: Sequence[Player], board: Sequence[Card]) -> bool:
    """Whether every card is dealt: every player's hole cards and (in a game with a
    board) the whole board, so that there is a showdown to resolve.

    >>> from showdown.games import get_game
    >>> dealt_in_full(get_game("holdem"), [Player("Ann", "As Kd")], ())
    False
    """
    return all(len(p.cards) == game.hole_cards for p in players) and (
        len(board) == game.full_board or not game.has_board
    )


@dataclass(frozen=True, slots=True)
class Ahead:
    """Who is ahead with the cards dealt so far.

    Attributes:
        game: the game.
        board: the board dealt so far (a stud game's community card, if any).
        players: the players, in their order.
        values: per player, the best hand now under each ranking of the game (in
            the order of ``game.halves``); ``None`` where none qualifies.
        seats: per half (``'high'``, ``'low'``), the seats (indices into
            ``players``) of the players ahead; none where no hand qualifies.
        reasons: per half where a qualifying hand is behind, why the best hand
            beats the best of the others, in ``lang``.
        lang: the language of the reasons and of :meth:`to_json`'s descriptions.
    """

    game: Game
    board: tuple[Card, ...]
    players: tuple[Player, ...]
    values: tuple[tuple[HandValue | None, ...], ...]
    seats: Mapping[str, tuple[int, ...]]
    reasons: Mapping[str, str]
    lang: str = "en"

    @property
    def leaders(self) -> dict[str, tuple[str, ...]]:
        """Per half, the names of the players ahead."""
        return {
            half: tuple(self.players[i].name for i in seats) for half, seats in self.seats.items()
        }

    @property
    def complete(self) -> bool:
        """Whether every card is dealt (:func:`dealt_in_full`)."""
        return dealt_in_full(self.game, self.players, self.board)

    def to_json(self) -> dict[str, Any]:
        """Plain data for JSON: each player's best hand now per half (as
        :func:`showdown.contract.hand_to_json`), and who is ahead.

        >>> from showdown.cards import parse_cards
        >>> now = ahead_now("holdem", [Player("A", "As Kd"), Player("B", "Qh Qd")],
        ...                 parse_cards("2c 7d 9h"))
        >>> record = now.to_json()
        >>> record["complete"], record["ahead"], record["players"][1]["high"]["description"]
        (False, {'high': ['B']}, 'Pair of Queens, Nine-Seven-Two kickers')
        """
        halves = self.game.halves
        return {
            "game": self.game.name,
            "board": format_cards(self.board),
            "complete": self.complete,
            "players": [
                {"name": p.name, "cards": format_cards(p.cards)}
                | {half: hand_to_json(v[h], lang=self.lang) for h, half in enumerate(halves)}
                for p, v in zip(self.players, self.values, strict=True)
            ],
            "ahead": {half: list(names) for half, names in self.leaders.items()},
        }


def _value_now(game: Game, player: Player, board: tuple[Card, ...]) -> tuple[HandValue | None, ...]:
    """The player's best hand now under each ranking of the game."""
    try:
        if game.has_board:
            return evaluate_game(game, player.cards, board).values
        if len(player.cards) > game.hole_cards:
            raise CardCountError.of(
                "{game} needs {wanted} cards per player, got {count}: {cards}",
                game=game.name,
                wanted=game.hole_cards,
                count=len(player.cards),
                cards=format_cards(player.cards),
            )
        return tuple(evaluate(player.cards, board or None, ranking=r) for r in game.rankings)
    except CardCountError as error:
        raise CardCountError.of("{player}: {error}", player=player.name, error=error) from None


def _check_unique(players: Sequence[Player], board: tuple[Card, ...]) -> None:
    seen: dict[Card, str] = {card: Message("the board") for card in board}
    for player in players:
        for card in player.cards:
            if card in seen:
                raise DuplicateCardError.of(
                    "card {card} is used twice: by {name} and {other}",
                    card=str(card),
                    name=player.name,
                    other=seen[card],
                )
            seen[card] = player.name


def ahead_now(
    game: str | Game,
    players: Sequence[Player],
    board: Sequence[Card] = (),
    *,
    lang: str = "en",
) -> Ahead:
    """Who is ahead with the cards dealt so far: each player's best hand now under each
    ranking of the game, the players ahead in each half and why.

    A player's cards may be fewer than the game deals (a stud hand on fifth street),
    the board shorter than a showdown's (the flop, the turn), as far as the game's
    rankings can value them.

    Raises:
        UnknownGameError: no such game.
        DuplicateCardError: a card is held twice, or held and on the board.
        CardCountError: a player's cards or the board cannot be valued in the game
            (too many cards, a board size no hand is valued on); the message names
            the player.
        UnknownLanguageError: ``lang`` is not a supported language.
    """
    found = get_game(game)
    lang = normalize_language(lang)
    shared = tuple(board)
    _check_unique(players, shared)
    values = tuple(_value_now(found, player, shared) for player in players)
    ahead: dict[str, tuple[int, ...]] = {}
    reasons: dict[str, str] = {}
    for h, half in enumerate(found.halves):
        live = {i: v[h] for i, v in enumerate(values) if v[h] is not None}
        if not live:
            ahead[half] = ()
            continue
        best = max(value for value in live.values() if value is not None)
        ahead[half] = tuple(i for i, v in live.items() if v == best)
        behind = [v for i, v in live.items() if i not in ahead[half] and v is not None]
        if behind:
            reasons[half] = explain(best, max(behind), lang=lang).text
    return Ahead(found, shared, tuple(players), values, ahead, reasons, lang)
