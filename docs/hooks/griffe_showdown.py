"""A griffe extension for showdown's docstrings, used by the API reference pages.

The docstrings are written for two readers: ``help()`` and doctest. They use
Sphinx-style roles (``:func:`resolve```) for cross-references and bare
``>>>`` examples. Markdown, which mkdocstrings renders them with, reads the
first as literal text and the second as nested quotes. This extension, run
once the package is loaded, rewrites each docstring for the site only (the
sources are untouched):

* a run of ``>>>`` lines with their expected output becomes a fenced
  ``pycon`` block, at the indentation it had;
* a role becomes an optional cross-reference: a link when the target is on
  a reference page, plain code otherwise (never a broken link).
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|data|exc|obj|const|type):`(~?)([\w.]+)`")
_PROMPT = re.compile(r"^(\s*)>>> ?")


def _fence_examples(text: str) -> str:
    """Wrap every doctest run (prompt lines and their output, up to a blank line) in a fence."""
    out: list[str] = []
    lines = text.splitlines()
    index = 0
    inside_fence = False
    while index < len(lines):
        line = lines[index]
        if line.lstrip().startswith("```"):
            inside_fence = not inside_fence
        match = None if inside_fence else _PROMPT.match(line)
        if match is None:
            out.append(line)
            index += 1
            continue
        indent = match.group(1)
        out.append(f"{indent}```pycon")
        while index < len(lines) and lines[index].strip():
            out.append(lines[index])
            index += 1
        out.append(f"{indent}```")
    return "\n".join(out)


def _resolve(obj: griffe.Object, name: str, collection: Any) -> str | None:
    """The full path of ``name`` as seen from ``obj``, or None when it is not in the package."""
    candidates = [name]
    scope: griffe.Object | None = obj
    while scope is not None:
        candidates.append(f"{scope.path}.{name}")
        scope = scope.parent
    for candidate in candidates:
        try:
            collection[candidate]
        except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
            continue
        return candidate
    return None


def _link_roles(obj: griffe.Object, text: str, collection: Any) -> str:
    """Turn Sphinx roles into optional autorefs (plain code when the target is unknown)."""

    def replace(match: re.Match[str]) -> str:
        tilde, name = match.groups()
        shown = name.rsplit(".", 1)[-1] if tilde else name
        code = f"<code>{html.escape(shown)}</code>"
        path = _resolve(obj, name, collection)
        if path is None:
            return code
        return f'<autoref identifier="{html.escape(path)}" optional>{code}</autoref>'

    return _ROLE.sub(replace, text)


class ShowdownDocstrings(griffe.Extension):
    """Rewrite showdown's docstrings for Markdown: fenced examples, linked roles."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite every docstring of the loaded package, once."""
        collection = loader.modules_collection
        seen: set[int] = set()
        stack: list[griffe.Object] = [pkg]
        while stack:
            obj = stack.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if obj.docstring is not None:
                value = _fence_examples(obj.docstring.value)
                obj.docstring.value = _link_roles(obj, value, collection)
            for member in obj.members.values():
                if not member.is_alias:
                    stack.append(member)  # type: ignore[arg-type]
