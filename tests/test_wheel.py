"""The binary wheel as users get it: built by ``make wheel``, run where there is no compiler.

``make wheel`` compiles the core once into the wheel, so installing it needs no C
compiler. This builds one from a copy of the tree, installs it into a fresh venv
(its dependencies from the package index), and runs it with a ``PATH`` that holds
the venv's commands and nothing else (no ``cc``, no ``gcc``, no ``CC``): the
compiled core answers, and answers as the readable reference does.

Slow (a wheel build and a venv with numpy: a minute or two), so it carries the
``slow`` marker: ``make test`` runs it, ``make test-fast`` does not.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import showdown
from showdown.core import EXTENSIONS

ROOT = Path(__file__).parent.parent
COMPILERS = ("cc", "gcc", "clang", "c99", "x86_64-linux-gnu-gcc", "tcc")

# values random rows in the installed package, printed as JSON
BATCH = """
import json
import numpy as np
import showdown
from showdown import core
from showdown.batch import best_cards_many, evaluate_many
rng = np.random.default_rng(26)
sevens = np.array([rng.permutation(52)[:7] for _ in range(300)])
nines = np.array([rng.permutation(52)[:9] for _ in range(60)])
print(json.dumps({
    "package": showdown.__file__,
    "core": [getattr(core.extension(name), "__file__", None) for name in core.EXTENSIONS],
    "summary": core.summary(),
    "holdem": evaluate_many(sevens, game="holdem").tolist(),
    "holdem_cards": best_cards_many(sevens, game="holdem").tolist(),
    "omaha8": evaluate_many(nines, game="omaha8").tolist(),
}))
"""


def _copy_tree(into: Path) -> None:
    """What a clone holds that the wheel is built from (no build output of this checkout)."""
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE", "Makefile"):
        shutil.copy2(ROOT / name, into / name)
    shutil.copytree(
        ROOT / "src",
        into / "src",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info", "*.pyc"),
    )


@pytest.mark.slow
def test_the_wheel_holds_the_core_and_runs_without_a_compiler(tmp_path: Path) -> None:
    make = shutil.which("make")
    assert make is not None, "make is one of the tools a clone needs"
    tree = tmp_path / "tree"
    tree.mkdir()
    _copy_tree(tree)
    # the project's venv serves `make wheel` as it would in the clone (its pip builds the wheel)
    subprocess.run([make, "-C", str(tree), "wheel", f"VENV={sys.prefix}"], check=True)
    (wheel,) = (tree / "dist").glob("showdown-*.whl")
    assert wheel.name.startswith(f"showdown-{showdown.__version__}-cp3")
    assert not wheel.name.endswith("-none-any.whl")  # a binary wheel: it holds compiled code
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
        requires = [
            line.split(":", 1)[1].strip()
            for line in archive.read(metadata).decode().splitlines()
            if line.startswith("Requires-Dist:")
        ]
    for extension in EXTENSIONS:  # `make wheel` checks it too: it fails where one was not built
        assert any(
            name.startswith(f"showdown/{extension}.") and name.endswith(".so") for name in names
        ), extension
    assert "showdown/py.typed" in names
    assert not any(name.endswith(".c") for name in names)
    assert not any(requirement.startswith(("numba", "llvmlite")) for requirement in requires)

    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    installing = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    subprocess.run(
        [env_dir / "bin" / "python", "-m", "pip", "install", "--quiet", str(wheel)],
        check=True,
        env=installing,
        cwd=tmp_path,
    )

    # the PATH of the venv alone (its python, pip and showdown): no compiler on it
    bare = env_dir / "bin"
    assert {"python", "showdown"} <= {path.name for path in bare.iterdir()}
    assert [name for name in COMPILERS if shutil.which(name, path=str(bare))] == []
    clean = {
        "PATH": str(bare),
        "HOME": str(tmp_path / "home"),
        "SHOWDOWN_CACHE_DIR": str(tmp_path / "cache"),  # the tables are built afresh
        "LC_ALL": "C.UTF-8",
    }
    outside = tmp_path / "elsewhere"
    outside.mkdir()

    def run(*args: str, **extra: str) -> str:
        done = subprocess.run(
            args, cwd=outside, env={**clean, **extra}, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    version = run("showdown", "--version")
    assert f"showdown {showdown.__version__}" in version
    assert "compiled core" in version
    assert "readable reference" not in version

    hand = json.loads(run("showdown", "hand", "--json", "As Kd", "-b", "Qs Js Ts 2c 3d"))
    assert (hand["description"], hand["cards"], hand["unused"]) == (
        "Ace-high straight",
        "As Kd Qs Js Ts",
        "2c 3d",
    )

    core = json.loads(run("python", "-c", BATCH))
    site = env_dir / "lib"
    assert Path(core["package"]).is_relative_to(site)
    assert all(path is not None and Path(path).is_relative_to(site) for path in core["core"])
    assert core["summary"] == "compiled core (C)"
    reference = json.loads(run("python", "-c", BATCH, SHOWDOWN_ENGINE="readable"))
    assert reference["summary"].startswith("readable reference")
    assert reference["core"] == [None] * len(EXTENSIONS)
    for key in ("holdem", "holdem_cards", "omaha8"):
        assert core[key] == reference[key], key
    assert len(core["holdem"]) == 300
    assert len(core["omaha8"]) == 60
