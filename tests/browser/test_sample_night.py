"""A newcomer's sample night: from the empty table list, one tap opens a sample table with
a finished night; its screens open and fit the phone; the sample is put away after."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import Night, Table
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_newcomer_opens_a_sample_night_looks_around_and_puts_it_away(
    live_server, phone, page, screenshot, sign_in
):
    host = UserFactory()
    sign_in(phone, host)
    page.goto(live_server.url + reverse("table_list"))

    page.get_by_role("button", name="Open a sample night").click()

    expect(page.get_by_role("heading", name="A sample table")).to_be_visible()
    table = Table.objects.get(owner=host)
    night = Night.objects.get(table=table)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "sample_table")
    # What the sample is for is its biggest button; putting it away is a quiet one, not red.
    note = page.locator(".sample-note")
    see = note.get_by_role("link", name="See the sample night")
    away = note.get_by_role("button", name="Put the sample away")
    expect(away).to_have_class("secondary")
    assert see.bounding_box()["y"] < away.bounding_box()["y"]
    assert see.bounding_box()["width"] > away.bounding_box()["width"]
    see.click()
    expect(page).to_have_url(re.compile(rf"/nights/{night.pk}/"))
    for name in ("night_settlement", "night_report", "night_log"):
        page.goto(live_server.url + reverse(name, args=[night.pk]))
        expect(page.locator("h1")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name

    page.goto(live_server.url + reverse("table_detail", args=[table.pk]))
    page.get_by_role("button", name="Put the sample away").click()

    expect(page).to_have_url(live_server.url + reverse("table_list"))
    expect(page.get_by_role("button", name="Open a sample night")).to_be_visible()
    table.refresh_from_db()
    assert table.hidden_at is not None
