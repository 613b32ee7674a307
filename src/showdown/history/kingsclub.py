"""KingsClub (Bobby's Room and the other private mixed-game clubs) histories: text.

A hand as the KingsClub client writes it::

    #3583643: Pot Limit Omaha - 125/250
    2021-02-05 18:08:26
    Table 'Bobbys Room Mix' Seat 2 is the button
    Seat 1: Ann (10,000)
    Seat 2: Bob (6,925)
    Ann: posts ante 50
    Bob: posts ante 50
    Ann: posts the small blind 125
    Bob: posts the big blind 250
    *** HOLE CARDS ***
    Dealt to Ann: [Ts Ad 9c Th]
    Dealt to Bob: [X X X X]
    Ann raises to 1,375
    Bob calls 1,375
    *** FLOP *** [3h Qc 4s]
    Ann bets 5,075, and is all in
    Bob calls 5,500, and is all in
    Ann shows [Ts Ad 9c Th]
    Bob shows [Kd Kc 4d Qs]
    *** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]
    *** BOARD 2 - RIVER *** [- - - Kh] [Ac]
    *** SUMMARY ***
    Seat 1: Ann (13,812.50) +3,812.50
    Seat 2: Bob (0) -6,925
    Rake 5
    Ann wins (10,737.50) from pot
    Bob wins pot (3,075)

What the layout means, read from real files:

* ``calls``, ``bets`` and ``raises to`` give the player's street total.
* A hand run twice lists each board's river with ``-`` for the cards the
  boards share. The ``wins`` lines give each pot's total over the runs.
* No line returns an uncalled bet and the ``wins`` amounts leave it out. The
  summary's seat lines give each player's net result; a pot won with no
  ``wins`` line (an uncontested side pot) is known only from them, so when
  the ``wins`` lines do not account for the nets, what each player was paid is
  derived from his net: his net plus what he put in, less what came back.
* Stud streets are labelled one behind the cards: the deal of the fourth card
  follows ``*** 3RD STREET ***``. Draw games write ``*** 1ST DRAW ***`` and
  ``draws 3``, ``discards [..] draws [..]``, ``stands pat``; a draw run twice
  lists each run's cards (``draws [8c] [Qs]``) and shows (``Run 1: Ann shows
  [..]``). A hand model has one hand a player: such a player's cards are left
  unknown, so that the audit does not decide his hand from one run.
* ``posts blind 44`` is a player coming back in: the big blind live and the
  small blind dead (the nets in the summary count both).

>>> import io
>>> text = '''#1: No Limit Holdem - 5/10
... 2021-01-02 15:49:35
... Table '8 Game Mix' Seat 2 is the button
... Seat 1: Ann (860.38)
... Seat 2: Bob (1,000)
... Bob: posts the small blind 5
... Ann: posts the big blind 10
... *** HOLE CARDS ***
... Bob raises to 25
... Ann folds
... *** SUMMARY ***
... Seat 1: Ann (850.38) -10
... Seat 2: Bob (1,010) +10
... Bob wins pot (20)
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected()
({'Bob': Decimal('15')}, {'Bob': Decimal('20')})
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from showdown.history.amounts import CENT, ZERO, plain_amount
from showdown.history.formats import Format
from showdown.history.games import game_id
from showdown.history.layout import BRACKETS_RE, MUCKS_RE, pattern_found, street_words
from showdown.history.linereader import HandLines, LineReader, cards_of
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "KingsClubReader", "read", "recognise"]

SITE: Final = "kingsclub"

_HEADER_RE: Final = re.compile(r"^#(\d+): +(?P<game>.+?) - (?P<stakes>[\d,.]+/[\d,.]+)$")
_RECOGNISE_RE: Final = re.compile(
    r"^#\d+: +(?:No Limit|Pot Limit|Limit) |^#\d+: [^\n]+ - [\d,.]+/[\d,.]+\n\d{4}-\d\d-\d\d ",
    re.MULTILINE,
)
_TABLE_RE: Final = re.compile(r"^Table '(.*)'(?: Seat (\d+) is the button)?$")
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+?) \(([\d,.]+)\)(?: ([+-][\d,.]+))?$")
_POST_RE: Final = re.compile(r"^(.+?): posts (the small blind|the big blind|ante|blind|dead) (\S+)")
_ACTION_RE: Final = re.compile(
    r"^(.+?) (calls|bets|raises to|brings in for|completes to) ([\d,.]+)(, and is all in)?$"
)
_PLAIN_RE: Final = re.compile(r"^(.+?) (checks|folds|stands pat|draws \d+|discards .*)$")
_STREET_RE: Final = re.compile(r"^\*\*\* (?:BOARD (\d+) - )?(.+?) \*\*\*(.*)$")
_DEALT_RE: Final = re.compile(r"^Dealt to (.+?): \[(.*)\]$")
_SHOWS_RE: Final = re.compile(r"^(.+?) shows \[(.*)\]")
_RUN_SHOWS_RE: Final = re.compile(r"^Run \d+: (.+?) shows ")
_WINS_RE: Final = re.compile(r"^(.+?) wins (?:(.+?) )?\(([\d,.]+)\)(?: from (.+))?$")
_ORDINAL_RE: Final = re.compile(r"^(\d)(?:ST|ND|RD|TH) (DRAW|BETTING ROUND|STREET)$")
_BOARD_STREETS: Final = street_words()
_STUD_STREETS: Final = ("third", "fourth", "fifth", "sixth", "seventh")
_UNKNOWN_GAMES: Final = ("drawmaha", "badeucey", "badacey", "2-7 razz", "archie")
"""Games showdown does not decide (whose names :func:`game_id` would mistake)."""


recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a KingsClub history."""


