"""The resolve fast path gives byte-identical output to the readable path, in every game.

Random showdown records of the JSON contract (:mod:`tests.random_records`:
folds, mucks, dead money, rake in chips and cents, several boards, every
odd-chip rule) are resolved twice: with the readable evaluator
(``SHOWDOWN_ENGINE=readable``) and no cached texts, and with the compiled
one-hand path (:mod:`showdown._fast`, the C core). The JSON written for each, or
the error, must be the same text: 300 records a game in the quick suite,
1,000 a game under the ``slow`` marker (the readable path takes up to a few
milliseconds a record; ``SHOWDOWN_RESOLVE_RECORDS`` sets how many, 10,000
with ``make check-resolve``). Ten thousand a game (200,000 records) were also
compared, byte for byte, with ``showdown resolve`` before the fast path.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator

import pytest

from showdown import _fast, explanation
from showdown.contract import error_to_json, result_to_json, showdown_from_json
from showdown.errors import ShowdownError
from showdown.games import GAMES
from showdown.pots import resolve
from tests.random_records import random_record
from tests.readable import readable_engine


def output(record: object, lang: str = "en") -> str:
    """What ``showdown resolve --json`` writes for one record."""
    try:
        data = result_to_json(resolve(showdown_from_json(record), lang=lang))
    except ShowdownError as error:
        data = error_to_json(error)
    return json.dumps(data, ensure_ascii=False)


def readable_output(record: object, lang: str = "en") -> str:
    """The same through the readable evaluator, every text computed afresh."""
    explanation._DESCRIPTIONS.clear()
    explanation._EXPLANATIONS.clear()
    explanation._FACTS.clear()
    with readable_engine():
        return output(record, lang)


@pytest.fixture
def compiled() -> Iterator[None]:
    """The compiled one-hand path from the first hand on (no warm-up)."""
    saved = _fast._STATE.calls
    _fast.skip_warm_up()
    yield
    _fast._STATE.calls = saved


def check_game(name: str, count: int) -> None:
    rng = random.Random(f"resolve-fast-{name}")
    resolved = 0
    for number in range(count):
        record = random_record(rng, GAMES[name])
        lang = ("en", "ru", "ro")[number % 3]
        expected = readable_output(record, lang)
        assert output(record, lang) == expected, json.dumps(record)
        resolved += '"error"' not in expected[:10]
    assert resolved > count // 2  # most records are valid showdowns, not errors


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_fast_path_writes_what_the_readable_path_writes(name: str) -> None:
    check_game(name, 300)


@pytest.mark.slow
@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_thousands_of_showdowns_of_every_game_are_byte_identical(name: str) -> None:
    check_game(name, int(os.environ.get("SHOWDOWN_RESOLVE_RECORDS", "1000")))
