"""The one error hierarchy of showdown.

Every error the library raises on bad input is a :class:`ShowdownError`, which
is a :class:`ValueError`, so ``except ValueError`` keeps working for callers who
do not care about the cause. Each subclass names one cause, and every message
echoes the offending input.

>>> from showdown import parse_cards
>>> try:
...     parse_cards("As Zx")
... except ShowdownError as error:
...     print(type(error).__name__, error)
CardParseError 'Zx' is not a card: rank 'Z' is not one of 23456789TJQKA

A wrong *type* (a number where a text belongs, ``None`` for a list) is a
:class:`TypeError` naming the argument instead; the whole input policy is
written down once, in :mod:`showdown._validate`.
"""

from __future__ import annotations

__all__ = [
    "BudgetError",
    "CardCountError",
    "CardParseError",
    "DuplicateCardError",
    "HistoryError",
    "InvalidArgumentError",
    "InvalidArrayError",
    "InvalidRecordError",
    "RangeParseError",
    "ShowdownError",
    "StakeError",
    "UnknownGameError",
    "UnknownRankingError",
]


class ShowdownError(ValueError):
    """Root of every error showdown raises on bad input."""


class CardParseError(ShowdownError):
    """A text is not a card, or not a list of cards."""


class DuplicateCardError(ShowdownError):
    """The same card is used twice (in one hand, or across hands and board)."""


class CardCountError(ShowdownError):
    """Too few or too many cards for the ranking or the game."""


class UnknownGameError(ShowdownError):
    """No game of the registry has this name or alias."""


class UnknownRankingError(ShowdownError):
    """No ranking (rule set) has this name."""


class StakeError(ShowdownError):
    """Impossible stakes, button or players in a showdown."""


class InvalidArrayError(ShowdownError):
    """A batch array has the wrong shape, a code out of range or a duplicate."""


class RangeParseError(ShowdownError):
    """A hand-range token cannot be parsed."""


class InvalidRecordError(ShowdownError):
    """A JSON record (CLI or HTTP) is malformed: a missing or wrong-typed field."""


class HistoryError(ShowdownError):
    """A hand history cannot be read: not a history, cut off, or chips that do not add up.

    The message names the file, the line and the hand id; the same facts are
    kept as attributes for programs.

    Attributes:
        file: the file (or stream name) read.
        line: the 1-based line where the problem was found (0 if unknown).
        hand: the site's hand id (``""`` when no hand header was read).
        reason: what was wrong, without the position.
        kind: a short key for counting skipped hands: ``'not a history'``,
            ``'cut off'``, ``'does not add up'``, ``'unreadable'``.
        site: the site, when the hand header was read (``""`` otherwise).
        game: the game id, when the hand header was read (``""`` otherwise).
    """

    def __init__(
        self,
        reason: str,
        *,
        file: str = "",
        line: int = 0,
        hand: str = "",
        kind: str = "unreadable",
        site: str = "",
        game: str = "",
    ) -> None:
        where = ", ".join(
            part
            for part in (
                file,
                f"line {line}" if line else "",
                f"hand {hand}" if hand else "",
            )
            if part
        )
        super().__init__(f"{where}: {reason}" if where else reason)
        self.file = file
        self.line = line
        self.hand = hand
        self.reason = reason
        self.kind = kind
        self.site = site
        self.game = game


class InvalidArgumentError(ShowdownError):
    """An option has an impossible value: a negative seed, no samples, fewer than one worker."""


class BudgetError(ShowdownError):
    """A request would need more memory or time than its budget allows; refused up front."""
