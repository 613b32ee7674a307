"""iPoker text hand histories (the ``GAME #`` layout PokerTracker 4 and the client export).

Beside its XML sessions (:mod:`showdown.history.ipoker`), the iPoker network's
hands are kept as text, one hand after another, blank lines between::

    GAME #81621568 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26 22:40:05/GMT
    Table Barghe
    Seat 1: czarlando (€2.27 in chips) DEALER
    Seat 3: ken1950 (€1.94 in chips)
    ken1950: Post SB €0.01
    czarlando: Post BB €0.02
    *** HOLE CARDS ***
    Dealt to czarlando [SQ DQ]
    ken1950: Raise (NF) €0.06
    czarlando: Call €0.04
    *** FLOP *** [S3 S9 C4]
    ...
    *** SUMMARY ***
    Total pot €0.12 Rake €0.00
    czarlando: Shows [SQ DQ] One Pair, Queens
    czarlando: wins €0.12

What the real files say (2011-2021): older hands have no ``Version:``
(``GAME #2978859505: Texas Hold'em  NL $0.05/$0.10 2011-10-12 02:52:19``);
``Raise (NF) x`` (or ``Raise x``) raises *to* x on the street, ``Call``,
``Bet`` and ``Allin`` say what went in; ``Post BB`` of more than the big
blind is the small blind posted dead beside it; cards are suit first
(``SA``, ``H10``, ``dJ``), ``X`` unknown. ``Total pot`` is after the rake,
``wins`` what a player got back: his uncalled bet included, unless the
header says ``Uncalled:Y`` (then the bet nobody called is left out of both).

>>> import io
>>> text = '''GAME #7 Version:20.1 Uncalled:Y Texas Hold'em NL $0.01/$0.02 2021-04-06 03:09:09/GMT
... Table Alpha
... Seat 1: Ann ($2.00 in chips) DEALER
... Seat 2: Bob ($2.00 in chips)
... Ann: Post SB $0.01
... Bob: Post BB $0.02
... *** HOLE CARDS ***
... Ann: Raise (NF) $0.06
... Bob: Fold
... *** SUMMARY ***
... Total pot $0.04 Rake $0.00
... Ann: wins $0.04
... '''
>>> [hand] = read(io.StringIO(text))
>>> hand.site, hand.returned(), hand.collected()
('ipoker', {'Ann': Decimal('0.04')}, {'Ann': Decimal('0.04')})
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from showdown.cards import Card
from showdown.errors import HistoryError
from showdown.history.amounts import ZERO, currency_in
from showdown.history.formats import Format, HandBuilder, cut_off, read_error
from showdown.history.ipoker import (
    SITE,
    game_of,
    hole_cards_of,
    limit_of,
    parse_ipoker_amount,
    parse_ipoker_card,
    settle,
    unit_of,
)
from showdown.history.layout import BRACKETS_RE, street_words
from showdown.history.linereader import HeldLines, LineReader, record_all_in
from showdown.history.model import ActionKind, Hand

__all__ = ["FORMAT", "IPokerTextReader", "read", "recognise"]


_HEADER_RE: Final = re.compile(
    r"^GAME #(?P<id>\d+):?\s+(?:Version:(?P<version>\S+)\s+)?(?:Uncalled:(?P<uncalled>\w)\s+)?"
    r"(?P<game>.*?)\s+(?P<date>\d{4}[-/.]\d{2}[-/.]\d{2}\s+\d{1,2}:\d{2}(?::\d{2})?)(?:/\w+)?\s*$"
)
_RECOGNISE_RE: Final = re.compile(r"^GAME #\d+(?::\s| Version:)", re.M)
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+?) \(([^()]*?) in chips\)(.*)$")
_STREET_RE: Final = re.compile(r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SUMMARY) \*\*\*(.*)$")
_ACTION_RE: Final = re.compile(
    r"^(?P<who>.+?): (?P<verb>Post SB|Post BB|Post Ante|Post|Fold|Check|Call|Bet|"
    r"Raise(?: \(NF\))?|All-?in(?:\(raise\))?|Allin|Shows|Mucks|wins)\b ?(?P<rest>.*)$"
)
_DEALT_RE: Final = re.compile(r"^Dealt to (.+?) \[([^\]]*)\]")
_UNCALLED_RE: Final = re.compile(r"^Uncalled bet \((.+?)\) returned to (.+)$")
_POT_RE: Final = re.compile(r"^Total pot (\S+)(?: Rake (\S+))?")
_TABLE_RE: Final = re.compile(r"^Table (?!Size |Info:)(.+)$")
_SIZE_RE: Final = re.compile(r"^Table (?:Size |Info: Size: )(\d+)")
_TOURNEY_RE: Final = re.compile(r",\s*(\d+)\s*(?:\(Tournament|$)")
_STAKES_RE: Final = re.compile(r"(\S*\d[\d.,]*\S*/\S*\d[\d.,]*\S*)")
_STREETS: Final = street_words({"HOLE CARDS": "preflop"})


def recognise(start: str) -> bool:
    """Whether a file's first characters are iPoker text hands.

    >>> recognise("GAME #81 Version:18.5 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26 22:40"
    ...           "\\nTable Barghe\\nSeat 1: Ann (€2 in chips)\\nAnn: Post SB €0.01")
    True
    >>> recognise("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    False
    """
    found = _RECOGNISE_RE.search(start)
    return found is not None and ": Post " in start[found.start() :]


class _Lines(HeldLines):
    """One hand's lines (its blank lines too), read once the hand ends."""

    site = SITE

    def read(self, source: str, index: int) -> Hand | HistoryError:
        return _read_hand([text for _, text in self.lines], source, self.line, index)


class IPokerTextReader(LineReader[_Lines]):
    """The reader of iPoker ``GAME #`` text hands (one hand's lines held at a time)."""

    starts = "GAME #"
    marks = True
    blanks = True
    empty_is_stray = True

    def _open(self, number: int, text: str, hand: _Lines | None) -> _Lines | None:
        return _Lines(number, text) if _HEADER_RE.match(text) else None


def _read_hand(lines: list[str], name: str, start: int, index: int) -> Hand | HistoryError:
    header = _HEADER_RE.match(lines[0])
    hand_id = header["id"] if header else ""
    if not any(line.startswith("*** SUMMARY ***") for line in lines):
        return cut_off(file=name, line=start, hand=hand_id, site=SITE, game="")
    try:
        return _parse(lines, name, start, index)
    except Exception as error:  # a bad hand never stops the file
        return read_error(error, file=name, line=start, hand=hand_id, site=SITE, game="")


def _cards(text: str) -> tuple[list[Card], int]:
    tokens = text.split()
    known = [card for card in map(parse_ipoker_card, tokens) if card is not None]
    return known, len(tokens)


def _parse(lines: list[str], name: str, start: int, index: int) -> Hand:
    header = _HEADER_RE.match(lines[0])
    if header is None:  # pragma: no cover - the splitter checked it
        raise ValueError(f"{lines[0]!r} is not a header")
    game_words = header["game"]
    tournament_hand = "tournament" in game_words.lower()
    stakes_found = _STAKES_RE.search(game_words)
    stakes = stakes_found[1] if stakes_found else ""
    limit = limit_of(game_words)
    big_blind = ZERO
    if stakes and limit != "Limit":
        big_blind = parse_ipoker_amount(stakes.split("/")[1])[0]
    elif stakes:
        big_blind = parse_ipoker_amount(stakes.split("/")[0])[0]
    builder = HandBuilder(source=name, line=start, index=index, site=SITE, hand_id=header["id"])
    builder.line = start
    places = 0
    stacks: dict[str, Decimal] = {}
    wins: dict[str, Decimal] = {}
    written_back: list[tuple[str, Decimal]] = []
    shown: dict[str, list[Card]] = {}
    mucked: dict[str, list[Card]] = {}
    pocket: dict[str, list[Card]] = {}
    dealt: dict[str, int] = {}
    boards: list[Card] = []
    button: int | None = None
    table = ""
    max_seats: int | None = None
    tournament: str | None = None
    stated_rake: Decimal | None = None
    put_in: dict[str, Decimal] = {}
    street_top = ZERO
    summary = False
    for offset, line in enumerate(lines[1:], start=1):
        builder.line = start + offset
        if not line:
            continue
        street = _STREET_RE.match(line)
        if street:
            if street[1] == "SUMMARY":
                summary = True
                continue
            builder.street = _STREETS[street[1]]
            street_top = ZERO
            for group in BRACKETS_RE.findall(street[2]):
                boards.extend(_cards(group)[0])
            continue
        seat = _SEAT_RE.match(line)
        if seat and not summary:
            who, (stack, p) = seat[2], parse_ipoker_amount(seat[3])
            places = max(places, p)
            builder.seat(int(seat[1]), who, stack)
            stacks[who] = stack
            if "DEALER" in seat[4]:
                button = int(seat[1])
            continue
        size = _SIZE_RE.match(line)
        if size:
            max_seats = int(size[1])
            continue
        table_line = _TABLE_RE.match(line)
        if table_line and not table:
            table = table_line[1]
            if tournament_hand:
                found = _TOURNEY_RE.search(table)
                tournament = found[1] if found else table
            continue
        pot = _POT_RE.match(line)
        if pot:
            if pot[2]:
                stated_rake, p = parse_ipoker_amount(pot[2])
            continue
        dealt_to = _DEALT_RE.match(line)
        if dealt_to:
            known, count = _cards(dealt_to[2])
            pocket[dealt_to[1]] = known
            dealt[dealt_to[1]] = count
            builder.deal(dealt_to[1], tuple(known))
            continue
        back = _UNCALLED_RE.match(line)
        if back:
            amount = parse_ipoker_amount(back[1])[0]
            written_back.append((back[2], amount))
            continue
        action = _ACTION_RE.match(line)
        if action is None:
            if line.endswith(":") and line[:-1] in stacks:
                continue  # a seat that did nothing this hand (sitting out)
            raise ValueError(f"{line!r} is not an action this reader knows")
        who, verb, rest = action["who"], action["verb"], action["rest"]
        if verb in ("Shows", "Mucks"):
            group = BRACKETS_RE.search(rest)
            known, count = _cards(group[1] if group else "")
            dealt[who] = max(dealt.get(who, 0), count)
            (shown if verb == "Shows" else mucked)[who] = known
            continue
        amount = ZERO
        if rest:
            figure = rest.split()[-1]
            if any(ch.isdigit() for ch in figure):
                amount, p = parse_ipoker_amount(figure)
                places = max(places, p)
        if verb == "wins":
            wins[who] = wins.get(who, ZERO) + amount
            continue
        all_in = "allin" in rest.lower() or verb.lower().startswith("all")
        if who in stacks and amount and put_in.get(who, ZERO) + amount >= stacks[who]:
            all_in = True
        recorded = len(builder.actions)
        if verb == "Fold":
            builder.fold(who)
        elif verb == "Check":
            builder.check(who)
        elif verb == "Post SB":
            builder.post(ActionKind.SMALL_BLIND, who, amount, all_in=all_in)
        elif verb == "Post BB" or verb == "Post":
            if big_blind and amount > big_blind:  # the small blind posted dead beside it
                builder.post(ActionKind.BIG_BLIND, who, big_blind)
                builder.post(ActionKind.DEAD_BLIND, who, amount - big_blind, all_in=all_in)
            else:
                builder.post(ActionKind.BIG_BLIND, who, amount, all_in=all_in)
        elif verb == "Post Ante":
            builder.post(ActionKind.ANTE, who, amount, all_in=all_in)
        elif verb == "Call":
            builder.call(who, amount, all_in=all_in)
        elif verb == "Bet":
            builder.bet(who, amount, all_in=all_in)
        elif verb.startswith("Raise"):
            builder.raise_to(who, amount, all_in=all_in)
        else:  # Allin: what went in, a bet, a call or a raise by it
            record_all_in(builder, who, amount, street_top)
        for added in builder.actions[recorded:]:
            if added.amount:
                put_in[who] = put_in.get(who, ZERO) + added.amount
                if not added.kind.dead:
                    street_top = max(street_top, builder.on_street(who))

    game_id, game_name = game_of(game_words, dealt)
    full = hole_cards_of(game_id)
    folded = {a.player for a in builder.actions if a.kind is ActionKind.FOLD}
    active = {a.player for a in builder.actions}
    contenders = [s.name for s in builder.seats if s.name in active and s.name not in folded]
    if len(contenders) > 1:
        builder.street = "showdown"
        for who in contenders:
            if who in shown and len(shown[who]) == full:
                builder.show(who, tuple(shown[who]))
            elif who in mucked:
                builder.muck(who, tuple(mucked[who]) if len(mucked[who]) == full else ())
    if boards:
        builder.set_board(boards)
    if written_back:
        for who, amount in written_back:
            builder.returned(who, amount)
        for who, won in wins.items():
            if won > 0:
                builder.collect(who, won)
        rake = stated_rake if stated_rake is not None else ZERO
    else:
        has_return = (header["uncalled"] or "").upper() != "Y"
        rake = settle(builder, wins, has_return)
        if stated_rake is not None and stated_rake != rake:
            rake = stated_rake  # the figures disagree: the hand will not add up
    return builder.build(
        game=game_id,
        game_name=game_name,
        limit=limit,
        stakes=stakes,
        table=table,
        currency=None if tournament_hand else currency_in(game_words, _SYMBOLS),
        tournament=tournament,
        unit=unit_of(places, tournament_hand),
        max_seats=max_seats,
        button=button,
        rake=rake,
    )


_SYMBOLS: Final = (("€", "EUR"), ("£", "GBP"), ("$", "USD"), ("RSD", "RSD"))


read: Final = IPokerTextReader
"""The hands of an iPoker text file or stream, one at a time."""


FORMAT: Final = Format(name="ipoker_text", rooms=(SITE,), recognise=recognise, read=read)
"""iPoker's ``GAME #`` text hands."""
