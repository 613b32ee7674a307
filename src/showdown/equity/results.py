"""What an equity question answers: each player's share of the pot, and the whole result.

The counts of an enumeration or a run of samples (the columns of
:mod:`showdown.equity.reference`: deals won whole, deals tied, units of the pot
won) become :class:`PlayerEquity` values, gathered in an :class:`EquityResult`.

>>> import numpy as np
>>> from showdown.games import get_game
>>> counts = np.array([[3.0, 1.0, 3.5 * POT, 0, 0, 0], [0.0, 1.0, 0.5 * POT, 0, 0, 0]])
>>> first, second = players_of(get_game("holdem"), ("AA", "KK"), counts, 4.0, None)
>>> first.equity, first.win, first.tie, first.losses, second.lose
(0.875, 0.75, 0.25, 0.0, 0.75)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from showdown.cards import Card, format_cards
from showdown.equity.reference import HIGH, LOW, POT, SHARE, TIE, WIN
from showdown.games import Game

__all__ = ["EquityResult", "PlayerEquity", "kept_players", "players_of"]


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's results.

    Attributes:
        hand: the hand or range, as written back (``'AhKh'``, ``'QQ+, AKs'``).
        equity: the expected share of the pot, ties counted as the shares won.
        win: the chance to win the whole pot alone (in hi/lo games: to scoop).
        tie: the chance to win a part of the pot.
        wins: deals won whole (weighted by the range weights; a count when exact).
        ties: deals with a part of the pot.
        losses: deals with nothing.
        high: split-pot games only: the pot share won from the high half
            (the whole pot when no low qualifies); ``None`` otherwise.
        low: split-pot games only: the pot share won from the low half.
        stderr: the standard error of ``equity`` (0 when exact).
    """

    hand: str
    equity: float
    win: float
    tie: float
    wins: float
    ties: float
    losses: float
    high: float | None = None
    low: float | None = None
    stderr: float = 0.0

    @property
    def lose(self) -> float:
        """The chance to win nothing."""
        return 1.0 - self.win - self.tie

    @property
    def scoop(self) -> float:
        """The chance to win the whole pot (the same as :attr:`win`)."""
        return self.win

    def to_json(self) -> dict[str, Any]:
        """The results as a JSON-ready dict."""
        data: dict[str, Any] = {
            "hand": self.hand,
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "lose": self.lose,
            "wins": _count(self.wins),
            "ties": _count(self.ties),
            "losses": _count(self.losses),
            "stderr": self.stderr,
        }
        if self.high is not None:
            data["high"] = self.high
            data["low"] = self.low
            data["scoop"] = self.scoop
        return data


def _count(value: float) -> int | float:
    """A count as an integer when it is one (a weighted count may not be)."""
    return int(value) if float(value).is_integer() else value


@dataclass(frozen=True, slots=True, eq=False)
class EquityResult:
    """The result of :func:`showdown.equity.equity`.

    Attributes:
        game: the game.
        board: the known board cards.
        dead: the dead cards.
        players: one :class:`PlayerEquity` per player, in order.
        exact: True when every deal was enumerated.
        deals: deals enumerated or sampled (weighted by the range weights when
            exact).
        seed: the seed of a Monte Carlo run (``None`` when exact): passing it
            again with the same number of deals gives the same numbers.
        stopped_by: ``'exact'``, ``'samples'``, ``'stderr'`` or ``'seconds'``.
        seconds: the time taken.
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    players: tuple[PlayerEquity, ...]
    exact: bool
    deals: float
    seed: int | None = None
    stopped_by: str = "exact"
    seconds: float = field(default=0.0)

    @property
    def equities(self) -> tuple[float, ...]:
        """Every player's equity, in order."""
        return tuple(player.equity for player in self.players)

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        return {
            "game": self.game.name,
            "board": format_cards(self.board),
            "dead": format_cards(self.dead),
            "exact": self.exact,
            "deals": _count(self.deals),
            "seed": self.seed,
            "stopped_by": self.stopped_by,
            "seconds": self.seconds,
            "players": [player.to_json() for player in self.players],
        }


def players_of(
    game: Game,
    names: tuple[str, ...],
    weighted: npt.NDArray[np.float64],
    deals: float,
    squares: npt.NDArray[np.float64] | None,
) -> tuple[PlayerEquity, ...]:
    """Each player's results from the counts ``(players, columns)`` over ``deals`` deals;
    ``squares`` (each player's sum of squared units) gives the standard error of a
    sampled run (``None``: exact, no error)."""
    split = game.split_pot
    rows = weighted.tolist()  # Python floats: the same arithmetic, without NumPy scalars
    square_list = squares.tolist() if squares is not None else None
    players = []
    for p, name in enumerate(names):
        row = rows[p]
        wins, ties = row[WIN], row[TIE]
        mean = row[SHARE] / POT / deals
        error = 0.0
        if square_list is not None:
            variance = max(0.0, square_list[p] / POT**2 / deals - mean * mean)
            error = math.sqrt(variance / deals)
        players.append(
            PlayerEquity(
                name,
                mean,
                wins / deals,
                ties / deals,
                wins,
                ties,
                deals - wins - ties,
                row[HIGH] / POT / deals if split else None,
                row[LOW] / POT / deals if split else None,
                error,
            )
        )
    return tuple(players)


_KEPT_PLAYERS: dict[tuple[object, ...], tuple[PlayerEquity, ...]] = {}
_KEPT: Final = 4096


def kept_players(
    game: Game, names: tuple[str, ...], totals: npt.NDArray[np.float64], deals: float
) -> tuple[PlayerEquity, ...]:
    """:func:`players_of` of an exact count, the same values given back when the same
    hands of the same game got the same counts before (the values are immutable)."""
    key = (game.name, names, deals, totals.tobytes())
    found = _KEPT_PLAYERS.get(key)
    if found is None:
        if len(_KEPT_PLAYERS) >= _KEPT:
            _KEPT_PLAYERS.clear()
        found = _KEPT_PLAYERS[key] = players_of(game, names, totals, deals, None)
    return found
