"""Line formats and room rules found in real card-room histories, on hand-written samples.

Each sample is written here for the test (no room's file is copied); the
expected payouts are worked out in the test by plain arithmetic.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.errors import HistoryError
from showdown.history import audit, read, read_text
from showdown.history.audit import audit_paths
from showdown.history.games import game_id
from showdown.history.model import Hand

# An early (2005-style) PokerStars tournament hand: Cy bets more than both
# all-in callers have, and the history writes no "Uncalled bet" line; the
# total pot leaves Cy's unmatched excess out.
NO_UNCALLED_LINE = """\
PokerStars Game #500000001: Tournament #900001, $3.00+$0.30 USD Hold'em No Limit - Level II (15/30) - 2005/03/04 12:00:00 ET
Table '900001 1' Seat #1 is the button
Seat 1: Ava (800 in chips)
Seat 2: Bo (450 in chips)
Seat 3: Cy (2000 in chips)
Bo: posts small blind 15
Cy: posts big blind 30
*** HOLE CARDS ***
Ava: calls 30
Bo: calls 15
Cy: checks
*** FLOP *** [2c 7d 9h]
Bo: checks
Cy: bets 1200
Ava: calls 770 and is all-in
Bo: calls 420 and is all-in
*** TURN *** [2c 7d 9h] [Kd]
*** RIVER *** [2c 7d 9h Kd] [3s]
*** SHOW DOWN ***
Cy: shows [Qs Qd] (a pair of Queens)
Ava: shows [Ah Ac] (a pair of Aces)
Ava collected 700 from side pot
Bo: shows [Kh Ks] (three of a kind, Kings)
Bo collected 1350 from main pot
*** SUMMARY ***
Total pot 2050 Main pot 1350. Side pot 700. | Rake 0
Board [2c 7d 9h Kd 3s]
Seat 1: Ava (button) showed [Ah Ac] and won (700) with a pair of Aces
Seat 2: Bo (small blind) showed [Kh Ks] and won (1350) with three of a kind, Kings
Seat 3: Cy (big blind) showed [Qs Qd] and lost with a pair of Queens
"""

# A raked four-way tie where the room split the pot before the rake and took
# the whole rake from two of the four shares.
UNEVEN_RAKE = """\
PokerStars Game #500000002:  Hold'em No Limit ($0.10/$0.25 USD) - 2008/02/03 21:00:00 ET
Table 'Mira' 9-max Seat #4 is the button
Seat 1: Dee ($20 in chips)
Seat 2: Eli ($20 in chips)
Seat 3: Fay ($20 in chips)
Seat 4: Gus ($20 in chips)
Dee: posts small blind $0.10
Eli: posts big blind $0.25
*** HOLE CARDS ***
Fay: calls $0.25
Gus: raises $0.75 to $1
Dee: calls $0.90
Eli: calls $0.75
Fay: calls $0.75
*** FLOP *** [As Ah Kd]
Dee: checks
Eli: checks
Fay: checks
Gus: checks
*** TURN *** [As Ah Kd] [Kc]
Dee: checks
Eli: checks
Fay: checks
Gus: checks
*** RIVER *** [As Ah Kd Kc] [Qs]
Dee: checks
Eli: checks
Fay: checks
Gus: checks
*** SHOW DOWN ***
Dee: shows [2c 3d] (two pair, Aces and Kings)
Eli: shows [4c 5d] (two pair, Aces and Kings)
Fay: shows [6c 7d] (two pair, Aces and Kings)
Gus: shows [8c 9d] (two pair, Aces and Kings)
Dee collected $1 from pot
Eli collected $1 from pot
Fay collected $0.90 from pot
Gus collected $0.90 from pot
*** SUMMARY ***
Total pot $4 | Rake $0.20
Board [As Ah Kd Kc Qs]
Seat 1: Dee (small blind) showed [2c 3d] and won ($1) with two pair, Aces and Kings
Seat 2: Eli (big blind) showed [4c 5d] and won ($1) with two pair, Aces and Kings
Seat 3: Fay showed [6c 7d] and won ($0.90) with two pair, Aces and Kings
Seat 4: Gus (button) showed [8c 9d] and won ($0.90) with two pair, Aces and Kings
"""


def only_hand(text: str) -> Hand:
    entries = list(read_text(text).entries())
    assert len(entries) == 1
    hand = entries[0]
    assert isinstance(hand, Hand), hand
    return hand


def test_an_unwritten_uncalled_bet_is_returned() -> None:
    hand = only_hand(NO_UNCALLED_LINE)
    # Cy put in 30 + 1200; the most anyone matched is Ava's 30 + 770 = 800
    assert hand.returned() == {"Cy": D(1230 - 800)}
    [verdict] = audit([hand])
    assert verdict.verdict == "agree"
    # main: 450 from each of three = 1350 to Bo (kings); side: (800-450) * 2 = 700 to Ava
    got = {p.name: p.resolved for p in verdict.players}
    assert got == {"Ava": D(700), "Bo": D(1350), "Cy": D(430)}


def test_a_real_shortfall_is_still_an_error() -> None:
    short = NO_UNCALLED_LINE.replace("Bo collected 1350", "Bo collected 1300")
    [entry] = read_text(short).entries()
    assert isinstance(entry, HistoryError)
    assert entry.kind == "does not add up"


def test_a_tied_pot_split_in_the_smallest_chip_agrees_and_names_the_rule() -> None:
    [verdict] = audit(read_text(UNEVEN_RAKE))
    # $4.00 less $0.20 rake = $3.80. In cents four equal shares of $0.95; but every
    # amount of the hand is a multiple of $0.10, and the room split in that chip:
    # 38 chips over four players is 9 each and two odd chips, to the first two
    # winners left of the button (Dee, Eli).
    assert verdict.verdict == "agree"
    assert {p.name: p.resolved for p in verdict.players} == {
        "Dee": D("1.00"), "Eli": D("1.00"), "Fay": D("0.90"), "Gus": D("0.90")
    }  # fmt: skip
    assert "odd chips of 0.10" in str(verdict.reason)


def test_an_ordinary_disagreement_names_no_room_rule() -> None:
    # Gus is paid more than his whole unraked share: no rake rule explains that
    wrong = UNEVEN_RAKE.replace("Fay collected $0.90", "Fay collected $0.70").replace(
        "Gus collected $0.90", "Gus collected $1.10"
    )
    [verdict] = audit(read_text(wrong))
    assert verdict.verdict == "disagree"
    assert "split the pot before the rake" not in str(verdict.reason)


# GGPoker writes a straddle without "posts", as the player's total so far: a
# straddle to $0.10 and then to $0.20 puts in $0.20 in all, not $0.30.
GG_STRADDLES = """\
Poker Hand #SD90000001: ShortDeck No Limit ($0.05) - 2021/05/06 10:00:00
Table 'SDTest' 6-max Seat #1 is the button
Seat 1: Ida ($5 in chips)
Seat 2: Jon ($5 in chips)
Seat 3: Kim ($5 in chips)
Ida: posts the ante $0.05
Jon: posts the ante $0.05
Kim: posts the ante $0.05
Ida: posts button blind $0.05
Jon: straddle $0.10
Jon: straddle $0.20
*** HOLE CARDS ***
Dealt to Ida
Dealt to Jon
Dealt to Kim
Kim: calls $0.20
Ida: calls $0.15
Jon: checks
*** FLOP *** [Ah Kd 9c]
Jon: checks
Kim: checks
Ida: checks
*** TURN *** [Ah Kd 9c] [6s]
Jon: checks
Kim: checks
Ida: checks
*** RIVER *** [Ah Kd 9c 6s] [7h]
Jon: checks
Kim: checks
Ida: checks
Jon: shows [Ac Tc] (Pair of Aces)
Kim: shows [Ks Qs] (Pair of Kings)
Ida: shows [Js Td] (Ace high)
*** SHOWDOWN ***
Jon collected $0.72 from pot
*** SUMMARY ***
Total pot $0.75 | Rake $0.03 | Jackpot $0 | Bingo $0
Board [Ah Kd 9c 6s 7h]
Seat 1: Ida (button) showed [Js Td] and lost with Ace high
Seat 2: Jon showed [Ac Tc] and won ($0.72) with Pair of Aces
Seat 3: Kim showed [Ks Qs] and lost with Pair of Kings
"""


def test_ggpoker_straddle_lines_are_totals() -> None:
    hand = only_hand(GG_STRADDLES)
    # each put in an ante of 0.05 and 0.20 before the flop
    assert hand.contributions() == dict.fromkeys(("Ida", "Jon", "Kim"), D("0.25"))
    [verdict] = audit([hand])
    assert verdict.verdict == "agree"
    assert {p.name: p.resolved for p in verdict.players}["Jon"] == D("0.75") - D("0.03")


# A HandHQ-style PHH hand that reached a showdown but, as those sets do,
# records no winnings and no finishing stacks.
NO_OUTCOME_PHH = """\
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cc', 'p1 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', \
'd db 5s', 'p1 cc', 'p2 cc', 'd db 9h', 'p1 cc', 'p2 cc', 'p1 sm AsAd', 'p2 sm ????']
players = ['Lea', 'Max']
"""


def test_a_phh_hand_without_outcome_is_unsupported_not_an_error(tmp_path: Path) -> None:
    path = tmp_path / "nowin.phh"
    path.write_text(NO_OUTCOME_PHH)
    [verdict] = audit(read(path).entries())
    assert (verdict.verdict, verdict.site, verdict.game) == ("unsupported", "phh", "holdem")
    assert "neither finishing_stacks nor winnings" in str(verdict.reason)


# Two tied winners both cashed out: PokerStars writes no 'collected' line for
# them, only the summary's 'won ($X) ... (pot not awarded as player cashed out)'.
CASHED_OUT_WINNERS = """\
PokerStars Hand #500000003:  Omaha Pot Limit ($0.05/$0.10 USD) - 2023/03/04 10:00:00 ET
Table 'Nash' 6-max Seat #3 is the button
Seat 1: Ned ($10 in chips)
Seat 2: Ola ($10 in chips)
Seat 3: Pia ($4 in chips)
Ned: posts small blind $0.05
Ola: posts big blind $0.10
*** HOLE CARDS ***
Pia: raises $0.20 to $0.30
Ned: raises $0.85 to $1.15
Ola: raises $3.30 to $4.45
Pia: calls $3.70 and is all-in
Ned: calls $3.30
*** FLOP *** [2c 9d Jh]
Ned: bets $5.55 and is all-in
Ola: calls $5.55 and is all-in
*** TURN *** [2c 9d Jh] [Kd]
*** RIVER *** [2c 9d Jh Kd] [3s]
*** SHOW DOWN ***
Ned: shows [As Ks Qh Th] (a straight, Nine to King)
Ola: shows [Ah Kh Qc Tc] (a straight, Nine to King)
Pia: shows [8c 8d 4h 4s] (a pair of Eights)
Ned cashed out the hand for $9.10 | Cash Out Fee $0.09
Ola cashed out the hand for $9.10 | Cash Out Fee $0.09
*** SUMMARY ***
Total pot $24 Main pot $11.50. Side pot $11.10. | Rake $1.40
Board [2c 9d Jh Kd 3s]
Seat 1: Ned (small blind) showed [As Ks Qh Th] and won ($11.30) with a straight, Nine to King (pot not awarded as player cashed out)
Seat 2: Ola (big blind) showed [Ah Kh Qc Tc] and won ($11.30) with a straight, Nine to King (pot not awarded as player cashed out)
Seat 3: Pia (button) showed [8c 8d 4h 4s] and lost with a pair of Eights
"""


def test_winners_who_cashed_out_are_paid_what_the_summary_says() -> None:
    hand = only_hand(CASHED_OUT_WINNERS)
    # main pot 3 * 4.00 = 12.00 less 0.50 rake; side 2 * 6.00 = 12.00 less 0.90
    assert hand.collected() == {"Ned": D("11.30"), "Ola": D("11.30")}
    [verdict] = audit([hand])
    assert verdict.verdict == "agree"
    # each half of 11.50 + 11.10 = 22.60 is 11.30
    assert {p.name: p.resolved for p in verdict.players} == {
        "Ned": D("11.30"),
        "Ola": D("11.30"),
        "Pia": D(0),
    }


def test_a_tournament_header_in_capitals_is_counted_in_chips() -> None:
    hand = only_hand(
        NO_UNCALLED_LINE.replace(
            "Tournament #900001, $3.00+$0.30 USD Hold'em No Limit - Level II",
            "TOURNAMENT #900001, $3+$0.30 HOLD'EM NO LIMIT - LEVEL II",
        )
    )
    assert (hand.tournament, hand.currency, hand.unit) == ("900001", None, D(1))


def test_a_dealt_line_with_a_card_the_room_did_not_write_keeps_the_others() -> None:
    # PokerStars once wrote '[of]' in place of a stud river card
    text = """\
