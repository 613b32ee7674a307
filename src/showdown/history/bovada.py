"""Bovada, Ignition and Bodog text hand histories (the PaiWangLuo network's layout).

The players are anonymous: each is named by his position in this hand
(``Small Blind``, ``UTG+1``, ``Dealer``; in early stud histories ``Seat+3``),
so the names change from hand to hand; ``[ME]`` marks the history's owner.
Every player's hole cards are written (``Card dealt to a spot``), the blinds
and bets are written ``name : verb amount``, and what a player received from
the pot after the rake is its own line, ``Hand result`` (``Hand result-Side
pot`` for a side pot; ``Hand Result`` in tournaments). A returned bet is
written ``Return uncalled portion of bet``; ``Hand result`` never includes it.
The summary gives the total pot (``Total Pot($184)``, with ``| Rake ($2)``
in older histories), the board and a line per seat; the Zone Poker
(fast-fold) client often writes an empty summary::

    Ignition Hand #4000000001  Zone Poker ID#7 HOLDEMZonePoker No Limit - 2020-01-02 10:00:00
    Seat 1: Small Blind ($5 in chips)
    Seat 2: Big Blind [ME] ($5.10 in chips)
    Small Blind : Small Blind $0.02
    Big Blind  [ME] : Big blind $0.05
    *** HOLE CARDS ***
    Small Blind : Card dealt to a spot [Ah 5s]
    Big Blind  [ME] : Card dealt to a spot [Kd Kc]
    Small Blind : Raises $0.13 to $0.15
    Big Blind  [ME] : Calls $0.10
    *** FLOP *** [2c 7d Js]
    ...
    Big Blind  [ME] : Showdown [Kd Kc Js 7d 2c] (One pair)
    Small Blind : Mucks [Ah 5s] (High Card)
    Big Blind  [ME] : Hand result $0.29
    *** SUMMARY ***
    Total Pot($0.30)

The variants read: the headers of Bovada, Ignition, Bodog (``Bodog UK``,
``Bodog.eu``, ``Bodog.com``, ``Bodog88``), cash (``TBL#``), Zone Poker, MVS
(``[MVS]``, with ``Table Info:`` and ``Player Info:`` lines) and tournament
(``HOLDEM Tournament #1 TBL#5, No Limit- Level 1 (10/20)``, ids like
``#M-20210422003411``) hands; Hold'em, Omaha, Omaha Hi/Lo, 7 Card Stud and
Stud Hi/Lo (a hi/lo winner's ``Hand result`` holds both halves he won); the
raises of 2012 and before, written as the total (``Raises $40``,
``All-in(raise) $124``), and the later ones written as the increment and the
total (``Raises $0.65 to $0.75``); ``All-in $X`` as what the player put in
more; the blinds as ``Ante/Small Blind`` and ``Big blind/Bring in`` (the
stud words the 2012 client used for hold'em too); a returning player's post
(``Posts chip``, live) and his small and big blinds together (``Posts dead
chip``: the big blind live, the rest dead); a blind posted all in (``All-in
$8``); an "ante" returned in part before the cards are dealt (a live bet);
early histories that mark no street at all (the streets are then told from
the betting: a round is over when everyone still in has acted and matched
the bet) or mark the board as ``Card to the table [..]`` or ``Card dealt to
table [..]``; damaged exports: a hand cut off in the middle of a line with
the next header right after it, and a hand whose header was lost inside the
summary before it (its actions are reported as text outside any hand). The
hole cards shown at a showdown are the dealt ones (a ``Showdown`` line holds
the best five, or the high and low five), else the summary's. The rake is
the one written, else the total pot less what was paid, else what was put in
less what came back.

>>> import io
>>> text = '''Bovada Hand #2000000001 TBL#77 HOLDEM No Limit - 2014-01-02 10:00:00
... Seat 1: Dealer ($10 in chips)
... Seat 2: Small Blind ($10 in chips)
... Seat 3: Big Blind [ME] ($10 in chips)
... Dealer : Set dealer [1]
... Small Blind : Small Blind $0.05
... Big Blind  [ME] : Big blind $0.10
... *** HOLE CARDS ***
... Dealer : Card dealt to a spot [2c 2d]
... Small Blind : Card dealt to a spot [Ah Kh]
... Big Blind  [ME] : Card dealt to a spot [Qs Qd]
... Dealer : Folds
... Small Blind : Raises $0.25 to $0.30
... Big Blind  [ME] : Calls $0.20
... *** FLOP *** [Qh 7c 2s]
... Small Blind : Bets $0.40
... Big Blind  [ME] : Raises $1.20 to $1.20
... Small Blind : Folds
... Big Blind  [ME] : Return uncalled portion of bet $0.80
... Big Blind  [ME] : Does not show [Qs Qd] (Three of a kind)
... Big Blind  [ME] : Hand result $1.35
... *** SUMMARY ***
... Total Pot($1.40)
... Board [Qh 7c 2s]
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.site, hand.button, hand.rake, hand.received()
('bovada', 1, Decimal('0.05'), {'Big Blind': Decimal('2.15')})
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from typing import IO, Final

from showdown.cards import Card
from showdown.errors import HistoryError
from showdown.history._text import Reader, not_a_history
from showdown.history.amounts import CENT, ONE, ZERO, amount_of
from showdown.history.formats import (
    Format,
    HandBuilder,
    clean_line,
    cut_off,
    read_error,
    sniff_text,
)
from showdown.history.games import limit_name
from showdown.history.layout import BRACKETS_RE
from showdown.history.linereader import cards_of
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "BovadaReader", "read", "recognise"]


_HEADER_RE: Final = re.compile(
    r"^(?P<room>Bovada|Ignition|Bodog(?: UK|\.eu|\.com|88)?) Hand #(?P<id>\d+):?\s+(?P<rest>.*)$"
)
_HEADER_STARTS: Final = ("Bovada ", "Ignition ", "Bodog")
_STRIP: Final = "\ufeff\x00 \t\r\n"
"""What :func:`~showdown.history.formats.clean_line` takes off a line's ends."""
_TWICE_BOM: Final = "\u00ef\u00bb\u00bf"
"""A byte-order mark encoded twice (the rare line :func:`clean_line` must clean)."""
_EMBEDDED_RE: Final = re.compile(r"(?:Bovada|Ignition|Bodog(?: UK|\.eu|\.com|88)?) Hand #\d+")
"""A header written right after the cut-off last line of the hand before it."""
_SITES: Final = {"Bovada": "bovada", "Ignition": "ignition"}
"""The site id of a header's room (every Bodog header is ``'bodog'``)."""

