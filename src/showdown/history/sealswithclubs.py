"""Seals with Clubs histories (bitcoin poker, amounts in millibitcoins): two text layouts.

The client's first layout (2013-2014), read here line by line::

    Hand #5338590-82 - 2013-04-12 00:37:11
    Game: NL Hold'em (20 - 100) - Blinds 1/1
    Site: Seals With Clubs
    Table: NLHE 9max 1/1 #2
    Seat 2: Ann (23)
    Seat 6: Bob (2)
    Ann has the dealer button
    Bob posts small blind 1
    Ann posts big blind 1
    ** Hole Cards **
    Dealt to Bob [Kd Qh]
    Ann raises to 3
    Bob calls 1 (All-in)
    ** Flop ** [5h 5d Kh]
    ...
    Ann refunded 1
    ** Main Pot Show Down ** [5h 5d Kh 6s 8h]
    Ann shows [Td Tc] (Two Pair, Tens and Fives +K)
    Bob shows [Kd Qh] (Two Pair, Kings and Fives +Q)
    Bob wins Main Pot (4) with Two Pair
    Rake (0)

* ``calls`` and ``bets`` give what went in, ``raises to`` the street total;
  ``posts small & big blind`` is the big blind live and the rest dead.
* ``refunded`` returns an uncalled bet. Each pot's ``wins`` line is followed
  by its ``Rake``. A side pot may be paid before the main pot's showdown.
* Lines after a hand's last pot (``Bob adds 94 chips``) are passed over.

The later client (``SwCPoker Hand #301457958:  Omaha Pot Limit (0.02/0.04) -
...``) writes PokerStars' layout; those files are read by the PokerStars
reader under the ``sealswithclubs`` site.

>>> import io
>>> text = '''Hand #1-1 - 2013-10-31 07:53:57
... Game: NL Hold'em (600 - 3000) - Blinds 15/30
... Site: Seals With Clubs
... Table: NLHE HU 15/30 #2
... Seat 1: Ann (1346.42)
... Seat 2: Bob (2798.10)
... Bob has the dealer button
... Bob posts small blind 15
... Ann posts big blind 30
... ** Hole Cards **
... Bob folds
... Ann refunded 15
... Ann wins Pot (30)
... Rake (0)
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected(), hand.currency
({'Ann': Decimal('15')}, {'Ann': Decimal('30')}, 'mBTC')
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import IO, Final

from showdown.cards import Card, parse_cards
from showdown.errors import HistoryError
from showdown.history._text import (
    Dialect,
    Reader,
    Source,
    not_a_history,
    parse_hand,
    raw_hands,
)
from showdown.history.formats import Format, HandBuilder, clean_line, cut_off, read_error
from showdown.history.games import game_id
from showdown.history.model import ActionKind, Hand
from showdown.history.pokerstars import parse_header as stars_header

__all__ = ["FORMAT", "SWCPOKER", "SealsWithClubsReader", "read", "recognise"]

SITE: Final = "sealswithclubs"
_ZERO: Final = Decimal(0)
_CENT: Final = Decimal("0.01")
_CURRENCY: Final = "mBTC"
"""Not an ISO code: the room's tables count millibitcoins."""

_HEADER_RE: Final = re.compile(r"^Hand #(\d+-\d+) - \d{4}-\d\d-\d\d")
_RECOGNISE_RE: Final = re.compile(r"SwCPoker Hand |^Site: Seals With Clubs", re.MULTILINE)
_GAME_RE: Final = re.compile(
    r"^Game: (?P<limit>NL|PL|Limit|FL) (?P<game>.+?) \([^()]*\) - (?:Blinds|Stakes) (?P<stakes>\S+)"
)
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+?) \(([\d.,]+)\)(?: - (.*))?$")
_ACTION_RE: Final = re.compile(
    r"^(.+?) (posts small & big blind|posts small blind|posts big blind|posts ante"
    r"|calls|bets|raises to|refunded|checks|folds)(?: ([\d.,]+))?( \(All-in\))?$"
)
_STREET_RE: Final = re.compile(r"^\*\* (Hole Cards|Flop|Turn|River) \*\*(?: \[(.*)\])?$")
_SHOWDOWN_RE: Final = re.compile(r"^\*\* .*Show Down \*\* \[(.*)\]$")
_DEALT_RE: Final = re.compile(r"^Dealt to (.+?) \[(.*)\]$")
_SHOWS_RE: Final = re.compile(r"^(.+?) shows \[(.*?)\]")
_MUCKS_RE: Final = re.compile(r"^(.+?) mucks")
_WINS_RE: Final = re.compile(r"^(.+?) wins (.+?) \(([\d.,]+)\)")
_RAKE_RE: Final = re.compile(r"^Rake \(([\d.,]+)\)$")
_STREETS: Final = {"Hole Cards": "preflop", "Flop": "flop", "Turn": "turn", "River": "river"}
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "Limit": "Limit", "FL": "Limit"}
_SWC_TABLE_ID_RE: Final = re.compile(r"'\(\d+\)")


