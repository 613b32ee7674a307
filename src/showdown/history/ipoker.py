"""iPoker network XML hand histories (Playtech: William Hill, Titan, Bet365, Betfair, ...).

The iPoker client (and the tracking programs that export in its layout: Holdem
Manager, HHSmithy, the card catchers of other rooms) writes a session per file::

    <?xml version="1.0" encoding="utf-8"?>
    <session sessioncode="3508786741">
     <general>
      <client_version>21.1.1.9</client_version>        (newer clients)
      <mode>real</mode>
      <gametype>Holdem NL $0.02/$0.04</gametype>
      <tablename>Pastel, 262225321</tablename>
      <currency>USD</currency>
      <nickname>Hero</nickname>                        (the file's owner)
      <tournamentcode>..</tournamentcode>              (tournaments)
     </general>
     <game gamecode="3051004808">
      <general>
       <players>
        <player seat="2" name="Hero" chips="$1" dealer="1" win="$0.20" bet="$0.12" />
       </players>
      </general>
      <round no="0"> <action no="1" player="Ann" type="1" sum="$0.01" /> ... </round>
      <round no="1"> <cards type="Pocket" player="Hero">HA C4</cards> ... </round>
      <round no="2"> <cards type="Flop" player="">D2 H3 D6</cards> ... </round>
     </game>
    </session>

What the real files say (fpdb's and hhp-xml's regression files, 2011-2021):

* rounds: ``0`` forced bets, ``1`` preflop, ``2`` to ``4`` flop, turn, river;
  in stud ``2`` is the first street dealt (``Third Street`` of seven-card
  stud, ``Second Street`` of five-card stud) and ``6`` (``5``) the last,
  whose cards the room types ``River``;
* actions are numbered across the hand but not written in that order: they
  are sorted by ``no`` within each round;
* action types: ``0`` fold, ``1`` small blind, ``2`` big blind (more than the
  big blind: the small blind posted dead beside it), ``3`` call, ``4`` check,
  ``5`` bet, ``6`` raise by (old limit tables), ``7`` all in (what went in:
  a bet, a call or a raise by it), ``8`` no action (sitting out, no cards),
  ``9`` sitting out (folded), ``15`` ante, ``16`` bring-in, ``23`` raise to
  (the street total, a blind included);
* cards are suit first, ``10`` for ten (``S2 HA D10 CK``), ``X`` unknown; a
  player's cards are written only when seen (the owner's, or shown);
* amounts carry the table's currency (``$``, ``€``, ``£``, ``RSD``) before
  or after, a decimal comma in some clients (``€23,50``) and thousands
  separators (``$2,095.00``, tournament chips ``1.500``);
* ``bet`` is what a player put in, ``win`` what he got back. Up to client
  version 19 ``win`` includes his own uncalled bet; clients 20 and later (and
  files that say ``<uncalled_bet_enabled>true</uncalled_bet_enabled>``) leave
  it out. The room writes no rake: it is what went in less what came back.
  When a hand's figures allow only one reading (a ``win`` smaller than the
  uncalled bet is not the first; a ``win`` larger than the pot is not the
  second), that reading is taken.

A file may hold several sessions one after the other (Holdem Manager's
archives), or stop before ``</session>``; a game the file stops inside is
``cut off``. The file's players are its own; a skin named in the file
(``<pokersite>``) is the hand's site, else ``ipoker``.

>>> import io
>>> text = '''<session sessioncode="1"><general><mode>real</mode>
... <gametype>Holdem NL $0.01/$0.02</gametype><tablename>Alpha, 1</tablename>
... <currency>USD</currency><nickname>Ann</nickname></general>
... <game gamecode="77"><general><players>
... <player seat="1" name="Ann" chips="$2" dealer="1" win="$0.04" bet="$0.02"/>
... <player seat="2" name="Bob" chips="$2" dealer="0" win="$0" bet="$0.02"/>
... </players></general>
... <round no="0"><action no="1" player="Ann" type="1" sum="$0.01"/>
... <action no="2" player="Bob" type="2" sum="$0.02"/></round>
... <round no="1"><cards type="Pocket" player="Ann">SA HA</cards>
... <action no="3" player="Ann" type="3" sum="$0.01"/>
... <cards type="Pocket" player="Bob">C10 D10</cards>
... <action no="4" player="Bob" type="4" sum="$0"/></round>
... <round no="2"><cards type="Flop" player="">D2 H7 S9</cards></round>
... <round no="3"><cards type="Turn" player="">CK</cards></round>
... <round no="4"><cards type="River" player="">C3</cards></round>
... </game></session>'''
>>> [hand] = read(io.StringIO(text))
>>> hand.hand_id, hand.game, hand.currency, hand.button, hand.collected(), hand.rake
('77', 'holdem', 'USD', 1, {'Ann': Decimal('0.04')}, Decimal('0'))
>>> [str(card) for card in hand.shown("Bob")]
['Tc', 'Td']
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from decimal import Decimal
from typing import IO, Final

from showdown.cards import Card, parse_card
from showdown.errors import HistoryError
from showdown.history._text import Reader, not_a_history
from showdown.history.amounts import CENT, ONE, ZERO, currency_in, decimals_of, parse_amount
from showdown.history.formats import Format, HandBuilder, cut_off, read_error
from showdown.history.linereader import record_all_in
from showdown.history.model import ActionKind, Hand

__all__ = [
    "FORMAT",
    "SITE",
    "IPokerReader",
    "game_of",
    "hole_cards_of",
    "limit_of",
    "parse_ipoker_amount",
    "parse_ipoker_card",
    "read",
    "recognise",
    "settle",
    "unit_of",
]

SITE: Final = "ipoker"


_START_RE: Final = re.compile(r"^(?:<\?xml[^>]*\?>\s*)?<session\b[^>]*\bsessioncode\s*=")
_GAME_OPEN_RE: Final = re.compile(r"<game[\s>]")
_GAME_CODE_RE: Final = re.compile(r'gamecode="([^"]*)"')
_GENERAL_RE: Final = re.compile(r"<general\b.*?</general>", re.S)
_TOURNEY_ID_RE: Final = re.compile(r"\(#(\d+)\)|,\s*(\d+)(?:\s+\w+)?\s*$|(\d{5,})\s*$")
_STAKES_RE: Final = re.compile(r"(\S*\d[\d.,]*\S*\s?/\s?\S*\d[\d.,]*\S*)")
_SYMBOLS: Final = (("€", "EUR"), ("£", "GBP"), ("$", "USD"), ("RSD", "RSD"), ("kr", "SEK"))

_FOLD: Final = "0"
_SMALL_BLIND: Final = "1"
_BIG_BLIND: Final = "2"
_CALL: Final = "3"
_CHECK: Final = "4"
_BET: Final = "5"
_RAISE_BY: Final = "6"
_ALL_IN: Final = "7"
_NO_ACTION: Final = "8"
_SITTING_OUT: Final = "9"
_ANTE: Final = "15"
_BRING_IN: Final = "16"
_RAISE_TO: Final = "23"

_FLOP_STREETS: Final = {0: "blinds", 1: "preflop", 2: "flop", 3: "turn", 4: "river"}
_STUD_STREETS: Final = {0: "blinds", 1: "third", 2: "third", 3: "fourth", 4: "fifth"}
_STUD_STREETS.update({5: "sixth", 6: "seventh"})
_FIVE_STUD_STREETS: Final = {0: "blinds", 1: "second", 2: "second", 3: "third", 4: "fourth"}
_FIVE_STUD_STREETS.update({5: "fifth"})
_BOARD_TYPES: Final = frozenset({"Flop", "Turn", "River"})

_LIMITS: Final = (
    (("pot limit", " pl ", " lp "), "Pot Limit"),
    (("no limit", " nl ", " sl ", " бл ", " lz "), "No Limit"),
    (("limit", " l ", "lh "), "Limit"),
)
"""The limit words of a game type, tried in order (Spanish clients write ``SL``
and ``LP``, Russian ``БЛ``)."""

_GAMES: Final = (
    (("six plus",), "sixplus", "6+ Hold'em"),
    (("6+",), "sixplus", "6+ Hold'em"),
    (("5 card stud",), "five_card_stud", "5 Card Stud"),
    (("stud", "hi-lo"), "stud_hilo", "7 Card Stud Hi/Lo"),
    (("stud", "hilow"), "stud_hilo", "7 Card Stud Hi/Lo"),
    (("stud", "hi/lo"), "stud_hilo", "7 Card Stud Hi/Lo"),
    (("razz",), "razz", "Razz"),
    (("stud",), "stud", "7 Card Stud"),
    (("omaha", "hi-lo"), "omaha_hilo", "Omaha Hi/Lo"),
    (("omaha", "hilow"), "omaha_hilo", "Omaha Hi/Lo"),
    (("omaha", "hi/lo"), "omaha_hilo", "Omaha Hi/Lo"),
    (("omaha",), "omaha", "Omaha"),
    (("holdem",), "holdem", "Hold'em"),
    (("hold'em",), "holdem", "Hold'em"),
    (("lh ",), "holdem", "Hold'em"),
)
"""The game words of ``<gametype>``, most specific first. Clients of 2019 and later
write no game word for Omaha tables (``PL €2/€4``): the game is told by the number of
hole cards dealt."""

_BY_HOLE_CARDS: Final = {2: "holdem", 4: "omaha", 5: "omaha5", 6: "omaha6"}
_OMAHA_SIZES: Final = {5: "omaha5", 6: "omaha6"}
_HILO_SIZES: Final = {4: "omaha_hilo", 5: "omaha5_hilo", 6: "omaha6_hilo"}


def recognise(start: str) -> bool:
    """Whether a file's first characters are an iPoker XML session.

    >>> recognise('<?xml version="1.0" encoding="utf-8"?>\\n<session sessioncode="1">')
    True
    >>> recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    False
    """
    return _START_RE.match(start.lstrip()) is not None


# -- small readers -------------------------------------------------------------------------

_CARDS: dict[str, Card | None] = {}


def _card(token: str) -> Card | None:
    """A card as iPoker writes it (``S2``, ``HA``, ``D10``); None for an unknown ``X``.

    Raises:
        ValueError: not a card.

    >>> _card("D10"), _card("HA"), _card("X")
    (Card('Td'), Card('Ah'), None)
    """
    try:
        return _CARDS[token]
    except KeyError:
        pass
    card: Card | None = None
    if token[:1] not in ("X", "x"):
        rank = token[1:]
        card = parse_card(("T" if rank == "10" else rank) + token[:1].lower())
    _CARDS[token] = card
    return card


def _cards(text: str | None) -> tuple[list[Card], int]:
    """The known cards of a ``<cards>`` element and how many were dealt."""
    tokens = (text or "").split()
    known = [card for card in map(_card, tokens) if card is not None]
    return known, len(tokens)


_AMOUNTS: dict[str, tuple[Decimal, int]] = {}


def _amount(text: str | None) -> tuple[Decimal, int]:
    """An amount (currency and separators as the room writes them) and its decimals.

    Raises:
        ValueError: not an amount.
    """
    if text is None:
        raise ValueError("an amount is missing")
    found = _AMOUNTS.get(text)
    if found is None:
        body = text.replace("RSD", "").replace("kr", "")
        value = parse_amount(body) if body.strip() else ZERO
        found = value, decimals_of(value)
        if len(_AMOUNTS) < 65536:
            _AMOUNTS[text] = found
    return found


def _text(element: ET.Element | None, tag: str) -> str:
    if element is None:
        return ""
    found = element.find(tag)
    return (found.text or "").strip() if found is not None else ""


def _limit(gametype: str) -> str:
    padded = f" {gametype.lower()} "
    for words, name in _LIMITS:
        if any(word in padded for word in words):
            return name
    return ""


@functools.lru_cache(maxsize=256)
def _game_words(gametype: str) -> tuple[str, str] | None:
    lower = gametype.lower()
    for words, game, name in _GAMES:
        if all(word in lower for word in words):
            return game, name
    return None


class _Session:
    """What a session's ``<general>`` says about all its games."""

    __slots__ = (
        "currency",
        "game",
        "game_name",
        "gametype",
        "hero",
        "limit",
        "max_seats",
        "play_money",
        "site",
        "stakes",
        "table",
        "tournament",
        "win_has_return",
    )

    def __init__(self, general: ET.Element | None) -> None:
        gametype = _text(general, "gametype")
        self.gametype = gametype
        found = _game_words(gametype)
        self.game, self.game_name = found if found else ("", "")
        self.limit = _limit(gametype)
        stakes = _STAKES_RE.search(gametype)
        self.stakes = stakes[1] if stakes else ""
        self.table = _text(general, "tablename")
        self.hero = _text(general, "nickname")
        mode = _text(general, "mode").lower()
        self.play_money = bool(mode) and mode != "real"
        site = _text(general, "pokersite").lower().replace(" ", "")
        self.site = site or SITE
        size = _text(general, "tablesize")
        self.max_seats = int(size) if size.isdigit() else None
        code = _text(general, "tournamentcode") or _text(general, "tourcode")
        name = _text(general, "tournamentname")
        self.tournament: str | None = None
        if code or name:
            found_id = _TOURNEY_ID_RE.search(self.table) or _TOURNEY_ID_RE.search(name)
            self.tournament = code or (
                next(g for g in found_id.groups() if g) if found_id else name
            )
        currency = _text(general, "tablecurrency") or _text(general, "tournamentcurrency")
        self.currency: str | None = None
        if self.tournament is None:
            self.currency = (
                currency or currency_in(gametype, _SYMBOLS) or _text(general, "currency") or None
            )
        version = _text(general, "client_version")
        major = version.split(".", 1)[0]
        enabled = _text(general, "uncalled_bet_enabled").lower()
        self.win_has_return = not (enabled == "true" or (major.isdigit() and int(major) >= 20))


