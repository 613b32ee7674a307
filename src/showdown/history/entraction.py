"""Entraction histories: text in aligned columns, a ``Game #`` line to a ``Game ended`` line.

A hand as the Entraction client writes it::

    Game # 2145163746 - Texas Hold'em Fixed Limit EUR 10/20 - Table "Lorient"

    Players(max 6):
    Ann                         (EUR 468.50 in seat 4)
    Bob                         (EUR 528.50 in seat 5)

    Dealer:                     Bob
    Small Blind:                Ann         (5.00)
    Big Blind:                  Bob         (10.00)

    Ann was dealt:              9c - 7d

    Ann                         Raise       (15.00)
    Bob                         Raise       (20.00)
    Ann                         Call        (10.00)

    Flop                        2c - Ad - 4h

    Ann                         Check
    Bob                         Bet         (10.00)
    Ann                         Fold
    Bob                         Payback     (10.00)

    Bob didn't show hand

    Bob wins:                   EUR 59.25
    Rake:                       EUR 0.75

    Game ended 2011-03-26 13:19:18 GMT

What the layout means, read from real files:

* Every amount in brackets is what the action put in (a raise's increment).
  ``Small + Big Blind`` posts both: the big blind live, the rest dead.
  ``Payback`` returns an uncalled bet.
* A street line lists the whole board so far (``Turn  3d - Ah - 8h - Jd``).
* ``shows:`` gives a player's cards at the showdown; ``didn't show hand
  (cards)`` a player who conceded, his cards known.

>>> import io
>>> text = '''Game # 1 - Texas Hold'em No Limit EUR 0.05/0.10 - Table "Oak"
... Players(max 6):
... Ann                         (EUR 5.00 in seat 1)
... Bob                         (EUR 5.00 in seat 2)
... Dealer:                     Ann
... Small Blind:                Ann         (0.05)
... Big Blind:                  Bob         (0.10)
... Ann                         Raise       (0.25)
... Bob                         Fold
... Ann                         Payback     (0.20)
... Ann didn't show hand
... Ann wins:                   EUR 0.20
... Rake:                       EUR 0.00
... Game ended 2011-03-26 13:19:18 GMT
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected()
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')})
"""

from __future__ import annotations

import re
from typing import Final

from showdown.history.amounts import CENT, ONE, ZERO, number_in
from showdown.history.formats import Format
from showdown.history.games import game_id
from showdown.history.layout import pattern_found, street_words
from showdown.history.linereader import HandLines, LineReader, cards_of
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "EntractionReader", "read", "recognise"]

SITE: Final = "entraction"

_HEADER_RE: Final = re.compile(
    r"^Game # (?P<id>\d+) - (?P<game>.+?) (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit) "
    r"(?:(?P<currency>[A-Z]{3}) )?(?P<stakes>\S+)(?: and (?P<ante>\S+) ante)?"
    r" - Table \"(?P<table>.*)\"$"
)
_RECOGNISE_RE: Final = re.compile(
    r"^Game # \d+ - (?:Texas Hold'em|Omaha High|5-Card Omaha High)[^\n]*? "
    r"(?:No|Pot|Fixed) Limit",
    re.MULTILINE,
)
_SEAT_RE: Final = re.compile(r"^(.+?)\s+\((?:[A-Z]{3} )?([\d.,]+) in seat (\d+)\)$")
_BLIND_RE: Final = re.compile(
    r"^(Small \+ Big Blind|Small Blind|Big Blind|Ante):\s+(.+?)\s+\((.+)\)$"
)
_VERBS: Final = frozenset(
    {"Fold", "Check", "Call", "Bet", "Raise", "All-In", "All-in", "Payback", "Ante"}
)
_STREET_RE: Final = re.compile(r"^(Flop|Turn|River)\s+(.+)$")
_DEALT_RE: Final = re.compile(r"^(.+?) was dealt:\s+(.+)$")
_SHOWS_RE: Final = re.compile(r"^(.+?) shows:\s+(.+?)(?: \(.*\))?$")
_NO_SHOW_RE: Final = re.compile(r"^(.+?) didn't show hand(?: \((.+)\))?$")
_WINS_RE: Final = re.compile(r"^(.+?) wins(?: (.+?))?:\s+(?:[A-Z]{3} )?([\d.,]+)")
_TOURNAMENT_RE: Final = re.compile(r"(\d{5,}) \d+$")
"""A tournament table's name ends with the tournament's id and the table's number."""
_STREETS: Final = street_words(title=True)
_LIMITS: Final = {"Fixed Limit": "Limit"}

_WAGERS: Final = {"Call": "call", "Bet": "bet", "Raise": "raise_by"}

recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is an Entraction history."""


def _split_action(text: str) -> tuple[str, str, str | None] | None:
    """The player, verb and bracketed amount of an action line (``Ann   Call   (10.00)``),
    split from the right (a name may hold spaces); None when the line is no action."""
    amount: str | None = None
    head = text
    if text.endswith(")"):
        head, _, amount = text[:-1].rpartition("(")
        head = head.rstrip()
    name, _, verb = head.rpartition(" ")
    if verb not in _VERBS:
        return None
    return name.rstrip(), verb, amount


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE

    def __init__(self, header: re.Match[str], line: int) -> None:
        super().__init__(header["id"], line)
        game, name = game_id(header["game"])
        self.game = self.builder.fields["game"] = game
        self.currency = header["currency"]
        self.fields: dict[str, object] = {
            "game_name": name,
            "limit": _LIMITS.get(header["limit"], header["limit"]),
            "stakes": header["stakes"],
            "table": header["table"],
        }
        if self.currency is None:  # tournament chips: the table names the tournament
            tournament = _TOURNAMENT_RE.search(header["table"])
            self.fields["tournament"] = tournament[1] if tournament else header["table"]
        stakes = header["stakes"].split("/")
        self.big_blind = number_in(stakes[-1])
        self.dealer = ""
        self.rake = ZERO

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        action = _split_action(text)
        if action is not None and builder.seated(action[0]):
            self._action(*action)
            return
        if text.endswith(")") and " in seat " in text:
            seat = _SEAT_RE.match(text)
            if seat:
                builder.seat(int(seat[3]), seat[1], number_in(seat[2]))
                return
        match = _STREET_RE.match(text)
        if match:
            builder.street = _STREETS[match[1]]
            builder.set_board(cards_of(match[2]))
            return
        if text.startswith(("Small", "Big Blind", "Ante")):
            self._blind(text)
        elif text.startswith("Dealer:"):
            self.dealer = text[7:].strip()
        elif " was dealt:" in text:
            dealt = _DEALT_RE.match(text)
            if dealt and builder.seated(dealt[1]):
                builder.street = "preflop"
                builder.deal(dealt[1], cards_of(dealt[2]))
        elif " shows:" in text:
            self.show_line(_SHOWS_RE, text)
        elif " didn't show hand" in text:
            no_show = _NO_SHOW_RE.match(text)
            if no_show and builder.seated(no_show[1]):
                builder.street = "showdown"
                builder.muck(no_show[1], cards_of(no_show[2]) if no_show[2] else ())
        elif " wins" in text:
            wins = _WINS_RE.match(text)
            if wins and builder.seated(wins[1]):
                builder.collect(wins[1], number_in(wins[3]), wins[2] or "pot")
        elif text.startswith("Rake:"):
            self.rake += number_in(text)

    def _blind(self, text: str) -> None:
        builder = self.builder
        match = _BLIND_RE.match(text)
        if match is None or not builder.seated(match[2]):
            return
        what, player, amount = match[1], match[2], number_in(match[3])
        if what == "Small + Big Blind":
            live = min(amount, self.big_blind)
            builder.post(ActionKind.BIG_BLIND, player, live)
            if amount > live:
                builder.post(ActionKind.DEAD_BLIND, player, amount - live)
        elif what == "Small Blind":
            builder.post(ActionKind.SMALL_BLIND, player, amount)
        elif what == "Big Blind":
            builder.post(ActionKind.BIG_BLIND, player, amount)
        else:
            builder.post(ActionKind.ANTE, player, amount)

    def _action(self, player: str, verb: str, amount_text: str | None) -> None:
        builder = self.builder
        if verb == "Ante":
            builder.post(ActionKind.ANTE, player, number_in(amount_text or ""))
            return
        if builder.street == "blinds":
            builder.street = "preflop"
        if verb == "Fold":
            builder.fold(player)
            return
        if verb == "Check":
            builder.check(player)
            return
        if amount_text is None:
            raise ValueError(f"{verb} without an amount")
        amount = number_in(amount_text)
        if verb in _WAGERS:
            builder.wager(_WAGERS[verb], player, amount)
        elif verb == "Payback":
            builder.returned(player, amount)
        else:  # an all-in putting in ``amount``
            most = max((builder.on_street(s.name) for s in builder.seats), default=ZERO)
            total = builder.on_street(player) + amount
            if total <= most:
                builder.call(player, amount, all_in=True)
            elif most == 0:
                builder.bet(player, amount, all_in=True)
            else:
                builder.raise_by(player, amount, all_in=True)

    def build(self, source: str, index: int) -> Hand:
        builder = self.builder
        button = next((s.number for s in builder.seats if s.name == self.dealer), None)
        return builder.build(
            source=source,
            index=index,
            currency=self.currency,
            unit=CENT if self.currency else ONE,
            rake=self.rake,
            button=button,
            **self.fields,
        )


class EntractionReader(LineReader[_Hand]):
    """The reader of an Entraction history file."""

    starts = "Game # "
    ends = "Game ended "

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        header = _HEADER_RE.match(text)
        return _Hand(header, number) if header else None


read: Final = EntractionReader
"""A reader of an Entraction history (a path or an open stream)."""


FORMAT: Final = Format(name="entraction", rooms=("Entraction",), recognise=recognise, read=read)
"""Entraction's text hand histories."""
