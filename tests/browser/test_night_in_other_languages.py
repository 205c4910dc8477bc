"""A night played on a phone whose browser speaks Swedish, and one whose browser speaks
Brazilian Portuguese: from sign-up to the settle-up, every screen in that language.

The host signs up, makes a table in the local currency, adds four players, starts the
night and plays the first four hands of docs/rules.md's worked example 1 (a tap a
stayer on their tricks, each read out in the language too), then closes the night and settles up.
Each label and button is found by its words in the catalog (looked up as the app looks
them up), so a missing translation shows as English the test does not find; the game's
own words from the glossary and money as the country writes it are checked on the screen.
"""

import re
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.html import strip_tags
from django.utils.translation import gettext, ngettext, pgettext
from playwright.sync_api import expect

from ledger.models import Night
from tables import presenters
from tables.forms.accounts import SignupForm
from tables.forms.table import TableForm
from tests.browser.conftest import PHONE
from tests.browser.taps import start_the_night
from tests.factories import PASSWORD
from tests.ledger.helpers import ids

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROSTER = ("Ann", "Bob", "Cy", "Dee")


@dataclass(frozen=True)
class Locale:
    language: str  # Django's code
    tag: str  # the browser's Accept-Language, and the page's <html lang>
    currency: str
    chip_value: int
    symbol: str  # how the country writes its money
    table: str
    # The game's words in this language (docs/glossary.md): the pot and a trick.
    pot: str
    trick: str


SWEDISH = Locale("sv", "sv", "SEK", 5, "kr", "Torsdagsbordet", pot="pott", trick="stick")
BRAZILIAN = Locale("pt-br", "pt-BR", "BRL", 2, "R$", "Mesa de quinta", pot="pote", trick="vaza")


class Words:
    """The words the app shows in one language, looked up in its catalog."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __call__(self, msgid: str, context: str = "", **params) -> str:
        with translation.override(self.language):
            text = pgettext(context, msgid) if context else gettext(msgid)
        text = text % params if params else text
        return strip_tags(text)

    def plural(self, singular: str, plural: str, count: int) -> str:
        with translation.override(self.language):
            return ngettext(singular, plural, count) % {"counter": count}

    def label(self, form, field: str) -> str:
        with translation.override(self.language):
            return str(form.fields[field].label)

    def money(self, chips: int, locale: Locale) -> str:
        with translation.override(self.language):
            return presenters.money(Decimal(chips * locale.chip_value), locale.currency)


def _plain(text: str) -> str:
    """Text as read, the no-break spaces money is written with as plain spaces."""
    return " ".join(text.split())


@pytest.fixture
def phone_in(browser):
    """A phone whose browser speaks ``locale``'s language."""
    contexts = []

    def open_page(locale: Locale):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=1, is_mobile=True, locale=locale.tag
        )
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


class Host:
    """The host on their phone, finding every control by its words in ``locale``."""

    def __init__(self, page, base: str, locale: Locale) -> None:
        self.page = page
        self.base = base
        self.locale = locale
        self.words = Words(locale.language)

    def speaks_the_language(self) -> None:
        expect(self.page.locator("html")).to_have_attribute("lang", self.locale.tag)

    def button(self, msgid: str, context: str = "", **params):
        return self.page.get_by_role(
            "button", name=self.words(msgid, context, **params), exact=True
        )

    def link(self, msgid: str, context: str = "", **params):
        return self.page.get_by_role("link", name=self.words(msgid, context, **params), exact=True)

    def sign_up(self) -> None:
        w, page = self.words, self.page
        page.goto(self.base + "/accounts/signup/")
        self.speaks_the_language()
        expect(page.get_by_role("heading", level=1)).to_have_text(w("Create an account"))
        form = SignupForm()
        # The password's way, in its fold: a passkey and a code come first.
        fold = page.locator("details.password-way")
        fold.get_by_text(w("Use a password instead"), exact=True).click()
        fold.get_by_label(w.label(form, "username"), exact=True).fill("host_" + self.locale.tag)
        fold.get_by_label(w.label(form, "email"), exact=True).fill("host@example.com")
        fold.get_by_label(w.label(form, "password1"), exact=True).fill(PASSWORD)
        fold.get_by_label(w.label(form, "password2"), exact=True).fill(PASSWORD)
        self.button("Create account").click()
        page.wait_for_url(self.base + "/tables/")
        self.speaks_the_language()

    def make_the_table(self, name: str) -> None:
        w, page, form = self.words, self.page, TableForm()
        self.link("New table").click()
        self.speaks_the_language()
        page.get_by_label(w.label(form, "name"), exact=True).fill(name)
        page.get_by_role("radio", name=re.compile("^" + re.escape(w("Louisiana standard")))).check()
        page.get_by_label(w.label(form, "currency"), exact=True).select_option(self.locale.currency)
        page.get_by_label(w.label(form, "chip_value"), exact=True).fill(str(self.locale.chip_value))
        self.button("Create table").click()
        page.wait_for_url(re.compile(r"/tables/\d+/$"))
        self.speaks_the_language()
        for player in ROSTER:
            page.get_by_label(w("Add a player"), exact=True).fill(player)
            self.button("Add").click()
            added = w("%(player)s now plays at %(table)s.", player=player, table=name)
            expect(page.get_by_role("status").filter(has_text=added)).to_be_visible()

    def start_the_night(self) -> Night:
        w, page = self.words, self.page
        self.link("Start a night").click()
        self.speaks_the_language()
        # A tap a player in seat order; the dealer's radio is read out whole.
        start_the_night(page, ROSTER, "Ann", deals_first=w("%(name)s deals first", name="%(name)s"))
        page.wait_for_url(re.compile(r"/nights/\d+/$"))
        return Night.objects.get(table__owner__username="host_" + self.locale.tag)


