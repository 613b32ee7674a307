"""Hand histories: read card-room histories into one model, re-decide their showdowns.

One module per format (:mod:`~showdown.history.pokerstars`,
:mod:`~showdown.history.ggpoker`, :mod:`~showdown.history.fulltilt`), one
model (:mod:`~showdown.history.model`) with its one step from a hand to a
:class:`~showdown.pots.Showdown` (:func:`~showdown.history.model.hand_to_showdown`),
and the audit that compares what the room paid with what the rules pay
(:mod:`~showdown.history.audit`).

>>> from showdown.history import read_text
>>> list(read_text(""))
[]
"""

from __future__ import annotations

from showdown.history.audit import Tally, Verdict, audit
from showdown.history.model import Action, ActionKind, Collection, Hand, Seat, Showing
from showdown.history.reader import find_histories, read, read_text

__all__ = [
    "Action",
    "ActionKind",
    "Collection",
    "Hand",
    "Seat",
    "Showing",
    "Tally",
    "Verdict",
    "audit",
    "find_histories",
    "read",
    "read_text",
]
