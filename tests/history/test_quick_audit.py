"""The audit's fast path gives exactly the verdicts of the readable path (``resolve``).

:func:`showdown.history.audit.audit_hand` decides a plain showdown with
:mod:`showdown.history._quick` (whole units, compiled strengths, no result
objects) and every other hand with :func:`showdown.pots.resolve`; here both
decide the same hands and must give equal verdicts: on every sample history
of the tests, on thousands of generated hands, on the same hands with the
room's payouts made wrong, and with antes (dead money) added.
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest

from showdown.errors import HistoryError
from showdown.history import read
from showdown.history._quick import quick_payouts
from showdown.history.audit import audit_hand, audit_paths
from showdown.history.model import Action, ActionKind, Collection, Hand
from showdown.history.reader import read_text
from showdown.history.synthetic import synthetic_history

DATA = Path(__file__).parent.parent / "data" / "histories"


def _showdowns(hands: object) -> list[Hand]:
    return [h for h in hands if isinstance(h, Hand) and h.reached_showdown]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def generated() -> list[Hand]:
    return _showdowns(read_text(synthetic_history(3000, seed=29)))


def test_every_sample_history_gets_the_same_verdict_both_ways() -> None:
    files = sorted(p for p in DATA.rglob("*") if p.suffix in (".txt", ".phh", ".phhs"))
    assert files
    decided = 0
    for path in files:
        for hand in _showdowns(read(str(path))):
            assert audit_hand(hand) == audit_hand(hand, quick=False), (path.name, hand.hand_id)
            decided += 1
    assert decided > 20


def test_generated_hands_get_the_same_verdict_and_most_take_the_fast_path(
    generated: list[Hand],
) -> None:
    assert len(generated) > 2000
    fast = 0
    for hand in generated:
        quick = audit_hand(hand)
        assert quick == audit_hand(hand, quick=False), hand.hand_id
        assert quick.verdict == "agree"
        fast += quick_payouts(hand) is not None
    assert fast == len(generated)  # every generated hand is a plain showdown


def test_a_room_that_paid_wrong_is_left_to_the_readable_path(generated: list[Hand]) -> None:
    for hand in generated[:400]:
        first = hand.collections[0]
        wrong = dataclasses.replace(first, amount=first.amount + hand.unit)
        paid_wrong = dataclasses.replace(hand, collections=(wrong, *hand.collections[1:]))
        verdict = audit_hand(paid_wrong)
        assert verdict == audit_hand(paid_wrong, quick=False)
        assert verdict.verdict == "disagree"
        by_name = {p.name: p for p in verdict.players}
        assert by_name[first.player].recorded - by_name[first.player].resolved == hand.unit


def _with_antes(hand: Hand, ante: Decimal) -> Hand:
    """The hand with everyone's ante (dead money) first, and the room paying what the
    readable path resolves (so that both paths have a showdown the room agrees with)."""
    antes = tuple(
        Action(ActionKind.ANTE, name, ante, street="blinds", line=hand.line)
        for name in hand.players
    )
    anted = dataclasses.replace(hand, actions=antes + hand.actions)
    returned = anted.returned()
    reference = audit_hand(anted, quick=False)
    collections = tuple(
        Collection(p.name, p.resolved - returned.get(p.name, Decimal(0)), "pot")
        for p in reference.players
        if p.resolved > returned.get(p.name, Decimal(0))
    )
    return dataclasses.replace(anted, collections=collections)


def test_dead_money_gets_the_same_verdict_both_ways(generated: list[Hand]) -> None:
    fast = 0
    for hand in generated[:600]:
        for ante in (Decimal("0.01"), Decimal("0.25")):
            anted = _with_antes(hand, ante)
            verdict = audit_hand(anted)
            assert verdict == audit_hand(anted, quick=False), hand.hand_id
            assert verdict.verdict == "agree"
            fast += quick_payouts(anted) is not None
    assert fast > 1000


def test_a_hand_finer_than_its_unit_or_with_a_card_twice_is_left_to_resolve(
    generated: list[Hand],
) -> None:
    hand = generated[0]
    finer = dataclasses.replace(hand, unit=Decimal(1))  # amounts in cents, a unit of 1
    assert quick_payouts(finer) is None
    assert audit_hand(finer) == audit_hand(finer, quick=False)
    showing = hand.showings[0]
    twice = dataclasses.replace(showing, cards=(hand.boards[0][0], *showing.cards[1:]))
    duplicated = dataclasses.replace(hand, showings=(twice, *hand.showings[1:]))
    assert quick_payouts(duplicated) is None
    verdict = audit_hand(duplicated)
    assert verdict == audit_hand(duplicated, quick=False)
    assert verdict.verdict == "error"


def test_verdicts_from_worker_processes_are_the_same_values(tmp_path: Path) -> None:
    """Workers send verdicts back packed as plain values; they arrive equal, field by field."""
    samples = sorted(str(p) for p in DATA.glob("*.txt"))
    path = tmp_path / "synthetic.txt"
    path.write_text(synthetic_history(120, seed=3))
    paths = [*samples, str(path)]
    one = [v for vs, _ in audit_paths(paths, chunk=40) for v in vs]
    two = [v for vs, _ in audit_paths(paths, workers=2, chunk=40) for v in vs]
    assert {v.verdict for v in one} >= {"agree", "error"}
    assert two == one
    assert [v.to_json() for v in two] == [v.to_json() for v in one]
    assert [str(p.resolved) for v in two for p in v.players] == [
        str(p.resolved) for v in one for p in v.players
    ]


# -- the lean reader (no Hand) and the workers' byte ranges -----------------------------


def _full_and_lean(path: Path) -> tuple[int, int]:
    """Every hand of a file read both ways; (hands, hands the lean reader decided)."""
    from showdown.history._lean import lean_audit
    from showdown.history._text import open_text, parse_hand, raw_hands
    from showdown.history.audit import _lean_agreed, _lean_line, _lean_verdict, audit_entries
    from showdown.history.reader import DIALECTS

    stream, name, _ = open_text(str(path))
    hands = lean = 0
    with stream:
        for raw in raw_hands(stream, DIALECTS):
            if isinstance(raw, int):
                continue
            dialect, lines, start, index = raw
            hands += 1
            found = lean_audit(dialect, list(lines), name, start)
            if found is None:
                continue
            agreed = _lean_agreed(found) if found.showdown else None
            if found.showdown and agreed is None:
                continue  # the room paid otherwise: the full path's to say how
            lean += 1
            [(entry, verdict)] = audit_entries([parse_hand(dialect, lines, name, start, index)])
            assert isinstance(entry, Hand), (path.name, start)
            assert not entry.cancelled
            lean_verdict = None if agreed is None else _lean_verdict(found, agreed)
            assert (found.site, found.game, lean_verdict) == (entry.site, entry.game, verdict), (
                path.name,
                start,
            )
            if agreed is not None:  # the JSON line written straight from the lean values
                assert verdict is not None
                line = json.dumps(verdict.to_json(), ensure_ascii=False) + "\n"
                assert _lean_line(found, agreed) == line
    return hands, lean


def test_the_lean_reader_gives_the_full_readers_record_on_every_sample() -> None:
    files = sorted(p for p in DATA.rglob("*.txt"))
    assert len(files) >= 8
    hands = lean = 0
    for path in files:
        read_here, lean_here = _full_and_lean(path)
        hands, lean = hands + read_here, lean + lean_here
    assert hands > 25
    assert 0 < lean < hands  # some hands are left to the full reader


def test_the_lean_reader_gives_the_full_readers_record_on_generated_hands(
    tmp_path: Path,
) -> None:
    path = tmp_path / "generated.txt"
    path.write_text(synthetic_history(3000, seed=31))
    hands, lean = _full_and_lean(path)
    assert hands == 3000
    assert lean == hands  # a generated hand is a plain one


def _odd_file(tmp_path: Path) -> Path:
    """A file with what a byte range must not cut wrongly: stray text before the first
    hand, CRLF and lone CR line ends, a byte-order mark, a hand cut off by the next
    header in mid-line, a hand that does not add up, and a truncated last hand."""
    samples = (DATA / "pokerstars_cash.txt").read_text().split("\n\n\n\n")
    broken = (DATA / "pokerstars_does_not_add_up.txt").read_text()
    truncated = (DATA / "pokerstars_truncated.txt").read_text()
    generated = synthetic_history(40, seed=8).split("\n\n\n\n")
    cut = generated[3][: len(generated[3]) // 2]
    text = "\n\n\n\n".join(
        [
            "Some notes written before the hands\nand a second line",
            *generated[:3],
            cut + generated[4],  # the next header in the middle of a line
            *samples,
            broken,
            *generated[5:20],
        ]
    )
    text = text.replace("\n", "\r\n", 2000) + "\r".join(generated[20:30]) + truncated
    path = tmp_path / "odd.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    return path


def _audited(
    chunks: object, errors: list[HistoryError] | None = None
) -> tuple[list[object], list[object]]:
    from showdown.history.audit import Tally, _audit_chunk, _has_work

    verdicts: list[object] = []
    tally = Tally()
    for item in chunks:  # type: ignore[attr-defined]
        while errors:  # what the reading in this process found (a text that is no history)
            tally.add(errors.pop(0), None)
        if _has_work(item):
            found, part = _audit_chunk(item)
            verdicts.extend(found)
            tally.merge(part)
    return verdicts, [tally.rows, tally.skipped, tally.problems]


@pytest.mark.parametrize("span", [150, 700, 4000, 1 << 20])
def test_byte_ranges_read_what_one_reader_reads(tmp_path: Path, span: int) -> None:
    """A file cut into byte ranges (each read by a worker on its own, the last hand of each
    read on past its end) gives the verdicts, counts and messages of one sequential read,
    line numbers included, wherever the cuts fall."""
    import os

    from showdown.history.audit import _chunks, _parts

    path = _odd_file(tmp_path)
    errors: list[HistoryError] = []
    whole = _audited(_chunks([str(path)], 10**9, errors, parts=False), errors)
    parts = list(_parts(str(path), os.path.getsize(path), span))
    assert len(parts) > 1 or span > 100_000
    assert _audited(parts) == whole
    verdicts = whole[0]
    assert len(verdicts) > 30
    assert {v.verdict for v in verdicts} >= {"agree", "error"}  # type: ignore[attr-defined]
    assert whole[1][1]["not a history"] == 1  # type: ignore[index]
    assert whole[1][2]  # the messages of unreadable hands, with their lines


def _ragged_file(tmp_path: Path, variant: int) -> Path:
    """Generated hands with what the byte ranges' own cutting at the headers must read as
    the line-by-line reader does: spaces and tabs around lines, a byte-order mark and a
    NUL inside the file, a chat line naming a hand, a player whose name starts like a
    header, a header in lower case, text before the first hand."""
    hands = synthetic_history(30, seed=40 + variant).split("\n\n\n\n")
    hands = [h.replace("Ann", "Phil") for h in hands]
    if variant == 8:
        hands[11] = hands[11].replace("Bob", "Game #2 Bob")
    odd = [
        lambda h: h.replace("\n", " \n", 3),
        lambda h: h.replace("\n", "\n\t", 2),
        lambda h: "\ufeff" + h,
        lambda h: h + "\x00",
        lambda h: h.replace("*** SUMMARY", "Cid: PokerStars Hand #1 was mine\n*** SUMMARY"),
        lambda h: h.replace("PokerStars Hand", "pokerstars hand"),
        lambda h: h.replace("PokerStars Hand", "POKERSTARS HAND"),
        lambda h: h,
    ]
    if variant < len(odd) - 1:
        hands[7] = odd[variant](hands[7])
        hands[19] = odd[(variant + 3) % len(odd)](hands[19])
    text = ("notes\n\n" if variant % 2 else "") + "\n\n\n\n".join(hands)
    path = tmp_path / f"ragged-{variant}.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("variant", range(9))
def test_byte_ranges_cut_hands_where_the_line_reader_does(tmp_path: Path, variant: int) -> None:
    """The hands of a file cut into byte ranges are the line-by-line reader's: the same
    dialects, lines and first line numbers, the stray text at the same line."""
    import os

    from showdown.history._text import HEADER_STARTS, raw_hands
    from showdown.history.audit import _heads, _part_hands, _parts
    from showdown.history.reader import DIALECTS

    path = _ragged_file(tmp_path, variant)
    with path.open(encoding="utf-8") as stream:
        whole = [
            item if isinstance(item, int) else (DIALECTS.index(item[0]), item[1], item[2])
            for item in raw_hands(stream, DIALECTS)
        ]
    assert sum(1 for item in whole if not isinstance(item, int)) >= 29
    text = path.read_text(encoding="utf-8")
    heads = _heads(text, text.split("\n"), DIALECTS, HEADER_STARTS)
    if variant in (0, 7):  # cut at the headers here (else by the line reader)
        assert len(heads) >= 29
    elif variant in (1, 4, 8):  # a line that names a hand: the line reader looks in it
        assert not heads
    for span in (300, 2000, 1 << 20):
        cut = [
            item if isinstance(item, int) else item[:3]
            for part in _parts(str(path), os.path.getsize(path), span)
            for item in _part_hands(part)
        ]
        assert cut == whole


def test_workers_give_the_same_output_as_one_process_in_the_same_order(tmp_path: Path) -> None:
    samples = sorted(str(p) for p in DATA.glob("*.txt"))
    big = tmp_path / "generated.txt"
    big.write_text(synthetic_history(400, seed=12))
    paths = [*samples, str(_odd_file(tmp_path)), str(big)]

    def run(workers: int) -> tuple[list[object], list[object]]:
        from showdown.history.audit import Tally

        tally = Tally()
        verdicts: list[object] = []
        for found, part in audit_paths(paths, workers=workers, chunk=64):
            verdicts.extend(v.to_json() | {"line": v.line} for v in found)
            tally.merge(part)
        return verdicts, [tally.rows, tally.skipped, tally.problems]

    one = run(1)
    assert run(2) == one
    assert len(one[0]) > 300
