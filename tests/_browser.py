"""What the Playwright tests share: Debian's chromium, its flags, a server and a browser.

Each page test module takes the fixtures by assignment
(``browser = _browser.browser``), so pytest finds them in the module.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests._web_server import running_server

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).parents[1] / "test-artifacts"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

needs_chromium = pytest.mark.skipif(
    not Path(CHROMIUM).exists() and shutil.which("chromium") is None,
    reason="Debian's chromium is not installed (.ci/run installs it)",
)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """A running server (one per module)."""
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium driven by Playwright (one per module)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield chromium
        chromium.close()
