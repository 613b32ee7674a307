"""Full Tilt Poker text hand histories: the same layout, without the colon.

The differences, as data: one header line holds the table, the stakes and the
game (``Full Tilt Poker Game #1000: Table Rho (6 max) - $1/$2 - Pot Limit
Omaha Hi - 20:00:00 ET - 2012/01/02``), seats are ``Seat 1: name ($100)``,
the button is a line of its own (``The button is in seat #3``), actions have
no colon (``Ann raises to $6``: the total, ``Ann calls $4``, ``Ann antes
$0.40``, ``Ann posts a dead small blind of $1``, ``, and is all in``), a pot
is won in words (``Ann wins the side pot #1 ($76.35)``, ``ties for the high
pot``, ``wins pot 2 ($77.60)`` when run twice), uncalled bets are ``Uncalled
bet of $4 returned to Ann``, and the summary's ``Main pot``/``Side pot``
amounts are before rake (Full Tilt took the rake from the main pot). A hand
whose bet went uncalled may have no win line: the summary's ``collected
($41.80)`` says what was paid. Histories of 2016, dealt by PokerStars'
software, are PokerStars' layout under a ``Full Tilt Hand #`` header
(:data:`STARS_DIALECT`).

>>> import io
>>> text = '''Full Tilt Poker Game #5: Table Rho (6 max) - $1/$2 - No Limit Hold'em - 20:00:00 ET \\
... - 2012/01/02
... Seat 1: Ann Lee ($100)
... Seat 2: Bob ($100)
... Ann Lee posts the small blind of $1
... Bob posts the big blind of $2
... The button is in seat #1
... *** HOLE CARDS ***
... Ann Lee raises to $6
... Bob folds
... Uncalled bet of $4 returned to Ann Lee
... Ann Lee mucks
... Ann Lee wins the pot ($4)
... *** SUMMARY ***
... Total pot $4 | Rake $0
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.button, hand.contributions(), hand.collected()
(1, {'Ann Lee': Decimal('6'), 'Bob': Decimal('2')}, {'Ann Lee': Decimal('4')})
"""

from __future__ import annotations

import re
from typing import Final

from showdown.history import pokerstars
from showdown.history._text import Dialect, dialect_reader, header_fields

__all__ = ["DIALECT", "STARS_DIALECT", "read"]

_TIME_RE: Final = re.compile(r"^\d{1,2}:\d{2}:\d{2}|^\d{4}/\d{2}/\d{2}")
_TABLE_RE: Final = re.compile(r"(?:^|, )(?:Table|Match) (?P<table>[^,]*)$")
"""A header's table: ``Table Rho (6 max)``, or after a tournament's name and id, ``, Table 1``
(``, Match 1`` at a Matrix tournament's tables)."""


def parse_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a Full Tilt header (the table name is left out of the game's words).

    Raises:
        ValueError: the header names no game of showdown's.
    """
    head, _, _ = header.partition(" [")  # drop the "[13:26:50 ET - 2013/09/22]" echo
    body = head.split(":", 1)[1]
    segments = [s.strip() for s in body.split(" - ")]
    table_at, found = next(
        ((i, m) for i, s in enumerate(segments) if (m := _TABLE_RE.search(s)) is not None),
        (0, None),
    )
    # a tournament's name and id come before its table in the same segment
    # ("$5 Sit & Go (Super Turbo) (253843023), Table 1"; a Matrix's "..., Match 1")
    table = found["table"] if found is not None else ""
    words = [s for s in segments[table_at + 1 :] if not _TIME_RE.match(s)]
    fields = header_fields("Full Tilt Poker Game #0: " + " - ".join(words), "")
    before = segments[table_at][: found.start()] if found is not None else segments[table_at]
    prefix = " - ".join([*segments[:table_at], before])
    tournament = re.search(r"\((\d+)\)", prefix)
    if tournament or "Tournament" in prefix or "Sit & Go" in prefix:
        fields["tournament"] = tournament[1] if tournament else prefix
        fields["currency"], fields["play_money"] = None, False
    fields["table"] = table.split(" (", 1)[0]
    size = re.search(r"\((\d+) max", table)
    fields["max_seats"] = int(size[1]) if size else (2 if "heads up" in table else None)
    return fields


DIALECT: Final = Dialect(
    site="fulltilt",
    header=re.compile(r"^Full ?Tilt ?Poker Game #(?P<id>\d+):"),
    colon=False,
    pots_after_rake=False,
    parse_header=parse_header,
)
"""The Full Tilt layout."""

STARS_DIALECT: Final = Dialect(
    site="fulltilt",
    header=re.compile(r"^Full Tilt (?:Hand|Game) #(?P<id>\d+):"),
    parse_header=pokerstars.parse_header,
)
"""Full Tilt after 2016, dealt by PokerStars' software: PokerStars' layout under
a ``Full Tilt Hand #153580337131: Tournament #1571041343, ...`` header."""


read: Final = dialect_reader(DIALECT, STARS_DIALECT)
"""The hands of a Full Tilt history, read one at a time."""
