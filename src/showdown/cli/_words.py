"""Names the CLI prints that live in the library as data, marked for the catalogues.

The library keeps these English titles as plain data (a game's ``title``, a
category's ``title``); the CLI translates them with ``gettext(title)``, so each
must be a message of the catalogue.
"""

from __future__ import annotations

from typing import Final

from showdown.i18n import N_

__all__ = ["CATEGORY_TITLES", "RANKING_TITLES", "WORDS"]

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

# The games' titles are marked once, in showdown.web.ui.GAME_TITLES (one catalogue).

WORDS: Final = (
    N_("none"),  # an empty list of cards in a message
    N_("no extension"),  # a file name without one
)
"""Single words that messages put in (:class:`showdown.errors.Term`)."""
