"""Adapters that run peer poker evaluators on the benchmark's shared card arrays.

Every adapter converts the shared ``(n, k)`` uint8 code array (see :mod:`benchmarks.inputs`)
into the peer's native card objects once, up front and untimed (:attr:`Adapter.prepare`),
and hands back a zero-argument runner.  The runner is what gets timed: a plain Python
loop calling the peer's fastest *public* per-hand API, returning the peer's raw results.

:attr:`Adapter.strength` turns one raw result into an int where greater means the better
hand *for that workload* (a better low is greater), so orderings can be cross-checked
between peers and against showdown without caring about each peer's conventions.

Peers are imported with :func:`importlib.import_module`, so a missing package just makes
its loader return ``None`` (and keeps mypy independent of the peers' typing).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from benchmarks.inputs import DECK_SIZE, WORKLOADS, card_str

__all__ = [
    "NO_HAND",
    "PEER_LOADERS",
    "Adapter",
    "Runner",
    "load_eval7",
    "load_peers",
    "load_phevaluator",
    "load_phevaluator_core",
    "load_pkrbot",
    "load_pokerkit",
    "load_treys",
]

CardArray = npt.NDArray[np.uint8]
Runner = Callable[[], list[Any]]
ScalarT = TypeVar("ScalarT", bound=np.generic)

# Strength given to "no hand" results (e.g. no qualifying 8-or-better low): below all.
NO_HAND = -(1 << 40)


@dataclass(frozen=True)
class Adapter:
    """One peer's evaluator for one workload."""

    peer: str
    workload: str
    api: str  # the call that is timed, for reports
    prepare: Callable[[CardArray], Runner]  # untimed conversion; returns the timed loop
    strength: Callable[[Any], int]  # raw result -> int, greater is better for the workload


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _native_table(native: list[Any]) -> npt.NDArray[np.object_]:
    """Object array mapping showdown card code -> the peer's card object."""
    table = np.empty(DECK_SIZE, dtype=np.object_)
    for code, obj in enumerate(native):
        table[code] = obj
    return table


def _as_lists(rows: CardArray, table: npt.NDArray[np.object_]) -> list[list[Any]]:
    """Rows converted to lists of native cards (one list per row)."""
    converted: list[list[Any]] = table[np.asarray(rows, dtype=np.intp)].tolist()
    return converted


def _split(
    rows: npt.NDArray[ScalarT], n_hole: int
) -> tuple[npt.NDArray[ScalarT], npt.NDArray[ScalarT]]:
    """(hole, board) column blocks of ``rows``."""
    return rows[:, :n_hole], rows[:, n_hole:]


def _negate(result: Any) -> int:
    return -int(result)


def _identity(result: Any) -> int:
    return int(result)


# --------------------------------------------------------------------------- treys


def load_treys() -> dict[str, Adapter] | None:
    """treys (pure Python Cactus-Kev variant): 5-card, 7-card and Omaha high.

    Times ``Evaluator.evaluate(hand, board)`` (``PLOEvaluator.evaluate`` for Omaha) on
    lists of treys card ints.  Lower treys ranks are stronger.
    """
    treys = _import("treys")
    if treys is None:
        return None
    table = np.array([treys.Card.new(card_str(c)) for c in range(DECK_SIZE)], dtype=np.int64)
    evaluator = treys.Evaluator()
    plo_evaluator = treys.PLOEvaluator()

    def make(workload: str, ev: Any, api: str) -> Adapter:
        n_hole = WORKLOADS[workload].n_hole

        def prepare(rows: CardArray) -> Runner:
            hole, board = _split(table[rows], n_hole)
            pairs: list[tuple[list[int], list[int]]] = list(
                zip(hole.tolist(), board.tolist(), strict=True)
            )
            evaluate = ev.evaluate

            def run() -> list[Any]:
                return [evaluate(h, b) for h, b in pairs]

            return run

        return Adapter("treys", workload, api, prepare, _negate)

    return {
        "5-card high": make("5-card high", evaluator, "Evaluator.evaluate(cards5, [])"),
        "7-card high": make("7-card high", evaluator, "Evaluator.evaluate(hole2, board5)"),
        "omaha high": make("omaha high", plo_evaluator, "PLOEvaluator.evaluate(hole4, board5)"),
    }


# --------------------------------------------------------------------- phevaluator


