"""The audit's fast path: the payouts of a plain showdown in whole units, with no result objects.

:func:`quick_payouts` decides the common hand of an audit -- a flop or draw
game, every contender's cards shown, amounts in the history's
unit, the room paying what the rules pay -- straight from the hand: the
stakes in integer units, the pots cut by the resolver's own
:func:`~showdown.pots.layers`, the rake shared by its
:func:`~showdown.pots.rake_shares`, the strengths from the compiled kernels
(:func:`showdown.batch.strength7` for Hold'em, :func:`showdown._fast.game_best`
otherwise), and each pot paid by its :func:`~showdown.pots.best_seats`,
:func:`~showdown.pots.divide` and :func:`~showdown.pots.odd_chip_orders`.
It builds no :class:`~showdown.pots.Showdown`, no explanation text and no
:class:`~showdown.evaluation.HandValue`.

It answers only when it is sure to give the verdict the readable path
(:func:`showdown.history.audit.audit_hand`, through
:func:`showdown.pots.resolve`) gives: anything else -- a stud game, unwritten
cards, money the house added, an amount finer than the unit, cards that would
not pass the resolver's checks -- returns ``None`` and the readable path
decides the hand. A hand run more than once is decided as ``resolve`` decides
it: each pot divided equally among the boards (the odd units from the first),
each board's share on that board alone. A payout that differs from the room's
is the readable path's to explain; its trials of the room's known ways (odd
chips in a coarser chip, the rake taken pot by pot: ``pot_rakes``) are
decided here too when they can be. The tests compare the two on thousands of
generated hands.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final, NamedTuple

from showdown import _fast
from showdown.batch import strength7
from showdown.cards import Card
from showdown.errors import ShowdownError
from showdown.games import Family, Game, deck_mask, game_hand, get_game
from showdown.history.model import ActionKind, Hand
from showdown.money import Money
from showdown.pots import (
    OddChipRule,
    best_seats,
    divide,
    layers,
    odd_chip_orders,
    rake_shares,
    split,
)
from showdown.rules import HIGH, get_ranking

__all__ = [
    "Facts",
    "PlainGame",
    "Quick",
    "decide",
    "plain_game",
    "quick_payouts",
    "room_pot_rakes",
]

_ZERO: Final = Decimal(0)
_RETURN: Final = ActionKind.RETURN
_FOLD: Final = ActionKind.FOLD
_MUCK: Final = ActionKind.MUCK
_ANTE: Final = ActionKind.ANTE
_TABLE_ANTE: Final = ActionKind.BIG_BLIND_ANTE
_DEAD_BLIND: Final = ActionKind.DEAD_BLIND
_MAX_DIGITS: Final = 30


class Quick(NamedTuple):
    """The fast path's answer for one hand."""

    paid: dict[str, Decimal]
    """What the rules pay each player of the showdown (by name)."""
    names: list[str]
    """The players dealt in, in seat order (:attr:`Hand.players`)."""
    stakes: dict[str, Decimal]
    """What each player put in (:meth:`Hand.contributions`)."""
    room_rakes: list[Decimal] | None
    """The rake of each contested pot as the room took it, when that is not the
    resolver's proportional share (else None)."""


class PlainGame:
    """A game the fast path decides: its deck, its full board, whether Hold'em's seven cards."""

    __slots__ = ("board", "codes", "deck", "game", "has_board", "high7", "single")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.deck = deck_mask(game.rankings[0])
        self.codes = frozenset(code for code in range(52) if (self.deck >> code) & 1)
        self.board = game.full_board
        self.has_board = game.has_board
        self.single = len(game.rankings) == 1
        self.high7 = (
            game.rankings == (get_ranking(HIGH),)
            and game.hole_used is None
            and game.hole_cards + game.full_board == 7
        )


_GAMES: dict[str, PlainGame | None] = {}
_MONEY: dict[Decimal, Money] = {}


