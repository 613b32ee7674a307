"""The audit's lean reader: a plain hand's verdict read straight from its lines.

An audit of a million hands spends most of its time reading them: the full
reader (:mod:`showdown.history._text`) builds a
:class:`~showdown.history.model.Hand` with an :class:`~showdown.history.model.Action`
per line, a :class:`~showdown.history.model.Seat` per seat, and so on, and
the audit then reads back from it only a few sums. :func:`lean_audit` reads
the lines of one hand of the rooms' colon layout (PokerStars, its club
exports, GGPoker, Full Tilt after 2016) once, keeping only what the audit's
fast path needs (:class:`showdown.history._quick.Facts`: each player's stake
and dead money, who acted, folded, mucked or collected, the cards shown,
seen and dealt, the boards, the rake, the pots the summary lists), then
decides the showdown with :func:`showdown.history._quick.decide`.

It reads the lines exactly as the full reader does (the same tests of each
line, in the same order, the same amounts and cards) but declines any line
it has no lean reading for -- a cancelled hand, a cash drop, a cash-out, a
straddle or a dead small-and-big blind, a hand whose seats are not listed,
a line the full reader would reject, chips that do not add up -- and any
hand the fast path does not decide. Declining is answering ``None``: the
caller reads the hand with the full reader and audits the :class:`Hand`
(:func:`showdown.history.audit.audit_entries`). The audit compares what the
room paid (:attr:`Lean.recorded`) with what the fast path pays
(:attr:`Lean.decided`), and leaves a hand the room paid otherwise to the full
path too. So the lean path's verdict, when it gives one, is the full path's;
the tests compare the two on every sample history and on the generated ones.

The lines are read with the full reader's own patterns and tables
(:mod:`showdown.history._text`): the lean reader keeps no copy of them.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal
from typing import Any, Final, NamedTuple

from showdown.cards import DECK, Card
from showdown.errors import CardParseError
from showdown.history import ggpoker, pokerstars
from showdown.history._quick import Facts, Quick, decide, plain_game
from showdown.history._text import (
    BOARD_TITLES,
    BODY_STARTS,
    COLLECTED_RE,
    CURRENCY_CODES,
    DRAWS,
    NOT_TAKEN,
    ORDINALS,
    POTS_RE,
    PREFLOP_TITLES,
    SEAT_RE,
    SEAT_SUMMARY_RE,
    SHOWDOWN_TITLES,
    STUD_IDS,
    STUD_STREETS,
    SUMMARY_WON_RE,
    UNCALLED_RE,
    Dialect,
    bracket_cards,
    group_cards,
    marker_title,
    money_places,
    readable_bracket_cards,
)

__all__ = ["Lean", "lean_audit"]

_ZERO: Final = Decimal(0)
_CENT: Final = Decimal("0.01")
_ONE: Final = Decimal(1)
_SEAT_LINE: Final = SEAT_RE[True]
_DATE_TAIL_RE: Final = re.compile(
    r" - \d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2}(?: (?P<zone>[A-Z]{1,5}))?"
    r"(?: \[\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2}(?: (?P<zone2>[A-Z]{1,5}))?\])?$"
)


class Lean(NamedTuple):
    """The lean reader's answer for one hand it read whole (a named tuple: one is made
    per hand, and a tuple is made fastest)."""

    site: str
    game: str
    file: str = ""
    """The file as found."""
    hand: str = ""
    """The site's hand id (empty when the hand reached no showdown)."""
    line: int = 0
    """The hand's first line in the file."""
    rake: Decimal = _ZERO
    unit: Decimal = _ONE
    """The history's unit."""
    recorded: dict[str, Decimal] | None = None
    """What the room gave each player back (pots collected and bets returned)."""
    decided: Quick | None = None
    """What the rules pay (:func:`showdown.history._quick.decide`)."""
    showdown: bool = False
    """Whether the hand reached a showdown (else nothing else is set)."""


class _Header(NamedTuple):
    game: str
    currency: str | None
    play_money: bool


