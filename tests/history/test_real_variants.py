"""Variants of the rooms' formats and rules met in public real-world histories.

Every sample below is written here for the test, with invented names, cards
and amounts (no room's file is copied); the expected payouts are worked out
in each test by plain arithmetic, independently of the reader.
"""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.history import audit, read, read_text
from showdown.history.audit import audit_paths
from showdown.history.model import ActionKind, Hand

# Full Tilt wrote no "wins the pot" line when a bet went uncalled on the flop:
# only the summary says what the winner collected.
FULLTILT_NO_WIN_LINE = """\
Full Tilt Poker Game #700000001: Table Quill (6 max) - $1/$2 - Pot Limit Omaha Hi - 20:00:00 ET - 2012/11/06
Seat 1: Ana ($100)
Seat 2: Ben ($150)
Seat 3: Cal ($80)
Ana posts the small blind of $1
Ben posts the big blind of $2
The button is in seat #3
*** HOLE CARDS ***
Cal raises to $6
Ana folds
Ben calls $4
*** FLOP *** [2c 7d Jh] (Total Pot: $13, 2 Players)
Ben checks
Cal bets $13
Ben folds
Uncalled bet of $13 returned to Cal
*** SUMMARY ***
Total pot $13 | Rake $0.65
Board: [2c 7d Jh]
Seat 1: Ana (small blind) folded before the Flop
Seat 2: Ben (big blind) folded on the Flop
Seat 3: Cal (button) collected ($12.35), mucked
"""

# Full Tilt's Irish: after the flop each player discards two cards, written
# "discards" (the other player's cards unseen) with no count.
FULLTILT_IRISH = """\
Full Tilt Poker Game #700000002: Table Sorrel (6 max) - $1/$2 - Pot Limit Irish - 21:00:00 ET - 2013/04/07
Seat 1: Dara ($200)
Seat 2: Eoin ($200)
Eoin posts the small blind of $1
Dara posts the big blind of $2
The button is in seat #2
*** HOLE CARDS ***
Eoin raises to $6
Dara calls $4
*** FLOP *** [Qh 7c 2d] (Total Pot: $12, 2 Players)
Dara checks
Eoin bets $10
Dara calls $10
*** DISCARD ROUND *** (Total Pot: $32, 2 Players)
Dara discards
Eoin discards [9h 9c]
*** TURN *** [Qh 7c 2d] [5s] (Total Pot: $32, 2 Players)
Dara checks
Eoin checks
*** RIVER *** [Qh 7c 2d 5s] [3c] (Total Pot: $32, 2 Players)
Dara checks
Eoin checks
*** SHOW DOWN ***
Dara shows [Qs Td] a pair of Queens
Eoin shows [Ks Kd] a pair of Kings
Eoin wins the pot ($31) with a pair of Kings
*** SUMMARY ***
Total pot $32 | Rake $1
Board: [Qh 7c 2d 5s 3c]
Seat 1: Dara (big blind) showed [Qs Td] and lost with a pair of Queens
Seat 2: Eoin (small blind) showed [Ks Kd] and won ($31) with a pair of Kings
"""

# Full Tilt in 2016, dealt by PokerStars' software: PokerStars' layout under a
# "Full Tilt Hand #" header, the pots listed after their rake.
FULLTILT_STARS_LAYOUT = """\
Full Tilt Hand #160000000001:  Hold'em No Limit ($0.50/$1.00 USD) - 2016/06/01 12:00:00 ET
Table 'Ember' 6-max Seat #1 is the button
Seat 1: Ivo ($20 in chips)
Seat 2: Jan ($50 in chips)
Seat 3: Kit ($100 in chips)
Jan: posts small blind $0.50
Kit: posts big blind $1
*** HOLE CARDS ***
Ivo: raises $19 to $20 and is all-in
Jan: raises $30 to $50 and is all-in
Kit: calls $49
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Kd]
*** RIVER *** [2c 7d 9h Kd] [3s]
*** SHOW DOWN ***
Jan: shows [Qs Qd] (a pair of Queens)
Kit: shows [Jc Jd] (a pair of Jacks)
Jan collected $59 from side pot
Ivo: shows [Ah Ac] (a pair of Aces)
Ivo collected $58 from main pot
*** SUMMARY ***
Total pot $120 Main pot $58. Side pot $59. | Rake $3
Board [2c 7d 9h Kd 3s]
Seat 1: Ivo (button) showed [Ah Ac] and won ($58) with a pair of Aces
Seat 2: Jan (small blind) showed [Qs Qd] and won ($59) with a pair of Queens
Seat 3: Kit (big blind) showed [Jc Jd] and lost with a pair of Jacks
"""

