"""Betfair Poker histories (its own client, 2008-2010): text, one hand after another.

A hand as the Betfair client writes it::

    ***** Betfair Poker Hand History for Game 100000000 *****
    PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009
    Table Death 1 6-max (Real Money)
    Seat 2 is the button
    Total number of active players : 2
    Seat 1: Ann ( $1 )
    Seat 2: Bob ( $9.38 )
    Bob posts small blind [$0.05]
    Ann posts big blind [$0.10]
    ** Dealing down cards **
    Dealt to Ann [ 7c, 6c, 5h, Jh ]
    Bob raises to [$0.30]
    Ann goes all-in
    Ann raises to [$1]
    Bob calls [$0.70]
    ** Dealing Flop ** [ 4d, 5d, 6d ]
    ...
    ** Showdown **
    Ann shows [ 7c, 6c, 5h, Jh ] a straight, Seven to Three
    Bob shows [ 7d, 8c, 3d, 6h ] a straight flush, Seven to Three
    ** Hand Conclusion **
    Bob wins $1.90 from main pot with a straight flush, Seven to Three
    ************  Game 100000000 ends  ************

What the layout means, read from real files:

* ``calls`` and ``bets`` give what went in, ``raises to`` the street total.
  ``goes all-in`` is its own line, before the all-in action.
* No line returns an uncalled bet and the ``wins`` amounts leave it out (the
  reader returns the unmatched part of the largest bet itself). No line
  gives the rake: it is what was put in less what was returned and won.

>>> import io
>>> text = '''***** Betfair Poker Hand History for Game 7 *****
... NL $0.05/$0.10 Texas Hold'em - Sunday, October 18, 20:00:00 GMT 2009
... Table Oak 6-max (Real Money)
... Seat 1 is the button
... Total number of active players : 2
... Seat 1: Ann ( $5 )
... Seat 2: Bob ( $5 )
... Ann posts small blind [$0.05]
... Bob posts big blind [$0.10]
... ** Dealing down cards **
... Ann raises to [$0.30]
... Bob folds
... ** Hand Conclusion **
... Ann wins $0.20 from main pot
... ************  Game 7 ends  ************
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected()
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')})
"""

from __future__ import annotations

import re
from typing import Final

from showdown.history.amounts import CENT, ONE, ZERO, currency_in, number_in
from showdown.history.formats import Format
from showdown.history.games import game_id
from showdown.history.layout import (
    BUTTON_RE,
    DEALT_RE,
    SEAT_RE,
    SHOWS_RE,
    blind_rules,
    pattern_found,
    street_words,
)
from showdown.history.linereader import HandLines, LineReader, cards_of
from showdown.history.model import Hand

__all__ = ["FORMAT", "BetfairReader", "read", "recognise"]

SITE: Final = "betfair"

_HEADER_RE: Final = re.compile(r"^\*{5} Betfair Poker Hand History for Game (\d+) \*{5}$")
_RECOGNISE_RE: Final = re.compile(r"^\*{5} Betfair Poker Hand History for Game \d+", re.MULTILINE)
_END_RE: Final = re.compile(r"^\*+\s+Game \d+ ends\s+\*+$")
_GAME_RE: Final = re.compile(
    r"^(?P<limit>NL|PL|FL|Limit|No Limit|Pot Limit) (?P<stakes>\S+) (?P<game>.+?) - "
)
_TABLE_RE: Final = re.compile(r"^Table (.+?)(?: (\d+)-max)? \(([^()]*)\)$")
_POST_RE: Final = re.compile(r"^(.+?) posts (.+?) \[([^\]]*)\]$")
_ACTION_RE: Final = re.compile(r"^(.+?) (calls|bets|raises to) \[([^\]]*)\]$")
_PLAIN_RE: Final = re.compile(r"^(.+?) (checks|folds|goes all-in)$")
_STREET_RE: Final = re.compile(r"^\*\* Dealing (.+?) \*\*(?: \[(.*)\])?$")
_MUCKS_RE: Final = re.compile(r"^(.+?) (?:mucks|does not show)")
_WINS_RE: Final = re.compile(r"^(.+?) wins (\S+) from (main pot|side pot(?: #?\d+)?|the pot)")
_STREETS: Final = street_words({"down cards": "preflop"}, title=True)
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}