# -- one game --------------------------------------------------------------------------


def _parse_game(game: ET.Element, session: _Session, name: str, line: int, index: int) -> Hand:
    """One ``<game>`` element as a checked :class:`Hand`.

    Raises:
        ValueError: a part of the game cannot be read.
        HistoryError: the chips do not add up.
    """
    hand_id = game.get("gamecode", "")
    general = game.find("general")
    players = general.find("players") if general is not None else None
    if players is None:
        raise ValueError(f"game {hand_id} lists no players")
    places = 0
    builder = HandBuilder(source=name, line=line, index=index, site=session.site, hand_id=hand_id)
    builder.line = line
    stacks: dict[str, Decimal] = {}
    wins: dict[str, Decimal] = {}
    button: int | None = None
    for player in sorted(players.iter("player"), key=lambda p: int(p.get("seat") or 0)):
        who = player.get("name") or ""
        if not who:
            continue  # an empty seat
        seat = int(player.get("seat") or 0)
        stack, p = _amount(player.get("chips"))
        places = max(places, p)
        builder.seat(seat, who, stack)
        stacks[who] = stack
        if player.get("dealer") == "1":
            button = seat
        win = player.get("win")
        if win is None:
            raise ValueError(f"player {who!r} has no win figure (a partial export)")
        wins[who], p = _amount(win)
        places = max(places, p)

    pocket: dict[str, list[Card]] = {}
    dealt_count: dict[str, int] = {}
    actions: list[tuple[int, int, ET.Element]] = []
    boards: list[Card] = []
    for element in game.iter("round"):
        number = int(element.get("no") or 0)
        for child in element:
            if child.tag == "action":
                actions.append((number, int(child.get("no") or 0), child))
            elif child.tag == "cards":
                who = child.get("player") or ""
                known, count = _cards(child.text)
                if not who or (child.get("type") in _BOARD_TYPES and who not in stacks):
                    boards.extend(known)
                else:
                    pocket.setdefault(who, []).extend(known)
                    dealt_count[who] = dealt_count.get(who, 0) + count
    game_id, game_name = game_of(session.gametype, dealt_count)
    stud = game_id in ("stud", "stud_hilo", "razz", "five_card_stud")
    streets = (
        _FIVE_STUD_STREETS
        if game_id == "five_card_stud"
        else _STUD_STREETS
        if stud
        else _FLOP_STREETS
    )
    big_blind = ZERO if stud else _big_blind(general, session)

    actions.sort(key=_action_order)
    put_in: dict[str, Decimal] = {}
    street_top = ZERO
    current = ""
    small_posted = False
    for number, _, action in actions:
        street = streets.get(number, f"round{number}")
        if street != current:
            builder.street = street
            current = street
            street_top = ZERO
        kind = action.get("type") or ""
        who = action.get("player") or ""
        amount, p = _amount(action.get("sum") or "0")
        places = max(places, p)
        if kind == _NO_ACTION or (not amount and who not in stacks):
            continue
        before = put_in.get(who, ZERO)
        all_in = bool(amount) and who in stacks and before + amount >= stacks[who]
        recorded = len(builder.actions)
        if kind in (_FOLD, _SITTING_OUT):
            builder.fold(who)
        elif kind == _CHECK:
            builder.check(who)
        elif kind == _SMALL_BLIND or (kind == _ALL_IN and number == 0 and not small_posted):
            builder.post(ActionKind.SMALL_BLIND, who, amount, all_in=all_in)
            small_posted = True
        elif kind == _BIG_BLIND or (kind == _ALL_IN and number == 0):
            if big_blind and amount > big_blind:  # the small blind posted dead beside it
                builder.post(ActionKind.BIG_BLIND, who, big_blind)
                builder.post(ActionKind.DEAD_BLIND, who, amount - big_blind, all_in=all_in)
            else:
                builder.post(ActionKind.BIG_BLIND, who, amount, all_in=all_in)
        elif kind == _ANTE:
            builder.post(ActionKind.ANTE, who, amount, all_in=all_in)
        elif kind == _BRING_IN:
            builder.post(ActionKind.BRING_IN, who, amount, all_in=all_in)
        elif kind == _CALL:
            builder.call(who, amount, all_in=all_in)
        elif kind == _BET:
            builder.bet(who, amount, all_in=all_in)
        elif kind == _RAISE_BY:
            builder.raise_by(who, amount, all_in=all_in)
        elif kind == _RAISE_TO:
            builder.raise_to(who, amount, all_in=all_in)
        elif kind == _ALL_IN:
            record_all_in(builder, who, amount, street_top)
        elif amount:
            raise ValueError(f"action type {kind!r} of {who!r} is not known")
        for added in builder.actions[recorded:]:
            if added.amount:
                put_in[who] = put_in.get(who, ZERO) + added.amount
                if not added.kind.dead:
                    street_top = max(street_top, builder.on_street(who))

    _showdown(builder, session, pocket, dealt_count, game_id)
    if boards:
        builder.set_board(boards)
    rake = _settle(builder, wins, session.win_has_return)
    unit = _unit(places, session.tournament is not None)
    return builder.build(
        game=game_id,
        game_name=game_name,
        limit=session.limit,
        stakes=session.stakes,
        table=session.table,
        currency=session.currency,
        tournament=session.tournament,
        play_money=session.play_money,
        unit=unit,
        max_seats=session.max_seats,
        button=None if stud else button,
        rake=rake,
    )