# A stud river card written "[of]" and a show line with three of seven cards
# (as PokerStars' Triple Stud once wrote them): Lia's known six cards hold
# three Kings, more than anything Max's seven cards make.
STUD_PARTLY_WRITTEN = """\
PokerStars Hand #200000000001: Tournament #800001, $2.00+$0.20 USD 7 Card Stud Limit - Level X (100/200) - 2013/01/03 9:00:00 ET
Table '800001 2' 8-max
Seat 1: Lia (3000 in chips)
Seat 2: Max (300 in chips)
Lia: posts the ante 20
Max: posts the ante 20
*** 3rd STREET ***
Dealt to Lia [Kh Kd Ks]
Dealt to Max [7h]
Max: brings in for 50
Lia: raises 150 to 200
Max: calls 150
*** 4th STREET ***
Dealt to Lia [Kh Kd Ks] [2c]
Dealt to Max [7h] [8d]
Lia: bets 100
Max: calls 80 and is all-in
Uncalled bet (20) returned to Lia
*** 5th STREET ***
Dealt to Lia [Kh Kd Ks 2c] [5d]
Dealt to Max [7h 8d] [9c]
*** 6th STREET ***
Dealt to Lia [Kh Kd Ks 2c 5d] [Jc]
Dealt to Max [7h 8d 9c] [3s]
*** RIVER ***
Dealt to Lia [Kh Kd Ks 2c 5d Jc] [of]
*** SHOW DOWN ***
Lia: shows [Kh Kd Ks] (three of a kind, Kings)
Max: shows [4c 6d 7h 8d 9c 3s 9h] (a pair of Nines)
Lia collected 600 from pot
*** SUMMARY ***
Total pot 600 | Rake 0
Seat 1: Lia showed [Kh Kd Ks] and won (600) with three of a kind, Kings
Seat 2: Max showed [4c 6d 7h 8d 9c 3s 9h] and lost with a pair of Nines
"""

# Quy shows two of his four Omaha cards; with some other two (a Ten) they
# would make a straight, so the cards written do not decide: the hand was not
# shown whole, and the room paid Pia.
OMAHA_PARTLY_SHOWN = """\
PokerStars Hand #200000000002:  Omaha Pot Limit ($0.25/$0.50 USD) - 2012/04/12 22:00:00 ET
Table 'Nadir' 6-max Seat #1 is the button
Seat 1: Ola ($50 in chips)
Seat 2: Pia ($50 in chips)
Seat 3: Quy ($30 in chips)
Pia: posts small blind $0.25
Quy: posts big blind $0.50
*** HOLE CARDS ***
Ola: folds
Pia: raises $1.25 to $1.50
Quy: calls $1
*** FLOP *** [Kc 2s Jc]
Pia: bets $3
Quy: raises $25.50 to $28.50 and is all-in
Pia: calls $25.50
*** TURN *** [Kc 2s Jc] [Qd]
*** RIVER *** [Kc 2s Jc Qd] [6h]
*** SHOW DOWN ***
Pia: shows [Kd Qc 8h 9h] (two pair, Kings and Queens)
Quy: shows [Ah As]
Pia collected $58.50 from pot
*** SUMMARY ***
Total pot $60 | Rake $1.50
Board [Kc 2s Jc Qd 6h]
Seat 1: Ola (button) folded before Flop (didn't bet)
Seat 2: Pia (small blind) showed [Kd Qc 8h 9h] and won ($58.50) with two pair, Kings and Queens
Seat 3: Quy (big blind) mucked [Ah As]
"""

