"""What many rooms' text layouts write alike: their common lines and words.

A room's reader (:mod:`showdown.history.linereader`) holds its own patterns;
the lines several rooms write to the letter are here, once: a seat, the button,
hole cards dealt, cards shown or mucked, and the words of the streets and of the
posts.

>>> SHOWS_RE.match("Ann shows [Ah Kd]").groups()
('Ann', 'Ah Kd')
>>> street_words(title=True)["Flop"]
'flop'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from showdown.history.model import ActionKind

__all__ = [
    "BRACKETS_RE",
    "BUTTON_RE",
    "DEALT_RE",
    "MUCKS_RE",
    "SEAT_RE",
    "SHOWS_RE",
    "blind_rules",
    "pattern_found",
    "street_words",
]

BRACKETS_RE: Final = re.compile(r"\[([^\]]*)\]")
"""What stands between square brackets (cards, most often)."""
BUTTON_RE: Final = re.compile(r"^Seat (\d+) is the button$")
"""The line that names the button's seat, in several rooms' layouts."""
SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+) \(\s*([^()]*?)\s*\)$")
"""A seat line: ``Seat 1: Ann ( $5 )``: the seat, the player, the stack."""
DEALT_RE: Final = re.compile(r"^Dealt to (.+?) \[(.*)\]$")
"""A line dealing hole cards: ``Dealt to Ann [Ah Kd]``."""
SHOWS_RE: Final = re.compile(r"^(.+?) shows \[(.*?)\]")
"""A line showing cards: ``Ann shows [Ah Kd]``."""
MUCKS_RE: Final = re.compile(r"^(.+?) mucks")
"""A line mucking a hand: ``Ann mucks``."""


_BOARD_WORDS: Final = ("flop", "turn", "river")
_STUD_MARKERS: Final = {
    f"{number}{'rd' if number == 3 else 'th'} STREET": street
    for number, street in enumerate(("third", "fourth", "fifth", "sixth", "seventh"), 3)
}


def street_words(
    own: dict[str, str] | None = None, *, title: bool = False, stud: bool = False
) -> dict[str, str]:
    """A room's street markers and the street each opens.

    The flop, turn and river are named by their word, in capitals (``FLOP``) or,
    with ``title``, capitalised (``Flop``); ``stud`` adds stud's ``3rd STREET``
    to ``7th STREET``; ``own`` holds the room's own markers (its preflop's).

    >>> street_words({"Hole Cards": "preflop"}, title=True)["Turn"]
    'turn'
    >>> street_words(stud=True)["5th STREET"]
    'fifth'
    """
    words = {(word.title() if title else word.upper()): word for word in _BOARD_WORDS}
    if stud:
        words.update(_STUD_MARKERS)
    return {**(own or {}), **words}


def blind_rules(*rules: str) -> Callable[[str], ActionKind]:
    """A room's reading of its post lines: the kind of a post, by the first rule whose
    words all stand in the line, each rule written ``words=kind`` (``"small+big=dead_blind"``:
    a line with both words posts a dead blind); a big blind when none does.

    >>> kind = blind_rules("small+big=dead_blind", "small=small_blind")
    >>> kind("small & big blinds").value, kind("big blind").value
    ('dead_blind', 'big_blind')
    """
    pairs = (rule.rsplit("=", 1) for rule in rules)
    table = tuple((tuple(words.split("+")), ActionKind(kind)) for words, kind in pairs)

    def kind_of(text: str) -> ActionKind:
        for words, kind in table:
            if all(word in text for word in words):
                return kind
        return ActionKind.BIG_BLIND

    return kind_of


def pattern_found(pattern: re.Pattern[str]) -> Callable[[str], bool]:
    """A format's ``recognise``: whether ``pattern`` occurs in a file's start.

    >>> recognise = pattern_found(re.compile(r"^Hand#\\d+ - ", re.MULTILINE))
    >>> recognise("notes\\nHand#7 - Oak"), recognise("PokerStars Hand #1: Hold'em")
    (True, False)
    """
    search = pattern.search

    def recognise(start: str) -> bool:
        return search(start) is not None

    return recognise