def _action_order(item: tuple[int, int, ET.Element]) -> tuple[int, int]:
    """Actions in the order they were taken: by round, then by number."""
    return item[0], item[1]


def _big_blind(general: ET.Element | None, session: _Session) -> Decimal:
    """The big blind of the game (its own ``<bigblind>``, else the game type's stakes)."""
    own = _text(general, "bigblind")
    if own:
        return _amount(own)[0]
    if session.stakes and session.limit != "Limit":
        try:
            return _amount(session.stakes.split("/")[1])[0]
        except ValueError:
            return ZERO
    if session.stakes and session.limit == "Limit":
        try:
            return _amount(session.stakes.split("/")[0])[0]
        except ValueError:
            return ZERO
    return ZERO


def game_of(gametype: str, dealt: dict[str, int]) -> tuple[str, str]:
    """The game id and name of a game type's words (``Omaha PL €0.10/€0.20``), sharpened
    (or found, when the words name no game) by the most hole cards dealt to a player.

    Raises:
        ValueError: neither the words nor the cards tell the game.

    >>> game_of("PL €2/€4", {"Ann": 5}), game_of("Omaha HiLow PL €5/€10", {"Ann": 4})
    (('omaha5', '5 Card Omaha'), ('omaha_hilo', 'Omaha Hi/Lo'))
    """
    found = _game_words(gametype)
    game, name = found if found else ("", "")
    counts = [n for n in dealt.values() if n]
    most = max(counts) if counts else 0
    if game == "omaha" and most in _OMAHA_SIZES:
        return _OMAHA_SIZES[most], f"{most} Card Omaha"
    if game == "omaha_hilo" and most in _HILO_SIZES and most != 4:
        return _HILO_SIZES[most], f"{most} Card Omaha Hi/Lo"
    if game:
        return game, name
    if most in _BY_HOLE_CARDS:
        game = _BY_HOLE_CARDS[most]
        return game, "Hold'em" if most == 2 else f"{most} Card Omaha"
    raise ValueError(f"the game type {gametype!r} names no game")


