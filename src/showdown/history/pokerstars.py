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
HOLD'EM NO LIMIT ($2/$4)``; all are read. Rooms that write this layout under a
header of their own are read by it too, under their own site ids
(:data:`EXPORT_DIALECTS`): the club apps PokerBros and PokerMaster, Run It Once
Poker (``Run It Once Poker Hand #30263279:``), CoinPoker (``CoinPoker Hand
#10256500251: NLH (₮1/₮2)``) and BetOnline (``BetOnline Poker Game #1605375848:``, its
words rewritten into PokerStars' first).

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

import functools
import re
from typing import Final

from showdown.history._text import Dialect, dialect_reader, header_fields

__all__ = [
    "BETONLINE",
    "CLUB_DIALECTS",
    "COINPOKER",
    "DIALECT",
    "EXPORT_DIALECTS",
    "RUNITONCE",
    "betonline_lines",
    "parse_betonline_header",
    "parse_coinpoker_header",
    "parse_header",
    "parse_pokermaster_header",
    "parse_runitonce_header",
    "read",
    "table_button",
]

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
        fields["button"] = table_button(table_line)
    return fields


_BUTTON_RE: Final = re.compile(r"Seat #(\d+) is the button")


@functools.lru_cache(maxsize=4096)
def table_button(table_line: str) -> int | None:
    """The button's seat written on a PokerStars table line (None: none written).

    >>> table_button("Table 'Alpha' 6-max Seat #2 is the button"), table_button("Table 'B'")
    (2, None)
    """
    table = _TABLE_RE.match(table_line)
    if table is None:
        return None
    button = _BUTTON_RE.search(table["rest"])
    return int(button[1]) if button else None


DIALECT: Final = Dialect(
    site="pokerstars",
    header=re.compile(
        r"^(?i:PokerStars (?:Zoom |Home Game |Rush |Spin & Go )?(?:Hand|Game)) #(?P<id>\d+)"
    ),
    parse_header=parse_header,
)
"""The PokerStars layout."""


def parse_pokermaster_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a PokerMaster header: its five-card Omaha is named ``Omaha Pot Limit``
    like the four-card game, the table's name tells it (``Table
    'PPP_5Cards_FIVE_1500_201509'``, five cards dealt).

    Raises:
        ValueError: the header names no game of showdown's.

    >>> parse_pokermaster_header(
    ...     "PokerMaster Hand #1: Omaha Pot Limit ($15/$30 USD) - 2019/05/26 12:53:33 UTC",
    ...     "Table 'PPP_5Cards_FIVE_1500_201509' 6-max Seat #6 is the button",
    ... )["game"]
    'omaha5'
    """
    fields = parse_header(header, table_line)
    if fields["game"] == "omaha" and "_5Cards" in str(fields.get("table", "")):
        fields["game"], fields["game_name"] = "omaha5", "5 Card Omaha"
    return fields


CLUB_DIALECTS: Final = (
    Dialect(
        site="pokerbros",
        header=re.compile(r"^PokerBros Hand #(?P<id>\d+):"),
        parse_header=parse_header,
    ),
    Dialect(
        site="pokermaster",
        header=re.compile(r"^PokerMaster Hand #(?P<id>\d+):"),
        parse_header=parse_pokermaster_header,
    ),
)
"""Club apps whose exported histories use PokerStars' layout under their own
name (``PokerBros Hand #1616183514566: Hold'em No Limit ($0.5/$1 USD)``,
``PokerMaster Hand #1905261509100000: Omaha Pot Limit ($15/$30 USD)``): read as
PokerStars hands, under their site's id."""

_RIO_TABLE_RE: Final = re.compile(r"^Table ID '(?P<table>.*)' (?P<max>\d+)-Max(?P<rest>.*)$")


def _with_table(fields: dict[str, object], table: re.Match[str] | None) -> dict[str, object]:
    """A header's fields with those of a table line read by a room's own pattern (groups
    ``table``, ``max`` and ``rest``, where the button's seat is named)."""
    if table is not None:
        fields["table"] = table["table"]
        fields["max_seats"] = int(table["max"])
        button = re.search(r"Seat #(\d+) is the button", table["rest"])
        fields["button"] = int(button[1]) if button else None
    return fields


def parse_runitonce_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a Run It Once header and its table line (``Table ID '30263259'
    6-Max Seat #1 is the button``).

    Raises:
        ValueError: the header names no game of showdown's.

    >>> fields = parse_runitonce_header(
    ...     "Run It Once Poker Hand #7: Omaha Pot Limit (€1/€2) - 2019/02/17 21:38 UTC",
    ...     "Table ID '31249188' 6-Max Seat #5 is the button",
    ... )
    >>> fields["game"], fields["currency"], fields["table"], fields["max_seats"], fields["button"]
    ('omaha', 'EUR', '31249188', 6, 5)
    """
    fields = parse_header(header, table_line)
    return _with_table(fields, _RIO_TABLE_RE.match(table_line))


RUNITONCE: Final = Dialect(
    site="runitonce",
    header=re.compile(r"^Run It Once Poker Hand #(?P<id>\d+):"),
    parse_header=parse_runitonce_header,
)
"""Run It Once Poker (2017-2022): PokerStars' layout with its own header and table line
(``Run It Once Poker Hand #30266126:  Hold'em No Limit (€0.05/€0.10) - 2019/06/25 16:12
UTC [2019/06/25 17:12 CET]``, ``Table ID '30263259' 6-Max Seat #1 is the button``),
showdown lines without the colon (``Galen U shows [Ad Qd] for Pair [...]``: the summary's
``showed [..]``/``mucked [..]`` give the cards), the money the house adds to a pot
(``STP added: €0.50``) and the pots on the ``Total pot`` line (``Total pot €0.75 | Main
pot €0.25 | STP €0.50 | Rake €0.04``)."""


def parse_coinpoker_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a CoinPoker header (``CoinPoker Hand #10256500251: NLH (₮1/₮2)
    2026/07/04 18:01:21 +08``: tethers, ``USDT``; an ante is a third amount,
    ``(₮0.10/₮0.25/₮0.04)``).

    Raises:
        ValueError: the header names no game of showdown's.

    >>> fields = parse_coinpoker_header(
    ...     "CoinPoker Hand #1: NLH (₮0.10/₮0.25/₮0.04) 2026/03/20 11:59:35 +08",
    ...     "Table '200624' 6-max Seat #1 is the button",
    ... )
    >>> fields["game"], fields["limit"], fields["currency"], fields["big_blind"]
    ('holdem', 'No Limit', 'USDT', Decimal('0.25'))
    """
    return parse_header(header, table_line)


COINPOKER: Final = Dialect(
    site="coinpoker",
    header=re.compile(r"^CoinPoker Hand #(?P<id>\d+):"),
    parse_header=parse_coinpoker_header,
)
"""CoinPoker: PokerStars' layout with anonymous names (``14cee93d``), tether amounts
(``₮32.56``), its own verbs for an all-in (``name: ALLIN ₮16``, the chips put in more) and
an uncalled bet given back (``name: RETURN ₮35.90``), a ``*** SHOWDOWN ***`` marker in
every hand, and a splash fee beside the rake (``Total pot ₮33 | Rake ₮0.24 | Splash Fee
₮0.20``: both the house's)."""

_BETONLINE_TABLE_RE: Final = re.compile(
    r"^Table '(?P<table>.*)' (?P<max>\d+)-Max,? (?P<rest>.*)$", re.IGNORECASE
)
_BETONLINE_SEAT_RE: Final = re.compile(
    r"^(Seat \d+: .*?\(\S+ in chips\)) - (?:(Sitting out)|The button|Small Blind|Big Blind)\s*$"
)
_BETONLINE_SHOWS_RE: Final = re.compile(r"^(.+?) shows ((?:10|[2-9TJQKA])[cdhs](?: \S+)*)\s*$")
_BETONLINE_POST_RE: Final = re.compile(
    r"^(.+?): (?:(ante processed)|(post dead)|post now|(posts small blind)) (\S+)\s*$"
)
_TEN_RE: Final = re.compile(r"\b10([cdhs])\b")
_NOTHING: Final = re.compile(r"^0*\.?0*$")


def parse_betonline_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a BetOnline header and table line (``Table 'Entourage' 10-Max, Seat
    #9 is the button``).

    Raises:
        ValueError: the header names no game of showdown's.

    >>> fields = parse_betonline_header(
    ...     "BetOnline Poker Game #1: Hold'em No Limit ($0.01/0.02) - 2016/05/02 13:38:21 "
    ...     "Eastern Daylight Time",
    ...     "Table 'Entourage' 10-Max, Seat #9 is the button",
    ... )
    >>> fields["currency"], fields["table"], fields["max_seats"], fields["button"]
    ('USD', 'Entourage', 10, 9)
    """
    fields = parse_header(header, table_line)
    return _with_table(fields, _BETONLINE_TABLE_RE.match(table_line))


def betonline_lines(lines: list[str]) -> list[str]:
    """A BetOnline hand's lines (after its header) in PokerStars' English layout.

    BetOnline marks the blinds and the button after the seat (``Seat 0: Ann (5.68 in
    chips) - Small Blind``, ``- Sitting out``), writes antes ``ante processed 10.00``
    (``0.00`` at a table without them), a new player's big blind ``post now 0.50``, a
    returning player's ``post dead 0.50``: the big blind, live, and the small blind,
    dead, which the line leaves out (the stacks of the hands that follow tell it), a
    tens' rank ``10s``, the showdown ``Ann shows Kh Kc``, no ``collected`` line (the
    summary's ``collected (x)``/``won (x)`` says what was paid), a summary whose
    ``Total pot``/``Board`` lines may be written twice, and ``collected (0.00)`` for a
    player who was dealt no cards. A player who leaves the table during the hand
    (``Ann has left the table``) before he folded or went all in is out of it: his
    blind stays in the pot and the summary leaves him out.

    >>> for line in betonline_lines(["Seat 3: Ann (2.74 in chips) - Sitting out",
    ...                              "Bob: post dead 0.50", "Bob shows 10h Kc"]):
    ...     print(line)
    Seat 3: Ann (2.74 in chips) is sitting out
    Bob: posts big blind 0.50
    Bob: shows [Th Kc]
    """
    small = next(
        (line.rsplit(" ", 1)[-1] for line in lines if ": posts small blind " in line), None
    )
    english: list[str] = []
    summary = totals = False
    out: set[str] = set()  # folded or all in
    for line in lines:
        if "10" in line:
            line = _TEN_RE.sub(r"T\1", line)
        if line.startswith("Seat "):
            seat = _BETONLINE_SEAT_RE.match(line)
            if seat is not None:
                line = seat[1] + (" is sitting out" if seat[2] else "")
            elif summary and line.endswith(" collected (0.00)"):
                line = line[: -len(" collected (0.00)")]
        elif line.startswith("*** SUMMARY"):
            summary = True
        elif line.startswith("Total pot"):
            if not summary or totals:
                continue  # the body's own total, or the summary's written twice
            totals = True
        elif line.startswith("Dealt to ") and line.endswith("[]"):
            continue
        elif ": post" in line or ": ante processed " in line:
            post = _BETONLINE_POST_RE.match(line)
            if post is not None and not post[4]:
                player, amount = post[1], post[5]
                if post[2]:  # an ante
                    if not _NOTHING.match(amount):
                        english.append(f"{player}: posts the ante {amount}")
                    continue
                if not _NOTHING.match(amount):
                    english.append(f"{player}: posts big blind {amount}")
                if post[3] and small is not None:
                    english.append(f"{player}: posts dead blind {small}")
                continue
        elif " shows " in line and "[" not in line:
            shows = _BETONLINE_SHOWS_RE.match(line)
            if shows is not None:
                line = f"{shows[1]}: shows [{shows[2]}]"
        elif line.endswith(" has left the table") and not summary:
            player = line[: -len(" has left the table")]
            if player not in out:
                line = f"{player}: folds"
        if not summary and (line.endswith((": folds", " all in")) and ": " in line):
            out.add(line.split(": ", 1)[0])
        english.append(line)
    return english


BETONLINE: Final = Dialect(
    site="betonline",
    header=re.compile(r"^BetOnline Poker Game #(?P<id>\d+):"),
    parse_header=parse_betonline_header,
    translate=betonline_lines,
)
"""BetOnline (the Chico network, 2011-2016): PokerStars' layout with its own header
(``BetOnline Poker Game #1605375848: Hold'em No Limit ($0.01/0.02) - 2016/05/02 13:38:21
Eastern Daylight Time``; a tournament's ``Tournament #7212650: Hold'em $40.00/$80.00``),
table line and words (:func:`betonline_lines`); the summary's ``Total pot`` is what
was paid, after the rake."""

EXPORT_DIALECTS: Final = (*CLUB_DIALECTS, RUNITONCE, COINPOKER, BETONLINE)
"""Every room read as PokerStars' layout under its own header and site id."""


read: Final = dialect_reader(DIALECT)
"""The hands of a PokerStars history, read one at a time."""
