"""PHH: reading every variant, the round trip, pokerkit replaying what we write, the audit, errors.

The samples under ``tests/data/histories/phh/`` are our own hands. What each
player gets back is worked out below from the actions, by hand, and does not
come from the reader.
"""

from __future__ import annotations

import dataclasses
import io
import json
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from showdown.cli import app
from showdown.errors import HistoryError
from showdown.games import GAMES
from showdown.history import phh
from showdown.history.audit import Tally, audit, audit_entries
from showdown.history.model import ActionKind, Hand
from showdown.history.reader import read

DATA = Path(__file__).parent / "data" / "histories"
PHH = DATA / "phh"
BAD = PHH / "bad"
POKERSTARS = PHH / "pokerstars.txt"
runner = CliRunner()

D = Decimal

# file -> (game, limit, what each player gets back: pot collections plus returned bets)
EXPECTED: dict[str, tuple[str, str, dict[str, Decimal]]] = {
    # All in preflop for 1000, 2500, 4000 against 8000 (who calls 4000): main pot 4 x 1000,
    # side pot 3 x 1500, side pot 2 x 1500: a set of kings (main), a set of sevens (first side
    # pot), aces (second side pot), Dan's queen-jack nothing.
    "nt_side_pots.phh": ("holdem", "No Limit", {"Ann": D(4000), "Bob": D(4500), "Cid": D(3000)}),
    # Heads-up limit: each puts in 6 + 4 + 4 = 14, both play the broadway board: 14 each.
    "ft_heads_up.phh": ("holdem", "Limit", {"Bea": D(14), "Cal": D(14)}),
    # 3 antes + 6 + 6 + 6 preflop + 10 + 10 on the flop = 41 to Ada's A-6-7-8-9 straight.
    "ns_short_deck.phh": ("shortdeck", "No Limit", {"Ada": D(41)}),
    # 0.25 + 9.25 + 9.25 = 18.75 in, 0.90 rake: Fay's aces and jacks take 17.85.
    "po_rake_cents.phh": ("omaha", "Pot Limit", {"Fay": D("17.85")}),
    # 3 x 8 = 24: the high half (12) to Hal's kings, the low half (12) shared by Hal and Ivy's
    # 8-5-3-2-A: Hal 12 + 6, Ivy 6.
    "fo8_quartered.phh": ("omaha_hilo", "Limit", {"Hal": D(18), "Ivy": D(6)}),
    # 4 antes + Kim 50 + Lou 50 + Ned 10 = 114 to Kim's trip aces.
    "f7s_stud.phh": ("stud", "Limit", {"Kim": D(114)}),
    # Ola's ante and bring-in 3 + Pat 41 + Quin 41 = 85 to Quin's 6-5-4-3-2.
    "fr_razz.phh": ("razz", "Limit", {"Quin": D(85)}),
    # 6 + 30 each: 72 to Rae's 7-5-4-3-2.
    "n2l1d_single_draw.phh": ("deuce_to_seven", "No Limit", {"Rae": D(72)}),
    # Tia's small blind 1 + 18 + 18 = 37 to Vic's 7-6-5-3-2.
    "f2l3d_triple_draw.phh": ("deuce_to_seven", "Limit", {"Vic": D(37)}),
    # 16 each: 32 to Wes's 4-3-2-A badugi.
    "fb_badugi.phh": ("badugi", "Limit", {"Wes": D(32)}),
    # 8 antes + 10 (p5) + 30 + 30 = 78, split: trip eights high (p7), 6-4-3-2-A low (p2).
    "f7s8_eight_handed.phh": ("stud_hilo", "Limit", {"p2": D(39), "p7": D(39)}),
    # Bob's 300 big-blind ante + 100 small blind + 500 + 500 = 1400, a tie on a royal board.
    "tournament.phhs#1": ("holdem", "No Limit", {"Bob": D(700), "Cid": D(700)}),
    # Cid re-raises to 40 over Dan's 12: 28 comes back, and he wins 1 + 2 + 12 + 12 = 27.
    "tournament.phhs#2": ("holdem", "No Limit", {"Cid": D(55)}),
    # 32 each, Bob mucks: 64 to Ann (only the winnings are recorded).
    "tournament.phhs#3": ("holdem", "No Limit", {"Ann": D(64)}),
    # An unknown code: read with its code as the game; 2 + 2 to p1 (recorded by the stacks).
    "unknown_variant.phh": ("NZ", "No Limit", {"p1": D(4)}),
}


def sample_hands() -> list[Hand]:
    hands: list[Hand] = []
    for path in sorted(PHH.glob("*.phh*")):
        hands.extend(phh.read(path))
    return hands


