"""Winamax text hand histories (cash, Go Fast / HOLD-UP / ESCAPE, tournaments, Expresso).

Winamax, the French room, writes one layout for every game it deals (Hold'em,
Omaha, 5 Card Omaha, the Hi/Lo games, 7 Card Stud, Razz, 2-7 Triple Draw),
from its first histories (2010) to today's::

    Winamax Poker - CashGame - HandId: #351984-130-1286650224 - Holdem no limit (0.02€/0.05€) - ...
    Table: 'Chelles' 9-max (real money) Seat #2 is the button
    Seat 1: Ann (5€)
    *** ANTE/BLINDS ***
    Ann posts small blind 0.02€
    Dealt to Ann [Ks Th]
    *** PRE-FLOP ***
    Bob raises 0.10€ to 0.15€
    *** FLOP *** [7s 2d 6h]
    *** TURN *** [7s 2d 6h][9c]
    *** SHOW DOWN ***
    Bob shows [9h 6s] (Full of 9 and 6)
    Bob collected 8.20€ from pot
    *** SUMMARY ***
    Total pot 8.20€ | Rake 0.35€
    Board: [7s 2d 6h 9c 9d]
    Seat 4: Bob (big blind) showed [9h 6s] and won 8.20€ with Full of 9 and 6

The header names the kind of game after ``Winamax Poker -``: ``CashGame``,
``Go Fast "name"``, ``HOLD-UP "name"``, ``ESCAPE "name"`` (fast-fold cash) or
``Tournament "name" buyIn: 0.90€ + 0.10€ level: 6`` (Expresso and Sit&Go are
tournaments; the tournament's id is the number in the table's name,
``'Expresso(1124364443)#0'``). Amounts carry the euro after them (none in
tournaments and play money); the stakes list the ante first when there is
one (``(15/75/150)``; stud: ante, small bet, big bet).

What Winamax writes differently from the PokerStars layout:

* **No uncalled bet line.** The unmatched part of the largest bet is left in
  the pot and "collected" by its owner: in the pot he wins (``collected
  8.20€ from pot``, the 1.64€ nobody called included), or as a pot of its own
  (``collected 0.22€ from side pot 2``). The reader gives it back as a return
  (what he put in beyond everyone else's most, dead money matching nothing)
  and takes it out of his collections, highest pot first; the ``Total pot``
  is after rake and includes it. (A 2010 tournament history wrote a 369.5
  chip return rounded to ``370``: the half chip is the rounding, not a win.)
* **Out-of-position blinds.** ``posts big blind 0.05€ out of position`` is a
  live big blind, ``posts small blind 2€ out of position`` a dead one;
  ``posts small blind 3€ out of position`` followed by ``posts big blind 0€
  out of position`` (2016) is both at once: a dead small blind and a live
  big blind. ``raises 1€ to 3€`` among the blinds (2014) is money posted
  dead. ``denies big blind`` moves no chips.
* **Games' names.** ``Holdem``, ``Omaha``, ``Omaha5``, ``5 Card Omaha``,
  ``Omaha Hi/Lo``, ``Omaha8``, ``7-Card Stud``, ``7stud``, ``7-Card Stud
  Hi/Lo``, ``7stud8``, ``Razz``, ``2-7 Triple Draw``, ``Lowball27``. The 2016
  client wrote ``5 Card Omaha Hi/Lo`` for 5 Card Omaha (high only) too: such
  a hand is read as Hi/Lo only when it splits a pot (``pot(HI)``,
  ``pot(LO)``, ``HI :``); otherwise the high hand took the pot and the two
  games pay alike.
* **Streets.** Stud writes ``*** 3rd STREET ***`` (exports ``*** THIRD
  ***``), draw ``*** FIRST-BET ***``, ``*** FIRST-DRAW ***`` ...
  ``*** FOURTH-BET ***``; 2021 writes ``*** FLOP ***: [..]`` and ``Table
  'name'`` without its colon; an unknown card is ``X``.
* **Money the house adds.** ``Hold-up to Pot: total 0.20€`` and ``Escape to
  Pot: total 0.20€`` (the HOLD-UP and ESCAPE tables) are added to the pot.
* **The summary's total** is rounded in thousands in old tournaments
  (``Total pot 15.52k``): it is then not kept.
* **Amounts** have a decimal point, or a comma (``0,05€``), never a
  thousands separator.
* **A hand run twice** (``*** FIRST FLOP ***`` ... ``*** SECOND SHOW DOWN
  ***``, two ``Board:`` lines) is read as the PokerStars family writes it,
  each collection on its board; no real Winamax one has been seen.

>>> import io
>>> header = ("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.01€/0.02€)"
...           " - 2024/01/02 10:00:00 UTC")
>>> text = header + '''
... Table: 'Nice 05' 5-max (real money) Seat #1 is the button
... Seat 1: Ann (2€)
... Seat 2: Bob (2€)
... *** ANTE/BLINDS ***
... Ann posts small blind 0.01€
... Bob posts big blind 0.02€
... *** PRE-FLOP ***
... Ann raises 0.04€ to 0.06€
... Bob folds
... Ann collected 0.08€ from pot
... *** SUMMARY ***
... Total pot 0.08€ | No rake
... Seat 1: Ann (button) (small blind) won 0.08€
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.hand_id, hand.game, hand.currency, hand.returned(), hand.collected()
('1-2-3', 'holdem', 'EUR', {'Ann': Decimal('0.04')}, {'Ann': Decimal('0.04')})
"""

