"""The readers on hand-made sample histories: every field checked by plain arithmetic."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.cards import parse_cards
from showdown.errors import HistoryError
from showdown.history import ActionKind, Hand, read, read_text
from showdown.history.synthetic import synthetic_history

DATA = Path(__file__).parent.parent / "data" / "histories"


def hands_of(name: str) -> list[Hand]:
    return list(read(DATA / name))


def test_side_pots_three_all_ins_contributions() -> None:
    hand = hands_of("pokerstars_cash.txt")[0]
    assert hand.site == "pokerstars"
    assert hand.game == "holdem"
    assert hand.currency == "USD"
    assert hand.unit == D("0.01")
    assert hand.button == 5
    assert hand.table == "Testa I"
    # Ann 0.50 + 19.50; Bob 1 + 44; Cid 3 + 77; Dan 3 + 77
    assert hand.contributions() == {"Ann": D(20), "Bob": D(45), "Cid": D(80), "Dan": D(80)}
    assert hand.total_pot == 20 + 45 + 80 + 80
    assert hand.pots == (D(77), D(75), D(70))
    assert hand.rake == 3
    assert hand.collected() == {"Cid": D(70), "Bob": D(75), "Ann": D(77)}
    assert [c.pot for c in hand.collections] == ["side pot-2", "side pot-1", "main pot"]
    assert hand.boards == (parse_cards("2c 7d Js 8h Qs"),)
    assert hand.reached_showdown
    assert hand.folded == frozenset({"Eve"})
    assert hand.contenders == ("Ann", "Bob", "Cid", "Dan")


def test_hilo_quartered_reading() -> None:
    hand = hands_of("pokerstars_cash.txt")[1]
    assert hand.game == "omaha_hilo"
    assert hand.limit == "Pot Limit"
    assert hand.contributions() == {"Ann": D(4), "Bob": D(4), "Cid": D(4)}
    assert hand.collected() == {"Ann": D("5.72") + D("2.86"), "Bob": D("2.85")}


def test_dead_blind_and_muck() -> None:
    hand = hands_of("pokerstars_cash.txt")[2]
    kinds = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.forced]
    assert ("Dan", ActionKind.DEAD_BLIND, D("0.05")) in kinds
    assert ("Dan", ActionKind.BIG_BLIND, D("0.10")) in kinds
    assert hand.dead_money() == {"Dan": D("0.05")}
    assert hand.contributions() == {"Bob": D("0.10"), "Cid": D("0.80"), "Dan": D("0.85")}
    assert hand.mucked == frozenset({"Dan"})
    assert hand.cards("Dan") == parse_cards("Kd Kc")  # known from the summary


def test_run_it_twice_boards() -> None:
    hand = hands_of("pokerstars_cash.txt")[3]
    assert hand.boards == (parse_cards("2c 7s 9d 3h 4c"), parse_cards("Kc 8s 5d 6h Jc"))
    assert [(c.player, c.board) for c in hand.collections] == [("Ann", 0), ("Bob", 1)]


def test_eight_handed_stud() -> None:
    hand = hands_of("pokerstars_cash.txt")[4]
    assert hand.game == "stud"
    assert hand.button is None
    assert len(hand.seats) == 8
    # every ante 0.02; Ann completes to 0.10 then 0.10 + 0.20; Hal brings in 0.05
    assert hand.contributions()["Ann"] == D("0.42") == hand.contributions()["Hal"]
    assert sum(hand.contributions().values()) == D("0.96")
    assert len(hand.shown("Ann")) == 7
    assert hand.contenders == ("Ann", "Hal")


def test_tournament_big_blind_ante() -> None:
    hand = hands_of("pokerstars_tournament.txt")[0]
    assert hand.tournament == "3100001"
    assert hand.currency is None
    assert hand.unit == 1
    assert next(a.kind for a in hand.actions if a.player == "Cid") is ActionKind.BIG_BLIND_ANTE
    assert hand.dead_money() == {"Cid": D(200)}


def test_ggpoker_dialect() -> None:
    plo, rit, short = hands_of("ggpoker_cash.txt")
    assert plo.site == "ggpoker"
    assert plo.hand_id == "RC900000001"
    assert plo.seats[2].stack == D("1250.50")
    assert plo.dead_money() == {"Dan": D(1)}
    assert rit.rake == 25  # rake 20 + jackpot 5
    assert rit.boards[1] == parse_cards("9s 8d 5c 4d Ah")  # rebuilt from the streets
    assert short.game == "sixplus"


def test_full_tilt_dialect() -> None:
    holdem, stud, draw = hands_of("fulltilt_cash.txt")
    assert holdem.site == "fulltilt"
    assert holdem.button == 3
    assert holdem.contributions() == {"Ann Lee": D(30), "Bob": D(2), "Cid": D(30)}
    assert stud.game == "stud_hilo"
    assert stud.collected() == {"Cid": D("17.20")}
    assert [c.pot for c in stud.collections] == ["high pot", "low pot"]
    assert draw.game == "deuce_to_seven"
    assert draw.dead_money() == {"Cid": D("2.50")}
    assert draw.contributions()["Cid"] == D("2.50") + 5 + 5 + 10


@pytest.mark.parametrize(
    ("index", "game"),
    [
        (0, "omaha5_hilo"),
        (1, "courchevel_hilo"),
        (2, "five_card_draw"),
        (3, "deuce_to_seven"),
        (4, "deuce_to_seven"),
        (5, "badugi"),
        (6, "omaha"),
    ],
)
def test_every_game_is_named(index: int, game: str) -> None:
    hand = hands_of("pokerstars_games.txt")[index]
    assert hand.game == game
    assert hand.reached_showdown
    assert sum(hand.contributions().values()) == D("0.20")


def test_courchevel_board_keeps_the_first_card() -> None:
    hand = hands_of("pokerstars_games.txt")[1]
    assert hand.boards == (parse_cards("7h 5d 3s Ts Jc"),)


def test_draws_are_streets() -> None:
    hand = hands_of("pokerstars_games.txt")[4]
    assert {a.street for a in hand.actions if a.kind is ActionKind.DISCARD} == {
        "draw1",
        "draw2",
        "draw3",
    }


def test_a_hand_that_does_not_add_up_is_skipped_and_counted() -> None:
    reader = read(DATA / "pokerstars_does_not_add_up.txt")
    hands = list(reader)
    assert [h.hand_id for h in hands] == ["300000000002"]
    assert dict(reader.skipped) == {"does not add up": 1}
    error = reader.errors[0]
    assert isinstance(error, HistoryError)
    assert error.hand == "300000000003"
    assert error.line == 1
    assert "pokerstars_does_not_add_up.txt, line 1, hand 300000000003" in str(error)
    assert "1.75 put in" in str(error)


def test_truncated_file() -> None:
    reader = read(DATA / "pokerstars_truncated.txt")
    assert [h.hand_id for h in reader] == ["300000000002"]
    assert dict(reader.skipped) == {"cut off": 1}
    assert reader.errors[0].hand == "300000000001"
    assert reader.errors[0].line > 1


def test_not_a_history() -> None:
    reader = read(DATA / "not_a_history.txt")
    assert list(reader) == []
    assert dict(reader.skipped) == {"not a history": 1}
    assert "not a hand history" in str(reader.errors[0])


def test_streams_and_utf16() -> None:
    text = (DATA / "pokerstars_tournament.txt").read_text(encoding="utf-8")
    assert len(list(read(io.BytesIO(text.encode("utf-16"))))) == 2
    assert len(list(read(io.StringIO(text)))) == 2
    assert len(list(read_text(text))) == 2


def test_synthetic_hands_read_and_balance() -> None:
    reader = read_text(synthetic_history(200, seed=5))
    hands = list(reader)
    assert len(hands) == 200
    assert not reader.skipped
    assert [h.index for h in hands] == list(range(200))