SAMPLES = sample_hands()


def same(hand: Hand) -> Hand:
    """A hand without where it was read from (file, lines, id), for comparing two readings."""
    return dataclasses.replace(
        hand,
        source="",
        line=0,
        index=0,
        hand_id="",
        actions=tuple(dataclasses.replace(a, line=0) for a in hand.actions),
        collections=tuple(dataclasses.replace(c, line=0) for c in hand.collections),
    )


def room_hands() -> list[Hand]:
    """Our PokerStars samples, and every room sample of the suite that reads."""
    hands: list[Hand] = list(read(POKERSTARS))
    for path in sorted(DATA.glob("*.txt")):
        hands.extend(read(path))
    return hands


ROOM_HANDS = room_hands()


# -- reading ---------------------------------------------------------------------------


def test_every_sample_is_expected() -> None:
    assert sorted(h.hand_id for h in SAMPLES) == sorted(EXPECTED)


@pytest.mark.parametrize("hand", SAMPLES, ids=lambda h: h.hand_id)
def test_reads_every_variant(hand: Hand) -> None:
    game, limit, received = EXPECTED[hand.hand_id]
    assert (hand.game, hand.limit) == (game, limit)
    assert hand.received() == received
    hand.check_balance()
    assert hand.site == "phh"


def test_the_variant_table_names_our_games() -> None:
    for code in phh.STANDARD_VARIANTS:
        variant = phh.VARIANTS[code]
        assert variant.standard
        assert variant.game in GAMES, code
    assert phh.VARIANTS["PO/8"].game == "omaha_hilo"
    assert not phh.VARIANTS["PO/8"].standard
    assert phh.VARIANTS["F2L3D"].name == "Limit 2-7 Triple Draw"


def test_heads_up_arrays_are_posted_reversed() -> None:
    hand = next(h for h in SAMPLES if h.hand_id == "ft_heads_up.phh")
    posts = [(a.kind, a.player, a.amount) for a in hand.actions if a.kind.forced]
    assert posts == [(ActionKind.SMALL_BLIND, "Cal", D(1)), (ActionKind.BIG_BLIND, "Bea", D(2))]
    assert hand.button == 2  # the last player has the button


def test_forced_bets_big_blind_ante_and_straddle() -> None:
    first, second, _ = (h for h in SAMPLES if h.hand_id.startswith("tournament"))
    assert [(a.kind, a.player) for a in first.actions if a.kind.dead] == [
        (ActionKind.BIG_BLIND_ANTE, "Bob")
    ]
    assert (ActionKind.STRADDLE, "Cid", D(4)) in [
        (a.kind, a.player, a.amount) for a in second.actions
    ]
    returned = [(a.player, a.amount) for a in second.actions if a.kind is ActionKind.RETURN]
    assert returned == [("Cid", D(28))]


def test_amounts_streets_and_draws() -> None:
    stud = next(h for h in SAMPLES if h.hand_id == "f7s_stud.phh")
    streets = [a.street for a in stud.actions if a.player == "Kim" and not a.kind.forced]
    assert streets[0] == "third"
    assert streets[-1] == "showdown"
    assert {"fourth", "fifth", "sixth", "seventh"} <= set(streets)
    assert stud.contributions()["Kim"] == 51  # ante 1, bring-in 2, 3, 5, 10, 20, 10
    draw = next(h for h in SAMPLES if h.hand_id == "n2l1d_single_draw.phh")
    discard = next(a for a in draw.actions if a.kind is ActionKind.DISCARD)
    assert (discard.player, [str(c) for c in discard.cards], [str(c) for c in discard.drawn]) == (
        "Rae",
        ["Kd"],
        ["2h"],
    )
    triple = next(h for h in SAMPLES if h.hand_id == "f2l3d_triple_draw.phh")
    assert {a.street for a in triple.actions} >= {"draw1", "draw2", "draw3"}
    cents = next(h for h in SAMPLES if h.hand_id == "po_rake_cents.phh")
    assert (cents.unit, cents.currency, cents.rake) == (D("0.01"), "USD", D("0.90"))


def test_hand_ids_and_positions_in_a_phhs() -> None:
    hands = list(phh.read(PHH / "tournament.phhs"))
    assert [(h.hand_id, h.index) for h in hands] == [
        ("tournament.phhs#1", 0),
        ("tournament.phhs#2", 1),
        ("tournament.phhs#3", 2),
    ]
    text = (PHH / "tournament.phhs").read_text().splitlines()
    assert [text[h.line - 1] for h in hands] == ["[1]", "[2]", "[3]"]


