"""Phone numbers that receive money: E.164 for Satispay, Lydia, Wero and the like; a
Spanish mobile for Bizum; a Portuguese mobile for MB WAY."""

import pytest

from ledger.payments import (
    BIZUM,
    MB_WAY,
    bizum_phone_clean,
    e164_phone_clean,
    mb_way_phone_clean,
)
from ledger.payments import errors as e
from ledger.payments.phones import mobile_phone_clean
from tests.ledger.payments.helpers import problem_of


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("+46701234567", "+46701234567"),
        ("+46 70-123 45 67", "+46701234567"),
        ("0046 70 123 45 67", "+46701234567"),
        ("+39 (02) 1234.5678", "+390212345678"),
        ("+33\u00a06 12 34 56 78", "+33612345678"),
        ("+6834001", "+6834001"),  # Niue: among the shortest numbers in use
        ("+123456789012345", "+123456789012345"),  # 15 digits, E.164's most
    ],
)
def test_an_international_number_is_stored_as_plus_and_digits(written, stored):
    assert e164_phone_clean(written) == stored
    assert e164_phone_clean(stored) == stored  # the stored form passes again


@pytest.mark.parametrize(
    "bad",
    [
        "0701234567",  # no country code: whose country?
        "+0701234567",  # country codes never start with 0
        "+1234567890123456",  # 16 digits
        "+12345",  # too short for any number in use
        "+46 70 123 45 6x",
        "",
        "++46701234567",
    ],
)
def test_a_number_that_is_not_e164_is_refused(bad):
    assert problem_of(lambda: e164_phone_clean(bad, field="wero_phone")) == e.PHONE_NOT_E164(
        field="wero_phone", value=bad
    )


def test_bizum_takes_a_spanish_mobile_with_or_without_its_country_code():
    assert bizum_phone_clean("+34 612 345 678") == "+34612345678"
    assert bizum_phone_clean("612 345 678") == "+34612345678"
    assert bizum_phone_clean("0034 712345678") == "+34712345678"


def test_bizum_refuses_a_landline_or_another_countrys_number():
    for bad in ("+34 912 345 678", "+33 612 345 678", "+34 6123 456 789", "912345678"):
        assert problem_of(lambda bad=bad: bizum_phone_clean(bad)) == e.PHONE_NOT_MOBILE(
            field="bizum_phone", value=bad, calling_code="34"
        )


def test_mb_way_takes_a_portuguese_mobile_with_or_without_its_country_code():
    assert mb_way_phone_clean("+351 912 345 678") == "+351912345678"
    assert mb_way_phone_clean("962345678") == "+351962345678"


def test_mb_way_refuses_a_portuguese_landline_and_a_spanish_mobile():
    for bad in ("+351 212 345 678", "+34 912 345 678"):
        assert problem_of(lambda bad=bad: mb_way_phone_clean(bad)).code == "phone_not_mobile"


def test_a_mobile_number_must_still_be_e164_first():
    assert problem_of(lambda: mobile_phone_clean("6123", BIZUM)) == e.PHONE_NOT_E164(
        field="phone", value="6123"
    )
    assert MB_WAY.calling_code == "351"


def test_a_phone_number_that_is_not_a_string_is_a_bug():
    with pytest.raises(TypeError):
        e164_phone_clean(46701234567)  # type: ignore[arg-type]
