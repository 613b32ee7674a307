"""Everest Poker histories: XML, one element a line, a ``SESSION`` then its ``HAND`` s.

A hand as the Everest client writes it (amounts in hundredths: ``78`` is
0.78, tournament chips too)::

    <SESSION time="1303913692" tableName="Vannes-23" id="1291.61.1528" type="ring"
             money="€" screenName="Ann" game="hold-em" gametype="no-limit"/>
    <HAND time="1303913758" id="6754716931" index="1" blinds="0,01 €/0,02 €" ...>
      <SEAT position="0" name="Ann" balance="78"/>
      <SEAT position="1" name="Bob" balance="67"/>
      <DEALER position="0"/>
      <BLIND position="1" amount="1" penalty="0"/>
      <XBLIND position="0"/>
      <HOLE position="0">6c</HOLE>
      <BET position="0" amount="2"/>
      <BET position="1" amount="0"/>
      <SWEEP rake="0" tax="0">4</SWEEP>
      <COMMUNITY>Kc, 10s, 8s</COMMUNITY>
      <BET position="1" amount="10"/>
      <FOLD position="0"/>
      <PUSH position="1" amount="10"/>
      <SWEEP rake="0" tax="0">4</SWEEP>
      <XSHOW position="1"/>
      <WIN position="1" amount="4" pot="0" potAmount="4"/>
    </HAND>

What the layout means, read from real files:

* Seats are 0-based positions (the reader numbers them from 1). ``BET``
  gives what went in: ``0`` is a check, else a bet, a call or a raise as it
  compares with the street's most. ``BLIND`` is a live blind (the first the
  small one), its ``penalty`` a dead one; ``XBLIND`` is a blind not posted.
* ``SWEEP`` closes a betting round (its text is the pot so far);
  ``COMMUNITY`` opens the next with its cards. ``HOLE`` deals one card a
  line (``--``: hidden). ``PUSH`` returns an uncalled bet; ``WIN`` pays a pot.
* The rake is what was put in less what was returned and won.

>>> import io
>>> text = '''<SESSION time="1" tableName="Oak" id="1.1" type="ring" money="$" game="hold-em"/>
... <HAND time="2" id="7" index="1" blinds="$0.05/$0.10" stakes="$0.05/$0.10">
...   <SEAT position="0" name="Ann" balance="500"/>
...   <SEAT position="1" name="Bob" balance="500"/>
...   <DEALER position="0"/>
...   <BLIND position="0" amount="5" penalty="0"/>
...   <BLIND position="1" amount="10" penalty="0"/>
...   <BET position="0" amount="25"/>
...   <FOLD position="1"/>
...   <PUSH position="0" amount="20"/>
...   <SWEEP rake="0" tax="0">20</SWEEP>
...   <WIN position="0" amount="20" pot="0" potAmount="20"/>
... </HAND>
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected(), hand.currency
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')}, 'USD')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import IO, Final

from showdown.cards import Card
from showdown.errors import HistoryError
from showdown.history._text import Reader, not_a_history
from showdown.history.amounts import CENT, ISO_CODES, ONE, ZERO
from showdown.history.formats import Format, clean_line
from showdown.history.games import game_id
from showdown.history.layout import pattern_found
from showdown.history.linereader import HandLines, attributes_of, cards_of
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "EverestReader", "read", "recognise"]

SITE: Final = "everest"

_RECOGNISE_RE: Final = re.compile(r'<SESSION time="\d+" tableName="')
_TAG_RE: Final = re.compile(r"^<(/?[A-Z]+)\b([^>]*?)/?>(?:([^<]*)</[A-Z]+>)?")
_STREETS: Final = ("preflop", "flop", "turn", "river")
_GAMES: Final = {
    "hold-em": "Hold'em",
    "omaha": "Omaha",
    "omaha-hi": "Omaha",
    "omaha-hi-lo": "Omaha Hi/Lo",
    "omaha-hilo": "Omaha Hi/Lo",
}
_LIMITS: Final = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Limit"}


recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is an Everest Poker history."""


@functools.lru_cache(maxsize=65536)
def _amount(text: str) -> Decimal:
    """An amount in hundredths (``"78"`` is 0.78)."""
    if not text.isdigit():
        raise ValueError(f"{text!r} is not an amount")
    return Decimal(text).scaleb(-2)


class _Session:
    """What the ``SESSION`` element says of the hands after it."""

    def __init__(self, attributes: dict[str, str]) -> None:
        words = _GAMES.get(attributes.get("game", ""), attributes.get("game", ""))
        self.game, self.game_name = game_id(words)
        self.limit = _LIMITS.get(attributes.get("gametype", ""), "")
        self.table = attributes.get("tableName", "")
        self.currency = ISO_CODES.get(attributes.get("money", ""))
        tournament = attributes.get("type") == "tournament"
        self.tournament = attributes.get("id") if tournament else None


