"""The resolve stream's batch fast path writes the readable path's bytes, in every game.

:mod:`showdown._resolve_fast` answers the plain records of a chunk of lines
with the compiled core and cached texts, and leaves every other record to the
readable path. Here random records of every game (:mod:`tests.random_records`:
plain ones, which the fast path answers, and card-room ones, which it mostly
hands back) go through it in chunks, with the core's batch path, with hands
valued one by one, and through the native lane (``showdown._cresolve``: the
games of one ranking that play any five cards, the cards that play found from
the classes), in three languages; each answer must be exactly what the
readable evaluator and ``json.dumps`` write for the record. 300 records a game always run; 1,000 a game under the ``slow``
marker (``SHOWDOWN_RESOLVE_RECORDS`` sets how many: ``make check-resolve``
runs the issue's 10,000 a game, outside the default suite's time budget). The command itself (chunks, ``--workers``, standard input) is
compared with the readable path in :mod:`tests.test_resolve_stream`.
"""

from __future__ import annotations

import json
import math
import os
import random

import pytest

from showdown import _scorer
from showdown._resolve_fast import _scorer_of, resolve_texts
from showdown.games import GAMES
from tests.random_records import random_record
from tests.test_resolve_fast import readable_output

LANGUAGES = ("en", "ru", "ro")


def check_game(name: str, count: int) -> None:
    rng = random.Random(f"resolve-batch-{name}")
    game = GAMES[name]
    records = [random_record(rng, game, plain=number % 4 != 3) for number in range(count)]
    lines = [json.dumps(record, ensure_ascii=rng.random() < 0.5) for record in records]
    answered = 0
    for start in range(0, count, 250):
        lang = LANGUAGES[(start // 250) % 3]
        chunk = lines[start : start + 250]
        compiled = resolve_texts(chunk, lang=lang, compiled=True, native=False)
        one_by_one = resolve_texts(chunk, lang=lang, compiled=False, native=False)
        native = resolve_texts(chunk, lang=lang)
        assert compiled == one_by_one
        assert native == one_by_one
        for line, answer in zip(chunk, compiled, strict=True):
            if answer is not None:
                answered += 1
                assert answer == readable_output(json.loads(line), lang), line
    plain = sum(number % 4 != 3 for number in range(count))
    assert answered >= plain * 9 // 10  # the fast path answers the plain records itself


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_batch_path_writes_what_the_readable_path_writes(name: str) -> None:
    check_game(name, 300)


MANY = int(os.environ.get("SHOWDOWN_RESOLVE_RECORDS", "1000"))
"""Records a game for the slow check (10,000 with ``make check-resolve``)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_many_showdowns_of_every_game_are_byte_identical(name: str) -> None:
    check_game(name, MANY)


SCORED = sorted(name for name, game in GAMES.items() if _scorer_of(game) is not None)


def test_the_native_lane_serves_the_games_of_any_five_cards_where_the_core_is_built() -> None:
    if _scorer.extension() is None:
        pytest.skip("the C extension is not built")
    assert {"holdem", "stud", "stud_hilo", "razz", "shortdeck", "five_card_draw"} <= set(SCORED)
    assert not {"omaha", "omaha_hilo", "badugi"} & set(SCORED)


def test_what_the_fast_path_leaves_to_the_readable_path() -> None:
    good = {
        "game": "holdem",
        "board": "Kc Td Kh Ts 3c",
        "players": [
            {"name": "Peter", "cards": "Ks 2d", "stake": 50},
            {"name": "Paul", "cards": ["3h", "3d"], "stake": 50},
        ],
    }
    paul = {"name": "Paul", "cards": ["3h", "3d"], "stake": 50}
    odd: list[dict[str, object]] = [
        {**good, "rake": 1},  # the card room's fields
        {**good, "game": "pineapple"},  # an error
        {**good, "board": "Kc Td Kh Ts"},  # too few board cards: an error
        {**good, "board": "Kc,Td,Kh,Ts,3c"},  # cards the strict reader does not take
        {**good, "button": 2},  # not a seat
        {**good, "players": [{"name": "Peter", "cards": "Ks 2d", "stake": 1.5}]},
        {**good, "players": [{"name": "A", "cards": "Ks 2d"}, {"name": "B", "cards": "3h 3d"}]},
        {**good, "players": [{"name": "\ud800", "cards": "Ks 2d", "stake": 1}, paul]},
    ]
    lines = [json.dumps(good), *map(json.dumps, odd), "[1, 2]", "not json", "NaN"]
    answers = resolve_texts(lines, compiled=True)
    assert answers[0] == readable_output(good)
    assert answers[1:] == [None] * (len(lines) - 1)


def test_a_line_orjson_does_not_read_as_json_does_is_read_by_json_or_left() -> None:
    from showdown._resolve_fast import _loads_orjson

    # a lone surrogate and NaN: orjson refuses them, json reads them as the readable path would
    assert _loads_orjson('"\\ud800"') == "\ud800"
    value = _loads_orjson('{"a": NaN}')
    assert isinstance(value, dict)
    assert math.isnan(value["a"])
    # an integer beyond 64 bits is never a plain record's stake: the readable path answers it
    good = {
        "game": "holdem",
        "board": "Kc Td Kh Ts 3c",
        "players": [
            {"name": "Peter", "cards": "Ks 2d", "stake": 2**70},
            {"name": "Paul", "cards": ["3h", "3d"], "stake": 50},
        ],
    }
    (answer,) = resolve_texts([json.dumps(good)])
    assert answer is None or answer == readable_output(good)
    assert _loads_orjson("[1,") is None
