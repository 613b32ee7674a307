"""Ranges and equity as a player reads them, and the CLI behaviour built on them (issue 15)."""

from __future__ import annotations

import json
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
from typer.testing import CliRunner

from showdown import RangeParseError
from showdown.cards import DECK, parse_cards
from showdown.cli import app
from showdown.equity import equity
from showdown.evaluation import evaluate
from showdown.ranges import parse_range

runner = CliRunner()


def _run(*args: str, code: int = 0, columns: int = 120) -> tuple[str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(columns)})
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result.stdout, result.stderr


# -- white space --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("A K", "separate tokens with commas ('A, K') or write one hand without spaces ('AK')"),
        ("QQ+ AK", "separate tokens with commas ('QQ+, AK')"),
        ("AKs, T9s 98s", "'T9s 98s' is not a range token"),
    ],
)
def test_white_space_inside_a_token_is_an_error(text: str, says: str) -> None:
    with pytest.raises(RangeParseError, match="a token has no spaces inside") as raised:
        parse_range(text)
    assert says in str(raised.value)


def test_spaced_cards_are_one_hand() -> None:
    assert parse_range("As Kd") == parse_range("AsKd")
    assert len(parse_range("As Kd")) == 1
    # a stud player's three cards: every seven-card hand holding them
    assert len(parse_range("Ah Kd 3c", game="stud")) == comb(49, 4)
    assert len(parse_range("QQ+, AK")) == 18 + 16


# -- the game's hand size -------------------------------------------------------------------


@pytest.mark.parametrize("game", ["omaha", "badugi"])
@pytest.mark.parametrize("token", ["AK", "QQ", "A"])
def test_a_holdem_pattern_is_not_a_four_card_hand(game: str, token: str) -> None:
    padded = token + "x" * (4 - len(token))
    with pytest.raises(RangeParseError, match=f"write '{padded}' for every hand holding them"):
        parse_range(token, game=game)


def test_padded_and_suited_patterns_still_read() -> None:
    every = list(combinations(DECK, 4))
    with_ace_king = sum(
        1
        for hand in every
        if any(c.rank.symbol == "A" for c in hand) and any(c.rank.symbol == "K" for c in hand)
    )
    assert len(parse_range("AKxx", game="omaha")) == with_ace_king
    assert len(parse_range("AKds", game="omaha")) > 0
    assert len(parse_range("AhKh", game="omaha")) == comb(50, 2)  # holding these two


# -- case -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lower", "upper"),
    [("kk", "KK"), ("ats", "ATs"), ("aks", "AKs"), ("ako", "AKo"), ("qq+", "QQ+"), ("axs", "Axs")],
)
def test_lower_case_tokens_read_as_their_capitals(lower: str, upper: str) -> None:
    assert parse_range(lower) == parse_range(upper)
    assert str(parse_range(lower)) == str(parse_range(upper))


def test_lower_case_cards_stay_cards() -> None:
    assert parse_range("as") == parse_range("As")  # the ace of spades, not 'A suited'
    assert parse_range("kskd") == parse_range("KsKd")


@pytest.mark.parametrize(("token", "form"), [("Kk", "'KK'"), ("aKs", "'AKs'"), ("aK", "'AK'")])
def test_mixed_case_is_refused_with_the_written_form(token: str, form: str) -> None:
    with pytest.raises(RangeParseError, match=f"ranks are written in capitals, {form}"):
        parse_range(token)


# -- equity: exact when it fits, seeded otherwise, counts as integers -----------------------


def test_auto_enumerates_when_the_estimate_fits_the_budget() -> None:
    # KK against ATs: 6 x 4 combos, C(48, 5) boards each: a few seconds' work at most
    small = equity(["KK", "ATs"], exact_seconds=30.0)
    assert small.exact
    assert small.deals == 6 * 4 * comb(48, 5)  # no KK combo shares a card with an ATs one
    tiny_budget = equity(["KK", "ATs"], exact_seconds=1e-9, seed=1)
    assert not tiny_budget.exact
    assert tiny_budget.seed == 1


def test_the_cli_enumerates_a_spot_that_fits_and_reports_integers() -> None:
    out, _ = _run("equity", "KK", "ATs", "--json")
    data = json.loads(out)
    assert data["exact"] is True
    assert data["deals"] == 6 * 4 * comb(48, 5)
    assert isinstance(data["deals"], int)
    for player in data["players"]:
        for key in ("wins", "ties", "losses"):
            assert isinstance(player[key], int), (key, player[key])
        assert player["wins"] + player["ties"] + player["losses"] == data["deals"]


def _strip(text: str) -> str:
    """The output less its last words, the time taken (which differs from run to run)."""
    return text.rsplit(" in ", 1)[0]


def test_sampling_is_seeded_by_default_and_says_its_seed() -> None:
    args = ("equity", "AhKh", "random", "random", "--samples", "20000")
    first, _ = _run(*args)
    again, _ = _run(*args)
    assert _strip(first) == _strip(again)
    assert "seed 0" in first
    other, _ = _run(*args, "--seed", "5")
    assert "seed 5" in other
    assert _strip(other) != _strip(first)


def test_exact_says_its_limit_when_it_refuses() -> None:
    _, err = _run("equity", "random", "random", "random", "--exact", code=2)
    assert "is too large (the limit is 10,000,000)" in err
    assert "narrow the ranges, or sample instead" in err


# -- compare before the river ---------------------------------------------------------------


