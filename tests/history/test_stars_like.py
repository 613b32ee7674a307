"""Rooms that write PokerStars' layout under their own header: Run It Once Poker, CoinPoker,
and PokerStars India's rupee amounts, on hand-written samples.

Each sample is written here for the test in the room's layout (learnt from real
histories; no room's file is copied); the expected payouts are worked out in the
test by plain arithmetic.
"""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.errors import HistoryError
from showdown.history import audit, read_text
from showdown.history.audit import audit_hand, audit_paths
from showdown.history.model import ActionKind, Hand


def only_hand(text: str) -> Hand:
    reader = read_text(text)
    hands = list(reader)
    assert not reader.errors, reader.errors
    [hand] = hands
    return hand


def only_error(text: str) -> HistoryError:
    entries = list(read_text(text).entries())
    [error] = [e for e in entries if isinstance(e, HistoryError)]
    return error


# Run It Once Poker: its own header and table line, a splash of the pot by the house
# ('STP added'), showdown lines without the colon, and the pots on the 'Total pot' line.
RIO_SPLASH = """\
Run It Once Poker Hand #40000001:  Hold'em No Limit (€0.10/€0.25) - 2020/03/01 18:00 UTC [2020/03/01 19:00 CET]
Table ID '40000000' 6-Max Seat #1 is the button
Seat 1: Orla (€20 in chips)
Seat 2: Pim (€25 in chips) [hero]
Seat 4: Quill (€8.50 in chips)
Pim: posts small blind €0.10
Quill: posts big blind €0.25
*** HOLE CARDS ***
STP added: €1
Dealt to Orla [Ah Kh]
Dealt to Pim [9c 9d]
Dealt to Quill [2s 3s]
Orla: raises €0.50 to €0.75
Pim: calls €0.65
Quill: folds
*** FLOP *** [Ks 7d 2c]
Pim: checks
Orla: bets €1.20
Pim: calls €1.20
*** TURN *** [Ks 7d 2c] [5h]
Pim: checks
Orla: checks
*** RIVER *** [Ks 7d 2c 5h] [Jd]
Pim: bets €2
Orla: calls €2
*** SHOWDOWN ***
Orla shows [Ah Kh] for Pair [Ks Kh Ah Jd 7d]
Orla collected €8.80 from pot
*** SUMMARY ***
Total pot €9.15 | Main pot €8.15 | STP €1 | Rake €0.35
Board [Ks 7d 2c 5h Jd]
Seat 1: Orla (button) showed [Ah Kh] and won €8.80 with Pair of K and A J 7
Seat 2: Pim (small blind) mucked [9c 9d] and lost
Seat 4: Quill (big blind) folded before Flop
"""


def test_run_it_once_is_read_under_its_own_site() -> None:
    hand = only_hand(RIO_SPLASH)
    assert (hand.site, hand.hand_id, hand.game, hand.limit) == (
        "runitonce",
        "40000001",
        "holdem",
        "No Limit",
    )
    assert (hand.table, hand.max_seats, hand.button, hand.currency) == ("40000000", 6, 1, "EUR")
    # Orla and Pim put in 0.75 + 1.20 + 2 each, Quill his big blind; the house adds 1
    assert hand.contributions() == {"Orla": D("3.95"), "Pim": D("3.95"), "Quill": D("0.25")}
    assert hand.added == D(1)
    # the rake is the Rake part only: the main pot and the splash are no share of the house's
    assert hand.rake == D("0.35")
    assert hand.total_pot == D("9.15")
    # 3.95 + 3.95 + 0.25 + 1 = 9.15 in the pot, 0.35 raked: Orla is paid 8.80
    assert hand.collected() == {"Orla": D("9.15") - D("0.35")}
    assert {s.player: s.mucked for s in hand.showings} == {"Orla": False, "Pim": True}
    verdict = audit_hand(hand)
    assert verdict.verdict == "agree", verdict.reason


