"""The server's limits against abuse, as one documented settings value.

Every limit has a default, an environment variable and a ``showdown serve``
option of the same name:

=============================  ================================  =========
setting                        environment variable              default
=============================  ================================  =========
``max_body_bytes``             ``SHOWDOWN_MAX_BODY_BYTES``       65536
``max_players``                ``SHOWDOWN_MAX_PLAYERS``          10
``equity_max_samples``         ``SHOWDOWN_EQUITY_MAX_SAMPLES``   2000000
``equity_max_seconds``         ``SHOWDOWN_EQUITY_MAX_SECONDS``   2.0
``equity_queue``               ``SHOWDOWN_EQUITY_QUEUE``         4
=============================  ================================  =========

>>> Settings.from_env({"SHOWDOWN_MAX_PLAYERS": "6"}).max_players
6
>>> Settings(max_players=0)
Traceback (most recent call last):
...
ValueError: max_players must be a whole number from 2 to 23, got 0
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Final

__all__ = ["ENVIRONMENT", "Settings"]

ENVIRONMENT: Final = {
    "max_body_bytes": "SHOWDOWN_MAX_BODY_BYTES",
    "max_players": "SHOWDOWN_MAX_PLAYERS",
    "equity_max_samples": "SHOWDOWN_EQUITY_MAX_SAMPLES",
    "equity_max_seconds": "SHOWDOWN_EQUITY_MAX_SECONDS",
    "equity_queue": "SHOWDOWN_EQUITY_QUEUE",
}
"""The environment variable of each setting."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Limits of the HTTP API, each a hard cap per request.

    Attributes:
        max_body_bytes: the largest request body accepted; a larger one is
            refused with 413 before it is read to the end.
        max_players: the most players one showdown or equity request may
            hold (2 to 23, the most one deck can deal a two-card game to).
        equity_max_samples: the most deals one equity request may sample
            (or enumerate); asking for more is a 422.
        equity_max_seconds: the longest one equity request may compute,
            reading its ranges included; sampling stops there and reports
            what it has.
        equity_queue: how many equity requests may wait while one runs (each
            one uses every core); one more is refused at once with 503 and a
            ``Retry-After``. Hands and showdowns never wait behind them.

    Raises:
        ValueError: a limit out of its range (the message names it).
    """

    max_body_bytes: int = 65_536
    max_players: int = 10
    equity_max_samples: int = 2_000_000
    equity_max_seconds: float = 2.0
    equity_queue: int = 4

    def __post_init__(self) -> None:
        _check_int("max_body_bytes", self.max_body_bytes, 256, 1 << 30)
        _check_int("max_players", self.max_players, 2, 23)
        _check_int("equity_max_samples", self.equity_max_samples, 1, 10**12)
        _check_int("equity_queue", self.equity_queue, 0, 1000)
        seconds = self.equity_max_seconds
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 0 < seconds <= 3600
        ):
            raise ValueError(
                f"equity_max_seconds must be a positive number of at most 3600, got {seconds!r}"
            )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Settings from the environment, then ``overrides`` (``None`` = not given).

        Raises:
            ValueError: a variable that is not a number, or out of range.
        """
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        for spec in fields(cls):
            text = env.get(ENVIRONMENT[spec.name])
            if text is not None and text.strip():
                kind = float if spec.name == "equity_max_seconds" else int
                try:
                    values[spec.name] = kind(text.strip())
                except ValueError:
                    raise ValueError(f"{ENVIRONMENT[spec.name]}={text!r} is not a number") from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        unknown = set(values) - set(ENVIRONMENT)
        if unknown:
            raise TypeError(f"unknown settings {sorted(unknown)}: use {', '.join(ENVIRONMENT)}")
        return cls(**values)  # type: ignore[arg-type]


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
