"""The perfect hash of the rank keys: row displacement, built once per process.

>>> import numpy as np
>>> keys = np.array([3, 700, 1000, 260], dtype=np.int64)
>>> offsets = row_displacement(keys, 8, 1 << 4)
>>> slots = (keys + offsets[keys >> 8]) & 15
>>> len(set(slots.tolist()))
4
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["row_displacement"]


@njit(cache=True)
def row_displacement(
    keys: npt.NDArray[np.int64], shift: int, size: int
) -> npt.NDArray[np.int32]:  # pragma: no cover - compiled
    """Offsets such that ``(key + offsets[key >> shift]) & (size - 1)`` is one-to-one.

    Rows (keys sharing ``key >> shift``) are placed fullest first, each at the
    smallest offset where all its slots are free. ``size`` is a power of two
    larger than the number of keys; the keys must be distinct.
    """
    n_rows = (keys.max() >> shift) + 1
    counts = np.zeros(n_rows, np.int64)
    for key in keys:
        counts[key >> shift] += 1
    order = np.argsort(-counts, kind="mergesort")
    start = np.zeros(n_rows + 1, np.int64)
    for row in range(n_rows):
        start[row + 1] = start[row] + counts[row]
    fill = start[:-1].copy()
    members = np.empty(len(keys), np.int64)
    for key in keys:
        row = key >> shift
        members[fill[row]] = key
        fill[row] += 1
    mask = size - 1
    taken = np.zeros(size, np.bool_)
    offsets = np.zeros(n_rows, np.int32)
    for row in order:
        if counts[row] == 0:
            break
        row_keys = members[start[row] : start[row + 1]]
        offset = 0
        while True:
            free = True
            for key in row_keys:
                if taken[(key + offset) & mask]:
                    free = False
                    break
            if free:
                break
            offset += 1
        for key in row_keys:
            taken[(key + offset) & mask] = True
        offsets[row] = offset
    return offsets
