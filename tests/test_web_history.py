"""POST /api/history against a real uvicorn server: a pasted history, audited, each showdown
in the JSON contract.

The expected payouts are worked out from the histories' actions by hand (in
the comments), not read from the code under test; the records are also
compared with ``showdown audit --json`` on the same files.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.history import reader
from showdown.history._text import open_text
from showdown.history.formats import Format
from showdown.web import Settings
from tests._web_server import running_server

HISTORIES = Path(__file__).parent / "data" / "histories"
LIMITS = Settings(max_body_bytes=16_384)

# A hand that ends before the showdown: Bob folds to Ann's raise.
NO_SHOWDOWN = """\
PokerStars Hand #700000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/05/01 12:00:00 ET
Table 'Paste' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.20 to $0.30
Bob: folds
Uncalled bet ($0.20) returned to Ann
Ann collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Ann (button) (small blind) collected ($0.20)
Seat 2: Bob (big blind) folded before Flop
"""


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with running_server(LIMITS) as url, httpx.Client(base_url=url, timeout=30) as http:
        yield http


def _post(client: httpx.Client, text: str, **extra: Any) -> dict[str, Any]:
    response = client.post("/api/history", json={"text": text, **extra})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _error(response: httpx.Response, status: int = 422) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"type", "field", "message"}
    error: dict[str, Any] = body["error"]
    return error


STARS_AND_PHH = [
    "pokerstars_cash.txt",
    "pokerstars_games.txt",
    "pokerstars_tournament.txt",
    "pokerstars_truncated.txt",
    "pokerstars_does_not_add_up.txt",
    "ggpoker_cash.txt",
    "fulltilt_cash.txt",
    "phh/po_rake_cents.phh",
    "phh/nt_side_pots.phh",
    "phh/fo8_quartered.phh",
    "phh/tournament.phhs",
]
ROOM_FOLDERS = sorted(p for p in HISTORIES.iterdir() if p.is_dir() and p.name != "phh")
"""Each room's sample folder (every file in it is a history of that room, or a broken one)."""
ROOM_FILES = sorted(path for folder in ROOM_FOLDERS for path in folder.iterdir() if path.is_file())


@pytest.fixture(scope="module")
def cli_records() -> dict[str, list[dict[str, Any]]]:
    """`showdown audit --json` on every sample file and room folder (one process), by file."""
    paths = [str(HISTORIES / name) for name in STARS_AND_PHH] + [str(f) for f in ROOM_FOLDERS]
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "audit", "--json", *paths],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    records: dict[str, list[dict[str, Any]]] = {}
    for line in done.stdout.splitlines():
        if line.strip():
            record = json.loads(line)
            records.setdefault(record["file"], []).append(record)
    return records


def test_pokerstars_side_pots_three_all_ins(client: httpx.Client) -> None:
    answer = _post(client, (HISTORIES / "pokerstars_cash.txt").read_text())
    assert answer["format"] == "text"
    assert answer["hands_read"] == 5
    first = answer["hands"][0]
    # Ann $20 all in, Bob $45 all in, Cid $80 all in, Dan calls $80, Eve folds:
    # main 4 x 20 = 80 less the $3 rake = 77 (Ann's Eight-to-Queen straight),
    # side 1: 3 x 25 = 75 (Bob's set of Queens), side 2: 2 x 35 = 70 (Cid's Aces).
    assert first["audit"]["verdict"] == "agree"
    assert first["audit"]["file"] == "<pasted>"
    assert {n: p["resolved"] for n, p in first["audit"]["players"].items()} == {
        "Ann": "77.00",
        "Bob": "75.00",
        "Cid": "70.00",
        "Dan": "0.00",
    }
    assert first["info"]["table"] == "Testa I"
    record = first["showdown"]
    assert record["board"] == "2c 7d Js 8h Qs"
    assert [(p["name"], p["cards"]) for p in record["players"]] == [
        ("Ann", "Ts 9s"),
        ("Bob", "Qh Qd"),
        ("Cid", "Ah Ad"),
        ("Dan", "Kc Kd"),
    ]
    assert [float(p["stake"]) for p in record["players"]] == [20, 45, 80, 80]
    # PokerStars took the whole rake from the main pot; the record says so pot by pot.
    assert record["rake"] == ["3.00", "0.00", "0.00"]
    result = client.post("/api/showdown", json=record).json()
    assert {p["name"]: p["payout"] for p in result["players"]} == {
        "Ann": "77.00",
        "Bob": "75.00",
        "Cid": "70.00",
        "Dan": "0.00",
    }