def hole_cards_of(game: str) -> int:
    """How many cards make a player's whole hand in a game (0 when unknown)."""
    return _HOLE_CARDS.get(game, 0)


_HOLE_CARDS: Final = {
    "holdem": 2,
    "sixplus": 2,
    "omaha": 4,
    "omaha_hilo": 4,
    "omaha5": 5,
    "omaha5_hilo": 5,
    "omaha6": 6,
    "omaha6_hilo": 6,
    "stud": 7,
    "stud_hilo": 7,
    "razz": 7,
    "five_card_stud": 5,
}


def _showdown(
    builder: HandBuilder,
    session: _Session,
    pocket: dict[str, list[Card]],
    dealt: dict[str, int],
    game: str,
) -> None:
    """The cards seen: the owner's are dealt to him; a player still in at the end whose
    whole hand is written showed it."""
    folded = {a.player for a in builder.actions if a.kind is ActionKind.FOLD}
    active = {a.player for a in builder.actions}
    contenders = [s.name for s in builder.seats if s.name in active and s.name not in folded]
    full = _HOLE_CARDS.get(game, 0)
    for who, known in pocket.items():
        if not known or not builder.seated(who):
            continue
        cards = tuple(known)
        if who == session.hero or len(cards) < full:
            builder.deal(who, cards)
    if len(contenders) < 2:
        return
    builder.street = "showdown"
    for who in contenders:
        known = pocket.get(who, [])
        if full and len(known) == full:
            builder.show(who, tuple(known))


