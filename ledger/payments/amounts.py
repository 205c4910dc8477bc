"""Amounts in payment payloads: ``Decimal`` only, checked against each format's limits,
and written the way each format writes them.

A float is refused with ``TypeError``, not a problem: no user input reaches a payload as a
float, so one arriving here is a bug (0.1 + 0.2 is not 0.3, and a payment must be exact).
"""

from __future__ import annotations

from decimal import Decimal

from ledger.rules.money import decimal_places

from .errors import (
    AMOUNT_NOT_FINITE,
    AMOUNT_NOT_POSITIVE,
    AMOUNT_TOO_LARGE,
    AMOUNT_TOO_PRECISE,
    CURRENCY_INVALID,
    fail,
)


def amount_clean(amount: Decimal, *, limit: Decimal, method: str, places: int = 2) -> Decimal:
    """``amount`` if it is finite, more than zero, has at most ``places`` decimal places and
    is at most ``limit`` (the format's largest amount); else PaymentDetailsError.
    ``method`` names the format in the message ("Swish", "a Pix BR Code"): words, marked
    with ``gettext_noop`` by the caller so the message is translated whole."""
    if not isinstance(amount, Decimal):
        raise TypeError(f"amounts are Decimal, never {type(amount).__name__} (got {amount!r})")
    if not amount.is_finite():
        raise fail(AMOUNT_NOT_FINITE(value=amount))
    if amount <= 0:
        raise fail(AMOUNT_NOT_POSITIVE(value=amount))
    if decimal_places(amount) > places:
        raise fail(AMOUNT_TOO_PRECISE(value=amount, places=places))
    if amount > limit:
        raise fail(AMOUNT_TOO_LARGE(value=amount, limit=limit, method=method))
    return amount


def fixed_point(amount: Decimal, places: int = 2, separator: str = ".") -> str:
    """``amount`` with exactly ``places`` decimals: "12.50" (or "12,50" with a comma).
    Call it on a checked amount: it has at most ``places`` places, so nothing is rounded."""
    text = f"{amount:.{places}f}"
    return text.replace(".", separator) if separator != "." else text


def shortest(amount: Decimal) -> str:
    """``amount`` without trailing zeros: "12.3" for 12.30, "1" for 1.00 (as EPC069-12's
    examples write amounts: "EUR12.3", "EUR1")."""
    text = f"{amount:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def currency_clean(currency: str) -> str:
    """``currency`` if it is three capital letters A-Z (an ISO 4217 code's form)."""
    if not (
        isinstance(currency, str)
        and len(currency) == 3
        and currency.isascii()
        and currency.isalpha()
        and currency.isupper()
    ):
        raise fail(CURRENCY_INVALID(value=currency))
    return currency
