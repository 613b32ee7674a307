"""Types of the C extension built from ``_cresolve.c`` (see :mod:`showdown._resolve_fast`)."""

from collections.abc import Callable, Sequence
from typing import Any

MAX_SEATS: int

class Game:
    """One game in one language: what the native lane asks of Python."""

    def __init__(
        self,
        *,
        name: str,
        hole: int,
        board: int,
        deck: int,
        by_high_card: bool,
        low_order: bool,
        size: int,
        prefix: str,
        suffix: str,
        half: str,
        cards: tuple[str, ...],
        scorer: Callable[[Sequence[int]], Any],
        ranks: Callable[[int], bytes],
        piece: Callable[[int], str],
        template: Callable[[int, int, int], str | None],
        form: Callable[[int, int], str],
        join: Callable[[tuple[str, ...]], str],
    ) -> None: ...

def answer(
    texts: list[str], games: dict[str, Game | None], factory: Callable[[str], Game | None], /
) -> list[str | None]:
    """Per text, the output line ``showdown resolve --json`` writes for it, or ``None``."""
