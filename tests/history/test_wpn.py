"""The Winning Poker Network reader on hand-made histories in the network's two layouts.

Every expected amount is worked out here from the hand's lines by plain
arithmetic (the sums are in the comments), not taken from the reader.
"""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.cards import parse_cards
from showdown.errors import HistoryError
from showdown.history import pokerstars, wpn
from showdown.history.audit import audit_hand
from showdown.history.model import ActionKind, Hand

DATA = Path(__file__).parent.parent / "data" / "histories" / "wpn"


def hands_of(name: str) -> dict[str, Hand]:
    return {hand.hand_id: hand for hand in wpn.read(DATA / name)}


def entries_of(name: str) -> list[Hand | HistoryError]:
    return list(wpn.read(DATA / name).entries())


@pytest.fixture(scope="module")
def cash() -> dict[str, Hand]:
    return hands_of("cash_new.txt")


def agrees(hand: Hand) -> bool:
    return audit_hand(hand).verdict == "agree"


# -- telling the format ----------------------------------------------------------------


def test_recognise_both_layouts_and_not_pokerstars() -> None:
    for name in ("cash_new.txt", "tournament_new.txt", "stud_new.txt"):
        assert wpn.recognise((DATA / name).read_text()[:16384])
    old = (DATA / "old_layout_utf16.txt").read_bytes().decode("utf-16")
    assert wpn.recognise(old)
    assert wpn.recognise(
        "\ufeffGame Hand #1 - Tournament #2 - Holdem(No Limit) - Level 1 (10/20)- x"
    )
    stars = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02 10:00:00 ET"
    assert not wpn.recognise(stars)
    assert not wpn.recognise("Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2020/01/02")
    assert not wpn.recognise("Hand # is not a history")
    assert wpn.FORMAT.name == "wpn"
    assert wpn.FORMAT.rooms == ("wpn",)
    assert wpn.FORMAT.recognise is wpn.recognise


def test_pokerstars_reader_does_not_take_a_wpn_file() -> None:
    found = pokerstars.read(io.StringIO((DATA / "cash_new.txt").read_text()))
    assert list(found) == []
    assert found.hands_read == 0
    assert sum(found.skipped.values()) == 1  # the whole file: not a PokerStars history


def test_wpn_reader_does_not_take_a_pokerstars_file() -> None:
    stars = Path(__file__).parent.parent / "data" / "histories" / "pokerstars_cash.txt"
    found = wpn.read(stars)
    assert list(found) == []
    assert dict(found.skipped) == {"not a history": 1}


# -- the current layout, cash -----------------------------------------------------------


def test_side_pot(cash: dict[str, Hand]) -> None:
    hand = cash["900000101"]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "wpn",
        "holdem",
        "No Limit",
        "$0.10/$0.25",
    )
    assert (hand.table, hand.max_seats, hand.button) == ("Pinecrest", 6, 1)
    assert (hand.currency, hand.tournament, hand.unit) == ("USD", None, D("0.01"))
    assert [s.name for s in hand.seats if s.sitting_out] == ["Elm"]
    # Birch 0.10 + 3.90 all in; Cedar 0.25; Dogwood 0.75 + 9.25; Alder 0.75 + 9.25
    assert hand.contributions() == {
        "Birch": D(4),
        "Cedar": D("0.25"),
        "Dogwood": D(10),
        "Alder": D(10),
    }
    main = 3 * D(4) + D("0.25")  # 12.25: Birch's 4.00 from three players, Cedar's blind
    side = 2 * (D(10) - D(4))  # 12.00: Dogwood's and Alder's 6.00 above Birch
    assert hand.pots == (main - D("0.50"), side - D("0.50"))  # each raked 0.50
    assert hand.rake == D("0.92") + D("0.08")  # the rake and the jackpot fee
    assert hand.total_pot == main + side - hand.rake
    assert hand.collected() == {"Birch": main - D("0.50"), "Dogwood": side - D("0.50")}
    assert hand.boards == (parse_cards("Ad 7c 2s 5h Td"),)
    assert hand.cards("Dogwood") == parse_cards("9c 9d")
    assert hand.folded == frozenset({"Cedar"})
    assert agrees(hand)


