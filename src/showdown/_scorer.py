"""The compiled per-call entries: one hand's strength in one C call, over our own tables.

``showdown._ceval`` is a small C extension built from ``_ceval.c`` by the
normal install wherever a C compiler is present (``setup.py``). It holds no
table and knows no rule: an entry made by :func:`entry` calls its loader once,
on its first call, and the loader returns the tables that
:mod:`showdown._kernels.tables` derives from the rule tables (the same ones
the batch kernels read) together with the entry's shape (how many codes it
takes, its deck, Omaha's two-plus-three). The C code then only adds the
cards' rank keys, masks their suits and looks the result up.

The C path answers a list or tuple of plain ints that is valid for the
entry; anything else goes to the entry's Python ``delegate``, which raises
showdown's own errors with their usual messages, or values a valid input
of another type (NumPy integers, any iterable).

Without the extension (no compiler at install time), or with
``SHOWDOWN_CEVAL=off`` in the environment, :func:`extension` is None and the
callers keep their Python paths.

>>> from showdown.rules import get_ranking
>>> config = ranking_loader(get_ranking("razz"), sizes=(7,))()
>>> config[:4] == (False, 0, 1 << 7, (1 << 52) - 1)
True
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from showdown.rules import Formation, RuleSet

if TYPE_CHECKING:
    from showdown.games import Game

__all__ = [
    "MAX_CODES",
    "OMAHA_HASHED",
    "OMAHA_LOW_MASK",
    "OMAHA_PAIR_TRIPLE",
    "PAIRS",
    "TRIPLES",
    "Config",
    "entry",
    "extension",
    "game_loader",
    "omaha_pair_triple",
    "ranking_loader",
]

MAX_CODES: Final = 16
"""The most codes one entry takes (as :func:`showdown.batch.strength` does)."""

Config: TypeAlias = tuple[Any, ...]
"""What a loader returns, in the order ``_ceval.c`` reads it (see its header)."""


@cache
def extension() -> ModuleType | None:
    """The C extension, or None when it was not built or ``SHOWDOWN_CEVAL=off``."""
    if os.environ.get("SHOWDOWN_CEVAL", "").strip().lower() in ("off", "0", "no"):
        return None
    try:
        from showdown import _ceval
    except ImportError:
        return None
    return _ceval


def entry(
    name: str, doc: str, loader: Callable[[], Config], delegate: Callable[[Any], Any]
) -> Callable[[Any], Any] | None:
    """A builtin function ``name(codes)`` of :mod:`showdown.batch`, or None without the extension.

    ``doc`` becomes its docstring (doctest runs it there); ``loader`` is called
    on its first call; ``delegate(codes)`` answers what the C path does not take.
    """
    module = extension()
    if module is None:
        return None
    function: Callable[[Any], Any] = module.entry(
        name, "showdown.batch", f"{name}(codes, /)\n--\n\n{doc}", loader, delegate
    )
    return function


def _keyed_max(rules: RuleSet) -> int:
    """Up to how many cards one keyed lookup gives the best five (as the batch plans)."""
    from showdown._kernels.tables import flush_decides

    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return 0
    return 7 if not rules.flushes or flush_decides(rules) else 5


def _ranking_tables(rules: RuleSet, *, omaha: bool) -> tuple[Any, ...]:
    import numpy as np

    from showdown._kernels.tables import MAX_CARDS, kernel_tables, seven_ranks

    tables = kernel_tables(rules)
    badugi = rules.formation is Formation.DISTINCT_RANKS_AND_SUITS
    keyed_max = _keyed_max(rules)
    # seven cards in one lookup of the smaller seven-card hash (not for Omaha's fives)
    sevens = seven_ranks(tables) if keyed_max == MAX_CARDS and not omaha else np.zeros(0, np.uint16)
    return (
        badugi,
        keyed_max,
        tables.ranks,
        tables.flushes,
        tables.badugi_hands,
        tables.badugi_ranks,
        sevens,
    )


PAIRS: Final = 91
"""Multisets of two ranks: the rows of Omaha's pair-by-triple table."""
TRIPLES: Final = 455
"""Multisets of three ranks."""

OMAHA_HASHED, OMAHA_PAIR_TRIPLE, OMAHA_LOW_MASK = range(3)
"""How the C entry values one of Omaha's rankings: through the perfect hash for
each hole pair and board triple; by the pair-by-triple table (and the flush
table for a suit with three or more on the board); by the 13-bit mask of five
low ranks."""


def _multiset_index(ranks: Sequence[int]) -> int:
    """The index of a multiset of ranks among those of its size (colex order).

    >>> _multiset_index([0, 0]), _multiset_index([12, 12]), _multiset_index([12, 12, 12])
    (0, 90, 454)
    """
    index = 0
    for i, rank in enumerate(sorted(ranks)):
        index += math.comb(rank + i, i + 1)
    return index


