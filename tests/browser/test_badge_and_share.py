"""What waits for you shows on the top bar, and Share hands a link or the settle-up to
the phone's own Share sheet (``navigator.share``, stubbed in the page: a headless browser
has no sheet to open).

Bob says he sent what he owes Ann: Ann's My games and the host's My tables each show a
badge of 1; Ann confirms it and her badge goes. The host shares the settle-up and the
live link; Share stays hidden where the browser cannot share."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import NightTransfer, Player
from ledger.services.payments_sent import payment_sent_record
from ledger.services.share_links import share_link_create
from tests.factories import UserFactory, link_player
from tests.ledger.debt_nights import closed_example

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the page's navigator.share was given, kept where the test can read it.
STUB_SHARE = """
Object.defineProperty(navigator, "share", {
  configurable: true,
  value: function (data) { window.__shared = data; return Promise.resolve(); },
});
"""


@pytest.fixture
def night_with_a_word():
    """Worked example 1 closed (Bob pays Ann 12, Cy 4); Bob said he sent Ann's 12."""
    night = closed_example()
    ann = link_player(Player.objects.get(table=night.table, name="Ann"), UserFactory()).user
    bob = link_player(Player.objects.get(table=night.table, name="Bob"), UserFactory()).user
    transfer = NightTransfer.objects.get(night=night, payee__name="Ann")
    payment_sent_record(night=night, payer_id=transfer.payer_id, payee_id=transfer.payee_id, by=bob)
    return night, ann


def test_the_badge_shows_what_waits_and_goes_once_it_is_done(
    live_server, browser, phone, page, sign_in, night_with_a_word
):
    night, ann = night_with_a_word
    sign_in(phone, ann)

    page.goto(live_server.url + reverse("my_games"))
    top = page.locator("header.top")
    expect(top.get_by_role("link", name="My games (1 waits for you)")).to_be_visible()
    expect(top.get_by_role("link", name="My tables", exact=True)).to_be_visible()

    page.get_by_role("link", name="What I owe and am owed").click()
    page.get_by_role("button", name="Confirm").first.click()
    expect(top.get_by_role("link", name="My games", exact=True)).to_be_visible()

    host = browser.new_context(viewport={"width": 390, "height": 844})
    sign_in(host, night.table.owner)
    host_page = host.new_page()
    host_page.goto(live_server.url + reverse("table_list"))
    # Confirmed: nothing waits for the host either.
    expect(host_page.locator(".top [data-badge]")).to_have_count(0)
    host.close()


def test_the_host_sees_a_badge_for_a_word_waiting_at_their_table(
    live_server, phone, page, sign_in, night_with_a_word
):
    night, _ = night_with_a_word
    sign_in(phone, night.table.owner)

    page.goto(live_server.url + reverse("home"))

    badge = page.locator("header.top").get_by_role("link", name="My tables (1 waits for you)")
    expect(badge).to_be_visible()


def test_share_gives_the_settle_up_and_the_live_link_to_the_phones_share_sheet(
    live_server, phone, page, sign_in, night_with_a_word
):
    night, _ = night_with_a_word
    share_link_create(night=night, by=night.table.owner)
    sign_in(phone, night.table.owner)
    phone.add_init_script(STUB_SHARE)

    page.goto(live_server.url + reverse("night_settlement", args=[night.pk]))
    page.get_by_role("button", name="Share", exact=True).click()

    expect(page.get_by_role("status").filter(has_text="Shared.")).to_be_visible()
    shared = page.evaluate("window.__shared")
    assert shared == {"text": page.locator("#settle-text").input_value()}
    assert "Bob pays Ann $12.00" in shared["text"]

    page.goto(live_server.url + reverse("night_live_link", args=[night.pk]))
    page.get_by_role("button", name="Share", exact=True).click()
    shared = page.evaluate("window.__shared")
    assert shared == {"title": night.table.name, "url": page.locator("#live-url").input_value()}


def test_without_a_share_sheet_only_copy_is_offered(
    live_server, phone, page, sign_in, night_with_a_word
):
    night, _ = night_with_a_word
    sign_in(phone, night.table.owner)
    phone.add_init_script("delete Navigator.prototype.share; delete navigator.share;")

    page.goto(live_server.url + reverse("night_settlement", args=[night.pk]))

    expect(page.get_by_role("button", name="Copy the settle-up")).to_be_visible()
    expect(page.get_by_role("button", name="Share", exact=True)).to_be_hidden()