def _settle(builder: HandBuilder, wins: dict[str, Decimal], has_return: bool) -> Decimal:
    """Record the uncalled bet and each player's collection, and give the rake: what the
    actions put in less what the ``win`` figures paid back.

    ``win`` holds the uncalled bet (``has_return``) or leaves it out; when the figures
    allow only the other reading, it is taken. (The ``bet`` figures are not used: some
    exports count a blind twice in them when its owner raised.) Figures that pay out more
    than went in leave no rake, and the hand does not add up.
    """
    live: dict[str, Decimal] = {}
    total_in = ZERO
    for action in builder.actions:
        if action.amount:
            total_in += action.amount
            if not action.kind.dead:
                live[action.player] = live.get(action.player, ZERO) + action.amount
    # dead money (antes, a dead blind) is never matched and never returned
    stakes = sorted(live.items(), key=lambda item: item[1], reverse=True)
    back_to, back = "", ZERO
    if len(stakes) >= 2 and stakes[0][1] > stakes[1][1]:
        back_to, back = stakes[0][0], stakes[0][1] - stakes[1][1]
    elif len(stakes) == 1 and stakes[0][1] > 0:
        back_to, back = stakes[0]
    total_win = sum(wins.values(), ZERO)
    with_return = has_return
    if back:
        fits_with = wins.get(back_to, ZERO) >= back and total_in >= total_win
        fits_without = total_in >= total_win + back
        if with_return and not fits_with and fits_without:
            with_return = False
        elif not with_return and not fits_without and fits_with:
            with_return = True
        builder.returned(back_to, back)
    for seat in builder.seats:
        won = wins.get(seat.name, ZERO)
        if with_return and seat.name == back_to:
            won -= back
        if won > 0:
            builder.collect(seat.name, won)
    rake = total_in - total_win - (ZERO if with_return else back)
    return rake if rake > 0 else ZERO


