"""Cake Poker histories (the Cake network, later Revolution Gaming): text.

A hand, as the Cake client writes it (no summary; hands are parted by blank
lines)::

    Hand#2217011712000147 - Pebble Beach (6-Max) 11712 -- $0.25/$0.50 NL Hold'em -- 2010/04/30 ...
    Seat 4: Ann ($44.55 in chips)
    Seat 6: Bob ($62.65 in chips) DEALER
    Seat 7: Cid ($120.14 in chips)
    Cid: posts small blind $0.25
    Ann: posts big blind $0.50
    Dealt to Bob [Qh,5s]
    Bob: folds
    Cid: raises to $1.50
    Ann: calls $1
    *** FLOP *** [As,8c,9s]
    ...
    ***SHOW DOWN***
    Cid: shows [8s 7s] (Flush, Ace high)
    Ann: mucks
    Cid wins $76 with Flush, Ace high

A tournament's header names the tournament (``T10651074``), its buy-in and
its table, and the stakes with the ante first (``0/10/20 NL Hold'em``).

What the layout means, read from real files:

* ``calls``, ``bets`` and ``is all in`` give what the action put in;
  ``raises to`` gives the street total.
* Amounts are written with a decimal point or, on some tables, a comma
  (``$0,05/$0,10``); the header's stakes tell which. A euro table plays in
  dollars and writes the euros after them (``$0.25 (EUR €0.20)``): the
  dollars are read.
* Newer files write ``returns uncalled bet``; older ones return nothing, and
  the reader returns the unmatched part of the largest bet itself.
* ``posts dead blind $-0,10 and big blind $0,10``: the dead part written
  negative is not money the player put in (only the big blind counts).
* The rake is written nowhere: it is what was put in less what was returned
  and won.

>>> import io
>>> text = '''Hand#7 - Oak (6-Max) 1 -- $0.05/$0.10 NL Hold'em -- 2011/05/08 - 10:37:17
... Seat 1: Ann ($5 in chips) DEALER
... Seat 2: Bob ($5 in chips)
... Ann: posts small blind $0.05
... Bob: posts big blind $0.10
... Ann: raises to $0.30
... Bob: folds
... Ann: returns uncalled bet $0.20
... ***SHOW DOWN***
... Ann: mucks
... Ann wins $0.20
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected(), hand.max_seats
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')}, 6)
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from showdown.history.amounts import CENT, ONE, ZERO, amount_of, currency_in
from showdown.history.formats import Format
from showdown.history.games import game_id, limit_name
from showdown.history.layout import BRACKETS_RE, DEALT_RE, pattern_found, street_words
from showdown.history.linereader import HandLines, LineReader, cards_of, record_all_in
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "CakeReader", "read", "recognise"]

SITE: Final = "cake"

_HEADER_RE: Final = re.compile(r"^Hand#([A-Z0-9]+) - (.*)$")
_RECOGNISE_RE: Final = re.compile(r"^Hand#[A-Z0-9]+ - .* -- ", re.MULTILINE)
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+?) \((\S+) in chips\)(.*)$")
_DEALER_RE: Final = re.compile(r"^Dealer: Seat (\d+)$")
_MAX_RE: Final = re.compile(r"(\d+)[- ]?[Mm]ax\b")
_TOURNAMENT_RE: Final = re.compile(r"\bT(\d+)$")
_ACTION_RE: Final = re.compile(
    r"^(.+?): ?(folds|checks|calls|bets|raises to|is all in|shows|mucks|returns uncalled bet"
    r"|posts)(?: (.*))?$"
)
_WINS_RE: Final = re.compile(
    r"^(.+?):? wins (\S+)(?: \(EUR [^)]*\))?(?: from (.+?))?(?: with .*)?$"
)
_STREET_RE: Final = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* \[(.*)\]$")
_POSTS_RE: Final = re.compile(r"(small blind|big blind|dead blind|ante|blind)\s+(\S+)")
_STREETS: Final = street_words()

_WAGERS: Final = {"calls": "call", "bets": "bet", "raises to": "raise_to"}

recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a Cake Poker history."""


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE

    def __init__(self, hand_id: str, rest: str, line: int) -> None:
        super().__init__(hand_id, line)
        self.wins = 0
        self.comma = False
        try:
            self._header(rest)
        except Exception as exc:
            self.error = exc

    def _header(self, rest: str) -> None:
        parts = rest.split(" -- ")
        if len(parts) < 3:
            raise ValueError(f"not a Cake header: {rest!r}")
        stakes, _, words = parts[-2].partition(" ")
        self.comma = "," in stakes and "." not in stakes
        game, name = game_id(words)
        self.game = game
        currency = currency_in(stakes)
        tournament = _TOURNAMENT_RE.search(parts[0])
        table = parts[0]
        for part in parts[1:-2]:
            if part.startswith("Table "):
                table = part
        seats = _MAX_RE.search(rest)
        fields = self.builder.fields
        fields.update(
            game=game,
            game_name=name,
            limit=limit_name(f" {words} ") or "Limit",
            stakes=stakes,
            table=table,
            currency=None if tournament else currency,
            tournament=tournament[1] if tournament else None,
            unit=ONE if tournament or currency is None else CENT,
        )
        if seats:
            fields["max_seats"] = int(seats[1])

    def _amount(self, text: str) -> Decimal:
        """An amount; a euro table adds the euros after the dollars: ``$0.25 (EUR €0.20)``."""
        return amount_of(text.split(" (", 1)[0].strip(), self.comma)

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            self._action(match[1], match[2], match[3] or "")
            return
        if text.startswith("Seat "):
            seat = _SEAT_RE.match(text)
            if seat:
                builder.seat(int(seat[1]), seat[2], self._amount(seat[3]))
                chips = currency_in(seat[3])
                if chips and builder.fields.get("currency"):
                    builder.fields["currency"] = chips  # a euro table plays in dollars
                if "DEALER" in seat[4]:
                    builder.fields["button"] = int(seat[1])
        elif text.startswith("***"):
            street = _STREET_RE.match(text)
            if street:
                builder.street = _STREETS[street[1]]
                builder.board(cards_of(street[2]))
            elif "SHOW DOWN" in text:
                builder.street = "showdown"
        elif text.startswith("Dealt to "):
            self.deal_line(DEALT_RE, text)
        elif " wins " in text:
            wins = _WINS_RE.match(text)
            if wins and builder.seated(wins[1]):
                builder.collect(wins[1], self._amount(wins[2]), wins[3] or "pot")
                self.wins += 1
        elif text.startswith("Dealer: "):
            dealer = _DEALER_RE.match(text)
            if dealer:
                builder.fields["button"] = int(dealer[1])

    def _action(self, player: str, verb: str, rest: str) -> None:
        builder = self.builder
        if builder.street == "blinds" and verb != "posts":
            builder.street = "preflop"  # the room marks no preflop street
        if verb == "folds":
            builder.fold(player)
        elif verb == "checks":
            builder.check(player)
        elif verb in _WAGERS:
            builder.wager(_WAGERS[verb], player, self._amount(rest))
        elif verb == "is all in":
            facing = max((builder.on_street(s.name) for s in builder.seats), default=ZERO)
            record_all_in(builder, player, self._amount(rest), facing)
        elif verb == "shows":
            builder.street = "showdown"
            builder.show(player, cards_of(BRACKETS_RE.findall(rest)[0]))
        elif verb == "mucks":
            groups = BRACKETS_RE.findall(rest)
            builder.muck(player, cards_of(groups[0]) if groups else ())
        elif verb == "returns uncalled bet":
            builder.returned(player, self._amount(rest))
        else:
            self._post(player, rest)

    def _post(self, player: str, rest: str) -> None:
        """``posts small blind $0.01``, ``posts dead blind $-0,10 and big blind $0,10``."""
        posted = _POSTS_RE.findall(rest)
        if not posted:
            raise ValueError(f"unknown forced bet {rest!r}")
        for what, text in posted:
            amount = self._amount(text)
            if amount <= 0:
                continue  # a dead blind written negative: not put in
            kind = {
                "small blind": ActionKind.SMALL_BLIND,
                "dead blind": ActionKind.DEAD_BLIND,
                "ante": ActionKind.ANTE,
            }.get(what, ActionKind.BIG_BLIND)
            self.builder.post(kind, player, amount)

    def complete(self) -> bool:
        return self.wins > 0  # every hand ends with its winners

    def build(self, source: str, index: int) -> Hand:
        builder = self.builder
        builder.return_uncalled()  # older files write no uncalled bet
        put_in = sum(builder.contributions().values(), ZERO)
        won = sum((c.amount for c in builder.collections), ZERO)
        # the rake is written nowhere: what went in and did not come out
        return builder.build(
            source=source, index=index, rake=put_in - won if put_in >= won else ZERO
        )


class CakeReader(LineReader[_Hand]):
    """The reader of a Cake Poker history file."""

    starts = "Hand#"

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        header = _HEADER_RE.match(text)
        return _Hand(header[1], header[2], number) if header else None


read: Final = CakeReader
"""A reader of a Cake Poker history (a path or an open stream)."""


FORMAT: Final = Format(name="cake", rooms=("Cake Poker",), recognise=recognise, read=read)
"""Cake Poker's text hand histories."""
