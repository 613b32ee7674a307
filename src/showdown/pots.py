"""The showdown resolver: pots, side pots, hi/lo halves, odd chips, and the card room.

:func:`resolve` takes a :class:`Showdown` (a game, the board or boards, the
players in seat order with their cards, what each put in and how much of it
was dead money, who folded or mucked, the button, the rake) and returns every
pot with who was eligible, who won each half on each board and why, and the
exact amount each player receives. Nothing is ever lost or created: the
payouts plus the rake add up to the stakes, always.

The rules (card-room conventions, RULES.md §5 and §6):

* **Side pots.** Stakes are cut into layers at every distinct stake: a player
  all in for less can win only what each opponent matched of his stake. Each
  layer is a pot for the players still in the hand who reached it (adjacent
  layers with the same players are merged). Folded players' chips stay in the
  pots; folded players win nothing. A layer only one player reached is a bet
  nobody called: it is returned to its owner as its own entry (``uncalled``).
* **Dead money** (``Player.dead``: antes, a big-blind ante posted for the
  table, a dead blind) is part of the stake that nobody matches: it goes into
  the main pot, does not count toward its owner's level when the layers are
  cut, and is never returned as uncalled. (A player all in *within* his dead
  money -- an ante he could not pay in full -- can win from each player only
  as much dead money as he put in; the rest forms the next pot.)
* **Mucked hands** (``Player.mucked``): a player who reached the showdown and
  conceded is not eligible for any pot that a player still showing contests;
  his chips stay in the pots. His cards are optional; when given they are
  checked and described, never paid. (A pot that only he reached, such as a
  side pot whose other contributors folded, is his uncontested.)
* **Rake** (``Showdown.rake``): what the house took, taken from each pot in
  proportion to its size before the pot is paid, any remainder from the main
  pot. When the room says what it took from each pot, give the rake as a
  tuple, one amount per pot (main pot first, uncalled bets not counted).
  ``PotResult.amount`` is what the pot pays out, ``PotResult.rake`` what the
  house took from it.
* **Money** (:mod:`showdown.money`): amounts are ``int`` chips or exact
  decimals in a smallest unit (``unit``, by default the finest decimal given);
  the odd chip is one unit. Never floats.
* **Several boards** (``Showdown.boards``, run it twice or three times): each
  pot is divided equally among the boards, the odd units one by one from the
  first board, and each board's share is decided on that board alone.
* **Halves.** In a hi/lo game each pot (each board's share) is split between
  the best high hand and the best qualifying low; without a qualifying low
  the high hand scoops. The odd chip of that split goes to the high half.
  Each half is shared equally between tied hands.
* **Odd chips** (:class:`OddChipRule`): when a pot or half cannot be shared
  evenly, the units left over go one by one, in flop and draw games, to the
  winners in seat order starting left of the button; in stud games, to the
  winners in order of their highest card by rank, then suit (clubs <
  diamonds < hearts < spades) -- and, in a low half (Razz, the low of Stud
  Hi/Lo), of their *lowest* card by rank (the ace low), then suit, as Robert's
  Rules of Poker say. Every card a player holds counts, not only his five.
* **The deck counts only cards that exist.** Only the cards shown (and the
  boards) must fit in the deck, so an 8-player stud table is fine. In a stud
  game a one-card ``board`` is the community card dealt face up when the deck
  runs out: every player then holds one card fewer of his own.
* **No stakes.** When nobody has a stake, the result still gives every
  player's exact share of the pot as a fraction.

The pieces :func:`resolve` pays with work on seat numbers and whole units,
and are public so that the fast lanes (the resolve stream's, the audit's)
pay with the same code: :func:`layers` cuts the stakes into :class:`Pot`
values, :func:`rake_shares` rakes them, :func:`odd_chip_orders` orders the
seats for odd chips, :func:`best_seats` finds each half's winners,
:func:`divide` (with :func:`split`) pays them, :func:`exact_shares` gives
their exact shares, and :func:`runner_up` and :func:`half_word` serve the
explanation.

>>> board = "Kc Td Kh Ts 3c"
>>> result = resolve(Showdown.build("holdem", board, [
...     ("Peter", "Ks 2d", 50), ("Hans", "Kd 7h", 50), ("Michael", "Ac Th", 50),
...     ("Gabriel", "Tc 3s", 50), ("Paul", "3h 3d", 50)]))
>>> result.winners, [p.payout for p in result.players]
(('Peter', 'Hans'), [125, 125, 0, 0, 0])
>>> print(result.pots[0].explanation)
Peter and Hans split the main pot with Kings full of Tens (...); against Michael: ...

A big-blind ante is dead money: the two tied players each get half of it
(WSOP 2023), instead of its owner getting it back as an uncalled bet:

>>> ante = resolve(Showdown.build("omaha", "2c 7d 9h Js 4s", [
...     Player("Ashton", parse_cards("As Ah Kd Qc"), 100_000),
...     Player("Tong", parse_cards("Ad Ac Kh Qs"), 200_000, dead=100_000)]))
>>> [p.payout for p in ante.players]
[150000, 150000]

Cents, rake and run it twice:

>>> cash = resolve(Showdown.build("holdem", None, [
...     ("Ann", "As Ah", "5.00"), ("Bob", "Ks Kh", "5.00")],
...     boards=["7c 2h 3s Kd 9d", "7c 2h 3s Qd 4c"], rake="0.50"))
>>> [str(p.payout) for p in cash.players], str(cash.rake)
(['4.75', '4.75'], '0.50')

The texts come in English, Russian or Romanian (``lang=``, see :mod:`showdown.i18n`):

>>> print(resolve(result.showdown, lang="ru").pots[0].explanation)
Peter и Hans делят основной банк — фулл-хаус, тройка королей и пара десяток (...); ...
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from math import lcm
from typing import Final, TypeGuard

from showdown._validate import check_flag, check_int, check_text, describe_value
from showdown.cards import Card, CardsLike, parse_cards
from showdown.errors import (
    CardCountError,
    DuplicateCardError,
    Message,
    ShowdownError,
    StakeError,
)
from showdown.evaluation import HandValue
from showdown.explanation import explain
from showdown.games import Family, Game, GameHand, game_hand, get_game
from showdown.i18n import DEFAULT_LANGUAGE, Language, Word, get_language
from showdown.money import Amount, AmountLike, Money, format_amount, parse_amount, parse_rake

__all__ = [
    "Amount",
    "BoardResult",
    "OddChipRule",
    "Player",
    "PlayerResult",
    "Pot",
    "PotResult",
    "Showdown",
    "ShowdownResult",
    "best_seats",
    "divide",
    "exact_shares",
    "half_word",
    "layers",
    "odd_chip_orders",
    "rake_shares",
    "resolve",
    "runner_up",
    "split",
]


class OddChipRule(Enum):
    """Who gets the chips left over when a pot cannot be split evenly."""

    AUTO = "auto"
    """Button order in flop and draw games; in stud games the highest card by suit
    (the lowest card by suit for a low half)."""
    BUTTON = "button"
    """The first winner clockwise from the button (seat button + 1, ...)."""
    HIGH_CARD = "high_card"
    """The winner holding the highest card, by rank then suit (c < d < h < s)."""

    def by_cards(self, game: Game) -> bool:
        """Whether the order of the odd chips in this game depends on the cards held
        (else on the button alone).

        >>> [OddChipRule.AUTO.by_cards(get_game(name)) for name in ("razz", "omaha")]
        [True, False]
        """
        if self is OddChipRule.AUTO:
            return game.family is Family.STUD
        return self is OddChipRule.HIGH_CARD


@dataclass(frozen=True, slots=True)
class Player:
    """A player at the showdown.

    Each field is checked when the player is made, and a text is read as
    :meth:`Showdown.build` reads it: cards as card text (``"As Ah"``), an
    amount as an exact decimal (``"0.25"``). What depends on the rest of the
    showdown (names used twice, a card used twice, the cards the game needs,
    dead money above the stake, a player both folded and mucked) and the
    number of digits of an amount are checked by :func:`resolve`.

    >>> ann = Player("Ann", "As Ah", "5.00")
    >>> ann.cards, ann.stake
    ((Card('As'), Card('Ah')), Decimal('5.00'))
    >>> Player("Ann", folded="no")
    Traceback (most recent call last):
      ...
    TypeError: folded must be True or False, got str 'no'

    Attributes:
        name: a unique name.
        cards: the cards shown (may be empty for a folded or mucked player).
        stake: everything this player put into the pot in the hand, dead
            money included (an ``int`` of chips or an exact ``Decimal``).
        folded: the player folded: not eligible for any pot.
        dead: the part of ``stake`` that is dead money (antes, a big-blind
            ante, a dead blind): it goes to the main pot and never counts
            toward his matched level.
        mucked: the player reached the showdown and conceded: not eligible.

    Raises:
        TypeError: a name that is not a text, cards that are not a text or a
            list of cards, a flag that is not ``True`` or ``False``.
        StakeError: an empty name; an amount that is not an exact, non-negative
            number (a float, a bool, a text that is not a number...).
        CardParseError: a card that cannot be read.
    """

    name: str
    cards: tuple[Card, ...] = ()
    stake: Amount = 0
    folded: bool = False
    dead: Amount = 0
    mucked: bool = False

    def __post_init__(self) -> None:
        name = self.name
        if type(name) is not str:
            check_text("name", name)
        if not name:
            raise StakeError.of("player name {name} is not a non-empty text", name=repr(name))
        cards = _cards_field(f"{name}: cards", self.cards)
        if cards is not self.cards:
            object.__setattr__(self, "cards", cards)
        stake = _amount_field(self.stake, name, "stake")
        if stake is not self.stake:
            object.__setattr__(self, "stake", stake)
        dead = _amount_field(self.dead, name, "dead")
        if dead is not self.dead:
            object.__setattr__(self, "dead", dead)
        if type(self.folded) is not bool:
            check_flag("folded", self.folded)
        if type(self.mucked) is not bool:
            check_flag("mucked", self.mucked)

    @property
    def in_hand(self) -> bool:
        """Still contesting the pots: neither folded nor mucked."""
        return not self.folded and not self.mucked


def _cards_field(where: str, value: object) -> tuple[Card, ...]:
    """The cards of a field: a tuple of cards as it is, else read as :func:`parse_cards`
    reads it. A card used twice is left for :func:`resolve` to name with its places.

    Raises:
        TypeError: not a text or a list of cards (the message names the field).
        CardParseError: a card cannot be read (the message names the field).
    """
    if type(value) is tuple and all(type(card) is Card for card in value):
        return value
    if (
        value is None
        or isinstance(value, bytes | bytearray | memoryview)
        or not isinstance(value, str | Iterable)
    ):
        raise TypeError(f"{where} must be a text or a list of cards, got {describe_value(value)}")
    try:
        return parse_cards(value, allow_duplicates=True)
    except TypeError as error:
        text = str(error)
        if text.startswith("cards"):  # 'cards[2] must be ...': the item of this field
            text = where + text[len("cards") :]
        raise TypeError(text) from None
    except ShowdownError as error:
        raise type(error)(f"{where}: {error}") from None


def _plain_amount(value: object) -> TypeGuard[Amount]:
    """An amount as it usually comes, taken as it is: whole chips or a finite decimal, not
    negative. (How many digits an amount may have is checked by :func:`resolve`.)"""
    if type(value) is int:
        return value >= 0
    return type(value) is Decimal and value.is_finite() and not value.is_signed()


def _amount_field(value: object, name: str, field_name: str) -> Amount:
    """A player's amount (``stake`` or ``dead``), as :func:`parse_amount` reads it."""
    if _plain_amount(value):
        return value
    where = (
        Message("{name}: stake", name=name)
        if field_name == "stake"
        else Message("{name}: dead", name=name)
    )
    return parse_amount(value, where)


