"""The room signatures: each on a short start written in its room's layout, none on others."""

from __future__ import annotations

from pathlib import Path

import pytest

from showdown.history import cake, everleaf, merge, microgaming, pkr
from showdown.history.formats import SNIFF_CHARS
from showdown.history.signatures import ROOMS, Signature, room_of

DATA = Path(__file__).parent.parent / "data" / "histories"

# One file start per room, hand-written in the room's layout (names, ids and amounts ours).
SAMPLES: dict[str, str] = {
    "Merge Network": (
        '<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>\n'
        '<game id="12345678-77" starttime="20120101120000" numholecards="2" gametype="2" '
        'realmoney="true" data="20120101|Lima (12345678)|12345678|12345678-77|false">\n'
        '\t<players dealer="1">\n'
    ),
    "Microgaming": (
        "----PRIMA.DAT----\n\n"
        '<Game hhversion="2" id="1234567890" date="2012-05-01 20:00:00" unicodetablename="QQA=" '
        'tablename="Oak 7" stakes="0.10|0.20" betlimit="NL" tabletype="Cash Game">\n'
    ),
    "Everest Poker": (
        '<SESSION time="1291155919" tableName="Alto" id="7" type="ring" money="$" '
        'screenName="Ann" game="hold-em" gametype="no-limit"/>\n'
    ),
    "Boss Media": (
        '<HISTORY ID="98765" SESSION="session4321.xml" TABLE="Elm" GAME="GAME_THM" '
        'GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="NL">\n'
    ),
    "iPoker": '<session sessioncode="112233">\n<general>\n<client_version>9</client_version>\n',
    "iPoker skin": (
        "GAME #81000001 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26\n"
        "Table Elm\n"
    ),
    "Cake Poker": (
        "Hand#1234567890123 - Birch (6-Max) 4321 -- $0.10/$0.20 NL Hold'em -- 2011/05/01 - "
        "20:00:00\nSeat 1: Ann ($20 in chips)\n"
    ),
    # a tournament hand's id has letters in it
    "Cake Poker skin": (
        "Hand#2856A285C2000001 - $5 Sit & Go T10651074 -- CASH -- $4.50 + $0.50 -- 2 Max"
        " -- Table 1 -- 0/10/20 NL Hold'em -- 2012/01/29 - 20:01:54\n"
    ),
    "Entraction": (
        'Game # 5000111222 - Texas Hold\'em No Limit EUR 0.10/0.20 - Table "Fir"\nPlayers(max 6):\n'
    ),
    "OnGame": (
        "***** History for hand R5-11122233-4 *****\nStart hand: Mon Jan 06 20:00:00 CET 2014\n"
    ),
    "Everleaf": (
        "Everleaf Gaming Game #11122233\n***** Hand history for game #11122233 *****\n"
        "Blinds $0.05/$0.10 NL Hold'em - 2010/08/01 - 20:00:00\n"
    ),
    "PKR": "Table #1234 - Maple\nStarting Hand #99887766\nStart time of hand: 1 Aug 2012 20:00\n",
    "Betfair": (
        "***** Betfair Poker Hand History for Game 111222333 *****\n"
        "NL $0.05/$0.10 Texas Hold'em - Monday, March 2, 20:00:00 GMT 2009\n"
    ),
    "BetOnline": (
        "BetOnline Poker Game #1234567: Hold'em No Limit ($0.10/0.25) - 2012/04/01 20:00:00\n"
        "Table 'Pine' 10-Max, Seat #2 is the button\n"
    ),
    "Cereus (UB/Absolute)": (
        "Stage #C1234567890: Holdem  No Limit $0.10 - 2010-01-01 20:00:00 (ET)\n"
        "Table: ASH (Real Money) Seat #3 is the dealer\n"
    ),
    "KingsClub": "#445566: No Limit Holdem - 5/10 - 2021-01-02 20:00:00\nTable 'Cedar' 6-max\n",
    "Seals with Clubs": "SwCPoker Hand #1234: Hold'em No Limit (0.01/0.02) - 2014-01-01\n",
    "Unibet": "Unibet Hand #1234567 - 0.05/0.10 - Hold'em No Limit - 2019-01-01 20:00:00\n",
    "Winamax": (
        "Winamax Poker - CashGame - HandId: #1234-5-67 - Holdem no limit (0.05€/0.10€) - "
        "2016/01/01 20:00:00 UTC\nTable: 'Nice 01' 6-max (real money) Seat #2 is the button\n"
    ),
    "888poker": (
        "#Game No : 123456789\n***** 888poker Hand History for Game 123456789 *****\n"
        "$0.05/$0.10 Blinds No Limit Holdem - *** 01 01 2019 20:00:00\n"
    ),
    # a skin of 888's network writes its own name where 888 writes "888poker"
    "888poker skin": "***** SomeSkin.com Hand History for Game 55 *****\n$2/$4 Blinds No Limit\n",
    "partypoker": (
        "Game #13500000001 starts.\n\n#Game No : 13500000001\n"
        "***** Hand History for Game 13500000001 *****\n"
    ),
    "Winning Poker Network": (
        "Hand #68000001 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 20:00:00 UTC\n"
        "Willow 6-max Seat #1 is the button\n"
    ),
    "Ignition/Bovada skin": "Bodog.com Hand #4100000001 TBL#2400 HOLDEM No Limit [MVS] - 2021\n",
    "Ignition/Bovada": (
        "Ignition Hand #3400000001 TBL#20000001 HOLDEMZonePoker No Limit - 2016-08-01 20:00:00\n"
        "Seat 1: Small Blind ($25 in chips)\n"
    ),
    "CoinPoker": "CoinPoker Hand #1234567: NLH (₮1/₮2) 2026/01/01 20:00:00 +08\n",
    "PokerMaster": "PokerMaster Hand #190500001: Omaha Pot Limit ($1/$2 USD) - 2019/05/01\n",
    "Run It Once": "Run It Once Poker Hand #301: Hold'em No Limit (€0.05/€0.10) - 2019/06/25\n",
}