_GAME_RE: Final = re.compile(
    r"\b(?P<word>HOLDEM|OMAHA|7CARD|5CARD|RAZZ)(?P<zone>ZonePoker)?(?P<hilo> HiLo)?\b"
)
_GAMES: Final = {
    ("HOLDEM", False): ("holdem", "Hold'em"),
    ("OMAHA", False): ("omaha", "Omaha"),
    ("OMAHA", True): ("omaha_hilo", "Omaha Hi/Lo"),
    ("7CARD", False): ("stud", "7 Card Stud"),
    ("7CARD", True): ("stud_hilo", "7 Card Stud Hi/Lo"),
    ("RAZZ", False): ("razz", "Razz"),
}
_TOURNAMENT_RE: Final = re.compile(r"Tournament #([\w-]+)")
_TABLE_RE: Final = re.compile(r"TBL#(\d+)|Zone Poker ID#(\d+)")
_LEVEL_RE: Final = re.compile(r"Level \d+ \(([^)]*)\)")

_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+?) \((.+?) in chips\)$")
_STUD_SEAT_RE: Final = re.compile(r"^Seat\+(\d+)(?: ?\[ME\])?: (.+?) in chips$")
_SUMMARY_SEAT_RE: Final = re.compile(r"^Seat[+ ]?(\d+):")
_TOTAL_RE: Final = re.compile(r"^Total Pot\(([^)]*)\)(?:\s*\|\s*Rake \(([^)]*)\))?")

_STUD_MARKERS: Final = {
    "*** HOLE CARDS ***": "third",
    "*** 3RD STREET ***": "third",
    "*** 4TH STREET ***": "fourth",
    "*** 5TH STREET ***": "fifth",
    "*** 6TH STREET ***": "sixth",
    "*** RIVER ***": "seventh",
    "*** 7TH STREET ***": "seventh",
}
_STUD_BY_CARDS: Final = {4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}
_FLOP_MARKERS: Final = {
    "*** HOLE CARDS ***": "preflop",
    "*** FLOP ***": "flop",
    "*** TURN ***": "turn",
    "*** RIVER ***": "river",
}
_BY_BOARD: Final = {3: "flop", 4: "turn", 5: "river"}
_NEXT: Final = {"preflop": "flop", "flop": "turn", "turn": "river"}