# A GGPoker ShortDeck table paying an Ace-high straight over three Tens.
GGPOKER_SHORTDECK_STRAIGHT = """\
Poker Hand #SD900000001: ShortDeck No Limit ($1) - 2021/04/01 12:00:00
Table 'SDGold1' 6-max Seat #2 is the button
Seat 1: r1 ($100 in chips)
Seat 2: s2 ($60 in chips)
r1: posts the ante $1
s2: posts the ante $1
s2: posts button blind $1
*** HOLE CARDS ***
r1: calls $1
s2: raises $58 to $59 and is all-in
r1: calls $58
s2: shows [Td Ts]
r1: shows [Qs Ks]
*** FLOP *** [Tc 8h Ah]
*** TURN *** [Tc 8h Ah] [6h]
*** RIVER *** [Tc 8h Ah 6h] [Jd]
*** SHOWDOWN ***
r1 collected $117 from pot
*** SUMMARY ***
Total pot $120 | Rake $3
Board [Tc 8h Ah 6h Jd]
Seat 1: r1 showed [Qs Ks] and won ($117) with Aces-High Straight
Seat 2: s2 (button) showed [Td Ts] and lost with Three Tens
"""

# A GGPoker main pot and side pot with different winners, the summary listing
# no pots: the room took 4.40 of its 5 from the main pot and 0.60 from the side.
GGPOKER_SIDE_POT_RAKE = """\
Poker Hand #HD900000002: Hold'em No Limit ($1/$2) - 2021/04/13 16:00:00
Table 'RushGold' 6-max Seat #3 is the button
Seat 1: t1 ($300 in chips)
Seat 2: u2 ($300 in chips)
Seat 3: v3 ($40 in chips)
t1: posts small blind $1
u2: posts big blind $2
*** HOLE CARDS ***
v3: raises $38 to $40 and is all-in
t1: raises $60 to $100
u2: calls $98
*** FLOP *** [5d 2h 6c]
t1: bets $200 and is all-in
u2: folds
Uncalled bet ($200) returned to t1
t1: shows [Qc Qd]
v3: shows [Kc Kd]
*** TURN *** [5d 2h 6c] [9s]
*** RIVER *** [5d 2h 6c 9s] [Jd]
*** SHOWDOWN ***
t1 collected $119.4 from pot
v3 collected $115.6 from pot
*** SUMMARY ***
Total pot $240 | Rake $3 | Jackpot $2 | Bingo $0
Board [5d 2h 6c 9s Jd]
Seat 1: t1 (small blind) showed [Qc Qd] and won ($119.4) with Pair of Queens
Seat 2: u2 (big blind) folded on the Flop
Seat 3: v3 (button) showed [Kc Kd] and won ($115.6) with Pair of Kings
"""


def _resolved(text: str) -> tuple[dict[str, D], str, str | None]:
    [verdict] = audit(read_text(text))
    assert all(p.recorded == p.resolved for p in verdict.players), verdict
    return {p.name: p.resolved for p in verdict.players}, verdict.verdict, verdict.reason


def test_fulltilt_hand_with_no_win_line_is_paid_as_its_summary_says() -> None:
    [entry] = read_text(FULLTILT_NO_WIN_LINE).entries()
    assert isinstance(entry, Hand)
    # the pot: both blinds, Cal's 6 and Ben's 6; the rake comes out of it
    pot = D(1) + D(6) + D(6)
    assert entry.collected() == {"Cal": pot - D("0.65")}
    assert entry.returned() == {"Cal": D(13)}
    assert not entry.reached_showdown


def test_fulltilt_irish_discards_without_a_count() -> None:
    [hand] = read_text(FULLTILT_IRISH)
    discards = {a.player: a.count for a in hand.actions if a.kind is ActionKind.DISCARD}
    assert discards == {"Dara": 0, "Eoin": 2}
    paid, verdict, _ = _resolved(FULLTILT_IRISH)
    # Kings beat Queens; the pot is 16 from each, less the 1 raked
    assert verdict == "agree"
    assert paid == {"Dara": D(0), "Eoin": D(16) * 2 - D(1)}


def test_fulltilt_hand_in_pokerstars_layout_is_read_with_its_listed_pot_rakes() -> None:
    [verdict] = audit(read_text(FULLTILT_STARS_LAYOUT))
    assert (verdict.site, verdict.hand, verdict.verdict) == ("fulltilt", "160000000001", "agree")
    main, side = D(20) * 3, D(30) * 2  # Ivo's 20 from all three; Jan's and Kit's next 30
    paid = {p.name: p.resolved for p in verdict.players}
    # the summary lists the main pot at 58 and the side pot at 59: 2 and 1 raked
    assert paid == {"Ivo": main - D(2), "Jan": side - D(1), "Kit": D(0)}
    assert verdict.reason is not None
    assert "rake" in verdict.reason


