"""The games card rooms add (RULES.md §6), as data: registry, counts, the compiled core, equity, shells.

Courchevel (hi and hi/lo), 6+ Hold'em in both orders of three of a kind and a
straight (``sixplus``: trips above; ``shortdeck``: the straight above), Five
Card Stud, Six Card Omaha Hi/Lo and Irish. Every number a test expects is
worked out here: closed forms, or the plain reference ``tests/naive.py``
enumerating every deal.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from typer.testing import CliRunner

from showdown import Card, CardCountError, evaluate
from showdown.batch import census, census_sizes, evaluate_many
from showdown.cli import app
from showdown.equity import equity
from showdown.games import GAMES, Family, evaluate_game, get_game
from showdown.rules import SHORTDECK, SIXPLUS, Category, get_ranking
from showdown.tables import get_table
from tests import naive
from tests.counts import FIVE_CARD_CLASSES, FIVE_CARD_HANDS

NEW_GAMES = ("courchevel", "courchevel_hilo", "sixplus", "five_card_stud", "omaha6_hilo", "irish")
ORDERS = {"sixplus": True, "shortdeck": False}
"""Ranking -> does three of a kind beat a straight?"""


# ------------------------------------------------------------------ the registry


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("6+ Hold'em", "sixplus"),
        ("6+ hold\u2019em", "sixplus"),
        ("6+", "sixplus"),
        ("sixplus-trips", "sixplus"),
        ("6plus", "shortdeck"),  # kept: it named the short deck before sixplus existed
        ("sixplus_straights", "shortdeck"),
        ("Short Deck", "shortdeck"),
        ("Courchevel", "courchevel"),
        ("Courchevel Hi/Lo", "courchevel_hilo"),
        ("courchevel8", "courchevel_hilo"),
        ("5 Card Stud", "five_card_stud"),
        ("5-card stud", "five_card_stud"),
        ("5CS", "five_card_stud"),
        ("6 Card Omaha Hi/Lo", "omaha6_hilo"),
        ("PLO6-8", "omaha6_hilo"),
        ("5 Card Omaha", "omaha5"),
        ("5-Card PLO", "omaha5"),
        ("Irish", "irish"),
        ("Omaha Hi/Lo", "omaha_hilo"),
        ("Hold'em", "holdem"),
        ("2-7", "deuce_to_seven"),
    ],
)
def test_room_names_find_the_game(alias: str, name: str) -> None:
    assert get_game(alias).name == name


def test_every_alias_names_its_own_game() -> None:
    for game in GAMES.values():
        for alias in (game.name, *game.aliases):
            assert get_game(alias) is game, alias
            assert get_game(alias.upper().replace("_", " ")) is game, alias


def test_rankings_of_both_orders_by_name() -> None:
    assert get_ranking("6+") is SIXPLUS
    assert get_ranking("sixplus_trips") is SIXPLUS
    assert get_ranking("6plus") is SHORTDECK
    assert get_ranking("sixplus_straights") is SHORTDECK
    for name, trips_above in ORDERS.items():
        order = get_ranking(name).category_order
        above = order.index(Category.THREE_OF_A_KIND) > order.index(Category.STRAIGHT)
        assert above is trips_above
        assert order.index(Category.FLUSH) > order.index(Category.FULL_HOUSE)
    # the two differ in those two categories only
    swapped = list(SHORTDECK.category_order)
    i, j = swapped.index(Category.STRAIGHT), swapped.index(Category.THREE_OF_A_KIND)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert tuple(swapped) == SIXPLUS.category_order
    assert SIXPLUS.rank_order == SHORTDECK.rank_order


def test_the_games_data() -> None:
    courchevel, hilo = get_game("courchevel"), get_game("courchevel_hilo")
    for game in (courchevel, hilo):
        assert (game.hole_cards, game.hole_used, game.family) == (5, 2, Family.FLOP)
        assert game.board_cards == (1, 3, 4, 5)
        assert game.hand_boards == (3, 4, 5)
    assert hilo.halves == ("high", "low")
    assert len(get_game("sixplus").deck) == 36
    stud = get_game("five_card_stud")
    assert (stud.hole_cards, stud.board_cards, stud.family) == (5, (), Family.STUD)
    o6 = get_game("omaha6_hilo")
    assert (o6.hole_cards, o6.hole_used, [r.name for r in o6.rankings]) == (
        6,
        2,
        ["high", "eight_or_better"],
    )
    irish = get_game("irish")
    assert (irish.hole_cards, irish.hole_used, irish.board_cards) == (2, None, (3, 4, 5))
    for name in GAMES:
        game = get_game(name)
        if game.name not in ("courchevel", "courchevel_hilo"):
            assert game.hand_boards == game.board_cards


# ------------------------------------------------------------------ hands


SPOT_BOARD = "9s 7c 8d Ah Kc"  # trips of nines against a jack-high straight


def test_trips_and_straight_in_each_order() -> None:
    for name, trips_above in ORDERS.items():
        trips = evaluate_game(name, "9c 9d", SPOT_BOARD).high
        straight = evaluate_game(name, "Th Jh", SPOT_BOARD).high
        assert trips is not None
        assert straight is not None
        assert trips.category is Category.THREE_OF_A_KIND
        assert straight.category is Category.STRAIGHT
        assert (trips > straight) is trips_above
        # the lowest straight, A-6-7-8-9, beats three aces only when straights are higher
        wheel = evaluate("Ac 6d 7h 8s 9c", ranking=name)
        aces = evaluate("As Ah Ad Kc Qd", ranking=name)
        assert wheel is not None
        assert aces is not None
        assert wheel.description == "Nine-high straight (wheel)"
        assert (aces > wheel) is trips_above


def test_courchevel_values_a_hand_from_the_flop_on() -> None:
    with pytest.raises(
        CardCountError, match=r"^courchevel needs 3 or 4 or 5 board cards, got 1: Kd$"
    ):
        evaluate_game("courchevel", "Ah Kh Qd Jd 5c", "Kd")
    # Exactly two hole cards: four hearts in hand and one on the board make no flush.
    hand = evaluate_game("courchevel", "Ah Kh Qh Jh 5c", "2h 7d 9s 3c Tc")
    assert hand.high is not None
    assert hand.high.category is Category.HIGH_CARD
    assert len(hand.high.hole_used) == 2
    split = evaluate_game("courchevel_hilo", "Ah 2h Kd Qc 9s", "5h 8d Tc 7s 3c")
    assert split.low is not None
    assert split.low.description == "7-5-3-2-A low"


def test_irish_is_holdem_at_the_showdown() -> None:
    hand = evaluate_game("irish", "Ah 2c", "Kh Qh Jh Th 3d")
    assert hand.high is not None
    assert hand.high.description == "Royal flush"
    assert hand.high.hole_used == (Card("Ah"),)
    with pytest.raises(CardCountError, match=r"^irish needs 2 cards per player, got 4"):
        evaluate_game("irish", "Ah 2c 5d 6d", "Kh Qh Jh")


def test_five_card_stud_is_high_on_five_cards() -> None:
    hand = evaluate_game("5cs", "As Ks Qs Js Ts")
    assert hand.high is not None
    assert hand.high.description == "Royal flush"
    with pytest.raises(CardCountError, match=r"^five_card_stud needs 5 cards per player, got 7"):
        evaluate_game("five_card_stud", "As Ks Qs Js Ts 2c 3c")


# ------------------------------------------------------------------ exhaustive counts


@cache
def naive_short_deck_hands() -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every five-card hand of the 36 cards, by the plain reference: (category, ranks)."""
    return tuple(naive.short_deck_hand(five) for five in combinations(naive.short_deck(), 5))