def _amount(text: str) -> Decimal:
    """An amount as Bovada writes it (``$1,066.02``, ``1,500``: a comma separates thousands)."""
    return amount_of(text, False)


def _bracket(text: str) -> tuple[Card, ...]:
    """The cards of the first bracket group of a line (``()`` when there is none)."""
    start = text.find("[")
    if start < 0:
        return ()
    end = text.find("]", start)
    return cards_of(text[start + 1 : end if end > 0 else len(text)])


def _last_amount(rest: str) -> Decimal:
    return _amount(rest.rsplit(" ", 1)[-1])


def recognise(start: str) -> bool:
    """Whether a file's first characters are a Bovada, Ignition or Bodog history.

    >>> recognise("Ignition Hand #3340409736 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:41:32")
    True
    >>> recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02")
    False
    """
    first = sniff_text(start).split("\n", 1)[0].rstrip("\r")
    return _HEADER_RE.match(first) is not None


def parse_header(header: str) -> dict[str, object]:
    """The hand fields a header gives.

    Raises:
        ValueError: not a Bovada, Ignition or Bodog header.

    >>> fields = parse_header(
    ...     "Bovada Hand #2691485457: HOLDEM Tournament #1447554 TBL#5, "
    ...     "No Limit- Level 1 (10/20) - 2012-11-27 19:46:08")
    >>> fields["game"], fields["tournament"], fields["stakes"], fields["limit"]
    ('holdem', '1447554', '10/20', 'No Limit')
    """
    match = _HEADER_RE.match(header)
    if match is None:
        raise ValueError(f"{header!r} is not a Bovada, Ignition or Bodog hand header")
    rest = match["rest"]
    fields: dict[str, object] = {
        "site": _SITES.get(match["room"], "bodog"),
        "hand_id": match["id"],
    }
    game = _GAME_RE.search(rest)
    if game is not None:
        known = _GAMES.get((game["word"], game["hilo"] is not None))
        if known is None:
            name = game["word"].title() + (" Hi/Lo" if game["hilo"] else "")
            known = (name, name)
        fields["game"], fields["game_name"] = known
    else:
        word = rest.split(" ", 1)[0]
        fields["game"], fields["game_name"] = word, word
    fields["limit"] = limit_name(rest)
    tournament = _TOURNAMENT_RE.search(rest)
    fields["tournament"] = tournament[1] if tournament else None
    table = _TABLE_RE.search(rest)
    fields["table"] = (table[1] or f"Zone Poker {table[2]}") if table else ""
    level = _LEVEL_RE.search(rest)
    fields["stakes"] = level[1] if level else ""
    return fields


