"""What every history reader shares: the format record, lines, and a hand builder.

A card room's history format is a :class:`Format`: a name, the rooms that
write it, a test that recognises a file from its first characters, and the
function that reads it (a :class:`~showdown.history._text.Reader`).
:mod:`showdown.history.reader` keeps the list of formats and picks one per
file. The readers of the rooms are built from the parts here (and their amounts
from :mod:`showdown.history.amounts`), so that an encoding quirk or a pot's
arithmetic is read one way everywhere:

* :func:`clean_line` gives a line without the marks that real files carry
  (byte-order marks, one encoded twice, NULs, line ends);
* :class:`HandBuilder` records a hand as its lines are read (seats, forced
  bets, bets with "raise to" or "raise by", streets, boards, shown cards,
  collections, the uncalled bet a room does not write) and builds the one
  :class:`~showdown.history.model.Hand`, checked to add up.

>>> b = HandBuilder(source="x.txt", line=1, index=0, site="example", hand_id="7",
...                 game="holdem", unit=Decimal("0.01"))
>>> b.seat(1, "Ann", Decimal(5)); b.seat(2, "Bob", Decimal(5))
>>> b.post(ActionKind.SMALL_BLIND, "Ann", Decimal("0.05"))
>>> b.post(ActionKind.BIG_BLIND, "Bob", Decimal("0.10"))
>>> b.street = "preflop"
>>> b.raise_to("Ann", Decimal("0.30")); b.fold("Bob")
>>> b.return_uncalled()       # the room wrote no "uncalled bet" line
>>> b.collect("Ann", Decimal("0.20"))
>>> hand = b.build()
>>> hand.returned(), hand.collected()
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from showdown.cards import Card
from showdown.errors import HistoryError, Message
from showdown.history._text import Reader, Source
from showdown.history.amounts import ZERO, decimals_of
from showdown.history.model import Action, ActionKind, Collection, Hand, Seat, Showing, quick_action

__all__ = [
    "SNIFF_CHARS",
    "Format",
    "HandBuilder",
    "Source",
    "clean_line",
    "cut_off",
    "read_error",
    "sniff_text",
]


def _stake(item: tuple[str, Decimal]) -> Decimal:
    return item[1]


@dataclass(frozen=True, slots=True)
class Format:
    """A history format showdown reads.

    Attributes:
        name: the format's id (``'pacific'``, ``'ipoker_xml'``).
        rooms: the rooms (sites) that write it, as the audit names them.
        recognise: whether a file is of this format, from its first
            characters (up to :data:`SNIFF_CHARS`, decoded, byte-order marks
            removed).
        read: the reader of a file or stream of this format.
    """

    name: str
    rooms: tuple[str, ...]
    recognise: Callable[[str], bool]
    read: Callable[..., Reader]


SNIFF_CHARS: Final = 16384
"""How much of a file's start :attr:`Format.recognise` is given."""

# -- lines -----------------------------------------------------------------------------

_MARKS: Final = "\ufeff\x00"
_TWICE_BOM: Final = "\u00ef\u00bb\u00bf"
"""A UTF-8 byte-order mark read as Windows-1252 and written again as UTF-8."""


def clean_line(line: str) -> str:
    """A line without its end, byte-order marks (also one encoded twice), NULs and outer
    spaces.

    >>> clean_line("\\u00ef\\u00bb\\u00bf\\ufeff#Game No : 1\\r\\n")
    '#Game No : 1'
    """
    line = line.rstrip("\r\n")
    if _TWICE_BOM in line:
        line = line.replace(_TWICE_BOM, "")
    return line.strip(_MARKS + " \t")


def sniff_text(start: str) -> str:
    """A file's first characters as :attr:`Format.recognise` is given them."""
    return start.replace(_TWICE_BOM, "").lstrip(_MARKS + " \t\r\n")


# -- building a hand -------------------------------------------------------------------


_RETURN: Final = ActionKind.RETURN
_ANTE: Final = ActionKind.ANTE
_TABLE_ANTE: Final = ActionKind.BIG_BLIND_ANTE
_DEAD_BLIND: Final = ActionKind.DEAD_BLIND
_FORCED_VALUES: Final = frozenset(kind.value for kind in ActionKind if kind.forced)
"""The forced bets, by value (a text hashes in C, an enum member in Python)."""


