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
    # The second edition: money, the history box, the explanation drawn, cards spoken.
    N_("Boards"),
    N_("Rake"),
    N_("rake"),
    N_("Dead"),
    N_("Fold"),
    N_("Muck"),
    N_("Button"),
    N_("Undo"),
    N_("Reset this situation"),
    N_("Done"),
    N_("Load"),
    N_("Paste a hand history"),
    N_(
        "A hand history of any room showdown reads (text or XML), or PHH: the showdown "
        "comes to the table, with the audit of what the room paid."
    ),
    N_(
        "Stakes: leave them all blank to share one pot; once any is given, "
        "a blank stake is nothing put in."
    ),
    N_(
        "Click a slot, then a card of the deck: it takes the slot's place. Click the chosen "
        "card again, or press Backspace, to take it back. Type a card (Qh, 10h) into a slot."
    ),
    N_("Main pot"),
    N_("Side pot"),
    N_("Returned bet"),
    N_("Bet returned"),
    N_("Eligible"),
    N_("Wins"),
    N_("Split"),
    N_("Fix the marked amounts to decide the pot."),
    N_("Not an amount: give a number such as 50 or 0.25."),
    N_("Not below zero: an amount is 0 or more."),
    N_("put in nothing: cannot win a pot"),
    N_("folded: cannot win a pot"),
    N_("mucked: conceded the pot"),
    N_("{name} ({hand}) put in nothing, so cannot win a pot."),
    N_("{name} folded: cannot win a pot."),
    N_("{name} mucked: conceded the pot."),
    N_("{better} beats {worse}"),
    N_("{cards} do not play"),
    N_("{rank} of {suit}"),
    N_("and"),
    N_("decides"),
    N_("empty slot"),
    N_("Audit"),
    N_("Hands read"),
    N_("Skipped"),
    N_("Paid by the room"),
    N_("By the rules"),
    N_("The room paid what the rules pay."),
    N_("The room paid differently from the rules."),
    N_("Not supported here."),
    N_("This hand could not be read."),
    N_("No hand of this history reached a showdown that can be shown."),
    N_("The server does not answer: start it with 'showdown serve' and reload the page."),
    N_("agree"),
    N_("disagree"),
    N_("unsupported"),
    N_("error"),
    N_("no showdown"),
    N_("not a history"),
    N_("cut off"),
    N_("does not add up"),
    N_("unreadable"),
    N_("1st"),
    N_("2nd"),
    N_("3rd"),
    N_("4th"),
    N_("5th"),
    N_("6th"),
    N_("7th"),
    N_("8th"),
    N_("9th"),
    N_("10th"),
    N_("Ace"),
    N_("King"),
    N_("Queen"),
    N_("Jack"),
    N_("Ten"),
    N_("Nine"),
    N_("Eight"),
    N_("Seven"),
    N_("Six"),
    N_("Five"),
    N_("Four"),
    N_("Three"),
    N_("Two"),
    N_("spades"),
    N_("hearts"),
    N_("diamonds"),
    N_("clubs"),
    N_("example"),
    N_("Poker hands"),
    N_("The kicker"),
    N_("Lowball and Badugi"),
    N_("Ties in five-card poker"),
    N_("Exercise 9 (five players)"),
    N_("Pair: the second kicker decides"),
    N_("Two pair: the board's ace beats the pocket queen"),
    N_("Two pair: variant with the king of hearts"),
    N_("Three of a kind: two extra cards needed"),
    N_("Four of a kind: one kicker left"),
    N_("A straight has no sixth card"),
    N_("A flush is compared on all five ranks"),
    N_("High card and flush: all five from the top"),
    N_("One pair: the pair, then three kickers"),
    N_("Two pair: grouped lists K 4 A against Q J K"),
    N_("Full house: the triple decides"),
    N_("Why suits do not count"),
    N_("The ace-low straight"),
    N_("6-4 low beats 6-5 low (ace to five)"),
    N_("7-5-4-3-2 beats 7-6-5-3-2 (deuce to seven)"),
    N_("Razz: no qualifier, a 9-low still wins"),
    N_("A pair of fours counts one four (4-2-A); two hearts count one heart (3-2-A)"),
    N_("Two pairs leave 5-A; three hearts leave 2-A"),
    N_("Four aces count as one card; four clubs count as the lowest"),
    N_("Omaha Hi/Lo: high and low halves"),
    N_("Stud Hi/Lo: no qualifying low, high scoops"),
    # Ranges on the page (issue 14): the grid, the text, the top-X% slider, equity.
    N_("Ranges"),
    N_(
        "Each player holds a hand (AhKh) or a range (QQ+, AKs, 76s:0.5): equity against "
        "the others, for the game chosen above."
    ),
    N_("Add range"),
    N_("Remove range"),
    N_("Dead cards"),
    N_("Omaha ranges are text: AAxx (at least two aces), AKds (double-suited), KQJT, random."),
    N_("Weight"),
    N_("Top hands"),
    N_("Starting hands"),
    N_(
        "Click or drag over the grid to add hands with the chosen weight (Shift: half of it); "
        "on a hand that has that weight already, to take them out. Arrow keys move, Enter or "
        "Space toggles."
    ),
    N_(
        "Top hands: the 169 starting hands ranked by their equity all-in before the flop "
        "against one random hand (sampled by this program, 100,000 deals each); a share "
        "(say 10%) is the longest start of that order whose combos stay within that share "
        "of the 1,326."
    ),
    N_("Edit on the grid"),
    N_("Range"),
    N_("combos"),
    N_("not in the range"),
    N_("in the range: the filled part is the weight"),
    N_("part of the hand's combos"),
    N_("number: the hand's equity against the others"),
    N_("Ranking the 169 hands…"),
    N_("Computing…"),
    N_("Give every player a hand or a range."),
    N_("Scoop"),
    N_("scoop"),
    N_("part of the pot"),
    N_("the share of each half"),
    N_("{card} does not play: it pairs {other}"),
    N_("{card} does not play: same suit as {other}"),
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
