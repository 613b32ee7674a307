"""``showdown hand``, ``showdown compare`` and ``showdown games``."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from showdown.cards import format_cards, parse_cards
from showdown.cli._app import app, console, handle_errors, print_json
from showdown.contract import hand_to_json, result_to_json
from showdown.errors import InvalidRecordError
from showdown.evaluation import HandValue, evaluate
from showdown.games import GAMES, evaluate_game, get_game
from showdown.i18n import normalize_language
from showdown.money import format_amount
from showdown.pots import Player, Showdown, ShowdownResult, resolve
from showdown.rules import get_ranking

__all__ = ["LangOption", "compare", "games", "hand", "print_result"]

GameOption = Annotated[
    str | None, typer.Option("--game", "-g", help="Game name or alias (see `showdown games`).")
]
BoardOption = Annotated[str | None, typer.Option("--board", "-b", help="Board cards.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]
LangOption = Annotated[
    str, typer.Option("--lang", "-l", help="Language of the texts: en, ru or ro.")
]


def _value_line(value: HandValue | None, lang: str = "en") -> str:
    if value is None:
        return "no qualifying hand"
    unused = f"  [dim](not playing: {format_cards(value.unused)})[/]" if value.unused else ""
    return f"[bold]{value.cards_text}[/]  {value.describe(lang)}{unused}"


@app.command()
@handle_errors
def hand(
    cards: Annotated[str, typer.Argument(help='The cards, e.g. "As Kd Qh Jc Tc 2d 3s".')],
    board: BoardOption = None,
    game: GameOption = None,
    ranking: Annotated[
        str, typer.Option("--ranking", "-r", help="Ranking when no game is given.")
    ] = "high",
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Value one hand: the best five, the category and the name."""
    lang = normalize_language(lang)
    if game is not None:
        played = evaluate_game(game, cards, board)
        halves = dict(zip(played.game.halves, played.values, strict=True))
        if as_json:
            print_json(
                {"game": played.game.name}
                | {h: hand_to_json(v, lang=lang) for h, v in halves.items()}
            )
            return
        for half, value in halves.items():
            console.print(f"{half:>5}: {_value_line(value, lang)}")
        return
    value = evaluate(cards, board, ranking=get_ranking(ranking))
    if as_json:
        print_json(hand_to_json(value, lang=lang))
        return
    if value is None:
        console.print("no qualifying hand")
        return
    console.print(_value_line(value, lang))
    console.print(
        f"category {value.category.value}, strength {value.strength}, class {value.class_number}"
    )


def _parse_named(text: str, seat: int) -> tuple[str, str]:
    """``'Peter:Ks 2d'`` -> (``'Peter'``, ``'Ks 2d'``); unnamed hands get ``Player N``."""
    if ":" in text:
        name, cards = text.split(":", 1)
        if not name.strip():
            raise InvalidRecordError(f"{text!r}: the name before ':' is empty")
        return name.strip(), cards
    return f"Player {seat + 1}", text


def print_result(result: ShowdownResult) -> None:
    """The human view of a resolved showdown: hands, pots, payouts, reasons."""
    game = result.game
    table = Table(
        title=f"{game.title}"
        + "".join(
            f" — board {format_cards(board)}" for board in result.showdown.all_boards if board
        )
    )
    table.add_column("Player")
    table.add_column("Cards")
    for half in game.halves:
        table.add_column(half.capitalize())
    stakes = any(p.stake for p in result.players)
    if stakes:
        table.add_column("Stake", justify="right")
        table.add_column("Payout", justify="right")
    table.add_column("Share", justify="right")
    for player, seat in zip(result.players, result.showdown.players, strict=True):
        won = player.name in result.winners
        name = f"[bold green]{player.name}[/]" if won else player.name
        if player.folded or (player.mucked and player.hand is None):
            word = "folded" if player.folded else "mucked"
            cells = [name, format_cards(seat.cards) or "—"] + [word] * len(game.halves)
        else:
            values = player.hand.values if player.hand is not None else (None,) * len(game.halves)
            cells = [name, format_cards(seat.cards)] + [
                (f"{v.cards_text}\n[dim]{v.describe(result.lang)}[/]" if v is not None else "—")
                for v in values
            ]
        if stakes:
            cells += [format_amount(player.stake), format_amount(player.payout)]
        cells.append(str(player.share))
        table.add_row(*cells)
    console.print(table)
    for pot in result.pots:
        amount = format_amount(pot.amount)
        label = "Pot" if not pot.amount else f"{pot.kind.capitalize()} pot ({amount})"
        if pot.rake:
            label += f", rake {format_amount(pot.rake)}"
        if pot.kind == "uncalled":
            label = f"Returned ({amount})"
        console.print(f"[bold]{label}:[/] {pot.explanation}")


@app.command()
@handle_errors
def compare(
    hands: Annotated[
        list[str],
        typer.Argument(help='Each player\'s cards, optionally named: "Peter:Ks 2d".'),
    ],
    board: BoardOption = None,
    game: GameOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Decide a showdown between any number of players: winners, ties, why."""
    chosen = get_game(game or "holdem")
    players = []
    for seat, text in enumerate(hands):
        name, cards = _parse_named(text, seat)
        players.append(Player(name, parse_cards(cards)))
    shared = parse_cards(board) if board is not None else ()
    result = resolve(Showdown(chosen, tuple(players), shared), lang=lang)
    if as_json:
        print_json(result_to_json(result))
        return
    print_result(result)


@app.command()
def games(as_json: JsonOption = False) -> None:
    """List the games, their aliases, card counts and rankings."""
    rows: list[dict[str, Any]] = [
        {
            "name": g.name,
            "title": g.title,
            "aliases": list(g.aliases),
            "hole_cards": g.hole_cards,
            "board_cards": g.full_board,
            "hole_cards_used": g.hole_used,
            "rankings": {half: r.name for half, r in zip(g.halves, g.rankings, strict=True)},
        }
        for g in GAMES.values()
    ]
    if as_json:
        print_json(rows)
        return
    table = Table(title="Games")
    for column in ("Game", "Aliases", "Cards", "Board", "Decided by"):
        table.add_column(column)
    for row in rows:
        used = f" (uses {row['hole_cards_used']})" if row["hole_cards_used"] else ""
        table.add_row(
            f"[bold]{row['name']}[/]\n[dim]{row['title']}[/]",
            ", ".join(row["aliases"]) or "—",
            f"{row['hole_cards']}{used}",
            str(row["board_cards"] or "—"),
            ", ".join(f"{h}: {r}" for h, r in row["rankings"].items()),
        )
    console.print(table)
