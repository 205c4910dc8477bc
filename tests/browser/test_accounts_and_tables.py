import re

import pytest
from playwright.sync_api import expect

from ledger.models import Night, Seat
from tests.browser.conftest import sign_up_with_a_password
from tests.browser.taps import start_the_night
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_new_host_signs_up_makes_a_table_and_starts_a_night(live_server, page, screenshot):
    page.goto(live_server.url + "/accounts/signup/")
    sign_up_with_a_password(page, "ann_host", "ann@example.com", PASSWORD)
    assert _fits_the_phone(page)
    screenshot(page, "signup")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(live_server.url + "/tables/")

    page.get_by_role("link", name="New table").click()
    page.wait_for_url(live_server.url + "/tables/new/")
    page.get_by_label("Table name").fill("Thursday game")
    page.get_by_role("radio", name=re.compile("^Seven-card")).check()
    # htmx swaps in the preset's settings without leaving the page.
    expect(page.get_by_label("Cards per hand")).to_have_value("7")
    assert page.get_by_label("Table name").input_value() == "Thursday game"
    assert _fits_the_phone(page)
    screenshot(page, "table_new")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))

    for name in ("Ann", "Bob", "Cy", "Dee"):
        page.get_by_label("Add a player").fill(name)
        page.get_by_role("button", name="Add", exact=True).click()
        page.get_by_role("status").filter(has_text=f"{name} now plays at").wait_for()
    players = page.locator("#players .name").all_inner_texts()
    assert players == ["Ann", "Bob", "Cy", "Dee"]
    assert _fits_the_phone(page)
    screenshot(page, "table_detail")

    page.get_by_role("link", name="Start a night").click()
    for name in ("Ann", "Bob", "Cy", "Dee"):
        page.locator(".seat-picker").get_by_role("button", name=name, exact=True).click()
        expect(page.locator(".seated-list")).to_contain_text(name)
    page.get_by_role("radio", name="Ann deals first").check()
    assert _fits_the_phone(page)
    screenshot(page, "night_start")
    page.get_by_role("button", name="Start the night").click()

    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    night = Night.objects.get()
    assert page.url == f"{live_server.url}/nights/{night.pk}/"
    assert night.first_dealer.name == "Ann"
    assert night.rules["tricks_per_hand"] == 7
    seated = Seat.objects.filter(night=night).order_by("position")
    assert [seat.player.name for seat in seated] == ["Ann", "Bob", "Cy", "Dee"]


@pytest.fixture
def no_js_page(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, java_script_enabled=False
    )
    yield context.new_page()
    context.close()


def test_every_step_works_without_javascript(live_server, no_js_page):
    page = no_js_page
    user = UserFactory()
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(live_server.url + "/tables/")

    page.goto(live_server.url + "/tables/new/")
    page.get_by_label("Table name").fill("Friday game")
    page.get_by_role("radio", name=re.compile("^Swedish table")).check()
    page.get_by_role("button", name="Fill in this preset's rules").click()
    expect(page.get_by_label("Most players in a hand")).to_have_value("8")
    expect(page.get_by_label("Table name")).to_have_value("Friday game")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))

    for name in ("Ann", "Bob"):
        page.get_by_label("Add a player").fill(name)
        page.get_by_role("button", name="Add", exact=True).click()
        page.get_by_role("status").filter(has_text=f"{name} now plays at").wait_for()

    page.get_by_role("link", name="Start a night").click()
    start_the_night(page, ("Bob", "Ann"), "Bob")

    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    night = Night.objects.get()
    seated = Seat.objects.filter(night=night).order_by("position")
    assert [seat.player.name for seat in seated] == ["Bob", "Ann"]
    assert night.rules["max_players"] == 8
    assert night.rules["play_obligation"] == "beat_led_suit"
