"""Names the CLI prints that live in the library as data, marked for the catalogues.

The library keeps these English titles as plain data (a game's ``title``, a
category's ``title``); the CLI translates them with ``gettext(title)``, so each
must be a message of the catalogue.
"""

from __future__ import annotations

from typing import Final

from showdown.i18n import N_

__all__ = ["CATEGORY_TITLES", "GAME_TITLES", "RANKING_TITLES", "WORDS"]

CATEGORY_TITLES: Final = (
    N_("High card"),
    N_("One pair"),
    N_("Two pair"),
    N_("Three of a kind"),
    N_("Straight"),
    N_("Flush"),
    N_("Full house"),
    N_("Four of a kind"),
    N_("Straight flush"),
    N_("One card"),
    N_("Two card"),
    N_("Three card"),
    N_("Badugi"),
)
"""Every :attr:`showdown.rules.Category.title`."""

RANKING_TITLES: Final = (
    N_("High (standard poker ranking)"),
    N_("Ace-to-Five low (Razz, California)"),
    N_("Ace-to-Five low, eight or better"),
    N_("Deuce-to-Seven low (Kansas City)"),
    N_("Short deck (6-plus) high, straight above three of a kind"),
    N_("6+ high, three of a kind above a straight"),
)
"""Every :attr:`showdown.rules.RuleSet.title` (Badugi's is a category title too)."""

GAME_TITLES: Final = (
    N_("Texas Hold'em"),
    N_("Omaha"),
    N_("Five Card Omaha"),
    N_("Six Card Omaha"),
    N_("Omaha Hi/Lo (eight or better)"),
    N_("Five Card Omaha Hi/Lo"),
    N_("Six Card Omaha Hi/Lo"),
    N_("Courchevel"),
    N_("Courchevel Hi/Lo"),
    N_("Irish"),
    N_("Five Card Stud"),
    N_("Seven Card Stud"),
    N_("Seven Card Stud Hi/Lo (eight or better)"),
    N_("Razz"),
    N_("Five Card Draw"),
    N_("2-7 Single / Triple Draw"),
    N_("California lowball (A-5 draw)"),
    N_("Short-deck Hold'em (straight beats three of a kind)"),
    N_("6+ Hold'em (three of a kind beats a straight)"),
)
"""Every :attr:`showdown.games.Game.title` (Badugi's is a category title too)."""

WORDS: Final = (
    N_("none"),  # an empty list of cards in a message
    N_("no extension"),  # a file name without one
)
"""Single words that messages put in (:class:`showdown.errors.Term`)."""