def test_the_package_reader_dispatches_phh_files() -> None:
    hands = list(read(PHH / "tournament.phhs"))
    assert [h.hand_id for h in hands][:1] == ["tournament.phhs#1"]


# -- the round trip --------------------------------------------------------------------


@pytest.mark.parametrize("hand", SAMPLES, ids=lambda h: h.hand_id)
def test_round_trip_of_our_samples(hand: Hand) -> None:
    again = phh.parse_phh(phh.write_phh(hand), name="again.phh")
    assert same(again) == same(hand)


@pytest.mark.parametrize("hand", ROOM_HANDS, ids=lambda h: f"{h.site}-{h.hand_id}")
def test_round_trip_of_room_histories(hand: Hand) -> None:
    first = phh.parse_phh(phh.write_phh(hand), name="first.phh")
    second = phh.parse_phh(phh.write_phh(first), name="second.phh")
    assert same(second) == same(first)
    # What matters for the audit survives the conversion.
    assert first.site == hand.site
    assert first.contributions() == hand.contributions()
    assert first.received() == hand.received()
    assert first.rake == hand.rake
    assert first.boards == hand.boards
    for name in hand.contenders:
        assert first.shown(name) == hand.shown(name)
    before = [(v.verdict, v.players) for v in audit([hand])]
    after = [(v.verdict, v.players) for v in audit([first])]
    assert {p.name: (p.recorded, p.resolved) for _, ps in before for p in ps} == {
        p.name: (p.recorded, p.resolved) for _, ps in after for p in ps
    }
    assert [v for v, _ in before] == [v for v, _ in after]


def test_several_hands_as_a_phhs() -> None:
    text = "".join(phh.write_phhs(ROOM_HANDS[:3]))
    hands = list(phh.read_text(text, name="out.phhs"))
    assert [h.hand_id for h in hands] == ["out.phhs#1", "out.phhs#2", "out.phhs#3"]
    assert [h.received() for h in hands] == [h.received() for h in ROOM_HANDS[:3]]


def test_caveats_say_what_other_readers_replay_differently() -> None:
    assert all(phh.caveats(h) == () for h in SAMPLES)
    hand = next(h for h in SAMPLES if h.hand_id == "nt_side_pots.phh")
    late = tuple(
        dataclasses.replace(a, kind=ActionKind.BIG_BLIND, amount=D(100))
        if a.player == "Dan" and a.kind is ActionKind.CALL
        else a
        for a in hand.actions
    )
    dead = (dataclasses.replace(hand.actions[0], kind=ActionKind.DEAD_BLIND),)
    odd = dataclasses.replace(
        hand, actions=dead + late[1:], boards=hand.boards * 2, limit="Pot Limit"
    )
    assert phh.caveats(odd) == (
        "the variant 'PT' is showdown's own: other PHH readers do not know it",
        "Ann's dead blind is written as an ante",
        "Dan's blind, posted out of the blinds' seats, reads as a straddle",
        "the 2 boards are in _boards: other readers see the first",
    )


def test_a_game_without_a_code_is_not_written() -> None:
    hand = dataclasses.replace(SAMPLES[0], game="mystery", game_name="Mystery Poker")
    with pytest.raises(HistoryError, match="no PHH variant") as error:
        phh.write_phh(hand)
    assert error.value.kind == "unsupported game"


# -- pokerkit replays what we write -------------------------------------------------------


def _replay(text: str) -> tuple[list[Decimal], list[Decimal]]:
    pokerkit = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pokerkit.HandHistory.loads(text)
        states = [state for state, _ in history.state_actions]
    return [D(s) for s in states[-1].stacks], [D(s) for s in history.finishing_stacks]


@pytest.mark.parametrize(
    "hand",
    # our own hands, whose betting order we checked is legal (pokerkit enforces it)
    [h for h in SAMPLES + list(read(POKERSTARS)) if h.game in GAMES],
    ids=lambda h: f"{h.site}-{h.hand_id}",
)
def test_pokerkit_replays_what_we_write(hand: Hand) -> None:
    replayed, ours = _replay(phh.write_phh(hand))
    if hand.rake:
        # pokerkit takes no rake: the winners end with the rake on top of what we wrote
        assert sum(replayed) - sum(ours) == hand.rake
        assert all(r >= o for r, o in zip(replayed, ours, strict=True))
    else:
        assert replayed == ours


# -- the audit ------------------------------------------------------------------------------


