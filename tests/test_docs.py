"""Every code sample of the documentation site (``docs/``) runs, and the site builds.

The conventions (also on the site's "Contributing to the docs" page):

* A ```` ```python ```` block is a doctest: ``>>>`` lines and the output they
  print. The blocks of one page run in order in one namespace, so a page can
  build on its earlier blocks. A ``python`` block without a ``>>>`` line is an
  error (it would be a sample nobody runs); code that is shown but not run
  goes in a ```` ```text ```` or ```` ```json ```` block.
* A ```` ```console ```` block is a terminal session: each ``$ showdown ...``
  line is run through the checkout's command line (``python -m showdown``,
  from the repository root, 80 columns, not a terminal), and the lines under
  it, when there are any, are what it must print (standard output, then
  standard error), compared like a doctest (``...`` matches
  anything, runs of spaces are one space). Each command must exit 0, or
  with the status an HTML comment ``<!-- status: N -->`` on the line before
  the block gives. ``showdown serve`` is started, asked for ``/api/games`` on
  its ``--port`` and stopped. Other shell lines (``pip``, ``make``) go in
  ```` ```sh ```` blocks, which are not run.
* ``mkdocs build --strict`` (warnings are errors) builds the site.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(path for path in DOCS.rglob("*.md"))
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

_FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)[^\n]*$")
_STATUS = re.compile(r"<!--\s*status:\s*(\d+)\s*-->")


@dataclass(frozen=True)
class Block:
    """One fenced block of a page: its language, its first line (1-based), its text."""

    lang: str
    line: int
    text: str
    status: int


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a page, in order (nested fences are not used in the docs)."""
    found: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        match = _FENCE.match(lines[index])
        if match is None:
            index += 1
            continue
        indent, lang = match.group("indent"), match.group("lang")
        before = lines[index - 1] if index else ""
        status = _STATUS.search(before)
        body: list[str] = []
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            body.append(lines[end][len(indent) :] if lines[end].startswith(indent) else lines[end])
            end += 1
        assert end < len(lines), f"{page}:{index + 1}: the fence is never closed"
        found.append(Block(lang, index + 2, "\n".join(body), int(status.group(1)) if status else 0))
        index = end + 1
    return found


def _page_id(page: Path) -> str:
    return page.relative_to(DOCS).as_posix()


def test_pages_exist() -> None:
    """The site has its pages (a glob that found nothing would test nothing)."""
    names = {_page_id(page) for page in PAGES}
    assert {"index.md", "getting-started.md", "contracts.md", "speed.md"} <= names
    assert len([name for name in names if name.startswith("reference/")]) >= 14


# ---------------------------------------------------------------- python samples


@pytest.mark.parametrize("page", PAGES, ids=_page_id)
def test_python_samples(page: Path) -> None:
    """Every ``python`` block of the page runs as a doctest, the page's blocks in one namespace."""
    samples = [block for block in blocks(page) if block.lang in ("python", "py", "pycon")]
    if not samples:
        return
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    namespace: dict[str, object] = {"__name__": f"docs.{_page_id(page)}"}
    report: list[str] = []
    for block in samples:
        name = f"{_page_id(page)}:{block.line}"
        test = parser.get_doctest(block.text, namespace, name, str(page), block.line - 1)
        assert test.examples, f"{name}: a python block with no '>>>' example"
        runner.run(test, out=report.append, clear_globs=False)
        namespace.update(test.globs)  # DocTest copies the globals it is given
    assert runner.failures == 0, "".join(report)


# ---------------------------------------------------------------- console sessions


@dataclass(frozen=True)
class Command:
    """One ``$ showdown ...`` line of a session and the output shown under it."""

    where: str
    argv: tuple[str, ...]
    want: str
    status: int


