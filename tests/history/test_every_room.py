"""Every room's samples through ``showdown history convert --to phh``: the PHH written reads
back to the same showdown verdicts (``showdown audit --json``), or the hand is named with
the reason it cannot be written.

The test runs over the sample folders ``tests/data/histories/<room>/`` that exist and over
:data:`showdown.history.reader.FORMATS`, so each room wired in is covered as it lands; a
room not wired yet is named ("a history of ROOM, which showdown does not read").
The hands of the writer's own tests below are built here, their payouts worked out by
hand in the comments.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal as D  # noqa: N817
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from showdown.cards import parse_cards
from showdown.cli import app
from showdown.errors import HistoryError
from showdown.history import phh, reader
from showdown.history.audit import audit_hand
from showdown.history.formats import Format, HandBuilder
from showdown.history.model import ActionKind, Hand

DATA = Path(__file__).resolve().parents[1] / "data" / "histories"
ROOM_FOLDERS = sorted(p for p in DATA.iterdir() if p.is_dir() and p.name != "phh")
runner = CliRunner()


def _audit_json(*paths: str) -> list[dict[str, Any]]:
    result = runner.invoke(app, ["audit", "--json", *paths])
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def _read(folder: Path) -> Iterator[Hand | HistoryError]:
    """Every entry of every file of a folder, in the order the command line reads them."""
    for path in reader.find_histories([str(folder)]):
        yield from reader.read(path).entries()


def _written(hand: Hand) -> bool:
    try:
        phh.write_phh(hand)
    except HistoryError:
        return False
    return True


def _without_place(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in ("file", "hand")}


@pytest.mark.parametrize("folder", ROOM_FOLDERS, ids=lambda p: p.name)
def test_convert_writes_each_room_as_phh_that_audits_the_same(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / f"{folder.name}.phhs"
    result = runner.invoke(app, ["history", "convert", "--to", "phh", str(folder), "-o", str(out)])
    entries = list(_read(folder))
    hands = [entry for entry in entries if isinstance(entry, Hand)]
    errors = [entry for entry in entries if isinstance(entry, HistoryError)]
    written = [hand for hand in hands if _written(hand)]
    skipped = re.findall(r"^skipped: ", result.stderr, re.MULTILINE)
    # every hand is written, or reported with its reason; every bad entry is reported
    assert len(skipped) == len(errors) + len(hands) - len(written), result.stderr
    assert f"{len(written)} hand" in result.stderr
    assert result.exit_code == (1 if skipped else 0), result.output
    for error in errors:
        if error.kind == "room not read":
            identity = reader.identify(reader.start_of(error.file), name=error.file)
            assert f"a history of {identity.room}, which showdown does not read" in result.stderr
    if not written:
        return
    # the PHH reads back whole: no hand of it breaks (a no-showdown hand included)
    back = list(phh.read(out).entries())
    assert [e for e in back if isinstance(e, HistoryError)] == []
    assert len(back) == len(written)
    for hand, again in zip(written, back, strict=True):
        assert isinstance(again, Hand)
        assert (again.site, again.game) == (hand.site, hand.game)
        assert again.contributions() == hand.contributions()
        assert again.received() == hand.received(), hand.hand_id
        assert again.rake == hand.rake
        assert again.reached_showdown == hand.reached_showdown
    # and `showdown audit --json` gives the same verdict, amounts and reason
    original = {(r["file"], r["hand"]): r for r in _audit_json(str(folder)) if "hand" in r}
    converted = {r["hand"]: r for r in _audit_json(str(out))}
    compared = 0
    for number, hand in enumerate(written, start=1):
        mine = original.get((hand.source, hand.hand_id))
        theirs = converted.get(f"{out.name}#{number}")
        assert (mine is None) == (theirs is None), hand.hand_id
        if mine is not None and theirs is not None:
            assert _without_place(theirs) == _without_place(mine), hand.hand_id
            compared += 1
    assert compared == sum(1 for hand in written if hand.reached_showdown)


def _format_hands(form: Format) -> list[Hand]:
    hands: list[Hand] = []
    for folder in ROOM_FOLDERS:
        for path in reader.find_histories([str(folder)]):
            identity = reader.identify(reader.start_of(path), name=path)
            if identity.format is form:
                hands.extend(reader.read(path))
    return hands


@pytest.mark.parametrize("form", reader.FORMATS, ids=lambda f: f.name)
def test_each_format_wired_in_has_samples_and_converts_with_its_room(form: Format) -> None:
    hands = _format_hands(form)
    assert hands, f"no sample folder holds a history read as {form.name}"
    for hand in hands:
        text = phh.write_phh(hand)
        # the room stays the room: its site id, and its name as PHH's venue
        assert f'_site = "{hand.site}"' in text or hand.site in ("pokerstars", "ggpoker")
        assert re.search(r'^venue = ".+"$', text, re.MULTILINE), hand.hand_id
        again = phh.parse_phh(text, name="again.phh")
        assert again.site == hand.site
        before, after = audit_hand(hand), audit_hand(again)
        assert (after.verdict, after.players) == (before.verdict, before.players), hand.hand_id


# -- what the new readers' hands hold ----------------------------------------------------------


def _builder(**fields: object) -> HandBuilder:
    defaults: dict[str, object] = {
        "source": "t.txt",
        "line": 1,
        "index": 0,
        "site": "bovada",
        "hand_id": "1",
        "game": "holdem",
        "game_name": "Hold'em",
        "limit": "No Limit",
        "unit": D("0.01"),
        "currency": "USD",
    }
    return HandBuilder(**{**defaults, **fields})


def test_positions_named_as_players_and_no_button_heads_up() -> None:
    # Bovada's heads-up table names the seats by position and no button; the big blind's
    # "Hand result" of 0.15 counts the small blind's 0.05 and his own 0.10 (0.05 of it
    # unmatched: no room line returns it).
    b = _builder(stakes="$0.05/$0.10")
    b.seat(1, "Small Blind", D(10))
    b.seat(2, "Big Blind", D(10))
    b.post(ActionKind.SMALL_BLIND, "Small Blind", D("0.05"))
    b.post(ActionKind.BIG_BLIND, "Big Blind", D("0.10"))
    b.street = "preflop"
    b.fold("Small Blind")
    b.collect("Big Blind", D("0.15"))
    hand = b.build()
    assert hand.button is None
    text = phh.write_phh(hand)
    # heads-up, PHH lists the big blind first and the button (the small blind) last,
    # the blinds reversed: entry 0 is the button's 0.05
    assert 'players = ["Big Blind", "Small Blind"]' in text
    assert "blinds_or_straddles = [0.05, 0.10]" in text
    # a PHH reader returns the unmatched 0.05 itself: winnings hold the 0.10 won
    assert "winnings = [0.10, 0.00]" in text
    # finishing: the big blind 10 - 0.10 + 0.15 = 10.05, the small blind 10 - 0.05 = 9.95
    assert "finishing_stacks = [10.05, 9.95]" in text
    assert 'venue = "Bovada"' in text
    assert '_site = "bovada"' in text
    again = phh.parse_phh(text, name="again.phh")
    assert again.contributions() == {"Small Blind": D("0.05"), "Big Blind": D("0.10")}
    assert again.received() == {"Big Blind": D("0.15")}  # 0.10 won + 0.05 back


def test_no_button_keeps_the_odd_chip_where_the_audit_gave_it() -> None:
    # Three players, no button named (Ignition's Zone Poker). Ann (seat 1) small blind
    # 0.05, Bob (seat 2) big blind 0.10, Cid calls 0.10, Ann completes 0.05, Bob checks;
    # Bob bets 0.10 on the flop, both call; all three play the board's straight. With no
    # button, showdown counts the first player (Ann) as the button (convert.py).
    b = _builder(site="ignition")
    for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cid")):
        b.seat(seat, name, D(5))
    b.post(ActionKind.SMALL_BLIND, "Ann", D("0.05"))
    b.post(ActionKind.BIG_BLIND, "Bob", D("0.10"))
    b.street = "preflop"
    b.call("Cid", D("0.10"))
    b.call("Ann", D("0.05"))
    b.check("Bob")
    b.street = "flop"
    b.board(parse_cards("9c Td Jh"))
    b.check("Ann")
    b.bet("Bob", D("0.10"))
    b.call("Cid", D("0.10"))
    b.call("Ann", D("0.10"))
    b.street = "turn"
    b.board(parse_cards("Qs"))
    b.check("Ann")
    b.check("Bob")
    b.check("Cid")
    b.street = "river"
    b.board(parse_cards("Kd"))
    b.check("Ann")
    b.check("Bob")
    b.check("Cid")
    b.street = "showdown"
    b.show("Ann", parse_cards("2c 3d"))
    b.show("Bob", parse_cards("4c 5d"))
    b.show("Cid", parse_cards("2h 3h"))
    # everyone plays the 9-T-J-Q-K straight: 0.60 in, 0.01 rake, 0.59 three ways:
    # 0.19 each and two odd cents, to the first two winners after Ann: Bob, then Cid.
    b.collect("Ann", D("0.19"))
    b.collect("Bob", D("0.20"))
    b.collect("Cid", D("0.20"))
    hand = b.build(rake=D("0.01"))
    assert hand.button is None
    before = audit_hand(hand)
    assert before.verdict == "agree", before.reason
    text = phh.write_phh(hand)
    # the blinds tell the order: Ann (small blind) first, Cid (the seat before her) last
    assert 'players = ["Ann", "Bob", "Cid"]' in text
    assert "blinds_or_straddles = [0.05, 0.10, 0.00]" in text
    assert "_button = 1" in text  # Ann's seat: where showdown gave the odd chips from
    again = phh.parse_phh(text, name="again.phh")
    after = audit_hand(again)
    assert (after.verdict, after.players) == (before.verdict, before.players)


@pytest.mark.parametrize(
    ("stakes", "limit", "sizes"),
    [
        # 888poker writes a limit game's blinds: $0.25/$0.50 blinds are a $0.50/$1 game
        ("$0.25/$0.50", "Limit", "small_bet = 0.50\nbig_bet = 1.00"),
        # decimal commas and the currency after (888poker in German, Winamax): no limit,
        # the minimum bet is the big blind posted
        ("0,25 €/0,50 €", "No Limit", "min_bet = 0.50"),
        ("0,25€/0,50€", "Limit", "small_bet = 0.50\nbig_bet = 1.00"),
    ],
)
def test_stakes_as_the_rooms_write_them(stakes: str, limit: str, sizes: str) -> None:
    b = _builder(site="888poker", stakes=stakes, limit=limit)
    b.seat(1, "Ann", D(20))
    b.seat(2, "Bob", D(20))
    b.post(ActionKind.SMALL_BLIND, "Ann", D("0.25"))
    b.post(ActionKind.BIG_BLIND, "Bob", D("0.50"))
    b.street = "preflop"
    b.fold("Ann")
    b.returned("Bob", D("0.25"))
    b.collect("Bob", D("0.50"))
    text = phh.write_phh(b.build(button=1))
    assert sizes in text
    assert 'venue = "888poker"' in text


def test_an_ante_first_in_the_stakes_is_not_a_bet_size() -> None:
    # Winamax tournaments write ante/small blind/big blind: 25/100/200
    b = _builder(site="winamax", stakes="25/100/200", unit=D(1), currency=None, tournament="9")
    for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cid")):
        b.seat(seat, name, D(5000))
        b.post(ActionKind.ANTE, name, D(25))
    b.post(ActionKind.SMALL_BLIND, "Bob", D(100))
    b.post(ActionKind.BIG_BLIND, "Cid", D(200))
    b.street = "preflop"
    b.fold("Ann")
    b.fold("Bob")
    # Cid: 3 antes 75 + the small blind 100 + his own 200 back
    b.collect("Cid", D(175))
    b.returned("Cid", D(200))
    text = phh.write_phh(b.build(button=1))
    assert "min_bet = 200" in text
    assert "antes = [25, 25, 25]" in text
    assert '_tournament = "9"' in text


def _piped_samples() -> list[Path]:
    """The first file of each room's folder, and every file that is not plain ASCII (the
    encodings a room writes: UTF-16, a code page, UTF-8 with a mark)."""
    chosen: list[Path] = []
    for folder in ROOM_FOLDERS:
        files = sorted(path for path in folder.iterdir() if path.is_file())
        chosen.extend(p for i, p in enumerate(files) if i == 0 or not p.read_bytes().isascii())
    return chosen


@pytest.mark.parametrize("path", _piped_samples(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_convert_from_standard_input_reads_the_bytes_as_a_file(path: Path) -> None:
    # piped in, a history is told and decoded from its bytes (UTF-16, a code page) as its
    # file is: the same PHH comes out
    from_file = runner.invoke(app, ["history", "convert", str(path)])
    piped = runner.invoke(app, ["history", "convert", "-"], input=path.read_bytes())
    assert piped.exit_code == from_file.exit_code
    assert piped.stdout == from_file.stdout
    written = re.findall(r"(\d+) hands? written", piped.stderr)
    assert written == re.findall(r"(\d+) hands? written", from_file.stderr)


def test_a_utf16_history_piped_in_converts() -> None:
    text = (DATA / "pokerstars_cash.txt").read_text(encoding="utf-8")
    result = runner.invoke(app, ["history", "convert", "-"], input=text.encode("utf-16"))
    assert result.exit_code == 0, result.output
    hands = list(phh.read_text(result.stdout, name="piped.phhs"))
    originals = list(reader.read(DATA / "pokerstars_cash.txt"))
    assert [h.received() for h in hands] == [h.received() for h in originals]


def test_a_stack_smaller_than_what_was_put_in_is_written_as_not_known() -> None:
    # partypoker writes a tournament seat of 1 chip for a player whose stack it did not
    # know, who then put in 40: PHH's inf (not known) lets him bet it. Ann's big blind 40
    # is called by Bob; Bob's 40 more on the flop is not called and comes back.
    b = _builder(site="partypoker", unit=D(1), currency=None, tournament="7")
    b.seat(1, "Ann", D(1))
    b.seat(2, "Bob", D(500))
    b.post(ActionKind.SMALL_BLIND, "Bob", D(20))
    b.post(ActionKind.BIG_BLIND, "Ann", D(40))
    b.street = "preflop"
    b.call("Bob", D(20))
    b.check("Ann")
    b.street = "flop"
    b.board(parse_cards("2c 7d Js"))
    b.check("Ann")
    b.bet("Bob", D(40))
    b.fold("Ann")
    b.returned("Bob", D(40))
    b.collect("Bob", D(80))  # 40 + 40
    hand = b.build(button=2)
    text = phh.write_phh(hand)
    assert "starting_stacks = [inf, 500]" in text
    again = phh.parse_phh(text, name="again.phh")
    assert again.received() == {"Bob": D(120)}  # 80 won + 40 back
    assert again.contributions() == hand.contributions()


def test_amounts_finer_than_the_unit_are_not_rounded() -> None:
    # play chips read with a unit of 1 whose blinds are 0.25/0.50: written as they are
    b = _builder(site="ongame", unit=D(1), currency=None, play_money=True)
    b.seat(1, "Ann", D("58.10"))
    b.seat(2, "Bob", D(50))
    b.post(ActionKind.SMALL_BLIND, "Ann", D("0.25"))
    b.post(ActionKind.BIG_BLIND, "Bob", D("0.50"))
    b.street = "preflop"
    b.fold("Ann")
    b.returned("Bob", D("0.25"))
    b.collect("Bob", D("0.50"))  # 0.25 + his matched 0.25
    text = phh.write_phh(b.build(button=1))
    # heads-up, PHH's arrays are read reversed: entry 0 is the button's (Ann's) 0.25
    assert "blinds_or_straddles = [0.25, 0.50]" in text
    assert "starting_stacks = [50.00, 58.10]" in text
    again = phh.parse_phh(text, name="again.phh")
    assert again.received() == {"Bob": D("0.75")}