RIO_TOURNAMENT_SPLIT = """\
Run It Once Poker Hand #40000002: Tournament #200001, €4.69+€0.31 Cub3d, Hold'em No Limit (15/30) - 2021/05/01 20:00 UTC [2021/05/01 21:00 CET]
Table ID '40000010' 3-Max Seat #1 is the button
Seat 1: Rhea (600 in chips) [hero]
Seat 3: Sol (450 in chips)
Seat 5: Tam (500 in chips)
Sol: posts small blind 15
Tam: posts big blind 30
*** HOLE CARDS ***
Dealt to Rhea [Ac Qd]
Rhea: raises 30 to 60
Sol: calls 45
Tam: folds
*** FLOP *** [As Qs 4h]
Sol: checks
Rhea: bets 90
Sol: calls 90
*** TURN *** [As Qs 4h] [8c]
Sol: checks
Rhea: checks
*** RIVER *** [As Qs 4h 8c] [2d]
Sol: checks
Rhea: checks
*** SHOWDOWN ***
Sol shows [Ah Qh] for Two Pair [As Ah Qs Qh 8c]
Rhea shows [Ac Qd] for Two Pair [As Ac Qs Qd 8c]
Sol collected 165 from pot
Rhea collected 165 from pot
*** SUMMARY ***
Total pot 330 | Rake 0
Board [As Qs 4h 8c 2d]
Seat 1: Rhea (button) showed [Ac Qd] and won 165 with Two Pair A's and Q's
Seat 3: Sol (small blind) showed [Ah Qh] and won 165 with Two Pair A's and Q's
Seat 5: Tam (big blind) folded before Flop
"""


def test_a_run_it_once_tournament_split_pot() -> None:
    hand = only_hand(RIO_TOURNAMENT_SPLIT)
    assert (hand.site, hand.tournament, hand.currency, hand.max_seats) == (
        "runitonce",
        "200001",
        None,
        3,
    )
    # 60 + 60 + 30 preflop, 90 + 90 on the flop: 330, the same two pair, half each
    assert hand.collected() == {"Sol": D(330) / 2, "Rhea": D(330) / 2}
    assert audit_hand(hand).verdict == "agree"


def test_a_run_it_once_hand_cut_off_is_an_error() -> None:
    text = RIO_SPLASH.split("*** SUMMARY ***")[0]
    assert only_error(text).kind == "cut off"


# CoinPoker: anonymous names, tethers, 'ALLIN' (the chips put in more) and 'RETURN' (the
# uncalled part given back), a splash fee beside the rake.
COIN_ALL_IN = """\
CoinPoker Hand #20000001: NLH (₮0.50/₮1) 2026/05/02 21:10:00 +08
Table '300001' 6-max Seat #1 is the button
Seat 1: a1b2c3d4 (₮30 in chips)
Seat 2: Hero (₮100 in chips)
Seat 3: e5f6a7b8 (₮60 in chips)
Hero: posts small blind ₮0.50
e5f6a7b8: posts big blind ₮1
*** HOLE CARDS ***
Dealt to a1b2c3d4
Dealt to Hero [Ah Ad]
Dealt to e5f6a7b8
a1b2c3d4: ALLIN ₮30
Hero: ALLIN ₮99.50
e5f6a7b8: ALLIN ₮59
Hero: RETURN ₮40
*** FLOP *** [Qh 7s 2d]
*** TURN *** [Qh 7s 2d] [9c]
*** RIVER *** [Qh 7s 2d 9c] [4h]
*** SHOWDOWN ***
a1b2c3d4: shows [Kc Kd] (One Pair)
Hero: shows [Ah Ad] (One Pair)
e5f6a7b8: shows [Qs Jc] (One Pair)
Hero collected ₮147.90 from pot
*** SUMMARY ***
Total pot ₮150 | Rake ₮1.60 | Splash Fee ₮0.50
Hand was run once
Board [ Qh 7s 2d 9c 4h ]
Game ended: 2026/05/02 21:10:31 +08
Seat 1: a1b2c3d4 showed [Kc Kd] and lost with One Pair
Seat 2: Hero showed [Ah Ad] and won (₮147.90)
Seat 3: e5f6a7b8 showed [Qs Jc] and lost with One Pair
"""


