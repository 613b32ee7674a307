"""OnGame network histories (and its skins, Betfair's old client among them): text.

A hand runs from a ``History for hand`` line to an ``End of hand`` line::

    ***** History for hand R5-79836934-72 *****
    Start hand: Sat Sep 4 05:34:19 GMT+0100 2010
    Table: Bnei Brak [79836934] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)
    User: Ann
    Button: seat 10
    Players in round: 2
    Seat 1: Bob ($6.86)
    Seat 10: Ann ($15.44)
    Ann posts big blind ($0.10)
    Ann posts dead blind ($0.05)
    Bob posts big blind ($0.10)
    ---
    Dealing pocket cards
    Dealing to Ann: [Qh, 4h]
    Ann raises $0.20 to $0.30
    Bob calls $0.20
    --- Dealing flop [6c, Qs, 7h]
    Bob checks
    Ann bets $0.45
    Bob folds
    ---
    Summary:
    Main pot: $0.65 won by Ann ($0.62)
    Rake taken: $0.03
    Seat 1: Bob ($6.56), net: -$0.30
    Seat 10: Ann ($15.71), net: +$0.27
    ***** End of hand R5-79836934-72 *****

What the layout means, read from real files:

* ``calls`` and ``bets`` give what went in; ``raises $x to $y`` gives the
  raise and the street total (the reader keeps the total). ``[all in]``
  follows an all-in action.
* No line returns an uncalled bet: each ``pot: ... won by`` amount leaves it
  out (the reader returns the unmatched part of the largest bet itself). A
  pot's first amount is before the rake, the winners' amounts after it;
  ``Rake taken`` is the house's part.
* Cards shown at the end are written only in the summary's seat lines
  (``net: -$0.10, [8h, 9h, 6s, Ah, Jh] (HIGH_CARD ACE)``). A draw is
  ``changed 2 cards`` (the owner's new hand follows); a street line may be
  missing between the betting and the draw.
* Amounts may carry no currency sign; ``Real money`` tables are in dollars
  unless a sign says otherwise, ``Play money`` ones in play chips.

>>> import io
>>> text = '''***** History for hand R5-1-1 *****
... Start hand: Sat Sep 4 05:34:19 GMT+0100 2010
... Table: Oak [1] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)
... User: Ann
... Button: seat 1
... Players in round: 2
... Seat 1: Ann ($5)
... Seat 2: Bob ($5)
... Ann posts small blind ($0.05)
... Bob posts big blind ($0.10)
... ---
... Dealing pocket cards
... Ann raises $0.20 to $0.30
... Bob folds
... ---
... Summary:
... Main pot: $0.20 won by Ann ($0.20)
... Rake taken: $0
... Seat 1: Ann ($5.10), net: +$0.10
... Seat 2: Bob ($4.90), net: -$0.10
... ***** End of hand R5-1-1 *****
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected()
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')})
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from showdown.history.amounts import CENT, ONE, ZERO, currency_in, number_in
from showdown.history.formats import Format
from showdown.history.games import game_id
from showdown.history.layout import blind_rules, pattern_found
from showdown.history.linereader import HandLines, LineReader, cards_of
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "OnGameReader", "read", "recognise"]

SITE: Final = "ongame"

_HEADER_RE: Final = re.compile(r"^\*{5} History for hand (\S+)(?: \((.*)\))? \*{5}$")
_TOURNAMENT_RE: Final = re.compile(r"^TOURNAMENT: \"[^\"]*\", ([^,]+),")
_TABLE_ID_RE: Final = re.compile(r"\[(\d+)\]")
_END_RE: Final = re.compile(r"^\*{5} End of hand \S+ \*{5}$")
_RECOGNISE_RE: Final = re.compile(
    r"^\*{5} History for hand [A-Z0-9]+-\d+-\d+ (?:\*{5}|\(TOURNAMENT: )", re.MULTILINE
)
_TABLE_RE: Final = re.compile(
    r"^Table: (?P<table>.+?) \[\d+\] \((?:(?P<limit>[A-Z]+)_)?LIMIT (?P<game>[A-Z_]+) "
    r"(?P<stakes>[^,]+), (?P<money>[^)]*)\)"
)
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+) \(([^()]*)\)$")
_ACTION_RE: Final = re.compile(
    r"^(.+?) (posts|calls|bets|raises|checks|folds|changed|stands pat)\b ?(.*)$"
)
_TO_RE: Final = re.compile(r"^(\S+) to (\S+)")
_STREET_RE: Final = re.compile(r"^--- Dealing (\w+) \[([^\]]*)\]")
_DEALT_RE: Final = re.compile(r"^(?:Dealing to|New hand for) (.+?): \[([^\]]*)\]")
_POT_RE: Final = re.compile(r"^(Main pot|Side pot ?\d*): (\S+) won by (.+)$")
_WINNER_RE: Final = re.compile(r"(.+?) \(([^()]*)\)(?:, |$)")
_SUMMARY_SEAT_RE: Final = re.compile(r"^Seat \d+: (.+?) \([^()]*\)(?:, net: [^,]*)?, \[([^\]]*)\]")
_STREETS: Final = {"flop": "flop", "turn": "turn", "river": "river"}
_GAMES: Final = {
    "TEXAS_HOLDEM": "Hold'em",
    "OMAHA_HI": "Omaha",
    "OMAHA": "Omaha",
    "OMAHA_HI_LO": "Omaha Hi/Lo",
    "FIVE_CARD_DRAW": "5 Card Draw",
}
_LIMITS: Final = {"NO": "No Limit", "POT": "Pot Limit", "": "Limit", "FIXED": "Limit"}

_POST_KIND: Final = blind_rules("dead=dead_blind", "small=small_blind", "ante=ante")

recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is an OnGame history."""


