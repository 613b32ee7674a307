"""The typer application and the helpers every command shares.

Every command takes ``--lang`` (``-l``; default: the ``SHOWDOWN_LANG``
environment variable, else English) and says everything in that language:
its tables, its labels and its errors (:meth:`showdown.i18n.Language.explain`).
"""

from __future__ import annotations

import copy
import errno
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from typing import Annotated, Any, Final, ParamSpec, TypeVar

import typer
from rich.console import Console
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from showdown.cli._output import console, language, print_json, print_table
from showdown.errors import ShowdownError, UnknownGameError, UnknownRankingError

try:  # the click typer runs on: its own copy in recent versions, else the click package
    from typer import _click as click
except ImportError:  # pragma: no cover - older typer
    import click  # type: ignore[no-redef]
from showdown.i18n import (
    DEFAULT_LANGUAGE,
    N_,
    Language,
    UnknownLanguageError,
    get_language,
    normalize_language,
)

__all__ = [
    "COMMAND_ORDER",
    "LangOption",
    "app",
    "command",
    "console",
    "fail",
    "handle_errors",
    "help_language",
    "language",
    "os_reason",
    "print_json",
    "print_table",
]

COMMAND_ORDER: Final = (
    "hand",
    "compare",
    "resolve",
    "equity",
    "matrix",
    "games",
    "census",
    "audit",
    "history",
    "serve",
)
"""The commands in the order ``--help`` lists them: from one hand to whole files."""


def help_language(args: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for, read before Click parses it: the last
    ``--lang``/``-l`` (before ``--``), else ``SHOWDOWN_LANG``, else English. The help and
    Click's own messages are written in it, wherever ``--lang`` stands.

    >>> help_language(["hand", "--help", "--lang", "ru"]), help_language(["-lro", "-h"], {})
    ('ru', 'ro')
    >>> help_language(["hand", "-h"], {"SHOWDOWN_LANG": "ro-RO"}), help_language(["-l", "de"], {})
    ('ro', 'en')
    """
    found: str | None = None
    words = list(args)
    for i, word in enumerate(words):
        if word == "--":
            break
        if word in ("--lang", "-l"):
            found = words[i + 1] if i + 1 < len(words) else None
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
        elif word.startswith("-l") and not word.startswith("--") and len(word) > 2:
            found = word[2:]
    if found is None:
        found = (os.environ if environ is None else environ).get("SHOWDOWN_LANG")
    try:
        return normalize_language(found) if found else DEFAULT_LANGUAGE
    except UnknownLanguageError:  # the command itself reports a bad --lang
        return DEFAULT_LANGUAGE


_help_lang = [DEFAULT_LANGUAGE]
"""The language of the help and of Click's messages in the running command line."""


def _tidy(command: click.Command, ctx: click.Context) -> None:
    """Flags shown as flags (no ``<bool>``), arguments by their name in capitals."""
    for param in command.get_params(ctx):
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
        elif isinstance(param, TyperArgument):
            if param.metavar is None:
                param.metavar = (param.name or "").upper()
            # the name says what it is; its Python type is noise in the help: Typer 0.29
            # asks display_type_rich, 0.28 the type's get_metavar ("" shows nothing)
            object.__setattr__(param, "display_type_rich", lambda ctx: None)
            if not getattr(param.type, "_showdown_quiet", False):
                quiet = copy.copy(param.type)
                object.__setattr__(quiet, "get_metavar", lambda *args, **kwargs: "")
                object.__setattr__(quiet, "_showdown_quiet", True)
                param.type = quiet


def _usage(command: click.Command, ctx: click.Context) -> list[str]:
    t = get_language(_help_lang[0])
    pieces = (
        [t.pgettext("usage", "[OPTIONS]")]
        if any(isinstance(p, TyperOption) for p in command.get_params(ctx))
        else []
    )
    for param in command.get_params(ctx):
        if isinstance(param, TyperArgument):
            name = t.pgettext("argument", (param.metavar or param.name or "").upper())
            name += "..." if param.nargs != 1 else ""
            pieces.append(name if param.required else f"[{name}]")
    return pieces


def _format_help(
    command: TyperCommand | TyperGroup,
    ctx: click.Context,
    formatter: click.HelpFormatter,
    write: Callable[[click.Context, click.HelpFormatter], None],
) -> None:
    """The help, in the language of the command line."""
    _tidy(command, ctx)
    if _help_lang[0] == DEFAULT_LANGUAGE:
        write(ctx, formatter)
        return
    from showdown.cli._help import translated_help

    with translated_help(command, ctx, get_language(_help_lang[0])):
        write(ctx, formatter)


def _format_usage(
    command: click.Command, ctx: click.Context, formatter: click.HelpFormatter
) -> None:
    """``Usage: showdown hand [OPTIONS] CARDS``, in the language of the command line."""
    prefix = get_language(_help_lang[0]).gettext("Usage: ")
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)), prefix)