def test_coinpoker_all_in_and_return() -> None:
    hand = only_hand(COIN_ALL_IN)
    assert (hand.site, hand.hand_id, hand.game, hand.limit) == (
        "coinpoker",
        "20000001",
        "holdem",
        "No Limit",
    )
    assert (hand.currency, hand.unit, hand.play_money, hand.stakes) == (
        "USDT",
        D("0.01"),
        False,
        "₮0.50/₮1",
    )
    kinds = [(a.player, a.kind, a.amount, a.to) for a in hand.actions if a.all_in]
    assert kinds == [
        ("a1b2c3d4", ActionKind.RAISE, D(30), D(30)),  # 30 over the big blind's 1
        ("Hero", ActionKind.RAISE, D("99.50"), D(100)),  # 0.50 posted + 99.50
        ("e5f6a7b8", ActionKind.CALL, D(59), None),  # 1 posted + 59: less than 100
    ]
    # Hero's 100 is matched to 60 only: 40 back; 30 + 60 + 60 = 150 in the pot
    assert hand.returned() == {"Hero": D(40)}
    assert hand.contributions() == {"a1b2c3d4": D(30), "Hero": D(100), "e5f6a7b8": D(60)}
    # the rake and the splash fee are the house's: 1.60 + 0.50
    assert hand.rake == D("2.10")
    assert hand.collected() == {"Hero": D(150) - D("2.10")}
    assert audit_hand(hand).verdict == "agree"


COIN_SPLIT_WITH_ANTES = """\
CoinPoker Hand #20000002: NLH (₮0.10/₮0.25/₮0.05) 2026/05/02 21:12:00 +08
Table '300002' 6-max Seat #2 is the button
Seat 2: 0a0b0c0d (₮25 in chips)
Seat 3: Hero (₮25 in chips)
Seat 5: 9f8e7d6c (₮12.40 in chips)
0a0b0c0d: posts ante ₮0.05
Hero: posts ante ₮0.05
9f8e7d6c: posts ante ₮0.05
Hero: posts small blind ₮0.10
9f8e7d6c: posts big blind ₮0.25
*** HOLE CARDS ***
Dealt to 0a0b0c0d
Dealt to Hero [Ac Td]
Dealt to 9f8e7d6c
0a0b0c0d: folds
Hero: raises ₮0.50 to ₮0.75
9f8e7d6c: calls ₮0.50
*** FLOP *** [As Th 3c]
Hero: bets ₮1
9f8e7d6c: raises ₮2 to ₮3
Hero: calls ₮2
*** TURN *** [As Th 3c] [3d]
Hero: checks
9f8e7d6c: checks
*** RIVER *** [As Th 3c 3d] [Ks]
Hero: checks
9f8e7d6c: checks
*** SHOWDOWN ***
Hero: shows [Ac Td] (Two Pair)
9f8e7d6c: shows [Ah Tc] (Two Pair)
Hero collected ₮3.61 from pot
9f8e7d6c collected ₮3.61 from pot
*** SUMMARY ***
Total pot ₮7.65 | Rake ₮0.38 | Splash Fee ₮0.05
Hand was run once
Board [ As Th 3c 3d Ks ]
Game ended: 2026/05/02 21:12:49 +08
Seat 2: 0a0b0c0d folded before Flop (didn't bet)
Seat 3: Hero showed [Ac Td] and won (₮3.61)
Seat 5: 9f8e7d6c showed [Ah Tc] and won (₮3.61)
"""


def test_coinpoker_split_pot_with_antes() -> None:
    hand = only_hand(COIN_SPLIT_WITH_ANTES)
    # three antes of 0.05, then 0.75 + 3 from each of the two who went to the river
    assert sum(hand.contributions().values()) == 3 * D("0.05") + 2 * (D("0.75") + D(3))
    assert hand.rake == D("0.38") + D("0.05")
    # 7.65 less 0.43 is 7.22: half each
    assert hand.collected() == {"Hero": D("7.22") / 2, "9f8e7d6c": D("7.22") / 2}
    assert audit_hand(hand).verdict == "agree"