OTHERS: dict[str, str] = {
    "prose": "Dear diary, I played a hand of poker tonight and it went badly.\nGame over.\n",
    "a csv": "hand,player,amount\n1,Ann,0.50\n",
}


def _room(sample: str) -> str:
    return sample.removesuffix(" skin")


def test_every_room_has_a_sample() -> None:
    assert {s.room for s in ROOMS} == {_room(name) for name in SAMPLES}
    assert len({s.room for s in ROOMS}) == len(ROOMS)  # no room listed twice


@pytest.mark.parametrize("signature", ROOMS, ids=lambda s: s.room)
def test_each_pattern_tells_its_room(signature: Signature) -> None:
    sample = SAMPLES[signature.room]
    assert signature.pattern.search(sample)
    assert room_of(sample) == signature.room
    # the start of a file of hands in a row, as the reader sniffs it, is told the same
    assert room_of((sample * 400)[:SNIFF_CHARS]) == signature.room


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_no_pattern_matches_another_rooms_sample(name: str) -> None:
    room = _room(name)
    others = [s.room for s in ROOMS if s.room != room and s.pattern.search(SAMPLES[name])]
    assert others == []
    assert room_of(SAMPLES[name]) == room


@pytest.mark.parametrize(
    "name",
    ["pokerstars_cash.txt", "pokerstars_tournament.txt", "ggpoker_cash.txt", "fulltilt_cash.txt"],
)
def test_no_pattern_matches_rooms_showdown_reads(name: str) -> None:
    start = (DATA / name).read_text(encoding="utf-8")[:SNIFF_CHARS]
    assert [s.room for s in ROOMS if s.pattern.search(start)] == []
    assert room_of(start) is None


@pytest.mark.parametrize("text", OTHERS.values(), ids=list(OTHERS))
def test_prose_is_no_room(text: str) -> None:
    assert room_of(text) is None


def test_a_byte_order_mark_encoded_twice_is_no_text() -> None:
    assert room_of("\u00ef\u00bb\u00bf" + SAMPLES["Cake Poker"]) == "Cake Poker"


def test_the_readers_recognise_only_their_rooms_samples() -> None:
    readers = {
        "Merge Network": merge.recognise,
        "Microgaming": microgaming.recognise,
        "Everleaf": everleaf.recognise,
        "Cake Poker": cake.recognise,
        "PKR": pkr.recognise,
    }
    for room, recognise in readers.items():
        claimed = {_room(name) for name, sample in SAMPLES.items() if recognise(sample)}
        assert claimed == {room}, room