_WAGERS: Final = {"calls": "call", "bets": "bet", "raises to": "raise_to"}
_POST_KIND: Final = blind_rules("small+big=dead_blind", "small=small_blind", "ante=ante")

recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a Betfair Poker history."""


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE

    def __init__(self, hand_id: str, line: int) -> None:
        super().__init__(hand_id, line)
        self.fields: dict[str, object] = {}
        self.currency: str | None = None
        self.all_in = False
        self.won = ZERO

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            all_in, self.all_in = self.all_in, False
            builder.wager(_WAGERS[match[2]], match[1], number_in(match[3]), all_in=all_in)
            return
        match = _PLAIN_RE.match(text)
        if match and builder.seated(match[1]):
            if match[2] == "checks":
                builder.check(match[1])
            elif match[2] == "folds":
                builder.fold(match[1])
            else:
                self.all_in = True
            return
        if text.startswith("** "):
            street = _STREET_RE.match(text)
            if street:
                name = _STREETS.get(street[1])
                if name is None:
                    raise ValueError(f"unknown street {street[1]!r}")
                builder.street = name
                if street[2]:
                    builder.board(cards_of(street[2]))
        elif " wins " in text:
            wins = _WINS_RE.match(text)
            if wins and builder.seated(wins[1]):
                amount = number_in(wins[2])
                self.won += amount
                builder.collect(wins[1], amount, wins[3])
        elif " shows [" in text:
            self.show_line(SHOWS_RE, text)
        elif " posts " in text:
            self._post(text)
        elif text.startswith("Dealt to "):
            self.deal_line(DEALT_RE, text)
        elif text.startswith("Seat "):
            seat = SEAT_RE.match(text)
            if seat:
                self.currency = currency_in(seat[3]) or self.currency
                builder.seat(int(seat[1]), seat[2], number_in(seat[3]))
                return
            button = BUTTON_RE.match(text)
            if button:
                self.fields["button"] = int(button[1])
        elif text.startswith("Table "):
            table = _TABLE_RE.match(text)
            if table:
                self.fields["table"] = table[1]
                if table[2]:
                    self.fields["max_seats"] = int(table[2])
                self.fields["play_money"] = "Play" in table[3]
        elif not self.game:
            game = _GAME_RE.match(text)
            if game:
                self.game, name = game_id(game["game"])
                builder.fields["game"] = self.game
                self.fields.update(
                    game_name=name,
                    limit=_LIMITS.get(game["limit"], game["limit"]),
                    stakes=game["stakes"],
                )
        elif _MUCKS_RE.match(text):
            mucks = _MUCKS_RE.match(text)
            if mucks and builder.seated(mucks[1]):
                builder.street = "showdown"
                builder.muck(mucks[1])

    def _post(self, text: str) -> None:
        builder = self.builder
        match = _POST_RE.match(text)
        if match is None or not builder.seated(match[1]):
            return
        builder.post(_POST_KIND(match[2]), match[1], number_in(match[3]))

    def build(self, source: str, index: int) -> Hand:
        if not self.game:
            raise ValueError("the hand names no game")
        builder = self.builder
        builder.return_uncalled()  # the room writes no uncalled bet
        contributions = builder.contributions()
        put_in = sum(contributions.values(), ZERO)
        rake = put_in - self.won
        return builder.build(
            source=source,
            index=index,
            currency=self.currency,
            unit=CENT if self.currency else ONE,
            rake=rake if rake > 0 else ZERO,
            **self.fields,
        )


class BetfairReader(LineReader[_Hand]):
    """The reader of a Betfair Poker history file."""

    starts = ends = "*****"

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        header = _HEADER_RE.match(text)
        return _Hand(header[1], number) if header else None

    def _closes(self, text: str) -> bool:
        return _END_RE.match(text) is not None


read: Final = BetfairReader
"""A reader of a Betfair Poker history (a path or an open stream)."""


FORMAT: Final = Format(name="betfair", rooms=("Betfair",), recognise=recognise, read=read)
"""Betfair Poker's own text hand histories."""