def short_deck_closed_forms() -> dict[str, int]:
    """Hands per category in a 36-card deck (9 ranks, 6 straights: A-6-7-8-9 to T-J-Q-K-A)."""
    straights, one_suit, suitings = 6, 4, 4**5
    rank_sets = comb(9, 5)
    return {
        "straight_flush": straights * one_suit,
        "four_of_a_kind": 9 * 8 * 4,
        "full_house": 9 * comb(4, 3) * 8 * comb(4, 2),
        "flush": (rank_sets - straights) * one_suit,
        "straight": straights * (suitings - one_suit),
        "three_of_a_kind": 9 * comb(4, 3) * comb(8, 2) * 4**2,
        "two_pair": comb(9, 2) * comb(4, 2) ** 2 * 7 * 4,
        "one_pair": 9 * comb(4, 2) * comb(8, 3) * 4**3,
        "high_card": (rank_sets - straights) * (suitings - one_suit),
    }


def test_the_plain_reference_counts_the_closed_forms() -> None:
    hands = Counter(name for name, _ in naive_short_deck_hands())
    assert dict(hands) == short_deck_closed_forms()
    assert sum(hands.values()) == comb(36, 5) == 376_992
    assert hands["straight"] < hands["three_of_a_kind"]  # why one order puts straights higher


