"""Boss Media histories (Opoker, the espacejeux client and other skins): XML, a ``HISTORY`` a hand.

A hand as the Boss Media client writes it (one element a line; a deal, a
board, a draw or a result lists its cards on the lines that follow)::

    <HISTORY ID="2907049756" SESSION="session648333186.xml" TABLE="Table OH 594"
      GAME="GAME_OMA" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH"
      TABLECURRENCY="EUR" LIMIT="PL" STAKES="0.05/0.10" DATE="1341335315" ...>
    <PLAYER NAME="Ann" SEAT="1" AMOUNT="10.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
    <ACTION TYPE="HAND_BLINDS" PLAYER="Ann" KIND="HAND_SB" VALUE="0.05"></ACTION>
    <ACTION TYPE="HAND_DEAL" PLAYER="Ann">
    <CARD LINK="17"></CARD>
    <CARD LINK="6"></CARD></ACTION>
    <ACTION TYPE="ACTION_RAISE" PLAYER="Ann" VALUE="0.35"></ACTION>
    <ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="2.40" RAKE="0.00" ...>
    ...
    <SHOWDOWN NAME="HAND_SHOWDOWN" POT="8.57" RAKE="0.45" ...>
    <RESULT PLAYER="Ann" WIN="8.57" HAND="$(STR_G_WIN_ACEHIGHFLUSH)" ...>
    <CARD LINK="8"></CARD>
    ...</RESULT></SHOWDOWN></HISTORY>

What the layout means, read from real files:

* A card is a number: its rank is the number modulo 13 (0 an ace, 1 a
  deuce ... 12 a king), its suit the number divided by 13 (diamonds, clubs,
  hearts, spades); ``b`` is a card not seen.
* ``ACTION_RAISE`` and ``ACTION_ALLIN`` give the street total (an all-in
  puts in the rest of the stack); ``ACTION_CALL`` gives what the call put in,
  unless that would exceed the street's most, when it gives the total.
  ``HAND_DSB`` is a dead small blind, ``HAND_AB`` both blinds (the big one
  live, the rest dead).
* No element returns an uncalled bet and ``WIN`` leaves it out: the reader
  returns what the player who put in most live chips put in beyond anyone
  else. ``SHOWDOWN`` gives the pot after the rake and the ``RAKE``.
* A draw is ``HAND_BOARD`` without a ``VALUE``, then a ``CHANGECARD`` of
  ``COUNT`` cards per player (the new hand listed).

>>> import io
>>> header = ('<HISTORY ID="7" SESSION="session1.xml" TABLE="Oak" GAME="GAME_THM" '
...           'GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="NL" STAKES="0.05/0.10">')
>>> text = header + '''
... <PLAYER NAME="Ann" SEAT="1" AMOUNT="5.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
... <PLAYER NAME="Bob" SEAT="2" AMOUNT="5.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
... <ACTION TYPE="HAND_BLINDS" PLAYER="Ann" KIND="HAND_SB" VALUE="0.05"></ACTION>
... <ACTION TYPE="HAND_BLINDS" PLAYER="Bob" KIND="HAND_BB" VALUE="0.10"></ACTION>
... <ACTION TYPE="ACTION_RAISE" PLAYER="Ann" VALUE="0.30"></ACTION>
... <ACTION TYPE="ACTION_FOLD" PLAYER="Bob"></ACTION>
... <SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.20" RAKE="0.00">
... <RESULT PLAYER="Ann" WIN="0.20" HAND="$(STR_BY_DEFAULT)"></RESULT></SHOWDOWN></HISTORY>
... '''
>>> hand = next(iter(read(io.StringIO(text))))
>>> hand.returned(), hand.collected()
({'Ann': Decimal('0.20')}, {'Ann': Decimal('0.20')})
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import IO, Final

from showdown.cards import Card, parse_cards
from showdown.errors import HistoryError
from showdown.history._text import Reader, not_a_history
from showdown.history.amounts import CENT, ONE, ZERO, plain_amount
from showdown.history.formats import Format, clean_line
from showdown.history.games import game_id
from showdown.history.layout import pattern_found
from showdown.history.linereader import HandLines, attributes_of
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "BossReader", "read", "recognise"]

SITE: Final = "boss"

_RECOGNISE_RE: Final = re.compile(r'<HISTORY ID="\d+" SESSION="')
_TOKEN_RE: Final = re.compile(r"<(/?)([A-Z]+)\b([^>]*?)/?>")
_CARD: Final = '<CARD LINK="'
_CARD_END: Final = "></CARD>"
_RANKS: Final = "A23456789TJQK"
_SUITS: Final = "dchs"
_GAMES: Final = {
    "GAME_THM": "Hold'em",
    "GAME_OMA": "Omaha",
    "GAME_OMATU": "Omaha",
    "GAME_OMAHL": "Omaha Hi/Lo",
    "GAME_FCD": "5 Card Draw",
}
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
_BOARDS: Final = {"BOARD_FLOP": "flop", "BOARD_TURN": "turn", "BOARD_RIVER": "river"}
_BLINDS: Final = {
    "HAND_SB": ActionKind.SMALL_BLIND,
    "HAND_BB": ActionKind.BIG_BLIND,
    "HAND_DSB": ActionKind.DEAD_BLIND,
}
_EMPTY_SEATS: Final = frozenset({"STATE_EMPTY", "STATE_RESERVED"})


recognise: Final = pattern_found(_RECOGNISE_RE)
"""Whether a file's start is a Boss Media history."""


