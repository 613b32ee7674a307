"""What the line-by-line room readers share: the hand-splitting loop and small readers.

Most rooms write a hand as a header line, the hand's lines, and perhaps a line
that ends it. Their readers differ in what the lines mean, not in how a file
is cut into hands, so that part is written once here:

* :class:`HandLines` is one hand being read: a room's subclass reads each of
  its lines (:meth:`~HandLines.feed`) into a
  :class:`~showdown.history.formats.HandBuilder`, says whether the hand got to
  its end (:meth:`~HandLines.complete`) and builds it
  (:meth:`~HandLines.build`); :meth:`~HandLines.finish` turns the hand into
  the :class:`~showdown.history.model.Hand` or into the
  :class:`~showdown.errors.HistoryError` that stands for it (``'cut off'``, or
  the first error met while reading it, naming its line).
* :class:`LineReader` cuts a stream into hands: it cleans each line, opens a
  hand at each header line (:meth:`~LineReader._open`), closes one at a line
  that ends it (:attr:`~LineReader.ends`), feeds it the lines between, keeps a
  bad line from spoiling more than its own hand, and reports text outside any
  hand once (``'not a history'``). :class:`HeldLines` is a hand whose lines
  are kept and read once it ends (a header over several lines).
* :class:`ElementReader` and :class:`ElementHand` do the same for rooms that
  write each hand as an XML element, one after another without a document
  element: a pull parser fed line by line, one hand in memory.
* The small readers the rooms share, each remembering the texts it has read
  (a history repeats its cards): :func:`cards_of` (cards written with commas,
  dashes or ``10``), :func:`attributes_of` (a tag's attributes). Amounts are
  read by :mod:`showdown.history.amounts`; the lines and words many layouts
  write alike are in :mod:`showdown.history.layout`.

A room's reader is a hand class and a reader class naming its header:

>>> import io
>>> from decimal import Decimal
>>> from showdown.history.amounts import amount_of, number_in
>>> from showdown.history.model import ActionKind
>>> class _Toy(HandLines):
...     site = "toy"
...     def feed(self, number: int, text: str) -> None:
...         self.builder.line = number
...         name, verb, value = text.split()
...         if verb == "sits":
...             self.builder.seat(len(self.builder.seats) + 1, name, amount_of(value))
...         elif verb == "blind":
...             self.builder.post(ActionKind.BIG_BLIND, name, amount_of(value))
...         else:
...             self.builder.collect(name, amount_of(value))
...             self.ended = True
...     def build(self, source: str, index: int) -> Hand:
...         return self.builder.build(source=source, index=index, game="holdem", unit=Decimal(1))
>>> class _ToyReader(LineReader[_Toy]):
...     starts = "Hand "
...     def _open(self, number: int, text: str, hand: _Toy | None) -> _Toy | None:
...         return _Toy(text.split()[1], number)
>>> text = '''Hand 1
... Ann sits 10
... Bob sits 10
... Ann blind 1
... Ann wins 1
... Hand 2
... Ann sits 10
... '''
>>> entries = list(_ToyReader(io.StringIO(text)).entries())
>>> entries[0].collected(), entries[1].kind
({'Ann': Decimal('1')}, 'cut off')
>>> amount_of("$1,500.25"), number_in("(  $ 0.05 USD )"), cards_of("Ah, 10d")
(Decimal('1500.25'), Decimal('0.05'), (Card('Ah'), Card('Td')))
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from typing import IO, ClassVar, Final, Generic, TypeVar, cast

from showdown.cards import Card, parse_cards
from showdown.errors import HistoryError
from showdown.history._text import Reader, not_a_history
from showdown.history.formats import HandBuilder, clean_line, cut_off, read_error
from showdown.history.model import Hand

__all__ = [
    "ElementHand",
    "ElementReader",
    "HandLines",
    "HeldLines",
    "LineReader",
    "attributes_of",
    "cards_of",
    "record_all_in",
]

_MARKS: Final = " \t\r\n\ufeff\x00"
"""What :func:`~showdown.history.formats.clean_line` takes off a line's ends."""
_ATTRIBUTE_RE: Final = re.compile(r'(\w+)="([^"]*)"')


