"""The audit: re-decide every recorded showdown and compare with what the room paid.

For each hand that reached a showdown, :func:`audit` builds the showdown
(:func:`~showdown.history.model.hand_to_showdown`), resolves it, and compares,
player by player, what the history says he got back (pot collections plus returned
uncalled bets) with what the rules pay. The verdict is ``'agree'``,
``'disagree'``, ``'unsupported'`` (a game showdown does not deal, or cards
the history does not show) or ``'error'`` (a hand that could not be read or
decided), with the reason.

Known differences of the rooms, and what the audit does about them:

* **Rake per pot.** With side pots, PokerStars and GGPoker take the rake
  pot by pot as the pot grows (the summary lists each pot after rake), Full
  Tilt took it from the main pot; showdown's default takes it in proportion
  to the pots' sizes. The house's cut of each pot is the house's business,
  not a showdown rule, so the audit takes the rake of each pot as the room
  states it (the reason says so) and decides who wins each pot's remainder.
* **Odd chips of a coarser chip.** PokerStars has split tied pots in a chip
  coarser than a cent (four winners of $1.90 at $0.25/$0.50 were paid
  0.50, 0.50, 0.45, 0.45: odd chips of $0.05). When every amount of the
  hand is a multiple of a usual chip and the rules with that chip as the
  unit pay exactly what the room paid, the hand agrees and the reason names
  the chip (Robert's Rules: the odd chip is the smallest unit used in the
  game).
* **Rake from the winners' shares.** When no chip explains unequal shares
  of a raked tie, the disagreement's reason says which winners' shares
  paid the rake (the pot split before the rake).
* **Rake per pot, not stated.** When the summary lists no pots (GGPoker) and
  a main and a side pot have different winners, the division of the rake
  between them that pays exactly what the room paid is taken as the room's.
* **Hands written in part.** A contender whose cards are only partly written
  is decided when every card the rest could be pays the same; otherwise a
  hand shown only in part concedes (Robert's Rules: to win, a player must
  show all of his cards).
* **36-card Hold'em's two orders.** A hand paid as the other order of three
  of a kind and a straight decides (RULES.md §6) is the room applying it.
* **No "Uncalled bet" line.** Early PokerStars histories leave out the
  return of a bet that only all-in players called; the reader adds it when
  it is exactly what the chips lack (:meth:`Hand.with_unwritten_return`).

The JSON record of a verdict (:meth:`Verdict.to_json`) is the stable contract
of ``showdown audit --json``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import functools
import io
import itertools
import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import IO, Any, Final, NamedTuple

from showdown.cards import Card
from showdown.errors import HistoryError, Message, ShowdownError, Term
from showdown.games import get_game
from showdown.history._lean import Lean, lean_audit
from showdown.history._quick import Quick, quick_payouts
from showdown.history._quick import room_pot_rakes as _room_pot_rakes
from showdown.history._text import (
    HEADER_STARTS,
    SEPARATOR_RE,
    Dialect,
    not_a_history,
    open_text,
    parse_hand,
    raw_hands,
    sniff_encoding,
)
from showdown.history.amounts import ZERO
from showdown.history.formats import SNIFF_CHARS
from showdown.history.model import HOUSE, Hand, hand_to_showdown
from showdown.history.reader import (
    DIALECTS,
    Identity,
    find_histories,
    identify,
    read,
    start_of,
    unread_error,
)
from showdown.i18n import N_
from showdown.pots import PotResult, Showdown, ShowdownResult, resolve

__all__ = [
    "PlayerVerdict",
    "Report",
    "Tally",
    "Verdict",
    "agree_players",
    "agree_verdict",
    "audit",
    "audit_entries",
    "audit_paths",
    "audit_report",
    "format_amount",
    "json_line",
    "room_pot_rakes",
    "unread_record",
    "unstated_pot_rakes",
]

_AND: Final = N_("{head}; {tail}")
"""How the parts of a reason are joined (a catalogue message: the languages keep it)."""
_LIST: Final = N_("{head}, {tail}")
AGREE: Final = "agree"
DISAGREE: Final = "disagree"
UNSUPPORTED: Final = "unsupported"
ERROR: Final = "error"


def format_amount(value: Decimal | int, unit: Decimal) -> str:
    """An amount written in the history's unit (``'0.47'``, ``'2630000'``).

    >>> format_amount(Decimal("0.5"), Decimal("0.01")), format_amount(2630000, Decimal(1))
    ('0.50', '2630000')
    """
    return str(Decimal(value).quantize(unit))


@dataclass(frozen=True, slots=True)
class PlayerVerdict:
    """One player's two amounts: what the room gave back, what the rules give back."""

    name: str
    recorded: Decimal
    resolved: Decimal

    @property
    def difference(self) -> Decimal:
        """Resolved minus recorded: what the room still owes him (negative: overpaid)."""
        return self.resolved - self.recorded


