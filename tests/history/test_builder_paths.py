"""The hand builder's and the hand's quick constructions give what the plain ones give.

:class:`~showdown.history.formats.HandBuilder` builds each action without the
frozen dataclass' keyword handling and knows its seated players by a set;
:meth:`Hand.check_balance` adds the chips up in one pass. Here each is
compared with the plain construction: ``Action(...)`` by keyword, a search of
the seats, and the sums of :meth:`Hand.contributions`, :meth:`Hand.returned`
and :meth:`Hand.collected`.
"""

from __future__ import annotations

import dataclasses
import itertools
from decimal import Decimal
from pathlib import Path

import pytest

from showdown.cards import parse_cards
from showdown.errors import HistoryError, Message
from showdown.history import read
from showdown.history.formats import HandBuilder
from showdown.history.model import Action, ActionKind, Collection, Hand, Seat, quick_action
from showdown.history.reader import read_text
from showdown.history.synthetic import synthetic_history

DATA = Path(__file__).parent.parent / "data" / "histories"
D = Decimal


def test_the_quick_action_is_the_keyword_action() -> None:
    cards = parse_cards("As Kd")
    for kind, amount, to, all_in, shown, count in itertools.product(
        ActionKind, (D(0), D("0.25"), D("1E+2")), (None, D(3)), (False, True), ((), cards), (0, 2)
    ):
        quick = quick_action(kind, "Ann", amount, "flop", to, all_in, shown, count, 7)
        plain = Action(
            kind,
            "Ann",
            amount,
            street="flop",
            to=to,
            all_in=all_in,
            cards=shown,
            count=count,
            line=7,
        )
        assert type(quick) is Action
        assert quick == plain
        assert (hash(quick), repr(quick)) == (hash(plain), repr(plain))
        assert dataclasses.astuple(quick) == dataclasses.astuple(plain)


def _plain_street_total(actions: list[Action], player: str, street: str) -> Decimal:
    """What a player put in on a street, live blinds toward the first round (the plain rule)."""
    first = next((a.street for a in actions if a.street != "blinds"), None)
    total = D(0)
    for action in actions:
        if action.player != player or not action.amount or action.kind is ActionKind.RETURN:
            continue
        if action.kind.forced and action.kind not in (
            ActionKind.SMALL_BLIND,
            ActionKind.BIG_BLIND,
            ActionKind.STRADDLE,
            ActionKind.BRING_IN,
        ):
            continue  # dead money
        if action.street == street or (action.street == "blinds" and street == first):
            total += action.amount
    return total


def test_the_builder_records_what_plain_actions_say() -> None:
    b = HandBuilder(
        source="x", line=1, index=0, site="example", hand_id="1", game="holdem", unit=D("0.01")
    )
    b.seat(1, "Ann", D(10))
    b.seat(2, "Bob", D(10))
    b.seat(3, "Cid", D(10))
    expected: list[Action] = []
    b.line = 2
    b.post(ActionKind.ANTE, "Cid", D("0.05"))
    expected.append(Action(ActionKind.ANTE, "Cid", D("0.05"), street="blinds", line=2))
    b.post(ActionKind.SMALL_BLIND, "Ann", D("0.10"))
    expected.append(Action(ActionKind.SMALL_BLIND, "Ann", D("0.10"), street="blinds", line=2))
    b.post(ActionKind.BIG_BLIND, "Bob", D("0.20"))
    expected.append(Action(ActionKind.BIG_BLIND, "Bob", D("0.20"), street="blinds", line=2))
    b.street = "preflop"
    b.line = 3
    b.raise_to("Ann", D("0.60"), all_in=False)  # 0.10 in already: 0.50 more
    expected.append(
        Action(ActionKind.RAISE, "Ann", D("0.50"), street="preflop", to=D("0.60"), line=3)
    )
    b.raise_by("Bob", D("1.00"))  # 0.20 in already: to 1.20
    expected.append(
        Action(ActionKind.RAISE, "Bob", D("1.00"), street="preflop", to=D("1.20"), line=3)
    )
    b.fold("Cid")
    expected.append(Action(ActionKind.FOLD, "Cid", street="preflop", line=3))
    b.call("Ann", D("0.60"))
    expected.append(Action(ActionKind.CALL, "Ann", D("0.60"), street="preflop", line=3))
    for player in ("Ann", "Bob"):
        assert b.on_street(player) == _plain_street_total(expected, player, "preflop")
    b.street = "flop"
    b.line = 4
    b.bet("Ann", D("2"), all_in=True)
    expected.append(Action(ActionKind.BET, "Ann", D("2"), street="flop", all_in=True, line=4))
    b.check("Bob")  # (out of turn: the builder records, it does not judge)
    expected.append(Action(ActionKind.CHECK, "Bob", street="flop", line=4))
    b.return_uncalled()
    expected.append(Action(ActionKind.RETURN, "Ann", D("2"), street="flop", line=4))
    b.show("Ann", parse_cards("As Ad"))
    expected.append(
        Action(ActionKind.SHOW, "Ann", street="flop", cards=parse_cards("As Ad"), line=4)
    )
    b.muck("Bob")
    expected.append(Action(ActionKind.MUCK, "Bob", street="flop", line=4))
    b.discard("Bob", 0)
    expected.append(Action(ActionKind.STAND_PAT, "Bob", street="flop", line=4))
    assert b.actions == expected
    # a return is not taken off the street's total: Ann's bet of 2 stays
    assert b.on_street("Ann") == _plain_street_total(expected, "Ann", "flop") == D(2)
    b.collect("Ann", D("2.45"))
    hand = b.build()
    assert hand.actions == tuple(expected)