class _Hand(HandLines):
    """One hand's lines, read as they come."""

    site = SITE

    def __init__(self, hand_id: str, line: int, tournament: str | None = None) -> None:
        super().__init__(hand_id, line)
        self.fields: dict[str, object] = {"tournament": tournament}
        self.currency: str | None = None
        self.real = True
        self.summary = False
        self.wins: list[tuple[str, Decimal, str, int]] = []
        self.pots: list[Decimal] = []
        self.rake = ZERO

    def feed(self, number: int, text: str) -> None:
        """Read one line of the hand."""
        builder = self.builder
        builder.line = number
        if self.summary:
            self._summary(number, text)
            return
        match = _ACTION_RE.match(text)
        if match and builder.seated(match[1]):
            self._action(match[1], match[2], match[3])
            return
        if text.startswith("---"):
            street = _STREET_RE.match(text)
            if street:
                name = _STREETS.get(street[1])
                if name is None:
                    raise ValueError(f"unknown street {street[1]!r}")
                builder.street = name
                builder.board(cards_of(street[2]))
        elif text.startswith(("Dealing to ", "New hand for ")):
            self.deal_line(_DEALT_RE, text)
        elif text == "Dealing pocket cards":
            builder.street = "preflop"
        elif text == "Summary:":
            self.summary = True
        elif text.startswith("Seat "):
            seat = _SEAT_RE.match(text)
            if seat:
                stack = seat[3]
                if self.real:
                    self.currency = currency_in(stack) or self.currency
                builder.seat(int(seat[1]), seat[2], number_in(stack))
        elif text.startswith("Table: "):
            self._table(text)
        elif text.startswith("Button: seat "):
            self.fields["button"] = int(text[13:])

    def _table(self, text: str) -> None:
        table = _TABLE_RE.match(text)
        if table is None:
            raise ValueError(f"an unknown table line: {text!r}")
        words = _GAMES.get(table["game"], table["game"].replace("_", " ").title())
        game, name = game_id(words)
        self.game = game
        self.builder.fields["game"] = game
        self.real = table["money"].startswith("Real")
        if self.fields.get("tournament") == "":  # an unnamed tournament: its table's id
            table_id = _TABLE_ID_RE.search(text)
            self.fields["tournament"] = table_id[1] if table_id else None
        stakes = table["stakes"]
        if self.real:
            self.currency = currency_in(stakes) or self.currency
        if self.real and self.currency is None:
            self.currency = "USD"
        self.fields.update(
            table=table["table"],
            game_name=name,
            limit=_LIMITS.get(table["limit"] or "", str(table["limit"]).title()),
            stakes=stakes,
            play_money=table["money"].startswith("Play"),
        )

    def _action(self, player: str, verb: str, rest: str) -> None:
        builder = self.builder
        all_in = "[all in]" in rest
        if verb == "posts":
            builder.post(_POST_KIND(rest), player, number_in(rest), all_in=all_in)
        elif verb == "calls":
            builder.call(player, number_in(rest), all_in=all_in)
        elif verb == "bets":
            builder.bet(player, number_in(rest), all_in=all_in)
        elif verb == "raises":
            to = _TO_RE.match(rest)
            if to is None:
                raise ValueError(f"a raise without its total: {rest!r}")
            builder.raise_to(player, number_in(to[2]), all_in=all_in)
        elif verb == "checks":
            builder.check(player)
        elif verb == "folds":
            builder.fold(player)
        else:  # a draw: "changed 2 cards", "stands pat"
            if builder.street in ("preflop", "blinds"):
                builder.street = "draw1"
            count = int(number_in(rest)) if verb == "changed" else 0
            builder.discard(player, count)

    def _summary(self, number: int, text: str) -> None:
        builder = self.builder
        builder.line = number
        pot = _POT_RE.match(text)
        if pot:
            won = ZERO
            for name, amount in _WINNER_RE.findall(pot[3]):
                if not builder.seated(name):
                    raise ValueError(f"{name!r} wins but is not seated")
                value = number_in(amount)
                won += value
                self.wins.append((name, value, pot[1].lower(), number))
            self.pots.append(won)
        elif text.startswith("Rake taken"):
            self.rake += number_in(text)
        elif text.startswith("Seat ") and ", [" in text:
            seat = _SUMMARY_SEAT_RE.match(text)
            if seat and builder.seated(seat[1]) and seat[1] not in self._folded():
                builder.street = "showdown"
                builder.show(seat[1], cards_of(seat[2]))

    def _folded(self) -> set[str]:
        return {a.player for a in self.builder.actions if a.kind is ActionKind.FOLD}

    def build(self, source: str, index: int) -> Hand:
        if not self.game:
            raise ValueError("the hand has no table line")
        builder = self.builder
        builder.return_uncalled()  # the room writes no uncalled bet
        builder.collect_each(self.wins)
        return builder.build(
            source=source,
            index=index,
            currency=self.currency,
            unit=ONE if not self.real else CENT,
            rake=self.rake,
            pots=tuple(self.pots),
            **self.fields,
        )


def _tournament(note: str | None) -> str | None:
    """The tournament's id from the header's note (``TOURNAMENT: "Name", R-274-69, buy-in:
    €0``); ``""`` for a tournament the note does not name (``TOURNAMENT: ``)."""
    if note is None or not note.startswith("TOURNAMENT:"):
        return None
    match = _TOURNAMENT_RE.match(note)
    return match[1] if match else ""


class OnGameReader(LineReader[_Hand]):
    """The reader of an OnGame history file."""

    starts = ends = "*****"

    def _open(self, number: int, text: str, hand: _Hand | None) -> _Hand | None:
        header = _HEADER_RE.match(text)
        return _Hand(header[1], number, _tournament(header[2])) if header else None

    def _closes(self, text: str) -> bool:
        return _END_RE.match(text) is not None  # every hand ends with its end line


read: Final = OnGameReader
"""A reader of an OnGame history (a path or an open stream)."""


FORMAT: Final = Format(name="ongame", rooms=("OnGame",), recognise=recognise, read=read)
"""The OnGame network's text hand histories."""
