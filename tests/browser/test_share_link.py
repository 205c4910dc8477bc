"""The live link: the host makes it on the report; a player opens it on their own phone,
with no account, and sees a hand the host records appear without reloading; while
nothing happens, each poll is a 304."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger import services
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
        polls: list[tuple[str, int]] = []  # (the part asked for, the answer's status)
        player.on(
            "response",
            lambda r: (
                polls.append((r.request.headers.get("hx-target", ""), r.status))
                if r.request.headers.get("hx-request")
                else None
            ),
        )
        player.goto(link)
        expect(player.locator("#standings")).to_contain_text("No hands yet")
        player.evaluate("window.stillTheSamePage = true")
        # Nothing changes: every poll is a 304, and the page stays as it was.
        for _ in range(2):
            with player.expect_response(_poll_answered(304), timeout=10_000):
                pass
        assert set(polls) == {("standings", 304)}
        expect(player.locator("#standings")).to_contain_text("No hands yet")

        services.hand_record(
            night=night,
            expected_number=1,
            hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}),
            by=night.table.owner,
        )

        expect(player.locator("#standings")).to_contain_text("After hand 1", timeout=10_000)
        expect(player.locator("#hands")).to_contain_text("Cy bourré 4")
        assert player.evaluate("window.stillTheSamePage") is True
        # The new standings under a new validator, then the hand log once; then 304s again.
        with player.expect_response(_poll_answered(304), timeout=10_000):
            pass
        changed = polls[polls.index(("standings", 200)) :]
        assert changed[:2] == [("standings", 200), ("hands", 200)]
        assert changed[-1] == ("standings", 304)
        assert player.evaluate("document.documentElement.scrollWidth") <= 390
        assert player.locator("a[href^='/nights/'], a[href^='/tables/']").count() == 0
        screenshot(player, "share_link")
    finally:
        watcher.close()


def _poll_answered(status: int):
    return lambda response: (
        response.request.headers.get("hx-target") == "standings" and response.status == status
    )


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