def test_the_builder_knows_its_seats_as_a_search_of_them_would() -> None:
    b = HandBuilder()
    b.seat(1, "Ann", D(1))
    b.seat(4, "Bob", D(1))
    for name in ("Ann", "Bob", "Cid", "ann", ""):
        assert b.seated(name) == any(s.name == name for s in b.seats)
    for number, name in ((1, "Cid"), (2, "Bob")):  # a seat or a name taken
        with pytest.raises(ValueError, match="listed twice"):
            b.seat(number, name, D(1))
    with pytest.raises(ValueError, match="not seated"):
        b.fold("Cid")
    with pytest.raises(ValueError, match="not seated"):
        b.collect("Cid", D(1))
    # a reader that adds a seat itself (not by seat()) is still believed
    b.seats.append(Seat(6, "Cid", D(1)))
    assert b.seated("Cid")
    b.fold("Cid")
    with pytest.raises(ValueError, match="listed twice"):
        b.seat(6, "Dan", D(1))
    b.seat(7, "Dan", D(1))
    assert [s.name for s in b.seats] == ["Ann", "Bob", "Cid", "Dan"]


def _plain_balance(hand: Hand) -> tuple[Decimal, Decimal]:
    put_in = sum(hand.contributions().values(), D(0)) + hand.added
    paid = sum(hand.returned().values(), D(0)) + sum(hand.collected().values(), D(0)) + hand.rake
    return put_in, paid


def _balance_error(hand: Hand) -> str | None:
    try:
        hand.check_balance()
    except HistoryError as error:
        return str(error)
    return None


def _plain_error(hand: Hand) -> str | None:
    """The message :meth:`Hand.check_balance` gives, from the plain sums."""
    put_in, paid = _plain_balance(hand)
    if put_in == paid:
        return None
    return str(
        HistoryError(
            Message(
                "the chips do not add up: {put_in} put in, but {paid} returned, "
                "collected and raked",
                put_in=put_in,
                paid=paid,
            ),
            file=hand.source,
            line=hand.line,
            hand=hand.hand_id,
            kind="does not add up",
        )
    )


def _hands() -> list[Hand]:
    hands = [h for h in read_text(synthetic_history(400, seed=3)) if isinstance(h, Hand)]
    for path in sorted(p for p in DATA.rglob("*") if p.suffix in (".txt", ".phh")):
        hands += [h for h in read(str(path)) if isinstance(h, Hand)]
    return hands


def test_the_balance_check_adds_up_as_the_plain_sums() -> None:
    hands = _hands()
    assert len(hands) > 300
    for hand in hands:
        assert _balance_error(hand) is None
        assert _plain_error(hand) is None
        # the same hand paid a cent too much, too little, and with a zero return
        zero = Action(ActionKind.RETURN, hand.seats[0].name, D("0.000"), street="river")
        wrongs = [
            dataclasses.replace(hand, rake=hand.rake + change) for change in (D("0.01"), D("-0.01"))
        ]
        wrongs.append(
            dataclasses.replace(
                hand,
                actions=(*hand.actions, zero),
                collections=(*hand.collections, Collection(hand.seats[0].name, D(1))),
            )
        )
        for wrong in wrongs:
            error = _balance_error(wrong)
            assert error is not None
            assert error == _plain_error(wrong)


def test_reached_showdown_counts_the_contenders() -> None:
    hands = _hands()
    reached = 0
    for hand in hands:
        for variant in (hand, dataclasses.replace(hand, cancelled=True)):
            plain = not variant.cancelled and len(variant.contenders) > 1
            assert variant.reached_showdown == plain
            reached += plain
    assert 0 < reached < len(hands)
