"""The players' own accounts on a 390 x 844 phone: the host invites Ann by QR code and Ann,
on her own phone, signs up from it and links her seat; a visitor of the live link says
"This is me" and the host accepts; a co-host records a hand.

With SCREENSHOTS_DIR set, each step is saved there as the phone shows it
(invite-qr.png, invite-accept.png, claim-pending.png, cohost-hand.png; docs/screenshots/
holds the ones taken so); every run also keeps them in the artifacts."""

import os
import re
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.selectors.player_links import current_link
from ledger.services.co_hosts import co_host_grant
from ledger.services.share_links import share_link_create
from tests.browser.conftest import PHONE, sign_up_with_a_password
from tests.factories import PASSWORD, UserFactory, link_player, night_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _keep(page, screenshot, name: str) -> None:
    """The step in the artifacts, and as the phone shows it in SCREENSHOTS_DIR if set."""
    screenshot(page, name)
    folder = os.environ.get("SCREENSHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_host_invites_ann_by_qr_code_and_ann_signs_up_and_links_her_seat(
    live_server, browser, phone, page, screenshot, sign_in
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    ann = night.table.players.get(name="Ann")
    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("player_detail", args=[ann.pk]))
    page.get_by_role("button", name="Invite", exact=True).click()

    qr = page.get_by_role("img", name="QR code of the invite")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box["width"] >= 280 and box["height"] >= 280
    address = page.get_by_label("Link for the player").input_value()
    assert address.startswith(f"{live_server.url}/invite/")
    _fits(page)
    _keep(page, screenshot, "invite-qr")

    # Ann's own phone: a second browser, signed out.
    ann_phone = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True)
    mine = ann_phone.new_page()
    mine.goto(address)
    expect(mine.get_by_role("heading", level=1)).to_have_text("Do you play Ann?")
    mine.get_by_role("link", name="Sign up").click()
    sign_up_with_a_password(mine, "ann_herself", "ann@example.com", PASSWORD)
    mine.get_by_role("button", name="Create account").click()
    mine.wait_for_url(address)
    button = mine.get_by_role("button", name="This is me — link my account")
    expect(button).to_be_visible()
    _fits(mine)
    _keep(mine, screenshot, "invite-accept")
    button.click()
    expect(mine.get_by_role("status")).to_contain_text("You play Ann at")
    assert current_link(ann).user.username == "ann_herself"

    # Used: the link opens nothing any more.
    mine.goto(address)
    assert "Do you play Ann?" not in mine.content()
    ann_phone.close()


def test_a_claim_from_the_live_link_is_accepted_on_the_hosts_phone(
    live_server, browser, phone, page, screenshot, sign_in
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    dee = night.table.players.get(name="Dee")
    token = share_link_create(night=night, by=night.table.owner).token
    visitor = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True)
    sign_in(visitor, UserFactory(username="dee_plays"))
    theirs = visitor.new_page()
    theirs.goto(live_server.url + reverse("share_view", args=[token]))
    theirs.get_by_role("link", name="This is me: Dee").click()
    theirs.get_by_role("button", name="Ask the host to confirm").click()
    expect(theirs.get_by_role("status")).to_contain_text("the host confirms")
    assert current_link(dee) is None
    visitor.close()

    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("table_detail", args=[night.table.pk]))
    waiting = page.get_by_role("region", name="Waiting for your answer")
    expect(waiting).to_contain_text("dee_plays says they are Dee")
    _fits(page)
    waiting.scroll_into_view_if_needed()
    _keep(page, screenshot, "claim-pending")
    waiting.get_by_role("button", name="Accept").click()
    expect(page.get_by_role("status")).to_contain_text("Dee now plays from the account dee_plays")
    assert current_link(dee).user.username == "dee_plays"


def test_a_co_host_records_a_hand_and_the_log_says_by_whom(
    live_server, phone, page, screenshot, sign_in
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    bob = night.table.players.get(name="Bob")
    link = link_player(bob, UserFactory(username="bob_plays"))
    co_host_grant(link=link, by=night.table.owner)
    ids = {p.name: p.pk for p in night.table.players.all()}

    sign_in(phone, link.user)
    page.goto(live_server.url + reverse("table_list"))
    page.get_by_role("link", name=re.compile("^Tonight's game")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")
    seat = lambda name: page.locator(f'.seat[data-player="{ids[name]}"]')  # noqa: E731
    seat("Ann").get_by_role("radio", name="Fold", exact=True).check()
    seat("Bob").get_by_role("radio", name="2 tricks", exact=True).check()
    seat("Cy").get_by_role("radio", name="2 tricks", exact=True).check()
    seat("Dee").get_by_role("radio", name="1 trick", exact=True).check()
    page.get_by_role("button", name="Record hand 1", exact=True).click()
    page.wait_for_url(re.compile(r"\?after=1$"))
    _fits(page)
    _keep(page, screenshot, "cohost-hand")

    page.goto(live_server.url + reverse("night_log", args=[night.pk]) + "?full=1")
    expect(page.locator(".rev-head").first).to_contain_text("by Bob,")
