"""The HTTP API against a real uvicorn server on a loopback port.

Every endpoint, every class of bad input (a 4xx whose JSON names the field and
says why, never a 500), the limits, the languages, the ``showdown serve``
command, and Schemathesis over the OpenAPI schema.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from showdown.contract import resolve_json
from showdown.equity import equity
from showdown.games import GAMES
from showdown.ranges import HAND_CLASSES
from showdown.web import Settings, create_app
from tests._web_server import running_server

LIMITS = Settings(
    max_body_bytes=8192, max_players=10, equity_max_samples=1_000_000, equity_max_seconds=2.0
)
BOARD = "Kc Td Kh Ts 3c"
FIVE: dict[str, Any] = {
    "game": "holdem",
    "board": BOARD,
    "button": 4,
    "players": [
        {"name": "Peter", "cards": "Ks 2d", "stake": 50},
        {"name": "Hans", "cards": "Kd 7h", "stake": 50},
        {"name": "Michael", "cards": "Ac Th", "stake": 50},
        {"name": "Gabriel", "cards": "Tc 3s", "stake": 50},
        {"name": "Paul", "cards": "3h 3d", "stake": 50},
    ],
}


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with running_server(LIMITS) as url:
        yield url


@pytest.fixture(scope="module")
def client(base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base_url, timeout=30) as http:
        yield http


def _error(response: httpx.Response, status: int = 422) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"type", "field", "message"}
    error: dict[str, Any] = body["error"]
    return error


# The endpoints.


def test_games(client: httpx.Client) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {g["name"]: g for g in response.json()}
    assert set(games) == set(GAMES)
    assert games["holdem"]["hole_cards"] == 2
    assert games["holdem"]["board_cards"] == [3, 4, 5]
    assert games["omaha_hilo"]["halves"] == ["high", "low"]
    assert games["omaha_hilo"]["hole_cards_used"] == 2
    assert games["shortdeck"]["ranks"] == "6789TJQKA"
    assert games["razz"]["ranks"] == "23456789TJQKA"
    russian = {g["name"]: g["title"] for g in client.get("/api/games?lang=ru").json()}
    assert russian["holdem"] == "Техасский холдем"


def test_games_give_the_page_every_shape_it_draws(client: httpx.Client) -> None:
    """The page holds no rule of a game: the board, the range editor's grid and notation
    come with the game, each as the library and the range editor have it."""
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name, game in GAMES.items():
        assert games[name]["full_board"] == game.full_board, name
    assert games["holdem"]["full_board"] == 5
    assert games["razz"]["full_board"] == 0
    # The grid: Hold'em's 169 classes as the range editor reads them, row by row.
    grid = games["holdem"]["range_grid"]
    assert [name for row in grid for name in row] == list(HAND_CLASSES)
    assert grid[0][:2] == ["AA", "AKs"]
    assert grid[1][0] == "AKo"
    assert [n for n, g in games.items() if g["range_grid"] is not None] == ["holdem"]
    for name, game in games.items():  # the same games as the range editor's weights
        answer = client.post("/api/range", json={"game": name, "text": ""}).json()
        assert (answer["classes"] is None) == (game["range_grid"] is None), name
    # The notation: Omaha's patterns where they apply; each example reads in its game.
    patterns = {n for n, g in games.items() if g["range_patterns"]}
    assert {"omaha", "omaha5", "omaha_hilo", "courchevel"} <= patterns
    assert not patterns & {"holdem", "shortdeck", "stud", "razz", "badugi", "five_card_draw"}
    for name in ("holdem", "shortdeck", "omaha", "omaha_hilo", "stud", "badugi"):
        example = games[name]["range_example"]
        answer = client.post("/api/range", json={"game": name, "text": example})
        assert answer.status_code == 200, (name, example, answer.text)
        assert answer.json()["combos"] > 0


def test_messages(client: httpx.Client) -> None:
    body = client.get("/api/messages", headers={"Accept-Language": "ro-RO,ro;q=0.9"}).json()
    assert body["lang"] == "ro"
    assert body["messages"]["Board"] == "Masa"
    assert body["languages"] == {"en": "English", "ru": "Русский", "ro": "Română"}


def test_hand(client: httpx.Client) -> None:
    response = client.post("/api/hand", json={"cards": "Ks 2d", "board": BOARD})
    assert response.status_code == 200
    assert response.headers["content-language"] == "en"
    high = response.json()["hands"]["high"]
    assert high["description"] == "Kings full of Tens"
    assert high["cards"] == "Ks Kh Kc Ts Td"
    assert high["unused"] == "2d 3c"
    assert response.json()["hands"]["low"] is None


def test_hand_on_the_flop_and_in_hi_lo(client: httpx.Client) -> None:
    flop = client.post("/api/hand", json={"cards": ["Ks", "2d"], "board": "Kc Td Kh"}).json()
    assert flop["hands"]["high"]["description"] == "Three Kings, Ten-Two kickers"
    hilo = client.post(
        "/api/hand", json={"game": "omaha8", "cards": "Ah 2h Ks Kd", "board": "3c 4d 8s Kh 9c"}
    ).json()
    assert hilo["game"] == "omaha_hilo"
    assert hilo["hands"]["low"]["description"] == "8-4-3-2-A low"


@pytest.mark.parametrize(
    ("query", "header", "lang", "description"),
    [
        ({"lang": "ru"}, None, "ru", "Фулл-хаус, тройка королей и пара десяток"),
        ({}, "ro-RO,ro;q=0.9,en;q=0.5", "ro", "Full de popi și decari"),
        ({"lang": "en"}, "ru", "en", "Kings full of Tens"),
        ({}, "de, fr;q=0.9", "en", "Kings full of Tens"),
    ],
)
def test_languages(client, query, header, lang, description) -> None:
    headers = {"Accept-Language": header} if header else {}
    response = client.post(
        "/api/hand", json={"cards": "Ks 2d", "board": BOARD}, params=query, headers=headers
    )
    assert response.headers["content-language"] == lang
    assert response.json()["hands"]["high"]["description"] == description


def test_badugi_says_why_each_idle_card_does_not_play(client: httpx.Client) -> None:
    """Beside the contract, each hand says why a card held does not play where one card
    alone is why (Badugi): it pairs a card that plays, or repeats its suit."""
    hand = client.post("/api/hand", json={"game": "badugi", "cards": "4c 4d 2h As"}).json()
    low = hand["hands"]["low"] or hand["hands"]["high"]
    assert low["unused"] == "4c"
    assert low["idle"] == [{"card": "4c", "reason": "pair", "other": "4d"}]
    record = {
        "game": "badugi",
        "players": [{"name": "A", "cards": "4c 4d 2h As"}, {"name": "B", "cards": "3h 2c Ad Kh"}],
    }
    shown = client.post("/api/showdown", json=record, params={"ranks": "true"}).json()
    halves = [p["hands"] for p in shown["players"]]
    idle = [next(h for h in hands.values() if h)["idle"] for hands in halves]
    assert idle == [
        [{"card": "4c", "reason": "pair", "other": "4d"}],
        [{"card": "Kh", "reason": "suit", "other": "3h"}],
    ]
    # Four cards of two suits and three ranks: each idle card gives its reason.
    both = client.post("/api/hand", json={"game": "badugi", "cards": "Ah As 2h 3s"}).json()
    value = next(h for h in both["hands"].values() if h)
    reasons = {item["card"]: item for item in value["idle"]}
    assert set(reasons) == set(value["unused"].split())
    for card, item in reasons.items():
        other = item["other"]
        assert other in value["cards"].split()
        assert (card[0] == other[0]) == (item["reason"] == "pair")
        assert card[1] == other[1] or item["reason"] == "pair"
    # Elsewhere the cards that play outrank the rest: no reason is given card by card.
    holdem = client.post("/api/hand", json={"cards": "Ks 2d", "board": BOARD}).json()
    assert holdem["hands"]["high"]["idle"] == []
    # The contract itself is unchanged: no idle cards without ?ranks=true.
    plain = client.post("/api/showdown", json=record).json()
    assert all("idle" not in h for p in plain["players"] for h in p["hands"].values() if h)


def test_showdown_is_the_contract(client: httpx.Client) -> None:
    for lang in ("en", "ru", "ro"):
        response = client.post("/api/showdown", json=FIVE, params={"lang": lang})
        assert response.status_code == 200
        assert response.json() == resolve_json(FIVE, lang=lang)
    body = client.post("/api/showdown", json=FIVE).json()
    assert body["winners"] == ["Peter", "Hans"]
    assert [p["payout"] for p in body["players"]] == [125, 125, 0, 0, 0]
    assert body["pots"][0]["explanation"].startswith(
        "Peter and Hans split the main pot with Kings full of Tens"
    )


def test_every_worked_situation_of_the_page(client: httpx.Client) -> None:
    examples = json.loads((files("showdown.web") / "static" / "examples.json").read_text())
    assert len(examples["examples"]) >= 42
    for example in examples["examples"]:
        record = {
            "game": example["game"],
            "board": example["board"] or None,
            "players": example["players"],
        }
        body = client.post("/api/showdown", json=record).json()
        assert body["winners"] == example["winners"], example["id"]


def test_equity_exact(client: httpx.Client) -> None:
    response = client.post("/api/equity", json={"hands": ["AhKh", "QsQd"]})
    assert response.status_code == 200
    body = response.json()
    assert body["exact"] is True
    assert body["deals"] == 1_712_304
    assert isinstance(body["deals"], int)  # a count, not 1712304.0
    assert round(body["players"][0]["equity"], 5) == 0.46214
    assert body["grid"] is None


def test_equity_hi_lo_halves_and_sampling_caps(client: httpx.Client) -> None:
    body = client.post(
        "/api/equity",
        json={"game": "omaha8", "hands": ["Ah 2h Ks Kd", "Qc Jc Tc 9d"], "board": "3c 4d 8s"},
    ).json()
    first = body["players"][0]
    assert first["high"] + first["low"] == pytest.approx(first["equity"])
    sampled = client.post(
        "/api/equity", json={"hands": ["AhKh", "QsQd", "JcTc"], "samples": 50_000, "seed": 3}
    ).json()
    assert sampled["exact"] is False
    assert sampled["deals"] <= 50_000
    assert sampled["seed"] == 3
    again = client.post(
        "/api/equity", json={"hands": ["AhKh", "QsQd", "JcTc"], "samples": 50_000, "seed": 3}
    ).json()
    assert again["players"] == sampled["players"]
    error = _error(client.post("/api/equity", json={"hands": ["AhKh", "QQ"], "samples": 10**9}))
    assert error["field"] == "samples"
    assert "at most 1000000 deals" in error["message"]


def test_equity_grid(client: httpx.Client) -> None:
    body = client.post(
        "/api/equity",
        json={"hands": ["Ks 2d", "Kd 7h", "Ac Th"], "board": "Kc Td Kh", "grid_seat": 0},
    ).json()
    grid = body["grid"]
    assert grid["seat"] == 0
    assert len(grid["classes"]) == len(grid["equity"]) == 169
    assert grid["classes"][:2] == ["AA", "AKs"]
    assert grid["complete"] is True
    assert grid["equity"][grid["classes"].index("KK")] is None  # three kings are out
    for name in ("AA", "T9s", "72o"):
        exact = equity([name, "Kd 7h", "Ac Th"], "Kc Td Kh").players[0].equity
        assert grid["equity"][grid["classes"].index(name)] == pytest.approx(exact, abs=0.03)
    river = client.post(
        "/api/equity", json={"hands": ["Ks 2d", "Kd 7h"], "board": BOARD, "grid_seat": 1}
    ).json()
    assert river["grid"]["exact"] is True
    assert river["grid"]["equity"][river["grid"]["classes"].index("33")] == 0.0


# Every class of bad input: 4xx, the field at fault, the library's message.

ERRORS = [
    # (path, body, status, type, field, words in the message)
    ("/api/hand", {"cards": "Ks Zx"}, 422, "CardParseError", "cards", "'Zx' is not a card"),
    ("/api/hand", {"cards": "Ks 2d", "board": "Kc 1d Kh"}, 422, "CardParseError", "board", "1d"),
    ("/api/hand", {"cards": "Ks Ks"}, 422, "DuplicateCardError", "cards", "Ks is used twice"),
    (
        "/api/hand",
        {"cards": "Ks 2d", "board": "Ks Td Kh"},
        422,
        "DuplicateCardError",
        "board",
        "both in the hand and on the board",
    ),
    ("/api/hand", {"cards": "Ks", "board": BOARD}, 422, "CardCountError", "cards", "needs 2 cards"),
    (
        "/api/hand",
        {"cards": "Ks 2d", "board": "Kc Td"},
        422,
        "CardCountError",
        "board",
        "3 or 4 or 5 board cards",
    ),
    ("/api/hand", {"game": "bridge", "cards": "Ks 2d"}, 422, "UnknownGameError", "game", "bridge"),
    (
        "/api/hand",
        {"game": "shortdeck", "cards": "Ks 2d", "board": "Kc Td Kh"},
        422,
        "CardParseError",
        "cards",
        "2d is not in the deck of shortdeck",
    ),
    ("/api/hand", {"cards": 5}, 422, "ValidationError", "cards", "valid string"),
    ("/api/hand", {"cards": "Ks 2d", "seat": 1}, 422, "ValidationError", "seat", "Extra inputs"),
    ("/api/hand", {}, 422, "ValidationError", "cards", "Field required"),
    (
        "/api/showdown",
        {**FIVE, "players": [*FIVE["players"][:4], {"name": "Paul", "cards": "3h Xd"}]},
        422,
        "CardParseError",
        "players[4].cards",
        "'Xd' is not a card",
    ),
    (
        "/api/showdown",
        {**FIVE, "players": [*FIVE["players"][:4], {"name": "Paul", "cards": "3h Ks"}]},
        422,
        "DuplicateCardError",
        "players[4].cards",
        "card Ks is used twice: by Paul and Peter",
    ),
    (
        "/api/showdown",
        {**FIVE, "players": [*FIVE["players"][:4], {"name": "Paul", "cards": "3h Kc"}]},
        422,
        "DuplicateCardError",
        "players[4].cards",
        "Kc is both in the hand and on the board",
    ),
    (
        "/api/showdown",
        {**FIVE, "players": [*FIVE["players"][:4], {"name": "Paul", "cards": "3h"}]},
        422,
        "CardCountError",
        "players[4].cards",
        "holdem needs 2 cards per player, got 1: 3h",
    ),
    (
        "/api/showdown",
        {**FIVE, "board": "Kc Td Kh"},
        422,
        "CardCountError",
        "board",
        "needs 5 board cards at a showdown, got 3",
    ),
    (
        "/api/showdown",
        {**FIVE, "players": [{**FIVE["players"][0], "stake": -5}, *FIVE["players"][1:]]},
        422,
        "ValidationError",
        "players[0].stake",
        "greater than or equal to 0",
    ),
    (
        "/api/showdown",
        {**FIVE, "players": [{**FIVE["players"][0], "dead": "60"}, *FIVE["players"][1:]]},
        422,
        "StakeError",
        "players",
        "Peter: dead 60 is more than the stake 50",
    ),
    (
        "/api/showdown",
        {**FIVE, "rake": "251"},
        422,
        "StakeError",
        "rake",
        "rake is more than the pots",
    ),
    (
        "/api/showdown",
        {**FIVE, "button": 9},
        422,
        "StakeError",
        "button",
        "button 9 is not a seat",
    ),
    (
        "/api/showdown",
        {**FIVE, "players": [{**FIVE["players"][0], "stake": "5O"}, *FIVE["players"][1:]]},
        422,
        "ValidationError",
        "players[0].stake",
        "valid integer",
    ),
    (
        "/api/showdown",
        {**FIVE, "odd_chip": "dealer"},
        422,
        "ValidationError",
        "odd_chip",
        "'auto', 'button' or 'high_card'",
    ),
    (
        "/api/showdown",
        {
            "game": "stud",
            "players": [{"cards": "As Ks Qs Js Ts 9s 8s"}] * 11,
        },
        422,
        "StakeError",
        "players",
        "11 players: this server takes at most 10",
    ),
    ("/api/equity", {"hands": ["AhKh", "QQ+, ZZ"]}, 422, "RangeParseError", "hands[1]", "ZZ"),
    (
        "/api/equity",
        {"hands": ["AhKh", "AhQd"]},
        422,
        "DuplicateCardError",
        "hands[1]",
        "card Ah is also in another hand",
    ),
    ("/api/equity", {"hands": ["AhKh"]}, 422, "CardCountError", "hands", "2 to 10 players"),
    (
        "/api/equity",
        {"game": "omaha", "hands": ["AhKhQhJh", "2c3c4c5c"], "grid_seat": 0},
        422,
        "ShowdownError",
        "grid_seat",
        "for holdem",
    ),
]


def test_card_room_showdown_over_http(client: httpx.Client) -> None:
    record = json.loads(
        (Path(__file__).parent.parent / "examples" / "showdowns.jsonl").read_text().splitlines()[-1]
    )
    response = client.post("/api/showdown", json=record)
    assert response.status_code == 200
    assert response.json() == resolve_json(record)
    assert [p["payout"] for p in response.json()["players"]] == ["12.08", "12.07", "0.00", "0.00"]
    bad = {**record, "players": [{**record["players"][0], "stake": 10.25}, *record["players"][1:]]}
    error = _error(client.post("/api/showdown", json=bad))
    assert error["field"] == "players[0].stake"


@pytest.mark.parametrize(
    ("path", "body", "status", "kind", "field", "words"),
    ERRORS,
    ids=[f"{e[0].rsplit('/', 1)[1]}-{e[3]}-{e[4]}" for e in ERRORS],
)
def test_bad_input_is_a_4xx_naming_the_field(client, path, body, status, kind, field, words):
    error = _error(client.post(path, json=body), status)
    assert error["type"] == kind
    assert error["field"] == field
    assert words in error["message"]


def test_bad_json_and_bad_language(client: httpx.Client) -> None:
    error = _error(
        client.post("/api/hand", content=b"{cards", headers={"content-type": "application/json"})
    )
    assert error["field"] == "body"
    assert "not valid JSON" in error["message"]
    error = _error(
        client.post("/api/hand", content=b"\xff\xfe{", headers={"content-type": "application/json"})
    )
    assert error["field"] == "body"
    error = _error(client.post("/api/hand", json={"cards": "Ks 2d"}, params={"lang": "de"}))
    assert error == {
        "type": "UnknownLanguageError",
        "field": "lang",
        "message": "'de' is not a supported language: use one of en, ru, ro",
    }


def test_oversize_requests_are_413(client: httpx.Client) -> None:
    big = {"cards": "Ks 2d", "board": "Kc " * 4000}
    error = _error(client.post("/api/hand", json=big), 413)
    assert error["type"] == "RequestTooLarge"
    assert error["field"] == "body"
    assert "the limit is 8192 bytes" in error["message"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
        yield b'{"cards": "Ks 2d", "board": "'
        for _ in range(100):
            yield b"Kc " * 40
        yield b'"}'

    error = _error(
        client.post("/api/hand", content=chunks(), headers={"content-type": "application/json"}),
        413,
    )
    assert "over 8192 bytes" in error["message"]


def test_unknown_paths_and_methods_answer_json(client: httpx.Client) -> None:
    assert _error(client.get("/api/nothing"), 404)["message"] == "Not Found"
    assert _error(client.get("/api/hand"), 405)["type"] == "HTTPError"


STATIC = Path(str(files("showdown.web") / "static"))
IMPORT = re.compile(r"""^import .* from "\./([\w-]+\.js)";$""", re.MULTILINE)


def test_the_page_and_its_files_are_served_without_outside_resources(client) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "text/html" in page.headers["content-type"]
    assert '<script type="module" src="/static/main.js">' in page.text
    # The page's modules, from main.js along their imports: each served as JavaScript
    # (module scripts need it), none left out, none reaching outside.
    modules: dict[str, str] = {}
    waiting = ["main.js"]
    while waiting:
        name = waiting.pop()
        if name in modules:
            continue
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        assert response.headers["content-type"] == "text/javascript; charset=utf-8", name
        modules[name] = response.text
        waiting.extend(IMPORT.findall(response.text))
    assert set(modules) == {path.name for path in STATIC.glob("*.js")}
    for name in (*modules, "style.css", "examples.json"):
        text = modules.get(name) or client.get(f"/static/{name}").text
        assert "http://" not in text
        assert "https://" not in text
        assert "import(" not in text, name  # every import is a static one, listed above
    links = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)""", page.text)
    assert links
    assert all(link.startswith(("/", "data:")) for link in links), links
    assert client.get("/docs").status_code == 404  # Swagger UI would load a CDN


