"""Where numba keeps the compiled kernels: beside the package, or a user cache folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from showdown import _kernels


def test_a_read_only_package_sends_the_cache_to_the_user_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    _kernels._choose_numba_cache()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "showdown" / "numba")


def test_numba_cache_dir_is_honoured(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    _kernels._choose_numba_cache()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine")


def test_a_writable_package_keeps_numbas_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(os, "access", lambda path, mode: True)
    _kernels._choose_numba_cache()
    assert "NUMBA_CACHE_DIR" not in os.environ
