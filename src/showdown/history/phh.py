"""PHH, the open Poker Hand History format: read ``.phh`` and ``.phhs`` files, and write them.

A PHH hand (the format of the uoftcprg ``phh-std`` specification, which
pokerkit reads and writes, and in which the Pluribus and WSOP data sets are
published) is TOML: ``key = value`` fields. The ``variant`` code names the
game (``NT`` no-limit Texas hold'em, ``FO/8`` fixed-limit Omaha hi/lo, ``FR``
razz ...); per-player arrays (``antes``, ``blinds_or_straddles``,
``starting_stacks``, and optionally ``players``, ``seats``,
``finishing_stacks``, ``winnings``) list the players in dealing order; and
``actions`` lists what happened, one string each::

    d dh p1 AsKs    the dealer deals p1 his hole cards (?? for a card not known)
    d db 2c7dJs     the dealer deals board cards
    p1 cbr 100      p1 completes, bets or raises TO 100 (his street total)
    p2 cc           p2 checks or calls
    p2 f            p2 folds
    p1 pb           p1 posts the bring-in (stud)
    p1 sd Kc        p1 discards Kc (``p1 sd`` alone stands pat)
    p1 sm AsKs      p1 shows (``p1 sm`` alone mucks; ``-`` shows the cards dealt)

A ``.phhs`` file holds several hands, one TOML table each: ``[1]``, ``[2]``...

Reading gives the same :class:`~showdown.history.model.Hand` as the room
readers, so :meth:`Hand.showdown` and the audit work unchanged. The rules the
reader applies, from the specification:

* **Positions.** The first player is the small blind and the last one has
  the button (stud: seat order from the dealer's left). Heads-up, the
  forced-bet arrays are read reversed (entry 0 is posted by the button).
* **Forced bets** are posted from the arrays: antes (one ante alone in a
  blind game is a big-blind ante), then the blinds in order (the first two
  are the small and big blind, a later one of at most the big blind is a
  blind posted to come in, a larger one a straddle; a negative one posts its
  size, as pokerkit reads it); each is capped by the stack. Blinds count
  toward the first betting round, antes do not.
* **Amounts.** ``cc`` calls what the player owes, or his stack if less; a
  bet nobody matched is returned when its betting round ends, as a room's
  "uncalled bet returned".
* **What each player got back** is the ``winnings`` (the pots he collected,
  after rake) plus his returned bets; without ``winnings`` it is told by
  ``finishing_stacks``: finishing - starting + everything he put in. A hand
  with neither cannot be audited: its error has kind ``'no outcome'``
  (``outcome_required=False`` reads it anyway, with no collections); so
  neither can one whose outcome gives every player 0 of a pot that held
  chips (HandHQ's Full Tilt and iPoker hands), which would read as a whole
  pot raked. The rake is what was put in and not given back.
* **Money.** Amounts are exact decimals; the unit is the finest one written
  (a cent when a ``currency`` is named).
* **Ids.** The hand id is the file name, with ``#N`` for the N-th hand of a
  ``.phhs``; the site is ``'phh'`` unless the file names one (``venue`` of a
  known room, or showdown's own ``_site``).
* An unknown ``variant`` is read all the same, its ``game`` the code: the
  audit counts it as a game showdown does not support.

Fields whose names start with ``_`` are user-defined in PHH; showdown writes
a few (``_tournament``, ``_pots``, ``_total_pot``, ``_boards`` for a hand run
more than once...) so that a converted history keeps what the audit needs.

>>> hand = parse_phh('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7c2h",
...            "p3 f", "p1 cbr 100", "p2 cc", "p1 sm AsAd", "p2 sm KsKd",
...            "d db 2c7dJs", "d db 8h", "d db 3s"]
... players = ["Ann", "Bob", "Cat"]
... finishing_stacks = [200, 0, 100]
... ''', name="example.phh")
>>> hand.game, hand.hand_id, hand.received(), hand.rake
('holdem', 'example.phh', {'Ann': Decimal('200')}, Decimal('0'))
>>> print(write_phh(hand).splitlines()[0])
variant = "NT"
"""

from __future__ import annotations

import io
import json
import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import IO, Any, Final

from showdown.cards import Card, parse_card
from showdown.errors import CardParseError, HistoryError, Message, Term
from showdown.games import GAMES, Family
from showdown.history._text import Reader, Source
from showdown.history.amounts import CENT, ZERO, parse_amount
from showdown.history.model import Action, ActionKind, Collection, Hand, Seat, Showing
from showdown.i18n import N_

__all__ = [
    "STANDARD_VARIANTS",
    "VARIANTS",
    "PhhReader",
    "Variant",
    "caveats",
    "parse_phh",
    "phhs_section",
    "read",
    "read_text",
    "variant_of",
    "write_phh",
    "write_phhs",
]

_INF: Final = Decimal("Infinity")


# -- the variants ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Variant:
    """What a PHH variant code means for showdown.

    Attributes:
        code: the code (``'NT'``, ``'FO/8'``).
        game: showdown's game id.
        limit: ``'Limit'``, ``'No Limit'`` or ``'Pot Limit'``.
        family: board, stud or draw game.
        draws: how many draws the game has (draw games).
        hole: the cards dealt to each player (stud: all seven).
        standard: the PHH specification defines the code (pokerkit reads it);
            otherwise it is showdown's extension, built the same way.
    """

    code: str
    game: str
    limit: str
    family: Family
    draws: int
    hole: int
    standard: bool

    @property
    def fixed(self) -> bool:
        """A fixed-limit game (bet sizes ``small_bet``/``big_bet``, not ``min_bet``)."""
        return self.limit == "Limit"

    @property
    def name(self) -> str:
        """A display name: ``'No Limit Texas Hold'em'``."""
        title = GAMES[self.game].title if self.game in GAMES else self.game
        if "Single / Triple" in title:
            title = title.replace("Single / Triple", "Single" if self.draws == 1 else "Triple")
        return f"{self.limit} {title}"


_GAME_PARTS: Final[tuple[tuple[str, str, Family, int, int, str], ...]] = (
    # (the code after the limit letter, showdown game id, family, draws, hole cards,
    #  the limit letter a room deals it with when the history does not say)
    ("T", "holdem", Family.FLOP, 0, 2, "N"),
    ("S", "shortdeck", Family.FLOP, 0, 2, "N"),
    ("S6", "sixplus", Family.FLOP, 0, 2, "N"),
    ("I", "irish", Family.FLOP, 0, 2, "P"),
    ("O", "omaha", Family.FLOP, 0, 4, "P"),
    ("O/8", "omaha_hilo", Family.FLOP, 0, 4, "P"),
    ("O5", "omaha5", Family.FLOP, 0, 5, "P"),
    ("O5/8", "omaha5_hilo", Family.FLOP, 0, 5, "P"),
    ("O6", "omaha6", Family.FLOP, 0, 6, "P"),
    ("O6/8", "omaha6_hilo", Family.FLOP, 0, 6, "P"),
    ("C", "courchevel", Family.FLOP, 0, 5, "P"),
    ("C/8", "courchevel_hilo", Family.FLOP, 0, 5, "P"),
    ("7S", "stud", Family.STUD, 0, 7, "F"),
    ("5S", "five_card_stud", Family.STUD, 0, 5, "F"),
    ("7S/8", "stud_hilo", Family.STUD, 0, 7, "F"),
    ("R", "razz", Family.STUD, 0, 7, "F"),
    ("2L1D", "deuce_to_seven", Family.DRAW, 1, 5, "N"),
    ("2L3D", "deuce_to_seven", Family.DRAW, 3, 5, "F"),
    ("A5L1D", "ace_to_five_draw", Family.DRAW, 1, 5, "N"),
    ("A5L3D", "ace_to_five_draw", Family.DRAW, 3, 5, "F"),
    ("5CD", "five_card_draw", Family.DRAW, 1, 5, "F"),
    ("B", "badugi", Family.DRAW, 3, 4, "F"),
)
_LIMIT_LETTERS: Final = {"F": "Limit", "N": "No Limit", "P": "Pot Limit"}
_LETTER_OF_LIMIT: Final = {name: letter for letter, name in _LIMIT_LETTERS.items()}

STANDARD_VARIANTS: Final = frozenset(
    {"FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"}
)
"""The codes of the PHH specification (the ones pokerkit reads)."""

VARIANTS: Final[dict[str, Variant]] = {
    letter + part: Variant(
        letter + part, game, limit, family, draws, hole, letter + part in STANDARD_VARIANTS
    )
    for part, game, family, draws, hole, _ in _GAME_PARTS
    for letter, limit in _LIMIT_LETTERS.items()
}
"""Every code showdown reads: a limit letter (F, N, P) and a game part (``T``, ``O/8``...)."""


def variant_of(hand: Hand) -> Variant | None:
    """The PHH variant of a hand, or None when no code stands for its game.

    The limit comes from the hand (a room's ``'No Limit'``), else the way the
    game is usually dealt; a deuce-to-seven or ace-to-five draw is single or
    triple by its name, else by its limit.

    >>> from decimal import Decimal as D
    >>> hand = Hand(source="x", line=1, index=0, site="pokerstars", hand_id="1",
    ...             game="omaha_hilo", unit=D(1), seats=(), actions=(), limit="Pot Limit")
    >>> variant_of(hand).code
    'PO/8'
    """
    name = hand.game_name.lower()
    parts = [p for p in _GAME_PARTS if p[1] == hand.game]
    for part, _, _, draws, _, default in parts:
        letter = _LETTER_OF_LIMIT.get(hand.limit, default)
        if len(parts) > 1:  # the same game with one draw or three
            single, triple = "single" in name, "triple" in name
            said = 1 if single and not triple else 3 if triple and not single else None
            wanted = said if said is not None else (1 if letter == "N" else 3)
            if draws != wanted:
                continue
        return VARIANTS[letter + part]
    return None


