"""Seals with Clubs histories (bitcoin poker, amounts in millibitcoins): two text layouts.

The client's first layout (2013-2014), read here line by line::

    Hand #5338590-82 - 2013-04-12 00:37:11
    Game: NL Hold'em (20 - 100) - Blinds 1/1
    Site: Seals With Clubs
    Table: NLHE 9max 1/1 #2
    Seat 2: Ann (23)
    Seat 6: Bob (2)
    Ann has the dealer button
    Bob posts small blind 1
    Ann posts big blind 1
    ** Hole Cards **
    Dealt to Bob [Kd Qh]
    Ann raises to 3
    Bob calls 1 (All-in)
    ** Flop ** [5h 5d Kh]
    ...
    Ann refunded 1
    ** Main Pot Show Down ** [5h 5d Kh 6s 8h]
    Ann shows [Td Tc] (Two Pair, Tens and Fives +K)
    Bob shows [Kd Qh] (Two Pair, Kings and Fives +Q)
    Bob wins Main Pot (4) with Two Pair
    Rake (0)

* ``calls`` and ``bets`` give what went in, ``raises to`` the street total;
  ``posts small & big blind`` is the big blind live and the rest dead.
* ``refunded`` returns an uncalled bet. Each pot's ``wins`` line is followed
  by its ``Rake``. A side pot may be paid before the main pot's showdown.
* Lines after a hand's last pot (``Bob adds 94 chips``) are passed over.

The later client (``SwCPoker Hand #301457958:  Omaha Pot Limit (0.02/0.04) -
...``) writes PokerStars' layout; those files are read by the PokerStars
reader under the ``sealswithclubs`` site.

>>> import io
>>> text = '''Hand #1-1 - 2013-10-31 07:53:57
... Game: NL Hold'em (600 - 3000) - Blinds 15/30
... Site: Seals With Clubs
... Table: NLHE HU 15/30 #2
... Seat 1: Ann (1346.42)
... Seat 2: Bob (2798.10)
... Bob has the dealer button
... Bob posts small blind 15
... Ann posts big blind 30
... ** Hole Cards **
... Bob folds
... Ann refunded 15
... Ann wins Pot (30)
... Rake (0)
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected(), hand.currency
({'Ann': Decimal('15')}, {'Ann': Decimal('30')}, 'mBTC')
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from typing import Final

from showdown.errors import HistoryError
from showdown.history._text import Dialect, not_a_history, parse_hand, raw_hands
from showdown.history.amounts import CENT, ZERO, plain_amount
from showdown.history.formats import Format
from showdown.history.games import game_id
from showdown.history.layout import DEALT_RE, MUCKS_RE, SHOWS_RE, pattern_found, street_words
from showdown.history.linereader import HandLines, LineReader, cards_of
from showdown.history.model import ActionKind, Hand
from showdown.history.pokerstars import parse_header as stars_header

__all__ = ["FORMAT", "SWCPOKER", "SealsWithClubsReader", "read", "recognise"]

SITE: Final = "sealswithclubs"
_CURRENCY: Final = "mBTC"
"""Not an ISO code: the room's tables count millibitcoins."""

_HEADER_RE: Final = re.compile(r"^Hand #(\d+-\d+) - \d{4}-\d\d-\d\d")
_RECOGNISE_RE: Final = re.compile(r"SwCPoker Hand |^Site: Seals With Clubs", re.MULTILINE)
_GAME_RE: Final = re.compile(
    r"^Game: (?P<limit>NL|PL|Limit|FL) (?P<game>.+?) \([^()]*\) - (?:Blinds|Stakes) (?P<stakes>\S+)"
)
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+?) \(([\d.,]+)\)(?: - (.*))?$")
_ACTION_RE: Final = re.compile(
    r"^(.+?) (posts small & big blind|posts small blind|posts big blind|posts ante"
    r"|calls|bets|raises to|refunded|checks|folds)(?: ([\d.,]+))?( \(All-in\))?$"
)
_STREET_RE: Final = re.compile(r"^\*\* (Hole Cards|Flop|Turn|River) \*\*(?: \[(.*)\])?$")
_SHOWDOWN_RE: Final = re.compile(r"^\*\* .*Show Down \*\* \[(.*)\]$")
_WINS_RE: Final = re.compile(r"^(.+?) wins (.+?) \(([\d.,]+)\)")
_RAKE_RE: Final = re.compile(r"^Rake \(([\d.,]+)\)$")
_STREETS: Final = street_words({"Hole Cards": "preflop"}, title=True)
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "Limit": "Limit", "FL": "Limit"}
_SWC_TABLE_ID_RE: Final = re.compile(r"'\(\d+\)")

_WAGERS: Final = {"calls": "call", "bets": "bet", "raises to": "raise_to"}

recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a Seals with Clubs history (either layout)."""


def _swcpoker_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a ``SwCPoker Hand`` header (the reader marked it with a leading
    ``P``) and its table line (``Table 'Name'(299672838) 8-max (Real Money) ...``)."""
    fields = stars_header(header[1:], _SWC_TABLE_ID_RE.sub("'", table_line, count=1))
    if fields.get("currency") is None and "Real Money" in table_line:
        fields["currency"] = _CURRENCY
    return fields


