"""The text layout shared by PokerStars, GGPoker and Full Tilt hand histories.

The three rooms write one layout: a header line, the table and seat lines, the
forced bets, street markers (``*** FLOP *** [..]``), one line per action, the
collections, and a ``*** SUMMARY ***`` block. Their differences (the header,
a colon after the name or not, ``raises $2 to $4`` or ``raises to $4``, how a
pot is won, whether the summary lists pots before or after rake) are data: a
:class:`Dialect` per room, given by its module. This module splits a stream
into hands (streaming, line by line) and reads each hand into the one
:class:`~showdown.history.model.Hand`.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import io
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import IO, Any, Final, cast

from showdown.cards import Card, parse_cards
from showdown.errors import CardParseError, HistoryError, Message
from showdown.history.games import game_id, limit_name, without_club
from showdown.history.model import Action, ActionKind, Collection, Hand, Seat, Showing, quick_action

__all__ = [
    "BOARD_TITLES",
    "BODY_STARTS",
    "COLLECTED_RE",
    "CURRENCY_CODES",
    "DRAWS",
    "HEADER_STARTS",
    "NOT_TAKEN",
    "ORDINALS",
    "POTS_RE",
    "PREFLOP_TITLES",
    "SEAT_RE",
    "SEAT_SUMMARY_RE",
    "SEPARATOR_RE",
    "SHOWDOWN_TITLES",
    "STUD_IDS",
    "STUD_STREETS",
    "SUMMARY_WON_RE",
    "UNCALLED_RE",
    "Dialect",
    "HistoryReader",
    "RawHand",
    "Source",
    "bracket_cards",
    "dialect_reader",
    "group_cards",
    "marker_title",
    "money_places",
    "not_a_history",
    "open_text",
    "parse_hand",
    "raw_hands",
    "readable_bracket_cards",
    "sniff_encoding",
]

Source = str | Path | IO[str] | IO[bytes]
"""A path, or an open text or binary stream."""

_ZERO: Final = Decimal(0)
_CENT: Final = Decimal("0.01")
_ONE: Final = Decimal(1)
# a currency's sign before an amount (PokerStars India writes rupees "Rs. 22.21",
# CoinPoker tethers "₮1.56")
_SIGN = r"(?:[$€£¥₹₮]|Rs\.)"
_MONEY = _SIGN + r"?\s?-?[\d,]*\d(?:\.\d+)?"
_AMOUNT_RE: Final = re.compile(_SIGN + r"?\s?(-?[\d,]*\d(?:\.\d+)?)")
_BRACKETS_RE: Final = re.compile(r"\[([^\]]*)\]")
SEAT_SUMMARY_RE: Final = re.compile(r"^Seat (\d+): ")
"""A summary's seat line (its seat number)."""
_SUMMARY_SEAT_NAME_RE: Final = re.compile(
    r"^Seat (\d+): (.+?)(?= \(| folded| collected| showed| mucked| didn't| is sitting| won| lost|$)"
)
_CURRENCIES: Final = {
    "$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "CNY",
    "₹": "INR",
    "Rs.": "INR",
    "₮": "USDT",
}
POTS_RE: Final = re.compile(r"(?<!Rs)\.\s+|\.$")
"""Where the summary's ``Main pot $y. Side pot-1 $z.`` list is cut (not after ``Rs.``)."""
NOT_TAKEN: Final = ("Main pot", "Side pot", "STP")
"""Labels of a ``Total pot`` line's parts that are no share of the house's: Run It Once
lists its pots there (``| Main pot €0.25 | STP €0.50 | Rake €0.04``)."""
CURRENCY_CODES: Final = ("USD", "EUR", "GBP", "CAD", "INR", "CNY", "CHF", "SEK", "RUB", "BRL")
"""The currency codes a header may name (a time zone is never one of them)."""
_CODES_RE: Final = re.compile(r"\b(" + "|".join(CURRENCY_CODES) + r")\b")
ORDINALS: Final = {"FIRST": 0, "SECOND": 1, "THIRD": 2, "1": 0, "2": 1, "3": 2}
"""The words that number a run of the board (0 the first), by the word."""
STUD_STREETS: Final = {
    "3RD STREET": "third",
    "4TH STREET": "fourth",
    "5TH STREET": "fifth",
    "6TH STREET": "sixth",
    "7TH STREET": "seventh",
}
"""Stud's street markers' titles and their streets."""
DRAWS: Final = {
    "FIRST DRAW": "draw1",
    "DRAW": "draw1",
    "SECOND DRAW": "draw2",
    "THIRD DRAW": "draw3",
}
"""The draw markers' titles and their streets."""

PREFLOP_TITLES: Final = frozenset({"HOLE CARDS", "DEALING HANDS", "PRE-FLOP", "PREFLOP"})
"""The titles of the markers that start the deal (``*** HOLE CARDS ***``)."""
BOARD_TITLES: Final = frozenset({"FLOP", "TURN", "RIVER"})
"""The titles of the markers that deal board cards (stud's river: its community card)."""
SHOWDOWN_TITLES: Final = frozenset({"SHOW DOWN", "SHOWDOWN"})
"""The titles of the showdown's marker."""


def marker_title(line: str) -> tuple[str, int | None]:
    """A ``*** ... ***`` marker's title in capitals, less the ordinal of its run, and the
    run (0 the first; None: the marker names none).

    >>> marker_title("*** FIRST FLOP *** [Ah Kd 2c]"), marker_title("*** river ***")
    (('FLOP', 0), ('RIVER', None))
    >>> marker_title("*** SECOND DRAW ***"), marker_title("*** SHOW DOWN 2 ***")
    (('SECOND DRAW', None), ('SHOW DOWN', 1))
    """
    end = line.find(" ***", 4)
    title = line[4:end].upper() if end > 0 else line.strip("* ").upper()
    words = title.split()
    run: int | None = None
    if words and words[0] in ORDINALS and len(words) > 1 and words[1] != "DRAW":
        run = ORDINALS[words[0]]
        title = " ".join(words[1:])
    elif len(words) > 1 and words[-1] in ORDINALS and words[0] != "SUMMARY":
        run = ORDINALS[words[-1]]
        title = " ".join(words[:-1])
    return title, run


