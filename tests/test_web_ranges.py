"""Ranges on the explorer page, in Debian's chromium (headless, driven by Playwright).

The 13x13 grid and the text field show one range (the server reads and writes
it), the "top X%" slider follows the documented order, equity answers to old
questions never show, Hi/Lo games show high, low and scoop; and the Badugi
reasons and two flushes of one name. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from showdown.ranges import HAND_CLASSES, class_combos, parse_range
from tests import _browser

base_url = _browser.base_url
browser = _browser.browser
pytestmark = _browser.needs_chromium
ARTIFACTS = _browser.ARTIFACTS


def _open(browser: Any, base_url: str, width: int = 1400, height: int = 1000) -> Any:
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="en-US", bypass_csp=True
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(base_url)
    page.wait_for_selector("#range-grid .cell")
    page.wait_for_selector(".example")
    return page


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    page = _open(browser, base_url)
    yield page
    errors = page.errors
    page.context.close()
    assert errors == []


def _shot(page: Any, name: str, selector: str = "#ranges") -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    page.locator(selector).screenshot(path=str(ARTIFACTS / name))
    assert (ARTIFACTS / name).stat().st_size > 5_000


def _idle(page: Any) -> None:
    """Wait until no range is being read and no equity is being computed."""
    page.wait_for_function(
        "!document.querySelector('#range-result').classList.contains('loading')",
        timeout=20_000,
    )


def _grid(page: Any) -> dict[str, float]:
    """The grid's cells with a weight: class -> weight."""
    weights: dict[str, str] = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#range-grid .cell')]"
        ".map(c => [c.dataset.class, c.dataset.weight]))"
    )
    return {name: float(w) for name, w in weights.items() if float(w) > 0}


def _combos(weights: dict[str, float]) -> dict[frozenset[str], float]:
    """The combos of whole classes with weights, worked out from the classes themselves."""
    return {
        frozenset(str(card) for card in combo): weight
        for name, weight in weights.items()
        for combo in class_combos(name)
    }


def _range_combos(text: str, game: str = "holdem") -> dict[frozenset[str], float]:
    return {
        frozenset(str(card) for card in cards): weight
        for cards, weight in parse_range(text, game=game).combos()
    }


def _type_range(page: Any, seat: int, text: str) -> None:
    page.fill(f"#range-text-{seat}", text)


def _cell(page: Any, name: str) -> Any:
    return page.locator(f'#range-grid .cell[data-class="{name}"]')


def _drag(page: Any, names: list[str]) -> None:
    page.locator("#range-grid").scroll_into_view_if_needed()
    boxes = [_cell(page, name).bounding_box() for name in names]
    page.mouse.move(boxes[0]["x"] + 6, boxes[0]["y"] + 6)
    page.mouse.down()
    for box in boxes[1:]:
        page.mouse.move(box["x"] + 6, box["y"] + 6, steps=3)
    page.mouse.up()


def _set_slider(page: Any, selector: str, value: float) -> None:
    page.eval_on_selector(
        selector,
        "(node, value) => { node.value = String(value);"
        " node.dispatchEvent(new Event('input', {bubbles: true})); }",
        value,
    )


def _equity(page: Any, seat: int) -> float:
    node = page.locator(f'.range-row[data-seat="{seat}"] .bar-value')
    return float(node.get_attribute("data-equity"))


def _post(page: Any, path: str, body: dict[str, Any]) -> Any:
    answer = page.request.post(page.url.split("#")[0].rstrip("/") + path, data=body)
    assert answer.ok, answer.text()
    return answer.json()