def _odd_chip_rule(value: object) -> OddChipRule:
    """An odd-chip rule: the rule, or its name (``'button'``).

    Raises:
        TypeError: neither an :class:`OddChipRule` nor a text.
        StakeError: no rule has this name.
    """
    if isinstance(value, OddChipRule):
        return value
    choices = ", ".join(r.value for r in OddChipRule)
    if not isinstance(value, str):
        raise TypeError(
            f"odd_chip must be an OddChipRule or one of {choices}, got {describe_value(value)}"
        )
    try:
        return OddChipRule(value)
    except ValueError:
        raise StakeError.of(
            "odd_chip {value} is not one of {choices}", value=repr(value), choices=choices
        ) from None


PlayerLike = tuple[str, CardsLike] | tuple[str, CardsLike, AmountLike] | Player


@dataclass(frozen=True, slots=True)
class Showdown:
    """Everything :func:`resolve` needs.

    Attributes:
        game: the game.
        players: the players in seat order (clockwise).
        board: the board (games with a board; the first board when there are
            several; in stud games, an optional community card).
        button: the seat index of the button (flop and draw games' odd chip).
        odd_chip: the odd-chip rule.
        boards: every board when the pot is run twice or more (``board`` is
            then the first of them), else ``()``.
        rake: what the house took from the pots: one amount, shared among the
            pots in proportion, or one amount per pot (main pot first).
        unit: the smallest unit of money; ``None``: the finest decimal given.

    Each field is checked when the showdown is made, and plain values are
    taken as :meth:`build` takes them: a game's name, cards as text, a list
    for a tuple, ``None`` for no board, an odd-chip rule's name, amounts as
    exact decimal texts. What depends on several fields (at least two
    players, unique names, a button within the seats, the cards each game
    needs, a card used twice, a rake per pot for each pot) and the number of
    digits of an amount are checked by :func:`resolve`.

    >>> showdown = Showdown("holdem", [Player("Ann", "As Ah"), Player("Bob", "Ks Kh")],
    ...                     "Qs Js Ts 2c 3d", odd_chip="button", rake="0.50")
    >>> showdown.game.name, showdown.board[0], showdown.odd_chip, showdown.rake
    ('holdem', Card('Qs'), <OddChipRule.BUTTON: 'button'>, Decimal('0.50'))
    >>> Showdown("holdem", None)
    Traceback (most recent call last):
      ...
    TypeError: players must be a list or tuple of Player values, got None

    Raises:
        TypeError: a field of the wrong type (the message names it): a game that
            is neither a :class:`Game` nor a name, players that are not a list of
            :class:`Player` values, cards that are not a text or a list of
            cards, a button that is not a whole number, an odd-chip rule that
            is neither a rule nor a name.
        UnknownGameError: no game has this name.
        CardParseError: a card of a board cannot be read.
        StakeError: an unknown odd-chip rule; a rake or a unit that is not an
            exact, non-negative amount; a unit of 0.
    """

    game: Game
    players: tuple[Player, ...]
    board: tuple[Card, ...] = ()
    button: int = 0
    odd_chip: OddChipRule = OddChipRule.AUTO
    boards: tuple[tuple[Card, ...], ...] = ()
    rake: Amount | tuple[Amount, ...] = 0
    unit: Amount | None = None

    def __post_init__(self) -> None:
        game = self.game
        if not isinstance(game, Game):
            object.__setattr__(self, "game", get_game(game))
        players = self.players
        if type(players) is not tuple or not all(type(p) is Player for p in players):
            object.__setattr__(self, "players", _players_field(players))
        board = self.board
        if board is None:
            object.__setattr__(self, "board", ())
        else:
            cards = _cards_field("board", board)
            if cards is not board:
                object.__setattr__(self, "board", cards)
        if type(self.button) is not int:
            object.__setattr__(self, "button", check_int("button", self.button))
        odd_chip = self.odd_chip
        if type(odd_chip) is not OddChipRule:
            object.__setattr__(self, "odd_chip", _odd_chip_rule(odd_chip))
        boards = self.boards
        if boards is None:
            object.__setattr__(self, "boards", ())
        elif type(boards) is not tuple or boards:
            checked = _boards_field(boards)
            if checked is not boards:
                object.__setattr__(self, "boards", checked)
        rake = self.rake
        if not _plain_amount(rake):
            object.__setattr__(self, "rake", parse_rake(rake))
        unit = self.unit
        if unit is not None:
            positive = unit if _plain_amount(unit) else parse_amount(unit, "unit")
            if not positive:
                raise StakeError.of(
                    "unit {unit} is not a positive amount", unit=format_amount(positive)
                )
            if positive is not unit:
                object.__setattr__(self, "unit", positive)

    @property
    def all_boards(self) -> tuple[tuple[Card, ...], ...]:
        """The boards the pots are decided on (one, or several when run more than once)."""
        return self.boards or (self.board,)

    @classmethod
    def build(
        cls,
        game: str | Game,
        board: CardsLike | None,
        players: Iterable[PlayerLike],
        *,
        button: int = 0,
        odd_chip: OddChipRule | str = OddChipRule.AUTO,
        boards: Sequence[CardsLike] | None = None,
        rake: AmountLike | Sequence[AmountLike] = 0,
        unit: AmountLike | None = None,
    ) -> Showdown:
        """Build a showdown from plain values: ``(name, cards[, stake])`` or a :class:`Player`.

        Amounts may be ``int``, ``Decimal`` or exact decimal texts (``"0.25"``).

        Raises:
            TypeError: players that are not a list, boards that are not a
                list of boards, or a field of the wrong type (see the class).
            UnknownGameError: no such game.
            CardParseError: a card cannot be read.
            StakeError: an amount that is not an exact, non-negative number;
                a malformed player; an unknown odd-chip rule.
        """
        if players is None or isinstance(players, str | bytes) or not isinstance(players, Iterable):
            raise TypeError(
                "players must be a list of Player values or tuples (name, cards[, stake]), "
                f"got {describe_value(players)}"
            )
        seats: list[Player] = []
        for seat, entry in enumerate(players):
            if isinstance(entry, Player):
                seats.append(entry)
                continue
            if not isinstance(entry, tuple) or len(entry) not in (2, 3):
                raise StakeError(
                    f"player {seat + 1}: {entry!r} is not a Player or a tuple "
                    "(name, cards) or (name, cards, stake)"
                )
            name = entry[0]
            stake = (
                parse_amount(entry[2], Message("{name}: stake", name=name))
                if len(entry) == 3
                else 0
            )
            seats.append(Player(name, parse_cards(entry[1]), stake))
        rule = _odd_chip_rule(odd_chip)
        if boards is not None:
            _boards_field(boards, parse=False)  # the type of the list; its boards are read below
        all_boards = tuple(parse_cards(b) for b in boards) if boards else ()
        first = all_boards[0] if all_boards else (parse_cards(board) if board else ())
        return cls(
            get_game(game),
            tuple(seats),
            first,
            button,
            rule,
            all_boards if len(all_boards) > 1 else (),
            parse_rake(rake),
            None if unit is None else parse_amount(unit, "unit"),
        )