def _phevaluator_adapters(
    peer: str, fn5: Any, fn7: Any, fn_omaha: Any, prefix: str
) -> dict[str, Adapter]:
    """phevaluator's ids are showdown's codes, so conversion is just ``tolist()``."""

    def make(workload: str, fn: Any, board_first: bool, api: str) -> Adapter:
        n_hole = WORKLOADS[workload].n_hole

        def prepare(rows: CardArray) -> Runner:
            if board_first:  # evaluate_omaha_cards takes the 5 board cards, then 4 hole
                rows = np.concatenate([rows[:, n_hole:], rows[:, :n_hole]], axis=1)
            args: list[tuple[int, ...]] = [tuple(r) for r in rows.astype(np.int64).tolist()]

            def run() -> list[Any]:
                return [fn(*a) for a in args]

            return run

        return Adapter(peer, workload, f"{prefix}{api}", prepare, _negate)

    return {
        "5-card high": make("5-card high", fn5, False, "evaluate_5cards(*ints)"),
        "7-card high": make("7-card high", fn7, False, "evaluate_7cards(*ints)"),
        "omaha high": make("omaha high", fn_omaha, True, "evaluate_omaha_cards(*board, *hole)"),
    }


def load_phevaluator() -> dict[str, Adapter] | None:
    """phevaluator (C perfect-hash evaluator) through its public Python functions.

    The public functions run ``Card.to_id`` in Python on every argument, so they carry
    noticeable per-call overhead on top of the C core.  Lower ranks are stronger.
    """
    ev = _import("phevaluator.evaluator")
    ev_omaha = _import("phevaluator.evaluator_omaha")
    if ev is None or ev_omaha is None:
        return None
    return _phevaluator_adapters(
        "phevaluator",
        ev.evaluate_5cards,
        ev.evaluate_7cards,
        ev_omaha.evaluate_omaha_cards,
        "phevaluator.",
    )


def load_phevaluator_core() -> dict[str, Adapter] | None:
    """phevaluator's private C extension ``phevaluator._pheval`` called directly.

    Not public API (may change without notice); opt-in only, to show the C core's speed
    once the public wrappers' Python overhead is removed.
    """
    core = _import("phevaluator._pheval")
    if core is None:
        return None
    return _phevaluator_adapters(
        "phevaluator[_pheval]",
        core.evaluate_5cards,
        core.evaluate_7cards,
        core.evaluate_omaha_cards,
        "_pheval.",
    )


# --------------------------------------------------------------------------- eval7


def load_eval7() -> dict[str, Adapter] | None:
    """eval7 (Cython): 5- and 7-card high via ``eval7.evaluate(list_of_Card)``.

    eval7 has no Omaha or low evaluators.  Higher values are stronger.
    """
    eval7 = _import("eval7")
    if eval7 is None:
        return None
    table = _native_table([eval7.Card(card_str(c)) for c in range(DECK_SIZE)])
    evaluate = eval7.evaluate

    def make(workload: str) -> Adapter:
        def prepare(rows: CardArray) -> Runner:
            hands = _as_lists(rows, table)

            def run() -> list[Any]:
                return [evaluate(h) for h in hands]

            return run

        return Adapter("eval7", workload, "eval7.evaluate([Card] * k)", prepare, _identity)

    return {w: make(w) for w in ("5-card high", "7-card high")}


# -------------------------------------------------------------------------- pkrbot


def load_pkrbot() -> dict[str, Adapter] | None:
    """pkrbot (Cython, eval7-like API): 5- and 7-card high via ``pkrbot.evaluate(cards)``.

    Its documented per-hand call on a list of ``pkrbot.Card``; higher values are
    stronger. pkrbot has no Omaha or low evaluators.
    """
    pkrbot = _import("pkrbot")
    if pkrbot is None:
        return None
    table = _native_table([pkrbot.Card(card_str(c)) for c in range(DECK_SIZE)])
    evaluate = pkrbot.evaluate

    def make(workload: str) -> Adapter:
        def prepare(rows: CardArray) -> Runner:
            hands = _as_lists(rows, table)

            def run() -> list[Any]:
                return [evaluate(h) for h in hands]

            return run

        return Adapter("pkrbot", workload, "pkrbot.evaluate([Card] * k)", prepare, _identity)

    return {w: make(w) for w in ("5-card high", "7-card high")}


# ------------------------------------------------------------------------ pokerkit

