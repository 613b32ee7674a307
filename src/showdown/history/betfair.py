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

import functools
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import IO, Final

from showdown.cards import Card, parse_cards
from showdown.errors import HistoryError
from showdown.history._text import Reader, Source, not_a_history
from showdown.history.formats import Format, HandBuilder, clean_line, cut_off, read_error
from showdown.history.games import game_id
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "BetfairReader", "read", "recognise"]

SITE: Final = "betfair"
_ZERO: Final = Decimal(0)
_CENT: Final = Decimal("0.01")
_ONE: Final = Decimal(1)

_HEADER_RE: Final = re.compile(r"^\*{5} Betfair Poker Hand History for Game (\d+) \*{5}$")
_RECOGNISE_RE: Final = re.compile(r"^\*{5} Betfair Poker Hand History for Game \d+", re.MULTILINE)
_END_RE: Final = re.compile(r"^\*+\s+Game \d+ ends\s+\*+$")
_GAME_RE: Final = re.compile(
    r"^(?P<limit>NL|PL|FL|Limit|No Limit|Pot Limit) (?P<stakes>\S+) (?P<game>.+?) - "
)
_TABLE_RE: Final = re.compile(r"^Table (.+?)(?: (\d+)-max)? \(([^()]*)\)$")
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+) \(\s*([^()]*?)\s*\)$")
_BUTTON_RE: Final = re.compile(r"^Seat (\d+) is the button$")
_POST_RE: Final = re.compile(r"^(.+?) posts (.+?) \[([^\]]*)\]$")
_ACTION_RE: Final = re.compile(r"^(.+?) (calls|bets|raises to) \[([^\]]*)\]$")
_PLAIN_RE: Final = re.compile(r"^(.+?) (checks|folds|goes all-in)$")
_STREET_RE: Final = re.compile(r"^\*\* Dealing (.+?) \*\*(?: \[(.*)\])?$")
_DEALT_RE: Final = re.compile(r"^Dealt to (.+?) \[(.*)\]$")
_SHOWS_RE: Final = re.compile(r"^(.+?) shows \[(.*?)\]")
_MUCKS_RE: Final = re.compile(r"^(.+?) (?:mucks|does not show)")
_WINS_RE: Final = re.compile(r"^(.+?) wins (\S+) from (main pot|side pot(?: #?\d+)?|the pot)")
_NUMBER_RE: Final = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
_STREETS: Final = {"down cards": "preflop", "Flop": "flop", "Turn": "turn", "River": "river"}
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
_CURRENCIES: Final = (("$", "USD"), ("€", "EUR"), ("£", "GBP"))


def recognise(start: str) -> bool:
    """Whether a file's start is a Betfair Poker history.

    >>> recognise("***** Betfair Poker Hand History for Game 466894418 *****")
    True
    >>> recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    False
    """
    return _RECOGNISE_RE.search(start) is not None


@functools.lru_cache(maxsize=65536)
def _amount(text: str) -> Decimal:
    match = _NUMBER_RE.search(text)
    if match is None:
        raise ValueError(f"{text!r} is not an amount")
    return Decimal(match[0].replace(",", ""))


@functools.lru_cache(maxsize=65536)
def _cards(text: str) -> tuple[Card, ...]:
    """Cards as the room writes them (``7c, 6c, 5h, Jh``)."""
    return parse_cards(text.replace(",", " "), allow_duplicates=True)


