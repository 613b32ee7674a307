"""The resolve stream's native lane (``showdown._cresolve``) writes the readable path's bytes.

The lane reads, checks, values, pays and writes plain records of the games of
one ranking in C, and hands every other line back (``None``) to the Python
lanes. Each answer here is compared with what the readable evaluator and
``json.dumps`` write for the record (:func:`tests.test_resolve_fast.readable_output`):
split pots and odd chips under every rule, side pots, uncalled stakes, folds
with and without cards, default names and buttons, names in other scripts, the
three languages; the lines it must hand back; and lines mangled at random,
which it must hand back or answer exactly as the readable path does. Random
records of every game through the lane: :mod:`tests.test_resolve_batch`.
"""

from __future__ import annotations

import importlib.util
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown._resolve_fast import _native, _native_game, resolve_texts
from showdown.games import GAMES
from tests.test_resolve_fast import readable_output

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("showdown._cresolve") is None,
    reason="the C extension showdown._cresolve is not built",
)

SERVED = sorted(name for name in GAMES if _native_game(name, "en") is not None)


def holdem(*players: dict[str, Any], board: str = "Kc Td Kh Ts 3c", **top: Any) -> str:
    return json.dumps({"game": "holdem", "board": board, "players": list(players), **top})


def answered(line: str, lang: str = "en") -> str:
    """The lane's answer, checked to be the readable path's."""
    (answer,) = _native([line], lang)
    assert answer is not None, line
    assert answer == readable_output(json.loads(line), lang)
    return answer


def test_the_lane_serves_the_games_of_one_ranking_that_play_any_five_cards() -> None:
    assert {"holdem", "shortdeck", "stud", "razz", "five_card_draw", "deuce_to_seven"} <= set(
        SERVED
    )
    assert not {"omaha", "omaha_hilo", "stud_hilo", "badugi", "courchevel"} & set(SERVED)


@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
def test_a_pot_split_three_ways_gives_the_odd_chips_from_the_button(lang: str) -> None:
    # the board plays for all: a royal flush; 100 chips in three ways
    players = [
        {"name": name, "cards": cards, "stake": stake}
        for name, cards, stake in (
            ("Ann", "2c 3d", 33),
            ("Bob", "4h 5s", 33),
            ("Cid", "7c 8d", 34),
        )
    ]
    for button in range(3):
        line = holdem(*players, board="As Ks Qs Js Ts", button=button)
        answer = json.loads(answered(line, lang))
        main = answer["pots"][0]
        assert main["amount"] == 99
        assert sorted(main["winners"]["high"]) == ["Ann", "Bob", "Cid"]
        assert sum(main["payouts"].values()) == 99
        assert answer["pots"][1]["kind"] == "uncalled"
        assert sum(p["payout"] for p in answer["players"]) == 100  # no chip lost


@pytest.mark.parametrize("rule", ["auto", "button", "high_card"])
def test_odd_chips_under_every_rule(rule: str) -> None:
    players = [
        {"name": "Ann", "cards": ["2c", "3d"], "stake": 7},
        {"name": "Bob", "cards": ["4h", "5s"], "stake": 7},
        {"name": "Cid", "cards": "9c 8d", "stake": 7, "folded": True},
        {"name": "Dee", "cards": "7h 6h", "stake": 7},
    ]
    answered(holdem(*players, board="As Ks Qs Js Ts", button=3, odd_chip=rule))


@pytest.mark.parametrize("rule", ["auto", "button", "high_card"])
@pytest.mark.parametrize("name", ["stud", "razz"])
def test_stud_and_razz_ties_give_odd_chips_by_the_cards(name: str, rule: str) -> None:
    # the same ranks in other suits: a tie, the odd chip by the highest (or lowest) card
    ranks = ["A", "2", "3", "4", "5", "9", "K"]
    players = [
        {"name": f"P{seat}", "cards": [f"{r}{suit}" for r in ranks], "stake": 5}
        for seat, suit in enumerate("cdh")
    ]
    record = {"game": name, "players": players, "odd_chip": rule, "button": 1}
    answer = json.loads(answered(json.dumps(record)))
    assert len(answer["pots"][0]["winners"]["high" if name == "stud" else "low"]) == 3


def test_side_pots_uncalled_stakes_and_folds() -> None:
    line = holdem(
        {"name": "Short", "cards": "Ks 2d", "stake": 10},
        {"name": "Mid", "cards": "3h 3d", "stake": 40},
        {"name": "Big", "cards": "Ah Qd", "stake": 100},
        {"name": "Gone", "stake": 40, "folded": True},
        {"name": "Shown", "cards": "9s 8s", "stake": 5, "folded": True},
    )
    answer = json.loads(answered(line))
    assert [pot["kind"] for pot in answer["pots"]] == ["main", "side", "uncalled"]
    assert sum(p["payout"] for p in answer["players"]) == 195
    assert answer["players"][3]["hands"] is None
    assert answer["players"][4]["hands"] is None


def test_defaults_names_in_other_scripts_and_layout() -> None:
    answered(holdem({"cards": "Ks 2d", "stake": 3}, {"cards": "3h 3d", "stake": 3}))
    answered(
        holdem(
            {"name": "Пётр", "cards": "Ks 2d", "stake": 5},
            {"name": "Ionuț 🂡", "cards": "3h 3d", "stake": 9},
        ),
        "ru",
    )
    compact = holdem({"name": "A", "cards": "Ks 2d", "stake": 5}, {"name": "B", "cards": "3h 3d"})
    answered(compact.replace(", ", ",").replace(": ", ":"))
    answered("  \t" + compact.replace(", ", " ,\t") + " \r")