@pytest.mark.parametrize("name", STARS_AND_PHH)
def test_the_records_are_those_of_showdown_audit_json(
    client: httpx.Client, cli_records: dict[str, list[dict[str, Any]]], name: str
) -> None:
    path = HISTORIES / name
    answer = _post(client, path.read_text(), format="phh" if ".phh" in name else "auto")
    expected = cli_records[str(path)]
    assert expected
    got = [hand["audit"] for hand in answer["hands"]]
    for record in expected:  # the pasted text has no file name; PHH hand ids carry it
        record["file"] = "<pasted>"
        record["hand"] = record["hand"].replace(path.name, "<pasted>")
    assert got == expected
    # Each showdown record, resolved by POST /api/showdown, pays what the audit resolved.
    for hand in answer["hands"]:
        if hand["showdown"] is None or hand["audit"]["verdict"] not in ("agree", "disagree"):
            continue
        result = client.post("/api/showdown", json=hand["showdown"])
        assert result.status_code == 200, result.text
        paid = {p["name"]: p["payout"] for p in result.json()["players"]}
        resolved = {n: Decimal(a["resolved"]) for n, a in hand["audit"]["players"].items()}
        assert {n: Decimal(paid[n]) for n in resolved} == resolved, hand["audit"]["hand"]


def test_phh_rake_in_cents(client: httpx.Client) -> None:
    answer = _post(client, (HISTORIES / "phh" / "po_rake_cents.phh").read_text())
    assert answer["format"] == "phh"  # told by its 'variant = ' line
    (hand,) = answer["hands"]
    # Blinds 0.25/0.50; Gus raises to 1.75, Eli folds his 0.25, Fay calls; 2.50 on the
    # flop, 5.00 on the river, both called: 0.25 + 2 x 9.25 = 18.75, less 0.90 rake.
    assert hand["audit"]["players"]["Fay"] == {"recorded": "17.85", "resolved": "17.85"}
    record = hand["showdown"]
    assert record["game"] == "omaha"
    assert [(p["name"], p["folded"]) for p in record["players"]] == [
        ("Eli", True),
        ("Fay", False),
        ("Gus", False),
    ]
    result = client.post("/api/showdown", json=record).json()
    assert result["winners"] == ["Fay"]
    assert result["rake"] == "0.90"


def test_a_run_it_twice_hand_keeps_both_boards(client: httpx.Client) -> None:
    answer = _post(client, (HISTORIES / "pokerstars_cash.txt").read_text())
    twice = next(h for h in answer["hands"] if h["audit"]["hand"] == "300000000004")
    assert twice["showdown"]["boards"] == ["2c 7s 9d 3h 4c", "Kc 8s 5d 6h Jc"]
    assert "board" not in twice["showdown"]
    # $100 each all in, $0.99 rake: 199.01 over two boards; Aces hold on the first,
    # Kings make a set on the second; the odd cent of 99.505 + 99.505 to one of them.
    amounts = sorted(p["resolved"] for p in twice["audit"]["players"].values())
    assert amounts == ["99.50", "99.51"]


def test_hands_without_a_showdown_are_counted(client: httpx.Client) -> None:
    answer = _post(client, NO_SHOWDOWN)
    assert answer == {"format": "text", "hands_read": 1, "skipped": {"no showdown": 1}, "hands": []}


def test_a_history_with_one_bad_hand_keeps_the_good_ones(client: httpx.Client) -> None:
    answer = _post(client, (HISTORIES / "pokerstars_truncated.txt").read_text())
    verdicts = [(h["audit"]["hand"], h["audit"]["verdict"]) for h in answer["hands"]]
    # The last hand breaks off at the river, before any showdown: counted as cut off,
    # not audited; the hands before it are.
    assert "300000000001" not in {hand for hand, _ in verdicts}
    assert answer["skipped"]["cut off"] == 1
    assert verdicts
    assert all(verdict == "agree" for _, verdict in verdicts)