def test_the_audit_of_our_samples_agrees() -> None:
    tally = Tally()
    verdicts = {}
    for path in sorted(PHH.glob("*.phh*")):
        for entry, verdict in audit_entries(phh.read(path).entries()):
            tally.add(entry, verdict)
            if verdict is not None:
                verdicts[verdict.hand] = verdict
    assert verdicts.pop("unknown_variant.phh").verdict == "unsupported"
    assert {h: v.verdict for h, v in verdicts.items()} == dict.fromkeys(verdicts, "agree")
    assert set(verdicts) == set(EXPECTED) - {"tournament.phhs#2", "unknown_variant.phh"}
    for hand, verdict in verdicts.items():
        paid = {p.name: p.resolved for p in verdict.players if p.resolved}
        assert paid == EXPECTED[hand][2], hand
    assert tally.skipped["no showdown"] == 1
    assert tally.skipped["game or cards not supported"] == 1
    assert tally.rows[("phh", "NZ")]["unsupported"] == 1


def test_showdown_audit_reads_phh_and_phhs() -> None:
    result = runner.invoke(
        app, ["audit", "--json", str(PHH / "fo8_quartered.phh"), str(PHH / "tournament.phhs")]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["hand"], r["site"], r["verdict"]) for r in records] == [
        ("fo8_quartered.phh", "phh", "agree"),
        ("tournament.phhs#1", "phh", "agree"),
        ("tournament.phhs#3", "phh", "agree"),
    ]
    assert records[0]["players"]["Ivy"] == {"recorded": "6", "resolved": "6"}


# -- the command line --------------------------------------------------------------------


def test_convert_pokerstars_to_phhs() -> None:
    result = runner.invoke(app, ["history", "convert", "--to", "phh", str(POKERSTARS)])
    assert result.exit_code == 0, result.output
    hands = list(phh.read_text(result.stdout, name="converted.phhs"))
    originals = list(read(POKERSTARS))
    assert len(hands) == len(originals) == 5
    assert [h.received() for h in hands] == [h.received() for h in originals]
    assert 'venue = "PokerStars"' in result.stdout
    assert 'hand = "410000000001"' in result.stdout