_HEADERS: dict[tuple[str, str, bool], _Header | None] = {}
_AFTER_IDS: dict[tuple[str, str, bool], _Header | None] = {}
""":data:`_HEADERS` by the whole text after the hand id (a file's hands often share their
date and time too): no search for the date."""
_HEADER_READERS: Final = (pokerstars.parse_header, ggpoker.parse_header)
"""The header readers whose fields :func:`_header` and :func:`_button` are sure to give."""


def _header(dialect: Dialect, header: str, id_end: int, table_line: str) -> _Header | None:
    """The game and the money of a header (None: the full reader rejects it).

    Remembered by the header between its hand id (which ends at ``id_end``)
    and its date and time: those three fields depend on neither (the game
    is named after the first colon and before the date; a date, a time zone,
    a room's name and a hand id hold no currency sign or code, no tournament
    and no play money), so a file's hands read their header once per table
    and stakes.
    """
    play_money = "Play Money" in table_line
    after_id = (dialect.header.pattern, header[id_end:], play_money)
    if after_id in _AFTER_IDS:  # the same text after the hand id: the same key below
        return _AFTER_IDS[after_id]
    key: tuple[str, str, bool] | None = None
    tail = _DATE_TAIL_RE.search(header)
    if (
        tail is not None
        and tail["zone"] not in CURRENCY_CODES
        and tail["zone2"] not in CURRENCY_CODES
        and 0 <= header.find(":") < tail.start()  # the game is read after the first colon
    ):
        key = (dialect.header.pattern, header[id_end : tail.start()], play_money)
        if key in _HEADERS:
            if len(_AFTER_IDS) < 4096:
                _AFTER_IDS[after_id] = _HEADERS[key]
            return _HEADERS[key]
    try:
        info = dialect.parse_header(header, table_line)
    except ValueError:
        found = None
    else:
        currency = info.get("currency")
        found = _Header(
            str(info.get("game", "")),
            currency if isinstance(currency, str) else None,
            bool(info.get("play_money")),
        )
    if key is not None and len(_HEADERS) < 4096:
        _HEADERS[key] = found
        if len(_AFTER_IDS) < 4096:
            _AFTER_IDS[after_id] = found
    return found


_MARKER: Final = "marker"
# what a marker does:
_M_SUMMARY: Final = "summary"
_M_BOARD: Final = "board"
_M_PREFLOP: Final = "preflop"
_M_DRAW: Final = "draw"
_M_STREET: Final = "street"
_M_NONE: Final = "none"


_CARD_TEXTS: Final = {str(card): card for card in DECK}
"""The cards by the text each is written as (``'Th'``); ``parse_cards`` reads each so."""


def _brackets(text: str) -> tuple[Card, ...]:
    """The cards of every ``[...]`` group of a text (``bracket_cards``), read at once when
    the groups hold only cards written one space apart with spaces between the groups.

    Raises:
        CardParseError: cards the full reader would reject.

    >>> _brackets(" [3d Th 2h] [Jh]")
    (Card('3d'), Card('Th'), Card('2h'), Card('Jh'))
    >>> _brackets("[3d Th] [2h]")
    (Card('3d'), Card('Th'), Card('2h'))
    """
    known = _CARD_TEXTS
    # a street's line (" [3d Th 2h] [Jh]") or the summary's board ("[3d Th 2h Jh 8d]")
    opening = 2 if text[:2] == " [" else 1 if text[:1] == "[" else 0
    if opening and text[-1:] == "]":
        words = text[opening:-1].replace("] [", " ")
        if "[" not in words and "]" not in words:
            try:
                return tuple(map(known.__getitem__, words.split(" ")))
            except KeyError:
                pass  # read word by word below
    pieces = text.split("]")
    cards: list[Card] = []
    for piece in pieces[:-1]:
        group = piece.lstrip(" ")
        if group[:1] != "[" or "[" in group[1:]:
            return bracket_cards(text)
        for word in group[1:].split(" "):
            card = known.get(word)
            if card is None:
                return bracket_cards(text)
            cards.append(card)
    if pieces[-1].strip(" "):
        return bracket_cards(text)
    return tuple(cards)


