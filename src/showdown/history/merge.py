"""Merge Network histories (Carbon Poker and its skins): XML, one ``<game>`` per hand.

A Merge client writes a ``<description>`` of the table's game and stakes, then
one ``<game>`` element per hand, side by side with no root element::

    <description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>
    <game id="35368081-1133" starttime="20110531030610" numholecards="2" gametype="2"
          realmoney="true" data="20110531|Santiago (35368081)|35368081|35368081-1133|false">
      <players dealer="3">
        <player seat="0" nickname="Ann" balance="$5.05" dealtin="true" />
        ...
      </players>
      <round id="BLINDS" sequence="1">
        <event sequence="1" type="SMALL_BLIND" player="4" amount="0.02"/> ...
      </round>
      <round id="PREFLOP" sequence="2"> ... <cards type="HOLE" cards="Qc,3d" player="0"/>
      <round id="POSTFLOP" sequence="3"> ... <cards type="COMMUNITY" cards="7s,Jc,Ad"/>
      ...
      <round id="SHOWDOWN" sequence="6">
        <event type="SHOW" player="7"/> <event type="MUCK" player="4"/>
        <cards type="SHOWN" cards="Kh,Ad" player="7"/>
        <cards type="MUCKED" cards="Ac,Qs" player="4"/>
      </round>
      <round id="END_OF_GAME" sequence="7">
        <winner amount="0.59" uncalled="false" potnumber="1" player="7" pottype="n"/>
      </round>
    </game>

What the layout means, read from real files:

* Seats are numbered from 0 (``seat="0"``; events name the player by seat); they
  are kept here numbered from 1, the button with them. ``dealtin="false"`` is a
  player sitting out.
* ``CALL``, ``BET`` and ``ALL_IN`` amounts are what the action put in; a
  ``RAISE`` (and a stud ``COMPLETE``) amount is the player's total on the
  street ("raise to").
* A ``winner`` amount in older files is what the player took back, the
  uncalled part of his own last bet included (``uncalled="false"``
  notwithstanding): the reader returns the unmatched part of the largest
  contribution and collects the rest.
* The rake is written nowhere: it is what was put in less what was returned
  and collected.
* A stud hand's up cards are ``DRAW_DRAWN_CARDS`` (``",,5h"``: the hole cards
  unknown); a ``null`` card is one not shown.
* A ``winner``'s ``pottype`` is ``h`` or ``l`` for the high or the low half of
  a split pot, ``n`` for a whole one; newer files write the uncalled part of a
  bet as a winner of its own with ``uncalled="true"``, older ones count it in
  the winner's amount.
* A tournament's ``description`` type ends in ``Tournament``; its ``data``
  ends in ``true`` and its third field is the tournament (``38893318-1``).

The file is streamed with :class:`xml.etree.ElementTree.XMLPullParser` (the
engine of ``iterparse``), fed one line at a time under a made-up root, and
each hand is read as its elements start and dropped when it ends, so one hand
at a time is held. A hand the file stops inside is ``'cut off'``; text that is
no XML of this layout stops the hand it is in and is skipped to the next
``<game>``.

>>> import io
>>> text = '''<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>
... <game id="7-1" starttime="20120101120000" numholecards="2" gametype="2" realmoney="true"
...  data="20120101|Lima (7)|7|7-1|false">
... <players dealer="0">
... <player seat="0" nickname="Ann" balance="$10.00" dealtin="true" />
... <player seat="1" nickname="Bob" balance="$10.00" dealtin="true" />
... </players>
... <round id="BLINDS" sequence="1">
... <event sequence="1" type="SMALL_BLIND" player="0" amount="0.05"/>
... <event sequence="2" type="BIG_BLIND" player="1" amount="0.10"/>
... </round>
... <round id="PREFLOP" sequence="2">
... <event sequence="3" type="RAISE" player="0" amount="0.30"/>
... <event sequence="4" type="FOLD" player="1"/>
... </round>
... <round id="END_OF_FOLDED_GAME" sequence="3">
... <winner amount="0.40" uncalled="false" potnumber="1" player="0" pottype="n"/>
... </round>
... </game>
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected(), hand.rake  # 0.40 won = 0.20 back + the 0.20 pot
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')}, Decimal('0.00'))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from typing import IO, Final

from showdown.cards import Card, parse_cards
from showdown.errors import HistoryError
from showdown.history.amounts import ONE, ZERO, attribute_amount, currency_in
from showdown.history.formats import Format
from showdown.history.games import game_id, limit_name
from showdown.history.layout import pattern_found
from showdown.history.linereader import ElementHand, ElementReader
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "MergeReader", "read", "recognise"]

SITE: Final = "merge"

_RECOGNISE_RE: Final = re.compile(
    r'<game id="\d+-\d+" starttime="\d+"|<description type="[^"]*" stakes="'
)
_STAKES_RE: Final = re.compile(r"\(([^()]*)\)|(\S*\d\S*/\S*\d\S*)")
_ROOT: Final = "merge-histories"
_Winner = tuple[str, Decimal, int, bool, int, str]
"""A ``winner``: player, amount, pot number, uncalled, line, the half (" (high)")."""
_HALVES: Final = {"h": " (high)", "l": " (low)"}
"""A winner's ``pottype``: the high or the low half of a split pot (``n``: the whole)."""
_MIXES: Final = frozenset({"HA", "HAR", "HO", "HORSE", "HOSE", "RASH", "SHOE"})
_MIX_GAMES: Final = {
    # the game of a hand of a mixed game, by its number (multigametype)
    "2": "Holdem",
    "9": "Holdem",
    "23": "Holdem",
    "4": "Omaha",
    "35": "Omaha H/L8",
    "37": "Omaha H/L8",
    "39": "7-Stud",
    "41": "7-Stud",
    "43": "7-Stud H/L8",
    "45": "7-Stud H/L8",
    "47": "Razz",
    "49": "Razz",
}
_GAME_WORDS: Final = {
    # Merge's game names that showdown's table (games.SITE_GAMES) words otherwise
    "2-7 Lowball": "2-7 Triple Draw",
    "A-5 Lowball": "A-5 Triple Draw",
    "5-Draw": "5 Card Draw",
    "5-Draw w/Joker": "5 Card Draw",
    "5-Stud": "5 Card Stud",
}

