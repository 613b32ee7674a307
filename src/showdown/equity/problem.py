"""An equity question, checked: the game, the cards out, and each player's range.

:func:`read_problem` reads what :func:`showdown.equity.equity` is given (hands
or ranges, a board, dead cards, a game), checks every card against the deck and
the others, narrows each range to the hands it can still hold, and gives a
:class:`Problem`: what planning, enumerating and sampling start from.

>>> problem = read_problem(["AhKh", "QQ"], "Qh 7h 2c", None, "holdem")
>>> problem.names, problem.missing, problem.method
(('AhKh', 'QQ'), 2, 'board_ranks')
>>> problem.ranges[1].combo_count()  # the queen of hearts is on the board
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from showdown._kernels.game_tables import method_of
from showdown._validate import describe_value
from showdown.cards import DECK, Card, CardsLike, cards_mask, format_cards, parse_cards
from showdown.errors import (
    BudgetError,
    CardCountError,
    CardParseError,
    DuplicateCardError,
    RangeParseError,
)
from showdown.games import Game, get_game
from showdown.ranges import Range, format_range, read_range

__all__ = ["MAX_EQUITY_HANDS", "MAX_PLAYERS", "Problem", "as_range", "combos_of", "read_problem"]

MAX_EQUITY_HANDS: Final = 6_000_000
"""The memory budget of one equity call: the most hands its listed ranges may hold
together (each costs about 80 bytes while sampling); more is a
:class:`~showdown.errors.BudgetError`, refused before any work."""
MAX_PLAYERS: Final = 10
"""The most players of one equity question."""


@dataclass(frozen=True, slots=True)
class Problem:
    """A checked equity question: the game, the cards out, and each player's range.

    Attributes:
        game: the game.
        board: the known board cards.
        dead: the dead cards.
        ranges: each player's range, less the cards known to be out.
        deck_mask: the game's deck less the board and dead cards.
        names: each hand as the user gave it, written back.
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    ranges: tuple[Range, ...]
    deck_mask: int
    names: tuple[str, ...]

    @property
    def missing(self) -> int:
        """The board cards still to come."""
        return self.game.full_board - len(self.board)

    @property
    def method(self) -> str:
        """How the core values the game's deals
        (:func:`showdown._kernels.game_tables.method_of`)."""
        return method_of(self.game)


def combos_of(hand_range: Range) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """A listed range's hands (card codes, one row each) and their weights."""
    return hand_range.codes.astype(np.int64), hand_range.weights


def as_range(hand: object, game: Game, seat: int, deadline: float | None = None) -> Range:
    """A player's hand or range as a :class:`Range` of the game's hand size."""
    if isinstance(hand, Range):
        if hand.size != game.hole_cards:
            raise CardCountError.of(
                "player {seat}: a range of {size}-card hands, but {game} deals {wanted} cards",
                seat=seat,
                size=hand.size,
                game=game.name,
                wanted=game.hole_cards,
            )
        return hand
    if isinstance(hand, str):
        try:
            cards = parse_cards(hand)
        except CardParseError:
            return _read(hand, game, seat, deadline)
        if len(cards) > game.hole_cards:
            return _read(hand, game, seat, deadline)
    else:
        if isinstance(hand, bytes | bytearray) or not isinstance(hand, Sequence):
            raise TypeError(
                f"hands[{seat - 1}] must be a text, a Range or a list of cards, "
                f"got {describe_value(hand)}"
            )
        try:
            cards = parse_cards(hand)
        except TypeError as error:
            raise TypeError(f"hands[{seat - 1}]: {error}") from None
        if len(cards) > game.hole_cards:
            raise CardCountError.of(
                "player {seat}: {game} deals {wanted} cards, got {count}: {cards}",
                seat=seat,
                game=game.name,
                wanted=game.hole_cards,
                count=len(cards),
                cards=format_cards(cards),
            )
    return Range.holding(cards, game=game)


def _read(text: str, game: Game, seat: int, deadline: float | None) -> Range:
    """A range text; an empty range is an error that quotes it."""
    found = read_range(text, game, deadline=deadline)
    if found.combo_count() == 0:
        raise RangeParseError.of(
            "player {seat}: {text} holds no hand (every weight is 0)",
            seat=seat,
            text=repr(text[:60]),
        )
    return found


def _named_cards(cards: CardsLike | None, name: str) -> tuple[Card, ...]:
    """``parse_cards``, a type error naming the argument."""
    if cards is None:
        return ()
    try:
        return parse_cards(cards)
    except TypeError as error:
        raise TypeError(f"{name}: {error}") from None