class _Hand(HandLines):
    """One hand's elements, read as they come."""

    site = SITE

    def __init__(self, session: _Session, attributes: dict[str, str], line: int) -> None:
        super().__init__(attributes.get("id", ""), line)
        self.session = session
        self.game = self.builder.fields["game"] = session.game
        self.fields: dict[str, object] = {"stakes": attributes.get("stakes", "")}
        self.names: dict[str, str] = {}
        self.holes: dict[str, list[Card]] = {}
        self.streets = 0
        self.blinds = 0
        self.won = ZERO

    def player(self, attributes: dict[str, str]) -> str:
        name = self.names.get(attributes.get("position", ""))
        if name is None:
            raise ValueError(f"no player at position {attributes.get('position')!r}")
        return name

    def element(self, number: int, tag: str, attributes: dict[str, str], body: str) -> None:
        """Read one element of the hand."""
        builder = self.builder
        builder.line = number
        if tag == "BET":
            self._bet(self.player(attributes), _amount(attributes.get("amount", "")))
        elif tag == "FOLD":
            builder.fold(self.player(attributes))
        elif tag == "HOLE":
            player = self.player(attributes)
            if body.strip() not in ("", "--"):
                cards = self.holes.setdefault(player, [])
                cards.extend(cards_of(body))
                builder.deal(player, tuple(cards))
        elif tag == "COMMUNITY":
            self.streets += 1
            if self.streets >= len(_STREETS):
                raise ValueError("more boards than streets")
            builder.street = _STREETS[self.streets]
            builder.board(cards_of(body))
        elif tag == "SHOW":
            builder.street = "showdown"
            builder.show(self.player(attributes), cards_of(body))
        elif tag == "WIN":
            amount = _amount(attributes.get("amount", ""))
            self.won += amount
            pot = attributes.get("pot", "0")
            builder.collect(self.player(attributes), amount, "main pot" if pot == "0" else pot)
        elif tag == "PUSH":
            builder.returned(self.player(attributes), _amount(attributes.get("amount", "")))
        elif tag == "BLIND":
            self._blind(self.player(attributes), attributes)
        elif tag == "SEAT":
            position = attributes.get("position", "")
            name = attributes.get("name", "")
            self.names[position] = name
            builder.seat(int(position) + 1, name, _amount(attributes.get("balance", "")))
        elif tag == "DEALER":
            self.fields["button"] = int(attributes.get("position", "")) + 1
        elif tag == "ANTE":
            builder.post(
                ActionKind.ANTE, self.player(attributes), _amount(attributes.get("amount", ""))
            )

    def _blind(self, player: str, attributes: dict[str, str]) -> None:
        builder = self.builder
        amount = _amount(attributes.get("amount", "0"))
        penalty = _amount(attributes.get("penalty", "0"))
        if amount:
            kind = ActionKind.SMALL_BLIND if not self.blinds else ActionKind.BIG_BLIND
            self.blinds += 1
            builder.post(kind, player, amount)
        if penalty:
            builder.post(ActionKind.DEAD_BLIND, player, penalty)

    def _bet(self, player: str, amount: Decimal) -> None:
        builder = self.builder
        if builder.street == "blinds":
            builder.street = "preflop"
        if not amount:
            builder.check(player)
            return
        most = max((builder.on_street(seat.name) for seat in builder.seats), default=ZERO)
        total = builder.on_street(player) + amount
        if total <= most:
            builder.call(player, amount)
        elif most == 0:
            builder.bet(player, amount)
        else:
            builder.raise_by(player, amount)

    def build(self, source: str, index: int) -> Hand:
        builder = self.builder
        session = self.session
        put_in = sum(builder.contributions().values(), ZERO)
        rake = put_in - self.won
        chips = session.currency is None
        return builder.build(
            source=source,
            index=index,
            game_name=session.game_name,
            limit=session.limit,
            table=session.table,
            currency=session.currency,
            tournament=session.tournament,
            unit=ONE if chips else CENT,
            rake=rake if rake > 0 else ZERO,
            **self.fields,
        )


class EverestReader(Reader):
    """The reader of an Everest Poker history file."""

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        session: _Session | None = None
        hand: _Hand | None = None
        index = 0
        stray = False
        for number, raw in enumerate(stream, start=1):
            text = raw.strip() if number > 1 else clean_line(raw)
            if not text:
                continue
            match = _TAG_RE.match(text)
            tag = match[1] if match else ""
            if tag == "HAND":
                if hand is not None:
                    yield hand.finish(name, index)
                    index += 1
                if session is None:
                    session = _Session({})
                hand = _Hand(session, attributes_of(match[2]), number)  # type: ignore[index]
                continue
            if tag == "/HAND" and hand is not None:
                hand.ended = True
                yield hand.finish(name, index)
                index += 1
                hand = None
                continue
            if tag == "SESSION":
                session = _Session(attributes_of(match[2]))  # type: ignore[index]
                continue
            if hand is None or match is None:
                if not stray and not tag:
                    stray = True
                    yield not_a_history(name, number)
                continue
            if hand.error is None:
                try:
                    hand.element(number, tag, attributes_of(match[2]), match[3] or "")
                except Exception as exc:
                    hand.error = exc
                    hand.builder.line = number
        if hand is not None:
            yield hand.finish(name, index)


read: Final = EverestReader
"""A reader of an Everest Poker history (a path or an open stream)."""


FORMAT: Final = Format(name="everest", rooms=("Everest Poker",), recognise=recognise, read=read)
"""Everest Poker's XML hand histories."""
