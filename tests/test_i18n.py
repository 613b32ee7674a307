"""Translations: hand names and explanations in English, Russian and Romanian.

The catalogs must cover every message of the code, use only the placeholders
and word forms the code supplies, compile to the ``.mo`` files shipped in the
package, and speak the rule documents' poker terms.
"""

from __future__ import annotations

import gettext
import itertools
import random
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from showdown import ShowdownError, evaluate, explain
from showdown.cards import DECK
from showdown.cli import app
from showdown.contract import resolve_json
from showdown.evaluation import HandValue
from showdown.games import GAMES
from showdown.i18n import (
    FORMS,
    LANGUAGES,
    LOCALE_DIR,
    UnknownLanguageError,
    get_language,
    negotiate_language,
    normalize_language,
)
from showdown.pots import Player, Showdown, resolve
from showdown.rules import RANKINGS

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
BOARD = "Kc Td Kh Ts 3c"
FIVE_PLAYERS = [
    ("Peter", "Ks 2d", 50),
    ("Hans", "Kd 7h", 50),
    ("Michael", "Ac Th", 50),
    ("Gabriel", "Tc 3s", 50),
    ("Paul", "3h 3d", 50),
]


def _po(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "showdown.po").open("rb") as file:
        return read_po(file, locale=lang)


