"""The way-of-getting-paid form shows only the chosen kind's fields with JavaScript; a
refusal still names each field by its label, and the chosen kind's fields stay shown."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import PaymentMethod
from tests.factories import PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_only_the_chosen_kinds_fields_show(live_server, phone, page, sign_in):
    ann = PlayerFactory(name="Ann")
    sign_in(phone, ann.table.owner)
    page.goto(live_server.url + reverse("player_detail", args=[ann.pk]))
    section = page.locator("#payment-methods")
    fields = {
        label: section.get_by_label(label, exact=True)
        for label in ("Pix key type", "City", "Account holder", "BIC")
    }

    shown = {
        "swish": set(),
        "pix": {"Pix key type", "City", "Account holder"},
        "sepa": {"Account holder", "BIC"},
    }
    for kind, labels in shown.items():
        section.get_by_label("How").select_option(kind)
        for label, field in fields.items():
            if label in labels:
                expect(field).to_be_visible()
            else:
                expect(field).to_be_hidden()

    # SEPA without its holder: refused by the field's label, SEPA's fields still shown.
    section.get_by_label("Number, key, account or name").fill("DE89 3704 0044 0532 0130 00")
    section.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".refusal")).to_contain_text("Account holder")
    expect(section.get_by_label("Account holder", exact=True)).to_be_visible()
    expect(section.get_by_label("City", exact=True)).to_be_hidden()
    assert not PaymentMethod.objects.exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