def plain_game(name: str) -> PlainGame | None:
    """The game of this name when the fast path decides it (None: a stud game, or no
    game of showdown's), remembered by the name."""
    try:
        return _GAMES[name]
    except KeyError:
        pass
    try:
        game = get_game(name)
    except (ShowdownError, TypeError):
        found = None
    else:
        found = None if game.family is Family.STUD else PlainGame(game)
    _GAMES[name] = found
    return found


_UNITS: dict[Decimal, dict[Decimal, int | None]] = {}


def _units(amount: Decimal, unit: Decimal) -> int | None:
    """The amount in whole units, or None when the resolver would refuse it."""
    known = _UNITS.get(unit)
    if known is None:
        known = _UNITS[unit] = {}
    elif amount in known:
        return known[amount]
    units: int | None = None
    digits = amount.as_tuple()
    if amount >= 0 and len(digits.digits) <= _MAX_DIGITS and amount.adjusted() <= _MAX_DIGITS:
        exact = amount / unit
        if exact == exact.to_integral_value():
            units = int(exact)
    if len(known) < 100_000:
        known[amount] = units
    return units


def _from_units(money: Money, unit: Decimal, units: int) -> Decimal:
    """``money.from_units(units)`` (``money`` in ``unit``), remembered: a hand's amounts repeat."""
    known = _AMOUNTS.get(unit)
    if known is None:
        known = _AMOUNTS[unit] = {}
    found = known.get(units)
    if found is None:
        found = Decimal(money.from_units(units))
        if len(known) < 100_000:
            known[units] = found
    return found


_AMOUNTS: dict[Decimal, dict[int, Decimal]] = {}


def _strengths(
    plain: PlainGame, cards: tuple[Card, ...], board: tuple[Card, ...]
) -> tuple[int, ...]:
    """The strength under each ranking of the game (0: no qualifying low)."""
    if plain.high7:
        return (strength7([c._code for c in (*cards, *board)]),)
    game = plain.game
    if _fast.enabled():
        return tuple(s for s, _ in _fast.game_best(game, [c._code for c in (*cards, *board)]))
    return tuple(0 if v is None else v.strength for v in game_hand(game, cards, board).values)


def quick_payouts(hand: Hand, *, pot_rakes: tuple[Decimal, ...] | None = None) -> Quick | None:
    """What the rules pay each player of a plain showdown, or None to leave it to ``resolve``.

    With ``pot_rakes``, each contested pot (in order: main, side pots) is raked
    by its own amount, as ``resolve`` rakes a showdown whose ``rake`` is that
    tuple, instead of the hand's rake shared in proportion.
    """
    plain = plain_game(hand.game)
    if plain is None or hand.added:
        return None
    stakes: dict[str, Decimal] = {}
    dead: dict[str, Decimal] = {}
    active: set[str] = set()
    folded: set[str] = set()
    said_muck: set[str] = set()
    for action in hand.actions:  # one pass: who acted, folded, mucked, put in what
        name = action.player
        active.add(name)
        kind = action.kind
        if kind is _FOLD:
            folded.add(name)
        elif kind is _MUCK:
            said_muck.add(name)
        amount = action.amount
        if amount and kind is not _RETURN:
            stakes[name] = stakes[name] + amount if name in stakes else amount
            if kind is _ANTE or kind is _TABLE_ANTE or kind is _DEAD_BLIND:
                dead[name] = dead[name] + amount if name in dead else amount
    collected = {c.player for c in hand.collections}
    # cards: the most shown, else the most seen mucked, else the most dealt
    shown: dict[str, tuple[Card, ...]] = {}
    seen: dict[str, tuple[Card, ...]] = {}
    for showing in hand.showings:
        these = showing.cards
        if not showing.mucked and len(these) > len(shown.get(showing.player, ())):
            shown[showing.player] = these
        if len(these) > len(seen.get(showing.player, ())):
            seen[showing.player] = these
    dealt: dict[str, tuple[Card, ...]] = {}
    for showing in hand.dealt:
        if len(showing.cards) > len(dealt.get(showing.player, ())):
            dealt[showing.player] = showing.cards
    return decide(
        plain,
        Facts(
            [(seat.number, seat.name) for seat in hand.seats],
            stakes,
            dead,
            active,
            folded,
            said_muck,
            collected,
            shown,
            seen,
            dealt,
            hand.boards,
            hand.unit,
            hand.rake,
            hand.pots,
            hand.site,
            hand.button,
        ),
        pot_rakes=pot_rakes,
    )


