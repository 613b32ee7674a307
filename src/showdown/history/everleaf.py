"""Everleaf Gaming histories (Everleaf and its skins): text, one hand after another.

A hand, as the Everleaf client writes it (no summary; hands are parted by
blank lines)::

    Everleaf Gaming Game #149107795
    ***** Hand history for game #149107795 *****
    Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:36:48
    Table Old Market I
    Seat 5 is the button
    Total number of players: 2
    Seat 5: Villain (  $ 10.90 USD )
    Seat 10: Hero (  $ 9 USD )
    Villain: posts small blind [$ 0.05 USD]
    Hero: posts big blind [$ 0.10 USD]
    ** Dealing down cards **
    Dealt to Hero [ Qc, As, 4s, Qh ]
    Villain calls [$ 0.05 USD]
    Hero raises [$ 0.20 USD]
    ...
    ** Dealing Flop ** [ 8d, 6h, 3c ]
    Hero: bets [$ 0.60 USD]
    ...
    Hero shows [ Qc, As, 4s, Qh ] three of a kind, queens
    Villain does not show cards
    Hero wins  high ($ 2.57 USD) from main pot with three of a kind, queens [ ... ]
    Hero wins  low ($2.56) from main pot with 7, 6, 4, 3, A [ ... ]

What the layout means, read from real files:

* ``calls``, ``bets`` and ``raises`` give what the action put in (a raise's
  increment); a stud ``completes to`` gives the street total.
* Stud hands deal ``** Dealing 4th Street **`` to ``** Dealing River **``, a
  ``Dealt to`` line per player and street (the up cards; the owner's hole
  cards too), and ``posts bring-in €0.02.``.
* No line returns an uncalled bet, and the ``wins`` amounts leave it out: the
  reader returns the unmatched part of the largest bet itself. The rake is
  written nowhere: it is what was put in less what was returned and won.
* A ``wins`` line may run on to a second line (the hand's description); lines
  the layout does not need (disconnections, the description's tail) are
  passed over.

>>> import io
>>> text = '''Everleaf Gaming Game #7
... ***** Hand history for game #7 *****
... Blinds $0.05/$0.10 NL Hold'em - 2010/08/03 - 17:00:00
... Table Oak
... Seat 1 is the button
... Total number of players: 2
... Seat 1: Ann (  $ 5 USD )
... Seat 2: Bob (  $ 5 USD )
... Ann: posts small blind [$ 0.05 USD]
... Bob: posts big blind [$ 0.10 USD]
... ** Dealing down cards **
... Ann raises [$ 0.25 USD]
... Bob folds
... Ann does not show cards
... Ann wins $ 0.20 USD from main pot
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected(), hand.rake  # Ann's 0.30 less Bob's 0.10 came back
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')}, Decimal('0.00'))
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from showdown.cards import Card
from showdown.history.amounts import CENT, ONE, ZERO, currency_in, number_in
from showdown.history.formats import Format
from showdown.history.games import game_id, limit_name
from showdown.history.layout import (
    BUTTON_RE,
    SEAT_RE,
    SHOWS_RE,
    blind_rules,
    pattern_found,
    street_words,
)
from showdown.history.linereader import HandLines, LineReader, cards_of
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "EverleafReader", "read", "recognise"]

SITE: Final = "everleaf"

_HEADER_RE: Final = re.compile(r"^\*{5} Hand history for game #(\d+) \*{5}$")
_RECOGNISE_RE: Final = re.compile(r"^\*{5} Hand history for game #\d+ \*{5}", re.MULTILINE)
_ROOM_RE: Final = re.compile(r"^\S.* Game #\d+$")
"""The line before the header: ``Everleaf Gaming Game #149107795``."""
_GAME_RE: Final = re.compile(r"^(?:Blinds )?(?P<stakes>\S+/\S+) (?P<game>.+?) - \d{4}/\d\d/\d\d")
_NUMBER_RE: Final = re.compile(r"\d[\d,]*(?:\.\d+)?")
_POST_RE: Final = re.compile(r"^(.+?):? posts (.+?) \[([^\]]*)\]$")
_BRING_IN_RE: Final = re.compile(r"^(.+?) posts bring-in (.+?)\.?$")
_COMPLETE_RE: Final = re.compile(r"^(.+?) completes to (.+?)\.?$")
_ACTION_RE: Final = re.compile(r"^(.+?):? (calls|bets|raises) \[([^\]]*)\]$")
_PLAIN_RE: Final = re.compile(r"^(.+?):? (checks|folds)$")
_STREET_RE: Final = re.compile(r"^\*\* Dealing (.+?) \*\*(?: \[(.*)\])?$")
_DEALT_RE: Final = re.compile(r"^Dealt to (.+?) \[(.*)\]\.?$")
_NO_SHOW_RE: Final = re.compile(r"^(.+?) does not show cards$")
_WINS_RE: Final = re.compile(
    r"^(.+?) wins\s+(?:(high|low) )?\(?([^()]*?)\)? from (main pot|side pot(?: \d+)?)"
)
_HOLDEM_STREETS: Final = street_words({"down cards": "preflop"}, title=True)
_STUD_STREETS: Final = {
    "down cards": "third",
    "4th Street": "fourth",
    "5th Street": "fifth",
    "6th Street": "sixth",
    "River": "seventh",
}
_STUD_GAMES: Final = frozenset({"stud", "stud_hilo", "razz", "five_card_stud"})
_CURRENCIES: Final = (("€", "EUR"), ("\u02c6", "EUR"), ("$", "USD"), ("£", "GBP"))
"""The signs of the amounts; ``ˆ`` is the euro sign of files written in one code page and
read in another (Windows-1252's 0x80 and 0x88 confused), as real Everleaf files are."""

