"""Types of the compiled core's equity and census kernels, built from ``_cequity.c``.

Called through :mod:`showdown._kernels.engine`, which allocates the outputs; every
count is the readable reference's (:mod:`showdown.equity.reference`) for exact
enumeration, and a seeded sample draws from the core's own stream.
"""

from typing import Any

import numpy as np
import numpy.typing as npt

POT: int
COLUMNS: int
MAX_PLAYERS: int

_I64 = npt.NDArray[np.int64]

def configure(
    card_keys: _I64,
    rank_keys: _I64,
    key_start: int,
    flush_bits: int,
    suit_shift: int,
    hash_shift: int,
    hash_size: int,
    pot: int,
    /,
) -> None:
    """Take the per-card and per-rank keys; check the layout of a hand key."""

def exact_counts(
    kind: int,
    tuples: _I64,
    board_known: _I64,
    missing: int,
    deck_mask: int,
    tables: tuple[Any, ...],
    out: _I64,
    /,
) -> None:
    """Every completion of the board dealt for each tuple of hands, adding into ``out``."""

def complete_hands(known: _I64, n_known: _I64, free_mask: int, out: _I64, /) -> int:
    """Every completion of the partial hands into ``out``; the number of tuples written."""

def exact_board_ranks(
    tuples: _I64,
    board_known: _I64,
    missing: int,
    deck_mask: int,
    offsets: npt.NDArray[np.int32],
    rank_table: npt.NDArray[np.uint16],
    flush_table: npt.NDArray[np.uint16],
    out: _I64,
    /,
) -> None:
    """``exact_counts`` of a Hold'em-like game by board ranks, adding into ``out``."""

def exact_omaha_ranks(
    tuples: _I64,
    board_known: _I64,
    missing: int,
    deck_mask: int,
    tables: tuple[Any, ...],
    out: _I64,
    /,
) -> None:
    """``exact_counts`` of an Omaha game by board ranks, adding into ``out``."""

def heads_up_boards(
    tuples: _I64,
    deck_mask: int,
    offsets: npt.NDArray[np.int32],
    rank_table: npt.NDArray[np.uint16],
    flush_table: npt.NDArray[np.uint16],
    out: _I64,
    /,
) -> None:
    """Every board of two two-card hands dealt one by one: the first hand's wins and the
    ties into ``out`` (``(T, 2)``)."""

def sample_counts(
    kind: int,
    seed: int,
    deals: int,
    known: _I64,
    n_known: _I64,
    listed: _I64,
    combo_codes: _I64,
    combo_masks: _I64,
    combo_cumulative: npt.NDArray[np.float64],
    combo_start: _I64,
    board_known: _I64,
    n_board: int,
    deck: _I64,
    tables: tuple[Any, ...],
    out: _I64,
    /,
) -> tuple[int, int]:
    """``deals`` random deals from ``seed``, adding into ``out``; ``(done, tries)``."""

def sample_chunks(
    kind: int,
    seeds: _I64,
    deals: _I64,
    known: _I64,
    n_known: _I64,
    listed: _I64,
    combo_codes: _I64,
    combo_masks: _I64,
    combo_cumulative: npt.NDArray[np.float64],
    combo_start: _I64,
    board_known: _I64,
    n_board: int,
    deck: _I64,
    tables: tuple[Any, ...],
    out: _I64,
    done: _I64,
    tries: _I64,
    threads: int,
    /,
) -> None:
    """``sample_counts`` per chunk (the seeds' uint64 bits as int64), into ``out[i]``,
    ``done[i]`` and ``tries[i]``, on ``threads`` threads."""

def keyed_census(
    deck: _I64,
    size: int,
    tasks: _I64,
    offsets: npt.NDArray[np.int32],
    ranks: npt.NDArray[np.uint16],
    flushes: npt.NDArray[np.uint16],
    use_flush: bool,
    out: _I64,
    /,
) -> None:
    """The hands per strength of the tasks given, added into ``out``."""
