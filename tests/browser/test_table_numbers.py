"""The table form on a phone in each language: a chip value typed with a decimal comma,
the refusal of one the language does not read (named by its label, on top, focused), and
the Swedish table's preset, which plays in kronor."""

import re
from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext
from playwright.sync_api import expect

from ledger import rules
from ledger.models import Table
from tables import presenters
from tables.forms import localized_numbers as numbers
from tables.forms.table import TableForm
from tests.browser.conftest import PHONE
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Django's language code and the browser's Accept-Language.
LANGUAGES = [
    ("en", "en"),
    ("it", "it"),
    ("pt-br", "pt-BR"),
    ("es", "es"),
    ("fr", "fr"),
    ("sv", "sv"),
]


@pytest.fixture
def phone_speaking(browser, live_server, sign_in):
    """A signed-in host's phone whose browser speaks ``tag``."""
    contexts = []

    def open_page(tag: str):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=1, is_mobile=True, locale=tag
        )
        contexts.append(context)
        sign_in(context, UserFactory())
        page = context.new_page()
        page.goto(live_server.url + "/tables/new/")
        return page

    yield open_page
    for context in contexts:
        context.close()


def _label(language: str, field: str) -> str:
    with translation.override(language):
        return str(TableForm().fields[field].label)


def _words(language: str, msgid: str) -> str:
    with translation.override(language):
        return gettext(msgid)


def _fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize(("language", "tag"), LANGUAGES)
def test_a_chip_value_typed_with_a_decimal_comma_makes_the_table(phone_speaking, language, tag):
    page = phone_speaking(tag)
    page.get_by_label(_label(language, "name"), exact=True).fill("Game " + tag)
    chip_value = page.get_by_label(_label(language, "chip_value"), exact=True)
    expect(chip_value).to_have_attribute("inputmode", "decimal")
    chip_value.fill("0,50")
    assert _fits_the_phone(page)
    page.get_by_role("button", name=_words(language, "Create table")).click()

    if language == "en":
        # English reads no decimal comma: refused, said on top with the field's label,
        # focused and in view, linking to the field; nothing written.
        refusal = page.locator(".refusal")
        expect(refusal).to_be_focused()
        with translation.override(language):
            example = numbers.format_number(Decimal("0.25"))
            line = f"{_label(language, 'chip_value')}: " + str(
                numbers.NUMBER_INVALID % {"example": example}
            )
        expect(refusal.get_by_role("link", name=line)).to_be_visible()
        assert 0 <= refusal.bounding_box()["y"] < PHONE["height"]
        assert _fits_the_phone(page)
        assert not Table.objects.exists()
        refusal.get_by_role("link", name=line).click()
        expect(page.get_by_label(_label(language, "chip_value"), exact=True)).to_be_focused()
        page.get_by_label(_label(language, "chip_value"), exact=True).fill("0.50")
        page.get_by_role("button", name=_words(language, "Create table")).click()

    # (A redirect keeps the fragment the refusal's link added: /tables/1/#id_chip_value.)
    page.wait_for_url(re.compile(r"/tables/\d+/(#id_chip_value)?$"))
    house = rules.HouseRules.from_dict(Table.objects.get().rules)
    assert house.chip_value == Decimal("0.50")


def test_a_swedish_host_picks_the_swedish_table_and_it_settles_in_kronor(phone_speaking):
    page = phone_speaking("sv")
    page.get_by_label(_label("sv", "name"), exact=True).fill("Torsdagsbordet")
    swedish = _words("sv", rules.PRESETS["swedish"].label)
    page.get_by_role("radio", name=re.compile("^" + re.escape(swedish))).check()
    # htmx swaps in the preset's settings: eight players, and kronor.
    expect(page.get_by_label(_label("sv", "max_players"), exact=True)).to_have_value("8")
    currency = page.get_by_label(_label("sv", "currency"), exact=True)
    expect(currency).to_have_value("SEK")
    page.get_by_label(_label("sv", "chip_value"), exact=True).fill("2,50")
    page.get_by_role("button", name=_words("sv", "Create table")).click()

    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert Table.objects.get().rules["currency"] == "SEK"
    with translation.override("sv"):
        worth = gettext("One chip is worth %(money)s") % {
            "money": presenters.money(Decimal("2.50"), "SEK")
        }
    assert worth.endswith("2,50\u00a0kr")
    expect(page.locator(".rules-summary")).to_contain_text(worth)
    assert _fits_the_phone(page)


def test_without_javascript_a_refused_number_is_said_on_top_and_focused(
    browser, live_server, sign_in
):
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, java_script_enabled=False, locale="fr"
    )
    sign_in(context, UserFactory())
    page = context.new_page()
    page.goto(live_server.url + "/tables/new/")
    page.get_by_label(_label("fr", "name"), exact=True).fill("Jeudi")
    page.get_by_label(_label("fr", "ante"), exact=True).fill("1,5")
    page.get_by_role("button", name=_words("fr", "Create table")).click()

    refusal = page.locator(".refusal")
    expect(refusal).to_be_focused()
    with translation.override("fr"):
        error = numbers.WHOLE_INVALID % {"example": numbers.format_number(12)}
        line = pgettext("a form field's error", "%(field)s: %(error)s") % {
            "field": _label("fr", "ante"),
            "error": error,
        }
    expect(refusal.get_by_role("link", name=line)).to_be_visible()
    assert 0 <= refusal.bounding_box()["y"] < PHONE["height"]
    assert _fits_the_phone(page)
    assert not Table.objects.exists()
    context.close()