# -- small readers -------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def attributes_of(text: str) -> dict[str, str]:
    """The attributes of a tag as rooms write them in their line-by-line XML
    (``ID="7" GAME="Holdem"``; the dict is shared: not to be changed).

    >>> attributes_of('id="7" stakes="1/2"')
    {'id': '7', 'stakes': '1/2'}
    """
    return dict(_ATTRIBUTE_RE.findall(text))


@functools.lru_cache(maxsize=65536)
def cards_of(text: str) -> tuple[Card, ...]:
    """Cards as rooms write them: ``As Kd``, ``7c, 6c``, ``Ad - Td``, ``10s 3s``.

    Raises:
        CardParseError: a word that is not a card.
    """
    return parse_cards(
        text.replace(",", " ").replace(" - ", " ").replace("10", "T"), allow_duplicates=True
    )


def record_all_in(builder: HandBuilder, player: str, amount: Decimal, facing: Decimal) -> None:
    """An all-in line that says what went in (``amount``) but not what it was: a bet when
    nobody has bet on the street (``facing``, the street's highest total, is 0), a call
    when it reaches no further than ``facing``, else a raise by it."""
    if not facing:
        builder.bet(player, amount, all_in=True)
    elif builder.on_street(player) + amount <= facing:
        builder.call(player, amount, all_in=True)
    else:
        builder.raise_by(player, amount, all_in=True)


# -- one hand --------------------------------------------------------------------------


CardReader = Callable[[str], tuple[Card, ...]]
"""How a room's cards are read from a line's text."""


class HandLines:
    """One hand being read, line by line (a room's reader subclasses it).

    Attributes:
        site: the room's site id (a class attribute).
        cut_off_first: whether a hand that did not get to its end is cut off even when
            a line of it could not be read (a class attribute; else the line's error
            stands for the hand).
        hand_id: the room's id of the hand.
        line: the hand's header line.
        game: the game id, once the hand says it (named in the hand's error).
        builder: the hand being recorded.
        error: the first error met while reading the hand (its later lines are not
            read).
        ended: whether the hand's closing line was read (see :meth:`complete`).
    """

    site: ClassVar[str] = ""
    cut_off_first: ClassVar[bool] = False

    def __init__(self, hand_id: str, line: int) -> None:
        self.hand_id = hand_id
        self.line = line
        self.game = ""
        self.error: Exception | None = None
        self.ended = False
        self.builder = HandBuilder(line=line, site=self.site, hand_id=hand_id, game="")

    def deal_line(self, pattern: re.Pattern[str], text: str, cards: CardReader = cards_of) -> None:
        """Record the hole cards of a line ``pattern`` reads (group 1 the player, 2 the
        cards), when the player is seated."""
        match = pattern.match(text)
        if match and self.builder.seated(match[1]):
            self.builder.deal(match[1], cards(match[2]))

    def show_line(self, pattern: re.Pattern[str], text: str, cards: CardReader = cards_of) -> None:
        """Record the cards a line ``pattern`` reads shows at the showdown (group 1 the
        player, 2 the cards), when the player is seated."""
        match = pattern.match(text)
        if match and self.builder.seated(match[1]):
            self.builder.street = "showdown"
            self.builder.show(match[1], cards(match[2]))

    def feed(self, number: int, text: str) -> None:
        """Read line ``number`` of the hand (stripped, not blank).

        Raises:
            Exception: any fault of the line (it spoils this hand only).
        """
        raise NotImplementedError  # pragma: no cover - each room reads its own lines

    def skip(self, number: int, text: str) -> None:
        """A line of the hand after the one that could not be read (by default passed over;
        a room whose end is told by a line may look for it here)."""

    def complete(self) -> bool:
        """Whether the hand got to its end (else the file stops inside it): by default,
        whether its closing line was read."""
        return self.ended

    def build(self, source: str, index: int) -> Hand:
        """The hand read (``index``: its place in the file, from 0).

        Raises:
            Exception: the hand cannot be built (it does not add up, a fact is missing).
        """
        raise NotImplementedError  # pragma: no cover - each room builds its own

    def finish(self, source: str, index: int) -> Hand | HistoryError:
        """The hand, or the error that stands for it: ``'cut off'`` when it did not get
        to its end, else the first error met reading or building it."""
        error = self.error
        if (error is None or self.cut_off_first) and not self.complete():
            return cut_off(
                file=source, line=self.line, hand=self.hand_id, site=self.site, game=self.game
            )
        if error is None:
            try:
                return self.build(source, index)
            except Exception as exc:  # a bad hand never stops the file
                error = self.error = exc
        return read_error(
            error,
            file=source,
            line=self.builder.line or self.line,
            hand=self.hand_id,
            site=self.site,
            game=self.game,
        )


