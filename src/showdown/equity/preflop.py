"""The preflop table: every heads-up Hold'em matchup before the flop, counted once.

Exact heads-up Hold'em equity before the flop deals 1,712,304 boards, a
millisecond or two of compiled work; up to suit isomorphism (relabelling suits
changes no outcome; nor does swapping the two players, but for whose wins are
whose) there are only 47,008 matchups of two whole hands. This module keeps
each one's counts (the first hand's wins, the ties) in a table, built by our
own enumeration (the compiled core's exact kernel, by board ranks), so that
such a call is a look-up of a few microseconds. The table serves the compiled
core's quick path only: the readable reference counts every deal itself.

The table lives with the other kept tables (:func:`showdown._cache.cache_dir`:
``$SHOWDOWN_CACHE_DIR``, else ``~/.cache/showdown``), named by a digest of the
sources that compute it, so a changed kernel never reads a stale table. It is
filled two ways:

* **lazily**: each exact preflop heads-up call that finds no entry computes it
  as before and appends it to a journal next to the table (one short line;
  a cold cache never makes a call slower);
* **in full**, resumably, by one command (chunks are saved as they finish, so
  an interrupted build goes on where it stopped): ``python -m
  showdown.equity.preflop build`` (``--seconds S``, ``--workers N``; ``make
  preflop-table``); ``status`` says how full it is, ``check`` (``--sample N``
  or ``--all``) checks entries.

``SHOWDOWN_PREFLOP_TABLE=off`` in the environment leaves the table aside (every
call enumerates: to time the kernel). ``check`` compares entries with a plain
enumeration (:func:`showdown._kernels.engine.heads_up_boards`: all 1,712,304
boards dealt one by one and both seven-card hands valued), independent of the
ranks-first count that fills the table; ``make test`` checks a sample,
``check --all`` every entry (about ten milliseconds each). Building, checking and
computing a missing entry need the compiled core.

>>> from showdown.cards import parse_cards
>>> key, swapped = canonical_matchup(parse_cards("AhKh"), parse_cards("QsQd"))
>>> key == canonical_matchup(parse_cards("AsKs"), parse_cards("QhQc"))[0], swapped
(True, True)
>>> canonical_matchup(parse_cards("QsQd"), parse_cards("AhKh")) == (key, False)
True
>>> matchup_cards(key)  # the queens first, in the first suits; then AK suited
(Card('Qc'), Card('Qd'), Card('Ah'), Card('Kh'))
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from showdown import core
from showdown._cache import cache_dir, digest, write_atomically
from showdown._kernels import engine
from showdown._kernels.game_tables import POT, TIE, WIN, equity_tables
from showdown.cards import DECK, Card
from showdown.games import GAMES, Game, get_game

__all__ = [
    "MATCHUPS",
    "PREFLOP_BOARDS",
    "PreflopTable",
    "build",
    "canonical_matchup",
    "check",
    "main",
    "matchup_cards",
    "preflop_counts",
    "preflop_table",
]

MATCHUPS: Final = 47_008
"""Heads-up matchups of two whole Hold'em hands, up to suits and seat order."""
PREFLOP_BOARDS: Final = 1_712_304
"""Boards of five cards from the 48 left: C(48, 5)."""
_HALF: Final = POT // 2
_SOURCES: Final = (
    "equity/preflop.py, _kernels/engine.py, _kernels/game_tables.py, _cequity.c, "
    "_kernels/tables.py, _kernels/hashing.py, tables.py, rules.py, cards.py"
)
_CHUNK: Final = 64
"""Matchups per task of a build (a tenth of a second of work)."""


# -- canonical matchups ------------------------------------------------------------


def _orders(high: int, low: int) -> tuple[tuple[int, int], ...]:
    """The hand's cards by rank, highest first; a pair both ways (its order is a suit's)."""
    if high >> 2 == low >> 2:
        return ((high, low), (low, high))
    return ((high, low),) if high > low else ((low, high),)