def _fields(text: str) -> set[str]:
    """The replacement fields of a format string: {'top.pl', 'kickers'}."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# The catalogs themselves.


def test_the_template_holds_exactly_the_messages_of_the_code():
    from showdown._catalogs import _KEYWORDS

    root = Path(__file__).parents[1] / "src" / "showdown"
    in_code = {
        (context, message if isinstance(message, str) else message[0])
        for filename, _, message, _, context in extract_from_dir(
            str(root), method_map=[("**.py", "python")], keywords=_KEYWORDS
        )
        if not filename.startswith("_kernels")
    }
    import typer.main

    from showdown.cli import app
    from showdown.cli._help import help_messages  # the CLI's help, read from the commands

    group = typer.main.get_command(app)
    in_code |= {(text.context, text.message) for text in help_messages(group)}
    with (LOCALE_DIR / "showdown.pot").open("rb") as file:
        template = {
            (m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(file) if m.id
        }
    assert in_code - template == set(), "run: python -m showdown._catalogs extract update"
    assert template - in_code == set(), "run: python -m showdown._catalogs extract update"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    with (LOCALE_DIR / "showdown.pot").open("rb") as file:
        template = {(m.context, m.id) for m in read_po(file) if m.id}
    catalog = _po(lang)
    messages = {(m.context, m.id): m for m in catalog if m.id}
    assert set(messages) == template
    untranslated = [key for key, m in messages.items() if not m.string or m.fuzzy]
    assert untranslated == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_use_only_the_placeholders_and_forms_the_code_gives(lang):
    for message in _po(lang):
        if not message.id:
            continue
        # a plural message (ngettext) has two ids and a form per plural of the language
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        wanted = {field.split(".")[0] for text in ids for field in _fields(text)}
        for string_ in strings:
            used = _fields(string_)
            where = f"{lang} {message.context or ''} {message.id!r} -> {string_!r}"
            assert {field.split(".")[0] for field in used} == wanted, where
            for field in used:
                parts = field.split(".")
                assert len(parts) <= 2, where
                if len(parts) == 2:
                    assert parts[1] in FORMS, where


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_mo_files_match_the_po_files(lang):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "showdown.mo").open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    for message in _po(lang):
        if not message.id:
            continue
        if not isinstance(message.id, str):  # plural: each form, by the shipped plural rule
            for n in (1, 2, 5, 21, 101):
                got = shipped.ngettext(message.id[0], message.id[1], n)
                forms = message.string
                assert isinstance(forms, tuple | list)
                assert got == forms[shipped.plural(n)], "run: ... compile"  # type: ignore[attr-defined]
            continue
        got = (
            shipped.pgettext(message.context, message.id)
            if message.context
            else shipped.gettext(message.id)
        )
        assert got == message.string, "run: python -m showdown._catalogs compile"


def test_catalogs_are_package_data():
    from importlib.resources import files

    for lang in TRANSLATED:
        assert (files("showdown") / "locale" / lang / "LC_MESSAGES" / "showdown.mo").is_file()


# Languages by name.


@pytest.mark.parametrize(
    ("tag", "code"),
    [("en", "en"), ("RU", "ru"), ("ro-RO", "ro"), ("ru_RU", "ru"), (" ro ", "ro")],
)
def test_normalize_language(tag, code):
    assert normalize_language(tag) == code


@pytest.mark.parametrize("tag", ["de", "", "english", "r"])
def test_unknown_language_is_a_showdown_error_naming_it(tag):
    with pytest.raises(UnknownLanguageError, match=f"{tag!r} is not a supported language"):
        normalize_language(tag)
    assert issubclass(UnknownLanguageError, ShowdownError)
    with pytest.raises(ValueError, match="en, ru, ro"):
        evaluate("As Ks Qs Js Ts").describe(tag)


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("de-DE, ro;q=0.5, en;q=0.4", "ro"),
        ("en;q=0.2, ru;q=0.9", "ru"),
        ("ru;q=0, ro", "ro"),
        ("*", "en"),
        ("fr", "en"),
        ("", "en"),
        (None, "en"),
        (";;;, ru;q=abc, ,ro;q=0.1", "ro"),
    ],
)
def test_negotiate_accept_language(header, code):
    assert negotiate_language(header) == code


# The texts.


def test_english_is_the_text_of_the_code():
    value = evaluate("Ks 2d", BOARD)
    assert value.describe("en") == value.description == "Kings full of Tens"


@pytest.mark.parametrize(
    ("cards", "ranking", "ru", "ro"),
    [
        ("As Ks Qs Js Ts", "high", "Флеш-рояль", "Chintă roială"),
        ("9h 8h 7h 6h 5h", "high", "Стрит-флеш до девятки", "Chintă de culoare până la nouar"),
        ("8c 8d 8h 8s 2c", "high", "Каре восьмёрок, кикер двойка", "Careu de optari, kicker doiar"),
        (
            "Kh Kd Kc Th Td",
            "high",
            "Фулл-хаус, тройка королей и пара десяток",
            "Full de popi și decari",
        ),
        ("Ah Jh 8h 3h 2h", "high", "Флеш, старшая карта туз", "Culoare, cartea maximă as"),
        ("5c 4d 3h 2s Ah", "high", "Стрит до пятёрки (колесо)", "Chintă până la cinciar (roata)"),
        (
            "9c 9d 9h Ah Kd",
            "high",
            "Тройка девяток, кикеры туз-король",
            "Trei de-un fel de nouari, kickeri as-popă",
        ),
        (
            "Kc Kd 4h 4s Ac",
            "high",
            "Две пары, короли и четвёрки, кикер туз",
            "Două perechi, popi și pătrari, kicker as",
        ),
        (
            "Ah Ad Kh Qs 7c",
            "high",
            "Пара тузов, кикеры король-дама-семёрка",
            "O pereche de ași, kickeri popă-damă-șeptar",
        ),
        ("Ah Qd Th 8s 2c", "high", "Старшая карта туз", "Carte mare as"),
        ("5c 4d 3h 2s Ah", "razz", "Колесо (5-4-3-2-A)", "Roata (5-4-3-2-A)"),
        ("7c 5d 4h 3s 2h", "2-7", "Номер один (7-5-4-3-2)", "Numărul 1 (7-5-4-3-2)"),
        ("8c 6d 5h 3s 2h", "razz", "Лоу 8-6-5-3-2", "Mică 8-6-5-3-2"),
        ("4h 4s 2c Ad", "badugi", "Трёхкарточный бадуги 4-2-A", "Badugi de trei cărți 4-2-A"),
    ],
)
def test_descriptions(cards, ranking, ru, ro):
    value = evaluate(cards, ranking=ranking)
    assert value is not None
    assert value.describe("ru") == ru
    assert value.describe("ro") == ro


def test_the_rule_documents_terms_are_used():
    """The seeds' words: фулл-хаус, кикер, стрит, каре; chintă de culoare, careu."""
    hands = {
        "full": "Kh Kd Kc Th Td",
        "quads": "Th Tc Ts Td As",
        "straight": "9c 8d 7h 6s 5c",
        "straight_flush": "9h 8h 7h 6h 5h",
        "flush": "Ah Jh 8h 3h 2h",
    }
    ru = " ".join(evaluate(h).describe("ru") for h in hands.values()).lower()
    ro = " ".join(evaluate(h).describe("ro") for h in hands.values()).lower()
    for term in ("фулл-хаус", "кикер", "стрит", "каре", "флеш", "стрит-флеш"):
        assert term in ru
    for term in ("chintă de culoare", "careu", "full", "culoare", "chintă", "kicker"):
        assert term in ro


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "both have a pair of Aces and a King; the second kicker decides: Queen beats Jack"),
        ("ru", "у обоих пара тузов и король; решает второй кикер: дама старше валета"),
        ("ro", "ambii au o pereche de ași și popă; decide al doilea kicker: dama bate valetul"),
    ],
)
def test_the_deciding_kicker_explained(lang, text):
    a = evaluate("Kh Qh", "Ah Ad 7c 5d 2s")
    b = evaluate("Ks Jh", "Ah Ad 7c 5d 2s")
    assert explain(a, b, lang=lang).text == text