def _marker_op(line: str) -> tuple[Any, ...]:
    """What a ``*** ... ***`` line does (as the full reader reads it): the summary starts,
    a board street (its street, run and cards), the deal (the cards shown with it, or
    None), a draw (its street and number), another street (stud, the showdown), nothing.

    Raises:
        CardParseError: cards the full reader would reject.
    """
    end = line.find(" ***", 4)
    head = line[: end + 4] if end > 0 else line
    plan = _MARKER_PLANS.get(head)
    if plan is None:
        plan = _marker_plan(head)
        if len(_MARKER_PLANS) < 4096:
            _MARKER_PLANS[head] = plan
    what = plan[1]
    if what is _M_BOARD:
        return (*plan, _brackets(line[end + 4 :] if end > 0 else ""))
    if what is _M_PREFLOP:
        after = line[end + 4 :] if end > 0 else ""
        return (*plan, _brackets(after) if "[" in after else None)
    return plan


_MARKER_PLANS: dict[str, tuple[Any, ...]] = {}
"""What each ``*** ... ***`` head does (:func:`_marker_plan`), by the head."""


def _marker_plan(head: str) -> tuple[Any, ...]:
    """What a marker's head does: :func:`_marker_op`'s answer less the cards after it."""
    title, run = marker_title(head)
    if title.startswith("SUMMARY"):
        return (_MARKER, _M_SUMMARY)
    if title in BOARD_TITLES:
        return (_MARKER, _M_BOARD, title.lower(), run)
    if title in PREFLOP_TITLES:
        return (_MARKER, _M_PREFLOP, "preflop", run)
    if title in STUD_STREETS:
        return (_MARKER, _M_STREET, STUD_STREETS[title])
    if title in DRAWS:
        return (_MARKER, _M_DRAW, DRAWS[title], int(DRAWS[title][-1]))
    if title in SHOWDOWN_TITLES:
        return (_MARKER, _M_STREET, "showdown")
    return (_MARKER, _M_NONE)


# What a line says, read once per distinct line (a file's lines repeat: the same players
# post the same blinds and make the same bets); the kinds of line:
_SKIPPED: Final = "skip"
_DECLINED: Final = "decline"
_SEAT: Final = "seat"
_TABLE_LINE: Final = "table"
_UNCALLED: Final = "uncalled"
_DEALT: Final = "dealt"
_COLLECT: Final = "collect"
_ACT: Final = "act"
_TOTAL: Final = "total"
_BOARD: Final = "board"
_SEAT_SUMMARY: Final = "seat summary"
# and what a player's line does:
_A_NONE: Final = "none"
_A_DECLINE: Final = "decline"
_A_BET: Final = "bet"
_A_LIVE: Final = "live"
_A_DEAD: Final = "dead"
_A_CHECK: Final = "check"
_A_FOLD: Final = "fold"
_A_SHOW: Final = "show"
_A_MUCK: Final = "muck"
_A_DRAW: Final = "draw"
_A_RAISE: Final = "raise"

_Op = tuple[Any, ...]
_BODY_OPS: dict[str, _Op] = {}
_SUMMARY_OPS: dict[str, _Op] = {}
_MOST_LINES: Final = 200_000
"""How many distinct lines each table remembers (then it starts again)."""
_DECLINE_OP: Final = (_DECLINED,)


def _remember(table: dict[str, _Op], line: str, op: _Op) -> _Op:
    if len(table) >= _MOST_LINES:
        table.clear()
    table[line] = op
    return op