def recognise(start: str) -> bool:
    """Whether a file's start is a Seals with Clubs history (either layout).

    >>> recognise("Hand #1-1 - 2013-10-31 07:53:57\\nGame: NL Hold'em (600 - 3000) - Blinds 15/30"
    ...           "\\nSite: Seals With Clubs\\n")
    True
    >>> recognise("SwCPoker Hand #301457958:  Omaha Pot Limit (0.02/0.04) - 2026/09/08 8:52:04")
    True
    >>> recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    False
    """
    return _RECOGNISE_RE.search(start) is not None


@functools.lru_cache(maxsize=65536)
def _amount(text: str) -> Decimal:
    try:
        return Decimal(text.replace(",", ""))
    except ArithmeticError:
        raise ValueError(f"{text!r} is not an amount") from None


@functools.lru_cache(maxsize=65536)
def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, allow_duplicates=True)


def _swcpoker_header(header: str, table_line: str) -> dict[str, object]:
    """The fields of a ``SwCPoker Hand`` header (the reader marked it with a leading
    ``P``) and its table line (``Table 'Name'(299672838) 8-max (Real Money) ...``)."""
    fields = stars_header(header[1:], _SWC_TABLE_ID_RE.sub("'", table_line, count=1))
    if fields.get("currency") is None and "Real Money" in table_line:
        fields["currency"] = _CURRENCY
    return fields


SWCPOKER: Final = Dialect(
    site=SITE,
    header=re.compile(r"^PSwCPoker Hand #(?P<id>\d+):"),
    colon=True,
    pots_after_rake=True,
    parse_header=_swcpoker_header,
)
"""The later client's PokerStars layout. :func:`showdown.history._text.raw_hands` knows
a header by its first letter, and ``S`` is none of those it looks for: the reader reads
``SwCPoker Hand #`` as ``PSwCPoker Hand #``."""