def _canonical_codes(a: Sequence[int], b: Sequence[int]) -> tuple[int, bool]:
    best = -1
    swapped = False
    for first, second, swap in ((a, b, False), (b, a, True)):
        for x in _orders(first[0], first[1]):
            for y in _orders(second[0], second[1]):
                labels = [-1, -1, -1, -1]
                given = 0
                key = 0
                for code in (*x, *y):
                    suit = code & 3
                    if labels[suit] < 0:
                        labels[suit] = given
                        given += 1
                    key = key * 52 + ((code & ~3) | labels[suit])
                if best < 0 or key < best:
                    best, swapped = key, swap
    return best, swapped


def canonical_matchup(first: Sequence[Card], second: Sequence[Card]) -> tuple[int, bool]:
    """The key of a matchup up to suits and seat order, and whether the seats swapped.

    Each hand is written by rank (a pair either way), the suits relabelled in
    order of appearance; the key is the least such writing of either seat
    order, as four card codes in base 52. Two matchups have the same key exactly
    when a relabelling of suits (and perhaps a swap) maps one onto the other.
    ``swapped`` says the key's first hand is ``second``.

    Raises:
        ValueError: not two hands of two cards.
    """
    if len(first) != 2 or len(second) != 2:
        raise ValueError("a preflop matchup is two hands of two cards")
    return _canonical_of(first[0].code, first[1].code, second[0].code, second[1].code)


@lru_cache(maxsize=1 << 16)
def _canonical_of(a0: int, a1: int, b0: int, b1: int) -> tuple[int, bool]:
    """:func:`_canonical_codes`, remembered: a repeated matchup costs a dict lookup."""
    return _canonical_codes((a0, a1), (b0, b1))


def matchup_cards(key: int) -> tuple[Card, Card, Card, Card]:
    """The four cards a key writes: the first hand's two, then the second's."""
    codes = []
    for _ in range(4):
        key, code = divmod(key, 52)
        codes.append(code)
    d, c, b, a = codes
    return DECK[a], DECK[b], DECK[c], DECK[d]


def _all_keys() -> npt.NDArray[np.int64]:
    """Every canonical key, ascending (a first hand of suits 0 and 0 or 1 is enough:
    each class has such a member)."""
    keys: set[int] = set()
    hands = list(combinations(range(52), 2))
    for a in hands:
        if not (a[0] & 3 == 0 and a[1] & 3 <= 1) and not (a[1] & 3 == 0 and a[0] & 3 <= 1):
            continue
        for b in hands:
            if a[0] in b or a[1] in b:
                continue
            keys.add(_canonical_codes(a, b)[0])
    return np.array(sorted(keys), dtype=np.int64)


# -- the table ----------------------------------------------------------------------


@dataclass(eq=False)
class PreflopTable:
    """The preflop counts known so far: a kept table and the journal's newer entries.

    Attributes:
        keys: every canonical key, ascending (empty until a build or a load).
        wins: per key, the first hand's wins (-1: not computed yet).
        ties: per key, the ties.
        extra: entries of the journal and of this process, by key.
        path: the kept table's file (None when keeping is off).
        enabled: False when ``SHOWDOWN_PREFLOP_TABLE=off``: every call enumerates.
    """

    keys: npt.NDArray[np.int64]
    wins: npt.NDArray[np.int64]
    ties: npt.NDArray[np.int64]
    extra: dict[int, tuple[int, int]]
    path: Path | None
    enabled: bool = True

    @property
    def journal(self) -> Path | None:
        """The file lazily computed entries are appended to."""
        return self.path.with_suffix(".log") if self.path is not None else None

    def get(self, key: int) -> tuple[int, int] | None:
        """``(first hand's wins, ties)`` of a key, or None when not computed yet."""
        if not self.enabled:
            return None
        found = self.extra.get(key)
        if found is not None:
            return found
        keys = self.keys
        if len(keys):
            i = int(keys.searchsorted(key))
            if i < len(keys) and keys[i] == key and self.wins[i] >= 0:
                return int(self.wins[i]), int(self.ties[i])
        return None

    def filled(self) -> int:
        """How many matchups have counts."""
        count = int(np.count_nonzero(self.wins >= 0))
        if len(self.keys):
            i = np.searchsorted(self.keys, np.array(list(self.extra), dtype=np.int64))
            inside = i < len(self.keys)
            listed = np.zeros(len(i), dtype=bool)
            listed[inside] = self.keys[i[inside]] == np.array(list(self.extra))[inside]
            fresh = listed & (self.wins[np.minimum(i, len(self.keys) - 1)] < 0)
            return count + int(np.count_nonzero(fresh))
        return count + len(self.extra)

    def record(self, key: int, wins: int, ties: int) -> None:
        """Keep a computed entry: in memory, and appended to the journal."""
        if not self.enabled:
            return
        self.extra[key] = (wins, ties)
        journal = self.journal
        if journal is None:
            return
        line = f"{key} {wins} {ties} {_check_number(key, wins, ties)}\n".encode()
        try:
            journal.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError:
            return
        try:
            os.write(handle, line)  # one short write: whole lines, even side by side
        except OSError:
            pass
        finally:
            os.close(handle)