@pytest.mark.parametrize("ranking", sorted(ORDERS))
def test_every_short_deck_hand_counts_and_orders_as_the_plain_reference(ranking: str) -> None:
    hands = naive_short_deck_hands()
    order = (
        naive.SHORT_DECK_ORDER_TRIPS_ABOVE_STRAIGHT
        if ORDERS[ranking]
        else naive.SHORT_DECK_ORDER_STRAIGHT_ABOVE_TRIPS
    )
    keys = [(order.index(name), *ranks) for name, ranks in hands]
    classes = Counter(name for name, _ in set(hands))
    result = census(ranking, 5)
    assert {row.category: row.hands for row in result.rows} == short_deck_closed_forms()
    assert {row.category: row.classes for row in result.rows} == dict(classes)
    assert [row.category for row in result.rows] == list(reversed(order))
    # The library's strength of each hand is its place among the reference's classes.
    position = {key: i for i, key in enumerate(sorted(set(keys)), start=1)}
    strengths = evaluate_many(all_short_deck_codes(), ranking=ranking)
    assert strengths.tolist() == [position[key] for key in keys]


@cache
def all_short_deck_codes() -> npt.NDArray[np.int64]:
    """Every five of the 36 cards as codes, in the order of naive.short_deck() combinations."""
    code = {str(card): card.code for card in get_game("sixplus").deck}
    return np.array(
        [[code[c] for c in five] for five in combinations(naive.short_deck(), 5)], np.int64
    )


def test_five_card_stud_counts_every_five_card_hand() -> None:
    hands = np.fromiter(
        (c for five in combinations(range(52), 5) for c in five), np.uint8, count=5 * comb(52, 5)
    ).reshape(-1, 5)
    strengths = evaluate_many(hands, game="five_card_stud")
    table = get_table("high")
    per_class = np.bincount(strengths, minlength=len(table.classes) + 1)
    counts: Counter[str] = Counter()
    classes: Counter[str] = Counter()
    for hand_class in table.classes:
        counts[hand_class.category.value] += int(per_class[hand_class.strength])
        classes[hand_class.category.value] += bool(per_class[hand_class.strength])
    assert dict(counts) == FIVE_CARD_HANDS
    assert dict(classes) == FIVE_CARD_CLASSES


def test_seven_card_census_of_both_orders() -> None:
    """Seven cards can hold three of a kind and a straight at once (9 9 9 T J Q K): such a
    hand counts as trips in one order and as a straight in the other; every other
    category is above both or below both in both orders, so its count is the same."""
    assert census_sizes("sixplus") == census_sizes("shortdeck") == (5, 6, 7)
    trips_above = {row.category: row.hands for row in census("sixplus", 7).rows}
    straight_above = {row.category: row.hands for row in census("shortdeck", 7).rows}
    assert sum(trips_above.values()) == sum(straight_above.values()) == comb(36, 7)
    moved = trips_above["three_of_a_kind"] - straight_above["three_of_a_kind"]
    assert moved > 0
    assert straight_above["straight"] - trips_above["straight"] == moved
    for category in set(trips_above) - {"three_of_a_kind", "straight"}:
        assert trips_above[category] == straight_above[category], category


# ------------------------------------------------------------------ the compiled core


@pytest.mark.parametrize("ranking", sorted(ORDERS))
def test_the_core_orders_seven_cards_as_the_plain_reference(ranking: str) -> None:
    deck = get_game("sixplus").deck
    rng = np.random.default_rng(36)
    rows = np.array([rng.choice(36, 7, replace=False) for _ in range(2_000)])
    cards = np.array([[deck[i].code for i in row] for row in rows], np.int64)
    texts = [[str(deck[i]) for i in row] for row in rows]
    keys = [naive.best_short_deck(row, trips_above_straight=ORDERS[ranking]) for row in texts]
    by_ranking = evaluate_many(cards, ranking=ranking).tolist()
    by_game = evaluate_many(cards, game=ranking).tolist()  # hole cards then the board
    assert by_game == by_ranking
    assert dense(by_ranking) == dense(keys)


def dense(values: Sequence[Any]) -> list[int]:
    """Each value's place among the distinct values (1 = the smallest)."""
    place = {v: i for i, v in enumerate(sorted(set(values)), start=1)}
    return [place[v] for v in values]


def test_batch_rows_for_courchevel_start_at_the_flop() -> None:
    with pytest.raises(CardCountError, match=r"courchevel needs 5 hole cards then 3 or 4 or 5"):
        evaluate_many([[0, 1, 2, 3, 4, 5]], game="courchevel")


