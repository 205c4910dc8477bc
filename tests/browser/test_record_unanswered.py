"""A Record that gets no answer is never lost: the hand goes to the outbox with the key it
was sent with and is sent again, recorded once whether or not the first one arrived; an
answer that is not the next hand is said in the bar."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import Hand
from tests.factories import NightFactory
from tests.ledger.helpers import ids

# The page's JavaScript against a lost or refused answer: no engine answers differently (the
# key's idempotency is the services' tests', on both), so CI runs it once, on SQLite.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.database_independent,
    pytest.mark.django_db(transaction=True),
]

# What the browser says of a request with no answer (or a refused one), which these tests
# cause on purpose: htmx's error event and Chromium's failed load. Nothing else is allowed.
EXPECTED = (
    "htmx:sendError",
    "htmx:afterRequest",
    "Response Status Error Code 403",
    "Failed to load resource",
)


def _expected_errors_only(console: list[str]) -> None:
    console[:] = [line for line in console if not any(e in line for e in EXPECTED)]


def _hand_one(live_server, phone, page, sign_in):
    night = NightFactory()
    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("night_detail", args=[night.pk]))
    p = ids(night)
    page.locator(f'.seat[data-player="{p["Bob"]}"] .choice.count:has(input[value="3"])').click()
    page.locator(f'.seat[data-player="{p["Cy"]}"] .choice.count:has(input[value="2"])').click()
    return night, p


def test_a_record_lost_before_the_server_is_sent_again_from_the_outbox(
    live_server, phone, page, sign_in, clean_console
):
    night, p = _hand_one(live_server, phone, page, sign_in)
    page.route("**/hands/", lambda route: route.abort("connectionreset"))

    page.get_by_role("button", name="Record hand 1").click()

    page.wait_for_url("**/?after=1")
    hand = Hand.objects.get(night=night)
    assert hand.input["stayed"] == {str(p["Bob"]): 3, str(p["Cy"]): 2}
    _expected_errors_only(clean_console)


def test_a_record_whose_answer_is_lost_is_recorded_once(
    live_server, phone, page, sign_in, clean_console
):
    night, _ = _hand_one(live_server, phone, page, sign_in)
    keys = []

    def reach_the_server_then_drop(route) -> None:
        keys.append(route.request.post_data)
        route.fetch()  # the server records the hand...
        route.abort("connectionreset")  # ...and its answer never reaches the phone

    page.route("**/hands/", reach_the_server_then_drop)

    page.get_by_role("button", name="Record hand 1").click()

    page.wait_for_url("**/?after=1")
    assert len(keys) == 1
    assert Hand.objects.filter(night=night).count() == 1
    _expected_errors_only(clean_console)


def test_a_record_answered_with_an_error_says_so_and_keeps_the_taps(
    live_server, phone, page, sign_in, clean_console
):
    night, p = _hand_one(live_server, phone, page, sign_in)
    page.route("**/hands/", lambda route: route.fulfill(status=403, body="Forbidden"))

    page.get_by_role("button", name="Record hand 1").click()

    expect(page.locator("#hand-check-problems [role=alert]")).to_have_text(
        "Hand 1 was not recorded."
    )
    record = page.get_by_role("button", name="Record hand 1")
    expect(record).to_be_enabled()
    bob = page.locator(f'.seat[data-player="{p["Bob"]}"] input[value="3"]')
    expect(bob).to_be_checked()
    assert not Hand.objects.filter(night=night).exists()
    _expected_errors_only(clean_console)