def test_a_partly_written_stud_hand_is_decided_when_no_card_could_change_it() -> None:
    paid, verdict, reason = _resolved(STUD_PARTLY_WRITTEN)
    antes, third, fourth = D(20) * 2, D(200) * 2, D(80) * 2
    assert verdict == "agree"
    assert paid == {"Lia": antes + third + fourth + D(20), "Max": D(0)}  # + her uncalled 20
    assert reason is not None
    assert "Lia (6 of 7)" in reason


def test_a_hand_shown_only_in_part_concedes() -> None:
    paid, verdict, reason = _resolved(OMAHA_PARTLY_SHOWN)
    assert verdict == "agree"
    assert paid == {"Pia": D(30) * 2 - D("1.50"), "Quy": D(0)}
    assert reason is not None
    assert "Quy (2 of 4)" in reason
    assert "Robert's Rules" in reason


def test_a_short_deck_room_ranking_a_straight_above_three_of_a_kind() -> None:
    paid, verdict, reason = _resolved(GGPOKER_SHORTDECK_STRAIGHT)
    assert verdict == "agree"
    assert paid == {"r1": D(60) * 2 - D(3), "s2": D(0)}
    assert reason is not None
    assert "a straight above three of a kind" in reason


def test_six_plus_by_default_still_ranks_three_of_a_kind_above_a_straight() -> None:
    # the same deal, paid to the three Tens: the default order, nothing to explain
    trips = GGPOKER_SHORTDECK_STRAIGHT.replace(
        "r1 collected $117 from pot", "s2 collected $117 from pot"
    )
    paid, verdict, reason = _resolved(trips)
    assert (verdict, reason) == ("agree", None)
    assert paid == {"r1": D(0), "s2": D(117)}


def test_an_unstated_division_of_the_rake_between_two_pots() -> None:
    paid, verdict, reason = _resolved(GGPOKER_SIDE_POT_RAKE)
    main, side = D(40) * 3, D(60) * 2  # v3's 40 from all; t1's and u2's next 60
    assert verdict == "agree"
    assert paid == {"t1": side - D("0.60") + D(200), "u2": D(0), "v3": main - D("4.40")}
    assert reason is not None
    assert "4.40 from the main pot and 0.60 from the side pot" in reason


# Three GGPoker all-ins of different sizes: a main pot and two side pots, each
# won by another player, the summary listing no pots. The room took 0.40 of its
# 4 from the main pot, 1.60 from the first side pot and 2.00 from the second
# (in proportion to their sizes it would have been 1.00, 1.50 and 1.50).
GGPOKER_THREE_POT_RAKE = """\
Poker Hand #HD900000003: Hold'em No Limit ($1/$2) - 2021/05/02 18:00:00
Table 'RushGold' 6-max Seat #4 is the button
Seat 1: Ada ($10 in chips)
Seat 2: Ben ($30 in chips)
Seat 3: Cal ($60 in chips)
Seat 4: Dov ($100 in chips)
Ada: posts small blind $1
Ben: posts big blind $2
*** HOLE CARDS ***
Cal: raises $58 to $60 and is all-in
Dov: calls $60
Ada: calls $9 and is all-in
Ben: calls $28 and is all-in
Ada: shows [Ks Kh]
Ben: shows [Js Jh]
Cal: shows [9s 9d]
Dov: shows [7s 7h]
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [Kd]
*** SHOWDOWN ***
Ada collected $39.6 from pot
Ben collected $58.4 from pot
Cal collected $58 from pot
*** SUMMARY ***
Total pot $160 | Rake $3 | Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0
Board [2c 7d 9h Jc Kd]
Seat 1: Ada (small blind) showed [Ks Kh] and won ($39.6) with Three Kings
Seat 2: Ben (big blind) showed [Js Jh] and won ($58.4) with Three Jacks
Seat 3: Cal showed [9s 9d] and won ($58) with Three Nines
Seat 4: Dov (button) showed [7s 7h] and lost with Three Sevens
"""