def read_problem(
    hands: Sequence[object],
    board: CardsLike | None,
    dead: CardsLike | None,
    game: str | Game,
    deadline: float | None = None,
) -> Problem:
    """The question checked: every card in the game's deck and used once, 2 to
    :data:`MAX_PLAYERS` players, each range narrowed to the hands it can hold
    (``deadline``: a ``time.perf_counter()`` by which reading the ranges must end).

    Raises:
        ShowdownError: the errors of :func:`showdown.equity.equity` about its inputs.
        TypeError: an argument of the wrong type.
    """
    found = get_game(game)
    if isinstance(hands, str | bytes | Range) or not isinstance(hands, Sequence):
        raise TypeError(
            f"hands must be a list of hands or ranges, one per player, e.g. ['AhKh', 'QQ'], "
            f"got {describe_value(hands)}"
        )
    hands = list(hands)
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise CardCountError.of(
            "equity needs 2 to {most} players, got {count}", most=MAX_PLAYERS, count=len(hands)
        )
    shared = _named_cards(board, "board")
    out = _named_cards(dead, "dead")
    if not found.has_board and shared:
        raise CardCountError.of(
            "{game} has no board, got board {cards}", game=found.name, cards=format_cards(shared)
        )
    if len(shared) > found.full_board:
        raise CardCountError.of(
            "{game} has a board of {size} cards, got {count}: {cards}",
            game=found.name,
            size=found.full_board,
            count=len(shared),
            cards=format_cards(shared),
        )
    deck = found.deck
    deck_mask = cards_mask(deck)
    for card in (*shared, *out):
        if not card.mask & deck_mask:
            raise CardParseError.of(
                "{card} is not in the deck of {game}", card=str(card), game=found.name
            )
    for card in out:
        if card in shared:
            raise DuplicateCardError.of("card {card} is both on the board and dead", card=str(card))
    blocked = cards_mask(shared) | cards_mask(out)
    ranges = [as_range(hand, found, seat, deadline) for seat, hand in enumerate(hands, start=1)]
    listed = sum(r.combo_count() for r in ranges if not r.is_open)
    if listed > MAX_EQUITY_HANDS:
        raise BudgetError.of(
            "the players' ranges hold {count} hands together; one equity call takes at most "
            "{most} (narrow the ranges, or use 'random', which is never listed)",
            count=f"{listed:,}",
            most=f"{MAX_EQUITY_HANDS:,}",
        )
    # known cards of open ranges: against the board, the dead cards and each other
    held = blocked
    for seat, hand_range in enumerate(ranges, start=1):
        if hand_range.is_open:
            for card in hand_range.known:
                if not card.mask & deck_mask:
                    raise CardParseError.of(
                        "player {seat}: {card} is not in the deck of {game}",
                        seat=seat,
                        card=str(card),
                        game=found.name,
                    )
                if held & card.mask:
                    if blocked & card.mask:
                        raise DuplicateCardError.of(
                            "player {seat}: card {card} is also on the board or dead",
                            seat=seat,
                            card=str(card),
                        )
                    raise DuplicateCardError.of(
                        "player {seat}: card {card} is also in another hand",
                        seat=seat,
                        card=str(card),
                    )
                held |= card.mask
    fixed = held & ~blocked
    checked = []
    for seat, hand_range in enumerate(ranges, start=1):
        own = cards_mask(hand_range.known) if hand_range.is_open else 0
        others = tuple(DECK[c] for c in range(52) if (fixed & ~own) >> c & 1)
        narrowed = hand_range.without((*shared, *out, *others))
        if narrowed.combo_count() == 0:
            raise DuplicateCardError.of(
                "player {seat}: every hand of {range} uses a card of the board, the dead cards "
                "or another hand",
                seat=seat,
                range=repr(format_range(hand_range)),
            )
        checked.append(narrowed)
    needed = sum(found.hole_cards for _ in checked) + found.full_board
    if needed + len(out) > len(deck):
        raise CardCountError.of(
            "{players} players of {game} need {needed} cards, and {left} are left in the deck",
            players=len(checked),
            game=found.name,
            needed=needed,
            left=len(deck) - len(out),
        )
    names = tuple(
        format_cards(r.known, sep="") if r.is_open and r.known else format_range(r) for r in ranges
    )
    return Problem(found, shared, out, tuple(checked), deck_mask & ~blocked, names)
