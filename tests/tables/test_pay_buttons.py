"""tables.pay_buttons: a transfer's buttons, built from the payee's stored methods."""

import json
from decimal import Decimal
from urllib.parse import unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.models import PaymentMethod
from ledger.payments.swish import SWISH_MESSAGE_LIMIT
from tables.pay_buttons import pay_button, pay_buttons, settle_up_message

SWISH = PaymentMethod(kind="swish", value="46701234567")
PIX = PaymentMethod(
    kind="pix",
    value="fulano2019@example.com",
    pix_kind="email",
    name="Fulano de Tal",
    city="BRASILIA",
)
SEPA = PaymentMethod(kind="sepa", value="DE89370400440532013000", name="Franz Mustermann")
PAYPAL = PaymentMethod(kind="paypal_me", value="AnnSmith")
OTHER = PaymentMethod(kind="other", value="Cash next time")
LONG = "Torsdagsbourré hos Agnes och Gustav på Södermalm, vinter 2026-11-30"


def _swish_message(button) -> str:
    return json.loads(unquote(button.link.removeprefix("swish://payment?data=")))["message"][
        "value"
    ]


def test_each_method_gives_a_button_only_in_its_currency():
    methods = [SWISH, PIX, SEPA, PAYPAL, OTHER]

    kinds = {
        currency: [
            b.kind
            for b in pay_buttons(methods, amount=Decimal("10"), currency=currency, message="x")
        ]
        for currency in ("SEK", "BRL", "EUR", "JPY")
    }

    assert kinds == {
        "SEK": ["swish", "paypal_me", "other"],
        "BRL": ["pix", "paypal_me", "other"],
        "EUR": ["sepa", "paypal_me", "other"],
        "JPY": ["paypal_me", "other"],
    }


def test_a_long_message_is_cut_to_the_swish_limit():
    button = pay_button(SWISH, amount=Decimal("60.00"), currency="SEK", message=LONG)

    assert _swish_message(button) == LONG[:SWISH_MESSAGE_LIMIT].strip()


def test_a_pix_message_is_cut_to_what_the_key_leaves_in_its_field_and_written_in_ascii():
    button = pay_button(PIX, amount=Decimal("24"), currency="BRL", message=LONG)

    # Field 26: GUI (18) + key (4 + 22) + description (4 + n) <= 99, so n <= 51.
    field_26 = button.copy[button.copy.index("26") :]
    assert field_26.startswith("2699")
    assert "0251Torsdagsbourre hos Agnes och Gustav pa Sodermalm, v" in button.copy


def test_a_message_a_format_cannot_write_is_left_out_not_the_payment():
    button = pay_button(PIX, amount=Decimal("24"), currency="BRL", message="東京 night")

    assert button is not None
    assert "東京" not in button.copy
    assert "br.gov.bcb.pix" in button.copy


def test_an_amount_over_what_a_format_carries_gives_no_button():
    assert pay_button(SEPA, amount=Decimal("1000000000"), currency="EUR", message="") is None


def test_the_epc_button_shows_the_iban_in_groups_and_the_message_it_carries():
    button = pay_button(SEPA, amount=Decimal("3"), currency="EUR", message="Bourré 2026-11-30")

    assert [(d.label, d.value) for d in button.details] == [
        ("IBAN", "DE89 3704 0044 0532 0130 00"),
        ("Name", "Franz Mustermann"),
        ("Message", "Bourré 2026-11-30"),
    ]
    assert button.qr.startswith('<svg role="img"')


def test_paypal_takes_the_nights_currency():
    button = pay_button(PAYPAL, amount=Decimal("1200"), currency="JPY", message="")

    assert button.link == "https://paypal.me/AnnSmith/1200JPY"


@pytest.mark.parametrize("name", ["Thursday", "Bourré & <friends>"])
def test_the_message_is_the_table_and_the_iso_date(name):
    from datetime import date

    assert settle_up_message(name, date(2026, 11, 30)) == f"{name} 2026-11-30"


@settings(max_examples=60, deadline=None)
@given(
    message=st.text(max_size=300),
    cents=st.integers(min_value=1, max_value=99_999_999),
)
def test_any_table_name_and_amount_give_every_button_and_never_an_error(message, cents):
    amount = Decimal(cents) / 100

    for method, currency in ((SWISH, "SEK"), (PIX, "BRL"), (SEPA, "EUR"), (PAYPAL, "EUR")):
        button = pay_button(method, amount=amount, currency=currency, message=message)
        assert button is not None, (method.kind, message, amount)
    swish = pay_button(SWISH, amount=amount, currency="SEK", message=message)
    assert len(_swish_message(swish)) <= SWISH_MESSAGE_LIMIT