def _body_op(line: str) -> _Op:
    """What a line before the summary says, as the full reader's ``body_line`` reads it.

    The kinds: a seat, the table line, an uncalled bet returned, cards dealt, a
    collection (with what the line says when its player is not seated), a
    player's line (the player the text before ``': '`` names, and what the rest
    does), or a line the lean reader declines.
    """
    try:
        if line[0] in BODY_STARTS:
            if line.startswith("Seat "):
                seat = _SEAT_LINE.match(line)
                if seat is not None:
                    value, places = money_places(seat[3])
                    return (_SEAT, int(seat[1]), seat[2], value, places)
            if line.startswith("Table "):
                return (_TABLE_LINE,)
            if line.startswith("Uncalled bet"):
                uncalled = UNCALLED_RE.match(line)
                if uncalled is None:
                    return _DECLINE_OP
                value, places = money_places(uncalled["amount"])
                return (_UNCALLED, uncalled["name"], value, places)
            if line == "Hand cancelled" or line.startswith(
                ("The button is in seat #", "Cash Drop to Pot", "STP added: ")
            ):
                return _DECLINE_OP
            if line.startswith("Dealt to "):
                if "[" not in line:
                    return (_SKIPPED,)
                rest = line[9:]
                cut = rest.find(" [")
                try:
                    cards = bracket_cards(rest[cut:])
                except CardParseError:
                    cards = readable_bracket_cards(rest[cut:])
                return (_DEALT, rest[:cut], cards)
        if " cashed out the hand for " in line:
            return _DECLINE_OP
        cut = line.find(": ")
        player = line[:cut] if cut > 0 else None
        act: _Op = (_ACT, player, *(_action(player, line[cut + 2 :]) if player else _NOTHING))
        if " collected " in line:
            collection = COLLECTED_RE.match(line)
            if collection is not None:
                value, places = money_places(collection["amount"])
                return (_COLLECT, collection["name"], value, places, act)
        return act
    except Exception:  # a line the full reader would reject, or read otherwise
        return _DECLINE_OP


_NOTHING: Final = (_A_NONE, _ZERO, 0, ())


def _action(player: str, rest: str) -> tuple[str, Decimal, int, tuple[Card, ...] | None]:
    """What a player's line does (the full reader's ``colon_action``): the kind, the
    amount as written, its decimals, the cards."""
    if rest.startswith(("said, ", '"')) or " (Observer)" in player:
        return _NOTHING
    verb = rest.split(" ", 1)[0]
    if verb == "calls" or verb == "bets":
        value, places = money_places(rest)
        return _A_BET, value, places, ()
    if verb == "posts":
        text = rest[6:].removeprefix("the ")
        value, places = money_places(text)
        if text.startswith("small & big blind"):
            return _A_DECLINE, _ZERO, 0, ()
        if text.startswith(("small blind", "big blind", "button blind")):
            return _A_LIVE, value, places, ()
        if text.startswith(("ante", "missed blind", "dead blind", "dead")):
            return _A_DEAD, value, places, ()
        return _A_DECLINE, _ZERO, 0, ()  # a straddle, or a post the full reader rejects
    if verb == "checks":
        return _A_CHECK, _ZERO, 0, ()
    if verb == "folds":
        if "[" in rest:
            bracket_cards(rest)
        return _A_FOLD, _ZERO, 0, ()
    if verb == "shows":
        return _A_SHOW, _ZERO, 0, bracket_cards(rest.split("(", 1)[0] if "]" in rest else rest)
    if verb in ("mucks", "doesn't") and ("hand" in rest or "[" in rest):
        return _A_MUCK, _ZERO, 0, bracket_cards(rest) if "[" in rest else None
    if verb == "discards":
        words = rest.split()
        bracket_cards(rest)
        if len(words) > 1 and words[1].isdigit():
            int(words[1])
        return _A_DRAW, _ZERO, 0, ()
    if verb == "stands":
        return _A_DRAW, _ZERO, 0, ()
    if verb in ("straddle", "ALLIN", "RETURN"):
        return _A_DECLINE, _ZERO, 0, ()
    if verb == "raises" or rest.startswith("completes"):
        at = rest.rfind(" to ")
        if at < 0:
            return _A_DECLINE, _ZERO, 0, ()
        value, places = money_places(rest[at + 4 :])
        return _A_RAISE, value, places, ()
    if rest.startswith("brings in"):
        value, places = money_places(rest)
        return _A_BET, value, places, ()
    return _NOTHING  # collected, sits out, is sitting out: no chips move


def _summary_op(line: str) -> _Op:
    """What a summary line says, as the full reader's ``summary_line`` reads it."""
    try:
        if line.startswith("Total pot"):
            return _totals(line)
        upper = line.split("[", 1)[0].rstrip(": ").upper()
        if upper.endswith("BOARD") and "[" in line:
            words = upper.split()
            return (
                _BOARD,
                ORDINALS.get(words[0], 0) if len(words) > 1 else 0,
                _brackets(line[line.find("[") :]),
            )
        seat = SEAT_SUMMARY_RE.match(line)
        if seat is None:
            return (_SKIPPED,)
        return (_SEAT_SUMMARY, int(seat[1]), seat.end())
    except Exception:  # a line the full reader would reject
        return _DECLINE_OP


