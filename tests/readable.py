"""The readable reference for the tests: ``evaluate`` and ``evaluate_game`` with the core off.

Every compiled path (the per-call entries, the one-hand path of
:mod:`showdown._fast`, the batch functions) is tested against these: the
readable evaluator (every candidate set of counted cards looked up in the rule
table), run with ``SHOWDOWN_ENGINE=readable`` (:mod:`showdown.core`) for the
time of the call, so that no compiled path answers it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import numpy as np
import numpy.typing as npt

from showdown.cards import DECK, Card
from showdown.evaluation import HandValue, evaluate
from showdown.games import Game, GameHand, evaluate_game, get_game
from showdown.rules import HIGH, RuleSet, get_ranking

__all__ = [
    "best_cards",
    "game_hand",
    "game_strengths",
    "ranking_strength",
    "readable_engine",
    "strengths",
    "value",
]


@contextmanager
def readable_engine() -> Iterator[None]:
    """``SHOWDOWN_ENGINE=readable`` inside the block (as it was after)."""
    saved = os.environ.get("SHOWDOWN_ENGINE")
    os.environ["SHOWDOWN_ENGINE"] = "readable"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["SHOWDOWN_ENGINE"]
        else:
            os.environ["SHOWDOWN_ENGINE"] = saved


def value(
    cards: Sequence[Card], board: Sequence[Card] | None = None, *, ranking: str | RuleSet = HIGH
) -> HandValue | None:
    """:func:`showdown.evaluate` on the readable path."""
    with readable_engine():
        return evaluate(cards, board, ranking=ranking)


def game_hand(game: str | Game, hole: Sequence[Card], board: Sequence[Card] | None) -> GameHand:
    """:func:`showdown.games.evaluate_game` on the readable path (``board``: None or empty
    for a game without one)."""
    with readable_engine():
        return evaluate_game(game, hole, board or None)


def ranking_strength(ranking: str | RuleSet, codes: Sequence[int]) -> int:
    """The readable strength of some card codes under a ranking (0: no value)."""
    found = value([DECK[code] for code in codes], ranking=ranking)
    return 0 if found is None else found.strength


def game_strengths(game: str | Game, codes: Sequence[int]) -> tuple[int, ...]:
    """The readable strengths of hole cards then board under a game (0: no value)."""
    found = get_game(game)
    cards = [DECK[code] for code in codes]
    hand = game_hand(found, cards[: found.hole_cards], cards[found.hole_cards :])
    return tuple(0 if half is None else half.strength for half in hand.values)


def _values(
    row: list[int], ranking: str | RuleSet | None, game: str | Game | None
) -> tuple[HandValue | None, ...]:
    cards = [DECK[code] for code in row]
    if game is None:
        return (value(cards, ranking=HIGH if ranking is None else ranking),)
    found = get_game(game)
    return game_hand(found, cards[: found.hole_cards], cards[found.hole_cards :]).values


def strengths(
    cards: npt.ArrayLike, *, ranking: str | RuleSet | None = None, game: str | Game | None = None
) -> npt.NDArray[np.int32]:
    """What :func:`showdown.batch.evaluate_many` gives, row by row from the readable path."""
    rows = np.asarray(cards).tolist()
    out = np.array(
        [[0 if v is None else v.strength for v in _values(row, ranking, game)] for row in rows],
        np.int32,
    ).reshape(len(rows), -1)
    return out[:, 0] if out.shape[1] == 1 else out


def best_cards(
    cards: npt.ArrayLike, *, ranking: str | RuleSet | None = None, game: str | Game | None = None
) -> npt.NDArray[np.int8]:
    """What :func:`showdown.batch.best_cards_many` gives, row by row from the readable path:
    the columns of the cards that play, increasing, padded with -1."""
    rows = np.asarray(cards).tolist()
    rankings = (
        get_game(game).rankings
        if game is not None
        else (get_ranking(HIGH if ranking is None else ranking),)
    )
    out = []
    for row in rows:
        halves = []
        for half, rules in zip(_values(row, ranking, game), rankings, strict=True):
            columns = [] if half is None else sorted(row.index(c.code) for c in half.cards)
            halves.append(columns + [-1] * (rules.hand_size - len(columns)))
        out.append(halves)
    array = np.array(out, np.int8).reshape(len(rows), len(rankings), -1)
    return array[:, 0] if len(rankings) == 1 else array
