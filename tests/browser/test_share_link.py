"""The live link: the host makes it on the report; a player opens it on their own phone,
with no account, and sees a hand the host records appear without reloading."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.services import hands as hand_services
from tests.factories import night_with
from tests.ledger.helpers import hand_data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_watches_the_standings_update_by_themselves(
    live_server, browser, phone, page, screenshot, sign_in
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("night_report", args=[night.pk]))
    page.get_by_role("button", name="Make a live link").click()
    link = page.get_by_label("Link for the players").input_value()
    assert "/live/" in link

    watcher = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        player = watcher.new_page()
        player.goto(link)
        expect(player.locator("#standings")).to_contain_text("No hands yet")
        player.evaluate("window.stillTheSamePage = true")

        hand_services.hand_record(
            night=night,
            expected_number=1,
            hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}),
            by=night.table.owner,
        )

        expect(player.locator("#standings")).to_contain_text("After hand 1", timeout=10_000)
        expect(player.locator("#standings")).to_contain_text("Cy bourré 4")
        assert player.evaluate("window.stillTheSamePage") is True
        assert player.evaluate("document.documentElement.scrollWidth") <= 390
        assert player.locator("a[href^='/nights/'], a[href^='/tables/']").count() == 0
        screenshot(player, "share_link")
    finally:
        watcher.close()


def test_a_revoked_link_stops_working(live_server, browser, phone, page, sign_in):
    night = night_with(("Ann", "Bob"))
    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("night_report", args=[night.pk]))
    page.get_by_role("button", name="Make a live link").click()
    link = page.get_by_label("Link for the players").input_value()

    page.get_by_role("button", name="Switch the link off").click()

    watcher = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        response = watcher.new_page().goto(link)
        assert response.status == 404
    finally:
        watcher.close()