def _totals(line: str) -> _Op:
    """The ``Total pot`` line: the total, the pots listed, the rake, the most decimals."""
    finest = 0

    def amount(text: str) -> Decimal:
        nonlocal finest
        value, places = money_places(text)
        finest = max(finest, places)
        return value

    parts = line.split("|")
    head = parts[0]
    pots: list[Decimal] = []
    pot_at = head.find(" Main pot ")
    if pot_at < 0:
        pot_at = head.find(" Main Pot ")
    if pot_at >= 0:
        total = amount(head[:pot_at])
        for piece in POTS_RE.split(head[pot_at:]):
            piece = piece.strip()
            if piece:
                pots.append(amount(piece.rsplit(" ", 1)[-1]))
    else:
        total = amount(head[9:])
    rake = _ZERO
    for part in parts[1:]:
        part = part.strip()
        if not part:
            continue
        label, _, value = part.rpartition(" ")
        if value and label and not label.startswith(NOT_TAKEN):
            try:
                taken = amount(value)
            except ValueError:
                continue
            rake += taken
    return (_TOTAL, total, tuple(pots), rake, finest)


@functools.lru_cache(maxsize=65536)
def _seat_summary(rest: str) -> tuple[int, tuple[Card, ...], bool]:
    """A summary seat line after the player's name: the most decimals of its amounts,
    and the cards it says he showed or mucked.

    Raises:
        _DeclinedError: a winner who cashed out (his pot was not awarded).
    """
    finest = 0
    for won in SUMMARY_WON_RE.findall(rest):
        finest = max(finest, money_places(won)[1])
    if rest.endswith("(pot not awarded as player cashed out)"):
        raise _DeclinedError
    for word, mucked in ((" showed [", False), (" mucked [", True)):
        at = rest.find(word)
        if at >= 0:
            return finest, group_cards(rest[at + len(word) : rest.index("]", at)]), mucked
    return finest, (), False


class _DeclinedError(Exception):
    """The hand has a line the lean reader leaves to the full reader."""


def lean_audit(dialect: Dialect, lines: list[str], name: str, start: int) -> Lean | None:
    """One hand's lines read for the audit: what the room gave back and what the rules
    pay, or None to leave the hand to the full reader.

    ``lines`` are the hand's lines as :func:`~showdown.history._text.raw_hands`
    gives them (the header first), ``start`` the header's line number.
    """
    if not dialect.colon or dialect.parse_header not in _HEADER_READERS or not lines:
        return None
    try:
        return _read(dialect, lines, name, start)
    except Exception:  # any surprise: the full reader reads the hand and says what it is
        return None


