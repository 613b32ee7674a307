"""The Winamax reader on hand-made sample histories: every payout worked out by plain arithmetic."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.cards import parse_cards
from showdown.errors import HistoryError
from showdown.history.audit import audit_hand
from showdown.history.model import ActionKind, Hand
from showdown.history.winamax import FORMAT, read, recognise

DATA = Path(__file__).parent.parent / "data" / "histories"
WINAMAX = DATA / "winamax"


def hands_of(name: str) -> list[Hand]:
    return list(read(WINAMAX / name))


def only(text: str) -> Hand:
    [hand] = list(read(io.StringIO(text)))
    return hand


# -- recognising the format --------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(p.name for p in WINAMAX.glob("*.txt")))
def test_recognise_our_samples(name: str) -> None:
    assert recognise((WINAMAX / name).read_text(encoding="utf-8"))


def test_recognise_not_other_rooms() -> None:
    assert not recognise((DATA / "pokerstars_cash.txt").read_text(encoding="utf-8"))
    assert not recognise((DATA / "ggpoker_cash.txt").read_text(encoding="utf-8"))
    # a tournament's summary file is no hand history
    assert not recognise("Winamax Poker - Tournament summary : Expresso(1124364443)\n")
    assert FORMAT.name == "winamax"
    assert FORMAT.rooms == ("winamax",)


# -- cash games ----------------------------------------------------------------------------


def test_side_pots_and_the_unmatched_bet() -> None:
    hand = hands_of("winamax_cash.txt")[0]
    assert (hand.site, hand.game, hand.limit) == ("winamax", "holdem", "No Limit")
    assert (hand.currency, hand.tournament, hand.play_money) == ("EUR", None, False)
    assert (hand.table, hand.max_seats, hand.button) == ("Lyon 03", 6, 4)
    assert hand.unit == D("0.01")
    assert hand.stakes == "0.05€/0.10€"
    # Ann 0.30 + 4.70; Bob 0.30 + 12.20; Cid 0.30 + 19.70; Dan 0.30 + 7.70
    assert hand.contributions() == {"Ann": D(5), "Bob": D("12.50"), "Cid": D(20), "Dan": D(8)}
    # Cid's 20 was matched up to Bob's 12.50: 7.50 came back (Winamax wrote it as
    # 'collected 7.50€ from side pot 3')
    assert hand.returned() == {"Cid": D(20) - D("12.50")}
    # main 4 x 5 = 20 less 0.30; side 1: 3 x (8 - 5) = 9 less 0.10; side 2: 2 x 4.50 = 9 less 0.10
    assert hand.collected() == {
        "Ann": 4 * D(5) - D("0.30"),
        "Dan": 3 * (D(8) - D(5)) - D("0.10"),
        "Bob": 2 * (D("12.50") - D(8)) - D("0.10"),
    }
    assert hand.pots == (D("19.70"), D("8.90"), D("8.90"))
    assert hand.rake == D("0.50")
    assert hand.total_pot == D(45)  # after rake, the return included
    assert hand.boards == (parse_cards("Ah 7d 2c 5s Kd"),)
    assert hand.dealt[0].cards == parse_cards("Jc Tc")
    verdict = audit_hand(hand)
    assert verdict.verdict == "agree"


def test_split_pot_with_decimal_commas() -> None:
    hand = hands_of("winamax_cash.txt")[1]
    assert hand.stakes == "0,01€/0,02€"
    # Ann and Cid 0.02 + 0.05 each, Bob 0.02
    assert hand.contributions() == {"Ann": D("0.07"), "Bob": D("0.02"), "Cid": D("0.07")}
    assert hand.returned() == {}
    # 0.16 less 0.01 rake = 0.15 between two straights: the odd cent to Ann, first after
    # the button (seat 3)
    assert hand.collected() == {"Ann": D("0.08"), "Cid": D("0.07")}
    assert hand.rake == D("0.01")
    assert audit_hand(hand).verdict == "agree"


def test_hilo_pot_split_high_and_low() -> None:
    hand = hands_of("winamax_cash.txt")[2]
    assert hand.game == "omaha_hilo"
    assert hand.limit == "Pot Limit"
    # 1 + 2 each = 6, less 0.30 rake = 5.70: 2.85 to Bob's kings, 2.85 to Ann's 6-4-3-2-A
    assert hand.contributions() == {"Ann": D(3), "Bob": D(3)}
    assert hand.collected() == {"Bob": (D(6) - D("0.30")) / 2, "Ann": (D(6) - D("0.30")) / 2}
    assert [c.pot for c in hand.collections] == ["pot (HI)", "pot (LO)"]
    # the low hand's second 'shows' line is the same cards, kept once
    assert [s.player for s in hand.showings] == ["Bob", "Ann"]
    assert audit_hand(hand).verdict == "agree"


def test_a_loser_whose_cards_are_not_written_conceded() -> None:
    hand = hands_of("winamax_cash.txt")[3]
    assert hand.contenders == ("Ann", "Bob")
    assert hand.mucked == frozenset({"Ann"})
    # 0.30 + 0.40 + 1 each = 3.40, less 0.10 rake
    assert hand.collected() == {"Bob": 2 * (D("0.30") + D("0.40") + D(1)) - D("0.10")}
    assert audit_hand(hand).verdict == "agree"


def test_both_blinds_posted_out_of_position_and_house_money() -> None:
    hand = hands_of("winamax_cash.txt")[4]
    posts = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.forced]
    # 'posts small blind 0.15€ out of position' + 'posts big blind 0€': 0.05 dead, 0.10 live
    assert posts == [
        ("Bob", ActionKind.SMALL_BLIND, D("0.05")),
        ("Cid", ActionKind.BIG_BLIND, D("0.10")),
        ("Dan", ActionKind.DEAD_BLIND, D("0.05")),
        ("Dan", ActionKind.BIG_BLIND, D("0.10")),
    ]
    assert hand.dead_money() == {"Dan": D("0.05")}
    assert hand.added == D("0.20")  # 'Hold-up to Pot: total 0.20€'
    # Cid's 0.40 bet nobody called comes back; he wins 0.10 + 0.10 + 0.15 + 0.20
    assert hand.returned() == {"Cid": D("0.40")}
    assert hand.collected() == {"Cid": D("0.10") + D("0.10") + D("0.15") + D("0.20")}
    assert not hand.reached_showdown


# -- tournaments ---------------------------------------------------------------------------


def test_tournament_antes_bounties_and_a_pot_of_the_return_alone() -> None:
    hand = hands_of("winamax_tournament.txt")[0]
    assert hand.tournament == "987654321"
    assert (hand.currency, hand.play_money, hand.unit) == (None, False, D(1))
    assert hand.stakes == "25/100/200"
    assert hand.stacks == {"Eve": 3000, "Fay": 150, "Gus": 5000, "Hal": 2000}
    assert hand.total_pot is None  # 'Total pot 7.18k': rounded
    assert hand.contributions() == {"Eve": 25, "Fay": 150, "Gus": 5000, "Hal": 2000}
    # Gus's 4975 live chips were matched up to Hal's 1975
    assert hand.returned() == {"Gus": D(4975) - D(1975)}
    # main: 4 antes + 3 x 125 (Fay's live chips); side 1: 2 x (1975 - 125)
    assert hand.collected() == {"Fay": 4 * 25 + 3 * 125, "Hal": 2 * (1975 - 125)}
    assert hand.pots == (D(475), D(3700))
    assert audit_hand(hand).verdict == "agree"


def test_tournament_half_chip_return_rounded_by_the_room() -> None:
    hand = hands_of("winamax_tournament.txt")[1]
    assert hand.tournament == "987654322"
    assert hand.unit == D("0.01")
    # Ivy 1090, Jon all in for 410.50: 679.50 came back, written 'collected 680'
    assert hand.returned() == {"Ivy": D(1090) - D("410.50")}
    # the main pot: 2 x 410.50 + Kim's big blind 30
    assert hand.collected() == {"Jon": 2 * D("410.50") + 30}
    assert audit_hand(hand).verdict == "agree"


# -- the other games -----------------------------------------------------------------------


def test_seven_card_stud() -> None:
    hand = hands_of("winamax_games.txt")[0]
    assert hand.game == "stud"
    assert hand.button is None
    kinds = [(a.player, a.kind) for a in hand.actions[:3]]
    assert kinds == [
        ("Ann", ActionKind.ANTE),
        ("Bob", ActionKind.ANTE),
        ("Bob", ActionKind.BRING_IN),
    ]
    # 0.10 ante + 0.50 + 0.50 + 1 + 1 each, less 0.10
    assert hand.contributions() == {"Ann": D("3.10"), "Bob": D("3.10")}
    assert hand.collected() == {"Ann": 2 * D("3.10") - D("0.10")}
    # the unknown cards ('X') are left out of what is seen dealt
    assert {s.player: s.cards for s in hand.dealt}["Bob"] == parse_cards("3d 7s 7d Jc")
    assert audit_hand(hand).verdict == "agree"


def test_triple_draw() -> None:
    hand = hands_of("winamax_games.txt")[1]
    assert hand.game == "deuce_to_seven"
    draws = [(a.player, a.street, a.count) for a in hand.actions if a.kind is ActionKind.DISCARD]
    assert draws == [("Ann", "draw1", 1), ("Bob", "draw1", 2), ("Bob", "draw2", 1)]
    pats = [(a.player, a.street) for a in hand.actions if a.kind is ActionKind.STAND_PAT]
    assert pats == [("Ann", "draw2"), ("Ann", "draw3"), ("Bob", "draw3")]
    # 0.50 + 0.50 + 1 + 1 each, less 0.20
    assert hand.collected() == {"Ann": 2 * D(3) - D("0.20")}
    assert audit_hand(hand).verdict == "agree"


def test_five_card_omaha_named_hi_lo_but_not_split() -> None:
    hand = hands_of("winamax_games.txt")[2]
    assert hand.game == "omaha5"  # no pot split high and low
    assert hand.game_name == "5 Card Omaha Hi/Lo"
    assert hand.collected() == {"Ann": 2 * D("1.50") - D("0.15")}
    assert audit_hand(hand).verdict == "agree"


def test_play_money_omaha_hi_lo() -> None:
    hand = hands_of("winamax_games.txt")[3]
    assert hand.game == "omaha_hilo"
    assert (hand.currency, hand.play_money) == (None, True)
    # 0.50 each, less 0.07 = 0.93: 0.47 to the high (its odd chip), 0.46 to the low
    assert hand.collected() == {"Bob": D("0.47"), "Ann": D("0.46")}
    assert audit_hand(hand).verdict == "agree"


# -- the room's odd lines ------------------------------------------------------------------

_HEAD = (
    "Winamax Poker - CashGame - HandId: #77-1-1 - Omaha pot limit (1€/2€) - 2014/07/30 01:25:40"
    " UTC\nTable: 'Oslo' 5-max (real money) Seat #1 is the button\n"
)


def test_a_raise_among_the_blinds_is_posted_dead() -> None:
    hand = only(
        _HEAD + "Seat 1: Ann (100€)\nSeat 2: Bob (100€)\nSeat 3: Cid (100€)\n"
        "*** ANTE/BLINDS ***\nBob raises 1€ to 3€\nBob posts small blind 1€\n"
        "Cid posts big blind 2€\n*** PRE-FLOP ***\nAnn folds\nBob checks\n"
        "Cid raises 6€ to 8€\nBob folds\nCid collected 12€ from pot\n"
        "*** SUMMARY ***\nTotal pot 12€ | No rake\nSeat 3: Cid (big blind) won 12€\n"
    )
    assert hand.dead_money() == {"Bob": D(3)}
    # Cid's 8 was matched by Bob's 1 live blind: 7 back, and he wins 3 + 1 + 1
    assert hand.returned() == {"Cid": D(8) - D(1)}
    assert hand.collected() == {"Cid": D(3) + D(1) + D(1)}


def test_stud_raise_written_negative_is_all_in() -> None:
    hand = only(
        "Winamax Poker - CashGame - HandId: #78-2-2 - 7-Card Stud fixed limit (1€/5€/10€)"
        " - 2016/11/14 02:56:04 UTC\nTable: 'Porto' 6-max (real money) \n"
        "Seat 1: Ann (9€)\nSeat 2: Bob (200€)\n*** ANTE/BLINDS ***\n"
        "Ann posts ante 1€\nBob posts ante 1€\n*** 3rd STREET ***\n"
        "Ann brings in 2€\nBob raises 5€ to 5€\nAnn raises -2€ to 3€\nBob calls 3€\n"
        "*** 4th STREET ***\n*** 5th STREET ***\n*** 6th STREET ***\n*** 7th STREET ***\n"
        "*** SHOW DOWN ***\nAnn shows [Ah Ad Kc Ks 2h 7d 9c] (Two pairs : Aces and Kings)\n"
        "Bob shows [Qh Qd Jc Js 3h 8d Tc] (Two pairs : Queens and Jacks)\n"
        "Ann collected 17€ from pot\n*** SUMMARY ***\nTotal pot 17€ | Rake 1€\n"
    )
    # Ann had 9 - 1 = 8 after her ante: all of it went in, and Bob matched it
    assert hand.contributions() == {"Ann": D(9), "Bob": D(9)}
    assert [a.all_in for a in hand.actions if a.kind is ActionKind.RAISE] == [False, True]
    assert hand.collected() == {"Ann": 2 * D(9) - D(1)}
    assert audit_hand(hand).verdict == "agree"


def test_windows_1252_file() -> None:
    text = (WINAMAX / "winamax_cash.txt").read_text(encoding="utf-8")
    [first, *_] = read(io.BytesIO(text.encode("cp1252")))
    assert first.rake == D("0.50")
    assert first.stacks["Bob"] == D("12.50")


# -- what cannot be read -------------------------------------------------------------------


def test_does_not_add_up() -> None:
    [entry] = list(read(WINAMAX / "winamax_does_not_add_up.txt").entries())
    assert isinstance(entry, HistoryError)
    assert entry.kind == "does not add up"
    assert entry.site == "winamax"


def test_truncated_file() -> None:
    reader = read(WINAMAX / "winamax_truncated.txt")
    first, second = list(reader.entries())
    assert isinstance(first, Hand)
    # the walk: Bob's big blind 0.02 was matched by 0.01; 0.01 back, 0.02 won
    assert first.returned() == {"Bob": D("0.01")}
    assert first.collected() == {"Bob": D("0.02")}
    assert isinstance(second, HistoryError)
    assert second.kind == "cut off"
    assert reader.skipped == {"cut off": 1}


def test_a_bad_line_spoils_its_hand_only() -> None:
    text = (WINAMAX / "winamax_cash.txt").read_text(encoding="utf-8")
    bad = text.replace("Cid raises 0.20€ to 0.30€", "Cid raises 0.20€ to lots", 1)
    entries = list(read(io.StringIO("some notes\n\n" + bad)).entries())
    kinds = [getattr(e, "kind", "hand") for e in entries]
    # the stray text, the spoilt first hand, then every other hand of the file
    assert kinds == ["not a history", "unreadable"] + ["hand"] * (text.count("HandId:") - 1)


@pytest.mark.parametrize(
    "name", ["winamax_cash.txt", "winamax_tournament.txt", "winamax_games.txt"]
)
def test_every_showdown_agrees(name: str) -> None:
    for hand in hands_of(name):
        if hand.reached_showdown:
            assert audit_hand(hand).verdict == "agree", hand.hand_id


def test_a_hand_run_twice() -> None:
    hand = hands_of("winamax_cash.txt")[5]
    assert hand.boards == (parse_cards("2c 7d 9s Jh 3c"), parse_cards("Kd 8h 4s 6c Ks"))
    assert hand.contributions() == {"Ann": D(10), "Bob": D(10)}
    # 20 less 0.50 rake, half to each board: Ann's aces win the first, Bob's kings the second
    assert [(c.player, c.amount, c.board) for c in hand.collections] == [
        ("Ann", (D(20) - D("0.50")) / 2, 0),
        ("Bob", (D(20) - D("0.50")) / 2, 1),
    ]
    assert audit_hand(hand).verdict == "agree"
