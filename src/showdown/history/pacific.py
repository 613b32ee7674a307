"""888poker text hand histories (Pacific Poker, Cassava and the skins of 888's software).

One hand is a block of lines, hands apart by blank lines::

    #Game No : 6551093
    ***** 888poker Hand History for Game 6551093 *****
    $0.12/$0.25 Blinds No Limit Holdem - *** 05 06 2022 23:06:24
    Table Saguenay 6 Max (Real Money)
    Seat 2 is the button
    Total number of players : 4
    Seat 2: Ann ( $56.55 )
    Bob posts small blind [$0.10]
    Cid posts big blind [$0.25]
    Dan posts dead blind [$0.10 + $0.25]
    ** Dealing down cards **
    Dealt to Cid [ Ks, 5h ]
    Ann raises [$0.62]
    ** Dealing flop ** [ 3c, 2h, 8d ]
    ** Summary **
    Ann shows [ Ah, 5s ]
    (Hi: ...)
    Bob mucks [ Kd, 7c ]
    Cid did not show his hand
    Ann collected [ $4.36 ]

The skin names itself in the second header line: ``888poker``,
``888poker.ca-on``, ``888.ro``, ``888.ro BLAST``, ``Cassava`` (the older
client), ``LuckyAcePoker.com``; the ``#Game No`` line may be missing. A
tournament's table line is ``Tournament #36216773 $10 + $1 - Table #1 (Real
Money)`` (its amounts are chips, written with the client's currency sign all
the same); play money is ``(Practice Play)`` and has no sign at all. A
``raises`` or ``calls`` amount is what went in, not the street's total; a
``posts dead blind [$1 + $2]`` is a dead small blind and a live big blind.

888 writes neither the rake nor an uncalled bet. The unmatched part of the
largest live contribution went back to its owner (antes and dead blinds are
never matched; a hand of antes only is matched on the antes); the room's
``collected`` sometimes includes that return (a walk: ``collected [ $3 ]`` of
blinds of 1 and 2) and sometimes writes it as a ``collected`` line of its own,
and both are split back here. The rake is what was put in less what was
returned and collected; a tournament takes none, so a tournament hand whose
collections fall short does not add up.

The client's language shows only in the amounts (``0,02 $``, ``5 000 $``,
``$ 3.243``) and the cards, whose ranks and suits the clients write in their
own words: German ``8Pik, QPik`` (Herz, Karo, Pik, Kreuz), Dutch ``Hc, Vs,
Bh`` (heer, vrouw, boer), Swedish ``Knh, Dd, Ec`` (knekt, dam, ess), Russian
``Тd, Дc, Вh`` (туз, дама, валет; also as Windows-1251 bytes read as
Windows-1252: ``Òd, Äc, Âh``), and a Spanish client's suits ``7p, 8t``
(picas, tréboles; corazones, diamantes). A suit letter is read in the
Spanish sense only in a hand that writes ``p`` or ``t``: in any other hand
every suit is read as English, and since a hand's suits are renamed one for
one, which name each carries does not change who wins.

>>> import io
>>> text = '''#Game No : 7
... ***** 888poker Hand History for Game 7 *****
... $1/$2 Blinds No Limit Holdem - *** 01 02 2020 10:00:00
... Table Cairo 6 Max (Real Money)
... Seat 1 is the button
... Total number of players : 2
... Seat 1: Ann ( $100 )
... Seat 2: Bob ( $100 )
... Ann posts small blind [$1]
... Bob posts big blind [$2]
... ** Dealing down cards **
... Ann raises [$5]
... Bob folds
... ** Summary **
... Ann did not show his hand
... Ann collected [ $4 ]
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.returned(), hand.collected(), hand.rake
({'Ann': Decimal('4')}, {'Ann': Decimal('4')}, Decimal('0'))
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal
from typing import Final

from showdown.cards import Card
from showdown.errors import HistoryError
from showdown.history.amounts import CENT, ONE, ZERO, amount_of, currency_in
from showdown.history.formats import Format, HandBuilder, cut_off, read_error
from showdown.history.games import game_id
from showdown.history.layout import BUTTON_RE
from showdown.history.linereader import HeldLines, LineReader
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "SITE", "PacificReader", "read", "recognise"]

SITE: Final = "888poker"
"""The site id of every hand of this format (888poker and its skins)."""

_RETURN: Final = ActionKind.RETURN
_DEAD: Final = frozenset(kind for kind in ActionKind if kind.dead)

_RECOGNISE_RE: Final = re.compile(
    r"^\*{4,5} \S[^\n]*? Hand History for Game \d+ \*{4,5}\r?\n[^\n]* Blinds [^\n]* - \*\*\*",
    re.MULTILINE,
)
_GAME_NO_RE: Final = re.compile(r"^#Game No : (\d+)$")
_HEADER_RE: Final = re.compile(r"^\*{4,5} (\S.*?) Hand History for Game (\d+) \*{4,5}$")
_STAKES_RE: Final = re.compile(r"^(?P<stakes>.+?) Blinds (?P<game>.+?) - \*\*\*(?: .*)?$")
_MONEY: Final = r"\((?P<money>Real Money|Practice Play|Play Money)\)$"
_TABLE_RE: Final = re.compile(r"^Table (?P<table>.+?)(?: (?P<max>\d+) Max)? " + _MONEY)
_TOURNAMENT_RE: Final = re.compile(
    r"^Tournament #(?P<id>\d+)(?: (?P<buyin>.*?))?(?: - Table #(?P<table>\d+))?"
    r"(?: (?P<max>\d+) Max)? " + _MONEY
)
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.*?) ?\( (.+) \)$")
_STREET_RE: Final = re.compile(r"^\*\* Dealing (down cards|flop|turn|river) \*\*(?: \[ (.*) \])?$")
_DEALT_RE: Final = re.compile(r"^Dealt to (.*?) ?\[ (.*) \]$")
_HI_LO_RE: Final = re.compile(r"^\((?:Hi|Lo): .*\)$")
_BRACKET_VERBS: Final = frozenset({"calls", "bets", "raises", "shows", "mucks", "collected"})
_POSTS: Final = ("posts small blind", "posts big blind", "posts dead blind", "posts ante")
_NO_SHOW: Final = "did not show his hand"
_LIMITS: Final = (
    ("No Limit ", "No Limit"),
    ("Pot Limit ", "Pot Limit"),
    ("Fix Limit ", "Limit"),
    ("Limit ", "Limit"),
)
_GAMES: Final = {"Holdem": "holdem", "Hold'em": "holdem", "Omaha": "omaha", "OmahaHL": "omaha_hilo"}
"""888's game words (``OmahaHL`` is Omaha Hi/Lo); other words go to :func:`game_id`."""