def test_a_range_built_on_the_grid_is_the_text_and_the_apis_range(page: Any) -> None:
    # AA by a click, AKs-AJs by a drag along the top row, 76s at half weight.
    _drag(page, ["AA"])
    _drag(page, ["AKs", "AQs", "AJs"])
    _set_slider(page, "#range-weight", 50)
    assert page.locator("#range-weight-value").inner_text() == "50%"
    _drag(page, ["76s"])
    _type_range(page, 1, "KK")
    _idle(page)
    built = {"AA": 1.0, "AKs": 1.0, "AQs": 1.0, "AJs": 1.0, "76s": 0.5}
    assert _grid(page) == built
    text = page.input_value("#range-text-0")
    assert _range_combos(text) == _combos(built)
    # 6 + 3 x 4 + 4 combos; by weight 6 + 12 + 2 = 20 of 1,326 (1.5%)
    assert page.locator(".range-row[data-seat='0'] .range-info").inner_text() == (
        "22 combos · 1.5%"
    )
    # The API reads the field's text as the same range, and its equity is the page's.
    read = _post(page, "/api/range", {"game": "holdem", "text": text})
    assert {HAND_CLASSES[i]: w for i, w in enumerate(read["classes"]) if w} == built
    direct = _post(page, "/api/equity", {"game": "holdem", "hands": [text, "KK"]})
    assert _equity(page, 0) == pytest.approx(direct["players"][0]["equity"], abs=1e-12)
    assert _equity(page, 1) == pytest.approx(direct["players"][1]["equity"], abs=1e-12)
    # The grid's cells carry numbers: each class's equity against KK.
    page.wait_for_selector("#range-grid .cell[data-class='AA'] .eq:not(:empty)")
    assert page.locator("#range-grid .cell[data-class='AA'] .eq").inner_text() != ""
    assert page.locator("#range-legend").inner_text().strip() != ""
    # Clicking a cell that has the chosen weight takes it out again.
    _drag(page, ["76s"])
    _idle(page)
    assert _grid(page) == {"AA": 1.0, "AKs": 1.0, "AQs": 1.0, "AJs": 1.0}
    assert _range_combos(page.input_value("#range-text-0")) == _combos(
        {"AA": 1.0, "AKs": 1.0, "AQs": 1.0, "AJs": 1.0}
    )
    _shot(page, "web-ranges-grid.png")


def test_text_to_grid_and_errors_in_place(page: Any) -> None:
    _type_range(page, 0, "QQ+, AKs, 76s:0.5")
    page.wait_for_function(
        "document.querySelector('#range-grid .cell[data-class=\"76s\"]').dataset.weight === '0.5'"
    )
    assert _grid(page) == {"AA": 1.0, "KK": 1.0, "QQ": 1.0, "AKs": 1.0, "76s": 0.5}
    # A bad token: the server's message under the field, the field marked, the grid kept.
    _type_range(page, 0, "QQ+, AKq")
    problem = page.locator(".range-row[data-seat='0'] .range-problem")
    problem.wait_for(state="visible")
    assert "'AKq' is not a range token" in problem.inner_text()
    assert page.get_attribute("#range-text-0", "aria-invalid") == "true"
    assert "76s" in _grid(page)
    _shot(page, "web-ranges-error.png")
    # Exact cards: one of the four suited AK combos fills a quarter of its cell.
    _type_range(page, 0, "AhKh")
    page.wait_for_function(
        "document.querySelector('#range-grid .cell[data-class=\"AKs\"]').dataset.weight === '0.25'"
    )
    assert _grid(page) == {"AKs": 0.25}
    assert problem.is_hidden()
    assert page.get_attribute("#range-text-0", "aria-invalid") == "false"


def test_the_slider_selects_the_documented_top_share(page: Any) -> None:
    _set_slider(page, "#range-top", 10)
    page.wait_for_function("document.querySelector('#range-text-0').value !== ''", timeout=60_000)
    _idle(page)
    order = page.request.get(page.url.split("#")[0].rstrip("/") + "/api/range-order").json()
    # The documented order: every class once, by equity against a random hand, best first.
    assert sorted(order["classes"]) == sorted(HAND_CLASSES)
    assert order["equity"] == sorted(order["equity"], reverse=True)
    assert order["classes"][0] == "AA"
    by_name = dict(zip(order["classes"], order["equity"], strict=True))
    # Published all-in figures against a random hand: AA 85.2%, 72o 34.6%, 32o 32.3%.
    assert by_name["AA"] == pytest.approx(0.852, abs=0.01)
    assert by_name["72o"] == pytest.approx(0.346, abs=0.01)
    assert by_name["32o"] == pytest.approx(0.323, abs=0.01)
    assert order["classes"][-1] in {"32o", "42o", "52o", "62o", "72o"}
    # The top 10%: the longest start of the order within 132.6 of the 1,326 combos.
    size = {name: 6 if len(name) == 2 else 4 if name[2] == "s" else 12 for name in HAND_CLASSES}
    chosen: list[str] = []
    total = 0
    for name in order["classes"]:
        if total + size[name] > 132.6:
            break
        chosen.append(name)
        total += size[name]
    assert total <= 132.6 < total + size[order["classes"][len(chosen)]]
    assert _grid(page) == dict.fromkeys(chosen, 1.0)
    assert _range_combos(page.input_value("#range-text-0")) == _combos(dict.fromkeys(chosen, 1.0))
    assert f"{total} combos" in page.locator("#range-top-value").inner_text()
    _shot(page, "web-ranges-top10.png")


