"""PKR histories: text, one hand after another, each closed by ``End of Hand``.

A hand, as the PKR client writes it::

    Table #46301943 - Hellenic Aquarium
    Starting Hand #2147625245
    Start time of hand: 15 Aug 2012 00:51:26
    Game Type: HOLD'EM
    Limit Type: NO LIMIT
    Table Type: RING
    Money Type: REAL MONEY
    Blinds are now $0.02 / $0.04
    Button is at seat 5
    Seat 1: Ann - $0.40
    Seat 7: Bob - $5.62 (away from table)
    ...
    Moving Button to seat 9
    Cid posts small blind ($0.02)
    Ann posts big blind ($0.04)
    Dee posts $0.04
    Dealing Cards
    Dealing [4 h][Q s] to Eve
    Dee calls $0.06
    Fay raises to $0.06 (all-in)
    Pot sizes: $0.32
    Dealing Flop [4 d][3 d][6 c]
    ...
    Ann shows [T c][5 c]
    Taking Rake of $0.17 from pot 2
    Dee wins $0.38 from side pot #2 with: Straight, 7 high
    Dee ties side pot #1, and wins $0.43 with: Straight, 7 high
    Ann ties, and wins $0.16 with: Straight, 7 high
    Seat 1: Ann - $0.58
    ...
    End of Hand #2147625245

What the layout means, read from real files:

* ``calls``, ``bets`` and ``raises to`` give the player's total on the street
  (a big blind facing a raise to 0.06 ``calls $0.06``); ``posts $0.04`` is a
  live blind posted to come in.
* Cards are written rank, space, suit: ``[T c]``.
* The seats are listed again after the hand with each stack at its end: the
  part of the largest bet nobody matched came back when its owner's end stack
  says so (no line returns it; other end stacks are not relied on, one real
  file forgets a small blind). The rake is written (``Taking Rake of ...``).

>>> import io
>>> text = '''Table #1 - Oak
... Starting Hand #7
... Game Type: HOLD'EM
... Limit Type: NO LIMIT
... Table Type: RING
... Money Type: REAL MONEY
... Blinds are now $0.05 / $0.10
... Button is at seat 1
... Seat 1: Ann - $5
... Seat 2: Bob - $5
... Ann posts small blind ($0.05)
... Bob posts big blind ($0.10)
... Dealing Cards
... Ann raises to $0.30
... Bob folds
... Ann wins $0.20
... Seat 1: Ann - $5.10
... Seat 2: Bob - $4.90
... End of Hand #7
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected()  # Ann's 0.30 less Bob's 0.10 came back
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')})
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Final

from showdown.cards import Card
from showdown.errors import HistoryError
from showdown.history.amounts import CENT, ONE, ZERO, amount_of, currency_in
from showdown.history.formats import Format
from showdown.history.games import game_id, limit_name
from showdown.history.layout import pattern_found, street_words
from showdown.history.linereader import HandLines, LineReader
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "PkrReader", "read", "recognise"]

SITE: Final = "pkr"

_RECOGNISE_RE: Final = re.compile(r"^Starting Hand #\d+", re.MULTILINE)
_START_RE: Final = re.compile(r"^Starting Hand #(\d+)$")
_TABLE_RE: Final = re.compile(r"^Table #\d+ - (.*)$")
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+?) - (\S+)( \(.*\))?$")
_BUTTON_RE: Final = re.compile(r"^(?:Button is at|Moving Button to) seat (\d+)$")
_POST_RE: Final = re.compile(
    r"^(.+?) posts (small blind |big blind |ante |dead )?\(?([^()\s]+)\)?$"
)
_DEAD_RE: Final = re.compile(r"^(.+?) posts \(?([^()\s]+)\)? dead$")
_ACTION_RE: Final = re.compile(r"^(.+?) (calls|bets|raises to) (\S+)( \(all-in\))?$")
_PLAIN_RE: Final = re.compile(r"^(.+?) (checks|folds|mucks|doesn't show)$")
_STREET_RE: Final = re.compile(r"^Dealing (Flop|Turn|River) ((?:\[[^\]]*\])+)$")
_DEALT_RE: Final = re.compile(r"^Dealing ((?:\[[^\]]*\])+) to (.+)$")
_SHOWS_RE: Final = re.compile(r"^(.+?) shows ((?:\[[^\]]*\])+)")
_WINS_RE: Final = re.compile(
    r"^(.+?) (?:ties(?: (side pot #\d+|main pot))?, and wins|wins) (\S+?)"
    r"(?: from (.+?))?(?: with.*)?$"
)
_TIES_LOW_RE: Final = re.compile(r"^(.+?) ties (\S+) with (high|low) hand")
_RETURNING_RE: Final = re.compile(r"^Returning (\S+) to (.+) uncalled$")
_RAKE_RE: Final = re.compile(r"^Taking Rake of (\S+) from pot")
_STREETS: Final = street_words(title=True)
_LIMITS: Final = {"NO LIMIT": "No Limit", "POT LIMIT": "Pot Limit", "FIXED LIMIT": "Limit"}


recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a PKR history."""


