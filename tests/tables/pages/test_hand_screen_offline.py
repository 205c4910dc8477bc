"""What the hand screen gives static/js/offline.js: the night as the screen shows it, and
the outbox's words in the host's language."""

import html
import json
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from ledger import rules
from tables import service_worker
from tables.pages.hand_screen import _offline_texts
from tests.factories import NightFactory
from tests.ledger.helpers import ids
from tests.tables.night_helpers import example_1_hands

pytestmark = pytest.mark.django_db


def _offline(response) -> dict:
    found = re.search(
        r'<section id="outbox"[^>]* data-offline="([^"]*)"', response.content.decode()
    )
    assert found
    return json.loads(html.unescape(found.group(1)))


def test_the_screen_names_its_last_hand_its_seats_and_where_to_send():
    night = NightFactory(hands=example_1_hands(3))
    client = Client()
    client.force_login(night.table.owner)

    data = _offline(client.get(reverse("night_detail", args=[night.pk])))

    assert (data["after"], data["afterRevision"], data["number"]) == (3, 1, 4)
    assert data["send"] == reverse("hand_send", args=[night.pk])
    assert data["roster"] == data["active"] == list(ids(night).values())
    assert data["user"] == service_worker.user_tag(night.table.owner_id)
    assert data["limit"] == rules.MAX_HANDS


def test_the_service_worker_keeps_the_hand_screen_and_no_other_page():
    night = NightFactory()
    client = Client()
    client.force_login(night.table.owner)

    screen = client.get(reverse("night_detail", args=[night.pk]))
    tables = client.get(reverse("table_list"))

    assert screen[service_worker.KEEP_HEADER] == service_worker.KEEP_HAND_SCREEN
    assert not tables.has_header(service_worker.KEEP_HEADER)


@pytest.mark.database_independent
@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_each_language_says_one_hand_singular_and_any_more_plural(language):
    """The status is worked out on the phone with two forms (1, and 2 or more): true of
    each of the six languages' plural rules, which this checks against the catalog."""
    with translation.override(language):
        texts = _offline_texts()
        waiting = "%(count)s hand waiting to be sent", "%(count)s hands waiting to be sent"
        for count in (2, 3, 5, 11, 21, 100, 2000):
            said = translation.npgettext("hand played", *waiting, count) % {"count": "{count}"}
            assert said == texts["waitingMany"], (language, count)
        one = translation.npgettext("hand played", *waiting, 1) % {"count": "{count}"}
        assert one == texts["waitingOne"]
    if language != "en":
        assert texts["waitingOne"] != "{count} hand waiting to be sent"
