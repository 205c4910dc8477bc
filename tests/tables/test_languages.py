"""Which language a page speaks: the browser's on a first visit, the switcher's choice
after it, and a signed-in host's saved choice on every phone they sign in on."""

import re

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ledger.models import HostSettings
from ledger.services.hosts import host_language_set
from tables.languages import html_lang
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def page_language(response) -> str:
    return re.search(r'<html lang="([^"]+)">', response.content.decode())[1]


def switch(client: Client, language: str, next_url: str = "/") -> object:
    return client.post(reverse("set_language"), {"language": language, "next": next_url})


@pytest.mark.parametrize(
    ("language", "tag"),
    [("en", "en"), ("it", "it"), ("pt-br", "pt-BR"), ("es", "es"), ("fr", "fr"), ("sv", "sv")],
)
def test_html_lang_is_the_language_as_a_bcp_47_tag(language, tag):
    assert html_lang(language) == tag


def test_a_browser_set_to_swedish_gets_swedish_on_its_first_visit(client):
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="sv-SE,sv;q=0.9,en;q=0.5")

    assert response.wsgi_request.LANGUAGE_CODE == "sv"
    assert page_language(response) == "sv"
    assert response["Content-Language"] == "sv"
    assert '<label for="language-switcher">Språk</label>' in response.content.decode()


def test_a_signed_in_host_whose_browser_is_brazilian_gets_brazilian_portuguese(client, host):
    response = client.get(reverse("table_list"), HTTP_ACCEPT_LANGUAGE="pt-BR")

    assert response.wsgi_request.LANGUAGE_CODE == "pt-br"
    assert page_language(response) == "pt-BR"


def test_a_browser_language_the_app_does_not_speak_gets_english(client):
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="de-DE,de")

    assert page_language(response) == "en"


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_the_menu_names_every_language_in_its_own_words_whatever_the_page_speaks(client, language):
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE=language)

    options = re.findall(
        r'<option value="([^"]+)" lang="[^"]+"(?: selected)?>([^<]+)</option>',
        response.content.decode(),
    )
    assert options == [
        ("en", "English"),
        ("it", "Italiano"),
        ("pt-br", "Português (Brasil)"),
        ("es", "Español"),
        ("fr", "Français"),
        ("sv", "Svenska"),
    ]


def test_every_page_offers_the_switcher_posting_back_to_the_same_page(client, host):
    html = client.get(reverse("table_list") + "?x=1").content.decode()

    assert f'<form method="post" action="{reverse("set_language")}"' in html
    # Back to the page itself, not its query: a forged query is never echoed into a form.
    assert '<input type="hidden" name="next" value="/tables/">' in html
    assert 'name="csrfmiddlewaretoken"' in html.split('class="language-switcher"')[1]
    for code, name in settings.LANGUAGES:
        assert f'<option value="{code}" lang="{code}"' in html
        assert f">{name}</option>" in html
    assert '<option value="en" lang="en" selected>English</option>' in html


def test_an_anonymous_visitor_who_switches_keeps_the_language_on_this_phone_only(client):
    response = switch(client, "fr", "/accounts/login/")

    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/"
    assert response.cookies[COOKIE].value == "fr"
    assert response.cookies[COOKIE]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    assert not HostSettings.objects.exists()
    assert page_language(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="sv")) == "fr"


def test_a_host_who_switches_saves_it_on_their_account(client, host):
    response = switch(client, "sv", "/tables/")

    assert response["Location"] == "/tables/"
    assert response.cookies[COOKIE].value == "sv"
    assert HostSettings.objects.get(user=host).language == "sv"
    assert page_language(client.get("/tables/")) == "sv"


def test_another_host_who_switches_saves_only_their_own_choice(client):
    host, other = UserFactory(), UserFactory()
    host_language_set(user=host, language="it")
    client.force_login(other)

    switch(client, "es")

    assert HostSettings.objects.get(user=host).language == "it"
    assert HostSettings.objects.get(user=other).language == "es"


def test_the_saved_language_follows_the_host_to_another_phone(host):
    phone = Client()
    phone.force_login(host)
    switch(phone, "sv", "/tables/")

    other_phone = Client(HTTP_ACCEPT_LANGUAGE="en-US,en")
    other_phone.force_login(host)
    response = other_phone.get(reverse("table_list"))

    assert response.wsgi_request.LANGUAGE_CODE == "sv"
    assert page_language(response) == "sv"
    # The other phone keeps it, even once they sign out.
    assert response.cookies[COOKIE].value == "sv"
    other_phone.post(reverse("logout"))
    assert page_language(other_phone.get(reverse("login"))) == "sv"


def test_the_saved_language_beats_this_phones_browser_and_earlier_switch(client, host):
    host_language_set(user=host, language="pt-br")
    client.cookies[COOKIE] = "fr"
    client.force_login(host)

    response = client.get(reverse("table_list"), HTTP_ACCEPT_LANGUAGE="sv")

    assert response.wsgi_request.LANGUAGE_CODE == "pt-br"
    assert page_language(response) == "pt-BR"


def test_an_explicit_switch_updates_both_the_cookie_and_the_account(client, host):
    host_language_set(user=host, language="sv")
    client.force_login(host)

    response = switch(client, "it", "/tables/")

    assert response.cookies[COOKIE].value == "it"
    assert HostSettings.objects.get(user=host).language == "it"
    assert page_language(client.get("/tables/")) == "it"


@pytest.mark.parametrize("language", ["de", "xx", "", "pt_BR", "sv" * 10])
def test_a_language_the_app_does_not_speak_changes_nothing_and_says_so(client, host, language):
    response = switch(client, language, "/tables/")

    assert response.status_code == 302
    assert COOKIE not in response.cookies
    assert not HostSettings.objects.exists()
    assert "is not a language this app speaks" in client.get("/tables/").content.decode()


def test_the_switcher_refuses_a_get_and_a_post_without_its_csrf_token(host):
    careful = Client(enforce_csrf_checks=True)
    careful.force_login(host)

    assert careful.get(reverse("set_language") + "?language=sv").status_code == 405
    assert careful.post(reverse("set_language"), {"language": "sv"}).status_code == 403
    assert not HostSettings.objects.exists()


def test_the_switcher_never_sends_the_visitor_to_another_site(client):
    response = switch(client, "sv", "https://evil.example/")

    assert response["Location"] == "/"
    assert response.cookies[COOKIE].value == "sv"


def test_the_saved_language_is_read_at_sign_in_not_on_every_request(client, host):
    host_language_set(user=host, language="sv")
    client.force_login(host)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("table_list"))

    assert response.wsgi_request.LANGUAGE_CODE == "sv"
    assert [q["sql"] for q in queries if "hostsettings" in q["sql"]] == []