from __future__ import annotations

import dataclasses
import functools
import re
from decimal import Decimal
from typing import Final

from showdown.cards import Card, parse_cards
from showdown.errors import HistoryError
from showdown.history.amounts import CENT, ZERO, decimals_of, parse_amount
from showdown.history.formats import Format, HandBuilder, read_error, sniff_text
from showdown.history.games import game_id, limit_name
from showdown.history.layout import BRACKETS_RE
from showdown.history.linereader import HandLines, LineReader
from showdown.history.model import Action, ActionKind, Hand, Showing

__all__ = ["FORMAT", "WinamaxReader", "read", "recognise"]

SITE: Final = "winamax"

_HEADER_START: Final = "Winamax Poker - "
_HEADER_RE: Final = re.compile(
    r"^Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[^ ]+) - (?P<game>.+?) "
    r"\((?P<stakes>[^()]*)\)(?: - (?P<date>.*))?$"
)
_RECOGNISE_RE: Final = re.compile(r"^Winamax Poker - .*? - HandId: #", re.MULTILINE)
_TABLE_RE: Final = re.compile(
    r"^Table:? '(?P<table>.*)' (?P<max>\d+)-max(?: \((?P<money>[^)]*)\))?"
    r"(?: Seat #?(?P<button>\d+) is the button)?"
)
_SEAT_RE: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^(),]*?)(?:, [^()]*bounty)?\)(?P<rest>.*)$"
)
_TOURNAMENT_ID_RE: Final = re.compile(r"\((\d+)\)#\d+$")
_SUMMARY_WON_RE: Final = re.compile(r" won ([^ ]+)")
_DISCARD_RE: Final = re.compile(r"^discards? (\d+) cards?")
_HOUSE_ADDS: Final = ("Hold-up to Pot:", "Escape to Pot:")

_GAMES: Final = {
    "holdem": ("holdem", "Hold'em"),
    "omaha": ("omaha", "Omaha"),
    "omaha5": ("omaha5", "5 Card Omaha"),
    "5 card omaha": ("omaha5", "5 Card Omaha"),
    "5 card omaha hi/lo": ("omaha5_hilo", "5 Card Omaha Hi/Lo"),
    "omaha hi/lo": ("omaha_hilo", "Omaha Hi/Lo"),
    "omaha8": ("omaha_hilo", "Omaha Hi/Lo"),
    "7-card stud": ("stud", "7 Card Stud"),
    "7stud": ("stud", "7 Card Stud"),
    "7-card stud hi/lo": ("stud_hilo", "7 Card Stud Hi/Lo"),
    "7stud8": ("stud_hilo", "7 Card Stud Hi/Lo"),
    "razz": ("razz", "Razz"),
    "2-7 triple draw": ("deuce_to_seven", "2-7 Triple Draw"),
    "lowball27": ("deuce_to_seven", "2-7 Triple Draw"),
}
"""Winamax's names of its games (lower case, the limit left out) to ours."""

_LIMIT_WORDS: Final = (" no limit", " pot limit", " fixed limit", " limit")