# -- cards -----------------------------------------------------------------------------

_SUIT_WORDS: Final = (("Herz", "h"), ("Karo", "d"), ("Pik", "s"), ("Kreuz", "c"))
"""The German client's suits, written after the rank (``10Karo``)."""
_RANKS: Final = {
    **{str(n): str(n) for n in range(2, 10)},
    "T": "T",
    "10": "T",
    "J": "J",
    "Q": "Q",
    "K": "K",
    "A": "A",
    # Dutch: boer, vrouw, heer (aas is A)
    "B": "J",
    "V": "Q",
    "H": "K",
    # Swedish: knekt, dam, ess (kung is K)
    "Kn": "J",
    "D": "Q",
    "E": "A",
    # Russian: валет, дама, король, туз, and those letters as Windows-1251 bytes
    # read as Windows-1252
    "В": "J",
    "Д": "Q",
    "К": "K",
    "Т": "A",
    "Â": "J",
    "Ä": "Q",
    "Ê": "K",
    "Ò": "A",
}
_ENGLISH: Final = {"c": "c", "d": "d", "h": "h", "s": "s"}
_SPANISH: Final = {"c": "h", "d": "d", "p": "s", "t": "c"}
"""A Spanish client's suit letters: corazones, diamantes, picas, tréboles."""
_SPANISH_ONLY: Final = frozenset("pt")


@functools.lru_cache(maxsize=1024)
def _card(token: str, spanish: bool) -> Card:
    """One card as a client writes it (``Ah``, ``10Karo``, ``Knh``, ``Òd``, ``8t``).

    Raises:
        ValueError: not a card of any client seen.
    """
    for word, german in _SUIT_WORDS:
        if token.endswith(word) and len(token) > len(word):
            rank = _RANKS.get(token[: -len(word)])
            if rank is not None:
                return Card(rank + german)
    rank = _RANKS.get(token[:-1])
    suit = (_SPANISH if spanish else _ENGLISH).get(token[-1:])
    if rank is None or suit is None or (spanish and token[:-1] == "D"):
        # a Spanish client's "D" has been taken for a ten by others: not seen here, not guessed
        raise ValueError(f"{token!r} is not a card")
    return Card(rank + suit)


