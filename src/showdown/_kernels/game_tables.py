"""A game's tables for the compiled core's equity kernels, and how the core values its deals.

Private. What the equity kernels of ``showdown._cequity`` (C, through
:mod:`showdown._kernels.engine`) read: the shared kernel tables of
:mod:`showdown._kernels.tables` gathered per game (:func:`equity_tables`), which
kernel values a game's deals (:func:`method_of`, :func:`kind_of`), and the
columns and units of their counts (those of the readable reference,
:mod:`showdown.equity.reference`, re-exported here). The tables are built from the
rule tables once and kept on disk (:mod:`showdown._kernels.store`); this module
builds none at import.

>>> from showdown.games import get_game
>>> tables = equity_tables(get_game("omaha8"))
>>> tables.kind == OMAHA, tables.rankings, len(tables.arrays())
(True, 2, 13)
>>> method_of(get_game("holdem")), kind_of(get_game("holdem")) == BOARD_HIGH
('board_ranks', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final, TypeAlias

import numpy as np
import numpy.typing as npt

from showdown._kernels.store import cached_arrays, rules_digest
from showdown._kernels.tables import FIVE_KEYS, OmahaTables, kernel_tables, layout, omaha_tables
from showdown.equity.reference import COLUMNS, HIGH, LOW, POT, SHARE, SHARE_SQ, TIE, WIN
from showdown.games import GAMES, Game
from showdown.rules import RANKINGS, RuleSet

__all__ = [
    "ANY_MIX",
    "BADUGI",
    "BOARD_HIGH",
    "COLUMNS",
    "HIGH",
    "LOW",
    "OMAHA",
    "POT",
    "SHARE",
    "SHARE_SQ",
    "TIE",
    "WIN",
    "Arrays",
    "EquityTables",
    "equity_tables",
    "kept_omaha_tables",
    "kind_of",
    "method_of",
    "tables_nbytes",
]

I64 = npt.NDArray[np.int64]
Offsets = npt.NDArray[np.int32]
Table = npt.NDArray[np.uint16]
Arrays: TypeAlias = tuple[
    int, Offsets, Table, Table, Table, Table, I64, I64, Table, int, Table, Table, I64
]
"""What :meth:`EquityTables.arrays` gives the kernels, in this order: rankings,
offsets, ranks0, ranks1, flushes0, flushes1, use_flush, five_keys, fives,
low_ranks, lows, badugi, binomials."""

ANY_MIX: Final = 0
"""Best five of any of the player's cards and the board (Hold'em, Stud, draw games)."""
OMAHA: Final = 1
"""Exactly two hole cards and three board cards."""
BADUGI: Final = 2
"""Badugi: the best set of cards of different ranks and suits."""
BOARD_HIGH: Final = 3
"""Hold'em-like: two hole cards and a five-card board, any mix, one high ranking
with flushes (exact: by board ranks; sampled: a faster :data:`ANY_MIX`)."""

_KINDS: Final = {"board_ranks": BOARD_HIGH, "any_mix": ANY_MIX, "omaha": OMAHA, "badugi": BADUGI}


def method_of(game: Game) -> str:
    """How the core values a game's deals: ``'board_ranks'`` (Hold'em-like),
    ``'any_mix'``, ``'omaha'`` or ``'badugi'``: the game's :attr:`~showdown.games.Game.shape`
    (Hold'em's shape by the board's ranks)."""
    return "board_ranks" if game.shape == "board_high" else game.shape


def kind_of(game: Game) -> int:
    """The kernel kind of a game's deals (:func:`method_of` as the kernels take it):
    :data:`BOARD_HIGH`, :data:`ANY_MIX`, :data:`OMAHA` or :data:`BADUGI`."""
    return _KINDS[method_of(game)]


# -- tables -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class EquityTables:
    """Everything a kernel needs to value hands of one game: the shared kernel
    tables of :mod:`showdown._kernels.tables`, not copies.

    Attributes:
        kind: :data:`ANY_MIX`, :data:`OMAHA` or :data:`BADUGI`.
        rankings: how many rankings decide the pot (2 for hi/lo).
        offsets: the perfect hash's row offsets (:func:`~showdown._kernels.tables.layout`).
        ranks: per ranking, strengths by perfect-hash slot (:attr:`KernelTables.ranks
            <showdown._kernels.tables.KernelTables>`; empty for Badugi).
        flushes: per ranking, the best flush by 13-bit mask of suited ranks
            (empty for rankings that ignore flushes).
        use_flush: per ranking, 1 when flushes count.
        five_keys: Omaha: per card code, the ``FIVE_KEYS`` of its rank.
        fives: Omaha: the first ranking's strengths by sum of five ``FIVE_KEYS``.
        low_ranks: Omaha hi/lo: the 13-bit mask of the ranks that may make a low.
        lows: Omaha hi/lo: the second ranking's strengths by mask of five ranks.
        badugi: Badugi: the strength of every four-card hand.
        binomials: ``C(n, k)``, Badugi's index.
    """

    kind: int
    rankings: int
    offsets: Offsets
    ranks: tuple[Table, ...]
    flushes: tuple[Table, ...]
    use_flush: I64
    five_keys: I64
    fives: Table
    low_ranks: int
    lows: Table
    badugi: Table
    binomials: I64

    def arrays(self) -> Arrays:
        """The tables as one tuple, the last argument of the kernels."""
        return (
            self.rankings,
            self.offsets,
            self.ranks[0],
            self.ranks[-1],
            self.flushes[0],
            self.flushes[-1],
            self.use_flush,
            self.five_keys,
            self.fives,
            self.low_ranks,
            self.lows,
            self.badugi,
            self.binomials,
        )


@cache
def equity_tables(game: Game) -> EquityTables:
    """The tables of a game, built once per process (each ranking's once for all games).

    One or two rankings; Omaha's first ranking must have no qualifier, and no flush
    worse than the same ranks unsuited (a low with flushes), and its second, if any,
    must be a low with one that ignores flushes (as Omaha hi/lo's eight or better).
    """
    shared = layout()
    rankings = game.rankings
    if len(rankings) > 2:
        raise ValueError(f"{game.name}: the kernels score one or two rankings")
    empty = np.zeros(0, dtype=np.uint16)
    no_keys = np.zeros(52, dtype=np.int64)
    tables = [kernel_tables(rules) for rules in rankings]
    use_flush = np.array([1 if t.use_flush else 0 for t in tables], dtype=np.int64)
    ranks = tuple(t.ranks for t in tables)
    flushes = tuple(t.flushes for t in tables)
    if game.shape == "badugi":
        return EquityTables(
            BADUGI,
            1,
            shared.offsets,
            ranks,
            flushes,
            use_flush,
            no_keys,
            empty,
            0,
            empty,
            tables[0].badugi_hands,
            shared.binomials,
        )
    if game.shape != "omaha":
        return EquityTables(
            ANY_MIX,
            len(rankings),
            shared.offsets,
            ranks,
            flushes,
            use_flush,
            no_keys,
            empty,
            0,
            empty,
            empty,
            shared.binomials,
        )
    high = kept_omaha_tables(rankings[0])
    worse_flush = rankings[0].flushes and rankings[0].lower_wins  # exact_omaha_ranks' premise
    if (
        len(high.fives) == 0
        or worse_flush
        or any(r.qualifier is None or r.flushes for r in rankings[1:])
    ):
        raise ValueError(f"{game.name}: no Omaha kernel for rankings {rankings}")
    low = kept_omaha_tables(rankings[1]) if len(rankings) == 2 else None
    return EquityTables(
        OMAHA,
        len(rankings),
        shared.offsets,
        ranks,
        flushes,
        use_flush,
        high.card_keys,
        high.fives,
        low.low_ranks if low is not None else 0,
        low.lows if low is not None else empty,
        empty,
        shared.binomials,
    )


@cache
def kept_omaha_tables(rules: RuleSet) -> OmahaTables:
    """:func:`~showdown._kernels.tables.omaha_tables`, kept on disk beside the other tables
    (:func:`~showdown._kernels.store.cached_arrays`): building them reads every multiset
    of ranks, about a tenth of a second that a first Omaha equity call should not pay."""

    def build() -> dict[str, npt.NDArray[np.generic]]:
        built = omaha_tables(rules)
        return {
            "card_keys": built.card_keys,
            "fives": built.fives,
            "low_ranks": np.array([built.low_ranks], dtype=np.int64),
            "lows": built.lows,
        }

    digest = rules_digest(rules, FIVE_KEYS, "_kernels/game_tables.py: kept_omaha_tables")
    arrays = cached_arrays(f"omaha-{rules.name}", digest, build)
    return OmahaTables(
        arrays["card_keys"].astype(np.int64, copy=False),
        arrays["fives"].astype(np.uint16, copy=False),
        int(arrays["low_ranks"][0]),
        arrays["lows"].astype(np.uint16, copy=False),
    )


def tables_nbytes() -> int:
    """Bytes of the kernel tables of every ranking and every game together (budget: 4 MB).

    >>> 0 < tables_nbytes() <= 4 * 1024 * 1024
    True
    """
    shared = layout()
    total = shared.card_keys.nbytes + shared.offsets.nbytes + shared.binomials.nbytes
    total += sum(kernel_tables(name).nbytes for name in RANKINGS)
    omaha = {rules.name for game in GAMES.values() if game.hole_used for rules in game.rankings}
    return total + sum(omaha_tables(name).nbytes for name in omaha)