class Facts(NamedTuple):
    """What the fast path reads of a hand (from a :class:`Hand`, or straight from its text)."""

    seats: list[tuple[int, str]]
    """Each seat's number and player, in seat order."""
    stakes: dict[str, Decimal]
    """What each player put in (returned bets not subtracted)."""
    dead: dict[str, Decimal]
    """The dead part of each stake (antes, dead blinds)."""
    active: set[str]
    """The players with an action."""
    folded: set[str]
    said_muck: set[str]
    collected: set[str]
    """The players who collected from a pot."""
    shown: dict[str, tuple[Card, ...]]
    """The most cards each player showed."""
    seen: dict[str, tuple[Card, ...]]
    """The most cards each player was seen with, shown or mucked."""
    dealt: dict[str, tuple[Card, ...]]
    """The cards seen dealt to each player."""
    boards: tuple[tuple[Card, ...], ...]
    unit: Decimal
    rake: Decimal
    pots: tuple[Decimal, ...]
    """The pots the summary lists (after rake)."""
    site: str
    button: int | None


def room_pot_rakes(
    pots: tuple[Decimal, ...], rake: Decimal, site: str, gross: list[Decimal]
) -> list[Decimal] | None:
    """The rake the room took from each contested pot, when the history says it.

    ``pots`` are the pots the summary lists, ``rake`` the house's whole take,
    ``gross`` each contested pot before rake.
    """
    if len(pots) == len(gross):
        rakes = [g - listed for g, listed in zip(gross, pots, strict=True)]
        if all(r >= 0 for r in rakes) and sum(rakes, _ZERO) == rake:
            return rakes  # the summary lists each pot after its rake
    if site == "fulltilt" and rake <= gross[0]:
        # Full Tilt's own software listed the pots before rake and took the
        # rake from the main pot (its 2016 histories, written by PokerStars'
        # software, list them after rake and are read above)
        return [rake] + [_ZERO] * (len(gross) - 1)
    return None


def _orders(
    plain: PlainGame,
    held: list[tuple[Card, ...]],
    hand_button: int | None,
    all_seats: list[tuple[int, str]],
    seats: list[str],
) -> list[list[int]]:
    """Per half of the game, the players in the order they receive odd chips
    (:func:`showdown.pots.odd_chip_orders`), the button at the player at or before
    the room's button (as :func:`showdown.history.model.hand_to_showdown` puts it)."""
    count = len(seats)
    button = 0
    if hand_button is not None:
        number = {name: seat for seat, name in all_seats}
        before = [i for i, name in enumerate(seats) if number.get(name, 0) <= hand_button]
        button = before[-1] if before else count - 1
    found = odd_chip_orders(
        plain.game, OddChipRule.AUTO, button, [[card._code for card in cards] for cards in held]
    )
    return [found[half] for half in plain.game.halves]


def _one_pot(
    plain: PlainGame,
    board: tuple[Card, ...],
    held: list[tuple[Card, ...]],
    codes: list[list[int]],
    live: list[int],
    net: int,
    hand_button: int | None,
    all_seats: list[tuple[int, str]],
    seats: list[str],
) -> list[int] | None:
    """The payouts of a showdown with one pot and one ranking (every player still in put in
    the most, nobody dead money): ``net`` units to the best hands among ``live``
    (``codes``: each player's cards' codes, then the board's).

    What the general path of :func:`decide` pays such a hand (its layers are one pot
    whose rake is the whole rake) without cutting the layers; None when no hand
    qualifies.
    """
    if plain.high7:
        strengths = {i: strength7(codes[i]) for i in live}
    else:
        strengths = {i: _strengths(plain, held[i], board)[0] for i in live}
    winners = best_seats(live, strengths)
    if not winners:
        return None
    payouts = [0] * len(seats)
    # the order of the odd chips, where there are any
    order = _orders(plain, held, hand_button, all_seats, seats)[0] if net % len(winners) else []
    for seat, units in split(net, winners, order).items():
        payouts[seat] = units
    return payouts


