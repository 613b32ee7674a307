"""Random showdown records of the JSON contract, for every game: the fast path's test data.

Each record is a plausible card-room showdown: two to six players (eight in
stud), random stakes with folds, mucks, dead money, rake in chips or cents,
a button, and in board games sometimes two or three boards. The cards are
dealt from the game's deck, so every record resolves.
"""

from __future__ import annotations

import random
from typing import Any

from showdown.cards import format_cards
from showdown.games import Family, Game


def random_record(rng: random.Random, game: Game) -> dict[str, Any]:
    """One random showdown record of ``game`` (the contract's input)."""
    most = 8 if game.family is Family.STUD else 6
    count = rng.randint(2, most)
    deck = list(game.deck)
    rng.shuffle(deck)
    boards: list[str] = []
    if game.has_board:
        runs = rng.choice((1, 1, 1, 1, 2, 3))
        first = [deck.pop() for _ in range(game.full_board)]
        boards.append(format_cards(first))
        for _ in range(runs - 1):
            kept = rng.randint(0, game.full_board - 1)
            boards.append(
                format_cards(first[:kept] + [deck.pop() for _ in range(game.full_board - kept)])
            )
    community = game.family is Family.STUD and count * game.hole_cards > len(deck)
    cards_each = game.hole_cards - 1 if community else game.hole_cards
    cents = rng.random() < 0.3
    players: list[dict[str, Any]] = []
    for seat in range(count):
        stake = rng.choice((0, 5, 10, 20, 20, 35, 50, 100))
        dead = rng.choice((0, 0, 0, 1, 2)) if stake else 0
        player: dict[str, Any] = {"name": f"P{seat}", "stake": _money(stake, cents)}
        if dead:
            player["dead"] = _money(min(dead, stake), cents)
        roll = rng.random()
        if roll < 0.2:
            player["folded"] = True
        elif roll < 0.27:
            player["mucked"] = True
        if not player.get("folded") and (not player.get("mucked") or rng.random() < 0.5):
            player["cards"] = format_cards([deck.pop() for _ in range(cards_each)])
        players.append(player)
    if all(p.get("folded") or p.get("mucked") for p in players):
        players[0].pop("folded", None)
        players[0].pop("mucked", None)
        if "cards" not in players[0]:
            players[0]["cards"] = format_cards([deck.pop() for _ in range(cards_each)])
    record: dict[str, Any] = {
        "game": game.name,
        "button": rng.randrange(count),
        "players": players,
    }
    if community:
        record["board"] = format_cards([deck.pop()])
    elif len(boards) == 1:
        record["board"] = boards[0]
    elif boards:
        record["boards"] = boards
    if rng.random() < 0.3:
        total = (
            sum(int(str(p["stake"]).replace(".", "")) for p in players)
            if cents
            else sum(int(p["stake"]) for p in players)
        )
        rake = rng.randint(0, total // 20) if total else 0
        record["rake"] = f"{rake // 100}.{rake % 100:02d}" if cents else rake
    if rng.random() < 0.1:
        record["odd_chip"] = rng.choice(("button", "high_card"))
    return record


def _money(chips: int, cents: bool) -> int | str:
    """Chips, or the same number of cents as a decimal text (``'0.35'``)."""
    return f"{chips // 100}.{chips % 100:02d}" if cents else chips
