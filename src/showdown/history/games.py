"""The one table from the games' names card rooms write to showdown's game ids.

Rooms name a game in their own words (``Hold'em No Limit``, ``PLO-5``,
``7 Card Stud Hi/Lo``, ``Limit 2-7 Triple Draw``). The table below is read in
order and the first entry whose words all occur wins, so the more specific
names come first (``5 Card Omaha Hi/Lo`` before ``Omaha Hi/Lo`` before
``Omaha``). A mixed-game header (``HORSE (Razz Limit, ...)``) names the game
being dealt in parentheses; that name is tried first. A PokerStars Home Game
header names its club in braces (``{Omaha Lovers} Hold'em No Limit``): free
text, never read for the game.

>>> game_id("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)")
('omaha_hilo', 'Omaha Hi/Lo')
>>> game_id("PokerStars Hand #2: HORSE (Razz Limit, $2/$4 USD)")
('razz', 'Razz')
>>> limit_name("Full Tilt Poker Game #3: Table T - FL Badugi - $0.10/$0.20")
'Limit'
>>> game_id("PokerStars Home Game Hand #4: {Stud Nite} Hold'em No Limit (250/500)")
('holdem', "Hold'em")
"""

from __future__ import annotations

import functools
import re
from typing import Final

from showdown.errors import UnknownGameError
from showdown.games import get_game

__all__ = ["SITE_GAMES", "game_id", "is_supported", "limit_name", "without_club"]

SITE_GAMES: Final[tuple[tuple[tuple[str, ...], str, str], ...]] = (
    # (words that must all occur, lower case), showdown game id, a display name
    # games showdown does not deal, named first so that a word inside them ("razz",
    # "2-7") does not pass them for another game (KingsClub deals them)
    (("2-7 razz",), "deuce_to_seven_razz", "2-7 Razz"),
    (("drawmaha",), "drawmaha", "Drawmaha"),
    (("badeucey",), "badeucey", "Badeucey"),
    (("badacey",), "badacey", "Badacey"),
    (("courchevel", "hi/lo"), "courchevel_hilo", "Courchevel Hi/Lo"),
    (("courchevel",), "courchevel", "Courchevel"),
    (("5 card omaha", "hi/lo"), "omaha5_hilo", "5 Card Omaha Hi/Lo"),
    (("5-card omaha", "hi/lo"), "omaha5_hilo", "5 Card Omaha Hi/Lo"),
    (("5 card omaha", "hi-lo"), "omaha5_hilo", "5 Card Omaha Hi/Lo"),
    (("5-card omaha", "hi-lo"), "omaha5_hilo", "5 Card Omaha Hi/Lo"),
    (("plo-5", "hi/lo"), "omaha5_hilo", "5 Card Omaha Hi/Lo"),
    (("omaha5", "hi/lo"), "omaha5_hilo", "5 Card Omaha Hi/Lo"),
    (("6 card omaha", "hi/lo"), "omaha6_hilo", "6 Card Omaha Hi/Lo"),
    (("6-card omaha", "hi/lo"), "omaha6_hilo", "6 Card Omaha Hi/Lo"),
    (("plo-6", "hi/lo"), "omaha6_hilo", "6 Card Omaha Hi/Lo"),
    (("omaha6", "hi/lo"), "omaha6_hilo", "6 Card Omaha Hi/Lo"),
    (("5 card omaha",), "omaha5", "5 Card Omaha"),
    (("5-card omaha",), "omaha5", "5 Card Omaha"),
    (("plo-5",), "omaha5", "5 Card Omaha"),
    (("plo5",), "omaha5", "5 Card Omaha"),
    # GGPoker's tournament headers write the game as "Omaha5 Pot Limit"
    (("omaha5",), "omaha5", "5 Card Omaha"),
    (("6 card omaha",), "omaha6", "6 Card Omaha"),
    (("6-card omaha",), "omaha6", "6 Card Omaha"),
    (("plo-6",), "omaha6", "6 Card Omaha"),
    (("plo6",), "omaha6", "6 Card Omaha"),
    # by analogy with GGPoker's "Omaha5 Pot Limit" (no six-card tournament hand seen yet)
    (("omaha6",), "omaha6", "6 Card Omaha"),
    (("omaha", "hi/lo"), "omaha_hilo", "Omaha Hi/Lo"),
    (("omaha", "h/l"), "omaha_hilo", "Omaha Hi/Lo"),
    (("omaha", "hi-lo"), "omaha_hilo", "Omaha Hi/Lo"),
    (("plo-8",), "omaha_hilo", "Omaha Hi/Lo"),
    (("plo8",), "omaha_hilo", "Omaha Hi/Lo"),
    (("plo hi/lo",), "omaha_hilo", "Omaha Hi/Lo"),
    (("irish",), "irish", "Irish"),
    # PokerStars' Fusion deals two hole cards, a third with the flop and a fourth with
    # the turn; the showdown is Omaha's (two hole cards and three of the board)
    (("fusion",), "omaha", "Fusion"),
    (("omaha",), "omaha", "Omaha"),
    (("plo",), "omaha", "Omaha"),
    (("6+ hold'em",), "sixplus", "6+ Hold'em"),
    (("6+ holdem",), "sixplus", "6+ Hold'em"),
    (("short deck",), "sixplus", "6+ Hold'em"),
    (("shortdeck",), "sixplus", "6+ Hold'em"),
    (("stud", "hi/lo"), "stud_hilo", "7 Card Stud Hi/Lo"),
    (("stud", "h/l"), "stud_hilo", "7 Card Stud Hi/Lo"),
    (("stud", "hi-lo"), "stud_hilo", "7 Card Stud Hi/Lo"),
    (("razz",), "razz", "Razz"),
    (("5 card stud",), "five_card_stud", "5 Card Stud"),
    (("five card stud",), "five_card_stud", "5 Card Stud"),
    (("stud",), "stud", "7 Card Stud"),
    (("2-7",), "deuce_to_seven", "2-7 Draw"),
    (("a-5", "draw"), "ace_to_five_draw", "A-5 Draw"),
    (("badugi",), "badugi", "Badugi"),
    (("5 card draw",), "five_card_draw", "5 Card Draw"),
    (("five card draw",), "five_card_draw", "5 Card Draw"),
    (("hold'em",), "holdem", "Hold'em"),
    (("holdem",), "holdem", "Hold'em"),
    (("nlh",), "holdem", "Hold'em"),
)
"""Room names to game ids, most specific first."""

