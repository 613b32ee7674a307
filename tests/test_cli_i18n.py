"""The help, Click's usage errors, the contract's errors and the audit's reasons in English,
Russian and Romanian: no English left in the translated output, and the JSON contracts
unchanged in English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer.main
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from showdown.cli import app
from showdown.cli._app import help_language
from showdown.cli._help import help_messages, say_click_message
from showdown.games import GAMES
from showdown.i18n import LOCALE_DIR, get_language
from showdown.rules import RANKING_ALIASES, RANKINGS

runner = CliRunner()
ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "docs" / "examples"
HISTORIES = Path(__file__).parent / "data" / "histories"

COMMANDS = [
    [],
    ["hand"],
    ["compare"],
    ["resolve"],
    ["equity"],
    ["matrix"],
    ["games"],
    ["census"],
    ["audit"],
    ["history"],
    ["history", "convert"],
    ["serve"],
]


def _run(args: list[str], code: int | None = 0, env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, args, env={"COLUMNS": "100", **(env or {})})
    if code is not None:
        assert result.exit_code == code, (result.stdout, result.stderr)
    return result.stdout + result.stderr


def _flat(text: str) -> str:
    """The output as one line of words: panel borders out, wrapped lines joined."""
    return " ".join(re.sub(r"[│╭╮╰╯─┃┏┓┗┛━┡┩╇┳┻╋┠┨└┘┌┐├┤┬┴┼]", " ", text).split())


# -- the checkers --------------------------------------------------------------------------

_IDENTIFIERS = {
    word.lower()
    for game in GAMES.values()
    for name in (game.name, *game.aliases)
    for word in re.findall(r"[A-Za-z]{2,}", name)
} | {w for name in (*RANKINGS, *RANKING_ALIASES) for w in re.findall(r"[a-z]{2,}", name)}
_COMMAND_NAMES = {"showdown", "hand", "compare", "resolve", "equity", "matrix", "games", "cat"} | {
    "census",
    "audit",
    "history",
    "convert",
    "serve",
}
_USER_NAMES = {"peter", "hans", "ann", "bob", "cid", "dee", "random"}
_SITES = {"pokerstars", "ggpoker", "fulltilt", "phh"}
# Names that are no English words: formats, products and protocols the texts name.
_PROPER = {"json", "lines", "csv", "png", "phh", "phhs", "toml", "utf", "dask", "api", "xml"} | {
    "openapi",
    "pokerstars",
    "ggpoker",
    "full",
    "tilt",
    "pokerkit",
    "uvicorn",
    "player",  # the library's class named in one message
    "true",
    "false",
    "null",
}


def _latin_left(text: str) -> set[str]:
    """Every Latin word of 3+ letters left in a Russian text once the cards, option and
    command names, game ids, names typed by the user, quoted input, paths, URLs,
    environment variables and default values are taken out (line by line)."""
    left: set[str] = set()
    for line in re.sub(r"[│╭╮╰╯─┃┏┓┗┛━┡┩╇┳┻╋└┘]", " ", text).splitlines():
        left |= _latin_left_in(line)
    return left


def _latin_left_in(text: str) -> set[str]:
    text = re.sub(r"\[по умолчанию: [^\]]*\]", " ", text)  # a default value: [... info]
    text = re.sub(r"\b0x[0-9a-f]+\b", " ", text)  # a byte: 0xff
    text = re.sub(r"\w+://\S+", " ", text)  # URLs
    text = re.sub(r"\S*[/\\]\S*", " ", text)  # paths: histories/, docs/examples/x.txt
    text = re.sub(r"\S*\.\w+", " ", text)  # file names and extensions: cells.txt, .csv
    text = re.sub(r"(?<![\w-])--?[a-z][\w-]*", " ", text)  # options: --board, -n
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`|«[^»]*»", " ", text)  # quoted input
    text = re.sub(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b", " ", text)  # SHOWDOWN_LANG
    text = re.sub(r"\b\w+\[\d+\](?:\.\w+)?", " ", text)  # JSON paths: players[0].name
    text = re.sub(r"\b\w*_\w*\b", " ", text)  # identifiers: odd_chip, five_card_stud
    text = re.sub(r"\b(?:(?:10|[2-9TJQKAX])[shdcx]?)+\b", " ", text)  # cards: AKs, Kd
    words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}
    return words - _IDENTIFIERS - _COMMAND_NAMES - _USER_NAMES - _SITES - _PROPER


def _catalogue(code: str) -> dict[tuple[str | None, str], str]:
    with (LOCALE_DIR / code / "LC_MESSAGES" / "showdown.po").open("rb") as file:
        catalog = read_po(file, locale=code)
    return {
        (m.context, m.id): m.string
        for m in catalog
        if m.id and isinstance(m.id, str) and isinstance(m.string, str)
    }


RO = _catalogue("ro")


def _english_left(english: str, romanian: str) -> set[str]:
    """The pieces of English messages (12+ characters between placeholders) that the
    English output shows and the Romanian output still shows verbatim, where the
    Romanian catalogue says them otherwise."""
    english, romanian = _flat(english), _flat(romanian)
    left = set()
    for (_context, message), translation in RO.items():
        if not translation or translation == message:
            continue
        for piece in re.split(r"\{[^}]*\}", message):
            piece = " ".join(piece.split())
            shown = len(piece) >= 12 and piece in english and piece in romanian
            if shown and piece not in translation:
                left.add(piece)
    return left


def test_the_checkers_find_english() -> None:
    assert _latin_left("Нет такого параметра: --bogus Usage: showdown hand КАРТЫ") == {"usage"}
    assert _latin_left("'holdm' — нет игры holdem; Peter: As Kd; players[0].name") == set()
    english = "Always write the table view."
    assert _english_left(english, english) == {"Always write the table view."}
    assert _english_left(english, "Scrie mereu tabelele.") == set()


# -- the help ------------------------------------------------------------------------------

HELP_WORDS = {
    "en": ("Usage:", "Options", "Show this message and exit."),
    "ru": ("Использование:", "Параметры", "Показать эту справку и выйти."),
    "ro": ("Utilizare:", "Opțiuni", "Afișează acest ajutor și iese."),
}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "showdown")
@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
def test_every_help_is_in_the_language(command: list[str], lang: str) -> None:
    text = _run([*command, "--help", "--lang", lang])
    flat = _flat(text)
    for word in HELP_WORDS[lang]:
        assert word in flat, word
    if lang == "ru":
        assert _latin_left(text) == set()
    elif lang == "ro":
        assert _english_left(_run([*command, "--help"]), text) == set()


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["hand", "--lang", "ru", "--help"], {}),
        (["hand", "-h", "-l", "ru"], {}),
        (["-l", "ru", "hand", "-h"], {}),
        (["hand", "--lang=ru", "-h"], {}),
        (["hand", "-h"], {"SHOWDOWN_LANG": "ru"}),
        (["hand", "-h", "--lang", "ru"], {"SHOWDOWN_LANG": "ro"}),
    ],
)
def test_the_help_language_comes_from_anywhere_on_the_line(
    args: list[str], env: dict[str, str]
) -> None:
    flat = _flat(_run(args, env=env))
    assert "Оценить одну руку" in flat
    assert "Карты стола:" in flat
    assert "Использование: showdown hand [ПАРАМЕТРЫ] КАРТЫ" in flat


def test_the_help_examples_keep_their_commands_and_say_their_notes() -> None:
    flat = _flat(_run(["compare", "-h", "-l", "ro"]))
    assert "Exemple:" in flat
    assert 'showdown compare "As Kd" "Qh Qd" --board "2c 7d 9h" (flopul: cine conduce acum)' in flat
    assert "<text>" in flat  # the kind of value, Romanian's word for it
    assert "<текст>" in _flat(_run(["compare", "-h", "-l", "ru"]))


def test_a_language_given_before_the_command_is_the_commands_too() -> None:
    assert "(не играют: 2d 3s)" in _run(["-l", "ru", "hand", "As Kd Qh Jc Tc 2d 3s"])
    out = _run(["-l", "ru", "hand", "As Kd Qh Jc Tc 2d 3s", "--lang", "ro"])
    assert "(nu joacă: 2d 3s)" in out  # the command's own --lang wins
    assert "error:" in _run(["-l", "de", "hand", "As Kd"], code=2)


def test_every_help_text_is_translated() -> None:
    ru = _catalogue("ru")
    for text in help_messages(typer.main.get_command(app)):
        for code, catalogue in (("ru", ru), ("ro", RO)):
            assert catalogue.get((text.context, text.message)), (code, text)


def test_the_help_language_is_read_before_click() -> None:
    assert help_language(["hand", "-h", "--", "--lang", "ru"], {}) == "en"
    assert help_language(["-l", "ru", "equity", "-lro"], {}) == "ro"
    assert help_language(["-h"], {"SHOWDOWN_LANG": "xx"}) == "en"


# -- Click's usage errors ------------------------------------------------------------------

USAGE_ERRORS = {
    "en": {
        ("hand", "--bogus"): "No such option: --bogus",
        ("hand",): "Missing argument 'cards'.",
        ("census", "-c", "x"): "Invalid value for '--cards' / '-c':",
        ("hand", "As Kd", "Qx"): "(Qx)",
        ("nope",): "No such command 'nope'.",
    },
    "ru": {
        ("hand", "--bogus"): "Нет такого параметра: --bogus",
        ("hand",): "Не указан аргумент 'КАРТЫ'.",
        ("census", "-c", "x"): "Недопустимое значение '--cards' / '-c':",
        ("hand", "As Kd", "Qx"): "Лишни",
        ("nope",): "Нет такой команды: 'nope'.",
    },
    "ro": {
        ("hand", "--bogus"): "Nu există opțiunea: --bogus",
        ("hand",): "Lipsește argumentul 'CĂRȚI'.",
        ("census", "-c", "x"): "Valoare nevalidă pentru '--cards' / '-c':",
        ("hand", "As Kd", "Qx"): "în plus",
        ("nope",): "Nu există comanda 'nope'.",
    },
}
TRY = {"en": "Try 'showdown", "ru": "Справка: 'showdown", "ro": "Pentru ajutor: 'showdown"}


@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
@pytest.mark.parametrize("args", list(USAGE_ERRORS["en"]), ids=" ".join)
def test_usage_errors_are_in_the_language(lang: str, args: tuple[str, ...]) -> None:
    text = _run([*args, "--lang", lang], code=2)
    flat = _flat(text)
    assert USAGE_ERRORS[lang][args] in flat
    assert TRY[lang] in flat
    if lang == "ru":
        assert _latin_left(text) == set()
    elif lang == "ro":
        assert _english_left(_run(list(args), code=2), text) == set()


def test_click_messages_of_other_click_versions_are_read_too() -> None:
    ro = get_language("ro")
    assert say_click_message("Got unexpected extra arguments (a b)", ro) == (
        "Argumente în plus neașteptate (a b)"
    )
    assert say_click_message(
        "Invalid value for '-n': 'x' is not a valid integer.", get_language("ru")
    ) == ("Недопустимое значение '-n': 'x' — не целое.")
    assert say_click_message("No such option: --bord Did you mean --board?", ro) == (
        "Nu există opțiunea: --bord. Poate ați vrut --board?"
    )


# -- resolve: the contract's errors --------------------------------------------------------

BAD_LINES = [
    '{"game": "holdem", "players": [{"cards": "As Kd"}], "board": "2c"}',
    "{bad json",
    "[1]",
    '{"game": "holdem", "foo": 1}',
    '{"game": "holdem", "players": [{"name": "Ann", "cards": "As Ad", "stake": "x"},'
    ' {"name": "Bob", "cards": "Ks Kd"}]}',
    '{"game": "holdem", "players": [{"name": "Ann", "cards": "As Ad", "stake": 1.5},'
    ' {"name": "Bob", "cards": "Ks Kd"}]}',
    '{"game": "holdem", "button": "x", "players": []}',
    '{"a": NaN}',
    '{"game": "holdem", "players": [{"name": "Ann", "cards": "As Ad"}, {"name": "Ann"}]}',
]
RESOLVE_WORDS = {
    "ru": ["для шоудауна нужно не меньше 2 игроков", "ожидалось имя поля", "получен список"],
    "ro": ["are nevoie de cel puțin 2 jucători", "se aștepta un nume de câmp", "s-a primit listă"],
}


@pytest.fixture
def bad_file(tmp_path: Path) -> Path:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(("\n".join(BAD_LINES) + "\n").encode() + b"\xff\n")
    return path


@pytest.mark.parametrize("lang", ["ru", "ro"])
def test_resolve_says_bad_lines_in_the_language(lang: str, bad_file: Path) -> None:
    english = _run(["resolve", str(bad_file), "--human"], code=1)
    text = _run(["resolve", str(bad_file), "--human", "--lang", lang], code=1)
    flat = _flat(text)
    for words in RESOLVE_WORDS[lang]:
        assert words in flat, words
    assert len(re.findall(r"^(?:строка|linia) \d+:", text, re.MULTILINE)) == len(BAD_LINES) + 1
    if lang == "ru":
        assert _latin_left(text) == set()
    else:
        assert _english_left(english, text) == set()


def test_resolve_json_keeps_the_english_message_and_adds_the_language(bad_file: Path) -> None:
    english = [json.loads(line) for line in _run(["resolve", str(bad_file)], 1).splitlines()]
    russian = [
        json.loads(line) for line in _run(["resolve", str(bad_file), "-l", "ru"], 1).splitlines()
    ]
    assert all("text" not in record["error"] for record in english)
    for en, ru in zip(english, russian, strict=True):
        assert {k: v for k, v in ru["error"].items() if k != "text"} == en["error"]
        assert ru["error"]["text"]
        assert ru["error"]["text"] != en["error"]["message"]
    assert english[0]["error"]["message"] == "a showdown needs at least 2 players, got 1"
    assert english[-1]["error"]["message"] == (
        "line 10 is not UTF-8: byte 0xff at column 1 ('invalid start byte')"
    )
    assert russian[-1]["error"]["text"] == (
        "строка 10 не в UTF-8: байт 0xff в столбце 1 («недопустимый первый байт»)"
    )


# -- audit: disagreements and skipped hands ------------------------------------------------

AUDIT_PATHS = [
    str(EXAMPLES / "stars_odd_cent.txt"),
    str(HISTORIES / "not_a_history.txt"),
    str(HISTORIES / "pokerstars_does_not_add_up.txt"),
]
AUDIT_WORDS = {
    "ru": ["разделил банк до рейка", "(по правилам минус по истории)", "пропущено"],
    "ro": ["a împărțit potul înainte de comision", "(după reguli minus după istoric)", "omise"],
}


@pytest.mark.parametrize("lang", ["ru", "ro"])
def test_audit_says_its_reasons_in_the_language(lang: str) -> None:
    english = _run(["audit", *AUDIT_PATHS], code=1)
    text = _run(["audit", *AUDIT_PATHS, "--lang", lang], code=1)
    flat = _flat(text)
    for words in AUDIT_WORDS[lang]:
        assert words in flat, words
    if lang == "ru":
        assert _latin_left(text) == set()
        assert "Ann и Bob делят основной банк" in flat  # the pots' explanations too
    else:
        assert _english_left(english, text) == set()


def test_audit_json_is_the_same_in_every_language() -> None:
    outputs = {
        lang: runner.invoke(app, ["audit", "--json", *AUDIT_PATHS, "-l", lang]).stdout
        for lang in ("en", "ru", "ro")
    }
    assert outputs["en"] == outputs["ru"] == outputs["ro"]
    records = [json.loads(line) for line in outputs["en"].splitlines()]
    assert any(r["reason"] and "(resolved minus recorded)" in r["reason"] for r in records)


# -- the history readers' own errors -------------------------------------------------------

_CASH = (HISTORIES / "pokerstars_cash.txt").read_text(encoding="utf-8").splitlines()[:36]


def _cash_hand(old: str | None = None, new: str = "", lines: int = 36) -> str:
    """The first hand of the PokerStars sample, one line changed or the end cut off."""
    text = "\n".join(_CASH[:lines]) + "\n"
    if old is not None:
        assert old in text
        text = text.replace(old, new)
    return text


@pytest.fixture
def bad_histories(tmp_path: Path) -> Path:
    """Malformed histories, each broken in one way."""
    files = {
        "amount.txt": _cash_hand("Dan: calls $77\n", "Dan: calls all\n"),
        "cards.txt": _cash_hand("Dan: shows [Kc Kd]", "Dan: shows [Kc Kx]"),
        "cut.txt": _cash_hand(lines=27),  # the show-down read, no summary
        "seat.txt": _cash_hand("*** FLOP", "Uncalled bet ($1) returned to Zed\n*** FLOP"),
        "syntax.phh": 'variant = "NT"\nantes = [0, 0 0]\nstarting_stacks = [100, 100]\n',
        "action.phh": 'variant = "NT"\nstarting_stacks = [100, 100]\nantes = [0, 0]\n'
        'blinds_or_straddles = [1, 2]\nactions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 raise 6"]\n',
        "stacks.phh": 'variant = "NT"\nstarting_stacks = [100]\nantes = [0]\nactions = []\n',
        "diary.txt": "Dear diary,\ntoday I played some poker.\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


# What each broken file is, in each language (the English is the audit contract's reason).
HISTORY_REASONS = {
    "en": [
        "'calls all' is not an amount",
        "unreadable: bad cards in 'Dan: shows [Kc Kx] (a pair of Kings)': 'Kx' is not a card",
        "cut off: the hand is cut off: no summary with the total pot",
        "unreadable: not valid TOML: Unclosed array",
        "unreadable: 'p2 raise 6' is not a PHH action (cc, cbr, f, pb, sd, sm)",
        "starting_stacks lists 1 player(s): a hand needs two",
        "'Zed' is not seated",
    ],
    "ru": [
        "'calls all' — не сумма",
        "неверные карты в 'Dan: shows [Kc Kx] (a pair of Kings)': 'Kx' — не карта",
        "оборвана: раздача оборвана: нет итогов с общим банком",
        "не читается: некорректный TOML: Незакрытый массив",
        "'p2 raise 6' — не действие PHH («cc», «cbr», «f», «pb», «sd», «sm»)",
        "в «starting_stacks» игроков: 1, а для раздачи нужно не меньше двух",
        "'Zed' не сидит за столом",
    ],
    "ro": [
        "'calls all' nu este o sumă",
        "cărți greșite în 'Dan: shows [Kc Kx] (a pair of Kings)': 'Kx' nu este o carte",
        "întreruptă: mâna este întreruptă: lipsește rezumatul cu potul total",
        "ilizibilă: TOML nevalid: Tablou neînchis",
        "'p2 raise 6' nu este o acțiune PHH („cc”, „cbr”, „f”, „pb”, „sd”, „sm”)",
        "„starting_stacks” enumeră jucători: 1, dar o mână are nevoie de cel puțin doi",
        "'Zed' nu stă la masă",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
def test_audit_says_the_readers_errors_in_the_language(lang: str, bad_histories: Path) -> None:
    text = _run(["audit", str(bad_histories), "--lang", lang], code=1)
    flat = _flat(text)
    for words in HISTORY_REASONS[lang]:
        assert words in flat, words
    if lang == "ru":
        assert _latin_left(text) == set()
    elif lang == "ro":
        assert _english_left(_run(["audit", str(bad_histories)], code=1), text) == set()


def test_audit_json_keeps_the_readers_errors_in_english(bad_histories: Path) -> None:
    outputs = {
        lang: runner.invoke(app, ["audit", "--json", str(bad_histories), "-l", lang]).stdout
        for lang in ("en", "ru", "ro")
    }
    assert outputs["en"] == outputs["ru"] == outputs["ro"]
    assert outputs["en"] == runner.invoke(app, ["audit", "--json", str(bad_histories)]).stdout
    reasons = [json.loads(line)["reason"] for line in outputs["en"].splitlines()]
    for words in HISTORY_REASONS["en"][1:5]:  # the hands that reached a showdown
        assert any(words in reason for reason in reasons), words


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", "пропущено: "),
        ("ro", "omise: "),
    ],
)
def test_history_convert_says_skipped_hands_in_the_language(
    lang: str, words: str, bad_histories: Path
) -> None:
    result = runner.invoke(
        app, ["history", "convert", str(bad_histories / "cards.txt"), "--lang", lang]
    )
    assert result.exit_code == 1
    assert words in result.stderr
    assert HISTORY_REASONS[lang][1] in _flat(result.stderr)
    if lang == "ru":
        assert _latin_left(result.stderr) == set()


def test_every_toml_reason_is_said_in_the_language() -> None:
    import tomllib

    from showdown.history.phh import _TOML_AT_RE, _toml_reason

    bad = ['a = "x', "a = [1, 2", "a = {b = 1", "a = ", "a = 1\na = 2", "[a\n", "a b", "a = 1 b"]
    bad += ['a = "\\q"', "[[a]\n", "a = {b = 1, b = 2}", "!a = 1", "[a]\n[a]", 'a = "\\UFFFFFFFF"']
    ru = get_language("ru")
    for text in bad:
        with pytest.raises(tomllib.TOMLDecodeError) as caught:
            tomllib.loads(text)
        english = _TOML_AT_RE.sub("", str(caught.value))
        reason = _toml_reason(english)
        assert reason == english  # the English kept as the reader said it
        assert _latin_left(ru.explain(reason)) == set(), (text, ru.explain(reason))


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--seed", "-1"], {"ru": "seed=-1: должно быть целым числом от 0 до", "ro": "seed=-1: "
         "trebuie să fie un număr întreg de la 0 la"}),
        (["--seconds", "inf"], {"ru": "seconds=inf: должно быть конечным числом больше 0",
         "ro": "seconds=inf: trebuie să fie un număr finit mai mare decât 0"}),
    ],
)  # fmt: skip
def test_option_checks_are_said_in_the_language(args: list[str], said: dict[str, str]) -> None:
    assert "must be" in _run(["equity", "AA", "KK", *args], code=2)
    for lang, words in said.items():
        text = _run(["equity", "AA", "KK", *args, "--lang", lang], code=2)
        assert words in _flat(text)
