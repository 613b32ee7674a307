"""The explorer page in a real browser: Debian's chromium, headless, driven by Playwright.

Deal the seed's five-player situation by clicking cards (seed 000, exercise 9:
Peter and Hans split with Kings full of Tens), check the winners and the
highlighted five, change one card and watch the result change, switch the
language. A screenshot is saved to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests._web_server import running_server

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).parents[1] / "test-artifacts"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists() and shutil.which("chromium") is None,
    reason="Debian's chromium is not installed (.ci/run installs it)",
)

BOARD = ["Kc", "Td", "Kh", "Ts", "3c"]
SEATS = [
    ("Peter", ["Ks", "2d"]),
    ("Hans", ["Kd", "7h"]),
    ("Michael", ["Ac", "Th"]),
    ("Gabriel", ["Tc", "3s"]),
    ("Paul", ["3h", "3d"]),
]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
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