@dataclass(frozen=True, slots=True)
class Dialect:
    """What one room writes differently.

    Attributes:
        site: the site id (``'pokerstars'``).
        header: matches a hand's first line; group ``id`` is the hand id.
        parse_header: reads the header (and the table line) into fields.
        colon: actions are written ``name: verb`` (else ``name verb``), as
            PokerStars writes them.
        pots_after_rake: the summary's ``Main pot``/``Side pot`` amounts are
            what was paid (after rake), as PokerStars writes them; else before it.
        translate: for a history written in a client language other than
            English (:mod:`showdown.history.locales`), rewrites the lines after
            the header into the English layout before they are read (the
            header is given as written to ``parse_header``); None: English.
    """

    site: str
    header: re.Pattern[str]
    parse_header: Callable[[str, str], dict[str, object]]
    colon: bool = True
    pots_after_rake: bool = True
    translate: Callable[[list[str]], list[str]] | None = None


@functools.lru_cache(maxsize=65536)
def money(text: str) -> Decimal:
    """An amount as written (``'$1,694.48'``, ``'1500'``, ``'€0.10'``).

    Raises:
        ValueError: not an amount.
    """
    match = _AMOUNT_RE.search(text)
    if match is None:
        raise ValueError(f"{text!r} is not an amount")
    try:
        return Decimal(match[1].replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern admits only digits
        raise ValueError(f"{text!r} is not an amount") from None


@functools.lru_cache(maxsize=65536)
def money_places(text: str) -> tuple[Decimal, int]:
    """:func:`money` and how many decimals the amount is written with.

    >>> money_places("$1,694.48"), money_places("1500")
    ((Decimal('1694.48'), 2), (Decimal('1500'), 0))
    """
    value = money(text)
    exponent = value.as_tuple().exponent
    return value, -exponent if isinstance(exponent, int) and exponent < 0 else 0


def currency_of(text: str) -> str | None:
    """The currency named in a header (``'USD'``), from its code or its symbol."""
    code = _CODES_RE.search(text)
    if code:
        return code[1]
    for symbol, name in _CURRENCIES.items():
        if symbol in text:
            return name
    return None


_HIDDEN_RE: Final = re.compile(r"(?<!\S)[Xx]{2}(?!\S)")
"""A card an export tool did not know (Holdem Manager writes ``shows [XX Qs]``)."""


@functools.lru_cache(maxsize=65536)
def group_cards(text: str) -> tuple[Card, ...]:
    """The cards of a bracket group; an export's unknown card (``XX``) is left out.

    Raises:
        CardParseError: a word that is not a card.

    >>> group_cards("XX Qs")
    (Card('Qs'),)
    """
    if "X" in text or "x" in text:
        text = _HIDDEN_RE.sub(" ", text)
    return parse_cards(text, allow_duplicates=True)


def bracket_cards(text: str) -> tuple[Card, ...]:
    """The cards of every ``[...]`` group of a text, in order.

    Raises:
        CardParseError: a group holds a word that is not a card.

    >>> bracket_cards("shows [Ah Kd] (a pair) [XX 2c]")
    (Card('Ah'), Card('Kd'), Card('2c'))
    """
    cards: list[Card] = []
    for group in _BRACKETS_RE.findall(text):
        cards.extend(group_cards(group))
    return tuple(cards)


def readable_bracket_cards(text: str) -> tuple[Card, ...]:
    """The cards of the bracket groups that hold cards, the others left out."""
    cards: list[Card] = []
    for group in _BRACKETS_RE.findall(text):
        with contextlib.suppress(CardParseError):
            cards.extend(group_cards(group))
    return tuple(cards)


def open_text(source: Source) -> tuple[IO[str], str, bool]:
    """Open a source as text: (stream, its name, whether we opened it).

    The encodings rooms and their export tools write are recognised from the
    first bytes: UTF-16 with its byte-order mark (as Full Tilt wrote) or
    without one (told by the zero bytes of its ASCII letters), and UTF-8 with
    or without a mark. A byte that is not UTF-8 is read as Windows-1252, the
    code page older clients wrote their files in (``€`` is byte 0x80), so a
    file in that code page reads as it was meant. The stream is decoded as
    it is read: nothing is held but the current line.

    Raises:
        OSError: the file cannot be opened.

    >>> stream, _, _ = open_text(io.BytesIO("Seat 1: Zoë (€5 in chips)".encode("cp1252")))
    >>> stream.read()
    'Seat 1: Zoë (€5 in chips)'
    >>> stream, _, _ = open_text(io.BytesIO("PokerStars Hand #1".encode("utf-16-le")))
    >>> stream.read()
    'PokerStars Hand #1'
    """
    if isinstance(source, str | Path):
        raw: IO[bytes] = Path(source).open("rb")  # noqa: SIM115 - closed by the reader
        return _decode(raw), str(source), True
    name = str(getattr(source, "name", "<stream>"))
    if isinstance(source, io.TextIOBase) or (not hasattr(source, "peek") and _is_text(source)):
        return source, name, False  # type: ignore[return-value]
    return _decode(source), name, False  # type: ignore[arg-type]


def _is_text(stream: object) -> bool:
    return isinstance(stream, io.TextIOBase) or hasattr(stream, "encoding")


def _windows_1252(error: UnicodeError) -> tuple[str, int]:
    """The decoding error handler: bytes that are not UTF-8 read as Windows-1252."""
    if not isinstance(error, UnicodeDecodeError):  # pragma: no cover - decoding only
        raise error
    return error.object[error.start : error.end].decode("cp1252", "replace"), error.end


codecs.register_error("showdown-cp1252", _windows_1252)


def sniff_encoding(start: bytes) -> str:
    """The encoding of a text whose first bytes are given.

    >>> sniff_encoding(b"\\xff\\xfeP\\x00"), sniff_encoding("Full".encode("utf-16-be"))
    ('utf-16', 'utf-16-be')
    >>> sniff_encoding(b"\\xef\\xbb\\xbfPokerStars"), sniff_encoding(b"PokerStars")
    ('utf-8-sig', 'utf-8')
    """
    if start.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    if start.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    pairs = len(start) // 2
    if pairs:
        even = sum(1 for i in range(0, 2 * pairs, 2) if start[i] == 0)
        odd = sum(1 for i in range(1, 2 * pairs, 2) if start[i] == 0)
        # ASCII text in UTF-16 has a zero in every other byte
        if odd * 4 >= pairs * 3 and even == 0:
            return "utf-16-le"
        if even * 4 >= pairs * 3 and odd == 0:
            return "utf-16-be"
    return "utf-8"


def _decode(raw: IO[bytes]) -> IO[str]:
    buffered: Any = raw if hasattr(raw, "peek") else io.BufferedReader(cast(Any, raw))
    encoding = sniff_encoding(bytes(buffered.peek(64)[:64]))
    errors = "showdown-cp1252" if encoding.startswith("utf-8") else "replace"
    return io.TextIOWrapper(buffered, encoding=encoding, errors=errors, newline=None)


class Reader:
    """Hands read one at a time from a source; bad hands are counted, not fatal.

    The surface every format's reader shares. Iterating gives the
    :class:`~showdown.history.model.Hand` values; :meth:`entries` gives, in
    file order, each hand or the :class:`~showdown.errors.HistoryError` that
    stands for a hand (or a part of the file) that could not be read.
    ``skipped`` counts those errors by kind, ``errors`` keeps the first
    thousand, ``hands_read`` counts the hands. A format implements
    :meth:`_entries` over an open text stream, holding one hand at a time, so
    memory stays flat for any size.
    """

    def __init__(self, source: Source, *, name: str | None = None) -> None:
        self._source = source
        self._name = name
        self.skipped: Counter[str] = Counter()
        self.errors: list[HistoryError] = []
        self.hands_read = 0

    def __iter__(self) -> Iterator[Hand]:
        for entry in self.entries():
            if isinstance(entry, Hand):
                yield entry

    def entries(self) -> Iterator[Hand | HistoryError]:
        """Each hand, or the error that replaces it, in file order.

        Raises:
            OSError: the file cannot be read.
        """
        stream, name, owned = open_text(self._source)
        name = self._name or name
        try:
            for entry in self._entries(stream, name):
                if isinstance(entry, HistoryError):
                    self.skipped[entry.kind] += 1
                    if len(self.errors) < 1000:
                        self.errors.append(entry)
                else:
                    self.hands_read += 1
                yield entry
        finally:
            if owned:
                stream.close()

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        raise NotImplementedError  # pragma: no cover - each format has its own


class HistoryReader(Reader):
    """The reader of the room text layouts (PokerStars, GGPoker, Full Tilt dialects)."""

    def __init__(
        self, source: Source, dialects: tuple[Dialect, ...], *, name: str | None = None
    ) -> None:
        super().__init__(source, name=name)
        self._dialects = dialects

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        for item in raw_hands(stream, self._dialects):
            if isinstance(item, int):
                yield _not_a_history(name, item)
            else:
                dialect, lines, start, index = item
                yield parse_hand(dialect, lines, name, start, index)


def dialect_reader(*dialects: Dialect) -> Callable[..., HistoryReader]:
    """The ``read`` of a room whose hands are written in these dialects: a path or an
    open stream in (``name`` naming it in errors), its hands out one at a time (an
    :class:`OSError` when the file cannot be opened, as it is iterated)."""

    def read(source: Source, *, name: str | None = None) -> HistoryReader:
        return HistoryReader(source, dialects, name=name)

    return read


HEADER_STARTS: Final = frozenset("PFGMР")
"""The first letters of the rooms' header lines (a blank line is none of them): English
``P``/``F``/``G``, and the client languages' ``Mão``, ``Mano``, ``Main`` and ``Раздача``.
A line that starts otherwise and names a hand is looked into for a header cut into it
(the audit's byte ranges leave such a part to :func:`raw_hands`)."""

_OTHER_STARTS: Final = frozenset("RCB")
"""The first letters of the headers of the rooms that write PokerStars' layout under
their own name (``Run It Once Poker``, ``CoinPoker``, ``BetOnline``): a line that starts
so is a header, or else is looked into as any line (``Bob: calls 2PokerStars Hand #7``)."""

_STARTS: Final = HEADER_STARTS | _OTHER_STARTS

RawHand = tuple[Dialect, list[str], int, int]
"""The lines of one hand: its dialect, its lines, its first line number, its index."""


def raw_hands(
    stream: Iterable[str],
    dialects: tuple[Dialect, ...],
    *,
    first: int = 1,
    own: int | None = None,
    follow: bool = False,
) -> Iterator[RawHand | int]:
    """Split a stream into the lines of each hand; an ``int`` marks stray text at that line.

    Only one hand's lines are held at a time. For a part of a file read on
    its own (:func:`showdown.history.audit.audit_paths` splits a large file
    into byte ranges), ``first`` is the number of the stream's first line,
    ``own`` the number of the part's last line: the part's hands are those
    whose header line is the part's, and the last of them is read on past
    the part to the next header line. With ``follow`` the part does not
    start the file: lines before its first header belong to the hand before
    it (read by the part before), and are skipped.
    """
    lines: list[str] = []
    dialect: Dialect | None = None
    start = 0
    index = 0
    stray = 0  # first line of text outside any hand
    number = first - 1
    for number, raw in enumerate(stream, start=first):
        line = raw.rstrip("\r\n").strip("\ufeff\x00 \t")
        found = None
        letter = line[:1]
        if letter in _STARTS:
            for candidate in dialects:
                if candidate.header.match(line):
                    found = candidate
                    break
            if found is not None and own is not None and number > own:
                break  # the next part's first hand
        if (
            found is None
            and letter not in HEADER_STARTS
            and dialect is not None
            and "#" in line
            and ("Hand #" in line or "Game #" in line)
        ):
            # a hand cut off in the middle of a line, the next hand's header
            # written right after it: the cut hand ends there
            cut, found = _embedded_header(line, dialects)
            if found is not None:
                lines.append(line[:cut])
                line = line[cut:]
        if found is not None:
            if dialect is not None:
                yield dialect, lines, start, index
                index += 1
            elif stray:
                yield stray
                stray = 0
            dialect, lines, start = found, [line], number
        elif dialect is not None:
            lines.append(line)
        elif line and not stray and not follow and not SEPARATOR_RE.match(line):
            stray = number
    if dialect is not None:
        yield dialect, lines, start, index
    elif stray or (number == 0 and not follow):
        yield stray or 1


SEPARATOR_RE: Final = re.compile(r"^\*{3,} ?(?:#|№|n\.) ?\d+ ?\*{3,}$")
"""The line PokerStars writes before each hand of the histories it sends by email
(``*********** # 1 **************``; ``№1`` and ``n. 1`` in the Russian and Spanish
clients): not stray text."""

_EMBEDDED_RE: Final = re.compile(
    r"PokerStars |Full ?Tilt |CoinPoker |Run It Once |BetOnline |Poker Hand #"
)


def _header_dialect(line: str, dialects: tuple[Dialect, ...]) -> Dialect | None:
    """The dialect whose header the line is, if any."""
    if line[:1] in _STARTS:
        for candidate in dialects:
            if candidate.header.match(line):
                return candidate
    return None


def _embedded_header(line: str, dialects: tuple[Dialect, ...]) -> tuple[int, Dialect | None]:
    """Where a hand header starts inside a line (not at its start), and its dialect."""
    for match in _EMBEDDED_RE.finditer(line, 1):
        found = _header_dialect(line[match.start() :], dialects)
        if found is not None:
            return match.start(), found
    return 0, None


def parse_hand(
    dialect: Dialect, lines: list[str], name: str, start: int, index: int
) -> Hand | HistoryError:
    """One hand from its lines, or the error that says why it cannot be read."""
    while lines and not lines[-1]:
        lines.pop()
    if dialect.translate is not None and lines:
        lines = [lines[0], *dialect.translate(lines[1:])]
    parser = _HandParser(dialect, lines, name, start, index)
    try:
        hand = parser.parse()
    except HistoryError as error:
        error.site = error.site or dialect.site
        return error
    except (ValueError, LookupError, ArithmeticError, TypeError) as error:
        # A line this reader does not understand never stops the file: the
        # hand is counted as unreadable, with the line, and reading goes on.
        return HistoryError(
            Message(
                "cannot read the line: {kind}: {error}", kind=type(error).__name__, error=error
            ),
            file=name,
            line=parser.line_no,
            hand=parser.hand_id,
            kind="unreadable",
            site=dialect.site,
            game=parser.game,
        )
    if _balances(hand):
        return hand
    try:
        hand.check_balance()
    except HistoryError as error:
        fixed = hand.with_unwritten_return()  # early PokerStars wrote no "Uncalled bet" line
        if fixed is None:
            error.site, error.game = hand.site, hand.game
            return error
        hand = fixed
    return hand


def _balances(hand: Hand) -> bool:
    """:meth:`Hand.check_balance` passes (one pass over the actions; its message when not)."""
    put_in = hand.added
    paid = hand.rake
    back = ActionKind.RETURN
    for action in hand.actions:
        if action.kind is back:
            paid += action.amount
        elif action.amount:
            put_in += action.amount
    for collection in hand.collections:
        paid += collection.amount
    return put_in == paid


def not_a_history(name: str, line: int) -> HistoryError:
    """The error for text that holds no hand."""
    return _not_a_history(name, line)


def _not_a_history(name: str, line: int) -> HistoryError:
    return HistoryError(
        Message("not a hand history: no hand of a room showdown reads"),
        file=name,
        line=line,
        kind="not a history",
    )


_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_SHOW: Final = ActionKind.SHOW

BODY_STARTS: Final = frozenset("STUHDC")
"""The first letters of the lines that ``body_line`` reads before the player's actions
(seat, table, uncalled bet, hand cancelled, dealt, cash drop): a line that starts
otherwise is an action, a collection, or talk."""


class _HandParser:
    """Reads the lines of one hand."""

    def __init__(self, dialect: Dialect, lines: list[str], name: str, start: int, index: int):
        self.d = dialect
        self.lines = lines
        self.name = name
        self.start = start
        self.index = index
        self.hand_id = ""
        self.seats: list[Seat] = []
        self.names: dict[str, str] = {}
        self.by_seat: dict[int, str] = {}
        self.first_words: dict[str, list[str]] = {}
        self.actions: list[Action] = []
        self.collections: list[Collection] = []
        self.showings: list[Showing] = []
        self.dealt: dict[str, Showing] = {}
        self.boards: dict[int, tuple[Card, ...]] = {}
        self.summary_boards: dict[int, tuple[Card, ...]] = {}
        self.street = "blinds"
        self.in_draw = False
        self.draws = 0
        self.run: int | None = None
        self.committed: dict[str, Decimal] = {}
        self.button: int | None = None
        self.rake = _ZERO
        self.total: Decimal | None = None
        self.pots: list[Decimal] = []
        self.added = _ZERO
        self.cashouts: list[tuple[str, Decimal]] = []
        self.summary_wins: list[Collection] = []
        self.finest = 0  # most decimals seen in an amount
        self.summary = False
        self.cancelled = False
        self.big_blind = _ZERO
        self.line_no = start
        self.game = ""

    # -- helpers -------------------------------------------------------------

    def fail(self, reason: str, kind: str = "unreadable") -> HistoryError:
        return HistoryError(
            reason,
            file=self.name,
            line=self.line_no,
            hand=self.hand_id,
            kind=kind,
            site=self.d.site,
            game=self.game,
            showdown=self.street == "showdown" or bool(self.showings),
        )

    def amount(self, text: str) -> Decimal:
        try:
            value, places = money_places(text)
        except ValueError:
            raise self.fail(Message("{text} is not an amount", text=repr(text))) from None
        if places > self.finest:
            self.finest = places
        return value

    def add(
        self,
        kind: ActionKind,
        player: str,
        amount: Decimal = _ZERO,
        *,
        to: Decimal | None = None,
        all_in: bool = False,
        cards: tuple[Card, ...] = (),
        count: int = 0,
    ) -> None:
        self.actions.append(
            quick_action(kind, player, amount, self.street, to, all_in, cards, count, self.line_no)
        )

    def commit(self, player: str, amount: Decimal) -> None:
        self.committed[player] = self.committed.get(player, _ZERO) + amount

    def set_street(self, street: str) -> None:
        if street != self.street:
            if self.street != "blinds":  # live blinds count toward the first round
                self.committed = {}
            self.street = street

    def split_name(self, line: str) -> tuple[str, str] | None:
        """The player a line starts with, and the rest."""
        if self.d.colon:
            cut = line.find(": ")
            if cut > 0 and line[:cut] in self.names:
                return line[:cut], line[cut + 2 :]
            for name in self.first_words.get(line.split(" ", 1)[0].split(":", 1)[0], ()):
                if line.startswith(name + ": "):
                    return name, line[len(name) + 2 :]
            return None
        for name in self.first_words.get(line.split(" ", 1)[0], ()):
            if line.startswith(name + " "):
                return name, line[len(name) + 1 :]
        return None

    # -- the hand ------------------------------------------------------------

    def parse(self) -> Hand:
        lines = self.lines
        match = self.d.header.match(lines[0])
        assert match is not None
        self.hand_id = match["id"]
        table_line = lines[1] if len(lines) > 1 and lines[1].startswith("Table ") else ""
        try:
            info = self.d.parse_header(lines[0], table_line)
        except ValueError as error:
            raise self.fail(Message.from_error(error)) from None
        self.game = str(info.get("game", ""))
        self.button = info.get("button")  # type: ignore[assignment]
        self.big_blind = info.get("big_blind", _ZERO)  # type: ignore[assignment]
        unlisted = self.seats_unlisted()
        if unlisted:
            self.seats_from_summary()
        summary_seen = False
        for number, line in enumerate(lines[1:], start=self.start + 1):
            self.line_no = number
            if not line:
                continue
            try:
                if line.startswith("*** "):
                    if self.marker(line):
                        summary_seen = True
                elif self.summary:
                    self.summary_line(line)
                else:
                    self.body_line(line)
            except CardParseError as error:
                raise self.fail(
                    Message("bad cards in {line}: {error}", line=repr(line), error=error)
                ) from None
        self.line_no = self.start
        if self.cancelled and summary_seen:
            self.call_off()
        if not summary_seen or self.total is None:
            raise self.fail(
                Message("the hand is cut off: no summary with the total pot"), kind="cut off"
            )
        if not self.seats:
            raise self.fail(Message("no seats listed"))
        if not self.collections:
            # Full Tilt sometimes wrote no 'wins the pot' line (a bet nobody
            # called, then the summary): the summary's 'collected ($41.80)' says it.
            self.collections = self.summary_wins
        boards = self.final_boards()
        currency = info.get("currency")
        tournament = info.get("tournament")
        play = bool(info.get("play_money"))
        unit = _CENT if currency and not play else _ONE
        if self.finest:
            unit = min(unit, Decimal(1).scaleb(-self.finest))
        if unlisted:
            self.stacks_from_chips_put_in()
        actions = self.mark_big_blind_ante()
        return Hand(
            source=self.name,
            line=self.start,
            index=self.index,
            site=self.d.site,
            hand_id=self.hand_id,
            game=str(info.get("game", "")),
            unit=unit,
            seats=tuple(self.seats),
            actions=actions,
            game_name=str(info.get("game_name", "")),
            limit=str(info.get("limit", "")),
            stakes=str(info.get("stakes", "")),
            table=str(info.get("table", "")),
            currency=currency,  # type: ignore[arg-type]
            tournament=tournament,  # type: ignore[arg-type]
            play_money=play,
            max_seats=info.get("max_seats"),  # type: ignore[arg-type]
            button=self.button,
            boards=boards,
            showings=tuple(self.showings),
            collections=tuple(self.collections),
            rake=self.rake,
            total_pot=self.total,
            pots=tuple(self.pots),
            added=self.added,
            cashouts=tuple(self.cashouts),
            dealt=tuple(self.dealt.values()),
            cancelled=self.cancelled,
        )

    def seats_unlisted(self) -> bool:
        """Whether the hand lists no ``Seat N: name`` line before its first ``***`` marker,
        though it has lines there (a Full Tilt observer's record starts with the blinds).

        A line such as Full Tilt's tournament ``Seats: 9`` before the seats is not a seat.
        """
        lines = False
        for line in self.lines[1:]:
            if line.startswith("*** "):
                break
            if SEAT_SUMMARY_RE.match(line):
                return False
            lines = lines or (bool(line) and not line.startswith("Table "))
        return lines

    def seats_from_summary(self) -> None:
        """Seat the players of a hand that lists no seats before the deal.

        Full Tilt's records of a hand watched as an observer (2006) start
        with the blinds: no ``Seat N: name ($x)`` lines, no stacks. The
        summary still names each seat's player, so the players are seated
        from it; their stacks are set once the actions are read.
        """
        at = next((i for i, line in enumerate(self.lines) if line == "*** SUMMARY ***"), None)
        if at is None:
            return
        for line in self.lines[at + 1 :]:
            match = _SUMMARY_SEAT_NAME_RE.match(line)
            if match is not None and match[2] not in self.names:
                self.seat(int(match[1]), match[2], _ZERO, sitting_out=False)

    def stacks_from_chips_put_in(self) -> None:
        """Each unlisted seat's stack: what the record shows he put in (its least value)."""
        put_in: dict[str, Decimal] = {}
        for action in self.actions:
            sign = -1 if action.kind is ActionKind.RETURN else 1
            put_in[action.player] = put_in.get(action.player, _ZERO) + sign * action.amount
        self.seats = [
            Seat(seat.number, seat.name, put_in.get(seat.name, _ZERO), seat.sitting_out)
            for seat in self.seats
        ]

    def call_off(self) -> None:
        """A cancelled hand: every chip put in goes back, and the pot is empty.

        PokerStars writes ``Hand cancelled`` (a table that broke before the
        deal, a server fault) and a summary with no ``Total pot``; the chips
        each player had put in were given back.
        """
        put_in: dict[str, Decimal] = {}
        for action in self.actions:
            if action.amount and action.kind is not ActionKind.RETURN:
                put_in[action.player] = put_in.get(action.player, _ZERO) + action.amount
            elif action.kind is ActionKind.RETURN:
                put_in[action.player] = put_in.get(action.player, _ZERO) - action.amount
        for player, amount in put_in.items():
            if amount > 0:
                self.add(ActionKind.RETURN, player, amount)
        self.collections = []
        self.summary_wins = []
        self.total = self.total or _ZERO

    def mark_big_blind_ante(self) -> tuple[Action, ...]:
        """An ante posted by one player only (in a blind game) is a big-blind ante."""
        antes = [a for a in self.actions if a.kind is ActionKind.ANTE]
        if len(antes) == 1 and any(a.kind is ActionKind.BIG_BLIND for a in self.actions):
            only = antes[0]
            return tuple(
                Action(
                    ActionKind.BIG_BLIND_ANTE,
                    a.player,
                    a.amount,
                    street=a.street,
                    all_in=a.all_in,
                    line=a.line,
                )
                if a is only
                else a
                for a in self.actions
            )
        return tuple(self.actions)

    def final_boards(self) -> tuple[tuple[Card, ...], ...]:
        boards = dict(self.summary_boards)
        boards.update({k: v for k, v in self.boards.items() if len(v) >= len(boards.get(k, ()))})
        if not boards:
            return ()
        runs = max(boards) + 1
        first = boards.get(0, ())
        result: list[tuple[Card, ...]] = []
        for run in range(runs):
            board = boards.get(run, ())
            if run and len(board) < len(first):
                # A run that started later shares the cards dealt before it.
                board = first[: len(first) - len(board)] + board
            result.append(board)
        return tuple(result)

    # -- seats and markers ---------------------------------------------------

    def seat_line(self, line: str) -> bool:
        match = SEAT_RE[self.d.colon].match(line)
        if match is None:
            return False
        number, name, stack, rest = int(match[1]), match[2], match[3], match[4]
        self.seat(number, name, self.amount(stack), sitting_out="sitting out" in rest)
        return True

    def seat(self, number: int, name: str, stack: Decimal, *, sitting_out: bool) -> None:
        self.seats.append(Seat(number, name, stack, sitting_out))
        self.names[name] = name
        self.by_seat[number] = name
        first = name.split(" ", 1)[0]
        if self.d.colon:
            first = first.split(":", 1)[0]
        group = self.first_words.setdefault(first, [])
        group.append(name)
        group.sort(key=len, reverse=True)

    def marker(self, line: str) -> bool:
        """A ``*** ... ***`` line; True for the summary."""
        end = line.find(" ***", 4)
        after = line[end + 4 :] if end > 0 else ""
        title, run = marker_title(line)
        if title.startswith("SUMMARY"):
            self.summary = True
            return True
        if title in PREFLOP_TITLES:
            self.set_street("preflop")
            if "[" in after:  # Courchevel: the first board card comes with the hole cards
                self.boards[0] = bracket_cards(after)
            return False
        if title in BOARD_TITLES:
            cards = bracket_cards(after)
            self.set_street(title.lower() if self.street not in STUD_IDS else "seventh")
            if cards:
                if self.street == "seventh":
                    self.boards[0] = cards  # stud: the community card
                else:
                    self.boards[run or 0] = cards
            return False
        if title in STUD_STREETS:
            self.set_street(STUD_STREETS[title])
            return False
        if title in DRAWS:
            self.draws = int(DRAWS[title][-1])
            self.set_street(DRAWS[title])
            self.in_draw = True
            return False
        if title in SHOWDOWN_TITLES:
            self.set_street("showdown")
            self.run = run
            return False
        return False

    # -- the body -------------------------------------------------------------

    def body_line(self, line: str) -> None:
        if line[0] in BODY_STARTS and self.keyword_line(line):
            return
        if self.d.colon and " collected " in line:
            match = COLLECTED_RE.match(line)
            if match is not None and match["name"] in self.names:
                self.collect(match["name"], self.amount(match["amount"]), match["pot"])
                return
        if self.d.colon and " cashed out the hand for " in line:
            name, _, rest = line.partition(" cashed out the hand for ")
            if name in self.names:
                self.cashouts.append((name, self.amount(rest.split("|", 1)[0])))
                return
        found = self.split_name(line)
        if found is None:
            return  # chat, table talk, a player who is not seated: no chips move
        player, rest = found
        if rest.startswith(("said, ", '"')) or " (Observer)" in player:
            return
        if self.d.colon:
            self.colon_action(player, rest)
        else:
            self.plain_action(player, rest)

    def keyword_line(self, line: str) -> bool:
        """The lines that start with a word of the room's (seats, uncalled bets, ...); True
        when the line was one."""
        if line.startswith("Seat ") and self.street == "blinds" and self.seat_line(line):
            return True
        if line.startswith("Table ") and not self.seats:
            return True
        if line.startswith("Uncalled bet"):
            self.uncalled(line)
            return True
        if line == "Hand cancelled":
            self.cancelled = True
            return True
        if line.startswith("Dealt to "):
            if "[" in line:
                self.dealt_line(line)
            return True
        if line.startswith("The button is in seat #"):
            self.button = int(line.rsplit("#", 1)[1].split()[0])
            return True
        if line.startswith("Cash Drop to Pot"):
            self.added += self.amount(line.rsplit("total", 1)[-1])
            return True
        if line.startswith("STP added: "):
            # Run It Once's 'splash the pot': the house adds money to the pot
            self.added += self.amount(line[11:])
            return True
        return False

    def dealt_line(self, line: str) -> None:
        rest = line[9:]
        cut = rest.find(" [")
        player = rest[:cut]
        if player in self.names:
            try:
                cards = bracket_cards(rest[cut:])
            except CardParseError:
                # PokerStars Triple Stud once wrote '[of]' for a river card it
                # did not show: keep the cards that can be read
                cards = readable_bracket_cards(rest[cut:])
            self.dealt[player] = Showing(player, cards)

    def uncalled(self, line: str) -> None:
        match = UNCALLED_RE.match(line)
        if match is None:
            raise self.fail(Message("cannot read {line}", line=repr(line)))
        player = match["name"]
        if player not in self.names:
            raise self.fail(Message("{player} is not seated", player=repr(player)))
        self.add(ActionKind.RETURN, player, self.amount(match["amount"]))

    def collect(self, player: str, amount: Decimal, pot: str) -> None:
        self.collections.append(
            Collection(player, amount, pot.strip() or "pot", self.run, self.line_no)
        )

    def draw(self, player: str) -> None:
        if not self.in_draw:
            self.draws += 1
            self.set_street(f"draw{self.draws}")
            self.in_draw = True

    def discard(self, player: str, rest: str) -> None:
        """``discards 2 cards [Ah Ts]``; Full Tilt's Irish: ``discards [9h 9c]``, no count."""
        words = rest.split()
        cards = bracket_cards(rest)
        count = int(words[1]) if len(words) > 1 and words[1].isdigit() else len(cards)
        self.add(ActionKind.DISCARD, player, count=count, cards=cards)

    def bet_action(self, player: str, verb: str, rest: str) -> bool:
        """bet / call / raise / complete / bring-in; True when recognised."""
        all_in = "all-in" in rest or "all in" in rest
        if verb in ("bets", "calls"):
            amount = self.amount(rest)
            kind = ActionKind.BET if verb == "bets" else ActionKind.CALL
        elif verb == "raises" or rest.startswith("completes"):
            # 'raises $2 to $4' / 'raises to $4' / 'completes it to $4'
            cut = rest.rfind(" to ")
            if cut < 0:
                raise self.fail(Message("cannot read the raise {rest}", rest=repr(rest)))
            to = self.amount(rest[cut + 4 :])
            amount = to - self.committed.get(player, _ZERO)
            if amount < 0:
                raise self.fail(
                    Message(
                        "{player} raises to {to}, less than he already bet", player=player, to=to
                    )
                )
            self.in_draw = False
            self.add(ActionKind.RAISE, player, amount, to=to, all_in=all_in)
            self.commit(player, amount)
            return True
        elif rest.startswith("brings in"):
            amount = self.amount(rest)
            kind = ActionKind.BRING_IN
        else:
            return False
        self.in_draw = False
        self.actions.append(
            quick_action(kind, player, amount, self.street, None, all_in, (), 0, self.line_no)
        )
        committed = self.committed
        committed[player] = committed[player] + amount if player in committed else amount
        return True

    def post(self, player: str, kind: ActionKind, amount: Decimal, rest: str) -> None:
        all_in = "all-in" in rest or "all in" in rest
        self.add(kind, player, amount, all_in=all_in)
        if not kind.dead:
            self.commit(player, amount)

    def colon_action(self, player: str, rest: str) -> None:
        """PokerStars and GGPoker: ``name: verb ...``."""
        verb = rest.split(" ", 1)[0]
        if verb == "calls" or verb == "bets":
            self.bet_action(player, verb, rest)
        elif verb == "posts":
            self.colon_post(player, rest[6:])
        elif verb == "checks":
            self.in_draw = False
            self.actions.append(
                quick_action(_CHECK, player, _ZERO, self.street, None, False, (), 0, self.line_no)
            )
        elif verb == "folds":
            cards = bracket_cards(rest) if "[" in rest else ()
            self.actions.append(
                quick_action(_FOLD, player, _ZERO, self.street, None, False, cards, 0, self.line_no)
            )
        elif verb == "shows":
            self.show(player, rest)
        elif verb in ("mucks", "doesn't") and ("hand" in rest or "[" in rest):
            self.add(ActionKind.MUCK, player)
            if "[" in rest:
                self.showings.append(Showing(player, bracket_cards(rest), mucked=True))
        elif verb == "discards":
            self.draw(player)
            self.discard(player, rest)
        elif verb == "stands":
            self.draw(player)
            self.add(ActionKind.STAND_PAT, player)
        elif verb == "ALLIN":
            self.all_in(player, self.amount(rest[6:]))
        elif verb == "RETURN":
            # CoinPoker: 'name: RETURN ₮35.90', the uncalled part of his bet given back
            self.add(ActionKind.RETURN, player, self.amount(rest[7:]))
        elif verb == "straddle":
            # GGPoker: 'name: straddle $0.08' (no 'posts'), the player's total so far
            self.post(
                player,
                ActionKind.STRADDLE,
                self.amount(rest) - self.committed.get(player, _ZERO),
                rest,
            )
        elif (
            self.bet_action(player, verb, rest) or verb == "collected" or " collected " in rest[:12]
        ):
            pass
        # anything else (sits out, is sitting out, EV cash-out notes) moves no chips

    def all_in(self, player: str, amount: Decimal) -> None:
        """CoinPoker: ``name: ALLIN ₮38.90``, the chips he puts in more (a bet, a raise or a
        call, as the most anyone has put in on the street says)."""
        had = self.committed.get(player, _ZERO)
        most = max(self.committed.values(), default=_ZERO)
        self.in_draw = False
        if had + amount > most:
            kind = ActionKind.RAISE if most > 0 else ActionKind.BET
            to = had + amount if kind is ActionKind.RAISE else None
            self.add(kind, player, amount, to=to, all_in=True)
        else:
            self.add(ActionKind.CALL, player, amount, all_in=True)
        self.commit(player, amount)

    def colon_post(self, player: str, what: str) -> None:
        text = what.removeprefix("the ")
        amount = self.amount(text)
        if text.startswith("small & big blind"):
            big = self.big_blind if _ZERO < self.big_blind < amount else amount / 2
            self.post(player, ActionKind.DEAD_BLIND, amount - big, text)
            self.post(player, ActionKind.BIG_BLIND, big, text)
        elif text.startswith("small blind"):
            self.post(player, ActionKind.SMALL_BLIND, amount, text)
        elif text.startswith("big blind"):
            self.post(player, ActionKind.BIG_BLIND, amount, text)
        elif text.startswith("ante"):
            self.post(player, ActionKind.ANTE, amount, text)
        elif text.startswith(("missed blind", "dead blind", "dead")):
            self.post(player, ActionKind.DEAD_BLIND, amount, text)
        elif text.startswith("straddle"):
            self.post(player, ActionKind.STRADDLE, amount, text)
        elif text.startswith("button blind"):
            self.post(player, ActionKind.BIG_BLIND, amount, text)
        else:
            raise self.fail(Message("cannot read the post {what}", what=repr(what)))

    def show(self, player: str, rest: str) -> None:
        cards = bracket_cards(rest.split("(", 1)[0] if "]" in rest else rest)
        self.actions.append(
            quick_action(_SHOW, player, _ZERO, self.street, None, False, cards, 0, self.line_no)
        )
        if cards:
            self.showings.append(Showing(player, cards))

    def plain_action(self, player: str, rest: str) -> None:
        """Full Tilt: ``name verb ...``."""
        verb = rest.split(" ", 1)[0]
        if verb == "posts":
            text = rest[6:]
            amount = self.amount(text)
            if text.startswith("the small blind"):
                self.post(player, ActionKind.SMALL_BLIND, amount, text)
            elif text.startswith("the big blind"):
                self.post(player, ActionKind.BIG_BLIND, amount, text)
            elif text.startswith("a dead"):
                self.post(player, ActionKind.DEAD_BLIND, amount, text)
            elif text.startswith(("the ante", "ante", "an ante")):
                self.post(player, ActionKind.ANTE, amount, text)
            elif text.startswith("a straddle") or text.startswith("straddle"):
                self.post(player, ActionKind.STRADDLE, amount, text)
            else:
                self.post(player, ActionKind.BIG_BLIND, amount, text)  # 'posts $5': a live blind
        elif verb == "antes":
            self.post(player, ActionKind.ANTE, self.amount(rest[6:]), rest)
        elif verb == "checks":
            self.in_draw = False
            self.add(ActionKind.CHECK, player)
        elif verb == "folds":
            self.add(ActionKind.FOLD, player, cards=bracket_cards(rest))
        elif verb == "shows":
            if "[" in rest:
                self.show(player, rest)
        elif verb == "mucks":
            self.add(ActionKind.MUCK, player)
        elif verb == "discards":
            self.draw(player)
            self.discard(player, rest)
        elif verb == "stands":
            self.draw(player)
            self.add(ActionKind.STAND_PAT, player)
        elif verb in ("wins", "ties"):
            match = _FT_WIN_RE.match(rest)
            if match is None:
                raise self.fail(Message("cannot read the win {rest}", rest=repr(rest)))
            pot = match["pot"]
            board = None
            number = re.fullmatch(r"pot (\d+)", pot)
            if number:
                board = int(number[1]) - 1
            self.collections.append(
                Collection(player, self.amount(match["amount"]), pot, board, self.line_no)
            )
        else:
            self.bet_action(player, verb, rest)

    # -- the summary ----------------------------------------------------------

    def summary_line(self, line: str) -> None:
        if line.startswith("Total pot"):
            self.totals(line)
            return
        head = line.split("[", 1)[0].rstrip(": ").upper()
        if head.endswith("BOARD") and "[" in line:
            words = head.split()
            run = ORDINALS.get(words[0], 0) if len(words) > 1 else 0
            self.summary_boards[run] = bracket_cards(line)
            return
        match = SEAT_SUMMARY_RE.match(line)
        if match is None:
            return
        player = self.by_seat.get(int(match[1]))
        if player is None:
            return
        rest = line[match.end() + len(player) :]
        for won in SUMMARY_WON_RE.findall(rest):
            self.summary_wins.append(
                Collection(player, self.amount(won), "pot", None, self.line_no)
            )
        if rest.endswith("(pot not awarded as player cashed out)"):
            # PokerStars: a winner who cashed out has no 'collected' line; the
            # summary still says what the showdown gave him, 'won ($51.86)'.
            for won in re.findall(r" won \(([^)]*)\)", rest):
                self.collect(player, self.amount(won), "pot (not awarded: cashed out)")
        for word, mucked in ((" showed [", False), (" mucked [", True)):
            at = rest.find(word)
            if at >= 0:
                cards = group_cards(rest[at + len(word) : rest.index("]", at)])
                if cards and not any(
                    s.player == player and len(s.cards) >= len(cards) for s in self.showings
                ):
                    self.showings.append(Showing(player, cards, mucked=mucked))
                break

    def totals(self, line: str) -> None:
        parts = line.split("|")
        head = parts[0]
        pot_at = head.find(" Main pot ")
        if pot_at < 0:
            pot_at = head.find(" Main Pot ")
        if pot_at >= 0:
            self.total = self.amount(head[:pot_at])
            for piece in POTS_RE.split(head[pot_at:]):
                piece = piece.strip()
                if piece:
                    self.pots.append(self.amount(piece.rsplit(" ", 1)[-1]))
        else:
            self.total = self.amount(head[len("Total pot") :])
        for part in parts[1:]:
            part = part.strip()
            if not part:
                continue
            label, _, value = part.rpartition(" ")
            if value and label and not label.startswith(NOT_TAKEN):
                try:
                    taken = self.amount(value)
                except HistoryError:
                    continue
                self.rake += taken


STUD_IDS: Final = frozenset(STUD_STREETS.values())
"""The streets of stud (``'third'`` to ``'seventh'``)."""
SEAT_RE: Final = {
    True: re.compile(r"^Seat (\d+): (.+?) \((" + _MONEY + r") in chips(?:[^)]*)\)(.*)$"),
    False: re.compile(r"^Seat (\d+): (.+?) \((" + _MONEY + r")\)(.*)$"),
}
"""A seat line (number, name, stack, the rest), by whether it writes ``in chips``."""
UNCALLED_RE: Final = re.compile(
    r"^Uncalled bet (?:of )?\(?(?P<amount>" + _MONEY + r")\)? returned to (?P<name>.+?)\s*$"
)
"""An uncalled bet returned (its amount and player)."""
COLLECTED_RE: Final = re.compile(
    r"^(?P<name>.+?) collected (?P<amount>" + _MONEY + r") from (?P<pot>.+?)\s*$"
)
"""A player's collection from a pot (name, amount, pot)."""
SUMMARY_WON_RE: Final = re.compile(r" (?:collected|won|wins the [^(]*?)\s*\((" + _MONEY + r")\)")
"""An amount a summary's seat line says the player won."""
_FT_WIN_RE: Final = re.compile(
    r"^(?:wins|ties for) (?:the )?(?P<pot>.*?)\s*\((?P<amount>" + _MONEY + r")\)"
)


def header_fields(header: str, table_line: str) -> dict[str, object]:
    """The fields every room's header gives the same way: game, limit, currency.

    Raises:
        ValueError: no game can be read from the header.
    """
    fields: dict[str, object] = {}
    header = without_club(header)  # a Home Game's club name is free text
    game, name = game_id(header)
    fields["game"], fields["game_name"] = game, name
    fields["limit"] = limit_name(header)
    # early PokerStars exports write 'TOURNAMENT #169962475' in capitals
    tournament = re.search(r"(?i:Tournament) #(\d+)|\((\d{6,})\), Table", header)
    fields["tournament"] = (tournament[1] or tournament[2]) if tournament else None
    stakes = re.search(
        r"\(?((?:" + _SIGN + r"?\s?[\d,.]+)/(?:" + _SIGN + r"?\s?[\d,.]+))(?:\s+\w{3})?\)?", header
    )
    if tournament:
        level = re.search(r"\(([\d,.]+/[\d,.]+)", header) or stakes
        fields["stakes"] = level[1] if level else ""
    else:
        fields["stakes"] = stakes[1] if stakes else ""
    if fields["stakes"]:
        with contextlib.suppress(ValueError):
            fields["big_blind"] = money(str(fields["stakes"]).split("/")[1])
    currency = None if tournament else currency_of(str(fields["stakes"]) + " " + header)
    fields["currency"] = currency
    fields["play_money"] = not tournament and (
        currency is None or "Play Money" in header or "Play Money" in table_line
    )
    return fields