_STREETS: Final = {
    "ANTE/BLINDS": "blinds",
    "PRE-FLOP": "preflop",
    "PREFLOP": "preflop",
    "FLOP": "flop",
    "TURN": "turn",
    "RIVER": "river",
    "3RD STREET": "third",
    "4TH STREET": "fourth",
    "5TH STREET": "fifth",
    "6TH STREET": "sixth",
    "7TH STREET": "seventh",
    "THIRD": "third",
    "FOURTH": "fourth",
    "FIFTH": "fifth",
    "SIXTH": "sixth",
    "SEVENTH": "seventh",
    # draw: a round of betting, then a draw; our 'drawN' is the draw and the betting after it
    "FIRST-BET": "preflop",
    "FIRST-DRAW": "draw1",
    "SECOND-BET": "draw1",
    "SECOND-DRAW": "draw2",
    "THIRD-BET": "draw2",
    "THIRD-DRAW": "draw3",
    "FOURTH-BET": "draw3",
    "SHOW DOWN": "showdown",
    "SHOWDOWN": "showdown",
}
_RUNS: Final = {"FIRST": 0, "SECOND": 1, "THIRD": 2}


def recognise(start: str) -> bool:
    """Whether a file's first characters are a Winamax history.

    >>> recognise("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€)")
    True
    >>> recognise("PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD)")
    False
    """
    return _RECOGNISE_RE.search(sniff_text(start)) is not None


@functools.lru_cache(maxsize=65536)
def _amount(text: str) -> tuple[Decimal, int]:
    """An amount as Winamax writes it (``0.05€``, ``1500``, ``0,05€``) and its decimals.

    Raises:
        ValueError: not an amount.
    """
    # Winamax writes no thousands separator: a point or a comma is the decimal mark
    value = parse_amount(text, decimal_comma="," in text and "." not in text)
    return value, decimals_of(value)


@functools.lru_cache(maxsize=16384)
def _cards(text: str) -> tuple[Card, ...]:
    """The known cards of a bracket group (``X`` is a card nobody saw).

    Raises:
        CardParseError: a word that is not a card.
    """
    words = [w for w in text.split() if w not in ("X", "x")]
    return parse_cards(" ".join(words).replace("10", "T"), allow_duplicates=True)


