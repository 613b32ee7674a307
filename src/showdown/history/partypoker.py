"""PartyPoker text histories (partypoker.com, .eu, New Jersey, and the old PartyGaming skins).

Party's client wrote two layouts, both opened by ``***** Hand History for Game
<id> *****`` (a line ``Game #<id> starts.`` and ``#Game No : <id>`` often come
before it: the next hand's preamble, skipped).

The **action layout** (2005 to 2016 and after) has no summary and no rake
line. Amounts are in brackets, the currency written after them (``[$0.02
USD]``, ``[€0.10 EUR]``, the Mac client's ``[ $0,25 USD ]`` with a decimal
comma, tournament chips bare, ``[3,000]``), and every amount is what the action
puts in (``raises [$0.15 USD]`` adds 0.15 to the player's bet, an increment,
as do ``is all-In [$1 USD]``, ``completes [$0.50 USD]`` and ``bring-ins
[$0.25 USD]`` in stud). The button is a line of its own, seats are listed in
any order, and the pot is won in words::

    ***** Hand History for Game 12345 *****
    $0.02/$0.05 USD NL Texas Hold'em - Sunday, July 01, 10:00:00 EDT 2012
    Table Ghent (Real Money)
    Seat 3 is the button
    Total number of players : 3/6
    Seat 3: Ann ( $5 USD )
    Seat 1: Bob ( $5 USD )
    Seat 2: Cid ( $5 USD )
    Bob posts small blind [$0.02 USD].
    Cid posts big blind [$0.05 USD].
    ** Dealing down cards **
    Dealt to Ann [  Ah 5s ]
    Ann raises [$0.15 USD]
    ...
    ** Dealing Flop ** [ 2c, 7d, Js ]
    ...
    Ann shows [ Ah, 5s ]a pair of Fives.
    Cid doesn't show [ 9c, 8c ]high card Jack.
    Ann wins $0.62 USD from the main pot with a pair of Fives.

A pot is ``the main pot`` or ``the side pot 1`` (``side pot #1`` in older
files), a hi/lo pot is won twice (``wins $1 USD from the main pot`` for the
high half, ``wins Lo ($1 USD) from the main pot`` for the low). A ``wins``
amount counts the winner's own uncalled bet, which the room writes nowhere
else: the reader returns it and collects the rest. The rake is what was put in
less what was paid out (no line says it); a tournament hand (``Trny: 123
Level: 2``, chips) takes none, and a cash hand no more than a tenth of the pot
(Party took 5% or so): anything else means the chips do not add up. Tournament
hands often write no blind posts at all (only ``Blinds(20/40)``): the reader
posts them for the first two seats after the button that play in the hand (the
button itself and the other player heads up). A player who joined the table
may post and play without a seat line (``Bob has joined the table.``); he is
given a free seat. The Mac client glues two sentences into one line
(``...Queens.Bob wins $27,36 USD from the main pot``); they are read apart.

The **summary layout** (``***** Hand History For Game``: e-mailed histories
of 2008-2013, the client of 2013 on) writes ``0.50/1 Texas Hold'em Game Table
(NL)``, amounts in parentheses (``posts small blind (0.5)``, ``calls (3.0)``),
raises as the increment and the total (``raises 3.0 to 3.0``), the button
after the table (``Table Calarasi (Real Money) -- Seat 4 is the button``),
and ends with a summary: ``Main Pot: $7.13 Rake: $0.37`` (after rake) and a
line per player, ``Ann balance $100.57, bet $3, collected $3.57, net +$0.57
[ Ad 5d ] [ a pair of nines -- ... ]``, whose cards are the ones shown. Its
``collected`` counts the uncalled bet too. A player who took the all-in
cash-out is ``Ann Cashed out balance ...``: that money is a cash-out, not a
pot. Its seat lines may cut a name short (``Seat 2: Ann`` for ``Ann Lee``);
a name that begins with a seated one is that player.

>>> import io
>>> text = '''***** Hand History for Game 7 *****
... $0.05/$0.10 USD NL Texas Hold'em - Sunday, July 01, 10:00:00 EDT 2012
... Table Ghent (Real Money)
... Seat 2 is the button
... Total number of players : 2/6
... Seat 2: Ann ( $5 USD )
... Seat 1: Bob ( $5 USD )
... Ann posts small blind [$0.05 USD].
... Bob posts big blind [$0.10 USD].
... ** Dealing down cards **
... Ann raises [$0.25 USD]
... Bob folds
... Ann does not show cards.
... Ann wins $0.40 USD
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.contributions(), hand.returned(), hand.collected(), hand.rake
({'Ann': Decimal('0.30'), 'Bob': Decimal('0.10')}, {'Ann': Decimal('0.20')}, \
{'Ann': Decimal('0.20')}, Decimal('0.00'))
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal
from typing import Final

from showdown.cards import Card, parse_cards
from showdown.errors import HistoryError
from showdown.history.amounts import SIGNS, ZERO, decimals_of, parse_amount
from showdown.history.formats import Format, HandBuilder, cut_off, read_error, sniff_text
from showdown.history.games import game_id, limit_name
from showdown.history.layout import street_words
from showdown.history.linereader import HeldLines, LineReader
from showdown.history.model import ActionKind, Collection, Hand, Seat

__all__ = ["FORMAT", "SITE", "PartyReader", "read", "recognise"]

SITE: Final = "partypoker"
"""The site id of every hand of this format."""

_MOST: Final = Decimal("0.1")
"""The largest share of a pot a rake (and jackpot fee) may be: Party took 5% or so."""

_HEADER_RE: Final = re.compile(r"^\*{5} Hand History [Ff]or Game (?P<id>\S+) \*{5}$")
_RECOGNISE_RE: Final = re.compile(r"^\*{5} Hand History [Ff]or Game \S+ \*{5}\s*$", re.MULTILINE)
_PREAMBLE_RE: Final = re.compile(r"^(?:Game #\d+ starts\.|#Game No : \d+)$")
_DATE_RE: Final = re.compile(r"\s*-\s*(?=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*[ ,])")
_STAKES_RE: Final = re.compile(r"^(?P<sb>[$€£]?\s?[\d,.]+)/(?P<bb>[$€£]?\s?[\d,.]+)")
_BUYIN_RE: Final = re.compile(r"^(?P<buyin>[$€£]?\s?[\d,.]+(?: (?:USD|EUR|GBP|CAD))?)\s")
_CODE_RE: Final = re.compile(r"\b(USD|EUR|GBP|CAD)\b")
_TOURNAMENT_RE: Final = re.compile(r"Trny:\s*(\d+)|Tournament #(\d+)")
_LEVEL_RE: Final = re.compile(
    r"(?:Blinds|Stakes)(?P<antes>-Antes)?\((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)"
    r"(?:\s*-\s*(?P<ante>[\d,.]+))?\)"
)
_TABLE_RE: Final = re.compile(r"^Table (?P<table>.*?)\s*\(\s*(?P<money>Real|Play) Money\s*\)")
_BUTTON_RE: Final = re.compile(r"Seat (\d+) is the button")
_PLAYERS_RE: Final = re.compile(r"^Total number of players : \d+\s*(?:/\s*(\d+))?")
_SEAT_RE: Final = re.compile(r"^[Ss]eat ?(\d+): (.+?) \(\s*([^()]*?)\s*\)$")
_STREET_RE: Final = re.compile(
    r"^\*\* Dealing ?(?P<what>[^*]*?) ?\*\*\s*:?\s*(?:\[(?P<cards>[^\]]*)\])?"
)
_DEALT_RE: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_ACTION_RE: Final = re.compile(
    r"^(?P<name>.+?) (?P<verb>posts|folds|checks|calls|bets|double bets|raises|is all-In"
    r"|completes|bring-ins|shows|doesn't show|does not show|wins|opens|Forward)\b ?(?P<rest>.*)$"
)
_GROUP_RE: Final = re.compile(r"[\[(]\s*([^\])]*?)\s*[\])]")
_RAISE_TO_RE: Final = re.compile(r"^(?P<by>[\d,.]+) to (?P<to>[\d,.]+)")
_WIN_RE: Final = re.compile(
    r"^(?:Lo \((?P<lo>[^)]*)\)|(?P<amount>[^ ]+(?:\s+(?:USD|EUR|GBP|CAD|chips))?))"
    r"(?:\s+from\s+(?:the\s+)?(?P<pot>main pot|side pot\s*#?\s*\d+))?"
)
_SUMMARY_RE: Final = re.compile(
    r"^(?P<name>.+?) (?P<cashed>Cashed out\s+)?balance [^,]*, (?P<rest>.*)$"
)
_COLLECTED_RE: Final = re.compile(r"collected ([^,\[]+)")
_POT_RE: Final = re.compile(r"(?:Main|Side) Pot(?: \d+)?:\s*([^\s]+)")
_RAKE_RE: Final = re.compile(r"Rake:\s*([^\s]+)")
_POT_NUMBER_RE: Final = re.compile(r"\s*#?\s*(\d+)$")
_DEAD_KINDS: Final = (ActionKind.ANTE, ActionKind.BIG_BLIND_ANTE, ActionKind.DEAD_BLIND)
_STUD_STREETS: Final = {
    "": "third",
    "Fourth street": "fourth",
    "Fifth street": "fifth",
    "Sixth street": "sixth",
    "River": "seventh",
}
_STREETS: Final = street_words({"down cards": "preflop"}, title=True)
_GAMES: Final = (
    ("double hold", ("double_holdem", "Double Hold'em")),
    ("omaha hi-lo", ("omaha_hilo", "Omaha Hi/Lo")),
    ("stud hi-lo", ("stud_hilo", "7 Card Stud Hi/Lo")),
)
"""Party's game words that :func:`game_id` does not read alike (``Double Hold'em`` deals
three cards and is none of showdown's games)."""
_IGNORED_VERBS: Final = frozenset({"opens", "Forward"})
_BETTING_VERBS: Final = frozenset(
    {"folds", "checks", "calls", "bets", "double bets", "raises", "is all-In"}
)