# ------------------------------------------------------------------ equity


Value = Callable[[list[str], list[str]], tuple[object, object]]
"""A player's (high key, low key or None) from the plain reference."""

VALUES: dict[str, Value] = {
    "courchevel": lambda hole, board: (naive.best_omaha_high(hole, board), None),
    "courchevel_hilo": lambda hole, board: (
        naive.best_omaha_high(hole, board),
        naive.best_omaha_eight(hole, board),
    ),
    "omaha6_hilo": lambda hole, board: (
        naive.best_omaha_high(hole, board),
        naive.best_omaha_eight(hole, board),
    ),
    "irish": lambda hole, board: (naive.best_high(hole + board), None),
    "five_card_stud": lambda hole, board: (naive.high_key(hole), None),
    "sixplus": lambda hole, board: (
        naive.best_short_deck(hole + board, trips_above_straight=True),
        None,
    ),
    "shortdeck": lambda hole, board: (
        naive.best_short_deck(hole + board, trips_above_straight=False),
        None,
    ),
}


def plain_equity(game_name: str, hands: list[str], board: str) -> tuple[list[float], int]:
    """Every deal of the missing cards, one by one: each player's mean pot share, and deals.

    A split pot gives half to the best high and half to the best qualifying low (the
    whole pot to the high when no low qualifies); equal hands share a half equally.
    """
    game = get_game(game_name)
    value = VALUES[game_name]
    known = [hand.split() for hand in hands]
    shown = board.split()
    used = {card for cards in known for card in cards} | set(shown)
    rest = [str(card) for card in game.deck if str(card) not in used]
    needs = [game.hole_cards - len(cards) for cards in known] + [game.full_board - len(shown)]
    shares = [0.0] * len(hands)
    deals = 0

    def deal(step: int, left: list[str], dealt: list[tuple[str, ...]]) -> None:
        nonlocal deals
        if step == len(needs):
            deals += 1
            holes = [known[p] + list(dealt[p]) for p in range(len(hands))]
            values = [value(hole, shown + list(dealt[-1])) for hole in holes]
            lows = [low for _, low in values]
            halves = [(0, 1.0)] if all(low is None for low in lows) else [(0, 0.5), (1, 0.5)]
            for half, part in halves:
                keyed = [v[half] for v in values]
                best = max(key for key in keyed if key is not None)  # type: ignore[type-var]
                winners = [p for p, key in enumerate(keyed) if key == best]
                for p in winners:
                    shares[p] += part / len(winners)
            return
        for combo in combinations(left, needs[step]):
            remaining = [card for card in left if card not in combo]
            deal(step + 1, remaining, [*dealt, combo])

    deal(0, rest, [])
    return [share / deals for share in shares], deals


SPOTS = [
    ("courchevel", ["Ah Kh Qd Jd 5c", "As 9s 9c 8d 7d"], "Kd 9h 2s 6c"),
    ("courchevel_hilo", ["Ah 2h Kd Qc 9s", "As 3c 4d Jh Jc"], "5h 8d Tc 7s"),
    ("omaha6_hilo", ["Ah 2h 3s Kd Qc 9s", "Ac 4c 5d Jh Jc Td"], "6h 8d Ts 7c"),
    ("irish", ["Ah Kh", "Qs Qd"], "Jh 7h 2c 5s"),
    ("five_card_stud", ["Ah Kh Qh Jh", "9s 9d 8c 8d"], ""),
    ("sixplus", ["9c 9d", "Th Jh"], "9s 7c 8d"),
    ("shortdeck", ["9c 9d", "Th Jh"], "9s 7c 8d"),
]


@pytest.mark.parametrize(("game", "hands", "board"), SPOTS, ids=[s[0] for s in SPOTS])
def test_exact_equity_equals_plain_enumeration(game: str, hands: list[str], board: str) -> None:
    expected, deals = plain_equity(game, hands, board)
    result = equity(hands, board or None, game=game, exact=True)
    assert result.exact
    assert result.deals == deals
    assert [p.equity for p in result.players] == pytest.approx(expected, abs=1e-12)


def test_the_order_of_trips_and_straights_changes_the_equity() -> None:
    trips_above = equity(["9c 9d", "Th Jh"], "9s 7c 8d", game="sixplus").players[0].equity
    straight_above = equity(["9c 9d", "Th Jh"], "9s 7c 8d", game="shortdeck").players[0].equity
    assert trips_above > 0.5
    assert trips_above > straight_above


