"""What the package needs: numpy and the compiled core (or the readable reference), no numba.

numba was the engine of the batch paths before the compiled core served them all.
It is gone from the dependencies, from every module (an import inside a function
counts too) and from the project's environment once ``make install`` ran again.
The wheel itself is tested in ``tests/test_wheel.py``.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "src" / "showdown"
GONE = ("numba", "llvmlite")


def _is_gone(module: str) -> bool:
    return module.split(".")[0] in GONE


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module a source imports, with its line: ``import``, ``from ... import``
    and ``importlib.import_module("...")`` / ``__import__("...")``, at any depth."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                or (isinstance(node.func, ast.Name) and node.func.id == "__import__")
            )
        ):
            found.append((node.lineno, node.args[0].value))
    return found


def test_the_import_finder_sees_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text(
        "import os\n"
        "def f():\n"
        "    from numba import njit\n"
        "    import importlib\n"
        "    return importlib.import_module('llvmlite.binding')\n",
        encoding="utf-8",
    )
    found = _imports(source)
    assert found == [(1, "os"), (3, "numba"), (4, "importlib"), (5, "llvmlite.binding")]
    assert [name for _, name in found if _is_gone(name)] == ["numba", "llvmlite.binding"]


def test_no_module_of_the_package_imports_numba() -> None:
    sources = sorted(PACKAGE.rglob("*.py"))
    assert len(sources) > 40
    offending = [
        f"{path.relative_to(PACKAGE)}:{line}: {name}"
        for path in sources
        for line, name in _imports(path)
        if _is_gone(name)
    ]
    assert offending == []


def test_numba_is_not_a_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    names = {re.split(r"[\s\[;<>=!~]", requirement, maxsplit=1)[0] for requirement in wanted}
    assert "numpy" in names
    assert names.isdisjoint(GONE)


def test_numba_is_not_installed_in_the_environment() -> None:
    # `make install` drops it from a venv made before it was removed
    assert [name for name in GONE if importlib.util.find_spec(name) is not None] == []
