"""The modules of ``showdown`` import each other without circles and use only
each other's public names.

Every module of ``src/showdown`` is read with :mod:`ast`, with every import it
makes (at the top, inside a function or a class, in a ``try``, under ``if
TYPE_CHECKING:``). An import moved inside a function or under ``TYPE_CHECKING``
to dodge a circle is still a circle (the modules still depend on each other),
so it counts as an edge like any other.

An edge goes from a module to the module it names: ``import showdown.a.b`` and
``from showdown.a import b`` (``b`` a module) name ``showdown.a.b``;
``from showdown.a import name`` (``name`` not a module) names ``showdown.a``;
relative imports are resolved against the importing module's package. The
packages above the named module (whose ``__init__`` Python runs first) are not
edges: a package's ``__init__`` re-exporting its modules would otherwise make
every module of the package a circle with it.

A private name is one that starts with ``_`` and is not a dunder. Importing a
private *module* (``from showdown import _scorer``, ``import
showdown.history._quick``) is fine: a package's private modules are its
internals. Using a private *name* of another module is not, whether imported
(``from showdown.history._text import _SEAT``) or reached through an imported
module (``_text._SEAT``, ``showdown._scorer._table``).

Run this file as a script to print the graph's circles and the private names:
``python tests/test_imports.py``.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "showdown"


@dataclass(frozen=True)
class Import:
    """One import made by a showdown module of another showdown module."""

    importer: str
    target: str
    line: int
    private_name: str | None = None
    """The private name of ``target`` the import (or an attribute) reaches, if any."""


def module_files(root: Path = SOURCE, package: str = PACKAGE) -> dict[str, Path]:
    """Every module of the package, by dotted name (a package by its own name); a
    compiled extension by its stub (it imports nothing of the package)."""
    modules: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    for stub in sorted((root / package).rglob("*.pyi")):  # the compiled extensions
        name = ".".join(stub.relative_to(root).with_suffix("").parts)
        if name not in modules:
            modules[name] = stub
    return modules


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _run_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of the tree."""
    return ast.walk(tree)


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _absolute(node: ast.ImportFrom, module: str, path: Path) -> str:
    if not node.level:
        return node.module or ""
    base = _package_of(module, path).split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """The imports of showdown modules that ``module`` runs, with the private names it uses."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[Import] = []
    aliases: dict[str, str] = {}  # a local name bound to a showdown module -> that module

    def owner(dotted: str) -> str | None:
        """The longest showdown module that ``dotted`` starts with."""
        parts = dotted.split(".")
        for end in range(len(parts), 0, -1):
            name = ".".join(parts[:end])
            if name in modules:
                return name
        return None

    for node in _run_nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = owner(alias.name)
                if target is None:
                    continue
                found.append(Import(module, target, node.lineno))
                if alias.asname:
                    aliases[alias.asname] = target
                elif (top := alias.name.split(".")[0]) in modules:
                    aliases.setdefault(top, top)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, module, path)
            if owner(source) is None:
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in modules:
                    found.append(Import(module, submodule, node.lineno))
                    aliases[alias.asname or alias.name] = submodule
                    continue
                target = owner(source)
                assert target is not None
                private = alias.name if _is_private(alias.name) else None
                found.append(Import(module, target, node.lineno, private))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            target = owner(node.args[0].value)
            if target is not None:
                found.append(Import(module, target, node.lineno))
    # private names reached as attributes of an imported module: ``_text._SEAT``
    for node in _run_nodes(tree):
        if not isinstance(node, ast.Attribute) or not _is_private(node.attr):
            continue
        dotted = _dotted(node.value)
        if dotted is None:
            continue
        head, _, rest = dotted.partition(".")
        if head not in aliases:
            continue
        full = aliases[head] + ("." + rest if rest else "")
        if full not in modules or full == module:
            continue
        if f"{full}.{node.attr}" in modules:
            continue  # a private module reached through its package
        found.append(Import(module, full, node.lineno, node.attr))
    return found


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def all_imports() -> list[Import]:
    """Every import between showdown modules, over the whole package."""
    modules = module_files()
    return [
        found
        for module, path in modules.items()
        for found in imports_of(module, path, modules)
        if found.target != module
    ]


def graph(imports: list[Import]) -> dict[str, set[str]]:
    """Which showdown modules each module imports."""
    edges: dict[str, set[str]] = {module: set() for module in module_files()}
    for found in imports:
        edges[found.importer].add(found.target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(start: str) -> None:
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(components)


def shortest_circle(edges: dict[str, set[str]], component: list[str]) -> list[str]:
    """A shortest circle through the first module of a component, first module repeated."""
    members = set(component)
    start = component[0]
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if child not in parents:
                    parents[child] = node
                    following.append(child)
        frontier = following
    return component  # pragma: no cover - a component always holds a circle


def describe_cycles(imports: list[Import]) -> str:
    """Each circle: its modules, one shortest circle, and the lines of its imports."""
    edges = graph(imports)
    lines = []
    for component in cycles(edges):
        members = set(component)
        lines.append(f"circle of {len(component)} modules: {', '.join(component)}")
        lines.append("  e.g. " + " -> ".join(shortest_circle(edges, component)))
        for found in sorted(
            {
                (f.importer, f.target, f.line)
                for f in imports
                if f.importer in members and f.target in members
            }
        ):
            lines.append(f"    {found[0]}:{found[2]} imports {found[1]}")
    return "\n".join(lines)


def private_imports(imports: list[Import]) -> list[Import]:
    """The uses of another module's private names, one per (importer, target, name)."""
    seen: dict[tuple[str, str, str], Import] = {}
    for found in imports:
        if found.private_name is not None:
            seen.setdefault((found.importer, found.target, found.private_name), found)
    return sorted(seen.values(), key=lambda f: (f.importer, f.target, f.private_name or ""))