class HandScreen:
    """The night's main screen in ``host``'s language."""

    def __init__(self, host: Host, night: Night) -> None:
        self.host = host
        self.page = host.page
        self.words = host.words
        self.ids = ids(night)

    def heading(self):
        return self.page.get_by_role("heading", level=1)

    def seat(self, name: str):
        return self.page.locator(f'.seat[data-player="{self.ids[name]}"]')

    def stays(self, name: str, tricks: int) -> None:
        """One tap: the stayer's tricks, the radio read out in the page's language."""
        label = self.words.plural("%(counter)s trick", "%(counter)s tricks", tricks)
        self.seat(name).get_by_role("radio", name=label, exact=True).check()

    def record(self, number: int) -> None:
        self.host.button("Record hand %(number)s", "hand played", number=number).click()
        self.page.wait_for_url(re.compile(rf"\?after={number}$"))
        self.host.speaks_the_language()

    def after(self) -> str:
        return _plain(self.page.locator(".after p").inner_text())

    def pot(self) -> str:
        # The balances are folded under the hand: read, not looked at.
        return self.page.locator(".pot-now").text_content()


def play_a_night(page, base: str, locale: Locale, screenshot) -> None:
    host = Host(page, base, locale)
    w = host.words
    # The catalog is translated: the words this test looks for are not the English ones.
    english = Words("en")
    for msgid, context in [
        ("Pot", "pot of chips"),
        ("Record hand %(number)s", "hand played"),
        ("Fold", "stay or fold"),
        ("Settle-up", ""),
        ("<b>%(payer)s</b> pays <b>%(payee)s</b>", ""),
    ]:
        assert w(msgid, context) != english(msgid, context), f"{msgid!r} is not translated"

    host.sign_up()
    host.make_the_table(locale.table)
    night = host.start_the_night()
    screen = HandScreen(host, night)

    # Hand 1, a tap a stayer.
    expect(screen.heading()).to_have_text(w("Hand %(number)s", "hand played", number=1))
    screen.stays("Bob", 2)
    screen.stays("Cy", 2)
    screen.stays("Dee", 1)
    expect(page.locator("#hand-check")).to_contain_text(w("Ready to record."))
    screen.record(1)
    assert screen.pot() == "4"

    # Hand 2: Dee stays and takes nothing, and is bourré.
    screen.stays("Cy", 3)
    screen.stays("Dee", 0)
    screen.stays("Ann", 2)
    screen.record(2)
    bourre = w("%(player)s is bourré: pays %(amount)s into the next pot.", player="Dee", amount=8)
    assert bourre in screen.after()
    assert "bourré" in bourre
    assert screen.pot() == "8"
    expect(screen.heading()).to_have_text(w("Hand %(number)s", "hand played", number=3))
    # The game's words of the glossary, on the screen.
    text = page.locator("main").inner_text().casefold()
    assert locale.pot in text
    assert locale.trick in text
    expect(page.locator(".pot-line")).to_contain_text(w("Pot", "pot of chips"))
    expect(screen.seat("Ann").get_by_role("radio", name=w("Fold", "stay or fold"))).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"{locale.tag}_hand_screen")

    # Hands 3 and 4.
    for player, tricks in (("Dee", 5), ("Ann", 0), ("Bob", 0)):
        screen.stays(player, tricks)
    screen.record(3)
    screen.stays("Ann", 5)
    screen.record(4)
    assert screen.pot() == "0"

    # Close (the pot is empty) and settle up: Ann +12, Bob -16, Cy +4, Dee 0.
    page.locator("details.night-more summary").click()
    host.link("Close the night").click()
    host.speaks_the_language()
    host.button("Close the night").click()
    page.wait_for_url(re.compile(r"/settle/$"))
    host.speaks_the_language()
    expect(screen.heading()).to_have_text(w("Settle-up"))
    pays = w("<b>%(payer)s</b> pays <b>%(payee)s</b>", payer="Bob", payee="Ann")
    # Each transfer: who pays whom, then the amount (its paid status and marks follow).
    spans = page.locator(".settle-up > li > span").all_inner_texts()
    lines = [_plain(f"{who} {amount}") for who, amount in zip(spans[::2], spans[1::2], strict=True)]
    assert lines == [
        _plain(f"{pays} {w.money(12, locale)}"),
        _plain(f"{w('<b>%(payer)s</b> pays <b>%(payee)s</b>', payer='Bob', payee='Cy')} "
               f"{w.money(4, locale)}"),
    ]  # fmt: skip
    assert all(locale.symbol in line for line in lines)
    text = page.get_by_label(w("The settle-up as text"), exact=True).input_value()
    # The text to copy has its own sentence (the amount may sit between the two names).
    paid = w(
        "%(payer)s pays %(payee)s %(money)s", payer="Bob", payee="Ann", money=w.money(12, locale)
    )
    assert _plain(paid) in _plain(text)
    expect(host.button("Copy the settle-up")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"{locale.tag}_settle_up")


def test_a_host_plays_a_night_in_swedish_from_sign_up_to_settle_up(
    live_server, phone_in, screenshot
):
    play_a_night(phone_in(SWEDISH), live_server.url, SWEDISH, screenshot)


def test_a_host_plays_a_night_in_brazilian_portuguese_from_sign_up_to_settle_up(
    live_server, phone_in, screenshot
):
    play_a_night(phone_in(BRAZILIAN), live_server.url, BRAZILIAN, screenshot)