def _tokens(text: str) -> list[str]:
    return [token.strip() for token in text.split(",") if token.strip()]


def _is_spanish(groups: list[list[str]]) -> bool:
    return any(token[-1:] in _SPANISH_ONLY for group in groups for token in group)


def _split_action(line: str) -> tuple[str, str, str | None] | None:
    """A player's line as (name, verb, the bracket's text), or None.

    >>> _split_action("Ann raises [$0.62]"), _split_action("posts big blind [$100]")
    (('Ann', 'raises', '$0.62'), ('', 'posts big blind', '$100'))
    """
    if line.endswith("]"):
        at = line.rfind(" [")
        if at < 0:
            return None
        head, arg = line[:at], line[at + 2 : -1].strip()
        name, _, verb = head.rpartition(" ")
        if verb in _BRACKET_VERBS:
            return name, verb, arg
        for post in _POSTS:
            if head == post:
                return "", post, arg
            if head.endswith(post) and head[-len(post) - 1] == " ":
                return head[: -len(post) - 1], post, arg
        return None
    name, _, verb = line.rpartition(" ")
    if verb in ("folds", "checks"):
        return name, verb, None
    if line.endswith(_NO_SHOW):
        return line[: -len(_NO_SHOW)].rstrip(" "), _NO_SHOW, None
    return None


def recognise(start: str) -> bool:
    """Whether a file's start is an 888poker history (a skin's name before ``Hand History
    for Game``, then a ``Blinds`` line; PartyPoker's header names no skin).

    >>> recognise("#Game No : 1\\n***** Cassava Hand History for Game 1 *****\\n"
    ...           "$1/$2 Blinds Fix Limit Holdem - *** 30 05 2012 23:26:30\\n")
    True
    >>> recognise("***** Hand History for Game 1 *****\\n$1/$2 USD NL Texas Hold'em - Sunday")
    False
    """
    return "Hand History for Game" in start and _RECOGNISE_RE.search(start) is not None


# -- one hand --------------------------------------------------------------------------
_WAGERS: Final = {"calls": "call", "raises": "raise_by"}


