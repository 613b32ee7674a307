"""The help and Click's own messages in the language of ``--lang``.

Typer builds the help from English strings given when the commands are
defined. They stay English in the code and are the catalogue's message ids:
when a command's help is printed in Russian or Romanian, each text (the
command's help paragraph by paragraph, each option's help, the examples'
comments, the argument names, the type names) is swapped for its
translation for as long as the help is written, then put back. The words
Typer and Click add themselves (panel titles, ``[default: ...]``, ``Usage:``,
``Try ... for help.``) are the catalogue's too: Typer's module constants are
set for the run, and a usage error's message is matched against Click's
English messages and said again in the language (an unknown message stays
English). Nothing of this module is loaded for English.

:func:`help_messages` lists every text of the help, so that the catalogue
extraction (:mod:`showdown._catalogs`) and the tests see exactly the ids the
help asks for.

>>> from showdown.i18n import get_language
>>> say_click_message("Missing argument 'CARDS'.", get_language("ro"))
"Lipsește argumentul 'CĂRȚI'."
"""

from __future__ import annotations

import copy
import inspect
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from showdown.i18n import N_, Language, pN_

try:  # the click typer runs on: its own copy in recent versions, else the click package
    from typer import _click as click
except ImportError:  # pragma: no cover - older typer
    import click  # type: ignore[no-redef]
from typer.core import TyperArgument, TyperGroup, TyperOption

__all__ = [
    "HelpMessage",
    "help_messages",
    "help_text",
    "say_click_error",
    "say_click_message",
    "speaking",
    "translated_help",
]

# Typer's own words (typer.rich_utils' module constants), by constant.
_RICH_WORDS: Final = {
    "DEPRECATED_STRING": N_("(deprecated) "),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}

USAGE_PREFIX: Final = N_("Usage: ")
EXAMPLES: Final = N_("Examples:")
_EXAMPLE_NOTE: Final = re.compile(r"^(?P<command>.*?\S)(?P<gap>\s{3,})\((?P<note>.+)\)$")

# What Typer and Click call the kinds of value (the ``<str>`` after an option).
TYPE_NAMES: Final = (
    pN_("type", "str"),
    pN_("type", "int"),
    pN_("type", "float"),
    pN_("type", "int range"),
    pN_("type", "float range"),
    pN_("type", "path"),
    pN_("type", "text"),
    pN_("type", "integer"),
    pN_("type", "boolean"),
)
# The words of a usage line besides the arguments' names.
USAGE_WORDS: Final = (pN_("usage", "[OPTIONS]"), pN_("usage", "COMMAND [ARGS]..."))
HELP_OPTION: Final = N_("Show this message and exit.")  # Click's help option's help


def _paragraphs(text: str) -> list[str]:
    """A help text's paragraphs, each on one line: the catalogue's message ids."""
    text = inspect.cleandoc(text).partition("\f")[0]
    return [" ".join(part.split()) for part in text.split("\n\n") if part.strip()]


def help_text(text: str | None, t: Language) -> str | None:
    """A help text (a docstring, an option's help) in the language, paragraph by paragraph.

    >>> from showdown.i18n import get_language
    >>> print(help_text("Indent the JSON.", get_language("ru")))
    Отступы в JSON.
    """
    if not text:
        return text
    return "\n\n".join(t.gettext(part) for part in _paragraphs(text))


def _examples(epilog: str) -> list[tuple[str, str | None]] | None:
    """The examples of an epilog written by :func:`showdown.cli._app.command`: each
    command and its note (the text in parentheses after it); None for another epilog."""
    head, _, rest = epilog.partition("\n\n")
    if head != EXAMPLES:
        return None
    found: list[tuple[str, str | None]] = []
    for line in rest.split("\n\n"):
        match = _EXAMPLE_NOTE.match(line.strip())
        found.append((match["command"], match["note"]) if match else (line.strip(), None))
    return found


def _epilog(epilog: str | None, t: Language) -> str | None:
    if not epilog:
        return epilog
    examples = _examples(epilog)
    if examples is None:
        return help_text(epilog, t)
    lines = [f"  {cmd}   ({t.gettext(note)})" if note else f"  {cmd}" for cmd, note in examples]
    return t.gettext(EXAMPLES) + "\n\n" + "\n\n".join(lines)


def argument_name(name: str, t: Language) -> str:
    """An argument's name in the help and the usage line (``CARDS``, ``КАРТЫ``)."""
    return t.pgettext("argument", name)