def test_an_unstated_division_of_the_rake_among_three_pots(tmp_path: Path) -> None:
    paid, verdict, reason = _resolved(GGPOKER_THREE_POT_RAKE)
    # Ada's 10 from all four, Ben's next 20 from three, Cal's next 30 from two
    main, first, second = D(10) * 4, D(20) * 3, D(30) * 2
    assert verdict == "agree"
    assert paid == {
        "Ada": main - D("0.40"),
        "Ben": first - D("1.60"),
        "Cal": second - D("2.00"),
        "Dov": D(0),
    }
    assert reason is not None
    assert "0.40 from the main pot and 1.60, 2.00 from the side pots" in reason
    path = tmp_path / "three_pots.txt"
    path.write_text(GGPOKER_THREE_POT_RAKE, encoding="utf-8")
    [lean] = [v for part, _ in audit_paths([str(path)]) for v in part]
    [full] = audit(read_text(GGPOKER_THREE_POT_RAKE))
    assert (lean.verdict, lean.players, lean.reason) == (full.verdict, full.players, full.reason)


def test_a_rake_no_division_explains_is_still_a_disagreement() -> None:
    # the room paying v3 more than the whole main pot: no division of the rake gives that
    wrong = GGPOKER_SIDE_POT_RAKE.replace("v3 collected $115.6", "v3 collected $121.0").replace(
        "t1 collected $119.4", "t1 collected $114.0"
    )
    [verdict] = audit(read_text(wrong))
    assert verdict.verdict == "disagree"


# PokerStars calls a hand off ("Hand cancelled") when the table breaks before
# the deal: a summary with no "Total pot", and the blinds go back.
POKERSTARS_CANCELLED = """\
PokerStars Hand #800000001: Omaha Pot Limit ($1/$2 USD) - 2014/02/03 04:05:06 ET
Table 'Vesna II' 6-max Seat #3 is the button
Seat 3: Ruth ($210.50 in chips)
Seat 5: Saul ($190 in chips)
Ruth: posts small blind $1
Saul: posts big blind $2
Tova: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 3: Ruth (button) collected ($0)
Seat 5: Saul collected ($0)
"""

# A PokerStars hand that goes to a showdown, in euros: written below in every
# encoding and layout of lines that rooms and their export tools produced.
POKERSTARS_EUROS = """\
PokerStars Hand #800000002: Hold'em No Limit (\u20ac0.05/\u20ac0.10 EUR) - 2011/05/06 07:08:09 CET
Table 'Zo\u00eb III' 6-max Seat #1 is the button
Seat 1: Ren\u00e9e (\u20ac10 in chips)
Seat 2: Uwe (\u20ac6.40 in chips)
Ren\u00e9e: posts small blind \u20ac0.05
Uwe: posts big blind \u20ac0.10
*** HOLE CARDS ***
Ren\u00e9e: raises \u20ac0.20 to \u20ac0.30
Uwe: calls \u20ac0.20
*** FLOP *** [8d 8c 3s]
Uwe: bets \u20ac0.40
Ren\u00e9e: calls \u20ac0.40
*** TURN *** [8d 8c 3s] [Kh]
Uwe: checks
Ren\u00e9e: checks
*** RIVER *** [8d 8c 3s Kh] [2c]
Uwe: checks
Ren\u00e9e: checks
*** SHOW DOWN ***
Uwe: shows [Kd Qh] (two pair, Kings and Eights)
Ren\u00e9e: shows [Ac As] (two pair, Aces and Eights)
Ren\u00e9e collected \u20ac1.33 from pot
*** SUMMARY ***
Total pot \u20ac1.40 | Rake \u20ac0.07
Board [8d 8c 3s Kh 2c]
Seat 1: Ren\u00e9e (button) (small blind) showed [Ac As] and won (\u20ac1.33) with two pair, Aces and Eights
Seat 2: Uwe (big blind) showed [Kd Qh] and lost with two pair, Kings and Eights
"""


def test_a_cancelled_hand_gives_every_chip_back_and_decides_nothing() -> None:
    [hand] = read_text(POKERSTARS_CANCELLED)
    assert hand.cancelled
    assert not hand.reached_showdown
    assert hand.returned() == {"Ruth": D(1), "Saul": D(2)}  # each blind back to its owner
    assert hand.collected() == {}
    assert list(audit([hand])) == []