class HeldLines(HandLines):
    """A hand whose lines are kept until it ends, then read whole (:meth:`read`): for
    layouts whose header spans lines, or whose lines mean something only once the whole
    hand is known."""

    def __init__(self, number: int, text: str) -> None:
        super().__init__("", number)
        self.lines = [(number, text)]
        """The hand's lines (the header's first) and their numbers."""

    def feed(self, number: int, text: str) -> None:
        self.lines.append((number, text))

    def read(self, source: str, index: int) -> Hand | HistoryError:
        """The hand its lines hold, or the error that stands for it."""
        raise NotImplementedError  # pragma: no cover - each room reads its own lines

    def finish(self, source: str, index: int) -> Hand | HistoryError:
        return self.read(source, index)


H = TypeVar("H", bound=HandLines)


# -- the file --------------------------------------------------------------------------


class LineReader(Reader, Generic[H]):
    """The reader of a room whose hands are runs of lines, each opened by a header line.

    A subclass names its header lines (:attr:`starts`, :meth:`_open`) and, where
    the room writes one, the line that closes a hand (:attr:`ends`,
    :meth:`_closes`); :meth:`_outside` tells the room's own text between hands
    from stray text.

    Attributes:
        starts: what every header line starts with (one text or several); only
            such lines are given to :meth:`_open`.
        ends: what every closing line starts with (empty: the room writes none; a
            hand then ends where the next begins or the file does).
        marks: how lines are cleaned: False, of their outer whitespace (the first
            line by :func:`~showdown.history.formats.clean_line`); True, of the
            marks :func:`~showdown.history.formats.clean_line` drops (byte-order
            marks, NULs) on every line, spaces and tabs.
        blanks: whether a hand is given its blank lines too.
        empty_is_stray: whether a file without a hand or stray text (empty, blank)
            is reported as not a history.
    """

    starts: ClassVar[str | tuple[str, ...]]
    ends: ClassVar[str | tuple[str, ...]] = ()
    marks: ClassVar[bool] = False
    blanks: ClassVar[bool] = False
    empty_is_stray: ClassVar[bool] = False

    def _open(self, number: int, text: str, hand: H | None) -> H | None:
        """The hand a line that starts as a header opens (None: it is no header); ``hand``
        is the hand being read, if any."""
        raise NotImplementedError  # pragma: no cover - each room knows its headers

    def _closes(self, text: str) -> bool:
        """Whether a line that starts as a closing line closes the hand."""
        return True

    def _outside(self, number: int, text: str, index: int) -> bool:
        """Whether a line outside any hand is the room's own (not stray text); ``index``
        hands came before it."""
        return False

    def _entries(self, stream: Iterable[str], name: str) -> Iterator[Hand | HistoryError]:
        starts, ends, marks, blanks = self.starts, self.ends, self.marks, self.blanks
        strip = _MARKS if marks else None
        open_hand, closes, outside = self._open, self._closes, self._outside
        hand: H | None = None
        index = 0
        stray = False
        for number, raw in enumerate(stream, start=1):
            text = raw.strip(strip)
            if number == 1 or (marks and "\u00ef" in text):  # a byte-order mark, perhaps twice
                text = clean_line(raw)
            if not text and (hand is None or not blanks):
                continue
            if text.startswith(starts):
                opened = open_hand(number, text, hand)
                if opened is not None:
                    if hand is not None:
                        yield hand.finish(name, index)
                        index += 1
                    hand = opened
                    continue
            if hand is None:
                if not stray and not outside(number, text, index):
                    stray = True
                    yield not_a_history(name, number)
                continue
            if ends and text.startswith(ends) and closes(text):
                hand.ended = True
                yield hand.finish(name, index)
                index += 1
                hand = None
                continue
            if hand.error is None:
                try:
                    hand.feed(number, text)
                except Exception as exc:  # a bad line spoils its own hand only
                    hand.error = exc
                    hand.builder.line = number
            else:
                hand.skip(number, text)
        if hand is not None:
            yield hand.finish(name, index)
        elif index == 0 and not stray and self.empty_is_stray:
            yield not_a_history(name, 1)