def _type_name(text: str, t: Language) -> str:
    """``<str>`` -> ``<текст>``: each type name in angle brackets in the language."""
    return re.sub(r"<([^<>]+)>", lambda m: "<" + t.pgettext("type", m[1]) + ">", text)


def _shown_type(param: Any, ctx: click.Context) -> str | None:
    """What the help shows as an option's kind of value (``<str>``), this Typer's way."""
    shown = getattr(param, "display_type_rich", None)
    try:
        if shown is not None:
            return shown(ctx=ctx)  # type: ignore[no-any-return]
        return param.make_metavar(ctx=ctx)  # type: ignore[no-any-return]
    except TypeError:  # pragma: no cover - an older click: make_metavar()
        return param.make_metavar()  # type: ignore[no-any-return]


@contextmanager
def translated_help(command: click.Command, ctx: click.Context, t: Language) -> Iterator[None]:
    """The command's help texts in the language while the help is written, then back."""
    saved: list[tuple[object, str, object]] = []

    def put(owner: object, name: str, value: object) -> None:
        saved.append((owner, name, getattr(owner, name)))
        object.__setattr__(owner, name, value)

    try:
        put(command, "help", help_text(command.help, t))
        put(command, "epilog", _epilog(command.epilog, t))
        for param in command.get_params(ctx):
            if getattr(param, "help", None):
                put(param, "help", help_text(param.help, t))  # type: ignore[attr-defined]
            if isinstance(param, TyperArgument):
                name = param.metavar or (param.name or "").upper()
                put(param, "metavar", argument_name(name, t))
                kind = getattr(param.type, "name", None)
                if isinstance(kind, str):
                    renamed = copy.copy(param.type)
                    renamed.name = t.pgettext("type", kind)
                    put(param, "type", renamed)
            elif isinstance(param, TyperOption) and not param.is_flag and param.metavar is None:
                shown = _shown_type(param, ctx)
                if shown:
                    put(param, "metavar", _type_name(shown, t))
        if isinstance(command, TyperGroup):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None:
                    put(sub, "help", help_text(sub.help, t))
                    put(sub, "short_help", help_text(sub.short_help, t))
        yield
    finally:
        for owner, name, value in reversed(saved):
            object.__setattr__(owner, name, value)


@contextmanager
def speaking(t: Language) -> Iterator[None]:
    """Typer's own words (panel titles, ``[default: ...]``) in the language for a run."""
    try:
        from typer import rich_utils
    except ImportError:  # pragma: no cover - typer without rich
        yield
        return
    saved = {name: getattr(rich_utils, name) for name in _RICH_WORDS if hasattr(rich_utils, name)}
    try:
        for name, english in saved.items():
            if english == _RICH_WORDS[name]:  # only the words this catalogue knows
                setattr(rich_utils, name, t.gettext(english))
        yield
    finally:
        for name, value in saved.items():
            setattr(rich_utils, name, value)


# -- Click's usage errors -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Pattern:
    """One of Click's English messages: its catalogue id and the regex that reads it."""

    message: str
    regex: re.Pattern[str]


def _pattern(message: str) -> _Pattern:
    parts = re.split(r"\{(\w+)\}", message)
    regex = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
    )
    return _Pattern(message, re.compile(f"^{regex}$", re.DOTALL))


# The messages Click and Typer write (click 8.x and typer's own copy of click word
# them a little differently; each wording is here).
CLICK_MESSAGES: Final = (
    N_("No such option: {name}"),
    N_("No such option: {name} Did you mean {possibility}?"),
    N_("No such option: {name} (Possible options: {possibilities})"),
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Missing parameter: {name}"),
    N_("Invalid value for {name}: {reason}"),
    N_("Invalid value: {reason}"),
    N_("Option {name} requires an argument."),
    N_("Option {name} does not take a value."),
    N_("Got unexpected extra argument ({args})"),
    N_("Got unexpected extra arguments ({args})"),
    N_("Got unexpected extra argument(s) ({args})"),
)
# Why a value is invalid (the {reason} above).
CLICK_REASONS: Final = (
    N_("{value} is not a valid {kind}."),
    N_("{value} is not in the range {range}."),
    N_("{value} is not one of {choices}."),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid number, unable to parse string as a number"),
)


