"""Every page declares the language it is in: `<html lang>` is the active language, for the
host on every URL of the app and for a share-link visitor on the live page."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.tables.urlwalk import build_world

pytestmark = pytest.mark.django_db

TAGS = {"en": "en", "it": "it", "pt-br": "pt-BR", "es": "es", "fr": "fr", "sv": "sv"}
HTML_LANG = re.compile(r'<html lang="([^"]*)">')


def test_every_language_has_its_tag():
    assert set(TAGS) == {code for code, _name in settings.LANGUAGES}


# What a page declares does not depend on the engine: on SQLite only (.ci/run).
@pytest.mark.database_independent
def test_every_page_declares_the_language_it_is_in():
    world = build_world()
    host = Client()
    host.force_login(world.owner)
    pages = [url for route, url in world.walk() if route.name != "logout"]
    seen = 0
    wrong = []
    for language, tag in TAGS.items():
        for url in pages:
            response = host.get(url, HTTP_ACCEPT_LANGUAGE=language)
            if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
                continue
            seen += 1
            declared = HTML_LANG.search(response.content.decode())
            found = (response.wsgi_request.LANGUAGE_CODE, declared[1] if declared else None)
            if found != (language, tag):
                wrong.append(f"{url} in {language}: {found}")
        visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
        for token in world.tokens:
            response = visitor.get(reverse("share_view", args=[token]))
            seen += 1
            if HTML_LANG.search(response.content.decode())[1] != tag:
                wrong.append(f"share link in {language}")

    assert wrong == []
    assert seen >= 6 * 30  # every page of the walk, not a handful
