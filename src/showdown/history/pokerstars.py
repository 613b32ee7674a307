"""PokerStars text hand histories (every game PokerStars deals, cash and tournament).

A PokerStars hand starts with a header line and a table line::

    PokerStars Hand #1000: Hold'em No Limit ($0.05/$0.10 USD) - 2024/01/02 20:00:00 ET
    Table 'Alpha' 6-max Seat #2 is the button

then ``Seat N: name ($x in chips)`` lines, ``name: posts ...`` lines, street
markers (``*** HOLE CARDS ***``, ``*** FLOP *** [..]``, ``*** 3rd STREET ***``,
``*** FIRST DRAW ***``, ``*** FIRST TURN ***`` when run twice), actions
(``name: raises $0.20 to $0.30``), ``Uncalled bet ($x) returned to name``,
``name collected $x from side pot-1`` and a ``*** SUMMARY ***`` whose
``Total pot $x Main pot $y. Side pot-1 $z. | Rake $r`` line lists each pot
after rake. Older files say ``PokerStars Game #`` and Zoom tables
``PokerStars Zoom Hand #``; hands exported by old tracking programs
(PokerTracker 2) write the header in capitals, ``POKERSTARS GAME #1:
HOLD'EM NO LIMIT ($2/$4)``; all are read.

>>> import io
>>> text = '''PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2024/01/02 20:00:00 ET
... Table 'Alpha' 6-max Seat #1 is the button
... Seat 1: Ann ($10 in chips)
... Seat 2: Bob ($10 in chips)
... Ann: posts small blind $0.05
... Bob: posts big blind $0.10
... *** HOLE CARDS ***
... Ann: calls $0.05
... Bob: checks
... *** FLOP *** [2c 7d Js]
... Bob: checks
... Ann: checks
... *** TURN *** [2c 7d Js] [8h]
... Bob: checks
... Ann: checks
... *** RIVER *** [2c 7d Js 8h] [Qs]
... Bob: checks
... Ann: checks
... *** SHOW DOWN ***
... Bob: shows [As Kd] (high card Ace)
... Ann: shows [Jd Jc] (three of a kind, Jacks)
... Ann collected $0.19 from pot
... *** SUMMARY ***
... Total pot $0.20 | Rake $0.01
... Board [2c 7d Js 8h Qs]
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.hand_id, hand.game, hand.currency, hand.rake, hand.collected()
('1', 'holdem', 'USD', Decimal('0.01'), {'Ann': Decimal('0.19')})
"""

from __future__ import annotations

import re
from typing import Final

from showdown.history._text import Dialect, HistoryReader, Source, header_fields

__all__ = ["DIALECT", "EXPORT_DIALECTS", "read"]

_TABLE_RE: Final = re.compile(r"^Table '(?P<table>.*)'(?: (?P<max>\d+)-max)?(?P<rest>.*)$")


def parse_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a PokerStars header and table line.

    Raises:
        ValueError: the header names no game of showdown's.
    """
    fields = header_fields(header, table_line)
    table = _TABLE_RE.match(table_line)
    if table is not None:
        fields["table"] = table["table"]
        fields["max_seats"] = int(table["max"]) if table["max"] else None
        button = re.search(r"Seat #(\d+) is the button", table["rest"])
        fields["button"] = int(button[1]) if button else None
    return fields


DIALECT: Final = Dialect(
    site="pokerstars",
    header=re.compile(
        r"^(?i:PokerStars (?:Zoom |Home Game |Rush |Spin & Go )?(?:Hand|Game)) #(?P<id>\d+)"
    ),
    colon=True,
    pots_after_rake=True,
    parse_header=parse_header,
)
"""The PokerStars layout."""

EXPORT_DIALECTS: Final = tuple(
    Dialect(
        site=site,
        header=re.compile(rf"^{word} Hand #(?P<id>\d+):"),
        colon=True,
        pots_after_rake=True,
        parse_header=parse_header,
    )
    for site, word in (("pokerbros", "PokerBros"), ("pokermaster", "PokerMaster"))
)
"""Club apps whose exported histories use PokerStars' layout under their own
name (``PokerBros Hand #1616183514566: Hold'em No Limit ($0.5/$1 USD)``,
``PokerMaster Hand #...``): read as PokerStars hands, under their site's id."""


def read(source: Source, *, name: str | None = None) -> HistoryReader:
    """The hands of a PokerStars history, read one at a time.

    Raises:
        OSError: the file cannot be opened (when iterated).
    """
    return HistoryReader(source, (DIALECT,), name=name)
