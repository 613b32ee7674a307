"""The showdown resolver: pots, side pots, hi/lo halves, odd chips.

:func:`resolve` takes a :class:`Showdown` (a game, a board, the players in seat
order with their cards, what each put in, who folded, the button) and returns
every pot with who was eligible, who won each half and why, and the exact
chips each player receives. No chip is ever lost or created: the payouts add
up to the stakes, always.

The rules (card-room conventions, RULES.md §5):

* **Side pots.** Stakes are cut into layers at every distinct stake: a player
  all in for less can win only what each opponent matched of his stake. Each
  layer is a pot for the players still in the hand who reached it (adjacent
  layers with the same players are merged). Folded players' chips stay in the
  pots; folded players win nothing. A layer only one player reached is a bet
  nobody called: it is returned to its owner as its own entry (``uncalled``).
* **Halves.** In a hi/lo game each pot is split between the best high hand and
  the best qualifying low; without a qualifying low the high hand scoops.
  The odd chip of that split goes to the high half. Each half is shared
  equally between tied hands.
* **Odd chips** (:class:`OddChipRule`): when a pot or half cannot be shared
  evenly, the chips left over go one by one, in flop and draw games, to the
  winners in seat order starting left of the button; in stud games, to the
  winners in order of their highest card by rank, then suit (clubs <
  diamonds < hearts < spades).
* **No stakes.** When nobody has a stake, the result still gives every
  player's exact share of the pot as a fraction.

>>> board = "Kc Td Kh Ts 3c"
>>> result = resolve(Showdown.build("holdem", board, [
...     ("Peter", "Ks 2d", 50), ("Hans", "Kd 7h", 50), ("Michael", "Ac Th", 50),
...     ("Gabriel", "Tc 3s", 50), ("Paul", "3h 3d", 50)]))
>>> result.winners, [p.payout for p in result.players]
(('Peter', 'Hans'), [125, 125, 0, 0, 0])
>>> print(result.pots[0].explanation)
Peter and Hans split the main pot with Kings full of Tens (...); against Michael: ...

The texts come in English, Russian or Romanian (``lang=``, see :mod:`showdown.i18n`):

>>> print(resolve(result.showdown, lang="ru").pots[0].explanation)
Peter и Hans делят основной банк — фулл-хаус, тройка королей и пара десяток (...); ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from showdown.cards import Card, CardsLike, parse_cards
from showdown.errors import DuplicateCardError, ShowdownError, StakeError
from showdown.evaluation import HandValue
from showdown.explanation import explain
from showdown.games import Family, Game, GameHand, evaluate_game, get_game
from showdown.i18n import DEFAULT_LANGUAGE, Language, Word, get_language

__all__ = [
    "OddChipRule",
    "Player",
    "PlayerResult",
    "PotResult",
    "Showdown",
    "ShowdownResult",
    "resolve",
]


class OddChipRule(Enum):
    """Who gets the chips left over when a pot cannot be split evenly."""

    AUTO = "auto"
    """Button order in flop and draw games, highest card by suit in stud games."""
    BUTTON = "button"
    """The first winner clockwise from the button (seat button + 1, ...)."""
    HIGH_CARD = "high_card"
    """The winner holding the highest card, by rank then suit (c < d < h < s)."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player at the showdown.

    Attributes:
        name: a unique name.
        cards: the cards shown (may be empty for a folded player).
        stake: whole chips this player put into the pot in the hand.
        folded: the player folded: not eligible for any pot.
    """

    name: str
    cards: tuple[Card, ...] = ()
    stake: int = 0
    folded: bool = False


@dataclass(frozen=True, slots=True)
class Showdown:
    """Everything :func:`resolve` needs.

    Attributes:
        game: the game.
        players: the players in seat order (clockwise).
        board: the board (games with a board).
        button: the seat index of the button (flop and draw games' odd chip).
        odd_chip: the odd-chip rule.
    """

    game: Game
    players: tuple[Player, ...]
    board: tuple[Card, ...] = ()
    button: int = 0
    odd_chip: OddChipRule = OddChipRule.AUTO

    @classmethod
    def build(
        cls,
        game: str | Game,
        board: CardsLike | None,
        players: Iterable[tuple[str, CardsLike] | tuple[str, CardsLike, int]] | Iterable[Player],
        *,
        button: int = 0,
        odd_chip: OddChipRule | str = OddChipRule.AUTO,
    ) -> Showdown:
        """Build a showdown from plain values: ``(name, cards[, stake])`` per player.

        Raises:
            UnknownGameError: no such game.
            CardParseError: a card cannot be read.
        """
        seats: list[Player] = []
        for entry in players:
            if isinstance(entry, Player):
                seats.append(entry)
            elif len(entry) == 3:
                seats.append(Player(entry[0], parse_cards(entry[1]), int(entry[2])))
            else:
                seats.append(Player(entry[0], parse_cards(entry[1])))
        return cls(
            get_game(game),
            tuple(seats),
            parse_cards(board) if board is not None else (),
            button,
            OddChipRule(odd_chip),
        )


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot: its chips, who could win it, who did, and why.

    Attributes:
        kind: ``'main'``, ``'side'``, or ``'uncalled'`` (a stake returned).
        amount: chips in the pot (0 when no stakes were given).
        eligible: names of the players who could win it.
        winners: per half (``'high'``, ``'low'``), the names that won it.
        payouts: chips each winner receives from this pot.
        shares: each winner's exact share of this pot.
        explanation: who won it and why, in words.
    """

    kind: str
    amount: int
    eligible: tuple[str, ...]
    winners: Mapping[str, tuple[str, ...]]
    payouts: Mapping[str, int]
    shares: Mapping[str, Fraction]
    explanation: str


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's outcome.

    Attributes:
        name: the name.
        hand: the shown hand valued under each ranking (``None`` if folded).
        stake: chips put in.
        payout: chips received (uncalled stakes included).
        share: exact share of all the chips in play (of the pot when no
            stakes were given).
        folded: the player folded.
    """

    name: str
    hand: GameHand | None
    stake: int
    payout: int
    share: Fraction
    folded: bool

    @property
    def net(self) -> int:
        """Chips won minus chips put in."""
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
    """

    showdown: Showdown
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    winners: tuple[str, ...] = field(default=())
    lang: str = DEFAULT_LANGUAGE

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


def _validate(showdown: Showdown) -> None:
    game = showdown.game
    players = showdown.players
    if len(players) < 2:
        raise StakeError(f"a showdown needs at least 2 players, got {len(players)}")
    cards_needed = len(players) * game.hole_cards + game.full_board
    deck_size = len(game.deck)
    if cards_needed > deck_size:
        raise StakeError(
            f"{len(players)} players cannot be dealt {game.name}: "
            f"{cards_needed} cards needed, the deck has {deck_size}"
        )
    names = [p.name for p in players]
    for name in names:
        if not isinstance(name, str) or not name:
            raise StakeError(f"player name {name!r} is not a non-empty text")
        if names.count(name) > 1:
            raise StakeError(f"player name {name!r} is used twice")
    if not isinstance(showdown.button, int) or not 0 <= showdown.button < len(players):
        raise StakeError(
            f"button {showdown.button!r} is not a seat: seats are 0..{len(players) - 1}"
        )
    for player in players:
        if isinstance(player.stake, bool) or not isinstance(player.stake, int):
            raise StakeError(
                f"{player.name}: stake {player.stake!r} is not a whole number of chips"
            )
        if player.stake < 0:
            raise StakeError(f"{player.name}: stake {player.stake} is negative")
    live = [p for p in players if not p.folded]
    if not live:
        raise StakeError("every player folded: at least one must remain in the hand")
    seen: dict[Card, str] = dict.fromkeys(showdown.board, "the board")
    if len(seen) != len(showdown.board):
        raise DuplicateCardError("a card is on the board twice")
    for player in players:
        if player.folded and not player.cards:
            continue
        if len(live) > 1 or player.cards:
            try:
                game.check_cards(player.cards, showdown.board, full_board=True)
            except ShowdownError as error:
                raise type(error)(f"{player.name}: {error}") from None
        for card in player.cards:
            if card in seen:
                raise DuplicateCardError(
                    f"card {card} is used twice: by {player.name} and {seen[card]}"
                )
            seen[card] = player.name


def _layers(players: Sequence[Player]) -> list[tuple[int, frozenset[int], frozenset[int]]]:
    """Cut the stakes into pots: (amount, eligible seats, contributing seats).

    One layer per distinct stake; adjacent layers merge when the same players
    are eligible (or, for a bet nobody called, when it is the same owner's).
    """
    levels = sorted({p.stake for p in players if p.stake > 0})
    layers: list[tuple[int, frozenset[int], frozenset[int]]] = []
    keys: list[object] = []
    previous = 0
    for level in levels:
        amount = sum(min(p.stake, level) - min(p.stake, previous) for p in players)
        contributors = frozenset(i for i, p in enumerate(players) if p.stake >= level)
        eligible = frozenset(i for i in contributors if not players[i].folded)
        key: object = ("uncalled", contributors) if len(contributors) == 1 else ("pot", eligible)
        if keys and keys[-1] == key:
            amount += layers[-1][0]
            contributors = contributors | layers[-1][2]
            layers.pop()
            keys.pop()
        layers.append((amount, eligible, contributors))
        keys.append(key)
        previous = level
    return layers


def _odd_chip_order(showdown: Showdown, hands: Mapping[int, GameHand]) -> list[int]:
    """Seats in the order they receive odd chips."""
    seats = len(showdown.players)
    rule = showdown.odd_chip
    if rule is OddChipRule.AUTO:
        rule = OddChipRule.HIGH_CARD if showdown.game.family is Family.STUD else OddChipRule.BUTTON
    if rule is OddChipRule.BUTTON:
        return [(showdown.button + 1 + k) % seats for k in range(seats)]
    return sorted(
        range(seats),
        key=lambda seat: max((card.code for card in showdown.players[seat].cards), default=-1),
        reverse=True,
    )


def _split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Share chips equally; the remainder one by one in odd-chip order."""
    base, remainder = divmod(amount, len(winners))
    payout = dict.fromkeys(winners, base)
    for seat in [s for s in order if s in payout][:remainder]:
        payout[seat] += 1
    return payout


def _best(values: Mapping[int, HandValue | None]) -> list[int]:
    """The seats holding the best value (empty if nobody has a value)."""
    valued = {seat: value for seat, value in values.items() if value is not None}
    if not valued:
        return []
    top = max(valued.values())
    return [seat for seat, value in valued.items() if value == top]


def _names(showdown: Showdown, seats: Iterable[int], t: Language | None = None) -> str:
    names = [showdown.players[s].name for s in sorted(seats)]
    return (t or get_language()).join_names(names)


def _why(
    showdown: Showdown,
    half: str,
    values: Mapping[int, HandValue | None],
    winners: Sequence[int],
    pot: Word,
    t: Language,
) -> str:
    """Who won one half of a pot, with which hand, and the deciding card."""
    _ = t.gettext
    best = values[winners[0]]
    assert best is not None
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
        text = f"{_half_word(t, half)}: {text}"
    others: dict[int, HandValue] = {
        s: v for s, v in values.items() if s not in winners and v is not None
    }
    if others:
        runner_up = max(others, key=others.__getitem__)
        reason = explain(best, others[runner_up], lang=t.code).text
        text += _("; against {name}: {reason}").format(
            name=showdown.players[runner_up].name, reason=reason
        )
    return text


def _half_word(t: Language, half: str) -> str:
    """'high' or 'low', the name of a half of a hi/lo pot."""
    if half == "low":
        return t.pgettext("pot half", "low")
    return t.pgettext("pot half", "high")


def resolve(showdown: Showdown, *, lang: str = DEFAULT_LANGUAGE) -> ShowdownResult:
    """Decide a showdown: every pot, its winners per half, and every payout.

    The explanations are written in ``lang`` (``'en'``, ``'ru'`` or ``'ro'``).

    Raises:
        UnknownLanguageError: the language is not supported.
        StakeError: impossible stakes, button, names, or number of players.
        CardCountError: a wrong number of cards for the game.
        DuplicateCardError: a card used twice across players and board.
        CardParseError: a card not in the game's deck.
    """
    t = get_language(lang)
    _ = t.gettext
    _validate(showdown)
    game = showdown.game
    players = showdown.players
    live = [i for i, p in enumerate(players) if not p.folded]
    hands: dict[int, GameHand] = {}
    if len(live) > 1:
        for seat in live:
            player = players[seat]
            hands[seat] = evaluate_game(game, player.cards, showdown.board or None)
    order = _odd_chip_order(showdown, hands)
    no_stakes = all(p.stake == 0 for p in players)
    layers = (
        [(0, frozenset(live), frozenset(range(len(players))))] if no_stakes else _layers(players)
    )
    total = sum(p.stake for p in players)
    payouts = dict.fromkeys(range(len(players)), 0)
    shares = dict.fromkeys(range(len(players)), Fraction(0))
    pots: list[PotResult] = []
    main_done = False
    for amount, eligible, contributors in layers:
        names = tuple(players[s].name for s in sorted(eligible))
        if len(contributors) == 1 and not no_stakes:
            (owner,) = contributors
            payouts[owner] += amount
            shares[owner] += Fraction(amount, total)
            owner_name = players[owner].name
            pots.append(
                PotResult(
                    "uncalled",
                    amount,
                    (owner_name,),
                    {},
                    {owner_name: amount},
                    {owner_name: Fraction(1)},
                    _("uncalled stake of {amount} returned to {name}").format(
                        amount=amount, name=owner_name
                    ),
                )
            )
            continue
        if not eligible:
            raise StakeError(
                f"impossible stakes: {amount} chips put in by folded players only "
                f"({_names(showdown, contributors)}) exceed every stake still in the hand"
            )
        pot_word = Word(
            t.pgettext("pot", "main pot") if not main_done else t.pgettext("pot", "side pot")
        )
        kind = "main" if not main_done else "side"
        main_done = True
        pot_payout, pot_share, winners, text = _award(
            showdown, hands, eligible, amount, order, pot_word, t
        )
        for seat, chips in pot_payout.items():
            payouts[seat] += chips
        weight = Fraction(1) if no_stakes else Fraction(amount, total)
        for seat, part in pot_share.items():
            shares[seat] += part * weight
        pots.append(
            PotResult(
                kind,
                amount,
                names,
                winners,
                {players[s].name: c for s, c in sorted(pot_payout.items())},
                {players[s].name: f for s, f in sorted(pot_share.items())},
                text,
            )
        )
    assert sum(payouts.values()) == total, "chips lost or created"
    won = {s for pot in pots if pot.kind != "uncalled" for s in _seats(showdown, pot.payouts)}
    if no_stakes:
        won = {s for s, part in shares.items() if part > 0}
    results = tuple(
        PlayerResult(p.name, hands.get(i), p.stake, payouts[i], shares[i], p.folded)
        for i, p in enumerate(players)
    )
    return ShowdownResult(
        showdown, results, tuple(pots), tuple(players[s].name for s in sorted(won)), t.code
    )


def _seats(showdown: Showdown, by_name: Mapping[str, int]) -> list[int]:
    return [i for i, p in enumerate(showdown.players) if by_name.get(p.name, 0) > 0]


def _award(
    showdown: Showdown,
    hands: Mapping[int, GameHand],
    eligible: frozenset[int],
    amount: int,
    order: Sequence[int],
    pot_word: Word,
    t: Language,
) -> tuple[dict[int, int], dict[int, Fraction], dict[str, tuple[str, ...]], str]:
    """Award one pot among the eligible seats: chips, shares, winners per half, why."""
    _ = t.gettext
    game = showdown.game
    players = showdown.players
    if len(eligible) == 1:
        (seat,) = eligible
        name = players[seat].name
        return (
            {seat: amount},
            {seat: Fraction(1)},
            dict.fromkeys(game.halves, (name,)),
            _("{who} wins the {pot} uncontested: every other player folded").format(
                who=name, pot=pot_word
            ),
        )
    by_half: dict[str, list[int]] = {}
    values_by_half: dict[str, dict[int, HandValue | None]] = {}
    for index, half in enumerate(game.halves):
        values = {seat: hands[seat].values[index] for seat in eligible}
        values_by_half[half] = values
        by_half[half] = _best(values)
    halves = [h for h in game.halves if by_half[h]]
    texts: list[str] = []
    payout: dict[int, int] = {}
    share: dict[int, Fraction] = {}
    # The odd chip of a hi/lo split goes to the high half: it is listed first.
    remaining = amount
    for position, half in enumerate(halves):
        half_amount = remaining if position == len(halves) - 1 else -(-amount // len(halves))
        remaining -= half_amount
        winners = by_half[half]
        for seat, chips in _split(half_amount, winners, order).items():
            payout[seat] = payout.get(seat, 0) + chips
        for seat in winners:
            share[seat] = share.get(seat, Fraction(0)) + Fraction(1, len(halves) * len(winners))
        texts.append(_why(showdown, half, values_by_half[half], winners, pot_word, t))
    if game.split_pot and len(halves) == 1:
        texts.append(_("no qualifying low: high scoops"))
    winners_by_half = {
        half: tuple(players[s].name for s in sorted(by_half[half])) for half in game.halves
    }
    return payout, share, winners_by_half, ". ".join(texts)