def test_a_coinpoker_hand_that_does_not_add_up() -> None:
    text = COIN_ALL_IN.replace("Hero collected ₮147.90", "Hero collected ₮149.90")
    assert only_error(text).kind == "does not add up"


# PokerStars India writes rupees 'Rs. 25' everywhere, the summary's pot list too.
RUPEE_SIDE_POT = """\
PokerStars Hand #600000002:  Hold'em No Limit (Rs. 25/Rs. 50 INR) - 2023/06/14 20:33:40 IST [2023/06/14 11:03:40 ET]
Table 'Godavari' 6-max Seat #1 is the button
Seat 1: Ravi (Rs. 1,500 in chips)
Seat 2: Sita (Rs. 5000 in chips)
Seat 3: Tara (Rs. 900 in chips)
Sita: posts small blind Rs. 25
Tara: posts big blind Rs. 50
*** HOLE CARDS ***
Ravi: raises Rs. 1450 to Rs. 1500 and is all-in
Sita: calls Rs. 1475
Tara: calls Rs. 850 and is all-in
*** FLOP *** [9c 4d 2h]
*** TURN *** [9c 4d 2h] [Kd]
*** RIVER *** [9c 4d 2h Kd] [7s]
*** SHOW DOWN ***
Sita: shows [Kh Ks] (three of a kind, Kings)
Ravi: shows [9h 9s] (three of a kind, Nines)
Sita collected Rs. 1200 from side pot
Tara: shows [2c 2s] (three of a kind, Deuces)
Sita collected Rs. 2600 from main pot
*** SUMMARY ***
Total pot Rs. 3900 Main pot Rs. 2600. Side pot Rs. 1200. | Rake Rs. 100
Board [9c 4d 2h Kd 7s]
Seat 1: Ravi (button) showed [9h 9s] and lost with three of a kind, Nines
Seat 2: Sita (small blind) showed [Kh Ks] and won (Rs. 3800) with three of a kind, Kings
Seat 3: Tara (big blind) showed [2c 2s] and lost with three of a kind, Deuces
"""


def test_rupee_stakes_and_pots_are_read(tmp_path: Path) -> None:
    hand = only_hand(RUPEE_SIDE_POT)
    assert (hand.currency, hand.stakes) == ("INR", "Rs. 25/Rs. 50")
    # Tara is all in for 900: a main pot of 3 x 900, a side pot of 2 x (1500 - 900)
    assert hand.pots == (D(3 * 900 - 100), D(2 * (1500 - 900)))
    assert hand.rake == D(100)
    assert audit_hand(hand).verdict == "agree"
    path = tmp_path / "rupees.txt"
    path.write_text(RUPEE_SIDE_POT, encoding="utf-8")
    [lean] = [v for part, _ in audit_paths([str(path)]) for v in part]  # the command's path
    assert (lean.verdict, lean.hand) == ("agree", "600000002")