class HandBuilder:
    """A hand recorded line by line, then built into a checked :class:`Hand`.

    ``street`` is the betting round the next actions belong to (``'blinds'``
    first, then ``'preflop'``, ``'flop'`` ... as :class:`Action` names them);
    set it when the history starts a street. The builder keeps each
    player's total on the current street, so a room that writes "raises to"
    (:meth:`raise_to`) and one that writes the increment (:meth:`bet`,
    :meth:`call`, :meth:`raise_by`) are recorded alike. Live blinds count
    toward the first betting round; antes and dead blinds do not.

    :meth:`build` makes the :class:`Hand` and checks that its chips add up
    (raising :class:`HistoryError` of kind ``'does not add up'``); the
    history's unit, game and table facts are given to the constructor or to
    :meth:`build` as :class:`Hand` fields.
    """

    def __init__(self, **fields: object) -> None:
        self.fields: dict[str, object] = dict(fields)
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.collections: list[Collection] = []
        self.showings: list[Showing] = []
        self.dealt: dict[str, tuple[Card, ...]] = {}
        self.boards: list[list[Card]] = [[]]
        self.line = 0
        """The line being read (recorded in each action)."""
        self._street = "blinds"
        self._on_street: dict[str, Decimal] = {}
        # the seated names and numbers, asked at every action (``seats`` stays the record:
        # a seat a reader appends to it itself is still found, by a search; a seat it
        # replaces in place must keep its name and number)
        self._seat_names: set[str] = set()
        self._seat_numbers: set[int] = set()

    # -- the table ---------------------------------------------------------------------

    def seat(self, number: int, name: str, stack: Decimal, *, sitting_out: bool = False) -> None:
        """A seat at the start of the hand.

        Raises:
            ValueError: the name or the seat number is taken already.
        """
        names, numbers, seats = self._seat_names, self._seat_numbers, self.seats
        if len(names) == len(seats) == len(numbers):
            taken = name in names or number in numbers
        else:
            taken = any(s.name == name or s.number == number for s in seats)
        if taken:
            raise ValueError(f"seat {number} ({name!r}) is listed twice")
        seats.append(Seat(number, name, stack, sitting_out))
        names.add(name)
        numbers.add(number)

    def seated(self, name: str) -> bool:
        """Whether a player of this name is seated."""
        return name in self._seat_names or any(s.name == name for s in self.seats)

    @property
    def street(self) -> str:
        """The betting round being recorded."""
        return self._street

    @street.setter
    def street(self, street: str) -> None:
        if street != self._street:
            if self._street != "blinds":  # live blinds count toward the first round
                self._on_street = {}
            self._street = street

    def on_street(self, player: str) -> Decimal:
        """What a player has put in on the current street (live blinds included)."""
        return self._on_street.get(player, ZERO)

    # -- actions -----------------------------------------------------------------------

    def _add(
        self,
        kind: ActionKind,
        player: str,
        amount: Decimal = ZERO,
        *,
        to: Decimal | None = None,
        all_in: bool = False,
        cards: tuple[Card, ...] = (),
        count: int = 0,
    ) -> None:
        if player not in self._seat_names and not self.seated(player):
            raise ValueError(f"{player!r} acts but is not seated")
        if amount < 0:
            raise ValueError(f"{player!r} puts in a negative amount ({amount})")
        self.actions.append(
            quick_action(kind, player, amount, self._street, to, all_in, cards, count, self.line)
        )
        # what counts toward the street: everything but returns, antes and dead blinds
        # (the forced bets that are not live; by identity: an enum hashes in Python)
        if (
            amount
            and kind is not _RETURN
            and kind is not _ANTE
            and kind is not _TABLE_ANTE
            and kind is not _DEAD_BLIND
        ):
            on_street = self._on_street
            on_street[player] = on_street.get(player, ZERO) + amount

    def post(self, kind: ActionKind, player: str, amount: Decimal, *, all_in: bool = False) -> None:
        """A forced bet (an ante, a blind, a straddle, a bring-in)."""
        if kind._value_ not in _FORCED_VALUES:
            raise ValueError(f"{kind.value} is not a forced bet")
        self._add(kind, player, amount, all_in=all_in)

    def bet(self, player: str, amount: Decimal, *, all_in: bool = False) -> None:
        """A bet of ``amount``."""
        self._add(ActionKind.BET, player, amount, all_in=all_in)

    def call(self, player: str, amount: Decimal, *, all_in: bool = False) -> None:
        """A call putting in ``amount`` more."""
        self._add(ActionKind.CALL, player, amount, all_in=all_in)

    def raise_to(self, player: str, total: Decimal, *, all_in: bool = False) -> None:
        """A raise (or a stud completion) to ``total`` on this street."""
        increment = total - self.on_street(player)
        self._add(ActionKind.RAISE, player, increment, to=total, all_in=all_in)

    def raise_by(self, player: str, increment: Decimal, *, all_in: bool = False) -> None:
        """A raise putting in ``increment`` more (the room writes what went in)."""
        total = self.on_street(player) + increment
        self._add(ActionKind.RAISE, player, increment, to=total, all_in=all_in)

    def wager(self, how: str, player: str, amount: Decimal, *, all_in: bool = False) -> None:
        """A call, a bet or a raise, ``how`` naming the method that records it:
        ``'call'``, ``'bet'``, ``'raise_to'`` (the street's total) or ``'raise_by'``
        (the raise itself); a reader maps its room's verbs to these words."""
        getattr(self, how)(player, amount, all_in=all_in)

    def check(self, player: str) -> None:
        """A check."""
        self._add(ActionKind.CHECK, player)

    def fold(self, player: str, cards: tuple[Card, ...] = ()) -> None:
        """A fold (with the cards, when the room shows them)."""
        self._add(ActionKind.FOLD, player, cards=cards)

    def discard(self, player: str, count: int, cards: tuple[Card, ...] = ()) -> None:
        """A draw of ``count`` cards (none: standing pat)."""
        if count:
            self._add(ActionKind.DISCARD, player, count=count, cards=cards)
        else:
            self._add(ActionKind.STAND_PAT, player)

    def show(self, player: str, cards: tuple[Card, ...]) -> None:
        """Cards a player showed (all of them: hole and up cards in stud)."""
        self._add(ActionKind.SHOW, player, cards=cards)
        self.showings.append(Showing(player, cards))

    def muck(self, player: str, cards: tuple[Card, ...] = ()) -> None:
        """A player who conceded at the showdown (his cards, when the room says them)."""
        self._add(ActionKind.MUCK, player)
        if cards:
            self.showings.append(Showing(player, cards, mucked=True))

    def deal(self, player: str, cards: tuple[Card, ...]) -> None:
        """Cards seen dealt to a player (the history's owner, or up cards in stud); the
        most seen so far are kept."""
        if len(cards) >= len(self.dealt.get(player, ())):
            self.dealt[player] = cards

    def board(self, cards: Iterable[Card], *, run: int = 0) -> None:
        """Cards added to the board (of run ``run`` of a hand run more than once)."""
        while len(self.boards) <= run:
            self.boards.append([])
        self.boards[run].extend(cards)

    def set_board(self, cards: Iterable[Card], *, run: int = 0) -> None:
        """The whole board of a run, as the room writes it in a street line or summary."""
        while len(self.boards) <= run:
            self.boards.append([])
        self.boards[run] = list(cards)

    # -- money back --------------------------------------------------------------------

    def returned(self, player: str, amount: Decimal) -> None:
        """An uncalled bet the room says it returned."""
        if amount:
            self._add(ActionKind.RETURN, player, amount)

    def contributions(self) -> dict[str, Decimal]:
        """What each player has put in so far, less what was returned."""
        total: dict[str, Decimal] = {}
        for action in self.actions:
            amount = action.amount
            if amount:
                player = action.player
                if action.kind is _RETURN:
                    amount = -amount
                total[player] = total[player] + amount if player in total else ZERO + amount
        return total

    def live_stakes(self) -> list[tuple[str, Decimal]]:
        """What each player has put in that a bet can match, largest first: bets,
        calls, raises and live blinds, less what was returned (antes and dead blinds
        match no bet)."""
        live: dict[str, Decimal] = {}
        for action in self.actions:
            if action.amount and not action.kind.dead:
                sign = -1 if action.kind is _RETURN else 1
                live[action.player] = live.get(action.player, ZERO) + sign * action.amount
        return sorted(live.items(), key=_stake, reverse=True)

    def return_uncalled(self) -> None:
        """Return the unmatched part of the largest live contribution (for rooms that
        write no "uncalled bet" line): what its owner put in beyond everyone else's most.

        Antes and dead blinds match no bet, so the live money (bets, calls,
        raises, live blinds, less what was returned) is compared; in a hand of
        dead money only (antes and nothing more), the whole contributions are.
        Call it once the betting is over; it does nothing when the two largest
        contributions are equal.
        """
        stakes = self.live_stakes()
        if not any(stake for _, stake in stakes):
            stakes = sorted(self.contributions().items(), key=_stake, reverse=True)
        if len(stakes) >= 2 and stakes[0][1] > stakes[1][1]:
            top, most = stakes[0]
            self._add_return(top, most - stakes[1][1])
        elif len(stakes) == 1 and stakes[0][1] > 0:
            self._add_return(*stakes[0])

    def _add_return(self, player: str, amount: Decimal) -> None:
        self.actions.append(
            quick_action(_RETURN, player, amount, self._street, None, False, (), 0, self.line)
        )

    def collect(
        self, player: str, amount: Decimal, pot: str = "pot", *, board: int | None = None
    ) -> None:
        """Chips a player collected from a pot."""
        if player not in self._seat_names and not self.seated(player):
            raise ValueError(f"{player!r} collects but is not seated")
        self.collections.append(Collection(player, amount, pot, board, self.line))

    def collect_each(self, wins: Iterable[tuple[str, Decimal, str, int]]) -> None:
        """Each of the (player, amount, pot, line) collections a reader gathered, its
        line named in an error."""
        for player, amount, pot, number in wins:
            self.line = number
            self.collect(player, amount, pot)

    # -- the hand ----------------------------------------------------------------------

    def _finest(self, unit: Decimal) -> Decimal:
        """The history's unit: the one given, or a finer one when a stack, a bet or a
        collection is not a whole number of it (play chips of 0.25 at a table of whole
        chips). Chips written with zero decimals (``1,250.00``) stay whole chips."""
        places = given = decimals_of(unit)
        for amounts in (
            (seat.stack for seat in self.seats),
            (action.amount for action in self.actions),
            (collection.amount for collection in self.collections),
        ):
            for amount in amounts:
                if decimals_of(amount) > places and amount % unit:
                    places = max(places, decimals_of(amount.normalize()))
        return unit if places == given else Decimal(1).scaleb(-places)

    def build(self, **fields: object) -> Hand:
        """The hand, its chips checked.

        ``fields`` (and the constructor's) are :class:`Hand` fields:
        ``source``, ``line``, ``index``, ``site``, ``hand_id``, ``game``,
        ``unit`` at least; the seats, actions, boards, showings, collections
        and dealt cards come from what was recorded.

        Raises:
            HistoryError: no seat was listed (``'unreadable'``), or the chips
                do not add up (``'does not add up'``).
        """
        values = {**self.fields, **fields}
        if not self.seats:
            raise HistoryError(
                Message("no seats listed"),
                file=str(values.get("source", "")),
                line=int(str(values.get("line", 0))),
                hand=str(values.get("hand_id", "")),
                site=str(values.get("site", "")),
                game=str(values.get("game", "")),
            )
        boards = tuple(tuple(board) for board in self.boards if board)
        unit = values.get("unit")
        if isinstance(unit, Decimal):
            values["unit"] = self._finest(unit)
        hand = Hand(
            seats=tuple(sorted(self.seats, key=_seat_number)),
            actions=tuple(self.actions),
            boards=boards,
            showings=tuple(self.showings),
            collections=tuple(self.collections),
            dealt=tuple(Showing(name, cards) for name, cards in self.dealt.items()),
            **values,  # type: ignore[arg-type]
        )
        try:
            hand.check_balance()
        except HistoryError as error:
            error.site, error.game = hand.site, hand.game
            error.showdown = hand.reached_showdown
            raise
        return hand


def _seat_number(seat: Seat) -> int:
    return seat.number


def read_error(
    error: Exception, *, file: str, line: int, hand: str, site: str, game: str
) -> HistoryError:
    """The :class:`HistoryError` that stands for a hand a reader could not read: the
    error itself when it is one, else an ``'unreadable'`` one naming the line."""
    if isinstance(error, HistoryError):
        error.site = error.site or site
        error.game = error.game or game
        return error
    return HistoryError(
        Message("cannot read the line: {kind}: {error}", kind=type(error).__name__, error=error),
        file=file,
        line=line,
        hand=hand,
        kind="unreadable",
        site=site,
        game=game,
    )


def cut_off(*, file: str, line: int, hand: str, site: str, game: str) -> HistoryError:
    """The error of a hand whose end is missing (the file stops inside it)."""
    return HistoryError(
        Message("the hand is cut off"),
        file=file,
        line=line,
        hand=hand,
        kind="cut off",
        site=site,
        game=game,
    )
