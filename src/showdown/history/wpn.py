"""Winning Poker Network text histories (Americas Cardroom, Black Chip, True Poker, Yatahay).

The network's skins write one text layout, with no room's name in it, in two
generations.

The **current layout** (2019 on) resembles PokerStars' without the room's
name: ``Hand #`` opens a cash hand, ``Game Hand #`` a tournament hand; a cash
table is named bare, a tournament table ``Table '7'``; actions have no colon;
``raises $2 to $3`` gives the raise's increment, then its total; each street
line is followed by the pots so far (``Main pot $1.19 | Rake $0.06``, a side
pot on its own line ``Side pot(1) $8.36 | Rake $0.24``: after rake); the
summary's ``Total pot`` is after rake too, and a jackpot fee (``JP Fee``) is
taken from the pot beside the rake::

    Hand #2147 - Holdem(No Limit) - $0.02/$0.05 - 2020/01/02 10:00:00 UTC
    Fort Lupton 6-max Seat #1 is the button
    Seat 1: Ann ($5.00)
    Seat 2: Bob ($4.10)
    Ann posts the small blind $0.02
    Bob posts the big blind $0.05
    *** HOLE CARDS ***
    Ann raises $0.13 to $0.15
    Bob calls $0.10
    *** FLOP *** [Ah Kd 2c]
    Main pot $0.30 | Rake $0.00
    ...
    *** SHOW DOWN ***
    Main pot $0.29 | Rake $0.01
    Ann shows [As Ad] (three of a kind, Aces [...])
    Bob shows [Ks Qs] (two pair, Aces and Kings [...])
    Ann collected $0.29 from main pot
    *** SUMMARY ***
    Total pot $0.29 | Rake $0.01
    Board [Ah Kd 2c 7s 3h]
    Seat 1: Ann (button) (small blind) showed [As Ad] and won $0.29 with ...

A hand run twice deals ``*** FLOP 1 ***`` ... ``*** SHOW DOWN 2 ***`` and
collects ``from main pot 2``. A pot won without a showdown has no
``collected`` line: the summary's ``did not show and won $0.07`` says it, and
the room then counts in it the uncalled part of the winner's bet when it
wrote no ``Uncalled bet`` line (the reader returns that part and collects the
rest). Stud deals ``*** 3rd STREET ***`` to ``*** 7th STREET ***``.

The **old layout** (2010s, still written by some clients until 2019) opens a
hand with ``Game started at:`` and names every player after the word
``Player``; amounts are in parentheses, and each one is the chips the action
adds (``raises (12)`` puts in 12 more; ``allin (124)`` the rest of a stack);
cards are written ``10h`` for the ten; the summary lists, per player, what
he bet and collected::

    Game started at: 2014/3/9 0:4:1
    Game ID: 261442843 2/4 Baryte (JP) - 2 (Hold'em)
    Seat 2 is the button
    Seat 1: Ann (271.70).
    Player Ann has small blind (2)
    ...
    *** FLOP ***: [4s 3c 8h]
    ------ Summary ------
    Pot: 16.85. Rake 0.90
    Board: [4s 3c 8h 3h 6s]
    *Player Ann shows: One pair of 3s [9c Ac]. Bets: 8. Collects: 16.85. Wins: 8.85.
    Game ended at: 2014/3/9 0:4:59

Its ``Pot:`` is what the winners were paid; the rake and a ``JP fee`` are
beside it. Tables with a jackpot often took the jackpot fee without writing
it (the 2014 histories: a flop seen, and 0.25 missing): when every player's
``Bets:`` is what his actions put in and the ``Collects:`` add up to the
``Pot:``, the chips the house kept beyond the written rake are that fee, and
counted as rake. The old layout names no currency and does not say whether a
table is a cash game: a table named ``..., Table 8`` (or not named), whose
amounts are all whole chips, is a tournament's.

>>> import io
>>> text = '''Hand #7 - Holdem(No Limit) - $0.01/$0.02 - 2020/01/02 10:00:00 UTC
... Joppa 6-max Seat #1 is the button
... Seat 1: Ann ($1.00)
... Seat 2: Bob ($1.00)
... Ann posts the small blind $0.01
... Bob posts the big blind $0.02
... *** HOLE CARDS ***
... Ann raises $1.00 to $1.00 and is all-in
... Bob calls $0.98 and is all-in
... *** FLOP *** [Ah Kd 2c]
... Main pot $1.95 | Rake $0.05
... *** TURN *** [Ah Kd 2c] [7s]
... Main pot $1.95 | Rake $0.05
... *** RIVER *** [Ah Kd 2c 7s] [3h]
... Main pot $1.95 | Rake $0.05
... *** SHOW DOWN ***
... Main pot $1.95 | Rake $0.05
... Ann shows [As Ad] (three of a kind, Aces [As Ad Ah Kd 7s])
... Bob shows [Ks Qs] (a pair of Kings [Ks Kd Ah Qs 7s])
... Ann collected $1.95 from main pot
... *** SUMMARY ***
... Total pot $1.95 | Rake $0.04 | JP Fee $0.01
... Board [Ah Kd 2c 7s 3h]
... Seat 1: Ann (button) (small blind) showed [As Ad] and won $1.95 with three of a kind
... Seat 2: Bob (big blind) showed [Ks Qs] and lost with a pair of Kings
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.site, hand.game, hand.currency, hand.rake, hand.collected(), hand.pots
('wpn', 'holdem', 'USD', Decimal('0.05'), {'Ann': Decimal('1.95')}, (Decimal('1.95'),))
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal
from typing import Final

from showdown.cards import Card, parse_cards
from showdown.errors import HistoryError
from showdown.history.amounts import CENT, ONE, ZERO
from showdown.history.formats import Format, HandBuilder, cut_off, read_error, sniff_text
from showdown.history.games import game_id, limit_name
from showdown.history.layout import BRACKETS_RE, BUTTON_RE, street_words
from showdown.history.linereader import HandLines, LineReader
from showdown.history.model import ActionKind, Collection, Hand, Showing

__all__ = ["FORMAT", "SITE", "WpnReader", "read", "recognise"]

SITE: Final = "wpn"
"""The site id of every hand of the network (its skins write no name of their own)."""


# -- headers ---------------------------------------------------------------------------

_NEW_HEADER_RE: Final = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d+) - "
    r"(?:(?P<tname>.*?)Tournament #(?P<tour>\d+) - )?"
    r"(?P<game>[^()]+?) ?\((?P<limit>[^()]*)\) - "
    r"(?:Level (?P<level>\S+) )?\(?(?P<stakes>[^ ()]+/[^ ()]+)\)? ?- ?(?P<date>.*)$"
)
_OLD_START: Final = "Game started at: "
_OLD_ID_RE: Final = re.compile(
    r"^Game ID: (?P<id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) ?(?P<table>.*?) ?"
    r"\((?P<game>[^()]*)\)(?: (?P<max>\d+)-max)?$"
)
_RECOGNISE_RE: Final = re.compile(
    r"^(?:(?:Game )?Hand #\d+ - (?:[^\n]*?Tournament #\d+ - )?[^()\n]+\([^()\n]*\) - |"
    r"Game started at: \d{4}/\d{1,2}/\d{1,2} |Game ID: \d+ [\d.,]+/[\d.,]+ )",
    re.MULTILINE,
)
_TABLE_RE: Final = re.compile(
    r"^(?P<table>.*?) ?(?:(?P<max>\d+)-max)?(?P<play> \(Play Money\))?"
    r"(?: ?Seat #(?P<button>\d+) is the button)?$"
)
_OLD_TOURNAMENT_RE: Final = re.compile(r"^(?P<name>.*), Table \d+$")

# -- lines -----------------------------------------------------------------------------

_NEW_SEAT_RE: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>\$?[\d,]*\.?\d+)\)(?P<rest>[^()]*)$"
)
_OLD_SEAT_RE: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[\d,]*\.?\d+)\)\.$"
)
_NEW_ACTION_RE: Final = re.compile(
    r"^(?P<name>.*?) (?P<verb>folds|checks|calls|bets|raises|caps|cap|posts|straddles|straddle|"
    r"brings in|brings-in|bring-in|shows|mucks|does not show|collected|waits|will be|is|has|"
    r"sits|joins|leaves|returns|disconnected|reconnected|times out)(?!\w)(?P<rest>.*)$"
)
_OLD_ACTION_RE: Final = re.compile(
    r"^Player (?P<name>.*?) (?P<verb>has small blind|has big blind|posts|ante|straddle|"
    r"bring in|brings in|received card:|received a card|folds|checks|calls|bets|raises|allin|"
    r"caps|cap|mucks|shows|sitting out|is|wait|has|sits|returns)(?!\w)(?P<rest>.*)$"
)
_UNCALLED_RE: Final = re.compile(
    r"^Uncalled bet \((?P<amount>\$?[\d,]*\.?\d+)\) returned to ?(?P<name>.*)$"
)
_COLLECTED_RE: Final = re.compile(
    r"^ (?P<amount>\$?[\d,]*\.?\d+) from (?P<pot>.+?)(?: (?P<run>\d+))?$"
)
_AMOUNT_RE: Final = re.compile(r"\$?\d[\d,]*(?:\.\d+)?")
_MONEYISH_RE: Final = re.compile(r"\$\d|\d\.\d\d\b|\(\d[\d,.]*\)")
_POT_LINE_RE: Final = re.compile(
    r"^(?P<kind>Main|Side) pot(?:\((?P<side>\d+)\)|-(?P<dash>\d+)| (?P<run>\d+))? "
    r"(?P<amount>\$?[\d,]*\.?\d+)$"
)
_SUMMARY_SEAT_RE: Final = re.compile(r"^Seat (\d+): ")
_SUMMARY_WON_RE: Final = re.compile(r"\b(?:won|collected) \(?(\$?[\d,]*\.?\d+)\)?")
_SUMMARY_CARDS_RE: Final = re.compile(r"\b(showed|mucked) \[([^\]]*)\]")
_OLD_SUMMARY_RE: Final = re.compile(
    r"^\*?Player (?P<rest>.*?)\s*Bets: (?P<bets>[\d,]*\.?\d+)\. Collects: "
    r"(?P<collects>[\d,]*\.?\d+)\. (?:Wins|Loses): [\d,]*\.?\d+\.?$"
)
_OLD_STATUS_RE: Final = re.compile(
    r"^(?P<name>.*?) ?(?P<what>does not show cards|doesn't show cards|"
    r"mucks \(does not show cards\)|shows: (?P<shown>.*?))\.?$"
)
_BOARD_RE: Final = re.compile(r"^Board(?: (?P<run>\d+))?:? \[")

_NEW_STREETS: Final = street_words({"HOLE CARDS": "preflop"}, stud=True)
# The old layout's stud markers close a street: "*** Third street ***" comes
# after third street's betting, before fourth street's cards.
_OLD_STREETS: Final = street_words(
    {
        "Third street": "fourth",
        "Fourth street": "fifth",
        "Fifth street": "sixth",
        "Sixth street": "seventh",
    }
)
_NEW_QUIET: Final = frozenset(
    {
        "does not show",
        "waits",
        "will be",
        "is",
        "has",
        "sits",
        "joins",
        "leaves",
        "returns",
        "disconnected",
        "reconnected",
        "times out",
    }
)
"""Verbs of lines that move no chips ('waits for big blind', 'is sitting out')."""
_OLD_POSTS: Final = frozenset(
    {"has small blind", "has big blind", "posts", "ante", "straddle", "bring in", "brings in"}
)
_NEW_BETTING: Final = frozenset({"folds", "checks", "calls", "bets", "raises", "caps", "cap"})
_STUD_IDS: Final = frozenset({"stud", "stud_hilo", "razz", "five_card_stud"})
_GAME_WORDS: Final = (
    ("HiLow", "Hi/Lo"),
    ("Six Plus Hold'em", "6+ Hold'em"),
    ("Six Plus Holdem", "6+ Hold'em"),
    ("Seven Cards Stud", "7 Card Stud"),
    ("5Card", "5 Card"),
    ("6Card", "6 Card"),
)
_LIMITS: Final = {
    "No Limit": "No Limit",
    "Pot Limit": "Pot Limit",
    "Fixed Limit": "Limit",
}


@functools.lru_cache(maxsize=4096)
def _money(text: str) -> tuple[Decimal, int]:
    """An amount as the network writes it (``$1,142.13``, ``30000.00``, ``0.25``) and its
    decimal places that are not zero.

    Raises:
        ValueError: not an amount.
    """
    body = text.strip().lstrip("$").replace(",", "")
    if not body or not (body[0].isdigit() or body[0] == "."):
        raise ValueError(f"{text!r} is not an amount")
    try:
        value = Decimal(body)
    except ArithmeticError:
        raise ValueError(f"{text!r} is not an amount") from None
    exponent = value.normalize().as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return value, places


@functools.lru_cache(maxsize=4096)
def _cards(text: str) -> tuple[Card, ...]:
    """The cards of a bracket group (``10h`` is the ten)."""
    return parse_cards(text.replace("10", "T"), allow_duplicates=True)


def _all_cards(text: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for group in BRACKETS_RE.findall(text):
        cards.extend(_cards(group))
    return tuple(cards)


def _game(words: str) -> tuple[str, str]:
    """The game id and name of the network's game words (``Omaha HiLow``, ``7Stud H/L``)."""
    for theirs, ours in _GAME_WORDS:
        if theirs in words:
            words = words.replace(theirs, ours)
    return game_id(words)


