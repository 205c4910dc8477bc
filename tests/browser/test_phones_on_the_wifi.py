"""The phones at the table reach a laptop that serves the night on its local network
(``make run HOST=0.0.0.0``): served on this machine's own non-loopback address, the live
link's and the invite's QR codes carry that address — the one the phone opened — read
back from the screen by a QR decoder, as a phone's camera reads them."""

import io
import os

import pytest
import zxingcpp
from django.test import Client
from django.urls import reverse
from PIL import Image
from playwright.sync_api import expect
from pytest_django.live_server_helper import LiveServer

from config.lan import lan_addresses
from ledger.services.share_links import share_link_create
from tests.factories import night_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def lan_server():
    """The app served on this machine's first local network address, not on loopback."""
    addresses = lan_addresses()
    if not addresses:
        if os.environ.get("CI") == "true":
            pytest.fail("CI needs a network address other than loopback for this test.")
        pytest.skip("this machine has no network address but loopback")
    server = LiveServer(f"{addresses[0]}:0")
    yield server
    server.stop()


def _signed_in(context, server, user) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])


def _decoded(locator) -> str:
    """What a camera reads off the QR code as the screen shows it."""
    shot = Image.open(io.BytesIO(locator.screenshot()))
    found = zxingcpp.read_barcodes(shot)
    assert len(found) == 1, "one QR code, readable"
    return found[0].text


def test_the_qr_codes_carry_the_address_the_phone_opened(lan_server, phone, page):
    assert not lan_server.url.startswith(("http://127.", "http://localhost"))
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    host = night.table.owner
    link = share_link_create(night=night, by=host)
    _signed_in(phone, lan_server, host)

    page.goto(lan_server.url + reverse("night_live_link", args=[night.pk]))

    qr = page.get_by_role("img", name="QR code of the live link")
    expect(qr).to_be_visible()
    assert _decoded(qr) == lan_server.url + reverse("share_view", args=[link.token])

    ann = night.table.players.get(name="Ann")
    page.goto(lan_server.url + reverse("player_detail", args=[ann.pk]))
    page.get_by_role("button", name="Invite", exact=True).click()
    invite = page.get_by_role("img", name="QR code of the invite")
    expect(invite).to_be_visible()
    address = _decoded(invite)
    assert address.startswith(f"{lan_server.url}/invite/")
    # The phone that scans it opens the invite, from the same address.
    page.goto(address)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