class _HandReader:
    """The lines of one hand, read into a :class:`HandBuilder`."""

    def __init__(self, source: str, index: int, first: int, hand_id: str) -> None:
        self.source = source
        self.index = index
        self.first = first
        self.hand_id = hand_id
        self.game = ""
        self.fields: dict[str, object] = {}
        self.builder = HandBuilder(
            source=source, line=first, index=index, site=SITE, hand_id=hand_id, game=""
        )
        self.dealt: list[tuple[str, list[str]]] = []
        self.board: list[str] = []
        self.summary: list[tuple[int, str, str, list[str]]] = []
        self.collected: list[tuple[int, str, Decimal]] = []
        self.in_summary = False
        self.tournament = False
        self.put_in = ZERO
        self.back: tuple[str, Decimal] = ("", ZERO)

    # -- the header ----------------------------------------------------------------

    def stakes_line(self, line: str) -> None:
        match = _STAKES_RE.match(line)
        if match is None:
            raise ValueError(f"{line!r} is not a stakes line")
        words = match["game"].removesuffix(" Jackpot table")
        limit = ""
        for prefix, name in _LIMITS:
            if words.startswith(prefix):
                words, limit = words[len(prefix) :], name
                break
        game = _GAMES.get(words)
        if game is None:
            game, _ = game_id(words)
        self.game = game
        currency = currency_in(match["stakes"])
        self.fields.update(
            game=game, game_name=words, limit=limit, stakes=match["stakes"], currency=currency
        )

    def table_line(self, line: str) -> None:
        match = _TABLE_RE.match(line) or _TOURNAMENT_RE.match(line)
        if match is None:
            raise ValueError(f"{line!r} is not a table line")
        groups = match.groupdict()
        if "id" in groups:
            self.tournament = True
            self.fields.update(tournament=groups["id"], currency=None)
            table = groups["table"] or ""
        else:
            table = groups["table"]
        play = groups["money"] != "Real Money"
        if play:
            self.fields["currency"] = None
        self.fields.update(
            table=table,
            play_money=play,
            max_seats=int(groups["max"]) if groups["max"] else None,
            unit=ONE if self.tournament else CENT,
        )

    # -- the body ------------------------------------------------------------------

    def line(self, number: int, line: str) -> None:
        builder = self.builder
        builder.line = number
        first = line[0]
        if first == "*" and line.startswith("** "):
            self.marker(line)
            return
        if first == "S" and line.startswith("Seat "):
            seat = _SEAT_RE.match(line)
            if seat is not None:
                builder.seat(int(seat[1]), seat[2], amount_of(seat[3]))
                return
            button = BUTTON_RE.match(line)
            if button is not None:
                self.fields["button"] = int(button[1])
                return
        elif first == "D" and line.startswith("Dealt to "):
            dealt = _DEALT_RE.match(line)
            if dealt is not None:
                self.dealt.append((dealt[1], _tokens(dealt[2])))
                return
        elif (first == "T" and line.startswith("Total number of players")) or (
            first == "(" and _HI_LO_RE.match(line) is not None
        ):
            return
        action = _split_action(line)
        if action is None:
            raise ValueError(f"{line!r} is not a line of an 888poker hand")
        self.action(number, *action)

    def marker(self, line: str) -> None:
        builder = self.builder
        if line == "** Summary **":
            self.return_unmatched()
            self.in_summary = True
            builder.street = "showdown"
            return
        match = _STREET_RE.match(line)
        if match is None:
            raise ValueError(f"{line!r} is not a street line")
        street = match[1]
        builder.street = "preflop" if street == "down cards" else street
        if match[2]:
            self.board.extend(_tokens(match[2]))

    def action(self, number: int, name: str, verb: str, arg: str | None) -> None:
        builder = self.builder
        if verb == "folds":
            builder.fold(name)
            return
        if verb == "shows" or verb == "mucks":
            self.summary.append((number, name, verb, _tokens(arg or "")))
            return
        if verb == _NO_SHOW:
            return
        if not arg:
            if verb == "checks":
                if builder.street == "blinds":
                    builder.street = "preflop"  # a hand without "** Dealing down cards **"
                builder.check(name)
                return
            raise ValueError(f"{name!r} {verb} no amount")
        amount = amount_of(arg) if verb != "posts dead blind" else ZERO
        if verb == "collected":
            self.collected.append((number, name, amount))
        elif verb.startswith("posts"):
            self.post(name, verb, amount, arg)
        else:
            if builder.street == "blinds":
                builder.street = "preflop"
            builder.wager(_WAGERS.get(verb, "bet"), name, amount)

    def post(self, name: str, verb: str, amount: Decimal, arg: str) -> None:
        builder = self.builder
        if verb == "posts small blind":
            builder.post(ActionKind.SMALL_BLIND, name, amount)
        elif verb == "posts big blind":
            builder.post(ActionKind.BIG_BLIND, name, amount)
        elif verb == "posts ante":
            builder.post(ActionKind.ANTE, name, amount)
        else:  # posts dead blind [$1 + $2]: the small blind dead, the big blind live
            dead, plus, live = arg.partition(" + ")
            if not plus:
                raise ValueError(f"{arg!r} is not a dead blind's two amounts")
            if amount_of(dead):
                builder.post(ActionKind.DEAD_BLIND, name, amount_of(dead))
            if amount_of(live):
                builder.post(ActionKind.BIG_BLIND, name, amount_of(live))

    # -- the end -------------------------------------------------------------------

    def return_unmatched(self) -> None:
        """Return the unmatched part of the largest contribution (888 writes no line).

        The contributions compared are the live ones (antes and dead blinds are
        never matched), or the whole ones in a hand of antes only.
        """
        total: dict[str, Decimal] = {}
        live: dict[str, Decimal] = {}
        for action in self.builder.actions:
            amount = action.amount
            if amount:
                player = action.player
                total[player] = total.get(player, ZERO) + amount
                if action.kind not in _DEAD:
                    live[player] = live.get(player, ZERO) + amount
        self.put_in = sum(total.values(), ZERO)
        basis = live or total
        if not basis:
            return
        top = max(basis, key=basis.__getitem__)
        most = basis[top]
        second = max((v for k, v in basis.items() if k != top), default=ZERO)
        if most > second:
            self.back = (top, most - second)
            self.builder.returned(top, most - second)

    def finish(self) -> Hand:
        builder = self.builder
        dealt, board, summary = self.dealt, self.board, self.summary
        spanish = (
            _is_spanish([board, *(cards for _, cards in dealt), *(s[3] for s in summary)])
            if board or dealt or summary
            else False
        )
        for name, tokens in dealt:
            builder.deal(name, tuple([_card(t, spanish) for t in tokens]))
        if board:
            builder.set_board([_card(t, spanish) for t in board])
        for number, name, verb, tokens in summary:
            builder.line = number
            cards = tuple([_card(t, spanish) for t in tokens])
            if verb == "shows":
                builder.show(name, cards)
            else:
                builder.muck(name, cards)
        paid = self.collect()
        # the rake: none in a tournament; in a ring game what was put in less what was
        # returned and collected (none when that is negative or nothing was collected:
        # the hand then does not add up)
        rake = ZERO
        if not self.tournament and paid:
            kept = self.put_in - self.back[1] - paid
            if kept > 0:
                rake = kept
        return builder.build(**self.fields, rake=rake)

    def collect(self) -> Decimal:
        """Record the collections, less a return the room counted in them; their sum."""
        collected = self.collected
        owner, back = self.back
        paid = sum([c[2] for c in collected], ZERO)
        if back and paid > self.put_in - back:
            mine = [i for i, c in enumerate(collected) if c[1] == owner]
            exact = next((i for i in mine if collected[i][2] == back), None)
            if exact is not None:
                del collected[exact]
                paid -= back
            elif mine:
                largest = max(mine, key=lambda i: collected[i][2])
                number, name, value = collected[largest]
                if value >= back:
                    collected[largest] = (number, name, value - back)
                    paid -= back
        builder = self.builder
        for number, name, value in collected:
            builder.line = number
            builder.collect(name, value)
        return paid


