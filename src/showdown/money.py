"""Money: exact amounts in a smallest unit, never floats (RULES.md §6).

Cash games are played in currency with cents (``"$0.25"``), tournaments in
whole chips. An amount is an ``int`` (chips) or an exact :class:`~decimal.Decimal`
(``Decimal("0.25")``); a text is read as an exact decimal. Every computation
happens in integer multiples of one smallest unit (one cent, one chip): the odd
chip of a split is one unit. By default the unit is the finest decimal given
(``"0.25"`` and ``"1.5"`` give a unit of ``0.01``); chips alone give a unit of 1.

>>> parse_amount("0.25", "stake")
Decimal('0.25')
>>> money = Money.of([Decimal("0.25"), 3])
>>> money.unit, money.to_units(Decimal("0.25")), money.from_units(47)
(Decimal('0.01'), 25, Decimal('0.47'))
>>> Money.of([50, 100]).from_units(75)
75
>>> parse_amount(1.5, "stake")
Traceback (most recent call last):
...
showdown.errors.StakeError: stake 1.5 is a float: give an integer or an exact decimal text ('1.5')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Final

from showdown.errors import Message, StakeError

__all__ = ["Amount", "AmountLike", "Money", "format_amount", "parse_amount", "parse_rake"]

Amount = int | Decimal
"""An exact amount: whole chips, or a decimal of currency."""

AmountLike = int | Decimal | str
"""What the public boundary accepts as an amount (a text is an exact decimal)."""

_MAX_DIGITS: Final = 30


def parse_amount(value: object, where: str) -> Amount:
    """Read an amount: an ``int``, a finite ``Decimal`` or an exact decimal text, not negative.

    ``where`` names the field in the messages (``'Ann: stake'``).

    >>> parse_amount(" 1200 ", "rake"), parse_amount("0.50", "rake")
    (Decimal('1200'), Decimal('0.50'))

    Raises:
        StakeError: a bool, a float, a text that is not a number, NaN, an
            infinity, a negative amount, or more than 30 digits.
    """
    if type(value) is int and value >= 0 and value.bit_length() <= 100:
        return value  # the usual case, whole chips
    if isinstance(value, bool):
        raise StakeError.of(
            "{where} {value} is not an amount: true/false is not a number",
            where=where,
            value=repr(value),
        )
    if isinstance(value, float):
        raise StakeError.of(
            "{where} {value} is a float: give an integer or an exact decimal text ('{text}')",
            where=where,
            value=repr(value),
            text=str(value),
        )
    amount: Amount
    if isinstance(value, int | Decimal):
        amount = value
    elif isinstance(value, str):
        text = value.strip()
        try:
            amount = Decimal(text)
        except InvalidOperation:
            raise StakeError.of(
                "{where} {value} is not a number", where=where, value=repr(value)
            ) from None
        if text.lower().lstrip("+-") in {"nan", "snan", "inf", "infinity"}:
            raise StakeError.of(
                "{where} {value} is not a finite number", where=where, value=repr(value)
            )
    else:
        raise StakeError.of(
            "{where} {value} is not an amount: give an integer or a decimal text, not {kind}",
            where=where,
            value=repr(value),
            kind=type(value).__name__,
        )
    if isinstance(amount, Decimal):
        if not amount.is_finite():
            raise StakeError.of(
                "{where} {value} is not a finite number", where=where, value=repr(value)
            )
        if len(amount.as_tuple().digits) > _MAX_DIGITS or amount.adjusted() > _MAX_DIGITS:
            raise StakeError.of(
                "{where} {value} has more than {digits} digits",
                where=where,
                value=repr(value),
                digits=_MAX_DIGITS,
            )
    elif amount.bit_length() > 100:
        raise StakeError.of(
            "{where} {value} has more than {digits} digits",
            where=where,
            value=repr(value),
            digits=_MAX_DIGITS,
        )
    if amount < 0:
        raise StakeError.of("{where} {value} is negative", where=where, value=repr(value))
    return amount


def parse_rake(rake: object) -> Amount | tuple[Amount, ...]:
    """A rake: one amount, or a list or tuple of amounts, one per pot (main pot first).

    >>> parse_rake("0.50"), parse_rake(["0.15", 1])
    (Decimal('0.50'), (Decimal('0.15'), 1))

    Raises:
        StakeError: an empty list, or an item that is not an amount.
    """
    if isinstance(rake, list | tuple):
        if not rake:
            raise StakeError.of("rake per pot is an empty list: give one amount per pot")
        return tuple(
            parse_amount(r, Message("rake of pot {number}", number=k + 1))
            for k, r in enumerate(rake)
        )
    return parse_amount(rake, Message("rake"))


def format_amount(amount: Amount) -> str:
    """An amount as text: ``'120'``, ``'0.47'`` (never exponent notation).

    >>> format_amount(Decimal("0.47")), format_amount(120), format_amount(Decimal("1E+3"))
    ('0.47', '120', '1000')
    """
    if isinstance(amount, int):
        return str(amount)
    return f"{amount:f}"


def _quantum(unit: Decimal) -> Decimal:
    """The power of ten amounts in this unit are written to (``0.01`` for ``0.05``; 1 for 25)."""
    return Decimal(1).scaleb(min(int(unit.as_tuple().exponent), 0))


@dataclass(frozen=True, slots=True)
class Money:
    """The smallest unit of a set of amounts, and the conversion to and from it.

    Attributes:
        unit: the smallest unit (``Decimal('0.01')``), or 1 for whole chips.
        decimal: amounts are written back as ``Decimal`` (else ``int``).
    """

    unit: Amount
    decimal: bool
    quantum: Decimal = field(default=Decimal(1), compare=False, repr=False)
    """The power of ten amounts are written to (``0.01`` for a unit of ``0.05``)."""

    @classmethod
    def of(cls, amounts: Iterable[Amount], unit: Amount | None = None) -> Money:
        """The money of these amounts: ``unit`` when given, else the finest decimal given.

        Raises:
            StakeError: a unit that is not positive.
        """
        values = list(amounts)
        if unit is not None:
            if unit <= 0:
                raise StakeError.of(
                    "unit {unit} is not a positive amount", unit=format_amount(unit)
                )
            exact = unit if isinstance(unit, Decimal) else Decimal(unit)
            return cls(exact, True, _quantum(exact))
        decimals = [v for v in values if isinstance(v, Decimal)]
        if not decimals:
            return cls(1, False)
        exponent = min(min(int(d.as_tuple().exponent), 0) for d in decimals)
        unit = Decimal(1).scaleb(exponent)
        return cls(unit, True, _quantum(unit))

    def to_units(self, amount: Amount, where: str = "amount") -> int:
        """The amount as a whole number of units.

        Raises:
            StakeError: the amount is finer than the unit.
        """
        if not self.decimal:
            return int(amount)
        units = Decimal(amount) / self.unit
        if units != units.to_integral_value():
            raise StakeError(
                f"{where} {format_amount(amount)} is finer than the unit {format_amount(self.unit)}"
            )
        return int(units)

    def from_units(self, units: int) -> Amount:
        """Units back to an amount in the input's form (``int`` or ``Decimal``)."""
        if not self.decimal:
            return units
        assert isinstance(self.unit, Decimal)
        return (units * self.unit).quantize(self.quantum)