def test_lowball_explanations_say_the_lower_card_wins():
    a = evaluate("7c 6d 4h 3s 2c", ranking="razz")
    b = evaluate("7d 6h 5s 3c 2d", ranking="razz")
    assert explain(a, b, lang="ru").text == "у обоих лоу 7-6; решает третья карта: 4 лучше 5"
    assert (
        explain(a, b, lang="ro").text == "ambii au mâini mici 7-6; decide a treia carte: 4 bate 5"
    )


def test_category_and_tie_explanations():
    full, flush = evaluate("Kh Kd Kc Th Td"), evaluate("Ah Kh Qh 9h 2h")
    assert explain(full, flush, lang="ru").text == (
        "Фулл-хаус, тройка королей и пара десяток сильнее, чем флеш, старшая карта туз: "
        "фулл-хаус сильнее флеша"
    )
    a, b = evaluate("Ah Kd Qc Js 9h"), evaluate("Ac Kh Qd Jc 9s")
    assert explain(a, b, lang="ru").text == (
        "ничья: у обоих старшая карта туз (A K Q J 9); банк делится"
    )
    assert explain(a, b, lang="ro").text == (
        "egalitate: ambii au carte mare as (A K Q J 9); potul se împarte"
    )


def test_the_five_player_seed_situation_in_three_languages():
    showdown = Showdown.build("holdem", BOARD, FIVE_PLAYERS)
    texts = {lang: resolve(showdown, lang=lang).pots[0].explanation for lang in LANGUAGES}
    assert texts["en"].startswith("Peter and Hans split the main pot with Kings full of Tens")
    assert texts["ru"] == (
        "Peter и Hans делят основной банк — фулл-хаус, тройка королей и пара десяток "
        "(Ks Kh Kc Ts Td); против Michael: Фулл-хаус, тройка королей и пара десяток "
        "сильнее, чем фулл-хаус, тройка десяток и пара королей: решает тройка: "
        "король старше десятки"
    )
    assert texts["ro"].startswith("Peter și Hans împart potul principal cu full de popi și decari")
    result = resolve(showdown, lang="ru")
    assert result.lang == "ru"
    assert [p.payout for p in result.players] == [125, 125, 0, 0, 0]


def test_hi_lo_side_pots_and_returned_stakes_in_russian():
    record = {
        "game": "omaha_hilo",
        "board": "2c 3d 7h Kd Qs",
        "players": [
            {"name": "Ann", "cards": "As 4h Kh Ks", "stake": 100},
            {"name": "Bob", "cards": "Ad 4c 9s 9d", "stake": 300},
            {"name": "Cid", "cards": "Qh Qd Jc Jd", "stake": 200},
        ],
    }
    out = resolve_json(record, lang="ru")
    texts = " ".join(pot["explanation"] for pot in out["pots"])
    assert "хай: " in texts
    assert "лоу: " in texts
    assert "основной банк" in texts
    assert "побочный банк" in texts
    assert "неуравненная ставка 100 возвращена игроку Bob" in texts
    high = out["players"][0]["hands"]["high"]["description"]
    assert high == "Тройка королей, кикеры дама-семёрка"


