"""The quick start of ``showdown hand`` and ``equity`` (:mod:`showdown.cli._lean`) against
Typer's path.

Each command line runs twice as a real process: through :func:`showdown.cli.main`
(the quick start answers the plain ones) and through the Typer application
alone. Standard output, standard error and the exit status must be the same,
for good hands, every kind of error, ``--help`` and the environment's language.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pytest

from showdown.cli._lean import parse, run

_NAMED = "import sys; sys.argv[0] = 'showdown'; "
QUICK = [sys.executable, "-c", _NAMED + "from showdown.cli import main; main()"]
TYPER = [sys.executable, "-c", _NAMED + "from showdown.cli import app; app(sys.argv[1:])"]

LINES = [
    ["hand", "As Ks", "--board", "Qs Js Ts 2c 3d"],
    ["hand", "As Kd Qh Jc Tc 2d 3s"],
    ["hand", "--json", "Ks 2d", "--board", "Kc Td Kh Ts 3c"],
    ["hand", "Ah 2h Ks Kd", "-g", "omaha8", "-b", "3c 4d 8s Kh 9c", "--lang", "ru"],
    ["hand", "Ah 2h Ks Kd", "-g", "omaha8", "-b", "3c 4d 8s Kh 9c", "--json", "-l", "ro"],
    ["hand", "Kd 9c 8h 7s 6c", "--ranking=eight_or_better"],
    ["hand", "Kd 9c 8h 7s 6c", "-r", "eight_or_better", "--json"],
    ["hand", "7c 5d 4h 3s 2c", "--ranking", "2-7", "--lang=ro"],
    ["hand", "4h 4s 2c Ad", "-r", "badugi", "--board="],
    ["hand", "As Zd"],
    ["hand", "As Kd"],
    ["hand", "--game", "pineapple", "As Kd"],
    ["hand", "--game", "omaha", "As Kd", "-b", "2c 3d 4h", "-l", "ru"],
    ["hand", "As Ks Qs Js Ts", "--lang", "xx"],
    ["hand", "As Ks Qs Js Ts", "--ranking", "nope"],
    ["hand", ""],
    ["hand"],
    ["hand", "As Ks Qs Js Ts", "extra"],
    ["hand", "--help"],
    ["hand", "-h", "--lang", "ru"],
    ["hand", "As Ks Qs Js Ts", "--board"],
    ["hand", "As Ks Qs Js Ts", "--json", "--json"],
    ["hand", "As Ks Qs Js Ts", "-b", "--json"],
    ["hand", "As Ks", "-bQs Js Ts 2c 3d"],
    ["hand", "As Ks", "-b", "Qs Js Ts 2c 3d", "--bogus"],
    ["hand", "--", "As Ks Qs Js Ts"],
    ["hand", "As [bold]Ks"],
    ["equity", "AhKh", "QsQd", "--exact"],
    ["equity", "AhKh", "QsQd", "-b", "2c 7d 9s", "--json"],
    ["equity", "9s 7d 5c 4h 2s", "8h 6d 4s 3c", "-g", "2-7", "-d", "Kc", "--exact", "-l", "ru"],
    ["equity", "Kc 7d 5h 2s", "As 2d 3h", "--game=badugi", "--lang=ro"],
    ["equity", "Ah 2h 3c Kd", "Qs Qd Js Td", "-g", "omaha8", "-b", "2c 7d 9s Kh", "--dead=5s"],
    ["equity", "AhKh", "QQ", "--board", "Qh 7h 2c"],
    ["equity", "AhKh"],
    ["equity", "AhKh", "AhQs"],
    ["equity", "AhKh", "Xx"],
    ["equity", "AhKh", "QsQd", "-g", "holdm"],
    ["equity", "AhKh", "QsQd", "--exact", "--lang", "xx"],
    ["equity"],
    ["equity", "--help"],
    ["equity", "AhKh", "QsQd", "--samples", "1000"],
    ["equity", "AhKh", "QsQd", "--exact", "--exact"],
    ["equity", "AhKh", "QsQd", "--exact=1"],
]


def _both(args: list[str], **env: str) -> tuple[subprocess.CompletedProcess[str], ...]:
    environ = {k: v for k, v in os.environ.items() if k not in ("SHOWDOWN_LANG", "COLUMNS")}
    environ |= env
    done = tuple(
        subprocess.run(
            [*command, *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env=environ,
        )
        for command in (QUICK, TYPER)
    )
    for process in done:  # the time an equity took differs from run to run
        process.stdout = re.sub(r"\d+\.\d\d (s|с)\n", "T\n", process.stdout)
        process.stdout = re.sub(r'"seconds": [0-9.e-]+', '"seconds": T', process.stdout)
    return done


@pytest.mark.parametrize("args", LINES, ids=" ".join)
def test_the_quick_start_prints_what_typer_prints(args: list[str]) -> None:
    quick, typer = _both(args)
    assert (quick.stdout, quick.stderr, quick.returncode) == (
        typer.stdout,
        typer.stderr,
        typer.returncode,
    )
    assert quick.stdout or quick.stderr


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["hand", "As Ks Qs Js Ts"], {"SHOWDOWN_LANG": "ru"}),
        (["hand", "As Ks Qs Js Ts", "-l", "en"], {"SHOWDOWN_LANG": "ro-RO"}),
        (["hand", "As Ks Qs Js Ts"], {"SHOWDOWN_LANG": "ro-RO"}),
        (["hand", "As Ks Qs Js Ts"], {"SHOWDOWN_LANG": "xx"}),
        (["hand", "As Ks Qs Js Ts"], {"SHOWDOWN_LANG": ""}),
        (["hand", "Ah 2h Ks Kd", "-g", "omaha8", "-b", "3c 4d 8s Kh 9c"], {"COLUMNS": "30"}),
    ],
)
def test_the_quick_start_reads_the_environment_as_typer(
    args: list[str], env: dict[str, str]
) -> None:
    quick, typer = _both(args, **env)
    assert (quick.stdout, quick.stderr, quick.returncode) == (
        typer.stdout,
        typer.stderr,
        typer.returncode,
    )


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["hand", "As Ks", "-b", "Qs Js Ts 2c 3d"], "As Ks Qs Js Ts  Royal flush"),
        (["equity", "AhKh", "QsQd", "--exact"], "                Texas Hold'em"),
    ],
)
def test_a_plain_line_needs_no_typer(args: list[str], start: str) -> None:
    script = (
        f"import sys; sys.argv = ['showdown', *{args!r}]\n"
        "from showdown.cli import main; main()\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    loaded = set(done.stderr.split())
    assert done.stdout.startswith(start)
    assert "showdown.cli._lean" in loaded
    for absent in ("typer", "click", "showdown.cli._app", "showdown.cli.hand"):
        assert absent not in loaded, absent


@pytest.mark.parametrize(
    ("args", "options"),
    [
        (["hand", "As Ks"], {"cards": "As Ks"}),
        (
            ["hand", "-g", "razz", "--lang=ru", "As 2s 3s 4s 5s", "--json", "-r", "high"],
            {"game": "razz", "lang": "ru", "cards": "As 2s 3s 4s 5s", "as_json": True}
            | {"ranking": "high"},
        ),
        (["hand", "As Ks", "--board="], {"cards": "As Ks", "board": ""}),
        (["equity", "AhKh"], {"hands": ["AhKh"]}),
        (
            ["equity", "AhKh", "-d", "2c", "QQ", "--exact", "--game=omaha", "Ks"],
            {"hands": ["AhKh", "QQ", "Ks"], "dead": "2c", "exact": True, "game": "omaha"},
        ),
    ],
)
def test_plain_lines_are_read(args: list[str], options: dict[str, object]) -> None:
    assert parse(args) == (args[0], options)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["hand"],
        ["equity"],
        ["compare", "As Ks", "Qd Qc"],
        ["hand", "As Ks", "Qd Qc"],
        ["hand", "-h"],
        ["hand", "As Ks", "--help"],
        ["hand", "As Ks", "-b"],
        ["hand", "As Ks", "-b", "-x"],
        ["hand", "As Ks", "-b=Qs"],
        ["hand", "As Ks", "-lru"],
        ["hand", "As Ks", "--json=yes"],
        ["hand", "As Ks", "--exact"],
        ["hand", "As Ks", "--lang", "ru", "--lang", "ro"],
        ["hand", "--", "As Ks"],
        ["hand", "-", "As Ks"],
        ["equity", "AhKh", "QsQd", "-r", "high"],
        ["equity", "AhKh", "QsQd", "--seed", "3"],
        ["equity", "AhKh", "QsQd", "-n", "100"],
        ["equity", "AhKh", "QsQd", "--workers", "1"],
    ],
)
def test_other_lines_are_left_to_typer(args: list[str]) -> None:
    assert parse(args) is None
    assert run(args) is None


def test_an_error_is_left_to_typer_and_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["hand", "As Zd"], environ={}) is None
    assert run(["hand", "As Ks Qs Js Ts", "-l", "xx"], environ={}) is None
    assert run(["hand", "As Ks Qs Js Ts"], environ={"SHOWDOWN_LANG": "xx"}) is None
    assert capsys.readouterr() == ("", "")
    assert run(["equity", "AhKh", "AhQs"], environ={}) is None
    assert capsys.readouterr() == ("", "")
    assert run(["hand", "As Ks Qs Js Ts", "--json"], environ={}) == 0
    assert '"description": "Royal flush"' in capsys.readouterr().out


def _random_hands(count: int, seed: int) -> list[tuple[str, str | None, str | None, str]]:
    """Hands of every game and ranking: (cards, board, game, ranking)."""
    from showdown.cards import DECK
    from showdown.games import GAMES
    from showdown.rules import RANKINGS

    rng = random.Random(seed)
    found: list[tuple[str, str | None, str | None, str]] = []
    for i in range(count):
        cards = rng.sample(DECK, 12)
        if i % 2:
            game = GAMES[rng.choice(sorted(GAMES))]
            if game.has_board:
                hole, board = cards[: game.hole_cards], cards[8 : 8 + game.full_board]
                text = " ".join(map(str, board))
            else:
                hole, text = cards[: game.hole_cards], None
            found.append((" ".join(map(str, hole)), text, game.name, "high"))
        else:
            ranking = rng.choice(sorted(RANKINGS))
            size = 4 if ranking == "badugi" else rng.choice([5, 6, 7])
            found.append((" ".join(map(str, cards[:size])), None, None, ranking))
    return found


@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
def test_plain_lines_are_what_rich_prints(lang: str) -> None:
    import io

    from rich.console import Console

    from showdown.cli._hand_view import _plain, hand_view
    from showdown.errors import ShowdownError

    plain_lines = 0
    for cards, board, game, ranking in _random_hands(300, seed=len(lang)):
        try:
            view = hand_view(cards, board, game, ranking, lang=lang)
        except ShowdownError:  # short deck cards, a game's own count: not this test's
            continue
        for line, text in zip(view.pieces, view.lines, strict=True):
            plain = _plain(line)
            for width in (80, 60, 40):
                out = io.StringIO()
                Console(file=out, width=width, highlight=False).print(text)
                if plain is not None and len(plain) < width:
                    assert out.getvalue() == plain + "\n", (cards, board, game, text)
                    plain_lines += 1
    assert plain_lines > 500


def test_plain_text_only_when_rich_would_print_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    from showdown.cli._hand_view import _plain, plain_width

    assert plain_width({"FORCE_COLOR": "1"}) is None
    assert plain_width({"COLUMNS": "120"}) is None
    assert plain_width({"TTY_COMPATIBLE": "1"}) is None
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert plain_width({}) is None
    for text in ("a [b] c", "back\\slash", "a :smile: b", "tab\there", "wide 漢字", "e\u0301"):
        assert _plain((("", text),)) is None, text
    assert _plain((("bold", "Ks Kh"), ("", "  Каре, Chintă — x"))) == "Ks Kh  Каре, Chintă — x"
