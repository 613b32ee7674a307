"""GGPoker text hand histories: PokerStars' layout with GGPoker's words.

The differences, as data: the header is ``Poker Hand #RC1000: Hold'em No Limit
($0.05/$0.10) - 2024/01/02 20:00:00`` (hand ids with letters, no currency
code: ``$`` is US dollars), amounts carry thousands separators
(``$1,694.48``), every seat gets a ``Dealt to name`` line, the showdown marker
is ``*** SHOWDOWN ***`` (written even when nobody is called), all-in players
show before the remaining cards are dealt, a hand run twice has ``*** FIRST
SHOWDOWN ***``/``*** SECOND SHOWDOWN ***`` and a summary whose second board
lists only the cards that differ, a missed blind is ``posts missed blind``,
and the house's share is split over ``Rake``, ``Jackpot``, ``Bingo`` (and
other fees) on the ``Total pot`` line: all of them are counted as rake.

>>> import io
>>> text = '''Poker Hand #RC7: Hold'em No Limit ($1/$2) - 2024/01/02 20:00:00
... Table 'Beta' 6-max Seat #2 is the button
... Seat 1: Ann ($200 in chips)
... Seat 2: Bob ($1,250 in chips)
... Ann: posts small blind $1
... Bob: posts big blind $2
... *** HOLE CARDS ***
... Dealt to Ann
... Dealt to Bob
... Ann: raises $4 to $6
... Bob: folds
... Uncalled bet ($4) returned to Ann
... *** SHOWDOWN ***
... Ann collected $4 from pot
... *** SUMMARY ***
... Total pot $4 | Rake $0 | Jackpot $0 | Bingo $0
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.hand_id, hand.reached_showdown, hand.received()
('RC7', False, {'Ann': Decimal('8')})
"""

from __future__ import annotations

import re
from typing import Final

from showdown.history._text import Dialect, dialect_reader
from showdown.history.pokerstars import parse_header as _stars_header

__all__ = ["DIALECT", "read"]


def parse_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a GGPoker header and table line (``$`` is USD).

    Raises:
        ValueError: the header names no game of showdown's.
    """
    fields = _stars_header(header, table_line)
    if fields.get("currency") is None and not fields.get("tournament") and "$" in header:
        fields["currency"], fields["play_money"] = "USD", False
    return fields


DIALECT: Final = Dialect(
    site="ggpoker",
    header=re.compile(r"^Poker Hand #(?P<id>[A-Za-z]*\d+):"),
    parse_header=parse_header,
)
"""The GGPoker layout."""


read: Final = dialect_reader(DIALECT)
"""The hands of a GGPoker history, read one at a time."""