@functools.lru_cache(maxsize=65536)
def _cards(text: str) -> tuple[Card, ...]:
    """Cards as written: ``[T c][5 c]``, or in older files ``[Ad 8h]``; ``[XX]`` is hidden."""
    # "[XX] [6 s]": a card not shown is left out
    words = [w for w in text.replace("]", " ").replace("[", " ").split() if w.upper() != "XX"]
    if len(words) % 2 == 0 and all(len(w) == 1 and w in "cdhs" for w in words[1::2]):
        words = [rank + suit for rank, suit in zip(words[::2], words[1::2], strict=True)]
    return tuple(Card("T" + w[2:] if w.startswith("10") else w[0].upper() + w[1:]) for w in words)


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE
    cut_off_first = True  # a hand closes with "End of Hand #"

    def __init__(self, hand_id: str, table: str, line: int) -> None:
        super().__init__(hand_id, line)
        self.acting = False
        self.currency: str | None = None
        self.end_stacks: dict[str, Decimal] = {}
        self.rake = ZERO
        self.fields = self.builder.fields
        self.fields["table"] = table

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        if text.startswith("Blinds are now "):
            self.fields["stakes"] = text.removeprefix("Blinds are now ").replace(" / ", "/")
            return
        builder = self.builder
        builder.line = number
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            player, verb, total = match[1], match[2], self._amount(match[3])
            all_in = bool(match[4])
            if builder.street == "blinds":
                builder.street = "preflop"
            increment = total - builder.on_street(player)
            if verb == "calls":
                builder.call(player, increment, all_in=all_in)
            elif verb == "bets" and not builder.on_street(player):
                builder.bet(player, increment, all_in=all_in)
            else:
                builder.raise_to(player, total, all_in=all_in)
            return
        match = _PLAIN_RE.match(text)
        if match and builder.seated(match[1]):
            verb = match[2]
            if builder.street == "blinds":
                builder.street = "preflop"
            (
                builder.check
                if verb == "checks"
                else builder.fold
                if verb == "folds"
                else builder.muck
            )(match[1])
            return
        if text.startswith("Seat "):
            self._seat(text)
        elif text.startswith("Dealing "):
            self._dealing(text)
        elif " posts " in text:
            self._post(text)
        elif " shows " in text:
            self.show_line(_SHOWS_RE, text, _cards)
        elif " wins " in text:
            wins = _WINS_RE.match(text)
            if wins and builder.seated(wins[1]):
                pot = wins[2] or wins[4] or "main pot"
                if " with high hand" in text or " with low hand" in text:
                    pot += " (high)" if " with high hand" in text else " (low)"
                builder.collect(wins[1], self._amount(wins[3]), pot)
        elif " ties " in text:  # a share of the low half: "Ann ties $34.75 with low hand: A2345"
            ties = _TIES_LOW_RE.match(text)
            if ties and builder.seated(ties[1]):
                builder.collect(ties[1], self._amount(ties[2]), f"main pot ({ties[3]})")
        elif text.startswith("Returning "):
            back = _RETURNING_RE.match(text)
            if back and builder.seated(back[2]):
                builder.returned(back[2], self._amount(back[1]))
        elif text.startswith("Taking Rake of "):
            rake = _RAKE_RE.match(text)
            if rake:
                self.rake += self._amount(rake[1])
        elif text.startswith(("Button is at", "Moving Button to")):
            button = _BUTTON_RE.match(text)
            if button:
                self.fields["button"] = int(button[1])
        elif ": " in text:
            self._fact(text)

    def _amount(self, text: str) -> Decimal:
        if self.currency is None:
            self.currency = currency_in(text)
        return amount_of(text, False)

    def _fact(self, text: str) -> None:
        """``Game Type: HOLD'EM``, ``Limit Type: NO LIMIT``, ``Money Type: ...``."""
        key, _, value = text.partition(": ")
        if key == "Game Type":
            self.game, name = game_id(value.replace("HOLD'EM", "Hold'em").replace("HI/LO", "Hi/Lo"))
            self.fields.update(game=self.game, game_name=name)
        elif key == "Limit Type":
            self.fields["limit"] = _LIMITS.get(value, limit_name(f" {value} "))
        elif key == "Table Type" and value != "RING":
            self.fields["tournament"] = self.fields.get("table", "")
        elif key == "Money Type" and value != "REAL MONEY":
            self.fields["play_money"] = True

    def _seat(self, text: str) -> None:
        match = _SEAT_RE.match(text)
        if match is None:
            return
        stack = self._amount(match[3])
        if self.acting:  # the seats again, after the hand: the stacks at its end
            self.end_stacks[match[2]] = stack
            return
        away = bool(match[4]) and "away" in match[4]
        self.builder.seat(int(match[1]), match[2], stack, sitting_out=away)

    def _dealing(self, text: str) -> None:
        builder = self.builder
        street = _STREET_RE.match(text)
        if street:
            builder.street = _STREETS[street[1]]
            builder.board(_cards(street[2]))
            return
        dealt = _DEALT_RE.match(text)
        if dealt and builder.seated(dealt[2]):
            builder.deal(dealt[2], _cards(dealt[1]))
        elif text == "Dealing Cards":
            builder.street = "preflop"

    def _post(self, text: str) -> None:
        dead = _DEAD_RE.match(text)  # "Bob posts $1 dead": the small blind posted dead
        if dead and self.builder.seated(dead[1]):
            self.builder.post(ActionKind.DEAD_BLIND, dead[1], self._amount(dead[2]))
            return
        match = _POST_RE.match(text)
        if match is None or not self.builder.seated(match[1]):
            return
        self.acting = True
        what = (match[2] or "").strip()
        kind = {
            "small blind": ActionKind.SMALL_BLIND,
            "ante": ActionKind.ANTE,
            "dead": ActionKind.DEAD_BLIND,
        }.get(what, ActionKind.BIG_BLIND)
        self.builder.post(kind, match[1], self._amount(match[3]))

    def build(self, source: str, index: int) -> Hand:
        builder = self.builder
        won: dict[str, Decimal] = {}
        for collection in builder.collections:
            won[collection.player] = won.get(collection.player, ZERO) + collection.amount
        put = builder.contributions()
        ranked = builder.live_stakes()  # dead blinds and antes match no bet
        if len(ranked) >= 2 and ranked[0][1] > ranked[1][1]:
            top, excess = ranked[0][0], ranked[0][1] - ranked[1][1]
            start = next(seat.stack for seat in builder.seats if seat.name == top)
            # end = start - put + back + won: what came back though no line says so (only
            # the unmatched part of the largest bet can have; another stack that does not
            # fit is the room's slip, not a return)
            end = self.end_stacks.get(top)
            if end is not None:
                back = end - start + put[top] - won.get(top, ZERO)
                if 0 < back <= excess:
                    builder.returned(top, back)
        chips = self.fields.get("tournament") is not None or self.fields.get("play_money")
        return builder.build(
            source=source,
            index=index,
            currency=None if chips else self.currency,
            unit=ONE if chips else CENT,
            rake=self.rake,
        )


class PkrReader(LineReader[_Hand]):
    """The reader of a PKR history file."""

    starts = ("Table #", "Starting Hand #")
    ends = ("E", "e")

    def _entries(self, stream: Iterable[str], name: str) -> Iterator[Hand | HistoryError]:
        self._table = ""  # the table the next hand is played at
        yield from super()._entries(stream, name)

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        if text.startswith("Table #"):
            match = _TABLE_RE.match(text)
            self._table = match[1] if match else ""
            return None
        start = _START_RE.match(text)
        return _Hand(start[1], self._table, number) if start else None

    def _closes(self, text: str) -> bool:
        return text.lower().startswith("end of hand #")

    def _outside(self, number: int, text: str, index: int) -> bool:
        # the table line before a hand, and anything between hands
        return index > 0 or text.startswith("Table #")


read: Final = PkrReader
"""A reader of a PKR history (a path or an open stream)."""


FORMAT: Final = Format(name="pkr", rooms=("PKR",), recognise=recognise, read=read)
"""PKR's text hand histories."""
