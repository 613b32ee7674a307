"""Microgaming (MPN) histories: XML, one ``<Game>`` per hand.

The Microgaming client writes each hand as a ``<Game>`` element, with a line
of its own before (``----PRIMA.DAT----``) and after (``ExtendedTableName:
...``)::

    ----PRIMA.DAT----

    <Game hhversion="2" id="4519660221" date="2012-08-10 23:38:09" tablename="Deal PLO 251"
          stakes="0.05|0.10" betlimit="PL" tabletype="Cash Game" gametype="Omaha"
          realmoney="true" currencysymbol="rCA=" istournament="0" rake="106">
       <Seats>
          <Seat num="1" alias="Ann" balance="10.74" endbalance="0.74" dealer="true"/> ...
       </Seats>
       <Gameplay>
          <Action seq="1" type="SmallBlind" seat="2" value="0.05"/> ...
          <Action seq="3" type="DealCards" seat="3"> <Card value="Q" suit="s" id="11"/> ...
          <Action seq="11" type="DealFlop"> <Card value="7" suit="s"/> ... </Action>
          <Action seq="24" type="AllIn" seat="1" value="6.39"/>
          <Action seq="26" type="MoneyReturned" seat="1" value="0.74"/>
          <Action seq="27" type="ShowCards" seat="1"> <Card .../> ... </Action>
          <Action type="Win"> <Seat num="4" amount="20.29" pot="0" lowhandwin="0"/> </Action>
       </Gameplay>
    </Game>

    ExtendedTableName: Deal PLO 251 (Deep) - €5 Min [197715]

What the layout means, read from real files:

* ``rake`` is the house's take in cents; ``currencysymbol`` is the currency
  sign in UTF-16 (little end first), base64 (``rCA=`` is ``€``); ``10`` is
  the rank ten.
* Every seat has its ``balance`` before the hand and its ``endbalance``
  after it; the ``Win`` amounts are what each player was paid, after rake.
* The client's versions write amounts differently: a ``Call`` is what it put
  in (``hhversion="2"``) or the player's total on the street (files without
  a version), a ``Raise`` is the street total or what went in, and an uncalled
  bet is returned by a ``MoneyReturned`` line, silently, or counted in the
  winner's amount (``hhversion="5"``). The reader takes the reading under
  which every player's balance, less what he put in, plus what came back and
  what he won, is his end balance; the unmatched part of a bet counted in
  the winner's amount is returned, the rest collected.
* A ``PostedToPlay`` between the blinds writes the live part only; where the
  player's end balance shows the dead part went in too, it is added.

The file is streamed with :class:`xml.etree.ElementTree.XMLPullParser` (the
engine of ``iterparse``), fed one line at a time, and each ``<Game>`` is
dropped once read, so one hand at a time is held.

>>> import io
>>> text = '''<Game hhversion="2" id="1" date="2012-01-01 20:00:00" tablename="Oak" stakes="1|2"
...  betlimit="NL" tabletype="Cash Game" gametype="Hold&apos;em" realmoney="true"
...  currencysymbol="JAA=" istournament="0" rake="0">
... <Seats>
... <Seat num="1" alias="Ann" balance="100.00" endbalance="94.00" dealer="true"/>
... <Seat num="2" alias="Bob" balance="100.00" endbalance="106.00"/>
... </Seats>
... <Gameplay>
... <Action seq="1" type="SmallBlind" seat="1" value="1.00"/>
... <Action seq="2" type="BigBlind" seat="2" value="2.00"/>
... <Action seq="3" type="Raise" seat="1" value="6.00"/>
... <Action seq="4" type="Call" seat="2" value="4.00"/>
... <Action seq="5" type="DealFlop"><Card value="10" suit="h"/><Card value="2" suit="c"/>
... <Card value="7" suit="s"/></Action>
... <Action seq="6" type="Bet" seat="2" value="5.00"/>
... <Action seq="7" type="Fold" seat="1"/>
... <Action type="Win"><Seat num="2" amount="17.00" pot="0" type="" lowhandwin="0"/></Action>
... </Gameplay>
... </Game>'''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.currency, hand.contributions()
('USD', {'Ann': Decimal('6.00'), 'Bob': Decimal('11.00')})
>>> hand.returned(), hand.collected()  # 17.00 won = Bob's unmatched 5.00 + the 12.00 pot
({'Bob': Decimal('5.00')}, {'Bob': Decimal('12.00')})
"""

