"""The rooms a history may come from, told from a file's first characters.

showdown reads the histories of a few rooms (:mod:`showdown.history.reader`
keeps their formats). A file of any other room must not be passed over in
silence: this module keeps one :class:`Signature` per room whose histories
are known, a pattern matching something that room writes near the start of
every file (a header line, an XML element with its first attributes), so
that the audit can say "a history of ROOM, which showdown does not read".
Rooms that do have a reader are listed too; the reader's formats are tried
first, so a file showdown reads never comes here.

:func:`room_of` gives the first room whose pattern occurs in the start of a
file (up to :data:`~showdown.history.formats.SNIFF_CHARS` characters, as
:attr:`~showdown.history.formats.Format.recognise` is given them). Each
pattern is anchored at a line start or begins with a literal that only that
room writes, so a search is cheap and a PokerStars, GGPoker or Full Tilt
hand (or plain prose) matches none.

>>> room_of("Everleaf Gaming Game #55198191\\n***** Hand history for game #55198191 *****")
'Everleaf'
>>> room_of('<description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>\\n'
...         '<game id="35368081-1133" starttime="20110531030610" numholecards="2">')
'Merge Network'
>>> room_of("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from showdown.history.formats import sniff_text

__all__ = ["ROOMS", "Signature", "room_of"]


@dataclass(frozen=True, slots=True)
class Signature:
    """What tells one room's histories.

    Attributes:
        room: the room as the audit names it (``'Merge Network'``).
        pattern: occurs in the first characters of every history file of
            that room (searched, not matched: anchored with ``^`` and
            :data:`re.MULTILINE` where it must begin a line).
    """

    room: str
    pattern: re.Pattern[str]


def _sig(room: str, pattern: str) -> Signature:
    return Signature(room, re.compile(pattern, re.MULTILINE))


ROOMS: Final[tuple[Signature, ...]] = (
    # -- XML layouts -------------------------------------------------------------------
    # Merge Network (Carbon Poker and its skins): <description .../> then <game id="t-n" ...>
    _sig("Merge Network", r'<game id="\d+-\d+" starttime="\d+"|<description type="[^"]*" stakes="'),
    # Microgaming: <Game hhversion="2" id="4519660221" date="2012-08-10 23:38:09" unicodetablename=
    _sig("Microgaming", r'<Game (?:hhversion="\d+" )?id="\d+" date="'),
    # Everest Poker: <SESSION time="..." tableName="..." id="..." type="ring" money="$" ...>
    _sig("Everest Poker", r'<SESSION time="\d+" tableName="'),
    # Boss Media (Opoker, espacejeux ...): <HISTORY ID="..." SESSION="session123.xml" TABLE=
    _sig("Boss Media", r'<HISTORY ID="\d+" SESSION="'),
    # iPoker: <session sessioncode="..."> ... <game gamecode="...">, or its text layout
    # GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 ... / GAME #1: ...
    _sig("iPoker", r'<session sessioncode="|<game gamecode="|^GAME #\d+(?::| Version:)'),
    # -- text layouts ------------------------------------------------------------------
    # Cake Poker, and Revolution Gaming which took its network over:
    # Hand#2217011712000147 - Pebble Beach (6-Max) 11712 -- $0.25/$0.50 NL Hold'em -- ...
    _sig("Cake Poker", r"^Hand#[A-Z0-9]+ - "),
    # Entraction: Game # 5000340583 - Texas Hold'em No Limit EUR 0.25/0.50 - Table "..."
    _sig(
        "Entraction",
        r"^Game # \d+ - (?:Texas Hold'em|Omaha High|5-Card Omaha High) (?:No|Pot|Fixed) Limit",
    ),
    # OnGame: ***** History for hand R5-75443872-57 *****
    _sig("OnGame", r"^\*{5} History for hand [A-Z0-9]+-\d+-\d+ (?:\*{5}|\()"),
    # Everleaf (and its skins): ***** Hand history for game #55198191 *****
    _sig("Everleaf", r"^\*{5} Hand history for game #\d+ \*{5}"),
    # PKR: Table #46301943 - Hellenic Aquarium / Starting Hand #2147625245
    _sig("PKR", r"^Starting Hand #\d+"),
    # Betfair: ***** Betfair Poker Hand History for Game 466894418 *****
    _sig("Betfair", r"^\*{5} Betfair Poker Hand History for Game \d+"),
    # The Chico network: BetOnline Poker Game #1002134798: Hold'em No Limit ($0.25/0.50) - ...
    _sig(
        "BetOnline",
        r"^(?:BetOnline Poker|Tiger Gaming|SportsBetting\.ag Poker|PayNoRake|ActionPoker\.com"
        r"|Gear ?Poker) Game #\d+",
    ),
    # Cereus network (UltimateBet, Absolute Poker): Stage #C1571362962: Holdem  No Limit $0.02
    _sig("Cereus (UB/Absolute)", r"^Stage #C?\d+: "),
    # KingsClub: #1234: No Limit Holdem - 125/250 - 2020-12-01 15:39:12
    _sig("KingsClub", r"^#\d+: +(?:No Limit|Pot Limit|Limit) "),
    # Seals with Clubs: SwCPoker Hand #... or a header line "Site: Seals With Clubs"
    _sig("Seals with Clubs", r"SwCPoker Hand |^Site: Seals With Clubs"),
    # Unibet: Unibet Hand #123 - ... (and the older Game #123: Table €10 NL - 0.05/0.10 - ...)
    _sig(
        "Unibet",
        r"^Unibet Hand #\d+(?: - |, Tournament #)|^Game #\d+: Table [€$£]\d+ (?:PL|NL|FL) - ",
    ),
    # Winamax: Winamax Poker - CashGame - HandId: #... / - Tournament "..." / - ESCAPE "..."
    _sig("Winamax", r"^Winamax Poker - "),
    # 888poker and its skins (Pacific, Cassava, LuckyAcePoker.com ...), one word before
    # "Hand History", then "Snap Poker" or "BLAST" for those games:
    # ***** 888poker Hand History for Game 123 ***** / ***** 888.ro BLAST Hand History ...
    _sig("888poker", r"^\*{5} \S+(?: Snap Poker| BLAST)? Hand History for Game \d+"),
    # partypoker: Game #13550493674 starts. / #Game No : 1 / ***** Hand History for Game 1 *****
    _sig("partypoker", r"^\*{5} Hand History [Ff]or Game \d+\w* \*{5}|^Game #\d+ starts\."),
    # Winning Poker Network (Americas Cardroom, Yatahay): Hand #68217077 - Holdem(No Limit) -
    # $0.05/$0.10 - ..., Game Hand #80586589 - Tournament #11182752 - ..., or the older
    # Game ID: 123 0.02/0.05 Table (Hold'em) / Game started at: 2015/1/1 10:00:00
    _sig(
        "Winning Poker Network",
        r"^(?:Game )?Hand #\d+ - (?:[^\n]*Tournament #\d+ - )?"
        r"(?:Holdem|Omaha|5Card Omaha|7Stud)[^\n(]*\("
        r"|^Game ID: \d+ [\d.,]+/[\d.,]+ |^Game started at: \d{4}/",
    ),
    # Ignition / Bovada / Bodog: Ignition Hand #3409452948 TBL#... HOLDEMZonePoker No Limit
    _sig("Ignition/Bovada", r"(?:Ignition|Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #\d+"),
    # PokerStars-like layouts under their own names:
    # CoinPoker Hand #10251900257: NLH (₮2/₮5) 2026/07/04 18:01:15 +08
    _sig("CoinPoker", r"^CoinPoker Hand #\d+"),
    # PokerMaster Hand #1905261509100000: Omaha Pot Limit ($15/$30 USD) - 2019/05/26 ...
    _sig("PokerMaster", r"^PokerMaster Hand #\d+"),
    # Run It Once Poker Hand #30266126:  Hold'em No Limit (€0.05/€0.10) - 2019/06/25 ...
    _sig("Run It Once", r"^Run It Once Poker Hand #\d+"),
)
"""Every room told apart, in the order :func:`room_of` tries them."""


def room_of(start: str) -> str | None:
    """The room whose history this file start is, or None when no signature occurs.

    Args:
        start: a file's first characters, decoded (byte-order marks removed).

    >>> room_of("Table #46301943 - Hellenic Aquarium\\nStarting Hand #2147625245\\n")
    'PKR'
    >>> room_of("Dear diary, today I folded aces.") is None
    True
    """
    start = sniff_text(start)  # byte-order marks, also one encoded twice, are no text
    for signature in ROOMS:
        if signature.pattern.search(start):
            return signature.room
    return None
