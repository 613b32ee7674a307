"""The Bovada / Ignition / Bodog reader on hand-made histories in the room's layout.

Every expected amount is worked out here from the lines of the sample (the sums
are in the comments), not taken from the reader.
"""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.cards import parse_cards
from showdown.errors import HistoryError
from showdown.history.audit import audit_hand
from showdown.history.bovada import FORMAT, parse_header, read, recognise
from showdown.history.model import ActionKind, Hand

DATA = Path(__file__).parent.parent / "data" / "histories" / "bovada"


def hands_of(name: str) -> list[Hand]:
    return list(read(DATA / name))


def entries_of(name: str) -> list[Hand | HistoryError]:
    return list(read(DATA / name).entries())


def test_side_pot_paid_by_pot() -> None:
    hand = hands_of("ignition_cash.txt")[0]
    assert (hand.site, hand.game, hand.limit) == ("ignition", "holdem", "No Limit")
    assert (hand.currency, hand.unit, hand.table) == ("USD", D("0.01"), "20000001")
    assert hand.button == 1  # the seat of the player called 'Dealer'
    assert hand.stakes == "$0.25/$0.50"
    # UTG all in for 8; Small Blind 0.25 + 19.75 + 10; Big Blind 0.50 + 19.50 + 10
    assert hand.contributions() == {"UTG": D(8), "Small Blind": D(30), "Big Blind": D(30)}
    assert hand.total_pot == 8 + 30 + 30
    # main pot 3 x 8 = 24 less 2.5% = 23.40; side pot 2 x 22 = 44 less 2.5% = 42.90
    assert hand.collected() == {"UTG": D("23.40"), "Small Blind": D("42.90")}
    assert [c.pot for c in hand.collections] == ["side pot", "pot"]
    assert hand.rake == 68 - D("23.40") - D("42.90")
    assert hand.boards == (parse_cards("Ks 8d 3c 2h 9s"),)
    assert hand.cards("UTG") == parse_cards("Ah Ad")  # the dealt cards, not the best five
    assert hand.mucked == frozenset({"Big Blind"})
    assert hand.folded == frozenset({"Dealer"})
    assert audit_hand(hand).verdict == "agree"


def test_split_pot_zone_poker_empty_summary() -> None:
    hand = hands_of("ignition_cash.txt")[1]
    assert hand.table == "Zone Poker 31"
    assert hand.total_pot is None  # the Zone client wrote an empty summary
    # Small Blind 0.05; Big Blind 0.10 + 0.20 + 0.40; UTG 0.30 + 0.40
    assert hand.contributions() == {
        "Small Blind": D("0.05"),
        "Big Blind": D("0.70"),
        "UTG": D("0.70"),
    }
    # both play the board's straight: 1.45 - 0.07 rake = 1.38, half each
    assert hand.received() == {"Big Blind": D("0.69"), "UTG": D("0.69")}
    assert hand.rake == D("0.05") + D("0.70") + D("0.70") - 2 * D("0.69")
    assert hand.button is None  # nobody is seated as 'Dealer'
    assert audit_hand(hand).verdict == "agree"


def test_2012_layout_without_streets() -> None:
    hand = hands_of("bovada_old_limit.txt")[0]
    assert hand.limit == "Limit"
    forced = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.forced]
    # 'Posts dead chip $3': the big blind of 2 live, the small blind of 1 dead
    assert ("UTG", ActionKind.DEAD_BLIND, D(1)) in forced
    assert ("UTG", ActionKind.BIG_BLIND, D(2)) in forced
    # 'Raises $4' is the total: Small Blind 1 + 3 preflop, 2 + 2 on the flop, 4 on the turn
    assert hand.contributions() == {
        "Small Blind": D(4 + 4 + 4),
        "Big Blind": D(2 + 2),
        "UTG": D(3 + 2 + 4),
        "Dealer": D(4 + 4 + 4),
    }
    streets = [a.street for a in hand.actions if a.player == "Dealer" and a.amount]
    # calls 2, calls 2 more, raises to 4 on the flop, bets 4 on the turn: told from the
    # betting, as the history marks no street
    assert streets == ["preflop", "preflop", "flop", "turn"]
    assert hand.boards == (parse_cards("Qs 7h 2d 9c 3s"),)  # from the summary alone
    assert hand.rake == 1
    assert hand.received() == {"Dealer": D(12 + 4 + 9 + 12 - 1)}
    assert audit_hand(hand).verdict == "agree"


