"""``--lang`` on every command: tables, labels and errors in English, Russian and Romanian,
and no English word left in the Russian and Romanian output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from showdown.cli import app
from showdown.games import GAMES
from showdown.i18n import LOCALE_DIR
from showdown.rules import RANKING_ALIASES, RANKINGS

runner = CliRunner()
EXAMPLES = Path(__file__).parent.parent / "examples" / "showdowns.jsonl"


def _run(*args: str, code: int = 0) -> tuple[str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "120"})
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result.stdout, result.stderr


def _english_words() -> set[str]:
    """Every word of the catalogue's English messages, in lower case."""
    with (LOCALE_DIR / "showdown.pot").open("rb") as file:
        template = read_po(file)
    words: set[str] = set()
    for message in template:
        for text in (message.id,) if isinstance(message.id, str) else message.id:
            text = re.sub(r"\{[^}]*\}", " ", text or "")
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{2,}", text))
    return words


ENGLISH = _english_words()
NAMES = {"peter", "hans", "ann", "bob", "cid", "dee", "paul", "michael", "gabriel"}
IDENTIFIERS = {
    word.lower()
    for game in GAMES.values()
    for name in (game.name, *game.aliases)
    for word in re.findall(r"[A-Za-z]{2,}", name)
} | {word for name in (*RANKINGS, *RANKING_ALIASES) for word in re.findall(r"[a-z]{2,}", name)}
# Words a reader of the language uses as they are: the game names of the rule documents,
# the loanwords the catalogue's translators chose for the halves of a hi/lo pot.
LOANWORDS = {
    "ru": {"random"},
    "ro": {"texas", "hold", "em", "random", "high", "low"},
}
# Romanian words spelled as English ones: 'as' (an ace), 'are' (has), 'decide' (decides),
# 'enumerate' (enumerated).
LOANWORDS["ro"] |= {"as", "are", "decide", "enumerate"}


def _leftover_english(text: str, lang: str) -> set[str]:
    """The English words of ``text`` that are no card, option, name or identifier."""
    text = re.sub(r"\S*\.\w+", " ", text)  # file names and extensions: cells.txt, .csv
    text = re.sub(r"(?<!\w)--?[a-z][\w-]*", " ", text)  # options: --board, -n
    text = re.sub(r"\b(?:(?:10|[2-9TJQKAX])[shdcx]?)+\b", " ", text)  # cards: AKs, Kd, AhKh
    text = re.sub(r"'[^']*'", " ", text)  # quoted input: 'A K', 'holdm'
    words = re.findall(r"[^\W\d_]{2,}", text)  # whole words, letters of any script
    found = {word.lower() for word in words if word.isascii()}
    allowed = NAMES | IDENTIFIERS | LOANWORDS[lang]
    return {word for word in found & ENGLISH if word not in allowed}


def test_the_english_check_finds_english() -> None:
    assert _leftover_english("Main pot (120): Peter wins", "ru") == {"main", "pot", "wins"}
    assert _leftover_english("Основной банк (120): Peter --board 'holdm' AKs", "ru") == set()


# -- each language's words ----------------------------------------------------------------

TABLE_WORDS = {
    "en": ["Player", "Cards", "Stake", "Payout", "Share", "Main pot (250)", "Side pot (300)"],
    "ru": ["Игрок", "Карты", "Ставка", "Выплата", "Доля", "Основной банк (250)", "Побочный банк"],
    "ro": [
        "Jucător",
        "Cărți",
        "Miză",
        "Câștig",
        "Parte",
        "Potul principal (250)",
        "Potul secundar",
    ],
}
FOLDED = {"en": "folded", "ru": "сбросил", "ro": "a renunțat"}
RETURNED = {"en": "Returned (100)", "ru": "Возвращено (100)", "ro": "Returnat (100)"}
NOT_PLAYING = {"en": "(not playing: 2d 3s)", "ru": "(не играют: 2d 3s)", "ro": "(nu joacă: 2d 3s)"}
ERROR = {"en": "error:", "ru": "ошибка:", "ro": "eroare:"}


