"""The input policy of showdown, written down once, and the small checkers that apply it.

Every public function (and the CLI and the web API, which call them) follows
the same rules, checked at the public boundary and never deep inside:

1. **Wrong types are a** :class:`TypeError` whose message names the argument
   and what it got: ``samples must be a whole number, got float 1.5``. A bool
   is never a number (``True`` is not ``1``), a float is never silently
   truncated to an integer (``1.9`` is not ``1``), a text is never read as a
   number (``'10'`` is not ``10``) and ``bytes`` are never read as a text.
   Integers may be Python or NumPy integers; real numbers may be any of them
   or floats.
2. **Wrong values are a** :class:`~showdown.errors.ShowdownError` **subclass
   of their cause** (a card that cannot be read, a card used twice, an
   impossible option, a request over its budget...) whose message names the
   argument and echoes the value: ``seed=-1: must be a whole number from 0 to
   18446744073709551615``. ``NaN`` and infinities are values, and always refused where a
   number is needed.
3. **Card text is ASCII.** Ranks ``2-9 T J Q K A`` (or ``10``), suits ``s h d
   c`` in either case, or the Unicode suit symbols ``♠ ♥ ♦ ♣ ♤ ♡ ♢ ♧``;
   separators are white space, commas and semicolons. Any other character is
   a :class:`~showdown.errors.CardParseError` that quotes it, with its code
   point when it is not ASCII: a Kelvin sign ``K`` (U+212A) is not a king and
   a long s ``ſ`` (U+017F) is not a spade, however Unicode folds their case.
   The same holds for the card and rank characters of range tokens.
4. **Nothing else escapes.** No ``KeyError``, ``IndexError``,
   ``RecursionError``, ``OverflowError``, ``ZeroDivisionError`` or error of the compiled core
   reaches a caller on bad input; a test catalogue of bad inputs
   (``tests/test_bad_inputs.py``) and fuzzing hold every public function to it.
5. **Budgets are refused up front.** A request that would exceed a memory
   budget is a :class:`~showdown.errors.BudgetError` before any work is done;
   a time budget stops the work and says so in the result.

>>> check_int("samples", 10, minimum=1)
10
>>> check_int("samples", True, minimum=1)
Traceback (most recent call last):
  ...
TypeError: samples must be a whole number, got bool True
>>> check_real("stderr", 0.0, positive=True)
Traceback (most recent call last):
  ...
showdown.errors.InvalidArgumentError: stderr=0.0: must be a finite number above 0
>>> describe_char("\\u212a") == "'\u212a' (U+212A KELVIN SIGN)"
True
"""

from __future__ import annotations

import math
import operator
import unicodedata
from typing import Final, TypeVar

from showdown.errors import InvalidArgumentError, Message, ShowdownError

__all__ = [
    "MAX_SEED",
    "check_callable",
    "check_flag",
    "check_int",
    "check_real",
    "check_seed",
    "check_text",
    "describe_char",
    "describe_value",
    "json_whole",
    "quote",
]

MAX_SEED: Final = (1 << 64) - 1
"""The largest seed: seeds are whole numbers from 0 to 2**64 - 1."""

T = TypeVar("T")


def json_whole(value: object) -> object:
    """A JSON number whose fraction is zero as the integer it equals; anything else as is.

    JSON (and JSON Schema) make no difference between ``50`` and ``50.0``, so the
    JSON boundaries (the contract, the HTTP API) read both as 50; ``1.5`` stays a
    float, which they refuse.

    >>> json_whole(50.0), json_whole(1.5), json_whole("2"), json_whole(True)
    (50, 1.5, '2', True)
    """
    if type(value) is float and value.is_integer():
        return int(value)
    return value


def describe_value(value: object, limit: int = 60) -> str:
    """A value for a message: its type and a short repr, ``'float 1.5'``.

    >>> describe_value(None), describe_value("x" * 100)[:12]
    ('None', "str 'xxxxxxx")
    """
    if value is None:
        return "None"
    text = repr(value)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return f"{type(value).__name__} {text}"


def quote(text: str, limit: int = 40) -> str:
    """A text for a message: its repr, cut to about ``limit`` characters.

    >>> quote("pineapple"), quote("x" * 100, 10)
    ("'pineapple'", "'xxxxxx'...")
    """
    shown = repr(text)
    return shown if len(shown) <= limit else repr(text[: max(1, limit - 4)]) + "..."


def describe_char(char: str) -> str:
    """A character for a message: quoted, with its code point and name when not ASCII.

    >>> describe_char("Z"), describe_char("\\u017f")
    ("'Z'", "'ſ' (U+017F LATIN SMALL LETTER LONG S)")
    """
    if char.isascii() and char.isprintable():
        return repr(char)
    name = unicodedata.name(char, "")
    point = f"U+{ord(char):04X}" + (f" {name}" if name else "")
    shown = char if char.isprintable() else ""
    return f"{shown!r} ({point})" if shown else f"({point})"