SWCPOKER: Final = Dialect(
    site=SITE,
    header=re.compile(r"^PSwCPoker Hand #(?P<id>\d+):"),
    parse_header=_swcpoker_header,
)
"""The later client's PokerStars layout. :func:`showdown.history._text.raw_hands` knows
a header by its first letter, and ``S`` is none of those it looks for: the reader reads
``SwCPoker Hand #`` as ``PSwCPoker Hand #``."""


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE

    def __init__(self, hand_id: str, line: int) -> None:
        super().__init__(hand_id, line)
        self.fields: dict[str, object] = {}
        self.big_blind = ZERO
        self.dealer = ""
        self.rake = ZERO
        self.won = False

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            self._action(match[1], match[2], match[3], bool(match[4]))
            return
        if text.startswith("** "):
            street = _STREET_RE.match(text)
            if street:
                builder.street = _STREETS[street[1]]
                if street[2]:
                    builder.board(cards_of(street[2]))
                return
            showdown = _SHOWDOWN_RE.match(text)
            if showdown:
                builder.set_board(cards_of(showdown[1]))
        elif " wins " in text:
            wins = _WINS_RE.match(text)
            if wins and builder.seated(wins[1]):
                self.won = True
                builder.collect(wins[1], plain_amount(wins[3]), wins[2].lower())
        elif text.startswith("Rake ("):
            rake = _RAKE_RE.match(text)
            if rake:
                self.rake += plain_amount(rake[1])
        elif " shows [" in text:
            self.show_line(SHOWS_RE, text)
        elif text.startswith("Dealt to "):
            self.deal_line(DEALT_RE, text)
        elif text.startswith("Seat "):
            seat = _SEAT_RE.match(text)
            if seat:
                out = bool(seat[4]) and "sitting out" in seat[4]
                builder.seat(int(seat[1]), seat[2], plain_amount(seat[3]), sitting_out=out)
        elif text.endswith(" has the dealer button"):
            self.dealer = text[: -len(" has the dealer button")]
        elif text.startswith("Game: "):
            self._game(text)
        elif text.startswith("Table: "):
            self.fields["table"] = text[7:]
        elif " mucks" in text:
            mucks = MUCKS_RE.match(text)
            if mucks and builder.seated(mucks[1]):
                builder.muck(mucks[1])

    def _game(self, text: str) -> None:
        match = _GAME_RE.match(text)
        if match is None:
            raise ValueError(f"an unknown game line: {text!r}")
        self.game, name = game_id(match["game"])
        self.builder.fields["game"] = self.game
        stakes = match["stakes"]
        self.big_blind = plain_amount(stakes.split("/")[-1])
        limit = _LIMITS.get(match["limit"], match["limit"])
        if limit == "Limit":  # "Stakes 2/4": the blinds are 1/2
            self.big_blind = plain_amount(stakes.split("/")[0])
        self.fields.update(game_name=name, limit=limit, stakes=stakes)

    def _action(self, player: str, verb: str, amount_text: str | None, all_in: bool) -> None:
        builder = self.builder
        if verb == "checks":
            builder.check(player)
            return
        if verb == "folds":
            builder.fold(player)
            return
        if amount_text is None:
            raise ValueError(f"{verb!r} without an amount")
        amount = plain_amount(amount_text)
        if verb in _WAGERS:
            builder.wager(_WAGERS[verb], player, amount, all_in=all_in)
        elif verb == "refunded":
            builder.returned(player, amount)
        elif verb == "posts small blind":
            builder.post(ActionKind.SMALL_BLIND, player, amount, all_in=all_in)
        elif verb == "posts big blind":
            builder.post(ActionKind.BIG_BLIND, player, amount, all_in=all_in)
        elif verb == "posts ante":
            builder.post(ActionKind.ANTE, player, amount, all_in=all_in)
        else:  # both blinds: the big one live, the rest dead
            live = min(amount, self.big_blind) if self.big_blind else amount
            builder.post(ActionKind.BIG_BLIND, player, live)
            if amount > live:
                builder.post(ActionKind.DEAD_BLIND, player, amount - live)

    def complete(self) -> bool:
        return self.won  # every hand ends with a pot won

    def build(self, source: str, index: int) -> Hand:
        if not self.game:
            raise ValueError("the hand names no game")
        builder = self.builder
        button = next((s.number for s in builder.seats if s.name == self.dealer), None)
        return builder.build(
            source=source,
            index=index,
            currency=_CURRENCY,
            unit=CENT,
            rake=self.rake,
            button=button,
            **self.fields,
        )


class SealsWithClubsReader(LineReader[_Hand]):
    """The reader of a Seals with Clubs history file (either layout)."""

    starts = "Hand #"

    def _entries(self, stream: Iterable[str], name: str) -> Iterator[Hand | HistoryError]:
        lines = iter(stream)
        head = list(itertools.islice(lines, 20))
        if any("SwCPoker Hand #" in line for line in head):
            yield from _swcpoker(itertools.chain(head, lines), name)
        else:
            yield from super()._entries(itertools.chain(head, lines), name)

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        header = _HEADER_RE.match(text)
        return _Hand(header[1], number) if header else None


def _swcpoker(lines: Iterator[str], name: str) -> Iterator[Hand | HistoryError]:
    """The hands of a file in the later client's PokerStars layout."""
    marked = ("P" + line if line.startswith("SwCPoker Hand #") else line for line in lines)
    for item in raw_hands(marked, (SWCPOKER,)):
        if isinstance(item, int):
            yield not_a_history(name, item)
        else:
            dialect, hand_lines, start, index = item
            yield parse_hand(dialect, hand_lines, name, start, index)


read: Final = SealsWithClubsReader
"""A reader of a Seals with Clubs history (a path or an open stream)."""


FORMAT: Final = Format(
    name="sealswithclubs", rooms=("Seals with Clubs",), recognise=recognise, read=read
)
"""Seals with Clubs' text hand histories."""
