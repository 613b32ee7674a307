"""``showdown serve``: the web explorer and the HTTP API on uvicorn."""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.markup import escape

from showdown.cli._app import LangOption, command, console, fail, language
from showdown.errors import ShowdownError
from showdown.i18n import normalize_language

__all__ = ["serve"]


@command(
    examples=[
        "showdown serve   (then open http://127.0.0.1:8000/)",
        "showdown serve --host 0.0.0.0 --port 8080 --workers 4",
        "showdown serve --equity-max-seconds 5 --lang ru",
    ]
)
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on; loopback unless you mean to share it.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(help="Port to listen on (1 to 65535).", min=1, max=65535)
    ] = 8000,
    max_body_bytes: Annotated[
        int | None,
        typer.Option(
            help="Largest request body in bytes (env SHOWDOWN_MAX_BODY_BYTES, default 65536)."
        ),
    ] = None,
    max_players: Annotated[
        int | None,
        typer.Option(help="Most players per request (env SHOWDOWN_MAX_PLAYERS, default 10)."),
    ] = None,
    equity_max_samples: Annotated[
        int | None,
        typer.Option(
            help="Most deals per equity request (env SHOWDOWN_EQUITY_MAX_SAMPLES, default 2000000)."
        ),
    ] = None,
    equity_max_seconds: Annotated[
        float | None,
        typer.Option(
            help="Longest equity run, seconds (env SHOWDOWN_EQUITY_MAX_SECONDS, default 2)."
        ),
    ] = None,
    equity_queue: Annotated[
        int | None,
        typer.Option(
            help="Equity requests that may wait while one runs; more get 503 "
            "(env SHOWDOWN_EQUITY_QUEUE, default 4)."
        ),
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.", min=1, max=64)] = 1,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    lang: LangOption = "en",
) -> None:
    """Serve the explorer page at / and the API under /api (OpenAPI at /openapi.json).

    The page speaks each visitor's language; --lang is the language of this
    command's own messages.
    """
    try:
        t = language(normalize_language(lang))
    except ShowdownError as error:
        raise fail(escape(str(error))) from None
    _ = t.gettext
    try:
        import uvicorn

        from showdown.web import Settings, create_app
        from showdown.web._protocol import JsonErrorsH11Protocol
    except ImportError as error:  # pragma: no cover - depends on the environment
        missing = error.name or "fastapi"
        message = _("the web extra is missing ({module}): pip install 'showdown[web]'").format(
            module=missing
        )
        raise fail(escape(message), lang=t) from None
    try:
        settings = Settings.from_env(
            max_body_bytes=max_body_bytes,
            max_players=max_players,
            equity_max_samples=equity_max_samples,
            equity_max_seconds=equity_max_seconds,
            equity_queue=equity_queue,
        )
    except ValueError as error:
        raise fail(escape(str(error)), lang=t) from None
    address = f"http://{host}:{port}/"
    console.print(
        escape(_("showdown explorer on {address}").format(address=address)), soft_wrap=True
    )
    if workers > 1:
        # Worker processes build their own app from the environment.

        for name, value in (
            ("SHOWDOWN_MAX_BODY_BYTES", settings.max_body_bytes),
            ("SHOWDOWN_MAX_PLAYERS", settings.max_players),
            ("SHOWDOWN_EQUITY_MAX_SAMPLES", settings.equity_max_samples),
            ("SHOWDOWN_EQUITY_MAX_SECONDS", settings.equity_max_seconds),
            ("SHOWDOWN_EQUITY_QUEUE", settings.equity_queue),
        ):
            os.environ[name] = str(value)
        uvicorn.run(
            "showdown.web:create_app",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level=log_level,
            http=JsonErrorsH11Protocol,
        )
        return
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level=log_level,
        http=JsonErrorsH11Protocol,  # unreadable requests get the JSON error shape too
    )