@dataclass(frozen=True, slots=True)
class Verdict:
    """The audit of one hand.

    Attributes:
        file: the file as found.
        hand: the site's hand id.
        site: the site.
        game: the showdown game id.
        verdict: ``'agree'``, ``'disagree'``, ``'unsupported'`` or ``'error'``.
        players: each player's recorded and resolved amounts, in seat order.
        rake: the house's take.
        unit: the history's unit.
        reason: why (None when the room and the rules agree with nothing to say).
        line: the hand's first line in the file.
        explanations: the explanation of each pot (for people).
    """

    file: str
    hand: str
    site: str
    game: str
    verdict: str
    players: tuple[PlayerVerdict, ...] = ()
    rake: Decimal = ZERO
    unit: Decimal = Decimal(1)
    reason: str | None = None
    line: int = 0
    explanations: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The record of ``showdown audit --json`` (keys in this order, amounts as texts)."""
        return {
            "file": self.file,
            "hand": self.hand,
            "site": self.site,
            "game": self.game,
            "verdict": self.verdict,
            "players": {
                p.name: {
                    "recorded": format_amount(p.recorded, self.unit),
                    "resolved": format_amount(p.resolved, self.unit),
                }
                for p in self.players
            },
            "rake": format_amount(self.rake, self.unit),
            "reason": self.reason,
        }


def _error_verdict(error: HistoryError) -> Verdict:
    # A PHH hand that records no outcome (the HandHQ sets leave ``winnings`` out
    # of their showdown hands) holds nothing to compare: unsupported, not a failure.
    return Verdict(
        error.file,
        error.hand,
        error.site,
        error.game,
        UNSUPPORTED if error.kind == "no outcome" else ERROR,
        reason=Message("{kind}: {reason}", kind=Term(error.kind), reason=error.reason),
        line=error.line,
    )


def _error_reason(error: ShowdownError) -> Message:
    """``CardCountError: ...``: a failure of showdown on the hand, its message translatable."""
    return Message("{kind}: {error}", kind=type(error).__name__, error=error)


def _some_cards(cards: dict[str, tuple[Card, ...]], of: int) -> str:
    """``Ann (2 of 4), Bob (3 of 4)``: the players and how many of their cards are written."""
    return Message.joined(
        [
            Message("{name} ({count} of {cards})", name=name, count=len(shown), cards=of)
            for name, shown in cards.items()
        ],
        _LIST,
    )


def audit_entries(
    entries: Iterable[Hand | HistoryError], *, lang: str = "en"
) -> Iterator[tuple[Hand | HistoryError, Verdict | None]]:
    """Each entry with its verdict (None for a hand with no showdown, or a file that is no history).

    A hand that could not be read (cut off, chips that do not add up) gets
    an ``'error'`` verdict in its place when what was read shows it reached a
    showdown; one that broke off before any showdown is a skipped hand, counted
    by its reason (:class:`Tally` keeps its message), so nothing is skipped
    silently. The pots' explanations of a disagreement are written in ``lang``.
    """
    for entry in entries:
        if isinstance(entry, HistoryError):
            if entry.kind == "not a history" or not entry.showdown:
                yield entry, None
            else:
                yield entry, _error_verdict(entry)
        elif not entry.reached_showdown:
            yield entry, None
        else:
            yield entry, _audit_safely(entry, lang)


def _audit_safely(hand: Hand, lang: str = "en") -> Verdict:
    """:func:`audit_hand`, where even a failure of showdown itself is one hand's error record.

    A million-hand audit must not stop at one hand: anything unexpected is
    reported in that hand's verdict (with the exception's type) and the run
    goes on.
    """
    try:
        return audit_hand(hand, lang=lang)
    except Exception as error:  # reported in the record, never swallowed
        return Verdict(
            hand.source,
            hand.hand_id,
            hand.site,
            hand.game,
            ERROR,
            reason=Message(
                "showdown failed on this hand: {kind}: {error}",
                kind=type(error).__name__,
                error=str(error),
            ),
            rake=hand.rake,
            unit=hand.unit,
            line=hand.line,
        )


def audit(hands: Iterable[Hand | HistoryError]) -> Iterator[Verdict]:
    """A verdict for every hand that reached a showdown (and for every unreadable hand).

    >>> from showdown.history.reader import read_text
    >>> hands = read_text('''PokerStars Hand #9: Hold'em No Limit (10/20) - 2024/01/02 20:00:00 ET
    ... Table 'T' 9-max Seat #1 is the button
    ... Seat 1: Ann (1000 in chips)
    ... Seat 2: Bob (1000 in chips)
    ... Ann: posts small blind 10
    ... Bob: posts big blind 20
    ... *** HOLE CARDS ***
    ... Ann: raises 980 to 1000 and is all-in
    ... Bob: calls 980 and is all-in
    ... *** FLOP *** [2c 7d Js]
    ... *** TURN *** [2c 7d Js] [8h]
    ... *** RIVER *** [2c 7d Js 8h] [Qs]
    ... *** SHOW DOWN ***
    ... Ann: shows [As Ad] (a pair of Aces)
    ... Bob: shows [Kc Kd] (a pair of Kings)
    ... Ann collected 2000 from pot
    ... *** SUMMARY ***
    ... Total pot 2000 | Rake 0
    ... ''')
    >>> [v.to_json() for v in audit(hands)]  # doctest: +NORMALIZE_WHITESPACE
    [{'file': '<text>', 'hand': '9', 'site': 'pokerstars', 'game': 'holdem', 'verdict': 'agree',
      'players': {'Ann': {'recorded': '2000', 'resolved': '2000'},
                  'Bob': {'recorded': '0', 'resolved': '0'}}, 'rake': '0', 'reason': None}]
    """
    for _, verdict in audit_entries(hands):
        if verdict is not None:
            yield verdict


def audit_hand(hand: Hand, *, quick: bool = True, lang: str = "en") -> Verdict:
    """The verdict on one hand that reached a showdown.

    A plain showdown the room paid as the rules do is decided by the fast
    path (:mod:`showdown.history._quick`, whole units, no result objects);
    every other hand, or every hand with ``quick=False``, by
    :func:`~showdown.pots.resolve`. Both give the same verdict. The pots'
    explanations of a disagreement are written in ``lang``; the reason is English
    as a text and says itself in any language (a :class:`~showdown.errors.Message`).
    """
    fast: Quick | None = None
    if quick:
        fast = quick_payouts(hand)
        if fast is not None:
            done = _quick_verdict(hand, fast)
            if done is not None:
                return done
    base = Verdict(
        hand.source,
        hand.hand_id,
        hand.site,
        hand.game,
        ERROR,
        rake=hand.rake,
        unit=hand.unit,
        line=hand.line,
    )
    recorded = hand.received()
    try:
        showdown = hand_to_showdown(hand)
    except HistoryError as error:
        verdict = UNSUPPORTED if error.kind == "unsupported game" else ERROR
        return dataclasses.replace(base, verdict=verdict, reason=error.reason)
    except ShowdownError as error:
        return dataclasses.replace(base, reason=_error_reason(error))
    missing = [
        p.name
        for p in showdown.players
        if p.in_hand and not p.cards and sum(q.in_hand for q in showdown.players) > 1
    ]
    unseen_note = None
    if missing:
        try:
            completed = _decided_whatever_unseen(hand, showdown, missing)
        except ShowdownError:
            completed = None
        if completed is None:
            completed = _partly_shown_concede(hand, showdown, missing)
        if completed is None:
            return dataclasses.replace(
                base,
                verdict=UNSUPPORTED,
                reason=Message(
                    "the cards of {names} are not shown in the history", names=", ".join(missing)
                ),
                players=_players(hand, recorded, {}),
            )
        showdown, unseen_note = completed
    if fast is not None and not missing:
        # the fast path decided this very showdown (the room paid otherwise): what it
        # pays, and its note, are resolve's (its tests compare them)
        paid = fast.paid
        rakes = fast.room_rakes
        note = None if rakes is None else _rake_note(hand.site, hand.unit, rakes)
    else:
        try:
            result = resolve(showdown, explain=False)  # texts only when they are needed
            paid, note = _room_rake(hand, showdown, result)
        except ShowdownError as error:
            return dataclasses.replace(
                base,
                reason=_error_reason(error),
                players=_players(hand, recorded, {}),
            )
    if unseen_note is not None:
        note = Message(_AND, head=note, tail=unseen_note) if note else unseen_note
    players = _players(hand, recorded, paid)
    agree = all(p.recorded == p.resolved for p in players)
    reason = note
    # the fast path may decide the trials of a showdown as the hand reads (not one
    # completed for unseen cards): it pays what resolve pays, or leaves it to resolve
    as_read = quick and not missing
    if not agree:
        chipped = _with_coarser_chip(hand, showdown, recorded, fast=as_read)
        if chipped is not None:
            paid, chip = chipped
            players = _players(hand, recorded, paid)
            agree = True
            odd = Message(
                "odd chips of {chip}: {site} split a tied pot in the smallest chip the hand's "
                "amounts use, not in {unit} (Robert's Rules: the odd chip is the smallest unit "
                "used in the game)",
                chip=format_amount(chip, hand.unit),
                site=hand.site,
                unit=format_amount(hand.unit, hand.unit),
            )
            reason = Message.joined([part for part in (note, odd) if part], _AND)
    if not agree:
        for attempt in (
            _other_short_deck_order,
            functools.partial(_unstated_pot_rakes, fast=as_read),
        ):
            found = attempt(hand, showdown, recorded)
            if found is not None:
                paid, why = found
                players = _players(hand, recorded, paid)
                agree = True
                reason = Message.joined([part for part in (note, why) if part], _AND)
                break
    if not agree:
        differences = Message(
            "{differences} (resolved minus recorded)",
            differences=", ".join(
                f"{p.name} {'+' if p.difference > 0 else ''}"
                f"{format_amount(p.difference, hand.unit)}"
                for p in players
                if p.difference
            ),
        )
        reason = Message.joined([part for part in (differences, note) if part], _AND)
    if not agree:
        uneven = _rake_from_winners(hand, showdown, players)
        if uneven is not None:
            reason = Message(_AND, head=reason, tail=uneven)
        result = resolve(showdown, lang=lang)
    return dataclasses.replace(
        base,
        verdict=AGREE if agree else DISAGREE,
        players=players,
        reason=reason,
        explanations=tuple(pot.explanation for pot in result.pots) if not agree else (),
    )


def _quick_verdict(hand: Hand, found: Quick) -> Verdict | None:
    """The 'agree' verdict from the fast path's payouts; None when the room paid otherwise."""
    return agree_verdict(
        hand.source,
        hand.hand_id,
        hand.site,
        hand.game,
        hand.line,
        hand.rake,
        hand.unit,
        hand.received(),
        found,
    )


def agree_verdict(
    source: str,
    hand_id: str,
    site: str,
    game: str,
    line: int,
    rake: Decimal,
    unit: Decimal,
    recorded: dict[str, Decimal],
    found: Quick,
) -> Verdict | None:
    """The 'agree' verdict of a hand the fast path decided, when the room paid each player
    what it pays (``recorded``: what each got back); None otherwise."""
    agreed = agree_players(site, unit, recorded, found)
    if agreed is None:
        return None
    players, reason = agreed
    return Verdict(
        source,
        hand_id,
        site,
        game,
        AGREE,
        tuple(PlayerVerdict(*player) for player in players),
        rake,
        unit,
        reason,
        line,
    )


