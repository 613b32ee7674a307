"""The warm-up that `make install` runs: every call it makes succeeds."""

from __future__ import annotations

from showdown.games import GAMES
from showdown.rules import RANKINGS
from showdown.warmup import warm


def test_every_warm_up_call_succeeds_and_covers_every_game_and_ranking() -> None:
    done: list[str] = []
    assert warm(done.append) == []
    names = {line.split(":")[0] for line in done}
    assert set(GAMES) <= names
    assert set(RANKINGS) <= names
    for game in GAMES:  # exact and sampled equity, on one worker and on two
        for kind in ("exact", "sampled"):
            for workers in ("1 worker", "2 worker"):
                assert any(
                    line.startswith(f"{game}: {kind} equity on {workers}") for line in done
                ), (game, kind, workers)
