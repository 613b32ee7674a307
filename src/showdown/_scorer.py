"""The compiled per-call entries: one hand's strength in one C call, over our own tables.

``showdown._ceval`` is a small C extension built from ``_ceval.c`` by the
normal install wherever a C compiler is present (``setup.py``). It holds no
table and knows no rule: an entry made by :func:`entry` calls its loader once,
on its first call, and the loader returns the tables that
:mod:`showdown._kernels.tables` derives from the rule tables (the same ones
the C equity engine reads) together with the entry's shape (how many codes it
takes, its deck, Omaha's two-plus-three). The C code then only adds the
cards' rank keys, masks their suits and looks the result up. The same entry
values a hand per call, an array of hands (``_ceval.rows``, behind
:func:`showdown.batch.evaluate_many`) and gives the cards that play
(``_ceval.best_rows``, ``_ceval.best``).

The C path answers a list or tuple of plain ints that is valid for the
entry; anything else goes to the entry's Python ``delegate``, which raises
showdown's own errors with their usual messages, or values a valid input
of another type (NumPy integers, any iterable). :func:`ranking_entry` and
:func:`game_entry` keep one entry per ranking and per game, whose delegate
checks the codes (:func:`ranking_row`, :func:`game_row`): the per-call path
(:mod:`showdown._fast`), :func:`showdown.batch.scorer` and the batch functions
share them.

Without the extension (no compiler at install time), or with
``SHOWDOWN_ENGINE=readable`` in the environment (:mod:`showdown.core`),
:func:`extension` is None, so are the entries, and the callers take the
readable reference.

>>> from showdown.rules import get_ranking
>>> config = ranking_loader(get_ranking("razz"), sizes=(7,))()
>>> config[:4] == (False, 0, 1 << 7, (1 << 52) - 1)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from types import ModuleType
from typing import Any, Final, Protocol, TypeAlias

from showdown import core
from showdown.cards import Card
from showdown.errors import CardCountError, CardParseError, DuplicateCardError
from showdown.rules import Formation, RuleSet

__all__ = [
    "MAX_CODES",
    "OMAHA_HASHED",
    "OMAHA_LOW_MASK",
    "OMAHA_PAIR_TRIPLE",
    "PAIRS",
    "TRIPLES",
    "Config",
    "GameShape",
    "dispatcher",
    "entry",
    "extension",
    "game_entry",
    "game_loader",
    "game_row",
    "omaha_boards",
    "omaha_low_pairs",
    "omaha_pair_triple",
    "ranking_entry",
    "ranking_loader",
    "ranking_row",
]

MAX_CODES: Final = 52
"""The most codes a ranking's entry takes: a whole deck (an Omaha game's, at most 16)."""


class GameShape(Protocol):
    """What the core's entries read of a game (:class:`showdown.games.Game` has it all):
    the shape and card counts only, so the core knows no game registry."""

    @property
    def name(self) -> str: ...
    @property
    def hole_cards(self) -> int: ...
    @property
    def hole_used(self) -> int | None: ...
    @property
    def rankings(self) -> tuple[RuleSet, ...]: ...
    @property
    def hand_boards(self) -> tuple[int, ...]: ...
    @property
    def shape(self) -> str: ...


Config: TypeAlias = tuple[Any, ...]
"""What a loader returns, in the order ``_ceval.c`` reads it (see its header)."""


def extension() -> ModuleType | None:
    """The C extension, or None where it was not built or ``SHOWDOWN_ENGINE=readable``."""
    return core.extension("_ceval")


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


def dispatcher(
    name: str,
    signature: str,
    doc: str,
    resolve: Callable[[Any, Any], Callable[[Any], Any]],
    fallback: Callable[..., Any],
) -> Callable[..., Any] | None:
    """A builtin ``name(codes, *, ranking=None, game=None)`` of :mod:`showdown.batch`, or
    None without the extension: the entry ``resolve(ranking, game)`` gave for the same
    argument (kept after its first use), called on ``codes``; ``fallback`` takes every
    other call. ``signature`` and ``doc`` make its ``__text_signature__`` and docstring."""
    module = extension()
    if module is None:
        return None
    function: Callable[..., Any] = module.dispatcher(
        name, "showdown.batch", f"{name}({signature})\n--\n\n{doc}", resolve, fallback
    )
    return function


_ENTRIES: Final[dict[RuleSet | GameShape, Callable[[Any], Any]]] = {}
"""The entries made so far, by ranking and by game: one per process."""


def ranking_entry(rules: RuleSet) -> Callable[[Sequence[int]], int] | None:
    """The entry of a ranking (one int per hand; the codes checked by :func:`ranking_row`),
    or None without the extension. The same function for the same ranking."""
    if extension() is None:
        return None
    found = _ENTRIES.get(rules)
    if found is None:
        doc = f"The {rules.name} strength of one hand of card codes (see showdown.batch.scorer)."
        loader = ranking_loader(rules)
        found = _checked_entry(
            f"score_{rules.name}", doc, loader, lambda codes: ranking_row(codes, rules)
        )
        _ENTRIES[rules] = found
    return found


def game_entry(game: GameShape) -> Callable[[Sequence[int]], tuple[int, ...]] | None:
    """The entry of a game (one int per ranking, hole cards then board; the codes checked
    by :func:`game_row`), or None without the extension or for a shape it does not take
    (an Omaha rule other than two hole cards and three of the board)."""
    if extension() is None:
        return None
    found = _ENTRIES.get(game)
    if found is None:
        try:
            loader = game_loader(game)
        except ValueError:
            return None
        doc = f"The {game.name} strengths of hole cards then board (see showdown.batch.scorer)."
        found = _checked_entry(
            f"score_{game.name}", doc, loader, lambda codes: game_row(codes, game)
        )
        _ENTRIES[game] = found
    return found


def _checked_entry(
    name: str, doc: str, loader: Callable[[], Config], check: Callable[[Any], list[int]]
) -> Callable[[Any], Any]:
    """An entry whose delegate sends what its C path does not take to ``check``, which
    raises showdown's error or returns the codes as a clean list of ints, which the
    entry then values."""
    bound: list[Callable[[Any], Any]] = []

    def delegate(codes: Any) -> Any:
        return bound[0](check(codes))

    made = entry(name, doc, loader, delegate)
    if made is None:  # pragma: no cover - the callers asked extension() first
        raise RuntimeError("the compiled core is not built")
    bound.append(made)
    return made


def ranking_row(codes: Sequence[int], rules: RuleSet) -> list[int]:
    """The codes checked for a ranking: a list of ints of its deck, none twice, a right count.

    >>> from showdown.rules import get_ranking
    >>> ranking_row((51, 47, 43, 39, 35), get_ranking("high"))
    [51, 47, 43, 39, 35]

    Raises:
        CardParseError: a code that is not an int of 0..51 or not of the deck.
        DuplicateCardError: a code given twice.
        CardCountError: not a sequence, or too few or too many codes.
    """
    from showdown._kernels.tables import deck_mask

    row = checked_codes(codes, deck_mask((rules,)))
    sizes = ranking_sizes(rules)
    if len(row) not in sizes:
        wanted = f"exactly {sizes[0]}" if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
        raise CardCountError(f"{rules.name} takes {wanted} card codes, got {len(row)}: {row}")
    return row


def game_row(codes: Sequence[int], game: GameShape) -> list[int]:
    """The codes checked for a game: hole cards then a board it values, of its deck.

    Raises:
        CardParseError, DuplicateCardError, CardCountError: as :func:`ranking_row`.
    """
    from showdown._kernels.tables import deck_mask

    row = checked_codes(codes, deck_mask(game.rankings))
    sizes = game_sizes(game)
    if len(row) not in sizes:
        wanted = " or ".join(str(size) for size in sizes)
        raise CardCountError(f"{game.name} needs {wanted} card codes, got {len(row)}: {row}")
    return row


def checked_codes(codes: Sequence[int], allowed: int) -> list[int]:
    """The codes as a list of ints, each a code of the deck ``allowed``, none twice."""
    import numpy as np

    if isinstance(codes, str | bytes) or not isinstance(codes, Iterable):
        raise CardCountError(f"expected a sequence of card codes, got {codes!r}")
    row: list[int] = []
    seen = 0
    for code in codes:
        if isinstance(code, bool) or not isinstance(code, int | np.integer) or not 0 <= code < 52:
            raise CardParseError(f"{code!r} is not a card code: codes are 0..51")
        value = int(code)
        if not (allowed >> value) & 1:
            raise CardParseError(f"{Card.from_code(value)} (code {value}) is not in the deck")
        if (seen >> value) & 1:
            raise DuplicateCardError(f"card code {value} is given twice in {list(codes)!r}")
        seen |= 1 << value
        row.append(value)
    return row


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
        lows_by_mask(rules),
        sevens,
    )


def _qualified_low(rules: RuleSet) -> bool:
    """A low with a qualifier and no flush: only the hand's different ranks decide it."""
    return (
        rules.qualifier is not None
        and not rules.flushes
        and rules.formation is not Formation.DISTINCT_RANKS_AND_SUITS
    )


