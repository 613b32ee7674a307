"""The PartyPoker reader, on hand-written histories in the room's layouts.

Every expected amount is worked out below from the hand's own lines (the sums
are in the comments), not taken from the reader.
"""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.errors import HistoryError
from showdown.history import partypoker
from showdown.history.audit import audit_hand
from showdown.history.formats import SNIFF_CHARS
from showdown.history.model import ActionKind, Hand

DATA = Path(__file__).resolve().parents[1] / "data" / "histories"
PARTY = DATA / "partypoker"


def _entries(name: str) -> list[Hand | HistoryError]:
    return list(partypoker.read(PARTY / name).entries())


def _hands(name: str) -> dict[str, Hand]:
    hands = {}
    for entry in _entries(name):
        assert isinstance(entry, Hand), entry
        hands[entry.hand_id] = entry
    return hands


@pytest.fixture(scope="module")
def cash() -> dict[str, Hand]:
    return _hands("cash.txt")


@pytest.fixture(scope="module")
def tournament() -> dict[str, Hand]:
    return _hands("tournament.txt")


@pytest.fixture(scope="module")
def summary() -> dict[str, Hand]:
    return _hands("summary.txt")


# -- recognising the format -----------------------------------------------------------


@pytest.mark.parametrize("name", ["cash.txt", "tournament.txt", "summary.txt", "truncated.txt"])
def test_recognise_party_files(name: str) -> None:
    raw = (PARTY / name).read_bytes()
    text = raw.decode("utf-8", errors="replace")[:SNIFF_CHARS]
    assert partypoker.recognise(text)


