"""Amounts are Decimal, more than zero, within the format's limit and decimal places; a
float is a bug and raises TypeError in every builder."""

from decimal import Decimal

import pytest

from ledger.payments import (
    cash_app_link,
    epc_qr_payload,
    paypal_me_link,
    pix_br_code,
    swish_app_link,
    swish_qr_payload,
    venmo_link,
)
from ledger.payments import errors as e
from ledger.payments.amounts import amount_clean, currency_clean, fixed_point, shortest
from tests.ledger.payments.helpers import problem_of

LIMIT = Decimal("999.99")

BUILDERS = {
    "swish QR": lambda amount: swish_qr_payload("1234567890", amount),
    "swish link": lambda amount: swish_app_link("1234567890", amount),
    "pix": lambda amount: pix_br_code(
        key="12345678909", name="Ann", city="Porto Alegre", amount=amount
    ),
    "epc": lambda amount: epc_qr_payload(name="Ann", iban="BE72000000001616", amount=amount),
    "venmo": lambda amount: venmo_link("ann", amount),
    "cash app": lambda amount: cash_app_link("ann", amount),
    "paypal.me": lambda amount: paypal_me_link("ann", amount, "USD"),
}


@pytest.mark.parametrize("builder", BUILDERS.values(), ids=BUILDERS.keys())
def test_a_float_amount_raises_type_error_in_every_builder(builder):
    with pytest.raises(TypeError, match="amounts are Decimal"):
        builder(12.5)


@pytest.mark.parametrize("builder", BUILDERS.values(), ids=BUILDERS.keys())
def test_an_int_or_a_string_amount_raises_type_error_too(builder):
    for amount in (12, "12.50"):
        with pytest.raises(TypeError):
            builder(amount)


@pytest.mark.parametrize("builder", BUILDERS.values(), ids=BUILDERS.keys())
def test_every_builder_refuses_zero_and_negative_amounts(builder):
    assert problem_of(lambda: builder(Decimal("0"))) == e.AMOUNT_NOT_POSITIVE(value=Decimal("0"))
    assert problem_of(lambda: builder(Decimal("-5"))) == e.AMOUNT_NOT_POSITIVE(value=Decimal("-5"))


def test_an_amount_within_the_limit_is_returned_unchanged():
    assert amount_clean(Decimal("12.5"), limit=LIMIT, method="X") == Decimal("12.5")
    assert amount_clean(LIMIT, limit=LIMIT, method="X") == LIMIT
    assert amount_clean(Decimal("0.01"), limit=LIMIT, method="X") == Decimal("0.01")


def test_amounts_that_are_not_numbers_are_refused():
    for amount in (Decimal("NaN"), Decimal("Infinity"), Decimal("-Infinity")):
        assert problem_of(
            lambda amount=amount: amount_clean(amount, limit=LIMIT, method="X")
        ) == e.AMOUNT_NOT_FINITE(value=amount)


def test_amounts_with_more_decimal_places_than_the_format_are_refused():
    assert problem_of(
        lambda: amount_clean(Decimal("0.001"), limit=LIMIT, method="X")
    ) == e.AMOUNT_TOO_PRECISE(value=Decimal("0.001"), places=2)
    # Trailing zeros are not places: 12.500 is 12.5.
    assert amount_clean(Decimal("12.500"), limit=LIMIT, method="X") == Decimal("12.500")
    assert problem_of(
        lambda: amount_clean(Decimal("12.5"), limit=LIMIT, method="X", places=0)
    ) == e.AMOUNT_TOO_PRECISE(value=Decimal("12.5"), places=0)


def test_amounts_over_the_formats_limit_are_refused_naming_the_limit():
    assert problem_of(
        lambda: amount_clean(Decimal("1000"), limit=LIMIT, method="Swish")
    ) == e.AMOUNT_TOO_LARGE(value=Decimal("1000"), limit=LIMIT, method="Swish")
    huge = Decimal("1E+1000000")
    assert problem_of(lambda: amount_clean(huge, limit=LIMIT, method="X")).code == (
        "amount_too_large"
    )


def test_fixed_point_writes_exactly_the_places_asked_with_the_separator_asked():
    assert fixed_point(Decimal("12.5")) == "12.50"
    assert fixed_point(Decimal("100"), 2, ",") == "100,00"
    assert fixed_point(Decimal("1E+2")) == "100.00"
    assert fixed_point(Decimal("1250"), 0) == "1250"


def test_shortest_drops_trailing_zeros_as_the_epc_examples_write_amounts():
    assert shortest(Decimal("12.30")) == "12.3"
    assert shortest(Decimal("1.00")) == "1"
    assert shortest(Decimal("1E+2")) == "100"
    assert shortest(Decimal("999999999.99")) == "999999999.99"
    assert shortest(Decimal("0.01")) == "0.01"


def test_a_currency_is_three_capital_letters():
    assert currency_clean("EUR") == "EUR"
    for bad in ("eur", "EU", "EURO", "E1R", "ÉUR", None):
        assert problem_of(lambda bad=bad: currency_clean(bad)) == e.CURRENCY_INVALID(value=bad)
