"""The CLI explains itself: flags as flags, an example per command, one name per meaning."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from showdown.cli import app
from showdown.cli._app import COMMAND_ORDER

runner = CliRunner()

COMMANDS = [
    ["hand"],
    ["compare"],
    ["resolve"],
    ["equity"],
    ["matrix"],
    ["games"],
    ["census"],
    ["audit"],
    ["history", "convert"],
    ["serve"],
]


def _words(text: str) -> str:
    """The help as one line of words, the panel borders taken out."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def _help(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


def test_the_commands_are_listed_from_one_hand_to_whole_files() -> None:
    text = _help()
    listed = [name for name in COMMAND_ORDER if re.search(rf"│ {name}\s", text)]
    assert listed == list(COMMAND_ORDER)
    positions = [text.index(f"│ {name} ") for name in COMMAND_ORDER]
    assert positions == sorted(positions)
    assert "<bool>" not in text


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_shows_flags_as_flags_and_an_example(command: list[str]) -> None:
    text = _help(*command)
    assert "<bool>" not in text
    assert "<list[str]>" not in text
    if "Arguments" in text:  # an argument is shown by its name only, never by a type
        panel = text[text.index("Arguments") : text.index("╰", text.index("Arguments"))]
        assert not re.search(r"<\w+(\[\w+\])?>", panel), panel
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "{" not in usage, usage  # arguments by name, not {cards}
    assert "Examples:" in text
    examples = text[text.index("Examples:") :]
    assert f"showdown {' '.join(command)}" in examples
    assert "--lang" in text
    assert "-h" in text


def test_short_help_works_everywhere() -> None:
    assert "Usage:" in runner.invoke(app, ["-h"]).output
    assert "Usage:" in runner.invoke(app, ["equity", "-h"]).output


def test_n_means_samples_and_only_samples() -> None:
    for command in ("equity", "matrix"):
        assert re.search(r"--samples\s+-n", _help(command))
    census = _help("census")
    assert re.search(r"--cards\s+-c", census)
    assert not re.search(r"\s-n\s", census)  # the old spelling is hidden


def test_census_still_reads_the_old_n_with_a_note() -> None:
    old = runner.invoke(app, ["census", "-r", "badugi", "-n", "4", "--json"])
    new = runner.invoke(app, ["census", "-r", "badugi", "--cards", "4", "--json"])
    assert old.exit_code == new.exit_code == 0
    assert old.stdout.splitlines()[0][:60] == new.stdout.splitlines()[0][:60]
    assert "-n is now --cards" in old.stderr


def test_exact_says_what_it_does_and_its_limit() -> None:
    from showdown.cli.equity import EXACT_LIMIT
    from showdown.equity import MAX_EXACT_TUPLES

    assert EXACT_LIMIT == MAX_EXACT_TUPLES
    text = _words(_help("equity"))
    assert "up to 10,000,000 tuples of hands" in text
    assert "narrow the ranges, or sample" in text
    assert "--seed" in text
    assert "default: 0" in text


def test_matrix_help_names_the_file_types() -> None:
    text = _words(_help("matrix"))
    for suffix in (".csv", ".parquet", ".json", ".png"):
        assert suffix in text


@pytest.mark.parametrize(
    "args",
    [["games"], ["resolve", "--human", "examples/showdowns.jsonl"]],
)
def test_a_table_wider_than_the_terminal_is_printed_whole(args: list[str]) -> None:
    """At 80 columns the games table needs a few more: it is printed whole, not cut."""
    done = subprocess.run(
        [sys.executable, "-m", "showdown", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "80"},
        timeout=120,
        check=False,
    )
    rows = [line for line in done.stdout.splitlines() if line and line[0] in "┏┃┡│└"]
    assert rows
    for line in rows:
        assert line.rstrip()[-1] in "┓┃┩│┘", line
