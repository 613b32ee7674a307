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


def random_record(rng: random.Random, game: Game, *, plain: bool = False) -> dict[str, Any]:
    """One random showdown record of ``game`` (the contract's input).

    ``plain``: only what a plain cash or tournament showdown has (chips, folds,
    one board, no dead money, mucks or rake): the records the resolve stream's
    fast path answers itself.
    """
    if plain:
        return _plain_record(rng, game)
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


def _plain_record(rng: random.Random, game: Game) -> dict[str, Any]:
    """A record of :func:`random_record` with ``plain``: two to ten players (seven in stud),
    some folded with or without their cards shown, equal or unequal stakes."""
    most = 7 if game.family is Family.STUD else 10
    most = min(most, (len(game.deck) - game.full_board) // game.hole_cards)
    count = rng.randint(2, most)
    deck = list(game.deck)
    rng.shuffle(deck)
    record: dict[str, Any] = {"game": game.name}
    if game.has_board:
        record["board"] = format_cards([deck.pop() for _ in range(game.full_board)])
    equal = rng.random() < 0.3
    players: list[dict[str, Any]] = []
    for seat in range(count):
        player: dict[str, Any] = {"name": rng.choice((f"P{seat}", f"Seat {seat} «Ω»"))}
        player["stake"] = 20 if equal else rng.choice((0, 1, 5, 10, 20, 20, 35, 50, 100, 101))
        if rng.random() < 0.15:
            player["folded"] = True
        if not player.get("folded") or rng.random() < 0.5:
            cards = [str(deck.pop()) for _ in range(game.hole_cards)]
            player["cards"] = cards if rng.random() < 0.5 else " ".join(cards)
        players.append(player)
    for player in players[:2]:  # at least two still in, with cards
        if player.pop("folded", None) and "cards" not in player:
            player["cards"] = format_cards([deck.pop() for _ in range(game.hole_cards)])
    if rng.random() < 0.5:
        record["button"] = rng.randrange(count)
    if rng.random() < 0.2:
        record["odd_chip"] = rng.choice(("auto", "button", "high_card"))
    record["players"] = players
    return record


def _money(chips: int, cents: bool) -> int | str:
    """Chips, or the same number of cents as a decimal text (``'0.35'``)."""
    return f"{chips // 100}.{chips % 100:02d}" if cents else chips