def test_convert_one_hand_to_a_phh_file(tmp_path: Path) -> None:
    out = tmp_path / "one.phh"
    result = runner.invoke(
        app, ["history", "convert", str(PHH / "fb_badugi.phh"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert not out.read_text().startswith("[")
    (again,) = phh.read(out)
    (original,) = phh.read(PHH / "fb_badugi.phh")
    assert same(again) == same(original)


def test_convert_refuses_several_hands_to_one_phh_and_other_formats(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["history", "convert", str(POKERSTARS), "--out", str(tmp_path / "x.phh")]
    )
    assert result.exit_code == 2
    assert "several hands" in result.output
    result = runner.invoke(app, ["history", "convert", "--to", "json", str(POKERSTARS)])
    assert result.exit_code == 2
    assert "--to 'json': not a format showdown writes: use phh" in result.output


def test_convert_reports_what_it_skips() -> None:
    result = runner.invoke(app, ["history", "convert", str(BAD / "garbled.phhs")])
    assert result.exit_code == 1
    assert len(list(phh.read_text(result.stdout))) == 2
    assert "garbled.phhs, line 19, hand garbled.phhs#2" in result.output


# -- errors ----------------------------------------------------------------------------------


def test_a_truncated_file_names_the_file_and_line() -> None:
    reader = phh.read(BAD / "truncated.phh")
    (error,) = reader.entries()
    assert isinstance(error, HistoryError)
    assert (error.kind, error.line, error.hand) == ("cut off", 11, "truncated.phh")
    assert str(error).startswith(f"{BAD / 'truncated.phh'}, line 11, hand truncated.phh: ")
    assert dict(reader.skipped) == {"cut off": 1}


def test_a_garbled_hand_is_skipped_and_the_next_read() -> None:
    reader = phh.read(BAD / "garbled.phhs")
    entries = list(reader.entries())
    assert [e.hand_id if isinstance(e, Hand) else e.hand for e in entries] == [
        "garbled.phhs#1",
        "garbled.phhs#2",
        "garbled.phhs#3",
    ]
    error = entries[1]
    assert isinstance(error, HistoryError)
    assert (error.kind, error.line) == ("unreadable", 19)  # the line of "p2 raise 6"
    assert "'p2 raise 6' is not a PHH action" in str(error)
    assert reader.hands_read == 2


def test_not_a_history_and_chips_that_do_not_add_up() -> None:
    (error,) = phh.read(BAD / "not_a_history.phh").entries()
    assert isinstance(error, HistoryError)
    assert error.kind == "not a history"
    (error,) = phh.read(BAD / "does_not_add_up.phh").entries()
    assert isinstance(error, HistoryError)
    assert (error.kind, error.line) == ("does not add up", 7)
    assert "8 more than was put in" in error.reason
    # the variant was read: the error names the site and the game, as a text history's
    assert (error.site, error.game) == ("phh", "holdem")


def test_an_error_before_the_variant_is_known_names_no_game() -> None:
    (error,) = phh.read_text("antes = [0, 0]\nactions = []\n", name="x.phh").entries()
    assert isinstance(error, HistoryError)
    assert (error.site, error.game) == ("", "")


HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 AsAd",
  "d dh p2 KsKd",
  "d dh p3 7c2h",
  "p3 f",
  "p1 cbr 6",
  "p2 cc",
  "d db 2c7dJs",
]
finishing_stacks = [94, 94, 100]
"""


@pytest.mark.parametrize(
    ("old", "new", "line", "reason"),
    [
        ('"p3 f"', '"p3 fold"', 10, "'p3 fold' is not a PHH action"),
        ('"d dh p1 AsAd"', '"d dh p1 AsXx"', 7, "bad cards in 'd dh p1 AsXx'"),
        ('"p1 cbr 6"', '"p1 cbr 600"', 11, "has only 99 left to bet"),
        ('"p2 cc"', '"p9 cc"', 12, "'p9' is not a player of this hand"),
        ('"p3 f"', '"p3 f", "p3 cc"', 10, "Cat has folded"),
        ("antes = [0, 0, 0]", "antes = [0, 0]", 2, "antes has 2 entries for 3 players"),
    ],
)
def test_a_bad_field_or_action_names_its_line(old: str, new: str, line: int, reason: str) -> None:
    text = HAND.replace(old, new) + 'players = ["Ann", "Bob", "Cat"]\n'
    with pytest.raises(HistoryError) as error:
        phh.parse_phh(text, name="bad.phh")
    assert (error.value.file, error.value.line, error.value.hand) == ("bad.phh", line, "bad.phh")
    assert reason in error.value.reason


def test_a_hand_that_stops_early_is_cut_off() -> None:
    with pytest.raises(HistoryError, match="still in and the board is not complete") as error:
        phh.parse_phh(HAND, name="early.phh")
    assert error.value.kind == "cut off"


def test_a_hand_without_an_outcome() -> None:
    text = HAND.replace('  "d db 2c7dJs",\n', '  "p1 sm AsAd",\n  "p2 sm",\n').replace(
        "finishing_stacks = [94, 94, 100]\n", ""
    )
    with pytest.raises(HistoryError, match="neither finishing_stacks nor winnings") as error:
        phh.parse_phh(text, name="open.phh")
    assert error.value.kind == "no outcome"
    hand = phh.parse_phh(text, name="open.phh", outcome_required=False)
    assert (hand.collections, hand.contributions()["p1"]) == ((), D(6))


def test_reads_what_pokerkit_writes() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    paths = [p for p in sorted(PHH.glob("*.phh")) if p.name != "unknown_variant.phh"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = pokerkit.HandHistory.dumps_all(
            pokerkit.HandHistory.loads(p.read_text()) for p in paths
        )
    theirs = list(phh.read_text(text, name="pokerkit.phhs"))
    ours = [next(iter(phh.read(p))) for p in paths]
    assert [same(h) for h in theirs] == [same(h) for h in ours]


def rename(hand: Hand, names: dict[str, str]) -> Hand:
    """The same hand with other player names."""
    return dataclasses.replace(
        hand,
        seats=tuple(dataclasses.replace(s, name=names[s.name]) for s in hand.seats),
        actions=tuple(dataclasses.replace(a, player=names[a.player]) for a in hand.actions),
        collections=tuple(dataclasses.replace(c, player=names[c.player]) for c in hand.collections),
        showings=tuple(dataclasses.replace(s, player=names[s.player]) for s in hand.showings),
        dealt=tuple(dataclasses.replace(s, player=names[s.player]) for s in hand.dealt),
    )


NAMES = st.text(min_size=1, max_size=10).filter(lambda n: n == n.strip())


@given(
    hand=st.sampled_from(SAMPLES + ROOM_HANDS),
    names=st.lists(NAMES, min_size=8, max_size=8, unique=True),
    table=st.text(max_size=10),
)
def test_round_trip_with_any_names(hand: Hand, names: list[str], table: str) -> None:
    mapping = dict(zip([s.name for s in hand.seats], names, strict=False))
    renamed = dataclasses.replace(rename(hand, mapping), table=table)
    first = phh.parse_phh(phh.write_phh(renamed), name="first.phh")
    again = phh.parse_phh(phh.write_phh(first), name="again.phh")
    assert same(again) == same(first)
    assert first.table == table
    assert first.received() == renamed.received()
    assert [s.name for s in first.seats] == [
        s.name for s in renamed.seats if s.name in first.stacks
    ]


def test_a_phhs_streams_hand_by_hand() -> None:
    class Counting(io.StringIO):
        lines = 0

        def __next__(self) -> str:  # type: ignore[override]  # typeshed: bytes
            Counting.lines += 1
            return super().__next__()

    text = (PHH / "tournament.phhs").read_text()
    reader = phh.read(Counting(text * 50), name="big.phhs")
    first = next(iter(reader))
    assert first.hand_id == "big.phhs#1"
    assert Counting.lines < 50  # the first hand came before the rest of the file was read


# -- shapes of published PHH files ---------------------------------------------------------

# Stud as the WSOP files deal it: the third street one card at a time (two down, one up),
# then one card a street. Antes 3 x 5, Cid's bring-in 5, Ann's completion to 10 and Bob's
# call: 40; on the fifth street Bob bets 20 and Ann calls: 80. Ann's aces beat Bob's kings:
# Ann 500 - 35 + 80 = 545, Bob 500 - 35 = 465, Cid 500 - 10 = 490.
STUD_ONE_CARD_A_DEAL = """variant = "F7S"
antes = [5, 5, 5]
bring_in = 5
small_bet = 10
big_bet = 20
starting_stacks = [500, 500, 500]
actions = ["d dh p1 Ah", "d dh p2 Kd", "d dh p3 2c", "d dh p1 As", "d dh p2 Ks", "d dh p3 3c",
           "d dh p1 7d", "d dh p2 8h", "d dh p3 4d", "p3 pb", "p1 cbr 10", "p2 cc", "p3 f",
           "d dh p1 9c", "d dh p2 Qh", "p2 cc", "p1 cc",
           "d dh p1 Tc", "d dh p2 Jh", "p2 cbr 20", "p1 cc",
           "d dh p1 2s", "d dh p2 3h", "p2 cc", "p1 cc",
           "d dh p1 5s", "d dh p2 6s", "p2 cc", "p1 cc",
           "p1 sm AhAs7d9cTc2s5s", "p2 sm KdKs8hQhJh3h6s"]
players = ["Ann", "Bob", "Cid"]
finishing_stacks = [545, 465, 490]
"""


def test_stud_dealt_one_card_at_a_time() -> None:
    hand = phh.parse_phh(STUD_ONE_CARD_A_DEAL, name="stud.phh")
    assert hand.received() == {"Ann": D(80)}
    streets = [a.street for a in hand.actions if a.kind is ActionKind.BET]
    assert streets == ["fifth"]
    [verdict] = audit([hand])
    assert verdict.verdict == "agree"
    assert {p.name: p.resolved for p in verdict.players if p.resolved} == {"Ann": D(80)}


# Two hands without an outcome, as the WSOP 2023 files are published: one that Bob wins
# with everyone folding (no showdown to decide), one that reaches a showdown (unsupported).
NO_OUTCOME_FOLDED = HAND.replace('  "d db 2c7dJs",\n', '  "p2 f",\n').replace(
    "finishing_stacks = [94, 94, 100]\n", ""
)
NO_OUTCOME_SHOWDOWN = HAND.replace('  "d db 2c7dJs",\n', '  "p1 sm AsAd",\n  "p2 sm",\n').replace(
    "finishing_stacks = [94, 94, 100]\n", ""
)


def test_a_hand_without_an_outcome_that_nobody_contested_has_no_showdown() -> None:
    with pytest.raises(HistoryError) as folded:
        phh.parse_phh(NO_OUTCOME_FOLDED, name="folded.phh")
    with pytest.raises(HistoryError) as shown:
        phh.parse_phh(NO_OUTCOME_SHOWDOWN, name="shown.phh")
    assert (folded.value.kind, folded.value.showdown) == ("no outcome", False)
    assert (shown.value.kind, shown.value.showdown) == ("no outcome", True)


def test_hands_without_an_outcome_count_in_their_games_row(tmp_path: Path) -> None:
    (tmp_path / "folded.phh").write_text(NO_OUTCOME_FOLDED)
    (tmp_path / "shown.phh").write_text(NO_OUTCOME_SHOWDOWN)
    tally = Tally()
    for name in ("folded.phh", "shown.phh"):
        for entry, verdict in audit_entries(phh.read(tmp_path / name).entries()):
            tally.add(entry, verdict)
    row = tally.rows[("phh", "holdem")]
    assert (row["hands"], row["showdowns"], row["no showdown"], row["unsupported"]) == (2, 1, 1, 1)
    assert tally.skipped == {"no outcome": 1, "no showdown": 1}
    assert tally.problems == []
    result = runner.invoke(app, ["audit", str(tmp_path)])
    table = next(line for line in result.stdout.splitlines() if "holdem" in line)
    assert [cell.strip() for cell in table.split("│")[3:8]] == ["2", "1", "0", "0", "1"]
    assert "skipped: 1 no outcome, 1 no showdown" in result.stdout
    records = runner.invoke(app, ["audit", "--json", str(tmp_path)]).stdout.splitlines()
    assert [json.loads(r)["hand"] for r in records] == ["shown.phh"]


# Heads-up, the blinds are posted reversed: Ann (p1) the big blind 2, Bob (p2, the button)
# the small blind 1. Bob folds: 1 of Ann's 2 is returned, and she wins the pot of 2.
BLIND_FOLDED = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]
players = ["Ann", "Bob"]
"""


@pytest.mark.parametrize(
    "winnings",
    [
        "[2, 0]",  # the pot alone, as the specification has it
        "[3, 0]",  # the returned 1 counted as won too, as HandHQ's Absolute Poker hands do
    ],
)
def test_winnings_with_or_without_the_returned_bet(winnings: str) -> None:
    hand = phh.parse_phh(BLIND_FOLDED + f"winnings = {winnings}\n", name="hu.phh")
    assert (hand.received(), hand.rake) == ({"Ann": D(3)}, D(0))


def test_winnings_beyond_what_was_put_in_do_not_add_up_and_name_no_showdown() -> None:
    with pytest.raises(HistoryError, match="got back 1 more than was put in") as error:
        phh.parse_phh(BLIND_FOLDED + "winnings = [4, 0]\n", name="hu.phh")
    assert (error.value.kind, error.value.showdown) == ("does not add up", False)


# Eight players stay in to the seventh street: 8 x 6 cards and the deck has 4 left, so the
# last card (Ac) is dealt face up as one community card ("d db"). Each puts in the ante 1
# and 1 on the third street (Ann's bring-in, the calls): 16. With the Ac, Eve's clubs
# (A-K-J-9-7) beat Ann's (A-Q-T-8-4); every one shows with "-", the cards dealt.
STUD_COMMUNITY_CARD = """variant = "F7S"
antes = [1, 1, 1, 1, 1, 1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100, 100, 100, 100, 100, 100]
actions = [
  "d dh p1 2c3c4c", "d dh p2 2d3d4d", "d dh p3 2h3h4h", "d dh p4 2s3s4s",
  "d dh p5 5c6c7c", "d dh p6 5d6d7d", "d dh p7 5h6h7h", "d dh p8 5s6s7s",
  "p1 pb", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc", "p8 cc",
  "d dh p1 8c", "d dh p2 8d", "d dh p3 8h", "d dh p4 8s",
  "d dh p5 9c", "d dh p6 9d", "d dh p7 9h", "d dh p8 9s",
  "p8 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc",
  "d dh p1 Tc", "d dh p2 Td", "d dh p3 Th", "d dh p4 Ts",
  "d dh p5 Jc", "d dh p6 Jd", "d dh p7 Jh", "d dh p8 Js",
  "p8 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc",
  "d dh p1 Qc", "d dh p2 Qd", "d dh p3 Qh", "d dh p4 Qs",
  "d dh p5 Kc", "d dh p6 Kd", "d dh p7 Kh", "d dh p8 Ks",
  "p8 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc",
  "d db Ac",
  "p8 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc",
  "p1 sm -", "p2 sm -", "p3 sm -", "p4 sm -", "p5 sm -", "p6 sm -", "p7 sm -", "p8 sm -",
]
players = ["Ann", "Bob", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal"]
finishing_stacks = [98, 98, 98, 98, 114, 98, 98, 98]
"""


def test_stud_out_of_cards_plays_the_community_card() -> None:
    hand = phh.parse_phh(STUD_COMMUNITY_CARD, name="eight.phh")
    assert [str(card) for board in hand.boards for card in board] == ["Ac"]
    [verdict] = audit([hand])
    assert verdict.verdict == "agree", verdict.reason
    assert {p.name: p.resolved for p in verdict.players if p.resolved} == {"Eve": D(16)}


# A showdown whose winnings say nobody got anything, as HandHQ's Full Tilt and iPoker hands
# are written. Dora (p1, small blind 1) completes to 2, Eli (p2, big blind 2) checks, Finn
# (p3) calls 2: the pot is 2 + 2 + 2 = 6. Nothing is bet after; Dora's QcQd beat Eli's
# 9s9h and Finn's 5d4d on 2c7dJsKh3s, so Dora won 6 (less any rake). Read as written, the
# whole 6 would be rake and every player's 0 would "agree": the outcome is missing instead.
ALL_ZERO_WINNINGS = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [80, 120, 60]
actions = ["d dh p1 QcQd", "d dh p2 9s9h", "d dh p3 5d4d", "p3 cc", "p1 cc", "p2 cc",
           "d db 2c7dJs", "p1 cc", "p2 cc", "p3 cc", "d db Kh", "p1 cc", "p2 cc", "p3 cc",
           "d db 3s", "p1 cc", "p2 cc", "p3 cc", "p1 sm QcQd", "p2 sm 9s9h", "p3 sm 5d4d"]
players = ["Dora", "Eli", "Finn"]
winnings = [0, 0, 0]
"""


def test_winnings_of_all_zero_from_a_pot_are_no_outcome() -> None:
    with pytest.raises(HistoryError, match="every player 0 of a pot of 6") as error:
        phh.parse_phh(ALL_ZERO_WINNINGS, name="zero.phh")
    assert (error.value.kind, error.value.showdown) == ("no outcome", True)
    assert error.value.game == "holdem"
    # The same hand with Dora's 6 written is read and agrees.
    hand = phh.parse_phh(
        ALL_ZERO_WINNINGS.replace("winnings = [0, 0, 0]", "winnings = [6, 0, 0]"), name="six.phh"
    )
    assert (hand.received(), hand.rake) == ({"Dora": D(6)}, D(0))
    [verdict] = audit([hand])
    assert verdict.verdict == "agree"
    # With nothing in the pot once an unmatched blind comes back, all 0 is the outcome:
    # Eli's lone big blind of 2 is returned (all he gets back) when everyone else folds.
    lone = phh.parse_phh(LONE_BLIND_RETURNED, name="lone.phh")
    assert (lone.received(), lone.rake) == ({"Eli": D(2)}, D(0))


LONE_BLIND_RETURNED = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0, 2, 0]
min_bet = 2
starting_stacks = [80, 120, 60]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]
players = ["Dora", "Eli", "Finn"]
winnings = [0, 0, 0]
"""


# A negative blind, as HandHQ's Party Poker hands write a blind posted to come in: pokerkit
# posts its size (the sign only keeps the poster from taking the big blind's turn). Gus (p1)
# posts the small blind 1, Hal (p2) the big blind 2, Ivy (p3) -2: 2 to come in. Ivy checks,
# Jo folds, Gus folds, Hal checks: the pot is 1 + 2 + 2 = 5. Checked down to a showdown on
# 2s5h7dJcAs, Ivy's KcKd beat Hal's 9c9d: Ivy 70 - 2 + 5 = 73, Hal 60 - 2 = 58, Gus 49.
NEGATIVE_BLIND = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, -2, 0]
min_bet = 2
starting_stacks = [50, 60, 70, 80]
actions = ["d dh p1 ????", "d dh p2 9c9d", "d dh p3 KcKd", "d dh p4 ????",
           "p3 cc", "p4 f", "p1 f", "p2 cc", "d db 2s5h7d", "p2 cc", "p3 cc",
           "d db Jc", "p2 cc", "p3 cc", "d db As", "p2 cc", "p3 cc",
           "p2 sm 9c9d", "p3 sm KcKd"]
players = ["Gus", "Hal", "Ivy", "Jo"]
finishing_stacks = [49, 58, 73, 80]
"""


def test_a_negative_blind_posts_its_size() -> None:
    hand = phh.parse_phh(NEGATIVE_BLIND, name="negative.phh")
    forced = (ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND)
    blinds = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind in forced]
    assert blinds == [
        ("Gus", ActionKind.SMALL_BLIND, D(1)),
        ("Hal", ActionKind.BIG_BLIND, D(2)),
        ("Ivy", ActionKind.BIG_BLIND, D(2)),
    ]
    assert (hand.received(), hand.rake) == ({"Ivy": D(5)}, D(0))
    [verdict] = audit([hand])
    assert verdict.verdict == "agree"
    # Read as 2 it is the same hand.
    same_hand = phh.parse_phh(NEGATIVE_BLIND.replace("-2, 0]", "2, 0]"), name="positive.phh")
    assert hand.contributions() == same_hand.contributions()
