"""The player page and the night's charts at phone size: readable, no sideways scrolling."""

import pytest
from django.urls import reverse

from ledger.models import Player
from tests.factories import TableFactory
from tests.ledger.stats_nights import play_example_1, play_nights

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.fixture
def table():
    table = TableFactory(name="Thursday Bourré")
    play_nights(table, 5)
    play_example_1(table)
    return table


def test_the_player_page_fits_a_phone_and_charts_the_nights(
    live_server, phone, page, screenshot, table, sign_in
):
    sign_in(phone, table.owner)
    ann = Player.objects.get(table=table, name="Ann")

    page.goto(live_server.url + reverse("player_detail", args=[ann.pk]))

    assert page.get_by_role("heading", level=1).inner_text() == "Ann"
    assert page.locator("figure svg.chart").is_visible()
    assert page.locator("figure svg.chart").bounding_box()["width"] <= 390
    page.get_by_text("The numbers").first.click()
    assert page.get_by_role("table", name="Ann's cumulative net chips, night by night").is_visible()
    assert _no_horizontal_scroll(page)
    assert screenshot(page, "player_page").stat().st_size > 0


def test_the_night_charts_fit_a_phone(live_server, phone, page, screenshot, table, sign_in):
    sign_in(phone, table.owner)
    night = table.nights.order_by("-started_at", "-id").first()

    page.goto(live_server.url + reverse("night_report", args=[night.pk]))

    assert page.locator("figure svg.chart").count() == 2
    for box in (page.locator("figure svg.chart").nth(i).bounding_box() for i in range(2)):
        assert box["width"] <= 390
    assert page.get_by_text("Bob pays Ann").is_visible()
    assert _no_horizontal_scroll(page)
    assert screenshot(page, "night_charts").stat().st_size > 0


def test_the_table_stats_fit_a_phone(live_server, phone, page, screenshot, table, sign_in):
    sign_in(phone, table.owner)

    page.goto(live_server.url + reverse("table_stats", args=[table.pk]))

    assert page.get_by_role("heading", name="Leaderboards").is_visible()
    assert _no_horizontal_scroll(page)
    assert screenshot(page, "table_stats").stat().st_size > 0