@pytest.mark.parametrize(
    ("body", "field", "kind", "words"),
    [
        ({"text": ""}, "text", "HistoryInputError", "not a hand history"),
        ({"text": "hello, world"}, "text", "HistoryInputError", "line 1: not a hand history"),
        (
            {"text": NO_SHOWDOWN.split("*** SUMMARY")[0]},
            "text",
            "HistoryInputError",
            "hand 700000000001: the hand is cut off",
        ),
        ({"text": "variant = 'NT'\n"}, "text", "HistoryInputError", "starting_stacks"),
        ({"text": "[1]\nvariant = \n"}, "text", "HistoryInputError", "not valid TOML"),
        ({}, "text", "ValidationError", "Field required"),
        ({"text": 5}, "text", "ValidationError", "valid string"),
        ({"text": "x", "format": "xml"}, "format", "ValidationError", "'auto', 'text' or 'phh'"),
        ({"text": "x", "site": "pokerstars"}, "site", "ValidationError", "Extra inputs"),
    ],
)
def test_bad_input_is_a_4xx_naming_the_field(
    client: httpx.Client, body: dict[str, Any], field: str, kind: str, words: str
) -> None:
    error = _error(client.post("/api/history", json=body))
    assert (error["field"], error["type"]) == (field, kind)
    assert words in error["message"]


def test_a_history_over_the_body_limit_is_413(client: httpx.Client) -> None:
    text = (HISTORIES / "pokerstars_cash.txt").read_text() * 3
    error = _error(client.post("/api/history", json={"text": text}), 413)
    assert "the limit is 16384 bytes" in error["message"]


_SAMPLES = [
    (HISTORIES / name).read_text()
    for name in ("pokerstars_cash.txt", "ggpoker_cash.txt", "phh/nt_side_pots.phh")
]


@settings(max_examples=40)
@given(
    st.sampled_from(_SAMPLES),
    st.integers(0, 10_000),
    st.integers(0, 400),
    st.text(max_size=8),
)
def test_damaged_histories_are_never_a_server_error(
    client: httpx.Client, text: str, start: int, length: int, junk: str
) -> None:
    start %= len(text)
    damaged = text[:start] + junk + text[start + length :]
    response = client.post("/api/history", json={"text": damaged})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 422:
        assert response.json()["error"]["field"] == "text"


# -- every room showdown reads (or names) ----------------------------------------------------

# Each room's sample folder: every file in it is pasted, and the answer is compared with
# `showdown audit --json` on the file. A room whose reader is not wired into
# reader.FORMATS yet is answered as the audit names it: a 4xx naming the room.


def _pasted(path: Path) -> str:
    """The file's text as the readers decode it (UTF-16, a code page), as a user pastes it."""
    stream, _, _ = open_text(path)
    with stream:
        return stream.read()


def _identity(path: Path) -> reader.Identity:
    return reader.identify(reader.start_of(path), name=str(path))