class _Hand(HandLines):
    """One hand being read, line by line (either layout)."""

    site = SITE

    def __init__(self, line: int, header: str) -> None:
        super().__init__("", line)
        self.source = ""
        self.index = 0
        self.start = line
        self.old = not header.startswith(("Hand #", "Game Hand #"))
        self.fields: dict[str, object] = {}
        self.builder = HandBuilder()
        self.names: dict[str, int] = {}
        self.by_seat: dict[int, str] = {}
        self.stacks: dict[str, Decimal] = {}
        self.places = 0
        self.big_blind = ZERO
        self.section = 0  # 0: seats, 1: the play, 2: the summary
        self.table_seen = False
        self.summary = False
        self.summary_total = False
        self.ended = False
        self.run = 0
        self.runs = False
        self.street_max = ZERO
        self.posting = True  # no betting yet: blinds and antes count toward the first round
        self.collected: list[Collection] = []
        self.won: list[Collection] = []
        self.rake = ZERO
        self.total: Decimal | None = None
        self.pots: list[Decimal] = []
        self.pots_final = False
        self.at_showdown = False
        self.received: dict[str, list[Card]] = {}
        self.bets: dict[str, Decimal] = {}
        self.old_pot: Decimal | None = None

    def open(self, header: str) -> None:
        """Read the header line."""
        if not self.old:
            self.new_header(header)
        elif header.startswith("Game ID: "):
            self.game_line(header)

    # -- amounts -----------------------------------------------------------------------

    def amount(self, text: str) -> Decimal:
        value, places = _money(text)
        if places > self.places:
            self.places = places
        return value

    # -- headers -----------------------------------------------------------------------

    def new_header(self, header: str) -> None:
        match = _NEW_HEADER_RE.match(header)
        if match is None:
            self.hand_id = header.split("#", 1)[1].split(" ", 1)[0] if "#" in header else ""
            raise ValueError(f"cannot read the header {header!r}")
        self.hand_id = match["id"]
        self.game, name = _game(match["game"])
        stakes = match["stakes"]
        tournament = match["tour"]
        dollars = "$" in stakes
        with_limit = _LIMITS.get(match["limit"]) or limit_name(match["limit"])
        self.fields.update(
            game=self.game,
            game_name=name,
            limit=with_limit,
            stakes=stakes,
            tournament=tournament,
            currency="USD" if dollars and not tournament else None,
            play_money=not tournament and not dollars,
        )
        self.big_blind = _money(stakes.rsplit("/", 1)[1])[0]

    def game_line(self, line: str) -> None:
        match = _OLD_ID_RE.match(line)
        if match is None:
            raise ValueError(f"cannot read the game line {line!r}")
        self.hand_id = match["id"]
        self.game, name = _game(match["game"])
        table = match["table"]
        self.big_blind = self.amount(match["bb"])
        self.amount(match["sb"])
        self.fields.update(
            game=self.game,
            game_name=name,
            limit="",
            stakes=f"{match['sb']}/{match['bb']}",
            table=table,
            max_seats=int(match["max"]) if match["max"] else None,
        )
        self.table_seen = True

    def table_line(self, line: str) -> None:
        match = _TABLE_RE.match(line)
        if match is None:  # pragma: no cover - every line matches the pattern
            raise ValueError(f"cannot read the table line {line!r}")
        table = match["table"]
        if table.startswith("Table '") and table.endswith("'"):
            table = table[7:-1]
        self.fields["table"] = table
        if match["max"]:
            self.fields["max_seats"] = int(match["max"])
        if match["button"]:
            self.fields["button"] = int(match["button"])
        if match["play"]:
            self.fields["play_money"] = True
            self.fields["currency"] = None
        self.table_seen = True

    # -- seats -------------------------------------------------------------------------

    def seat(self, number: int, name: str, stack: Decimal, sitting_out: bool) -> None:
        self.builder.seat(number, name, stack, sitting_out=sitting_out)
        self.names[name] = number
        self.by_seat[number] = name
        self.stacks[name] = stack

    # -- one line ----------------------------------------------------------------------

    def feed(self, number: int, line: str) -> None:
        """Read one line of the hand (after its header)."""
        self.builder.line = number
        if self.old:
            self.old_line(line)
        else:
            self.new_line(line)

    def new_line(self, line: str) -> None:
        first = line[:1]
        if not first:
            return
        if self.section == 2:
            self.new_summary(line)
        elif first == "*":
            self.new_marker(line)
        elif self.section == 0 and first == "S" and line.startswith("Seat "):
            match = _NEW_SEAT_RE.match(line)
            if match is not None:
                self.table_seen = True  # the table line, when written, comes first
                self.seat(
                    int(match["seat"]),
                    match["name"],
                    self.amount(match["stack"]),
                    "sitting out" in match["rest"],
                )
            elif not self.table_seen:
                self.table_line(line)
            # else 'Seat 2: Ann will be allowed to play after the button': not dealt in
        elif not self.table_seen:
            self.table_line(line)
        elif first in "MS" and line.startswith(("Main pot", "Side pot")):
            if self.at_showdown:
                self.pot_line(line)
        elif first == "D" and line.startswith("Dealt to "):
            self.new_dealt(line)
        elif first == "U" and line.startswith("Uncalled bet"):
            self.uncalled(line)
        else:
            self.new_action(line)

    def new_marker(self, line: str) -> None:
        words = line.strip("* ").split(" [", 1)[0].strip("* ")
        if words == "SUMMARY":
            self.section = 2
            self.summary = True
            self.builder.street = "showdown"
            return
        self.section = 1
        if words == "RUN IT TWICE":
            self.runs = True
            return
        base, _, run = words.rpartition(" ")
        if run.isdigit():
            self.runs = True
            self.run = int(run) - 1
            words = base
        if words == "SHOW DOWN":
            self.at_showdown = True
            self.pots = []
            self.builder.street = "showdown"
            return
        street = _NEW_STREETS.get(words)
        if street is None:
            raise ValueError(f"cannot read the street line {line!r}")
        if street != "preflop":
            self.posting = False
            self.builder.street = street
        if "[" in line and street not in ("preflop", "third"):
            cards = _all_cards(line)
            if self.game not in _STUD_IDS:
                self.builder.set_board(cards, run=self.run)

    def new_dealt(self, line: str) -> None:
        rest = line[9:]
        cut = rest.find(" [")
        player = rest[:cut] if cut >= 0 else rest.strip()
        if player not in self.names:
            player = self.known_prefix(rest) or player
        if cut >= 0 and player in self.names:
            self.builder.deal(player, _all_cards(rest[len(player) :]))

    def pot_line(self, line: str) -> None:
        """``Main pot $0.15 | Rake $0.00``, ``Side pot(1) $8.36 | Rake $0.24``: the pots so
        far, after rake (a main pot starts the list again); the showdown's are the pots."""
        for part in line.split("|"):
            match = _POT_LINE_RE.match(part.strip())
            if match is None:
                continue
            if match["kind"] == "Main":
                self.pots = []
            self.pots.append(self.amount(match["amount"]))
            if match["run"]:
                self.runs = True
        self.pots_final = True

    def uncalled(self, line: str) -> None:
        match = _UNCALLED_RE.match(line)
        if match is None:
            raise ValueError(f"cannot read {line!r}")
        player, amount = match["name"], self.amount(match["amount"])
        if amount > self.builder.contributions().get(player, ZERO):
            raise ValueError(f"{amount} is returned to {player!r}, more than he put in")
        self.builder.returned(player, amount)

    def known_prefix(self, text: str) -> str | None:
        """The longest seated name that the text starts with (then a space)."""
        best = None
        for name in self.names:
            if (
                text.startswith(name)
                and text[len(name) : len(name) + 1] in (" ", "")
                and (best is None or len(name) > len(best))
            ):
                best = name
        return best

    def split_action(self, line: str, pattern: re.Pattern[str], skip: int) -> tuple[str, str, str]:
        """(player, verb, rest) of an action line, the player's name checked against the
        seats (a name may hold spaces or words like 'calls')."""
        match = pattern.match(line)
        if match is not None and match["name"] in self.names:
            return match["name"], match["verb"], match["rest"]
        name = self.known_prefix(line[skip:])
        if name is not None:
            again = pattern.match(line[:skip] + "X" + line[skip + len(name) :])
            if again is not None and again["name"] == "X":
                return name, again["verb"], again["rest"]
        if match is not None:
            return match["name"], match["verb"], match["rest"]
        return "", "", line

    def new_action(self, line: str) -> None:
        player, verb, rest = self.split_action(line, _NEW_ACTION_RE, 0)
        b = self.builder
        all_in = rest.endswith(" and is all-in")
        if all_in:
            rest = rest[: -len(" and is all-in")]
        if self.posting and verb in _NEW_BETTING:
            self.posting = False
            b.street = "third" if self.game in _STUD_IDS else "preflop"
        if verb == "folds":
            b.fold(player, _all_cards(rest) if "[" in rest else ())
        elif verb == "checks":
            b.check(player)
        elif verb == "calls":
            b.call(player, self.amount(rest), all_in=all_in)
        elif verb == "bets":
            b.bet(player, self.amount(rest), all_in=all_in)
        elif verb == "raises":
            cut = rest.rfind(" to ")
            if cut >= 0:
                b.raise_to(player, self.amount(rest[cut + 4 :]), all_in=all_in)
            else:
                b.raise_by(player, self.amount(rest), all_in=all_in)
        elif verb in ("caps", "cap"):
            b.raise_by(player, self.amount(rest), all_in=all_in)
        elif verb == "posts":
            self.new_post(player, rest.strip(), all_in)
        elif verb in ("straddle", "straddles"):
            b.post(ActionKind.STRADDLE, player, self.amount(rest.split()[-1]), all_in=all_in)
        elif verb in ("brings in", "brings-in", "bring-in"):
            b.post(ActionKind.BRING_IN, player, self.amount(rest.split()[-1]), all_in=all_in)
        elif verb == "shows":
            cards = _all_cards(rest.split("(", 1)[0])
            if cards:
                b.show(player, cards)
        elif verb == "mucks":
            b.muck(player, _all_cards(rest) if "[" in rest else ())
        elif verb == "collected":
            self.new_collected(player, rest)
        elif verb in _NEW_QUIET:
            if _MONEYISH_RE.search(rest):
                raise ValueError(f"cannot read {line!r}")
        else:
            raise ValueError(f"cannot read {line!r}")

    def new_post(self, player: str, what: str, all_in: bool) -> None:
        b = self.builder
        amount = self.amount(what.rsplit(" ", 1)[-1])
        if what.startswith("the small blind"):
            b.post(ActionKind.SMALL_BLIND, player, amount, all_in=all_in)
        elif what.startswith("the big blind"):
            b.post(ActionKind.BIG_BLIND, player, amount, all_in=all_in)
        elif what.startswith("ante"):
            b.post(ActionKind.ANTE, player, amount, all_in=all_in)
        elif what.startswith("straddle"):
            b.post(ActionKind.STRADDLE, player, amount, all_in=all_in)
        else:  # 'posts dead $0.07' (both blinds: the big one live), 'posts $0.05'
            self.dead_or_live(player, amount, all_in)

    def dead_or_live(self, player: str, amount: Decimal, all_in: bool) -> None:
        """A post to come in: up to the big blind live, the rest (a missed small blind) dead;
        less than the big blind, dead."""
        b = self.builder
        bb = self.big_blind
        if bb and amount > bb:
            b.post(ActionKind.DEAD_BLIND, player, amount - bb, all_in=all_in)
            b.post(ActionKind.BIG_BLIND, player, bb, all_in=all_in)
        elif bb and amount < bb:
            b.post(ActionKind.DEAD_BLIND, player, amount, all_in=all_in)
        else:
            b.post(ActionKind.BIG_BLIND, player, amount, all_in=all_in)

    def new_collected(self, player: str, rest: str) -> None:
        match = _COLLECTED_RE.match(rest)
        if match is None:
            raise ValueError(f"cannot read the collection {rest!r}")
        run = int(match["run"]) - 1 if match["run"] and self.runs else None
        pot = match["pot"] if run is None else f"{match['pot']} {match['run']}"
        if player not in self.names:
            raise ValueError(f"{player!r} collects but is not seated")
        self.collected.append(
            Collection(player, self.amount(match["amount"]), pot, run, self.builder.line)
        )

    def new_summary(self, line: str) -> None:
        if line.startswith("Total pot"):
            self.summary_total = True
            parts = line.split("|")
            self.total = self.amount(parts[0][len("Total pot") :])
            listed: list[Decimal] = []
            for part in parts[1:]:
                found = _AMOUNT_RE.search(part)
                if found is None:
                    continue
                if " pot" in part[: found.start()].lower():
                    listed.append(self.amount(found[0]))
                else:  # the rake, a jackpot fee ('JP Fee'), any other fee
                    self.rake += self.amount(found[0])
            if listed and not self.pots_final:
                self.pots, self.pots_final = listed, True
            return
        board = _BOARD_RE.match(line)
        if board is not None:
            if self.game not in _STUD_IDS:
                run = int(board["run"]) - 1 if board["run"] else 0
                self.builder.set_board(_all_cards(line[board.end() - 1 :]), run=run)
            return
        match = _SUMMARY_SEAT_RE.match(line)
        if match is None:
            return
        player = self.by_seat.get(int(match[1]))
        if player is None or not line[match.end() :].startswith(player):
            return
        rest = line[match.end() + len(player) :]
        if " folded " in rest and "[" not in rest:
            return
        shown = _SUMMARY_CARDS_RE.search(rest)
        if shown is not None:
            b = self.builder
            cards = _cards(shown[2])
            showings = b.showings
            if cards and not any(
                s.player == player and len(s.cards) >= len(cards) for s in showings
            ):
                if shown[1] == "showed":
                    b.show(player, cards)
                elif any(a.kind is ActionKind.MUCK and a.player == player for a in b.actions):
                    showings.append(Showing(player, cards, mucked=True))  # 'mucks hand' said it
                else:
                    b.muck(player, cards)
        if not self.runs or not any(c.player == player for c in self.won):
            for won in _SUMMARY_WON_RE.findall(rest.split(" with ", 1)[0]):
                self.won.append(
                    Collection(player, self.amount(won), "pot", None, self.builder.line)
                )

    # -- the old layout ----------------------------------------------------------------

    def old_line(self, line: str) -> None:
        if self.section == 2:
            self.old_summary(line)
        elif line.startswith("Player "):
            self.old_action(line)
        elif line.startswith("*** "):
            self.old_marker(line)
        elif line.startswith("Seat "):
            match = _OLD_SEAT_RE.match(line)
            if match is not None:
                self.seat(int(match["seat"]), match["name"], self.amount(match["stack"]), False)
                return
            button = BUTTON_RE.match(line)
            if button is None:
                raise ValueError(f"cannot read the seat line {line!r}")
            self.fields["button"] = int(button[1])
        elif line.startswith("Uncalled bet"):
            self.uncalled(line)
        elif line.startswith("------ Summary"):
            self.section = 2
            self.summary = True
            self.builder.street = "showdown"
        elif line.startswith("Game ID: "):
            self.game_line(line)
        elif line and _MONEYISH_RE.search(line):
            raise ValueError(f"cannot read {line!r}")

    def old_marker(self, line: str) -> None:
        words = line.split("***")[1].strip()
        street = _OLD_STREETS.get(words)
        if street is None:
            raise ValueError(f"cannot read the street line {line!r}")
        self.builder.street = street
        self.street_max = ZERO
        if "[" in line and self.game not in _STUD_IDS:
            self.builder.set_board(_all_cards(line))

    def old_action(self, line: str) -> None:
        player, verb, rest = self.split_action(line, _OLD_ACTION_RE, 7)
        b = self.builder
        rest = rest.strip()
        if verb == "received card:":
            self.received.setdefault(player, []).extend(_all_cards(rest))
            return
        if verb in ("received a card", "sitting out", "is", "wait", "sits", "returns"):
            return
        amount = self.amount(rest[1 : rest.index(")")]) if rest.startswith("(") else None
        if verb in _OLD_POSTS:
            if amount is None:
                if rest.startswith("ante ("):  # 'posts ante (10)'
                    b.post(ActionKind.ANTE, player, self.amount(rest[6:-1]))
                    return
                raise ValueError(f"cannot read {line!r}")
            if verb == "has small blind":
                b.post(ActionKind.SMALL_BLIND, player, amount)
            elif verb == "has big blind":
                b.post(ActionKind.BIG_BLIND, player, amount)
            elif verb == "ante":
                b.post(ActionKind.ANTE, player, amount)
            elif verb == "straddle":
                b.post(ActionKind.STRADDLE, player, amount)
            elif verb in ("bring in", "brings in"):
                if b.street == "blinds":
                    b.street = "third"
                b.post(ActionKind.BRING_IN, player, amount)
            elif "as a dead bet" in rest:
                b.post(ActionKind.DEAD_BLIND, player, amount)
            else:  # 'posts (0.50)': a blind to come in
                self.dead_or_live(player, amount, False)
            if b.street != "blinds" and b.on_street(player) > self.street_max:
                self.street_max = b.on_street(player)
            return
        if verb == "mucks":
            b.muck(player, _all_cards(rest) if "[" in rest else ())
            return
        if verb == "shows":
            cards = _all_cards(rest)
            if cards:
                b.show(player, cards)
            return
        if verb == "has":  # 'has timed out', 'has returned': no chips
            if amount is not None:
                raise ValueError(f"cannot read {line!r}")
            return
        if b.street == "blinds":
            b.street = "third" if self.game in _STUD_IDS else "preflop"
            self.street_max = max((b.on_street(n) for n in self.names), default=ZERO)
        if verb == "folds":
            b.fold(player)
        elif verb == "checks":
            b.check(player)
        elif amount is None and verb != "allin":
            raise ValueError(f"cannot read {line!r}")
        elif verb == "calls":
            b.call(player, amount or ZERO)
        elif verb == "bets":
            b.bet(player, amount or ZERO)
        elif verb in ("raises", "caps", "cap"):
            b.raise_by(player, amount or ZERO)
        elif verb == "allin":
            if amount is None:  # a disconnected player all in: the rest of his stack
                amount = self.stacks.get(player, ZERO) - b.contributions().get(player, ZERO)
            mine = b.on_street(player)
            if mine + amount <= self.street_max:
                b.call(player, amount, all_in=True)
            elif self.street_max == 0:
                b.bet(player, amount, all_in=True)
            else:
                b.raise_by(player, amount, all_in=True)
        else:  # pragma: no cover - the pattern admits no other verb
            raise ValueError(f"cannot read {line!r}")
        mine = b.on_street(player)
        if mine > self.street_max:
            self.street_max = mine

    def old_summary(self, line: str) -> None:
        if line.startswith("Pot: "):
            for number, part in enumerate(line.split(". ")):
                if number == 0:
                    self.old_pot = self.amount(part[5:])
                else:
                    found = _AMOUNT_RE.search(part)
                    if found is not None:
                        self.rake += self.amount(found[0])
            self.summary_total = True
            return
        if line.startswith("Board: "):
            if self.game not in _STUD_IDS:
                self.builder.set_board(_all_cards(line))
            return
        if line.startswith("Game ended at"):
            self.ended = True
            return
        match = _OLD_SUMMARY_RE.match(line)
        if match is None:
            return
        status = _OLD_STATUS_RE.match(match["rest"])
        if status is None:
            raise ValueError(f"cannot read the summary line {line!r}")
        player = status["name"]
        if player not in self.names:
            player = self.known_prefix(match["rest"]) or player
        if player not in self.names:
            raise ValueError(f"{player!r} is in the summary but not seated")
        self.bets[player] = self.amount(match["bets"])
        collects = self.amount(match["collects"])
        if collects:
            self.collected.append(Collection(player, collects, "pot", None, self.builder.line))
        if status["shown"] is not None:
            groups = BRACKETS_RE.findall(status["shown"])
            if groups:
                cards = _cards(groups[-1])
                if cards:
                    self.builder.show(player, cards)

    # -- the hand ----------------------------------------------------------------------

    def complete(self) -> bool:
        return self.summary and self.summary_total and not (self.old and not self.ended)

    def finish(self, source: str, index: int) -> Hand | HistoryError:
        if self.error is not None:
            return super().finish(source, index)
        if not self.complete():  # named by its last line
            line = self.builder.line or self.line
            return cut_off(file=source, line=line, hand=self.hand_id, site=SITE, game=self.game)
        try:
            return self.build(source, index)
        except Exception as error:  # a hand that cannot be built names its header
            return read_error(
                error, file=source, line=self.start, hand=self.hand_id, site=SITE, game=self.game
            )

    def build(self, source: str, index: int) -> Hand:
        self.source, self.index = source, index
        b = self.builder
        for player, cards in self.received.items():
            if player in self.names:
                b.deal(player, tuple(cards))
        b.collections.extend(self.collected or self.won)
        if self.old:
            self.old_rake()
        self.settle_uncalled()
        stud = self.game in _STUD_IDS
        if self.fields.get("tournament") or (self.old and self.old_tournament()):
            unit = Decimal(1).scaleb(-self.places) if self.places else ONE
        else:
            unit = min(CENT, Decimal(1).scaleb(-self.places))
        fields = dict(self.fields)
        if stud:
            fields["button"] = None
        return b.build(
            source=self.source,
            line=self.start,
            index=self.index,
            site=SITE,
            hand_id=self.hand_id,
            unit=unit,
            rake=self.rake,
            total_pot=self.total if not self.old else self.old_pot,
            pots=tuple(self.pots) if self.pots_final and not self.runs else (),
            **fields,
        )

    def old_tournament(self) -> bool:
        """Whether an old-layout hand is a tournament's (the layout does not say)."""
        table = str(self.fields.get("table", ""))
        named = _OLD_TOURNAMENT_RE.match(table)
        if named is not None:
            self.fields["tournament"] = named["name"]
            return True
        return self.places == 0 and (not table or self.big_blind >= 10)

    def old_rake(self) -> None:
        """The old layout's rake: the written rake and fee, or, when every ``Bets:`` is what
        the actions put in and the ``Collects:`` add up to the ``Pot:``, all the house kept
        (a jackpot fee the room did not write)."""
        b = self.builder
        put = b.contributions()
        paid = sum((c.amount for c in b.collections), ZERO)
        gap = sum(put.values(), ZERO) - paid - self.rake
        if gap <= 0 or self.old_pot is None or paid != self.old_pot:
            return
        if any(put.get(name, ZERO) != bet for name, bet in self.bets.items()):
            return
        if any(name not in self.bets for name, amount in put.items() if amount):
            return
        self.rake += gap

    def settle_uncalled(self) -> None:
        """Return the unmatched part of the largest bet when the room wrote no return.

        The room's ``won`` then counts it (split it: return it, collect the rest), or the
        chips fall short by exactly that part (return it).
        """
        b = self.builder
        ranked = b.live_stakes()
        if not ranked:
            return
        top, most = ranked[0]
        excess = most - (ranked[1][1] if len(ranked) > 1 else ZERO)
        if excess <= 0:
            return
        put = sum(b.contributions().values(), ZERO)
        paid = sum((c.amount for c in b.collections), ZERO) + self.rake
        gap = put - paid
        if gap == excess:
            b.returned(top, excess)
            return
        if gap:
            return
        mine = [c for c in b.collections if c.player == top]
        if not mine or sum((c.amount for c in mine), ZERO) < excess:
            return
        largest = max(mine, key=lambda c: c.amount)
        if largest.amount >= excess:
            at = b.collections.index(largest)
            b.collections[at] = Collection(
                top, largest.amount - excess, largest.pot, largest.board, largest.line
            )
            b.returned(top, excess)


