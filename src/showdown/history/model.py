"""The format-neutral hand: what every hand-history reader produces.

A :class:`Hand` is one dealt hand as a card room recorded it: where it was
read from, the game and the money, the seats, every action in order (forced
bets included), the board(s), the cards shown or mucked, what each player
collected from which pot, and what the house took. Nothing in it depends on
the text layout it came from: the PokerStars, GGPoker and Full Tilt readers
and the PHH reader all fill the same fields, and :meth:`Hand.showdown` turns
any of them into a :class:`showdown.pots.Showdown` the same way.

Money is :class:`~decimal.Decimal` in the history's own unit (dollars with
cents, or tournament chips). Every action records ``amount``, the chips it put
into the pot (for a raise, the increment, not the total), so a player's
contribution is a plain sum:

>>> from decimal import Decimal as D
>>> hand = Hand(
...     source="example.txt", line=1, index=0, site="pokerstars", hand_id="1",
...     game="holdem", unit=D("0.01"), currency="USD",
...     seats=(Seat(1, "Ann", D("5")), Seat(2, "Bob", D("5"))), button=1,
...     actions=(
...         Action(ActionKind.SMALL_BLIND, "Ann", D("0.05"), street="blinds"),
...         Action(ActionKind.BIG_BLIND, "Bob", D("0.10"), street="blinds"),
...         Action(ActionKind.RAISE, "Ann", D("0.45"), street="preflop", to=D("0.50")),
...         Action(ActionKind.FOLD, "Bob", street="preflop"),
...         Action(ActionKind.RETURN, "Ann", D("0.40"), street="preflop"),
...     ),
...     collections=(Collection("Ann", D("0.20")),),
... )
>>> hand.contributions()["Ann"], hand.returned()["Ann"], hand.reached_showdown
(Decimal('0.50'), Decimal('0.40'), False)
>>> hand.check_balance()  # 0.60 put in = 0.40 returned + 0.20 collected
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import Enum
from typing import Final

from showdown.cards import Card
from showdown.errors import HistoryError, Message, ShowdownError
from showdown.games import Family, Game, get_game
from showdown.pots import Player, Showdown

__all__ = [
    "HOUSE",
    "Action",
    "ActionKind",
    "Collection",
    "Hand",
    "Seat",
    "Showing",
    "hand_to_showdown",
    "quick_action",
    "showdown_game",
]

_ZERO = Decimal(0)


class ActionKind(Enum):
    """What a line of the history did."""

    ANTE = "ante"
    """An ante (dead money)."""
    BIG_BLIND_ANTE = "big_blind_ante"
    """An ante posted by one player for the whole table (dead money)."""
    SMALL_BLIND = "small_blind"
    """The small blind (live)."""
    BIG_BLIND = "big_blind"
    """The big blind, or a live blind posted to come in (live)."""
    DEAD_BLIND = "dead_blind"
    """A missed blind posted dead (dead money)."""
    STRADDLE = "straddle"
    """A straddle (live)."""
    BRING_IN = "bring_in"
    """The stud bring-in (live)."""
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    """A raise or a stud completion; ``to`` holds the street total."""
    CHECK = "check"
    FOLD = "fold"
    RETURN = "return"
    """An uncalled bet returned to its owner; ``amount`` is what came back."""
    DISCARD = "discard"
    """A draw: ``count`` cards thrown (``cards`` when they are known)."""
    STAND_PAT = "stand_pat"
    """A draw of no cards."""
    SHOW = "show"
    """Cards shown (at the showdown or voluntarily)."""
    MUCK = "muck"
    """The player conceded at the showdown without showing."""

    @property
    def forced(self) -> bool:
        """A forced bet (ante, blind, straddle, bring-in)."""
        return self._value_ in _FORCED_VALUES

    @property
    def dead(self) -> bool:
        """Money that nobody matches: antes and dead blinds."""
        return self._value_ in _DEAD_VALUES


_FORCED = frozenset(
    {
        ActionKind.ANTE,
        ActionKind.BIG_BLIND_ANTE,
        ActionKind.SMALL_BLIND,
        ActionKind.BIG_BLIND,
        ActionKind.DEAD_BLIND,
        ActionKind.STRADDLE,
        ActionKind.BRING_IN,
    }
)
_DEAD = frozenset({ActionKind.ANTE, ActionKind.BIG_BLIND_ANTE, ActionKind.DEAD_BLIND})
_RETURN = ActionKind.RETURN
_FOLD = ActionKind.FOLD
# By value: a text hashes in C, an enum member in Python (this is on the audit's hot path).
_FORCED_VALUES = frozenset(kind.value for kind in _FORCED)
_DEAD_VALUES = frozenset(kind.value for kind in _DEAD)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table when the hand started.

    Attributes:
        number: the seat number as the room writes it (1-based).
        name: the player's name.
        stack: chips in front of him at the start.
        sitting_out: the room marked him as sitting out.
    """

    number: int
    name: str
    stack: Decimal
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class Action:
    """One action of one player.

    Attributes:
        kind: what it was.
        player: who did it.
        amount: chips this action put into the pot (the increment); for
            :attr:`ActionKind.RETURN`, chips given back.
        street: the betting round: ``'blinds'``, ``'preflop'``, ``'flop'``,
            ``'turn'``, ``'river'``, ``'third'`` ... ``'seventh'`` (stud),
            ``'draw1'`` ... ``'draw3'`` (the betting after each draw),
            ``'showdown'``.
        to: for a raise, the player's total on this street after it.
        all_in: the room said the player is all in.
        cards: cards shown, or discarded when known.
        count: cards discarded (draw games).
        line: the line of the history (1-based; 0 when not from text).
        drawn: for :attr:`ActionKind.DISCARD`, the cards the draw brought,
            when known (PHH records them; ``()`` otherwise).
    """

    kind: ActionKind
    player: str
    amount: Decimal = _ZERO
    street: str = ""
    to: Decimal | None = None
    all_in: bool = False
    cards: tuple[Card, ...] = ()
    count: int = 0
    line: int = 0
    drawn: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Collection:
    """Chips a player collected from a pot.

    Attributes:
        player: who collected.
        amount: how much.
        pot: the pot as the room names it: ``'pot'``, ``'main pot'``,
            ``'side pot-1'``, ``'high pot'``, ...
        board: for a hand run more than once, which run (0-based); else None.
        line: the line of the history.
    """

    player: str
    amount: Decimal
    pot: str = "pot"
    board: int | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Showing:
    """Cards a player showed or was seen to muck.

    Attributes:
        player: whose cards.
        cards: the cards (all of them, hole and up cards in stud).
        mucked: the cards were mucked (known only from the summary); the
            player conceded.
    """

    player: str
    cards: tuple[Card, ...]
    mucked: bool = False


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as a card room recorded it.

    Attributes:
        source: the file (or stream name) it was read from.
        line: the line of its header (1-based).
        index: its position in that file (0-based).
        site: ``'pokerstars'``, ``'ggpoker'``, ``'fulltilt'``, ``'phh'``.
        hand_id: the site's hand id.
        game: the showdown game id (``'holdem'``, ``'omaha_hilo'``, ...),
            or the site's own name when no game of ours matches.
        game_name: the game as the site writes it.
        limit: ``'No Limit'``, ``'Pot Limit'``, ``'Limit'``, ... or ``''``.
        stakes: the stakes as written (``'$0.25/$0.50'``, ``'25/50'``).
        table: the table name.
        currency: ``'USD'``, ``'EUR'``, ... or None for chips.
        tournament: the tournament id, or None for a cash game.
        play_money: play chips.
        unit: the smallest amount (``0.01`` for cents, ``1`` for chips).
        max_seats: the table size when written.
        seats: the seats in seat order.
        button: the button's seat number (None in stud).
        actions: every action in order, forced bets first.
        boards: the board, or every board of a hand run twice (a stud deal
            out of cards has a one-card board: the community card).
        showings: cards shown or known mucked.
        collections: what each player collected, from which pot.
        rake: everything the house took from the pot (rake, jackpot and
            other fees).
        total_pot: the total pot as the history states it (None if not).
        pots: the pots as the history lists them (main, side pot 1, ...),
            after rake, when it lists them.
        added: money the house added to the pot (a "cash drop").
        cashouts: money a player received outside the pot (all-in
            cash-out, insurance): recorded, not audited.
        dealt: the last cards seen dealt to a player (the history's owner,
            or every up card in stud), whether or not he showed them.
        cancelled: the room called the hand off before it was played out
            (PokerStars' "Hand cancelled"): every chip went back to whoever
            put it in, and nothing was decided.
    """

    source: str
    line: int
    index: int
    site: str
    hand_id: str
    game: str
    unit: Decimal
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    game_name: str = ""
    limit: str = ""
    stakes: str = ""
    table: str = ""
    currency: str | None = None
    tournament: str | None = None
    play_money: bool = False
    max_seats: int | None = None
    button: int | None = None
    boards: tuple[tuple[Card, ...], ...] = ()
    showings: tuple[Showing, ...] = ()
    collections: tuple[Collection, ...] = ()
    rake: Decimal = _ZERO
    total_pot: Decimal | None = None
    pots: tuple[Decimal, ...] = ()
    added: Decimal = _ZERO
    cashouts: tuple[tuple[str, Decimal], ...] = field(default=())
    dealt: tuple[Showing, ...] = ()
    cancelled: bool = False

    # -- what the actions add up to -------------------------------------------

    def contributions(self) -> dict[str, Decimal]:
        """Everything each player put in (forced bets and bets; returns not subtracted)."""
        total: dict[str, Decimal] = {}
        for action in self.actions:
            if action.kind is not ActionKind.RETURN and action.amount:
                total[action.player] = total.get(action.player, _ZERO) + action.amount
        return total

    def dead_money(self) -> dict[str, Decimal]:
        """The part of each player's contribution that is dead (antes, dead blinds)."""
        total: dict[str, Decimal] = {}
        for action in self.actions:
            if action.kind.dead and action.amount:
                total[action.player] = total.get(action.player, _ZERO) + action.amount
        return total

    def returned(self) -> dict[str, Decimal]:
        """Uncalled bets returned to each player."""
        total: dict[str, Decimal] = {}
        for action in self.actions:
            if action.kind is ActionKind.RETURN:
                total[action.player] = total.get(action.player, _ZERO) + action.amount
        return total

    def collected(self) -> dict[str, Decimal]:
        """What each player collected from the pots."""
        total: dict[str, Decimal] = {}
        for collection in self.collections:
            total[collection.player] = total.get(collection.player, _ZERO) + collection.amount
        return total

    def received(self) -> dict[str, Decimal]:
        """What the history says each player got back: pot collections plus returned bets."""
        total = self.collected()
        for name, amount in self.returned().items():
            total[name] = total.get(name, _ZERO) + amount
        return total

    @property
    def folded(self) -> frozenset[str]:
        """The players who folded."""
        return frozenset(a.player for a in self.actions if a.kind is ActionKind.FOLD)

    @property
    def players(self) -> tuple[str, ...]:
        """The players dealt in (anyone who posted or acted), in seat order."""
        active = {a.player for a in self.actions}
        active.update(c.player for c in self.collections)
        return tuple(seat.name for seat in self.seats if seat.name in active)

    @property
    def contenders(self) -> tuple[str, ...]:
        """The players still in the hand at the end (did not fold), in seat order."""
        folded = self.folded
        return tuple(name for name in self.players if name not in folded)

    @property
    def mucked(self) -> frozenset[str]:
        """Contenders who conceded at the showdown.

        A contender conceded when he mucked without showing, or when no card
        of his is known and he collected nothing. If that would leave nobody
        in the hand, the players who collected are kept in (they won when the
        others conceded).
        """
        collected = {c.player for c in self.collections}
        said_muck = {a.player for a in self.actions if a.kind is ActionKind.MUCK}
        conceded = set()
        for name in self.contenders:
            if self.shown(name):
                continue
            unknown = not self.cards(name) and name not in collected
            if name in said_muck or unknown:
                conceded.add(name)
        if conceded.issuperset(self.contenders):
            conceded -= collected
        return frozenset(conceded)

    @property
    def reached_showdown(self) -> bool:
        """More than one player was still in the hand at the end (of a hand not cancelled).

        That is ``len(self.contenders) > 1``, counted in one pass over the actions
        (every hand of an audit asks it).
        """
        if self.cancelled:
            return False
        active: set[str] = set()
        folded: set[str] = set()
        for action in self.actions:
            active.add(action.player)
            if action.kind is _FOLD:
                folded.add(action.player)
        active.update(c.player for c in self.collections)
        active -= folded
        still_in = 0
        for seat in self.seats:
            if seat.name in active:
                still_in += 1
                if still_in > 1:
                    return True
        return False

    def shown(self, player: str) -> tuple[Card, ...]:
        """The most cards a player showed (``()`` if he showed none)."""
        best: tuple[Card, ...] = ()
        for showing in self.showings:
            if showing.player == player and not showing.mucked and len(showing.cards) > len(best):
                best = showing.cards
        return best

    def cards(self, player: str) -> tuple[Card, ...]:
        """The cards known for a player: shown, else seen mucked, else dealt, else ``()``."""
        best = self.shown(player)
        if best:
            return best
        for group in (self.showings, self.dealt):
            for showing in group:
                if showing.player == player and len(showing.cards) > len(best):
                    best = showing.cards
            if best:
                return best
        return best

    def check_balance(self) -> None:
        """Check that the chips add up: put in + added = returned + collected + rake.

        Raises:
            HistoryError: they do not (the message gives both sides).
        """
        # one pass: what contributions(), returned() and collected() add up to
        put_in = paid = _ZERO
        for action in self.actions:
            if action.kind is _RETURN:
                paid += action.amount
            elif action.amount:
                put_in += action.amount
        for collection in self.collections:
            paid += collection.amount
        put_in += self.added
        paid += self.rake
        if put_in != paid:
            raise HistoryError(
                Message(
                    "the chips do not add up: {put_in} put in, but {paid} returned, "
                    "collected and raked",
                    put_in=put_in,
                    paid=paid,
                ),
                file=self.source,
                line=self.line,
                hand=self.hand_id,
                kind="does not add up",
            )

    def with_unwritten_return(self) -> Hand | None:
        """The hand with the uncalled bet the room returned but did not write, if that is the gap.

        Early PokerStars histories (2005 and before) write no "Uncalled bet
        ... returned" line when the player who bet most is called only by
        players all in for less: the room gave the excess back (the total
        pot leaves it out) but the text never says so. When the chips fall
        short by exactly the unmatched part of the one largest contribution,
        this is the hand with that return added (on the street of his last
        bet); otherwise None.

        >>> from decimal import Decimal as D
        >>> hand = Hand(
        ...     source="x", line=1, index=0, site="pokerstars", hand_id="1", game="holdem",
        ...     unit=D(1),
        ...     seats=(Seat(1, "Ann", D(500)), Seat(2, "Bob", D(200))),
        ...     actions=(
        ...         Action(ActionKind.BET, "Ann", D(500), street="flop", all_in=True),
        ...         Action(ActionKind.CALL, "Bob", D(200), street="flop", all_in=True),
        ...     ),
        ...     collections=(Collection("Ann", D(400)),),
        ... )
        >>> fixed = hand.with_unwritten_return()
        >>> fixed.returned(), fixed.check_balance()
        ({'Ann': Decimal('300')}, None)
        """
        stakes = self.contributions()
        if len(stakes) < 2:
            return None
        ranked = sorted(stakes.items(), key=lambda item: item[1], reverse=True)
        (top, most), (_, second) = ranked[0], ranked[1]
        put_in = sum(stakes.values(), _ZERO) + self.added
        paid = (
            sum(self.returned().values(), _ZERO) + sum(self.collected().values(), _ZERO) + self.rake
        )
        gap = put_in - paid
        if gap <= 0 or most == second or gap != most - second - self.returned().get(top, _ZERO):
            return None
        street = next(a.street for a in reversed(self.actions) if a.player == top and a.amount)
        back = Action(ActionKind.RETURN, top, gap, street=street, line=self.line)
        return replace(self, actions=(*self.actions, back))

    @property
    def stacks(self) -> Mapping[str, Decimal]:
        """Each seated player's starting stack."""
        return {seat.name: seat.stack for seat in self.seats}

    def showdown(self) -> Showdown:
        """The showdown of this hand, ready for :func:`showdown.pots.resolve`
        (:func:`hand_to_showdown`).

        Raises:
            HistoryError: the hand did not reach a showdown, or its game is
                not one showdown knows.
        """
        return hand_to_showdown(self)


HOUSE: Final = "(house)"
"""The name of the stand-in for money the house added to a pot."""


def showdown_game(hand: Hand) -> Game:
    """The registry's game for a hand.

    Raises:
        HistoryError: showdown does not know the game (kind ``'unsupported game'``).
    """
    try:
        return get_game(hand.game)
    except ShowdownError:
        raise HistoryError(
            Message("the game {game} is not supported", game=repr(hand.game_name or hand.game)),
            file=hand.source,
            line=hand.line,
            hand=hand.hand_id,
            kind="unsupported game",
        ) from None


def _button_index(hand: Hand, names: list[str]) -> int:
    if hand.button is None or not names:
        return 0
    seat_of = {seat.name: seat.number for seat in hand.seats}
    before = [i for i, name in enumerate(names) if seat_of.get(name, 0) <= hand.button]
    return before[-1] if before else len(names) - 1


def hand_to_showdown(hand: Hand) -> Showdown:
    """The showdown of a hand that reached one: the one step from a recorded hand to a
    :class:`~showdown.pots.Showdown`, the same for every reader (RULES.md §6).

    * the players are everyone who put chips in, in seat order;
    * each one's ``stake`` is everything he put in (antes, blinds, bets, the
      uncalled part included: the resolver returns it), and ``dead`` the antes,
      big-blind ante and dead blinds among it;
    * a player who folded is ``folded``; one who reached the showdown and
      conceded (mucked, or never showed and won nothing) is ``mucked``;
    * the cards are the ones shown (all seven in stud), the board or the boards
      of a hand run more than once (a stud deal out of cards has its one
      community card as the board);
    * ``rake`` is everything the house took (rake, jackpot and other fees),
      ``unit`` the history's unit, ``button`` the index of the button's seat
      among the players (the seat at or before the button, when the button's
      own seat put nothing in). Money the house added (a cash drop) is a
      folded, dead stake of a player named :data:`HOUSE`.

    Raises:
        HistoryError: the hand did not reach a showdown (kind ``'no
            showdown'``), or its game is not supported (``'unsupported game'``).
    """
    if not hand.reached_showdown:
        raise HistoryError(
            Message("the hand did not reach a showdown"),
            file=hand.source,
            line=hand.line,
            hand=hand.hand_id,
            kind="no showdown",
        )
    game = showdown_game(hand)
    stakes = hand.contributions()
    dead = hand.dead_money()
    folded = hand.folded
    mucked = hand.mucked
    contenders = set(hand.contenders)
    boards = [b for b in hand.boards if b]
    # Stud out of cards: the community card is the seventh card of everyone still in.
    community = boards[0][:1] if game.family is Family.STUD and boards else ()
    players: list[Player] = []
    names: list[str] = []
    for name in hand.players:
        stake = stakes.get(name, _ZERO)
        if name not in contenders:
            if stake:
                players.append(Player(name, (), stake, folded=True, dead=dead.get(name, _ZERO)))
                names.append(name)
            continue
        cards = hand.cards(name)
        if community and community[0] in cards:
            cards = tuple(card for card in cards if card not in community)
        if len(cards) != game.hole_cards - len(community):
            cards = ()
        players.append(
            Player(
                name,
                cards,
                stake,
                folded=name in folded,
                dead=dead.get(name, _ZERO),
                mucked=name in mucked,
            )
        )
        names.append(name)
    button = _button_index(hand, names)
    if hand.added:
        players.append(Player(HOUSE, (), hand.added, folded=True, dead=hand.added))
    if game.family is Family.STUD:
        board: tuple[object, ...] | None = community or None
        many = None
    elif len(boards) > 1:
        board, many = None, boards
    else:
        board, many = (boards[0] if boards else None), None
    return Showdown.build(
        game,
        board,  # type: ignore[arg-type]
        players,
        button=button,
        boards=many,
        rake=hand.rake,
        unit=hand.unit,
    )


_new: Final = object.__new__
# Each field's slot, set straight (a frozen dataclass refuses plain assignment; its own
# __init__ goes through object.__setattr__ for each field, by keyword)
(
    _set_kind,
    _set_player,
    _set_amount,
    _set_street,
    _set_to,
    _set_all_in,
    _set_cards,
    _set_count,
    _set_line,
    _set_drawn,
) = (
    getattr(Action, name).__set__
    for name in (
        "kind",
        "player",
        "amount",
        "street",
        "to",
        "all_in",
        "cards",
        "count",
        "line",
        "drawn",
    )
)


def quick_action(
    kind: ActionKind,
    player: str,
    amount: Decimal,
    street: str,
    to: Decimal | None,
    all_in: bool,
    cards: tuple[Card, ...],
    count: int,
    line: int,
) -> Action:
    """``Action(kind, player, amount, street=street, ...)``, the same value built without
    the frozen dataclass' keyword handling (a reader makes one per line of a hand: its
    hottest constructor). ``tests/history/test_builder_paths.py`` compares the two.

    >>> quick_action(ActionKind.CHECK, "Ann", _ZERO, "flop", None, False, (), 0, 7) == Action(
    ...     ActionKind.CHECK, "Ann", street="flop", line=7)
    True
    """
    action: Action = _new(Action)
    _set_kind(action, kind)
    _set_player(action, player)
    _set_amount(action, amount)
    _set_street(action, street)
    _set_to(action, to)
    _set_all_in(action, all_in)
    _set_cards(action, cards)
    _set_count(action, count)
    _set_line(action, line)
    _set_drawn(action, ())
    return action
