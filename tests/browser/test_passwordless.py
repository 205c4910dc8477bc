"""No password at the table: an invited player signs up with a passkey (Chromium's virtual
authenticator stands in for the phone's), links the seat, signs out and back in with it;
another signs in with a code read from the mail sent to her; a new player signs up with a
code. The code's page fits a 360 px phone in every language. On a slow phone, a host adds
a passkey, a double tap signs in once, and a phone without a passkey is told so."""

import re

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse
from playwright.sync_api import expect

from ledger.models import Passkey
from ledger.selectors.player_links import current_link
from ledger.services.player_invites import player_invite_create
from tests.browser.slow_phone import STEP_TIMEOUT_MS, slow_down
from tests.factories import UserFactory, link_player, night_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _authenticator(page) -> tuple[object, str]:
    """A passkey store on the phone, as a phone's own is: it keeps passkeys for the site
    (resident keys) and checks its owner (user verification) without asking the test."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, added["authenticatorId"]


def _code_in_the_mail(to: str) -> str:
    sent = [message for message in mail.outbox if to in message.to]
    assert sent, f"no mail to {to}"
    found = re.search(r"^(\d{6})$", sent[-1].body, re.M)
    assert found, sent[-1].body
    return found.group(1)


def test_an_invited_player_signs_up_with_a_passkey_links_the_seat_and_signs_in_with_it(
    live_server, page
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    ann = night.table.players.get(name="Ann")
    _, token = player_invite_create(player=ann, by=night.table.owner)
    address = live_server.url + reverse("invite_view", args=[token])
    cdp, authenticator = _authenticator(page)

    page.goto(address)
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Your name").fill("ann_herself")
    page.get_by_role("button", name="Create it with a passkey").click()
    page.wait_for_url(address)
    page.get_by_role("button", name="This is me — link my account").click()
    expect(page.get_by_role("status")).to_contain_text("You play Ann at")
    assert current_link(ann).user.username == "ann_herself"
    passkey = Passkey.objects.get(user__username="ann_herself")
    assert not passkey.user.has_usable_password()
    kept = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert [c["isResidentCredential"] for c in kept] == [True]

    page.get_by_role("button", name="Sign out").click()
    page.goto(live_server.url + reverse("login"))
    page.get_by_role("button", name="Sign in with a passkey").click()
    # A player who hosts no table lands on their games: Ann's seat is there.
    page.wait_for_url(live_server.url + reverse("my_games"))
    expect(page.get_by_role("heading", level=1)).to_have_text("My games")
    expect(page.get_by_text(night.table.name).first).to_be_visible()
    passkey.refresh_from_db()
    assert passkey.last_used_at is not None


def test_a_player_signs_in_with_a_code_read_from_the_mail(live_server, page):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    bob = link_player(night.table.players.get(name="Bob")).user
    bob.email = "bob@example.com"
    bob.save()

    page.goto(live_server.url + reverse("login"))
    page.get_by_role("link", name="Email me a sign-in code").click()
    page.get_by_label("Email").fill("  Bob@Example.com ")
    page.get_by_role("button", name="Email me a code").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Type the code")
    page.get_by_label("Code").fill(_code_in_the_mail("bob@example.com"))
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(live_server.url + reverse("my_games"))
    expect(page.get_by_role("heading", level=1)).to_have_text("My games")
    expect(page.get_by_text(night.table.name).first).to_be_visible()


def test_a_new_player_signs_up_with_a_code_and_a_wrong_one_is_refused_first(live_server, page):
    page.goto(live_server.url + reverse("signup"))
    page.get_by_label("Your name").fill("cy")
    # The password's fold, closed, has an Email of its own.
    page.locator("#id_account-email").fill("cy@example.com")
    page.get_by_role("button", name="Email me a code").click()
    code = _code_in_the_mail("cy@example.com")
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    page.get_by_label("Code").fill(wrong)
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("alert")).to_contain_text("Tries left for this code: 4")
    page.get_by_label("Code").fill(code)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(live_server.url + reverse("table_list"))
    expect(page.get_by_text("Signed in as cy")).to_be_visible()


@pytest.mark.database_independent
@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_the_code_page_fits_a_small_phone_in_every_language(live_server, phone_in, language):
    UserFactory(email="dee@example.com")
    page = phone_in(language).new_page()
    page.goto(live_server.url + reverse("sign_in_code_request"))
    page.locator("input[name=email]").fill("dee@example.com")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("input[name=code]")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    code = _code_in_the_mail("dee@example.com")
    page.locator("input[name=code]").fill(f"{(int(code) + 1) % 1_000_000:06d}")
    page.locator("main form button[type=submit]").click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_on_a_slow_phone_a_passkey_is_added_a_double_tap_signs_in_once_and_none_is_seen(
    live_server, page, sign_in
):
    """600 ms of latency each way and a CPU six times slower, as at the table on one bar.
    A host adds a passkey to their password account; a second tap while the phone is
    asked is not a second sign-in; a phone with no passkey for the site leaves the page
    saying so, the button ready again."""
    ann = UserFactory(username="ann")
    cdp, authenticator = _authenticator(page)
    slow_down(page, cdp)
    signed_in: list[str] = []
    page.on("request", lambda r: r.url.endswith("/accounts/passkey/") and signed_in.append(r.url))

    sign_in(page.context, ann)
    page.goto(live_server.url + reverse("account_passkeys"))
    page.get_by_role("button", name="Add a passkey").click()
    expect(page.get_by_role("status")).to_contain_text("Passkey added", timeout=STEP_TIMEOUT_MS)
    assert Passkey.objects.filter(user=ann).count() == 1
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(live_server.url + "/")

    page.goto(live_server.url + reverse("login"))
    button = page.get_by_role("button", name="Sign in with a passkey")
    box = button.bounding_box()
    for _ in range(2):  # a thumb's double tap, 100 ms apart
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(100)
    page.wait_for_url(live_server.url + reverse("table_list"))
    assert signed_in == [live_server.url + reverse("passkey_sign_in")]

    # A phone with no passkey for the site: the page says so; the button works again.
    cdp.send("WebAuthn.clearCredentials", {"authenticatorId": authenticator})
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(live_server.url + "/")
    page.goto(live_server.url + reverse("login"))
    button = page.get_by_role("button", name="Sign in with a passkey")
    button.click()
    expect(page.get_by_role("alert")).to_contain_text(
        "No passkey signed you in", timeout=STEP_TIMEOUT_MS
    )
    expect(button).to_be_enabled()