def check_text(name: str, value: object) -> str:
    """``value`` when it is a text; a :class:`TypeError` naming ``name`` otherwise.

    >>> check_text("cards", b"As")
    Traceback (most recent call last):
      ...
    TypeError: cards must be a text, got bytes b'As' (decode bytes first)

    Raises:
        TypeError: not a ``str``.
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bytes | bytearray | memoryview):
        raise _type_error(
            "{name} must be a text, got {value} (decode bytes first)",
            name=name,
            value=describe_value(value),
        )
    raise _type_error("{name} must be a text, got {value}", name=name, value=describe_value(value))


def _type_error(template: str, /, **params: object) -> TypeError:
    """A :class:`TypeError` whose message keeps its template, as :meth:`ShowdownError.of`
    does (so that a shell can say it in another language)."""
    message = Message(template, **params)
    error = TypeError(str(message))
    error.template = message.template  # type: ignore[attr-defined]
    error.params = message.params  # type: ignore[attr-defined]
    return error


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise _type_error(
            "{name} must be a whole number, got {value}", name=name, value=describe_value(value)
        )
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise _type_error(
            "{name} must be a whole number, got {value}", name=name, value=describe_value(value)
        ) from None


def _bounds(minimum: float | None, maximum: float | None) -> str:
    if minimum is not None and maximum is not None:
        return Message("from {minimum} to {maximum}", minimum=minimum, maximum=maximum)
    if minimum is not None:
        return Message("of at least {minimum}", minimum=minimum)
    return Message("of at most {maximum}", maximum=maximum)


def check_int(
    name: str,
    value: object,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    error: type[ShowdownError] = InvalidArgumentError,
) -> int:
    """``value`` as an ``int`` when it is a whole number within the bounds.

    >>> check_int("workers", -1, minimum=1)
    Traceback (most recent call last):
      ...
    showdown.errors.InvalidArgumentError: workers=-1: must be a whole number of at least 1

    Raises:
        TypeError: not an integer (a bool, a float, a text...).
        ShowdownError: the ``error`` class, out of bounds.
    """
    number = _whole(name, value)
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        shown = (
            str(number)
            if number.bit_length() < 200
            else Message("a {digits}-digit number", digits=len(str(number)))
        )
        raise error.of(
            "{name}={shown}: must be a whole number {bounds}",
            name=name,
            shown=shown,
            bounds=_bounds(minimum, maximum),
        )
    return number


def check_real(
    name: str,
    value: object,
    *,
    positive: bool = False,
    minimum: float | None = None,
    maximum: float | None = None,
    error: type[ShowdownError] = InvalidArgumentError,
) -> float:
    """``value`` as a finite ``float`` within the bounds (above 0 when ``positive``).

    >>> check_real("seconds", 2)
    2.0
    >>> check_real("seconds", float("inf"))
    Traceback (most recent call last):
      ...
    showdown.errors.InvalidArgumentError: seconds=inf: must be a finite number

    Raises:
        TypeError: not a number (a bool, a text, None...).
        ShowdownError: the ``error`` class: NaN, infinite or out of bounds.
    """
    if isinstance(value, bool) or not _is_real(value):
        raise _type_error(
            "{name} must be a number, got {value}", name=name, value=describe_value(value)
        )
    try:
        number = float(value)  # type: ignore[arg-type]
    except OverflowError:
        raise error.of(
            "{name}: {digits}-digit number is too large", name=name, digits=len(str(value))
        ) from None
    wanted = Message("a finite number above 0") if positive else Message("a finite number")
    if minimum is not None or maximum is not None:
        wanted = Message("{number} {bounds}", number=wanted, bounds=_bounds(minimum, maximum))
    if (
        not math.isfinite(number)
        or (positive and not number > 0)
        or (minimum is not None and number < minimum)
        or (maximum is not None and number > maximum)
    ):
        raise error.of(
            "{name}={number}: must be {wanted}", name=name, number=repr(number), wanted=wanted
        )
    return number


def _is_real(value: object) -> bool:
    if isinstance(value, int | float):
        return True
    kind = type(value)
    # NumPy scalars without importing NumPy: integers have __index__, floats __float__
    return kind.__module__ == "numpy" and hasattr(kind, "__float__") and not hasattr(kind, "imag")


def check_seed(value: object) -> int | None:
    """A seed: ``None`` (draw one) or a whole number from 0 to :data:`MAX_SEED`.

    >>> check_seed(7), check_seed(None)
    (7, None)

    Raises:
        TypeError: not an integer (a float, a bool, a text...).
        InvalidArgumentError: negative or too large.
    """
    if value is None:
        return None
    return check_int("seed", value, minimum=0, maximum=MAX_SEED)


def check_flag(name: str, value: object, *, optional: bool = False) -> bool | None:
    """``value`` when it is a bool (or ``None`` when ``optional``).

    >>> check_flag("exact", 1)
    Traceback (most recent call last):
      ...
    TypeError: exact must be True or False, got int 1

    Raises:
        TypeError: anything else, ``1`` and ``'yes'`` included.
    """
    if isinstance(value, bool) or (optional and value is None):
        return value
    if optional:
        raise _type_error(
            "{name} must be True, False or None, got {value}",
            name=name,
            value=describe_value(value),
        )
    raise _type_error(
        "{name} must be True or False, got {value}", name=name, value=describe_value(value)
    )


def check_callable(name: str, value: T | None) -> T | None:
    """``value`` when it is ``None`` or callable.

    Raises:
        TypeError: not callable.
    """
    if value is not None and not callable(value):
        raise _type_error(
            "{name} must be a function or None, got {value}", name=name, value=describe_value(value)
        )
    return value