def _random_values(rng: random.Random, rules_name: str, count: int) -> list[HandValue]:
    rules = RANKINGS[rules_name]
    deck = [c for c in DECK if c.rank in set(rules.rank_order)]
    values: list[HandValue] = []
    while len(values) < count:
        size = 4 if rules_name == "badugi" else rng.choice((5, 7))
        value = evaluate(rng.sample(deck, size), ranking=rules)
        if value is not None:
            values.append(value)
    return values


@pytest.mark.parametrize("rules_name", list(RANKINGS))
def test_every_text_renders_in_every_language(rules_name):
    """Random hands of every ranking: every description and explanation renders."""
    rng = random.Random(rules_name)
    values = _random_values(rng, rules_name, 600)
    by_category: dict[object, list[HandValue]] = {}
    for value in values:
        by_category.setdefault(value.category, []).append(value)
    pairs = list(itertools.pairwise(values))
    for same in by_category.values():
        pairs += list(itertools.pairwise(same))
    pairs += [(v, v) for v in values[:20]]
    for lang in TRANSLATED:
        for a, b in pairs:
            text = explain(a, b, lang=lang).text
            assert "{" not in text
            assert "}" not in text
            assert text != explain(a, b).text or a == b
            assert a.describe(lang)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_resolves_in_every_language(game):
    spec = GAMES[game]
    rng = random.Random(game)
    deck = [c for c in DECK if c.rank in set(spec.rankings[0].rank_order)]
    for _ in range(20):
        cards = rng.sample(deck, 3 * spec.hole_cards + spec.full_board)
        board = tuple(cards[: spec.full_board])
        players = tuple(
            Player(
                f"P{i}",
                tuple(cards[spec.full_board + i * spec.hole_cards :][: spec.hole_cards]),
                stake=10 * (i + 1),
            )
            for i in range(3)
        )
        showdown = Showdown(spec, players, board)
        english = resolve(showdown)
        for lang in TRANSLATED:
            result = resolve(showdown, lang=lang)
            assert [p.payout for p in result.players] == [p.payout for p in english.players]
            for pot in result.pots:
                assert "{" not in pot.explanation
                assert pot.explanation


# The command line.


def test_cli_lang_options():
    runner = CliRunner()
    out = runner.invoke(app, ["hand", "Ks 2d", "--board", BOARD, "--lang", "ru"])
    assert out.exit_code == 0, out.output
    assert "Фулл-хаус, тройка королей и пара десяток" in out.output
    out = runner.invoke(app, ["compare", "Peter:Ks 2d", "Paul:3h 3d", "-b", BOARD, "-l", "ro"])
    assert out.exit_code == 0, out.output
    assert "Full de popi și decari" in out.output
    out = runner.invoke(app, ["hand", "Ks 2d", "--board", BOARD, "--json", "--lang", "ro"])
    assert '"description": "Full de popi și decari"' in out.output
    out = runner.invoke(app, ["hand", "Ks 2d", "--board", BOARD, "--lang", "de"])
    assert out.exit_code == 2
    assert "'de' is not a supported language" in out.output


def test_cli_resolve_lang():
    runner = CliRunner()
    record = (
        '{"game": "holdem", "board": "Kc Td Kh Ts 3c", "players": '
        '[{"name": "Peter", "cards": "Ks 2d"}, {"name": "Paul", "cards": "3h 3d"}]}\n'
    )
    out = runner.invoke(app, ["resolve", "-", "--json", "--lang", "ru"], input=record)
    assert out.exit_code == 0, out.output
    assert "Peter выигрывает основной банк" in out.output
    out = runner.invoke(app, ["resolve", "-", "--json", "--lang", "xx"], input=record)
    assert out.exit_code == 2


def test_language_objects_are_cached():
    assert get_language("ru") is get_language("RU-ru")
