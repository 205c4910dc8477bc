"""Venmo user names, $Cashtags and PayPal.Me names follow each service's published rules;
their links (community-documented forms) carry the amount and, for Venmo, the note."""

from decimal import Decimal

import pytest

from ledger.payments import (
    cash_app_link,
    cashtag_clean,
    paypal_me_clean,
    paypal_me_link,
    venmo_link,
    venmo_username_clean,
)
from ledger.payments import errors as e
from tests.ledger.payments.helpers import problem_of

# --- Venmo ---


@pytest.mark.parametrize(
    ("written", "stored"),
    [("@Ann-Berg_2", "Ann-Berg_2"), (" ann ", "ann"), ("a", "a"), ("x" * 50, "x" * 50)],
)
def test_a_venmo_user_name_is_letters_digits_dashes_and_underscores(written, stored):
    assert venmo_username_clean(written) == stored


@pytest.mark.parametrize("bad", ["", "@", "ann berg", "ann.berg", "ann@berg", "x" * 51, "anné"])
def test_other_venmo_user_names_are_refused(bad):
    assert problem_of(lambda: venmo_username_clean(bad)) == e.VENMO_USERNAME_INVALID(
        value=bad, limit=50
    )


def test_the_venmo_link_pays_the_amount_with_the_note():
    assert venmo_link("@Ann-Berg", Decimal("12.5"), "Bourré night 3") == (
        "https://venmo.com/Ann-Berg?txn=pay&amount=12.50&note=Bourr%C3%A9%20night%203"
    )
    assert venmo_link("ann", Decimal("7")) == "https://venmo.com/ann?txn=pay&amount=7.00"


def test_an_ampersand_in_the_note_cannot_add_a_parameter():
    link = venmo_link("ann", Decimal("1"), "fish & chips&amount=999")
    assert link.endswith("&note=fish%20%26%20chips%26amount%3D999")
    assert link.count("&") == 2


# --- Cash App ---


@pytest.mark.parametrize(
    ("written", "stored"), [("$Ann1", "Ann1"), ("ann", "ann"), ("$" + "a" * 20, "a" * 20)]
)
def test_a_cashtag_is_up_to_20_letters_and_digits(written, stored):
    assert cashtag_clean(written) == stored


@pytest.mark.parametrize("bad", ["", "$", "12345", "ann-b", "ann b", "a" * 21, "$$ann"])
def test_a_cashtag_without_a_letter_or_with_symbols_is_refused(bad):
    assert problem_of(lambda: cashtag_clean(bad)) == e.CASHTAG_INVALID(value=bad, limit=20)


def test_the_cash_app_link_carries_the_amount():
    assert cash_app_link("$Ann1", Decimal("3.5")) == "https://cash.app/$Ann1/3.50"


# --- PayPal.Me ---


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("AnnBerg", "AnnBerg"),
        ("paypal.me/AnnBerg", "AnnBerg"),
        ("https://www.paypal.me/AnnBerg", "AnnBerg"),
        ("a" * 20, "a" * 20),
    ],
)
def test_a_paypal_me_name_is_up_to_20_letters_and_digits(written, stored):
    assert paypal_me_clean(written) == stored


@pytest.mark.parametrize("bad", ["", "Ann Berg", "Ann-Berg", "Ann_Berg", "a" * 21, "Änn"])
def test_a_paypal_me_name_with_symbols_or_too_long_is_refused(bad):
    assert problem_of(lambda: paypal_me_clean(bad)) == e.PAYPAL_ME_INVALID(value=bad, limit=20)


def test_the_paypal_me_link_carries_the_amount_and_the_currency():
    assert paypal_me_link("AnnBerg", Decimal("12"), "EUR") == ("https://paypal.me/AnnBerg/12.00EUR")
    assert paypal_me_link("AnnBerg", Decimal("1500"), "JPY") == (
        "https://paypal.me/AnnBerg/1500JPY"
    )


def test_a_paypal_me_link_refuses_decimals_paypal_does_not_take_and_a_bad_currency():
    assert problem_of(lambda: paypal_me_link("AnnBerg", Decimal("12.5"), "HUF")) == (
        e.AMOUNT_TOO_PRECISE(value=Decimal("12.5"), places=0)
    )
    assert problem_of(lambda: paypal_me_link("AnnBerg", Decimal("1"), "eur")) == (
        e.CURRENCY_INVALID(value="eur")
    )


def test_links_keep_to_our_bound_on_the_amount():
    assert problem_of(lambda: cash_app_link("ann", Decimal("1000000"))).code == ("amount_too_large")


def test_a_bad_name_is_refused_by_the_link_builders_too():
    assert problem_of(lambda: venmo_link("ann berg", Decimal("1"))).code == (
        "venmo_username_invalid"
    )
    assert problem_of(lambda: cash_app_link("1234", Decimal("1"))).code == "cashtag_invalid"
    assert problem_of(lambda: paypal_me_link("a-b", Decimal("1"), "USD")).code == (
        "paypal_me_invalid"
    )
