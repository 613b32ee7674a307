"""Deterministic random inputs shared by every evaluator in the benchmark suite.

Card codes follow showdown's encoding: ``code = rank_index * 4 + suit_index`` with
``rank_index`` 0..12 for ``2 3 4 5 6 7 8 9 T J Q K A`` and ``suit_index`` 0..3 for
``c d h s`` (so ``0 == "2c"`` and ``51 == "As"``).  This happens to be phevaluator's
native encoding too.

Row layout: for workloads with hole and board cards the hole cards come first
(``row[:n_hole]``), then the board (``row[n_hole:]``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = [
    "DECK_SIZE",
    "RANKS",
    "SUITS",
    "WORKLOADS",
    "Workload",
    "card_str",
    "make_rows",
    "random_hands",
]

DECK_SIZE = 52
RANKS = "23456789TJQKA"
SUITS = "cdhs"

# Rows generated per vectorised step; bounds the scratch deck to ~13 MiB.
_CHUNK_ROWS = 1 << 18

CardArray = npt.NDArray[np.uint8]


def card_str(code: int) -> str:
    """Return the two-character name of a card code, e.g. ``51 -> "As"``."""
    if not 0 <= code < DECK_SIZE:
        raise ValueError(f"card code out of range: {code}")
    return RANKS[code >> 2] + SUITS[code & 3]


def random_hands(n: int, k: int, seed: int) -> CardArray:
    """Return ``n`` rows of ``k`` distinct cards each, shape ``(n, k)``, dtype uint8.

    Each row is a uniformly random ordered draw of ``k`` cards without replacement
    (vectorised partial Fisher-Yates across rows).  The result depends only on
    ``(n, k, seed)``; moreover each row consumes a fixed slice of the random stream,
    so ``random_hands(m, k, s)`` equals ``random_hands(n, k, s)[:m]`` for ``m <= n``.
    """
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if not 0 <= k <= DECK_SIZE:
        raise ValueError(f"k must be in 0..{DECK_SIZE}, got {k}")
    rng = np.random.Generator(np.random.PCG64(seed))
    out = np.empty((n, k), dtype=np.uint8)
    if n == 0 or k == 0:
        return out
    # Swap-target spans: step j picks uniformly among the 52 - j cards not yet dealt.
    spans = np.arange(DECK_SIZE, DECK_SIZE - k, -1, dtype=np.float64)
    full_deck = np.arange(DECK_SIZE, dtype=np.uint8)
    for start in range(0, n, _CHUNK_ROWS):
        stop = min(start + _CHUNK_ROWS, n)
        m = stop - start
        # Row-major draw: row i always uses stream values [i*k, (i+1)*k).
        picks = (rng.random((m, k)) * spans).astype(np.intp)
        deck = np.tile(full_deck, (m, 1))
        idx = np.arange(m)
        for j in range(k):
            target = picks[:, j] + j
            chosen = deck[idx, target]
            deck[idx, target] = deck[:, j]
            deck[:, j] = chosen
        out[start:stop] = deck[:, :k]
    return out


@dataclass(frozen=True)
class Workload:
    """One benchmarked ranking: how many cards a row holds and how they split."""

    name: str
    n_cards: int
    n_hole: int  # leading columns are hole cards; the rest (if any) is the board
    low: bool  # True when lower hands win (the peers' native order is then inverted)
    description: str


WORKLOADS: dict[str, Workload] = {
    w.name: w
    for w in (
        Workload("5-card high", 5, 5, False, "best high hand of exactly 5 cards"),
        Workload("7-card high", 7, 2, False, "hold'em: 2 hole + 5 board, best 5 of 7"),
        Workload("omaha high", 9, 4, False, "Omaha: exactly 2 of 4 hole + 3 of 5 board"),
        Workload("razz 7", 7, 7, True, "ace-to-five low, best 5 of 7 (pairs count)"),
        Workload("2-7 low 5", 5, 5, True, "deuce-to-seven low of exactly 5 cards"),
        Workload("8-or-better low 7", 7, 7, True, "ace-to-five 8-or-better low, best 5 of 7"),
        Workload("omaha 8-or-better low", 9, 4, True, "Omaha hi-lo: qualifying low half"),
        Workload("badugi 4", 4, 4, True, "ace-low badugi of 4 cards"),
    )
}


def make_rows(n: int, seed: int, workloads: list[str] | None = None) -> dict[str, CardArray]:
    """Generate ``n`` rows for every workload (or the named ones), keyed by name.

    Each workload gets its own seed derived from ``seed`` and its position in
    :data:`WORKLOADS`, so adding a workload to a run never changes another's rows.
    """
    names = list(WORKLOADS) if workloads is None else workloads
    order = list(WORKLOADS)
    rows: dict[str, CardArray] = {}
    for name in names:
        if name not in WORKLOADS:
            raise KeyError(f"unknown workload {name!r}; known: {order}")
        rows[name] = random_hands(n, WORKLOADS[name].n_cards, seed * 1009 + order.index(name))
    return rows
