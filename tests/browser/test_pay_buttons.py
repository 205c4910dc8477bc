"""Paying from a phone: the host closes the night, and the settle-up shows, under "Bob pays
Ann", the QR code of Ann's way of getting paid with its text beside it: a Swish QR at a
table playing in SEK, a Pix BR Code in BRL, an EPC (GiroCode) QR in EUR (a night has one
currency, so each is its own table).

Screenshots go to $SCREENSHOTS_DIR when it is set (docs/screenshots/ keeps them), else to a
temporary directory, so a test run leaves the tree as it found it."""

import os
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger import rules
from ledger.services import nights as night_services
from ledger.services.share_links import share_link_create
from tests.browser.conftest import PHONE
from tests.factories import PaymentMethodFactory, night_with
from tests.ledger.payment_method_examples import IBAN_DE, RANDOM_KEY
from tests.tables.night_helpers import example_1_hands, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# currency, chip value, Ann's way of getting paid, what the QR's label says, the text beside
CASES = {
    "swish": (
        "SEK",
        "5",
        {"kind": "swish", "value": "070-123 45 67"},
        "Swish QR code: pay SEK\u00a060.00 to 070-123 45 67",
        "070-123 45 67",
    ),
    "pix": (
        "BRL",
        "2",
        {"kind": "pix", "value": RANDOM_KEY, "name": "Ann Souza", "city": "Rio de Janeiro"},
        "Pix QR code: pay R$24.00 to Ann Souza",
        RANDOM_KEY,
    ),
    "epc": (
        "EUR",
        "0.25",
        {"kind": "sepa", "value": IBAN_DE, "name": "Ann Schmidt"},
        "EPC QR code (GiroCode): transfer €3.00 to Ann Schmidt",
        "DE89 3704 0044 0532 0130 00",
    ),
}


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("case", CASES)
def test_the_host_closes_the_night_and_the_settle_up_shows_the_qr_to_pay(
    live_server, phone, page, sign_in, shots, case
):
    currency, chip_value, method, label, beside = CASES[case]
    house = rules.HouseRules(currency=currency, chip_value=Decimal(chip_value))
    night = night_with(house_rules=house)
    play(night, example_1_hands())
    PaymentMethodFactory(player=night.table.players.get(name="Ann"), **method)
    blocked: list[str] = []
    page.on(
        "console",
        lambda message: (
            blocked.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    sign_in(phone, night.table.owner)

    page.goto(live_server.url + reverse("night_close", args=[night.pk]))
    page.get_by_role("button", name="Close the night").click()

    expect(page.get_by_role("heading", name="Settle-up", level=1)).to_be_visible()
    to_ann = page.locator(".settle-up > li").filter(has_text="pays Ann")
    to_cy = page.locator(".settle-up > li").filter(has_text="pays Cy")
    expect(to_cy.locator("details.pay")).to_have_count(0)  # Cy has no way: no buttons
    to_ann.get_by_text("Pay now (1 way)").click()
    qr = to_ann.get_by_role("img", name=label)
    expect(qr).to_be_visible()
    expect(to_ann.locator(".pay-way")).to_contain_text(beside)
    box = qr.bounding_box()
    assert box["width"] >= 200 and abs(box["width"] - box["height"]) < 1  # big, square
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if case == "swish":
        link = to_ann.get_by_role("link", name="Open Swish")
        assert link.get_attribute("href").startswith("swish://payment?data=")
    if case == "pix":
        code = to_ann.get_by_label("Pix copia e cola").input_value()
        assert code.startswith("000201") and RANDOM_KEY in code
        to_ann.get_by_role("button", name="Copy").click()
        expect(to_ann.locator(".copy-status")).to_have_text(
            # Headless Chromium may refuse the clipboard: the box is then selected.
            re.compile("Copied.|Selected: copy it from the box.")
        )
    assert blocked == []
    qr.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -120)")  # the line above, "Bob pays Ann", in view
    page.screenshot(path=str(shots / f"settle-up-{case}.png"))


def test_a_player_pays_from_the_live_link_on_their_own_phone(live_server, page):
    house = rules.HouseRules(currency="BRL", chip_value=Decimal(2))
    night = night_with(house_rules=house)
    play(night, example_1_hands())
    PaymentMethodFactory(player=night.table.players.get(name="Ann"), **CASES["pix"][2])
    night_services.night_close(night=night, by=night.started_by)
    link = share_link_create(night=night, by=night.started_by)
    blocked: list[str] = []
    page.on(
        "console",
        lambda message: (
            blocked.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )

    page.goto(live_server.url + reverse("share_view", args=[link.token]))

    to_ann = page.locator(".settle-up > li").filter(has_text="pays Ann")
    to_ann.get_by_text("Pay now (1 way)").click()
    expect(to_ann.get_by_role("img", name=CASES["pix"][3])).to_be_visible()
    expect(to_ann.get_by_role("button", name="Copy")).to_be_visible()  # copy.js ran
    assert to_ann.get_by_label("Pix copia e cola").input_value().startswith("000201")
    assert blocked == []
