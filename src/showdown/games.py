"""Games: how hands are formed and which rankings decide the pot, as a registry.

A :class:`Game` is a composition of data: how many cards a player holds, how
many the board has, whether a hand must use exactly two hole cards (Omaha),
which rankings decide the pot (two rankings = a split pot, high and low) and
which odd-chip rule applies. :func:`evaluate_game` values a player's cards
under each ranking of the game.

>>> hand = evaluate_game("omaha8", "Ah 2h Ks Kd", "3c 4d 8s Kh 9c")
>>> hand.high.description, hand.low.description
('Three Kings, Nine-Eight kickers', '8-4-3-2-A low')
>>> hand.high.hole_used, hand.low.hole_used
((Card('Ks'), Card('Kd')), (Card('2h'), Card('Ah')))
>>> evaluate_game("omaha", "Ah Kc 2c 3d", "Qh Jh Th 9h 5h").high.description
'Ace-high straight'
>>> sorted(GAMES)[:4]
['ace_to_five_draw', 'badugi', 'courchevel', 'courchevel_hilo']

Games card rooms deal beyond the classics (RULES.md §6), each as data:
Courchevel (five-card Omaha, hi and hi/lo, whose first board card comes
before the flop), 6+ Hold'em in both orders of three of a kind and a straight
(``sixplus``: trips above, as PokerStars and GGPoker; ``shortdeck``: the
straight above), Five Card Stud, Six Card Omaha Hi/Lo and Irish (dealt four
cards as Omaha, two discarded after the flop: the showdown is Hold'em's).

>>> get_game("6+ Hold'em").name, get_game("6plus").name, get_game("5 Card Stud").name
('sixplus', 'shortdeck', 'five_card_stud')
>>> get_game("courchevel").board_cards, get_game("courchevel").hand_boards
((1, 3, 4, 5), (3, 4, 5))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import combinations, product
from typing import Final

from showdown import _fast
from showdown.cards import DECK, Card, CardsLike, cards_mask, format_cards, parse_cards
from showdown.errors import (
    CardCountError,
    CardParseError,
    DuplicateCardError,
    OneOf,
    Term,
    UnknownGameError,
)
from showdown.evaluation import (
    HandValue,
    best_hand,
    candidate_hands,
    value_of_mask,
    value_of_strength,
)
from showdown.rules import (
    ACE_TO_FIVE,
    BADUGI,
    DEUCE_TO_SEVEN,
    EIGHT_OR_BETTER,
    HIGH,
    SHORTDECK,
    SIXPLUS,
    Formation,
    RuleSet,
)

__all__ = [
    "GAMES",
    "Family",
    "Game",
    "GameHand",
    "deck_mask",
    "evaluate_game",
    "game_hand",
    "get_game",
]


class Family(Enum):
    """The kind of game, which decides the odd-chip rule."""

    FLOP = "flop"
    """Board games (Hold'em, Omaha): odd chip to the first winner left of the button."""
    STUD = "stud"
    """Stud games: odd chip to the winner with the highest card by suit."""
    DRAW = "draw"
    """Draw games: odd chip to the first winner left of the button."""


@dataclass(frozen=True, slots=True)
class Game:
    """A poker game, as data.

    Attributes:
        name: the id (``'omaha_hilo'``).
        title: the name in words.
        aliases: other names the registry accepts.
        hole_cards: how many cards each player holds at the showdown.
        board_cards: the sizes the board has as it is dealt (the last is the
            full board); ``()`` for games with no board. Courchevel's first
            board card comes before the flop: ``(1, 3, 4, 5)``.
        rankings: the rankings that decide the pot; two = high half and low half.
        halves: the name of each ranking's share of the pot (``'high'``, ``'low'``).
        hole_used: when set, a hand uses exactly this many hole cards and the
            rest from the board (Omaha: 2 + 3).
        family: flop, stud or draw (the odd-chip rule).
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    hole_cards: int
    board_cards: tuple[int, ...]
    rankings: tuple[RuleSet, ...]
    halves: tuple[str, ...]
    hole_used: int | None = None
    family: Family = Family.FLOP

    @property
    def has_board(self) -> bool:
        """True for games with a shared board."""
        return bool(self.board_cards)

    @property
    def full_board(self) -> int:
        """Board cards at a showdown (0 for games without a board)."""
        return self.board_cards[-1] if self.board_cards else 0

    @property
    def hand_boards(self) -> tuple[int, ...]:
        """The board sizes on which a hand can be valued (``board_cards`` less those too
        small: Courchevel's lone first card makes no Omaha hand)."""
        if self.hole_used is None:
            return self.board_cards
        need = min(rules.hand_size for rules in self.rankings) - self.hole_used
        return tuple(size for size in self.board_cards if size >= need)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards this game is dealt from (36 in short deck), in code order."""
        ranks = set(self.rankings[0].rank_order)
        return tuple(card for card in DECK if card.rank in ranks)

    @property
    def split_pot(self) -> bool:
        """True for hi/lo games."""
        return len(self.rankings) > 1

    @property
    def shape(self) -> str:
        """How a hand of this game is made, as every compiled path values it:
        ``'badugi'`` (the most cards of different ranks and suits), ``'omaha'`` (exactly
        ``hole_used`` hole cards with the rest from the board), ``'board_high'`` (two hole
        cards and a board under one high ranking with flushes: Hold'em's shape, valued by
        the board's ranks), else ``'any_mix'`` (the best hand of any of the cards).

        >>> [GAMES[name].shape for name in ("holdem", "omaha_hilo", "badugi", "razz")]
        ['board_high', 'omaha', 'badugi', 'any_mix']
        """
        first = self.rankings[0]
        if first.formation is Formation.DISTINCT_RANKS_AND_SUITS:
            return "badugi"
        if self.hole_used is not None:
            return "omaha"
        one_high = len(self.rankings) == 1 and first.flushes and not first.lower_wins
        return "board_high" if self.has_board and self.hole_cards == 2 and one_high else "any_mix"

    def check_cards(
        self, hole: Sequence[Card], board: Sequence[Card], *, full_board: bool = False
    ) -> None:
        """Check card counts and the deck for this game.

        Without ``full_board`` a board of any size in :attr:`hand_boards`
        passes; with it, only the full board.

        Raises:
            CardCountError: a wrong number of hole or board cards, or a board
                in a game without one.
            CardParseError: a card that is not in this game's deck.
            DuplicateCardError: a card both in the hand and on the board.
        """
        if len(hole) != self.hole_cards:
            raise CardCountError.of(
                "{game} needs {wanted} cards per player, got {count}: {cards}",
                game=self.name,
                wanted=self.hole_cards,
                count=len(hole),
                cards=format_cards(hole) or Term("none"),
            )
        if not self.has_board and board:
            raise CardCountError.of(
                "{game} has no board, got board {cards}", game=self.name, cards=format_cards(board)
            )
        sizes = self.board_cards[-1:] if full_board else self.hand_boards
        if self.has_board and len(board) not in sizes:
            raise CardCountError.of(
                "{game} needs {wanted} board cards, got {count}: {cards}",
                game=self.name,
                wanted=OneOf(sizes),
                count=len(board),
                cards=format_cards(board) or Term("none"),
            )
        deck = deck_mask(self.rankings[0])
        for card in (*hole, *board):
            if not (deck >> card._code) & 1:
                raise CardParseError.of(
                    "{card} is not in the deck of {game}", card=str(card), game=self.name
                )
        if board and cards_mask(hole) & cards_mask(board):
            for card in board:
                if card in hole:
                    raise DuplicateCardError.of(
                        "card {card} is both in the hand and on the board", card=str(card)
                    )

    def candidates(
        self, rules: RuleSet, hole: Sequence[Card], board: Sequence[Card]
    ) -> Iterable[tuple[Card, ...]]:
        """Every set of counted cards this game allows for a ranking."""
        if self.hole_used is None:
            ordered = sorted((*hole, *board), key=lambda c: c.code, reverse=True)
            return candidate_hands(rules, ordered)
        from_board = rules.hand_size - self.hole_used
        return (
            (*two, *three)
            for two, three in product(
                combinations(hole, self.hole_used), combinations(board, from_board)
            )
        )

    def __repr__(self) -> str:
        return f"Game({self.name!r})"


@dataclass(frozen=True, slots=True)
class GameHand:
    """A player's cards valued under every ranking of a game.

    Attributes:
        game: the game.
        hole: the player's cards.
        board: the board.
        values: one value per ranking of the game (``None``: no qualifying low).
    """

    game: Game
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    values: tuple[HandValue | None, ...]

    def half(self, name: str) -> HandValue | None:
        """The value for one half of the pot (``'high'`` or ``'low'``)."""
        if name not in self.game.halves:
            return None
        return self.values[self.game.halves.index(name)]

    @property
    def high(self) -> HandValue | None:
        """The high value, or ``None`` in a game without a high half."""
        return self.half("high")

    @property
    def low(self) -> HandValue | None:
        """The low value, ``None`` without a qualifying low or a low half."""
        return self.half("low")


def _game(
    name: str,
    title: str,
    aliases: tuple[str, ...],
    hole: int,
    rankings: tuple[RuleSet, ...],
    *,
    board: tuple[int, ...] = (),
    halves: tuple[str, ...] = ("high",),
    hole_used: int | None = None,
    family: Family = Family.FLOP,
) -> Game:
    return Game(name, title, aliases, hole, board, rankings, halves, hole_used, family)


_FLOP: Final = (3, 4, 5)
_COURCHEVEL: Final = (1, 3, 4, 5)
_HILO: Final = ("high", "low")
_LOW: Final = ("low",)
_HI_8: Final = (HIGH, EIGHT_OR_BETTER)

GAMES: Final[dict[str, Game]] = {
    game.name: game
    for game in (
        _game("holdem", "Texas Hold'em", ("texas", "nlhe", "hold'em"), 2, (HIGH,), board=_FLOP),
        _game("omaha", "Omaha", ("plo", "omaha4"), 4, (HIGH,), board=_FLOP, hole_used=2),
        _game(
            "omaha5",
            "Five Card Omaha",
            ("plo5", "5_card_omaha", "5_card_plo"),
            5,
            (HIGH,),
            board=_FLOP,
            hole_used=2,
        ),
        _game(
            "omaha6",
            "Six Card Omaha",
            ("plo6", "6_card_omaha", "6_card_plo"),
            6,
            (HIGH,),
            board=_FLOP,
            hole_used=2,
        ),
        _game(
            "omaha_hilo",
            "Omaha Hi/Lo (eight or better)",
            ("omaha8", "plo8", "omaha_hi_lo", "o8"),
            4,
            _HI_8,
            board=_FLOP,
            halves=_HILO,
            hole_used=2,
        ),
        _game(
            "omaha5_hilo",
            "Five Card Omaha Hi/Lo",
            ("omaha5_8", "plo5_8", "5_card_omaha_hi_lo", "5_card_plo8"),
            5,
            _HI_8,
            board=_FLOP,
            halves=_HILO,
            hole_used=2,
        ),
        # Six Card Omaha Hi/Lo: six hole cards, exactly two of them and three
        # of the board for each half.
        _game(
            "omaha6_hilo",
            "Six Card Omaha Hi/Lo",
            ("omaha6_8", "plo6_8", "6_card_omaha_hi_lo", "6_card_plo8"),
            6,
            _HI_8,
            board=_FLOP,
            halves=_HILO,
            hole_used=2,
        ),
        # Courchevel: five-card Omaha whose first board card is dealt face up
        # with the hole cards, before the flop (RULES.md §6); the flop then
        # adds two cards, so the board has 1, 3, 4 and 5 cards.
        _game(
            "courchevel",
            "Courchevel",
            ("courchevel_hi",),
            5,
            (HIGH,),
            board=_COURCHEVEL,
            hole_used=2,
        ),
        _game(
            "courchevel_hilo",
            "Courchevel Hi/Lo",
            ("courchevel8", "courchevel_8", "courchevel_hi_lo"),
            5,
            _HI_8,
            board=_COURCHEVEL,
            halves=_HILO,
            hole_used=2,
        ),
        # Irish: dealt four cards as Omaha; each player keeps two after the
        # flop, so the showdown is Hold'em's (RULES.md §6). The cards are the
        # two kept; the discarded ones may be given as dead cards to equity.
        _game("irish", "Irish", ("irish_poker",), 2, (HIGH,), board=_FLOP),
        _game(
            "five_card_stud",
            "Five Card Stud",
            ("5cs", "5_card_stud", "stud5", "five_stud"),
            5,
            (HIGH,),
            family=Family.STUD,
        ),
        _game(
            "stud", "Seven Card Stud", ("seven_card_stud", "stud7"), 7, (HIGH,), family=Family.STUD
        ),
        _game(
            "stud_hilo",
            "Seven Card Stud Hi/Lo (eight or better)",
            ("stud8", "stud_hi_lo"),
            7,
            _HI_8,
            halves=_HILO,
            family=Family.STUD,
        ),
        _game("razz", "Razz", (), 7, (ACE_TO_FIVE,), halves=_LOW, family=Family.STUD),
        _game("five_card_draw", "Five Card Draw", ("draw", "5cd"), 5, (HIGH,), family=Family.DRAW),
        _game(
            "deuce_to_seven",
            "2-7 Single / Triple Draw",
            ("2-7", "27", "27_single_draw", "27_triple_draw", "kansas_city"),
            5,
            (DEUCE_TO_SEVEN,),
            halves=_LOW,
            family=Family.DRAW,
        ),
        _game(
            "ace_to_five_draw",
            "California lowball (A-5 draw)",
            ("california", "a5_draw", "a-5_draw"),
            5,
            (ACE_TO_FIVE,),
            halves=_LOW,
            family=Family.DRAW,
        ),
        _game("badugi", "Badugi", (), 4, (BADUGI,), halves=_LOW, family=Family.DRAW),
        # The two orders of 36-card Hold'em (RULES.md §6). ``shortdeck`` ranks a
        # straight above three of a kind; ``6plus`` has named it from the start
        # and still does (backward compatibility). ``sixplus`` ranks three of a
        # kind above a straight, as PokerStars ("6+ Hold'em") and GGPoker deal it.
        _game(
            "shortdeck",
            "Short-deck Hold'em (straight beats three of a kind)",
            ("6plus", "short_deck", "sixplus_straights", "6+_straights"),
            2,
            (SHORTDECK,),
            board=_FLOP,
        ),
        _game(
            "sixplus",
            "6+ Hold'em (three of a kind beats a straight)",
            ("6+", "6+_holdem", "sixplus_holdem", "six_plus", "sixplus_trips", "6+_trips"),
            2,
            (SIXPLUS,),
            board=_FLOP,
        ),
    )
}
"""Every game by name."""


@cache
def deck_mask(rules: RuleSet) -> int:
    """The 52-bit mask of the cards a ranking's deck holds (the deck of its games).

    >>> bin(deck_mask(get_game("holdem").rankings[0])).count("1")
    52
    >>> bin(deck_mask(get_game("shortdeck").rankings[0])).count("1")
    36
    """
    ranks = set(rules.rank_order)
    return cards_mask(card for card in DECK if card.rank in ranks)


def _name_key(name: str) -> str:
    """A name as the registry compares it: lower case, apostrophes dropped, and each
    run of spaces, ``-`` and ``/`` one ``_`` (``"6+ Hold'em"`` -> ``"6+_holdem"``)."""
    text = name.strip().lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[\s/-]+", "_", text)


def _aliases() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for game in GAMES.values():
        for alias in (game.name, *game.aliases):
            key = _name_key(alias)
            if found.setdefault(key, game) is not game:  # pragma: no cover - guards the data
                raise AssertionError(f"{alias!r} names both {found[key].name} and {game.name}")
    return found


_BY_ALIAS: Final = _aliases()


def get_game(game: str | Game) -> Game:
    """The game with this name or alias (case, spaces, ``-``, ``/`` and ``'`` aside).

    >>> get_game("2-7").name, get_game("PLO8").name, get_game("Omaha Hi/Lo").name
    ('deuce_to_seven', 'omaha_hilo', 'omaha_hilo')

    Raises:
        TypeError: neither a text nor a :class:`Game`.
        UnknownGameError: no game has this name; the message lists them.
    """
    if isinstance(game, Game):
        return game
    from showdown._validate import check_text, quote

    found = _BY_ALIAS.get(_name_key(check_text("game", game)))
    if found is None:
        raise UnknownGameError.of(
            "{name} is not a game: use one of {names}", name=quote(game), names=", ".join(GAMES)
        )
    return found


def evaluate_game(game: str | Game, hole: CardsLike, board: CardsLike | None = None) -> GameHand:
    """A player's value under every ranking of a game.

    >>> evaluate_game("razz", "Ac Ad 2c 3h 4s 5d 9h").low.description
    'Wheel (5-4-3-2-A)'

    Raises:
        UnknownGameError: no such game.
        CardParseError: a card cannot be read, or is not in the game's deck.
        DuplicateCardError: a card is given twice.
        CardCountError: a wrong number of cards, or a board where none belongs.
    """
    found = get_game(game)
    cards = parse_cards(hole)
    shared = parse_cards(board) if board is not None else ()
    found.check_cards(cards, shared)
    return game_hand(found, cards, shared)


def game_hand(found: Game, cards: tuple[Card, ...], shared: tuple[Card, ...]) -> GameHand:
    """:func:`evaluate_game` of cards already checked for the game (:meth:`Game.check_cards`).

    >>> from showdown.cards import parse_cards
    >>> game_hand(get_game("razz"), parse_cards("Ac Ad 2c 3h 4s 5d 9h"), ()).low.description
    'Wheel (5-4-3-2-A)'
    """
    if _fast.enabled():
        everything = (*cards, *shared)
        compiled = _fast.game_best(found, [card._code for card in everything])
        fast: list[HandValue | None] = []
        for rules, (strength, mask) in zip(found.rankings, compiled, strict=True):
            fast.append(
                value_of_mask(rules, strength, mask, everything, len(cards)) if strength else None
            )
        return GameHand(found, cards, shared, tuple(fast))
    values: list[HandValue | None] = []
    for rules in found.rankings:
        best = best_hand(rules, found.candidates(rules, cards, shared))
        values.append(None if best is None else value_of_strength(rules, best, cards, shared))
    return GameHand(found, cards, shared, tuple(values))
