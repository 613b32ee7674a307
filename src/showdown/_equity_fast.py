"""The quick path of :func:`showdown.equity.equity`: small exact problems of plain cards.

Private. A call whose hands are all card texts (whole hands, or a few known
cards with the rest unknown), whose board and dead cards are texts, and whose
enumeration is small, needs none of the general machinery: no range reading,
no suit-isomorphism grouping of the tuples of hands, no pool of threads. This
path checks such a call in a few microseconds, calls the compiled kernel
directly and gives the same counts, to the last unit, as the general path
(grouping isomorphic tuples changes no count, only how many are dealt; the
tests compare both on random spots of every game).

Anything it does not recognise as valid (a card that cannot be read, a card
twice, too many cards, a range, a list of cards) it leaves to the general
path, which reports the error exactly as before: :func:`quick_exact` then
returns ``None``. So does a problem the general path would sample, or one big
enough that the general path's threads and grouping pay.

>>> spot = quick_exact(["AhKh", "QsQd"], "2c7d9s", None, "holdem", forced=True, budget=1.0)
>>> spot is not None and (spot.deals, spot.names)
(990.0, ('AhKh', 'QsQd'))
>>> quick_exact(["AhKh", "QQ"], None, None, "holdem", forced=True, budget=1.0) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from showdown.cards import Card, cards_mask, format_cards, parse_cards
from showdown.games import Game, get_game
from showdown.rules import Formation

if TYPE_CHECKING:  # pragma: no cover
    from showdown._kernels.game_tables import Arrays, EquityTables

__all__ = [
    "COST_NS",
    "EXACT_OMAHA_NS",
    "QuickSpot",
    "method_of",
    "per_deal_seconds",
    "quick_exact",
    "run_exact",
]

COST_NS: Final = {"board_ranks": 1.5, "any_mix": 130.0, "omaha": 3.5, "badugi": 60.0}
"""Nanoseconds per player and deal, by method (measured; used only to choose); for
``'omaha'``, per hole pair and board triple of a dealt board (Monte Carlo)."""
EXACT_OMAHA_NS: Final = 0.25
"""Exact Omaha's nanoseconds per player, deal, hole pair and board triple: it values
each multiset of board ranks once (:func:`~showdown._kernels.equity.exact_omaha_ranks`),
so a deal costs far less than one dealt and valued (measured, with a margin)."""
QUICK_TUPLES: Final = 4096
"""The most tuples of hands (open hands completed every way) the quick path deals."""
QUICK_SECONDS: Final = 0.002
"""The most estimated work of a quick problem with more than one tuple of hands; more
is left to the general path, which shares it between threads."""
_TEXT_CACHE_SIZE: Final = 4096
_MAX_TEXT: Final = 64


def method_of(game: Game) -> str:
    """How the kernels value a game's deals: ``'board_ranks'``, ``'any_mix'``,
    ``'omaha'`` or ``'badugi'``."""
    if game.rankings[0].formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return "badugi"
    if game.hole_used is not None:
        return "omaha"
    if (
        game.has_board
        and game.hole_cards == 2
        and len(game.rankings) == 1
        and game.rankings[0].flushes
        and not game.rankings[0].lower_wins
    ):
        return "board_ranks"
    return "any_mix"


def per_deal_seconds(game: Game, method: str, players: int) -> float:
    """The estimated seconds of one deal of exact enumeration (every player valued once)."""
    per_deal = COST_NS[method] * players * 1e-9
    if method == "omaha":
        per_deal = EXACT_OMAHA_NS * players * 1e-9 * math.comb(game.hole_cards, 2) * 10
    return per_deal


@dataclass(frozen=True, slots=True)
class QuickSpot:
    """A small exact problem, solved: what :func:`showdown.equity.equity` reports.

    Attributes:
        game: the game.
        board: the known board cards.
        dead: the dead cards.
        names: each hand as the user gave it, written back without spaces.
        totals: ``(players, 6)`` counts over every deal (the kernels' columns).
        deals: the number of deals.
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    names: tuple[str, ...]
    totals: npt.NDArray[np.float64]
    deals: float


@dataclass(eq=False)
class _GameFacts:
    """What the quick path needs of a game, worked out once per process."""

    game: Game
    deck_mask: int
    deck_size: int
    method: str
    tables: EquityTables | None = None
    arrays: Arrays | None = None

    def kernel_tables(self) -> tuple[EquityTables, Arrays]:
        """The game's kernel tables, and their tuple for the general kernel."""
        if self.tables is None or self.arrays is None:
            from showdown._kernels.game_tables import equity_tables

            self.tables = equity_tables(self.game)
            self.arrays = self.tables.arrays()
        return self.tables, self.arrays


@dataclass(frozen=True, slots=True)
class _Hand:
    """Cards read from a text: the cards, their codes ascending, their mask, the name."""

    cards: tuple[Card, ...]
    codes: tuple[int, ...]
    mask: int
    name: str


_FACTS: dict[object, _GameFacts] = {}
_TEXTS: dict[str, _Hand | None] = {}
_NO_CARDS: Final = _Hand((), (), 0, "")


def _facts(game: object) -> _GameFacts | None:
    """The facts of a game given by name (or as a registered :class:`Game`)."""
    found = _FACTS.get(game.name if isinstance(game, Game) else game)
    if found is not None:
        return found if not isinstance(game, Game) or found.game is game else None
    if not isinstance(game, str | Game):
        return None
    try:
        resolved = get_game(game)
    except ValueError:
        return None
    if isinstance(game, Game) and get_game(game.name) is not game:
        return None  # a game of one's own: the general path
    facts = _FACTS.get(resolved.name)
    if facts is None:
        deck = resolved.deck
        facts = _GameFacts(resolved, cards_mask(deck), len(deck), method_of(resolved))
    if len(_FACTS) >= _TEXT_CACHE_SIZE:
        _FACTS.clear()
    _FACTS[resolved.name] = facts
    _FACTS[game if isinstance(game, str) else resolved.name] = facts
    return facts


def _cards(text: object) -> _Hand | None:
    """The cards of a short text, or None when it is not plain distinct cards."""
    if type(text) is not str:
        return None
    found = _TEXTS.get(text)
    if found is not None or text in _TEXTS:
        return found
    if len(text) > _MAX_TEXT:
        return None
    try:
        cards = parse_cards(text)
    except ValueError:  # every card error is a ShowdownError, a ValueError
        found = None
    else:
        codes = tuple(sorted(card.code for card in cards))
        found = _Hand(cards, codes, cards_mask(cards), format_cards(cards, sep=""))
    if len(_TEXTS) >= _TEXT_CACHE_SIZE:
        _TEXTS.clear()
    _TEXTS[text] = found
    return found


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A small exact problem checked and set up for the kernel: everything but the
    enumeration, which depends on the call's texts alone (kept per call text).

    ``work`` is the estimated seconds (compared with each call's budget);
    ``preflop`` the two hands and the open deck of a heads-up Hold'em matchup
    before the flop (:func:`showdown.equity_tables.preflop_counts`), else
    ``None``, and ``kernel(*args)`` enumerates
    (:func:`~showdown._kernels.equity.exact_totals`).
    """

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    names: tuple[str, ...]
    work: float
    boards: int
    preflop: tuple[tuple[Card, ...], tuple[Card, ...], int] | None
    kernel: Callable[..., tuple[npt.NDArray[np.int64], int]] | None
    args: tuple[object, ...]


_PREPARED: dict[tuple[object, ...], _Prepared | None] = {}
"""Calls of card texts seen before: their setup (``None``: left to the general path)."""


def quick_exact(
    hands: object,
    board: object,
    dead: object,
    game: object,
    *,
    forced: bool,
    budget: float,
) -> QuickSpot | None:
    """Solve a small exact problem of plain cards, or None to leave it to the general path.

    ``forced`` is ``exact=True``; ``budget`` the seconds of work under which the
    automatic choice enumerates (``exact_seconds`` times the workers). The
    problem is taken only when the general path would enumerate it too. The
    setup of a call made of texts is kept, keyed by those texts: the next such
    call goes straight to the enumeration.
    """
    key: tuple[object, ...] | None = None
    if (
        type(game) is str
        and type(hands) in (list, tuple)
        and (board is None or type(board) is str)
        and (dead is None or type(dead) is str)
    ):
        assert isinstance(hands, list | tuple)
        key = (game, board, dead, *hands)
        if all(type(hand) is str for hand in hands):
            try:
                prepared = _PREPARED[key]
            except KeyError:
                prepared = _prepare(hands, board, dead, game)
                if len(_PREPARED) >= _TEXT_CACHE_SIZE:
                    _PREPARED.clear()
                _PREPARED[key] = prepared
        else:
            key = None
            prepared = _prepare(hands, board, dead, game)
    else:
        prepared = _prepare(hands, board, dead, game)
    if prepared is None or (not forced and prepared.work > budget):
        return None
    spot = _solve(prepared)
    if spot is None and key is not None:
        _PREPARED[key] = None  # no tuple of hands: the general path says why
    return spot


def _prepare(hands: object, board: object, dead: object, game: object) -> _Prepared | None:
    """Check a call and set it up for the kernel, or None to leave it to the general path."""
    facts = _facts(game)
    if facts is None or type(hands) not in (list, tuple):
        return None
    assert isinstance(hands, list | tuple)
    players = len(hands)
    found = facts.game
    hole = found.hole_cards
    if not 2 <= players <= 10:
        return None
    shared = _cards(board) if board is not None else _NO_CARDS
    out = _cards(dead) if dead is not None else _NO_CARDS
    if shared is None or out is None:
        return None
    n_board = len(shared.codes)
    if n_board > found.full_board or (n_board and not found.has_board):
        return None
    deck_mask = facts.deck_mask
    used = shared.mask | out.mask
    if shared.mask & out.mask or used & ~deck_mask:
        return None
    if players * hole + found.full_board + len(out.codes) > facts.deck_size:
        return None
    known: list[_Hand] = []
    for hand in hands:
        cards = _cards(hand)
        if cards is None or not 0 < len(cards.codes) <= hole or used & cards.mask:
            return None
        used |= cards.mask
        known.append(cards)
    if used & ~deck_mask:
        return None
    n_free = facts.deck_size - used.bit_count()
    upper = 1
    for cards in known:
        if len(cards.codes) < hole:
            upper *= math.comb(n_free, hole - len(cards.codes))
    missing = found.full_board - n_board
    boards = math.comb(facts.deck_size - n_board - len(out.codes) - players * hole, missing)
    work = upper * boards * per_deal_seconds(found, facts.method, players)
    if upper == 0:
        return None
    if upper > 1 and (upper > QUICK_TUPLES or work > QUICK_SECONDS):
        return None
    names = tuple(cards.name for cards in known)
    open_deck = deck_mask & ~shared.mask & ~out.mask
    if upper == 1 and facts.method == "board_ranks" and not n_board and players == 2:
        preflop = (known[0].cards, known[1].cards, open_deck)
        return _Prepared(found, shared.cards, out.cards, names, work, boards, preflop, None, ())
    from showdown._kernels import engine  # the C engine where it is built, else numba's
    from showdown._kernels.game_tables import BOARD_HIGH

    tables, _ = facts.kernel_tables()
    pad = (0,) * hole
    args = (
        BOARD_HIGH if facts.method == "board_ranks" else tables.kind,
        np.array([(h.codes + pad)[:hole] for h in known], dtype=np.int64),
        np.array([len(h.codes) for h in known], dtype=np.int64),
        deck_mask & ~used,
        upper,
        np.array(shared.codes, dtype=np.int64),
        missing,
        open_deck,
        tables,
    )
    return _Prepared(
        found, shared.cards, out.cards, names, work, boards, None, engine.exact_totals, args
    )


def _solve(prepared: _Prepared) -> QuickSpot | None:
    """Enumerate a prepared problem (the kernel, or the preflop table)."""
    if prepared.preflop is not None:
        from showdown.equity_tables import preflop_counts

        first, second, open_deck = prepared.preflop
        totals = preflop_counts(prepared.game, first, second, open_deck)
        deals = float(prepared.boards)
    else:
        assert prepared.kernel is not None
        counts, tuples = prepared.kernel(*prepared.args)
        if tuples == 0:
            return None
        totals = counts.astype(np.float64)
        deals = float(tuples) * prepared.boards
    return QuickSpot(prepared.game, prepared.board, prepared.dead, prepared.names, totals, deals)


def _totals(
    facts: _GameFacts,
    known: npt.NDArray[np.int64],
    n_known: npt.NDArray[np.int64],
    free_mask: int,
    limit: int,
    shared: _Hand,
    deck_mask: int,
) -> tuple[npt.NDArray[np.float64], int]:
    """The kernel's counts over every completion of the hands and of the board (the C
    engine's when it is built: :mod:`showdown._kernels.engine`)."""
    from showdown._kernels import engine
    from showdown._kernels.game_tables import BOARD_HIGH

    tables, _ = facts.kernel_tables()
    kind = BOARD_HIGH if facts.method == "board_ranks" else tables.kind
    totals, tuples = engine.exact_totals(
        kind,
        known,
        n_known,
        free_mask,
        limit,
        np.array(shared.codes, dtype=np.int64),
        facts.game.full_board - len(shared.codes),
        deck_mask,
        tables,
    )
    return totals.astype(np.float64), int(tuples)


def run_exact(
    game: Game, hands: Sequence[Sequence[int]], deck_mask: int
) -> npt.NDArray[np.float64]:
    """The kernel's counts ``(players, 6)`` of every board, for whole hands (card codes)
    and no board: what :mod:`showdown.equity_tables` keeps. ``deck_mask``: the deck
    less the dead cards."""
    facts = _facts(game)
    if facts is None:  # pragma: no cover - only registered games come here
        facts = _GameFacts(game, cards_mask(game.deck), len(game.deck), method_of(game))
    known = np.array([sorted(hand) for hand in hands], dtype=np.int64)
    n_known = np.full(len(hands), game.hole_cards, dtype=np.int64)
    totals, _ = _totals(facts, known, n_known, 0, 1, _NO_CARDS, deck_mask)
    return totals
