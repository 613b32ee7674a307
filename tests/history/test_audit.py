"""The audit on the samples: the expected payouts worked out here by plain arithmetic."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal as D  # noqa: N817
from pathlib import Path

import pytest

from showdown.history import audit, read, read_text
from showdown.history.audit import Tally, audit_paths, unread_record
from showdown.history.games import is_supported
from showdown.history.synthetic import synthetic_history

DATA = Path(__file__).parent.parent / "data" / "histories"


def verdicts(name: str) -> dict[str, dict[str, object]]:
    return {v.hand: v.to_json() for v in audit(read(DATA / name).entries())}


def cents(units: int) -> str:
    """An amount of cents written as the audit writes it."""
    return str((D(units) / 100).quantize(D("0.01")))


def paid(record: dict[str, object]) -> dict[str, str]:
    players = record["players"]
    assert isinstance(players, dict)
    return {name: amounts["resolved"] for name, amounts in players.items()}


def test_side_pots_with_the_rooms_rake() -> None:
    record = verdicts("pokerstars_cash.txt")["300000000001"]
    # main 20*4 = 80 less the whole $3 rake, side-1 (45-20)*3, side-2 (80-45)*2
    assert paid(record) == {"Ann": "77.00", "Bob": "75.00", "Cid": "70.00", "Dan": "0.00"}
    assert record["verdict"] == "agree"
    assert record["rake"] == "3.00"
    assert "rake taken from each pot" in str(record["reason"])


def test_quartered_low_with_odd_cents() -> None:
    record = verdicts("pokerstars_cash.txt")["300000000002"]
    net = 12 * 100 - 57  # cents after rake
    high, low = (net + 1) // 2, net // 2  # the odd cent to the high half
    ann_low, bob_low = (low + 1) // 2, low // 2  # the odd cent left of the button (Ann)
    assert paid(record) == {
        "Ann": cents(high + ann_low),
        "Bob": cents(bob_low),
        "Cid": "0.00",
    }
    assert record["verdict"] == "agree"


def test_a_muck_that_would_have_won_gets_nothing() -> None:
    record = verdicts("pokerstars_cash.txt")["300000000003"]
    assert paid(record)["Cid"] == str(D("0.10") + D("0.80") + D("0.85") - D("0.08"))
    assert paid(record)["Dan"] == "0.00"
    assert record["verdict"] == "agree"


def test_run_it_twice_odd_cent_to_the_first_board() -> None:
    record = verdicts("pokerstars_cash.txt")["300000000004"]
    net = 20000 - 99
    assert paid(record) == {"Ann": cents((net + 1) // 2), "Bob": cents(net // 2)}
    assert record["verdict"] == "agree"


def test_eight_handed_stud() -> None:
    record = verdicts("pokerstars_cash.txt")["300000000005"]
    assert paid(record)["Ann"] == str(D("0.02") * 8 + D("0.40") * 2 - D("0.04"))
    assert record["verdict"] == "agree"


def test_big_blind_ante_tie_splits_the_dead_money() -> None:
    record = verdicts("pokerstars_tournament.txt")["300000000101"]
    assert paid(record) == {"Bob": str((200 + 400) // 2), "Cid": str((200 + 400) // 2)}
    assert record["verdict"] == "agree"
    assert record["rake"] == "0"


def test_ggpoker_and_full_tilt() -> None:
    gg = verdicts("ggpoker_cash.txt")
    assert paid(gg["RC900000001"])["Cid"] == str(D(74) - D("2.85"))
    assert paid(gg["RC900000002"]) == {"Ann": "487.50", "Bob": "487.50"}
    ft = verdicts("fulltilt_cash.txt")
    assert paid(ft["40000000001"])["Ann Lee"] == str(D(62) - 3) + ".00"
    assert paid(ft["40000000002"])["Cid"] == "17.20"
    assert paid(ft["40000000003"])["Bob"] == "46.50"
    assert all(
        v["verdict"] == "agree" for v in [*gg.values(), *ft.values()] if v["game"] != "sixplus"
    )


def test_every_game_sample_agrees_or_is_named_unsupported() -> None:
    for record in verdicts("pokerstars_games.txt").values():
        expected = "agree" if is_supported(str(record["game"])) else "unsupported"
        assert record["verdict"] == expected, record


def test_unreadable_hands_are_errors_not_silence() -> None:
    records = verdicts("pokerstars_does_not_add_up.txt")
    assert records["300000000003"]["verdict"] == "error"
    assert "does not add up" in str(records["300000000003"]["reason"])
    assert records["300000000002"]["verdict"] == "agree"


def test_a_disagreement_names_the_difference() -> None:
    text = (DATA / "pokerstars_cash.txt").read_text().split("\n\n\n\n")[2]
    text = text.replace("Cid: shows [Qs Qc]", "Cid: shows [2c 4d]").replace("[Qs Qc]", "[2c 4d]")
    text = text.replace("Dan: mucks hand", "Dan: shows [Kd Kc] (a pair of Kings)")
    [verdict] = list(audit(read_text(text).entries()))
    assert verdict.verdict == "disagree"
    assert verdict.to_json()["players"]["Dan"] == {"recorded": "0.00", "resolved": "1.67"}
    assert "Cid -1.67, Dan +1.67" in str(verdict.reason)


def test_synthetic_histories_all_agree_in_order_with_workers(tmp_path: Path) -> None:
    path = tmp_path / "synthetic.txt"
    path.write_text(synthetic_history(300, seed=9))
    one = [(v.hand, v.verdict) for vs, _ in audit_paths([str(path)], chunk=50) for v in vs]
    assert one
    assert all(verdict == "agree" for _, verdict in one)
    two = [
        (v.hand, v.verdict) for vs, _ in audit_paths([str(path)], workers=2, chunk=50) for v in vs
    ]
    assert two == one


def test_tally_counts() -> None:
    tally = Tally()
    for _, part in audit_paths(sorted(str(p) for p in DATA.glob("*.txt"))):  # the room texts
        tally.merge(part)
    assert tally.skipped["not a history"] == 1
    assert tally.skipped["cut off"] == 1
    assert tally.rows[("pokerstars", "razz")]["agree"] == 1


@pytest.mark.parametrize("as_json", [True, False])
def test_cli(as_json: bool) -> None:
    args = [sys.executable, "-m", "showdown", "audit", str(DATA / "pokerstars_tournament.txt")]
    done = subprocess.run([*args, "--json"] if as_json else args, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    if as_json:
        records = [json.loads(line) for line in done.stdout.splitlines()]
        assert [r["hand"] for r in records] == ["300000000101", "300000000102"]
        assert list(records[0]) == [
            "file",
            "hand",
            "site",
            "game",
            "verdict",
            "players",
            "rake",
            "reason",
        ]
    else:
        assert "razz" in done.stdout


@pytest.mark.parametrize("workers", [1, 2])
def test_cli_json_is_each_verdicts_record_in_order(tmp_path: Path, workers: int) -> None:
    """``--json`` (whose lines the workers write themselves) gives, byte for byte, the
    ``json.dumps`` of each verdict's record from :func:`audit_paths`, in input order (a
    file nothing was read from, ``not_a_history.txt``, has its 'unread' record)."""
    from showdown.history.synthetic import synthetic_history

    generated = tmp_path / "generated.txt"
    generated.write_text(synthetic_history(300, seed=5), encoding="utf-8")
    paths = [*sorted(str(p) for p in DATA.glob("*.txt")), str(generated)]
    expected = "".join(
        "".join(
            json.dumps(unread_record(file, reason), ensure_ascii=False) + "\n"
            for file, _, reason in tally.unread
        )
        + "".join(json.dumps(v.to_json(), ensure_ascii=False) + "\n" for v in verdicts)
        for verdicts, tally in audit_paths(paths, chunk=40)
    )
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "audit", "--json", "--workers", str(workers), *paths],
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert done.stdout == expected
    assert expected.count("\n") > 250
    verdicts = {json.loads(line)["verdict"] for line in expected.splitlines()}
    assert "agree" in verdicts  # the lean reader's
    assert len(verdicts) > 1  # and the full path's


def test_cli_exit_status_on_problems() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "audit", "--json", str(DATA)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1


GOOD_HAND = """PokerStars Hand #9{n}: Hold'em No Limit (10/20) - 2024/01/02 20:00:00 ET
Table 'T' 9-max Seat #1 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bob (1000 in chips)
Ann: posts small blind 10
Bob: posts big blind 20
*** HOLE CARDS ***
Ann: raises 980 to 1000 and is all-in
Bob: calls 980 and is all-in
*** FLOP *** [2c 7d Js]
*** TURN *** [2c 7d Js] [8h]
*** RIVER *** [2c 7d Js 8h] [Qs]
*** SHOW DOWN ***
Ann: shows [As Ad] (a pair of Aces)
Bob: shows [Kc Kd] (a pair of Kings)
Ann collected 2000 from pot
*** SUMMARY ***
Total pot 2000 | Rake 0
Board [2c 7d Js 8h Qs]
Seat 1: Ann (button) showed [As Ad] and won (2000) with a pair of Aces
Seat 2: Bob (big blind) showed [Kc Kd] and lost with a pair of Kings