def test_a_stale_equity_answer_is_never_shown(page: Any) -> None:
    held: list[Any] = []

    def hold_first(route: Any) -> None:
        if not held:
            held.append(route)  # answered last, after the newer question
        else:
            route.continue_()

    page.route("**/api/equity?*", hold_first)
    page.evaluate(
        "window.shown = []; new MutationObserver(() => window.shown.push("
        "document.querySelector('#range-result').dataset.key)).observe("
        "document.querySelector('#range-result'), {attributes: true});"
    )
    _type_range(page, 1, "KK")
    _type_range(page, 0, "AA")
    page.wait_for_function("document.querySelector('#range-result').dataset.key !== undefined")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the first question was never asked"
    first = json.loads(held[0].request.post_data)
    assert first["hands"] == ["AA", "KK"]
    # A newer edit while the first is out: loading shows, and the answer is the new one.
    _type_range(page, 0, "QQ")
    assert page.get_attribute("#range-result", "aria-busy") == "true"
    assert "loading" in page.get_attribute("#range-result", "class")
    page.wait_for_function(
        "(document.querySelector('#range-result').dataset.key || '').includes('\"QQ\"')",
        timeout=20_000,
    )
    _idle(page)
    newest = page.get_attribute("#range-result", "data-key")
    # The old answer arrives late (if the page had not cancelled it; if it had, nothing).
    with contextlib.suppress(Exception):
        held[0].continue_()
    page.wait_for_timeout(1500)
    assert page.get_attribute("#range-result", "data-key") == newest
    keys = [key for key in page.evaluate("window.shown") if key]
    assert all('"AA"' not in key for key in keys)
    # QQ against KK, as the API says it.
    direct = _post(page, "/api/equity", {"game": "holdem", "hands": ["QQ", "KK"]})
    assert _equity(page, 0) == pytest.approx(direct["players"][0]["equity"], abs=1e-12)
    page.unroute("**/api/equity?*")
    # Dead cards go to the API; a card both dead and held is refused on the field.
    page.fill("#range-dead", "Qs Qh")
    _idle(page)
    assert page.get_attribute("#range-dead", "aria-invalid") == "false"
    direct = _post(page, "/api/equity", {"game": "holdem", "hands": ["QQ", "KK"], "dead": "Qs Qh"})
    assert _equity(page, 0) == pytest.approx(direct["players"][0]["equity"], abs=1e-12)
    # A dead card that is no card: refused on the field, with the library's reason.
    page.fill("#range-dead", "Qs Zx")
    page.locator("#range-cards-problem").wait_for(state="visible")
    assert "'Zx' is not a card" in page.locator("#range-cards-problem").inner_text()
    assert page.get_attribute("#range-dead", "aria-invalid") == "true"


def test_hi_lo_shows_high_low_and_scoop_and_omaha_ranges_are_text(page: Any) -> None:
    page.select_option("#game", "omaha_hilo")
    page.wait_for_selector("#range-grid-box", state="hidden")
    assert page.locator("#range-omaha").is_visible()
    _type_range(page, 0, "A2xx")
    _type_range(page, 1, "KKQQ")
    _idle(page)
    page.wait_for_selector(".range-row[data-seat='0'] .part.scoop")
    text = page.input_value("#range-text-0")
    assert parse_range(text, game="omaha_hilo") == parse_range("A2xx", game="omaha_hilo")
    direct = _post(page, "/api/equity", {"game": "omaha_hilo", "hands": ["A2xx", "KKQQ"]})
    for seat in (0, 1):
        row = page.locator(f".range-row[data-seat='{seat}']")
        shown = {
            kind: float(row.locator(f".part.{kind}").get_attribute("data-value"))
            for kind in ("high", "low", "scoop")
        }
        player = direct["players"][seat]
        # Sampled under a time cap: the two runs see different deals, alike within 1%.
        assert shown["high"] == pytest.approx(player["high"], abs=0.01)
        assert shown["low"] == pytest.approx(player["low"], abs=0.01)
        assert shown["scoop"] == pytest.approx(player["win"], abs=0.01)
        assert shown["high"] + shown["low"] == pytest.approx(_equity(page, seat), abs=1e-9)
        assert "High" in row.inner_text()
        assert "Scoop" in row.inner_text()
    assert "scoop" in page.locator("#range-legend").inner_text()
    # KKQQ has no low: its low share is nothing.
    assert float(
        page.locator(".range-row[data-seat='1'] .part.low").get_attribute("data-value")
    ) == pytest.approx(0.0, abs=1e-12)
    _shot(page, "web-ranges-hilo.png")
    # An Omaha pattern that cannot be read is refused in place.
    _type_range(page, 0, "AKq")
    page.locator(".range-row[data-seat='0'] .range-problem").wait_for(state="visible")