from __future__ import annotations

import base64
import binascii
import functools
import itertools
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from showdown.cards import Card
from showdown.history.amounts import CENT, ISO_CODES, ONE, ZERO, attribute_amount
from showdown.history.formats import Format, HandBuilder
from showdown.history.games import game_id
from showdown.history.layout import pattern_found
from showdown.history.linereader import ElementHand, ElementReader
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "MicrogamingReader", "read", "recognise"]

SITE: Final = "microgaming"
_HUNDRED: Final = Decimal(100)

_RECOGNISE_RE: Final = re.compile(r'<Game (?:hhversion="\d+" )?id="\d+" date="')
_DECORATION_RE: Final = re.compile(r"^(?:-{2,}[^-].*-{2,}|ExtendedTableName:.*)$")
"""The lines the client writes around each hand (``----PRIMA.DAT----``, the table)."""
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit", "L": "Limit"}
_FORCED: Final = {
    "SmallBlind": ActionKind.SMALL_BLIND,
    "BigBlind": ActionKind.BIG_BLIND,
    "PostedToPlay": ActionKind.BIG_BLIND,  # a live blind posted to come in
    "PostedDead": ActionKind.DEAD_BLIND,  # not the client's: its dead part (see _Game)
    "Ante": ActionKind.ANTE,
}
_STREETS: Final = {"DealFlop": "flop", "DealTurn": "turn", "DealRiver": "river"}
_BETS: Final = ("Call", "Raise", "Bet", "AllIn")
_SILENT: Final = frozenset({"Fold", "Check", "DealCards", "ShowCards", "MuckCards", "SitOut"})

_FIRST_READINGS: Final = (
    (False, True, False, False),  # hhversion 2: a Raise is the street total
    (True, True, False, False),  # no version: a Call and a Raise are street totals
    (False, False, False, False),  # hhversion 5: every amount is what went in
)
_READINGS: Final = _FIRST_READINGS + tuple(
    r for r in itertools.product((False, True), repeat=len(_BETS)) if r not in _FIRST_READINGS
)
"""Each reading of the bets: for Call, Raise, Bet and AllIn, whether the amount is the
player's street total (True) or what the action put in (False); the known ones first."""


recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a Microgaming XML history."""


@functools.lru_cache(maxsize=256)
def _card(value: str, suit: str) -> Card:
    return Card(("T" if value == "10" else value.upper()) + suit.lower())


def _decoded(text: str) -> str:
    """A ``unicode...`` attribute: UTF-16 (little end first) in base64."""
    try:
        return base64.b64decode(text).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError):
        return ""


@dataclass(slots=True)
class _Action:
    kind: str
    seat: str
    value: str | None
    line: int
    cards: list[Card] = field(default_factory=list)


@dataclass(slots=True)
class _Win:
    seat: str
    amount: Decimal
    pot: str
    line: int


@dataclass(slots=True)
class _Seat:
    number: str
    name: str
    balance: Decimal
    end: Decimal
    sitting_out: bool


class _Game(ElementHand):
    """One ``<Game>``, recorded as its elements start, read when it ends."""

    site = SITE

    def __init__(self, attrib: dict[str, str], line: int) -> None:
        super().__init__(attrib.get("id", ""), line)
        self.attrib = dict(attrib)
        self.seats: list[_Seat] = []
        self.button: int | None = None
        self.actions: list[_Action] = []
        self.wins: list[_Win] = []
        self.playing = False
        self.fitting = False

    def start(self, tag: str, attrib: dict[str, str], line: int) -> None:
        if tag == "Action":
            self.actions.append(
                _Action(attrib.get("type", ""), attrib.get("seat", ""), attrib.get("value"), line)
            )
        elif tag == "Card":
            if not self.actions:
                raise ValueError("a card outside any action")
            self.actions[-1].cards.append(_card(attrib.get("value", ""), attrib.get("suit", "")))
        elif tag == "Seat":
            if self.playing:  # a Seat inside the Win action: a winner
                self.wins.append(
                    _Win(
                        attrib.get("num", ""),
                        attribute_amount(attrib.get("amount")),
                        attrib.get("pot", "0"),
                        line,
                    )
                )
                return
            number = attrib.get("num", "")
            name = attrib.get("alias") or _decoded(attrib.get("unicodealias", ""))
            self.seats.append(
                _Seat(
                    number,
                    name,
                    attribute_amount(attrib.get("balance", "0")),
                    attribute_amount(attrib.get("endbalance", attrib.get("balance", "0"))),
                    attrib.get("sittingout") == "true",
                )
            )
            if attrib.get("dealer") == "true" and number.isdigit():
                self.button = int(number)
        elif tag == "Gameplay":
            self.playing = True

    # -- reading the bets --------------------------------------------------------------

    def _put_in(self, reading: tuple[bool, ...]) -> dict[str, Decimal]:
        """What each seat put in under a reading of the bets (returns not subtracted)."""
        to_total = dict(zip(_BETS, reading, strict=True))
        put: dict[str, Decimal] = {}
        street: dict[str, Decimal] = {}
        for action in self.actions:
            kind = action.kind
            if kind in _STREETS:
                street = {}
            elif kind in _BETS:
                amount = attribute_amount(action.value)
                if to_total[kind]:
                    amount -= street.get(action.seat, ZERO)
                if amount < 0:
                    return {}
                street[action.seat] = street.get(action.seat, ZERO) + amount
                put[action.seat] = put.get(action.seat, ZERO) + amount
            elif kind in _FORCED:
                amount = attribute_amount(action.value)
                if kind not in ("Ante", "PostedDead"):
                    street[action.seat] = street.get(action.seat, ZERO) + amount
                put[action.seat] = put.get(action.seat, ZERO) + amount
        return put

    def _fits(self, put: dict[str, Decimal]) -> bool:
        """Whether every seat's balance, less what it put in, plus what came back and what it
        won, is its end balance, and only the largest bet can have come back unwritten."""
        if not put:
            return False
        won: dict[str, Decimal] = {}
        for win in self.wins:
            won[win.seat] = won.get(win.seat, ZERO) + win.amount
        written = self._written_returns()
        ranked = sorted(put.values(), reverse=True)
        excess = ranked[0] - ranked[1] if len(ranked) > 1 else ranked[0]
        for seat in self.seats:
            back = (
                seat.end
                - seat.balance
                + put.get(seat.number, ZERO)
                - won.get(seat.number, ZERO)
                - written.get(seat.number, ZERO)
            )
            if back < 0 or (back and (put.get(seat.number, ZERO) != ranked[0] or back > excess)):
                return False
        return True

    def _dead_parts_of_posts(self) -> bool:
        """Add the dead part of a ``PostedToPlay`` that the file leaves out.

        A player who posts to come in between the blinds pays the big blind live
        and the small blind dead, and the file writes the live part only: his end
        balance shows the rest went in. Where it does (by no more than the post),
        the dead part is added after the post. Returns whether any was added.
        """
        put = self._put_in(_READINGS[0])
        won: dict[str, Decimal] = {}
        for win in self.wins:
            won[win.seat] = won.get(win.seat, ZERO) + win.amount
        written = self._written_returns()
        added = False
        for i, action in enumerate(list(self.actions)):
            if action.kind != "PostedToPlay":
                continue
            seat = next((s for s in self.seats if s.number == action.seat), None)
            if seat is None:
                continue
            spent = seat.balance - seat.end + won.get(seat.number, ZERO)
            spent += written.get(seat.number, ZERO)
            missing = spent - put.get(seat.number, ZERO)
            if 0 < missing <= attribute_amount(action.value):
                dead = _Action("PostedDead", action.seat, str(missing), action.line)
                self.actions.insert(i + 1 + added, dead)
                added = True
        return added

    def _written_returns(self) -> dict[str, Decimal]:
        back: dict[str, Decimal] = {}
        for action in self.actions:
            if action.kind == "MoneyReturned":
                back[action.seat] = back.get(action.seat, ZERO) + attribute_amount(action.value)
        return back

    # -- the hand ----------------------------------------------------------------------

    def build(self, source: str, index: int) -> Hand:
        reading = next((r for r in _READINGS if self._fits(self._put_in(r))), None)
        if reading is None and self._dead_parts_of_posts():
            reading = next((r for r in _READINGS if self._fits(self._put_in(r))), None)
        self.fitting = reading is not None
        reading = reading or _READINGS[0]
        to_total = dict(zip(_BETS, reading, strict=True))
        names = {seat.number: seat.name for seat in self.seats}
        tournament = self.attrib.get("istournament") == "1"
        play = self.attrib.get("realmoney") == "false"
        game, name = game_id(self.attrib.get("gametype", ""))
        sign = _decoded(self.attrib.get("currencysymbol", "")).strip()
        builder = HandBuilder(
            source=source,
            line=self.line,
            index=index,
            site=SITE,
            hand_id=self.hand_id,
            game=game,
            game_name=name,
            limit=_LIMITS.get(self.attrib.get("betlimit", ""), ""),
            stakes=self.attrib.get("stakes", "").replace("|", "/"),
            table=self.attrib.get("tablename", ""),
            currency=None if tournament or play else ISO_CODES.get(sign),
            tournament=(self.attrib.get("tournamentid") or self.attrib.get("tablename", ""))
            if tournament
            else None,
            play_money=play,
            unit=ONE if tournament or play else CENT,
            button=self.button,
        )
        if self.attrib.get("tablesize", "").isdigit():
            builder.fields["max_seats"] = int(self.attrib["tablesize"])
        for seat in self.seats:
            builder.seat(int(seat.number), seat.name, seat.balance, sitting_out=seat.sitting_out)

        def who(action: _Action) -> str:
            if action.seat not in names:
                raise ValueError(f"no player sits in seat {action.seat!r}")
            return names[action.seat]

        builder.street = "blinds"
        board: list[Card] = []
        for action in self.actions:
            builder.line = action.line
            kind = action.kind
            if kind in _FORCED:
                builder.post(_FORCED[kind], who(action), attribute_amount(action.value))
            elif kind == "DealCards":
                builder.street = "preflop"
                if action.cards:
                    builder.deal(who(action), tuple(action.cards))
            elif kind in _STREETS:
                builder.street = _STREETS[kind]
                board.extend(action.cards)
                builder.set_board(board)
            elif kind in _BETS:
                if builder.street == "blinds":
                    builder.street = "preflop"
                self._bet(
                    builder, who(action), kind, attribute_amount(action.value), to_total[kind]
                )
            elif kind == "Fold":
                builder.fold(who(action))
            elif kind == "Check":
                builder.check(who(action))
            elif kind == "MoneyReturned":
                builder.returned(who(action), attribute_amount(action.value))
            elif kind == "ShowCards":
                builder.street = "showdown"
                builder.show(who(action), tuple(action.cards))
            elif kind == "MuckCards":
                builder.street = "showdown"
                builder.muck(who(action), tuple(action.cards))
            elif kind == "Win" or kind in _SILENT:
                continue
            elif action.value is not None:
                raise ValueError(f"unknown action {kind!r} with an amount")
        self._pay(builder, names)
        rake_cents = self.attrib.get("rake", "")
        if rake_cents.isdigit():
            rake = (Decimal(rake_cents) / _HUNDRED).quantize(CENT)
        else:  # not written: what went in and did not come out
            rake = sum(builder.contributions().values(), ZERO) - sum(
                (c.amount for c in builder.collections), ZERO
            )
        pots: dict[str, Decimal] = {}
        for collection in builder.collections:
            pots[collection.pot] = pots.get(collection.pot, ZERO) + collection.amount
        return builder.build(rake=rake, pots=tuple(pots.values()))

    @staticmethod
    def _bet(builder: HandBuilder, player: str, kind: str, amount: Decimal, to: bool) -> None:
        if to:
            amount -= builder.on_street(player)
        all_in = kind == "AllIn"
        facing = max((builder.on_street(s.name) for s in builder.seats), default=ZERO)
        mine = builder.on_street(player) + amount
        if kind == "Call" or (all_in and mine <= facing):
            builder.call(player, amount, all_in=all_in)
        elif facing == 0 and kind in ("Bet", "AllIn"):
            builder.bet(player, amount, all_in=all_in)
        else:
            builder.raise_by(player, amount, all_in=all_in)

    def _pay(self, builder: HandBuilder, names: dict[str, str]) -> None:
        """The winners' collections, and the returns no line writes.

        A seat's end balance is its balance, less what it put in, plus what came back
        and what it won: what came back beyond the ``MoneyReturned`` lines was returned
        silently. The unmatched part of the largest bet that is still in the pot after
        that was counted in its owner's winnings: it is returned, the rest collected.
        """
        won: dict[str, Decimal] = {}
        for win in self.wins:
            won[win.seat] = won.get(win.seat, ZERO) + win.amount
        put: dict[str, Decimal] = {}
        back: dict[str, Decimal] = {}
        for action in builder.actions:
            total = back if action.kind is ActionKind.RETURN else put
            total[action.player] = total.get(action.player, ZERO) + action.amount
        for seat in self.seats if self.fitting else ():
            silent = (
                seat.end
                - seat.balance
                + put.get(seat.name, ZERO)
                - back.get(seat.name, ZERO)
                - won.get(seat.number, ZERO)
            )
            if silent > 0:
                builder.returned(seat.name, silent)
        wins = [_Win(w.seat, w.amount, w.pot, w.line) for w in self.wins]
        ranked = builder.live_stakes()  # dead blinds and antes match no bet
        if len(ranked) >= 2 and ranked[0][1] > ranked[1][1]:
            top, excess = ranked[0][0], ranked[0][1] - ranked[1][1]
            number = next(seat.number for seat in self.seats if seat.name == top)
            for win in sorted(wins, key=lambda w: w.pot, reverse=True):
                if win.seat == number and excess:
                    taken = min(win.amount, excess)
                    win.amount -= taken
                    builder.returned(top, taken)
                    excess -= taken
        pots = sorted({w.pot for w in wins}, key=lambda p: int(p) if p.isdigit() else 0)
        for win in wins:
            if not win.amount:
                continue
            if win.seat not in names:
                raise ValueError(f"no player sits in seat {win.seat!r}")
            builder.line = win.line
            label = (
                "pot"
                if len(pots) == 1
                else "main pot"
                if win.pot == pots[0]
                else f"side pot-{win.pot}"
            )
            builder.collect(names[win.seat], win.amount, label)


class MicrogamingReader(ElementReader[_Game]):
    """The reader of a Microgaming XML history file."""

    root = "microgaming-histories"
    tag = "Game"
    opens = ("<Game ",)

    def _hand(self, attrib: dict[str, str], number: int) -> _Game:
        return _Game(attrib, number)

    def _outside(self, text: str) -> bool:
        return _DECORATION_RE.match(text) is not None


read: Final = MicrogamingReader
"""A reader of a Microgaming XML history (a path or an open stream)."""


FORMAT: Final = Format(
    name="microgaming_xml",
    rooms=("Microgaming",),
    recognise=recognise,
    read=read,
)
"""Microgaming's XML hand histories."""
