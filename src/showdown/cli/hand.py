"""``showdown hand``, ``showdown compare`` and ``showdown games``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from showdown.ahead import Ahead, ahead_now, dealt_in_full
from showdown.cards import Card, format_cards, parse_cards
from showdown.cli._app import (
    LangOption,
    command,
    console,
    handle_errors,
    language,
    print_json,
    print_table,
)
from showdown.cli._hand_view import half_title, hand_view, show
from showdown.contract import result_to_json
from showdown.errors import CardCountError, InvalidRecordError, OneOf
from showdown.games import GAMES, Game, get_game
from showdown.i18n import Language, normalize_language
from showdown.money import format_amount
from showdown.pots import Player, Showdown, ShowdownResult, resolve

__all__ = ["compare", "games", "hand", "print_ahead", "print_result"]

GameOption = Annotated[
    str | None, typer.Option("--game", "-g", help="Game name or alias (see `showdown games`).")
]
BoardOption = Annotated[
    str | None, typer.Option("--board", "-b", help='Board cards: "Qs Js Ts" (flop, turn, river).')
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]


@command(
    examples=[
        'showdown hand "As Kd Qh Jc Tc 2d 3s"',
        'showdown hand "Ks 2d" --board "Kc Td Kh Ts 3c" --lang ru',
        'showdown hand "Ah 2h Ks Kd" -b "3c 4d 8s" -g omaha8',
        'showdown hand "7c 5d 4h 3s 2c" --ranking 2-7 --json',
    ]
)
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
    show(hand_view(cards, board, game, ranking, as_json=as_json, lang=lang))


def _parse_named(text: str, seat: int, t: Language) -> tuple[str, str]:
    """``'Peter:Ks 2d'`` -> (``'Peter'``, ``'Ks 2d'``); unnamed hands get ``Player N``."""
    if ":" in text:
        name, cards = text.split(":", 1)
        if not name.strip():
            raise InvalidRecordError.of("{text}: the name before ':' is empty", text=repr(text))
        return name.strip(), cards
    return t.gettext("Player {number}").format(number=seat + 1), text


def print_result(result: ShowdownResult) -> None:
    """The human view of a resolved showdown: hands, pots, payouts, reasons."""
    t = language(result.lang)
    _ = t.gettext
    game = result.game
    boards = [format_cards(board) for board in result.showdown.all_boards if board]
    title = _(game.title) + "".join(" — " + _("board {cards}").format(cards=b) for b in boards)
    table = Table(title=title)
    table.add_column(_("Player"))
    table.add_column(_("Cards"))
    for half in game.halves:
        table.add_column(half_title(t, half))
    stakes = any(p.stake for p in result.players)
    if stakes:
        table.add_column(_("Stake"), justify="right")
        table.add_column(_("Payout"), justify="right")
    table.add_column(_("Share"), justify="right")
    for player, seat in zip(result.players, result.showdown.players, strict=True):
        won = player.name in result.winners
        name = f"[bold green]{escape(player.name)}[/]" if won else escape(player.name)
        if player.folded or (player.mucked and player.hand is None):
            word = _("folded") if player.folded else _("mucked")
            cells = [name, format_cards(seat.cards) or "—"] + [word] * len(game.halves)
        else:
            values = player.hand.values if player.hand is not None else (None,) * len(game.halves)
            cells = [name, format_cards(seat.cards)] + [
                (
                    f"{v.cards_text}\n[dim]{escape(v.describe(result.lang))}[/]"
                    if v is not None
                    else "—"
                )
                for v in values
            ]
        if stakes:
            cells += [format_amount(player.stake), format_amount(player.payout)]
        cells.append(str(player.share))
        table.add_row(*cells)
    print_table(table)
    for pot in result.pots:
        amount = format_amount(pot.amount)
        if pot.kind == "uncalled":
            label = _("Returned ({amount})").format(amount=amount)
        elif not pot.amount:
            label = _("Pot")
        elif pot.kind == "main":
            label = _("Main pot ({amount})").format(amount=amount)
        else:
            label = _("Side pot ({amount})").format(amount=amount)
        if pot.rake and pot.kind != "uncalled":
            label += _(", rake {amount}").format(amount=format_amount(pot.rake))
        console.print(f"[bold]{escape(label)}:[/] {escape(pot.explanation)}")


@command(
    examples=[
        'showdown compare "Peter:Ks 2d" "Hans:Ah Qc" --board "Kc Td Kh Ts 3c"',
        'showdown compare "As Kd" "Qh Qd" --board "2c 7d 9h"   (the flop: who is ahead now)',
        'showdown compare "Ah 2h Ks Kd" "Qs Qd 3c 4c" -b "5h 6h 7d 8s Jc" -g omaha8 --lang ro',
        'showdown compare "As Ad 2c 7h 9s" "Kh Kd Qc Qs 3d" -g stud   (fifth street)',
    ]
)
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
    """Decide a showdown between any number of players: winners, ties, why.

    With a flop or a turn (or stud hands not yet complete) it says who is
    ahead now, with the best hand of the cards dealt so far.
    """
    lang = normalize_language(lang)
    t = language(lang)
    chosen = get_game(game or "holdem")
    players = []
    for seat, text in enumerate(hands):
        name, cards = _parse_named(text, seat, t)
        players.append(Player(name, parse_cards(cards)))
    shared = parse_cards(board) if board is not None else ()
    if chosen.has_board and len(shared) not in chosen.hand_boards:
        _board_error(chosen, shared)
    if not dealt_in_full(chosen, players, shared) and len(players) >= 2:
        now = ahead_now(chosen, players, shared, lang=lang)
        if as_json:
            print_json(now.to_json())
        else:
            print_ahead(now)
        return
    result = resolve(Showdown(chosen, tuple(players), shared), lang=lang)
    if as_json:
        print_json(result_to_json(result))
        return
    print_result(result)


def _board_error(game: Game, board: tuple[Card, ...]) -> None:
    """A board of a size no hand is valued on: the error names ``--board``."""
    wanted = OneOf(game.hand_boards)
    if not board:
        raise CardCountError.of(
            "--board: {game} needs {wanted} board cards, got none", game=game.name, wanted=wanted
        )
    raise CardCountError.of(
        "--board: {game} needs {wanted} board cards, got {count}: {cards}",
        game=game.name,
        wanted=wanted,
        count=len(board),
        cards=format_cards(board),
    )


def _street(t: Language, game: Game, board: tuple[Card, ...], players: Sequence[Player]) -> str:
    _ = t.gettext
    if game.has_board:
        if len(board) == 3:
            return _("the flop {cards}").format(cards=format_cards(board))
        if len(board) == 4:
            return _("the turn {cards}").format(cards=format_cards(board))
        return _("board {cards}").format(cards=format_cards(board))
    count = max(len(p.cards) for p in players)
    return t.ngettext("{count} card dealt", "{count} cards dealt", count).format(count=count)


def print_ahead(now: Ahead) -> None:
    """The human view of who is ahead before the last card."""
    t = language(now.lang)
    _ = t.gettext
    game, players = now.game, now.players
    table = Table(title=f"{_(game.title)} — {_street(t, game, now.board, players)}")
    table.add_column(_("Player"))
    table.add_column(_("Cards"))
    for half in game.halves:
        table.add_column(half_title(t, half))
    leaders = {i for seats in now.seats.values() for i in seats}
    for i, (player, value) in enumerate(zip(players, now.values, strict=True)):
        name = escape(player.name)
        table.add_row(
            f"[bold green]{name}[/]" if i in leaders else name,
            format_cards(player.cards),
            *(
                f"{v.cards_text}\n[dim]{escape(v.describe(t.code))}[/]" if v is not None else "—"
                for v in value
            ),
        )
    print_table(table)
    for half, seats in now.seats.items():
        label = _("Ahead now")
        if len(game.halves) > 1:
            label += f" ({half_title(t, half)})"
        if not seats:
            text = _("no qualifying hand")
        else:
            text = t.join_names([players[i].name for i in seats])
            if half in now.reasons:
                text += ": " + now.reasons[half]
        console.print(f"[bold]{escape(label)}:[/] {escape(text)}")
    console.print("[dim]" + escape(_("Not a showdown yet: cards are still to come.")) + "[/]")


@command(examples=["showdown games", "showdown games --lang ru", "showdown games --json"])
@handle_errors
def games(as_json: JsonOption = False, lang: LangOption = "en") -> None:
    """List the games, their aliases, card counts and rankings."""
    lang = normalize_language(lang)
    t = language(lang)
    _ = t.gettext
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
    table = Table(title=_("Games"))
    for column in (_("Game"), _("Aliases"), _("Cards"), _("Board"), _("Decided by")):
        table.add_column(column)
    for row in rows:
        used = (
            " " + _("(uses {count})").format(count=row["hole_cards_used"])
            if row["hole_cards_used"]
            else ""
        )
        table.add_row(
            f"[bold]{row['name']}[/]\n[dim]{escape(_(row['title']))}[/]",
            escape(", ".join(row["aliases"])) or "—",
            f"{row['hole_cards']}{used}",
            str(row["board_cards"] or "—"),
            ", ".join(f"{half_title(t, h).lower()}: {r}" for h, r in row["rankings"].items()),
        )
    print_table(table)
