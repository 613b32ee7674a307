"""Explanations: which step of the seeds' algorithm decided, and the class-level text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from showdown import evaluate, explain
from showdown.evaluation import HandValue
from showdown.explanation import ClassTexts, describe, explain_classes, kept_descriptions
from showdown.i18n import LANGUAGES, get_language
from showdown.rules import RANKINGS
from showdown.tables import get_table


@pytest.mark.parametrize(
    ("a", "b", "ranking", "text"),
    [
        ("Ks Kd Ac 8h 7s", "Kh Kc Ad 9s 3s", "high", "both have a pair of Kings and an Ace; the second kicker decides: Nine beats Eight"),
        ("As Ad Kc Qh 7s", "Ah Ac Kd Js Ts", "high", "both have a pair of Aces and a King; the second kicker decides: Queen beats Jack"),
        ("Ks Kd 8c 8h As", "Kh Kc 8d 8s Ts", "high", "both have two pair, Kings and Eights; the kicker decides: Ace beats Ten"),
        ("Ks Kd 9c 9h As", "Kh Kc 8d 8s Ts", "high", "both have two pair, Kings; the lower pair decides: Nine beats Eight"),
        ("Kh Kd Kc Th Td", "Ah Kh Qh 9h 2h", "high", "Kings full of Tens beats Ace-high flush: a full house beats a flush"),
        ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ah", "high", "Six-high straight beats Five-high straight (wheel): the top card decides: Six beats Five"),
        ("Ah Kd Qc Js 9h", "Ac Kh Qd Jc 9s", "high", "tie: both have Ace high (A K Q J 9); the pot is split"),
        ("7c 6d 4h 3s 2c", "7d 6h 5s 3c 2d", "razz", "both have 7-6 lows; the third card decides: 4 beats 5"),
        ("7c 6d 4h 3s 2c", "8d 6h 5s 3c 2d", "razz", "7-6-4-3-2 low beats 8-6-5-3-2 low: the highest card decides: 7 beats 8"),
        ("9c 6d 4h 3s 2c", "Ad Ah 5s 3c 2d", "razz", "9-6-4-3-2 low beats Pair of Aces, Five-Three-Two kickers: no pair beats a pair"),
        ("7c 5d 4h 3s 2c", "7d 6h 5s 3c 2d", "2-7", "both have 7 lows; the second card decides: 5 beats 6"),
        ("5h 3s 2c Ad", "4h 4s 2c Ad", "badugi", "Badugi 5-3-2-A beats Three-card badugi 4-2-A: four counted cards beat three counted cards"),
        ("8h 4s 2c Ad", "8c 4d 3s Ah", "badugi", "both have badugis 8-4; the third card decides: 2 beats 3"),
    ],
)  # fmt: skip
def test_explanations(a: str, b: str, ranking: str, text: str) -> None:
    first, second = evaluate(a, ranking=ranking), evaluate(b, ranking=ranking)
    assert first is not None
    assert second is not None
    assert explain(first, second).text == text
    assert explain(second, first).text == text


def test_explaining_values_of_two_rankings_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="cannot compare a high value with a ace_to_five value"):
        explain(evaluate("As Kd Qh Jc 9s"), evaluate("As Kd Qh Jc 9s", ranking="razz"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_the_class_level_text_is_the_explanation_of_any_two_hands_of_the_classes(
    name: str, lang: str
) -> None:
    rules = RANKINGS[name]
    size = len(get_table(rules).classes)
    rng = random.Random(f"explain-classes-{name}-{lang}")
    pairs = [(rng.randint(1, size), rng.randint(1, size)) for _ in range(1500)]
    # neighbours share the category and most deciders: every deciding step is met
    for _ in range(1500):
        first = rng.randint(1, size)
        pairs.append((first, min(size, max(1, first + rng.randint(-40, 40)))))
    pairs += [(strength, strength) for strength in rng.sample(range(1, size + 1), 50)]
    t = get_language(lang)
    for first, second in pairs:
        a, b = HandValue(rules, first, ()), HandValue(rules, second, ())
        expected = explain(a, b, lang=lang).text
        assert explain_classes(rules, first, second, t) == expected, (first, second)
        assert explain_classes(rules, second, first, t) == expected, (second, first)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_kept_names_of_every_class_are_the_descriptions(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    t = get_language(lang)
    for rules in RANKINGS.values():
        assert kept_descriptions(rules, t) is None  # nothing kept yet
        made = kept_descriptions(rules, t, build=True)
        assert made is not None
        assert made == tuple(
            describe(HandValue(rules, strength, ()), lang) for strength in range(1, len(made) + 1)
        )
        assert kept_descriptions(rules, t) == made  # read back from the disk
        assert str(ClassTexts(rules, t).fact(len(made))[0]) == made[-1]
    (kept,) = [path for path in tmp_path.iterdir() if f"-high-{lang}-" in path.name]
    kept.write_bytes(b"not marshal")  # a spoiled file is not read
    assert kept_descriptions(RANKINGS["high"], t) is None
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", "off")
    assert kept_descriptions(RANKINGS["high"], t) is None
    names = kept_descriptions(RANKINGS["high"], t, build=True)
    assert names is not None
    assert names[-1] == describe(evaluate("As Ks Qs Js Ts"), lang)


def test_a_long_run_keeps_every_name_after_build_after_classes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Names are made one by one until BUILD_AFTER classes have been named, then every
    name is built once, kept on disk, and the same names are given from there on."""
    from showdown.explanation import BUILD_AFTER

    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    rules, t = RANKINGS["ace_to_five"], get_language("en")
    assert kept_descriptions(rules, t) is None
    texts = ClassTexts(rules, t)
    one_by_one = [str(texts.fact(strength)[0]) for strength in range(1, BUILD_AFTER)]
    assert kept_descriptions(rules, t) is None  # a short run never pays for every name
    texts.fact(BUILD_AFTER)
    kept = kept_descriptions(rules, t)
    assert kept is not None
    assert len(kept) == get_table(rules).size
    assert list(kept[: BUILD_AFTER - 1]) == one_by_one
    assert str(ClassTexts(rules, t).fact(BUILD_AFTER + 1)[0]) == kept[BUILD_AFTER]
