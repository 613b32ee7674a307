"""The shared parts of the readers: amounts, lines, and what the hand builder works out.

Each expected value is worked out here by plain arithmetic.
"""

from __future__ import annotations

from decimal import Decimal as D  # noqa: N817

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.errors import HistoryError
from showdown.history.amounts import parse_amount
from showdown.history.formats import HandBuilder, clean_line
from showdown.history.model import ActionKind


def builder(unit: str = "0.01") -> HandBuilder:
    return HandBuilder(
        source="x.txt", line=1, index=0, site="example", hand_id="1", game="holdem", unit=D(unit)
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$1,694.48", "1694.48"),
        ("1 001,24€", "1001.24"),
        ("1\u00a0001,24 €", "1001.24"),
        ("0,02 $", "0.02"),
        ("€0.10", "0.10"),
        ("1.234,5 €", "1234.5"),
        ("12.000", "12000"),
        ("1,500", "1500"),
        ("Rs. 22.21", "22.21"),
        ("2.50 USD", "2.50"),
        ("-4", "-4"),
    ],
)
def test_amounts_as_rooms_write_them(text: str, value: str) -> None:
    assert parse_amount(text) == D(value)


def test_an_amount_whose_comma_the_room_names() -> None:
    assert parse_amount("1,500", decimal_comma=True) == D("1.5")
    assert parse_amount("0.500", decimal_comma=False) == D("0.5")


@pytest.mark.parametrize("text", ["", "lots", "1..2", "$", "1,2,3x"])
def test_not_an_amount(text: str) -> None:
    with pytest.raises(ValueError, match="is not an amount"):
        parse_amount(text)


def test_clean_line_drops_marks_also_a_mark_encoded_twice() -> None:
    twice = "\ufeff".encode().decode("cp1252")  # a UTF-8 mark read as 1252, written again
    assert clean_line(twice + "\ufeffGame #1\r\n") == "Game #1"
    assert clean_line("\x00 Seat 1 \t") == "Seat 1"


def test_the_uncalled_bet_is_counted_on_live_money_only() -> None:
    # Bob posts a dead small blind 0.05 and a live big blind 0.10, then raises to 1.00;
    # Ann folds after her big blind of 0.10. Live money: Bob 1.00, Ann 0.10: 0.90 back.
    b = builder()
    b.seat(1, "Ann", D(10))
    b.seat(2, "Bob", D(10))
    b.post(ActionKind.BIG_BLIND, "Ann", D("0.10"))
    b.post(ActionKind.DEAD_BLIND, "Bob", D("0.05"))
    b.post(ActionKind.BIG_BLIND, "Bob", D("0.10"))
    b.street = "preflop"
    b.raise_to("Bob", D("1.00"))
    b.fold("Ann")
    b.return_uncalled()
    b.collect("Bob", D("0.25"))  # Ann's 0.10, Bob's dead 0.05 and his matched 0.10
    hand = b.build()
    assert hand.returned() == {"Bob": D("0.90")}


def test_in_a_hand_of_antes_only_the_whole_contributions_are_compared() -> None:
    b = builder("1")
    b.seat(1, "Ann", D(100))
    b.seat(2, "Bob", D(100))
    b.post(ActionKind.ANTE, "Ann", D(10))
    b.post(ActionKind.ANTE, "Bob", D(4))  # all in for less
    b.return_uncalled()  # Ann's 6 beyond Bob's 4
    b.collect("Ann", D(8))
    assert b.build().returned() == {"Ann": D(6)}


def test_seats_are_kept_in_seat_order_and_the_unit_follows_the_finest_amount() -> None:
    b = builder("1")  # play chips, whole by default
    b.seat(3, "Cid", D("54.55"))  # but written in cents
    b.seat(1, "Ann", D(20))
    b.post(ActionKind.SMALL_BLIND, "Ann", D(1))
    b.post(ActionKind.BIG_BLIND, "Cid", D(2))
    b.street = "preflop"
    b.fold("Ann")
    b.return_uncalled()
    b.collect("Cid", D(2))
    hand = b.build()
    assert [seat.number for seat in hand.seats] == [1, 3]
    assert hand.unit == D("0.01")


def test_chips_written_with_zero_decimals_stay_whole_chips() -> None:
    b = builder("1")
    b.seat(1, "Ann", D("1500.00"))
    b.seat(2, "Bob", D("1500.00"))
    b.post(ActionKind.BIG_BLIND, "Bob", D("20.00"))
    b.street = "preflop"
    b.fold("Ann")
    b.return_uncalled()
    assert b.build().unit == D(1)


def test_a_hand_that_does_not_add_up_is_an_error() -> None:
    b = builder()
    b.seat(1, "Ann", D(5))
    b.seat(2, "Bob", D(5))
    b.post(ActionKind.BIG_BLIND, "Bob", D("0.10"))
    b.collect("Bob", D("0.20"))
    with pytest.raises(HistoryError, match="do not add up") as caught:
        b.build()
    assert caught.value.kind == "does not add up"
    assert caught.value.site == "example"


def test_a_player_who_is_not_seated_cannot_act() -> None:
    b = builder()
    b.seat(1, "Ann", D(5))
    with pytest.raises(ValueError, match="'Zed' acts but is not seated"):
        b.check("Zed")
    with pytest.raises(ValueError, match="listed twice"):
        b.seat(1, "Bob", D(5))


@settings(max_examples=300, deadline=None)
@given(
    cents=st.integers(min_value=0, max_value=10**9),
    comma=st.booleans(),
    grouped=st.booleans(),
    space=st.sampled_from(["", " ", "\u00a0"]),
    sign=st.sampled_from(["", "$", "€", "£", "USD", "EUR"]),
    after=st.booleans(),
)
def test_every_way_a_room_writes_an_amount_reads_back(
    cents: int, comma: bool, grouped: bool, space: str, sign: str, after: bool
) -> None:
    """An amount written with either decimal mark, with or without thousands separators
    (the other mark, a space or a non-breaking space), the currency before or after,
    reads back as the amount (the room's decimal mark given, as a reader knows it)."""
    value = D(cents) / 100
    whole, fraction = divmod(cents, 100)
    digits = f"{whole:,}" if grouped else str(whole)
    mark, thousands = (",", ".") if comma else (".", ",")
    digits = digits.replace(",", (space or thousands) if grouped else "")
    text = f"{digits}{mark}{fraction:02d}"
    written = f"{text} {sign}" if after and sign else f"{sign}{text}"
    assert parse_amount(written, decimal_comma=comma) == value
