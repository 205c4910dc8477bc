"""Chips to money. Chips are ints; money is Decimal with the currency's decimal places."""

from __future__ import annotations

from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, ROUND_HALF_UP, Decimal, localcontext
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .house_rules import HouseRules

# Minor-unit digits (ISO 4217) for currencies that do not use 2. Anything else: 2.
CURRENCY_PLACES: dict[str, int] = {
    "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
    "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0,
    "XPF": 0,
    "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
}  # fmt: skip
DEFAULT_PLACES = 2

# The currencies a host picks a table's from: those of the languages the app speaks and of
# the payment apps it builds pay buttons for, and their neighbours'. A night file may
# carry any other ISO 4217 code.
CURRENCIES = ("USD", "EUR", "SEK", "BRL", "NOK", "DKK", "ISK", "GBP", "CHF", "CAD", "MXN", "ARS")


def currency_places(currency: str) -> int:
    """Decimal places of ``currency``: 0 for JPY/KRW…, 3 for KWD…, otherwise 2."""
    return CURRENCY_PLACES.get(currency, DEFAULT_PLACES)


def quantum(currency: str) -> Decimal:
    """The smallest amount of ``currency``: Decimal("0.01") for USD, Decimal("1") for JPY."""
    return Decimal(1).scaleb(-currency_places(currency))


def decimal_places(value: Decimal) -> int:
    """The decimal places ``value`` really needs (Decimal("1.50") needs 1), exactly."""
    _, digits, exponent = value.as_tuple()
    if not isinstance(exponent, int) or not any(digits):
        return 0
    trailing_zeros = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    return max(0, -(exponent + trailing_zeros))


def to_money(chips: int, rules: HouseRules) -> Decimal:
    """``chips * chip_value`` with the currency's decimal places (Decimal("3.00") for USD).

    Computed exactly, however large (no 28-digit context rounding). Valid house rules never
    need rounding here (their chip_value has at most the currency's places); for anything
    else half rounds up.
    """
    with localcontext() as exact:
        exact.prec, exact.Emax, exact.Emin = MAX_PREC, MAX_EMAX, MIN_EMIN
        return (Decimal(chips) * rules.chip_value).quantize(
            quantum(rules.currency), rounding=ROUND_HALF_UP
        )


def to_units(money: Decimal, currency: str) -> int:
    """``money`` in ``currency``'s smallest unit (cents for USD), exactly: what a database
    sums as an integer, where its decimals might be floating point (SQLite's are)."""
    units = money.scaleb(currency_places(currency))
    if units != units.to_integral_value():
        raise ValueError(f"{money} has more decimal places than {currency}")
    return int(units)


def from_units(units: int, currency: str) -> Decimal:
    """``units`` of ``currency``'s smallest unit as money: from_units(1250, "USD") is 12.50."""
    return Decimal(units).scaleb(-currency_places(currency)).quantize(quantum(currency))