PokerStars Hand #500000004: Tournament #900002, $1.00+$0.10 USD 7 Card Stud Limit - Level I (10/20) - 2013/01/02 10:00:00 ET
Table '900002 1' 8-max
Seat 1: Rae (500 in chips)
Seat 2: Sol (35 in chips)
Rae: posts the ante 5
Sol: posts the ante 5
*** 3rd STREET ***
Dealt to Rae [Kh Kd Kc]
Dealt to Sol [2d]
Sol: brings in for 5
Rae: raises 15 to 20
Sol: calls 15
*** 4th STREET ***
Dealt to Rae [Kh Kd Kc] [3s]
Dealt to Sol [2d] [4s]
Rae: bets 10
Sol: calls 10 and is all-in
*** 5th STREET ***
Dealt to Rae [Kh Kd Kc 3s] [5h]
Dealt to Sol [2d 4s] [6h]
*** 6th STREET ***
Dealt to Rae [Kh Kd Kc 3s 5h] [7c]
Dealt to Sol [2d 4s 6h] [8c]
*** RIVER ***
Dealt to Rae [Kh Kd Kc 3s 5h 7c] [of]
*** SHOW DOWN ***
Rae: shows [Kh Kd Kc] (three of a kind, Kings)
Sol: shows [9c Ts 2d 4s 6h 8c Jd] (high card Jack)
Rae collected 70 from pot
*** SUMMARY ***
Total pot 70 | Rake 0
Seat 1: Rae showed [Kh Kd Kc] and won (70) with three of a kind, Kings
Seat 2: Sol showed [9c Ts 2d 4s 6h 8c Jd] and lost with high card Jack
"""
    hand = only_hand(text)
    [dealt] = [s for s in hand.dealt if s.player == "Rae"]
    assert len(dealt.cards) == 6  # the unreadable seventh card is left out
    [verdict] = audit([hand])
    # Rae's six known cards hold three Kings, more than Sol's seven make,
    # whatever the unwritten card: the showdown is decided
    assert verdict.verdict == "agree"
    assert "Rae (6 of 7)" in str(verdict.reason)
    pot = (5 + 20 + 10) * 2  # antes, third street, fourth street, from each
    assert {p.name: p.resolved for p in verdict.players} == {"Rae": D(pot), "Sol": D(0)}


# A Holdem Manager export writes a card it does not know as 'XX': Kit shows
# only one card of two. The hand still reaches a showdown; whatever Kit's other
# card is, a pair of aces beats him (no card pairs his 3c with the board, and no
# straight or flush is possible), so he loses.
HIDDEN_CARD = """\
PokerStars Game #500000005: Hold'em No Limit ($0.50/$1) - 2009/11/02 - 20:15:00 (ET)
Table 'Orrery' 6-max Seat #1 is the button
Seat 1: Jo ($80 in chips)
Seat 2: Kit ($55.50 in chips)
Seat 3: Lu ($100 in chips)
Kit: posts small blind $0.50
Lu: posts big blind $1
*** HOLE CARDS ***
Jo: raises $2 to $3
Kit: calls $2.50
Lu: folds
*** FLOP *** [2s 7d 9h]
Kit: checks
Jo: bets $4
Kit: calls $4
*** TURN *** [2s 7d 9h] [Jc]
Kit: checks
Jo: checks
*** RIVER *** [2s 7d 9h Jc] [Kd]
Kit: bets $10
Jo: calls $10
*** SHOW DOWN ***
Kit: shows [XX 3c] ()
Jo: shows [Ah Ad] (a pair of Aces)
Jo collected $34 from pot
*** SUMMARY ***
Total pot $35 | Rake $1
Board [2s 7d 9h Jc Kd]
Seat 1: Jo (button) showed [Ah Ad] and won ($34) with a pair of Aces
Seat 2: Kit (small blind) showed [XX 3c] and lost
Seat 3: Lu (big blind) folded before Flop
"""


def test_an_exports_unknown_card_is_left_out_of_a_showing() -> None:
    hand = only_hand(HIDDEN_CARD)
    [kit] = [s for s in hand.showings if s.player == "Kit" and not s.mucked]
    assert [str(card) for card in kit.cards] == ["3c"]
    [verdict] = audit([hand])
    assert verdict.verdict == "agree", verdict.reason
    # each of Jo and Kit put in 3 + 4 + 10 = 17, Lu his big blind 1: 35, less 1 rake
    assert {p.name: p.resolved for p in verdict.players} == {
        "Jo": D(17 + 17 + 1 - 1), "Kit": D(0), "Lu": D(0)
    }  # fmt: skip


# PokerStars' histories sent by email put a numbered line of stars before each
# hand, the first line of the file included; the byte-range reader of
# ``showdown audit`` must skip it as the line reader does.
EMAILED = """\
*********** # 1 **************
PokerStars Hand #410000000001:  Hold'em No Limit ($0.10/$0.25 USD) - 2024/05/06 21:00:00 ET
Table 'Nemo' 6-max Seat #1 is the button
Seat 1: Wren ($20 in chips)
Seat 2: Ilse ($25 in chips)
Ilse: posts small blind $0.10
Wren: posts big blind $0.25
*** HOLE CARDS ***
Ilse: raises $0.50 to $0.75
Wren: calls $0.50
*** FLOP *** [2d 9s Kc]
Wren: checks
Ilse: checks
*** TURN *** [2d 9s Kc] [4h]
Wren: checks
Ilse: checks
*** RIVER *** [2d 9s Kc 4h] [7c]
Wren: checks
Ilse: checks
*** SHOW DOWN ***
Wren: shows [Kd Js] (a pair of Kings)
Ilse: mucks hand
Wren collected $1.43 from pot
*** SUMMARY ***
Total pot $1.50 | Rake $0.07
Board [2d 9s Kc 4h 7c]
Seat 1: Wren (button) (big blind) showed [Kd Js] and won ($1.43) with a pair of Kings
Seat 2: Ilse (small blind) mucked [5s 3s]
"""


def test_an_emailed_history_with_a_separator_first_is_no_stray_text(tmp_path: Path) -> None:
    path = tmp_path / "emailed.txt"
    path.write_text("\ufeff" + EMAILED + "\n\n" + EMAILED.replace("# 1 ", "# 2 "), encoding="utf-8")
    results = list(audit_paths([str(path)]))
    verdicts = [v for part, _ in results for v in part]
    skipped = sum((tally.skipped for _, tally in results), Counter[str]())
    assert [v.verdict for v in verdicts] == ["agree", "agree"]
    assert verdicts[0].players[0].recorded == D("1.43")
    assert skipped["not a history"] == 0


# A PokerStars Home Game names its club in braces before the game: free text that
# may name another game ('Stud') or hold stakes of its own ('2/4').
HOME_GAME = """\
PokerStars Home Game Hand #410000000002: {Stud & Razz Club 2/4} Hold'em No Limit (10/20) - 2024/05/07 22:00:00 ET
Table 'Club Night' 9-max (Play Money) Seat #1 is the button
Seat 1: Wren (2000 in chips)
Seat 2: Ilse (1500 in chips)
Seat 3: Otto (900 in chips)
Ilse: posts small blind 10
Otto: posts big blind 20
*** HOLE CARDS ***
Wren: raises 40 to 60
Ilse: folds
Otto: raises 840 to 900 and is all-in
Wren: calls 840
*** FLOP *** [3c 8d Qs]
*** TURN *** [3c 8d Qs] [5h]
*** RIVER *** [3c 8d Qs 5h] [Kc]
*** SHOW DOWN ***
Otto: shows [Qd Qh] (three of a kind, Queens)
Wren: shows [Ac Kd] (a pair of Kings)
Otto collected 1810 from pot
*** SUMMARY ***
Total pot 1810 | Rake 0
Board [3c 8d Qs 5h Kc]
Seat 1: Wren (button) showed [Ac Kd] and lost with a pair of Kings
Seat 2: Ilse (small blind) folded before Flop
Seat 3: Otto (big blind) showed [Qd Qh] and won (1810) with three of a kind, Queens
"""


def test_a_home_games_club_name_names_neither_the_game_nor_the_stakes() -> None:
    [hand] = read_text(HOME_GAME)
    assert (hand.game, hand.stakes, hand.limit, hand.play_money) == (
        "holdem", "10/20", "No Limit", True
    )  # fmt: skip
    [verdict] = audit([hand])
    # Ilse's 10, then 900 from Otto and Wren each
    assert verdict.verdict == "agree"
    assert {p.name: p.resolved for p in verdict.players}["Otto"] == D(1810)


# PokerStars' Fusion: two hole cards before the flop, a third with the flop, a
# fourth with the turn; the showdown is played as Omaha's.
FUSION = """\
PokerStars Hand #410000000003:  Fusion Pot Limit ($0.10/$0.25 USD) - 2024/05/08 20:00:00 ET
Table 'Tethys' 6-max Seat #2 is the button
Seat 1: Wren ($25 in chips)
Seat 2: Ilse ($25 in chips)
Wren: posts small blind $0.10
Ilse: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Wren [Ah Kd]
Wren: raises $0.50 to $0.75
Ilse: calls $0.50
*** FLOP *** [Ad 7h 3c]
Dealt to Wren [Ah Kd] [9s]
Ilse: checks
Wren: bets $1
Ilse: calls $1
*** TURN *** [Ad 7h 3c] [Kc]
Dealt to Wren [Ah Kd 9s] [3d]
Ilse: checks
Wren: checks
*** RIVER *** [Ad 7h 3c Kc] [5s]
Ilse: bets $2
Wren: calls $2
*** SHOW DOWN ***
Ilse: shows [6d 4h Qs Qc] (a straight, Three to Seven)
Wren: shows [Ah Kd 9s 3d] (two pair, Aces and Kings)
Ilse collected $7.22 from pot
*** SUMMARY ***
Total pot $7.50 | Rake $0.28
Board [Ad 7h 3c Kc 5s]
Seat 1: Wren (small blind) showed [Ah Kd 9s 3d] and lost with two pair, Aces and Kings
Seat 2: Ilse (button) (big blind) showed [6d 4h Qs Qc] and won ($7.22) with a straight, Three to Seven
"""


def test_a_fusion_hand_is_decided_as_omaha() -> None:
    [hand] = read_text(FUSION)
    assert hand.game == "omaha"
    [verdict] = audit([hand])
    # 0.75, 1 and 2 from each: 7.50, less 0.28 rake. Ilse's 6-4 with the board's
    # 7-5-3 is a straight; Wren's A-K with the board's A-K-7 two pair
    assert verdict.verdict == "agree"
    assert {p.name: p.resolved for p in verdict.players} == {"Wren": D(0), "Ilse": D("7.22")}


# A GGPoker tournament hand of five-card Omaha: GGPoker's tournament header
# names the game "Omaha5 Pot Limit" after the tournament's own name, which
# here says nothing of the cards.
GG_OMAHA5_TOURNAMENT = """\
Poker Hand #TM310000001: Tournament #320000001, Evening Bounty $5 Omaha5 Pot Limit - Level7(100/200(25)) - 2026/03/14 21:05:00
Table '4' 6-max Seat #1 is the button
Seat 1: Nola (4,000 in chips)
Seat 2: Obi (4,000 in chips)
Seat 3: Pim (4,000 in chips)
Nola: posts the ante 25
Obi: posts the ante 25
Pim: posts the ante 25
Obi: posts small blind 100
Pim: posts big blind 200
*** HOLE CARDS ***
Dealt to Nola
Dealt to Obi
Dealt to Pim
Nola: folds
Obi: calls 100
Pim: checks
*** FLOP *** [3d 8s Jc]
Obi: bets 300
Pim: calls 300
*** TURN *** [3d 8s Jc] [Qh]
Obi: checks
Pim: checks
*** RIVER *** [3d 8s Jc Qh] [4c]
Obi: checks
Pim: checks
Obi: shows [Td 9d 2s 2h 7c] (a straight, Eight to Queen)
Pim: shows [Qs Qd 5h 6s Ah] (Three Queens)
*** SHOWDOWN ***
Obi collected 1,075 from pot
*** SUMMARY ***
Total pot 1,075 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Board [3d 8s Jc Qh 4c]
Seat 1: Nola (button) folded before Flop (didn't bet)
Seat 2: Obi (small blind) showed [Td 9d 2s 2h 7c] and won (1,075) with a straight, Eight to Queen
Seat 3: Pim (big blind) showed [Qs Qd 5h 6s Ah] and lost with Three Queens
"""


def test_a_ggpoker_omaha5_tournament_header_is_five_card_omaha(tmp_path: Path) -> None:
    [hand] = read_text(GG_OMAHA5_TOURNAMENT)
    assert hand.game == "omaha5"
    [verdict] = audit([hand])
    # three antes of 25, 200 from each blind, 300 more from each: 1,075. Obi's T-9
    # with the board's Q-J-8 is a straight; Pim's Q-Q with Q-J-8 three Queens
    assert verdict.verdict == "agree"
    assert {p.name: p.resolved for p in verdict.players} == {
        "Nola": D(0),
        "Obi": D(1075),
        "Pim": D(0),
    }
    path = tmp_path / "gg_omaha5.txt"
    path.write_text(GG_OMAHA5_TOURNAMENT, encoding="utf-8")
    [lean] = [v for part, _ in audit_paths([str(path)]) for v in part]
    assert (lean.hand, lean.verdict, lean.players) == (
        verdict.hand,
        verdict.verdict,
        verdict.players,
    )


@pytest.mark.parametrize(
    ("header", "game"),
    [
        ("Poker Hand #TM1: Tournament #2, Sunday $5 Omaha5 Pot Limit - Level1(10/20)", "omaha5"),
        ("Poker Hand #TM1: Tournament #2, Sunday $5 Omaha6 Pot Limit - Level1(10/20)", "omaha6"),
        (
            "Poker Hand #TM1: Tournament #2, Big Omaha6 Hi/Lo Pot Limit - Level1(10/20)",
            "omaha6_hilo",
        ),
        ("Poker Hand #OM1: PLO-6 ($0.5/$1) - 2024/01/01 10:00:00", "omaha6"),
        ("Poker Hand #OM1: PLO6 ($0.5/$1) - 2024/01/01 10:00:00", "omaha6"),
        ("Poker Hand #OM1: PLO-6 Hi/Lo ($0.5/$1) - 2024/01/01 10:00:00", "omaha6_hilo"),
        ("Poker Hand #OM1: PLO-5 ($0.5/$1) - 2024/01/01 10:00:00", "omaha5"),
        ("Poker Hand #OM1: Omaha Pot Limit ($0.5/$1) - 2024/01/01 10:00:00", "omaha"),
    ],
)
def test_ggpoker_names_of_five_and_six_card_omaha(header: str, game: str) -> None:
    assert game_id(header)[0] == game


@pytest.mark.parametrize(
    ("words", "game"),
    [
        ("Limit Omaha Hi-Lo", "omaha_hilo"),
        ("Limit Stud Hi-Lo", "stud_hilo"),
        ("5 Card Omaha Hi-Lo", "omaha5_hilo"),
        ("Big Omaha6 Hi/Lo Pot Limit", "omaha6_hilo"),
        # games showdown does not deal keep their own names (KingsClub deals them)
        ("2-7 Razz", "deuce_to_seven_razz"),
        ("2-7 Drawmaha", "drawmaha"),
        ("Badeucey", "badeucey"),
        ("Razz", "razz"),
        ("2-7 Triple Draw", "deuce_to_seven"),
    ],
)
def test_hyphenated_hi_lo_and_games_not_dealt(words: str, game: str) -> None:
    assert game_id(words)[0] == game


@pytest.mark.parametrize(
    ("header", "game"),
    [
        # a GGPoker tournament's own name may name another game than the level's
        (
            "Poker Hand #TM1: Tournament #2, NLH/PLO Mixed $50 Hold'em No Limit - Level3(50/100)",
            "holdem",
        ),
        (
            "Poker Hand #TM1: Tournament #2, NLH/PLO Mixed $50 Omaha Pot Limit - Level4(60/120)",
            "omaha",
        ),
        ("Poker Hand #TM1: Tournament #2, PLO Warm-Up Hold'em No Limit - Level1(10/20)", "holdem"),
        (
            "Poker Hand #TM1: Tournament #2, Omaholic $8.40 Omaha (NL postflop) - Level1(10/20)",
            "omaha",
        ),
        (
            "Poker Hand #TM1: Tournament #2, Hold'em Classic $5 Omaha5 Pot Limit - Level1(10/20)",
            "omaha5",
        ),
        # PokerStars names no tournament; its game names of several words stay whole
        (
            "PokerStars Hand #1: Tournament #2, $5+$0.50 USD 5 Card Omaha Hi/Lo Pot Limit - Level I (10/20)",
            "omaha5_hilo",
        ),
        (
            "PokerStars Hand #1: Tournament #2, $5+$0.50 USD 6 Card Omaha Pot Limit - Level I (10/20)",
            "omaha6",
        ),
        (
            "PokerStars Hand #1: Tournament #2, $3+$0.30 USD 6+ Hold'em No Limit - Level I (10/20)",
            "sixplus",
        ),
        (
            "PokerStars Hand #1: Tournament #2, $3+$0.30 USD Courchevel Hi/Lo Pot Limit - Level I (10/20)",
            "courchevel_hilo",
        ),
        (
            "PokerStars Hand #1: Tournament #2, $3+$0.30 USD 7 Card Stud Hi/Lo Limit - Level I (10/20)",
            "stud_hilo",
        ),
        (
            "PokerStars Hand #1: Tournament #2, $3+$0.30 USD 5 Card Stud Limit - Level I (10/20)",
            "five_card_stud",
        ),
        (
            "PokerStars Hand #1: Tournament #2, $3+$0.30 USD Triple Draw 2-7 Lowball Limit - Level I (10/20)",
            "deuce_to_seven",
        ),
        (
            "PokerStars Hand #1: Tournament #2, $3+$0.30 USD HORSE (Razz Limit) - Level I (10/20)",
            "razz",
        ),
        (
            "PokerStars Hand #1: Tournament #2, Freeroll  Hold'em No Limit - Level I (10/20)",
            "holdem",
        ),
    ],
)
def test_a_tournament_header_names_its_game_after_the_tournaments_name(
    header: str, game: str
) -> None:
    assert game_id(header)[0] == game


# PokerStars India writes rupee amounts with "Rs. " before them, everywhere.
RUPEES = """\
PokerStars Hand #600000001:  Hold'em No Limit (Rs. 1/Rs. 2 INR) - 2023/06/14 20:33:40 IST [2023/06/14 11:03:40 ET]
Table 'Kaveri' 6-max Seat #1 is the button
Seat 1: Ravi (Rs. 150 in chips)
Seat 2: Sita (Rs. 210.50 in chips)
Seat 3: Tara (Rs. 90 in chips)
Sita: posts small blind Rs. 1
Tara: posts big blind Rs. 2
*** HOLE CARDS ***
Ravi: raises Rs. 4 to Rs. 6
Sita: calls Rs. 5
Tara: folds
*** FLOP *** [9c 4d 2h]
Sita: bets Rs. 20.25
Ravi: raises Rs. 40 to Rs. 60.25
Sita: calls Rs. 40
*** TURN *** [9c 4d 2h] [Kd]
Sita: bets Rs. 83.75
Ravi: calls Rs. 83.75 and is all-in
*** RIVER *** [9c 4d 2h Kd] [7s]
*** SHOW DOWN ***
Sita: shows [Kh Ks] (three of a kind, Kings)
Ravi: shows [9h 9s] (three of a kind, Nines)
Sita collected Rs. 285 from pot
*** SUMMARY ***
Total pot Rs. 302 | Rake Rs. 17
Board [9c 4d 2h Kd 7s]
Seat 1: Ravi (button) showed [9h 9s] and lost with three of a kind, Nines
Seat 2: Sita (small blind) showed [Kh Ks] and won (Rs. 285) with three of a kind, Kings
Seat 3: Tara (big blind) folded before Flop
"""


def test_rupee_amounts_written_rs_are_read(tmp_path: Path) -> None:
    hand = only_hand(RUPEES)
    assert (hand.currency, hand.unit, hand.stakes) == ("INR", D("0.01"), "Rs. 1/Rs. 2")
    assert hand.stacks["Sita"] == D("210.50")
    # Ravi is all in for 150; Sita matches it; Tara's 2: 302, 17 raked
    assert hand.contributions() == {"Ravi": D(150), "Sita": D(150), "Tara": D(2)}
    [verdict] = audit([hand])
    assert verdict.verdict == "agree"
    assert {p.name: p.resolved for p in verdict.players}["Sita"] == D(302 - 17)
    path = tmp_path / "rupees.txt"
    path.write_text(RUPEES, encoding="utf-8")
    [lean] = [v for part, _ in audit_paths([str(path)]) for v in part]  # the command's path
    assert (lean.verdict, lean.hand) == ("agree", "600000001")