def _check_number(key: int, wins: int, ties: int) -> int:
    return (key * 1_000_003 + wins * 7_919 + ties) % 999_983


def _table_path() -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    return folder / f"preflop-holdem-{digest(_SOURCES, np.__version__, get_game('holdem'))}.npz"


def _read_journal(path: Path | None) -> dict[int, tuple[int, int]]:
    entries: dict[int, tuple[int, int]] = {}
    if path is None:
        return entries
    try:
        text = path.read_text("ascii", errors="replace")
    except OSError:
        return entries
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 4 or not all(p.isdigit() for p in parts):
            continue  # a torn or foreign line: ignored
        key, wins, ties, number = (int(p) for p in parts)
        if number == _check_number(key, wins, ties) and wins + ties <= PREFLOP_BOARDS:
            entries[key] = (wins, ties)
    return entries


def _load() -> PreflopTable:
    if os.environ.get("SHOWDOWN_PREFLOP_TABLE", "").strip().lower() in ("off", "0", "none"):
        return PreflopTable(
            np.zeros(0, dtype=np.int64),
            np.zeros(0, dtype=np.int64),
            np.zeros(0, dtype=np.int64),
            {},
            None,
            enabled=False,
        )
    path = _table_path()
    empty = np.zeros(0, dtype=np.int64)
    keys, wins, ties = empty, empty, empty
    if path is not None:
        try:
            with np.load(path, allow_pickle=False) as data:
                keys, wins, ties = data["keys"], data["wins"], data["ties"]
            if not (len(keys) == len(wins) == len(ties) == MATCHUPS):
                keys, wins, ties = empty, empty, empty
        except (OSError, ValueError, KeyError, EOFError):
            keys, wins, ties = empty, empty, empty
    table = PreflopTable(keys, wins, ties, {}, path)
    table.extra = _read_journal(table.journal)
    return table


_TABLE: PreflopTable | None = None
_LOCK = threading.Lock()


def preflop_table(*, reload: bool = False) -> PreflopTable:
    """The table of this process, loaded from the disk on first use."""
    global _TABLE
    with _LOCK:
        if _TABLE is None or reload:
            _TABLE = _load()
        return _TABLE


def _counts(wins: int, ties: int, other: int) -> list[list[int]]:
    """Both players' columns, as the core's exact kernel by board ranks counts them."""
    return [
        [wins, ties, wins * POT + ties * _HALF, 0, 0, wins * POT**2 + ties * _HALF**2],
        [other, ties, other * POT + ties * _HALF, 0, 0, other * POT**2 + ties * _HALF**2],
    ]