_STREETS: Final = {
    "BLINDS": "blinds",
    "BRING_IN": "blinds",  # the bring-in is a live forced bet, as blinds are
    "PREFLOP": "preflop",
    "POSTFLOP": "flop",
    "POSTTURN": "turn",
    "POSTRIVER": "river",
    "THIRD_STREET": "third",
    "FOURTH_STREET": "fourth",
    "FIFTH_STREET": "fifth",
    "SIXTH_STREET": "sixth",
    "SEVENTH_STREET": "seventh",
    "SHOWDOWN": "showdown",
    "END_OF_GAME": "showdown",
    "END_OF_FOLDED_GAME": "showdown",
}
_FORCED: Final = {
    "SMALL_BLIND": ActionKind.SMALL_BLIND,
    "BIG_BLIND": ActionKind.BIG_BLIND,
    "ANTE": ActionKind.ANTE,
    "BRING_IN": ActionKind.BRING_IN,
}
_SILENT: Final = frozenset({"SHOW", "CHAT", "PLAYER_OUT", "SIT_OUT", "SIT_IN", "TIMEOUT"})
"""Events that move no chips (a SHOW is read from its ``SHOWN`` cards)."""


recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a Merge Network XML history."""


@functools.lru_cache(maxsize=65536)
def _cards(text: str) -> tuple[Card, ...]:
    """The known cards of a ``cards`` attribute (``"null,Ac"``, ``",,5h"``)."""
    known = [c for c in text.split(",") if c and c != "null"]
    return parse_cards(" ".join(known), allow_duplicates=True) if known else ()


def _decimals(text: str) -> int:
    """The decimals an amount needs (``'15.00'``: 0, ``'0.05'``: 2)."""
    dot = text.find(".")
    return len(text[dot + 1 :].rstrip("0")) if dot >= 0 else 0


class _Game(ElementHand):
    """One ``<game>`` read as its elements start."""

    site = SITE

    def __init__(self, attrib: dict[str, str], description: dict[str, str], line: int) -> None:
        super().__init__(attrib.get("id", ""), line)
        self.fields: dict[str, object] = {"hand_id": self.hand_id, "game": ""}
        self.names: dict[str, str] = {}
        self.stacks: dict[str, Decimal] = {}
        self.currency: str | None = None
        self.tournament_hand = False
        self.places = 0
        self.muckers: list[str] = []
        self.mucked: dict[str, tuple[Card, ...]] = {}
        self.winners: list[_Winner] = []
        try:
            self._header(attrib, description)
        except Exception as exc:
            self.error = exc

    def _header(self, attrib: dict[str, str], description: dict[str, str]) -> None:
        kind = description.get("type", "")
        stakes_text = description.get("stakes", "")
        if not kind:
            raise ValueError("no <description> of the game precedes the hand")
        data = attrib.get("data", "").split("|")
        self.tournament_hand = "tournament" in kind.lower() or data[-1:] == ["true"]
        base = kind.replace("Tournament", "").strip()
        if base.split(" ")[0] in _MIXES:
            # a mixed game's description names the mix; the hand's game is a number
            code = attrib.get("multigametype") or attrib.get("gametype", "")
            if code not in _MIX_GAMES:
                raise ValueError(f"unknown game number {code!r} in a {base!r} game")
            base = _MIX_GAMES[code]
        game, name = game_id(_GAME_WORDS.get(base, base))
        stakes = _STAKES_RE.search(stakes_text)
        self.fields.update(
            {
                "game": game,
                "game_name": name,
                "limit": limit_name(stakes_text),
                "stakes": (stakes[1] or stakes[2]) if stakes else "",
                "table": data[1] if len(data) > 1 else "",
                "play_money": attrib.get("realmoney") == "false",
                "tournament": data[2].split("-")[0]
                if self.tournament_hand and len(data) > 2
                else None,
            }
        )
        self.game = game
        if attrib.get("seats", "").isdigit():
            self.fields["max_seats"] = int(attrib["seats"])
        self.currency = currency_in(stakes_text)

    # -- elements ----------------------------------------------------------------------

    def start(self, tag: str, attrib: dict[str, str], line: int) -> None:
        builder = self.builder
        builder.line = line
        if tag == "event":
            self._event(attrib)
        elif tag == "cards":
            self._cards(attrib)
        elif tag == "round":
            street = _STREETS.get(attrib.get("id", ""))
            if street is None:
                raise ValueError(f"unknown round {attrib.get('id')!r}")
            builder.street = street
        elif tag == "player":
            self._seat(attrib)
        elif tag == "winner":
            self.winners.append(
                (
                    self._player(attrib),
                    self._money(attrib.get("amount")),
                    int(attrib.get("potnumber", "1") or 1),
                    attrib.get("uncalled") == "true",
                    line,
                    _HALVES.get(attrib.get("pottype", ""), ""),
                )
            )
        elif tag == "players":
            dealer = attrib.get("dealer", "")
            if dealer.lstrip("-").isdigit() and int(dealer) >= 0:
                self.fields["button"] = int(dealer) + 1

    def _seat(self, attrib: dict[str, str]) -> None:
        seat, name = attrib.get("seat", ""), attrib.get("nickname", "")
        balance = attrib.get("balance", "0")
        self.currency = self.currency or currency_in(balance)
        stack = attribute_amount(balance)
        self.places = max(self.places, _decimals(balance))
        self.builder.seat(int(seat) + 1, name, stack, sitting_out=attrib.get("dealtin") == "false")
        self.names[seat] = name
        self.stacks[name] = stack

    def _player(self, attrib: dict[str, str]) -> str:
        seat = attrib.get("player", "")
        name = self.names.get(seat)
        if name is None:
            raise ValueError(f"no player sits in seat {seat!r}")
        return name

    def _money(self, text: str | None) -> Decimal:
        amount = attribute_amount(text)
        places = _decimals(text or "")
        if places > self.places:
            self.places = places
        return amount

    def _event(self, attrib: dict[str, str]) -> None:
        kind = attrib.get("type", "")
        if kind in _SILENT:
            return
        builder = self.builder
        player = self._player(attrib)
        if kind == "FOLD":
            builder.fold(player)
        elif kind == "CHECK":
            builder.check(player)
        elif kind == "CALL":
            builder.call(player, self._money(attrib.get("amount")))
        elif kind == "BET":
            builder.bet(player, self._money(attrib.get("amount")))
        elif kind in ("RAISE", "COMPLETE"):
            total = self._money(attrib.get("amount"))
            if total <= builder.on_street(player):
                raise ValueError(f"{player!r} raises to {total}, no more than he has in")
            builder.raise_to(player, total)
        elif kind == "ALL_IN":
            self._all_in(player, self._money(attrib.get("amount")))
        elif kind == "MUCK":
            self.muckers.append(player)
        elif kind in _FORCED:
            builder.post(_FORCED[kind], player, self._money(attrib.get("amount")))
        elif "amount" in attrib:
            raise ValueError(f"unknown event {kind!r} with an amount")

    def _all_in(self, player: str, amount: Decimal) -> None:
        """An all-in: the amount is what went in (or, failing that, the street total)."""
        builder = self.builder
        left = self.stacks[player] - builder.contributions().get(player, ZERO)
        on_street = builder.on_street(player)
        if amount != left and amount - on_street == left:
            amount = left  # written as the street total
        facing = max((builder.on_street(name) for name in self.stacks), default=ZERO)
        if on_street + amount <= facing:
            builder.call(player, amount, all_in=True)
        elif facing == 0:
            builder.bet(player, amount, all_in=True)
        else:
            builder.raise_by(player, amount, all_in=True)

    def _cards(self, attrib: dict[str, str]) -> None:
        kind = attrib.get("type", "")
        cards = _cards(attrib.get("cards", ""))
        builder = self.builder
        if kind == "COMMUNITY":
            builder.set_board(cards)
            return
        player = self._player(attrib)
        if kind == "SHOWN":
            if cards:
                builder.show(player, cards)
        elif kind == "MUCKED":
            self.mucked[player] = cards
        elif cards:  # HOLE, DRAW_DRAWN_CARDS: cards seen dealt
            builder.deal(player, cards)

    # -- the end -----------------------------------------------------------------------

    def build(self, source: str, index: int) -> Hand:
        builder = self.builder
        for player in dict.fromkeys([*self.muckers, *self.mucked]):
            shown = any(s.player == player and not s.mucked for s in builder.showings)
            if not shown:
                builder.muck(player, self.mucked.get(player, ()))
        winners = self.winners
        if any(winner[3] for winner in winners):
            for player, amount, _, uncalled, line, _ in winners:
                if uncalled:
                    builder.line = line
                    builder.returned(player, amount)
            winners = [w for w in winners if not w[3]]
        else:
            winners = self._return_from_winnings(winners)
        numbers = sorted({winner[2] for winner in winners})
        pots: dict[int, Decimal] = {}
        for player, amount, number, _, line, half in winners:
            builder.line = line
            builder.collect(player, amount, self._pot_name(number, numbers) + half)
            pots[number] = pots.get(number, ZERO) + amount
        self._stacks_before_blinds()
        chips = self.tournament_hand or bool(self.fields["play_money"])
        if chips:
            unit = ONE if self.places == 0 else Decimal(1).scaleb(-self.places)
        else:
            unit = Decimal(1).scaleb(-max(self.places, 2))
        put_in = sum(builder.contributions().values(), ZERO)
        collected = sum(pots.values(), ZERO)
        # the rake is written nowhere: what went in and did not come out
        rake = put_in - collected if put_in >= collected else ZERO
        return builder.build(
            source=source,
            index=index,
            unit=unit,
            currency=None if chips else self.currency,
            rake=rake,
            pots=tuple(pots[n] for n in numbers),
            **self.fields,
        )

    def _stacks_before_blinds(self) -> None:
        """Stacks as they were before the blinds, where the file wrote them after (some
        tournament files do: a stack smaller than what its owner put in, by his blinds)."""
        builder = self.builder
        put_in = builder.contributions()
        if all(put_in.get(seat.name, ZERO) <= seat.stack for seat in builder.seats):
            return
        forced: dict[str, Decimal] = {}
        for action in builder.actions:
            if action.kind.forced:
                forced[action.player] = forced.get(action.player, ZERO) + action.amount
        for i, seat in enumerate(builder.seats):
            blinds = forced.get(seat.name, ZERO)
            excess = put_in.get(seat.name, ZERO) - seat.stack
            if blinds and 0 < excess <= blinds:
                builder.seats[i] = replace(seat, stack=seat.stack + blinds)

    def _return_from_winnings(self, winners: list[_Winner]) -> list[_Winner]:
        """Return the unmatched part of the largest contribution, taken from its owner's
        winnings (the room counts it in them)."""
        builder = self.builder
        before = len(builder.actions)
        builder.return_uncalled()
        back = builder.actions[before:]
        if not back:
            return winners
        player, amount = back[0].player, back[0].amount
        result = list(winners)
        for i in sorted(range(len(result)), key=lambda i: -result[i][2]):
            name, won, number, uncalled, line, half = result[i]
            if name != player or not amount:
                continue
            taken = min(won, amount)
            result[i] = (name, won - taken, number, uncalled, line, half)
            amount -= taken
        return [w for w in result if w[1]]

    @staticmethod
    def _pot_name(number: int, numbers: list[int]) -> str:
        if len(numbers) == 1:
            return "pot"
        return "main pot" if number == numbers[0] else f"side pot-{numbers.index(number)}"


class MergeReader(ElementReader[_Game]):
    """The reader of a Merge Network XML history file."""

    root = _ROOT
    tag = "game"
    opens = ("<game ", "<description ")

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        self._description: dict[str, str] = {}  # the table's game, written before its hands
        yield from super()._entries(stream, name)

    def _hand(self, attrib: dict[str, str], number: int) -> _Game:
        return _Game(attrib, self._description, number)

    def _element(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == "description":
            self._description = attrib


read: Final = MergeReader
"""A reader of a Merge Network XML history (a path or an open stream)."""


FORMAT: Final = Format(
    name="merge_xml",
    rooms=("Merge Network",),
    recognise=recognise,
    read=read,
)
"""Merge Network's XML hand histories."""
