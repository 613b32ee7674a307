"""What every room reader built on :mod:`showdown.history.linereader` must do, checked once
over the rooms' own sample histories: a hand that does not add up, a file cut off inside
a hand, stray text, and ``recognise`` on its own files but not on other rooms'."""

from __future__ import annotations

import importlib
import io
from decimal import Decimal as D  # noqa: N817
from pathlib import Path
from types import ModuleType

import pytest

from showdown.errors import HistoryError
from showdown.history import Hand
from showdown.history.amounts import amount_of, attribute_amount, number_in, plain_amount
from showdown.history.linereader import cards_of
from showdown.history.signatures import room_of

DATA = Path(__file__).parent.parent / "data" / "histories"

ROOMS = {
    # module: (samples folder, a sample, the room signatures name, the samples' suffix)
    "betfair": ("betfair", "cash.txt", "Betfair"),
    "boss": ("boss", "cash.xml", "Boss Media"),
    "cake": ("cake", "cash.txt", None),
    "cereus": ("cereus", "cash.txt", "Cereus (UB/Absolute)"),
    "entraction": ("entraction", "cash.txt", "Entraction"),
    "everest": ("everest", "cash.xml", "Everest Poker"),
    "everleaf": ("everleaf", "cash.txt", None),
    "kingsclub": ("kingsclub", "cash.txt", "KingsClub"),
    "merge": ("merge", "cash.xml", None),
    "microgaming": ("microgaming", "cash.xml", None),
    "ongame": ("ongame", "cash.txt", "OnGame"),
    "pkr": ("pkr", "cash.txt", None),
    "sealswithclubs": ("sealswithclubs", "cash.txt", "Seals with Clubs"),
}
"""The rooms whose samples hold ``does_not_add_up`` and ``truncated`` files."""

OTHERS = ("pokerstars_cash.txt", "ggpoker_cash.txt", "fulltilt_cash.txt")


def module(room: str) -> ModuleType:
    return importlib.import_module(f"showdown.history.{room}")


def sample(room: str, stem: str) -> Path:
    folder, cash, _ = ROOMS[room]
    return DATA / folder / (stem + Path(cash).suffix)


def entries(room: str, stem: str) -> list[Hand | HistoryError]:
    return list(module(room).read(sample(room, stem)).entries())


@pytest.mark.parametrize("room", sorted(ROOMS))
def test_a_hand_that_does_not_add_up(room: str) -> None:
    (entry,) = entries(room, "does_not_add_up")
    assert isinstance(entry, HistoryError)
    assert entry.kind == "does not add up"


@pytest.mark.parametrize("room", sorted(ROOMS))
def test_a_file_cut_off_keeps_the_hands_before(room: str) -> None:
    *before, last = entries(room, "truncated")
    assert all(isinstance(entry, Hand) for entry in before)
    assert isinstance(last, HistoryError)
    assert last.kind == "cut off"


@pytest.mark.parametrize("room", sorted(ROOMS))
def test_stray_text_is_not_a_history_once(room: str) -> None:
    text = sample(room, "cash").read_text(encoding="utf-8")
    alone = list(module(room).read(io.StringIO("hello\nworld\n")).entries())
    assert [e.kind for e in alone if isinstance(e, HistoryError)] == ["not a history"]
    stray, *rest = module(room).read(io.StringIO("my notes\n" + text)).entries()
    assert isinstance(stray, HistoryError)
    assert stray.kind == "not a history"
    alike = list(module(room).read(io.StringIO(text)).entries())
    assert [_name(e) for e in rest] == [_name(e) for e in alike]  # the hands, a line later


def _name(entry: Hand | HistoryError) -> str:
    return entry.hand_id if isinstance(entry, Hand) else entry.kind


@pytest.mark.parametrize("room", sorted(ROOMS))
def test_recognise_its_own_files_only(room: str) -> None:
    reader = module(room)
    start = sample(room, "cash").read_text(encoding="utf-8")
    assert reader.recognise(start)
    assert reader.FORMAT.recognise is reader.recognise
    named = ROOMS[room][2]
    if named is not None:
        assert room_of(start) == named
    for other in OTHERS:
        assert not reader.recognise((DATA / other).read_text(encoding="utf-8"))


def test_the_small_readers() -> None:
    # any room's amounts, each text read once
    assert amount_of("1 001,24€") == D("1001.24")
    assert amount_of("0,05", True) == D("0.05")
    assert amount_of("1,500", False) == D(1500)
    # the number in an amount as some rooms write it
    assert number_in("[$ 1,195.50 USD]") == D("1195.50")
    assert number_in("($-0.10)") == D("-0.10")
    assert plain_amount("+2,500.5") == D("2500.5")
    assert attribute_amount("$5.05") == D("5.05")
    assert attribute_amount("1,5") == D("1.5")
    assert cards_of("10s, Jh") == cards_of("Ts Jh") == cards_of("Ts - Jh")
    with pytest.raises(ValueError, match="not an amount"):
        number_in("none")
    with pytest.raises(ValueError, match="not an amount"):
        plain_amount("x")
    with pytest.raises(ValueError, match="without an amount"):
        attribute_amount(None)