def test_split_pot_odd_cent_left_of_the_button(cash: dict[str, Hand]) -> None:
    hand = cash["900000102"]
    # Birch 0.50, Cedar 0.10 + 0.40 + 1.00, Alder 0.25 + 0.25 + 1.00
    put_in = D("0.50") + D("1.50") + D("1.50")
    assert sum(hand.contributions().values()) == put_in
    net = put_in - D("0.15")  # 3.35 after rake and jackpot fee
    # two Ace-high straights; the odd cent to Cedar, first clockwise from the button (seat 2)
    assert hand.collected() == {"Cedar": net / 2 + D("0.005"), "Alder": net / 2 - D("0.005")}
    assert agrees(hand)


def test_mucked_hand(cash: dict[str, Hand]) -> None:
    hand = cash["900000103"]
    assert "Cedar" in hand.mucked
    assert [s.cards for s in hand.showings if s.mucked] == [parse_cards("Kd Qc")]
    # Alder 0.10; Birch 0.25 + 0.50 + 3.00 + 4.25 all in = 8.00; Cedar the same
    assert hand.contributions() == {"Alder": D("0.10"), "Birch": D(8), "Cedar": D(8)}
    assert hand.collected() == {"Birch": D("16.10") - D("0.30")}
    assert agrees(hand)


def test_walk_with_no_uncalled_line(cash: dict[str, Hand]) -> None:
    hand = cash["900000104"]
    assert not hand.reached_showdown
    # the summary's 'won $0.35' counts Cedar's own unmatched 0.25 - 0.10
    assert hand.returned() == {"Cedar": D("0.15")}
    assert hand.collected() == {"Cedar": D("0.35") - D("0.15")}


def test_omaha_hi_lo_split(cash: dict[str, Hand]) -> None:
    hand = cash["900000105"]
    assert (hand.game, hand.limit) == ("omaha_hilo", "Pot Limit")
    # each 0.75 + 1.50; 4.50 less 0.15 rake and fee = 4.35; the odd cent to the high half
    net = 2 * (D("0.75") + D("1.50")) - D("0.15")
    assert hand.collected() == {"Alder": D("2.18"), "Birch": D("2.17")}
    assert D("2.18") + D("2.17") == net
    assert agrees(hand)


def test_run_it_twice(cash: dict[str, Hand]) -> None:
    hand = cash["900000106"]
    assert hand.boards == (parse_cards("2c 7d 9h Jc 4s"), parse_cards("Kh 3d 8c 5s Tc"))
    assert [(c.player, c.board) for c in hand.collections] == [("Birch", 0), ("Alder", 1)]
    each = (D(10) + D(10) - D("0.50")) / 2  # 9.75 a board
    assert hand.collected() == {"Birch": each, "Alder": each}
    assert hand.pots == ()
    assert agrees(hand)


def test_dead_blind_is_dead_money(cash: dict[str, Hand]) -> None:
    hand = cash["900000107"]
    assert hand.dead_money() == {"Dogwood": D("0.10")}  # 'posts dead $0.35': 0.10 dead, 0.25 live
    assert hand.returned() == {}
    assert hand.collected() == {"Alder": 3 * D("0.25") + D("0.10")}
    assert agrees(hand)


# -- the current layout, tournaments and stud -------------------------------------------


def test_tournament_side_pot_with_antes() -> None:
    hands = hands_of("tournament_new.txt")
    hand = hands["900100201"]
    assert (hand.tournament, hand.table, hand.currency, hand.unit) == ("4455667", "12", None, D(1))
    assert hand.stakes == "100.00/200.00"
    antes = 4 * D(25)
    # Birch all in for 1075 more after 100: 1175 a street; Cedar 200; Dogwood and Alder 2975
    main = antes + 3 * D(1175) + D(200)  # 3825
    side = 2 * (D(1800) + D(1175) - D(1175))  # 3600
    assert hand.pots == (main, side)
    assert hand.collected() == {"Birch": main, "Alder": side}
    assert hand.dead_money() == {name: D(25) for name in ("Alder", "Birch", "Cedar", "Dogwood")}
    assert agrees(hand)


def test_tournament_raise_won_without_uncalled_line() -> None:
    hand = hands_of("tournament_new.txt")["900100202"]
    # Birch raised to 600, the big blind was 200: 400 unmatched, in the summary's 'won 975'
    assert hand.returned() == {"Birch": D(400)}
    assert hand.collected() == {"Birch": D(975) - D(400)}