class ShowdownCommand(TyperCommand):
    """A command whose help shows flags as flags and arguments as ``CARDS``, in the
    language of ``--lang``."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_help(self, ctx, formatter, super().format_help)

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_usage(self, ctx, formatter)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return _usage(self, ctx)


class ShowdownGroup(TyperGroup):
    """The command group: commands listed in :data:`COMMAND_ORDER`, flags as flags, the
    help and Click's messages in the language of ``--lang`` (:func:`help_language`)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        words = kwargs.get("args", args[0] if args else None)
        code = help_language(sys.argv[1:] if words is None else words)
        if code == DEFAULT_LANGUAGE:
            return super().main(*args, **kwargs)
        from showdown.cli._help import speaking

        _help_lang[0] = code
        before = os.environ.get("SHOWDOWN_LANG")
        # ``showdown -l ru hand ...``: the language given before the command is the
        # command's too (its own --lang still wins), ahead of the environment's.
        os.environ["SHOWDOWN_LANG"] = code
        try:
            with speaking(get_language(code)):
                return super().main(*args, **kwargs)
        finally:
            _help_lang[0] = DEFAULT_LANGUAGE
            if before is None:
                os.environ.pop("SHOWDOWN_LANG", None)
            else:
                os.environ["SHOWDOWN_LANG"] = before

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.ClickException as error:
            _say_error(error)
            raise

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as error:
            _say_error(error)
            raise

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_help(self, ctx, formatter, super().format_help)

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_usage(self, ctx, formatter)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        t = get_language(_help_lang[0])
        return [t.pgettext("usage", piece) for piece in super().collect_usage_pieces(ctx)]

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = list(self.commands)
        order = {name: i for i, name in enumerate(COMMAND_ORDER)}
        return sorted(names, key=lambda name: order.get(name, len(order)))


def _say_error(error: click.ClickException) -> None:
    """A usage error of Click's, in the language of the command line."""
    if _help_lang[0] != DEFAULT_LANGUAGE:
        from showdown.cli._help import say_click_error

        say_click_error(error, get_language(_help_lang[0]))