def test_hilo_split_odd_cent_to_high() -> None:
    hand = hands_of("bovada_games.txt")[0]
    assert (hand.game, hand.limit) == ("omaha_hilo", "Pot Limit")
    # 0.10 + 0.40 + 0.40 = 0.90, less 0.05 rake = 0.85: high 0.43, low 0.42
    assert hand.total_pot == D("0.90")
    assert hand.received() == {"Big Blind": D("0.43"), "Dealer": D("0.42")}
    assert hand.cards("Dealer") == parse_cards("Ah 3s Qd Qc")
    assert audit_hand(hand).verdict == "agree"


def test_stud_seats_named_by_number() -> None:
    hand = hands_of("bovada_games.txt")[1]
    assert hand.game == "stud"
    assert [seat.name for seat in hand.seats] == ["Seat+1", "Seat+4", "Seat+6"]
    assert hand.button is None
    # antes 0.10; bring-in 0.20 then the completion to 0.50; 0.50 + 1 + 1 more
    assert hand.contributions() == {
        "Seat+1": D("0.10") + D("0.50") + D("0.50") + 1 + 1,
        "Seat+4": D("0.10") + D("0.50") + D("0.50") + 1 + 1,
        "Seat+6": D("0.10") + D("0.50"),
    }
    assert hand.dead_money() == {name: D("0.10") for name in ("Seat+1", "Seat+4", "Seat+6")}
    # the seven cards come from the 'Card dealt to a spot' lines, street by street
    assert hand.cards("Seat+4") == parse_cards("As Ah 5c 8d Qc 3h Td")
    assert hand.received() == {"Seat+4": D("6.80") - D("0.30")}
    assert audit_hand(hand).verdict == "agree"


def test_tournament_in_chips() -> None:
    hand = hands_of("bovada_games.txt")[2]
    assert (hand.site, hand.tournament, hand.stakes) == ("ignition", "40000555", "150/300")
    assert (hand.currency, hand.unit, hand.button) == (None, D(1), 10)
    # antes 30 each; Small Blind 150 + 1820 = 1970; Dealer 600 + 1370 = 1970; Big Blind 300
    assert hand.contributions() == {"Dealer": D(2000), "Small Blind": D(2000), "Big Blind": D(330)}
    assert hand.received() == {"Dealer": D(2000 + 2000 + 330)}
    assert hand.rake == 0
    assert audit_hand(hand).verdict == "agree"


def test_bodog_mvs_cards_from_the_summary() -> None:
    hand = hands_of("bodog_variants.txt")[0]
    assert (hand.site, hand.stakes) == ("bodog", "$1/$2")
    # the Dealer's cards are not dealt in the text: the summary's '[Kc Kd-...]' gives them
    assert hand.cards("Dealer") == parse_cards("Kc Kd")
    # Dealer 6 + 94 = 100 (all in); Small Blind 1 + 5 + 30 + 64 = 100; Big Blind 2
    assert hand.contributions() == {"Small Blind": D(100), "Big Blind": D(2), "Dealer": D(100)}
    assert hand.rake == 202 - 199
    assert audit_hand(hand).verdict == "agree"


def test_2012_tournament_card_to_the_table() -> None:
    hand = hands_of("bodog_variants.txt")[1]
    assert (hand.tournament, hand.stakes, hand.limit) == ("600001", "25/50", "")
    # 'Raises 150' is a total; Big Blind 50 + 100, then 200 + 650 all in = 1000
    assert hand.contributions() == {"Small Blind": D(150), "Big Blind": D(1000), "Dealer": D(1000)}
    flop = [a for a in hand.actions if a.street == "flop"]
    assert [a.player for a in flop][:2] == ["Small Blind", "Big Blind"]
    assert hand.boards == (parse_cards("Ts 6h 2c 9d Kd"),)
    assert hand.received() == {"Big Blind": D(150 + 1000 + 1000)}
    assert audit_hand(hand).verdict == "agree"