# -- reading -------------------------------------------------------------------------------

_HEADER_RE: Final = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(?:#.*)?$")
_KEY_RE: Final = re.compile(r"^\s*([A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')\s*=")
_TOML_AT_RE: Final = re.compile(r"\s*\(at line (\d+), column \d+\)|\s*\(at end of document\)")
_PHH_KEY_RE: Final = re.compile(r"^\s*(?:variant|actions|starting_stacks)\s*=", re.MULTILINE)
# What Python's TOML reader says (its messages, the position cut off), each a catalogue
# message: the values in braces are read back from the text.
_TOML_REASONS: Final = (
    N_("Unterminated string"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Invalid value"),
    N_("Invalid statement"),
    N_("Invalid initial character for a key part"),
    N_("Invalid date or datetime"),
    N_("Invalid hex value"),
    N_("Cannot overwrite a value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected newline or end of document after a statement"),
    N_("Unescaped '\\' in a string"),
    N_("Expected {what}"),
    N_("Found invalid character {what}"),
    N_("Illegal character {what}"),
    N_("Cannot declare {what} twice"),
    N_("Cannot mutate immutable namespace {what}"),
    N_("Cannot redefine namespace {what}"),
    N_("Duplicate inline table key {what}"),
)
_TOML_PATTERNS: Final = tuple(
    (re.compile(re.escape(text).replace(re.escape("{what}"), "(?P<what>.+)")), text)
    for text in _TOML_REASONS
)
_FLOP_STREET_WORDS: Final = (N_("flop"), N_("turn"), N_("river"))
"""The flop streets' names, catalogue words (a message names them)."""
_ZERO_DECIMAL_CURRENCIES: Final = frozenset({"JPY", "KRW", "VND", "CLP", "ISK", "HUF", "XAF"})
_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW"}
_VENUES: Final = (
    ("pokerstars", "pokerstars"),
    ("ggpoker", "ggpoker"),
    ("gg poker", "ggpoker"),
    ("full tilt", "fulltilt"),
)
_VENUE_OF_SITE: Final = {"pokerstars": "PokerStars", "ggpoker": "GGPoker", "fulltilt": "Full Tilt"}
_ROOM_NAMES: Final = {
    "888poker": "888poker",
    "partypoker": "partypoker",
    "bovada": "Bovada",
    "ignition": "Ignition",
    "bodog": "Bodog",
    "winamax": "Winamax",
    "ipoker": "iPoker",
    "wpn": "Winning Poker Network",
    "merge": "Merge Network",
    "microgaming": "Microgaming",
    "everleaf": "Everleaf",
    "cake": "Cake Poker",
}
"""The other rooms' names, written as the ``venue`` (their site id goes to ``_site``; a
room not listed, such as an iPoker skin, is its own venue)."""
_FLOP_STREETS: Final = ("flop", "turn", "river")
_STUD_STREETS: Final = ("third", "fourth", "fifth", "sixth", "seventh")
_STUD_UP: Final = range(2, 6)
"""The up cards of a stud hand: the third to the sixth dealt (the seventh is down)."""


class PhhReader(Reader):
    """The hands of a PHH file (``.phh``: one; ``.phhs``: several), one at a time.

    The surface of every reader (:class:`~showdown.history._text.Reader`):
    iterating yields :class:`~showdown.history.model.Hand` values;
    :meth:`entries` yields, in file order, each hand or the
    :class:`~showdown.errors.HistoryError` that replaces it; ``skipped``
    counts those errors by kind, ``errors`` keeps the first thousand. A
    ``.phhs`` file is read one hand (one ``[N]`` section) at a time.
    """

    def __init__(
        self, source: Source, *, name: str | None = None, outcome_required: bool = True
    ) -> None:
        super().__init__(source, name=name)
        self._outcome_required = outcome_required

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        base = Path(name).name or name
        lines: list[str] = []
        start = 1  # the file line of lines[0]
        header = 0  # the line of the current section header (0: before any)
        count = 0
        in_string: str | None = None
        number = 0
        for number, raw in enumerate(stream, start=1):
            line = raw.rstrip("\r\n")
            if number == 1:
                line = line.lstrip("\ufeff")
            match = _HEADER_RE.match(line) if in_string is None else None
            if match is not None:
                if header:
                    count += 1
                    yield self._hand(lines, name, f"{base}#{count}", start, header, count - 1, True)
                elif _has_content(lines):
                    yield HistoryError(
                        Message("text before the first [N] section of a .phhs file"),
                        file=name,
                        line=start,
                        kind="unreadable",
                    )
                lines, start, header = [], number + 1, number
                continue
            lines.append(line)
            in_string = _open_string(line, in_string)
        if header:
            count += 1
            yield self._hand(lines, name, f"{base}#{count}", start, header, count - 1, True)
        elif _has_content(lines):
            yield self._hand(lines, name, base, 1, 1, 0, False)
        else:
            yield HistoryError(
                Message("not a PHH hand history: the file is empty"),
                file=name,
                line=max(number, 1),
                kind="not a history",
            )

    def _hand(
        self,
        lines: list[str],
        name: str,
        hand_id: str,
        start: int,
        line: int,
        index: int,
        section: bool,
    ) -> Hand | HistoryError:
        try:
            return _parse_lines(
                lines,
                name=name,
                hand_id=hand_id,
                start=start,
                line=line,
                index=index,
                outcome_required=self._outcome_required,
                section=section,
            )
        except HistoryError as error:
            return error
        except (ValueError, LookupError, ArithmeticError, TypeError) as error:
            # Something this reader does not understand never stops the file.
            return HistoryError(
                Message(
                    "cannot read the hand: {kind}: {error}", kind=type(error).__name__, error=error
                ),
                file=name,
                line=line or start,
                hand=hand_id,
                kind="unreadable",
                site="phh",
            )


def read(source: Source, *, name: str | None = None, outcome_required: bool = True) -> PhhReader:
    """The hands of a ``.phh`` or ``.phhs`` file or stream.

    Raises:
        OSError: the file cannot be opened (when iterated).
    """
    return PhhReader(source, name=name, outcome_required=outcome_required)


def read_text(text: str, *, name: str = "<text>", outcome_required: bool = True) -> PhhReader:
    """The hands of a PHH text (one hand, or ``[N]`` sections).

    >>> hands = read_text("[1]\\nvariant = 'NT'\\n[2]\\nnot toml\\nvariant = 'NT'", name="x.phhs")
    >>> [(e.hand, e.line, e.kind) for e in hands.entries()]
    [('x.phhs#1', 1, 'unreadable'), ('x.phhs#2', 4, 'unreadable')]
    >>> hands.errors[0].reason, hands.errors[1].reason
    ('no starting_stacks field', "not valid TOML: Expected '=' after a key in a key/value pair")
    """
    return PhhReader(io.StringIO(text), name=name, outcome_required=outcome_required)


def parse_phh(
    text: str,
    *,
    name: str = "<text>",
    hand_id: str | None = None,
    outcome_required: bool = True,
) -> Hand:
    """One hand from the text of a ``.phh`` file.

    Raises:
        HistoryError: the text is not a PHH hand, or a field or an action is
            wrong (the message names the file, the line and the hand).
    """
    return _parse_lines(
        text.replace("\r\n", "\n").split("\n"),
        name=name,
        hand_id=hand_id if hand_id is not None else (Path(name).name or name),
        start=1,
        line=1,
        index=0,
        outcome_required=outcome_required,
    )


def _has_content(lines: list[str]) -> bool:
    return any(line.strip() and not line.lstrip().startswith("#") for line in lines)


def _open_string(line: str, state: str | None) -> str | None:
    """Whether a multi-line string is open after this line (its delimiter), for splitting."""
    position = 0
    while position < len(line):
        if state is not None:
            end = line.find(state, position)
            if end < 0:
                return state
            position, state = end + 3, None
            continue
        char = line[position]
        if char == "#":
            return None
        if line.startswith(('"""', "'''"), position):
            state = line[position : position + 3]
            position += 3
        elif char in "\"'":
            end = _string_end(line, position)
            position = end + 1 if end >= 0 else len(line)
        else:
            position += 1
    return state


def _string_end(line: str, start: int) -> int:
    """Where the one-line string opening at ``start`` closes (-1: not on this line)."""
    quote = line[start]
    position = start + 1
    while position < len(line):
        char = line[position]
        if char == "\\" and quote == '"':
            position += 2
            continue
        if char == quote:
            return position
        position += 1
    return -1


def _string_lines(lines: list[str], start: int, first: int) -> list[int]:
    """The file line of each string of the array that opens on ``lines[first]``."""
    found: list[int] = []
    depth = 0
    opened = False
    for offset in range(first, len(lines)):
        line = lines[offset]
        position = line.find("=") + 1 if offset == first else 0
        while position < len(line):
            char = line[position]
            if char == "#":
                break
            if char in "\"'":
                end = _string_end(line, position)
                found.append(start + offset)
                position = end + 1 if end >= 0 else len(line)
                continue
            if char == "[":
                depth += 1
                opened = True
            elif char == "]":
                depth -= 1
                if opened and depth <= 0:
                    return found
            position += 1
    return found


def _parse_lines(
    lines: list[str],
    *,
    name: str,
    hand_id: str,
    start: int,
    line: int,
    index: int,
    outcome_required: bool,
    section: bool = False,
) -> Hand:
    """One hand from its lines (``start``: the file line of the first); a section of a
    .phhs file is always a history, so what is wrong with it is ``'unreadable'``."""
    text = "\n".join(lines)
    not_history = "unreadable" if section else "not a history"
    try:
        fields = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        if not section and not _PHH_KEY_RE.search(text):
            raise HistoryError(
                Message("not a PHH hand history: no variant, actions or starting_stacks field"),
                file=name,
                line=line,
                hand=hand_id,
                kind="not a history",
            ) from None
        message = str(error)
        at = _TOML_AT_RE.search(message)
        reason = _TOML_AT_RE.sub("", message)
        last = max((i for i, text_line in enumerate(lines) if text_line.strip()), default=0)
        if at is not None and at[1] is not None:
            where = int(at[1]) - 1
            cut = where >= last
        else:
            where, cut = last, True
        raise HistoryError(
            Message("the hand is cut off: not valid TOML: {reason}", reason=_toml_reason(reason))
            if cut
            else Message("not valid TOML: {reason}", reason=_toml_reason(reason)),
            file=name,
            line=start + where,
            hand=hand_id,
            kind="cut off" if cut else "unreadable",
        ) from None
    if "variant" not in fields and "actions" not in fields:
        raise HistoryError(
            Message("not a PHH hand history: no variant or actions field"),
            file=name,
            line=line,
            hand=hand_id,
            kind=not_history,
        )
    keys: dict[str, int] = {}
    for offset, text_line in enumerate(lines):
        match = _KEY_RE.match(text_line)
        if match is not None:
            keys.setdefault(match[1].strip("\"'"), offset)
    action_lines = _string_lines(lines, start, keys["actions"]) if "actions" in keys else []
    field_lines = {key: start + offset for key, offset in keys.items()}
    builder = _Builder(
        fields,
        name=name,
        hand_id=hand_id,
        line=line,
        index=index,
        field_lines=field_lines,
        action_lines=action_lines,
        outcome_required=outcome_required,
    )
    return builder.build()


def _toml_reason(reason: str) -> str:
    """What the TOML reader said, as a catalogue message when it is one of its known ones.

    >>> _toml_reason("Expected ']' at the end of a table declaration").template
    "Expected ']' at the end of a table declaration"
    >>> _toml_reason("Cannot declare 'a' twice").params
    {'what': "'a'"}
    """
    for pattern, text in _TOML_PATTERNS:
        match = pattern.fullmatch(reason)
        if match is not None:
            return Message(text, **match.groupdict())
    return reason


def _cards(text: str) -> list[Card | None]:
    """PHH card notation: two characters per card, ``??`` for an unknown one.

    Raises:
        CardParseError: not cards.
    """
    if len(text) % 2:
        raise CardParseError.of("{text} is not PHH cards: two characters per card", text=repr(text))
    cards: list[Card | None] = []
    for at in range(0, len(text), 2):
        token = text[at : at + 2]
        if token == "??":
            cards.append(None)
        elif token[0] in "23456789TJQKA" and token[1] in "cdhs":
            cards.append(parse_card(token))
        else:
            raise CardParseError.of(
                "{token} is not a card: PHH writes a rank of 23456789TJQKA and a suit of cdhs",
                token=repr(token),
            )
    return cards


def _known(cards: Iterable[Card | None]) -> tuple[Card, ...] | None:
    """The cards if all are known, else None."""
    result = tuple(cards)
    if any(card is None for card in result):
        return None
    return result  # type: ignore[return-value]


class _Builder:
    """Builds one hand from its fields."""

    def __init__(
        self,
        fields: dict[str, Any],
        *,
        name: str,
        hand_id: str,
        line: int,
        index: int,
        field_lines: dict[str, int],
        action_lines: list[int],
        outcome_required: bool,
    ) -> None:
        self.fields = fields
        self.name = name
        self.hand_id = hand_id
        self.line = line
        self.index = index
        self.field_lines = field_lines
        self.action_lines = action_lines
        self.outcome_required = outcome_required
        self.finest = 0
        self.at = line
        self.actions: list[Action] = []
        self.street = "blinds"
        self.committed: dict[int, Decimal] = {}
        self.folded: set[int] = set()
        self.acted = False
        self.in_draw = False
        self.draws = 0
        self.board: list[Card] = []
        self.holdings: list[list[Card | None]] = []
        self.pending_draws: dict[int, int] = {}
        self.showdown = False
        self.showings: list[Showing] = []
        self.drew: set[int] = set()
        self.stacks: list[Decimal] = []
        self.names: list[str] = []
        self.variant: Variant | None = None
        self.family = Family.FLOP
        self.bring_in: Decimal | None = None

    # -- helpers ----------------------------------------------------------------

    def fail(
        self, reason: str, *, line: int | None = None, kind: str = "unreadable"
    ) -> HistoryError:
        error = HistoryError(
            reason,
            file=self.name,
            line=self.at if line is None else line,
            hand=self.hand_id,
            kind=kind,
        )
        code = self.fields.get("variant")
        if self.variant is not None or isinstance(code, str):
            # the game is known: the error names it and the site, as a text history's does
            error.site = self._plain_site()
            error.game = self.variant.game if self.variant is not None else str(code)
        return error

    def _plain_site(self) -> str:
        """:meth:`site` read without raising (for an error's record)."""
        own = self.fields.get("_site")
        if isinstance(own, str) and own:
            return own
        venue = self.fields.get("venue")
        lower = venue.lower() if isinstance(venue, str) else ""
        return next((site for word, site in _VENUES if word in lower), "phh")

    def field_line(self, key: str) -> int:
        return self.field_lines.get(key, self.line)

    def note(self, value: Decimal) -> Decimal:
        if value.is_finite():
            exponent = value.as_tuple().exponent
            if isinstance(exponent, int) and -exponent > self.finest:
                self.finest = -exponent
        return value

    def amount(
        self, key: str, value: object, *, infinite: bool = False, signed: bool = False
    ) -> Decimal:
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.fail(
                Message("{key}: {value} is not an amount", key=key, value=repr(value)),
                line=self.field_line(key),
            )
        number = Decimal(value)
        if signed and number < 0:
            number = -number
        if number.is_nan() or number < 0 or (number.is_infinite() and not infinite):
            raise self.fail(
                Message("{key}: {value} is not an amount", key=key, value=repr(value)),
                line=self.field_line(key),
            )
        return self.note(number)

    def amounts(
        self, key: str, count: int | None, *, infinite: bool = False, signed: bool = False
    ) -> list[Decimal]:
        value = self.fields.get(key)
        if value is None:
            raise self.fail(Message("no {key} field", key=key))
        if not isinstance(value, list):
            raise self.fail(
                Message(
                    "{key} must be an array of amounts, not {value}", key=key, value=repr(value)
                ),
                line=self.field_line(key),
            )
        if count is not None and len(value) != count:
            raise self.fail(
                Message(
                    "{key} has {entries} entries for {count} players",
                    key=key,
                    entries=len(value),
                    count=count,
                ),
                line=self.field_line(key),
            )
        return [self.amount(key, item, infinite=infinite, signed=signed) for item in value]

    def optional(self, key: str, count: int) -> list[Decimal] | None:
        return self.amounts(key, count) if key in self.fields else None

    def text(self, key: str) -> str | None:
        value = self.fields.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise self.fail(
                Message("{key} must be a string, not {value}", key=key, value=repr(value)),
                line=self.field_line(key),
            )
        return str(value)

    def add(self, kind: ActionKind, player: int, amount: Decimal = ZERO, **extra: Any) -> None:
        self.actions.append(
            Action(
                kind,
                self.names[player],
                amount,
                street=self.street if kind not in _POSTS else "blinds",
                line=self.at,
                **extra,
            )
        )

    def put_in(self, player: int, amount: Decimal, *, live: bool = True) -> bool:
        """Take chips from a stack; True when it is now empty (all in)."""
        self.stacks[player] -= amount
        if live:
            self.committed[player] = self.committed.get(player, ZERO) + amount
        return self.stacks[player] == 0

    # -- the hand ---------------------------------------------------------------

    def build(self) -> Hand:
        fields = self.fields
        code = self.text("variant")
        if code is None:
            raise self.fail(Message("no variant field"), kind="not a history")
        self.variant = VARIANTS.get(code)
        starting = self.amounts("starting_stacks", None, infinite=True)
        count = len(starting)
        if count < 2:
            raise self.fail(
                Message("starting_stacks lists {count} player(s): a hand needs two", count=count),
                line=self.field_line("starting_stacks"),
            )
        self.stacks = list(starting)
        self.names = self.player_names(count)
        seats = self.seat_numbers(count)
        antes = self.amounts("antes", count)
        # A negative blind (HandHQ's Party Poker hands: a blind posted to come in)
        # posts its size, as pokerkit reads it: the sign only keeps its poster from
        # taking the big blind's turn in the order of play, which the actions give.
        blinds = (
            self.amounts("blinds_or_straddles", count, signed=True)
            if "blinds_or_straddles" in fields
            else [ZERO] * count
        )
        bring_in = self.amount("bring_in", fields["bring_in"]) if "bring_in" in fields else None
        if isinstance(bring_in, Decimal) and not bring_in:
            bring_in = None
        self.bring_in = bring_in
        if self.variant is not None:
            self.family = self.variant.family
        elif bring_in is not None:
            self.family = Family.STUD
        else:
            raw = fields.get("actions")
            said = " ".join(a for a in raw if isinstance(a, str)) if isinstance(raw, list) else ""
            self.family = Family.DRAW if re.search(r"\bsd\b", said) else Family.FLOP
        self.holdings = [[] for _ in range(count)]
        self.post_forced(antes, blinds)
        self.street = "third" if self.family is Family.STUD else "preflop"
        actions = fields.get("actions")
        if not isinstance(actions, list):
            raise self.fail(
                Message(
                    "actions must be an array of strings, not {actions}", actions=repr(actions)
                ),
                line=self.field_line("actions"),
                kind="cut off" if actions is None else "unreadable",
            )
        for number, action in enumerate(actions):
            self.at = (
                self.action_lines[number]
                if number < len(self.action_lines)
                else self.field_line("actions")
            )
            if not isinstance(action, str):
                raise self.fail(Message("action {action} is not a string", action=repr(action)))
            try:
                self.act(action)
            except CardParseError as error:
                raise self.fail(
                    Message("bad cards in {action}: {error}", action=repr(action), error=error)
                ) from None
        self.at = self.field_line("actions")
        self.close_round()
        self.check_finished()
        return self.hand(starting, seats)

    def player_names(self, count: int) -> list[str]:
        raw = self.fields.get("players")
        if raw is None:
            return [f"p{i + 1}" for i in range(count)]
        if not isinstance(raw, list) or len(raw) != count:
            raise self.fail(
                Message("players must list {count} names, not {raw}", count=count, raw=repr(raw)),
                line=self.field_line("players"),
            )
        names: list[str] = []
        for i, item in enumerate(raw):
            text = str(item).strip() if isinstance(item, str | int) else ""
            if not text:
                text = f"p{i + 1}"
            if text in names:
                text = f"{text} (p{i + 1})"
            names.append(text)
        return names

    def seat_numbers(self, count: int) -> list[int]:
        raw = self.fields.get("seats")
        if raw is None:
            return list(range(1, count + 1))
        if (
            not isinstance(raw, list)
            or len(raw) != count
            or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in raw)
            or len(set(raw)) != count
        ):
            raise self.fail(
                Message(
                    "seats must list {count} different seat numbers, not {raw}",
                    count=count,
                    raw=repr(raw),
                ),
                line=self.field_line("seats"),
            )
        return list(raw)

    def post_forced(self, antes: list[Decimal], blinds: list[Decimal]) -> None:
        count = len(antes)

        def player(position: int) -> int:  # heads-up, the arrays are posted reversed
            return count - 1 - position if count == 2 else position

        self.at = self.field_line("antes")
        posted = [(player(j), a) for j, a in enumerate(antes) if a]
        single = len(posted) == 1 and any(blinds)
        for who, ante in sorted(posted):
            paid = min(ante, self.stacks[who])
            kind = ActionKind.BIG_BLIND_ANTE if single else ActionKind.ANTE
            all_in = self.put_in(who, paid, live=False)
            self.add(kind, who, paid, all_in=all_in)
        self.at = self.field_line("blinds_or_straddles")
        live = [(player(j), b) for j, b in enumerate(blinds) if b]
        big = live[1][1] if len(live) > 1 else (live[0][1] if live else ZERO)
        for order, (who, blind) in enumerate(live):
            if len(live) == 1 or order == 1:
                kind = ActionKind.BIG_BLIND
            elif order == 0:
                kind = ActionKind.SMALL_BLIND
            else:
                kind = ActionKind.BIG_BLIND if blind <= big else ActionKind.STRADDLE
            paid = min(blind, self.stacks[who])
            all_in = self.put_in(who, paid)
            self.add(kind, who, paid, all_in=all_in)

    # -- actions ----------------------------------------------------------------

    def player(self, word: str) -> int:
        match = re.fullmatch(r"p([1-9]\d*)", word)
        if match is None or int(match[1]) > len(self.names):
            raise self.fail(
                Message(
                    "{word} is not a player of this hand (p1 to p{count})",
                    word=repr(word),
                    count=len(self.names),
                )
            )
        return int(match[1]) - 1

    def act(self, action: str) -> None:
        words = action.split("#", 1)[0].split()
        if not words:
            return
        if words[0] == "d":
            if len(words) == 3 and words[1] == "db":
                self.deal_board(words[2])
            elif len(words) == 4 and words[1] == "dh":
                self.deal_hole(self.player(words[2]), words[3])
            else:
                raise self.fail(
                    Message(
                        "{action} is not a PHH dealing action (d db, d dh)", action=repr(action)
                    )
                )
            return
        who = self.player(words[0])
        verb, rest = (words[1] if len(words) > 1 else ""), words[2:]
        if who in self.folded:
            raise self.fail(
                Message(
                    "{action}: {player} has folded", action=repr(action), player=self.names[who]
                )
            )
        if verb == "cc" and not rest:
            self.check_or_call(who)
        elif verb == "cbr" and len(rest) == 1:
            self.bet_to(who, rest[0], action)
        elif verb == "f" and not rest:
            self.acted = True
            self.in_draw = False
            self.folded.add(who)
            self.add(ActionKind.FOLD, who)
        elif verb == "pb" and not rest:
            self.post_bring_in(who, action)
        elif verb == "sd" and len(rest) <= 1:
            self.discard(who, rest[0] if rest else "", action)
        elif verb == "sm" and len(rest) <= 1:
            self.show(who, rest[0] if rest else "", action)
        else:
            raise self.fail(
                Message(
                    "{action} is not a PHH action (cc, cbr, f, pb, sd, sm)", action=repr(action)
                )
            )

    def betting(self) -> None:
        """A betting action: a draw is over, a stud street has seen action."""
        self.acted = True
        if self.in_draw:
            self.in_draw = False

    def check_or_call(self, who: int) -> None:
        self.betting()
        top = max(self.committed.values(), default=ZERO)
        owed = top - self.committed.get(who, ZERO)
        paid = min(owed, self.stacks[who])
        if paid <= 0:
            self.add(ActionKind.CHECK, who)
            return
        all_in = self.put_in(who, paid)
        self.add(ActionKind.CALL, who, paid, all_in=all_in)

    def bet_to(self, who: int, word: str, action: str) -> None:
        try:
            total = Decimal(word.replace(",", "").replace("_", ""))
        except InvalidOperation:
            raise self.fail(
                Message("{action}: {word} is not an amount", action=repr(action), word=repr(word))
            ) from None
        if not total.is_finite() or total <= 0:
            raise self.fail(
                Message("{action}: {word} is not an amount", action=repr(action), word=repr(word))
            )
        self.note(total)
        self.betting()
        top = max(self.committed.values(), default=ZERO)
        has = self.committed.get(who, ZERO)
        paid = total - has
        if paid <= 0:
            raise self.fail(
                Message(
                    "{action}: {player} has {has} in already",
                    action=repr(action),
                    player=self.names[who],
                    has=has,
                )
            )
        if paid > self.stacks[who]:
            raise self.fail(
                Message(
                    "{action}: {player} has only {left} left to bet",
                    action=repr(action),
                    player=self.names[who],
                    left=self.stacks[who],
                )
            )
        all_in = self.put_in(who, paid)
        if top > 0:
            self.add(ActionKind.RAISE, who, paid, to=total, all_in=all_in)
        else:
            self.add(ActionKind.BET, who, paid, all_in=all_in)

    def post_bring_in(self, who: int, action: str) -> None:
        if self.bring_in is None:
            raise self.fail(
                Message("{action}: the hand has no bring_in field", action=repr(action))
            )
        self.betting()
        paid = min(self.bring_in, self.stacks[who])
        all_in = self.put_in(who, paid)
        self.add(ActionKind.BRING_IN, who, paid, all_in=all_in)

    def close_round(self) -> None:
        """The betting round is over: a bet nobody matched goes back to its owner."""
        if not self.committed:
            return
        ranked = sorted(self.committed.items(), key=lambda item: item[1], reverse=True)
        top_player, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else ZERO
        if top > second:
            back = top - second
            self.stacks[top_player] += back
            self.add(ActionKind.RETURN, top_player, back)
        self.committed = {}

    def new_street(self, street: str) -> None:
        self.close_round()
        self.street = street
        self.acted = False

    def deal_board(self, text: str) -> None:
        cards = _known(_cards(text))
        if cards is None:
            raise self.fail(Message("board cards {text} are not known (??)", text=repr(text)))
        if self.family is Family.DRAW:
            raise self.fail(Message("a board card ({text}) is dealt in a draw game", text=text))
        self.board.extend(cards)
        if self.family is Family.STUD:
            if self.acted:
                self.next_stud_street()
            return
        if len(self.board) > 5:
            raise self.fail(
                Message("more than five board cards: {text} after a full board", text=text)
            )
        street = _FLOP_STREETS[max(len(self.board), 3) - 3]
        self.new_street(street)

    def next_stud_street(self) -> None:
        at = _STUD_STREETS.index(self.street) if self.street in _STUD_STREETS else 0
        if at + 1 >= len(_STUD_STREETS):
            raise self.fail(Message("cards are dealt after the seventh street"))
        self.new_street(_STUD_STREETS[at + 1])

    def deal_hole(self, who: int, text: str) -> None:
        cards = _cards(text)
        if who in self.folded:
            raise self.fail(
                Message("cards are dealt to {player}, who has folded", player=self.names[who])
            )
        if self.family is Family.STUD:
            # The street a deal belongs to is told by the cards the player then holds
            # (the third street's three may come in one deal or one card at a time).
            held = len(self.holdings[who])
            at = _STUD_STREETS.index(self.street) if self.street in _STUD_STREETS else 0
            if held and held + len(cards) - 3 > at:
                self.next_stud_street()
        elif self.family is Family.DRAW and who in self.pending_draws:
            at = self.pending_draws.pop(who)
            known = _known(cards)
            if known:
                old = self.actions[at]
                self.actions[at] = Action(
                    old.kind,
                    old.player,
                    old.amount,
                    street=old.street,
                    cards=old.cards,
                    count=old.count,
                    line=old.line,
                    drawn=known,
                )
        self.holdings[who].extend(cards)

    def discard(self, who: int, text: str, action: str) -> None:
        if self.family is not Family.DRAW:
            raise self.fail(Message("{action}: no draws in this game", action=repr(action)))
        if not self.in_draw or who in self.drew:
            self.draws += 1
            self.new_street(f"draw{self.draws}")
            self.in_draw = True
            self.drew = set()
        self.drew.add(who)
        if not text:
            self.add(ActionKind.STAND_PAT, who)
            return
        cards = _cards(text)
        holding = self.holdings[who]
        for card in cards:
            if card is not None and card in holding:
                holding.remove(card)
            elif None in holding:
                holding.remove(None)
            else:
                raise self.fail(
                    Message(
                        "{action}: {player} does not hold {card}",
                        action=repr(action),
                        player=self.names[who],
                        card=card,
                    )
                )
        known = _known(cards)
        self.pending_draws[who] = len(self.actions)
        self.add(ActionKind.DISCARD, who, count=len(cards), cards=known or ())

    def show(self, who: int, text: str, action: str) -> None:
        if who in self.folded:
            raise self.fail(
                Message(
                    "{action}: {player} has folded", action=repr(action), player=self.names[who]
                )
            )
        if not self.showdown:
            self.new_street("showdown")
            self.showdown = True
        if not text:
            self.add(ActionKind.MUCK, who)
            return
        holding = self.holdings[who]
        if text == "-":
            shown = _known(holding)
            if not shown:
                raise self.fail(
                    Message(
                        "{action}: the cards of {player} are not known",
                        action=repr(action),
                        player=self.names[who],
                    )
                )
            cards: list[Card | None] = list(shown)
        else:
            cards = _cards(text)
            unknown = [i for i, card in enumerate(holding) if card is None]
            if self.family is Family.STUD and 0 < len(cards) == len(unknown) < len(holding):
                filled = list(holding)  # the down cards shown, the up cards as dealt
                for i, card in zip(unknown, cards, strict=True):
                    filled[i] = card
                cards = filled
        known = _known(cards)
        if known:
            self.showings.append(Showing(self.names[who], known))
            self.add(ActionKind.SHOW, who, cards=known)
        else:
            self.add(ActionKind.SHOW, who, cards=tuple(c for c in cards if c is not None))

    def check_finished(self) -> None:
        """A hand still contested at its end must have been played out."""
        left = [i for i in range(len(self.names)) if i not in self.folded]
        if len(left) < 2 or self.showdown:
            return
        if self.family is Family.FLOP:
            done, missing = len(self.board) >= 5, Message("the board is not complete")
        elif self.family is Family.STUD:
            done = all(len(self.holdings[i]) >= 7 for i in left) or self.street == "seventh"
            missing = Message("the seventh street was not dealt")
        else:
            wanted = self.variant.draws if self.variant is not None else self.draws
            done = self.draws >= wanted
            missing = Message("fewer than {wanted} draws were made", wanted=wanted)
        if not done:
            names = ", ".join(self.names[i] for i in left)
            raise self.fail(
                Message(
                    "the hand is cut off: {names} are still in and {missing}",
                    names=names,
                    missing=missing,
                ),
                kind="cut off",
            )

    # -- the outcome ------------------------------------------------------------

    def hand(self, starting: list[Decimal], seats: list[int]) -> Hand:
        try:
            return self.outcome(starting, seats)
        except HistoryError as error:
            # Won without a showdown, it holds no showdown to decide (as any such hand).
            error.showdown = len(self.folded) < len(self.names) - 1
            raise

    def outcome(self, starting: list[Decimal], seats: list[int]) -> Hand:
        fields = self.fields
        count = len(self.names)
        put_in = [ZERO] * count
        back = [ZERO] * count
        position = {name: i for i, name in enumerate(self.names)}
        for action in self.actions:
            if action.kind is ActionKind.RETURN:
                back[position[action.player]] += action.amount
            else:
                put_in[position[action.player]] += action.amount
        winnings = self.optional("winnings", count)
        finishing = self.optional("finishing_stacks", count)
        added = self.amount("_added", fields["_added"]) if "_added" in fields else ZERO
        won: list[Decimal] | None = winnings
        key = "winnings" if winnings is not None else "finishing_stacks"
        if finishing is not None:
            for i in range(count):
                if starting[i].is_infinite():
                    if winnings is None:
                        raise self.fail(
                            Message(
                                "finishing_stacks: the starting stack of {player} is not "
                                "known (inf), so what he won cannot be told",
                                player=self.names[i],
                            ),
                            line=self.field_line("finishing_stacks"),
                        )
                    continue
                left = starting[i] - put_in[i] + back[i]
                if winnings is not None:
                    if left + winnings[i] != finishing[i]:
                        raise self.fail(
                            Message(
                                "finishing_stacks gives {player} {finishing}, but he "
                                "started with {starting}, put in {put_in}, got "
                                "{back} back and won {won}",
                                player=self.names[i],
                                finishing=finishing[i],
                                starting=starting[i],
                                put_in=put_in[i],
                                back=back[i],
                                won=winnings[i],
                            ),
                            line=self.field_line("finishing_stacks"),
                            kind="does not add up",
                        )
                elif finishing[i] < left:
                    raise self.fail(
                        Message(
                            "finishing_stacks gives {player} {finishing}, less than the "
                            "{left} he kept",
                            player=self.names[i],
                            finishing=finishing[i],
                            left=left,
                        ),
                        line=self.field_line("finishing_stacks"),
                        kind="does not add up",
                    )
            if winnings is None:
                won = [finishing[i] - starting[i] + put_in[i] - back[i] for i in range(count)]
        if won is None and self.outcome_required:
            raise self.fail(
                Message(
                    "the hand records neither finishing_stacks nor winnings: what the players "
                    "got back is not known"
                ),
                kind="no outcome",
            )
        pot = sum(put_in, ZERO) + added - sum(back, ZERO)
        if won is not None and pot > 0 and not any(won) and self.outcome_required:
            # Every player got nothing from a pot that held chips (HandHQ's Full Tilt
            # and iPoker hands write ``winnings`` of all 0): no room rakes a whole
            # pot, so the outcome is not recorded, not a pot taken as rake that
            # every showdown would "agree" with.
            raise self.fail(
                Message(
                    "{key} gives every player 0 of a pot of {pot}: what the players "
                    "got back is not recorded",
                    key=key,
                    pot=pot,
                ),
                line=self.field_line(key),
                kind="no outcome",
            )
        collections: tuple[Collection, ...] = ()
        rake = ZERO
        if won is not None:
            rake = sum(put_in, ZERO) + added - sum(back, ZERO) - sum(won, ZERO)
            pairs = list(zip(won, back, strict=True))
            if rake < 0 and finishing is None and all(w >= b for w, b in pairs):
                # Winnings that count a returned bet as won (HandHQ's Absolute Poker
                # hands: the big blind "collects" the small blind's fold, his own
                # unmatched half included): read so when reading them as pots alone
                # would give back more than was put in.
                won = [w - b for w, b in pairs]
            collections = tuple(
                Collection(self.names[i], won[i], line=self.field_line(key))
                for i in range(count)
                if won[i]
            )
            rake = sum(put_in, ZERO) + added - sum(back, ZERO) - sum(won, ZERO)
            if rake < 0:
                raise self.fail(
                    Message("the players got back {amount} more than was put in", amount=-rake),
                    line=self.field_line(key),
                    kind="does not add up",
                )
        return self.make(seats, starting, collections, rake, added)

    def make(
        self,
        seats: list[int],
        starting: list[Decimal],
        collections: tuple[Collection, ...],
        rake: Decimal,
        added: Decimal,
    ) -> Hand:
        fields = self.fields
        code = str(fields["variant"])
        variant = self.variant
        currency = self.text("currency")
        if currency is None:
            currency = _SYMBOLS.get(self.text("currency_symbol") or "")
        currency = currency.upper() if currency else None
        extra: dict[str, Decimal] = {
            key: self.amount(key, fields[key])
            for key in ("small_bet", "big_bet", "min_bet")
            if key in fields
        }
        total = self.amount("_total_pot", fields["_total_pot"]) if "_total_pot" in fields else None
        pots = tuple(self.amounts("_pots", None)) if "_pots" in fields else ()
        play_money = fields.get("_play_money") is True
        unit = Decimal(1).scaleb(-self.finest)
        if currency and currency not in _ZERO_DECIMAL_CURRENCIES and not play_money:
            unit = min(unit, CENT)
        limit = variant.limit if variant is not None else _LIMIT_LETTERS.get(code[:1], "")
        boards = self.boards()
        button: int | None = None
        if "_button" in fields:
            raw = fields["_button"]
            button = raw if isinstance(raw, int) and not isinstance(raw, bool) else None
        elif self.family is not Family.STUD:
            button = seats[-1]
        seat_count = fields.get("seat_count")
        return Hand(
            source=self.name,
            line=self.line,
            index=self.index,
            site=self.site(),
            hand_id=self.hand_id,
            game=variant.game if variant is not None else code,
            unit=unit,
            seats=tuple(
                sorted(
                    (
                        Seat(number, name, stack)
                        for number, name, stack in zip(seats, self.names, starting, strict=True)
                    ),
                    key=lambda seat: seat.number,
                )
            ),
            actions=tuple(self.actions),
            game_name=variant.name if variant is not None else code,
            limit=limit,
            stakes=self.stakes(extra),
            table=self.text("table") or "",
            currency=currency,
            tournament=self.text("_tournament"),
            play_money=play_money,
            max_seats=seat_count if isinstance(seat_count, int) else None,
            button=button,
            boards=boards,
            showings=tuple(self.showings),
            collections=collections,
            rake=rake,
            total_pot=total,
            pots=pots,
            added=added,
            dealt=self.dealt(),
        )

    def site(self) -> str:
        for key in ("_site", "venue"):
            self.text(key)  # a field of the wrong type is an error
        return self._plain_site()

    def stakes(self, extra: dict[str, Decimal]) -> str:
        if "small_bet" in extra and "big_bet" in extra:
            return f"{extra['small_bet']}/{extra['big_bet']}"
        blinds = {a.kind: a.amount for a in self.actions if a.kind in _BLINDS}
        small, big = blinds.get(ActionKind.SMALL_BLIND), blinds.get(ActionKind.BIG_BLIND)
        if small is not None and big is not None:
            return f"{small}/{big}"
        if "min_bet" in extra:
            return str(extra["min_bet"])
        return ""

    def boards(self) -> tuple[tuple[Card, ...], ...]:
        raw = self.fields.get("_boards")
        if raw is None:
            return (tuple(self.board),) if self.board else ()
        if not isinstance(raw, list) or not all(isinstance(b, str) for b in raw):
            raise self.fail(
                Message("_boards must be an array of card strings"),
                line=self.field_line("_boards"),
            )
        try:
            boards = [_known(_cards(b)) for b in raw]
        except CardParseError as error:
            raise self.fail(
                Message("_boards: {error}", error=error), line=self.field_line("_boards")
            ) from None
        if any(b is None for b in boards):
            raise self.fail(Message("_boards: unknown cards"), line=self.field_line("_boards"))
        return tuple(b for b in boards if b is not None)

    def dealt(self) -> tuple[Showing, ...]:
        result: list[Showing] = []
        for name, holding in zip(self.names, self.holdings, strict=True):
            if not holding:
                continue
            known = _known(holding)
            if known is None and self.family is Family.STUD:
                known = _known(holding[i] for i in _STUD_UP if i < len(holding))
            if known:
                result.append(Showing(name, known))
        return tuple(result)


_POSTS: Final = frozenset(
    {
        ActionKind.ANTE,
        ActionKind.BIG_BLIND_ANTE,
        ActionKind.SMALL_BLIND,
        ActionKind.BIG_BLIND,
        ActionKind.DEAD_BLIND,
        ActionKind.STRADDLE,
    }
)
_BLINDS: Final = frozenset({ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND})


# -- writing -------------------------------------------------------------------------------


def write_phh(hand: Hand) -> str:
    """The hand as the text of a ``.phh`` file.

    The players are written in PHH's dealing order (the small blind first,
    the button last), the forced bets as the arrays, every action as PHH
    notation (a raise as ``cbr`` to its street total), the cards each player
    was dealt where the history knows them (``??`` where not), the shown and
    mucked hands at the end, and ``winnings`` and ``finishing_stacks``. The
    room's hand id goes to ``hand``, its name to ``venue`` (and, for a room
    other than PokerStars, GGPoker and Full Tilt, its site id to ``_site``).

    What the rooms' histories hold is written so that a PHH reader gets back
    what each player got back: a history that names no button (seats named
    by position, as Bovada's) is ordered by its blinds, and ``_button``
    keeps the seat showdown gave the odd chips from; a bet nobody matched
    that the room counted as won (no "uncalled bet" line) is left out of the
    ``winnings``, as the reader returns it itself; stakes are read as the
    rooms write them (``0,50 €/1 €``, ``25/100/200`` with the ante first, a
    limit game's blinds); a starting stack smaller than what the player put
    in is written ``inf`` (not known); a call of more than anyone has in (the
    full big blind over one all in for less) is a ``cbr``; no amount is
    rounded to the hand's unit when it has more decimals.

    Raises:
        HistoryError: no PHH variant stands for the hand's game (kind
            ``'unsupported game'``), or the history lacks board cards a
            street needs.
    """
    return _Writer(hand).text()


def caveats(hand: Hand) -> tuple[str, ...]:
    """What the PHH text of a hand cannot say the way the room played it (``()``: nothing).

    showdown reads its own PHH back exactly; these are the points where
    another PHH reader (pokerkit) would replay the hand differently.

    >>> from decimal import Decimal as D
    >>> hand = Hand(source="x", line=1, index=0, site="pokerstars", hand_id="1",
    ...             game="courchevel", unit=D(1), seats=(), actions=(), limit="Pot Limit")
    >>> caveats(hand)
    ("the variant 'PC' is showdown's own: other PHH readers do not know it",)
    """
    notes: list[str] = []
    variant = variant_of(hand)
    if variant is not None and not variant.standard:
        notes.append(
            Message(
                "the variant {code} is showdown's own: other PHH readers do not know it",
                code=repr(variant.code),
            )
        )
    players = hand.players
    order = _Writer(hand).order if len(players) > 1 and variant is not None else list(players)
    for action in hand.actions:
        if action.kind is ActionKind.DEAD_BLIND:
            notes.append(
                Message("{player}'s dead blind is written as an ante", player=action.player)
            )
        elif (
            action.kind is ActionKind.BIG_BLIND
            and len(order) > 2
            and action.player in order
            and order.index(action.player) > 1
        ):
            notes.append(
                Message(
                    "{player}'s blind, posted out of the blinds' seats, reads as a straddle",
                    player=action.player,
                )
            )
    if len(hand.boards) > 1:
        notes.append(
            Message(
                "the {count} boards are in _boards: other readers see the first",
                count=len(hand.boards),
            )
        )
    return tuple(notes)


def write_phhs(hands: Iterable[Hand]) -> Iterator[str]:
    """The text of a ``.phhs`` file, one ``[N]`` section per hand, as each hand comes.

    ``"".join(write_phhs(hands))`` is the whole file.

    Raises:
        HistoryError: a hand cannot be written (see :func:`write_phh`).
    """
    for number, hand in enumerate(hands, start=1):
        yield phhs_section(number, write_phh(hand))


def phhs_section(number: int, text: str) -> str:
    """The ``number``-th section (1-based) of a ``.phhs`` file holding a hand's ``.phh`` text.

    >>> phhs_section(2, 'variant = "NT"\\n')
    '\\n[2]\\nvariant = "NT"\\n'
    """
    return f"{'' if number == 1 else chr(10)}[{number}]\n{text}"


def _toml(value: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, but TOML also escapes DEL)."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


class _Writer:
    """Writes one hand."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        variant = variant_of(hand)
        if variant is None and hand.game == hand.game_name and _CODE_RE.fullmatch(hand.game):
            self.code = hand.game  # a code read from PHH that showdown does not know
            self.family = _family_of(hand)
            self.hole = max((len(s.cards) for s in (*hand.showings, *hand.dealt)), default=2)
            self.draws = 0
        elif variant is None:
            raise HistoryError(
                Message(
                    "no PHH variant stands for the game {game}",
                    game=repr(hand.game_name or hand.game),
                ),
                file=hand.source,
                line=hand.line,
                hand=hand.hand_id,
                kind="unsupported game",
            )
        else:
            self.code = variant.code
            self.family = variant.family
            self.hole = variant.hole
            self.draws = variant.draws
        self.variant = variant
        self.unit = _finest_unit(hand)
        self.order = self.position_order()
        self.index = {name: i for i, name in enumerate(self.order)}
        self.lines: list[tuple[str, str]] = []

    def fail(self, reason: str) -> HistoryError:
        return HistoryError(
            reason, file=self.hand.source, line=self.hand.line, hand=self.hand.hand_id
        )

    def money(self, value: Decimal) -> str:
        return "inf" if value.is_infinite() else str(value.quantize(self.unit))

    def position_order(self) -> list[str]:
        hand = self.hand
        seat_of = {seat.name: seat.number for seat in hand.seats}
        players = sorted(hand.players, key=seat_of.__getitem__)  # a room may list them unsorted
        if self.family is Family.STUD:
            return players
        button = hand.button if hand.button is not None else self.blinds_button(players)
        if button is None:
            return players
        after = [n for n in players if seat_of[n] > button]
        return after + [n for n in players if seat_of[n] <= button]

    def blinds_button(self, players: list[str]) -> int | None:
        """The button's seat as the blinds tell it, for a history that names no button
        (Ignition's Zone Poker, Bovada's heads-up tables): the small blind's (heads-up)
        or the seat before it; with no small blind, the seat two before the big blind's
        (heads-up: the other player's)."""
        hand = self.hand
        seat_of = {seat.name: seat.number for seat in hand.seats}
        count = len(players)
        posted = {a.kind: a.player for a in reversed(hand.actions) if a.kind in _BLINDS}
        small, big = posted.get(ActionKind.SMALL_BLIND), posted.get(ActionKind.BIG_BLIND)
        if small in players and small is not None:
            at = players.index(small)
            return seat_of[small] if count == 2 else seat_of[players[at - 1]]
        if big in players and big is not None:
            at = players.index(big)
            return seat_of[players[at - (1 if count == 2 else 2)]]
        return None

    def p(self, name: str) -> str:
        return f"p{self.index[name] + 1}"

    # -- the fields -------------------------------------------------------------

    def text(self) -> str:
        hand = self.hand
        count = len(self.order)
        if count < 2:
            raise self.fail(Message("a PHH hand needs two players"))
        antes = [ZERO] * count
        blinds = [ZERO] * count
        bring_in: Decimal | None = None
        for action in hand.actions:
            if action.player not in self.index:
                continue
            at = self.index[action.player]
            if action.kind.dead:
                antes[at] += action.amount
            elif action.kind in (
                ActionKind.SMALL_BLIND,
                ActionKind.BIG_BLIND,
                ActionKind.STRADDLE,
            ):
                blinds[at] += action.amount
            elif action.kind is ActionKind.BRING_IN and bring_in is None:
                bring_in = action.amount
        if count == 2:
            antes.reverse()
            blinds.reverse()
        small, big = self.bet_sizes()
        stacks = self.stacks()
        out: list[str] = [f"variant = {_toml(self.code)}"]
        out.append(f"antes = {self.array(antes)}")
        if self.family is Family.STUD:
            if bring_in is None:
                bring_in = max((small / 2).quantize(self.unit), self.unit)
            out.append(f"bring_in = {self.money(bring_in)}")
        else:
            out.append(f"blinds_or_straddles = {self.array(blinds)}")
        fixed = self.variant.fixed if self.variant is not None else hand.limit == "Limit"
        if fixed:
            out.append(f"small_bet = {self.money(small)}")
            out.append(f"big_bet = {self.money(big)}")
        else:
            out.append(f"min_bet = {self.money(big)}")
        out.append(f"starting_stacks = {self.array([stacks[n] for n in self.order])}")
        out.append("actions = [")
        for notation, comment in self.actions():
            entry = f"  {_toml(notation)},"
            comment = "".join(c if c.isprintable() else " " for c in comment).strip()
            out.append(f"{entry}  # {comment}" if comment else entry)
        out.append("]")
        out.append(f"players = {self.strings(self.order)}")
        seat_of = {seat.name: seat.number for seat in hand.seats}
        out.append(f"seats = [{', '.join(str(seat_of[n]) for n in self.order)}]")
        if hand.max_seats:
            out.append(f"seat_count = {hand.max_seats}")
        if hand.table:
            out.append(f"table = {_toml(hand.table)}")
        out.append(f"hand = {_toml(hand.hand_id)}")
        venue = _VENUE_OF_SITE.get(hand.site) or _ROOM_NAMES.get(hand.site, hand.site)
        if venue and hand.site != "phh":
            out.append(f"venue = {_toml(venue)}")
        if hand.currency:
            out.append(f"currency = {_toml(hand.currency)}")
        out.extend(self.outcome())
        out.extend(self.extras(seat_of))
        return "\n".join(out) + "\n"

    def stacks(self) -> dict[str, Decimal]:
        """Each player's starting stack; ``inf`` (not known) where the history gives one
        smaller than what he put in (partypoker's tournament seat of a player who joined
        without a stack written): a PHH reader would stop him betting it."""
        put_in = self.hand.contributions()
        return {
            name: stack if stack >= put_in.get(name, ZERO) else _INF
            for name, stack in self.hand.stacks.items()
        }

    def array(self, values: Iterable[Decimal]) -> str:
        return "[" + ", ".join(self.money(v) for v in values) + "]"

    def strings(self, values: Iterable[str]) -> str:
        return "[" + ", ".join(_toml(v) for v in values) + "]"

    def bet_sizes(self) -> tuple[Decimal, Decimal]:
        """(small bet, big bet): the room's stakes, else the big blind and twice it."""
        hand = self.hand
        sizes: list[Decimal] = []
        for part in hand.stakes.split("/"):
            match = _STAKE_RE.search(part)
            try:
                sizes.append(parse_amount(match[0]) if match is not None else ZERO)
            except ValueError:
                sizes.append(ZERO)
        sizes = sizes[-2:]  # an ante first (Winamax's 25/100/200) is not a bet size
        big_blind = next((a.amount for a in hand.actions if a.kind is ActionKind.BIG_BLIND), None)
        if len(sizes) == 2 and all(sizes):
            small, big = sizes
        elif len(sizes) == 1 and sizes[0]:
            small = big = sizes[0]
        else:
            small = big_blind or self.unit
            big = 2 * small
        fixed = self.variant.fixed if self.variant is not None else hand.limit == "Limit"
        if not fixed and big_blind:
            big = big_blind  # no- and pot-limit: the minimum bet is the big blind
        elif fixed and big_blind and self.family is Family.FLOP and small != big_blind:
            # stakes written as the blinds (888poker's "$0.25/$0.50 Blinds Fix Limit"):
            # in limit the big blind is the small bet, the big bet twice it
            small, big = big_blind, 2 * big_blind
        return small, big

    def outcome(self) -> list[str]:
        hand = self.hand
        try:
            hand.check_balance()
        except HistoryError:
            return []  # nothing recorded to write
        put_in = hand.contributions()
        received = hand.received()
        won = [received.get(n, ZERO) - self.returns.get(n, ZERO) for n in self.order]
        if any(amount < 0 for amount in won):  # the room returned less than a reader does
            collected = hand.collected()
            won = [collected.get(n, ZERO) for n in self.order]
        stacks = self.stacks()
        # The winnings leave out what a reader returns itself: a room that counts a bet
        # nobody called as won (Bovada's "Hand result") keeps what each player got back.
        out = [f"winnings = {self.array(won)}"]
        if all(stacks[n].is_finite() for n in self.order):
            finishing = [
                stacks[n] - put_in.get(n, ZERO) + received.get(n, ZERO) for n in self.order
            ]
            out.append(f"finishing_stacks = {self.array(finishing)}")
        return out

    def extras(self, seat_of: dict[str, int]) -> list[str]:
        hand = self.hand
        out: list[str] = []
        if hand.site not in _VENUE_OF_SITE and hand.site != "phh":
            out.append(f"_site = {_toml(hand.site)}")
        if hand.tournament:
            out.append(f"_tournament = {_toml(hand.tournament)}")
        if hand.play_money:
            out.append("_play_money = true")
        if hand.total_pot is not None:
            out.append(f"_total_pot = {self.money(hand.total_pot)}")
        if hand.pots:
            out.append(f"_pots = {self.array(hand.pots)}")
        if hand.added:
            out.append(f"_added = {self.money(hand.added)}")
        if len(hand.boards) > 1:
            boards = ["".join(str(c) for c in board) for board in hand.boards]
            out.append(f"_boards = {self.strings(boards)}")
        last = seat_of[self.order[-1]]
        button = hand.button
        if button is None and self.family is not Family.STUD:
            # The history names no button, and showdown then gives the odd chip from the
            # first player in seat order (convert.py): this seat keeps it so when read back.
            stakes = hand.contributions()
            contenders = set(hand.contenders)
            button = next(
                (seat_of[n] for n in hand.players if stakes.get(n) or n in contenders), None
            )
        if self.family is not Family.STUD and button is not None and button != last:
            out.append(f"_button = {button}")
        return out

    # -- the actions ------------------------------------------------------------

    def cards(self, cards: Iterable[Card | None]) -> str:
        return "".join("??" if c is None else str(c) for c in cards)

    def holding(self, name: str, count: int) -> list[Card | None]:
        """The cards a player was dealt, as the history knows them before any show."""
        hand = self.hand
        dealt = next((s.cards for s in hand.dealt if s.player == name), ())
        if len(dealt) == count:
            return list(dealt)
        if not self.shows(name):
            known = hand.cards(name)
            if len(known) == count:
                return list(known)
        return [None] * count

    def shows(self, name: str) -> bool:
        """The player shows at the showdown (his cards are written there)."""
        hand = self.hand
        return hand.reached_showdown and name in hand.contenders and bool(hand.shown(name))

    def actions(self) -> list[tuple[str, str]]:
        hand = self.hand
        self.lines = []
        self.folded: set[str] = set()
        self.committed: dict[str, Decimal] = {}
        self.returns: dict[str, Decimal] = {}
        self.street = "preflop"
        self.board_at = 0
        board = hand.boards[0] if hand.boards else ()
        self.board = board
        self.pending: list[tuple[str, str]] = []
        if self.family is Family.STUD:
            totals = self.stud_totals()
            self.stud_cards = {n: self.stud_holding(n, totals[n]) for n in self.order}
            self.stud_dealt = dict.fromkeys(self.order, 0)
            self.stud_street = 0
            self.deal_stud(3)
        elif self.family is Family.DRAW:
            self.draw_cards = {n: self.draw_holdings(n) for n in self.order}
            for name in self.order:
                first = self.draw_cards[name][0]
                self.emit(f"d dh {self.p(name)} {self.cards(first)}", name)
            self.draw_round: dict[str, int] = dict.fromkeys(self.order, 0)
        else:
            for name in self.order:
                cards = self.holding(name, self.hole)
                self.emit(f"d dh {self.p(name)} {self.cards(cards)}", name)
        for action in hand.actions:
            if action.player not in self.index or action.kind in _SKIPPED:
                continue
            self.advance(action.street)
            self.write(action)
        self.flush_draws()
        self.close_round()
        if hand.reached_showdown:
            self.run_out()
            self.write_showdown()
        return self.lines

    def emit(self, action: str, comment: str = "") -> None:
        self.lines.append((action, comment))

    def advance(self, street: str) -> None:
        """Deal what comes before an action of ``street``."""
        if street in ("blinds", "showdown", self.street) or street.startswith("draw"):
            if street.startswith("draw") and street != self.street:
                self.flush_draws()
                self.street = street
                self.close_round()
            return
        self.flush_draws()
        if self.family is Family.STUD and street in _STUD_STREETS:
            while self.stud_street < _STUD_STREETS.index(street):
                self.deal_stud(1)
        elif self.family is Family.FLOP and street in _FLOP_STREETS:
            target = _FLOP_STREETS.index(street)
            while self.board_at < target + 1:
                self.deal_board_street()
        self.street = street
        self.committed = {}  # a street no card opens (stud's first) closes no round

    def deal_board_street(self) -> None:
        self.close_round()
        start = (0, 3, 4)[self.board_at]
        end = start + (3 if self.board_at == 0 else 1)
        cards = self.board[start:end]
        if len(cards) != end - start:
            raise self.fail(
                Message(
                    "the board of the {street} is not known",
                    street=Term(_FLOP_STREETS[self.board_at]),
                )
            )
        self.emit(f"d db {self.cards(cards)}", _FLOP_STREETS[self.board_at].capitalize())
        self.board_at += 1

    def stud_totals(self) -> dict[str, int]:
        """How many cards each stud player is dealt: three, then one a street until he folds."""
        hand = self.hand
        streets = [a.street for a in hand.actions if a.street in _STUD_STREETS]
        last = max((_STUD_STREETS.index(s) for s in streets), default=0)
        if hand.reached_showdown:
            last = len(_STUD_STREETS) - 1
        folded_on = {
            a.player: _STUD_STREETS.index(a.street)
            for a in hand.actions
            if a.kind is ActionKind.FOLD and a.street in _STUD_STREETS
        }
        return {n: 3 + min(folded_on.get(n, last), last) for n in self.order}

    def stud_holding(self, name: str, total: int) -> list[Card | None]:
        """A stud player's cards in dealing order (down, down, up ... up, down), None if unknown."""
        hand = self.hand
        dealt = next((s.cards for s in hand.dealt if s.player == name), ())
        result: list[Card | None] = [None] * 7
        if len(dealt) == total:
            return list(dealt) + result[total:]
        known = hand.cards(name) if not self.shows(name) else ()
        if len(known) == total:
            return list(known) + result[total:]
        if 0 < len(dealt) == len([i for i in _STUD_UP if i < total]):  # the up cards
            for i, card in zip(_STUD_UP, dealt, strict=False):
                result[i] = card
        return result

    def deal_stud(self, count: int) -> None:
        """Deal a stud street: three cards each on the third, one on the later ones."""
        if self.stud_street:
            self.flush_round()
        for name in self.order:
            if name in self.folded:
                continue
            have = self.stud_dealt[name]
            cards = self.stud_cards[name][have : have + count]
            self.stud_dealt[name] = have + count
            self.emit(f"d dh {self.p(name)} {self.cards(cards)}", name)
        if count == 1:
            self.stud_street += 1

    def flush_round(self) -> None:
        self.close_round()

    def close_round(self) -> None:
        """A betting round is over: what a PHH reader gives back of a bet nobody matched
        (the reader returns it, as a room's "uncalled bet"; :meth:`outcome` leaves it out
        of the winnings)."""
        if self.committed:
            ranked = sorted(self.committed.items(), key=lambda item: item[1], reverse=True)
            top_player, top = ranked[0]
            second = ranked[1][1] if len(ranked) > 1 else ZERO
            if top > second:
                self.returns[top_player] = self.returns.get(top_player, ZERO) + top - second
        self.committed = {}

    def draw_holdings(self, name: str) -> list[list[Card | None]]:
        """The cards a player holds before the first draw and receives at each draw."""
        hand = self.hand
        draws = [a for a in hand.actions if a.player == name and a.kind is ActionKind.DISCARD]
        final = next((s.cards for s in hand.dealt if s.player == name), ())
        if len(final) != self.hole:
            shown = hand.shown(name)
            final = shown if len(shown) == self.hole else ()
        nothing: list[Card | None] = [None]
        unknown = [nothing * self.hole] + [nothing * a.count for a in draws]
        if not final:
            return unknown
        holding = list(final)
        received: list[list[Card | None]] = []
        for action in reversed(draws):
            if len(action.cards) != action.count or len(action.drawn) != action.count:
                return unknown
            for card in action.drawn:
                if card not in holding:
                    return unknown
                holding.remove(card)
            holding.extend(action.cards)
            received.insert(0, list(action.drawn))
        return [list(holding), *received]

    def flush_draws(self) -> None:
        for name, cards in self.pending:
            self.emit(f"d dh {self.p(name)} {cards}", name)
        self.pending = []

    def write(self, action: Action) -> None:
        name = action.player
        who = self.p(name)
        kind = action.kind
        if kind in (ActionKind.DISCARD, ActionKind.STAND_PAT):
            if self.pending and name in (n for n, _ in self.pending):
                self.flush_draws()
            if kind is ActionKind.STAND_PAT or not action.count:
                self.emit(f"{who} sd", name)
                return
            self.draw_round[name] += 1
            rounds = self.draw_cards[name]
            drawn = rounds[self.draw_round[name]] if self.draw_round[name] < len(rounds) else []
            known = all(card is not None for card in rounds[0])  # else pokerkit refuses
            thrown = (
                list(action.cards)
                if known and len(action.cards) == action.count
                else [None] * action.count
            )
            if len(drawn) != action.count:
                drawn = [None] * action.count
            self.emit(f"{who} sd {self.cards(thrown)}", name)
            self.pending.append((name, self.cards(drawn)))
            return
        self.flush_draws()
        if kind is ActionKind.FOLD:
            self.folded.add(name)
            self.emit(f"{who} f", name)
        elif kind in (ActionKind.CHECK, ActionKind.CALL):
            top = max(self.committed.values(), default=ZERO)
            total = self.committed.get(name, ZERO) + action.amount
            self.committed[name] = total
            if kind is ActionKind.CALL and ZERO < top < total:
                # a call of more than anyone has in: a big blind all in for less, the call
                # of the full blind (partypoker): PHH's cc would call the short blind only
                self.emit(f"{who} cbr {self.money(total)}", name)
            else:
                self.emit(f"{who} cc", name)
        elif kind in (ActionKind.BET, ActionKind.RAISE):
            total = self.committed.get(name, ZERO) + action.amount
            self.committed[name] = total
            self.emit(f"{who} cbr {self.money(total)}", name)
        elif kind is ActionKind.BRING_IN:
            self.committed[name] = self.committed.get(name, ZERO) + action.amount
            self.emit(f"{who} pb", name)
        elif kind in (ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.STRADDLE):
            self.committed[name] = self.committed.get(name, ZERO) + action.amount

    def run_out(self) -> None:
        """Deal the streets nobody bet on (all in): the rest of the board, the stud cards."""
        self.flush_draws()
        if self.family is Family.FLOP:
            while self.board_at < 3 and len(self.board) > (0, 3, 4)[self.board_at]:
                self.deal_board_street()
        elif self.family is Family.STUD:
            while self.stud_street < len(_STUD_STREETS) - 1:
                self.deal_stud(1)
            if self.board:
                self.emit(f"d db {self.cards(self.board[:1])}", "the community card")

    def write_showdown(self) -> None:
        hand = self.hand
        contenders = [n for n in self.order if n in set(hand.contenders)]
        said = [a.player for a in hand.actions if a.kind in (ActionKind.SHOW, ActionKind.MUCK)]
        order = list(dict.fromkeys(n for n in said if n in contenders))
        order += [n for n in contenders if n not in order]
        mucked = hand.mucked
        for name in order:
            shown = hand.shown(name)
            if shown and name not in mucked:
                self.emit(f"{self.p(name)} sm {self.cards(shown)}", name)
            elif name in mucked:
                self.emit(f"{self.p(name)} sm", name)
            else:
                count = self.stud_dealt[name] if self.family is Family.STUD else self.hole
                self.emit(f"{self.p(name)} sm {'??' * count}", name)


_SKIPPED: Final = frozenset(
    {
        ActionKind.ANTE,
        ActionKind.BIG_BLIND_ANTE,
        ActionKind.DEAD_BLIND,
        ActionKind.RETURN,
        ActionKind.SHOW,
        ActionKind.MUCK,
    }
)
_CODE_RE: Final = re.compile(r"[A-Z0-9][A-Z0-9/+-]*")
"""What a variant code looks like (one read from a file, kept as the game of its hand)."""
_STAKE_RE: Final = re.compile(r"\d[\d,.'\s\u00a0\u202f]*")
"""An amount in a room's stakes (``$0.25``, ``0,50 €``, ``$1,000``, ``1 000``)."""


def _finest_unit(hand: Hand) -> Decimal:
    """The hand's unit, or a finer one when an amount has more decimals (play chips of
    0.25 read with a unit of 1): the amounts are written as they are, never rounded."""
    unit = hand.unit
    amounts = [seat.stack for seat in hand.seats]
    amounts += [action.amount for action in hand.actions]
    amounts += [collection.amount for collection in hand.collections]
    amounts += [hand.rake, hand.added, *hand.pots]
    if hand.total_pot is not None:
        amounts.append(hand.total_pot)
    for amount in amounts:
        if amount.is_finite() and amount != amount.quantize(unit, rounding="ROUND_DOWN"):
            exponent = amount.normalize().as_tuple().exponent
            if isinstance(exponent, int):
                unit = min(unit, Decimal(1).scaleb(exponent))
    return unit


def _family_of(hand: Hand) -> Family:
    """The family of a hand whose game showdown does not know, from what happened."""
    if any(a.kind is ActionKind.BRING_IN for a in hand.actions):
        return Family.STUD
    if any(a.kind in (ActionKind.DISCARD, ActionKind.STAND_PAT) for a in hand.actions):
        return Family.DRAW
    return Family.FLOP
