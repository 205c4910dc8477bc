"""The table's open debts on a phone: settle everything, mark a transfer partly paid."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from ledger.models import PaymentMark
from ledger.services.hosts import host_language_set
from tests.ledger.debt_nights import closed_example

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_host_settles_everything_from_the_table_page_on_a_phone(
    live_server, phone, page, screenshot, sign_in
):
    night = closed_example()
    closed_example(night.table, cast={"Ann": "Bob", "Bob": "Ann"})
    sign_in(phone, night.table.owner)

    page.goto(live_server.url + reverse("table_detail", args=[night.table.pk]))
    debts = page.locator("#debts")
    expect(debts.get_by_role("heading", name="In USD: $32.00 still owed")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "open_debts")

    debts.get_by_role("button", name="Settle everything in USD").click()
    expect(debts.get_by_role("heading", name="In USD: $8.00 still owed")).to_be_visible()
    first = debts.locator(".debt-parts > li").first
    first.get_by_text("Partly paid").click()
    first.get_by_label("Amount paid (USD)").fill("1.50")
    first.get_by_role("button", name="Save the part paid").click()
    expect(debts.get_by_role("heading", name="In USD: $6.50 still owed")).to_be_visible()
    assert PaymentMark.objects.get().pooled is not None
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "open_debts_settled")


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_what_a_pair_owes_from_past_nights_reads_on_a_small_phone_in_every_language(
    live_server, browser, sign_in, language
):
    """Without JavaScript, 360 px wide: each pair's line, and once where what is open from
    nights is marked, in the host's language, nothing wider than the screen."""
    night = closed_example()
    closed_example(night.table, cast={"Ann": "Bob", "Bob": "Ann"})
    host_language_set(user=night.table.owner, language=language)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, java_script_enabled=False
    )
    try:
        sign_in(context, night.table.owner)
        page = context.new_page()
        page.goto(live_server.url + reverse("table_detail", args=[night.table.pk]))
        with translation.override(language):
            line = gettext("What is open from nights is marked paid on each night's settle-up.")
        debts = page.locator("#debts")
        expect(debts.get_by_text(line)).to_have_count(1)
        expect(debts.get_by_text(line)).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
