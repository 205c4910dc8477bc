"""Erasing at the table: on a slow phone the host erases a player with a thumb's double
tap, once; the question and its answer fit a 360 px phone in every language; a leaving
host gives a table to a co-host and deletes their account."""

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import Erasure, Table
from ledger.services.co_hosts import co_host_grant
from tests.browser.slow_phone import STEP_TIMEOUT_MS, slow_down
from tests.factories import PaymentMethodFactory, UserFactory, link_player, night_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Zuleika"


def test_on_a_slow_phone_a_double_tap_erases_a_player_once(live_server, page, sign_in):
    """600 ms of latency each way and a CPU six times slower, as at the table on one bar."""
    night = night_with((NAME, "Bob", "Cy", "Dee"))
    zuleika = night.table.players.get(name=NAME)
    PaymentMethodFactory(player=zuleika)
    slow_down(page)
    sent: list[str] = []
    page.on("request", lambda r: r.method == "POST" and sent.append(r.url))
    sign_in(page.context, night.table.owner)

    page.goto(live_server.url + reverse("player_rename", args=[zuleika.pk]))
    page.get_by_text(f"Erase {NAME}…").click()
    button = page.get_by_role("button", name=f"Yes, erase {NAME}")
    box = button.bounding_box()
    for _ in range(2):  # a thumb's double tap, 100 ms apart
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(100)

    expect(page.get_by_role("status")).to_contain_text(
        f"{NAME} is erased: now Player 1", timeout=STEP_TIMEOUT_MS
    )
    assert sent == [live_server.url + reverse("player_erase", args=[zuleika.pk])]
    assert Erasure.objects.count() == 1
    expect(page.locator("#players")).not_to_contain_text(NAME)


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_erasing_a_player_fits_a_small_phone_in_every_language(live_server, phone_in, language):
    night = night_with((NAME, "Bob", "Cy", "Dee"))
    zuleika = night.table.players.get(name=NAME)
    page = phone_in(language, night.table.owner).new_page()

    page.goto(live_server.url + reverse("player_rename", args=[zuleika.pk]))
    page.locator("details.erase-ask > summary").click()
    confirm = page.locator("details.erase-ask button[type=submit]")
    expect(confirm).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert confirm.bounding_box()["height"] >= 44
    confirm.click()

    expect(page.get_by_role("status")).to_be_visible()
    page.wait_for_url(live_server.url + reverse("table_detail", args=[night.table.pk]))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    zuleika.refresh_from_db()
    assert zuleika.erased_at is not None
    expect(page.locator("main")).to_contain_text(zuleika.name)


def test_a_leaving_host_gives_the_table_to_a_co_host_and_deletes_the_account(
    live_server, page, sign_in
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    host = night.table.owner
    cy = UserFactory(username="cy_plays")
    co_host_grant(link=link_player(night.table.players.get(name="Cy"), cy), by=host)
    sign_in(page.context, host)

    page.goto(live_server.url + reverse("account_data"))
    page.get_by_role("link", name="Delete my account…").click()
    page.get_by_label(night.table.name).select_option(label="Give it to cy_plays (Cy)")
    page.get_by_role("button", name="Delete my account").click()
    expect(page.get_by_role("alert")).to_be_visible()  # the box was not ticked
    assert Table.objects.get(pk=night.table.pk).owner == host

    page.get_by_label("Yes, delete my account").check()
    page.get_by_role("button", name="Delete my account").click()

    page.wait_for_url(live_server.url + reverse("home"))
    expect(page.get_by_role("status")).to_contain_text("Your account is deleted")
    assert Table.objects.get(pk=night.table.pk).owner == cy
    page.goto(live_server.url + reverse("table_list"))
    assert "/accounts/login/" in page.url