_PAREN: Final = re.compile(r"\(([^()]*)\)")
_CLUB: Final = re.compile(r"\{[^{}]*\}")
_DATE: Final = re.compile(r" - \d{4}/\d{2}/\d{2}")
_LIMITS: Final = (
    ("no limit", "No Limit"),
    ("pot limit", "Pot Limit"),
    ("cap no limit", "No Limit"),
    ("fixed limit", "Limit"),
    ("limit", "Limit"),
    (" fl ", "Limit"),
    (" nl ", "No Limit"),
    ("nlh", "No Limit"),  # CoinPoker: "NLH (₮1/₮2)"
    (" pl ", "Pot Limit"),
    ("plo", "Pot Limit"),
)


@functools.lru_cache(maxsize=4096)
def _match(text: str) -> tuple[str, str] | None:
    lower = text.lower()
    for words, game, name in SITE_GAMES:
        if all(word in lower for word in words):
            return game, name
    return None


def without_club(header: str) -> str:
    """A header without a PokerStars Home Game's club name (``{...}``), which is free text.

    >>> without_club("PokerStars Home Game Hand #4: {PLO 1/2 Club} Hold'em No Limit (1/2)")
    "PokerStars Home Game Hand #4:  Hold'em No Limit (1/2)"
    """
    return _CLUB.sub("", header) if "{" in header else header


def game_id(header: str) -> tuple[str, str]:
    """The game id and a display name for a header line.

    Raises:
        UnknownGameError: no game name of the table occurs in the header (a ValueError).
    """
    header = without_club(header)
    body = header.split(":", 1)[1] if ":" in header else header
    body = _DATE.split(body, 1)[0]  # the game comes before the date
    for inner in _PAREN.findall(body):
        found = _match(inner)
        if found is not None:
            return found
    found = _tournament_game(body) if "Tournament #" in body else None
    if found is not None:
        return found
    found = _match(body)
    if found is None:
        raise UnknownGameError.of(
            "no game of showdown's is named in the header {header}", header=repr(header)
        )
    return found


def _tournament_game(body: str) -> tuple[str, str] | None:
    """The game a tournament header names after the tournament's own name.

    A tournament header writes the game last (``Tournament #7, $5+$0.50 USD 5 Card
    Omaha Pot Limit``); GGPoker writes the tournament's name before it, and a name may
    name another game (``Tournament #8, NLH/PLO Mixed $50 Hold'em No Limit``: a hand at
    a Hold'em level of a mixed event). So the game is the fewest last words that name
    one, with up to two words more where those words name no game of their own (``5
    Card`` before ``Omaha``, ``6+`` before ``Hold'em``).

    >>> _tournament_game("Tournament #8, NLH/PLO Mixed $50 Hold'em No Limit - Level3(50/100)")
    ('holdem', "Hold'em")
    >>> _tournament_game("Tournament #7, $5+$0.50 USD 5 Card Omaha Pot Limit - Level II (15/30)")
    ('omaha5', '5 Card Omaha')
    """
    segment = next((part for part in body.split(" - ") if "Tournament #" in part), "")
    words = segment.split(", ", 1)[1].split() if ", " in segment else []
    for count in range(1, len(words) + 1):
        found = _match(" ".join(words[-count:]))
        if found is None:
            continue
        for more in (count + 1, count + 2):
            if more > len(words) or _match(" ".join(words[-more:-count])) is not None:
                break  # the words before name a game of their own: the tournament's name
            found = _match(" ".join(words[-more:])) or found
        return found
    return None


def limit_name(header: str) -> str:
    """``'No Limit'``, ``'Pot Limit'``, ``'Limit'`` or ``''`` from a header."""
    lower = f" {without_club(header).lower()} "
    for word, name in _LIMITS:
        if word in lower:
            return name
    return ""


def is_supported(game: str) -> bool:
    """Whether showdown's registry knows this game id."""
    try:
        get_game(game)
    except UnknownGameError:
        return False
    return True