"""


def test_the_exit_status_is_1_for_a_cut_off_hand_even_when_every_showdown_agrees(
    tmp_path: Path,
) -> None:
    """The command's promise (help, README, contracts): 0 when every showdown agrees and
    no hand is unreadable or cut off, 1 otherwise -- as real processes."""
    good = tmp_path / "good.txt"
    good.write_text(GOOD_HAND.format(n=1) + GOOD_HAND.format(n=2), encoding="utf-8")
    cut = GOOD_HAND.format(n=3).split("*** SHOW DOWN ***")[0]  # breaks off before the summary
    broken = tmp_path / "broken.txt"
    broken.write_text(GOOD_HAND.format(n=1) + cut, encoding="utf-8")

    def audit_process(path: Path) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "showdown", "audit", "--json", str(path)]
        return subprocess.run(command, capture_output=True, text=True, check=False)

    fine = audit_process(good)
    assert fine.returncode == 0, fine.stderr
    assert [json.loads(line)["verdict"] for line in fine.stdout.splitlines()] == ["agree"] * 2
    short = audit_process(broken)
    assert [json.loads(line)["verdict"] for line in short.stdout.splitlines()] == ["agree"]
    assert "cut off" in short.stderr
    assert short.returncode == 1


def test_a_line_the_reader_does_not_understand_never_stops_the_file() -> None:
    damaged = GOOD_HAND.format(n=1).replace("showed [As Ad] and won", "showed [As Ad and won")
    entries = list(read_text(damaged + GOOD_HAND.format(n=2)).entries())
    assert [type(e).__name__ for e in entries] == ["HistoryError", "Hand"]
    error = entries[0]
    assert error.kind == "unreadable"
    assert error.hand == "91"
    assert error.line == 20  # the summary line with the missing bracket
    verdicts = [v.to_json() for v in audit(read_text(damaged + GOOD_HAND.format(n=2)).entries())]
    assert [(v["hand"], v["verdict"], v["site"]) for v in verdicts] == [
        ("91", "error", "pokerstars"),
        ("92", "agree", "pokerstars"),
    ]


def test_a_failure_inside_showdown_is_one_hands_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    audit_module = importlib.import_module("showdown.history.audit")

    def broken(hand: object, **options: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(audit_module, "audit_hand", broken)
    verdicts = list(audit(read_text(GOOD_HAND.format(n=1) + GOOD_HAND.format(n=2))))
    assert [v.verdict for v in verdicts] == ["error", "error"]
    assert verdicts[0].reason == "showdown failed on this hand: RuntimeError: boom"


_ALL_IN = """PokerStars Hand #9: Hold'em No Limit (10/20) - 2024/01/02 20:00:00 ET
Table 'T' 9-max Seat #1 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bob (1000 in chips)
Ann: posts small blind 10
Bob: posts big blind 20
*** HOLE CARDS ***
Ann: raises 980 to 1000 and is all-in
Bob: calls 980 and is all-in
*** FLOP *** [2c 7d Js]
*** TURN *** [2c 7d Js] [8h]
*** RIVER *** [2c 7d Js 8h] [Qs]
*** SHOW DOWN ***
Ann: shows [As Ad] (a pair of Aces)
Bob: shows [Kc Kd] (a pair of Kings)
Ann collected 2000 from pot
*** SUMMARY ***
Total pot 2000 | Rake 0
"""


@pytest.mark.parametrize(
    ("cut_after", "record"),
    [("*** RIVER ***", False), ("*** SHOW DOWN ***", True), ("Ann: shows", True)],
)
def test_a_hand_cut_off_is_an_error_record_only_once_it_reached_a_showdown(
    cut_after: str, record: bool
) -> None:
    """Cut before the showdown, the hand is a skipped "cut off" hand (its message kept
    for the report); cut at or after the show-down marker, it is an ``error`` record."""
    from showdown.history.audit import Tally, audit_entries
    from showdown.history.reader import read_text

    lines = _ALL_IN.splitlines(keepends=True)
    end = next(n for n, line in enumerate(lines) if line.startswith(cut_after)) + 1
    tally = Tally()
    verdicts = []
    for entry, verdict in audit_entries(read_text("".join(lines[:end]), name="cut.txt").entries()):
        tally.add(entry, verdict)
        if verdict is not None:
            verdicts.append(verdict)
    assert tally.skipped["cut off"] == 1
    if record:
        assert [v.verdict for v in verdicts] == ["error"]
        assert "cut off" in (verdicts[0].reason or "")
        assert tally.problems == []
    else:
        assert verdicts == []
        assert len(tally.problems) == 1
        assert "cut.txt" in tally.problems[0]
        assert "hand 9" in tally.problems[0]