def _all_cards(text: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for group in BRACKETS_RE.findall(text):
        cards.extend(_cards(group))
    return tuple(cards)


def _game(text: str) -> tuple[str, str]:
    """Our game id and its display name for the game words of a header."""
    lower = text.lower()
    for word in _LIMIT_WORDS:
        at = lower.find(word)
        if at >= 0:
            lower = lower[:at]
            break
    found = _GAMES.get(lower.strip())
    return found if found is not None else game_id(text)


def _pot_order(pot: str) -> tuple[int, int]:
    """Sorting key of a pot's name: the higher a side pot, the first its money is returned."""
    words = pot.split()
    if words[:2] == ["side", "pot"]:
        number = words[2] if len(words) > 2 else "1"
        return 0, -int(number) if number.isdigit() else 0
    return 1, 0


def _pot_base(pot: str) -> str:
    """A pot's name without its Hi/Lo half (``main pot(HI)`` -> ``main pot``)."""
    at = pot.find("(")
    return pot[:at].strip() if at >= 0 else pot


_WAGERS: Final = {"calls": "call", "bets": "bet"}


class _Hand(HandLines):
    """One hand being read, line by line."""

    site = SITE
    cut_off_first = True  # a hand ends with its summary's total, else it is cut off

    def __init__(self, start: int, header: str) -> None:
        super().__init__(header.partition("HandId: #")[2].split(" ", 1)[0], start)
        self.name = ""
        self.index = 0
        self.start = start
        self.tournament = False
        self.game_name = self.limit = self.stakes = ""
        self.big_blind = ZERO
        self.tournament_id: str | None = None
        try:
            self._header(header)
        except Exception as error:  # a bad header spoils its hand only
            self.error = error
        self.builder = HandBuilder()
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.money = ""
        self.places = 0
        self.seating = True
        self.summary = False
        self.total_seen = False
        self.total: Decimal | None = None
        self.rake = ZERO
        self.added = ZERO
        self.split_marked = False
        self.run = 0
        self.runs = False  # the hand was run more than once ('*** SECOND FLOP ***')
        self.summary_boards = 0
        self.by_seat: dict[int, str] = {}
        self.stacks: dict[str, Decimal] = {}
        self.first_words: dict[str, list[str]] = {}
        self.summary_wins: list[tuple[str, Decimal]] = []
        self.shown: set[str] = set()
        self.oop_small: dict[str, Decimal] = {}

    def _header(self, header: str) -> None:
        match = _HEADER_RE.match(header)
        if match is None:
            raise ValueError(f"cannot read the header {header!r}")
        self.hand_id = match["id"]
        kind = match["kind"]
        self.tournament = kind.startswith("Tournament")
        self.game, self.game_name = _game(match["game"])
        self.limit = limit_name(" " + match["game"] + " ")
        self.stakes = match["stakes"]
        parts = self.stakes.split("/")
        if parts[-1]:
            try:
                self.big_blind = _amount(parts[-1])[0]
            except ValueError:
                self.big_blind = ZERO
        if self.tournament:
            self.tournament_id = self.hand_id.split("-", 1)[0]

    # -- amounts and names ---------------------------------------------------------

    def amount(self, text: str) -> Decimal:
        value, places = _amount(text.strip())
        if places > self.places:
            self.places = places
        return value

    def player_of(self, line: str) -> tuple[str, str] | None:
        """The seated player a line starts with, and the rest of the line."""
        space = line.find(" ")
        if space <= 0:
            return None
        names = self.first_words.get(line[:space])
        if names:
            if len(names) == 1 and names[0] == line[:space]:
                return names[0], line[space + 1 :]  # the usual case: a one-word name
            for name in names:
                if line.startswith(name) and line[len(name) : len(name) + 1] == " ":
                    return name, line[len(name) + 1 :]
        return None

    # -- lines -----------------------------------------------------------------------

    def feed(self, number: int, line: str) -> None:
        self.builder.line = number
        if self.summary:
            self.summary_line(line)
            return
        first = line[:1]
        if first == "*" and line.startswith("*** "):
            self.marker(line)
        elif self.seating and first in "ST" and line.startswith(("Seat ", "Table")):
            if line[0] == "S":
                self.seat(line)
            else:
                self.table_line(line)
        elif first == "D" and line.startswith("Dealt to "):
            self.dealt(line)
        elif line:
            self.seating = False
            found = self.player_of(line)
            if found is not None:
                self.action(*found)
            elif line.startswith(_HOUSE_ADDS):
                self.added += self.amount(line.rsplit("total", 1)[-1])

    def table_line(self, line: str) -> None:
        match = _TABLE_RE.match(line)
        if match is None:
            raise ValueError(f"cannot read the table line {line!r}")
        self.table = match["table"]
        self.max_seats = int(match["max"])
        self.money = match["money"] or ""
        button = match["button"]
        self.button = int(button) if button and int(button) > 0 else None
        if self.tournament:
            found = _TOURNAMENT_ID_RE.search(self.table)
            if found:
                self.tournament_id = found[1]

    def seat(self, line: str) -> None:
        """``Seat 3: name (1.50€)``; a knockout's ``(1500, 2.50€ bounty)``."""
        colon = line.find(": ", 5)
        opening = line.rfind(" (")
        if colon < 0 or opening < colon or not line.endswith(")") or not line[5:colon].isdigit():
            match = _SEAT_RE.match(line)  # text after the stack: the slow way
            if match is None:
                raise ValueError(f"cannot read the seat {line!r}")
            number, name, stack_text = int(match["seat"]), match["name"], match["stack"]
        else:
            number, name = int(line[5:colon]), line[colon + 2 : opening]
            stack_text = (
                line[opening + 2 : -1].split(",", 1)[0]
                if "bounty" in line
                else line[opening + 2 : -1]
            )
        stack = self.amount(stack_text)
        self.builder.seat(number, name, stack)
        self.by_seat[number] = name
        self.stacks[name] = stack
        group = self.first_words.setdefault(name.split(" ", 1)[0], [])
        group.append(name)
        if len(group) > 1:
            group.sort(key=len, reverse=True)

    def marker(self, line: str) -> None:
        end = line.find(" ***", 4)
        title = (line[4:end] if end > 0 else line.strip("* ")).upper()
        after = line[end + 4 :] if end > 0 else ""
        self.seating = False
        if title.startswith("SUMMARY"):
            self.summary = True
            return
        words = title.split(" ", 1)
        run = 0
        if len(words) > 1 and words[0] in _RUNS and words[1] in _STREETS:
            run, title = _RUNS[words[0]], words[1]
            self.runs = True
        street = _STREETS.get(title)
        if street is None:
            raise ValueError(f"cannot read the street {line!r}")
        self.builder.street = street
        if street in ("flop", "turn", "river"):
            self.run = run
            cards = _all_cards(after)
            if cards:
                self.builder.set_board(cards, run=run)
        elif street == "showdown":
            self.run = run

    def dealt(self, line: str) -> None:
        rest = line[9:]
        cut = rest.find(" [")
        if cut < 0:
            return
        player = rest[:cut]
        if self.builder.seated(player):
            cards = _all_cards(rest[cut:])
            if cards:
                self.builder.deal(player, cards)

    # -- actions -------------------------------------------------------------------------

    def action(self, player: str, rest: str) -> None:
        b = self.builder
        verb, _, what = rest.partition(" ")
        all_in = rest.endswith("and is all-in")
        if verb == "folds":
            b.fold(player, _all_cards(what) if "[" in what else ())
        elif verb == "checks":
            b.check(player)
        elif verb in _WAGERS:
            b.wager(_WAGERS[verb], player, self.amount(what.split(" and ", 1)[0]), all_in=all_in)
        elif verb == "raises":
            self.raise_line(player, what, all_in)
        elif verb == "posts":
            self.post(player, what)
        elif verb == "collected":
            self.collected(player, what)
        elif verb == "shows":
            self.show(player, what)
        elif verb in ("brings", "bring-in"):
            b.post(
                ActionKind.BRING_IN, player, self.amount(what.removeprefix("in ")), all_in=all_in
            )
        elif verb in ("discards", "discard"):
            found = _DISCARD_RE.match(rest)
            if found is None:
                raise ValueError(f"cannot read the draw {rest!r}")
            b.discard(player, int(found[1]), _all_cards(what) if "[" in what else ())
        elif verb == "stands":
            b.discard(player, 0)
        elif verb == "mucks":
            b.muck(player, _all_cards(what) if "[" in what else ())
        # anything else ('denies big blind', 'sits out') moves no chips

    def raise_line(self, player: str, what: str, all_in: bool) -> None:
        """``raises 0.10€ to 0.15€``: the second amount is his total on the street."""
        cut = what.rfind(" to ")
        if cut < 0:
            raise ValueError(f"cannot read the raise {what!r}")
        total = self.amount(what[cut + 4 :].split(" and ", 1)[0])
        b = self.builder
        if b.street == "blinds":
            # 2014: 'raises 1€ to 3€' among the blinds, money posted dead
            b.post(ActionKind.DEAD_BLIND, player, total - b.on_street(player))
        elif what.startswith("-"):
            # 2016 stud: 'raises -6.10€ to 18.90€', the raiser all in for less than the
            # raise he faced: he put in the rest of his stack
            left = self.stacks[player] - b.contributions().get(player, ZERO)
            b.raise_by(player, left, all_in=True)
        else:
            b.raise_to(player, total, all_in=all_in)

    def post(self, player: str, what: str) -> None:
        b = self.builder
        all_in = what.endswith("and is all-in")
        oop = "out of position" in what
        text = what.split(" out of position", 1)[0].split(" and ", 1)[0]
        kind_words, _, amount_text = text.rpartition(" ")
        amount = self.amount(amount_text)
        if kind_words == "small blind":
            if oop:
                self.oop_small[player] = amount
                b.post(ActionKind.DEAD_BLIND, player, amount, all_in=all_in)
            else:
                b.post(ActionKind.SMALL_BLIND, player, amount, all_in=all_in)
        elif kind_words == "big blind":
            dead = self.oop_small.pop(player, None)
            if oop and not amount and dead is not None and self.big_blind:
                # 2016: 'posts small blind 3€ out of position' then 'posts big blind 0€ out
                # of position': both blinds, posted in the first line
                self.split_both(player, dead)
            else:
                b.post(ActionKind.BIG_BLIND, player, amount, all_in=all_in)
        elif kind_words == "ante":
            b.post(ActionKind.ANTE, player, amount, all_in=all_in)
        elif kind_words in ("dead blind", "small & big blind"):
            b.post(ActionKind.DEAD_BLIND, player, amount, all_in=all_in)
        else:
            raise ValueError(f"cannot read the post {what!r}")

    def split_both(self, player: str, posted: Decimal) -> None:
        """A dead blind of ``posted`` that was both blinds: its big blind is live."""
        b = self.builder
        live = min(self.big_blind, posted)
        for at in range(len(b.actions) - 1, -1, -1):
            action = b.actions[at]
            if action.player == player and action.kind is ActionKind.DEAD_BLIND:
                if posted > live:
                    b.actions[at] = dataclasses.replace(action, amount=posted - live)
                else:
                    del b.actions[at]
                break
        b.post(ActionKind.BIG_BLIND, player, live)

    def collected(self, player: str, what: str) -> None:
        """``collected 0.19€ from pot`` / ``from side pot 1`` / ``from pot(HI)``."""
        amount_text, _, pot = what.partition(" from ")
        pot = pot.strip() or "pot"
        if "(HI)" in pot or "(LO)" in pot:
            self.split_marked = True
            pot = pot.replace(" (", "(").replace("(", " (")
        board = self.run if self.runs else None
        self.builder.collect(player, self.amount(amount_text), pot, board=board)

    def show(self, player: str, what: str) -> None:
        cards = _all_cards(what.split("(", 1)[0] if "]" in what else what)
        if "(HI :" in what or "(LO :" in what:
            self.split_marked = True
        if player in self.shown:
            return  # the second line of a Hi/Lo hand shows the same cards
        self.shown.add(player)
        if cards:
            self.builder.show(player, cards)

    # -- the summary ---------------------------------------------------------------------

    def summary_line(self, line: str) -> None:
        if line.startswith("Total pot"):
            self.totals(line)
        elif line.startswith("Board"):
            cards = _all_cards(line)
            if cards:
                self.builder.set_board(cards, run=self.summary_boards)
            self.summary_boards += 1
        elif line.startswith("Seat "):
            self.summary_seat(line)

    def totals(self, line: str) -> None:
        self.total_seen = True
        head, *parts = line.split("|")
        total = head[len("Total pot") :].strip()
        if total.endswith("k"):
            self.total = None  # rounded to ten chips: not the total
        else:
            self.total = self.amount(total)
        for part in parts:
            label, _, value = part.strip().rpartition(" ")
            if label and value and not part.strip().lower().startswith("no "):
                self.rake += self.amount(value)

    def summary_seat(self, line: str) -> None:
        if " won " not in line and " showed [" not in line and " : " not in line:
            return  # 'folded on the flop', 'lost'
        head, _, rest = line[5:].partition(": ")
        if not head.isdigit():
            return
        player = self.by_seat.get(int(head))
        if player is None or not rest.startswith(player):
            return
        rest = rest[len(player) :]
        if "HI :" in rest or "LO :" in rest:
            self.split_marked = True
        at = rest.find(" showed [")
        if at >= 0 and player not in self.shown:
            cards = _cards(rest[at + 9 : rest.index("]", at)])
            if cards:
                self.shown.add(player)
                self.builder.showings.append(Showing(player, cards))
        for won in _SUMMARY_WON_RE.findall(rest):
            self.summary_wins.append((player, self.amount(won)))

    # -- the hand ------------------------------------------------------------------------

    def skip(self, number: int, text: str) -> None:
        if text.startswith("Total pot"):
            self.total_seen = True

    def complete(self) -> bool:
        return self.total_seen

    def finish(self, source: str, index: int) -> Hand | HistoryError:
        if self.error is None and self.total_seen:
            try:
                return self.build(source, index)
            except Exception as error:  # a hand that cannot be built names its header
                return read_error(
                    error,
                    file=source,
                    line=self.start,
                    hand=self.hand_id,
                    site=SITE,
                    game=self.game,
                )
        return super().finish(source, index)

    def build(self, source: str, index: int) -> Hand:
        self.name, self.index = source, index
        b = self.builder
        if not b.collections:
            # no 'collected' line: the summary's 'won' amounts are the collections
            for player, amount in self.summary_wins:
                b.collect(player, amount)
        self.return_unmatched()
        game, game_name = self.game, self.game_name
        if game == "omaha5_hilo" and not self.split_marked:
            game = "omaha5"  # the 2016 client's name for 5 Card Omaha (see the module)
        play = "play" in self.money
        currency = None if (self.tournament or play) else "EUR"
        unit = Decimal(1).scaleb(-self.places) if self.places else Decimal(1)
        if currency is not None and unit > CENT:
            unit = CENT
        return b.build(
            source=self.name,
            line=self.start,
            index=self.index,
            site=SITE,
            hand_id=self.hand_id,
            game=game,
            game_name=game_name,
            limit=self.limit,
            stakes=self.stakes,
            table=self.table,
            currency=currency,
            tournament=self.tournament_id if self.tournament else None,
            play_money=play,
            unit=unit,
            max_seats=self.max_seats,
            button=self.button,
            rake=self.rake,
            total_pot=self.total,
            pots=self.pots(),
            added=self.added,
        )

    def return_unmatched(self) -> None:
        """Give back the unmatched part of the largest contribution, which Winamax counts
        in its owner's collections (highest pot first)."""
        b = self.builder
        dead: dict[str, Decimal] = {}
        for action in b.actions:
            if action.kind.dead and action.amount:
                dead[action.player] = dead.get(action.player, ZERO) + action.amount
        # dead money (antes, dead blinds) matches no bet
        live = {name: put - dead.get(name, ZERO) for name, put in b.contributions().items()}
        stakes = sorted(live.items(), key=lambda item: item[1], reverse=True)
        if not stakes:
            return
        top, most = stakes[0]
        excess = most - (stakes[1][1] if len(stakes) > 1 else ZERO)
        if excess <= 0:
            return
        mine = sorted(
            (i for i, c in enumerate(b.collections) if c.player == top),
            key=lambda i: _pot_order(b.collections[i].pot),
        )
        left = excess
        for i in mine:
            if not left:
                break
            collection = b.collections[i]
            taken = min(left, collection.amount)
            b.collections[i] = dataclasses.replace(collection, amount=collection.amount - taken)
            left -= taken
        back = excess - left
        if back:
            street = next(
                (a.street for a in reversed(b.actions) if a.player == top and a.amount),
                b.street,
            )
            b.actions.append(Action(ActionKind.RETURN, top, back, street=street, line=b.line))
            if self.tournament and back % 1 and mine:
                self.round_back(mine[0])
        b.collections[:] = [c for c in b.collections if c.amount]

    def round_back(self, at: int) -> None:
        """Undo the room's rounding of a collection that held a return of a fraction of a
        chip: tournament collections are written in whole chips (a 369.5 chip return
        collected as ``370``), so what is paid differs from what went in by less than a
        chip."""
        b = self.builder
        paid = sum((c.amount for c in b.collections), self.rake)
        over = paid - sum(b.contributions().values(), self.added)  # returns subtracted
        if ZERO < abs(over) < 1 and b.collections[at].amount >= over:
            collection = b.collections[at]
            b.collections[at] = dataclasses.replace(collection, amount=collection.amount - over)

    def pots(self) -> tuple[Decimal, ...]:
        """The pots after rake (main, side pot 1, ...), when the collections name them."""
        totals: dict[str, Decimal] = {}
        for collection in self.builder.collections:
            base = _pot_base(collection.pot)
            totals[base] = totals.get(base, ZERO) + collection.amount
        if not any(name.startswith("side pot") for name in totals):
            return ()
        ordered = sorted(totals.items(), key=lambda item: _pot_order(item[0]), reverse=True)
        return tuple(amount for _, amount in ordered if amount)


class WinamaxReader(LineReader[_Hand]):
    """The reader of Winamax text histories (one hand at a time)."""

    starts = _HEADER_START
    marks = True
    blanks = True
    empty_is_stray = True

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        return _Hand(number, text) if "HandId: #" in text else None


read: Final = WinamaxReader
"""A reader of a Winamax history file or stream."""


FORMAT: Final = Format(name="winamax", rooms=(SITE,), recognise=recognise, read=read)
"""The Winamax text format."""
