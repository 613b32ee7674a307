"""The Cake Poker reader on hand-written histories in Cake's layout."""

from __future__ import annotations

import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

from showdown.cards import parse_cards
from showdown.history import ActionKind, Hand
from showdown.history.audit import audit_hand
from showdown.history.cake import read

DATA = Path(__file__).parent.parent / "data" / "histories"
CAKE = DATA / "cake"


def entries(name: str) -> list[object]:
    return list(read(CAKE / name).entries())


def hands(name: str) -> list[Hand]:
    return list(read(CAKE / name))


def test_side_pot() -> None:
    hand = hands("cash.txt")[0]
    assert (hand.site, hand.game, hand.limit, hand.stakes) == (
        "cake",
        "holdem",
        "No Limit",
        "$0.10/$0.20",
    )
    assert (hand.currency, hand.unit, hand.button, hand.max_seats) == ("USD", D("0.01"), 1, 6)
    # Ann all in 4; Bob 0.10 + raise to 10; Cid 0.20 + 11.80 all in, 2 of it returned
    assert hand.contributions() == {"Bob": D(10), "Cid": D(12), "Ann": D(4)}
    assert hand.returned() == {"Cid": D(2)}
    # main 3 x 4 = 12 and side 2 x 6 = 12 pay 11.50 each: 1.00 raked
    assert hand.collected() == {"Bob": D(23)}
    assert [c.pot for c in hand.collections] == ["pot", "side pot #1"]
    assert hand.rake == 1
    assert hand.boards == (parse_cards("2c 7d 9s Jc 3h"),)
    assert audit_hand(hand).verdict == "agree"


def test_split_pot() -> None:
    hand = hands("cash.txt")[1]
    # 0.20 + 0.40 each and Cid's 0.10: 1.30 in, 0.63 + 0.62 paid
    assert hand.collected() == {"Dee": D("0.63"), "Bob": D("0.62")}
    assert hand.rake == D("0.05")
    assert audit_hand(hand).verdict == "agree"


def test_muck_with_the_cards_shown_after() -> None:
    hand = hands("cash.txt")[2]
    assert hand.mucked == frozenset({"Cid"})
    assert hand.cards("Cid") == parse_cards("8c 8s")
    # Cid and Dee 0.20 + 0.60, Bob 0.20: 1.80 in, 1.71 paid
    assert hand.collected() == {"Dee": D("1.71")}
    assert audit_hand(hand).verdict == "agree"


def test_tournament_with_antes() -> None:
    hand = hands("comma_tournament.txt")[0]
    assert hand.tournament == "20000777"
    assert hand.currency is None
    assert (hand.unit, hand.stakes, hand.table) == (D(1), "10/50/100", "Table 1")
    assert [a.kind for a in hand.actions[:2]] == [ActionKind.ANTE, ActionKind.ANTE]
    # 10 ante + 300 + 400 each
    assert hand.contributions() == {"Ann": D(710), "Bob": D(710)}
    assert hand.collected() == {"Bob": D(1420)}
    assert audit_hand(hand).verdict == "agree"


def test_decimal_commas_and_a_dead_blind_written_negative() -> None:
    hand = hands("comma_tournament.txt")[1]
    # the "dead blind $-0,05" is not money put in; Ann's big blind 0,10 is
    posts = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.forced]
    assert ("Ann", ActionKind.BIG_BLIND, D("0.10")) in posts
    assert all(a.player != "Ann" or a.kind is not ActionKind.DEAD_BLIND for a in hand.actions)
    # Bob 0.05 + 0.05 + 0.30 + 1.20 (returned); Ann 0.10 + 0.30; Cid 0.10
    assert hand.contributions() == {"Bob": D("1.60"), "Cid": D("0.10"), "Ann": D("0.40")}
    assert hand.returned() == {"Bob": D("1.20")}
    assert hand.collected() == {"Bob": D("0.88")}  # 0.90 in the pot, 0.02 raked
    assert hand.rake == D("0.02")


def test_stray_text_and_encodings() -> None:
    text = (CAKE / "cash.txt").read_text(encoding="utf-8")
    stray, *rest = list(read(io.StringIO("exported 2012-03-05\n" + text)).entries())
    assert getattr(stray, "kind", None) == "not a history"
    assert [type(e) for e in rest] == [Hand, Hand, Hand]
    # a UTF-8 mark encoded twice, as a real tournament file starts
    twice = "\u00ef\u00bb\u00bf" + text
    for data in (twice.encode("utf-8"), text.encode("utf-16")):
        assert len(list(read(io.BytesIO(data)))) == 3