def agree_players(
    site: str, unit: Decimal, recorded: dict[str, Decimal], found: Quick
) -> tuple[tuple[tuple[str, Decimal, Decimal], ...], str | None] | None:
    """The players (name, recorded, resolved) and the reason of the 'agree' verdict of a
    hand the fast path decided, when the room paid each player what it pays; None otherwise."""
    paid = found.paid
    for name, amount in recorded.items():
        if paid.get(name, ZERO) != amount:
            return None
    for name, amount in paid.items():
        if amount and name not in recorded:
            return None
    stakes = found.stakes
    players = tuple(
        [
            (n, recorded.get(n, ZERO), paid.get(n, ZERO))
            for n in found.names
            if n in stakes or n in recorded or n in paid
        ]
    )
    rakes = found.room_rakes
    return players, None if rakes is None else _rake_note(site, unit, rakes)


def _rake_note(site: str, unit: Decimal, rakes: list[Decimal]) -> str:
    """The reason's note when the room raked each pot otherwise than in proportion."""
    labels = [Message("main")] + [Message("side-{number}", number=k) for k in range(1, len(rakes))]
    taken = Message.joined(
        [
            Message("{pot} {amount}", pot=label, amount=format_amount(r, unit))
            for label, r in zip(labels, rakes, strict=True)
        ],
        _LIST,
    )
    return Message(
        "rake taken from each pot as {site} took it ({taken}); showdown's default "
        "would take it in proportion to the pots",
        site=site,
        taken=taken,
    )


_MOST_COMPLETIONS: Final = 2000
"""The most ways of filling in unwritten cards the audit tries."""


def _decided_whatever_unseen(
    hand: Hand, showdown: Showdown, missing: list[str]
) -> tuple[Showdown, str] | None:
    """The showdown with unwritten cards filled in, when every filling pays the same.

    A history may write only part of a contender's hand (PokerStars' Triple
    Stud once wrote ``[of]`` for a river card and showed three of the seven
    cards). When the cards it does write decide the pots whatever the others
    are, the showdown is decided: every way of dealing the missing cards from
    the cards nobody holds is resolved, and if all pay the same that payout
    is the showdown's. None when some filling would pay differently, or
    there are too many to try.
    """
    game = showdown.game
    known: dict[str, tuple[Card, ...]] = {}
    for name in missing:
        cards = _written_part(hand, name)
        if not cards or len(cards) >= game.hole_cards:
            return None
        known[name] = cards
    taken = {c for p in showdown.players for c in p.cards}
    taken.update(c for board in showdown.all_boards for c in board)
    taken.update(c for cards in known.values() for c in cards)
    free = [c for c in game.deck if c not in taken]
    gaps = [game.hole_cards - len(cards) for cards in known.values()]
    if sum(gaps) > 2 or math.comb(len(free), sum(gaps)) > _MOST_COMPLETIONS:
        return None
    first: tuple[Showdown, dict[str, Decimal]] | None = None
    for extra in itertools.combinations(free, sum(gaps)):
        filled: dict[str, tuple[Card, ...]] = {}
        at = 0
        for (name, cards), gap in zip(known.items(), gaps, strict=True):
            filled[name] = cards + extra[at : at + gap]
            at += gap
        trial = dataclasses.replace(
            showdown,
            players=tuple(
                dataclasses.replace(p, cards=filled[p.name]) if p.name in filled else p
                for p in showdown.players
            ),
        )
        paid, _ = _room_rake(hand, trial, resolve(trial, explain=False))
        if first is None:
            first = (trial, paid)
        elif paid != first[1]:
            return None
    if first is None:
        return None
    written = _some_cards(known, game.hole_cards)
    return first[0], Message(
        "the history writes only some cards of {players}; every card the rest could "
        "be pays the same, so the showdown is decided",
        players=written,
    )


def _written_part(hand: Hand, name: str) -> tuple[Card, ...]:
    """The most cards the history writes for a player (shown, mucked or dealt)."""
    cards: tuple[Card, ...] = ()
    for group in (hand.showings, hand.dealt):
        for showing in group:
            if showing.player == name and len(showing.cards) > len(cards):
                cards = showing.cards
    return cards


def _partly_shown_concede(
    hand: Hand, showdown: Showdown, missing: list[str]
) -> tuple[Showdown, str] | None:
    """The showdown where players who showed only part of their hand concede.

    Robert's Rules of Poker: to win any part of a pot, a player must show all
    of his cards. A history that shows two of an Omaha player's four cards
    (PokerStars writes ``shows [Ah As]`` and, in the summary, ``mucked``)
    records a hand that was not tabled whole: it cannot win. None when a
    missing player shows nothing at all, or nobody would be left to win.
    """
    partial = {name: _written_part(hand, name) for name in missing}
    if any(not cards for cards in partial.values()):
        return None
    players = tuple(
        dataclasses.replace(p, mucked=True) if p.name in partial else p for p in showdown.players
    )
    if not any(p.in_hand for p in players):
        return None
    game = showdown.game
    shown = _some_cards(partial, game.hole_cards)
    return dataclasses.replace(showdown, players=players), Message(
        "only some cards of {players} are shown: a hand not shown whole cannot win any "
        "part of the pot (Robert's Rules: to win, a player must show all of his cards), "
        "so it concedes",
        players=shown,
    )


_SHORT_DECK_ORDERS: Final = {"sixplus": "shortdeck", "shortdeck": "sixplus"}
"""36-card Hold'em's two orders of three of a kind and a straight (RULES.md §6)."""


def _other_short_deck_order(
    hand: Hand, showdown: Showdown, recorded: dict[str, Decimal]
) -> tuple[dict[str, Decimal], str] | None:
    """The payouts under 36-card Hold'em's other order, when that is what the room paid.

    Rooms rank three of a kind and a straight either way in 36-card Hold'em
    (PokerStars' 6+ Hold'em puts three of a kind above; GGPoker's ShortDeck
    tables have paid a straight over three of a kind). A hand whose payouts
    are those of the other order is the room applying that order.
    """
    other = _SHORT_DECK_ORDERS.get(showdown.game.name)
    if other is None:
        return None
    trial = dataclasses.replace(showdown, game=get_game(other))
    paid, _ = _room_rake(hand, trial, resolve(trial, explain=False))
    if any(paid.get(n, ZERO) != recorded.get(n, ZERO) for n in {*paid, *recorded}):
        return None
    if other == "shortdeck":
        why = Message(
            "{site} ranks a straight above three of a kind in this 36-card game (the "
            "{order} order of RULES.md §6), and paid the showdown that order decides",
            site=hand.site,
            order=repr(other),
        )
    else:
        why = Message(
            "{site} ranks three of a kind above a straight in this 36-card game (the "
            "{order} order of RULES.md §6), and paid the showdown that order decides",
            site=hand.site,
            order=repr(other),
        )
    return paid, why


