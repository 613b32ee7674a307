"""Compile every kernel into numba's cache before a user's first call needs it.

``python -m showdown.warmup`` (run by ``make install``, and worth running once
after ``pip install``) calls each public entry point that reaches a compiled
kernel -- the batch evaluators on small and large arrays (their numba
kernels too, which an install without the C extension runs), the one-hand
kernels, the census, exact and sampled equity on one and two workers (on the
C engine and on numba's kernels, where the C engine is built) -- for
every game and ranking, with tiny inputs; and it keeps the names of every
class of every ranking in every language
(:func:`showdown.explanation.kept_descriptions`). numba keeps what it compiles
in its cache (see :mod:`showdown._numba_cache`), so later processes only load it.

A warm-up never stops an install: a call that fails is reported on standard
error and the others go on; the exit status is 0 either way.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial

__all__ = ["main", "serves", "warm"]


def _calls() -> Iterator[tuple[str, Callable[[], object]]]:
    """Each warm-up call, named for the report."""
    from showdown._kernels.engine import c_engine as engine
    from showdown.batch import (
        SERIAL_ROWS,
        _numba_best_cards_many,
        _numba_evaluate_many,
        best_cards_many,
        census,
        census_sizes,
        evaluate_many,
        strength,
        strength7,
    )
    from showdown.cards import format_cards
    from showdown.equity import equity
    from showdown.games import GAMES, evaluate_game
    from showdown.rules import RANKINGS

    c_engine = engine() is not None

    rng = random.Random(0)
    yield "strength7", partial(strength7, [0, 5, 10, 15, 20, 25, 30])
    for rules in RANKINGS.values():
        deck = [card.code for card in GAMES["holdem"].deck if card.rank in rules.rank_order]
        sizes = census_sizes(rules)
        for width in sorted({rules.hand_size, *sizes}):
            for count in (8, SERIAL_ROWS + 8):  # the serial and the parallel kernels
                rows = [rng.sample(deck, width) for _ in range(count)]
                name = f"{rules.name}: {count} rows of {width}"
                yield name, partial(evaluate_many, rows, ranking=rules)
                yield f"{name}, numba", partial(_numba_evaluate_many, rows, ranking=rules)
                yield f"{name}, best cards", partial(best_cards_many, rows, ranking=rules)
                yield (
                    f"{name}, best cards, numba",
                    partial(_numba_best_cards_many, rows, ranking=rules),
                )
            one = rng.sample(deck, width)
            yield f"{rules.name}: one hand of {width}", partial(strength, one, ranking=rules)
        yield f"{rules.name}: census", partial(census, rules, min(sizes))
        if c_engine:
            yield f"{rules.name}: census, numba", partial(_numba, census, rules, min(sizes))
    for game in GAMES.values():
        cards_of_game = list(game.deck)
        deck = [card.code for card in cards_of_game]
        board = max(game.board_cards, default=0)
        width = game.hole_cards + board
        for count in (8, SERIAL_ROWS + 8):
            rows = [rng.sample(deck, width) for _ in range(count)]
            yield f"{game.name}: {count} rows", partial(evaluate_many, rows, game=game)
            yield (
                f"{game.name}: {count} rows, numba",
                partial(_numba_evaluate_many, rows, game=game),
            )
            yield (
                f"{game.name}: {count} rows, best cards",
                partial(best_cards_many, rows, game=game),
            )
            yield (
                f"{game.name}: {count} rows, best cards, numba",
                partial(_numba_best_cards_many, rows, game=game),
            )
        dealt = rng.sample(cards_of_game, width)
        yield f"{game.name}: one hand", partial(strength, [card.code for card in dealt], game=game)
        hole = format_cards(dealt[: game.hole_cards])
        on_board = format_cards(dealt[width - board :]) or None
        for _ in range(3):  # the compiled path is taken after a first readable call
            yield f"{game.name}: evaluate_game", partial(evaluate_game, game, hole, on_board)
        # Equity: two hands one card short, the board one card short: a small exact
        # enumeration, then a short sample, on one worker and on two.
        cards = rng.sample(cards_of_game, 2 * game.hole_cards + board)
        hands = [
            format_cards(cards[: game.hole_cards - 1]),
            format_cards(cards[game.hole_cards : 2 * game.hole_cards - 1]),
        ]
        known = format_cards(cards[2 * game.hole_cards : 2 * game.hole_cards + board - 1]) or None
        for workers in (1, 2):
            on = f"on {workers} worker(s)"
            exact = partial(equity, hands, known, game=game, exact=True, workers=workers)
            yield f"{game.name}: exact equity {on}", exact
            sampled = partial(equity, hands, known, game=game, samples=2_000, workers=workers)
            yield f"{game.name}: sampled equity {on}", partial(sampled, seed=0)
            if c_engine:  # numba's kernels too, for a run with SHOWDOWN_CEVAL=off
                yield f"{game.name}: exact equity {on}, numba", partial(_numba, exact)
                yield (
                    f"{game.name}: sampled equity {on}, numba",
                    partial(_numba, sampled, seed=0),
                )
    yield "holdem: exact preflop", partial(equity, ["AhKh", "QsQd"], exact=True, workers=1)
    yield "holdem: ranges", partial(equity, ["QQ+, AKs", "random"], samples=2_000, seed=0)
    yield "omaha: patterns", partial(equity, ["AAxx", "KKxx"], game="omaha", samples=2_000, seed=0)
    from showdown.explanation import kept_descriptions
    from showdown.i18n import LANGUAGES, get_language

    for rules in RANKINGS.values():  # the names of every class, kept for the resolve stream
        for code in LANGUAGES:
            language = get_language(code)
            yield (
                f"{rules.name}: names of the classes in {code}",
                partial(kept_descriptions, rules, language, build=True),
            )


def _numba(function: Callable[..., object], *args: object, **kwargs: object) -> object:
    """``function(*args, **kwargs)`` on numba's kernels where the C engine is built."""
    from showdown._kernels.engine import numba_kernels

    with numba_kernels():
        return function(*args, **kwargs)