def _encodings() -> dict[str, bytes]:
    two = POKERSTARS_EUROS + "\n\n" + POKERSTARS_EUROS.replace("#800000002", "#800000003")
    crlf = two.replace("\n", "\r\n")
    return {
        "utf-8": two.encode(),
        "utf-8 with a mark, CRLF": b"\xef\xbb\xbf" + crlf.encode(),
        "utf-16 little-endian with a mark, CRLF": b"\xff\xfe" + crlf.encode("utf-16-le"),
        "utf-16 big-endian with a mark": b"\xfe\xff" + two.encode("utf-16-be"),
        "utf-16 little-endian, no mark": two.encode("utf-16-le"),
        "utf-16 big-endian, no mark": two.encode("utf-16-be"),
        "windows-1252": two.encode("cp1252"),
        "mac line ends": two.replace("\n", "\r").encode(),
        "no blank line between hands": two.replace("\n\n\n", "\n").encode(),
        "many blank lines": two.replace("\n\n\n", "\n" * 7).encode(),
        "trailing text": (two + "\n\n-- end of export --\ncopied 2011 [x]\n").encode(),
        "trailing zero bytes": two.encode() + b"\x00" * 16,
    }


@pytest.mark.parametrize("layout", sorted(_encodings()))
def test_every_encoding_and_layout_of_lines_reads_the_same_hands(layout: str) -> None:
    hands = list(read(io.BytesIO(_encodings()[layout])))
    assert [h.hand_id for h in hands] == ["800000002", "800000003"]
    first = hands[0]
    assert [s.name for s in first.seats] == ["Ren\u00e9e", "Uwe"]
    assert first.currency == "EUR"
    # each put in 0.30 before the flop and 0.40 on it; 0.07 raked
    pot = (D("0.30") + D("0.40")) * 2
    verdicts = list(audit(hands))
    assert [v.verdict for v in verdicts] == ["agree", "agree"]
    assert {p.name: p.resolved for p in verdicts[0].players} == {
        "Ren\u00e9e": pot - D("0.07"),
        "Uwe": D(0),
    }


def test_a_hand_cut_off_mid_line_ends_where_the_next_header_starts() -> None:
    # a history file whose writer stopped in the middle of a river line and
    # went on with the next hand on the same line
    cut = POKERSTARS_EUROS.split("*** RIVER ***")[0] + "*** RIVER *** [8d 8c 3s K"
    glued = cut + POKERSTARS_EUROS.replace("#800000002", "#800000004")
    entries = list(read_text(glued).entries())
    assert [getattr(e, "hand_id", None) or e.hand for e in entries] == ["800000002", "800000004"]
    assert not isinstance(entries[0], Hand)
    assert entries[0].kind == "cut off"
    assert isinstance(entries[1], Hand)
    [verdict] = [v for v in audit(entries) if v.verdict == "agree"]
    assert verdict.hand == "800000004"


# An old tracking program's export (PokerTracker 2) writes PokerStars' header
# in capitals, with no currency code and the date split by " - ".
POKERSTARS_CAPITALS = """\
POKERSTARS GAME #900000001:  HOLD'EM NO LIMIT ($1/$2) - 2008/03/04 - 21:10:00 (ET)
Table 'Quince IV' 6-max Seat #1 is the button
Seat 1: Odile ($150 in chips)
Seat 2: Piet ($90.50 in chips)
Seat 3: Quinn ($200 in chips)
Piet: posts small blind $1
Quinn: posts big blind $2
*** HOLE CARDS ***
Odile: raises $4 to $6
Piet: folds
Quinn: calls $4
*** FLOP *** [Kd 8s 3c]
Quinn: checks
Odile: bets $10
Quinn: calls $10
*** TURN *** [Kd 8s 3c] [2h]
Quinn: checks
Odile: checks
*** RIVER *** [Kd 8s 3c 2h] [9d]
Quinn: checks
Odile: checks
*** SHOW DOWN ***
Odile: shows [Kh Qh] (a pair of Kings)
Quinn: shows [8d 8h] (three of a kind, Eights)
Quinn collected $31.50 from pot
*** SUMMARY ***
Total pot $33 | Rake $1.50
Board [Kd 8s 3c 2h 9d]
Seat 1: Odile (button) showed [Kh Qh] and lost with a pair of Kings
Seat 2: Piet (small blind) folded before Flop
Seat 3: Quinn (big blind) showed [8d 8h] and won ($31.50) with three of a kind, Eights
"""


