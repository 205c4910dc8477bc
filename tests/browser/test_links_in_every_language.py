"""The screens the live link, the settle-up's "Add how ... gets paid", the payment form's
groups, the undo on the hand screen and the sample table brought: each fits a 360-pixel
phone in every language the app speaks, and shows its own language's words."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode

from ledger.models import HostSettings, Night
from ledger.services.samples import table_create_sample
from ledger.services.share_links import share_link_create
from tests.factories import NightFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 360, "height": 740}


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_the_new_screens_fit_a_small_phone_in_every_language(
    live_server, browser, sign_in, language
):
    host = UserFactory()
    HostSettings.objects.create(user=host, language=language)
    with translation.override(language):
        sample = table_create_sample(host=host)
    sample_night = Night.objects.get(table=sample)
    night = NightFactory(table__owner=host, hands=2)
    share_link_create(night=night, by=host)
    newcomer = UserFactory()
    HostSettings.objects.create(user=newcomer, language=language)
    payee = sample.players.order_by("name").first()
    back = urlencode({"next": reverse("night_settlement", args=[sample_night.pk])})
    screens = {
        "sample table": reverse("table_detail", args=[sample.pk]),
        "settle-up with add links": reverse("night_settlement", args=[sample_night.pk]),
        "payment form": reverse("player_detail", args=[payee.pk]) + f"?{back}",
        "live link": reverse("night_live_link", args=[night.pk]),
        "hand screen with undo": reverse("night_detail", args=[night.pk]) + "?after=2",
    }
    context = browser.new_context(viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True)
    try:
        page = context.new_page()
        sign_in(context, host)
        for name, url in screens.items():
            page.goto(live_server.url + url)
            if name == "hand screen with undo":
                page.locator("details.undo-here > summary").click()
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, name
            assert page.locator("html").get_attribute("lang").lower() == language, name
        context.clear_cookies()
        sign_in(context, newcomer)
        page.goto(live_server.url + reverse("table_list"))
        assert page.locator("form.sample-offer").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