def describe_private(imports: list[Import]) -> str:
    """One line per private name used across modules."""
    return "\n".join(
        f"{f.importer}:{f.line} uses {f.target}.{f.private_name}" for f in private_imports(imports)
    )


def test_the_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The reader resolves relative and ``from package import module`` forms, reads
    imports inside functions and under ``TYPE_CHECKING`` and finds a circle."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from pkg.a import VALUE\n")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "VALUE = 1\n"
        "if TYPE_CHECKING:\n    from pkg import c\n"
        "def later():\n    from .sub import b\n    return b._hidden\n"
    )
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text("from ..a import VALUE, _secret\nfrom .. import _c\n")
    (package / "c.py").write_text(
        "import importlib\nimport pkg.a\nimport pkg.sub.b as bee\n"
        "importlib.import_module('pkg.sub')\nbee._z, pkg.a._y\n"
    )
    (package / "_c.py").write_text("")
    modules = module_files(tmp_path, "pkg")
    assert sorted(modules) == ["pkg", "pkg._c", "pkg.a", "pkg.c", "pkg.sub", "pkg.sub.b"]
    found = [f for m, p in modules.items() for f in imports_of(m, p, modules)]
    edges: dict[str, set[str]] = {module: set() for module in modules}
    for f in found:
        edges[f.importer].add(f.target)
    assert edges["pkg.a"] == {"pkg.sub.b", "pkg.c"}  # TYPE_CHECKING imports count too
    assert edges["pkg.sub.b"] == {"pkg.a", "pkg._c"}
    assert edges["pkg.c"] == {"pkg.a", "pkg.sub", "pkg.sub.b"}
    assert cycles(edges) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    assert shortest_circle(edges, ["pkg.a", "pkg.sub.b"]) == ["pkg.a", "pkg.sub.b", "pkg.a"]
    private = sorted((f.importer, f.target, f.private_name) for f in private_imports(found))
    assert private == [
        ("pkg.a", "pkg.sub.b", "_hidden"),
        ("pkg.c", "pkg.a", "_y"),
        ("pkg.c", "pkg.sub.b", "_z"),
        ("pkg.sub.b", "pkg.a", "_secret"),
    ]


def test_no_import_circle() -> None:
    """No showdown module imports, even inside a function, one that imports it back."""
    imports = all_imports()
    found = cycles(graph(imports))
    assert not found, f"{len(found)} import circles:\n{describe_cycles(imports)}"


def test_no_private_name_crosses_modules() -> None:
    """No showdown module uses a private name of another (private modules are fine)."""
    imports = all_imports()
    found = private_imports(imports)
    assert not found, (
        f"{len(found)} private names used across modules:\n{describe_private(imports)}"
    )


if __name__ == "__main__":  # pragma: no cover
    everything = all_imports()
    print(describe_cycles(everything) or "no circle")
    print(describe_private(everything) or "no private name across modules")
    sys.exit(0)
