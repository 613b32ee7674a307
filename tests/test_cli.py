"""The command line, end to end: real processes for streaming, CliRunner for the rest."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from showdown import DECK
from showdown.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).parent.parent / "examples" / "showdowns.jsonl"
SHOWDOWN = [sys.executable, "-m", "showdown"]


def test_hand_prints_best_five_and_name() -> None:
    result = runner.invoke(app, ["hand", "As Kd Qh Jc Tc 2d 3s"])
    assert result.exit_code == 0
    assert "As Kd Qh Jc Tc" in result.output
    assert "Ace-high straight" in result.output
    assert "not playing: 2d 3s" in result.output


def test_hand_json_and_games() -> None:
    result = runner.invoke(app, ["hand", "--json", "Ks 2d", "--board", "Kc Td Kh Ts 3c"])
    data = json.loads(result.output)
    assert data["description"] == "Kings full of Tens"
    assert data["strength"] == 7281
    assert data["hole_used"] == "Ks"
    result = runner.invoke(
        app, ["hand", "--game", "omaha8", "--json", "Ah 2h Ks Kd", "-b", "3c 4d 8s Kh 9c"]
    )
    data = json.loads(result.output)
    assert data["high"]["description"] == "Three Kings, Nine-Eight kickers"
    assert data["low"]["description"] == "8-4-3-2-A low"
    result = runner.invoke(app, ["hand", "--ranking", "2-7", "7c 5d 4h 3s 2c"])
    assert "Number one (7-5-4-3-2)" in result.output


def test_bad_input_exits_2_with_one_line() -> None:
    for args, message in [
        (
            ["hand", "As Zd"],
            "CardParseError: 'Zd' is not a card: rank 'Z' is not one of 23456789TJQKA",
        ),
        (["hand", "As Kd"], "CardCountError: high needs at least 5 cards, got 2: As Kd"),
        (
            ["hand", "--game", "holdem", "As Kd Qh"],
            "CardCountError: holdem needs 2 cards per player, got 3",
        ),
        (
            ["compare", "As Kd", "As Qd", "--board", "2c 3d 4h 5s 9c"],
            "DuplicateCardError: card As is used twice",
        ),
        (["hand", "--game", "pineapple", "As Kd"], "UnknownGameError: 'pineapple' is not a game"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert (
            message in result.output.replace("\n", " ").replace("  ", " ")
            or message in result.stderr
        )


def test_compare_the_seed_five_player_showdown() -> None:
    args = [
        "compare",
        "--board",
        "Kc Td Kh Ts 3c",
        "Peter:Ks 2d",
        "Hans:Kd 7h",
        "Michael:Ac Th",
        "Gabriel:Tc 3s",
        "Paul:3h 3d",
    ]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["winners"] == ["Peter", "Hans"]
    assert [p["share"] for p in data["players"]] == ["1/2", "1/2", "0", "0", "0"]
    human = runner.invoke(app, args)
    assert "Peter and Hans split" in human.output


def test_compare_before_the_river_says_who_is_ahead() -> None:
    """``compare`` with cards still to come shows :func:`showdown.ahead.ahead_now`."""
    from showdown.ahead import ahead_now
    from showdown.cards import parse_cards
    from showdown.pots import Player

    args = ["compare", "Ann:Ah 2h Ks Kd", "Bob:Qs Qd Tc Jc", "-b", "Kh Qh 9d", "-g", "omaha8"]
    result = runner.invoke(app, [*args, "--json", "--lang", "ro"])
    assert result.exit_code == 0
    players = [Player("Ann", parse_cards("Ah 2h Ks Kd")), Player("Bob", parse_cards("Qs Qd Tc Jc"))]
    expected = ahead_now("omaha8", players, parse_cards("Kh Qh 9d"), lang="ro").to_json()
    assert json.loads(result.output) == expected
    assert expected["ahead"] == {"high": ["Bob"], "low": []}
    human = runner.invoke(app, args)
    assert human.exit_code == 0
    said = " ".join(human.output.split())
    assert "Ahead now (High): Bob: King-high straight" in said
    assert "a straight beats three of a kind" in said
    assert "Ahead now (Low): no qualifying hand" in said
    assert "Not a showdown yet" in said


def test_sampled_equity_is_the_same_on_one_worker_and_two() -> None:
    """A Monte Carlo run of several chunks (run in waves on the C engine's own threads),
    as a whole process: the same deals and figures whatever the workers, exit status 0."""
    found = []
    for workers in ("1", "2"):
        done = subprocess.run(
            [
                *SHOWDOWN,
                "equity",
                "AhKh",
                "QsQd",
                "-n",
                "300000",
                "--seed",
                "4",
                "--json",
                "--workers",
                workers,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        record = json.loads(done.stdout)
        del record["seconds"]
        found.append(record)
    assert found[0] == found[1]
    assert found[0]["deals"] == 300_000
    assert found[0]["players"][0]["wins"] + found[0]["players"][1]["wins"] < 300_000


def test_games_lists_every_game() -> None:
    result = runner.invoke(app, ["games", "--json"])
    games = {g["name"]: g for g in json.loads(result.output)}
    assert games["omaha_hilo"]["hole_cards"] == 4
    assert games["omaha_hilo"]["hole_cards_used"] == 2
    assert "omaha8" in games["omaha_hilo"]["aliases"]
    assert games["razz"]["rankings"] == {"low": "ace_to_five"}
    assert "2-7" in runner.invoke(app, ["games"]).output


def test_resolve_the_bundled_examples() -> None:
    result = runner.invoke(app, ["resolve", str(EXAMPLES)])
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == 5
    assert lines[0]["winners"] == ["Peter", "Hans"]
    assert [p["payout"] for p in lines[1]["players"]] == [200, 300, 300, 100]
    assert [p["kind"] for p in lines[1]["pots"]] == ["main", "side", "side", "uncalled"]
    assert [p["share"] for p in lines[2]["players"]] == ["3/4", "1/4", "0", "0"]
    human = runner.invoke(app, ["resolve", "--human", str(EXAMPLES)])
    assert "Peter and Hans split the main pot" in human.output


def _record(rng: random.Random, index: int) -> str:
    count = rng.randint(2, 6)
    cards = [str(c) for c in rng.sample(DECK, 5 + 2 * count)]
    players = [
        {"name": f"P{i}", "cards": cards[5 + 2 * i : 7 + 2 * i], "stake": rng.choice([10, 20, 35])}
        for i in range(count)
    ]
    return json.dumps(
        {
            "game": "holdem",
            "board": " ".join(cards[:5]),
            "button": index % count,
            "players": players,
        }
    )


def test_resolve_streams_ten_thousand_records_with_bad_ones_in_place(tmp_path: Path) -> None:
    rng = random.Random(10_000)
    lines = [_record(rng, i) for i in range(10_000)]
    bad = {
        1234: '{"game": "holdem", "board": "Kc Td Kh Ts 3c", "players": [{"cards": "Kc 2d"}, {"cards": "Qs Qd"}]}',
        5000: "this is not json",
        7777: '{"game": "pineapple", "players": []}',
        9999: '{"game": "holdem", "board": "Kc Td Kh Ts 3c", "players": [{"cards": "As Kd", "stake": -1}, {"cards": "Qs Qd"}]}',
    }
    for index, text in bad.items():
        lines[index] = text
    source = tmp_path / "many.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run(
        [*SHOWDOWN, "resolve", str(source)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    out = done.stdout.splitlines()
    assert len(out) == 10_000
    errors = {
        i: json.loads(line)["error"] for i, line in enumerate(out) if "error" in json.loads(line)
    }
    assert set(errors) == set(bad)
    assert errors[1234]["type"] == "DuplicateCardError"
    assert errors[5000]["type"] == "JSONDecodeError"
    assert errors[7777]["type"] == "UnknownGameError"
    assert errors[9999] == {
        "type": "StakeError",
        "message": "Player 1: stake -1 is negative",
        "line": 10_000,
    }
    for line in out[:50]:
        record = json.loads(line)
        if "error" not in record:
            assert sum(p["payout"] for p in record["players"]) == sum(
                p["stake"] for p in record["players"]
            )


def test_resolve_reads_stdin_one_record_at_a_time() -> None:
    process = subprocess.Popen(
        [*SHOWDOWN, "resolve", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdin is not None
    assert process.stdout is not None
    first = EXAMPLES.read_text("utf-8").splitlines()[0]
    process.stdin.write(first + "\n")
    process.stdin.flush()
    # The answer arrives while the input is still open: the stream is not read whole.
    answer = json.loads(process.stdout.readline())
    assert answer["winners"] == ["Peter", "Hans"]
    process.stdin.close()
    assert process.wait(timeout=30) == 0


def test_resolve_accepts_one_pretty_object(tmp_path: Path) -> None:
    record = json.loads(EXAMPLES.read_text("utf-8").splitlines()[3])
    source = tmp_path / "one.json"
    source.write_text(json.dumps(record, indent=2), encoding="utf-8")
    result = runner.invoke(app, ["resolve", str(source), "--pretty"])
    assert result.exit_code == 0
    assert json.loads(result.output)["winners"] == ["Cid"]


def _version(engine: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SHOWDOWN_ENGINE"}
    if engine is not None:
        env["SHOWDOWN_ENGINE"] = engine
    return subprocess.run(
        [*SHOWDOWN, "--version"], capture_output=True, text=True, check=False, env=env
    )


def test_version_names_the_version_and_the_engine() -> None:
    from showdown import __version__, core

    done = _version(None)
    assert done.returncode == 0, done.stderr
    # the core in this process, asked with the same environment (no SHOWDOWN_ENGINE)
    built = all(core._built(name) is not None for name in core.EXTENSIONS)
    engine = "compiled core (C)" if built else "readable reference (compiled core not built"
    assert done.stdout.splitlines()[0] == f"showdown {__version__}"
    assert done.stdout.splitlines()[1].startswith(f"engine: {engine}")
    assert len(done.stdout.splitlines()) == 2
    assert done.stderr == ""


def test_version_says_when_the_readable_reference_is_forced() -> None:
    from showdown import __version__

    done = _version("readable")
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f"showdown {__version__}\nengine: readable reference (SHOWDOWN_ENGINE=readable)\n"
    )
    assert _version(" Readable ").stdout == done.stdout  # as the core reads it
    compiled = _version("compiled")
    assert compiled.returncode == 0
    assert compiled.stdout == _version(None).stdout


def test_version_with_an_unknown_engine_is_one_line_and_status_2() -> None:
    done = _version("bogus")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == (
        "error: InvalidArgumentError: SHOWDOWN_ENGINE is 'bogus'; "
        "it must be one of: compiled, readable"
    )
    assert "Traceback" not in done.stderr