def test_names_written_with_escapes_are_read_as_json_reads_them() -> None:
    line = holdem({"name": "x", "cards": "Ks 2d", "stake": 5}, {"cards": "3h 3d", "stake": 5})
    for name in (r"Ren\u00e9", r"\ud83c\udca1 Ace", r"a\/b", r"\u041f\u0451\u0442\u0440"):
        answered(line.replace('"x"', f'"{name}"'))
    # what the output would escape, and lone surrogates: handed back
    for name in (r"\ud800", r"\udca1 x", r"a\nb", r"a\"b", r"a\\b", r"\u0007", r"\u0022"):
        mine = line.replace('"x"', f'"{name}"')
        assert _native([mine], "en") == [None], name
        assert resolve_texts([mine]) == resolve_texts([mine], native=False)
    # the same name escaped and not is one name twice
    twice = holdem({"name": "é", "cards": "Ks 2d", "stake": 5}, {"name": "x", "cards": "3h 3d"})
    twice = twice.replace('"x"', r'"\u00e9"')
    assert json.loads(twice)["players"][1]["name"] == "é"
    assert _native([twice], "en") == [None]
    assert resolve_texts([twice]) == resolve_texts([twice], native=False)


def test_a_pot_that_only_folded_players_reached_is_left_to_the_readable_path() -> None:
    line = holdem(
        {"name": "A", "cards": "Ks 2d", "stake": 5},
        {"name": "B", "cards": "3h 3d", "stake": 5},
        {"name": "C", "stake": 20, "folded": True},
        {"name": "D", "stake": 30, "folded": True},
    )
    assert _native([line], "en") == [None]
    assert resolve_texts([line]) == resolve_texts([line], native=False)


GOOD: dict[str, Any] = {
    "game": "holdem",
    "board": "Kc Td Kh Ts 3c",
    "players": [
        {"name": "Peter", "cards": "Ks 2d", "stake": 50},
        {"name": "Paul", "cards": ["3h", "3d"], "stake": 50},
    ],
}
PLAIN = json.dumps(GOOD)

HANDED_BACK = [
    PLAIN.replace("Peter", 'Pe\\"ter'),  # a name the output escapes
    PLAIN.replace('"Ks 2d"', '"K\\u0073 2d"'),  # an escape in cards
    PLAIN.replace('"stake": 50}', '"stake": 50, "stake": 5}', 1),  # a key twice
    PLAIN.replace("50", "1234567890123", 1),  # more than 12 digits
    PLAIN.replace("50", "50.0", 1),
    PLAIN.replace("50", "-50", 1),
    PLAIN.replace("50", "050", 1),
    PLAIN.replace("50", "5e1", 1),
    PLAIN + " x",
    PLAIN[:-1],
    PLAIN.replace("}]}", "},]}"),
    PLAIN.replace('"game"', '"rake": 1, "game"'),
    PLAIN.replace('"Peter"', '""'),
    PLAIN.replace("Ks 2d", "ks 2d"),
    PLAIN.replace("Ks 2d", "Ks  2d"),
    PLAIN.replace("Ks 2d", "Kc 2d"),  # a card twice
    PLAIN.replace("Kc Td Kh Ts 3c", "Kc Td Kh Ts"),
    PLAIN.replace('"holdem"', '"omaha"'),
    PLAIN.replace('"holdem"', '"pineapple"'),
    PLAIN.replace('"game": "holdem"', '"game": "holdem", "odd_chip": "left"'),
    PLAIN.replace('"game": "holdem"', '"game": "holdem", "button": 2'),
    PLAIN.replace('"game": "holdem"', '"game": "holdem", "button": true'),
    PLAIN.replace("Paul", "Peter"),  # a name twice
    PLAIN.replace('"stake": 50', '"stake": 0'),
    PLAIN.replace('"stake": 50}', '"stake": 50, "folded": true}', 1),  # one still in
    PLAIN.replace('"stake": 50}', '"stake": 50, "folded": 1}', 1),
    PLAIN.replace('"cards": "Ks 2d", ', ""),  # no cards, not folded
    json.dumps({**GOOD, "players": [dict(GOOD["players"][0], name=f"P{k}") for k in range(9)]}),
    json.dumps({"game": "stud", "board": "Kc", "players": GOOD["players"]}),
    json.dumps({"game": "shortdeck", **{k: v for k, v in GOOD.items() if k != "game"}}),
    "[1, 2]",
    "not json",
    "NaN",
    "",
    PLAIN.replace("Peter", "\ud800"),
]


def test_what_the_lane_hands_back() -> None:
    assert _native([PLAIN], "en")[0] == readable_output(GOOD)
    assert _native(HANDED_BACK, "en") == [None] * len(HANDED_BACK)
    texts = [text for text in HANDED_BACK if text]
    assert resolve_texts(texts) == resolve_texts(texts, native=False)


@st.composite
def mangled(draw: st.DrawFn) -> str:
    """A plain line with a few characters replaced, inserted or deleted."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    game = GAMES[draw(st.sampled_from(SERVED))]
    from tests.random_records import random_record

    text = json.dumps(random_record(rng, game, plain=True), ensure_ascii=False)
    pieces = list(text)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(pieces) - 1))
        what = draw(st.sampled_from(list('{}[],:" 0123456789.-eEtrufalsn\\xKcdhs')))
        kind = draw(st.sampled_from(("replace", "insert", "delete")))
        if kind == "replace":
            pieces[where] = what
        elif kind == "insert":
            pieces.insert(where, what)
        elif len(pieces) > 1:
            del pieces[where]
    return "".join(pieces)


@settings(max_examples=400)
@given(mangled())
def test_a_mangled_line_is_handed_back_or_answered_as_the_readable_path(line: str) -> None:
    (answer,) = _native([line], "en")
    if answer is not None:
        assert answer == readable_output(json.loads(line))