class _Hand:
    """One hand's lines, read as they come."""

    def __init__(self, hand_id: str, line: int) -> None:
        self.line = line
        self.hand_id = hand_id
        self.game = ""
        self.builder = HandBuilder(line=line, site=SITE, hand_id=hand_id, game="")
        self.fields: dict[str, object] = {}
        self.currency: str | None = None
        self.all_in = False
        self.won = _ZERO
        self.ended = False
        self.error: Exception | None = None

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            player, verb, amount = match[1], match[2], _amount(match[3])
            all_in, self.all_in = self.all_in, False
            if verb == "calls":
                builder.call(player, amount, all_in=all_in)
            elif verb == "bets":
                builder.bet(player, amount, all_in=all_in)
            else:
                builder.raise_to(player, amount, all_in=all_in)
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
                    builder.board(_cards(street[2]))
        elif " wins " in text:
            wins = _WINS_RE.match(text)
            if wins and builder.seated(wins[1]):
                amount = _amount(wins[2])
                self.won += amount
                builder.collect(wins[1], amount, wins[3])
        elif " shows [" in text:
            shows = _SHOWS_RE.match(text)
            if shows and builder.seated(shows[1]):
                builder.street = "showdown"
                builder.show(shows[1], _cards(shows[2]))
        elif " posts " in text:
            self._post(text)
        elif text.startswith("Dealt to "):
            dealt = _DEALT_RE.match(text)
            if dealt and builder.seated(dealt[1]):
                builder.deal(dealt[1], _cards(dealt[2]))
        elif text.startswith("Seat "):
            seat = _SEAT_RE.match(text)
            if seat:
                for sign, code in _CURRENCIES:
                    if sign in seat[3]:
                        self.currency = code
                builder.seat(int(seat[1]), seat[2], _amount(seat[3]))
                return
            button = _BUTTON_RE.match(text)
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
        what = match[2]
        if "small" in what and "big" in what:
            kind = ActionKind.DEAD_BLIND
        elif "small" in what:
            kind = ActionKind.SMALL_BLIND
        elif "ante" in what:
            kind = ActionKind.ANTE
        else:
            kind = ActionKind.BIG_BLIND
        builder.post(kind, match[1], _amount(match[3]))

    def build(self, source: str, index: int) -> Hand:
        if not self.game:
            raise ValueError("the hand names no game")
        builder = self.builder
        builder.return_uncalled()  # the room writes no uncalled bet
        contributions = builder.contributions()
        put_in = sum(contributions.values(), _ZERO)
        rake = put_in - self.won
        return builder.build(
            source=source,
            index=index,
            currency=self.currency,
            unit=_CENT if self.currency else _ONE,
            rake=rake if rake > 0 else _ZERO,
            **self.fields,
        )


class BetfairReader(Reader):
    """The reader of a Betfair Poker history file."""

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        hand: _Hand | None = None
        index = 0
        stray = False
        for number, raw in enumerate(stream, start=1):
            text = raw.strip() if number > 1 else clean_line(raw)
            if not text:
                continue
            if text.startswith("*****"):
                header = _HEADER_RE.match(text)
                if header:
                    if hand is not None:
                        yield _finish(hand, name, index)
                        index += 1
                    hand = _Hand(header[1], number)
                    continue
                if hand is not None and _END_RE.match(text):
                    hand.ended = True
                    yield _finish(hand, name, index)
                    index += 1
                    hand = None
                    continue
            if hand is None:
                if not stray:
                    stray = True
                    yield not_a_history(name, number)
                continue
            if hand.error is None:
                try:
                    hand.feed(number, text)
                except Exception as exc:
                    hand.error = exc
                    hand.builder.line = number
        if hand is not None:
            yield _finish(hand, name, index)


def _finish(hand: _Hand, name: str, index: int) -> Hand | HistoryError:
    if hand.error is None and not hand.ended:
        return cut_off(file=name, line=hand.line, hand=hand.hand_id, site=SITE, game=hand.game)
    if hand.error is None:
        try:
            return hand.build(name, index)
        except Exception as exc:
            hand.error = exc
    line = hand.builder.line or hand.line
    return read_error(
        hand.error, file=name, line=line, hand=hand.hand_id, site=SITE, game=hand.game
    )


def read(source: Source, *, name: str | None = None) -> BetfairReader:
    """A reader of a Betfair Poker history (a path or an open stream)."""
    return BetfairReader(source, name=name)


FORMAT: Final = Format(name="betfair", rooms=("Betfair",), recognise=recognise, read=read)
"""Betfair Poker's own text hand histories."""