class _HandReader:
    """One hand's lines read into a :class:`Hand` (one pass over them)."""

    def __init__(self, source: str, index: int, header_line: int, header: str) -> None:
        self.header = parse_header(header)
        self.stud = str(self.header["game"]) in ("stud", "stud_hilo", "razz")
        self.tournament = self.header["tournament"] is not None
        self.builder = HandBuilder(source=source, line=header_line, index=index)
        self.stacks: dict[str, Decimal] = {}
        self.by_seat: dict[int, str] = {}
        self.hole: dict[str, list[Card]] = {}
        self.summary_hole: dict[str, tuple[Card, ...]] = {}
        self.unseen_shows: list[tuple[int, str]] = []
        self.put: dict[str, Decimal] = {}
        self.all_in: set[str] = set()
        self.folded: set[str] = set()
        self.in_hand: set[str] = set()
        self.acted: set[str] = set()
        self.level = ZERO
        self.blinds: dict[str, str] = {}
        self.cents = not self.tournament
        self.dollars = False
        self.button: int | None = None
        self.total: Decimal | None = None
        self.rake: Decimal | None = None
        self.summary = False
        self.seating = True
        self.small_blind_posted = False

    # -- the lines -------------------------------------------------------------

    def feed(self, number: int, line: str) -> None:
        """Read one line of the hand (after its header)."""
        self.builder.line = number
        if not line:
            return
        if self.summary:
            self.summary_line(line)
            return
        if self.seating and line.startswith("Seat") and self.seat_line(line):
            return
        if line.startswith("***"):
            self.marker(line)
            return
        cut = line.find(" : ")
        if cut < 0:
            if line.startswith(("Card to the table", "Card dealt to table")):
                self.table_cards(line)
            return  # 'Enter(Auto)', 'Table deposit $25', 'Seat re-join': no chips move
        self.seating = False
        player = line[:cut]
        if "[ME]" in player:
            player = player.replace("[ME]", "").rstrip()
        self.action(player, line[cut + 3 :].strip())

    def seat_line(self, line: str) -> bool:
        match = _SEAT_RE.match(line)
        if match is not None:
            number, name, stack = int(match[1]), match[2], match[3]
            if "[ME]" in name:
                name = name.replace("[ME]", "").rstrip()
        else:
            match = _STUD_SEAT_RE.match(line)
            if match is None:
                return False
            number, stack = int(match[1]), match[2]
            name = f"Seat+{number}"
        amount = self.money(stack)
        self.builder.seat(number, name, amount)
        self.stacks[name] = amount
        self.by_seat[number] = name
        if name == "Dealer":
            self.button = number
        return True

    def money(self, text: str) -> Decimal:
        if "$" in text:
            self.dollars = True
        if "." in text:
            self.cents = True
        return _amount(text)

    def marker(self, line: str) -> None:
        self.seating = False
        if line.startswith("*** SUMMARY"):
            self.summary = True
            return
        head = line[: line.find("***", 3) + 3] if line.find("***", 3) > 0 else line
        if self.stud:
            street = _STUD_MARKERS.get(head)
            if street is not None:
                self.new_street(street)
            return
        street = _FLOP_MARKERS.get(head)
        if street is not None:
            self.new_street(street)
            if "[" in line:
                cards: list[Card] = []
                for group in BRACKETS_RE.findall(line):
                    cards.extend(cards_of(group))
                self.builder.set_board(cards)

    def table_cards(self, line: str) -> None:
        """``Card to the table [Kc Qd Qh]`` (early tournaments), ``Card dealt to table [8h]``
        (early cash games): board cards, the ones added or the whole board so far."""
        cards = _bracket(line)
        board = self.builder.boards[0]
        if len(cards) > len(board) and list(cards[: len(board)]) == board:
            self.builder.set_board(cards)
        else:
            self.builder.board(cards)
        street = _BY_BOARD.get(len(self.builder.boards[0]))
        if street is not None:
            self.new_street(street)

    def new_street(self, street: str) -> None:
        if street != self.builder.street:
            self.builder.street = street
            self.acted = set()
            if street not in ("preflop", "third"):
                self.level = ZERO

    # -- actions ---------------------------------------------------------------

    def action(self, player: str, rest: str) -> None:
        first = rest[:1]
        if first == "C":
            if rest.startswith("Card dealt"):
                self.dealt(player, _bracket(rest))
            elif rest.startswith("Call"):
                self.bet(player, ActionKind.CALL, _last_amount(rest))
            elif rest.startswith("Check"):
                self.voluntary(player)
                self.builder.check(player)
        elif first == "F":
            if rest.startswith("Fold"):
                self.voluntary(player)
                self.builder.fold(player)
                self.folded.add(player)
        elif first == "B" or first == "D":
            if rest.startswith(("Bets", "Double bets", "D bets")):
                self.bet(player, ActionKind.BET, _last_amount(rest))
            elif rest.startswith(("Big blind", "Big Blind")):
                kind = ActionKind.BRING_IN if self.stud else ActionKind.BIG_BLIND
                self.post(player, kind, _last_amount(rest))
            elif rest.startswith(("Bring_in", "Bring in", "Bring-in")):
                self.post(player, ActionKind.BRING_IN, _last_amount(rest))
        elif first == "R":
            if rest.startswith("Raises"):
                self.raise_(player, rest[7:], all_in=False)
            elif rest.startswith("Return uncalled"):
                self.returned(player, _last_amount(rest))
        elif first == "A":
            if rest.startswith("All-in(raise"):
                self.raise_(player, rest[rest.index(")") + 1 :].strip(), all_in=True)
            elif rest.startswith("All-in"):
                self.all_in_line(player, _last_amount(rest))
            elif rest.startswith("Ante/Small"):
                self.post(player, ActionKind.SMALL_BLIND, _last_amount(rest))
            elif rest.startswith("Ante"):
                self.post(player, ActionKind.ANTE, _last_amount(rest))
        elif first == "S":
            if rest.startswith("Small"):
                self.post(player, ActionKind.SMALL_BLIND, _last_amount(rest))
            elif rest.startswith("Showdown"):
                self.showdown(player, rest, mucked=False)
            elif rest.startswith("Set dealer") and self.button is None and player in self.stacks:
                self.button = next(n for n, name in self.by_seat.items() if name == player)
        elif first == "P":
            if rest.startswith("Posts dead"):
                self.dead_post(player, _last_amount(rest))
            elif rest.startswith("Posts"):
                self.post(player, ActionKind.BIG_BLIND, _last_amount(rest))
        elif first == "H":
            if rest.startswith(("Hand result", "Hand Result")):
                pot = "side pot" if "Side" in rest[:16] else "pot"  # 'Side pot', 'Side Pot'
                self.builder.collect(player, self.money(rest.rsplit(" ", 1)[-1]), pot)
        elif first == "M" and rest.startswith("Mucks"):
            self.showdown(player, rest, mucked=True)
        # anything else ('Does not show', 'Leave(Auto)', 'Seat sit out', 'Table deposit
        # $25', 'Ranking 84', 'BOUNTY PRIZE [$5]', 'Rebuyin 1500') moves no chips

    def returned(self, player: str, amount: Decimal) -> None:
        """``Return uncalled portion of bet``. Before the cards are dealt it can follow an
        'ante' (a heads-up tournament hand: ``Big Blind : All-in 166``, ``Dealer : Ante
        chip 240``, 74 returned): a dead ante is never returned, so that post was a live
        bet, matched by the blind."""
        builder = self.builder
        if builder.street == "blinds":
            for at, action in enumerate(builder.actions):
                if action.player == player and action.kind is ActionKind.ANTE:
                    builder.actions[at] = replace(action, kind=ActionKind.BIG_BLIND)
        builder.returned(player, amount)
        self.put[player] = self.put.get(player, ZERO) - amount

    def track(self, player: str, amount: Decimal, *, all_in: bool = False) -> None:
        """Record what a player put in (for the all-in test and the betting round)."""
        self.in_hand.add(player)
        total = self.put.get(player, ZERO) + amount
        self.put[player] = total
        if all_in or total >= self.stacks.get(player, total + 1):
            self.all_in.add(player)
        on_street = self.builder.on_street(player)
        if on_street > self.level:
            self.level = on_street

    def post(self, player: str, kind: ActionKind, amount: Decimal) -> None:
        self.money_seen(amount)
        if kind is ActionKind.SMALL_BLIND:
            self.small_blind_posted = True
            self.blinds.setdefault("small", f"{amount}")
        elif kind is ActionKind.BIG_BLIND and player == "Big Blind":
            self.blinds.setdefault("big", f"{amount}")
        self.builder.post(kind, player, amount)
        self.track(player, amount)

    def dead_post(self, player: str, amount: Decimal) -> None:
        """``Posts dead chip``: a returning player's small and big blinds, the big one live
        (``$30`` at $10/$20: 20 live, 10 dead); less than the big blind, a dead small blind;
        the big blind unknown, all of it live."""
        big = self.big_blind()
        if big == ZERO or amount == big:
            live = amount
        elif amount > big:
            live = big
        else:
            live = ZERO
        if amount - live:
            self.builder.post(ActionKind.DEAD_BLIND, player, amount - live)
        if live:
            self.builder.post(ActionKind.BIG_BLIND, player, live)
        self.track(player, amount)

    def big_blind(self) -> Decimal:
        text = self.blinds.get("big")
        return Decimal(text) if text else ZERO

    def money_seen(self, amount: Decimal) -> None:
        if self.cents:
            return  # seen already (asked at every bet)
        exponent = amount.as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            self.cents = True

    def voluntary(self, player: str) -> None:
        """Before a player's own action: start the next street when the round is over and
        the history marked none (early histories write no street markers)."""
        self.in_hand.add(player)
        if not self.stud:
            following = _NEXT.get(self.builder.street)
            if following is not None and self.acted and self.round_over():
                self.new_street(following)
        self.acted.add(player)

    def round_over(self) -> bool:
        """Whether everyone still betting (in the hand, not folded, not all in) has acted
        on this street and matched its level; False when nobody is."""
        acted, level = self.acted, self.level
        if not acted:
            return False
        folded, all_in, on_street = self.folded, self.all_in, self.builder.on_street
        live = False
        for name in self.in_hand:
            if name in folded or name in all_in:
                continue
            if name not in acted or on_street(name) < level:
                return False
            live = True
        return live

    def bet(self, player: str, kind: ActionKind, amount: Decimal, *, all_in: bool = False) -> None:
        self.voluntary(player)
        self.money_seen(amount)
        if kind is ActionKind.CALL:
            self.builder.call(player, amount, all_in=all_in)
        else:
            self.builder.bet(player, amount, all_in=all_in)
        self.track(player, amount, all_in=all_in)

    def raise_(self, player: str, text: str, *, all_in: bool) -> None:
        """``$0.65 to $0.75`` (the increment, then the total) or ``$40`` (the total: 2012
        and before)."""
        self.voluntary(player)
        by, to, total = text.partition(" to ")
        builder = self.builder
        if to:
            increment = _amount(by)
            self.money_seen(_amount(total))
            builder.raise_by(player, increment, all_in=all_in)
        else:
            target = _amount(by)
            increment = target - builder.on_street(player)
            if increment < 0:
                raise ValueError(f"{player!r} raises to {by}, less than he has in already")
            builder.raise_to(player, target, all_in=all_in)
        self.money_seen(increment)
        self.track(player, increment, all_in=all_in)

    def all_in_line(self, player: str, amount: Decimal) -> None:
        """``All-in $8``: what the player put in more; a blind before the cards are dealt."""
        self.money_seen(amount)
        if self.builder.street == "blinds":
            if self.stud:
                kind = ActionKind.BRING_IN
            elif player == "Small Blind" or (not self.small_blind_posted and player != "Big Blind"):
                kind = ActionKind.SMALL_BLIND
            else:
                kind = ActionKind.BIG_BLIND
            self.builder.post(kind, player, amount, all_in=True)
            if kind is ActionKind.SMALL_BLIND:
                self.small_blind_posted = True
            self.track(player, amount, all_in=True)
            return
        self.voluntary(player)
        builder = self.builder
        total = builder.on_street(player) + amount
        if total <= self.level:
            builder.call(player, amount, all_in=True)
        elif self.level == ZERO:
            builder.bet(player, amount, all_in=True)
        else:
            builder.raise_by(player, amount, all_in=True)
        self.track(player, amount, all_in=True)

    def dealt(self, player: str, cards: tuple[Card, ...]) -> None:
        self.in_hand.add(player)
        hole = self.hole.setdefault(player, [])
        hole.extend(cards)
        if self.stud and len(cards) == 1:
            street = _STUD_BY_CARDS.get(len(hole))
            if street is not None:
                self.new_street(street)

    def showdown(self, player: str, rest: str, *, mucked: bool) -> None:
        """``Showdown [best five] (One pair)`` / ``Mucks [..]``: the hole cards are the dealt
        ones (the brackets hold the best five, or the high and low five in hi/lo)."""
        hole = tuple(self.hole.get(player, ()))
        if mucked:
            self.builder.muck(player, hole)
        elif hole:
            self.builder.show(player, hole)
        else:
            self.unseen_shows.append((self.builder.line, player))

    # -- the summary -----------------------------------------------------------

    def summary_line(self, line: str) -> None:
        if line.startswith("Total Pot"):
            match = _TOTAL_RE.match(line)
            if match is None:
                raise ValueError(f"cannot read the total pot {line!r}")
            self.total = self.money(match[1])
            if match[2] is not None:
                self.rake = self.money(match[2])
        elif line.startswith("Board ["):
            cards = _bracket(line)
            if cards:
                self.builder.set_board(cards)
        elif line.startswith("Seat") and "[" in line:
            match = _SUMMARY_SEAT_RE.match(line)
            player = self.by_seat.get(int(match[1])) if match else None
            if player is None:
                return
            for group in BRACKETS_RE.findall(line):
                if group.startswith(("Mucked", "Does not", "ME")):
                    continue
                cards = cards_of(group.split("-", 1)[0])
                if cards:
                    self.summary_hole[player] = cards
                    break

    # -- the hand --------------------------------------------------------------

    def build(self) -> Hand:
        builder = self.builder
        for name, cards in self.hole.items():
            if name in self.stacks:
                builder.deal(name, tuple(cards))
        for number, player in self.unseen_shows:
            builder.line = number
            builder.show(player, self.summary_hole.get(player, ()))
        put = sum(builder.contributions().values(), ZERO)
        paid = sum((c.amount for c in builder.collections), ZERO)
        if self.rake is not None:
            rake = self.rake
        elif self.total is not None:
            rake = self.total - paid
        else:
            rake = put - paid
        rake = max(rake, ZERO)  # more paid than the pot held: the check says so
        header = self.header
        stakes = str(header["stakes"])
        if not stakes and "small" in self.blinds and "big" in self.blinds:
            sign = "$" if self.dollars else ""
            stakes = f"{sign}{self.blinds['small']}/{sign}{self.blinds['big']}"
        return builder.build(
            site=header["site"],
            hand_id=header["hand_id"],
            game=header["game"],
            game_name=header["game_name"],
            limit=header["limit"],
            stakes=stakes,
            table=header["table"],
            currency="USD" if self.dollars and not self.tournament else None,
            tournament=header["tournament"],
            play_money=False,
            unit=CENT if self.cents else ONE,
            button=None if self.stud else self.button,
            rake=rake,
            total_pot=self.total,
        )