# -- XML hands -------------------------------------------------------------------------


class ElementHand(HandLines):
    """One hand written as an XML element, read as its inner elements start (a hand the
    file stops inside is cut off, whatever else was wrong with it)."""

    cut_off_first = True

    def start(self, tag: str, attrib: dict[str, str], number: int) -> None:
        """Read an element that starts inside the hand, on line ``number``.

        Raises:
            Exception: any fault of the element (it spoils this hand only).
        """
        raise NotImplementedError  # pragma: no cover - each room reads its own elements


E = TypeVar("E", bound=ElementHand)


class ElementReader(Reader, Generic[E]):
    """The reader of a room that writes each hand as an XML element, one after another
    with no document element around them.

    The lines are fed to a pull parser as they come (one hand in memory,
    however long the file), inside a made-up document element :attr:`root`.
    Each :attr:`tag` element is a hand (:meth:`_hand`), closed when its end
    tag is read; an element outside the hands goes to :meth:`_element`. A
    hand whose XML is broken is unreadable and the reader starts again at the
    next line that starts with one of :attr:`opens`; a hand the file stops
    inside is cut off; text outside any element (but the room's own,
    :meth:`_outside`) is stray.

    Attributes:
        root: the name of the made-up document element.
        tag: the element of a hand.
        opens: what a line the parser can start again at starts with.
    """

    root: ClassVar[str]
    tag: ClassVar[str]
    opens: ClassVar[tuple[str, ...]]

    def _hand(self, attrib: dict[str, str], number: int) -> E:
        """The hand a :attr:`tag` element on line ``number`` opens."""
        raise NotImplementedError  # pragma: no cover - each room reads its own hands

    def _element(self, tag: str, attrib: dict[str, str]) -> None:
        """An element that starts outside any hand (a room's description of its table)."""

    def _outside(self, text: str) -> bool:
        """Whether text outside any element is the room's own (not stray text)."""
        return False

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        root_tag, hand_tag, opens = self.root, self.tag, self.opens
        parser: ET.XMLPullParser[ET.Element] | None = None
        hand: E | None = None
        root: ET.Element | None = None
        index = 0
        stray = False
        inside_tag = False
        for number, raw in enumerate(stream, start=1):
            text = raw.strip() if number > 1 else clean_line(raw)
            if not text or text.startswith(("<?xml", "<!")):
                continue
            if hand is None and not inside_tag and not text.startswith("<"):
                if not stray and not self._outside(text):
                    stray = True  # text outside any hand
                    yield not_a_history(name, number)
                continue
            if parser is None:
                if not text.startswith(opens):
                    continue  # the rest of a hand the parser gave up on
                parser = ET.XMLPullParser(events=("start", "end"))
                parser.feed(f"<{root_tag}>")
            inside_tag = not text.endswith(">")  # a tag written over several lines
            try:
                parser.feed(raw if number > 1 else text)
                events = cast("list[tuple[str, ET.Element]]", list(parser.read_events()))
            except ET.ParseError as exc:
                parser = None
                if hand is not None:
                    column = exc.position[1] if exc.position else 0
                    hand.error = ValueError(f"not well-formed XML at column {column}: {text!r}")
                    hand.builder.line = number
                    hand.ended = True
                    yield hand.finish(name, index)
                    index += 1
                    hand = None
                elif not stray:
                    stray = True
                    yield not_a_history(name, number)
                continue
            for event, elem in events:
                tag = elem.tag
                if event == "start":
                    if tag == hand_tag:
                        hand = self._hand(elem.attrib, number)
                    elif hand is not None:
                        if hand.error is None:
                            try:
                                hand.start(tag, elem.attrib, number)
                            except Exception as exc:  # a bad element spoils its hand only
                                hand.error = exc
                    elif tag == root_tag:
                        root = elem
                    else:
                        self._element(tag, elem.attrib)
                elif tag == hand_tag and hand is not None:
                    hand.ended = True
                    yield hand.finish(name, index)
                    index += 1
                    hand = None
                    if root is not None:
                        root.clear()
        if hand is not None:
            yield hand.finish(name, index)