def test_a_header_written_in_capitals_is_pokerstars() -> None:
    [hand] = list(read_text(POKERSTARS_CAPITALS))
    assert (hand.site, hand.hand_id, hand.game) == ("pokerstars", "900000001", "holdem")
    # Odile and Quinn put in 6 + 10 each, Piet his small blind 1: 33, 1.50 raked
    [verdict] = list(audit([hand]))
    assert verdict.verdict == "agree"
    assert {p.name: p.resolved for p in verdict.players}["Quinn"] == D(33) - D("1.50")


# Full Tilt's record of a hand watched as an observer (2006) lists no seats and
# no stacks: the blinds come right after the header; the summary names the seats.
FULLTILT_OBSERVED_NO_SEATS = """\
Full Tilt Poker Game #700000010: Table Juniper (6 max) - $5/$10 - No Limit Hold'em - 22:15:00 ET - 2006/09/14
mona lisa posts the small blind of $5
Nils posts the big blind of $10
The button is in seat #2
*** HOLE CARDS ***
Oskar calls $10
mona lisa raises to $40
Nils folds
Oskar calls $30
*** FLOP *** [Ts 9h 2c]
mona lisa bets $60
Oskar calls $60
*** TURN *** [Ts 9h 2c] [4d]
mona lisa checks
Oskar checks
*** RIVER *** [Ts 9h 2c 4d] [Jc]
mona lisa checks
Oskar checks
*** SHOW DOWN ***
mona lisa shows [Ad Ah] a pair of Aces
Oskar shows [Qs Kd] a straight, Nine to King
Oskar wins the pot ($207)
*** SUMMARY ***
Total pot $210 | Rake $3
Board: [Ts 9h 2c 4d Jc]
Seat 2: Oskar (button) showed [Qs Kd] and won ($207) with a straight, Nine to King
Seat 3: mona lisa (small blind) showed [Ad Ah] and lost with a pair of Aces
Seat 4: Nils (big blind) folded before the Flop
"""


def test_an_observed_hand_without_seat_lines_is_seated_from_its_summary() -> None:
    [hand] = list(read_text(FULLTILT_OBSERVED_NO_SEATS))
    assert sorted((s.number, s.name) for s in hand.seats) == [
        (2, "Oskar"),
        (3, "mona lisa"),
        (4, "Nils"),
    ]
    # no stacks are written: each is the least the record allows, what he put in
    assert hand.stacks == {"Oskar": D(100), "mona lisa": D(100), "Nils": D(10)}
    [verdict] = list(audit([hand]))
    assert verdict.verdict == "agree"
    # 40 + 60 from each of the two, Nils' 10: 210, 3 raked, the straight wins
    assert {p.name: p.resolved for p in verdict.players} == {
        "Oskar": D(210) - D(3),
        "mona lisa": D(0),
        "Nils": D(0),
    }


# A club app's export in PokerStars' layout, under its own name: amounts with
# one decimal ("$0.5"), numeric player names, showdowns without descriptions.
POKERBROS_EXPORT = """\
PokerBros Hand #1700000000001: Hold'em No Limit ($0.5/$1 USD) - 2021/06/01 10:00:00 UTC
Table 'Lagoon77' 6-max Seat #1 is the button
Seat 1: 5550001 ($80.5 in chips)
Seat 2: 5550002 ($40 in chips)
Seat 3: 5550003 ($100.0 in chips)
5550002: posts small blind $0.5
5550003: posts big blind $1
*** HOLE CARDS ***
5550001: raises $2 to $3
5550002: folds
5550003: calls $2.0
*** FLOP *** [Jh 6c 6d]
5550003: bets $4.5
5550001: calls $4.5
*** TURN *** [Jh 6c 6d] [2s]
5550003: checks
5550001: checks
*** RIVER *** [Jh 6c 6d 2s] [Ac]
5550003: checks
5550001: checks
*** SHOW DOWN ***
5550003: shows [Js Td]
5550001: shows [Kh 9c]
5550003 collected $15.5 from pot
*** SUMMARY ***
Total pot $15.5 | Rake $0
Board [Jh 6c 6d 2s Ac]
Seat 1: 5550001 (button) showed [Kh 9c] and lost
Seat 2: 5550002 (small blind) folded before Flop
Seat 3: 5550003 (big blind) showed [Js Td] and won ($15.5)
"""


