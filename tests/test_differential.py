"""Differential tests against independent libraries (test-only dependencies).

* treys on 100,000 random seven-card hands: its rank (Cactus Kev class, 1 =
  royal flush) must equal our ``class_number`` exactly.
* pokerkit on 50,000 random deals per game (fewer for the games card rooms
  add, RULES.md §6, and for the Omaha games, whose every hand pokerkit takes
  milliseconds to value: ``CARD_ROOM_DEALS``), times ``SCALE``: 0.4 in
  ``make test`` (the suite's time budget), 1 with ``make check-differential``
  (``SHOWDOWN_DIFFERENTIAL_SCALE``): the order of the hands must be identical (our strength
  and pokerkit's lookup index map one-to-one and monotonically). Where
  pokerkit disagrees with the rules the test documents the exception, citing
  the rule, instead of following it.
* 6+ Hold'em with three of a kind above a straight (``sixplus``): pokerkit
  0.7 has one short-deck ranking, with the straight above (our
  ``shortdeck``). Its order is compared within each category, and the
  categories in the order of our rule set: RULES.md §6, "PokerStars and
  GGPoker rank three of a kind above a straight, other rooms below it". The
  deals stop at the flop: five cards leave no choice of which play, so the
  category pokerkit names is the hand's in either order (from seven cards
  pokerkit would pick the straight of a hand that also holds three of a kind).
* Courchevel hands the compiled core what Five Card Omaha does, and Six Card
  Omaha Hi/Lo's high half what Six Card Omaha does (tests/test_kernels.py
  checks those twins); pokerkit takes milliseconds per Omaha hand, so they are
  compared on fewer deals.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pytest

from showdown import DECK, Card, evaluate
from showdown.batch import evaluate_many
from showdown.games import get_game
from showdown.rules import SIXPLUS, Category, RuleSet

pokerkit = pytest.importorskip("pokerkit")
treys = pytest.importorskip("treys")


def test_treys_class_numbers_on_100k_seven_card_hands() -> None:
    rng = random.Random(20261129)
    evaluator = treys.Evaluator()
    for _ in range(100_000):
        cards = rng.sample(DECK, 7)
        ours = evaluate(cards)
        theirs = evaluator.evaluate(
            [treys.Card.new(str(c)) for c in cards[:2]],
            [treys.Card.new(str(c)) for c in cards[2:]],
        )
        assert ours.class_number == theirs, cards


def _pk(cards: Sequence[Card]) -> Any:
    return tuple(pokerkit.Card.parse("".join(str(c) for c in cards)))


def _index(hand: Any, categories: RuleSet | None = None) -> tuple[int, int] | None:
    """pokerkit's strength, greater = better (None: no qualifying hand); with
    ``categories``, first the place of pokerkit's category in that rule set's order."""
    if hand is None:
        return None
    index = int(hand.entry.index)
    place = 0
    if categories is not None:
        place = categories.category_order.index(Category[hand.entry.label.name])
    return place, -index if hand.low else index


# game -> [(half index, pokerkit hand class, how to build it)]
POKERKIT: dict[str, list[tuple[int, str, str]]] = {
    "holdem": [(0, "StandardHighHand", "game")],
    "omaha": [(0, "OmahaHoldemHand", "game")],
    "omaha5": [(0, "OmahaHoldemHand", "game")],
    "omaha6": [(0, "OmahaHoldemHand", "game")],
    "omaha_hilo": [(0, "OmahaHoldemHand", "game"), (1, "OmahaEightOrBetterLowHand", "none")],
    "omaha5_hilo": [(0, "OmahaHoldemHand", "game"), (1, "OmahaEightOrBetterLowHand", "none")],
    "stud": [(0, "StandardHighHand", "game")],
    "stud_hilo": [(0, "StandardHighHand", "game"), (1, "EightOrBetterLowHand", "none")],
    "razz": [(0, "RegularLowHand", "game")],
    "five_card_draw": [(0, "StandardHighHand", "ctor")],
    "deuce_to_seven": [(0, "StandardLowHand", "ctor")],
    "ace_to_five_draw": [(0, "RegularLowHand", "ctor")],
    "badugi": [(0, "BadugiHand", "game")],
    "shortdeck": [(0, "ShortDeckHoldemHand", "game")],
    "sixplus": [(0, "ShortDeckHoldemHand", "game")],
    "courchevel": [(0, "OmahaHoldemHand", "game")],
    "courchevel_hilo": [(0, "OmahaHoldemHand", "game"), (1, "OmahaEightOrBetterLowHand", "none")],
    "omaha6_hilo": [(0, "OmahaHoldemHand", "game"), (1, "OmahaEightOrBetterLowHand", "none")],
    "five_card_stud": [(0, "StandardHighHand", "ctor")],
    "irish": [(0, "StandardHighHand", "game")],
}
SCALE = float(os.environ.get("SHOWDOWN_DIFFERENTIAL_SCALE", "0.4"))
"""The share of the pokerkit deals below that run (1 with ``make check-differential``)."""
DEALS = 50_000
CARD_ROOM_DEALS = {
    "omaha5": 20_000,
    "omaha6": 5_000,
    "omaha_hilo": 10_000,
    "omaha5_hilo": 8_000,
    "sixplus": 20_000,
    "five_card_stud": 20_000,
    "irish": 20_000,
    "omaha6_hilo": 1_000,
    "courchevel": 1_000,
    "courchevel_hilo": 1_000,
}
BOARD_SIZES = {"sixplus": 3}
"""Games compared on a board short of the full one (see the module's text)."""
CATEGORIES_BY: dict[str, RuleSet] = {"sixplus": SIXPLUS}
"""Games whose category order is ours, pokerkit's order kept within each category."""


def _builder(name: str, how: str) -> Callable[[Sequence[Card], Sequence[Card]], Any]:
    cls = getattr(pokerkit, name)
    if how == "ctor":
        return lambda hole, board: cls(_pk(hole))
    build = cls.from_game if how == "game" else cls.from_game_or_none
    return lambda hole, board: build(_pk(hole), _pk(board))


Pair = tuple[int | None, tuple[int, int] | None]


def _collect(game_name: str, chunk: int, deals: int) -> list[set[Pair]]:
    """(our strength, pokerkit's index) pairs seen on ``deals`` seeded random deals.

    Our side is the batch path of the compiled core (itself tested equal to the
    readable evaluator on 200,000 hands per game in test_kernels.py), one call
    for all deals.
    """
    game = get_game(game_name)
    deck = [c for c in DECK if c.rank in game.rankings[0].rank_order]
    rng = random.Random(f"pokerkit-{game_name}-{chunk}")
    builders = [(half, _builder(name, how)) for half, name, how in POKERKIT[game_name]]
    board_size = BOARD_SIZES.get(game_name, game.full_board)
    dealt = [rng.sample(deck, game.hole_cards + board_size) for _ in range(deals)]
    ours = np.asarray(evaluate_many(np.array([[c.code for c in d] for d in dealt]), game=game))
    ours = ours.reshape(deals, -1)
    categories = CATEGORIES_BY.get(game_name)
    pairs: list[set[Pair]] = [set() for _ in builders]
    for row, cards in enumerate(dealt):
        hole, board = cards[: game.hole_cards], cards[game.hole_cards :]
        for seen, (half, build) in zip(pairs, builders, strict=True):
            strength = int(ours[row, half])
            seen.add((strength or None, _index(build(hole, board), categories)))
    return pairs


CHUNKS = 2
"""Processes, one per core (the seeds do not depend on it)."""


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    """One pool for every game: spawn, not fork (the parent may already run the core's
    threads), and started once, since each process imports pokerkit and the tables."""
    with ProcessPoolExecutor(CHUNKS, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool


@pytest.mark.slow
@pytest.mark.parametrize("game_name", sorted(POKERKIT))
def test_pokerkit_orders_every_game_alike(game_name: str, pool: ProcessPoolExecutor) -> None:
    deals = max(200, round(CARD_ROOM_DEALS.get(game_name, DEALS) * SCALE))
    parts = list(
        pool.map(_collect, [game_name] * CHUNKS, range(CHUNKS), [deals // CHUNKS] * CHUNKS)
    )
    for half in range(len(POKERKIT[game_name])):
        seen = set().union(*(part[half] for part in parts))
        # No value (no qualifying low) on one side exactly when on the other.
        assert all((a is None) == (b is None) for a, b in seen)
        valued = sorted((a, b) for a, b in seen if a is not None and b is not None)
        ours_sorted = [a for a, _ in valued]
        theirs = [b for _, b in valued]
        assert len(set(ours_sorted)) == len(valued), "one of our classes maps to two of theirs"
        assert len(set(theirs)) == len(valued), "two of our classes map to one of theirs"
        assert theirs == sorted(theirs), "the orders differ"


def test_pokerkit_deuce_to_seven_ace_is_high() -> None:
    """RULES.md §3: A-5-4-3-2 is ace-high at 2-7, not a straight. Reported wrong in
    some pokerkit versions; we follow the rule and record what this version does."""
    ours = evaluate("Ah 5c 4d 3s 2h", ranking="deuce_to_seven")
    assert ours.category.value == "high_card"
    assert ours < evaluate("Kh 8c 4d 3s 2h", ranking="deuce_to_seven")
    theirs = pokerkit.StandardLowHand(_pk(ours.cards))
    king = pokerkit.StandardLowHand(_pk(evaluate("Kh 8c 4d 3s 2h").cards))
    assert (theirs < king) == (ours < evaluate("Kh 8c 4d 3s 2h", ranking="deuce_to_seven"))
