"""The players' own accounts in one run, as issue "the players' own accounts" asks, on a
390 x 844 phone: Hilda invites Ann by QR code; Ann, on her own phone, signs up from it,
takes a second seat at Hugo's table from his invite, sees her history at both tables, adds
her Swish number and says she sent Bob what she owes; Hilda's settle-up offers Ann's own
Swish where Bob must pay her; Hilda makes Ann co-host and Ann records a hand of tonight's
game. Every step's screenshot is kept in the artifacts (journey-1-... to journey-8-...)."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import Hand, PaymentSent, Player
from ledger.selectors.player_links import current_link
from ledger.services.player_invites import player_invite_create
from tests.browser.conftest import PHONE, sign_up_with_a_password
from tests.factories import PASSWORD, night_with
from tests.ledger.debt_nights import closed_example

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _step(page, screenshot, number: int, name: str) -> None:
    _fits(page)
    screenshot(page, f"journey-{number}-{name}")


def test_ann_claims_her_seats_sees_her_games_gets_paid_her_way_and_co_hosts(
    live_server, browser, phone, page, screenshot, sign_in
):
    # Hilda's krona table: a night where Bob pays Ann, then one where Ann pays Bob.
    owed = closed_example(currency="SEK")
    krona = owed.table
    owes = closed_example(krona, cast={"Ann": "Bob", "Bob": "Ann"})
    hugos = closed_example().table  # another host's dollars
    ann_there = Player.objects.get(table=hugos, name="Ann")
    ann_here = Player.objects.get(table=krona, name="Ann")
    hilda = krona.owner

    # 1. Hilda invites Ann from Ann's page: a QR code to scan across the table.
    sign_in(phone, hilda)
    page.goto(live_server.url + reverse("player_detail", args=[ann_here.pk]))
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.get_by_role("img", name="QR code of the invite")).to_be_visible()
    address = page.get_by_label("Link for the player").input_value()
    _step(page, screenshot, 1, "invite-qr")

    # 2. Ann's phone: she signs up from the invite and links her seat.
    ann_phone = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True)
    mine = ann_phone.new_page()
    mine.goto(address)
    mine.get_by_role("link", name="Sign up").click()
    sign_up_with_a_password(mine, "ann", "ann@example.com", PASSWORD)
    mine.get_by_role("button", name="Create account").click()
    mine.wait_for_url(address)
    mine.get_by_role("button", name="This is me — link my account").click()
    expect(mine.get_by_role("status")).to_contain_text("You play Ann at")
    _step(mine, screenshot, 2, "seat-linked")
    ann = current_link(ann_here).user

    # 3. Hugo's invite (sent to her some other way): a seat at a second host's table.
    _, token = player_invite_create(player=ann_there, by=hugos.owner)
    mine.goto(live_server.url + reverse("invite_view", args=[token]))
    mine.get_by_role("button", name="This is me — link my account").click()
    seats = mine.locator(".my-seats")
    expect(seats.get_by_text(krona.name)).to_be_visible()
    expect(seats.get_by_text(hugos.name)).to_be_visible()
    _step(mine, screenshot, 3, "my-games")

    # 4. Her Swish number, kept once on her account.
    mine.get_by_role("link", name="My ways of getting paid").click()
    mine.get_by_label("How", exact=True).select_option("swish")
    mine.get_by_label("Number, key, account or name").fill("070 123 45 67")
    mine.get_by_role("button", name="Add", exact=True).click()
    expect(
        mine.locator("#payment-methods").get_by_text("070-123 45 67", exact=True)
    ).to_be_visible()
    _step(mine, screenshot, 4, "my-swish")

    # 5. What she owes Bob, paid and said so.
    mine.goto(live_server.url + reverse("my_debts"))
    # One line for Bob, the net (even: she owes him one night's 12, he owes her another's);
    # the nights behind it a tap away, "I sent it" there.
    mine.get_by_role("link", name="You and Bob are even").click()
    mine.get_by_role("button", name="I sent it").click()
    expect(mine.get_by_text("Said: you sent it.")).to_be_visible()
    sent = PaymentSent.objects.get()
    assert (sent.sent_by, sent.night) == (ann, owes)
    _step(mine, screenshot, 5, "i-sent-it")

    # 6. Hilda's settle-up: where Bob must pay Ann, Ann's own Swish.
    page.goto(live_server.url + reverse("night_settlement", args=[owed.pk]))
    to_ann = page.locator("#transfers li", has=page.get_by_text("pays Ann")).first
    to_ann.get_by_text("Pay now").click()
    expect(to_ann.locator(".pay-swish")).to_contain_text("070-123 45 67")
    _step(page, screenshot, 6, "settle-up-anns-swish")

    # 7. Tonight's game at Hilda's table; she makes Ann co-host.
    tonight = night_with(("Ann", "Bob", "Cy", "Dee"), table=krona)
    page.goto(live_server.url + reverse("table_detail", args=[krona.pk]))
    grant = page.locator(f"form[action='{reverse('co_host_grant', args=[ann_here.pk])}'] button")
    grant.click()
    expect(page.get_by_role("status")).to_be_visible()
    _step(page, screenshot, 7, "co-host-made")

    # 8. Ann runs the night from her own phone: she records hand 1.
    ids = {p.name: p.pk for p in krona.players.all()}
    mine.goto(live_server.url + reverse("table_list"))
    mine.get_by_role("link", name=re.compile("^Tonight's game")).click()
    expect(mine.get_by_role("heading", level=1)).to_have_text("Hand 1")
    seat = lambda name: mine.locator(f'.seat[data-player="{ids[name]}"]')  # noqa: E731
    seat("Ann").get_by_role("radio", name="Fold", exact=True).check()
    seat("Bob").get_by_role("radio", name="2 tricks", exact=True).check()
    seat("Cy").get_by_role("radio", name="2 tricks", exact=True).check()
    seat("Dee").get_by_role("radio", name="1 trick", exact=True).check()
    mine.get_by_role("button", name="Record hand 1", exact=True).click()
    mine.wait_for_url(re.compile(r"\?after=1$"))
    assert Hand.objects.get(night=tonight, number=1, live=True).created_by == ann
    _step(mine, screenshot, 8, "co-host-records")
    ann_phone.close()
