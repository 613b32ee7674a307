"""``showdown audit``: re-decide every showdown of some hand histories and check the payouts."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Final

import typer
from rich.markup import escape

from showdown.cli._app import LangOption, command, console, fail, language
from showdown.errors import ShowdownError
from showdown.i18n import N_, Language, normalize_language

if TYPE_CHECKING:  # the history package loads when the command runs, not at start-up
    from showdown.history.audit import Tally, Verdict

__all__ = ["SKIP_REASONS", "audit"]

SKIP_REASONS: Final = (
    N_("cancelled"),
    N_("no showdown"),
    N_("game or cards not supported"),
    N_("not a history"),
    N_("cut off"),
    N_("does not add up"),
    N_("unreadable"),
    N_("no outcome"),
    N_("unsupported game"),
    N_("room not read"),
)
"""Why a hand is not audited (:attr:`showdown.history.audit.Tally.skipped`, the kinds of
:class:`showdown.errors.HistoryError`), each a catalogue word."""


@command(
    examples=[
        "showdown audit histories/   (every file below, recursively)",
        'showdown audit "HH2024*.txt" --workers 4',
        "showdown audit session.phhs --json",
        "showdown audit hands.txt --lang ru",
    ]
)
def audit(
    paths: Annotated[
        list[str],
        typer.Argument(help="History files, folders (searched recursively), globs, or -."),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per showdown hand, in input order.")
    ] = False,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Worker processes.")] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Audit on a Dask cluster: the scheduler's address (tcp://host:8786).",
        ),
    ] = None,
    lang: LangOption = "en",
) -> None:
    """Audit hand histories: who should have won what, and whether the room paid exactly that.

    Reads the histories of every room showdown knows (text and XML)
    and PHH (.phh, .phhs); every file found is read or listed with the reason
    it was not. Exits 0 when hands were read, every showdown agrees and no
    history was unreadable or cut off, 1 otherwise (a file that is no
    history at all is listed but fails nothing).
    """
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from showdown.history.audit import Tally, audit_report

    try:
        t = language(normalize_language(lang))
    except ShowdownError as error:
        raise fail(escape(str(error))) from None
    _ = t.gettext
    tally = Tally()
    failed = False
    disagreements: list[Verdict] = []
    client = None
    if scheduler is not None:
        from showdown.distributed import connect

        try:
            client = connect(scheduler, timeout=10.0)
        except (OSError, ImportError) as error:
            message = _("cannot reach the Dask scheduler {address}: {reason}").format(
                address=scheduler, reason=error
            )
            raise fail(escape(message), lang=t) from None
    progress = Progress(
        SpinnerColumn(),
        TextColumn(
            escape(_("{done} hands read, {showdowns} showdowns")).format(
                done="{task.completed:,.0f}", showdowns="{task.fields[showdowns]:,}"
            )
        ),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=not sys.stderr.isatty(),
    )
    try:
        with progress:
            task = progress.add_task("audit", total=None, showdowns=0)
            for text, others, part in audit_report(
                paths, as_json=as_json, workers=workers, client=client, lang=t.code
            ):
                tally.merge(part)
                if others:
                    failed = True
                    if not as_json:
                        disagreements.extend(others[: 200 - len(disagreements)])
                if as_json and part.unread:
                    sys.stdout.write(_unread_lines(part))
                if text:  # the chunk's JSON lines, written at once
                    sys.stdout.write(text)
                    sys.stdout.flush()
                showdowns = sum(row["showdowns"] for row in tally.rows.values())
                progress.update(
                    task,
                    advance=sum(row["hands"] for row in part.rows.values()),
                    showdowns=showdowns,
                )
    finally:
        if client is not None:
            client.close()  # type: ignore[no-untyped-call]
    for message in tally.problems:  # hands that broke off before any showdown
        sys.stderr.write(_("skipped: {what}").format(what=t.explain(message)) + "\n")
    if tally.failed:
        failed = True
    if not as_json:
        _print_summary(tally, disagreements, t)
    if failed:
        raise typer.Exit(1)


def _unread_lines(tally: Tally) -> str:
    """The ``--json`` records of the files nothing was read from (their reasons in
    English, as every record's: the JSON is the same in every language)."""
    import json

    from showdown.history.audit import unread_record

    return "".join(
        json.dumps(unread_record(file, str(reason)), ensure_ascii=False) + "\n"
        for file, _kind, reason in tally.unread
    )


def _print_summary(tally: Tally, problems: list[Verdict], t: Language) -> None:
    from rich.table import Table

    from showdown.cli._app import print_table
    from showdown.history.audit import DISAGREE, format_amount

    _ = t.gettext
    table = Table(title=_("Audit"))
    columns = (
        _("Site"),
        _("Game"),
        t.pgettext("hand histories", "Hands"),
        _("Showdowns"),
        _("Agree"),
        _("Disagree"),
        _("Other"),
    )
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i < 2 else "right")
    for (site, game), row in sorted(tally.rows.items()):
        other = row["unsupported"] + row["error"]
        table.add_row(
            site,
            game,
            str(row["hands"]),
            str(row["showdowns"]),
            str(row["agree"]),
            str(row["disagree"]),
            str(other),
        )
    print_table(table)
    for file, _kind, reason in tally.unread:
        line = _("not read: {file}: {reason}").format(file=file, reason=t.explain(reason))
        console.print(escape(line), soft_wrap=True)  # a path is not broken across lines
    if not tally.hands:
        console.print(escape(_("no hand was read")))
    if tally.skipped:
        skipped = ", ".join(
            f"{count} {_(reason)}" for reason, count in sorted(tally.skipped.items())
        )
        console.print(escape(_("skipped: {what}").format(what=skipped)))
    verdicts = {
        "agree": _("agree"),
        "disagree": _("disagree"),
        "unsupported": _("unsupported"),
        "error": _("error"),
    }
    for verdict in problems:
        where = _("{file}, hand {hand} ({game}):").format(
            file=verdict.file, hand=verdict.hand, game=verdict.game
        )
        colour = "red" if verdict.verdict == DISAGREE else "yellow"
        word = verdicts.get(verdict.verdict, verdict.verdict)
        console.print(f"\n[bold]{escape(where)}[/] [{colour}]{escape(word)}[/]")
        if verdict.reason:
            console.print(f"  {escape(t.explain(verdict.reason))}")
        for player in verdict.players:
            if player.difference:
                line = _("{name}: the room paid {paid}, the rules pay {due}").format(
                    name=player.name,
                    paid=format_amount(player.recorded, verdict.unit),
                    due=format_amount(player.resolved, verdict.unit),
                )
                console.print("  " + escape(line))
        for text in verdict.explanations:
            console.print(f"  - {escape(text)}")