class BovadaReader(Reader):
    """The hands of a Bovada, Ignition or Bodog history, read one at a time."""

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        lines: list[tuple[int, str]] = []
        index = 0
        stray = 0
        number = 0
        for number, raw in enumerate(stream, start=1):
            line = raw.strip(_STRIP)
            if _TWICE_BOM in line:
                line = clean_line(raw)
            if lines and "Hand #" in line and not line.startswith(_HEADER_STARTS):
                # a hand cut off in the middle of a line, the next header right after it
                embedded = _EMBEDDED_RE.search(line)
                if embedded is not None and _HEADER_RE.match(line[embedded.start() :]):
                    lines.append((number, ""))  # the cut action is not read: the hand is cut off
                    line = line[embedded.start() :]
            if line.startswith(_HEADER_STARTS) and _HEADER_RE.match(line):
                if lines:
                    yield from _hand_entries(lines, name, index)
                    index += 1
                elif stray:
                    yield not_a_history(name, stray)
                    stray = 0
                lines = [(number, line)]
            elif lines:
                lines.append((number, line))
            elif line and not stray:
                stray = number
        if lines:
            yield from _hand_entries(lines, name, index)
        elif stray or not number:
            yield not_a_history(name, stray or 1)  # stray text, or an empty file


def _hand_entries(
    lines: list[tuple[int, str]], name: str, index: int
) -> Iterator[Hand | HistoryError]:
    entry, orphan = _read_hand(lines, name, index)
    yield entry
    if orphan:
        yield not_a_history(name, orphan)


