"""The package as users get it: a wheel built from the tree, installed into a fresh venv.

Slow (it builds a wheel and installs numpy and numba into a new environment),
so it carries the ``slow`` marker: ``make test`` runs it, ``make test-fast``
does not.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import showdown

ROOT = Path(__file__).parent.parent


@pytest.mark.slow
def test_the_wheel_installs_and_runs_in_a_fresh_venv(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), str(ROOT)],
        check=True,
    )
    (wheel,) = dist.glob("showdown-*.whl")
    assert wheel.name.startswith(f"showdown-{showdown.__version__}-")
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    # No checkout on the path, not even for pip: a source tree's showdown.egg-info
    # (which setuptools leaves in src/) would read as "already installed".
    clean = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    clean["NUMBA_CACHE_DIR"] = str(tmp_path / "numba-cache")
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(wheel)], check=True, env=clean)
    outside = tmp_path / "elsewhere"
    outside.mkdir()

    def run(*args: str) -> str:
        done = subprocess.run(
            args, cwd=outside, env=clean, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = run(str(python), "-c", "import showdown; print(showdown.__file__)")
    assert str(env_dir) in where
    showdown_cli = str(env_dir / "bin" / "showdown")
    assert run(showdown_cli, "--version").strip() == f"showdown {showdown.__version__}"
    hand = run(showdown_cli, "hand", "--json", "Ks 2d", "-b", "Kc Td Kh Ts 3c")
    assert json.loads(hand)["description"] == "Kings full of Tens"
    lines = run(showdown_cli, "resolve", str(ROOT / "examples" / "showdowns.jsonl")).splitlines()
    assert json.loads(lines[0])["winners"] == ["Peter", "Hans"]
    assert (Path(where.strip()).parent / "py.typed").exists()
    # The C extension is built from source by the install wherever a compiler is found.
    compiled = run(
        str(python),
        "-c",
        "from showdown import _scorer; from showdown.batch import strength7; "
        "print(_scorer.extension() is not None, strength7([51, 47, 43, 39, 35, 0, 1]))",
    )
    has_compiler = any(shutil.which(name) for name in ("cc", "gcc"))
    assert compiled.split() == [str(has_compiler), "7462"]
