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

An error built with :meth:`ShowdownError.of` also keeps its message as a
template and its values, so that a shell (the CLI) can say it in another
language (:meth:`showdown.i18n.Language.explain`):

>>> error = CardCountError.of("{game} needs {wanted} board cards", game="holdem",
...                           wanted=OneOf((3, 4, 5)))
>>> str(error), error.template
('holdem needs 3 or 4 or 5 board cards', '{game} needs {wanted} board cards')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

__all__ = [
    "BudgetError",
    "CardCountError",
    "CardParseError",
    "DuplicateCardError",
    "HistoryError",
    "InvalidArgumentError",
    "InvalidArrayError",
    "InvalidRecordError",
    "Message",
    "OneOf",
    "RangeParseError",
    "ShowdownError",
    "StakeError",
    "Term",
    "UnknownGameError",
    "UnknownRankingError",
]


class OneOf(tuple[object, ...]):
    """Alternatives in a message: ``'3 or 4 or 5'`` in the message itself, each language
    joining them its own way in translation (``'3, 4 или 5'``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return " or ".join(str(item) for item in self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Term(str):
    """A word of a message that is itself a catalogue message (``Term("none")``)."""

    __slots__ = ()


class _English(dict[str, Any]):
    """The values of a template as English text."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Message(str):
    """A text that keeps its template and values, so that it can be said in another
    language (:meth:`showdown.i18n.Language.explain`); as a ``str`` it is the English.

    A value may itself be a message, an error or a :class:`Term`.

    >>> note = Message("{name} is not a JSON number", name="NaN")
    >>> note, note.template, dict(note.params)
    ('NaN is not a JSON number', '{name} is not a JSON number', {'name': 'NaN'})
    >>> str(Message.joined([note, Message("skipped")], "{head}; {tail}"))
    'NaN is not a JSON number; skipped'

    Attributes:
        template: the message before its values were put in (a catalogue id).
        params: the values of the template.
    """

    template: str
    params: Mapping[str, object]

    def __new__(cls, template: str, /, **params: object) -> Self:
        message = super().__new__(cls, template.format_map(_English(params)))
        message.template = template
        message.params = params
        return message

    def __reduce__(self) -> tuple[Any, ...]:
        return (_message, (self.template, dict(self.params)))

    @classmethod
    def from_error(cls, error: BaseException) -> str:
        """An error's message, kept translatable when the error has a template
        (:meth:`ShowdownError.of`); a plain ``str`` otherwise.

        >>> note = Message.from_error(CardParseError.of("{card} is not a card", card="'Zx'"))
        >>> note, note.template
        ("'Zx' is not a card", '{card} is not a card')
        >>> type(Message.from_error(ValueError("bad")))
        <class 'str'>
        """
        template = getattr(error, "template", None)
        if template is None:
            return str(error)
        return cls(template, **getattr(error, "params", {}))

    @classmethod
    def joined(cls, parts: list[str], template: str) -> str:
        """Texts joined two by two by ``template`` (``'{head}; {tail}'``), each part kept
        translatable; a single part is itself, none is ``''``."""
        if not parts:
            return ""
        joined = parts[0]
        for part in parts[1:]:
            joined = cls(template, head=joined, tail=part)
        return joined


def _message(template: str, params: dict[str, object]) -> Message:
    """Unpickle a :class:`Message`."""
    return Message(template, **params)


class ShowdownError(ValueError):
    """Root of every error showdown raises on bad input.

    Attributes:
        template: the message before its values were put in (a catalogue
            message id), or ``None`` for a message built by hand.
        params: the values of the template.
    """

    template: str | None = None
    params: Mapping[str, object] = {}

    @classmethod
    def of(cls, template: str, /, **params: object) -> Self:
        """The error whose message is ``template`` with ``params`` put in (see the module doc).

        A value missing from ``params`` is left as ``{name}``.
        """
        error = cls(template.format_map(_English(params)))
        error.template = template
        error.params = params
        return error


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
        showdown: whether the part read shows that the hand reached a showdown
            (a show-down marker or shown cards). An audit reports such a hand
            as an ``error`` record; one that broke off before is a skipped hand.
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
        showdown: bool = True,
    ) -> None:
        parts = [
            part
            for part in (
                file,
                Message("line {line}", line=line) if line else "",
                Message("hand {hand}", hand=hand) if hand else "",
            )
            if part
        ]
        where = Message.joined(parts, "{head}, {tail}")
        super().__init__(f"{where}: {reason}" if where else reason)
        if where:  # said in another language too (Language.explain)
            self.template = "{where}: {reason}"
            self.params = {"where": where, "reason": reason}
        elif isinstance(reason, Message):
            self.template, self.params = reason.template, reason.params
        self.file = file
        self.line = line
        self.hand = hand
        self.reason = reason
        self.kind = kind
        self.site = site
        self.game = game
        self.showdown = showdown


class InvalidArgumentError(ShowdownError):
    """An option has an impossible value: a negative seed, no samples, fewer than one worker."""


class BudgetError(ShowdownError):
    """A request would need more memory or time than its budget allows; refused up front."""