def _read_hand(lines: list[tuple[int, str]], source: str, index: int) -> Hand | HistoryError:
    first, hand_id = lines[0][0], ""
    reader: _HandReader | None = None
    number = first
    try:
        position = 0
        game_no = _GAME_NO_RE.match(lines[0][1])
        if game_no is not None:
            hand_id = game_no[1]
            position = 1
        if position + 3 > len(lines):  # the file stops inside the hand's header
            return cut_off(file=source, line=lines[-1][0], hand=hand_id, site=SITE, game="")
        number, header = lines[position]
        match = _HEADER_RE.match(header)
        if match is None:
            raise ValueError(f"{header!r} is not an 888poker hand header")
        hand_id = match[2]
        reader = _HandReader(source, index, first, hand_id)
        number, line = lines[position + 1]
        reader.stakes_line(line)
        number, line = lines[position + 2]
        reader.table_line(line)
        for number, line in lines[position + 3 :]:
            reader.line(number, line)
        if not reader.in_summary:
            return cut_off(file=source, line=number, hand=hand_id, site=SITE, game=reader.game)
        return reader.finish()
    except Exception as error:  # any fault of one hand becomes its error
        game = reader.game if reader is not None else ""
        return read_error(error, file=source, line=number, hand=hand_id, site=SITE, game=game)


# -- the file --------------------------------------------------------------------------


class _Lines(HeldLines):
    """One hand's lines, kept until the hand ends (its header spans two or three lines)."""

    site = SITE

    def read(self, source: str, index: int) -> Hand | HistoryError:
        return _read_hand(self.lines, source, index)


class PacificReader(LineReader[_Lines]):
    """The hands of an 888poker history file, one at a time."""

    starts = ("#Game No", "*****")
    marks = True

    def _open(self, number: int, text: str, hand: _Lines | None) -> _Lines | None:
        if text[0] == "*" and (
            "Hand History for Game" not in text
            or (hand is not None and len(hand.lines) == 1 and hand.lines[0][1][0] == "#")
        ):
            return None  # not a header, or the second line of "#Game No" and its header
        return _Lines(number, text)


read: Final = PacificReader
"""The hands of an 888poker history, read one at a time."""


FORMAT: Final = Format(name="pacific", rooms=(SITE,), recognise=recognise, read=read)
"""888poker's text format."""
