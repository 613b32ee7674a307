"""The resolver: side pots, halves, odd chips, uncalled stakes; no chip lost or created."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from showdown import DECK, Card, CardCountError, DuplicateCardError, StakeError, parse_cards
from showdown.games import GAMES, get_game
from showdown.pots import (
    OddChipRule,
    Player,
    Pot,
    Showdown,
    best_seats,
    divide,
    exact_shares,
    layers,
    odd_chip_orders,
    rake_shares,
    resolve,
    runner_up,
)
from tests.naive_pots import odd_chip_order


def table(game: str, board: str | None, *players: tuple[str, str, int], **options: object):
    return resolve(Showdown.build(game, board, players, **options))  # type: ignore[arg-type]


def payouts(result) -> dict[str, int]:
    return {p.name: p.payout for p in result.players}


def test_three_all_ins_with_a_tie_in_the_middle_pot() -> None:
    result = table(
        "holdem",
        "2c 7d 9h Js 4s",
        ("Ann", "As Ah", 50),
        ("Bob", "Ks Kh", 100),
        ("Cid", "Kd Kc", 200),
        ("Dee", "Qs Qh", 300),
    )
    assert [(p.kind, p.amount, p.eligible) for p in result.pots] == [
        ("main", 200, ("Ann", "Bob", "Cid", "Dee")),
        ("side", 150, ("Bob", "Cid", "Dee")),
        ("side", 200, ("Cid", "Dee")),
        ("uncalled", 100, ("Dee",)),
    ]
    assert result.pots[1].winners == {"high": ("Bob", "Cid")}
    assert payouts(result) == {"Ann": 200, "Bob": 75, "Cid": 275, "Dee": 100}
    assert result.winners == ("Ann", "Bob", "Cid")
    assert result.player("Dee").net == -200
    assert "Bob and Cid split the side pot with Pair of Kings" in result.pots[1].explanation


def test_hilo_tied_low_quarters() -> None:
    result = table(
        "omaha8",
        "2c 3d 7h Kd Qs",
        ("Ann", "As 4h Kh Ks", 100),
        ("Bob", "Ad 4c 9s 9d", 100),
        ("Cid", "Qh Qd Jc Jd", 100),
    )
    pot = result.pots[0]
    assert pot.winners == {"high": ("Ann",), "low": ("Ann", "Bob")}
    assert payouts(result) == {"Ann": 225, "Bob": 75, "Cid": 0}
    assert result.player("Ann").share == Fraction(3, 4)
    assert result.player("Bob").share == Fraction(1, 4)


def test_hilo_without_a_qualifying_low_high_scoops() -> None:
    result = table(
        "omaha8",
        "Kc Qd 9h 9s 2c",
        ("Ann", "As Ah 3c 4d", 40),
        ("Bob", "Kh Ks Jd Td", 40),
    )
    assert payouts(result) == {"Ann": 0, "Bob": 80}
    assert result.pots[0].winners == {"high": ("Bob",), "low": ()}
    assert result.pots[0].explanation.endswith("no qualifying low: high scoops")


def test_odd_chip_of_a_hilo_split_goes_to_high() -> None:
    result = resolve(
        Showdown(
            get_game("stud8"),
            (
                Player("Ann", parse_cards("Kc Kd Kh 9s 9c 2d Qh"), 2),  # full house, no low
                Player("Bob", parse_cards("Ac 2c 3d 4h 6s Jd Jh"), 2),  # the low
                Player("Cid", (), 1, folded=True),
            ),
        )
    )
    assert payouts(result) == {"Ann": 3, "Bob": 2, "Cid": 0}


@pytest.mark.parametrize(("button", "gets_odd"), [(0, "Bob"), (1, "Ann"), (2, "Ann")])
def test_odd_chip_goes_to_first_winner_left_of_button(button: int, gets_odd: str) -> None:
    result = table(
        "holdem",
        "As Ks Qs Js 2d",
        ("Ann", "Th 3c", 1),
        ("Bob", "Tc 4c", 1),
        ("Cid", "9h 5c", 1),
        button=button,
    )
    assert result.pots[0].winners == {"high": ("Ann", "Bob")}
    expected = {"Ann": 1, "Bob": 1, "Cid": 0}
    expected[gets_odd] += 1
    assert payouts(result) == expected


def test_stud_odd_chip_goes_to_highest_card_by_suit() -> None:
    seats = [
        ("Ann", "Ac Ad Kc Kd Qc 2h 3h", 1),  # highest card: Ad
        ("Bob", "Ah As Kh Ks Qd 2c 3c", 1),  # highest card: As
        ("Cid", "4c 4d 5h 6s 8c 9d Th", 1),
    ]
    result = table("stud", None, *seats)
    assert result.pots[0].winners == {"high": ("Ann", "Bob")}
    assert payouts(result) == {"Ann": 1, "Bob": 2, "Cid": 0}
    by_button = table("stud", None, *seats, odd_chip="button", button=2)
    assert payouts(by_button) == {"Ann": 2, "Bob": 1, "Cid": 0}


def test_folded_chips_stay_in_the_pot() -> None:
    result = resolve(
        Showdown(
            get_game("holdem"),
            (
                Player("Ann", parse_cards("As Ah"), 100),
                Player("Bob", parse_cards("Ks Kh"), 100),
                Player("Cid", (), 60, folded=True),
            ),
            parse_cards("2c 7d 9h Js 4s"),
        )
    )
    assert payouts(result) == {"Ann": 260, "Bob": 0, "Cid": 0}
    assert result.pots[0].eligible == ("Ann", "Bob")


def test_everyone_else_folded_wins_uncontested_without_cards() -> None:
    result = resolve(
        Showdown(
            get_game("omaha8"),
            (
                Player("Ann", (), 30, folded=True),
                Player("Bob", (), 80),
                Player("Cid", (), 30, folded=True),
            ),
        )
    )
    assert payouts(result) == {"Ann": 0, "Bob": 140, "Cid": 0}
    assert [p.kind for p in result.pots] == ["main", "uncalled"]
    assert "uncontested" in result.pots[0].explanation


def test_no_stakes_gives_exact_shares() -> None:
    result = table(
        "holdem",
        "As Ks Qs Js 2d",
        ("Ann", "Th 3c", 0),
        ("Bob", "Tc 4c", 0),
        ("Cid", "Td 5c", 0),
        ("Dee", "9h 6c", 0),
    )
    assert [p.share for p in result.players] == [Fraction(1, 3)] * 3 + [Fraction(0)]
    assert result.winners == ("Ann", "Bob", "Cid")


def _seat(name: str, cards: str, stake: object, folded: bool = False) -> Player:
    return Player(name, parse_cards(cards), stake, folded)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seats", "error", "message"),
    [
        ([("Ann", "As Ah", 5)], StakeError, "a showdown needs at least 2 players, got 1"),
        ([("Ann", "As Ah", 5), ("Ann", "Ks Kh", 5)], StakeError, "player name 'Ann' is used twice"),
        ([("Ann", "As Ah", 5, True), ("Bob", "Ks Kh", 5, True)], StakeError, "every player folded"),
        ([("Ann", "As Ah", 5), ("Bob", "As Kh", 5)], DuplicateCardError, "card As is used twice: by Bob and Ann"),
        ([("Ann", "As Ah", 5), ("Bob", "Kh", 5)], CardCountError, "Bob: holdem needs 2 cards per player, got 1: Kh"),
        ([("Ann", "As Ah", 5), ("Bob", "3c 3d", 9, True), ("Cid", "5c 5d", 9, True)], StakeError, "impossible stakes"),
        ([("Ann", "As Ah", 5), ("Bob", "Ks Kh", 5, False)], None, ""),
    ],
)  # fmt: skip
def test_bad_showdowns(seats, error, message) -> None:
    showdown = Showdown(
        get_game("holdem"), tuple(_seat(*seat) for seat in seats), parse_cards("2c 7d 9h Js 4s")
    )
    if error is None:
        assert resolve(showdown).winners == ("Ann",)
        return
    with pytest.raises(error, match=message):
        resolve(showdown)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([("Ann", "As Ah", -5), ("Bob", "Ks Kh", 5)], "Ann: stake -5 is negative"),
        ([("Ann", "As Ah", 5), ("Bob", "Ks Kh", True)], "Bob: stake True is not an amount: true/false is not a number"),
    ],
)  # fmt: skip
def test_bad_stakes_are_refused_when_the_player_is_made(seats, message) -> None:
    with pytest.raises(StakeError, match=message):
        [_seat(*seat) for seat in seats]


def test_bad_button_and_board() -> None:
    players = (Player("Ann", parse_cards("As Ah"), 5), Player("Bob", parse_cards("Ks Kh"), 5))
    with pytest.raises(StakeError, match=r"button 2 is not a seat: seats are 0\.\.1"):
        resolve(Showdown(get_game("holdem"), players, parse_cards("2c 7d 9h Js 4s"), button=2))
    with pytest.raises(CardCountError, match="holdem needs 5 board cards, got 3"):
        resolve(Showdown(get_game("holdem"), players, parse_cards("2c 7d 9h")))
    # The deck counts only the cards that exist: players still in must show them.
    with pytest.raises(CardCountError, match="P0: stud needs 7 cards per player, got 0"):
        resolve(Showdown(get_game("stud"), tuple(Player(f"P{i}", ()) for i in range(12))))


# ---------------------------------------------------------------- properties


@st.composite
def showdowns(draw: st.DrawFn) -> Showdown:
    game = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    deck_size = 4 * len(game.rankings[0].rank_order)
    most = min(10, (deck_size - 2 * game.full_board) // game.hole_cards)  # room for both boards
    count = draw(st.integers(2, most))
    rng = random.Random(draw(st.integers(0, 2**32)))
    deck = [c for c in DECK if c.rank in game.rankings[0].rank_order]
    rng.shuffle(deck)
    board: list[Card] = [deck.pop() for _ in range(game.full_board)]
    if game.has_board and draw(st.booleans()):
        # A board that plays for everyone in Hold'em: many ties.
        board = [c for c in DECK if str(c) in {"As", "Ks", "Qs", "Js", "Ts"}]
        deck = [c for c in deck if c not in board]
    players = []
    for seat in range(count):
        cards = tuple(deck.pop() for _ in range(game.hole_cards))
        stake = draw(st.sampled_from([0, 1, 2, 3, 5, 7, 10, 25, 100, 101]))
        folded = draw(st.booleans()) and draw(st.booleans())
        players.append(Player(f"P{seat}", cards, stake, folded))
    if all(p.folded for p in players):
        players[0] = Player(players[0].name, players[0].cards, players[0].stake, False)
    live_max = max(p.stake for p in players if not p.folded)
    fixed = []
    for p in players:  # folded players cannot have put in more than every live one
        fixed.append(Player(p.name, p.cards, min(p.stake, live_max), p.folded) if p.folded else p)
    button = draw(st.integers(0, count - 1))
    rule = draw(st.sampled_from(list(OddChipRule)))
    return Showdown(game, tuple(fixed), tuple(board), button, rule)


@given(showdowns())
def test_no_chip_is_lost_or_created(showdown: Showdown) -> None:
    result = resolve(showdown)
    stakes = sum(p.stake for p in showdown.players)
    assert sum(p.payout for p in result.players) == stakes
    assert sum(p.amount for p in result.pots) == stakes
    if stakes:
        assert sum(p.share for p in result.players) == 1
    for pot in result.pots:
        assert sum(pot.payouts.values()) == pot.amount
        assert set(pot.payouts) <= set(pot.eligible)  # only the eligible win a pot
    for player, seat in zip(result.players, showdown.players, strict=True):
        if seat.folded:
            returned = sum(
                p.amount for p in result.pots if p.kind == "uncalled" and p.eligible == (seat.name,)
            )
            assert player.payout == returned
            assert all(
                seat.name not in pot.eligible for pot in result.pots if pot.kind != "uncalled"
            )


@given(showdowns())
def test_odd_chips_follow_the_documented_order(showdown: Showdown) -> None:
    result = resolve(showdown)
    names = [p.name for p in showdown.players]
    for pot in result.pots:
        halves = [h for h in showdown.game.halves if pot.winners.get(h)]
        if pot.kind == "uncalled" or len(halves) != 1:
            continue
        order = [names[seat] for seat in odd_chip_order(showdown, halves[0])]
        winners = pot.winners[halves[0]]
        base, extra = divmod(int(pot.amount), len(winners))
        lucky = [n for n in order if n in winners][:extra]
        for name in winners:
            assert pot.payouts[name] == base + (name in lucky)


@given(showdowns(), st.data())
def test_swapping_two_tied_players_changes_only_odd_chips(showdown: Showdown, data) -> None:
    if len(showdown.players) < 2:
        return
    i = data.draw(st.integers(0, len(showdown.players) - 2))
    players = list(showdown.players)
    players[i], players[i + 1] = players[i + 1], players[i]
    swapped = Showdown(
        showdown.game, tuple(players), showdown.board, showdown.button, showdown.odd_chip
    )
    before, after = payouts(resolve(showdown)), payouts(resolve(swapped))
    pots = len(resolve(showdown).pots)
    for name in before:
        assert abs(before[name] - after[name]) <= 2 * pots
    assert sum(before.values()) == sum(after.values())
    # Only a player who shares some half with another winner can gain or lose a chip.
    sharing = {
        n for pot in resolve(showdown).pots for w in pot.winners.values() if len(w) > 1 for n in w
    }
    for name in before:
        if name not in sharing:
            assert before[name] == after[name]


# -- the building blocks every lane pays with (pots.layers, divide, ...) ---------------


def _slices(stakes: list[int], in_hand: list[bool]) -> list[tuple[int, set[int], set[int]]]:
    """The pots of stakes with no dead money, chip by chip: the k-th chip of every stake
    that has one is a slice; adjacent slices with the same players who can win them (a
    bet nobody called: the same owner) are one pot. (amount, eligible, contributors)."""
    pots: list[tuple[int, set[int], set[int]]] = []
    for k in range(1, max(stakes) + 1):
        put = {seat for seat, stake in enumerate(stakes) if stake >= k}
        can_win = {seat for seat in put if in_hand[seat]}
        if pots:
            amount, eligible, contributors = pots[-1]
            alone, was_alone = len(put) == 1, len(contributors) == 1
            if alone == was_alone and (contributors == put if alone else eligible == can_win):
                pots[-1] = (amount + len(put), can_win, contributors | put)
                continue
        pots.append((len(put), can_win, put))
    return pots


def test_layers_are_the_stakes_cut_chip_by_chip() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        count = rng.randint(2, 10)
        stakes = [rng.choice((0, 1, 5, 10, 10, 25, 40, 40, 100)) for _ in range(count)]
        stakes[0] = max(stakes[0], 1)
        in_hand = [rng.random() < 0.7 for _ in range(count)]
        pots = layers(stakes, in_hand)
        assert [(p.amount, set(p.eligible), set(p.contributors)) for p in pots] == _slices(
            stakes, in_hand
        ), (stakes, in_hand)
        assert [p.uncalled for p in pots] == [len(p.contributors) == 1 for p in pots]
        assert layers(stakes, in_hand, [0] * count, [False] * count) == pots


def test_layers_with_dead_money_and_a_mucked_player() -> None:
    # Ann all in within her ante of 10: she can win 10 from each player who put in an ante
    ante = layers([10, 60, 60], [True, True, True], [10, 10, 10])
    assert [(p.amount, sorted(p.eligible), p.dead) for p in ante] == [
        (30, [0, 1, 2], True),
        (100, [1, 2], False),
    ]
    # the side pot only Cid reached (Bob folded) goes to him although he mucked
    mucked = layers([50, 100, 100], [True, False, False], mucked=[False, False, True])
    assert [(p.amount, sorted(p.eligible)) for p in mucked] == [(150, [0]), (100, [2])]


def test_rake_shares_take_the_whole_rake_from_the_contested_pots() -> None:
    rng = random.Random(12)
    for _ in range(500):
        stakes = [rng.randint(0, 60) for _ in range(rng.randint(2, 6))] + [60, 30]
        pots = layers(stakes, [True] * len(stakes))
        contested = sum(p.amount for p in pots if not p.uncalled)
        rake = rng.randint(0, contested)
        shares = rake_shares(pots, rake)
        assert sum(shares) == rake
        assert all(0 <= r <= p.amount for r, p in zip(shares, pots, strict=True))
        assert all(r == 0 for r, p in zip(shares, pots, strict=True) if p.uncalled)
    with pytest.raises(StakeError, match="more than the pots"):
        rake_shares([Pot(10, frozenset({0, 1}), frozenset({0, 1}))], 11)


def test_odd_chip_orders_are_the_documented_orders() -> None:
    rng = random.Random(13)
    for name in sorted(GAMES):
        game = get_game(name)
        for _ in range(60):
            count = rng.randint(2, 8)
            deck = list(DECK)
            rng.shuffle(deck)
            players = tuple(
                Player(f"P{seat}", tuple(deck.pop() for _ in range(rng.randint(0, 7))))
                for seat in range(count)
            )
            showdown = Showdown(
                game, players, (), rng.randrange(count), rng.choice(list(OddChipRule))
            )
            codes = [[card.code for card in p.cards] for p in players]
            orders = odd_chip_orders(game, showdown.odd_chip, showdown.button, codes)
            assert list(orders) == list(game.halves)
            for half, order in orders.items():
                assert order == odd_chip_order(showdown, half), (name, showdown)


def test_divide_pays_every_unit_by_the_exact_shares() -> None:
    rng = random.Random(14)
    for _ in range(2000):
        seats = list(range(rng.randint(2, 9)))
        strengths = [[rng.choice((0, 3, 5, 5, 9)) for _ in seats] for _ in range(2)]
        strengths[0] = [max(s, 1) for s in strengths[0]]  # the high half always has a hand
        halves = strengths[: rng.randint(1, 2)]
        winners = [best_seats(seats, half) for half in halves]
        orders = [rng.sample(seats, len(seats)) for _ in halves]
        amount = rng.randint(0, 1000)
        chips = divide(amount, winners, orders)
        shares, denominator = exact_shares(winners)
        assert sum(chips.values()) == amount
        assert set(chips) == set(shares) == {s for w in winners for s in w}
        assert sum(Fraction(n, denominator) for n in shares.values()) == 1
        for seat, units in chips.items():
            assert abs(units - Fraction(amount * shares[seat], denominator)) < len(halves)
        for half, won in zip(halves, winners, strict=True):
            top = max(half)
            assert won == ([s for s in seats if half[s] == top] if top else [])
            below = [v for v in half if 0 < v < top]
            second = runner_up(seats, half, top)
            if below:
                assert second is not None
                assert (half[second], seats.index(second)) == (max(below), half.index(max(below)))
            else:
                assert second is None