def _unit(places: int, tournament: bool) -> Decimal:
    """The history's unit: its finest decimals, and at least cents in a cash game."""
    finest = ONE.scaleb(-places) if places else ONE
    return finest if tournament else min(finest, CENT)


# -- the reader ------------------------------------------------------------------------


class IPokerReader(Reader):
    """The reader of iPoker XML sessions, one ``<game>`` at a time.

    The stream is read line by line and cut at each ``<game ...>`` and its
    ``</game>``: each game's text is parsed on its own (one game in memory,
    however long the session), the text between games (a session's
    ``<general>``, a new ``<?xml`` document of an archive) gives the session's
    facts. A game whose XML is broken is unreadable and the next one is read;
    a game the file stops inside is cut off.
    """

    def _entries(self, stream: IO[str], name: str) -> Iterator[Hand | HistoryError]:
        session = _Session(None)
        outside: list[str] = []  # text between games (a session's header)
        inside: list[str] = []  # the text of the game being read
        in_game = False
        game_line = 0
        index = 0
        seen = False
        find_open = _GAME_OPEN_RE.search
        for number, line in enumerate(stream, start=1):
            position = 0
            while True:
                if in_game:
                    end = line.find("</game>", position)
                    if end < 0:
                        inside.append(line[position:] if position else line)
                        break
                    end += 7
                    inside.append(line[position:end])
                    in_game = False
                    yield _read_game("".join(inside), session, name, game_line, index)
                    index += 1
                    inside = []
                    position = end
                else:
                    found = find_open(line, position)
                    if found is None:
                        if position == 0:
                            outside.append(line)
                        else:
                            outside.append(line[position:])
                        break
                    outside.append(line[position : found.start()])
                    if len(outside) > 1 or outside[0].strip():
                        header = "".join(outside)
                        if "<general" in header or "<session" in header:
                            session = _session_of(header, session)
                        elif not seen and header.strip():
                            yield not_a_history(name, 1)
                    outside = []
                    seen = True
                    in_game = True
                    game_line = number
                    position = found.start()
        if in_game:
            yield cut_off(
                file=name,
                line=game_line,
                hand=_game_code(inside),
                site=session.site,
                game=session.game,
            )
        elif not seen:
            yield not_a_history(name, 1)