def test_the_pages_scripts_hold_no_rule_of_a_game() -> None:
    """Every rule is the server's: no script names a game, a ranking or a kind of game,
    or reads a game's rankings or family to decide anything itself."""
    from showdown.games import Family
    from showdown.rules import RANKINGS

    names = {n for game in GAMES.values() for n in (game.name, *game.aliases)}
    names |= set(RANKINGS) | {family.value for family in Family}
    names -= {half for game in GAMES.values() for half in game.halves}  # the API's keys
    for path in sorted(STATIC.glob("*.js")):
        text = path.read_text(encoding="utf-8")
        quoted = {w for q in "\"'`" for w in re.findall(f"{q}([^{q}\n]*){q}", text)}
        assert not quoted & names, (path.name, quoted & names)
        assert not re.search(r"\.(rankings|family|hole_cards_used)\b", text), path.name


def test_openapi(client: httpx.Client) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/api/hand", "/api/showdown", "/api/games", "/api/equity"} <= set(schema["paths"])
    showdown = schema["paths"]["/api/showdown"]["post"]
    assert {"200", "413", "422"} <= set(showdown["responses"])
    assert "ShowdownRequest" in schema["components"]["schemas"]
    assert schema == create_app(LIMITS, warm_up=False).openapi()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_the_serve_command() -> None:
    port = _free_port()
    env = {**os.environ, "SHOWDOWN_MAX_BODY_BYTES": "4096"}
    process = subprocess.Popen(
        [sys.executable, "-m", "showdown", "serve", "--port", str(port), "--max-players", "3"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            assert time.monotonic() < deadline, "showdown serve did not start"
            time.sleep(0.1)
        error = _error(httpx.post(f"{url}/api/showdown", json=FIVE, timeout=10))
        assert "at most 3 per request" in error["message"]
        error = _error(httpx.post(f"{url}/api/hand", content=b"x" * 5000, timeout=10), 413)
        assert "the limit is 4096 bytes" in error["message"]
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            answer = b""
            while chunk := connection.recv(65536):  # the headers and the body may come apart
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 400 ")
        assert b'"type": "MalformedRequest"' in answer
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_serve_command_refuses_bad_limits() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "serve", "--max-players", "99"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "max_players must be a whole number from 2 to 23, got 99" in done.stderr


# Schemathesis: generated requests from the schema, every check schemathesis has.
#
# Two of its checks need the statuses this API uses: a request the schema refuses
# may be refused as too large (413) as well as invalid (422); and a request the
# schema accepts may still be refused for what no schema can say (a card given
# twice, a hand of the wrong size for the game, a range or history that does not
# read). Such a refusal must be one of those semantic errors, never the schema's
# own (``_schema_says_yes_server_agrees`` below): the schema says exactly what the
# server's parsers read (games, languages, card texts).


SEMANTIC_ONLY: frozenset[str] = frozenset(
    {"ValidationError", "UnknownGameError", "UnknownLanguageError"}
)
"""Error types that mean "the request is malformed": never for schema-valid data."""

SCHEMATHESIS = SchemathesisConfig.from_dict(
    {
        "checks": {
            "negative_data_rejection": {"expected-statuses": ["400", "413", "422"]},
            "positive_data_acceptance": {"expected-statuses": ["2xx", "422", "503"]},
        }
    }
)


@schemathesis.check
def schema_valid_requests_are_refused_only_for_semantic_reasons(
    ctx: Any, response: Any, case: Any
) -> bool | None:
    """A 422 for data the schema accepts names a reason beyond the schema."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    kind = response.json()["error"]["type"]
    message = response.json()["error"]["message"]
    if kind in SEMANTIC_ONLY or (kind == "CardParseError" and "deck" not in message):
        raise AssertionError(f"the schema accepts what the server reads as malformed: {message}")
    return None


# The schema the server serves (test_openapi checks they are the same), loaded at
# collection so that each operation is a test of its own.
schema = schemathesis.openapi.from_dict(
    create_app(LIMITS, warm_up=False).openapi(), config=SCHEMATHESIS
)


@schema.parametrize()
@settings(max_examples=40, suppress_health_check=list(HealthCheck), deadline=None)
def test_schemathesis(case: Any, base_url: str) -> None:
    case.call_and_validate(
        base_url=base_url,
        additional_checks=[schema_valid_requests_are_refused_only_for_semantic_reasons],
        timeout=30,
    )


# The limits, as settings.


def test_settings_from_the_environment_and_overrides() -> None:
    env = {"SHOWDOWN_MAX_BODY_BYTES": "1024", "SHOWDOWN_EQUITY_MAX_SECONDS": "0.5"}
    limits = Settings.from_env(env, max_players=4)
    assert limits == Settings(max_body_bytes=1024, max_players=4, equity_max_seconds=0.5)
    assert Settings.from_env({}, max_players=None) == Settings()
    with pytest.raises(ValueError, match="SHOWDOWN_MAX_PLAYERS='many' is not a number"):
        Settings.from_env({"SHOWDOWN_MAX_PLAYERS": "many"})
    with pytest.raises(ValueError, match="max_body_bytes must be a whole number"):
        Settings(max_body_bytes=10)
    with pytest.raises(ValueError, match="equity_max_seconds must be a positive number"):
        Settings(equity_max_seconds=0)


def test_security_headers_on_every_response(client: httpx.Client) -> None:
    answers = [
        client.get("/"),
        client.get("/api/games"),
        client.post("/api/hand", json={"cards": "Zx"}),
        client.post("/api/hand", content=b"x" * 9000, headers={"content-type": "application/json"}),
        client.get("/no-such-page"),
    ]
    assert [a.status_code for a in answers] == [200, 200, 422, 413, 404]
    for answer in answers:
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        assert "default-src 'self'" in answer.headers["content-security-policy"]