@functools.lru_cache(maxsize=8192)
def _amount(text: str) -> tuple[Decimal, int]:
    """An amount as Party writes it (``$0.02 USD``, ``$0,25 USD``, ``3,000``, ``640 chips``),
    and its decimal places.

    Raises:
        ValueError: not an amount.
    """
    value = parse_amount(text.replace("chips", ""))
    return value, decimals_of(value)


@functools.lru_cache(maxsize=4096)
def _cards(text: str) -> tuple[Card, ...]:
    """The cards of a bracket group (``Ah, 5s``, `` 9c Ad``, ``9c , 2s``).

    Raises:
        CardParseError: a word that is not a card.
    """
    words = [w[:-1].replace("10", "T") + w[-1] for w in text.replace(",", " ").split()]
    return parse_cards(" ".join(words), allow_duplicates=True)


def _group(rest: str) -> str:
    """The text of the first bracketed or parenthesised group of a line's rest.

    Raises:
        ValueError: there is none.
    """
    match = _GROUP_RE.search(rest)
    if match is None:
        raise ValueError(f"no amount in {rest!r}")
    return match[1]


def _game(words: str) -> tuple[str, str]:
    lower = words.lower()
    for key, found in _GAMES:
        if key in lower:
            return found
    return game_id(": " + words)