def test_badugi_says_why_a_card_is_dimmed(page: Any) -> None:
    page.click('.example[data-id="003-badugi-1"]')
    page.wait_for_selector(".player[data-seat='1'] .card[data-reason]")
    # Player 1: 4c 4d 2h As plays 4-2-A; one of the fours is dimmed as a pair of the other.
    dimmed = page.locator(".player[data-seat='0'] .card[data-reason]")
    assert dimmed.count() == 1
    card = dimmed.get_attribute("data-card")
    other = {"4c": "4d", "4d": "4c"}[card]
    assert dimmed.get_attribute("data-reason") == "pair"
    spoken = {"c": "clubs", "d": "diamonds"}
    assert dimmed.get_attribute("aria-label") == (
        f"Four of {spoken[card[1]]} does not play: it pairs Four of {spoken[other[1]]}"
    )
    symbol = {"c": "♣", "d": "♦"}
    note = page.locator(".player[data-seat='0'] .dim-note").inner_text()
    assert note == f"4{symbol[card[1]]} does not play: it pairs 4{symbol[other[1]]}"
    # Player 2: 3h 2c Ad Kh plays 3-2-A; the King of hearts repeats the three's suit.
    king = page.locator(".player[data-seat='1'] .card[data-reason]")
    assert king.get_attribute("data-card") == "Kh"
    assert king.get_attribute("data-reason") == "suit"
    assert king.get_attribute("title") == (
        "King of hearts does not play: same suit as Three of hearts"
    )
    assert page.locator(".player[data-seat='1'] .dim-note").inner_text() == (
        "K♥ does not play: same suit as 3♥"
    )
    _shot(page, "web-badugi-reasons.png", "#players")


def test_the_reasons_and_the_range_editor_are_the_servers(page: Any) -> None:
    """The page holds no rule of a game: it draws the reasons the server gives (none when
    it gives none) and shows the range editor's grid and patterns as the game says."""

    def without_reasons(route: Any) -> None:
        answer = route.fetch()
        body = answer.json()
        for player in body["players"]:
            for value in (player.get("hands") or {}).values():
                if value:
                    value["idle"] = []
        route.fulfill(response=answer, json=body)

    page.route("**/api/showdown?*", without_reasons)
    page.click('.example[data-id="003-badugi-1"]')
    page.wait_for_selector("#winners[data-names='[\"Player 2\"]']")
    page.wait_for_selector(".player[data-seat='1'] .card.idle[data-card='Kh']")
    assert page.locator(".card[data-reason]").count() == 0
    assert page.locator(".dim-note").count() == 0
    page.unroute("**/api/showdown?*")

    def reshaped(route: Any) -> None:
        answer = route.fetch()
        games = answer.json()
        for game in games:
            if game["name"] == "holdem":
                game["range_grid"] = None
                game["range_patterns"] = True
                game["range_example"] = "example from the server"
        route.fulfill(response=answer, json=games)

    page.route("**/api/games?*", reshaped)
    page.select_option("#lang", "ru")  # the page asks for the games again
    page.wait_for_function("document.documentElement.lang === 'ru'")
    page.select_option("#game", "holdem")
    page.wait_for_selector("#range-grid-box", state="hidden")
    assert page.locator("#range-omaha").is_visible()
    assert page.get_attribute("#range-text-0", "placeholder") == "example from the server"