def _game_code(text: list[str]) -> str:
    found = _GAME_CODE_RE.search(text[0]) if text else None
    return found[1] if found else ""


def _session_of(header: str, before: _Session) -> _Session:
    """The session a header opens (the last ``<general>`` after a ``<session``); the one
    before when the text holds none (whitespace, closing tags)."""
    start = header.rfind("<session")
    found = _GENERAL_RE.search(header, max(start, 0))
    if found is None:
        return before if start < 0 else _Session(None)
    try:
        return _Session(ET.fromstring(found[0]))
    except ET.ParseError:
        return _Session(None)


def _read_game(
    text: str, session: _Session, name: str, line: int, index: int
) -> Hand | HistoryError:
    """One game's text as a hand, or the error that replaces it."""
    try:
        return _parse_game(ET.fromstring(text), session, name, line, index)
    except Exception as error:  # a bad game never stops the file
        code = _GAME_CODE_RE.search(text)
        return read_error(
            error,
            file=name,
            line=line,
            hand=code[1] if code else "",
            site=session.site,
            game=session.game,
        )


parse_ipoker_amount: Final = _amount
"""An amount as iPoker writes it, with its decimals (for :mod:`showdown.history.ipoker_text`)."""
parse_ipoker_card: Final = _card
"""A card as iPoker writes it, None for ``X``."""
limit_of: Final = _limit
"""The limit a game type's words name."""
settle: Final = _settle
"""Record the uncalled bet and the collections of a hand from its ``win`` figures."""
unit_of: Final = _unit
"""A history's unit from its finest decimals."""


read: Final = IPokerReader
"""The hands of an iPoker XML file or stream, one at a time."""


FORMAT: Final = Format(name="ipoker_xml", rooms=(SITE,), recognise=recognise, read=read)
"""iPoker's XML sessions."""