class WpnReader(LineReader[_Hand]):
    """The hands of a Winning Poker Network history, read one at a time."""

    starts = ("G", "H")  # the first letters of both layouts' headers
    marks = True
    blanks = True
    empty_is_stray = True

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        if not _is_header(text, hand):
            return None
        opened = _Hand(number, text)
        try:
            opened.open(text)
        except Exception as error:  # a bad header spoils its hand only
            opened.error = error
            opened.game = ""  # the header was not read: no game to name
        return opened


def _is_header(line: str, hand: _Hand | None) -> bool:
    """Whether a line opens a hand (``Game ID:`` does when no ``Game started at:`` did)."""
    if line.startswith(("Hand #", "Game Hand #")):
        return _NEW_HEADER_RE.match(line) is not None or bool(_RECOGNISE_RE.match(line))
    if line.startswith(_OLD_START):
        return True
    return (
        line.startswith("Game ID: ")
        and (hand is None or not hand.old or bool(hand.hand_id))
        and _OLD_ID_RE.match(line) is not None
    )


def recognise(start: str) -> bool:
    """Whether a file's first characters are a Winning Poker Network history.

    >>> recognise("Hand #68217077 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC")
    True
    >>> recognise("Game started at: 2014/3/9 0:0:7\\nGame ID: 261441531 2/4 Baryte (Hold'em)")
    True
    >>> recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02")
    False
    >>> recognise("PokerStars Hand #2: Tournament #3, Hold'em No Limit - Level I (10/20) - x")
    False
    """
    return _RECOGNISE_RE.search(sniff_text(start)) is not None


read: Final = WpnReader
"""The hands of a Winning Poker Network history, read one at a time."""


FORMAT: Final = Format(name="wpn", rooms=(SITE,), recognise=recognise, read=read)
"""The Winning Poker Network text format (both layouts)."""