def unstated_pot_rakes(
    hand: Hand, showdown: Showdown, recorded: dict[str, Decimal], *, fast: bool = False
) -> tuple[tuple[Decimal, ...], dict[str, Decimal]] | None:
    """The division of the rake among the contested pots that pays what the room paid.

    When the summary does not list the pots, the history does not say how
    much of the rake came from each pot (GGPoker takes its jackpot fee and
    rake in its own shares). The house's cut of each pot is the house's
    business, not a showdown rule: when one division of the rake among the
    contested pots pays exactly ``recorded``, the showdown agrees. Hands with
    two to four contested pots are tried: each player's share of each pot
    (the showdown's own decision) makes what the room paid a linear function
    of the pots' rakes; the division nearest to it, to the unit either way,
    is checked by deciding the showdown again (by the fast path,
    :func:`~showdown.history._quick.quick_payouts`, when ``fast`` and it can:
    the showdown is the hand's own).

    Returns:
        the rake of each contested pot (main pot first) and the payouts, or
        None when the history lists its pots, or no division pays ``recorded``.
    """
    if not hand.rake or hand.pots:
        return None
    base = resolve(dataclasses.replace(showdown, rake=0), explain=False)
    contested = [pot for pot in base.pots if pot.kind != "uncalled"]
    if not 2 <= len(contested) <= 4:
        return None
    gross = [Decimal(pot.amount) for pot in contested]
    if any(not amount for amount in gross):
        return None

    def paid_with(rakes: tuple[Decimal, ...]) -> dict[str, Decimal] | None:
        if any(r < 0 or r > g for r, g in zip(rakes, gross, strict=True)):
            return None
        if fast:
            found = quick_payouts(hand, pot_rakes=rakes)
            if found is not None:
                return found.paid
        trial = dataclasses.replace(showdown, rake=rakes)
        return _payouts(resolve(trial, explain=False))

    sides = _nearest_side_rakes(hand, contested, _payouts(base), recorded)
    if sides is None:
        return None
    for trial in itertools.product(*((s - hand.unit, s, s + hand.unit) for s in sides)):
        rakes = (hand.rake - sum(trial, ZERO), *trial)
        paid = paid_with(rakes)
        if paid is not None and all(
            paid.get(n, ZERO) == recorded.get(n, ZERO) for n in {*paid, *recorded}
        ):
            return rakes, paid
    return None


def _unstated_pot_rakes(
    hand: Hand, showdown: Showdown, recorded: dict[str, Decimal], *, fast: bool = False
) -> tuple[dict[str, Decimal], str] | None:
    """The payouts with the rake divided among the contested pots as the room did
    (:func:`unstated_pot_rakes`), and the reason that says so."""
    found = unstated_pot_rakes(hand, showdown, recorded, fast=fast)
    if found is None:
        return None
    (main_rake, *sides), paid = found
    main = format_amount(main_rake, hand.unit)
    if len(sides) == 1:
        why = Message(
            "{site} does not list the pots; it took the rake {main} from the main pot "
            "and {side} from the side pot (the house's cut of each pot is the house's "
            "business, not a showdown rule)",
            site=hand.site,
            main=main,
            side=format_amount(sides[0], hand.unit),
        )
    else:
        why = Message(
            "{site} does not list the pots; it took the rake {main} from the main pot "
            "and {sides} from the side pots, in their order (the house's cut of each "
            "pot is the house's business, not a showdown rule)",
            site=hand.site,
            main=main,
            sides=", ".join(format_amount(side, hand.unit) for side in sides),
        )
    return paid, why


def _nearest_side_rakes(
    hand: Hand,
    contested: list[PotResult],
    unraked: dict[str, Decimal],
    recorded: dict[str, Decimal],
) -> tuple[Decimal, ...] | None:
    """The side pots' rakes (in units of the hand) that best explain what the room paid.

    A player's payout falls by his share of each pot times that pot's rake;
    the main pot's rake is the hand's rake less the side pots'. Solved by
    least squares, exactly (fractions), leaning a hair toward rakes in
    proportion to the pots' sizes where the payouts cannot tell the pots apart.
    """
    gross = [Fraction(pot.amount) for pot in contested]
    rake = Fraction(hand.rake)
    size = len(contested) - 1
    rows: list[list[Fraction]] = []
    wanted: list[Fraction] = []
    for name in sorted({n for pot in contested for n in pot.shares}):
        shares = [Fraction(pot.shares.get(name, 0)) for pot in contested]
        if name not in recorded:
            continue
        rows.append([shares[i + 1] - shares[0] for i in range(size)])
        wanted.append(
            Fraction(unraked.get(name, ZERO)) - Fraction(recorded[name]) - shares[0] * rake
        )
    total = sum(gross, Fraction(0))
    lean = Fraction(1, 10**9)
    matrix = [
        [
            sum((row[i] * row[j] for row in rows), Fraction(0)) + (lean if i == j else 0)
            for j in range(size)
        ]
        + [
            sum((row[i] * w for row, w in zip(rows, wanted, strict=True)), Fraction(0))
            + lean * rake * gross[i + 1] / total
        ]
        for i in range(size)
    ]
    for col in range(size):  # Gauss-Jordan; the lean keeps every pivot positive
        pivot = matrix[col][col]
        matrix[col] = [value / pivot for value in matrix[col]]
        for other in range(size):
            if other != col and matrix[other][col]:
                factor = matrix[other][col]
                matrix[other] = [
                    a - factor * b for a, b in zip(matrix[other], matrix[col], strict=True)
                ]
    return tuple(
        (Decimal(row[-1].numerator) / Decimal(row[-1].denominator)).quantize(hand.unit)
        for row in matrix
    )


_CHIPS: Final = tuple(
    Decimal(c) for c in ("0.05", "0.10", "0.25", "0.50", "1", "5", "10", "25", "100")
)
"""Chip denominations a room may split odd chips in, smallest first."""


def _with_coarser_chip(
    hand: Hand, showdown: Showdown, recorded: dict[str, Decimal], *, fast: bool = False
) -> tuple[dict[str, Decimal], Decimal] | None:
    """The payouts with odd chips of the smallest coarser chip that every amount uses,
    when that is exactly what the room paid (else ``None``).

    With ``fast`` (the showdown is the hand's own), each chip is tried by the fast
    path (:func:`~showdown.history._quick.quick_payouts` of the hand in that unit)
    when it can decide it, else by ``resolve``.
    """
    amounts = [
        *(Decimal(p.stake) for p in showdown.players),
        *(Decimal(p.dead) for p in showdown.players),
        *recorded.values(),
        hand.rake,
    ]
    for chip in _CHIPS:
        if chip <= hand.unit:
            continue
        if any(amount % chip for amount in amounts):
            continue  # not a chip every amount of the hand is made of
        found = quick_payouts(dataclasses.replace(hand, unit=chip)) if fast else None
        if found is not None:
            if all(found.paid.get(name, ZERO) == amount for name, amount in recorded.items()):
                return found.paid, chip
            continue
        try:
            result = resolve(dataclasses.replace(showdown, unit=chip), explain=False)
            paid, _ = _room_rake(hand, dataclasses.replace(showdown, unit=chip), result)
        except ShowdownError:
            return None
        if all(paid.get(name, ZERO) == amount for name, amount in recorded.items()):
            return paid, chip
    return None


def _rake_from_winners(
    hand: Hand, showdown: Showdown, players: tuple[PlayerVerdict, ...]
) -> str | None:
    """The room's rule when it took the rake from some winners' shares, not from the pot.

    Some PokerStars hands split a raked pot unequally among tied winners: the
    pot was split before the rake and the whole rake taken from some of the
    shares (fpdb keeps such a 2008 hand: four winners of $2.00, rake $0.10,
    paid 0.50, 0.50, 0.45, 0.45). When every player got exactly his unraked
    share less what the room kept from it, and the amounts kept add up to the
    rake, the reason names that rule and who paid the rake; None otherwise.
    """
    if not hand.rake:
        return None
    gross = _payouts(resolve(dataclasses.replace(showdown, rake=ZERO), explain=False))
    kept = {p.name: gross.get(p.name, ZERO) - p.recorded for p in players}
    if any(v < 0 for v in kept.values()) or sum(kept.values(), ZERO) != hand.rake:
        return None
    if any(v and not gross.get(name) for name, v in kept.items()):
        return None
    taken = ", ".join(f"{n} {format_amount(v, hand.unit)}" for n, v in kept.items() if v)
    return Message(
        "{site} split the pot before the rake and took the whole rake from some "
        "winners' shares ({taken}), so tied winners were paid unequal amounts; before the "
        "rake every share is the one showdown awards",
        site=hand.site,
        taken=taken,
    )