def _read_hand(
    lines: list[tuple[int, str]], name: str, index: int
) -> tuple[Hand | HistoryError, int]:
    """One hand's lines read, or the error that stands for it; and the line where the
    actions of a hand whose header was lost begin inside its summary (0: none).

    A damaged export can lose the start of a hand (its header and first seats) in
    the middle of the summary line before it; what follows, a hand without a header,
    is not this hand's.
    """
    start, header = lines[0]
    match = _HEADER_RE.match(header)
    hand_id = match["id"] if match else ""
    site = _SITES.get(match["room"], "bodog") if match else "bovada"
    number = start
    game = ""
    orphan = 0
    try:
        reader = _HandReader(name, index, start, header)
        game = str(reader.header["game"])
        for number, line in lines[1:]:
            if reader.summary and " : " in line:  # a summary has no 'name : verb' line
                orphan = number
                break
            reader.feed(number, line)
        if not reader.summary:
            return cut_off(file=name, line=number, hand=hand_id, site=site, game=game), orphan
        return reader.build(), orphan
    except Exception as error:  # any failure spoils this hand only
        error_entry = read_error(error, file=name, line=number, hand=hand_id, site=site, game=game)
        return error_entry, orphan


read: Final = BovadaReader
"""The hands of a Bovada, Ignition or Bodog history, read one at a time."""


FORMAT: Final = Format(
    name="bovada",
    rooms=("bovada", "ignition", "bodog"),
    recognise=recognise,
    read=read,
)
"""The Bovada / Ignition / Bodog text format."""