@cache
def _patterns(messages: tuple[str, ...]) -> tuple[_Pattern, ...]:
    # the longest first: "No such option: {name} (Possible ...)" before "No such option: {name}"
    return tuple(_pattern(m) for m in sorted(messages, key=len, reverse=True))


def _say(
    text: str,
    messages: tuple[str, ...],
    t: Language,
    fill: Callable[[dict[str, str]], dict[str, str]],
) -> str:
    for pattern in _patterns(messages):
        match = pattern.regex.match(text)
        if match is not None:
            try:
                return t.gettext(pattern.message).format(**fill(match.groupdict()))
            except (KeyError, IndexError, ValueError):  # a broken translation: English
                return text
    return text


def say_click_message(text: str, t: Language) -> str:
    """A message of Click's in the language: ``'Missing argument 'CARDS'.'`` ->
    ``"Не указан аргумент 'КАРТЫ'."``; a message it does not know stays as it is.

    >>> from showdown.i18n import get_language
    >>> ru = get_language("ru")
    >>> say_click_message("Invalid value for '--cards' / '-c': 'x' is not a valid int.", ru)
    "Недопустимое значение '--cards' / '-c': 'x' — не целое."
    >>> say_click_message("Something else entirely.", ru)
    'Something else entirely.'
    """

    def fill(values: dict[str, str]) -> dict[str, str]:
        if "name" in values:
            values["name"] = _quoted_argument(values["name"], t)
        if "reason" in values:
            values["reason"] = _say(values["reason"], CLICK_REASONS, t, _reason_values(t))
        return values

    return _say(text, CLICK_MESSAGES, t, fill)


def _reason_values(t: Language) -> Callable[[dict[str, str]], dict[str, str]]:
    def fill(values: dict[str, str]) -> dict[str, str]:
        if "kind" in values:
            values["kind"] = t.pgettext("type", values["kind"])
        return values

    return fill


def _quoted_argument(name: str, t: Language) -> str:
    """``'cards'`` -> ``'КАРТЫ'`` for an argument's name; an option's stays as it is."""
    bare = name.strip("'\"")
    if not bare or bare.startswith("-") or not bare.replace("_", "").isalpha():
        return name
    said = argument_name(bare.upper(), t)
    return name.replace(bare, said) if said != bare.upper() else name


def say_click_error(error: click.ClickException, t: Language) -> None:
    """Make a Click error say its message in the language (once)."""
    if getattr(error, "_showdown_said", False):
        return
    text = say_click_message(error.format_message(), t)
    object.__setattr__(error, "format_message", lambda: text)
    object.__setattr__(error, "_showdown_said", True)


# -- the catalogue's view ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HelpMessage:
    """One text of the help: its id, its context (or None), and where it comes from."""

    message: str
    context: str | None
    where: str


def help_messages(group: click.Command) -> Iterator[HelpMessage]:
    """Every text the help of a command (the whole command line: its group) asks the
    catalogue for.

    >>> import typer.main
    >>> from showdown.cli import app
    >>> texts = {m.message for m in help_messages(typer.main.get_command(app))}
    >>> "Indent the JSON." in texts, "CARDS" in texts
    (True, True)
    """
    yield from _walk(group, click.Context(group, info_name="showdown"), "showdown")


def _walk(command: click.Command, ctx: click.Context, path: str) -> Iterator[HelpMessage]:
    for part in _paragraphs(command.help or ""):
        yield HelpMessage(part, None, f"`{path}`")
    if command.epilog:
        examples = _examples(command.epilog)
        if examples is None:
            for part in _paragraphs(command.epilog):
                yield HelpMessage(part, None, f"`{path}`, the end of its help")
        else:
            for cmd, note in examples:
                if note:
                    yield HelpMessage(note, None, f"`{path}`, a note on the example `{cmd}`")
    for param in command.get_params(ctx):
        name = param.opts[0] if param.opts else param.name
        for part in _paragraphs(getattr(param, "help", None) or ""):
            yield HelpMessage(part, None, f"`{path} {name}`")
        if isinstance(param, TyperArgument):
            metavar = param.metavar or (param.name or "").upper()
            yield HelpMessage(metavar, "argument", f"`{path}`, an argument's name")
    if isinstance(command, TyperGroup):
        for sub_name in command.list_commands(ctx):
            sub = command.get_command(ctx, sub_name)
            if sub is not None:
                sub_ctx = click.Context(sub, info_name=sub_name, parent=ctx)
                yield from _walk(sub, sub_ctx, f"{path} {sub_name}")