# BetOnline: the blinds and the button marked after the seat, antes 'ante processed'
# (0.00 without them), a new player's 'post now', ranks '10', showdowns 'Rex shows Ah Kh',
# no 'collected' line (the summary says it), the summary's total and board written twice.
BETONLINE_CASH = """\
BetOnline Poker Game #1700000001: Hold'em No Limit ($0.25/0.50) - 2016/06/01 21:00:00 Eastern Daylight Time
Table 'Casablanca' 10-Max, Seat #2 is the button
Seat 1: Nell (30.00 in chips)
Seat 2: Otto (42.10 in chips) - The button
Seat 3: Pia (25.00 in chips) - Small Blind
Seat 4: Rex (18.40 in chips) - Big Blind
Seat 5: Sue (12.00 in chips) - Sitting out
Seat 6: Tom (20.00 in chips)
Nell: ante processed 0.00
Otto: ante processed 0.00
Pia: ante processed 0.00
Rex: ante processed 0.00
Sue: ante processed 0.00
Tom: ante processed 0.00
Pia: posts small blind 0.25
Rex: posts big blind 0.50
Tom: post now 0.50
*** HOLE CARDS ***
Dealt to Nell [10c 10d]
Nell: raises 1.75 to 1.75
Otto: folds
Pia: folds
Rex: calls 1.25
Tom: folds
*** FLOP *** [10h 7s 2c]
Rex: checks
Nell: bets 2.50
Rex: raises 16.65 to 16.65 and is all in
Nell: calls 14.15
*** SHOW DOWN ***
Rex shows Ah Kh
Nell shows 10c 10d
*** SUMMARY ***
Total pot 35.68 | Rake 1.87
Board [10h 7s 2c 3d Jc]
Total pot 35.68 | Rake 1.87
Board [10h 7s 2c 3d Jc]
Seat 1: Nell showed [10c 10d] and won (35.68)
Seat 2: Otto folded before Flop
Seat 3: Pia folded before Flop
Seat 4: Rex showed [Ah Kh] but did not win
Seat 5: Sue collected (0.00)
Seat 6: Tom folded before Flop
"""


def test_betonline_cash_hand() -> None:
    hand = only_hand(BETONLINE_CASH)
    assert (hand.site, hand.hand_id, hand.currency, hand.table, hand.max_seats, hand.button) == (
        "betonline",
        "1700000001",
        "USD",
        "Casablanca",
        10,
        2,
    )
    assert [s.name for s in hand.seats if s.sitting_out] == ["Sue"]
    # no ante is posted; Tom's 'post now' is a live big blind
    assert not [a for a in hand.actions if a.kind is ActionKind.ANTE]
    # Rex is all in for his 18.40, Nell matches it; Pia's 0.25 and Tom's 0.50 stay in
    assert hand.contributions() == {
        "Nell": D("18.40"),
        "Pia": D("0.25"),
        "Rex": D("18.40"),
        "Tom": D("0.50"),
    }
    assert hand.rake == D("1.87")  # counted once, though the line is written twice
    assert hand.collected() == {"Nell": 2 * D("18.40") + D("0.75") - D("1.87")}
    assert [str(c) for c in hand.shown("Nell")] == ["Tc", "Td"]  # '10c 10d'
    assert audit_hand(hand).verdict == "agree"


BETONLINE_DEAD_BLIND = """\
BetOnline Poker Game #1700000002: Hold'em No Limit ($0.25/0.50) - 2016/06/01 21:05:00 Eastern Daylight Time
Table 'Casablanca' 10-Max, Seat #3 is the button
Seat 1: Nell (51.68 in chips)
Seat 2: Otto (42.10 in chips)
Seat 3: Pia (24.75 in chips) - The button
Seat 4: Tom (19.50 in chips) - Small Blind
Seat 5: Sue (12.00 in chips) - Big Blind
Tom: posts small blind 0.25
Sue: posts big blind 0.50
Otto: post dead 0.50
*** HOLE CARDS ***
Dealt to Nell [Kd Qc]
Nell: calls 0.50
Otto: checks
Pia: folds
Tom: folds
Sue: checks
*** FLOP *** [Ks Qd 5h]
Sue: checks
Nell: bets 1.00
Otto: calls 1.00
Sue: folds
*** TURN *** [Ks Qd 5h][5c]
Nell: checks
Otto: checks
*** RIVER *** [Ks Qd 5h 5c][2s]
Nell: checks
Otto: checks
*** SHOW DOWN ***
Nell shows Kd Qc
Otto shows Kh Qs
*** SUMMARY ***
Total pot 3.80 | Rake 0.20
Board [Ks Qd 5h 5c 2s]
Seat 1: Nell showed [Kd Qc] and won (1.90)
Seat 2: Otto showed [Kh Qs] and won (1.90)
Seat 3: Pia folded before Flop
Seat 4: Tom folded before Flop
Seat 5: Sue folded on the Flop
"""