_UNKNOWN: Final = -1
"""Not yet in :data:`_UNITS` (an amount in whole units is never negative)."""


def decide(
    plain: PlainGame, facts: Facts, *, pot_rakes: tuple[Decimal, ...] | None = None
) -> Quick | None:
    """The payouts of a plain showdown from the facts read of it, or None (see the module).

    ``pot_rakes``: the rake of each contested pot, in order (see :func:`quick_payouts`).
    """
    game = plain.game
    (
        all_seats,
        stakes,
        dead,
        active,
        folded,
        said_muck,
        collected,
        shown,
        seen,
        dealt,
        all_boards,
        unit,
        hand_rake,
        listed_pots,
        site,
        hand_button,
    ) = facts
    boards = [b for b in all_boards if b]
    if not plain.has_board:
        if boards:
            return None
        boards = [()]
    elif not boards or any(len(b) != plain.board for b in boards):
        return None
    board = boards[0]
    active = active | collected
    names = [name for _, name in all_seats if name in active]
    contenders = [n for n in names if n not in folded]
    conceded: set[str] = set()
    for name in contenders:
        if name in shown:
            continue
        if name in said_muck or (name not in seen and name not in dealt and name not in collected):
            conceded.add(name)
    if conceded.issuperset(contenders):
        conceded -= collected
    money = _MONEY.get(unit)
    if money is None:
        money = _MONEY[unit] = Money.of((), unit)
    seats: list[str] = []
    held: list[tuple[Card, ...]] = []
    codes: list[list[int]] = []  # each player's cards' codes, then the board's
    stake_units: list[int] = []
    dead_units: list[int] = []
    live: list[int] = []  # the players still in, by their index in seats
    outs: list[int] = []  # the contenders who conceded
    board_codes = [card._code for card in board]
    used = list(board_codes)  # every card's code, to find one not in the deck or twice
    if len(boards) > 1:  # run more than once: the cards after the boards' common start
        shared = 0
        for column in zip(*boards, strict=False):
            if any(card != column[0] for card in column):
                break
            shared += 1
        used += [card._code for other in boards[1:] for card in other[shared:]]
    unseen = False  # a player still in whose cards the history does not show
    deadly_any = False
    contending = set(contenders)
    hole = game.hole_cards
    in_units = _UNITS.get(unit)
    if in_units is None:
        in_units = _UNITS[unit] = {}
    for name in names:
        stake = stakes.get(name, _ZERO)
        if name not in contending:
            if not stake:
                continue
            cards: tuple[Card, ...] = ()
            codes.append(board_codes)
        else:
            cards = shown.get(name) or seen.get(name) or dealt.get(name, ())
            if len(cards) != hole:
                cards = ()
            if name in conceded:
                outs.append(len(seats))
            else:
                live.append(len(seats))
                if not cards:
                    unseen = True
            own = [card._code for card in cards]
            used += own
            own += board_codes
            codes.append(own)
        staked = in_units.get(stake, _UNKNOWN)
        if staked == _UNKNOWN:
            staked = _units(stake, unit)
        if name in dead:
            deadly = _units(dead[name], unit)
            if deadly:
                deadly_any = True
        else:
            deadly = 0
        if staked is None or deadly is None or deadly > staked or not name:
            return None
        seats.append(name)
        held.append(cards)
        stake_units.append(staked)
        dead_units.append(deadly)
    if len(set(used)) != len(used) or not plain.codes.issuperset(used):
        return None  # a card twice, or not in the game's deck
    count = len(seats)
    if count < 2 or len(set(seats)) != count:
        return None
    if not live or (len(live) > 1 and unseen):
        return None  # nobody left in, or cards the history does not show
    total = sum(stake_units)
    rake = in_units.get(hand_rake, _UNKNOWN)
    if rake == _UNKNOWN:
        rake = _units(hand_rake, unit)
    if not total or rake is None:
        return None
    given: list[int] | None = None
    if pot_rakes is not None:
        given = []
        for pot_rake in pot_rakes:
            pot_units = _units(pot_rake, unit)
            if pot_units is None:
                return None
            given.append(pot_units)
    if len(live) > 1 and plain.single and not deadly_any and given is None and len(boards) == 1:
        top = max(stake_units)
        if all(stake_units[i] == top for i in live):
            if rake > total:
                return None  # the resolver's 'rake is more than the pots'
            found = _one_pot(
                plain, board, held, codes, live, total - rake, hand_button, all_seats, seats
            )
            if found is not None:
                known = _AMOUNTS.get(unit) or {}
                paid = {
                    seats[i]: known[won] if won in known else _from_units(money, unit, won)
                    for i, won in enumerate(found)
                }
                return Quick(paid, names, stakes, None)
    in_hand = [False] * count
    for i in live:
        in_hand[i] = True
    out = [False] * count
    for i in outs:
        out[i] = True
    pots = layers(stake_units, in_hand, dead_units, out)
    try:
        rakes = rake_shares(pots, rake if given is None else given)
    except ShowdownError:
        return None
    contested = [k for k, pot in enumerate(pots) if not pot.uncalled]
    room: list[Decimal] | None = None
    if hand_rake and len(contested) >= 2 and given is None:
        gross = [_from_units(money, unit, pots[k].amount) for k in contested]
        stated = room_pot_rakes(listed_pots, hand_rake, site, gross)
        if stated is not None and stated != [_from_units(money, unit, rakes[k]) for k in contested]:
            per_pot = [_units(r, unit) for r in stated]
            if any(r is None for r in per_pot):
                return None
            try:
                rakes = rake_shares(pots, per_pot)  # type: ignore[arg-type]
            except ShowdownError:
                return None
            room = stated
    # per board (several when the hand was run more than once), per half: the strengths
    by_board: list[list[dict[int, int]]] = []
    halves = range(len(game.rankings))
    for run, this in enumerate(boards):
        values: dict[int, tuple[int, ...]] = {}
        if plain.high7 and not run:  # Hold'em: seven codes a player
            for seat, cards in enumerate(held):
                if cards:
                    values[seat] = (strength7(codes[seat]),)
        elif plain.high7:
            these = [card._code for card in this]
            for seat, cards in enumerate(held):
                if cards:
                    values[seat] = (strength7([card._code for card in cards] + these),)
        else:
            for seat, cards in enumerate(held):
                if cards:
                    values[seat] = _strengths(plain, cards, this)
        by_board.append([{seat: found[half] for seat, found in values.items()} for half in halves])
    orders = _orders(plain, held, hand_button, all_seats, seats)
    runs = list(range(len(boards)))
    payouts = [0] * count
    for pot, taken in zip(pots, rakes, strict=True):
        net = pot.amount - taken
        if pot.uncalled:
            (owner,) = pot.contributors
            payouts[owner] += net
            continue
        eligible = pot.eligible
        if not eligible:
            return None  # the resolver's 'impossible stakes'
        if len(eligible) == 1:
            (seat,) = eligible
            payouts[seat] += net
            continue
        # each board's share (the odd units from the first board), then its halves
        per_board = split(net, runs, runs)
        for run, strengths in enumerate(by_board):
            winners = [best_seats(eligible, half) for half in strengths]
            for seat, units in divide(per_board[run], winners, orders).items():
                payouts[seat] += units
    paid = {seats[i]: _from_units(money, unit, units) for i, units in enumerate(payouts)}
    return Quick(paid, names, stakes, room)