@pytest.mark.parametrize("path", ROOM_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_room_pasted_gives_the_verdicts_of_showdown_audit_json(
    client: httpx.Client, cli_records: dict[str, list[dict[str, Any]]], path: Path
) -> None:
    expected = cli_records.get(str(path), [])
    identity = _identity(path)
    response = client.post("/api/history", json={"text": _pasted(path)})
    if identity.kind == "room":
        # a room showdown does not read: named, as the audit names it
        error = _error(response)
        assert (error["field"], error["type"]) == ("text", "HistoryInputError")
        assert identity.room in error["message"]
        assert [r["verdict"] for r in expected] == ["unread"]
        assert identity.room in expected[0]["reason"]
        return
    if identity.kind == "none":  # no history of any room: said so, as the audit says it
        error = _error(response)
        assert (error["field"], error["type"]) == ("text", "HistoryInputError")
        assert "not a hand history" in error["message"]
        assert [r["verdict"] for r in expected] == ["unread"]
        assert "not a hand history" in expected[0]["reason"]
        return
    if response.status_code == 422:  # no hand read at all: every one broke off or failed
        error = _error(response)
        assert error["field"] == "text"
        assert all(record["verdict"] == "error" for record in expected)
        if expected:  # the audit's first error record ("kind: reason"), as the 4xx message
            assert expected[0]["reason"].split(": ", 1)[-1] in error["message"]
        return
    assert response.status_code == 200, response.text
    answer = response.json()
    if identity.kind == "format":
        assert identity.format is not None
        assert answer["format"] == identity.format.name
    for record in expected:
        record["file"] = "<pasted>"
    assert [hand["audit"] for hand in answer["hands"]] == expected
    # Each showdown record pays, through POST /api/showdown, what the audit resolved.
    for hand in answer["hands"]:
        if hand["showdown"] is None or hand["audit"]["verdict"] not in ("agree", "disagree"):
            continue
        result = client.post("/api/showdown", json=hand["showdown"])
        assert result.status_code == 200, result.text
        paid = {p["name"]: Decimal(p["payout"]) for p in result.json()["players"]}
        resolved = {n: Decimal(a["resolved"]) for n, a in hand["audit"]["players"].items()}
        assert {n: paid[n] for n in resolved} == resolved, hand["audit"]["hand"]


def _format_files(name: str) -> list[Path]:
    return [
        path
        for path in ROOM_FILES
        if (identity := _identity(path)).format is not None and identity.format.name == name
    ]


@pytest.mark.parametrize("form", reader.FORMATS, ids=lambda f: f.name)
def test_every_format_read_has_samples_and_names_itself(client: httpx.Client, form: Format) -> None:
    paths = _format_files(form.name)
    assert paths, f"no sample under {HISTORIES} is read as {form.name}"
    answers = []
    for path in paths:
        response = client.post("/api/history", json={"text": _pasted(path)})
        if response.status_code == 200:
            answers.append((path, response.json()))
    assert answers
    assert {answer["format"] for _, answer in answers} == {form.name}
    # "text" asks for the rooms' layouts (not PHH): the same answer as "auto"
    path, answer = answers[0]
    assert _post(client, _pasted(path), format="text") == answer


def test_a_pasted_xml_history_is_read_as_its_file(client: httpx.Client) -> None:
    """Every XML sample: read as its file when its room is wired, else named, never a 500."""
    xml = [path for path in ROOM_FILES if path.suffix == ".xml"]
    assert xml
    for path in xml:
        identity = _identity(path)
        response = client.post("/api/history", json={"text": _pasted(path)})
        assert response.status_code in (200, 422), response.text
        if identity.kind == "room":
            assert identity.room in response.json()["error"]["message"]
        elif response.status_code == 200:
            body = response.json()
            assert identity.format is not None
            assert body["format"] == identity.format.name
            assert body["hands_read"] == sum(1 for _ in reader.read(path))
            # pasted as a browser may send it: a blank line first, Windows line ends
            pasted = "\n" + _pasted(path).replace("\n", "\r\n")
            again = client.post("/api/history", json={"text": pasted})
            assert again.status_code == 200, again.text
            assert [h["audit"]["verdict"] for h in again.json()["hands"]] == [
                h["audit"]["verdict"] for h in body["hands"]
            ]


@pytest.mark.parametrize(
    ("room", "text"),
    [
        ("Unibet", "Unibet Hand #1234567 - Hold'em No Limit - 0.05/0.10 EUR - 2020/01/02\n"),
        ("Unibet", "Game #2345678: Table €10 NL - 0.05/0.10 - No Limit Hold'em\n"),
    ],
)
def test_a_room_showdown_does_not_read_is_a_4xx_naming_it(
    client: httpx.Client, room: str, text: str
) -> None:
    assert reader.identify(text).kind == "room"
    error = _error(client.post("/api/history", json={"text": text}))
    assert (error["field"], error["type"]) == ("text", "HistoryInputError")
    assert f"a history of {room}, which showdown does not read" in error["message"]
