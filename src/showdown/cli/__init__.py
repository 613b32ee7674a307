"""The ``showdown`` command line: a thin shell over the public library.

Every command prints for people by default and takes ``--json`` for programs.
Bad input exits with status 2 and a one-line message on standard error.
"""

from __future__ import annotations

from showdown.cli import audit as _audit  # noqa: F401
from showdown.cli import census as _census  # noqa: F401
from showdown.cli import equity as _equity  # noqa: F401  (registers its commands)
from showdown.cli import hand as _hand  # noqa: F401  (registers its commands)
from showdown.cli import history as _history  # noqa: F401
from showdown.cli import resolve as _resolve  # noqa: F401
from showdown.cli import serve as _serve  # noqa: F401
from showdown.cli._app import app

__all__ = ["app", "main"]


def main() -> None:
    """Run the command line."""
    app()