def _read(dialect: Dialect, lines: list[str], name: str, start: int) -> Lean | None:
    head = lines[0]
    match = dialect.header.match(head)
    if match is None:
        return None
    hand_id = match["id"]
    count = len(lines)
    table_line = lines[1] if count > 1 and lines[1].startswith("Table ") else ""
    info = _header(dialect, head, match.end(), table_line)
    if info is None:
        return None
    game = info.game
    plain = plain_game(game)
    if plain is None:
        return None
    for first in lines[1:]:
        if first and not first.startswith("Table "):
            if not first.startswith("Seat "):
                return None  # seats from the summary: the full reader's
            break
    button = pokerstars.table_button(table_line) if table_line else None

    seats: list[tuple[int, str]] = []
    names: set[str] = set()
    by_seat: dict[int, str] = {}
    longest: list[str] = []  # seated names (longest first: the full reader's first-word lookup)
    stakes: dict[str, Decimal] = {}
    dead: dict[str, Decimal] = {}
    active: set[str] = set()
    folded: set[str] = set()
    said_muck: set[str] = set()
    collected: dict[str, Decimal] = {}
    returned: dict[str, Decimal] = {}
    shown: dict[str, tuple[Card, ...]] = {}
    seen: dict[str, tuple[Card, ...]] = {}
    dealt: dict[str, tuple[Card, ...]] = {}
    boards: dict[int, tuple[Card, ...]] = {}
    summary_boards: dict[int, tuple[Card, ...]] = {}
    committed: dict[str, Decimal] = {}
    pots: list[Decimal] = []
    street = "blinds"
    in_draw = False
    draws = 0
    summary = False
    summary_seen = False
    total: Decimal | None = None
    rake = _ZERO
    finest = 0

    def show(player: str, cards: tuple[Card, ...], mucked: bool) -> None:
        if not mucked and len(cards) > len(shown.get(player, ())):
            shown[player] = cards
        if len(cards) > len(seen.get(player, ())):
            seen[player] = cards

    def set_street(new: str) -> None:
        nonlocal street, committed
        if new != street:
            if street != "blinds":  # live blinds count toward the first round
                committed = {}
            street = new

    summary_ops = _SUMMARY_OPS
    ops = _BODY_OPS  # the summary's own once it starts
    for line in lines[1:]:
        if not line:
            continue
        op = ops.get(line)
        if op is None:  # a board's line names its cards: seldom seen twice, not remembered
            if line.startswith("*** "):
                op = _marker_op(line)
                if "[" not in line:
                    _remember(ops, line, op)
            elif summary:
                op = _summary_op(line)
                if op[0] is not _BOARD:
                    _remember(summary_ops, line, op)
            else:
                op = _remember(ops, line, _body_op(line))
        kind = op[0]  # the kinds of the body's lines and the summary's are not the same
        if kind is _COLLECT:
            player = op[1]
            if player in names:
                chips = op[2]
                collected[player] = collected[player] + chips if player in collected else chips
                if op[3] > finest:
                    finest = op[3]
                continue
            op = op[4]  # not a seated player's: the line is read on
            kind = op[0]
        if kind is _ACT:
            player = op[1]
            if player not in names:  # None: no name before ': '
                for player in sorted(longest, key=len, reverse=True):
                    if line.startswith(player + ": "):
                        op = (_ACT, player, *_action(player, line[len(player) + 2 :]))
                        break
                else:
                    continue  # chat, table talk, a player who is not seated: no chips move
            _, _, code, chips, places, cards = op
            if places > finest:
                finest = places
            if code is _A_BET:
                in_draw = False
                active.add(player)
                if chips:
                    stakes[player] = stakes[player] + chips if player in stakes else chips
                committed[player] = committed[player] + chips if player in committed else chips
            elif code is _A_CHECK:
                in_draw = False
                active.add(player)
            elif code is _A_FOLD:
                active.add(player)
                folded.add(player)
            elif code is _A_RAISE:
                chips = chips - committed.get(player, _ZERO)
                if chips < 0:
                    raise _DeclinedError
                in_draw = False
                active.add(player)
                if chips:
                    stakes[player] = stakes[player] + chips if player in stakes else chips
                committed[player] = committed.get(player, _ZERO) + chips
            elif code is _A_SHOW:
                active.add(player)
                if cards:
                    show(player, cards, False)
            elif code is _A_LIVE or code is _A_DEAD:
                active.add(player)
                if chips:
                    stakes[player] = stakes[player] + chips if player in stakes else chips
                    if code is _A_DEAD:
                        dead[player] = dead[player] + chips if player in dead else chips
                if code is _A_LIVE:
                    committed[player] = committed.get(player, _ZERO) + chips
            elif code is _A_MUCK:
                active.add(player)
                said_muck.add(player)
                if cards is not None:
                    show(player, cards, True)
            elif code is _A_DRAW:
                if not in_draw:
                    draws += 1
                    set_street(f"draw{draws}")
                    in_draw = True
                active.add(player)
            elif code is _A_DECLINE:
                raise _DeclinedError
            # _A_NONE: collected, sits out, is sitting out: no chips move
        elif kind is _MARKER:
            what = op[1]
            if what is _M_SUMMARY:
                summary = summary_seen = True
                ops = summary_ops
            elif what is _M_BOARD:
                set_street(op[2] if street not in STUD_IDS else "seventh")
                cards = op[4]
                if cards:
                    boards[0 if street == "seventh" else (op[3] or 0)] = cards
            elif what is _M_PREFLOP:
                set_street("preflop")
                if op[4] is not None:
                    boards[0] = op[4]
            elif what is _M_DRAW:
                draws = op[3]
                set_street(op[2])
                in_draw = True
            elif what is _M_STREET:
                set_street(op[2])
        elif kind is _SEAT:
            if street != "blinds":
                raise _DeclinedError
            _, number, seated, _, places = op
            if places > finest:
                finest = places
            seats.append((number, seated))
            names.add(seated)
            by_seat[number] = seated
            longest.append(seated)
        elif kind is _UNCALLED:
            player = op[1]
            if player not in names:
                raise _DeclinedError
            back = op[2]
            returned[player] = returned[player] + back if player in returned else back
            active.add(player)
            if op[3] > finest:
                finest = op[3]
        elif kind is _DEALT:
            player = op[1]
            if player in names:
                if op[2]:  # the last cards seen dealt count (none: no cards known)
                    dealt[player] = op[2]
                else:
                    dealt.pop(player, None)
        elif kind is _TABLE_LINE:
            if seats:
                raise _DeclinedError
        elif kind is _SEAT_SUMMARY:
            player = by_seat.get(op[1])
            if player is not None:
                places, cards, mucked = _seat_summary(line[op[2] + len(player) :])
                if places > finest:
                    finest = places
                if cards and len(seen.get(player, ())) < len(cards):
                    show(player, cards, mucked)
        elif kind is _TOTAL:
            _, total, listed, taken, places = op
            pots.extend(listed)
            rake += taken
            if places > finest:
                finest = places
        elif kind is _BOARD:
            summary_boards[op[1]] = op[2]
        elif kind is _DECLINED:
            raise _DeclinedError
        # _SKIPPED: a keyword line that moves nothing

    if not summary_seen or total is None or not seats or not collected:
        return None
    # the chips add up: put in = returned + collected + rake
    if sum(stakes.values(), _ZERO) != sum(returned.values(), rake) + sum(collected.values(), _ZERO):
        return None
    unit = _CENT if info.currency and not info.play_money else _ONE
    if finest:
        unit = _finer(unit, finest)
    site = dialect.site
    players = [seated for _, seated in seats if seated in active or seated in collected]
    contenders = [p for p in players if p not in folded]
    if len(contenders) < 2:
        return Lean(site, game)
    found = decide(
        plain,
        Facts(
            seats,
            stakes,
            dead,
            active,
            folded,
            said_muck,
            set(collected),
            shown,
            seen,
            dealt,
            _final_boards(summary_boards, boards),
            unit,
            rake,
            tuple(pots),
            site,
            button,
        ),
    )
    if found is None:
        return None
    recorded = dict(collected)
    for player, back in returned.items():
        recorded[player] = recorded[player] + back if player in recorded else back
    return Lean(site, game, name, hand_id, start, rake, unit, recorded, found, True)


@functools.lru_cache(maxsize=256)
def _finer(unit: Decimal, places: int) -> Decimal:
    """The unit, or a finer one for amounts written with ``places`` decimals."""
    return min(unit, Decimal(1).scaleb(-places))


def _final_boards(
    summary_boards: dict[int, tuple[Card, ...]], street_boards: dict[int, tuple[Card, ...]]
) -> tuple[tuple[Card, ...], ...]:
    """The boards, as the full reader puts them together from the streets and the summary."""
    street = street_boards.get(0)
    if (  # one board, in the summary too or not: the street's, when it is the longer
        street is not None
        and len(street_boards) == 1
        and (not summary_boards or (len(summary_boards) == 1 and 0 in summary_boards))
        and len(street) >= len(summary_boards.get(0, ()))
    ):
        return (street,)
    boards = dict(summary_boards)
    boards.update({k: v for k, v in street_boards.items() if len(v) >= len(boards.get(k, ()))})
    if not boards:
        return ()
    first = boards.get(0, ())
    result: list[tuple[Card, ...]] = []
    for run in range(max(boards) + 1):
        board = boards.get(run, ())
        if run and len(board) < len(first):
            board = first[: len(first) - len(board)] + board
        result.append(board)
    return tuple(result)