def test_a_club_app_export_in_pokerstars_layout_is_read_under_its_name() -> None:
    [hand] = list(read_text(POKERBROS_EXPORT))
    assert (hand.site, hand.hand_id, hand.currency) == ("pokerbros", "1700000000001", "USD")
    [verdict] = list(audit([hand]))
    assert verdict.verdict == "agree"
    # 3 + 4.5 from each of the two, the small blind's 0.5: 15.5; jacks and sixes win
    assert {p.name: p.resolved for p in verdict.players} == {
        "5550001": D(0),
        "5550002": D(0),
        "5550003": D("15.5"),
    }


# Full Tilt tournament headers put the tournament's name and id before the table in
# one segment; a Matrix tournament's tables are "Match N". A 2013 tournament hand
# has a "Seats: 9" line before the seats.
FULLTILT_MATRIX = """\
Full Tilt Poker Game #710000001: $26 Super Turbo Matrix (810000001), Match 2 - 15/30 - No Limit Hold'em - 10:00:00 ET - 2012/11/23
Seat 1: Ines (1,500)
Seat 2: Jonas (1,500)
Seat 3: Kurt (1,500)
Ines posts the small blind of 15
Jonas posts the big blind of 30
The button is in seat #3
*** HOLE CARDS ***
Kurt raises to 90
Ines folds
Jonas calls 60
*** FLOP *** [8h 5c 2d]
Jonas checks
Kurt bets 120
Jonas calls 120
*** TURN *** [8h 5c 2d] [Kc]
Jonas checks
Kurt checks
*** RIVER *** [8h 5c 2d Kc] [3s]
Jonas checks
Kurt checks
*** SHOW DOWN ***
Jonas shows [8d 7d] a pair of Eights
Kurt mucks
Jonas wins the pot (435)
*** SUMMARY ***
Total pot 435 | Rake 0
Board: [8h 5c 2d Kc 3s]
Seat 1: Ines (small blind) folded before the Flop
Seat 2: Jonas (big blind) showed [8d 7d] and won (435) with a pair of Eights
Seat 3: Kurt (button) mucked
"""

FULLTILT_SEATS_COUNT = """\
Full Tilt Poker Game #710000002: $50 Turbo Rush (810000002), Table 4 - 80/160 - No Limit Hold'em - 20:00:00 ET - 2013/01/12
Seats: 9
Seat 1: Lars (3,000)
Seat 2: Mila (2,500)
Seat 5: Nora (4,210)
Mila posts the small blind of 80
Nora posts the big blind of 160
The button is in seat #1
*** HOLE CARDS ***
Lars raises to 320
Mila calls 240
Nora folds
*** FLOP *** [Qs Td 4c]
Mila checks
Lars bets 400
Mila folds
Uncalled bet of 400 returned to Lars
Lars mucks
Lars wins the pot (800)
*** SUMMARY ***
Total pot 800 | Rake 0
Board: [Qs Td 4c]
Seat 1: Lars (button) collected (800), mucked
Seat 2: Mila (small blind) folded on the Flop
Seat 5: Nora (big blind) folded before the Flop
"""


def test_a_fulltilt_matrix_hand_reads_its_match_as_the_table() -> None:
    [hand] = list(read_text(FULLTILT_MATRIX))
    assert (hand.site, hand.game, hand.table, hand.tournament) == (
        "fulltilt",
        "holdem",
        "2",
        "810000001",
    )
    [verdict] = list(audit([hand]))
    assert verdict.verdict == "agree"
    # 90 from each of Jonas and Kurt, 120 more each, Ines' 15: 435 to the pair of eights
    assert {p.name: p.resolved for p in verdict.players}["Jonas"] == D(90 + 90 + 120 + 120 + 15)


def test_a_fulltilt_tournament_header_keeps_its_tournament_id() -> None:
    [hand] = list(read_text(FULLTILT_SEATS_COUNT))
    assert (hand.table, hand.tournament, hand.play_money) == ("4", "810000002", False)


def test_a_seats_count_line_before_the_seats_is_not_a_missing_seat_list() -> None:
    [hand] = list(read_text(FULLTILT_SEATS_COUNT))
    # the seats once each, with the stacks listed (not rebuilt from the chips put in)
    assert [(s.number, s.name) for s in hand.seats] == [(1, "Lars"), (2, "Mila"), (5, "Nora")]
    assert hand.stacks == {"Lars": D(3000), "Mila": D(2500), "Nora": D(4210)}
    assert not list(audit([hand]))  # a bet nobody called: no showdown to decide