@cache
def lows_by_mask(rules: RuleSet) -> Any:
    """A qualified low's strength of a hand of any size by the 13-bit mask of its ranks: the
    best of its five different qualifying ranks (0: none), as bytes; empty for another
    ranking, or where a strength would not fit in a byte. 8 KB, where the perfect hash
    of :func:`~showdown._kernels.tables.kernel_tables` reads two tables of 256 KB."""
    import numpy as np

    if not _qualified_low(rules):
        return np.zeros(0, np.uint8)
    return _extra_tables(rules)["by_mask"]


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
    return _extra_tables(rules)["pair_triple"]


@cache
def omaha_boards(rules: RuleSet, size: int) -> Any:
    """A ranking's best five without a flush of exactly two hole ranks and three of a
    board of ``size`` (4 or 5) ranks, by multiset: ``table[board * PAIRS + pair]``
    (:func:`_multiset_index` of the board's ranks and of the pair's), the best of
    :func:`omaha_pair_triple` over the board's triples. A hand is then one row of
    91 values (three cache lines) and one load per hole pair; 1.1 MB for a river."""
    return _extra_tables(rules)[f"board{size}"]


@cache
def omaha_low_pairs(rules: RuleSet) -> Any:
    """A low ranking's best low of two of the hole's ranks and three of the board's, by
    the masks of the hole's and of the board's distinct low ranks, each compressed to
    the ``k`` ranks of ``low_ranks`` (bit ``i``: its ``i``-th lowest one):
    ``table[hole << k | board]``, ``4 ** k`` bytes (64 KB for A-8; empty where a
    strength would not fit in a byte: the C entry then tries each mask of five)."""
    return _extra_tables(rules)["low_pairs"]