def test_two_flushes_and_two_high_cards_are_named_apart(page: Any, base_url: str) -> None:
    players = [["Ann", "Kh 4c", "", "", 0, 0], ["Bob", "Qh 4d", "", "", 0, 0]]
    state = {"g": "holdem", "p": players, "b": ["Ah 9h 5h 2h 3d"]}
    page.goto(f"{base_url}/#s={quote(json.dumps(state))}")
    page.wait_for_selector("#winners[data-names='[\"Ann\"]']")
    first = page.locator(".player[data-seat='0'] .desc").inner_text()
    second = page.locator(".player[data-seat='1'] .desc").inner_text()
    assert first == "Ace-high flush (Ace-King-Nine-Five-Two)"
    assert second == "Ace-high flush (Ace-Queen-Nine-Five-Two)"
    _shot(page, "web-two-flushes.png", "#players")
    # High cards: A K 9 7 5 against A Q 9 7 5, both "Ace high" until the ranks are carried.
    players = [["Ann", "Kd 7c", "", "", 0, 0], ["Bob", "Qd 7h", "", "", 0, 0]]
    state = {"g": "holdem", "p": players, "b": ["Ac 9d 5s 3h 2c"]}
    page.goto(f"{base_url}/#s={quote(json.dumps(state))}")
    # The same page, a new hash: wait until the new hands are drawn (Ann wins both times).
    page.wait_for_function(
        "document.querySelector('.player[data-seat=\"1\"] .desc')?.textContent"
        ".startsWith('Ace high (')",
        timeout=20_000,
    )
    assert page.locator(".player[data-seat='0'] .desc").inner_text() == (
        "Ace high (Ace-King-Nine-Seven-Five)"
    )
    assert page.locator(".player[data-seat='1'] .desc").inner_text() == (
        "Ace high (Ace-Queen-Nine-Seven-Five)"
    )
    # Two hands of one name and one strength (a split) need no ranks.
    players = [["Ann", "3d 2h", "", "", 0, 0], ["Bob", "3c 4d", "", "", 0, 0]]
    state = {"g": "holdem", "p": players, "b": ["Ac Kd 9s 7h 5c"]}
    page.goto(f"{base_url}/#s={quote(json.dumps(state))}")
    page.wait_for_selector('#winners[data-names=\'["Ann","Bob"]\']')
    assert page.locator(".player[data-seat='0'] .desc").inner_text() == "Ace high"


@pytest.mark.parametrize("lang", ["ru", "ro"])
def test_no_english_left_in_the_range_ui(page: Any, lang: str) -> None:
    from showdown.web.ui import page_messages

    english = page_messages("en")
    translated = page_messages(lang)
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    _type_range(page, 0, "QQ+, AKs")
    _type_range(page, 1, "random")
    _idle(page)
    page.wait_for_selector(".range-row[data-seat='0'] .bar-value")
    script = (
        "document.querySelector('{0}').innerText + '\\n' +"
        " [...document.querySelectorAll('{0} [aria-label], {0} [title]')]"
        ".map(n => n.getAttribute('aria-label') + '\\n' + n.title).join('\\n')"
    )
    text = page.evaluate(script.format("#ranges"))
    # The Badugi reasons (the ranges above are Hold'em's: Badugi would refuse them).
    page.click('.example[data-id="003-badugi-1"]')
    page.wait_for_selector(".player[data-seat='1'] .card[data-reason]")
    text += page.evaluate(script.format("#players"))
    left = [
        message
        for message in english
        if not message.startswith("lang:")
        and translated[message] != message
        and len(message) >= 5
        and message.lower() in text.lower()  # headings are upper-cased by the style
    ]
    assert left == [], [text[max(0, text.lower().find(m.lower()) - 80) :][:160] for m in left]
    # The new words are there, translated.
    for message in ("Ranges", "Dead cards", "Weight", "Top hands", "combos"):
        assert translated[message].lower() in text.lower()
    for reason in (
        "{card} does not play: it pairs {other}",
        "{card} does not play: same suit as {other}",
    ):
        middle = translated[reason].split("{card}")[1].split("{other}")[0]
        assert middle.strip()
        assert middle in text
    _shot(page, f"web-ranges-{lang}.png")


def test_phone_the_range_ui_fits(browser: Any, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale="en-US",
        has_touch=True,
        is_mobile=True,
        bypass_csp=True,
    )
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector("#range-grid .cell")
    page.fill("#range-text-0", "QQ+, AKs, 76s:0.5")
    page.fill("#range-text-1", "random")
    page.wait_for_selector(".range-row[data-seat='0'] .bar-value", timeout=20_000)
    page.locator("#ranges").scroll_into_view_if_needed()
    width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= inner
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('#ranges *')]"
        ".map(n => n.getBoundingClientRect().right))"
    )
    assert right <= inner
    # A tap on a cell adds it.
    page.locator("#range-grid .cell[data-class='22']").tap()
    page.wait_for_function(
        "document.querySelector('#range-grid .cell[data-class=\"22\"]').dataset.weight === '1'"
    )
    width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= inner
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#ranges").screenshot(path=str(ARTIFACTS / "web-ranges-phone.png"))
    context.close()