@functools.lru_cache(maxsize=64)
def _card(link: str) -> Card:
    """A card from its number (``"0"`` is the ace of diamonds, ``"51"`` the king of spades)."""
    number = int(link)
    if not 0 <= number < 52:
        raise ValueError(f"{link!r} is not a card")
    return parse_cards(_RANKS[number % 13] + _SUITS[number // 13])[0]


class _Hand(HandLines):
    """One ``HISTORY`` element, read as its elements come."""

    site = SITE

    def __init__(self, attributes: dict[str, str], line: int) -> None:
        super().__init__(attributes.get("ID", ""), line)
        game, name = game_id(_GAMES.get(attributes.get("GAME", ""), attributes.get("GAME", "")))
        self.game = self.builder.fields["game"] = game
        stakes = attributes.get("STAKES", "")
        limit = attributes.get("LIMIT", "")
        tournament = attributes.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
        self.tournament = tournament
        self.fields: dict[str, object] = {
            "game_name": name,
            "limit": _LIMITS.get(limit, limit),
            "stakes": stakes,
            "table": attributes.get("TABLE", ""),
            "currency": None if tournament else (attributes.get("TABLECURRENCY") or None),
            "play_money": attributes.get("GAMETYPE", "") == "GAMETYPE_PLAY",
        }
        if tournament:
            session = attributes.get("SESSION", "").removeprefix("session").removesuffix(".xml")
            self.fields["tournament"] = attributes.get("TABLETOURNEYID") or session
        parts = stakes.split("/")
        self.big_blind = plain_amount(parts[0] if limit == "FL" else parts[-1]) if stakes else ZERO
        self.element: tuple[str, dict[str, str]] | None = None
        self.cards: list[str] = []
        self.draws = 0
        self.showdown = False
        self.pot = ZERO
        self.rake = ZERO
        self.won = ZERO

    def token(self, number: int, closing: str, tag: str, attributes: str) -> None:
        """Read one tag of the hand."""
        self.builder.line = number
        if tag == "CARD":
            if not closing:
                self.cards.append(attributes_of(attributes).get("LINK", "b"))
        elif tag in ("ACTION", "RESULT"):
            if not closing:
                self.element = (tag, attributes_of(attributes))
                self.cards = []
            elif self.element is not None:
                kind, values = self.element
                self.element = None
                if kind == "ACTION":
                    self._action(values)
                else:
                    self._result(values)
        elif tag == "PLAYER" and not closing:
            values = attributes_of(attributes)
            state = values.get("STATE", "STATE_PLAYING")
            name = values.get("NAME", "")
            if name and state not in _EMPTY_SEATS:
                self.builder.seat(
                    int(values.get("SEAT", "0")),
                    name,
                    plain_amount(values.get("AMOUNT", "0")),
                    sitting_out=state == "STATE_SITOUT",
                )
                if values.get("DEALER") == "Y":
                    self.fields["button"] = int(values.get("SEAT", "0"))
        elif tag == "SHOWDOWN" and not closing:
            values = attributes_of(attributes)
            self.showdown = True
            self.pot = plain_amount(values.get("POT") or "0")
            self.rake = plain_amount(values.get("RAKE") or "0")
            self.builder.street = "showdown"

    def _known(self) -> tuple[Card, ...]:
        return tuple(_card(link) for link in self.cards if link != "b")

    def _action(self, values: dict[str, str]) -> None:
        builder = self.builder
        kind = values.get("TYPE", "")
        player = values.get("PLAYER", "")
        if kind == "HAND_BOARD":
            street = _BOARDS.get(values.get("VALUE", ""))
            if street is None:  # a draw
                self.draws += 1
                builder.street = f"draw{self.draws}"
            else:
                builder.street = street
                builder.set_board(self._known())
            return
        if not builder.seated(player):
            raise ValueError(f"{player!r} acts but is not seated")
        value = plain_amount(values.get("VALUE") or "0")
        if kind == "ACTION_FOLD":
            builder.fold(player)
        elif kind == "ACTION_CHECK":
            builder.check(player)
        elif kind == "ACTION_CALL":
            most = self._most()
            on = builder.on_street(player)
            builder.call(player, value if on + value <= most else value - on)
        elif kind == "ACTION_RAISE":
            builder.raise_to(player, value)
        elif kind == "ACTION_BET":
            builder.bet(player, value)
        elif kind == "ACTION_ALLIN":
            self._all_in(player, value)
        elif kind == "HAND_BLINDS":
            self._blind(player, values.get("KIND", ""), value)
        elif kind == "HAND_ANTE":
            builder.post(ActionKind.ANTE, player, value)
        elif kind == "HAND_DEAL":
            if builder.street == "blinds":
                builder.street = "preflop"
            known = self._known()
            if known:
                builder.deal(player, known)
        elif kind == "CHANGECARD":
            builder.discard(player, int(values.get("COUNT", "0")))
            known = self._known()
            if known:
                builder.deal(player, known)
        elif kind in ("ACTION_STAND", "ACTION_STANDPAT"):
            builder.discard(player, 0)

    def _most(self) -> Decimal:
        builder = self.builder
        return max((builder.on_street(seat.name) for seat in builder.seats), default=ZERO)

    def _blind(self, player: str, kind: str, value: Decimal) -> None:
        builder = self.builder
        if kind == "HAND_AB":  # both blinds: the big one live, the rest dead
            live = min(value, self.big_blind) if self.big_blind else value
            builder.post(ActionKind.BIG_BLIND, player, live)
            if value > live:
                builder.post(ActionKind.DEAD_BLIND, player, value - live)
            return
        blind = _BLINDS.get(kind)
        if blind is None:
            raise ValueError(f"an unknown blind {kind!r}")
        builder.post(blind, player, value)

    def _all_in(self, player: str, total: Decimal) -> None:
        """``ACTION_ALLIN``: the rest of the player's stack (``total`` is his street total)."""
        builder = self.builder
        stack = next(seat.stack for seat in builder.seats if seat.name == player)
        rest = stack - builder.contributions().get(player, ZERO)
        on = builder.on_street(player)
        amount = rest if rest > 0 else total - on
        most = self._most()
        if on + amount <= most:
            builder.call(player, amount, all_in=True)
        elif most == 0:
            builder.bet(player, amount, all_in=True)
        else:
            builder.raise_by(player, amount, all_in=True)

    def _result(self, values: dict[str, str]) -> None:
        builder = self.builder
        player = values.get("PLAYER", "")
        if not builder.seated(player):
            return
        won = plain_amount(values.get("WIN") or "0")
        words = values.get("HAND", "")
        known = self._known()
        folded = any(a.player == player and a.kind is ActionKind.FOLD for a in builder.actions)
        if known and not folded and "STR_G_FOLD" not in words:
            if "STR_G_MUCK" in words:
                builder.muck(player, known)
            else:
                builder.show(player, known)
        if won:
            self.won += won
            kind = values.get("WINTYPE", "").removeprefix("WINTYPE_").lower()
            builder.collect(player, won, f"pot ({kind})" if kind else "pot")

    def build(self, source: str, index: int) -> Hand:
        builder = self.builder
        builder.return_uncalled()  # the room writes no uncalled bet
        return builder.build(
            source=source,
            index=index,
            unit=ONE if self.tournament else CENT,
            rake=self.rake,
            total_pot=self.pot + self.rake,
            pots=(self.pot,),
            **self.fields,
        )


class BossReader(Reader):
    """The reader of a Boss Media history file."""

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        hand: _Hand | None = None
        index = 0
        stray = False
        for number, raw in enumerate(stream, start=1):
            text = raw.strip() if number > 1 else clean_line(raw)
            if not text:
                continue
            if text.startswith(_CARD) and hand is not None and hand.element is not None:
                # the commonest line, read without the tokenizer: <CARD LINK="17"></CARD>
                end = text.find('"', len(_CARD))
                hand.cards.append(text[len(_CARD) : end])
                if text.endswith(_CARD_END):
                    continue
                text = text[text.index(_CARD_END) + len(_CARD_END) :]
            tokens = _TOKEN_RE.findall(text)
            if not tokens and not text.startswith("<?"):
                if not stray:
                    stray = True
                    yield not_a_history(name, number)
                continue
            for closing, tag, attributes in tokens:
                if tag == "HISTORY":
                    if closing:
                        if hand is not None:
                            hand.ended = True
                            yield hand.finish(name, index)
                            index += 1
                            hand = None
                        continue
                    if hand is not None:
                        yield hand.finish(name, index)
                        index += 1
                    hand = _Hand(attributes_of(attributes), number)
                elif hand is not None and hand.error is None:
                    try:
                        hand.token(number, closing, tag, attributes)
                    except Exception as exc:
                        hand.error = exc
                        hand.builder.line = number
        if hand is not None:
            # some files stop after the last result without closing the hand
            hand.ended = hand.showdown and hand.element is None and hand.won == hand.pot
            yield hand.finish(name, index)


read: Final = BossReader
"""A reader of a Boss Media history (a path or an open stream)."""


FORMAT: Final = Format(name="boss", rooms=("Boss Media",), recognise=recognise, read=read)
"""Boss Media's XML hand histories."""