def _resolve_records(tmp_path: Path, lines: list[int]) -> Path:
    records = EXAMPLES.read_text().splitlines()
    path = tmp_path / "some.jsonl"
    path.write_text("\n".join(records[i] for i in lines) + "\n")
    return path


@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
def test_resolve_tables_and_pot_labels_are_in_the_language(lang: str, tmp_path: Path) -> None:
    path = _resolve_records(tmp_path, [0, 1, 2])
    out, _ = _run("resolve", str(path), "--human", "--lang", lang)
    flat = " ".join(out.split())
    for word in TABLE_WORDS[lang]:
        assert word in flat, word
    assert FOLDED[lang] in flat
    assert RETURNED[lang] in flat
    if lang != "en":
        assert _leftover_english(out, lang) == set()


@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
def test_hand_names_the_cards_that_do_not_play(lang: str) -> None:
    out, _ = _run("hand", "As Kd Qh Jc Tc 2d 3s", "--lang", lang)
    assert NOT_PLAYING[lang] in out
    if lang != "en":
        assert _leftover_english(out, lang) == set()


@pytest.mark.parametrize("lang", ["ru", "ro"])
def test_the_language_comes_from_the_environment_too(lang: str) -> None:
    result = runner.invoke(app, ["hand", "As Kd Qh Jc Tc 2d 3s"], env={"SHOWDOWN_LANG": lang})
    assert NOT_PLAYING[lang] in result.stdout


# -- errors -------------------------------------------------------------------------------

ERRORS = [
    (
        ["hand", "As Zd"],
        {
            "en": "CardParseError: 'Zd' is not a card: rank 'Z' is not one of 23456789TJQKA",
            "ru": "'Zd' — не карта: ранг 'Z' не входит в 23456789TJQKA",
            "ro": "'Zd' nu este o carte: rangul 'Z' nu este unul dintre 23456789TJQKA",
        },
    ),
    (
        ["compare", "As Kd", "Qh Qd"],
        {
            "en": "--board: holdem needs 3, 4 or 5 board cards, got none",
            "ru": "--board: в holdem стол из 3, 4 или 5 карт, а не указано ни одной",
            "ro": "--board: holdem cere 3, 4 sau 5 cărți pe masă, nu a primit niciuna",
        },
    ),
    (
        ["compare", "As Kd", "Qh Qd", "--board", "2c 3d"],
        {
            "en": "--board: holdem needs 3, 4 or 5 board cards, got 2: 2c 3d",
            "ru": "--board: в holdem стол из 3, 4 или 5 карт, указано 2: 2c 3d",
            "ro": "--board: holdem cere 3, 4 sau 5 cărți pe masă, primite 2: 2c 3d",
        },
    ),
    (
        ["hand", "As Kd", "-g", "holdm"],
        {
            "en": "'holdm' is not a game: did you mean holdem? Games (aliases): holdem (texas,",
            "ru": "'holdm' — нет такой игры; может быть, holdem? Игры (другие названия): holdem",
            "ro": "'holdm' nu este un joc: poate holdem? Jocuri (alte nume): holdem (texas,",
        },
    ),
    (
        ["census", "-r", "razzz"],
        {
            "en": "'razzz' is not a ranking: did you mean razz (ace_to_five)? Rankings (aliases)",
            "ru": "'razzz' — нет такого ранжирования; может быть, razz (ace_to_five)?",
            "ro": "'razzz' nu este o ierarhie: poate razz (ace_to_five)? Ierarhii (alte nume)",
        },
    ),
    (
        ["census", "--cards", "9"],
        {
            "en": "--cards 9: the high census counts hands of 5, 6 or 7 cards",
            "ru": "--cards 9: перепись high считает руки из 5, 6 или 7 карт",
            "ro": "--cards 9: recensământul high numără mâini de 5, 6 sau 7 cărți",
        },
    ),
    (
        ["equity", "A K", "QQ"],
        {
            "en": "'A K' is not a range token: a token has no spaces inside: separate tokens "
            "with commas ('A, K') or write one hand without spaces ('AK')",
            "ru": "'A K' — неверный элемент диапазона: внутри элемента не бывает пробелов: "
            "разделяйте элементы запятыми ('A, K') или пишите руку без пробелов ('AK')",
            "ro": "'A K' nu este un element de gamă: un element nu are spații în interior: "
            "separați elementele cu virgule ('A, K') sau scrieți o mână fără spații ('AK')",
        },
    ),
    (
        ["equity", "AK", "QQ", "-g", "badugi"],
        {
            "en": "'AK' is not a range token: badugi deals 4 cards, this names 2: write 'AKxx'",
            "ru": "'AK' — неверный элемент диапазона: в badugi рука из 4 карт, а здесь названо 2: "
            "пишите 'AKxx'",
            "ro": "'AK' nu este un element de gamă: la badugi se împart 4 cărți, aici sunt numite "
            "2: scrieți 'AKxx'",
        },
    ),
    (
        ["matrix", "QQ", "--out", "cells.txt"],
        {
            "en": "--out cells.txt: '.txt' is not a file type matrix writes: use .csv, .parquet, "
            ".pq, .json, .png",
            "ru": "--out cells.txt: тип файла '.txt' не поддерживается: используйте .csv",
            "ro": "--out cells.txt: tipul de fișier '.txt' nu este acceptat: folosiți .csv",
        },
    ),
    (
        ["resolve", "no-such-file.jsonl"],
        {
            "en": "cannot read no-such-file.jsonl: no such file or directory",
            "ru": "не удаётся прочитать no-such-file.jsonl: нет такого файла или папки",
            "ro": "nu se poate citi no-such-file.jsonl: nu există acest fișier sau dosar",
        },
    ),
]