def test_courchevel_equity_with_the_first_board_card() -> None:
    hands = ["Ah Kh Qd Jd 5c", "As 9s 9c 8d 7d"]
    one = equity(hands, "Kd", game="courchevel", exact=True)
    assert one.deals == comb(52 - 10 - 1, 4)
    # With the same cards out, the rest of the deal is Five Card Omaha's.
    same = equity(hands, "Kd", game="omaha5", exact=True)
    assert one.equities == pytest.approx(same.equities, abs=1e-12)
    assert sum(one.equities) == pytest.approx(1.0)
    split = equity(["Ah 2h Kd Qc 9s", "As 3c 4d Jh Jc"], "5h", game="courchevel_hilo", seed=1)
    assert sum(split.equities) == pytest.approx(1.0)
    for player in split.players:
        assert player.high is not None
        assert player.low is not None
        assert player.high + player.low == pytest.approx(player.equity)


# ------------------------------------------------------------------ the CLI and the HTTP API


runner = CliRunner()


def test_cli_lists_the_new_games() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert set(NEW_GAMES) <= set(rows)
    assert "6+_holdem" in rows["sixplus"]["aliases"]
    assert rows["sixplus"]["rankings"] == {"high": "sixplus"}
    assert rows["courchevel_hilo"]["rankings"] == {"high": "high", "low": "eight_or_better"}
    table = runner.invoke(app, ["games"])
    assert "Courchevel" in table.stdout
    assert "6+ Hold'em" in table.stdout


def test_cli_equity_and_census_of_the_new_games() -> None:
    args = ["equity", "Ah Kh Qd Jd 5c", "As 9s 9c 8d 7d", "--board", "Kd", "--json"]
    result = runner.invoke(app, [*args, "--game", "Courchevel", "--exact"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = equity(["Ah Kh Qd Jd 5c", "As 9s 9c 8d 7d"], "Kd", game="courchevel")
    assert data["game"] == "courchevel"
    assert [p["equity"] for p in data["players"]] == pytest.approx(expected.equities)
    counted = runner.invoke(app, ["census", "-r", "6+", "-n", "5", "--json"])
    assert counted.exit_code == 0, counted.output
    rows = {row["category"]: row["hands"] for row in json.loads(counted.stdout)["categories"]}
    assert rows == short_deck_closed_forms()


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """An HTTP client of a real server (as tests/test_web_api.py runs it)."""
    import httpx

    from tests._web_server import running_server

    with running_server() as url, httpx.Client(base_url=url, timeout=30) as http:
        yield http


def test_api_lists_the_new_games(client: Any) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(NEW_GAMES) <= set(games)
    assert games["courchevel"]["board_cards"] == [1, 3, 4, 5]
    assert games["courchevel"]["hand_boards"] == [3, 4, 5]
    assert games["sixplus"]["ranks"] == "6789TJQKA"
    assert games["five_card_stud"]["family"] == "stud"
    assert games["shortdeck"]["title"] == "Short-deck Hold'em (straight beats three of a kind)"
    russian = {g["name"]: g["title"] for g in client.get("/api/games?lang=ru").json()}
    assert russian["courchevel"] == "Куршевель"
    assert russian["sixplus"] == "Холдем 6+ (тройка старше стрита)"


def test_api_hand_showdown_and_equity(client: Any) -> None:
    early = client.post(
        "/api/hand", json={"game": "courchevel", "cards": "Ah Kh Qd Jd 5c", "board": "Kd"}
    )
    assert early.status_code == 422
    assert early.json()["error"]["field"] == "board"
    assert "courchevel needs 3 or 4 or 5 board cards, got 1" in early.json()["error"]["message"]
    players = [{"name": "Trips", "cards": "9c 9d"}, {"name": "Straight", "cards": "Th Jh"}]
    for game, winner in (("6+ Hold'em", "Trips"), ("shortdeck", "Straight")):
        body = {"game": game, "board": SPOT_BOARD, "players": players}
        response = client.post("/api/showdown", json=body)
        assert response.status_code == 200, response.text
        assert response.json()["winners"] == [winner]
    answer = client.post(
        "/api/equity",
        json={"game": "courchevel", "hands": ["Ah Kh Qd Jd 5c", "As 9s 9c 8d 7d"], "board": "Kd"},
    )
    assert answer.status_code == 200, answer.text
    assert sum(p["equity"] for p in answer.json()["players"]) == pytest.approx(1.0)


def test_every_game_title_is_a_message_of_the_catalogs() -> None:
    from showdown.web.ui import GAME_TITLES

    assert sorted(game.title for game in GAMES.values()) == sorted(GAME_TITLES)