def preflop_counts(
    game: Game, first: Sequence[Card], second: Sequence[Card], deck_mask: int
) -> npt.NDArray[np.float64]:
    """The counts ``(2, 6)`` of an exact heads-up enumeration of every board of a
    Hold'em-like game (one high ranking with flushes, two hole cards): from the table
    when the matchup is in it (Hold'em with the whole deck), else computed by the
    compiled core (and kept in the table). Nothing is checked: the cards are two
    valid, distinct hands, and ``deck_mask`` holds neither.

    Raises:
        CoreMissingError: an entry to compute where the compiled core is not in use.
    """
    usable = game is GAMES["holdem"] and deck_mask == (1 << 52) - 1
    if usable:
        key, swapped = canonical_matchup(first, second)
        found = preflop_table().get(key)
        if found is not None:
            wins, ties = found
            other = PREFLOP_BOARDS - wins - ties
            if swapped:
                wins, other = other, wins
            return np.array(_counts(wins, ties, other), dtype=np.float64)
    tables = equity_tables(game)
    hands = [sorted(c.code for c in first), sorted(c.code for c in second)]
    counts = engine.exact_board_ranks(
        np.array([hands], dtype=np.int64),
        np.zeros(0, dtype=np.int64),
        game.full_board,
        deck_mask,
        tables.offsets,
        tables.ranks[0],
        tables.flushes[0],
    )[0]
    if usable:
        seat = 1 if swapped else 0
        preflop_table().record(key, int(counts[seat, WIN]), int(counts[seat, TIE]))
    totals: npt.NDArray[np.float64] = counts.astype(np.float64)
    return totals


# -- building and checking -----------------------------------------------------------


def _compute(keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """``(len(keys), 2)``: the first hand's wins and the ties of each key, enumerated."""
    tables = equity_tables(get_game("holdem"))
    tuples = np.array([_hands_of(key) for key in keys.tolist()], dtype=np.int64)
    counts = engine.exact_board_ranks(
        tuples,
        np.zeros(0, dtype=np.int64),
        5,
        (1 << 52) - 1,
        tables.offsets,
        tables.ranks[0],
        tables.flushes[0],
    )
    return np.stack([counts[:, 0, WIN], counts[:, 0, TIE]], axis=1)


def _save(table: PreflopTable) -> None:
    """Write the table (with the journal's entries merged) and drop the merged journal."""
    if table.path is None:
        return
    wins, ties = table.wins.copy(), table.ties.copy()
    for key, (w, t) in table.extra.items():
        i = int(table.keys.searchsorted(key))
        if i < len(table.keys) and table.keys[i] == key:
            wins[i], ties[i] = w, t
    import io

    buffer = io.BytesIO()
    np.savez(buffer, keys=table.keys, wins=wins, ties=ties)
    write_atomically(table.path, buffer.getvalue())
    table.wins, table.ties = wins, ties
    journal = table.journal
    if journal is not None:
        merged = _read_journal(journal)
        if all(table.extra.get(k) == v for k, v in merged.items()):
            journal.unlink(missing_ok=True)
    table.extra = {}


def build(
    *,
    seconds: float | None = None,
    limit: int | None = None,
    workers: int | None = None,
    log: bool = False,
) -> PreflopTable:
    """Fill the missing entries, a chunk at a time, saving as it goes; stop after
    ``seconds`` or ``limit`` entries (the next build resumes). Returns the table."""
    table = preflop_table(reload=True)
    if len(table.keys) != MATCHUPS:
        keys = _all_keys()
        if len(keys) != MATCHUPS:  # pragma: no cover - guards the canonical form
            raise AssertionError(f"{len(keys)} canonical matchups, expected {MATCHUPS}")
        table.keys = keys
        table.wins = np.full(MATCHUPS, -1, dtype=np.int64)
        table.ties = np.full(MATCHUPS, -1, dtype=np.int64)
    _save(table)
    missing = np.flatnonzero(table.wins < 0)[:limit]
    started = time.perf_counter()
    width = workers or os.cpu_count() or 1
    chunks = [missing[i : i + _CHUNK] for i in range(0, len(missing), _CHUNK)]
    done = 0
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=width) as pool:
        for start in range(0, len(chunks), width * 8):
            batch = chunks[start : start + width * 8]
            for rows, found in zip(
                batch, pool.map(lambda r: _compute(table.keys[r]), batch), strict=True
            ):
                table.wins[rows] = found[:, 0]
                table.ties[rows] = found[:, 1]
                done += len(rows)
            _save(table)
            if log:
                print(
                    f"{MATCHUPS - len(missing) + done:,} of {MATCHUPS:,} matchups "
                    f"({time.perf_counter() - started:.0f} s)",
                    file=sys.stderr,
                )
            if seconds is not None and time.perf_counter() - started > seconds:
                break
    return table