def _players_field(value: object) -> tuple[Player, ...]:
    """The players of a showdown: a list or tuple (any iterable) of :class:`Player` values.

    Raises:
        TypeError: not a list, or an item that is not a :class:`Player`.
    """
    if value is None or isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise TypeError(
            f"players must be a list or tuple of Player values, got {describe_value(value)}"
        )
    players = tuple(value)
    for seat, player in enumerate(players):
        if not isinstance(player, Player):
            raise TypeError(
                f"players[{seat}] must be a Player (Showdown.build takes tuples), "
                f"got {describe_value(player)}"
            )
    return players


def _boards_field(value: object, *, parse: bool = True) -> tuple[tuple[Card, ...], ...]:
    """The boards of a run more than once: a list or tuple of boards, each read as cards.

    ``parse=False`` checks only that ``value`` is a list (:meth:`Showdown.build` reads
    the boards itself).

    Raises:
        TypeError: not a list of boards, or a board that is not cards.
        CardParseError: a card cannot be read.
    """
    if type(value) is tuple and all(
        type(board) is tuple and all(type(card) is Card for card in board) for board in value
    ):
        return value
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise TypeError(
            "boards must be a list of boards (each a text or a list of cards), "
            f"got {describe_value(value)}"
        )
    if not parse:
        return ()
    return tuple(_cards_field(f"boards[{k}]", board) for k, board in enumerate(value))


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board's share of a pot, when the pot is run more than once.

    Attributes:
        board: the board.
        amount: the share of the pot decided on this board.
        winners: per half (``'high'``, ``'low'``), the names that won it.
        payouts: what each winner receives from this share.
        explanation: who won it and why, in words.
    """

    board: tuple[Card, ...]
    amount: Amount
    winners: Mapping[str, tuple[str, ...]]
    payouts: Mapping[str, Amount]
    explanation: str


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot: its amount, who could win it, who did, and why.

    Attributes:
        kind: ``'main'``, ``'side'``, or ``'uncalled'`` (a stake returned).
        amount: what the pot pays out (after its rake; 0 when no stakes).
        eligible: names of the players who could win it.
        winners: per half (``'high'``, ``'low'``), the names that won it (on
            any board).
        payouts: what each winner receives from this pot.
        shares: each winner's exact share of this pot.
        explanation: who won it and why, in words.
        rake: what the house took from this pot.
        boards: one entry per board when the pot was run more than once.
    """

    kind: str
    amount: Amount
    eligible: tuple[str, ...]
    winners: Mapping[str, tuple[str, ...]]
    payouts: Mapping[str, Amount]
    shares: Mapping[str, Fraction]
    explanation: str
    rake: Amount = 0
    boards: tuple[BoardResult, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's outcome.

    Attributes:
        name: the name.
        hand: the shown hand valued under each ranking, on the first board
            (``None`` if folded or no cards were shown).
        stake: what the player put in.
        payout: what the player receives (uncalled stakes included).
        share: exact share of all the chips in play (of the pot when no
            stakes were given).
        folded: the player folded.
        dead: the dead part of the stake.
        mucked: the player mucked at the showdown.
        hands: the hand on each board (one entry per board).
    """

    name: str
    hand: GameHand | None
    stake: Amount
    payout: Amount
    share: Fraction
    folded: bool
    dead: Amount = 0
    mucked: bool = False
    hands: tuple[GameHand | None, ...] = ()

    @property
    def net(self) -> Amount:
        """Amount won minus amount put in."""
        return self.payout - self.stake


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The whole answer of :func:`resolve`.

    Attributes:
        showdown: the input.
        players: one result per player, in seat order.
        pots: main pot, side pots and returned stakes, in order.
        winners: names of players who won any part of any pot, in seat order.
        lang: the language of the explanations (``'en'``, ``'ru'``, ``'ro'``).
        rake: what the house took in all.
        unit: the smallest unit the amounts were computed in.
    """

    showdown: Showdown
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    winners: tuple[str, ...] = field(default=())
    lang: str = DEFAULT_LANGUAGE
    rake: Amount = 0
    unit: Amount = 1

    @property
    def game(self) -> Game:
        """The game."""
        return self.showdown.game

    def player(self, name: str) -> PlayerResult:
        """The result of the player with this name.

        Raises:
            KeyError: no such player.
        """
        for result in self.players:
            if result.name == name:
                return result
        raise KeyError(name)


# ------------------------------------------------------------------ pots in whole units
# The building blocks of paying pots, on seat numbers (the players' indexes in seat
# order) and whole units of money: :func:`resolve` pays with them, and so do the fast
# lanes (the resolve stream's :mod:`showdown._resolve_fast`, the audit's
# :mod:`showdown.history._quick`), which give the same answers for that reason.


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot cut from the stakes by :func:`layers`, in whole units, before it is paid.

    Where the explanation of a pot names one hand among several (the winner
    whose cards it shows, the runner-up it compares with), it takes the first
    met in ``eligible``'s own order of iteration: every lane iterates the same
    sets, built the same way by :func:`layers`.

    >>> Pot(150, frozenset({0, 1}), frozenset({0, 1, 2})).uncalled
    False
    >>> Pot(50, frozenset({2}), frozenset({2})).uncalled
    True

    Attributes:
        amount: the units in it, rake included.
        eligible: the seats that can win it.
        contributors: the seats that put chips in it.
        dead: it holds dead money: never a bet to return.
    """

    amount: int
    eligible: frozenset[int]
    contributors: frozenset[int]
    dead: bool = False

    @property
    def uncalled(self) -> bool:
        """A bet nobody called: only its owner put chips in it, and no dead money."""
        return not self.dead and len(self.contributors) == 1


def layers(
    stakes: Sequence[int],
    in_hand: Sequence[bool],
    dead: Sequence[int] | None = None,
    mucked: Sequence[bool] | None = None,
) -> list[Pot]:
    """Cut the stakes into pots, in order: the main pot, side pots, uncalled bets.

    Per seat: ``stakes``, the units put in (dead money included); ``in_hand``,
    still contesting the pots (neither folded nor mucked); ``dead``, the dead
    part of the stake (none by default); ``mucked``, conceded at the showdown
    (nobody by default).

    The live part of each stake (stake minus dead money) is cut at every
    distinct level; the dead money joins the main pot. A player all in within
    his dead money caps the dead money he can win at what he put in. Adjacent
    pots with the same eligible players merge (and an uncalled bet with more
    of the same owner's). A pot that nobody still in reached goes to the one
    mucked player who did; with none or several, nobody is eligible for it
    (:func:`resolve` refuses such stakes).

    >>> main, side, back = layers([50, 100, 200], [True, True, True])
    >>> main.amount, sorted(main.eligible), side.amount, sorted(side.eligible)
    (150, [0, 1, 2], 100, [1, 2])
    >>> back.amount, back.uncalled, sorted(back.contributors)
    (100, True, [2])

    A folded player's chips stay in the pots; a big-blind ante (dead money)
    joins the main pot:

    >>> [(pot.amount, sorted(pot.eligible)) for pot in layers([30, 100, 100], [False, True, True])]
    [(230, [1, 2])]
    >>> [(pot.amount, pot.dead) for pot in layers([100, 200], [True, True], [0, 100])]
    [(300, True)]
    """
    seats = range(len(stakes))
    pots: list[Pot] = []

    def add(pot: Pot) -> None:
        if pots and pots[-1].uncalled == pot.uncalled:
            last = pots[-1]
            same = (
                last.contributors == pot.contributors
                if pot.uncalled
                else last.eligible == pot.eligible
            )
            if same:
                pots[-1] = Pot(
                    last.amount + pot.amount,
                    pot.eligible,
                    last.contributors | pot.contributors,
                    last.dead or pot.dead,
                )
                return
        pots.append(pot)

    live = stakes
    rest = Pot(0, frozenset(), frozenset())
    if dead is not None and any(dead):
        live = [stakes[i] - dead[i] for i in seats]
        # Dead money: cut only where a player is all in within his dead money.
        caps = sorted({dead[i] for i in seats if in_hand[i] and live[i] == 0 and dead[i] > 0})
        previous = 0
        for cap in caps:
            amount = sum(min(d, cap) - min(d, previous) for d in dead)
            contributors = frozenset(i for i in seats if dead[i] > previous)
            eligible = frozenset(i for i in seats if in_hand[i] and (live[i] > 0 or dead[i] >= cap))
            add(Pot(amount, eligible, contributors, dead=True))
            previous = cap
        rest = Pot(
            sum(d - min(d, previous) for d in dead),
            frozenset(i for i in seats if in_hand[i] and (live[i] > 0 or dead[i] > previous)),
            frozenset(i for i in seats if dead[i] > previous),
            dead=True,
        )
    low = 0
    for level in sorted({v for v in live if v > 0}):
        contributors = frozenset(i for i in seats if live[i] >= level)
        pot = Pot(
            sum(min(v, level) - min(v, low) for v in live),
            frozenset(i for i in contributors if in_hand[i]),
            contributors,
        )
        if rest.amount and not pot.uncalled:  # the dead money joins the main pot
            pot = Pot(
                pot.amount + rest.amount, pot.eligible, contributors | rest.contributors, True
            )
            rest = Pot(0, frozenset(), frozenset())
        add(pot)
        low = level
    if rest.amount:  # no live pot was contested: the dead money is the main pot
        first_uncalled = next((k for k, pot in enumerate(pots) if pot.uncalled), len(pots))
        pots.insert(first_uncalled, rest)
    if mucked is not None and any(mucked):
        return [_contested(pot, mucked) for pot in pots]
    return pots


def _contested(pot: Pot, mucked: Sequence[bool]) -> Pot:
    """A pot nobody still showing reached goes to the one mucked player who did."""
    if pot.eligible or pot.uncalled:
        return pot
    alone = frozenset(i for i in pot.contributors if mucked[i])
    if len(alone) == 1:
        return Pot(pot.amount, alone, pot.contributors, pot.dead)
    return pot


def rake_shares(pots: Sequence[Pot], rake: int | list[int]) -> list[int]:
    """The rake of each pot: in proportion to its size, the remainder from the main pot.

    A list gives each contested pot's rake, main pot first (uncalled bets are
    never raked).

    >>> pots = layers([50, 100, 100], [True, True, True])
    >>> rake_shares(pots, 10), rake_shares(pots, [7, 3])
    ([6, 4], [7, 3])

    Raises:
        StakeError: more rake than the pots, or a list not of one rake per
            contested pot.
    """
    contested = [k for k, pot in enumerate(pots) if not pot.uncalled]
    total = sum(pots[k].amount for k in contested)
    if isinstance(rake, list):
        if len(rake) != len(contested):
            raise StakeError.of(
                "rake is given for {given} pots, but the showdown has {pots} "
                "(main pot first, returned bets not counted)",
                given=len(rake),
                pots=len(contested),
            )
        shares = [0] * len(pots)
        for number, (k, units) in enumerate(zip(contested, rake, strict=True)):
            if units > pots[k].amount:
                raise StakeError.of("rake of pot {number} is more than the pot", number=number + 1)
            shares[k] = units
        return shares
    if rake > total:
        raise StakeError.of(
            "rake is more than the pots it is taken from ({total} units)", total=total
        )
    shares = [0] * len(pots)
    if not rake:
        return shares
    for k in contested[1:]:
        shares[k] = rake * pots[k].amount // total
    shares[contested[0]] = rake - sum(shares)
    # The remainder can only overflow a tiny main pot: move the excess on.
    for position, k in enumerate(contested):
        excess = shares[k] - pots[k].amount
        if excess > 0 and position + 1 < len(contested):
            shares[k] -= excess
            shares[contested[position + 1]] += excess
    return shares


def odd_chip_orders(
    game: Game, rule: OddChipRule, button: int, cards: Sequence[Sequence[int]]
) -> dict[str, list[int]]:
    """Per half of the game (``'high'``, ``'low'``), the seats in the order they receive
    odd chips (:class:`OddChipRule`).

    ``button`` is the button's seat; ``cards`` gives each seat's cards as codes
    (:attr:`Card.code`, one list per seat): every card a player holds counts.

    >>> odd_chip_orders(get_game("holdem"), OddChipRule.AUTO, 1, [[], [], []])
    {'high': [2, 0, 1]}
    >>> codes = [[card.code for card in parse_cards(text)] for text in ("Kc 2d 9s", "Kh 5c 7c")]
    >>> odd_chip_orders(get_game("stud8"), OddChipRule.AUTO, 0, codes)
    {'high': [1, 0], 'low': [0, 1]}
    >>> odd_chip_orders(get_game("razz"), OddChipRule.HIGH_CARD, 0, codes)
    {'low': [1, 0]}
    """
    seats = len(cards)
    if not rule.by_cards(game):
        order = [(button + 1 + k) % seats for k in range(seats)]
        return dict.fromkeys(game.halves, order)
    highest = sorted(range(seats), key=lambda seat: max(cards[seat], default=-1), reverse=True)
    orders = dict.fromkeys(game.halves, highest)
    if rule is OddChipRule.AUTO and "low" in orders:
        orders["low"] = sorted(range(seats), key=lambda seat: _lowest_card(cards[seat]))
    return orders


def _lowest_card(codes: Sequence[int]) -> tuple[int, int]:
    """The lowest of these cards as a sort key: rank with the ace low, then suit (clubs first)."""
    if not codes:
        return (99, 99)
    return min((((code >> 2) + 1) % 13, code & 3) for code in codes)


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` units equally among the ``winners``; the units left over go one
    by one to the winners in odd-chip ``order`` (:func:`odd_chip_orders`).

    >>> split(11, [2, 0], [1, 2, 0])
    {2: 6, 0: 5}
    """
    base, remainder = divmod(amount, len(winners))
    payout = dict.fromkeys(winners, base)
    if remainder:
        for seat in [s for s in order if s in payout][:remainder]:
            payout[seat] += 1
    return payout


def best_seats(seats: Collection[int], strengths: Sequence[int] | Mapping[int, int]) -> list[int]:
    """The seats holding the strongest hand under one ranking, in the order of ``seats``
    (at least one); none when no seat has a hand.

    ``strengths``: per seat, the strength of its hand (larger is better; 0: no
    hand, such as no qualifying low).

    >>> best_seats([2, 0, 1], [7, 3, 7]), best_seats([0, 1], [0, 0])
    ([2, 0], [])
    """
    top = max([strengths[seat] for seat in seats])
    return [seat for seat in seats if strengths[seat] == top] if top else []


def runner_up(
    seats: Iterable[int], strengths: Sequence[int] | Mapping[int, int], best: int
) -> int | None:
    """The seat with the strongest hand below ``best`` (the first met in ``seats``), the
    hand an explanation compares the winner's with; ``None`` when no other has a hand.

    >>> runner_up([1, 0, 2], [5, 5, 7], 7), runner_up([0, 1], [7, 0], 7)
    (1, None)
    """
    found = None
    second = 0
    for seat in seats:
        strength = strengths[seat]
        if strength > second and strength != best:
            found, second = seat, strength
    return found


def divide(
    amount: int, winners: Sequence[Sequence[int]], orders: Sequence[Sequence[int]]
) -> dict[int, int]:
    """The units each winner of one pot (or of one board's share of it) receives.

    Per half of the game (high first): ``winners``, the seats holding its
    best hand (:func:`best_seats`; none: no qualifying hand), and ``orders``,
    the seats in odd-chip order (:func:`odd_chip_orders`). The halves won
    share the amount equally, the odd unit to the first (the high half), so
    that without a qualifying low the high hand scoops; each half is shared
    among its winners by :func:`split`.

    >>> divide(11, [[0], [1, 2]], [[0, 1, 2], [2, 1, 0]])
    {0: 6, 1: 2, 2: 3}
    >>> divide(11, [[0], []], [[0, 1], [0, 1]])
    {0: 11}
    """
    won = [index for index, seats in enumerate(winners) if seats]
    if len(won) == 1:  # one half won (a scoop, or a game of one ranking): all of it
        return split(amount, winners[won[0]], orders[won[0]])
    payout: dict[int, int] = {}
    remaining = amount
    for position, index in enumerate(won):
        part = remaining if position == len(won) - 1 else -(-amount // len(won))
        remaining -= part
        for seat, units in split(part, winners[index], orders[index]).items():
            payout[seat] = payout.get(seat, 0) + units
    return payout


def exact_shares(winners: Sequence[Sequence[int]]) -> tuple[dict[int, int], int]:
    """Each winner's exact share of one pot, as numerators over one denominator.

    ``winners`` as :func:`divide` takes them: each half won is an equal part
    of the pot, shared equally among its winners.

    >>> exact_shares([[0], [1, 2]])
    ({0: 2, 1: 1, 2: 1}, 4)
    """
    won = [seats for seats in winners if seats]
    if len(won) == 1:  # one half won: an equal part to each of its winners
        return dict.fromkeys(won[0], 1), len(won[0])
    denominator = 1
    for seats in won:
        denominator = lcm(denominator, len(won) * len(seats))
    shares: dict[int, int] = {}
    for seats in won:
        for seat in seats:
            shares[seat] = shares.get(seat, 0) + denominator // (len(won) * len(seats))
    return shares, denominator


def half_word(t: Language, half: str) -> str:
    """The name of a half of a hi/lo pot (``'high'``, ``'low'``) in a language.

    >>> half_word(get_language("en"), "low")
    'low'
    """
    if half == "low":
        return t.pgettext("pot half", "low")
    return t.pgettext("pot half", "high")


def _community(game: Game, board: Sequence[Card]) -> bool:
    """True when a stud game's one-card board is the community card."""
    return game.family is Family.STUD and not game.has_board and len(board) == 1


def _money(showdown: Showdown) -> tuple[Money, list[int], list[int], int | list[int]]:
    """Check the amounts and convert them to units: money, stakes, dead parts, rake."""
    parsed = parse_rake(showdown.rake)
    pot_rakes: list[Amount] | None = list(parsed) if isinstance(parsed, tuple) else None
    rake: Amount = 0 if isinstance(parsed, tuple) else parsed
    given = [
        (parse_amount(p.stake, f"{p.name}: stake"), parse_amount(p.dead, f"{p.name}: dead"))
        for p in showdown.players
    ]
    unit = None if showdown.unit is None else parse_amount(showdown.unit, "unit")
    money = Money.of([*(pot_rakes or [rake]), *(a for pair in given for a in pair)], unit)
    stakes: list[int] = []
    dead: list[int] = []
    for player, (stake_given, dead_given) in zip(showdown.players, given, strict=True):
        stake = money.to_units(stake_given, f"{player.name}: stake")
        part = money.to_units(dead_given, f"{player.name}: dead")
        if part > stake:
            raise StakeError(
                f"{player.name}: dead {format_amount(player.dead)} is more than the "
                f"stake {format_amount(player.stake)}"
            )
        stakes.append(stake)
        dead.append(part)
    if pot_rakes is not None:
        return money, stakes, dead, [money.to_units(r, "rake") for r in pot_rakes]
    return money, stakes, dead, money.to_units(rake, "rake")


def _validate(showdown: Showdown) -> None:
    game = showdown.game
    players = showdown.players
    if not isinstance(players, tuple) or not all(isinstance(p, Player) for p in players):
        raise StakeError.of("players must be a tuple of Player values")
    if len(players) < 2:
        raise StakeError.of("a showdown needs at least 2 players, got {count}", count=len(players))
    names = [p.name for p in players]
    for name in names:
        if not isinstance(name, str) or not name:
            raise StakeError.of("player name {name} is not a non-empty text", name=repr(name))
        if names.count(name) > 1:
            raise StakeError.of("player name {name} is used twice", name=repr(name))
    button = showdown.button
    if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < len(players):
        raise StakeError.of(
            "button {button} is not a seat: seats are 0..{last}",
            button=repr(button),
            last=len(players) - 1,
        )
    for player in players:
        if player.folded and player.mucked:
            raise StakeError.of("{name}: a player cannot both fold and muck", name=player.name)
    live = [p for p in players if p.in_hand]
    if not live:
        raise StakeError.of("every player folded or mucked: at least one must remain in the hand")
    boards = showdown.all_boards
    if showdown.boards and showdown.board and showdown.board != showdown.boards[0]:
        raise StakeError.of("board and boards disagree: give the boards only")
    if len(boards) > 1 and not game.has_board:
        raise CardCountError.of(
            "{game} has no board: it cannot be run more than once", game=game.name
        )
    if not game.has_board and len(boards[0]) > 1:
        raise CardCountError.of(
            "{game} has no board: a stud game takes at most one community card, got {cards}",
            game=game.name,
            cards=_cards_text(boards[0]),
        )
    seen: dict[int, str] = {}  # by card code: a Card hashes in Python, an int in C
    # where each card was seen: a board (a message of the catalogue) or a player's name
    shared = _shared_prefix(boards)
    for number, board in enumerate(boards):
        label = (
            Message("the board")
            if len(boards) == 1
            else Message("board {number}", number=number + 1)
        )
        for position, card in enumerate(board):
            if position < shared and number > 0:
                continue
            if card._code in seen:
                raise DuplicateCardError.of(
                    "card {card} is used twice: on {place} and {other}",
                    card=str(card),
                    place=label,
                    other=seen[card._code],
                )
            seen[card._code] = label
    for player in players:
        if not player.cards and not player.in_hand:
            continue
        if len(live) > 1 or player.cards:
            for board in boards:
                _check_hand(game, player, board)
        for card in player.cards:
            if card._code in seen:
                raise DuplicateCardError.of(
                    "card {card} is used twice: by {name} and {other}",
                    card=str(card),
                    name=player.name,
                    other=seen[card._code],
                )
            seen[card._code] = player.name


def _shared_prefix(boards: Sequence[Sequence[Card]]) -> int:
    """How many cards all boards share at their start (dealt before the run-out)."""
    if len(boards) < 2:
        return 0
    length = 0
    for cards in zip(*boards, strict=False):
        if any(card != cards[0] for card in cards):
            break
        length += 1
    return length


def _check_hand(game: Game, player: Player, board: Sequence[Card]) -> None:
    """Check one player's cards against one board, blaming the player."""
    try:
        if _community(game, board):
            game.check_cards((*player.cards, *board), ())
        else:
            game.check_cards(player.cards, board, full_board=True)
    except ShowdownError as error:
        raise type(error)(f"{player.name}: {error}") from None


_Comparable = HandValue | None
"""A hand under one ranking; ``None``: no (qualifying) hand."""


def _evaluate(game: Game, player: Player, board: tuple[Card, ...]) -> GameHand:
    """The player's hand on one board; the cards were checked by :func:`_validate`."""
    if _community(game, board):
        return game_hand(game, (*player.cards, *board), ())
    return game_hand(game, player.cards, board)


def _names(showdown: Showdown, seats: Iterable[int], t: Language | None = None) -> str:
    names = [showdown.players[s].name for s in sorted(seats)]
    return (t or get_language()).join_names(names)


def _why(
    showdown: Showdown,
    half: str,
    values: Mapping[int, _Comparable],
    strengths: Mapping[int, int],
    winners: Sequence[int],
    pot: Word,
    t: Language,
) -> str:
    """Who won one half of a pot, with which hand, and the deciding card (against the
    :func:`runner_up`'s hand)."""
    _ = t.gettext
    best = values[winners[0]]
    assert isinstance(best, HandValue)
    fields = {
        "who": _names(showdown, winners, t),
        "pot": pot,
        "hand": Word(best.describe(t.code)),
        "cards": best.cards_text,
    }
    if len(winners) == 1:
        text = _("{who} wins the {pot} with {hand} ({cards})").format(**fields)
    else:
        text = _("{who} split the {pot} with {hand} ({cards})").format(**fields)
    if showdown.game.split_pot:
        text = f"{half_word(t, half)}: {text}"
    second = runner_up(values, strengths, best.strength)
    if second is not None:
        other = values[second]
        assert other is not None
        reason = explain(best, other, lang=t.code).text
        text += _("; against {name}: {reason}").format(
            name=showdown.players[second].name, reason=reason
        )
    return text


def _board_word(t: Language, number: int) -> str:
    """'first board', 'second board', ... the name of one run-out."""
    words = (
        t.pgettext("run-out", "first board"),
        t.pgettext("run-out", "second board"),
        t.pgettext("run-out", "third board"),
    )
    if number < len(words):
        return words[number]
    return t.pgettext("run-out", "board {number}").format(number=number + 1)


def resolve(
    showdown: Showdown, *, lang: str = DEFAULT_LANGUAGE, explain: bool = True
) -> ShowdownResult:
    """Decide a showdown: every pot, its winners per half and board, and every payout.

    The explanations are written in ``lang`` (``'en'``, ``'ru'`` or ``'ro'``).
    ``explain=False`` leaves the texts empty: the same result, faster, for
    audits of many hands.

    Raises:
        UnknownLanguageError: the language is not supported.
        StakeError: impossible stakes, dead money, rake, button, names, or
            number of players; an amount that is not exact or finer than the unit.
        CardCountError: a wrong number of cards for the game.
        DuplicateCardError: a card used twice across players and boards.
        CardParseError: a card not in the game's deck.
    """
    if not isinstance(showdown, Showdown):
        raise TypeError(f"resolve() needs a Showdown, got {type(showdown).__name__}")
    t = get_language(lang)
    _validate(showdown)
    money, stakes, dead, rake = _money(showdown)
    game = showdown.game
    players = showdown.players
    boards = showdown.all_boards
    showing = [i for i, p in enumerate(players) if p.in_hand]
    hands: list[dict[int, GameHand]] = []
    ranks: list[dict[int, tuple[_Comparable, ...]]] = []
    for board in boards:
        valued: dict[int, GameHand] = {}
        for seat, player in enumerate(players):
            # As before mucks existed: a lone player still in is not valued.
            if player.cards and (player.mucked or (player.in_hand and len(showing) > 1)):
                valued[seat] = _evaluate(game, player, board)
        ranks.append({seat: hand.values for seat, hand in valued.items()})
        hands.append(valued)
    orders = odd_chip_orders(
        game, showdown.odd_chip, showdown.button, [[c.code for c in p.cards] for p in players]
    )
    total = sum(stakes)
    no_stakes = total == 0
    pots = (
        [Pot(0, frozenset(showing), frozenset(range(len(players))))]
        if no_stakes
        else layers(stakes, [p.in_hand for p in players], dead, [p.mucked for p in players])
    )
    rakes = rake_shares(pots, rake)
    rake = sum(rakes)
    payouts = dict.fromkeys(range(len(players)), 0)
    shares = dict.fromkeys(range(len(players)), Fraction(0))
    results: list[PotResult] = []
    main_done = False
    for pot, pot_rake in zip(pots, rakes, strict=True):
        amount = pot.amount - pot_rake
        if pot.uncalled and not no_stakes:
            (owner,) = pot.contributors
            payouts[owner] += amount
            shares[owner] += Fraction(amount, total)
            name = players[owner].name
            results.append(
                PotResult(
                    "uncalled",
                    money.from_units(amount),
                    (name,),
                    {},
                    {name: money.from_units(amount)},
                    {name: Fraction(1)},
                    t.gettext("uncalled stake of {amount} returned to {name}").format(
                        amount=format_amount(money.from_units(amount)), name=name
                    )
                    if explain
                    else "",
                )
            )
            continue
        if not pot.eligible:
            raise StakeError(
                f"impossible stakes: {format_amount(money.from_units(pot.amount))} put in by "
                f"players who folded or mucked ({_names(showdown, pot.contributors)}) "
                "exceeds every stake still in the hand"
            )
        kind = "side" if main_done else "main"
        pot_word = (
            Word(t.pgettext("pot", "side pot") if main_done else t.pgettext("pot", "main pot"))
            if explain
            else _NO_WORD
        )
        main_done = True
        per_board = split(amount, list(range(len(boards))), list(range(len(boards))))
        board_results: list[BoardResult] = []
        pot_payout: dict[int, int] = {}
        parts: list[tuple[dict[int, int], int]] = []  # per board: numerators, denominator
        winners_by_half: dict[str, set[int]] = {half: set() for half in game.halves}
        texts: list[str] = []
        for number, board in enumerate(boards):
            chips, part, winners, text = _award(
                showdown,
                ranks[number],
                pot.eligible,
                per_board[number],
                orders,
                pot_word,
                t if explain else None,
            )
            for seat, units in chips.items():
                pot_payout[seat] = pot_payout.get(seat, 0) + units
            parts.append(part)
            for half, seats in winners.items():
                winners_by_half[half] |= set(seats)
            if len(boards) > 1:
                if explain:
                    label = _board_word(t, number)
                    text = f"{label[:1].upper()}{label[1:]} ({_cards_text(board)}): {text}"
                board_results.append(
                    BoardResult(
                        board,
                        money.from_units(per_board[number]),
                        {h: _seat_names(players, s) for h, s in winners.items()},
                        {players[s].name: money.from_units(c) for s, c in sorted(chips.items())},
                        text,
                    )
                )
            if text:
                texts.append(text)
        for seat, units in pot_payout.items():
            payouts[seat] += units
        # Each board's share of the pot is 1/len(boards): add the parts over one denominator.
        common = 1
        for _, denominator in parts:
            common = lcm(common, denominator)
        numerators: dict[int, int] = {}
        for part_of, denominator in parts:
            for seat, numerator in part_of.items():
                numerators[seat] = numerators.get(seat, 0) + numerator * (common // denominator)
        common *= len(boards)
        pot_share = {seat: Fraction(numerators[seat], common) for seat in sorted(numerators)}
        for seat, numerator in numerators.items():
            shares[seat] += (
                pot_share[seat] if no_stakes else Fraction(numerator * amount, common * total)
            )
        results.append(
            PotResult(
                kind,
                money.from_units(amount),
                _seat_names(players, pot.eligible),
                {h: _seat_names(players, s) for h, s in winners_by_half.items()},
                {players[s].name: money.from_units(c) for s, c in sorted(pot_payout.items())},
                {players[s].name: f for s, f in pot_share.items()},
                ". ".join(texts),
                money.from_units(pot_rake),
                tuple(board_results),
            )
        )
    assert sum(payouts.values()) + rake == total, "chips lost or created"
    won = {s for pot in results if pot.kind != "uncalled" for s in _seats(showdown, pot.payouts)}
    if no_stakes:
        won = {s for s, part in shares.items() if part > 0}
    outcome = tuple(
        PlayerResult(
            p.name,
            hands[0].get(i),
            money.from_units(stakes[i]),
            money.from_units(payouts[i]),
            shares[i],
            p.folded,
            money.from_units(dead[i]),
            p.mucked,
            tuple(valued.get(i) for valued in hands),
        )
        for i, p in enumerate(players)
    )
    return ShowdownResult(
        showdown,
        outcome,
        tuple(results),
        tuple(players[s].name for s in sorted(won)),
        t.code,
        money.from_units(rake),
        money.unit,
    )


_NO_WORD: Final = Word("")
"""The pot's name when no explanation is written."""


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _seat_names(players: Sequence[Player], seats: Iterable[int]) -> tuple[str, ...]:
    return tuple(players[s].name for s in sorted(seats))


def _seats(showdown: Showdown, by_name: Mapping[str, Amount]) -> list[int]:
    return [i for i, p in enumerate(showdown.players) if by_name.get(p.name, 0) > 0]


def _award(
    showdown: Showdown,
    hands: Mapping[int, tuple[_Comparable, ...]],
    eligible: frozenset[int],
    amount: int,
    orders: Mapping[str, Sequence[int]],
    pot_word: Word,
    t: Language | None,
) -> tuple[dict[int, int], tuple[dict[int, int], int], dict[str, tuple[int, ...]], str]:
    """Award one pot (one board's share) among the eligible seats: units, shares, winners, why.

    The shares come as numerators over one denominator. With no language
    (``t=None``) the explanation is left empty.
    """
    game = showdown.game
    players = showdown.players
    if len(eligible) == 1:
        (seat,) = eligible
        text = ""
        if t is not None and any(p.mucked for p in players):
            text = t.gettext(
                "{who} wins the {pot} uncontested: every other player folded or mucked"
            )
        elif t is not None:
            text = t.gettext("{who} wins the {pot} uncontested: every other player folded")
        return (
            {seat: amount},
            ({seat: 1}, 1),
            dict.fromkeys(game.halves, (seat,)),
            text.format(who=players[seat].name, pot=pot_word),
        )
    values = [{seat: hands[seat][index] for seat in eligible} for index in range(len(game.halves))]
    strengths = [
        {seat: 0 if v is None else v.strength for seat, v in half.items()} for half in values
    ]
    winners = [best_seats(eligible, half) for half in strengths]
    payout = divide(amount, winners, [orders[half] for half in game.halves])
    texts: list[str] = []
    if t is not None:
        for index, half in enumerate(game.halves):
            if winners[index]:
                texts.append(
                    _why(
                        showdown, half, values[index], strengths[index], winners[index], pot_word, t
                    )
                )
        if game.split_pot and sum(1 for seats in winners if seats) == 1:
            texts.append(t.gettext("no qualifying low: high scoops"))
    winners_by_half = {
        half: tuple(sorted(seats)) for half, seats in zip(game.halves, winners, strict=True)
    }
    return payout, exact_shares(winners), winners_by_half, ". ".join(texts)