app = typer.Typer(
    name="showdown",
    help="Decide poker showdowns: who wins, with which five cards, why, and the split.",
    epilog='Start with: showdown hand "As Kd" -b "Qs Js Ts 2c 3d"; '
    "every command has -h, and --lang en, ru or ro.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=ShowdownGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def command(
    name: str | None = None, *, examples: Sequence[str], group: typer.Typer = app
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Register a command with its examples shown at the end of its ``--help``."""
    epilog = "Examples:\n\n" + "\n\n".join(f"  {example}" for example in examples)
    return group.command(name, cls=ShowdownCommand, epilog=epilog)


def _version(value: bool) -> None:
    """``showdown --version``: the version, and which engine answers (:mod:`showdown.core`).

    A ``SHOWDOWN_ENGINE`` the core does not know is a one-line error and exit status 2.
    """
    if value:
        from showdown import __version__, core

        try:
            engine = core.summary()
        except ShowdownError as error:
            t = language(_help_lang[0])
            raise fail(_explain(error, t), lang=t) from None
        print(f"showdown {__version__}")
        print(f"engine: {engine}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        "-l",
        help="Language of every command, its errors and this help: en, ru or ro.",
    ),
) -> None:
    """Decide poker showdowns: who wins, with which five cards, why, and the split."""
    if lang is not None:  # the command itself reads it (ShowdownGroup.main); check it here
        try:
            normalize_language(lang)
        except UnknownLanguageError as error:
            raise fail(str(error)) from None


LangOption = Annotated[
    str,
    typer.Option(
        "--lang",
        "-l",
        envvar="SHOWDOWN_LANG",
        help="Language of the output, the errors and this help: en, ru or ro.",
    ),
]

_stderr = Console(stderr=True, highlight=False)

P = ParamSpec("P")
R = TypeVar("R")


_OS_REASONS: Final = {
    errno.ENOENT: N_("no such file or directory"),
    errno.EACCES: N_("permission denied"),
    errno.EISDIR: N_("is a directory"),
    errno.ENOTDIR: N_("not a directory"),
}


def os_reason(error: OSError, lang: str | Language = "en") -> str:
    """Why a file could not be opened, in the language (the system's words otherwise)."""
    message = _OS_REASONS.get(error.errno or 0)
    return language(lang).gettext(message) if message else (error.strerror or str(error))


def fail(message: str, code: int = 2, *, lang: str | Language = "en") -> typer.Exit:
    """Print a one-line error (``error: ...`` in the language) and return the exit to raise."""
    _ = language(lang).gettext
    prefix = _("error:")
    _stderr.print(f"[bold red]{prefix}[/] {message}", soft_wrap=True, markup=True)
    return typer.Exit(code)


def _explain(error: ShowdownError, t: Language) -> str:
    """An error in words, with the closest name for an unknown game or ranking."""
    from rich.markup import escape

    text = t.explain(error)
    if isinstance(error, UnknownGameError | UnknownRankingError):
        text = _suggest(error, t)
    prefix = f"{type(error).__name__}: " if t.code == "en" else ""
    return escape(prefix + text)


def _suggest(error: ShowdownError, t: Language) -> str:
    """``'holdm' is not a game: did you mean holdem? ...`` with every name and alias."""
    import difflib

    _ = t.gettext
    name = str(error.params.get("name", ""))
    typed = name.strip("'\"").lower()
    if isinstance(error, UnknownGameError):
        from showdown.games import GAMES

        names = {game.name: game.aliases for game in GAMES.values()}
    else:
        from showdown.rules import RANKING_ALIASES, RANKINGS

        names = {
            ranking: tuple(alias for alias, target in RANKING_ALIASES.items() if target == ranking)
            for ranking in RANKINGS
        }
    every = {alias.lower(): main for main, aliases in names.items() for alias in (main, *aliases)}
    close = difflib.get_close_matches(typed, list(every), n=1, cutoff=0.6)
    listing = "; ".join(
        f"{main} ({', '.join(aliases)})" if aliases else main for main, aliases in names.items()
    )
    if isinstance(error, UnknownGameError):
        if close:
            return _("{name} is not a game: did you mean {close}? Games (aliases): {names}").format(
                name=name, close=_closest(close[0], every), names=listing
            )
        return _("{name} is not a game. Games (aliases): {names}").format(name=name, names=listing)
    if close:
        return _(
            "{name} is not a ranking: did you mean {close}? Rankings (aliases): {names}"
        ).format(name=name, close=_closest(close[0], every), names=listing)
    return _("{name} is not a ranking. Rankings (aliases): {names}").format(
        name=name, names=listing
    )


def _closest(alias: str, every: dict[str, str]) -> str:
    """``'razz (ace_to_five)'``: the name closest to what was typed, and what it names."""
    main = every[alias]
    return alias if alias == main else f"{alias} ({main})"


def handle_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn the library's errors into a one-line message (in ``--lang``) and exit status 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        t = language(kwargs.get("lang", "en"))
        try:
            return command(*args, **kwargs)
        except ShowdownError as error:
            raise fail(_explain(error, t), lang=t) from None

    return wrapper
