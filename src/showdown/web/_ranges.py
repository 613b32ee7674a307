"""``POST /api/range`` and ``GET /api/range-order``: the page's range editor, served.

The page keeps a range as text in the library's notation
(:mod:`showdown.ranges`); the server is its one parser and formatter. A grid
edit is sent as the range's text followed by the edited classes
(``"QQ+, AKs, 76s:0.5"``: a later token sets the weight of the combos it
shares with earlier ones, so ``"..., AKs:0"`` takes AKs out) and comes back
written canonically, with the weight of each of the 169 Hold'em classes.

The **order of the "top X%" slider** is our own: the 169 Hold'em starting
hands ranked by their all-in equity against one random hand, before the flop,
as :func:`showdown.equity.equity` samples it (:data:`ORDER_DEALS` deals per
class, seeded by the class's place in the grid, so the same order every
time). Hands of equal equity keep the grid's order. The slider's top X% is the
longest start of that order whose combos do not pass X% of the 1,326 hands.
The order is computed once on demand (a few seconds) and kept, like the
ranking tables, in the cache folder (:mod:`showdown._cache`).

>>> info = range_info("holdem", "QQ+, AKs, KK:0.5")
>>> info["text"], info["combos"], info["weight"]
('AA, KK:0.5, QQ, AKs', 22, 19.0)
>>> info["classes"][0], info["classes"][14], info["classes"][1]
(1.0, 0.5, 1.0)
>>> top_share(["AA", "KK", "AKs"], 1.0)
['AA', 'KK']
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from math import comb
from typing import Any, Final

from showdown._cache import cache_dir, digest, write_atomically
from showdown.games import get_game
from showdown.ranges import HAND_CLASSES, class_combos, class_of, format_range, read_range

__all__ = ["ORDER_DEALS", "range_info", "range_order", "top_share"]

ORDER_DEALS: Final = 100_000
"""Deals sampled per starting hand to rank it (a standard error of about 0.15%)."""
_ALL_HANDS: Final = comb(52, 2)
_SIZES: Final = {name: len(class_combos(name)) for name in HAND_CLASSES}


def range_info(game_name: str, text: str, *, deadline: float | None = None) -> dict[str, Any]:
    """A range text read and written back: canonical text, combos, class weights.

    ``classes`` (Hold'em only) is the mean weight of each class's combos, in the
    grid's order (:data:`~showdown.ranges.HAND_CLASSES`); other games get ``None``.

    Raises:
        UnknownGameError: no such game.
        RangeParseError: a token cannot be read (the message quotes it).
        BudgetError: too wide to read, or past the deadline.
    """
    game = get_game(game_name)
    if not text.strip():
        return {
            "game": game.name,
            "text": "",
            "combos": 0,
            "weight": 0.0,
            "share": 0.0,
            "classes": [0.0] * len(HAND_CLASSES) if game.name == "holdem" else None,
        }
    hand_range = read_range(text, game, deadline=deadline)
    count = hand_range.combo_count()
    every = comb(len(hand_range.deck), hand_range.size)
    classes: list[float] | None = None
    if game.name == "holdem":
        totals = dict.fromkeys(HAND_CLASSES, 0.0)
        for cards, weight in hand_range.combos():
            totals[class_of(cards)] += weight
        classes = [round(totals[name] / _SIZES[name], 6) for name in HAND_CLASSES]
    weight = hand_range.weight_total
    return {
        "game": game.name,
        "text": format_range(hand_range) if count else "",
        "combos": count,
        "weight": weight,
        "share": weight / every,
        "classes": classes,
    }


def top_share(order: Sequence[str], percent: float) -> list[str]:
    """The longest start of ``order`` whose combos do not pass ``percent`` % of 1,326.

    >>> top_share(["AA", "KK", "AKs", "QQ"], 1.3)
    ['AA', 'KK', 'AKs']

    Raises:
        KeyError: a name that is not a Hold'em class.
    """
    limit = percent / 100 * _ALL_HANDS + 1e-9
    chosen: list[str] = []
    total = 0
    for name in order:
        total += _SIZES[name]
        if total > limit:
            break
        chosen.append(name)
    return chosen


def _order_path_key() -> str:
    return digest("web/_ranges.py, equity.py, ranges.py", ORDER_DEALS)


@cache
def range_order() -> dict[str, Any]:
    """The 169 Hold'em starting hands, best first, by sampled equity against a random hand.

    Computed once per process, and kept on disk between processes.
    """
    folder = cache_dir()
    path = None if folder is None else folder / f"range-order-{_order_path_key()}.json"
    if path is not None:
        try:
            kept: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            if sorted(kept["classes"]) == sorted(HAND_CLASSES):
                return kept
        except (OSError, ValueError, KeyError, TypeError):
            pass
    from showdown.equity import equity

    values = []
    for index, name in enumerate(HAND_CLASSES):
        result = equity([name, "random"], exact=False, samples=ORDER_DEALS, seed=index, workers=1)
        values.append(result.players[0].equity)
    ranked = sorted(range(len(HAND_CLASSES)), key=lambda i: (-values[i], i))
    answer = {
        "classes": [HAND_CLASSES[i] for i in ranked],
        "equity": [values[i] for i in ranked],
        "combos": [_SIZES[HAND_CLASSES[i]] for i in ranked],
        "deals_per_hand": ORDER_DEALS,
        "method": "sampled all-in equity against one random hand, before the flop",
    }
    if path is not None:
        write_atomically(path, json.dumps(answer).encode())
    return answer