def _extra_tables(rules: RuleSet) -> dict[str, Any]:
    """The C entry's own tables of one ranking (Omaha's by board, a qualified low's by rank
    mask), built once from the kernel tables and kept on disk."""
    from showdown._kernels.store import cached_arrays, rules_digest

    low = _qualified_low(rules)
    key = rules_digest("_scorer.py", rules)
    build = (lambda: _build_lows(rules)) if low else (lambda: _build_boards(rules))
    return cached_arrays(f"entry-{rules.name}", key, build)


def _multiset_ranks(size: int) -> Any:
    """Every multiset of ``size`` ranks, ascending in each row, row ``i`` of index ``i``."""
    import numpy as np

    out = np.zeros((math.comb(12 + size, size), size), np.int64)
    for ranks in combinations_with_replacement(range(13), size):
        out[_multiset_index(ranks)] = ranks
    return out


def _build_boards(rules: RuleSet) -> dict[str, Any]:
    import numpy as np

    from showdown._kernels.tables import FIVE_KEYS, omaha_tables

    fives = omaha_tables(rules).fives

    def counts(size: int) -> Any:
        """Per multiset of ``size`` ranks, by index, how many of each rank."""
        ranks = _multiset_ranks(size)
        out = np.zeros((len(ranks), 13), np.int64)
        for column in ranks.T:
            out[np.arange(len(ranks)), column] += 1
        return out

    both = counts(3)[:, None, :] + counts(2)[None, :, :]
    keys = np.minimum(both @ np.array(FIVE_KEYS, np.int64), len(fives) - 1)
    pair_triple = np.where(both.max(axis=2) <= 4, fives[keys], 0).astype(np.uint16)
    arrays = {"pair_triple": pair_triple.ravel()}
    binomial = np.array([[math.comb(r + i, i + 1) for r in range(13)] for i in range(3)])
    for size in (4, 5):
        boards = _multiset_ranks(size)
        triples = np.array(
            [
                binomial[0, boards[:, a]] + binomial[1, boards[:, b]] + binomial[2, boards[:, c]]
                for a, b, c in combinations(range(size), 3)
            ]
        )  # (triples of the board, boards): each triple's multiset index
        arrays[f"board{size}"] = pair_triple[triples].max(axis=0).ravel()
    return arrays


