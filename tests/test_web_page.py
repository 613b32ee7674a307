"""The explorer page in a real browser: Debian's chromium, headless, driven by Playwright.

Deal the seed's five-player situation by clicking cards (seed 000, exercise 9:
Peter and Hans split with Kings full of Tens), check the winners and the
highlighted five, change one card and watch the result change, switch the
language. A screenshot is saved to ``test-artifacts/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests import _browser

ARTIFACTS = _browser.ARTIFACTS
pytestmark = _browser.needs_chromium

BOARD = ["Kc", "Td", "Kh", "Ts", "3c"]
SEATS = [
    ("Peter", ["Ks", "2d"]),
    ("Hans", ["Kd", "7h"]),
    ("Michael", ["Ac", "Th"]),
    ("Gabriel", ["Tc", "3s"]),
    ("Paul", ["3h", "3d"]),
]


base_url = _browser.base_url
browser = _browser.browser


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    # Playwright's string predicates need eval, which the page's policy forbids;
    # test_the_page_runs_under_its_content_policy checks the page without the bypass.
    context = browser.new_context(
        viewport={"width": 1400, "height": 1000}, locale="en-US", bypass_csp=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url)
    page.wait_for_selector('.pick[data-card="As"]')
    page.wait_for_selector(".example")
    yield page
    context.close()
    assert errors == []


def _winners(page: Any) -> list[str]:
    names: list[str] = json.loads(page.get_attribute("#winners", "data-names"))
    return names


def _wait_for_winners(page: Any, names: list[str]) -> None:
    encoded = json.dumps(names, separators=(",", ":"))
    page.wait_for_selector(f"#winners[data-names='{encoded}']", timeout=10_000)


def _playing(page: Any, seat: int, half: str = "high") -> set[str]:
    cards = page.locator(f'.player[data-seat="{seat}"] .strip[data-half="{half}"] .card.plays')
    return {cards.nth(i).get_attribute("data-card") for i in range(cards.count())}


def _dimmed(page: Any, seat: int, half: str = "high") -> set[str]:
    cards = page.locator(f'.player[data-seat="{seat}"] .strip[data-half="{half}"] .card.idle')
    return {cards.nth(i).get_attribute("data-card") for i in range(cards.count())}


def test_deal_the_five_player_seed_by_clicking(page: Any) -> None:
    for _ in range(3):
        page.click("#add-player")
    assert page.locator(".player").count() == 5
    for seat, (name, _cards) in enumerate(SEATS):
        field = page.locator(f'.player[data-seat="{seat}"] .player-name')
        field.fill(name)
        field.press("Enter")
    # The first empty slot is active: each click deals the next card, seat by seat, then the board.
    for card in [c for _, cards in SEATS for c in cards] + BOARD:
        page.click(f'.pick[data-card="{card}"]')
    _wait_for_winners(page, ["Peter", "Hans"])
    assert page.locator('.player[data-seat="0"] .desc').inner_text() == "Kings full of Tens"
    assert _playing(page, 0) == {"Ks", "Kc", "Kh", "Td", "Ts"}
    assert _dimmed(page, 0) == {"2d", "3c"}
    assert _playing(page, 1) == {"Kd", "Kc", "Kh", "Td", "Ts"}
    assert page.locator('.player[data-seat="4"] .desc').inner_text() == "Threes full of Kings"
    assert page.locator(".player.winner").count() == 2
    assert "split the main pot" in page.locator("#pots").inner_text()
    # Dealt cards leave the deck.
    assert page.locator('.pick[data-card="Ks"]').is_disabled()

    # Change one card in one step: choose Hans's Kd, then the Ad takes its place (the old
    # result stays until the new one comes); Peter alone has the full house now.
    page.click('.slot[data-slot="p1-0"]')
    assert page.locator('.slot[data-slot="p1-0"] .card').get_attribute("data-card") == "Kd"
    assert _winners(page) == ["Peter", "Hans"]
    page.click('.pick[data-card="Ad"]')
    _wait_for_winners(page, ["Peter"])
    assert page.locator('.player[data-seat="1"] .desc').inner_text() == (
        "Two pair, Kings and Tens, Ace kicker"
    )
    assert _playing(page, 1) == {"Ad", "Kc", "Kh", "Td", "Ts"}
    assert _playing(page, 0) == {"Ks", "Kc", "Kh", "Td", "Ts"}
    assert page.locator(".player.winner").count() == 1

    # Switch the language: the texts come back in Russian, the page's words too.
    page.select_option("#lang", "ru")
    page.wait_for_function(
        "document.querySelector('.player[data-seat=\"0\"] .desc')?.textContent"
        ".startsWith('Фулл-хаус')",
        timeout=10_000,
    )
    assert page.locator('.player[data-seat="0"] .desc').inner_text() == (
        "Фулл-хаус, тройка королей и пара десяток"
    )
    assert page.locator("h1").inner_text() == "Разбор шоудауна"
    assert page.locator("#winners").inner_text().startswith("Победитель")
    assert "выигрывает основной банк" in page.locator("#pots").inner_text()
    page.select_option("#lang", "ro")
    page.wait_for_function(
        "document.querySelector('.player[data-seat=\"0\"] .desc')?.textContent"
        ".startsWith('Full de popi')",
        timeout=10_000,
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "web-page.png"), full_page=True)
    assert (ARTIFACTS / "web-page.png").stat().st_size > 10_000


def test_worked_situations_hi_lo_and_equity(page: Any) -> None:
    page.click('.example[data-id="000-ex9"]')
    _wait_for_winners(page, ["Peter", "Hans"])
    assert page.locator(".player").count() == 5
    # Take back the turn and the river (a click chooses a card, a second takes it back):
    # equity bars and the 13x13 grid appear.
    for slot in ("b4", "b3"):
        page.click(f'.slot[data-slot="{slot}"]')
        page.click(f'.slot[data-slot="{slot}"]')
    page.wait_for_selector("#equity .bar-row", timeout=15_000)
    assert page.locator("#equity .bar-row").count() == 5
    page.wait_for_selector("#equity .grid13 div", timeout=15_000)
    assert page.locator("#equity .grid13 div").count() == 169
    # Omaha Hi/Lo shows both halves.
    page.click('.example[data-id="more-omaha8"]')
    _wait_for_winners(page, ["Ann", "Bob"])
    assert _playing(page, 0, "low") == {"As", "4h", "2c", "3d", "7h"}
    assert _playing(page, 0, "high") == {"Ks", "Kh", "Kd", "Qs", "7h"}
    assert page.locator('.player[data-seat="2"] .half[data-half="low"] .desc').inner_text() == (
        "No qualifying low"
    )


# The second edition (issue 14) and the history box (issue 11).

TEN_BOARD = "Ks 9h 3h 7d 2c"
BOARD_OF_HAND_1 = ["2c", "7d", "Js", "8h", "Qs"]
TEN = [
    "Ah Qd",  # 1: Ace high
    "9s 7c",  # 2: two pair, Nines and Sevens
    "Tc 8s",
    "Jd 5s",
    "Kh 4d",  # 5: a pair of Kings
    "6h 4c",
    "Qc Jc",
    "Td 8d",
    "3c 3d",  # 9: Three Threes, the best hand at the table
    "As Ac",  # 10: a pair of Aces
]


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def _focus_is_not_body(page: Any) -> None:
    assert page.evaluate("document.activeElement && document.activeElement !== document.body")


def _goto_state(page: Any, base_url: str, state: dict[str, Any]) -> None:
    page.goto(f"{base_url}/#s={quote(json.dumps(state))}")
    page.wait_for_selector('.pick[data-card="As"]')


def _set_amount(page: Any, seat: int, field: str, value: str) -> None:
    box = page.locator(f'.player[data-seat="{seat}"] [data-field="{field}"]')
    box.fill(value)
    box.press("Tab")


def test_ten_players_two_stakes_name_the_best_eligible_hand(page: Any, base_url: str) -> None:
    players = [[f"Player {k + 1}", cards, "", "", 0, 0] for k, cards in enumerate(TEN)]
    _goto_state(page, base_url, {"g": "holdem", "p": players, "b": [TEN_BOARD]})
    # No stakes at all: shares of one pot, and the set of Threes wins it.
    _wait_for_winners(page, ["Player 9"])
    _set_amount(page, 1, "stake", "50")
    _set_amount(page, 4, "stake", "30")
    # Only Player 2 and Player 5 put money in: Nines and Sevens beat the Kings; Player 2's
    # uncovered 20 comes back to him.
    _wait_for_winners(page, ["Player 2"])
    assert "Two pair, Nines and Sevens" in page.locator("#winners").inner_text()
    why = page.locator('#why li[data-seat="8"]').inner_text()
    assert "Player 9" in why
    assert "Three Threes" in why
    assert "put in nothing" in why
    assert page.locator("#why li.why-item").count() == 8  # everyone but the two stakes
    assert page.locator('.player[data-seat="8"]').get_attribute("class").count("no-stake") == 1
    assert "put in nothing" in page.locator('.player[data-seat="8"] .note').inner_text()
    main = page.locator('#pots li[data-kind="main"]').inner_text()
    assert "60" in main
    assert "Player 2, Player 5" in main
    assert "20" in page.locator('#pots li[data-kind="uncalled"]').inner_text()
    kinds = page.locator('.player[data-seat="1"] .badge')
    assert {kinds.nth(i).get_attribute("data-kind") for i in range(kinds.count())} == {
        "win",
        "returned",
    }
    assert page.locator('.player[data-seat="4"] .badge').count() == 0
    assert page.locator('.player[data-seat="8"] .rank').inner_text() == "1st"
    _shot(page, "web-stakes-ten-players.png")
    # −5 is refused in place: the field is marked, the pot is not decided with it.
    stake = page.locator('.player[data-seat="4"] [data-field="stake"]')
    stake.fill("-5")
    assert stake.get_attribute("aria-invalid") == "true"
    assert "Not below zero" in page.locator('.player[data-seat="4"] .problem').first.inner_text()
    stake.press("Tab")
    page.wait_for_selector("#status:has-text('Fix the marked amounts')")
    assert _winners(page) == []
    _shot(page, "web-stakes-refused.png")
    stake.fill("abc")
    assert "Not an amount" in page.locator('.player[data-seat="4"] .problem').first.inner_text()
    stake.fill("30")
    stake.press("Tab")
    _wait_for_winners(page, ["Player 2"])


def test_seed_001_the_kicker_drawn_on_the_cards(page: Any) -> None:
    page.click('.example[data-id="001-ex1"]')
    _wait_for_winners(page, ["Player 1"])

    def strip(seat: int, kind: str) -> list[str]:
        cards = page.locator(f'.player[data-seat="{seat}"] .strip[data-half="high"] .card.{kind}')
        return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]

    # The best five in the seed's reading order: A A K Q 7 against A A K J 7.
    assert strip(0, "plays") == ["Ah", "Ad", "Kh", "Qh", "7c"]
    assert strip(1, "plays") == ["Ah", "Ad", "Ks", "Jh", "7c"]
    assert strip(0, "decides") == ["Qh"]
    assert strip(1, "decides") == ["Jh"]
    assert page.locator('.player[data-seat="1"] .decide-note').inner_text() == "Q♥ beats J♥"
    assert page.locator('.player[data-seat="0"] .rank').inner_text() == "1st"
    assert page.locator('.player[data-seat="1"] .rank').inner_text() == "2nd"
    assert page.locator('.example[data-id="001-ex1"]').get_attribute("aria-current") == "true"
    _shot(page, "web-seed-001-kicker.png")
    # The straight on the board: a tie, and the four held cards that do not play.
    page.click('.example[data-id="001-ex5"]')
    _wait_for_winners(page, ["Player 1", "Player 2"])
    assert page.locator("#why .tie-note").inner_text() == "A♠ Q♦ and K♥ J♦ do not play"
    assert page.locator(".rank[data-rank='1']").count() == 2


def test_keyboard_only(page: Any) -> None:
    seen: list[bool] = []

    def check() -> None:
        seen.append(page.evaluate("document.activeElement === document.body"))

    page.focus('.example[data-id="001-ex1"]')
    page.keyboard.press("Enter")
    _wait_for_winners(page, ["Player 1"])
    check()
    # Type the Queen of spades over Player 2's Jack: a tie, A A K Q 7 each.
    page.focus('.slot[data-slot="p1-1"]')
    page.keyboard.type("qs")
    _wait_for_winners(page, ["Player 1", "Player 2"])
    check()
    assert page.locator('.slot[data-slot="p1-1"] .card').get_attribute("data-card") == "Qs"
    # Undo: the Jack is back.
    page.keyboard.press("Control+z")
    _wait_for_winners(page, ["Player 1"])
    check()
    assert page.locator('.slot[data-slot="p1-1"] .card').get_attribute("data-card") == "Jh"
    # "10h" works too, then Backspace takes it back.
    page.focus('.slot[data-slot="p1-1"]')
    page.keyboard.type("10h")
    page.wait_for_selector('.slot[data-slot="p1-1"] .card[data-card="Th"]')
    check()
    page.focus('.slot[data-slot="p1-1"]')
    page.keyboard.press("Backspace")
    page.wait_for_selector('.slot[data-slot="p1-1"]:not(.filled)')
    check()
    # In the deck, arrows skip the dealt cards (the King of spades is Player 2's) and Enter
    # places the card into the slot being edited.
    page.focus('.pick[data-card="As"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "Qs"
    page.keyboard.press("Enter")
    _wait_for_winners(page, ["Player 1", "Player 2"])
    check()
    assert page.locator('.slot[data-slot="p1-1"] .card').get_attribute("data-card") == "Qs"
    assert seen == [False] * len(seen)
    _shot(page, "web-keyboard.png")


def test_phone_layout(browser: Any, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale="en-US",
        has_touch=True,
        is_mobile=True,
        bypass_csp=True,
    )
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector(".example")

    def no_overflow() -> None:
        width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width <= inner

    no_overflow()
    page.click('.example[data-id="000-ex9"]')
    _wait_for_winners(page, ["Peter", "Hans"])
    no_overflow()
    # The situation's table is in view after loading it.
    assert page.evaluate("document.querySelector('.felt').getBoundingClientRect().top") < 844
    before = page.evaluate("scrollY")
    page.locator('.slot[data-slot="p1-0"]').tap()
    sizes = page.evaluate(
        "[...document.querySelectorAll('#deck .pick')].filter(b => !b.classList.contains('off'))"
        ".map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert len(sizes) == 52
    assert min(w for w, _ in sizes) >= 44
    assert min(h for _, h in sizes) >= 44
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-phone-picking.png"))  # the screen, as seen
    assert page.locator('.pick[data-card="Ad"]').is_visible()
    page.locator('.pick[data-card="Ad"]').tap()
    _wait_for_winners(page, ["Peter"])
    assert abs(page.evaluate("scrollY") - before) <= 844
    no_overflow()
    page.screenshot(path=str(ARTIFACTS / "web-phone.png"))
    context.close()


def test_paste_a_hand_history(page: Any) -> None:
    text = (Path(__file__).parent / "data" / "histories" / "pokerstars_cash.txt").read_text()
    page.fill("#history-text", text)
    page.click("#history-load")
    # The first hand: three all-ins, three pots, each to a different player.
    _wait_for_winners(page, ["Ann", "Bob", "Cid"])
    assert page.locator("#history-verdict").get_attribute("data-verdict") == "agree"
    assert "77.00" in page.locator("#history-verdict").inner_text()
    names = [page.locator(f'.player[data-seat="{s}"] .player-name').input_value() for s in range(4)]
    assert names == ["Ann", "Bob", "Cid", "Dan"]
    stakes = [
        page.locator(f'.player[data-seat="{s}"] [data-field="stake"]').input_value()
        for s in range(4)
    ]
    assert [float(s) for s in stakes] == [20, 45, 80, 80]
    board = page.locator("#board .slot .card")
    assert [board.nth(i).get_attribute("data-card") for i in range(5)] == BOARD_OF_HAND_1
    assert page.locator(".dealer.on").count() == 1
    assert page.locator('.player[data-seat="3"] .dealer.on').count() == 1  # Dan, seat 5
    assert "77.00" in page.locator('#pots li[data-kind="main"]').inner_text()
    assert "3.00" in page.locator('#pots li[data-kind="rake"]').inner_text()
    assert page.locator("#winners .tag").count() == 0  # three pots, none shared
    _shot(page, "web-history.png")
    # The muck: Dan conceded his Kings, Cid's Queens take the pot.
    page.click('.history-hand[data-index="2"]')
    _wait_for_winners(page, ["Cid"])
    assert page.locator('.player[data-seat="2"] [data-field="mucked"]').is_checked()
    assert page.locator('.player[data-seat="0"] [data-field="folded"]').is_checked()
    # Run it twice: two boards on the table.
    page.click('.history-hand[data-index="3"]')
    page.wait_for_selector("#board .board-line[data-board='1']")
    page.wait_for_selector("#pots .pot-board")
    assert page.locator("#boards").input_value() == "2"
    _shot(page, "web-history-run-twice.png")
    # Not a history: the error says so, the table stays.
    page.fill("#history-text", "hello")
    page.click("#history-load")
    page.wait_for_selector("#history-error:not([hidden])")
    assert "not a hand history" in page.locator("#history-error").inner_text()


@pytest.mark.parametrize(
    "sample", ["888poker/cash.txt", "ipoker/cash_usd.xml", "winamax/winamax_cash.txt"]
)
def test_paste_another_rooms_history(page: Any, sample: str) -> None:
    """The paste box reads every room the audit reads, text or XML: the first showdown
    comes to the table with the audit's verdict and the winners the API decides."""
    from showdown.contract import resolve_json
    from showdown.history._text import open_text
    from showdown.web._history import read_pasted

    stream, _, _ = open_text(Path(__file__).parent / "data" / "histories" / sample)
    with stream:
        text = stream.read()
    first = read_pasted(text)["hands"][0]
    assert first["audit"]["verdict"] == "agree"
    winners = resolve_json(first["showdown"])["winners"]
    page.fill("#history-text", text)
    page.click("#history-load")
    _wait_for_winners(page, winners)
    assert page.locator("#history-verdict").get_attribute("data-verdict") == "agree"
    seated = [player["name"] for player in first["showdown"]["players"]]
    names = [
        page.locator(f'.player[data-seat="{s}"] .player-name').input_value()
        for s in range(len(seated))
    ]
    assert names == seated
    _shot(page, f"web-history-{sample.split('/')[0]}.png")