@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
@pytest.mark.parametrize(("args", "messages"), ERRORS, ids=lambda v: " ".join(v)[:30])
def test_errors_are_one_line_in_the_language(
    args: list[str], messages: dict[str, str], lang: str
) -> None:
    out, err = _run(*args, "--lang", lang, code=2)
    assert out == ""
    assert not err.startswith("\n"), repr(err)  # no blank line before the error
    assert err.startswith(ERROR[lang])
    assert messages[lang] in " ".join(err.split()), err
    if lang != "en":
        assert "Error:" not in err  # the class name is for English readers and programs
        assert _leftover_english(err, lang) == set(), err


def test_an_unknown_language_is_refused_in_english() -> None:
    _, err = _run("games", "--lang", "de", code=2)
    assert "'de' is not a supported language: use one of en, ru, ro" in err


# -- counts in words ------------------------------------------------------------------------

ONE_DEAL = {
    "en": "exact: 1 deal enumerated",
    "ru": "точно: перебрана 1 раздача",
    "ro": "complet: 1 distribuire enumerată",
}
MANY_DEALS = {
    "en": "exact: 990 deals enumerated",
    "ru": "точно: перебрано 990 раздач",
    "ro": "complet: 990 de distribuiri enumerate",
}


@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
def test_deals_are_counted_in_the_grammar_of_the_language(lang: str) -> None:
    out, _ = _run("equity", "AhKh", "QsQd", "--board", "2c 3d 4h 5s 9c", "--lang", lang)
    assert ONE_DEAL[lang] in out
    # the turn and river of a flop, two known hands: C(45, 2) = 990 deals
    out, _ = _run("equity", "AhKh", "QsQd", "--board", "2c 3d 4h", "--lang", lang)
    assert MANY_DEALS[lang] in out
    if lang != "en":
        assert _leftover_english(out, lang) == set()


@pytest.mark.parametrize("lang", ["ru", "ro"])
def test_ahead_now_and_census_speak_the_language(lang: str) -> None:
    out, _ = _run("compare", "As Kd", "Qh Qd", "--board", "2c 7d 9h", "--lang", lang)
    assert {"ru": "Сейчас впереди", "ro": "Acum conduce"}[lang] in out
    assert _leftover_english(out, lang) == set()
    out, _ = _run("census", "-r", "badugi", "--lang", lang)
    assert {"ru": "Категория", "ro": "Categorie"}[lang] in out
    assert _leftover_english(out, lang) == set()