class _Hand:
    """One hand's lines, read as they come."""

    def __init__(self, hand_id: str, line: int) -> None:
        self.line = line
        self.hand_id = hand_id
        self.game = ""
        self.builder = HandBuilder(line=line, site=SITE, hand_id=hand_id, game="")
        self.fields: dict[str, object] = {}
        self.big_blind = _ZERO
        self.dealer = ""
        self.rake = _ZERO
        self.won = False
        self.error: Exception | None = None

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            self._action(match[1], match[2], match[3], bool(match[4]))
            return
        if text.startswith("** "):
            street = _STREET_RE.match(text)
            if street:
                builder.street = _STREETS[street[1]]
                if street[2]:
                    builder.board(_cards(street[2]))
                return
            showdown = _SHOWDOWN_RE.match(text)
            if showdown:
                builder.set_board(_cards(showdown[1]))
        elif " wins " in text:
            wins = _WINS_RE.match(text)
            if wins and builder.seated(wins[1]):
                self.won = True
                builder.collect(wins[1], _amount(wins[3]), wins[2].lower())
        elif text.startswith("Rake ("):
            rake = _RAKE_RE.match(text)
            if rake:
                self.rake += _amount(rake[1])
        elif " shows [" in text:
            shows = _SHOWS_RE.match(text)
            if shows and builder.seated(shows[1]):
                builder.street = "showdown"
                builder.show(shows[1], _cards(shows[2]))
        elif text.startswith("Dealt to "):
            dealt = _DEALT_RE.match(text)
            if dealt and builder.seated(dealt[1]):
                builder.deal(dealt[1], _cards(dealt[2]))
        elif text.startswith("Seat "):
            seat = _SEAT_RE.match(text)
            if seat:
                out = bool(seat[4]) and "sitting out" in seat[4]
                builder.seat(int(seat[1]), seat[2], _amount(seat[3]), sitting_out=out)
        elif text.endswith(" has the dealer button"):
            self.dealer = text[: -len(" has the dealer button")]
        elif text.startswith("Game: "):
            self._game(text)
        elif text.startswith("Table: "):
            self.fields["table"] = text[7:]
        elif " mucks" in text:
            mucks = _MUCKS_RE.match(text)
            if mucks and builder.seated(mucks[1]):
                builder.muck(mucks[1])

    def _game(self, text: str) -> None:
        match = _GAME_RE.match(text)
        if match is None:
            raise ValueError(f"an unknown game line: {text!r}")
        self.game, name = game_id(match["game"])
        self.builder.fields["game"] = self.game
        stakes = match["stakes"]
        self.big_blind = _amount(stakes.split("/")[-1])
        limit = _LIMITS.get(match["limit"], match["limit"])
        if limit == "Limit":  # "Stakes 2/4": the blinds are 1/2
            self.big_blind = _amount(stakes.split("/")[0])
        self.fields.update(game_name=name, limit=limit, stakes=stakes)

    def _action(self, player: str, verb: str, amount_text: str | None, all_in: bool) -> None:
        builder = self.builder
        if verb == "checks":
            builder.check(player)
            return
        if verb == "folds":
            builder.fold(player)
            return
        if amount_text is None:
            raise ValueError(f"{verb!r} without an amount")
        amount = _amount(amount_text)
        if verb == "calls":
            builder.call(player, amount, all_in=all_in)
        elif verb == "bets":
            builder.bet(player, amount, all_in=all_in)
        elif verb == "raises to":
            builder.raise_to(player, amount, all_in=all_in)
        elif verb == "refunded":
            builder.returned(player, amount)
        elif verb == "posts small blind":
            builder.post(ActionKind.SMALL_BLIND, player, amount, all_in=all_in)
        elif verb == "posts big blind":
            builder.post(ActionKind.BIG_BLIND, player, amount, all_in=all_in)
        elif verb == "posts ante":
            builder.post(ActionKind.ANTE, player, amount, all_in=all_in)
        else:  # both blinds: the big one live, the rest dead
            live = min(amount, self.big_blind) if self.big_blind else amount
            builder.post(ActionKind.BIG_BLIND, player, live)
            if amount > live:
                builder.post(ActionKind.DEAD_BLIND, player, amount - live)

    def build(self, source: str, index: int) -> Hand:
        if not self.game:
            raise ValueError("the hand names no game")
        builder = self.builder
        button = next((s.number for s in builder.seats if s.name == self.dealer), None)
        return builder.build(
            source=source,
            index=index,
            currency=_CURRENCY,
            unit=_CENT,
            rake=self.rake,
            button=button,
            **self.fields,
        )


class SealsWithClubsReader(Reader):
    """The reader of a Seals with Clubs history file (either layout)."""

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        lines = iter(stream)
        head = list(itertools.islice(lines, 20))
        if any("SwCPoker Hand #" in line for line in head):
            yield from _swcpoker(itertools.chain(head, lines), name)
            return
        hand: _Hand | None = None
        index = 0
        stray = False
        for number, raw in enumerate(itertools.chain(head, lines), start=1):
            text = raw.strip() if number > 1 else clean_line(raw)
            if not text:
                continue
            if text.startswith("Hand #"):
                header = _HEADER_RE.match(text)
                if header:
                    if hand is not None:
                        yield _finish(hand, name, index)
                        index += 1
                    hand = _Hand(header[1], number)
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


def _swcpoker(lines: Iterator[str], name: str) -> Iterator[Hand | HistoryError]:
    """The hands of a file in the later client's PokerStars layout."""
    marked = ("P" + line if line.startswith("SwCPoker Hand #") else line for line in lines)
    for item in raw_hands(marked, (SWCPOKER,)):
        if isinstance(item, int):
            yield not_a_history(name, item)
        else:
            dialect, hand_lines, start, index = item
            yield parse_hand(dialect, hand_lines, name, start, index)


def _finish(hand: _Hand, name: str, index: int) -> Hand | HistoryError:
    if hand.error is None and not hand.won:  # every hand ends with a pot won
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


def read(source: Source, *, name: str | None = None) -> SealsWithClubsReader:
    """A reader of a Seals with Clubs history (a path or an open stream)."""
    return SealsWithClubsReader(source, name=name)


FORMAT: Final = Format(
    name="sealswithclubs", rooms=("Seals with Clubs",), recognise=recognise, read=read
)
"""Seals with Clubs' text hand histories."""
