"""The live link from the hand screen: the host opens the night's menu, taps once, and the
link's QR code fills the phone's width, big enough to scan across the table, with the
address to copy."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import ShareLink
from tests.factories import night_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_one_tap_from_the_hand_screens_menu_shows_a_qr_code_to_scan_across_the_table(
    live_server, phone, page, screenshot, sign_in
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("night_detail", args=[night.pk]))

    page.locator("details.night-more > summary").click()
    page.get_by_role("button", name="Live link and QR code").click()

    qr = page.get_by_role("img", name="QR code of the live link")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box["width"] >= 280 and box["height"] >= 280
    link = ShareLink.objects.get(night=night)
    address = page.get_by_label("Link for the players")
    expect(address).to_have_value(f"{live_server.url}/live/{link.token}/")
    expect(page.get_by_role("button", name="Copy")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "live_link_qr")

    # The link opens the players' page; a second tap shows the same link.
    page.goto(live_server.url + reverse("night_detail", args=[night.pk]))
    page.locator("details.night-more > summary").click()
    page.get_by_role("button", name="Live link and QR code").click()
    expect(address).to_have_value(f"{live_server.url}/live/{link.token}/")
    assert ShareLink.objects.filter(night=night).count() == 1
