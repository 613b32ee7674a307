"""Catalog maintenance with Babel: extract messages, merge, compile.

``python -m showdown._catalogs extract update compile``: extract every message
of the package into ``locale/showdown.pot``, merge the template into each
language's ``.po`` (new messages arrive untranslated), and compile the ``.mo``
files the library reads. Needs Babel (the ``web`` extra). The command line's help
texts are extracted from the commands themselves
(:func:`showdown.cli._help.help_messages`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from showdown.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

__all__ = ["compile_catalogs", "main"]

_KEYWORDS: Final = {"_": None, "gettext": None, "pgettext": ((1, "c"), 2), "N_": None,
                    "pN_": ((1, "c"), 2), "ngettext": (1, 2), "of": None, "Message": None,
                    "_bad_token": (2,), "_type_error": None}  # fmt: skip


def _catalog_paths(code: str) -> tuple[Path, Path]:
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


def _extract() -> None:  # pragma: no cover - maintenance
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    catalog = Catalog(project="showdown", msgid_bugs_address="", charset="utf-8")
    root = Path(__file__).parent
    found = extract_from_dir(
        str(root),
        method_map=[("**.py", "python")],
        keywords=_KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        if filename.startswith("_kernels"):
            continue
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    # The command line's help: docstrings and option help, written as plain English
    # where the commands are defined (showdown.cli._help says them in the language).
    import typer.main

    from showdown.cli import app
    from showdown.cli._help import help_messages

    for text in help_messages(typer.main.get_command(app)):
        known = catalog.get(text.message, context=text.context)
        comments = list(known.auto_comments) if known is not None else []
        if f"help of {text.where}" not in comments:
            comments.append(f"help of {text.where}")
        catalog.add(
            text.message,
            None,
            [("cli/_help.py", 0)],
            auto_comments=comments,
            context=text.context,
        )
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as file:
        write_po(file, catalog, width=100, include_lineno=False)


def _update() -> None:  # pragma: no cover - maintenance
    from babel.messages.pofile import read_po, write_po

    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as file:
        template = read_po(file)
    for code in LANGUAGES[1:]:
        po_path, _mo = _catalog_paths(code)
        with po_path.open("rb") as file:
            catalog = read_po(file, locale=code)
        catalog.update(template, no_fuzzy_matching=True)
        with po_path.open("wb") as file:
            write_po(file, catalog, width=100, ignore_obsolete=True, include_lineno=False)


def compile_catalogs() -> list[Path]:
    """Compile every ``.po`` catalog to its ``.mo`` file (needs Babel).

    Returns:
        the ``.mo`` files written.

    Raises:
        ValueError: a catalog has errors (a message whose placeholders differ).
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for code in LANGUAGES[1:]:
        po_path, mo_path = _catalog_paths(code)
        with po_path.open("rb") as file:
            catalog = read_po(file, locale=code)
        problems = [f"{m.id!r}: {e}" for m, errors in catalog.check() for e in errors]
        if problems:
            raise ValueError(f"{po_path}: " + "; ".join(problems))
        with mo_path.open("wb") as file:
            write_mo(file, catalog, use_fuzzy=False)
        written.append(mo_path)
    return written


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - maintenance
    """``python -m showdown._catalogs extract|update|compile``."""
    args = list(sys.argv[1:] if argv is None else argv)
    steps = {"extract": _extract, "update": _update, "compile": compile_catalogs}
    if not args or any(a not in steps for a in args):
        sys.stderr.write("usage: python -m showdown._catalogs extract|update|compile ...\n")
        return 2
    for step in args:
        steps[step]()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
