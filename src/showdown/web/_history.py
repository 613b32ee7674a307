"""``POST /api/history``: a pasted hand history, audited, each showdown in the JSON contract.

The text is read by :mod:`showdown.history` as ``showdown audit`` reads a
file: its start tells the format (PokerStars, GGPoker and Full Tilt text, told
apart by each hand's header, or any other room's text or XML layout of
:data:`showdown.history.reader.FORMATS`; PHH when asked, or when the text has
a ``variant = ...`` line), it is audited by :func:`showdown.history.audit`, and
for every hand that reached a showdown the answer carries the audit record
of ``showdown audit --json`` and the showdown as an input record of the
contract (:func:`showdown.contract.showdown_to_json`), ready for ``POST
/api/showdown`` or the page's table. When the room stated each pot's rake
(side pots), the record carries it pot by pot, as the audit decides it.

The answer's ``format`` names what was read: ``'text'`` for the PokerStars
family, ``'phh'``, or the other room's format (``'partypoker'``,
``'ipoker_xml'``: :attr:`showdown.history.formats.Format.name`). A text in
which no hand could be read is a :class:`HistoryInputError`; so is a history
of a room showdown does not read (the message names the room).

>>> answer = read_pasted("PokerStars Hand #1: Hold'em No Limit (1/2)", "auto")
Traceback (most recent call last):
...
showdown.web._history.HistoryInputError: <pasted>, line 1, hand 1: the hand is cut off: ...
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from typing import Any, Final, Literal

from pydantic import ValidationError

from showdown.contract import showdown_to_json
from showdown.errors import HistoryError, ShowdownError
from showdown.history import Hand, phh, read_text
from showdown.history._text import Reader
from showdown.history.audit import Verdict, audit_entries, unstated_pot_rakes
from showdown.history.formats import SNIFF_CHARS
from showdown.history.reader import identify, unread_error
from showdown.pots import Showdown, resolve
from showdown.web.models import ShowdownRequest

__all__ = ["NAME", "HistoryInputError", "read_pasted"]

NAME: Final = "<pasted>"
"""The file name of a pasted text in the records."""
_PHH_LINE: Final = re.compile(r"^\s*variant\s*=", re.MULTILINE)

_ZERO: Final = Decimal(0)

Format = Literal["auto", "text", "phh"]


class HistoryInputError(ShowdownError):
    """A pasted text in which no hand could be read (the message says why and where)."""


def _is_phh(text: str, form: Format) -> bool:
    return form == "phh" or (form == "auto" and _PHH_LINE.search(text) is not None)


def _room_raked(hand: Hand, showdown: Showdown) -> Showdown:
    """The showdown with each pot's rake as the room took it, when the history states it.

    The audit (:func:`showdown.history.audit.audit_hand`) decides each pot's
    remainder after the rake the room says it took from that pot; the
    record handed to the page must pay the same.
    """
    from showdown.history.audit import room_pot_rakes  # the audit's own rule

    if not hand.rake or isinstance(showdown.rake, tuple):
        return showdown
    try:
        result = resolve(showdown, explain=False)
    except ShowdownError:
        return showdown
    contested = [pot for pot in result.pots if pot.kind != "uncalled"]
    if len(contested) < 2:
        return showdown
    gross = [Decimal(pot.amount) + Decimal(pot.rake) for pot in contested]
    rakes = room_pot_rakes(hand, gross)
    if rakes is None or rakes == [Decimal(pot.rake) for pot in contested]:
        return showdown
    return dataclasses.replace(showdown, rake=tuple(rakes))


def _as_audited(hand: Hand, showdown: Showdown, verdict: Verdict) -> Showdown:
    """The showdown raked pot by pot as the audit decided it (the record pays its amounts).

    The rake each pot paid is the room's when the history lists the pots
    (:func:`_room_raked`). When it does not (GGPoker, 888poker) and the audit
    found the division of the rake among the pots that pays what the room paid
    (``audit_hand``: "does not list the pots"), the record takes that division.
    """
    showdown = _room_raked(hand, showdown)
    if (
        verdict.verdict != "agree"
        or not hand.rake
        or hand.pots
        or isinstance(showdown.rake, tuple)
        or not verdict.players
    ):
        return showdown
    wanted = {p.name: p.resolved for p in verdict.players}
    try:
        paid = {p.name: Decimal(p.payout) for p in resolve(showdown, explain=False).players}
        if all(paid.get(n, _ZERO) == wanted.get(n, _ZERO) for n in {*paid, *wanted}):
            return showdown  # shared in proportion, the rake pays it already
        found = unstated_pot_rakes(hand, showdown, wanted)  # the audit's own search
    except ShowdownError:
        return showdown
    return showdown if found is None else dataclasses.replace(showdown, rake=found[0])


def _hand_info(hand: Hand) -> dict[str, Any]:
    return {
        "site": hand.site,
        "hand": hand.hand_id,
        "table": hand.table,
        "game_name": hand.game_name,
        "currency": hand.currency,
        "line": hand.line,
    }


def read_pasted(text: str, form: Format = "auto") -> dict[str, Any]:
    """The answer of ``POST /api/history`` for a pasted text.

    Returns ``{"format", "hands_read", "skipped", "hands"}``: ``format`` is
    ``'text'`` (the PokerStars family), ``'phh'`` or the name of the other
    room's format that read the text; ``hands`` has
    one entry per hand that reached a showdown, or could not be read, in
    input order: ``{"audit": <the audit --json record>, "info": {...},
    "showdown": <contract record or null>}``; ``skipped`` counts the hands
    left out by reason (``"no showdown"``, ``"not a history"``, ...).

    Raises:
        HistoryInputError: the text holds no hand history at all, or one of a
            room showdown does not read (the message names the room).
    """
    phh_text = _is_phh(text, form)
    name = "phh"
    reader: Reader
    if phh_text:
        reader = phh.read_text(text, name=NAME)
    else:
        identity = identify(text[:SNIFF_CHARS])
        if identity.kind == "room":  # a room showdown does not read: say which
            raise HistoryInputError(str(unread_error(NAME, identity)))
        name = identity.format.name if identity.format is not None else "text"
        reader = read_text(text, name=NAME)
    hands: list[dict[str, Any]] = []
    skipped: dict[str, int] = {}
    first_error: HistoryError | None = None
    read = 0
    try:
        entries = list(audit_entries(reader.entries()))
    except ShowdownError:
        raise
    except Exception as error:  # a reader's bug must not become a 500: say where it failed
        raise HistoryInputError(
            f"{NAME}: the history reader failed on this text "
            f"({type(error).__name__}: {error}); please report it"
        ) from error
    for entry, verdict in entries:
        if isinstance(entry, HistoryError):
            first_error = first_error or entry
        else:
            read += 1
        if verdict is None:
            kind = entry.kind if isinstance(entry, HistoryError) else "no showdown"
            skipped[kind] = skipped.get(kind, 0) + 1
            continue
        record: dict[str, Any] | None = None
        info: dict[str, Any] | None = None
        if isinstance(entry, Hand):
            info = _hand_info(entry)
            try:
                record = showdown_to_json(_as_audited(entry, entry.showdown(), verdict))
                ShowdownRequest.model_validate(record)
            except ShowdownError:
                record = None  # a game showdown does not deal: the audit says so
            except ValidationError:
                record = None  # over the API's limits (a name of more than 64 characters)
        hands.append({"audit": verdict.to_json(), "info": info, "showdown": record})
    if not read and first_error is not None:
        raise HistoryInputError(str(first_error))
    if not read and not hands:
        kind = "PHH hand history" if phh_text else "hand history of a room showdown reads"
        raise HistoryInputError(f"{NAME}: no {kind} in the text")
    return {
        "format": name,
        "hands_read": read,
        "skipped": skipped,
        "hands": hands,
    }
