"""showdown: decide poker showdowns, for every common game.

Who wins, with which five cards, why (which kicker decided), and how the pot
is split.

>>> from showdown import evaluate, explain
>>> peter = evaluate("Ks 2d", "Kc Td Kh Ts 3c")
>>> paul = evaluate("3h 3d", "Kc Td Kh Ts 3c")
>>> peter.description, paul.description
('Kings full of Tens', 'Threes full of Kings')
>>> print(explain(peter, paul))
Kings full of Tens beats Threes full of Kings: the three of a kind decides: King beats Three
"""

from typing import TYPE_CHECKING

from showdown.cards import DECK, Card, CardSet, Rank, Suit, format_cards, parse_card, parse_cards
from showdown.errors import (
    CardCountError,
    CardParseError,
    DuplicateCardError,
    InvalidArrayError,
    RangeParseError,
    ShowdownError,
    StakeError,
    UnknownGameError,
    UnknownRankingError,
)
from showdown.evaluation import HandValue, evaluate
from showdown.explanation import Explanation, describe, explain
from showdown.rules import RANKINGS, Category, RuleSet, get_ranking
from showdown.tables import get_table

if TYPE_CHECKING:
    from showdown.batch import best_cards_many, evaluate_many, strength, strength7
    from showdown.equity import EquityMatrix, EquityResult, PlayerEquity, equity, equity_matrix
    from showdown.ranges import Range, format_range, parse_range

__version__ = "0.1.0"

_LAZY = {
    "best_cards_many": "showdown.batch",
    "evaluate_many": "showdown.batch",
    "strength": "showdown.batch",
    "strength7": "showdown.batch",
    "EquityMatrix": "showdown.equity",
    "EquityResult": "showdown.equity",
    "PlayerEquity": "showdown.equity",
    "equity": "showdown.equity",
    "equity_matrix": "showdown.equity",
    "Range": "showdown.ranges",
    "format_range": "showdown.ranges",
    "parse_range": "showdown.ranges",
}
"""Names loaded on first use (numpy and the equity engine are not needed to value a hand)."""


def __getattr__(name: str) -> object:
    """Load the batch, equity and range APIs on first use, keeping ``import showdown`` light."""
    module = _LAZY.get(name)
    if module is not None:
        from importlib import import_module

        value = getattr(import_module(module), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'showdown' has no attribute {name!r}")


__all__ = [
    "DECK",
    "RANKINGS",
    "Card",
    "CardCountError",
    "CardParseError",
    "CardSet",
    "Category",
    "DuplicateCardError",
    "EquityMatrix",
    "EquityResult",
    "Explanation",
    "HandValue",
    "InvalidArrayError",
    "PlayerEquity",
    "Range",
    "RangeParseError",
    "Rank",
    "RuleSet",
    "ShowdownError",
    "StakeError",
    "Suit",
    "UnknownGameError",
    "UnknownRankingError",
    "__version__",
    "best_cards_many",
    "describe",
    "equity",
    "equity_matrix",
    "evaluate",
    "evaluate_many",
    "explain",
    "format_cards",
    "format_range",
    "get_ranking",
    "get_table",
    "parse_card",
    "parse_cards",
    "parse_range",
    "strength",
    "strength7",
]
