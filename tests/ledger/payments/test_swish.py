"""Swish: the number is a Swedish mobile or a Swish business number, stored as 467…/123…;
the QR payload is the manual's C format (its example byte for byte); the app link carries
the prefilled JSON."""

import json
from decimal import Decimal
from urllib.parse import unquote

import pytest

from ledger.payments import errors as e
from ledger.payments import (
    swish_app_link,
    swish_message_clean,
    swish_number_clean,
    swish_qr_payload,
)
from tests.ledger.payments.helpers import problem_of


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("0701234567", "46701234567"),
        ("070-123 45 67", "46701234567"),
        ("+46 70 123 45 67", "46701234567"),
        ("+46701234567", "46701234567"),
        ("0046 70-123 45 67", "46701234567"),
        ("0046701234567", "46701234567"),
        ("46701234567", "46701234567"),  # the stored form passes again
        ("0791234567", "46791234567"),
        ("123 456 78 90", "1234567890"),
        ("1237856901", "1237856901"),
    ],
)
def test_a_swedish_mobile_or_swish_business_number_is_stored_normalised(written, stored):
    assert swish_number_clean(written) == stored


@pytest.mark.parametrize(
    "bad",
    [
        "0812345678",  # a Stockholm landline
        "070123456",  # a digit short
        "07012345678",  # a digit long
        "+4570123456",  # Danish
        "+46 8 123 456 78",  # a Swedish landline in international form
        "1231234",  # business numbers have 10 digits
        "9001234567",  # a 90-account, not a Swish number
        "12345678901",
        "07O1234567",  # letter O for zero
        "",
    ],
)
def test_other_numbers_are_refused(bad):
    assert problem_of(lambda: swish_number_clean(bad)) == e.SWISH_NUMBER_INVALID(value=bad)


def test_a_swish_number_that_is_not_a_string_is_a_bug():
    with pytest.raises(TypeError):
        swish_number_clean(701234567)  # type: ignore[arg-type]


def test_the_qr_payload_reproduces_the_manuals_example_byte_for_byte():
    # Swish QR-code API manual, 6.1 "Swish C2B": a company (1237856901) sends an invoice
    # for 100 SEK with OCR number 12229445: "C1237856901;100,00;12229445;0".
    assert swish_qr_payload("1237856901", Decimal("100"), "12229445") == (
        "C1237856901;100,00;12229445;0"
    )


def test_the_lock_mask_sets_bit_1_for_the_amount_and_bit_2_for_the_message():
    # The manual: amount and message editable is binary 110, the value 6.
    def mask(**editable):
        return swish_qr_payload("1237856901", Decimal("5"), "x", **editable).rsplit(";", 1)[1]

    assert mask() == "0"
    assert mask(editable_amount=True) == "2"
    assert mask(editable_message=True) == "4"
    assert mask(editable_amount=True, editable_message=True) == "6"


def test_the_qr_payload_writes_ore_with_a_decimal_comma_and_url_encodes_the_message():
    payload = swish_qr_payload("070-123 45 67", Decimal("12.5"), "Bourré; night 3")
    assert payload == "C46701234567;12,50;Bourr%C3%A9%3B%20night%203;0"
    assert payload.count(";") == 3  # a ";" in the message cannot add a field


def test_the_qr_payload_leaves_an_empty_message_empty():
    assert swish_qr_payload("1237856901", Decimal("1.05")) == "C1237856901;1,05;;0"


def test_the_message_is_at_most_50_characters_and_has_nothing_invisible():
    assert swish_message_clean("m" * 50) == "m" * 50
    assert problem_of(lambda: swish_qr_payload("1237856901", Decimal("1"), "m" * 51)) == (
        e.TEXT_TOO_LONG(field="message", limit=50, length=51)
    )
    assert problem_of(lambda: swish_message_clean("a\u200bb")).code == "text_hidden_character"


def test_the_amount_must_fit_swish():
    limit = Decimal("999999999999.99")
    assert swish_qr_payload("1237856901", limit).startswith("C1237856901;999999999999,99;")
    assert problem_of(lambda: swish_qr_payload("1237856901", limit + Decimal("0.01"))) == (
        e.AMOUNT_TOO_LARGE(value=limit + Decimal("0.01"), limit=limit, method="Swish")
    )
    assert problem_of(lambda: swish_qr_payload("1237856901", Decimal("1.005"))).code == (
        "amount_too_precise"
    )


def test_a_bad_number_is_refused_by_the_payload_builders_too():
    for build in (swish_qr_payload, swish_app_link):
        assert problem_of(lambda build=build: build("0812345678", Decimal("1"))).code == (
            "swish_number_invalid"
        )


def test_the_app_link_carries_the_prefilled_json_url_encoded():
    link = swish_app_link("0701234567", Decimal("120"), "Bourré night 3")
    assert link.startswith("swish://payment?data=")
    data = unquote(link.removeprefix("swish://payment?data="))
    assert data == (
        '{"version":1,"payee":{"value":"46701234567"},"amount":{"value":120.00},'
        '"message":{"value":"Bourré night 3"}}'
    )
    assert json.loads(data, parse_float=Decimal) == {
        "version": 1,
        "payee": {"value": "46701234567"},
        "amount": {"value": Decimal("120.00")},
        "message": {"value": "Bourré night 3"},
    }
    # Nothing but the encoded JSON after "data=": no "&" or "#" can cut it short.
    assert set(link.removeprefix("swish://payment?data=")) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789%-._~"
    )


def test_a_quote_in_the_message_stays_inside_the_json_string():
    link = swish_app_link("1237856901", Decimal("1"), 'Ann "the shark"')
    data = json.loads(unquote(link.removeprefix("swish://payment?data=")))
    assert data["message"]["value"] == 'Ann "the shark"'
