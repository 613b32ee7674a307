"""The one step from a recorded hand to a :class:`~showdown.pots.Showdown`.

Every reader produces a :class:`~showdown.history.model.Hand`; this module
alone says how a hand becomes a showdown (RULES.md §6):

* the players are everyone who put chips in, in seat order;
* each one's ``stake`` is everything he put in (antes, blinds, bets, the
  uncalled part included: the resolver returns it), and ``dead`` the antes,
  big-blind ante and dead blinds among it;
* a player who folded is ``folded``; one who reached the showdown and
  conceded (mucked, or never showed and won nothing) is ``mucked``;
* the cards are the ones shown (all seven in stud), the board or the boards
  of a hand run more than once (a stud deal out of cards has its one
  community card as the board);
* ``rake`` is everything the house took (rake, jackpot and other fees),
  ``unit`` the history's unit, ``button`` the index of the button's seat among
  the players (the seat at or before the button, when the button's own seat
  put nothing in). Money the house added (a cash drop) is a folded, dead stake
  of a player named ``(house)``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from showdown.errors import HistoryError, Message, ShowdownError
from showdown.games import Family, Game, get_game
from showdown.history.model import Hand
from showdown.pots import Player, Showdown

__all__ = ["HOUSE", "hand_to_showdown", "showdown_game"]

HOUSE: Final = "(house)"
"""The name of the stand-in for money the house added to a pot."""

_ZERO: Final = Decimal(0)


def showdown_game(hand: Hand) -> Game:
    """The registry's game for a hand.

    Raises:
        HistoryError: showdown does not know the game (kind ``'unsupported game'``).
    """
    try:
        return get_game(hand.game)
    except ShowdownError:
        raise HistoryError(
            Message("the game {game} is not supported", game=repr(hand.game_name or hand.game)),
            file=hand.source,
            line=hand.line,
            hand=hand.hand_id,
            kind="unsupported game",
        ) from None


def _button_index(hand: Hand, names: list[str]) -> int:
    if hand.button is None or not names:
        return 0
    seat_of = {seat.name: seat.number for seat in hand.seats}
    before = [i for i, name in enumerate(names) if seat_of.get(name, 0) <= hand.button]
    return before[-1] if before else len(names) - 1


def hand_to_showdown(hand: Hand) -> Showdown:
    """The showdown of a hand that reached one.

    Raises:
        HistoryError: the hand did not reach a showdown (kind ``'no
            showdown'``), or its game is not supported (``'unsupported game'``).
    """
    if not hand.reached_showdown:
        raise HistoryError(
            Message("the hand did not reach a showdown"),
            file=hand.source,
            line=hand.line,
            hand=hand.hand_id,
            kind="no showdown",
        )
    game = showdown_game(hand)
    stakes = hand.contributions()
    dead = hand.dead_money()
    folded = hand.folded
    mucked = hand.mucked
    contenders = set(hand.contenders)
    boards = [b for b in hand.boards if b]
    # Stud out of cards: the community card is the seventh card of everyone still in.
    community = boards[0][:1] if game.family is Family.STUD and boards else ()
    players: list[Player] = []
    names: list[str] = []
    for name in hand.players:
        stake = stakes.get(name, _ZERO)
        if name not in contenders:
            if stake:
                players.append(Player(name, (), stake, folded=True, dead=dead.get(name, _ZERO)))
                names.append(name)
            continue
        cards = hand.cards(name)
        if community and community[0] in cards:
            cards = tuple(card for card in cards if card not in community)
        if len(cards) != game.hole_cards - len(community):
            cards = ()
        players.append(
            Player(
                name,
                cards,
                stake,
                folded=name in folded,
                dead=dead.get(name, _ZERO),
                mucked=name in mucked,
            )
        )
        names.append(name)
    button = _button_index(hand, names)
    if hand.added:
        players.append(Player(HOUSE, (), hand.added, folded=True, dead=hand.added))
    if game.family is Family.STUD:
        board: tuple[object, ...] | None = community or None
        many = None
    elif len(boards) > 1:
        board, many = None, boards
    else:
        board, many = (boards[0] if boards else None), None
    return Showdown.build(
        game,
        board,  # type: ignore[arg-type]
        players,
        button=button,
        boards=many,
        rake=hand.rake,
        unit=hand.unit,
    )