def _pot_rank(pot: str) -> int:
    """0 for the main pot (or a pot not named), n for side pot n."""
    last = pot.removesuffix(" (low)").rsplit(" ", 1)[-1]
    return int(last) if pot.startswith("side pot") and last.isdigit() else 0


def recognise(start: str) -> bool:
    """Whether a file's first characters are a PartyPoker history.

    >>> recognise("#Game No : 9\\n***** Hand History for Game 9 *****\\n$4 USD NL Texas Hold'em")
    True
    >>> recognise("***** Hand History For Game 1770659766668adeb0h5qfm *****\\n0.10/0.25 Omaha")
    True
    >>> recognise("***** 888poker Hand History for Game 1 *****")
    False
    >>> recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02")
    False
    """
    text = sniff_text(start)
    return "Hand History" in text and _RECOGNISE_RE.search(text) is not None


# -- one hand --------------------------------------------------------------------------


class _Hand:
    """The lines of one hand read into a :class:`HandBuilder`."""

    def __init__(self, source: str, index: int, lines: list[tuple[int, str]]) -> None:
        self.source = source
        self.index = index
        self.lines = lines
        self.start = lines[0][0]
        match = _HEADER_RE.match(lines[0][1])
        self.hand_id = match["id"] if match else ""
        self.game = ""
        self.b = HandBuilder(
            source=source, line=self.start, index=index, site=SITE, hand_id=self.hand_id
        )
        self.stud = False
        self.tournament: str | None = None
        self.currency: str | None = None
        self.play_money = False
        self.max_seats: int | None = None
        self.button: int | None = None
        self.big_blind = ZERO
        self.level: tuple[Decimal, Decimal] | None = None
        self.places = 0
        self.names: dict[str, str] = {}
        self.lower: dict[str, str] = {}
        self.seat_of: dict[str, int] = {}
        self.unseated: set[str] = set()
        self.dealt: dict[str, tuple[Card, ...]] = {}
        self.blind_posted = False
        self.last_seat = 0
        self.won = False
        self.summary = False
        self.stated_rake: Decimal | None = None
        self.pots_listed: list[Decimal] = []
        self.cashouts: list[tuple[str, Decimal]] = []

    # -- amounts and names -------------------------------------------------------------

    def amount(self, text: str) -> Decimal:
        value, places = _amount(text)
        if places > self.places:
            self.places = places
        return value

    def name(self, written: str, *, seat: bool = True) -> str | None:
        """The seated player a written name stands for; an unseated actor is given a seat
        (``seat``), chat (``name: text``) is None."""
        found = self.names.get(written) or self.lower.get(written.lower())
        if found is not None:
            return found
        best = ""
        for name in self.names:
            if written.startswith(name + " ") and len(name) > len(best):
                best = name  # a seat line that cut the name short
        if best:
            self.names[written] = self.names[best]
            return self.names[best]
        if not seat or ":" in written or " - " in written:
            return None
        self.add_seat(self.free_seat(), written, ZERO)
        self.unseated.add(written)
        return written

    def add_seat(self, number: int, name: str, stack: Decimal) -> None:
        self.b.seat(number, name, stack)
        self.names[name] = name
        self.lower.setdefault(name.lower(), name)
        self.seat_of[name] = number

    def free_seat(self) -> int:
        """The first free seat after the last one that acted (a player who joined)."""
        taken = set(self.seat_of.values())
        size = max([self.max_seats or 0, 10, *taken])
        for step in range(1, size + 1):
            number = (self.last_seat + step - 1) % size + 1
            if number not in taken:
                return number
        return size + 1

    # -- the header --------------------------------------------------------------------

    def game_line(self, line: str) -> None:
        head = _DATE_RE.split(line, maxsplit=1)[0]
        words = head
        if "Trny" in words:
            words = words.split("Trny", 1)[0]
        self.game, name = _game(words.replace("Hi-Lo", "Hi/Lo"))
        self.stud = "stud" in self.game or self.game == "razz"
        spaced = " " + head.replace("(", " ").replace(")", " ") + " "
        limit = limit_name(spaced)
        tournament = _TOURNAMENT_RE.search(head)
        if tournament:
            self.tournament = tournament[1] or tournament[2]
        elif "Buy-in" in head or "Tourney" in head:
            self.tournament = ""
        stakes = _STAKES_RE.match(head)
        level = _LEVEL_RE.search(head)
        if level:
            self.level_line(level)
        text = ""
        if stakes:
            text = stakes[0]
            self.big_blind = self.amount(stakes["bb"])
        elif (buyin := _BUYIN_RE.match(head)) is not None:
            text = buyin["buyin"]
        code = _CODE_RE.search(head)
        currency = code[1] if code else None
        if currency is None:
            currency = next((c for s, c in SIGNS if s in text), None)
        self.currency = currency
        self.b.fields.update(
            game=self.game,
            game_name=name,
            limit=limit or ("" if self.tournament is not None else "Limit"),
            stakes=text.strip(),
        )

    def level_line(self, level: re.Match[str]) -> None:
        small, big = self.amount(level["sb"]), self.amount(level["bb"])
        self.level = (small, big)
        self.big_blind = big
        self.b.fields["stakes"] = f"{level['sb']}/{level['bb']}"

    def table_line(self, line: str) -> None:
        match = _TABLE_RE.match(line)
        if match is not None:
            self.b.fields["table"] = " ".join(match["table"].split())
            self.play_money = match["money"] == "Play"
        button = _BUTTON_RE.search(line)
        if button is not None:
            self.button = int(button[1])

    # -- the lines ---------------------------------------------------------------------

    def read(self) -> Hand | HistoryError:
        lines = self.lines
        number = self.start
        try:
            for at, (number, line) in enumerate(lines[1:], start=1):
                self.b.line = number
                if not line:
                    continue
                if not self.game:
                    self.game_line(line)  # the line after the header
                else:
                    self.feed(line, at)
        except Exception as error:  # any failure spoils this hand only
            return read_error(
                error, file=self.source, line=number, hand=self.hand_id, site=SITE, game=self.game
            )
        if not self.won:
            return cut_off(
                file=self.source, line=lines[-1][0], hand=self.hand_id, site=SITE, game=self.game
            )
        try:
            return self.build()
        except Exception as error:  # any failure spoils this hand only
            return read_error(
                error,
                file=self.source,
                line=self.start,
                hand=self.hand_id,
                site=SITE,
                game=self.game,
            )

    def feed(self, line: str, at: int) -> None:
        first = line[0]
        if self.summary:
            self.summary_line(line)
        elif first == "*":
            self.street_line(line, at)
        elif first in "Ss" and line[1:4] == "eat" and self.b.street == "blinds":
            self.seat_line(line)
        elif line.startswith("Table "):
            self.table_line(line)
        elif line.startswith("Total number of players"):
            match = _PLAYERS_RE.match(line)
            if match and match[1]:
                self.max_seats = int(match[1])
        elif line.startswith("Dealt to "):
            self.dealt_line(line)
        elif line.startswith(("Trny", "Blinds", "Stakes")) and self.b.street == "blinds":
            tournament = _TOURNAMENT_RE.search(line)
            if tournament:
                self.tournament = tournament[1]
            level = _LEVEL_RE.search(line)
            if level:
                self.level_line(level)
        elif " wins " in line:
            for part in self.split_wins(line):
                self.action_line(part)
        else:
            self.action_line(line)

    def seat_line(self, line: str) -> None:
        match = _SEAT_RE.match(line)
        if match is not None:
            self.add_seat(int(match[1]), match[2], self.amount(match[3]))
            return
        button = _BUTTON_RE.match(line)
        if button is not None:
            self.button = int(button[1])

    def street_line(self, line: str, at: int) -> None:
        if line.startswith("** Summary"):
            self.summary = True
            return
        match = _STREET_RE.match(line)
        if match is None:
            return
        what = match["what"]
        street = _STUD_STREETS.get(what) if self.stud else _STREETS.get(what)
        if street is None:
            raise ValueError(f"unknown street {line!r}")
        if street == "preflop" and not self.blind_posted and self.level is not None:
            self.post_missing_blinds(at)
        self.b.street = street
        if match["cards"] and not self.stud:
            self.b.board(_cards(match["cards"]))

    def dealt_line(self, line: str) -> None:
        match = _DEALT_RE.match(line)
        if match is None:
            return
        player = self.name(match["name"])
        if player is None:
            return
        cards = self.dealt.get(player, ()) + _cards(match["cards"])
        self.dealt[player] = cards
        self.b.deal(player, cards)

    def split_wins(self, line: str) -> list[str]:
        """A line the Mac client glued (``...Queens.Bob wins $27,36 USD ...``), read apart."""
        at = line.find(" wins ")
        if line[:at] in self.names and line.find(" wins ", at + 6) < 0:
            return [line.strip()]  # one seated player's win: nothing glued (the common line)
        cuts = [0]
        start = 0
        while (at := line.find(" wins ", start)) >= 0:
            head = line[:at]
            best = max((n for n in self.names if head.endswith(n)), key=len, default="")
            begin = at - len(best)
            if best and begin > cuts[-1]:
                cuts.append(begin)
            start = at + 6
        return [line[a:b].strip() for a, b in zip(cuts, [*cuts[1:], len(line)], strict=True)]

    def action_line(self, line: str) -> None:
        match = _ACTION_RE.match(line)
        if match is None:
            return  # chat, table news, time banks: no chips move
        verb = match["verb"]
        if verb in _IGNORED_VERBS:
            return
        player = self.name(match["name"])
        if player is None:
            return
        self.last_seat = self.seat_of.get(player, self.last_seat)
        rest = match["rest"].strip()
        b = self.b
        if verb == "folds":
            b.fold(player)
        elif verb == "checks":
            b.check(player)
        elif verb == "posts":
            self.post(player, rest)
        elif verb == "calls":
            b.call(player, self.amount(_group(rest)))
        elif verb in ("bets", "double bets"):
            b.bet(player, self.amount(_group(rest)))
        elif verb in ("raises", "completes"):
            to = _RAISE_TO_RE.match(rest)
            if to is not None:
                b.raise_to(player, self.amount(to["to"]))
            else:
                b.raise_by(player, self.amount(_group(rest)))
        elif verb == "is all-In":
            if "[" in rest or "(" in rest:
                self.all_in(player, self.amount(_group(rest)))
        elif verb == "bring-ins":
            b.post(ActionKind.BRING_IN, player, self.amount(_group(rest)))
        elif verb == "shows":
            if rest.startswith("["):
                b.show(player, _cards(_group(rest)))
        elif verb == "doesn't show":
            b.muck(player, _cards(_group(rest)) if rest.startswith("[") else ())
        elif verb == "does not show":
            b.muck(player)
        else:  # wins
            self.win(player, rest)

    def post(self, player: str, rest: str) -> None:
        amount = self.amount(_group(rest))
        b = self.b
        if rest.startswith("small blind"):
            b.post(ActionKind.SMALL_BLIND, player, amount)
            self.blind_posted = True
        elif rest.startswith("big blind + dead"):
            big = self.big_blind if ZERO < self.big_blind < amount else (amount * 2 / 3)
            big = big.quantize(Decimal(1).scaleb(-max(self.places, decimals_of(amount))))
            b.post(ActionKind.DEAD_BLIND, player, amount - big)
            b.post(ActionKind.BIG_BLIND, player, big)
            self.blind_posted = True
        elif rest.startswith(("big blind", "button blind")):
            # the Short Deck tables' "button blind" is live like a big blind
            b.post(ActionKind.BIG_BLIND, player, amount)
            if not self.big_blind:
                self.big_blind = amount
            self.blind_posted = True
        elif rest.startswith("ante"):
            b.post(ActionKind.ANTE, player, amount)
        else:
            raise ValueError(f"unknown post {rest!r}")

    def all_in(self, player: str, amount: Decimal) -> None:
        """``is all-In [X]``: X more, a call, a bet or a raise by what it puts in."""
        b = self.b
        mine = b.on_street(player)
        most = max((b.on_street(name) for name in self.seat_of), default=ZERO)
        if mine + amount <= most:
            b.call(player, amount, all_in=True)
        elif most == 0 and b.street not in ("preflop", "third"):
            b.bet(player, amount, all_in=True)
        else:
            b.raise_by(player, amount, all_in=True)

    def win(self, player: str, rest: str) -> None:
        match = _WIN_RE.match(rest)
        if match is None:
            raise ValueError(f"cannot read the win {rest!r}")
        named = match["pot"]
        pot = _POT_NUMBER_RE.sub(r" \1", named) if named else "pot"
        if match["lo"] is not None:
            amount, pot = self.amount(match["lo"]), pot + " (low)"
        else:
            amount = self.amount(match["amount"])
        self.b.collect(player, amount, pot)
        self.won = True

    def post_missing_blinds(self, at: int) -> None:
        """Post the blinds a tournament hand does not write (``Blinds(20/40)`` only): the
        first two seats after the button among the players who play in the hand (the
        button and the other heads up)."""
        assert self.level is not None
        acting: set[str] = set()
        betting: set[str] = set()
        for _, line in self.lines[at + 1 :]:
            match = _ACTION_RE.match(line)
            if match is not None:
                found = self.name(match["name"], seat=False)
                if found is not None:
                    acting.add(found)
                    if match["verb"] in _BETTING_VERBS:
                        betting.add(found)
        order = sorted((n for n in self.seat_of if n in acting), key=self.seat_of.__getitem__)
        if len(order) < 2:
            return
        button = self.button or 0
        after = [n for n in order if self.seat_of[n] > button] + [
            n for n in order if self.seat_of[n] <= button
        ]
        if len(order) == 2 and button in {self.seat_of[n] for n in order}:
            small = next(n for n in order if self.seat_of[n] == button)
            big = next(n for n in order if n != small)
        else:
            small, big = after[0], after[1]
        stacks = {s.name: s.stack for s in self.b.seats}
        for kind, name, blind in (
            (ActionKind.SMALL_BLIND, small, self.level[0]),
            (ActionKind.BIG_BLIND, big, self.level[1]),
        ):
            stack = stacks.get(name, ZERO) - self.b.contributions().get(name, ZERO)
            # a blind that puts him all in leaves him nothing to do; a stack that says
            # less while he plays on is not his stack (edited files write "( 1 )")
            post = min(blind, stack) if 0 < stack < blind and name not in betting else blind
            self.b.post(kind, name, post, all_in=post < blind)

    # -- the summary layout ------------------------------------------------------------

    def summary_line(self, line: str) -> None:
        if line.startswith(("Main Pot", "Side Pot")):
            self.pots_listed.extend(self.amount(p) for p in _POT_RE.findall(line))
            rake = _RAKE_RE.search(line)
            if rake is not None:
                self.stated_rake = self.amount(rake[1])
            return
        if line.startswith("Board:"):
            self.b.set_board(_cards(_group(line)))
            return
        match = _SUMMARY_RE.match(line)
        if match is None:
            return
        player = self.name(match["name"], seat=False)
        if player is None:
            return
        rest = match["rest"]
        collected = _COLLECTED_RE.search(rest)
        if collected is not None:
            amount = self.amount(collected[1].strip())
            if match["cashed"]:
                self.cashouts.append((player, amount))
            else:
                self.b.collect(player, amount)
        if "[" in rest and "(folded)" not in rest:
            cards = _cards(_group(rest[rest.index("[") :]))
            if cards:
                self.b.show(player, cards)
        self.won = True

    # -- the hand ----------------------------------------------------------------------

    def give_back(self) -> None:
        """Return the unmatched part of the largest live contribution, taken out of the
        pots its owner won (the room counts it in his ``wins``)."""
        b = self.b
        live: dict[str, Decimal] = {}
        ante, table_ante, dead_blind = _DEAD_KINDS
        for action in b.actions:
            kind = action.kind
            if (
                action.amount
                and kind is not ActionKind.RETURN
                and kind is not ante
                and kind is not table_ante
                and kind is not dead_blind
            ):
                live[action.player] = live.get(action.player, ZERO) + action.amount
        ranked = sorted(live.items(), key=lambda item: item[1], reverse=True)
        if not ranked:
            return
        top, most = ranked[0]
        excess = most - (ranked[1][1] if len(ranked) > 1 else ZERO)
        if excess <= 0:
            return
        b.returned(top, excess)
        left = excess
        # the last side pot first: the room counts the uncalled bet as a pot of its own
        mine = [at for at, c in enumerate(b.collections) if c.player == top]
        for at in sorted(mine, key=lambda i: (_pot_rank(b.collections[i].pot), i), reverse=True):
            collection = b.collections[at]
            if left <= 0:
                break
            taken = min(left, collection.amount)
            left -= taken
            b.collections[at] = Collection(
                top, collection.amount - taken, collection.pot, collection.board, collection.line
            )
        b.collections = [c for c in b.collections if c.amount or c.player != top]

    def build(self) -> Hand:
        b = self.b
        self.give_back()
        contributions: dict[str, Decimal] = {}
        returned = ZERO
        for action in b.actions:
            if action.kind is ActionKind.RETURN:
                returned += action.amount
            elif action.amount:
                contributions[action.player] = (
                    contributions.get(action.player, ZERO) + action.amount
                )
        for name in self.unseated:
            at = next(i for i, s in enumerate(b.seats) if s.name == name)
            b.seats[at] = Seat(b.seats[at].number, name, contributions.get(name, ZERO))
        b.seats.sort(key=lambda seat: seat.number)
        chips = self.tournament is not None or self.play_money
        unit = Decimal(1).scaleb(-max(self.places, 0 if chips else 2))
        put_in = sum(contributions.values(), ZERO)
        paid = returned + sum((c.amount for c in b.collections), ZERO)
        if self.stated_rake is not None:
            rake = self.stated_rake
        else:
            rake = put_in - paid
            # no line states the rake: what the house kept is it, unless it cannot be
            # (negative, taken from a tournament's chips, or far above any room's rate)
            pot = put_in - returned
            if rake < 0 or (self.tournament is not None and rake) or rake > pot * _MOST + unit:
                rake = ZERO  # the chips do not add up: build() says so
        pots: list[Decimal] = list(self.pots_listed)
        if not pots:
            by_pot: dict[str, Decimal] = {}
            for c in b.collections:
                key = c.pot.removesuffix(" (low)")
                by_pot[key] = by_pot.get(key, ZERO) + c.amount
            if len(by_pot) > 1 or "main pot" in by_pot:
                order = sorted(by_pot, key=lambda p: (p != "main pot", p))
                pots = [by_pot[p] for p in order if by_pot[p]]
        return b.build(
            tournament=self.tournament,
            currency=None if chips else (self.currency or "USD"),
            play_money=self.play_money,
            unit=unit,
            max_seats=self.max_seats,
            button=None if self.stud else self.button,
            rake=rake,
            pots=tuple(pots),
            cashouts=tuple(self.cashouts),
        )


# -- the file ----------------------------------------------------------------------------


class _Lines(HeldLines):
    """One hand's lines (the room's preamble lines left out), read once the hand ends."""

    site = SITE

    def feed(self, number: int, text: str) -> None:
        if text[:1] not in "G#" or not _PREAMBLE_RE.match(text):
            self.lines.append((number, text))

    def read(self, source: str, index: int) -> Hand | HistoryError:
        return _Hand(source, index, self.lines).read()


class PartyReader(LineReader[_Lines]):
    """The hands of a PartyPoker history, read one at a time."""

    starts = "*****"
    marks = True
    blanks = True
    empty_is_stray = True

    def _open(self, number: int, text: str, hand: _Lines | None) -> _Lines | None:
        return _Lines(number, text) if _HEADER_RE.match(text) else None

    def _outside(self, number: int, text: str, index: int) -> bool:
        return _PREAMBLE_RE.match(text) is not None  # "Game #1 starts." before a hand


read: Final = PartyReader
"""The hands of a PartyPoker history, read one at a time."""


FORMAT: Final = Format(name="partypoker", rooms=(SITE,), recognise=recognise, read=read)
"""The PartyPoker text format."""