def test_betonline_dead_blind_and_split_pot() -> None:
    hand = only_hand(BETONLINE_DEAD_BLIND)
    # 'post dead 0.50': the big blind, live (Otto checks on it), and the small blind, dead
    dead = [(a.player, a.amount) for a in hand.actions if a.kind is ActionKind.DEAD_BLIND]
    assert dead == [("Otto", D("0.25"))]
    assert hand.contributions()["Otto"] == D("0.50") + D("0.25") + D(1)
    # 0.25 + 0.50 + 0.75 + 0.50 preflop, 1 + 1 on the flop: 4.00, 0.20 raked, half each
    assert hand.collected() == {"Nell": D("3.80") / 2, "Otto": D("3.80") / 2}
    assert audit_hand(hand).verdict == "agree"


BETONLINE_TOURNAMENT = """\
BetOnline Poker Game #1700000003: Tournament #8000001: Hold'em $50.00/$100.00 - 2016/06/02 19:00:00 Eastern Daylight Time
Table '8000001-3' 10-Max, Seat #1 is the button
Seat 1: Nell (3000.00 in chips) - The button
Seat 2: Otto (800.00 in chips) - Small Blind
Seat 3: Pia (5000.00 in chips) - Big Blind
Nell: ante processed 10.00
Otto: ante processed 10.00
Pia: ante processed 10.00
Otto: posts small blind 50.00
Pia: posts big blind 100.00
*** HOLE CARDS ***
Dealt to Nell [9s 9c]
Nell: folds
Otto: raises 790.00 to 790.00 and is all in
Pia: calls 690.00
*** SHOW DOWN ***
Otto shows As 10s
Pia shows Jd Jh
*** SUMMARY ***
Total pot 1610.00
Board [4c 8d 2s Kh 6h]
Seat 1: Nell folded before Flop
Seat 2: Otto showed [As 10s] but did not win
Seat 3: Pia showed [Jd Jh] and won (1610.00)
"""


def test_betonline_tournament_with_antes() -> None:
    hand = only_hand(BETONLINE_TOURNAMENT)
    assert (hand.tournament, hand.currency, hand.play_money) == ("8000001", None, False)
    # three antes of 10, then Otto's 790 all in, called: 30 + 2 x 790
    assert hand.collected() == {"Pia": 3 * D(10) + 2 * D(790)}
    assert audit_hand(hand).verdict == "agree"


def test_a_betonline_hand_cut_off() -> None:
    text = BETONLINE_TOURNAMENT.split("*** SUMMARY")[0]
    assert only_error(text).kind == "cut off"


@pytest.mark.parametrize("text", [RIO_SPLASH, RIO_TOURNAMENT_SPLIT, COIN_ALL_IN, BETONLINE_CASH])
def test_the_commands_path_reads_them_as_the_full_reader(tmp_path: Path, text: str) -> None:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    verdicts = [v for part, _ in audit_paths([str(path)]) for v in part]
    assert [v.verdict for v in verdicts] == ["agree"]
    assert verdicts[0].site in ("runitonce", "coinpoker", "betonline")


def test_the_rooms_in_one_file_keep_their_own_sites() -> None:
    stars = RUPEE_SIDE_POT
    cut = COIN_ALL_IN[: COIN_ALL_IN.index("*** FLOP")].rstrip("\n")
    # a hand cut off in the middle of a line, the next header written right after it
    text = "\n\n".join([stars, RIO_SPLASH, cut]) + RIO_TOURNAMENT_SPLIT
    text += "\n\n\n" + BETONLINE_TOURNAMENT[:200] + BETONLINE_CASH
    entries = list(read_text(text).entries())
    found = [(e.site, e.hand_id) if isinstance(e, Hand) else e.kind for e in entries]
    assert found == [
        ("pokerstars", "600000002"),
        ("runitonce", "40000001"),
        "cut off",
        ("runitonce", "40000002"),
        "cut off",
        ("betonline", "1700000001"),
    ]
    verdicts = audit([e for e in entries if isinstance(e, Hand)])
    assert [v.verdict for v in verdicts] == ["agree"] * 4
