"""Retire asks first: the first tap on a player's Retire only opens the question (a
thumb's slip retired a player at once); "Yes, retire Ann" retires her, and Bring back
is there to undo it — on a 360 px phone, with htmx and without JavaScript."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import Player
from ledger.services import tables as table_services
from tests.factories import TableFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("javascript", [True, False])
def test_retire_asks_before_it_retires(browser, live_server, sign_in, javascript):
    table = TableFactory()
    for name in ("Ann", "Bob"):
        table_services.player_add(table=table, name=name)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, java_script_enabled=javascript
    )
    sign_in(context, table.owner)
    page = context.new_page()
    page.goto(live_server.url + reverse("table_detail", args=[table.pk]))

    page.locator("summary", has_text="Retire Ann").click()

    yes = page.get_by_role("button", name="Yes, retire Ann")
    expect(yes).to_be_visible()
    assert not Player.objects.get(name="Ann").retired_at
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    yes.click()
    page.locator("details.retired > summary").click()
    expect(page.get_by_role("button", name="Bring back Ann")).to_be_visible()
    assert Player.objects.get(name="Ann").retired_at
    assert not Player.objects.get(name="Bob").retired_at
    context.close()