def test_stud() -> None:
    hand = hands_of("stud_new.txt")["900000301"]
    assert (hand.game, hand.button, hand.boards) == ("stud", None, ())
    assert hand.actions[2].kind is ActionKind.BRING_IN
    assert hand.cards("Alder") == parse_cards("Kc 7h 3d Ks 8c 4h 6s")
    # each 0.02 ante + 0.10 + 0.10 + 0.20 = 0.42; 0.84 less 0.04 rake
    assert hand.collected() == {"Birch": 2 * D("0.42") - D("0.04")}
    assert agrees(hand)


# -- the old layout ---------------------------------------------------------------------


def test_old_layout_utf16() -> None:
    hands = hands_of("old_layout_utf16.txt")
    assert list(hands) == ["400000001", "300000002", "700000003"]
    first = hands["400000001"]
    assert (first.site, first.table, first.button, first.unit) == (
        "wpn",
        "Quartzite (JP) - 6",
        3,
        D("0.01"),
    )
    assert first.dealt[0].cards == parse_cards("Ts Th")  # '10s', '10h'
    assert first.boards == (parse_cards("Td 4s 9c Kh 2c"),)
    # 'raises (4)' adds 4 to Alder's 0.50 blind; 'allin (17.90)' is Birch's whole rest
    alder = D("0.50") + D(4) + D(6) + D("11.90")
    birch = D("1.50") + D(3) + D("17.90")
    assert first.contributions() == {"Cedar": D("1.50"), "Alder": alder, "Birch": birch}
    assert first.rake == D("1.05") + D("0.25")
    assert first.collected() == {"Alder": alder + birch + D("1.50") - first.rake}
    assert agrees(first)


def test_old_layout_unwritten_jackpot_fee() -> None:
    hand = hands_of("old_layout_utf16.txt")["300000002"]
    put_in = 2 * (D(6) + D(8) + D(10)) + D(1)  # 49
    # 'Pot: 46.75. Rake 2': the 0.25 the house kept beyond the rake is its jackpot fee
    assert hand.rake == put_in - D("46.75")
    assert hand.collected() == {"Cedar": D("46.75")}
    assert "Alder" in hand.mucked
    assert agrees(hand)


def test_old_layout_tournament() -> None:
    hand = hands_of("old_layout_utf16.txt")["700000003"]
    assert (hand.tournament, hand.unit, hand.currency) == ("$5 Turbo - On Demand", D(1), None)
    assert hand.dead_money() == {"Alder": D(10), "Birch": D(10), "Cedar": D(10)}
    # Cedar 50 + 1410 all in; Birch 300 + 1160: 1460 each a street
    assert hand.collected() == {"Birch": 3 * D(10) + D(100) + 2 * D(1460)}
    assert agrees(hand)


def test_old_layout_unseated_player_spoils_only_its_hand() -> None:
    text = (DATA / "old_layout_utf16.txt").read_bytes().decode("utf-16")
    broken = text.replace("Player Cedar folds", "Player  folds", 1)
    entries = list(wpn.read(io.StringIO(broken)).entries())
    assert isinstance(entries[0], HistoryError)
    assert entries[0].kind == "unreadable"
    assert entries[0].hand == "400000001"
    assert [e.hand_id for e in entries[1:] if isinstance(e, Hand)] == ["300000002", "700000003"]


# -- errors -----------------------------------------------------------------------------


def test_does_not_add_up() -> None:
    (entry,) = entries_of("does_not_add_up.txt")
    assert isinstance(entry, HistoryError)
    assert entry.kind == "does not add up"
    assert entry.hand == "900000401"
    assert entry.site == "wpn"


def test_truncated_file() -> None:
    first, last = entries_of("truncated.txt")
    assert isinstance(first, Hand)
    assert first.returned() == {"Alder": D("0.05")}
    assert isinstance(last, HistoryError)
    assert last.kind == "cut off"
    assert last.hand == "900000502"


def test_stray_text_is_not_a_history() -> None:
    found = wpn.read(io.StringIO("my notes\n" + (DATA / "stud_new.txt").read_text()))
    assert [h.hand_id for h in found] == ["900000301"]
    assert dict(found.skipped) == {"not a history": 1}


def test_old_layout_cut_off_in_its_summary() -> None:
    text = (DATA / "old_layout_utf16.txt").read_bytes().decode("utf-16")
    cut = text[: text.rindex("Player Alder does not show cards")]  # the last hand's summary
    entries = list(wpn.read(io.StringIO(cut)).entries())
    assert [type(e).__name__ for e in entries] == ["Hand", "Hand", "HistoryError"]
    last = entries[-1]
    assert isinstance(last, HistoryError)
    assert (last.kind, last.hand) == ("cut off", "700000003")