def _players(
    hand: Hand, recorded: dict[str, Decimal], paid: dict[str, Decimal]
) -> tuple[PlayerVerdict, ...]:
    stakes = hand.contributions()
    names = [n for n in hand.players if n in stakes or n in recorded or n in paid]
    return tuple(PlayerVerdict(n, recorded.get(n, ZERO), paid.get(n, ZERO)) for n in names)


def _payouts(result: ShowdownResult) -> dict[str, Decimal]:
    return {p.name: Decimal(p.payout) for p in result.players if p.name != HOUSE}


def room_pot_rakes(hand: Hand, gross: list[Decimal]) -> list[Decimal] | None:
    """The rake the room took from each contested pot, when the history says it."""
    return _room_pot_rakes(hand.pots, hand.rake, hand.site, gross)


def _room_rake(
    hand: Hand, showdown: Showdown, result: ShowdownResult
) -> tuple[dict[str, Decimal], str | None]:
    """The payouts with each pot raked as the room raked it, and a note when that differs."""
    paid = _payouts(result)
    contested = [pot for pot in result.pots if pot.kind != "uncalled"]
    if not hand.rake or len(contested) < 2:
        return paid, None
    gross = [Decimal(pot.amount) + Decimal(pot.rake) for pot in contested]
    rakes = room_pot_rakes(hand, gross)
    ours = [Decimal(pot.rake) for pot in contested]
    if rakes is None or rakes == ours:
        return paid, None
    raked = resolve(dataclasses.replace(showdown, rake=tuple(rakes)), explain=False)
    return _payouts(raked), _rake_note(hand.site, hand.unit, rakes)


MAX_PROBLEMS: Final = 100
"""How many messages of unreadable hands a :class:`Tally` keeps."""