def check(
    keys: Sequence[int] | None = None,
    *,
    sample: int = 20,
    seed: int = 0,
    workers: int | None = None,
) -> list[int]:
    """The keys whose entries differ from a plain enumeration (every board dealt and
    both seven-card hands valued: :func:`showdown._kernels.engine.heads_up_boards`):
    the given keys, or a seeded sample of the filled entries. Entries not filled yet
    are computed first.

    Raises:
        CoreMissingError: the compiled core is not in use.
    """
    table = preflop_table()
    if keys is None:
        pool = table.keys[table.wins >= 0] if len(table.keys) else np.array(list(table.extra))
        if len(pool) == 0:
            pool = _all_keys()
        rng = np.random.default_rng(seed)
        keys = rng.choice(pool, size=min(sample, len(pool)), replace=False).tolist()
    game = get_game("holdem")
    tables = equity_tables(game)
    full = (1 << 52) - 1

    def plain(part: list[int]) -> npt.NDArray[np.int64]:
        tuples = np.array([_hands_of(key) for key in part], dtype=np.int64).reshape(len(part), 2, 2)
        return engine.heads_up_boards(
            tuples, full, tables.offsets, tables.ranks[0], tables.flushes[0]
        )

    wanted = []
    for key in keys:
        found = table.get(key)
        if found is None:
            a, b, c, d = matchup_cards(key)
            counts = preflop_counts(game, (a, b), (c, d), full)
            found = int(counts[0, WIN]), int(counts[0, TIE])
        wanted.append(found)
    parts = [list(keys[i : i + 16]) for i in range(0, len(keys), 16)]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool_of_threads:
        results = list(pool_of_threads.map(plain, parts))
    wrong = []
    plain_counts = np.concatenate(results) if results else np.zeros((0, 2), dtype=np.int64)
    for key, found, counted in zip(keys, wanted, plain_counts.tolist(), strict=True):
        if tuple(counted) != found:
            wrong.append(key)
    return wrong


def _hands_of(key: int) -> list[list[int]]:
    a, b, c, d = matchup_cards(key)
    return [sorted((a.code, b.code)), sorted((c.code, d.code))]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``build``, ``status`` or ``check``; returns the exit status."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m showdown.equity.preflop",
        description="The preflop table of heads-up Hold'em equity (kept with the other tables).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("build", help="compute the missing matchups (resumable)")
    making.add_argument("--seconds", type=float, default=None, help="stop after this long")
    making.add_argument("--limit", type=int, default=None, help="compute at most this many")
    making.add_argument("--workers", type=int, default=None, help="threads (default: cores)")
    commands.add_parser("status", help="where the table is and how full")
    checking = commands.add_parser("check", help="compare entries with a plain enumeration")
    checking.add_argument("--sample", type=int, default=20, help="entries to check")
    checking.add_argument("--seed", type=int, default=0)
    checking.add_argument("--all", action="store_true", help="check every filled entry")
    checking.add_argument("--workers", type=int, default=None, help="threads (default: cores)")
    args = parser.parse_args(argv)
    if args.command != "status" and engine.c_engine() is None:
        print(f"{args.command} needs the compiled core: {core.summary()}", file=sys.stderr)
        return 1
    if args.command == "build":
        table = build(seconds=args.seconds, limit=args.limit, workers=args.workers, log=True)
        print(f"{table.filled():,} of {MATCHUPS:,} matchups in {table.path or '(memory only)'}")
        return 0
    table = preflop_table()
    if args.command == "status":
        print(f"{table.filled():,} of {MATCHUPS:,} matchups in {table.path or '(memory only)'}")
        return 0
    keys = table.keys[table.wins >= 0].tolist() if args.all else None
    wrong = check(keys, sample=args.sample, seed=args.seed, workers=args.workers)
    checked = len(keys) if keys is not None else args.sample
    print(f"{checked:,} entries checked, {len(wrong)} wrong" + "".join(f"\n  {k}" for k in wrong))
    return 1 if wrong else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
