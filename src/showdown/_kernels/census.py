"""The census kernel: how many hands of a size have each strength, by enumeration.

Hands are enumerated in code order; each task fixes the first two cards and
walks the rest with the hand key kept per depth, so the innermost loop adds
one card key and reads one table slot per hand. Tasks are dealt round-robin
to more lanes than threads (the first tasks are the longest), each lane with
its own histogram.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from showdown._kernels.evaluate import _flush_suit, _lookup
from showdown._kernels.tables import FLUSH_BITS, KEY_START, RANK_KEY_MASK

__all__ = ["keyed_census"]


@njit(cache=True, parallel=True)
def keyed_census(
    deck: npt.NDArray[np.int64],
    size: int,
    tasks: npt.NDArray[np.int64],
    n_lanes: int,
    card_keys: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int32],
    ranks: npt.NDArray[np.uint16],
    flushes: npt.NDArray[np.uint16],
    use_flush: bool,
    n_strengths: int,
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    """Hands per strength among every ``size``-card hand (3..7) whose first two
    cards are ``deck[tasks[t, 0]]``, ``deck[tasks[t, 1]]``, for each task ``t``.

    Valid where :func:`showdown._kernels.evaluate.keyed` is (high rankings up
    to seven cards, suit-blind rankings, any ranking at five cards).
    """
    n_deck = len(deck)
    counts = np.zeros((n_lanes, n_strengths), np.int64)
    last = size - 1
    for lane in prange(n_lanes):
        position = np.empty(size, np.int64)
        keys = np.empty(size + 1, np.int64)
        hist = counts[lane]
        for t in range(lane, tasks.shape[0], n_lanes):
            position[0] = tasks[t, 0]
            position[1] = tasks[t, 1]
            keys[1] = KEY_START + card_keys[deck[position[0]]]
            keys[2] = keys[1] + card_keys[deck[position[1]]]
            depth = 2
            position[2] = position[1]
            while depth >= 2:
                position[depth] += 1
                if position[depth] > n_deck - (size - depth):
                    depth -= 1
                    continue
                keys[depth + 1] = keys[depth] + card_keys[deck[position[depth]]]
                if depth < last - 1:
                    depth += 1
                    position[depth] = position[depth - 1]
                    continue
                base = keys[last]
                for q in range(position[last - 1] + 1, n_deck):
                    key = base + card_keys[deck[q]]
                    if use_flush and key & FLUSH_BITS:
                        suit = _flush_suit(key)
                        mask = 0
                        position[last] = q
                        for j in range(size):
                            code = deck[position[j]]
                            if code & 3 == suit:
                                mask |= 1 << (code >> 2)
                        hist[flushes[mask]] += 1
                    else:
                        hist[_lookup(key & RANK_KEY_MASK, offsets, ranks)] += 1
    total: npt.NDArray[np.int64] = counts.sum(axis=0)
    return total