def test_damaged_export() -> None:
    cut, hand, orphan, heads_up = entries_of("bovada_damaged.txt")
    # the first hand breaks off in the middle of a line, the next header right after it
    assert isinstance(cut, HistoryError)
    assert (cut.kind, cut.hand) == ("cut off", "3200000701")
    assert isinstance(hand, Hand)
    assert hand.received() == {"Big Blind": D(10 + 20)}
    # the next hand lost its header inside that summary: its actions are stray text
    assert isinstance(orphan, HistoryError)
    assert (orphan.kind, orphan.line) == ("not a history", 27)
    assert isinstance(heads_up, Hand)
    assert heads_up.hand_id == "2690000703"


def test_returned_ante_was_a_live_bet() -> None:
    hand = hands_of("bovada_damaged.txt")[1]
    # 'Ante chip 160', 60 returned before the cards: 100 matched the all-in blind of 100
    assert hand.contributions() == {"Big Blind": D(100), "Dealer": D(160)}
    assert hand.returned() == {"Dealer": D(60)}
    assert hand.dead_money() == {}
    assert hand.collected() == {"Big Blind": D(100 + 160 - 60)}
    assert audit_hand(hand).verdict == "agree"


def test_does_not_add_up() -> None:
    [error] = entries_of("bovada_does_not_add_up.txt")
    assert isinstance(error, HistoryError)
    assert error.kind == "does not add up"
    assert error.site == "bodog"


def test_truncated_file() -> None:
    first, second = entries_of("bovada_truncated.txt")
    assert isinstance(first, Hand)
    assert first.received() == {"Big Blind": D("0.05") + D("0.10")}
    assert isinstance(second, HistoryError)
    assert second.kind == "cut off"
    assert second.hand == "2700000502"


def test_encoding_bom_and_crlf() -> None:
    text = (DATA / "ignition_cash.txt").read_text(encoding="utf-8")
    raw = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")
    hands = list(read(io.BytesIO(raw)))
    assert [h.hand_id for h in hands] == ["3900000101", "3900000102"]
    assert hands[0].collected() == {"UTG": D("23.40"), "Small Blind": D("42.90")}


def test_stray_text_is_reported_once() -> None:
    stream = io.StringIO("hello\nworld\n" + (DATA / "bovada_old_limit.txt").read_text())
    entries = list(read(stream).entries())
    assert isinstance(entries[0], HistoryError)
    assert entries[0].kind == "not a history"
    assert isinstance(entries[1], Hand)


def test_empty_file() -> None:
    [error] = list(read(io.StringIO("")).entries())
    assert isinstance(error, HistoryError)
    assert error.kind == "not a history"


def test_bad_amount_spoils_one_hand() -> None:
    text = (DATA / "bovada_old_limit.txt").read_text()
    broken = text.replace("Dealer : Calls $2\n", "Dealer : Calls $lots\n", 1)
    entries = list(read(io.StringIO(broken + "\n\n" + text)).entries())
    assert isinstance(entries[0], HistoryError)
    assert entries[0].kind == "unreadable"
    assert isinstance(entries[1], Hand)


def test_recognise() -> None:
    assert recognise((DATA / "ignition_cash.txt").read_text())
    assert recognise("\ufeffBodog.com Hand #4107052743 TBL#24061052 HOLDEM No Limit [MVS] - x")
    assert not recognise(
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02 10:00:00 ET\n"
        "Table 'T' 6-max Seat #1 is the button\n"
    )
    assert FORMAT.rooms == ("bovada", "ignition", "bodog")


@pytest.mark.parametrize(
    ("header", "site", "game"),
    [
        ("Bodog UK Hand #1 TBL#2 HOLDEM No Limit - 2012-09-26 16:42:02", "bodog", "holdem"),
        (
            "Bovada Hand #1 TBL#2 7CARD HiLo Fixed Limit - 2012-09-19 13:11:08",
            "bovada",
            "stud_hilo",
        ),
        (
            "Bovada Hand #1: OMAHA HiLo Tournament #9 TBL#1, Pot Limit- Level 2 (15/30) - x",
            "bovada",
            "omaha_hilo",
        ),
        ("Ignition Hand #1  Zone Poker ID#7 OMAHAZonePoker Pot Limit - x", "ignition", "omaha"),
    ],
)
def test_headers(header: str, site: str, game: str) -> None:
    fields = parse_header(header)
    assert (fields["site"], fields["game"]) == (site, game)
