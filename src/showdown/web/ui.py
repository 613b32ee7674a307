"""The words of the web page, as messages of the gettext catalogs.

The page asks ``GET /api/messages?lang=ru`` for these, keyed by their English
text, so its three languages live in the same catalogs as the library's.
"""

from __future__ import annotations

from typing import Final

from showdown.games import GAMES
from showdown.i18n import LANGUAGE_NAMES, N_, get_language

__all__ = ["GAME_TITLES", "PAGE_MESSAGES", "page_messages"]

PAGE_MESSAGES: Final = (
    N_("Showdown explorer"),
    N_("Who wins, with which five cards, and why."),
    N_("Game"),
    N_("Language"),
    N_("Board"),
    N_("Player"),
    N_("Add player"),
    N_("Remove player"),
    N_("Clear"),
    N_("Deal at random"),
    N_("Stake"),
    N_("Click a slot, then a card of the deck. Click a dealt card to take it back."),
    N_("Deck"),
    N_("Result"),
    N_("Winner"),
    N_("Winners"),
    N_("Split pot"),
    N_("Share"),
    N_("Payout"),
    N_("High"),
    N_("Low"),
    N_("No qualifying low"),
    N_("Deal every card to decide the pot."),
    N_("Deal at least two players a full hand."),
    N_("Cards that play are raised; cards that do not play are dimmed."),
    N_("Worked situations"),
    N_("From the rule documents: load one, change a card, watch which five play."),
    N_("High card"),
    N_("One pair"),
    N_("Two pair"),
    N_("Three of a kind"),
    N_("Straight"),
    N_("Flush"),
    N_("Full house"),
    N_("Four of a kind"),
    N_("Straight flush"),
    N_("Exercise"),
    N_("Kicker"),
    N_("Ties"),
    N_("Lowball"),
    N_("Badugi"),
    N_("Hi/Lo"),
    N_("More"),
    N_("Equity"),
    N_("win"),
    N_("tie"),
    N_("exact"),
    N_("sampled"),
    N_("Starting hands against the other players"),
    N_("Error"),
    N_("API schema"),
)
"""Every text of the page, in English."""

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
    N_("Badugi"),
    N_("Short-deck Hold'em (straight beats three of a kind)"),
    N_("6+ Hold'em (three of a kind beats a straight)"),
)
"""The title of every game of the registry, for translation."""


def game_title(name: str, lang: str) -> str:
    """A game's title in a language."""
    return get_language(lang).gettext(GAMES[name].title)


def page_messages(lang: str) -> dict[str, str]:
    """Every text of the page, English text -> text in ``lang``.

    >>> page_messages("ru")["Board"]
    'Стол'

    Raises:
        UnknownLanguageError: not a supported language.
    """
    t = get_language(lang)
    words = {message: t.gettext(message) for message in PAGE_MESSAGES}
    words.update({title: t.gettext(title) for title in GAME_TITLES})
    words.update({f"lang:{code}": name for code, name in LANGUAGE_NAMES.items()})
    return words