@pytest.mark.parametrize("lang", ["ru", "ro"])
def test_no_english_left_in_the_page(page: Any, lang: str) -> None:
    from showdown.web.ui import page_messages

    english = page_messages("en")
    translated = page_messages(lang)
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.click('.example[data-id="001-ex1"]')
    page.wait_for_selector(".rank[data-rank='2']")
    page.wait_for_function("!document.querySelector('#result').classList.contains('pending')")
    # The page's visible text, the game menu aside (games keep their proper names).
    text = page.evaluate(
        "(() => { const copy = document.body.cloneNode(true); copy.querySelector('#game')"
        ".remove(); document.body.append(copy); const words = copy.innerText; copy.remove();"
        " return words; })()"
    )
    # Every English text of the page whose translation differs is gone (short words aside:
    # they could be parts of other words).
    left = [
        message
        for message in english
        if not message.startswith("lang:")
        and translated[message] != message
        and len(message) >= 5
        and message in text
    ]
    assert left == []
    assert translated["Player"] + " 1" in text  # the example's default names follow
    assert "Player 1" not in text
    _shot(page, f"web-{lang}.png")


def test_the_page_runs_under_its_content_policy(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    violations: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: violations.append(m.text) if "Content Security" in m.text else 0)
    answer = page.goto(base_url)
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    page.wait_for_selector('.pick[data-card="As"]')
    page.locator(".example").first.click()
    page.wait_for_selector("#winners[data-names]")
    context.close()
    assert errors == []
    assert violations == []
