"""OMPEval through the plain C ABI that the ``pokerfast`` wheel ships (a peer of ``make bench``).

``pokerfast`` compiles OMPEval into a shared library with a C ABI and loads it with
ctypes (``pokerfast.equity``). The bench calls that library directly, the same
entry points ``pokerfast.equity`` uses, so that no Python-side parsing is timed:

* ``pf_evaluate(cards, n, k, out)``: a batch of ``n`` hands of ``k`` cards (one byte
  per card, OMPEval's order ``4 * rank + suit`` with suits ``s h c d``), one uint16
  per hand, greater is better. Single-threaded; two threads run two halves at once
  (ctypes releases the GIL).
* ``pf_equity(ranges, n, board, dead, exact, stdev, threads, time_limit, out, hands)``:
  exact enumeration, or Monte Carlo until ``time_limit``, and the number of
  deals evaluated (what a rate is computed from).

:func:`load_ompeval` returns ``None`` when ``pokerfast`` or its library is missing.
"""

from __future__ import annotations

import ctypes
import importlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import numpy.typing as npt

__all__ = ["OMPEval", "load_ompeval", "to_ompeval_codes"]

CardArray = npt.NDArray[np.uint8]

# showdown's code is rank * 4 + suit (c d h s); OMPEval's suit order is s h c d.
_SUIT_TO_OMP = np.array([2, 3, 1, 0], dtype=np.uint8)
_ABI_VERSION = 1


def to_ompeval_codes(rows: CardArray) -> CardArray:
    """Rows of showdown card codes as OMPEval card codes, C-contiguous."""
    rows = np.asarray(rows, dtype=np.uint8)
    return np.ascontiguousarray((rows & ~np.uint8(3)) | _SUIT_TO_OMP[rows & 3])


@dataclass(frozen=True)
class OMPEval:
    """The loaded library with its entry points typed."""

    lib: ctypes.CDLL
    path: str

    def evaluate(self, codes: CardArray, threads: int = 1) -> npt.NDArray[np.uint16]:
        """Ranks of ``codes`` (OMPEval codes, shape ``(n, k)``), split over ``threads``."""
        n = codes.shape[0]
        out = np.empty(n, dtype=np.uint16)
        if threads <= 1:
            self._evaluate(codes, out)
            return out
        bounds = np.linspace(0, n, threads + 1).astype(int)
        parts = [(codes[a:b], out[a:b]) for a, b in pairwise(bounds)]
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(lambda part: self._evaluate(*part), parts))
        return out

    def _evaluate(self, codes: CardArray, out: npt.NDArray[np.uint16]) -> None:
        n, k = codes.shape
        rc = self.lib.pf_evaluate(codes.ctypes.data, n, k, out.ctypes.data)
        if rc != 0:
            raise RuntimeError(f"pf_evaluate failed ({rc})")

    def equity(
        self,
        hands: list[str],
        board: str = "",
        *,
        exact: bool = True,
        threads: int = 1,
        seconds: float = 0.0,
    ) -> tuple[list[float], int]:
        """Each player's equity and the deals evaluated; Monte Carlo runs ``seconds``."""
        count = len(hands)
        ranges = (ctypes.c_char_p * count)(*[h.encode("ascii") for h in hands])
        out = (ctypes.c_double * count)()
        deals = ctypes.c_uint64()
        rc = self.lib.pf_equity(
            ranges,
            count,
            board.encode("ascii"),
            b"",
            1 if exact else 0,
            1e-12 if not exact else 5e-5,  # Monte Carlo: stopped by the time limit only
            threads,
            seconds,
            out,
            ctypes.byref(deals),
        )
        if rc != 0:
            raise RuntimeError(f"pf_equity({hands}, {board!r}) failed ({rc})")
        return list(out), int(deals.value)


def load_ompeval() -> OMPEval | None:
    """The OMPEval library of the installed ``pokerfast``, or ``None`` without it."""
    try:
        equity = importlib.import_module("pokerfast.equity")
    except ImportError:
        return None
    path = equity.find_library()
    if path is None:
        return None
    lib = ctypes.CDLL(path)
    lib.pf_abi_version.restype = ctypes.c_int
    lib.pf_abi_version.argtypes = []
    if lib.pf_abi_version() != _ABI_VERSION:
        return None
    lib.pf_init.restype = ctypes.c_int
    lib.pf_init.argtypes = []
    lib.pf_evaluate.restype = ctypes.c_int
    lib.pf_evaluate.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p]
    lib.pf_equity.restype = ctypes.c_int
    lib.pf_equity.argtypes = [
        ctypes.POINTER(ctypes.c_char_p),
        ctypes.c_uint,
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_double,
        ctypes.c_uint,
        ctypes.c_double,
        ctypes.POINTER(ctypes.c_double),
        ctypes.POINTER(ctypes.c_uint64),
    ]
    if lib.pf_init() != 0:
        return None
    return OMPEval(lib, str(path))