@cache
def omaha_pair_triple(rules: RuleSet) -> Any:
    """A ranking's best five without a flush, by multiset of two hole ranks and three
    board ranks: ``table[triple * PAIRS + pair]`` (:func:`_multiset_index`), from
    :func:`~showdown._kernels.tables.omaha_tables`'s five-card table (0 where a
    rank would be five times). 83 KB: it stays in a core's cache."""
    import numpy as np

    from showdown._kernels.tables import FIVE_KEYS, omaha_tables

    fives = omaha_tables(rules).fives

    def counts(size: int, n: int) -> Any:
        """Per multiset of ``size`` ranks, by index, how many of each rank."""
        out = np.zeros((n, 13), np.int64)
        for ranks in combinations_with_replacement(range(13), size):
            np.add.at(out[_multiset_index(ranks)], list(ranks), 1)
        return out

    both = counts(3, TRIPLES)[:, None, :] + counts(2, PAIRS)[None, :, :]
    keys = np.minimum(both @ np.array(FIVE_KEYS, np.int64), len(fives) - 1)
    table = np.where(both.max(axis=2) <= 4, fives[keys], 0)
    return np.ascontiguousarray(table.ravel(), np.uint16)


def _omaha_ranking(rules: RuleSet) -> tuple[int, Any, int]:
    """How the C entry values one Omaha ranking: ``(mode, table, low ranks)``."""
    import numpy as np

    from showdown._kernels.tables import omaha_tables

    plain = rules.qualifier is None and rules.formation is not Formation.DISTINCT_RANKS_AND_SUITS
    if plain and not (rules.flushes and rules.lower_wins):  # a flush is never worse
        return (OMAHA_PAIR_TRIPLE, omaha_pair_triple(rules), 0)
    if rules.qualifier is not None and not rules.flushes:
        low = omaha_tables(rules)
        return (OMAHA_LOW_MASK, low.lows, low.low_ranks)
    return (OMAHA_HASHED, np.zeros(0, np.uint16), 0)


def _config(
    rankings: Sequence[RuleSet], sizes: Iterable[int], *, tuple_out: bool, omaha_hole: int
) -> Config:
    import numpy as np

    from showdown._kernels.tables import (
        HASH_SHIFT,
        HASH_SIZE,
        RANK_KEYS,
        SEVEN_SHIFT,
        SEVEN_SIZE,
        deck_mask,
        layout,
        seven_layout,
    )

    shared = layout()
    omaha = tuple(_omaha_ranking(rules) for rules in rankings) if omaha_hole else ()
    return (
        tuple_out,
        omaha_hole,
        sum(1 << size for size in set(sizes)),
        deck_mask(rankings),
        np.array(RANK_KEYS, np.int64),
        np.ascontiguousarray(shared.offsets, np.int32),
        HASH_SHIFT,
        HASH_SIZE,
        np.ascontiguousarray(shared.binomials, np.int64).ravel(),
        tuple(_ranking_tables(rules, omaha=bool(omaha_hole)) for rules in rankings),
        omaha,
        np.ascontiguousarray(seven_layout().offsets, np.uint16),
        SEVEN_SHIFT,
        SEVEN_SIZE,
    )


def ranking_sizes(rules: RuleSet) -> tuple[int, ...]:
    """How many codes a ranking's entry takes: Badugi exactly four, else five to sixteen."""
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return (rules.hand_size,)
    return tuple(range(rules.hand_size, MAX_CODES + 1))


def ranking_loader(rules: RuleSet, sizes: Iterable[int] | None = None) -> Callable[[], Config]:
    """The loader of a ranking's entry (an int per hand), ``sizes`` codes per hand."""
    wanted = tuple(ranking_sizes(rules) if sizes is None else sizes)
    return lambda: _config((rules,), wanted, tuple_out=False, omaha_hole=0)


def game_sizes(game: Game) -> tuple[int, ...]:
    """How many codes a game's entry takes: the hole cards plus each board it values."""
    return tuple(game.hole_cards + board for board in (game.hand_boards or (0,)))


def game_loader(game: Game) -> Callable[[], Config]:
    """The loader of a game's entry (a tuple per hand, one value per ranking)."""
    omaha = game.hole_used is not None
    if omaha and (game.hole_used != 2 or any(rules.hand_size != 5 for rules in game.rankings)):
        raise ValueError(f"{game.name}: the C entry plays exactly two hole cards with three")
    return lambda: _config(
        game.rankings,
        game_sizes(game),
        tuple_out=True,
        omaha_hole=game.hole_cards if omaha else 0,
    )