def _game(words: str) -> tuple[str, str]:
    """The game id and name of the header's game words (``Limit Omaha Hi-Lo``)."""
    lowered = words.lower()
    if any(name in lowered for name in _UNKNOWN_GAMES):
        return words, words
    return game_id(words.replace("Hi-Lo", "Hi/Lo").replace("Big O", "5 Card Omaha Hi/Lo"))


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE

    def __init__(self, header: re.Match[str], line: int) -> None:
        super().__init__(header[1], line)
        words = header["game"]
        self.game, name = _game(words)
        self.builder.fields["game"] = self.game
        self.stud = self.game in ("stud", "stud_hilo", "razz") or "Stud" in words
        limit = next((w for w in ("No Limit", "Pot Limit", "Limit") if words.startswith(w)), "")
        self.fields: dict[str, object] = {"game_name": name, "limit": limit}
        self.fields["stakes"] = header["stakes"]
        self.nets: dict[str, Decimal] = {}
        self.wins: list[tuple[str, Decimal, str, int]] = []
        self.rake = ZERO
        self.stud_round = 0
        self.summary = False
        self.runs: set[str] = set()
        """Players whose hand differs by run (a draw run twice)."""

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        if self.summary:
            self._summary(number, text)
            return
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            self._action(match[1], match[2], plain_amount(match[3]), bool(match[4]))
            return
        match = _PLAIN_RE.match(text)
        if match and builder.seated(match[1]):
            self._plain(match[1], match[2])
            return
        if text.startswith("***"):
            self._street(text)
        elif text.startswith("Dealt to "):
            dealt = _DEALT_RE.match(text)
            if dealt and builder.seated(dealt[1]) and "X" not in dealt[2].split():
                known = builder.dealt.get(dealt[1], ()) if self.stud else ()
                builder.deal(dealt[1], known + cards_of(dealt[2]))
        elif text.startswith("Run "):
            run = _RUN_SHOWS_RE.match(text)
            if run:
                self.runs.add(run[1])
        elif " shows [" in text:
            shows = _SHOWS_RE.match(text)
            if shows and builder.seated(shows[1]):
                builder.show(shows[1], cards_of(shows[2]))
        elif ": posts " in text:
            self._post(text)
        elif text.startswith("Seat "):
            seat = _SEAT_RE.match(text)
            if seat:
                builder.seat(int(seat[1]), seat[2], plain_amount(seat[3]))
        elif text.startswith("Table '"):
            table = _TABLE_RE.match(text)
            if table:
                self.fields["table"] = table[1]
                if table[2]:
                    self.fields["button"] = int(table[2])
        elif " mucks" in text:
            mucks = MUCKS_RE.match(text)
            if mucks and builder.seated(mucks[1]):
                builder.muck(mucks[1])

    def _post(self, text: str) -> None:
        match = _POST_RE.match(text)
        if match is None or not self.builder.seated(match[1]):
            return
        player, what, amount = match[1], match[2], plain_amount(match[3])
        if what == "blind":  # a blind posted to come back in: the big one live, the small dead
            small = next(
                (a.amount for a in self.builder.actions if a.kind is ActionKind.SMALL_BLIND),
                amount / 2,
            )
            self.builder.post(ActionKind.BIG_BLIND, player, amount)
            self.builder.post(ActionKind.DEAD_BLIND, player, small)
            return
        kind = {
            "the small blind": ActionKind.SMALL_BLIND,
            "ante": ActionKind.ANTE,
            "dead": ActionKind.DEAD_BLIND,
        }.get(what, ActionKind.BIG_BLIND)
        self.builder.post(kind, player, amount)

    def _action(self, player: str, verb: str, total: Decimal, all_in: bool) -> None:
        builder = self.builder
        if builder.street == "blinds":
            builder.street = "third" if self.stud else "preflop"
        if verb == "brings in for":
            builder.post(ActionKind.BRING_IN, player, total)
            return
        on = builder.on_street(player)
        if verb == "calls":
            builder.call(player, total - on, all_in=all_in)
        elif verb == "bets" and on == 0 and not self._facing():
            builder.bet(player, total, all_in=all_in)
        else:  # a raise, a completion, or a stud "bets" over the bring-in
            builder.raise_to(player, total, all_in=all_in)

    def _facing(self) -> bool:
        builder = self.builder
        return any(builder.on_street(seat.name) for seat in builder.seats)

    def _plain(self, player: str, verb: str) -> None:
        builder = self.builder
        if verb == "checks":
            builder.check(player)
        elif verb == "folds":
            builder.fold(player)
        elif verb == "stands pat":
            builder.discard(player, 0)
        elif verb.startswith("draws "):
            builder.discard(player, int(verb[6:]))
        else:  # discards [9d Th Jc] draws [5s 9c Kd] (a draw run twice: a group a run)
            brackets = BRACKETS_RE.findall(verb)
            thrown = cards_of(brackets[0]) if brackets else ()
            builder.discard(player, len(thrown), thrown)
            if len(brackets) == 2 and player in builder.dealt:
                kept = tuple(c for c in builder.dealt[player] if c not in thrown)
                builder.deal(player, kept + cards_of(brackets[1]))

    def _street(self, text: str) -> None:
        builder = self.builder
        match = _STREET_RE.match(text)
        if match is None:
            return
        run, name, rest = match[1], match[2], match[3]
        if name == "SUMMARY":
            self.summary = True
            return
        if name == "HOLE CARDS":
            builder.street = "preflop"
            return
        street = _BOARD_STREETS.get(name)
        if street is not None:
            builder.street = street
            tokens = " ".join(BRACKETS_RE.findall(rest)).split()
            index = int(run) - 1 if run else 0
            if index and "-" in tokens:
                first = [str(card) for card in builder.boards[0]] if builder.boards else []
                tokens = [
                    first[i] if t == "-" and i < len(first) else t for i, t in enumerate(tokens)
                ]
            builder.set_board(cards_of(" ".join(tokens)), run=index)
            return
        ordinal = _ORDINAL_RE.match(name)
        if ordinal is None:
            return
        count, kind = int(ordinal[1]), ordinal[2]
        if kind == "STREET":  # labelled one behind: "3RD STREET" deals the fourth card
            builder.street = _STUD_STREETS[min(count - 2, len(_STUD_STREETS) - 1)]
        elif kind == "DRAW":
            builder.street = f"draw{count}"
        elif count == 1:
            builder.street = "preflop"

    def _summary(self, number: int, text: str) -> None:
        builder = self.builder
        if text.startswith("Seat "):
            seat = _SEAT_RE.match(text)
            if seat and seat[4]:
                self.nets[seat[2]] = plain_amount(seat[4])
        elif text.startswith("Rake "):
            self.rake += plain_amount(text[5:])
        elif " wins " in text:
            wins = _WINS_RE.match(text)
            if wins and builder.seated(wins[1]):
                pot = wins[4] or wins[2] or "pot"
                self.wins.append((wins[1], plain_amount(wins[3]), pot, number))

    def complete(self) -> bool:
        return bool(self.summary and (self.wins or self.nets))

    def build(self, source: str, index: int) -> Hand:
        builder = self.builder
        for player in self.runs:  # one hand a run: his cards are not one hand
            builder.dealt.pop(player, None)
        builder.return_uncalled()  # the room writes no uncalled bet
        put_in: dict[str, Decimal] = {}
        back: dict[str, Decimal] = {}
        for action in builder.actions:
            if action.kind is ActionKind.RETURN:
                back[action.player] = back.get(action.player, ZERO) + action.amount
            elif action.amount:
                put_in[action.player] = put_in.get(action.player, ZERO) + action.amount
        written: dict[str, Decimal] = {}
        for player, amount, _, _ in self.wins:
            written[player] = written.get(player, ZERO) + amount
        # what each got from the pots by his net: net + put in - returned
        derived: dict[str, Decimal] = {}
        for seat in builder.seats:
            name = seat.name
            got = self.nets.get(name, ZERO) + put_in.get(name, ZERO) - back.get(name, ZERO)
            if got > 0:
                derived[name] = got
        paid = sum(derived.values(), ZERO) + sum(back.values(), ZERO) + self.rake
        nets_add_up = bool(self.nets) and paid == sum(put_in.values(), ZERO)
        if nets_add_up and written != derived:
            # a pot won without a "wins" line: what each got follows from his net
            for player, amount in derived.items():
                builder.collect(player, amount)
        else:
            builder.collect_each(self.wins)
        return builder.build(
            source=source,
            index=index,
            currency="USD",
            unit=CENT,
            rake=self.rake,
            **self.fields,
        )


class KingsClubReader(LineReader[_Hand]):
    """The reader of a KingsClub history file."""

    starts = "#"

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        header = _HEADER_RE.match(text)
        return _Hand(header, number) if header else None


read: Final = KingsClubReader
"""A reader of a KingsClub history (a path or an open stream)."""


FORMAT: Final = Format(name="kingsclub", rooms=("KingsClub",), recognise=recognise, read=read)
"""KingsClub's text hand histories."""
