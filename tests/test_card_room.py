"""Card-room showdowns (RULES.md §6): dead money, mucks, rake, cents, several boards, stud.

Every expected payout is worked out in the test by plain arithmetic from the
situation, not read off the resolver.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.cards import DECK, Card, parse_cards
from showdown.contract import resolve_json
from showdown.errors import CardCountError, DuplicateCardError, StakeError
from showdown.games import GAMES
from showdown.pots import OddChipRule, Player, Showdown, resolve
from tests.naive_pots import reference_payouts

EXAMPLES = Path(__file__).parent.parent / "examples" / "showdowns.jsonl"


def pay(showdown: Showdown) -> dict[str, Any]:
    return {p.name: p.payout for p in resolve(showdown).players}


def test_big_blind_ante_that_ties_is_shared() -> None:
    # WSOP 2023: Tong posts the 100,000 big-blind ante (dead) plus 100,000; Ashton calls.
    ante, call = 100_000, 100_000
    showdown = Showdown.build(
        "omaha",
        "2c 7d 9h Js 4s",
        [
            Player("Ashton", parse_cards("As Ah Kd Qc"), call),
            Player("Tong", parse_cards("Ad Ac Kh Qs"), ante + call, dead=ante),
        ],
    )
    each = (ante + 2 * call) // 2
    assert pay(showdown) == {"Ashton": each, "Tong": each} == {"Ashton": 150_000, "Tong": 150_000}
    # Without the dead part the ante would have gone back to Tong as uncalled.
    plain = Showdown.build(
        "omaha",
        "2c 7d 9h Js 4s",
        [("Ashton", "As Ah Kd Qc", call), ("Tong", "Ad Ac Kh Qs", ante + call)],
    )
    assert pay(plain) == {"Ashton": call, "Tong": call + ante}
    assert all(pot.kind != "uncalled" for pot in resolve(showdown).pots)


def test_dead_small_blind_heads_up() -> None:
    # Ann returns and posts a dead small blind of 1 with her big blind of 2, then
    # calls Bob's raise to 6: she put in 1 dead + 6 live, Bob 6.
    dead_sb, raise_to = 1, 6
    ann = Player("Ann", parse_cards("Ah Ad"), dead_sb + raise_to, dead=dead_sb)
    bob = Player("Bob", parse_cards("Kh Kd"), raise_to)
    for board, winner in (("2c 7s 9h Js 4d", "Ann"), ("2c 7s Kc Js 4d", "Bob")):
        result = pay(Showdown.build("holdem", board, [ann, bob]))
        loser = "Bob" if winner == "Ann" else "Ann"
        assert result == {winner: dead_sb + 2 * raise_to, loser: 0}
    # A tie: 13 chips, the odd chip to the first winner left of the button (Bob, seat 1).
    tie = pay(Showdown.build("holdem", "As Ks Qs Js Ts", [ann, bob], button=0))
    assert tie == {"Bob": 7, "Ann": 6}


def test_antes_with_an_all_in_for_less_than_ante_and_call() -> None:
    ante, bet, short = 10, 100, 60  # Ann has 60: her ante and a call of 50, all in
    board = "2c 7d 9h Js 4s"
    players = [
        Player("Ann", parse_cards("As Ah"), short, dead=ante),
        Player("Bob", parse_cards("Ks Kh"), ante + bet, dead=ante),
        Player("Cid", parse_cards("Qs Qh"), ante + bet, dead=ante),
    ]
    result = resolve(Showdown.build("holdem", board, players))
    main = 3 * ante + 3 * (short - ante)
    side = 2 * (bet - (short - ante))
    assert [p.amount for p in result.pots] == [main, side]
    assert [p.eligible for p in result.pots] == [("Ann", "Bob", "Cid"), ("Bob", "Cid")]
    assert {p.name: p.payout for p in result.players} == {"Ann": main, "Bob": side, "Cid": 0}


def test_all_in_within_the_ante_wins_only_the_antes_he_matched() -> None:
    # Dee can post only 4 of an ante of 10: she can win 4 from each player.
    players = [
        Player("Dee", parse_cards("As Ah"), 4, dead=4),
        Player("Bob", parse_cards("Ks Kh"), 10 + 50, dead=10),
        Player("Cid", parse_cards("Qs Qh"), 10 + 50, dead=10),
    ]
    result = resolve(Showdown.build("holdem", "2c 7d 9h Js 4s", players))
    dee_pot = 3 * 4
    rest = (10 - 4) * 2 + 50 * 2
    assert {p.name: p.payout for p in result.players} == {"Dee": dee_pot, "Bob": rest, "Cid": 0}


def test_a_muck_that_would_have_won_and_a_muck_with_cards() -> None:
    board = "2c 7d 9h Js 4s"
    ann = Player("Ann", (), 40, mucked=True)  # aces, but she mucked unseen
    bob = Player("Bob", parse_cards("Ks Kh"), 40)
    cid = Player("Cid", parse_cards("Qs Qh"), 40)
    assert pay(Showdown.build("holdem", board, [ann, bob, cid])) == {"Ann": 0, "Bob": 120, "Cid": 0}
    shown = Player("Ann", parse_cards("As Ah"), 40, mucked=True)
    result = resolve(Showdown.build("holdem", board, [shown, bob, cid]))
    ann_result = result.player("Ann")
    assert ann_result.payout == 0
    assert ann_result.mucked
    assert ann_result.hand is not None
    assert ann_result.hand.high.description.startswith("Pair of Aces")  # described, not paid
    assert "Ann" not in result.pots[0].eligible
    # Her cards are checked like anyone's.
    clash = Player("Ann", parse_cards("Ks Ah"), 40, mucked=True)
    with pytest.raises(DuplicateCardError, match="card Ks is used twice"):
        resolve(Showdown.build("holdem", board, [clash, bob, cid]))


def test_a_side_pot_only_a_mucked_player_reached_is_his() -> None:
    # Ann all in for 20; Bob and Cid bet on, Cid folds to Bob's river bet; at the
    # showdown Bob concedes the main pot to Ann without showing.
    players = [
        Player("Ann", parse_cards("As Ah"), 20),
        Player("Bob", (), 70, mucked=True),
        Player("Cid", (), 50, folded=True),
    ]
    result = pay(Showdown.build("holdem", "2c 7d 9h Js 4s", players))
    assert result == {"Ann": 3 * 20, "Bob": (50 - 20) * 2 + (70 - 50), "Cid": 0}


def test_rake_in_cents_with_side_pots() -> None:
    board = "2c 7d 9h Js 4s"
    players = [("Ann", "As Ah", "1.00"), ("Bob", "Ks Kh", "3.00"), ("Cid", "Qs Qh", "3.00")]
    result = resolve(Showdown.build("holdem", board, players, rake="0.35"))
    main, side, rake = 300, 400, 35  # in cents
    side_rake = rake * side // (main + side)  # in proportion, rounded down
    main_rake = rake - side_rake  # the remainder from the main pot
    assert [p.rake for p in result.pots] == [Decimal(main_rake) / 100, Decimal(side_rake) / 100]
    assert [p.amount for p in result.pots] == [
        Decimal(main - main_rake) / 100,
        Decimal(side - side_rake) / 100,
    ]
    assert {p.name: p.payout for p in result.players} == {
        "Ann": Decimal("2.85"),
        "Bob": Decimal("3.80"),
        "Cid": Decimal("0.00"),
    }
    assert result.rake == Decimal("0.35")
    assert sum(p.payout for p in result.players) + result.rake == Decimal("7.00")
    # A remainder: 0.10 over 3.00 and 4.00 is 0.04286 + 0.05714: the side pot gets 0.05.
    odd = resolve(Showdown.build("holdem", board, players, rake="0.10"))
    assert [p.rake for p in odd.pots] == [Decimal("0.05"), Decimal("0.05")]


def test_rake_per_pot_as_the_room_states_it() -> None:
    board = "2c 7d 9h Js 4s"
    players = [("Ann", "As Ah", "1.00"), ("Bob", "Ks Kh", "3.00"), ("Cid", "Qs Qh", "3.00")]
    # The room took 0.15 from the main pot (3.00) and 0.20 from the side pot (4.00).
    result = resolve(Showdown.build("holdem", board, players, rake=["0.15", "0.20"]))
    assert [p.rake for p in result.pots] == [Decimal("0.15"), Decimal("0.20")]
    assert {p.name: p.payout for p in result.players} == {
        "Ann": Decimal("3.00") - Decimal("0.15"),
        "Bob": Decimal("4.00") - Decimal("0.20"),
        "Cid": Decimal("0.00"),
    }
    assert result.rake == Decimal("0.35")
    with pytest.raises(StakeError, match="rake is given for 1 pots, but the showdown has 2"):
        resolve(Showdown.build("holdem", board, players, rake=["0.35"]))
    with pytest.raises(StakeError, match="rake of pot 2 is more than the pot"):
        resolve(Showdown.build("holdem", board, players, rake=["0", "4.01"]))
    record = {
        "game": "holdem",
        "board": board,
        "rake": ["0.15", "0.20"],
        "players": [{"name": n, "cards": c, "stake": s} for n, c, s in players],
    }
    assert [p["payout"] for p in resolve_json(record)["players"]] == ["2.85", "3.80", "0.00"]


def test_run_it_twice_each_board_a_different_winner() -> None:
    boards = ["7c 2h 3s Kd 9d", "7c 2h 3s Qd 4c"]  # run twice from the flop
    players = [("Ann", "As Ah", 51), ("Bob", "Ks Kh", 50)]  # 101 chips: one odd
    result = resolve(Showdown.build("holdem", None, players, boards=boards))
    # Bob's extra chip is uncalled; 100 split over two boards: Bob sets on the first.
    assert {p.name: p.payout for p in result.players} == {"Ann": 50 + 1, "Bob": 50}
    pot = result.pots[0]
    assert [b.winners["high"] for b in pot.boards] == [("Bob",), ("Ann",)]
    assert [b.amount for b in pot.boards] == [50, 50]
    assert pot.explanation.startswith("First board (7c 2h 3s Kd 9d): Bob wins")
    odd = resolve(
        Showdown.build(
            "holdem", None, [("Ann", "As Ah", 51), ("Bob", "Ks Kh", 50)], boards=boards, rake=1
        )
    )
    # 99 to share after the rake: the odd unit goes to the first board (Bob's).
    assert {p.name: p.payout for p in odd.players} == {"Ann": 49 + 1, "Bob": 50}


def test_run_it_three_times_with_an_odd_unit() -> None:
    boards = ["7c 2h 3s Kd 9d", "7c 2h 3s Qd 4c", "7c 2h 3s Ac 5c"]
    result = resolve(
        Showdown.build("holdem", None, [("Ann", "Ks Kh", 50), ("Bob", "Qs Qh", 50)], boards=boards)
    )
    # 100 over three boards: 34, 33, 33. Ann wins the first (set of Kings) and
    # the third (Kings); Bob the second (set of Queens).
    assert [b.amount for b in result.pots[0].boards] == [34, 33, 33]
    assert {p.name: p.payout for p in result.players} == {"Ann": 34 + 33, "Bob": 33}


def test_a_razz_odd_chip_goes_to_the_lowest_card_by_suit() -> None:
    # Two wheels split 101 chips. Robert's Rules: in a low stud game the odd chip
    # goes to the lowest card by suit (all cards count): Ann's ace of clubs beats
    # Bob's ace of diamonds, though Bob holds the highest card (Ks).
    players = [
        Player("Ann", parse_cards("Ac 2d 3h 4s 5c Kd Kh"), 34),
        Player("Bob", parse_cards("Ad 2c 3d 4h 5s Kc Ks"), 34),
        Player("Cid", (), 33, folded=True),
    ]
    assert pay(Showdown.build("razz", None, players)) == {"Ann": 51, "Bob": 50, "Cid": 0}
    # The explicit high-card rule still gives it to the highest card.
    high = Showdown.build("razz", None, players, odd_chip="high_card")
    assert pay(high) == {"Ann": 50, "Bob": 51, "Cid": 0}


def test_eight_handed_stud_with_six_early_folds() -> None:
    ante, bring_in, bet = 1, 2, 10
    folders = [Player(f"F{i}", (), ante, folded=True, dead=ante) for i in range(5)]
    bring = Player("Bri", (), ante + bring_in, folded=True, dead=ante)
    ann = Player("Ann", parse_cards("As Ah Ad 2c 3d 7h 9s"), ante + bet, dead=ante)
    bob = Player("Bob", parse_cards("Ks Kh Kd 2h 3h 7c 9c"), ante + bet, dead=ante)
    showdown = Showdown.build("stud", None, [*folders, bring, ann, bob])
    total = 8 * ante + bring_in + 2 * bet
    assert pay(showdown)["Ann"] == total
    assert sum(pay(showdown).values()) == total


def test_stud_with_a_community_card() -> None:
    # Eight players stay to the river: 8 x 7 = 56 > 52, so the last card is one
    # face-up card for all. Each player shows his six; the community card is Ac.
    deck = [c for c in DECK if str(c) != "Ac"]
    hands = [deck[6 * i : 6 * i + 6] for i in range(8)]
    players = [Player(f"P{i}", tuple(hands[i]), 10) for i in range(8)]
    showdown = Showdown.build("stud", "Ac", players)
    result = resolve(showdown)
    from showdown.games import evaluate_game

    values = [evaluate_game("stud", (*hands[i], Card("Ac"))).high for i in range(8)]
    best = max(v for v in values if v is not None)
    winners = [f"P{i}" for i in range(8) if values[i] == best]
    assert list(result.pots[0].winners["high"]) == winners
    assert sum(p.payout for p in result.players) == 80
    with pytest.raises(CardCountError, match="stud has no board"):
        resolve(Showdown.build("stud", "Ac Kd", players))


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"stake": 1.5}, StakeError, "Ann: stake 1.5 is a float"),
        ({"stake": "abc"}, StakeError, "Ann: stake 'abc' is not a number"),
        ({"stake": "NaN"}, StakeError, "Ann: stake 'NaN' is not a finite number"),
        ({"stake": "-1"}, StakeError, "Ann: stake '-1' is negative"),
        ({"stake": True}, StakeError, "Ann: stake True is not an amount"),
        ({"dead": "0.001"}, StakeError, "Ann: dead 0.001 is finer than the unit 0.01"),
        ({"dead": "6"}, StakeError, "Ann: dead 6 is more than the stake 5.00"),
        ({"dead": None}, StakeError, "Ann: dead None is not an amount"),
    ],
)
def test_bad_amounts_name_the_player_and_value(change, error, message) -> None:
    record: dict[str, Any] = {
        "game": "holdem",
        "board": "2c 7d 9h Js 4s",
        "unit": "0.01",
        "players": [
            {"name": "Ann", "cards": "As Ah", "stake": "5.00", **change},
            {"name": "Bob", "cards": "Ks Kh", "stake": "5.00"},
        ],
    }
    with pytest.raises(error, match=message):
        resolve_json(record)


def test_bad_rake_and_boards() -> None:
    players = [("Ann", "As Ah", 5), ("Bob", "Ks Kh", 5)]
    with pytest.raises(StakeError, match="rake is more than the pots"):
        resolve(Showdown.build("holdem", "2c 7d 9h Js 4s", players, rake=11))
    with pytest.raises(StakeError, match=r"rake 1\.5 is a float"):
        Showdown.build("holdem", "2c 7d 9h Js 4s", players, rake=1.5)  # type: ignore[arg-type]
    with pytest.raises(DuplicateCardError, match="card 9d is used twice: on board 2 and board 1"):
        resolve(
            Showdown.build("holdem", None, players, boards=["7c 2h 3s Kd 9d", "7c 2h 3s Qd 9d"])
        )
    with pytest.raises(CardCountError, match="stud has no board: it cannot be run more than once"):
        resolve(Showdown.build("stud", None, players, boards=["Ac", "Kd"]))


# ---------------------------------------------------------------- properties


@st.composite
def card_room(draw: st.DrawFn) -> tuple[Showdown, bool]:
    """A random showdown with dead money, mucks, rake, cents and 1-3 boards.

    Returns the showdown and whether its amounts are written as decimals.
    """
    boards_count = draw(st.sampled_from([1, 1, 2, 3]))
    names = (
        sorted(GAMES) if boards_count == 1 else sorted(n for n, g in GAMES.items() if g.has_board)
    )
    game = GAMES[draw(st.sampled_from(names))]
    rng = random.Random(draw(st.integers(0, 2**32)))
    deck = list(game.deck)
    rng.shuffle(deck)
    shared = draw(st.integers(0, game.full_board)) if boards_count > 1 else game.full_board
    prefix = [deck.pop() for _ in range(shared)]
    boards = [
        tuple(prefix + [deck.pop() for _ in range(game.full_board - shared)])
        for _ in range(boards_count)
    ]
    room = len(deck) // max(game.hole_cards, 1)
    count = draw(st.integers(2, max(2, min(9, room))))
    # Dead money as rooms post it: an ante from everyone, or a big-blind ante
    # from one player, or a dead blind from one or two.
    style = draw(st.sampled_from(["none", "antes", "bb_ante", "dead_blind"]))
    ante = draw(st.sampled_from([1, 3, 10]))
    posters = {
        "none": set(),
        "antes": set(range(count)),
        "bb_ante": {draw(st.integers(0, count - 1))},
        "dead_blind": set(draw(st.lists(st.integers(0, count - 1), min_size=1, max_size=2))),
    }[style]
    states = [draw(st.sampled_from(["in", "in", "in", "folded", "mucked"])) for _ in range(count)]
    if states.count("in") == 0:
        states[0] = "in"
    lives = [draw(st.sampled_from([1, 2, 5, 7, 10, 25, 100, 101])) for _ in range(count)]
    top_in = max(v for v, state in zip(lives, states, strict=True) if state == "in")
    players = []
    for seat in range(count):
        state = states[seat]
        dead = ante if seat in posters else 0
        live = lives[seat]
        if state == "folded":
            live = draw(st.sampled_from([0, 1, 2, 5, 10]))
        if state != "in":  # a player out of the hand put in no more than one still in
            live = min(live, top_in)
        if style == "antes" and state == "in" and live < top_in and draw(st.integers(0, 9)) == 0:
            live, dead = 0, draw(st.integers(1, ante))  # all in within the ante
        cards = tuple(deck.pop() for _ in range(game.hole_cards))
        if state == "folded" or (state == "mucked" and draw(st.booleans())):
            cards = ()
        players.append(
            Player(f"P{seat}", cards, live + dead, state == "folded", dead, state == "mucked")
        )
    live_parts = sorted((p.stake - p.dead for p in players), reverse=True)
    uncalled = live_parts[0] - live_parts[1]
    contested = int(sum(p.stake for p in players) - uncalled)
    rake = draw(st.integers(0, max(0, contested // 10)))
    decimal = draw(st.booleans())
    if decimal:  # the same hand in cents: every amount a hundredth
        cent = Decimal("0.01")
        players = [
            Player(p.name, p.cards, p.stake * cent, p.folded, p.dead * cent, p.mucked)
            for p in players
        ]
    showdown = Showdown(
        game,
        tuple(players),
        boards[0],
        draw(st.integers(0, count - 1)),
        draw(st.sampled_from(list(OddChipRule))),
        tuple(boards) if boards_count > 1 else (),
        Decimal(rake) / 100 if decimal else rake,
    )
    return showdown, decimal


@given(card_room())
def test_card_room_properties(case: tuple[Showdown, bool]) -> None:
    showdown, _decimal = case
    result = resolve(showdown)
    stakes = sum(p.stake for p in showdown.players)
    assert sum(p.payout for p in result.players) + result.rake == stakes
    assert sum(p.rake for p in result.pots) == result.rake == showdown.rake
    for pot in result.pots:
        assert set(pot.payouts) <= set(pot.eligible)
        assert sum(pot.payouts.values()) == pot.amount
        if pot.boards:
            assert sum(b.amount for b in pot.boards) == pot.amount
    for player, seat in zip(result.players, showdown.players, strict=True):
        returned = sum(
            (p.amount for p in result.pots if p.kind == "uncalled" and p.eligible == (seat.name,)),
            start=0 * seat.stake,
        )
        # Dead money is never returned.
        assert returned <= seat.stake - seat.dead
        if not seat.in_hand:
            alone = sum(
                (
                    p.amount
                    for p in result.pots
                    if p.kind != "uncalled" and p.eligible == (seat.name,)
                ),
                start=0 * seat.stake,
            )
            assert player.payout == returned + alone
            if seat.folded:
                assert alone == 0


@settings(max_examples=300)
@given(card_room())
def test_the_fast_path_pays_the_same(case: tuple[Showdown, bool]) -> None:
    showdown, _decimal = case
    full, fast = resolve(showdown), resolve(showdown, explain=False)
    assert [p.payout for p in fast.players] == [p.payout for p in full.players]
    assert [(p.kind, p.amount, p.rake, p.winners) for p in fast.pots] == [
        (p.kind, p.amount, p.rake, p.winners) for p in full.pots
    ]
    assert [p.hand for p in fast.players] == [p.hand for p in full.players]
    assert all(p.explanation == "" for p in fast.pots)


@given(card_room())
def test_decimal_amounts_are_the_same_hand_in_cents(case: tuple[Showdown, bool]) -> None:
    showdown, decimal = case
    if not decimal:
        return
    cents = Showdown(
        showdown.game,
        tuple(
            Player(p.name, p.cards, int(p.stake * 100), p.folded, int(p.dead * 100), p.mucked)
            for p in showdown.players
        ),
        showdown.board,
        showdown.button,
        showdown.odd_chip,
        showdown.boards,
        int(Decimal(showdown.rake) * 100),  # type: ignore[arg-type]
    )
    assert [p.payout * 100 for p in resolve(showdown).players] == [
        p.payout for p in resolve(cents).players
    ]


@settings(max_examples=400)
@given(card_room())
def test_plain_showdowns_match_the_reference(case: tuple[Showdown, bool]) -> None:
    showdown, decimal = case
    if decimal or showdown.boards:
        return
    plain = Showdown(
        showdown.game,
        tuple(
            Player(p.name, p.cards, p.stake - p.dead, p.folded or p.mucked)
            for p in showdown.players
        ),
        showdown.board,
        showdown.button,
        showdown.odd_chip,
    )
    if sum(not p.folded for p in plain.players) > 1 and any(
        not p.folded and not p.cards for p in plain.players
    ):
        return
    assert [p.payout for p in resolve(plain).players] == reference_payouts(plain)


CARD_ROOM = json.loads(EXAMPLES.read_text().splitlines()[-1])


def test_the_bundled_card_room_example_by_hand() -> None:
    # Cents: Ann 10.25 (0.25 a dead small blind), Bob 10.00, Cid 4.00 then mucked,
    # Dee 0.50 then folded. One pot for Ann and Bob of everything: 24.75; rake
    # 0.60 leaves 24.15, run twice: 12.08 on the first board (Ann's Kings), 12.07
    # on the second (Bob's set of Tens).
    out = resolve_json(CARD_ROOM)
    assert [(p["name"], p["payout"]) for p in out["players"]] == [
        ("Ann", "12.08"), ("Bob", "12.07"), ("Cid", "0.00"), ("Dee", "0.00")
    ]  # fmt: skip
    assert out["rake"] == "0.60"
    assert out["boards"] == CARD_ROOM["boards"]
    (pot,) = out["pots"]
    assert (pot["amount"], pot["rake"]) == ("24.15", "0.60")
    assert [b["winners"]["high"] for b in pot["boards"]] == [["Ann"], ["Bob"]]
    assert [b["amount"] for b in pot["boards"]] == ["12.08", "12.07"]
    assert [(p["dead"], p["mucked"]) for p in out["players"]] == [
        ("0.25", False), ("0.00", False), ("0.00", True), ("0.00", False)
    ]  # fmt: skip


def test_card_room_contract_through_the_cli(tmp_path: Path) -> None:
    bad = dict(CARD_ROOM, rake=0.6)
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(CARD_ROOM) + "\n" + json.dumps(bad) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "resolve", str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    good, error = (json.loads(line) for line in done.stdout.splitlines())
    assert good == resolve_json(CARD_ROOM)
    assert error == {
        "error": {
            "type": "StakeError",
            "message": "rake 0.6 is a float: give an integer or an exact decimal text ('0.6')",
            "line": 2,
        }
    }
