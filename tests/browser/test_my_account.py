"""A player's own account on a phone (390 x 844): Ann, linked at two tables of two hosts,
sees both on My games, adds her Swish number, says "I sent it" for what she owes Bob; the
host sees her word and confirms it, and the host's settle-up offers Ann's own Swish where
someone must pay her.

With SCREENSHOTS_DIR set, the screens are saved there as the phone shows them
(``my-games.png``, ``my-payment-methods.png``, ``my-debts.png``, ``my-debts-nights.png``,
``host-sees-sent.png``;
docs/screenshots/ holds the ones taken so)."""

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import PaymentMark, PaymentSent, Player
from tests.factories import UserFactory, link_player
from tests.ledger.debt_nights import closed_example

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _keep(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_ann_sees_her_games_gets_paid_her_own_way_and_says_she_sent_it(
    live_server, browser, phone, page, sign_in
):
    # Hilda's krona table: a night where Bob pays Ann, then one where Ann pays Bob.
    owed = closed_example(currency="SEK")
    krona = owed.table
    owes = closed_example(krona, cast={"Ann": "Bob", "Bob": "Ann"})
    # Another host's dollar table.
    dollars = closed_example().table
    dollars.name = "Hugo's Thursdays"
    dollars.save(update_fields=["name"])
    ann = UserFactory(username="ann")
    for table in (krona, dollars):
        link_player(Player.objects.get(table=table, name="Ann"), ann)
    sign_in(phone, ann)

    page.goto(live_server.url + reverse("my_games"))
    tables = page.locator(".my-seats")
    expect(tables.get_by_text(krona.name)).to_be_visible()
    expect(tables.get_by_text(dollars.name)).to_be_visible()
    expect(tables.get_by_text(f"hosted by {dollars.owner.username}")).to_be_visible()
    _fits(page)
    _keep(page, "my-games")

    page.get_by_role("link", name="My ways of getting paid").click()
    page.get_by_label("How", exact=True).select_option("swish")
    page.get_by_label("Number, key, account or name").fill("070 123 45 67")
    page.get_by_role("button", name="Add", exact=True).click()
    added = page.get_by_text("You can now be paid by Swish at every table you play at.")
    expect(added).to_be_visible()
    methods = page.locator("#payment-methods")
    expect(methods.get_by_text("070-123 45 67", exact=True)).to_be_visible()
    _fits(page)
    _keep(page, "my-payment-methods")

    page.goto(live_server.url + reverse("my_debts"))
    _fits(page)
    _keep(page, "my-debts")
    # One line for Bob, the net (even: she owes him one night's 12, he owes her another's);
    # the nights behind it a tap away, "I sent it" there.
    page.get_by_role("link", name="You and Bob are even").click()
    page.get_by_role("button", name="I sent it").click()
    expect(page.get_by_text("Said: you sent it.")).to_be_visible()
    sent = PaymentSent.objects.get()
    assert (sent.sent_by, sent.night) == (ann, owes)
    _fits(page)
    _keep(page, "my-debts-nights")

    # The host, on her own phone.
    host_phone = browser.new_context(viewport={"width": 390, "height": 844})
    sign_in(host_phone, krona.owner)
    host = host_phone.new_page()
    host.goto(live_server.url + reverse("night_settlement", args=[owes.pk]))
    word = host.locator("#sent")
    expect(word.get_by_text("Ann says they sent SEK 12.00 to Bob.")).to_be_visible()
    _fits(host)
    _keep(host, "host-sees-sent")
    word.get_by_role("button", name="Confirm it is paid").click()
    expect(host.get_by_text("Confirmed: the transfer is marked paid.")).to_be_visible()
    mark = PaymentMark.objects.get()
    assert (mark.marked_by, mark.payer.name, mark.payee.name) == (krona.owner, "Ann", "Bob")

    # Where Bob must pay Ann, the settle-up offers Ann's own Swish.
    host.goto(live_server.url + reverse("night_settlement", args=[owed.pk]))
    to_ann = host.locator("#transfers li", has=host.get_by_text("pays Ann")).first
    to_ann.get_by_text("Pay now").click()
    expect(to_ann.locator(".pay-swish")).to_be_visible()
    expect(to_ann.locator(".pay-swish")).to_contain_text("070-123 45 67")
    host_phone.close()