def serves(name: str) -> bool:
    """Whether an HTTP endpoint can reach the warm-up call ``name``: equity and one-hand values.

    Where the C engine is built, its kernels answer the endpoints: the calls that
    compile numba's equity kernels for an install run without it (``, numba``) are
    not the server's.

    >>> serves("omaha8: sampled equity on 2 worker(s)"), serves("razz: census")
    (True, False)
    >>> serves("omaha8: sampled equity on 2 worker(s), numba")
    False
    """
    if name.endswith(", numba") and "equity" in name:
        return False
    return "equity" in name or name.endswith(
        ("exact preflop", ": ranges", ": patterns", "evaluate_game", "one hand")
    )


def warm(
    report: Callable[[str], None] | None = None, *, only: Callable[[str], bool] | None = None
) -> list[str]:
    """Make every warm-up call; the names of those that failed, with their errors.

    ``report`` gets one line per call as it is made; ``only``, given a call's
    name, says whether to make it (the server warms what its endpoints use).
    """
    failed: list[str] = []
    for name, call in _calls():
        if only is not None and not only(name):
            continue
        started = time.perf_counter()
        try:
            call()
        except Exception as error:  # a warm-up reports, it never stops
            failed.append(f"{name}: {type(error).__name__}: {error}")
            continue
        if report is not None:
            report(f"{name} ({time.perf_counter() - started:.2f} s)")
    return failed


def main() -> int:
    """Warm every kernel up, reporting progress and failures on standard error."""
    started = time.perf_counter()
    print("showdown: compiling the kernels into numba's cache...", file=sys.stderr)
    failed = warm()
    for line in failed:
        print(f"showdown: warm-up call failed: {line}", file=sys.stderr)
    print(f"showdown: kernels ready in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main())
