"""The command line loads only the module of the command it runs (start-up time, issue 13)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from showdown.cli import COMMAND_MODULES, app


def test_every_command_is_mapped_to_the_module_that_registers_it() -> None:
    commands = {info.name or info.callback.__name__: info for info in app.registered_commands}
    groups = {info.name: info for info in app.registered_groups}
    assert set(commands) | set(groups) == set(COMMAND_MODULES)
    for name, info in commands.items():
        assert info.callback is not None
        assert info.callback.__module__ == f"showdown.cli.{COMMAND_MODULES[name]}"


def _modules_after(args: list[str]) -> set[str]:
    """The showdown and third-party modules a process has loaded after running ``args``."""
    script = textwrap.dedent(
        f"""
        import sys
        sys.argv = ["showdown", *{args!r}]
        from showdown.cli import main
        try:
            main()
        except SystemExit:
            pass
        print("\\n".join(sorted(sys.modules)), file=sys.stderr)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    return set(done.stderr.split())


@pytest.mark.parametrize(
    ("args", "module"),
    [
        (["hand", "As Ks", "--board", "Qs Js Ts"], "showdown.cli._lean"),  # no Typer at all
        (["hand", "--help"], "showdown.cli.hand"),
    ],
)
def test_hand_loads_neither_numpy_nor_the_other_commands(args: list[str], module: str) -> None:
    loaded = _modules_after(args)
    assert module in loaded
    for absent in (
        "numpy",
        "pydantic",
        "showdown.equity",
        "showdown.history",
        "showdown.cli.equity",
        "showdown.cli.audit",
        "showdown.cli.serve",
    ):
        assert absent not in loaded, absent


@pytest.mark.parametrize("args", [["--help"], ["handd", "As Ks"]])
def test_top_level_help_and_unknown_commands_load_every_command(args: list[str]) -> None:
    loaded = _modules_after(args)
    assert {f"showdown.cli.{module}" for module in COMMAND_MODULES.values()} <= loaded