def test_compare_on_the_flop_says_who_is_ahead_now() -> None:
    out, _ = _run("compare", "Ann:As Kd", "Bob:Qh Qd", "--board", "2c 7d 9h", "--json")
    data = json.loads(out)
    # worked out by hand: Bob's pair of queens against Ann's ace high
    assert data["ahead"] == {"high": ["Bob"]}
    assert data["complete"] is False
    bob = next(p for p in data["players"] if p["name"] == "Bob")
    assert bob["high"]["category"] == "one_pair"
    human, _ = _run("compare", "Ann:As Kd", "Bob:Qh Qd", "--board", "2c 7d 9h")
    assert "Ahead now: Bob" in human
    assert "the flop 2c 7d 9h" in human


def test_compare_on_the_turn_uses_the_best_five_of_six() -> None:
    board = "Ad 7d 9h 2d"
    out, _ = _run("compare", "Ann:As Kd", "Bob:Qd 3d", "--board", board, "--json")
    data = json.loads(out)
    assert data["ahead"] == {"high": ["Bob"]}  # a diamond flush beats a pair of aces
    expected = evaluate("Qd 3d", board)
    bob = next(p for p in data["players"] if p["name"] == "Bob")
    assert bob["high"]["strength"] == expected.strength
    assert "the turn" in _run("compare", "As Kd", "Qd 3d", "-b", board)[0]


def test_compare_on_fifth_street_of_stud() -> None:
    out, _ = _run("compare", "Ann:As Ad 2c 7h 9s", "Bob:Kh Kd Kc 3s 4d", "-g", "stud", "--json")
    assert json.loads(out)["ahead"] == {"high": ["Bob"]}  # three kings beat a pair of aces
    human, _ = _run("compare", "As Ad 2c 7h 9s", "Kh Kd Kc 3s 4d", "-g", "stud")
    assert "5 cards dealt" in human


def test_compare_ties_on_the_flop_and_refuses_a_card_twice() -> None:
    out, _ = _run("compare", "Ann:As Kd", "Bob:Ah Kc", "-b", "2c 7d 9h", "--json")
    assert json.loads(out)["ahead"] == {"high": ["Ann", "Bob"]}
    _, err = _run("compare", "Ann:As Kd", "Bob:As Kc", "-b", "2c 7d 9h", code=2)
    assert "card As is used twice: by Bob and Ann" in err


def test_a_full_board_is_still_a_showdown() -> None:
    out, _ = _run("compare", "Ann:As Kd", "Bob:Qh Qd", "-b", "2c 7d 9h Js 4s", "--json")
    assert json.loads(out)["winners"] == ["Bob"]


# -- matrix files ------------------------------------------------------------------------------


def test_matrix_writes_the_format_its_extension_names(tmp_path: Path) -> None:
    args = ("matrix", "--hands", "AA; KK", "QQ", "--samples", "2000")
    csv_path, json_path = tmp_path / "m.csv", tmp_path / "m.json"
    _run(*args, "--out", str(csv_path))
    _run(*args, "--out", str(json_path))
    lines = csv_path.read_text().splitlines()
    assert lines[0] == "hand,against,equity"
    assert [line.split(",")[:2] for line in lines[1:]] == [["AA", "QQ"], ["KK", "QQ"]]
    data = json.loads(json_path.read_text())
    assert data["rows"] == ["AA", "KK"]
    assert data["columns"] == ["QQ"]
    # the same seed, the same numbers, whichever file
    assert [round(row[0], 6) for row in data["values"]] == [
        float(line.split(",")[2]) for line in lines[1:]
    ]


@pytest.mark.parametrize("name", ["cells.txt", "cells", "cells.CSVX"])
def test_matrix_refuses_an_unknown_extension_before_any_work(tmp_path: Path, name: str) -> None:
    _, err = _run("matrix", "QQ", "--out", str(tmp_path / name), code=2)
    assert "is not a file type matrix writes: use .csv, .parquet, .pq, .json, .png" in err
    assert not (tmp_path / name).exists()


# -- tables never cut a word -------------------------------------------------------------------


def test_a_narrow_table_keeps_every_hand_name_and_card_whole() -> None:
    from showdown.cli._app import console

    width = console.width
    console.width = 40
    try:
        out, _ = _run("compare", "Ann:As Kd", "Bob:Qh Qd", "-b", "2c 7d 9h Js 4s")
    finally:
        console.width = width
    description = evaluate("Qh Qd", "2c 7d 9h Js 4s").description
    for word in description.split():
        assert word.strip(",") in out, word
    assert "…" not in out
    for card in ("As", "Kd", "Qh", "Qd", "2c", "7d", "9h", "Js", "4s"):
        assert card in out


# -- JSON Lines: the real line and column -----------------------------------------------------


def test_json_lines_errors_give_the_real_line_and_column(tmp_path: Path) -> None:
    source = tmp_path / "bad.jsonl"
    source.write_text('{"game": "holdem", "players": []}\n\n   {"game": }\n')
    result = runner.invoke(app, ["resolve", str(source), "--json"])
    records = [json.loads(line) for line in result.stdout.splitlines() if line]
    bad = records[-1]["error"]
    assert bad["line"] == 3
    assert bad["column"] == len('   {"game": ') + 1  # the '}' where a value belongs
    assert bad["message"].startswith(f"line 3 column {bad['column']}:")
    document = tmp_path / "bad.json"
    document.write_text('[\n  {"game": "holdem"},\n  {"game": ,}\n]\n')
    result = runner.invoke(app, ["resolve", str(document), "--json"])
    error = json.loads(result.stdout.splitlines()[0])["error"]
    assert (error["line"], error["column"]) == (3, len('  {"game": ') + 1)


def test_cards_parse_in_either_case_of_suit() -> None:
    assert parse_cards("as kd") == parse_cards("As Kd")