# workload -> (hand class name, how it is built)
#   "ctor":      Hand(cards)                        exactly five cards, no choice to make
#   "game":      Hand.from_game(hole, board)        best hand from the cards
#   "game_none": Hand.from_game_or_none(hole, board) like "game"; None when no hand qualifies
_POKERKIT_HANDS: dict[str, tuple[str, str]] = {
    "5-card high": ("StandardHighHand", "ctor"),
    "7-card high": ("StandardHighHand", "game"),
    "omaha high": ("OmahaHoldemHand", "game"),
    "razz 7": ("RegularLowHand", "game"),
    "2-7 low 5": ("StandardLowHand", "ctor"),
    "8-or-better low 7": ("EightOrBetterLowHand", "game_none"),
    "omaha 8-or-better low": ("OmahaEightOrBetterLowHand", "game_none"),
    "badugi 4": ("BadugiHand", "game"),
}


def load_pokerkit() -> dict[str, Adapter] | None:
    """pokerkit (pure Python, lookup based): every workload, lows included.

    Times the hand classes' public constructors / ``from_game`` on tuples of pre-built
    ``pokerkit.Card``.  Results are ``Hand`` objects (or ``None``); their strength is the
    lookup entry index, inverted for low hands as pokerkit's own comparisons do.
    Hand classes missing from the installed version are skipped.
    """
    pokerkit = _import("pokerkit")
    if pokerkit is None:
        return None
    table = _native_table([next(iter(pokerkit.Card.parse(card_str(c)))) for c in range(DECK_SIZE)])

    def make(workload: str, hand_cls: Any, how: str) -> Adapter:
        n_hole = WORKLOADS[workload].n_hole
        low = bool(hand_cls.low)
        name = hand_cls.__name__

        def strength(result: Any) -> int:
            if result is None:
                return NO_HAND
            index = int(result.entry.index)
            return -index if low else index

        if how == "ctor":

            def prepare(rows: CardArray) -> Runner:
                hands = [tuple(h) for h in _as_lists(rows, table)]

                def run() -> list[Any]:
                    return [hand_cls(h) for h in hands]

                return run

            return Adapter("pokerkit", workload, f"{name}(cards)", prepare, strength)

        build = hand_cls.from_game if how == "game" else hand_cls.from_game_or_none

        def prepare_game(rows: CardArray) -> Runner:
            hole, board = _split(rows, n_hole)
            pairs = [
                (tuple(h), tuple(b))
                for h, b in zip(_as_lists(hole, table), _as_lists(board, table), strict=True)
            ]

            def run() -> list[Any]:
                return [build(h, b) for h, b in pairs]

            return run

        api = f"{name}.{'from_game' if how == 'game' else 'from_game_or_none'}(hole, board)"
        return Adapter("pokerkit", workload, api, prepare_game, strength)

    adapters: dict[str, Adapter] = {}
    for workload, (cls_name, how) in _POKERKIT_HANDS.items():
        hand_cls = getattr(pokerkit, cls_name, None)
        if hand_cls is not None:
            adapters[workload] = make(workload, hand_cls, how)
    return adapters


# ------------------------------------------------------------------------ registry

PEER_LOADERS: dict[str, Callable[[], dict[str, Adapter] | None]] = {
    "phevaluator": load_phevaluator,
    "eval7": load_eval7,
    "pkrbot": load_pkrbot,
    "treys": load_treys,
    "pokerkit": load_pokerkit,
}
PRIVATE_LOADERS: dict[str, Callable[[], dict[str, Adapter] | None]] = {
    "phevaluator[_pheval]": load_phevaluator_core,
}


def load_peers(
    names: list[str] | None = None, *, include_private: bool = False
) -> tuple[dict[str, dict[str, Adapter]], list[str]]:
    """Load the named peers (default: all public ones, plus private ones if asked).

    Returns ``(adapters_by_peer, notes)``; a peer whose package is not installed is left
    out and explained in ``notes``.
    """
    loaders = dict(PEER_LOADERS)
    if include_private:
        loaders.update(PRIVATE_LOADERS)
    if names is not None:
        everything = {**PEER_LOADERS, **PRIVATE_LOADERS}
        unknown = [n for n in names if n not in everything]
        if unknown:
            raise KeyError(f"unknown peer(s) {unknown}; known: {sorted(everything)}")
        loaders = {n: everything[n] for n in names}
    loaded: dict[str, dict[str, Adapter]] = {}
    notes: list[str] = []
    for name, loader in loaders.items():
        adapters = loader()
        if adapters is None:
            notes.append(
                f"note: peer {name!r} skipped: package not installed "
                "(pip install -r benchmarks/requirements.txt)"
            )
        else:
            loaded[name] = adapters
    return loaded, notes