@pytest.mark.parametrize(
    "name", ["pokerstars_cash.txt", "fulltilt_cash.txt", "ggpoker_cash.txt", "not_a_history.txt"]
)
def test_recognise_refuses_other_rooms(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8", errors="replace")[:SNIFF_CHARS]
    assert not partypoker.recognise(text)


def test_recognise_refuses_888_and_everleaf_headers() -> None:
    assert not partypoker.recognise("***** 888poker Hand History for Game 5 *****\n")
    assert not partypoker.recognise("***** Hand history for game #75065769 *****\n")


# -- the action layout, cash ------------------------------------------------------------


def test_cp1252_file_reads_euros(cash: dict[str, Hand]) -> None:
    hand = cash["14000000002"]
    assert hand.currency == "EUR"
    assert hand.stakes == "€100 EUR"
    assert hand.table == "Lyon"


def test_side_pot_and_unwritten_uncalled_bet(cash: dict[str, Hand]) -> None:
    hand = cash["14000000000"]
    assert (hand.site, hand.game, hand.limit, hand.currency) == (
        "partypoker",
        "holdem",
        "No Limit",
        "USD",
    )
    assert hand.button == 5
    assert hand.max_seats == 6
    assert hand.unit == D("0.01")
    assert [s.number for s in hand.seats] == [1, 3, 5]  # listed 5, 1, 3
    # Mira 0.25 + 3.75 (raise by) + 16 all in = 20; Olek 0.50 + 3.50 + 30 + 10 = 44;
    # Pavo 1.50 + 2.50 + 30 = 34
    assert hand.contributions() == {"Mira": D(20), "Olek": D(44), "Pavo": D(34)}
    # Olek's turn bet of 10 went uncalled: the room's "wins $36.50 from the side pot 1"
    # counts it; the side pot itself is (34 - 20) * 2 = 28, less 1.50 rake = 26.50
    assert hand.returned() == {"Olek": D(10)}
    assert hand.collected() == {"Mira": D("57.50"), "Olek": D("36.50") - D(10)}
    # put in 98 = 10 returned + 57.50 + 26.50 collected + rake
    assert hand.rake == D(98) - D(10) - D("57.50") - D("26.50")
    # main pot 60 - 2.50, side pot 28 - 1.50: after rake, as the room paid them
    assert hand.pots == (D(60) - D("2.50"), D(28) - D("1.50"))
    assert audit_hand(hand).verdict == "agree"


def test_split_pot_mac_decimal_comma_and_glued_lines(cash: dict[str, Hand]) -> None:
    hand = cash["14000000001"]
    assert [s.stack for s in hand.seats] == [D("40.50"), D(52), D("61.20")]
    # Tovo 0.25 + 1.25 + 3.05; Rhea 0.50 + 1 + 3.05; Sten 1.50
    assert hand.contributions() == {"Tovo": D("4.55"), "Rhea": D("4.55"), "Sten": D("1.50")}
    # two "wins" on one line, read apart: 5.05 each
    assert hand.collected() == {"Tovo": D("5.05"), "Rhea": D("5.05")}
    assert hand.rake == D("4.55") * 2 + D("1.50") - D("5.05") * 2  # 10.60 - 10.10
    assert audit_hand(hand).verdict == "agree"


def test_hi_lo_pot_won_on_two_lines(cash: dict[str, Hand]) -> None:
    hand = cash["14000000002"]
    assert hand.game == "omaha_hilo"
    # Ugo 3 + 9, Vera 0.50 + 2.50 + 9, Wim 1 + 2: 27 in all
    assert sum(hand.contributions().values()) == D(27)
    assert hand.collected() == {"Vera": D(13), "Ugo": D(13)}
    assert {c.pot for c in hand.collections} == {"main pot", "main pot (low)"}
    assert hand.rake == D(27) - D(26)
    assert audit_hand(hand).verdict == "agree"


def test_dead_blind_and_a_player_who_joined(cash: dict[str, Hand]) -> None:
    hand = cash["14000000003"]
    # "posts big blind + dead [$0.35]": 0.25 live, 0.10 dead
    zeno = [a for a in hand.actions if a.player == "Zeno" and a.kind.forced]
    assert [(a.kind, a.amount) for a in zeno] == [
        (ActionKind.DEAD_BLIND, D("0.10")),
        (ActionKind.BIG_BLIND, D("0.25")),
    ]
    # Quill has no seat line: he is given a free seat and plays
    assert "Quill" in {s.name for s in hand.seats}
    assert hand.contributions()["Quill"] == D("0.25") + D("0.75")
    # Zeno's 1.50 flop bet went uncalled; "wins $3.85" counts it
    assert hand.returned() == {"Zeno": D("1.50")}
    assert hand.collected() == {"Zeno": D("3.85") - D("1.50")}
    # 0.10 + 0.25 + 1.00 + 2.60 = 3.95 put in; 3.85 paid out
    assert hand.rake == D("3.95") - D("3.85")
    assert not hand.reached_showdown


def test_stud_and_a_mucked_hand(cash: dict[str, Hand]) -> None:
    hand = cash["14000000005"]
    assert hand.game == "stud"
    assert hand.button is None
    assert hand.limit == "Limit"
    streets = {a.street for a in hand.actions}
    assert {"third", "fourth", "fifth", "seventh"} <= streets
    # each: 0.10 ante + 1 (bring-in 0.25 + 0.75, or the completion) + 1 + 4 + 2 = 8.10
    assert hand.contributions() == {"Noa": D("8.10"), "Ole": D("8.10")}
    assert hand.collected() == {"Noa": D("15.40")}
    assert hand.rake == D("16.20") - D("15.40")
    assert hand.mucked == frozenset({"Ole"})  # "doesn't show [...]"
    assert len(hand.cards("Ole")) == 7
    assert audit_hand(hand).verdict == "agree"


# -- tournaments ------------------------------------------------------------------------


def test_tournament_blinds_not_written(tournament: dict[str, Hand]) -> None:
    hand = tournament["15000000001"]
    assert hand.tournament == "88000001"
    assert hand.currency is None
    assert hand.unit == D(1)
    assert hand.stakes == "15/30"
    # Blinds(15/30), button seat 1: Bea (seat 3) posts 15, Cyr (seat 6) 30
    blinds = [(a.kind, a.player, a.amount) for a in hand.actions if a.kind.forced]
    assert blinds == [
        (ActionKind.SMALL_BLIND, "Bea", D(15)),
        (ActionKind.BIG_BLIND, "Cyr", D(30)),
    ]
    # 15 + (30 + 610) + 90 + (90 + 550) = 1385, all to Abe; a tournament takes no rake
    assert hand.collected() == {"Abe": D(15) + D(640) + D(90) + D(640)}
    assert hand.rake == 0
    assert audit_hand(hand).verdict == "agree"


def test_tournament_antes_and_uncalled_side_pot(tournament: dict[str, Hand]) -> None:
    hand = tournament["15000000002"]
    # each antes 25; Fin 100 + 775 all in, Gil 200 + 675, Eda 600 + 275 + 1,000
    assert hand.contributions() == {"Eda": D(1900), "Fin": D(900), "Gil": D(900)}
    # "Eda wins 1,000 chips from the side pot 1" is her uncalled bet
    assert hand.returned() == {"Eda": D(1000)}
    assert hand.collected() == {"Eda": D(875) * 3 + D(75)}
    assert hand.rake == 0
    assert audit_hand(hand).verdict == "agree"


# -- the summary layout ---------------------------------------------------------------


def test_summary_layout_cash(summary: dict[str, Hand]) -> None:
    hand = summary["16000000001abcdef"]
    assert hand.stakes == "0.25/0.50"
    assert hand.limit == "No Limit"
    assert hand.button == 3
    # "Ida Moss" is the seat line's "Ida"
    assert {s.name for s in hand.seats} == {"Ida", "Jon", "Kai"}
    # raises 1.50 to 1.50, calls (3.50), bets (6.00), bets (12.00): Jon 1.50 + 3.50 + 6 + 12
    assert hand.contributions() == {"Kai": D("1.50"), "Ida": D(11), "Jon": D(23)}
    # "collected $34.10" counts the uncalled 12
    assert hand.returned() == {"Jon": D(12)}
    assert hand.collected() == {"Jon": D("34.10") - D(12)}
    assert hand.rake == D("1.40")
    assert hand.pots == (D("22.10"),)
    hand.check_balance()


def test_summary_layout_tournament_showdown(summary: dict[str, Hand]) -> None:
    hand = summary["16000000002"]
    assert hand.tournament == "77000001"
    assert hand.currency is None
    assert hand.cards("Lea")
    assert hand.cards("Max")
    assert hand.collected() == {"Max": D(2400) * 2}
    assert audit_hand(hand).verdict == "agree"


# -- broken files ---------------------------------------------------------------------


def test_does_not_add_up() -> None:
    more, good, less = _entries("does_not_add_up.txt")
    # 0.10 + 0.05 + 0.20 each = 0.60 put in, but 0.75 paid
    assert isinstance(more, HistoryError)
    assert more.kind == "does not add up"
    # the next hand still reads
    assert isinstance(good, Hand)
    assert good.hand_id == "17000000003"
    # 0.30 each = 0.60 put in, 0.30 paid: a "rake" of half the pot is no rake
    assert isinstance(less, HistoryError)
    assert less.kind == "does not add up"


def test_truncated_file_is_cut_off() -> None:
    [entry] = _entries("truncated.txt")
    assert isinstance(entry, HistoryError)
    assert entry.kind == "cut off"


def test_stray_text_is_not_a_history() -> None:
    text = "hello\n" + (PARTY / "tournament.txt").read_text(encoding="utf-8")
    entries = list(partypoker.read(io.StringIO(text)).entries())
    assert isinstance(entries[0], HistoryError)
    assert entries[0].kind == "not a history"
    assert isinstance(entries[-1], Hand)


def test_utf16_file() -> None:
    raw = (PARTY / "tournament.txt").read_text(encoding="utf-8").encode("utf-16")
    hands = list(partypoker.read(io.BytesIO(raw)))
    assert [h.hand_id for h in hands] == ["15000000001", "15000000002"]
