"""The range endpoints behind the page's range editor, and hands that carry their ranks."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from showdown.ranges import HAND_CLASSES, class_combos, parse_range
from showdown.web._ranges import top_share
from tests._web_server import running_server


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with running_server() as url, httpx.Client(base_url=url, timeout=120) as client:
        yield client


def test_a_range_is_read_and_written_back(client: httpx.Client) -> None:
    # A later token sets the weight of the combos it shares: AKs taken out, KK halved.
    body = client.post("/api/range", json={"text": "QQ+, AKs, 76s:0.5, AKs:0, KK:0.5"}).json()
    assert parse_range(body["text"]) == parse_range("AA, QQ, KK:0.5, 76s:0.5")
    weights = {name: w for name, w in zip(HAND_CLASSES, body["classes"], strict=True) if w}
    assert weights == {"AA": 1.0, "KK": 0.5, "QQ": 1.0, "76s": 0.5}
    assert body["combos"] == 6 + 6 + 6 + 4
    assert body["weight"] == 6 + 3 + 6 + 2
    assert body["share"] == pytest.approx(17 / 1326)
    # One combo of a class fills its share of the class.
    one = client.post("/api/range", json={"text": "AhKh"}).json()
    assert one["classes"][HAND_CLASSES.index("AKs")] == 0.25
    empty = client.post("/api/range", json={"text": "  "}).json()
    assert (empty["text"], empty["combos"], sum(empty["classes"])) == ("", 0, 0)


def test_range_errors_name_the_text(client: httpx.Client) -> None:
    answer = client.post("/api/range", json={"text": "QQ+, AKq"})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["field"] == "text"
    assert error["type"] == "RangeParseError"
    assert "'AKq' is not a range token" in error["message"]
    assert (
        client.post("/api/range", json={"game": "nope", "text": "AA"}).json()["error"]["field"]
        == "game"
    )


def test_omaha_ranges_are_text(client: httpx.Client) -> None:
    body = client.post("/api/range", json={"game": "omaha", "text": "AAxx"}).json()
    assert body["classes"] is None
    assert body["combos"] == len(parse_range("AAxx", game="omaha"))


def test_the_top_share_order(client: httpx.Client) -> None:
    order = client.get("/api/range-order").json()
    assert sorted(order["classes"]) == sorted(HAND_CLASSES)
    assert order["equity"] == sorted(order["equity"], reverse=True)
    assert order["combos"] == [len(class_combos(name)) for name in order["classes"]]
    assert order["deals_per_hand"] == 100_000
    # 1% of 1,326 is 13.26 combos: AA and KK (12), not QQ as well (18).
    assert order["classes"][:2] == ["AA", "KK"]
    assert top_share(order["classes"], 1.0) == ["AA", "KK"]
    assert len(top_share(order["classes"], 100.0)) == 169
    assert top_share(order["classes"], 0.0) == []


def test_hands_carry_their_ranks_on_request(client: httpx.Client) -> None:
    record = {
        "game": "holdem",
        "board": "Ah 9h 5h 2h 3d",
        "players": [{"name": "Ann", "cards": "Kh 4c"}, {"name": "Bob", "cards": "Qh 4d"}],
    }
    plain = client.post("/api/showdown", json=record).json()
    assert "ranks" not in plain["players"][0]["hands"]["high"]  # the contract, as it is
    body = client.post("/api/showdown", params={"ranks": "true"}, json=record).json()
    ann, bob = (p["hands"]["high"] for p in body["players"])
    assert ann["description"] == bob["description"] == "Ace-high flush"
    assert ann["ranks"] == "Ace-King-Nine-Five-Two"
    assert bob["ranks"] == "Ace-Queen-Nine-Five-Two"
    ru = client.post("/api/showdown", params={"ranks": "true", "lang": "ru"}, json=record).json()
    assert ru["players"][0]["hands"]["high"]["ranks"] == "туз-король-девятка-пятёрка-двойка"
    hand = client.post("/api/hand", json={"cards": "Kh 4c", "board": "Ah 9h 5h 2h 3d"}).json()
    assert hand["hands"]["high"]["ranks"] == "Ace-King-Nine-Five-Two"


def test_hi_lo_equity_carries_the_scoop(client: httpx.Client) -> None:
    body = client.post(
        "/api/equity", json={"game": "omaha_hilo", "hands": ["As2s3h4h", "KdKcQdQc"]}
    ).json()
    for player in body["players"]:
        assert player["scoop"] == player["win"]
        assert player["high"] + player["low"] == pytest.approx(player["equity"])