def _build_lows(rules: RuleSet) -> dict[str, Any]:
    import numpy as np

    from showdown._kernels.tables import omaha_tables

    low = omaha_tables(rules)
    ranks = [rank for rank in range(13) if (low.low_ranks >> rank) & 1]
    k = len(ranks)
    table = np.zeros((1 << k, 1 << k), np.uint16)
    for five in combinations(range(k), 5):
        value = low.lows[sum(1 << ranks[i] for i in five)]
        for two in combinations(five, 2):
            table[sum(1 << i for i in two), sum(1 << i for i in five if i not in two)] = value
    everything = np.arange(1 << k)
    for bit in range(k):  # every superset of a pair and a triple holds their low
        without = everything[(everything >> bit) & 1 == 0]
        table[without | (1 << bit)] = np.maximum(table[without | (1 << bit)], table[without])
        table[:, without | (1 << bit)] = np.maximum(
            table[:, without | (1 << bit)], table[:, without]
        )
    pairs = table.ravel().astype(np.uint8) if table.max() < 256 else np.zeros(0, np.uint8)
    masks = np.arange(1 << 13)
    of_five = np.array([mask.bit_count() == 5 for mask in range(1 << 13)])
    by_mask = np.where(of_five, low.lows, 0)
    for bit in range(13):  # every superset of five ranks holds their low
        without = masks[(masks >> bit) & 1 == 0]
        by_mask[without | (1 << bit)] = np.maximum(by_mask[without | (1 << bit)], by_mask[without])
    by_mask = by_mask.astype(np.uint8) if by_mask.max() < 256 else np.zeros(0, np.uint8)
    return {
        "low_pairs": pairs,
        "by_mask": by_mask,
        "lows": low.lows,
        "low_ranks": np.array([low.low_ranks]),
    }


def _omaha_ranking(rules: RuleSet) -> tuple[Any, ...]:
    """How the C entry values one Omaha ranking: ``(mode, table, low ranks, boards of
    four, boards of five, low pairs)`` (empty arrays where the mode has none)."""
    import numpy as np

    empty, no_bytes = np.zeros(0, np.uint16), np.zeros(0, np.uint8)
    plain = rules.qualifier is None and rules.formation is not Formation.DISTINCT_RANKS_AND_SUITS
    if plain and not (rules.flushes and rules.lower_wins):  # a flush is never worse
        boards = (omaha_boards(rules, 4), omaha_boards(rules, 5))
        return (OMAHA_PAIR_TRIPLE, omaha_pair_triple(rules), 0, *boards, no_bytes)
    if _qualified_low(rules):
        arrays = _extra_tables(rules)
        low_ranks = int(arrays["low_ranks"][0])
        return (OMAHA_LOW_MASK, arrays["lows"], low_ranks, empty, empty, arrays["low_pairs"])
    return (OMAHA_HASHED, empty, 0, empty, empty, no_bytes)


def _config(
    rankings: Sequence[RuleSet], sizes: Iterable[int], *, tuple_out: bool, omaha_hole: int
) -> Config:
    import numpy as np

    from showdown._kernels.tables import (
        HASH_SHIFT,
        HASH_SIZE,
        RANK_KEYS,
        SEVEN_ROW_BITS,
        SEVEN_SIZE,
        deck_mask,
        layout,
        seven_layout,
    )

    shared, seven = layout(), seven_layout()
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
        np.ascontiguousarray(seven.offsets, np.uint16),
        seven.multiplier,
        SEVEN_ROW_BITS,
        SEVEN_SIZE,
    )


def ranking_sizes(rules: RuleSet) -> tuple[int, ...]:
    """How many codes a ranking's entry takes: Badugi exactly four, else five to 52."""
    if rules.formation is Formation.DISTINCT_RANKS_AND_SUITS:
        return (rules.hand_size,)
    return tuple(range(rules.hand_size, MAX_CODES + 1))


def ranking_loader(rules: RuleSet, sizes: Iterable[int] | None = None) -> Callable[[], Config]:
    """The loader of a ranking's entry (an int per hand), ``sizes`` codes per hand."""
    wanted = tuple(ranking_sizes(rules) if sizes is None else sizes)
    return lambda: _config((rules,), wanted, tuple_out=False, omaha_hole=0)


def game_sizes(game: GameShape) -> tuple[int, ...]:
    """How many codes a game's entry takes: the hole cards plus each board it values."""
    return tuple(game.hole_cards + board for board in (game.hand_boards or (0,)))


def game_loader(game: GameShape) -> Callable[[], Config]:
    """The loader of a game's entry (a tuple per hand, one value per ranking)."""
    omaha = game.shape == "omaha"
    if omaha and (game.hole_used != 2 or any(rules.hand_size != 5 for rules in game.rankings)):
        raise ValueError(f"{game.name}: the C entry plays exactly two hole cards with three")
    return lambda: _config(
        game.rankings,
        game_sizes(game),
        tuple_out=True,
        omaha_hole=game.hole_cards if omaha else 0,
    )
