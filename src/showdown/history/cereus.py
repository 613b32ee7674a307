"""Cereus network histories (UltimateBet, Absolute Poker): text, one hand after another.

Both rooms of the network wrote one layout; a hand starts with a ``Stage``
line and ends with its summary::

    Stage #C282012441: Holdem  Normal $0.25/$0.50 - 2010-12-07 22:18:14 (ET)
    Table: MONTEGO DR (Real Money) Seat #4 is the dealer
    Seat 4 - Ann ($12.45 in chips)
    Seat 5 - Bob ($13.05 in chips)
    Bob - Posts small blind $0.10
    Ann - Posts big blind $0.25
    *** POCKET CARDS ***
    Dealt to Ann [7c 8h]
    Bob - Raises $0.50 to $0.50
    Ann - Calls $0.25
    *** FLOP *** [Qs Ks 6s]
    ...
    *** SHOW DOWN ***
    Bob - Shows [Ac Ah] (Straight, ten to ace)
    Ann - Mucks
    Bob Collects $0.95 from main pot
    *** SUMMARY ***
    Total Pot($1) | Rake ($0.05)
    Board [Qs Ks 6s Js 10d]
    Seat 4: Ann (big blind) HI: [Mucked] [7c 8h]
    Seat 5: Bob (small blind) won Total ($0.95) HI:($0.95) with ...

What the layout means, read from real files:

* ``Calls``, ``Bets`` and ``All-In $x`` give what the action put in;
  ``Raises $x to $y`` and ``All-In(Raise) $x to $y`` give the increment and
  the street total (the reader keeps the total). An ``All-In`` among the
  forced bets is a blind posted all in. ``Posts $x`` (no blind named) is a
  live blind posted to come in.
* The room writes the uncalled bet it returned (``returned ($30) : not
  called``); a pot won uncontested may still include an unmatched blind.
* ``Normal`` is fixed limit; a no-limit header names the big blind only
  (``No Limit $0.02``). Cards write ten as ``10`` (``10s``).
* The summary's ``Total Pot($26) | Rake ($1.30) | Jackpot Rake ($0.50)``:
  the house took the rake and the jackpot rake. Absolute's "7-2" tables pay
  a proposition pot (``Collects $40 from 72 proposition pot``) from the
  other players' stacks, outside the hand: it is recorded as a cash-out,
  not a collection.

>>> import io
>>> text = '''Stage #1: Holdem  No Limit $0.10 - 2010-01-01 10:00:00 (ET)
... Table: OAK RD (Real Money) Seat #1 is the dealer
... Seat 1 - Ann ($5 in chips)
... Seat 2 - Bob ($5 in chips)
... Ann - Posts small blind $0.05
... Bob - Posts big blind $0.10
... *** POCKET CARDS ***
... Ann - Raises $0.30 to $0.30
... Bob - Folds
... Ann - returned ($0.20) : not called
... *** SHOW DOWN ***
... Ann - Does not show
... Ann Collects $0.20 from main pot
... *** SUMMARY ***
... Total Pot($0.20)
... Seat 1: Ann (dealer) (small blind) collected Total ($0.20) HI:($0.20)  [Does not show]
... Seat 2: Bob (big blind) Folded on the POCKET CARDS
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected(), hand.rake
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')}, Decimal('0'))
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from showdown.history.amounts import CENT, ONE, ZERO, currency_in, number_in
from showdown.history.formats import Format
from showdown.history.games import game_id
from showdown.history.layout import BRACKETS_RE, blind_rules, pattern_found, street_words
from showdown.history.linereader import HandLines, LineReader, cards_of
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "CereusReader", "read", "recognise"]

SITE: Final = "cereus"

_HEADER_RE: Final = re.compile(
    r"^Stage #(?P<id>C?\d+): (?P<game>.+?)\s+(?P<limit>No Limit|Pot Limit|Normal|Limit)"
    r"\s+(?P<stakes>.*?)\s+- \d{4}-\d\d-\d\d"
)
_RECOGNISE_RE: Final = re.compile(r"^Stage #C?\d+: ", re.MULTILINE)
_TABLE_RE: Final = re.compile(r"^Table: (.+?) \(([^()]*)\)(?: Seat #(\d+) is the dealer)?")
_SEAT_RE: Final = re.compile(r"^Seat (\d+) - (.+) \((.+?) in chips\)")
_ACTION_RE: Final = re.compile(
    r"^(.+?) - (Posts|Calls|Bets|Raises|All-In\(Raise\)|All-In|Checks|Folds|Mucks"
    r"|Shows|Does not show|returned)(.*)$"
)
_TO_RE: Final = re.compile(r"^ (\S+) to (\S+)")
_COLLECT_RE: Final = re.compile(r"^(.+) Collects (\S+) from (.+)$")
_STREET_RE: Final = re.compile(r"^\*\*\* (.+?) \*\*\*(.*)$")
_DEALT_RE: Final = re.compile(r"^Dealt to (.+?) \[([^\]]*)\]")
_TOTALS_RE: Final = re.compile(r"(Total Pot|Rake|Jackpot Rake|[^|(]*?Pot)\s*\(([^()]*)\)")
_TOURNAMENT_RE: Final = re.compile(r"\b(?:Tourney|Tournament|T) ?#(\d+)")
_STREETS: Final = street_words({"POCKET CARDS": "preflop", "SHOW DOWN": "showdown"}, stud=True)
_LIMITS: Final = {
    "Normal": "Limit",
    "Limit": "Limit",
    "No Limit": "No Limit",
    "Pot Limit": "Pot Limit",
}

_POST_KIND: Final = blind_rules("ante=ante", "dead=dead_blind", "small=small_blind")

recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a Cereus (UltimateBet, Absolute Poker) history."""


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE

    def __init__(self, header: re.Match[str], line: int) -> None:
        super().__init__(header["id"], line)
        game, name = game_id(header["game"])
        self.game = game
        stakes = header["stakes"].strip()
        self.currency = currency_in(stakes)
        self.builder.fields["game"] = game
        self.fields: dict[str, object] = {
            "game_name": name,
            "limit": _LIMITS[header["limit"]],
            "stakes": stakes,
        }
        tournament = _TOURNAMENT_RE.search(header.string)
        if tournament:
            self.fields["tournament"] = tournament[1]
        self.blinds = 0
        self.summary = False
        self.rake = ZERO
        self.cashouts: list[tuple[str, Decimal]] = []

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        if self.summary:
            self._summary(text)
            return
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            self._action(match[1], match[2], match[3])
            return
        if text.startswith("***"):
            street = _STREET_RE.match(text)
            if street is None:
                return
            if street[1] == "SUMMARY":
                self.summary = True
                return
            name = _STREETS.get(street[1])
            if name is None:
                raise ValueError(f"unknown street {street[1]!r}")
            builder.street = name
            boards = BRACKETS_RE.findall(street[2])
            if boards:
                builder.set_board(cards_of(" ".join(boards)))
        elif text.startswith("Seat "):
            seat = _SEAT_RE.match(text)
            if seat:
                builder.seat(int(seat[1]), seat[2], number_in(seat[3]))
        elif " Collects " in text:
            collect = _COLLECT_RE.match(text)
            if collect and builder.seated(collect[1]):
                amount = number_in(collect[2])
                if "proposition" in collect[3]:
                    self.cashouts.append((collect[1], amount))
                else:
                    builder.collect(collect[1], amount, collect[3])
        elif text.startswith("Dealt to "):
            self.deal_line(_DEALT_RE, text)
        elif text.startswith("Table: "):
            table = _TABLE_RE.match(text)
            if table:
                self.fields["table"] = table[1]
                self.fields["play_money"] = "Play" in table[2]
                if table[3]:
                    self.fields["button"] = int(table[3])
                tournament = _TOURNAMENT_RE.search(text)
                if tournament:
                    self.fields["tournament"] = tournament[1]

    def _action(self, player: str, verb: str, rest: str) -> None:
        builder = self.builder
        if verb == "Posts":
            kind = _POST_KIND(rest.lower())
            self.blinds += kind is not ActionKind.ANTE
            builder.post(kind, player, number_in(rest))
        elif verb == "Calls":
            builder.call(player, number_in(rest))
        elif verb == "Bets":
            builder.bet(player, number_in(rest))
        elif verb in ("Raises", "All-In(Raise)"):
            to = _TO_RE.match(rest)
            if to is None:
                raise ValueError(f"a raise without its total: {rest!r}")
            builder.raise_to(player, number_in(to[2]), all_in=verb != "Raises")
        elif verb == "All-In":
            self._all_in(player, number_in(rest))
        elif verb == "Checks":
            builder.check(player)
        elif verb == "Folds":
            builder.fold(player)
        elif verb == "Shows":
            cards = BRACKETS_RE.search(rest)
            builder.show(player, cards_of(cards[1]) if cards else ())
        elif verb == "Mucks":
            builder.muck(player)
        elif verb == "returned":
            builder.returned(player, number_in(rest))

    def _all_in(self, player: str, amount: Decimal) -> None:
        """``All-In $x``: a blind posted all in, or a bet, call or raise putting in ``x``."""
        builder = self.builder
        if builder.street == "blinds":
            kind = ActionKind.BIG_BLIND if self.blinds else ActionKind.SMALL_BLIND
            self.blinds += 1
            builder.post(kind, player, amount, all_in=True)
            return
        most = max((builder.on_street(seat.name) for seat in builder.seats), default=ZERO)
        total = builder.on_street(player) + amount
        if most == 0:
            builder.bet(player, amount, all_in=True)
        elif total > most:
            builder.raise_by(player, amount, all_in=True)
        else:
            builder.call(player, amount, all_in=True)

    def _summary(self, text: str) -> None:
        if text.startswith("Total Pot"):
            for label, amount in _TOTALS_RE.findall(text):
                label = label.strip()
                if label == "Total Pot":
                    self.fields["total_pot"] = number_in(amount)
                elif "Rake" in label:
                    self.rake += number_in(amount)
        elif text.startswith("Board ["):
            board = BRACKETS_RE.search(text)
            if board:
                self.builder.set_board(cards_of(board[1]))

    def complete(self) -> bool:
        return self.summary  # every hand ends with its summary

    def build(self, source: str, index: int) -> Hand:
        builder = self.builder
        chips = self.currency is None
        total = self.fields.get("total_pot")
        return builder.build(
            source=source,
            index=index,
            currency=self.currency,
            unit=ONE if chips else CENT,
            rake=self.rake,
            pots=(total,) if isinstance(total, Decimal) else (),
            cashouts=tuple(self.cashouts),
            **self.fields,
        )


class _Unknown(HandLines):
    """A hand whose header names a game the reader does not know: unreadable."""

    site = SITE

    def __init__(self, line: int, text: str) -> None:
        super().__init__("", line)
        self.error = ValueError(f"an unknown game header: {text!r}")


class CereusReader(LineReader[HandLines]):
    """The reader of a Cereus (UltimateBet, Absolute Poker) history file."""

    starts = "Stage #"

    def _open(self, number: int, text: str, hand: HandLines | None) -> HandLines:
        header = _HEADER_RE.match(text)
        return _Hand(header, number) if header else _Unknown(number, text)


read: Final = CereusReader
"""A reader of a Cereus history (a path or an open stream)."""


FORMAT: Final = Format(
    name="cereus",
    rooms=("Cereus (UB/Absolute)",),
    recognise=recognise,
    read=read,
)
"""The Cereus network's text hand histories (UltimateBet, Absolute Poker)."""