_WAGERS: Final = {"calls": "call", "bets": "bet", "raises": "raise_by"}
_POST_KIND: Final = blind_rules("small+big=dead_blind", "small=small_blind", "ante=ante")

recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is an Everleaf history."""


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE

    def __init__(self, hand_id: str, line: int) -> None:
        super().__init__(hand_id, line)
        self.fields: dict[str, object] = {"hand_id": hand_id}
        self.streets = _HOLDEM_STREETS
        self.currency: str | None = None
        self.dealt: dict[str, list[Card]] = {}
        self.wins: list[tuple[str, Decimal, str, int]] = []

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        if self.wins and " Game #" in text and _ROOM_RE.match(text):
            return  # the next hand's first line
        builder = self.builder
        builder.line = number
        if not self.game:
            self._header(text)
            return
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            builder.wager(_WAGERS[match[2]], match[1], number_in(match[3]))
            return
        match = _PLAIN_RE.match(text)
        if match and builder.seated(match[1]):
            (builder.check if match[2] == "checks" else builder.fold)(match[1])
            return
        if text.startswith("** Dealing "):
            self._street(text)
        elif text.startswith("Dealt to "):
            self._dealt(text)
        elif " wins " in text:
            match = _WINS_RE.match(text)
            if match and builder.seated(match[1]):
                pot = match[4] if not match[2] else f"{match[4]} ({match[2]})"
                self.wins.append((match[1], number_in(match[3]), pot, number))
        elif " shows [" in text:
            self.show_line(SHOWS_RE, text)
        elif text.endswith(" does not show cards"):
            match = _NO_SHOW_RE.match(text)
            if match and builder.seated(match[1]):
                builder.street = "showdown"
                builder.muck(match[1])
        elif " posts " in text:
            self._post(text)
        elif " completes to " in text:
            match = _COMPLETE_RE.match(text)
            if match and builder.seated(match[1]):
                builder.raise_to(match[1], number_in(match[2]))

    def _header(self, text: str) -> None:
        """The lines before the first forced bet: game, table, button, seats."""
        builder = self.builder
        if text.startswith("Seat "):
            match = SEAT_RE.match(text)
            if match and not _NUMBER_RE.search(match[3]):
                return  # "Seat 4: Ann ( new player )": not dealt in
            if match:
                stack = match[3]
                self.currency = currency_in(stack, _CURRENCIES) or self.currency
                builder.seat(int(match[1]), match[2], number_in(stack))
                return
            match = BUTTON_RE.match(text)
            if match:
                self.fields["button"] = int(match[1])
            return
        if text.startswith("Table "):
            self.fields["table"] = text[6:]
        elif text.startswith("Total number of players"):
            return
        elif "fields_game" not in self.fields:
            match = _GAME_RE.match(text)
            if match:
                game, name = game_id(match["game"])
                self.fields.update(
                    fields_game=True,
                    game=game,
                    game_name=name,
                    limit=limit_name(match["game"]) or "Limit",
                    stakes=match["stakes"],
                )
                if game in _STUD_GAMES:
                    self.streets = _STUD_STREETS
        elif " posts " in text:  # the first forced bet ends the header
            self.game = str(self.fields["game"])
            self._post(text)

    def _post(self, text: str) -> None:
        builder = self.builder
        match = _POST_RE.match(text)
        if match and builder.seated(match[1]):
            builder.post(_POST_KIND(match[2]), match[1], number_in(match[3]))
            return
        match = _BRING_IN_RE.match(text)
        if match and builder.seated(match[1]):
            builder.post(ActionKind.BRING_IN, match[1], number_in(match[2]))

    def _street(self, text: str) -> None:
        match = _STREET_RE.match(text)
        if match is None:
            return
        street = self.streets.get(match[1])
        if street is None:
            raise ValueError(f"unknown street {match[1]!r}")
        self.builder.street = street
        if match[2]:
            self.builder.board(cards_of(match[2]))

    def _dealt(self, text: str) -> None:
        match = _DEALT_RE.match(text)
        if match and self.builder.seated(match[1]):
            seen = self.dealt.setdefault(match[1], [])
            seen.extend(cards_of(match[2]))
            self.builder.deal(match[1], tuple(seen))

    def complete(self) -> bool:
        return bool(self.wins)  # every hand ends with its winners

    def build(self, source: str, index: int) -> Hand:
        if not self.game:
            raise ValueError("the hand has no forced bet")
        builder = self.builder
        builder.return_uncalled()  # the room writes no uncalled bet
        builder.collect_each(self.wins)
        put_in = sum(builder.contributions().values(), ZERO)
        won = sum((amount for _, amount, _, _ in self.wins), ZERO)
        fields = {k: v for k, v in self.fields.items() if k != "fields_game"}
        chips = self.currency is None
        return builder.build(
            source=source,
            index=index,
            currency=self.currency,
            unit=ONE if chips else CENT,
            rake=put_in - won if put_in >= won else ZERO,
            **fields,
        )


class EverleafReader(LineReader[_Hand]):
    """The reader of an Everleaf history file."""

    starts = "*****"

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        header = _HEADER_RE.match(text)
        return _Hand(header[1], number) if header else None

    def _outside(self, number: int, text: str, index: int) -> bool:
        return _ROOM_RE.match(text) is not None  # the line before a header


read: Final = EverleafReader
"""A reader of an Everleaf history (a path or an open stream)."""


FORMAT: Final = Format(name="everleaf", rooms=("Everleaf",), recognise=recognise, read=read)
"""Everleaf Gaming's text hand histories."""