@dataclass
class Tally:
    """Counts for the summary: per (site, game), hands read, showdowns and verdicts."""

    rows: dict[tuple[str, str], Counter[str]] = field(default_factory=dict)
    skipped: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    """The messages of hands skipped because they could not be read (the first
    :data:`MAX_PROBLEMS`): each names the file, the line and the hand."""
    unread: list[tuple[str, str, str]] = field(default_factory=list)
    """The files nothing was read from, in order: each file's name, the kind
    (``'not a history'``, ``'room not read'``, ``'unreadable'``) and the reason."""

    def add(self, entry: Hand | HistoryError, verdict: Verdict | None) -> None:
        """Count one entry and its verdict (an error of line 0 and no hand stands for a
        whole file nothing was read from)."""
        if isinstance(entry, HistoryError):
            if not entry.line and not entry.hand and entry.kind in UNREAD_KINDS:
                self.skipped[entry.kind] += 1
                self.unread.append((entry.file, entry.kind, entry.reason))
                return
            if entry.kind == "no outcome" and entry.game:
                self._no_outcome(entry, verdict)
                return
            self.skipped[entry.kind] += 1
            if verdict is None and entry.kind != "not a history":
                self._problem(
                    Message(entry.template, **entry.params) if entry.template else str(entry)
                )
            return
        row = self.rows.setdefault((entry.site, entry.game), Counter())
        row["hands"] += 1
        if verdict is None:
            reason = "cancelled" if entry.cancelled else "no showdown"
            row[reason] += 1
            self.skipped[reason] += 1
            return
        row["showdowns"] += 1
        row[verdict.verdict] += 1
        if verdict.verdict == UNSUPPORTED:
            self.skipped["game or cards not supported"] += 1

    def _no_outcome(self, entry: HistoryError, verdict: Verdict | None) -> None:
        # A hand read in full but for its outcome (a PHH hand with neither
        # finishing_stacks nor winnings) counts in its game's row like any hand:
        # with no showdown it is one; at a showdown its verdict is 'unsupported'.
        row = self.rows.setdefault((entry.site, entry.game), Counter())
        row["hands"] += 1
        if verdict is None:
            row["no showdown"] += 1
            self.skipped["no showdown"] += 1
            return
        row["showdowns"] += 1
        row[verdict.verdict] += 1
        self.skipped[entry.kind] += 1

    def _problem(self, message: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(message)

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        for key, row in other.rows.items():
            self.rows.setdefault(key, Counter()).update(row)
        self.skipped.update(other.skipped)
        for message in other.problems:
            self._problem(message)
        self.unread.extend(other.unread)

    @property
    def hands(self) -> int:
        """The hands read."""
        return sum(row["hands"] for row in self.rows.values())

    @property
    def failed(self) -> bool:
        """Whether a run with these counts fails, disagreements aside: no hand was read,
        or a history could not be read (a room showdown does not read, a file that
        cannot be opened, a hand unreadable or cut off). A file that is no history at
        all does not fail a run that read hands."""
        return (
            not self.hands
            or any(kind != "not a history" for _, kind, _ in self.unread)
            or bool(self.skipped.get("unreadable") or self.skipped.get("cut off"))
        )


UNREAD_KINDS: Final = frozenset({"not a history", "room not read", "unreadable"})
"""The kinds of error that, given for a whole file (line 0, no hand), say it was not read."""


def unread_record(file: str, reason: str) -> dict[str, str]:
    """The ``showdown audit --json`` record of a file nothing was read from.

    >>> unread_record("notes.txt", "not a hand history")
    {'file': 'notes.txt', 'verdict': 'unread', 'reason': 'not a hand history'}
    """
    return {"file": file, "verdict": "unread", "reason": reason}


# -- many files, many processes ---------------------------------------------------------

_Raw = tuple[int, list[str], int, int]
"""A hand's raw lines: its dialect's index in ``DIALECTS``, its lines, its first line
number, its index in the file."""


@dataclass(frozen=True, slots=True)
class _Part:
    """A byte range of a text history, read and audited by one process on its own.

    ``start`` and ``end`` fall at the starts of lines; ``lines_before`` is the
    number of lines before ``start``. The part's hands are those whose header
    line starts in the range; the last is read on past ``end``.
    """

    path: str
    start: int
    end: int
    lines_before: int


_Chunk = tuple[str, list[_Raw] | str | None] | _Part
"""A file name and the raw hands of a part of it (None: read the whole file there; a
text: the whole file's text, read there), or a byte range of a file for the worker to
read itself."""

_PART_BYTES: Final = 1024
"""Bytes of a part per hand of ``chunk`` (a generated hand is about 840 bytes)."""


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """Collect cyclic garbage less often for a while (then as before).

    Reading a hand makes a few hundred small objects that die with it and
    hold no cycles; with Python's default threshold the collector runs every
    700 allocations, a few times a hand, and walks the young objects each
    time. Every 20,000 does the same work in a fraction of the time; the
    memory held stays a few megabytes.
    """
    import gc

    before = gc.get_threshold()
    gc.set_threshold(max(before[0], _YOUNG_OBJECTS), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


_YOUNG_OBJECTS: Final = 20_000
"""Allocations between two collections of the young objects while hands are audited."""


class _Sink:
    """Where a chunk's verdicts go: every verdict (``every``), or only those that are not
    'agree', and, with ``as_json``, the JSON line of each (``showdown audit --json``)."""

    __slots__ = ("every", "lines", "verdicts")

    def __init__(self, *, every: bool = True, as_json: bool = False) -> None:
        self.every = every
        self.verdicts: list[Verdict] = []
        self.lines: list[str] | None = [] if as_json else None

    def add(self, verdict: Verdict) -> None:
        """One verdict of the full path."""
        if self.lines is not None:
            self.lines.append(json_line(verdict))
        if self.every or verdict.verdict != AGREE:
            self.verdicts.append(verdict)

    def add_lean(self, lean: Lean, agreed: _Agreed) -> None:
        """One 'agree' verdict of the lean reader."""
        if self.lines is not None:
            self.lines.append(_lean_line(lean, agreed))
        if self.every:
            self.verdicts.append(_lean_verdict(lean, agreed))

    def text(self) -> str:
        """The JSON lines, one string."""
        return "".join(self.lines or ())


def _audit_chunk(chunk: _Chunk, lang: str = "en") -> tuple[list[Verdict], Tally]:
    """Read and audit the hands of one chunk (runs in a worker process)."""
    sink = _Sink()
    with _fewer_collections():
        tally = _audit_chunk_here(chunk, sink, lang)
    return sink.verdicts, tally


def _audit_chunk_here(chunk: _Chunk, sink: _Sink, lang: str = "en") -> Tally:
    tally = Tally()
    if isinstance(chunk, _Part):
        _audit_raws(chunk.path, _part_hands(chunk), tally, sink, lang)
        return tally
    name, raws = chunk
    if raws is None or isinstance(raws, str):
        source = name if raws is None else io.StringIO(raws)
        empty = True
        for item, verdict in audit_entries(read(source, name=name).entries(), lang=lang):
            empty = False
            tally.add(item, verdict)
            if verdict is not None:
                sink.add(verdict)
        if empty:  # a reader that found nothing in the file says so here
            tally.add(unread_error(name, Identity("none")), None)
    else:
        _audit_raws(name, iter(raws), tally, sink, lang)
    return tally


def _audit_raws(
    name: str, raws: Iterator[_Raw | int], tally: Tally, sink: _Sink, lang: str = "en"
) -> None:
    """Audit raw hands: by the lean reader when it reads the hand, else by the full one."""
    rows = tally.rows
    for raw in raws:
        if isinstance(raw, int):
            tally.add(not_a_history(name, raw), None)
            continue
        site, lines, start, index = raw
        dialect = DIALECTS[site]
        lean = lean_audit(dialect, lines, name, start)
        agreed = None
        if lean is not None and lean.showdown:
            agreed = _lean_agreed(lean)
            if agreed is None:  # the room paid otherwise: the full path says how
                lean = None
        if lean is None:
            entry = parse_hand(dialect, lines, name, start, index)
            for item, verdict in audit_entries([entry], lang=lang):
                tally.add(item, verdict)
                if verdict is not None:
                    sink.add(verdict)
            continue
        row = rows.get((lean.site, lean.game))
        if row is None:
            row = rows[lean.site, lean.game] = Counter()
        row["hands"] += 1
        if agreed is None:
            row["no showdown"] += 1
            tally.skipped["no showdown"] += 1
        else:
            row["showdowns"] += 1
            row[AGREE] += 1
            sink.add_lean(lean, agreed)


_Agreed = tuple[tuple[tuple[str, Decimal, Decimal], ...], str | None]
"""The players (name, recorded, resolved) and the reason of an 'agree' verdict."""


def _lean_agreed(lean: Lean) -> _Agreed | None:
    """The 'agree' verdict's players and reason of a showdown the lean reader read, when
    the room paid each player what the rules pay (None: it did not)."""
    recorded, decided = lean.recorded, lean.decided
    if recorded is None or decided is None:
        return None
    try:
        return agree_players(lean.site, lean.unit, recorded, decided)
    except Exception:  # any surprise: the full path reads the hand and says what it is
        return None


def _lean_verdict(lean: Lean, agreed: _Agreed) -> Verdict:
    """The 'agree' :class:`Verdict` of a showdown the lean reader read."""
    players, reason = agreed
    return Verdict(
        lean.file,
        lean.hand,
        lean.site,
        lean.game,
        AGREE,
        tuple(PlayerVerdict(*player) for player in players),
        lean.rake,
        lean.unit,
        reason,
        lean.line,
    )


def json_line(verdict: Verdict) -> str:
    """The line ``showdown audit --json`` writes for a verdict: its record, then a newline.

    >>> json_line(Verdict("f.txt", "7", "pokerstars", "holdem", "agree", rake=Decimal(0)))
    '{"file": "f.txt", "hand": "7", "site": "pokerstars", "game": "holdem", \
"verdict": "agree", "players": {}, "rake": "0", "reason": null}\\n'
    """
    return json.dumps(verdict.to_json(), ensure_ascii=False) + "\n"


_QUOTED: dict[str, str] = {}
_AMOUNT_TEXTS: dict[tuple[Decimal, Decimal], str] = {}
_PLAYER_TEXTS: dict[tuple[tuple[str, Decimal, Decimal], Decimal], str] = {}
"""A player's part of a record (``"Ann": {"recorded": ...}``), by his name, amounts and unit."""


def _quoted(text: str) -> str:
    """``json.dumps(text)`` (non-ASCII kept), remembered: a file's names repeat."""
    found = _QUOTED.get(text)
    if found is None:
        found = json.dumps(text, ensure_ascii=False)
        if len(_QUOTED) < 100_000:
            _QUOTED[text] = found
    return found


def _amount_text(value: Decimal, unit: Decimal) -> str:
    """:func:`format_amount`, remembered: a file's amounts repeat."""
    key = (value, unit)
    found = _AMOUNT_TEXTS.get(key)
    if found is None:
        found = format_amount(value, unit)
        if len(_AMOUNT_TEXTS) < 100_000:
            _AMOUNT_TEXTS[key] = found
    return found


def _lean_line(lean: Lean, agreed: _Agreed) -> str:
    """:func:`json_line` of the lean reader's verdict, written straight from its values."""
    players, reason_text = agreed
    if len({player[0] for player in players}) != len(players):
        return json_line(_lean_verdict(lean, agreed))
    unit = lean.unit
    parts = []
    for player in players:
        key = (player, unit)
        part = _PLAYER_TEXTS.get(key)
        if part is None:
            name, recorded, resolved = player
            part = (
                f'{_quoted(name)}: {{"recorded": "{_amount_text(recorded, unit)}", '
                f'"resolved": "{_amount_text(resolved, unit)}"}}'
            )
            if len(_PLAYER_TEXTS) < 100_000:
                _PLAYER_TEXTS[key] = part
        parts.append(part)
    written = ", ".join(parts)
    reason = "null" if reason_text is None else json.dumps(reason_text, ensure_ascii=False)
    around = _AROUND_HAND.get((lean.file, lean.site, lean.game))
    if around is None:
        around = _around_hand(lean.file, lean.site, lean.game)
    hand = lean.hand
    written_hand = (
        f'"{hand}"' if hand.isascii() and hand.isalnum() else json.dumps(hand, ensure_ascii=False)
    )
    return (
        f'{around[0]}{written_hand}{around[1]}{written}}}, "rake": '
        f'"{_amount_text(lean.rake, unit)}", "reason": {reason}}}\n'
    )


_AROUND_HAND: dict[tuple[str, str, str], tuple[str, str]] = {}


def _around_hand(file: str, site: str, game: str) -> tuple[str, str]:
    """The text of an 'agree' record before its hand id and after it, up to the players'
    records (remembered by the file, the site and the game)."""
    around = (
        f'{{"file": {_quoted(file)}, "hand": ',
        f', "site": {_quoted(site)}, "game": {_quoted(game)}, "verdict": "agree", "players": {{',
    )
    if len(_AROUND_HAND) < 4096:
        _AROUND_HAND[file, site, game] = around
    return around


def _part_hands(part: _Part) -> Iterator[_Raw | int]:
    """The raw hands of a part of a file, read from the file (as :func:`_chunks` reads them)."""
    with open(part.path, "rb") as stream:
        stream.seek(part.start)
        data = stream.read(part.end - part.start)
    text = data.decode("utf-8", "showdown-cp1252")
    if "\r" in text:  # universal newlines, as the text reader reads them
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    own = text.split("\n")
    if own and not own[-1]:
        own.pop()
    if _maybe_ragged(text):
        own = [line.strip(_STRIPPED) for line in own]  # as raw_hands strips each line
        text = "\n".join(own)
    last = part.lines_before + len(own)
    index = {dialect: k for k, dialect in enumerate(DIALECTS)}
    first = part.lines_before + 1
    heads = _heads(text, own, DIALECTS, HEADER_STARTS)
    tail: list[str] = own
    skip = 0
    if heads:  # the hands before the last cut at their headers here; the last read on
        if part.start == 0:
            stray = next(
                (
                    k
                    for k in range(heads[0][0])
                    if (line := own[k].strip(_STRIPPED)) and not SEPARATOR_RE.match(line)
                ),
                None,
            )
            if stray is not None:
                yield first + stray
        for number, ((at, site), (upto, _)) in enumerate(itertools.pairwise(heads)):
            yield site, own[at:upto], first + at, number
        at = heads[-1][0]
        tail, first, skip = own[at:], first + at, len(heads) - 1
    for item in raw_hands(
        itertools.chain(tail, _lines_from(part.path, part.end)),
        DIALECTS,
        first=first,
        own=last,
        follow=part.start > 0 and not heads,
    ):
        if isinstance(item, int):
            yield item
        else:
            dialect, lines, start, number = item
            yield index[dialect], lines, start, number + skip


_STRIPPED: Final = "\ufeff\x00 \t"
"""What :func:`~showdown.history._text.raw_hands` strips from both ends of each line."""


@functools.cache
def _line_starts_re(starts: frozenset[str]) -> re.Pattern[str]:
    """A line break before a line that may be a header: one whose first letter is one of
    ``starts`` (those of the rooms' header lines)."""
    letters = "".join(re.escape(letter) for letter in sorted(starts))
    return re.compile(rf"\n[{letters}]")


_NAMES_A_HAND: Final = ("Hand #", "Game #")
"""The words that make :func:`~showdown.history._text.raw_hands` look for a header cut
into a line that is not one."""


_NUMBER_SIGNS: Final = ("#", "№", "n.º", "n°")
"""How every room's header marks the hand's number, in each client language
(:mod:`~showdown.history.locales`): a line with none of them is no header."""


def _maybe_ragged(text: str) -> bool:
    """Whether a line of ``text`` may start or end with a character that
    :func:`~showdown.history._text.raw_hands` strips (False: none does)."""
    return (
        "\ufeff" in text
        or "\x00" in text
        or "\t" in text
        or " \n" in text
        or "\n " in text
        or text[:1] == " "
        or text[-1:] == " "
    )


def _heads(
    text: str, own: list[str], dialects: tuple[Dialect, ...], starts: frozenset[str]
) -> list[tuple[int, int]]:
    """The header lines of a part's lines ``own`` (``text``, stripped as ``raw_hands``
    strips them): their indices and their dialects' in ``dialects``, as
    :func:`~showdown.history._text.raw_hands` finds them; empty (let ``raw_hands`` read
    the part) when a line that is not a header names a hand (``raw_hands`` looks for a
    header cut into it there)."""
    maybe = [0] if text[:1] in starts else []
    maybe.extend(match.start() + 1 for match in _line_starts_re(starts).finditer(text))
    lines = set(maybe)
    for words in _NAMES_A_HAND:
        at = text.find(words)
        while at >= 0:
            if text.rfind("\n", 0, at) + 1 not in lines:
                return []
            at = text.find(words, at + len(words))
    heads: list[tuple[int, int]] = []
    line = 0
    before = 0
    for start in maybe:
        line += text.count("\n", before, start)
        before = start
        text_line = own[line]
        if not any(sign in text_line for sign in _NUMBER_SIGNS):
            continue
        for number, dialect in enumerate(dialects):
            if dialect.header.match(text_line):
                heads.append((line, number))
                break
    return heads


def _lines_from(path: str, offset: int) -> Iterator[str]:
    """The lines of a file from a byte offset on (the start of a line), read as needed."""
    import io

    with open(path, "rb") as raw:
        raw.seek(offset)
        yield from io.TextIOWrapper(raw, encoding="utf-8", errors="showdown-cp1252", newline=None)


def _parts(path: str, size: int, span: int) -> Iterator[_Part]:
    """A UTF-8 file cut into parts of about ``span`` bytes at line starts.

    The file is read once here, a part at a time, to count the lines before
    each part (the hands' line numbers); the workers read the parts again.
    """
    with open(path, "rb") as stream:
        start = 0
        lines = 0
        while True:
            data = stream.read(span)
            data += stream.readline()  # on to the end of the line
            end = start + len(data)
            if end >= size or not data:
                yield _Part(path, start, max(end, size), lines)
                return
            yield _Part(path, start, end, lines)
            lines += data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
            start = end


_Packed = tuple[Any, ...]
"""A verdict as plain texts and numbers: what a worker process sends back."""


def _pack(verdict: Verdict) -> _Packed:
    """A verdict as plain values (amounts as texts): a third of the cost of pickling it."""
    return (
        verdict.file,
        verdict.hand,
        verdict.site,
        verdict.game,
        verdict.verdict,
        tuple((p.name, str(p.recorded), str(p.resolved)) for p in verdict.players),
        str(verdict.rake),
        str(verdict.unit),
        verdict.reason,
        verdict.line,
        verdict.explanations,
    )


_DECIMALS: dict[str, Decimal] = {}


def _decimal(text: str) -> Decimal:
    """``Decimal(text)``, remembered (a file's amounts repeat)."""
    found = _DECIMALS.get(text)
    if found is None:
        found = Decimal(text)
        if len(_DECIMALS) < 100_000:
            _DECIMALS[text] = found
    return found


def _unpack(row: _Packed) -> Verdict:
    """The verdict :func:`_pack` made plain (the same value: a decimal's text is exact)."""
    file, hand, site, game, verdict, players, rake, unit, reason, line, explanations = row
    return Verdict(
        file,
        hand,
        site,
        game,
        verdict,
        tuple(PlayerVerdict(n, _decimal(a), _decimal(b)) for n, a, b in players),
        _decimal(rake),
        _decimal(unit),
        reason,
        line,
        explanations,
    )


def _audit_chunk_packed(chunk: _Chunk, lang: str = "en") -> tuple[list[_Packed], Tally]:
    """:func:`_audit_chunk` for another process: the verdicts packed for the trip back."""
    verdicts, tally = _audit_chunk(chunk, lang)
    return [_pack(v) for v in verdicts], tally


def _report_chunk(chunk: _Chunk, lang: str = "en", as_json: bool = False) -> Report:
    """Read and audit one chunk for the command: its JSON lines (``as_json``), the verdicts
    that are not 'agree', its counts."""
    sink = _Sink(every=False, as_json=as_json)
    with _fewer_collections():
        tally = _audit_chunk_here(chunk, sink, lang)
    return Report(sink.text(), sink.verdicts, tally)


def _report_chunk_packed(
    chunk: _Chunk, lang: str = "en", as_json: bool = False
) -> tuple[str, list[_Packed], Tally]:
    """:func:`_report_chunk` for another process: the verdicts packed for the trip back."""
    text, verdicts, tally = _report_chunk(chunk, lang, as_json)
    return text, [_pack(v) for v in verdicts], tally


class Report(NamedTuple):
    """What :func:`audit_report` gives for a chunk of hands."""

    text: str
    """The JSON lines of every verdict of the chunk, in order (empty unless asked for)."""
    others: list[Verdict]
    """The verdicts that are not 'agree', in order."""
    tally: Tally
    """The chunk's counts."""


_OS_REASONS: Final = {
    errno.ENOENT: N_("no such file or directory"),
    errno.EACCES: N_("permission denied"),
    errno.EISDIR: N_("is a directory"),
    errno.ENOTDIR: N_("not a directory"),
}


def _unreadable(path: str, error: OSError) -> HistoryError:
    """The error that stands for a file that cannot be read."""
    return HistoryError(
        Message("cannot read: {reason}", reason=_os_reason(error)), file=path, kind="unreadable"
    )


def _os_reason(error: OSError) -> str:
    """Why a file cannot be opened: the system's words, a catalogue word when known."""
    known = _OS_REASONS.get(error.errno or 0)
    return Term(known) if known else (error.strerror or str(error))


def _chunks(
    paths: Iterable[str], size: int, errors: list[HistoryError], *, parts: bool = True
) -> Iterator[_Chunk]:
    """The chunks of work, each file's by what its start says it is (:func:`identify`).

    A UTF-8 file of the PokerStars layout family is cut into byte ranges
    (``parts``); another of that family is read into raw hands here. A file
    of another format is read whole by its reader: by the worker from the
    path (``parts``), else (a cluster's worker, standard input) from its text
    sent along. A file of a room showdown does not read, and one in which no
    hand is found, is reported as a whole (an error of line 0).
    """
    import os
    import sys

    for path in paths:
        text: str | None = None
        try:
            if path == "-":
                text = _stdin_text(sys.stdin)
                start = text[:SNIFF_CHARS]
            else:
                start = start_of(path)
        except OSError as error:
            errors.append(_unreadable(path, error))
            yield path, []
            continue
        identity = identify(start, name=path)
        if identity.kind in ("phh", "format"):
            send = text if text is not None else None if parts else _file_text(path)
            yield path, send  # read whole by the format's reader
            continue
        if identity.kind == "room":
            errors.append(unread_error(path, identity))
            yield path, []
            continue
        if parts and text is None and identity.kind == "stars":
            try:
                with open(path, "rb") as probe:
                    encoding = sniff_encoding(probe.read(64))
                length = os.path.getsize(path)
            except OSError:
                pass  # reported below
            else:
                if encoding.startswith("utf-8"):
                    yield from _parts(path, length, max(size * _PART_BYTES, 1 << 16))
                    continue
        try:
            stream: IO[str]
            if text is not None:
                stream, name, owned = io.StringIO(text), "-", False
            else:
                stream, name, owned = open_text(path)
        except OSError as error:
            errors.append(_unreadable(path, error))
            yield path, []
            continue
        batch: list[_Raw] = []
        stray: list[int] = []
        found = False
        try:
            for item in raw_hands(stream, DIALECTS):
                if isinstance(item, int):
                    stray.append(item)
                    continue
                if not found:
                    found = True
                    for line in stray:  # stray text before the first hand
                        errors.append(not_a_history(name, line))
                        yield name, []
                    stray.clear()
                dialect, lines, start_line, index = item
                batch.append((DIALECTS.index(dialect), lines, start_line, index))
                if len(batch) >= size:
                    yield name, batch
                    batch = []
        finally:
            if owned:
                stream.close()
        if not found:  # no hand in the whole file
            errors.append(unread_error(name, Identity("none")))
            yield name, []
        if batch:
            yield name, batch


def _stdin_text(stream: IO[str]) -> str:
    """Standard input read whole, decoded as a file is (its bytes, when it has them)."""
    raw = getattr(stream, "buffer", None)
    text_stream, _, _ = open_text(raw if raw is not None else stream)
    return text_stream.read()


def _file_text(path: str) -> str:
    """A file's whole text, decoded as the readers decode it (sent to a cluster's worker)."""
    stream, _, _ = open_text(path)
    with stream:
        return stream.read()


def _has_work(item: _Chunk) -> bool:
    return isinstance(item, _Part) or item[1] is None or bool(item[1])


def audit_paths(
    paths: Iterable[str],
    *,
    workers: int = 1,
    chunk: int = 500,
    client: Any = None,
    lang: str = "en",
) -> Iterator[tuple[list[Verdict], Tally]]:
    """Audit every hand of some files, in input order, on ``workers`` processes or a cluster.

    ``paths`` are files, folders (searched recursively), globs or ``-``
    (:func:`~showdown.history.reader.find_histories`).

    Yields, per chunk of hands, the verdicts in file order and the counts of
    that chunk (files that hold no history count as skipped). A UTF-8 text
    file is cut into byte ranges of about ``chunk`` hands, at line starts
    (this process only counts their lines); each is read and audited by a
    worker on its own, the plain hands by the lean reader
    (:mod:`showdown.history._lean`), so the verdicts come back as compact
    records and memory stays flat for any size. Worker processes are
    started with ``spawn``; with a Dask ``client``
    (:func:`showdown.distributed.connect`) each chunk is one task on the
    cluster (PHH files are read by the worker, so they must be reachable
    there). The output does not depend on the number of workers. The pots'
    explanations are written in ``lang``.
    """

    def unpack(done: Any) -> tuple[list[Verdict], Tally]:
        rows, tally = done
        return [_unpack(row) for row in rows], tally

    def empty(tally: Tally) -> tuple[list[Verdict], Tally]:
        return [], tally

    yield from _scheduled(
        paths,
        (_audit_chunk, _audit_chunk_packed, unpack, empty),
        (lang,),
        workers=workers,
        chunk=chunk,
        client=client,
    )


def audit_report(
    paths: Iterable[str],
    *,
    as_json: bool = False,
    workers: int = 1,
    chunk: int = 500,
    client: Any = None,
    lang: str = "en",
) -> Iterator[Report]:
    """:func:`audit_paths` for ``showdown audit``: per chunk, a :class:`Report`.

    The command needs of the hands the room paid right only their JSON
    lines (``as_json``) and their counts: the workers write the lines
    themselves and send back one text per chunk, with the few verdicts that
    are not 'agree'; this process writes them out.
    """

    def unpack(done: Any) -> Report:
        text, rows, tally = done
        return Report(text, [_unpack(row) for row in rows], tally)

    def empty(tally: Tally) -> Report:
        return Report("", [], tally)

    yield from _scheduled(
        paths,
        (_report_chunk, _report_chunk_packed, unpack, empty),
        (lang, as_json),
        workers=workers,
        chunk=chunk,
        client=client,
    )


def _scheduled(
    paths: Iterable[str],
    tasks: tuple[Any, Any, Any, Any],
    args: tuple[Any, ...],
    *,
    workers: int,
    chunk: int,
    client: Any,
) -> Iterator[Any]:
    """The chunks of some files audited here, on worker processes or on a cluster, in order.

    ``tasks``: the chunk's task here, the task for another process (its result
    plain values), what turns that result back, and the result of a chunk that
    holds only an error found here (from its :class:`Tally`).
    """
    here, there, unpack, empty = tasks
    errors: list[HistoryError] = []

    def flush() -> Iterator[Any]:
        while errors:
            error = errors.pop(0)
            tally = Tally()
            tally.add(error, None)
            yield empty(tally)

    if client is not None:  # the cluster's workers may not see the files: send the lines
        chunks = _chunks(find_histories(paths), chunk, errors, parts=False)
        yield from _on_cluster(client, chunks, errors, (there, unpack, empty), args)
        return
    chunks = _chunks(find_histories(paths), chunk, errors)
    if workers <= 1:
        for item in chunks:
            yield from flush()
            if _has_work(item):
                yield here(item, *args)
        yield from flush()
        return
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        pending: list[tuple[list[HistoryError], Any]] = []
        for item in chunks:
            job = pool.apply_async(there, (item, *args)) if _has_work(item) else None
            pending.append((list(errors), job))
            errors.clear()
            while len(pending) > 2 * workers:
                yield from _drain(pending.pop(0), unpack, empty)
        for entry in pending:
            yield from _drain(entry, unpack, empty)


def _on_cluster(
    client: Any,
    chunks: Iterator[_Chunk],
    errors: list[HistoryError],
    tasks: tuple[Any, Any, Any],
    args: tuple[Any, ...],
) -> Iterator[Any]:
    """The chunks audited as tasks of a Dask cluster, a bounded number in flight, in order."""
    from showdown.distributed import worker_threads

    there, unpack, empty = tasks
    window = 4 * worker_threads(client)
    pending: list[tuple[list[HistoryError], Any]] = []
    try:
        for item in chunks:
            job = client.submit(there, item, *args, pure=False) if _has_work(item) else None
            pending.append((list(errors), job))
            errors.clear()
            while len(pending) > window:
                yield from _drain(pending.pop(0), unpack, empty)
        for entry in pending:
            yield from _drain(entry, unpack, empty)
    finally:
        client.cancel([job for _, job in pending if job is not None and not job.done()])


def _drain(entry: tuple[list[HistoryError], Any], unpack: Any, empty: Any) -> Iterator[Any]:
    errors, job = entry
    for error in errors:
        tally = Tally()
        tally.add(error, None)
        yield empty(tally)
    if job is not None:
        yield unpack(job.get() if hasattr(job, "get") else job.result())