def sessions(page: Path) -> list[Command]:
    """The commands of the page's ``console`` blocks (and shell blocks that start with one)."""
    commands: list[Command] = []
    for block in blocks(page):
        lines = block.text.splitlines()
        starts = bool(lines) and lines[0].startswith("$ showdown")
        if block.lang != "console" and not (block.lang in ("bash", "shell") and starts):
            continue
        where = f"{_page_id(page)}:{block.line}"
        assert starts, f"{where}: a console block starts with '$ showdown ...'"
        current: list[str] | None = None
        argv: tuple[str, ...] = ()
        for line in [*lines, "$ "]:
            if line.startswith("$ "):
                if current is not None:
                    want = "\n".join(current).strip("\n")
                    commands.append(Command(where, argv, want + "\n" if want else "", block.status))
                if line == "$ ":
                    break
                argv = tuple(shlex.split(line[2:]))
                assert argv[0] == "showdown", f"{where}: {line!r} is not a showdown command"
                current = []
            else:
                assert current is not None
                current.append(line)
    return commands


SESSION_PAGES = [page for page in PAGES if sessions(page)]


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    env.update(COLUMNS="80", NO_COLOR="1", TERM="dumb", PYTHONIOENCODING="utf-8")
    return env


def _serve(command: Command) -> None:
    """Start ``showdown serve``, ask it for the games on its port, stop it."""
    argv = list(command.argv)
    assert "--port" in argv, f"{command.where}: a serve example names its --port"
    port = int(argv[argv.index("--port") + 1])
    process = subprocess.Popen(
        [sys.executable, "-m", *argv],
        cwd=ROOT,
        env=_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, f"{command.where}: the server exited"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2) as r:
                    assert r.status == 200
                    assert b"holdem" in r.read()
                    break
            except OSError:
                assert time.monotonic() < deadline, f"{command.where}: no answer on port {port}"
                time.sleep(0.2)
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.mark.parametrize("page", SESSION_PAGES, ids=_page_id)
def test_console_sessions(page: Path) -> None:
    """Every ``$ showdown ...`` of the page exits as shown and prints what the page shows."""
    checker = doctest.OutputChecker()
    for command in sessions(page):
        if command.argv[1:2] == ("serve",) and "--help" not in command.argv:
            _serve(command)
            continue
        done = subprocess.run(
            [sys.executable, "-m", *command.argv],
            cwd=ROOT,
            env=_environment(),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=300,
            check=False,
        )
        shown = shlex.join(command.argv)
        assert done.returncode == command.status, (
            f"{command.where}: `{shown}` exited {done.returncode}, the page says "
            f"{command.status}:\n{done.stdout}{done.stderr}"
        )
        printed = done.stdout + done.stderr
        if command.want:
            assert checker.check_output(command.want, printed, FLAGS), (
                f"{command.where}: `{shown}` printed\n{printed}\nthe page shows\n{command.want}"
            )


def test_every_command_has_a_page() -> None:
    """Each command of the CLI is shown running on its page under docs/cli/."""
    expected = {
        "hand",
        "compare",
        "games",
        "resolve",
        "audit",
        "history convert",
        "equity",
        "matrix",
        "census",
        "serve",
    }
    for name in expected:
        page = DOCS / "cli" / f"{name.replace(' ', '-')}.md"
        assert page.exists(), f"no page for `showdown {name}`"
        run = [
            " ".join(c.argv[1:3]) if c.argv[1] == "history" else c.argv[1] for c in sessions(page)
        ]
        assert name in run, f"{page.name} never runs `showdown {name}`"


# ---------------------------------------------------------------- the site


def test_site_builds_strict(tmp_path: Path) -> None:
    """``mkdocs build --strict`` builds the whole site, every warning an error."""
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    pytest.importorskip("mkdocstrings_handlers.python", reason="the docs extra is not installed")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env={**_environment(), "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "index.html").exists()
    reference = (tmp_path / "site" / "reference" / "pots.html").read_text(encoding="utf-8")
    assert 'id="showdown.pots.resolve"' in reference  # the docstrings are there
    assert "&gt;&gt;&gt; </span>" in reference  # doctests are code blocks, not quotes
    assert ":func:" not in reference  # Sphinx roles became links or code
