"""Amounts as the rooms write them: one place for every reader.

:func:`parse_amount` reads any room's amount (decimal commas, thousands
separators, a currency before or after); :func:`amount_of` is the same, each
text read once; :func:`number_in` the number inside an amount as rooms that
write a point for decimals write it (``$ 0.05 USD``, ``($0.06)``);
:func:`plain_amount` a bare number (``1,500``); :func:`attribute_amount` an XML
attribute's amount; :func:`currency_in` the currency a text names by its sign;
:func:`decimals_of` the finest unit an amount shows.

>>> parse_amount("1 001,24€"), parse_amount("$1,694.48"), parse_amount("0,02 $")
(Decimal('1001.24'), Decimal('1694.48'), Decimal('0.02'))
>>> number_in("$ 1,195.50 USD"), currency_in("€2")
(Decimal('1195.50'), 'EUR')
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal, InvalidOperation
from typing import Final

__all__ = [
    "CENT",
    "ISO_CODES",
    "ONE",
    "SIGNS",
    "ZERO",
    "amount_of",
    "attribute_amount",
    "currency_in",
    "decimals_of",
    "number_in",
    "parse_amount",
    "plain_amount",
]

ZERO: Final = Decimal(0)
"""No chips."""
CENT: Final = Decimal("0.01")
"""The unit of a cash game in dollars, euros, pounds...: one cent."""
ONE: Final = Decimal(1)
"""The unit of play chips and tournament chips."""
_NUMBER_IN_RE: Final = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
SIGNS: Final = (("$", "USD"), ("€", "EUR"), ("£", "GBP"))
"""The currency signs most rooms write, and their ISO codes."""
ISO_CODES: Final = dict(SIGNS)
"""The ISO code of each of :data:`SIGNS`."""


_CURRENCY_WORDS_RE: Final = re.compile(
    r"(?:Rs\.|USD|EUR|GBP|CAD|INR|CNY|CHF|SEK|RUB|BRL|AUD|USDT|[$€£¥₹₽]|[Tt]\$)"
)
_SPACES_RE: Final = re.compile(r"[\s\u00a0\u202f\u2009']+")
_NUMBER_RE: Final = re.compile(r"^-?(?:\d+(?:[.,]\d+)*)$")


def parse_amount(text: str, *, decimal_comma: bool | None = None) -> Decimal:
    """An amount as a room writes it, whatever its separators and currency.

    The currency (a symbol or a code, before or after) and spaces (plain,
    non-breaking or thin: thousands separators) are dropped. When both a
    comma and a point occur, the last one is the decimal mark. When only one
    of them occurs, ``decimal_comma`` says which it is (True: a comma is the
    decimal mark, ``0,02``; False: a comma separates thousands, ``1,500``);
    left None, a mark followed by exactly three digits that does not end a
    single leading zero group (``1,500``, ``12.000``) separates thousands,
    any other is the decimal mark (``0,02``, ``10.5``).

    Raises:
        ValueError: not an amount (the message echoes the text).

    >>> parse_amount("€0.10"), parse_amount("10.000"), parse_amount("1.234,5 €")
    (Decimal('0.10'), Decimal('10000'), Decimal('1234.5'))
    >>> parse_amount("1,500", decimal_comma=True), parse_amount("Rs. 22.21")
    (Decimal('1.500'), Decimal('22.21'))
    >>> parse_amount("lots")
    Traceback (most recent call last):
    ...
    ValueError: 'lots' is not an amount
    """
    body = _SPACES_RE.sub("", _CURRENCY_WORDS_RE.sub("", text))
    if not _NUMBER_RE.match(body):
        raise ValueError(f"{text!r} is not an amount")
    comma, point = body.rfind(","), body.rfind(".")
    if comma >= 0 and point >= 0:
        mark = "," if comma > point else "."
    elif comma < 0 and point < 0:
        mark = ""
    else:
        mark = "," if comma >= 0 else "."
        groups = body.lstrip("-").split(mark)
        if decimal_comma is not None:
            decimal = decimal_comma if mark == "," else not decimal_comma
        else:
            # 1,500 or 12.000.000: thousands; 0,02 or 10.5: a decimal mark
            decimal = len(groups) == 2 and (len(groups[1]) != 3 or groups[0] == "0")
        if not decimal:
            mark = ""
    if mark:
        whole, _, fraction = body.rpartition(mark)
        body = whole.replace(",", "").replace(".", "") + "." + fraction
    else:
        body = body.replace(",", "").replace(".", "")
    try:
        return Decimal(body)
    except InvalidOperation:  # pragma: no cover - the pattern admits only digits
        raise ValueError(f"{text!r} is not an amount") from None


def decimals_of(value: Decimal) -> int:
    """How many decimals an amount is written with (``1.50``: 2, ``25``: 0): the finest unit
    a history's amounts show.

    >>> decimals_of(Decimal("1.50")), decimals_of(Decimal("25")), decimals_of(Decimal("2E+1"))
    (2, 0, 0)
    """
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


@functools.lru_cache(maxsize=65536)
def amount_of(text: str, decimal_comma: bool | None = None) -> Decimal:
    """:func:`parse_amount`, each text read once.

    Raises:
        ValueError: not an amount.
    """
    return parse_amount(text, decimal_comma=decimal_comma)


def currency_in(text: str, signs: tuple[tuple[str, str], ...] = SIGNS) -> str | None:
    """The code of the first of ``signs`` a text holds (None: no currency, chips).

    >>> currency_in("$0.25/$0.50"), currency_in("€2 (EUR)"), currency_in("25/50")
    ('USD', 'EUR', None)
    """
    for sign, code in signs:
        if sign in text:
            return code
    return None


@functools.lru_cache(maxsize=65536)
def number_in(text: str) -> Decimal:
    """The first number in a text, its thousands commas dropped (``$ 1,195.50 USD``,
    ``($0.06)``, ``-0.10``): for rooms that write a point for decimals everywhere.

    Raises:
        ValueError: no number in the text.
    """
    match = _NUMBER_IN_RE.search(text)
    if match is None:
        raise ValueError(f"{text!r} is not an amount")
    return Decimal(match[0].replace(",", ""))


@functools.lru_cache(maxsize=65536)
def plain_amount(text: str) -> Decimal:
    """A bare number as rooms write it in XML attributes and results (``1,500``, ``+2.5``,
    ``0.25``).

    Raises:
        ValueError: not a number.
    """
    try:
        return Decimal(text.replace(",", "").lstrip("+"))
    except ArithmeticError:
        raise ValueError(f"{text!r} is not an amount") from None


@functools.lru_cache(maxsize=65536)
def attribute_amount(text: str | None) -> Decimal:
    """An amount of an XML attribute: a bare number (``0.04``), or one with its currency
    before it (``$5.05``) or any room's separators (:func:`amount_of`).

    Raises:
        ValueError: the attribute is missing or not an amount.
    """
    if text is None:
        raise ValueError("an action without an amount")
    try:
        return Decimal(text.lstrip("$€£"))
    except InvalidOperation:
        return parse_amount(text)
