"""A table's language: what its players read without an account (the live link, the
settle-up text) is in it, or else in the host's saved language, unless a visitor switched."""

import re
from decimal import Decimal
from html import unescape

import pytest
from django.conf import settings
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import strip_tags

from ledger import languages, rules
from ledger.errors import InvalidInput
from ledger.models import HostSettings, Table
from ledger.services import nights as night_services
from ledger.services import tables as table_services
from ledger.services.hosts import host_language_set
from ledger.services.share_links import share_link_create
from tables import presenters
from tables.forms.table import TableForm
from tests.factories import TableFactory, UserFactory, night_with
from tests.tables.night_helpers import example_1_hands, play, url

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def page_language(response) -> str:
    return re.search(r'<html lang="([^"]+)">', response.content.decode())[1]


def table_post(table: Table, **changes) -> dict:
    """The edit form as it comes filled in, with ``changes``."""
    initial = TableForm.initial_for(
        rules.HouseRules.from_dict(table.rules), name=table.name, language=table.language
    )
    data = {key: "" if value is None else str(value) for key, value in initial.items()}
    data.update(action="save", escalating_ante="", ante_exemptions="", **changes)
    return {key: value for key, value in data.items() if value not in ("", "False")}


def closed_night(table_language: str = "", host_language: str = ""):
    """Example 1 played and closed, in Swedish kronor (5 kr a chip)."""
    night = night_with(house_rules=rules.HouseRules(currency="SEK", chip_value=Decimal(5)))
    if table_language:
        table_services.table_update(
            table=night.table,
            name=night.table.name,
            house_rules=night.table.rules,
            language=table_language,
        )
    if host_language:
        host_language_set(user=night.table.owner, language=host_language)
    play(night, example_1_hands())
    night_services.night_close(night=night, by=night.started_by)
    return night


# --- the setting ------------------------------------------------------------------


def test_a_new_table_speaks_its_hosts_language_unless_told_otherwise():
    owner = UserFactory()

    blank = table_services.table_create(owner=owner, name="A", house_rules={})
    swedish = table_services.table_create(owner=owner, name="B", house_rules={}, language="sv")

    assert blank.language == ""
    assert swedish.language == "sv"


def test_a_language_the_app_does_not_speak_is_refused_and_nothing_is_written():
    owner = UserFactory()
    table = TableFactory(owner=owner, name="Kept", language="fr")

    with pytest.raises(InvalidInput) as refused:
        table_services.table_create(owner=owner, name="B", house_rules={}, language="de")
    assert refused.value.problems == [languages.unknown_language("de")]
    with pytest.raises(InvalidInput):
        table_services.table_update(
            table=table, name="Renamed", house_rules=table.rules, language="pt_BR"
        )
    table.refresh_from_db()
    assert (table.name, table.language) == ("Kept", "fr")
    assert Table.objects.count() == 1
    with pytest.raises(InvalidInput):
        host_language_set(user=owner, language="klingon")
    assert not HostSettings.objects.exists()


def test_updating_the_rules_without_a_language_keeps_the_tables():
    table = TableFactory(language="it")

    table_services.table_update(table=table, name=table.name, house_rules={"ante": 2})

    assert Table.objects.get(pk=table.pk).language == "it"


def test_the_database_refuses_a_language_the_app_does_not_speak():
    table = TableFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.filter(pk=table.pk).update(language="de")
    with pytest.raises(IntegrityError), transaction.atomic():
        HostSettings.objects.create(user=table.owner, language="")
    with pytest.raises(IntegrityError), transaction.atomic():
        HostSettings.objects.create(user=table.owner, language="xx")


def test_the_host_sets_the_tables_language_on_its_form(client, host):
    table = TableFactory(owner=host)
    form = client.get(reverse("table_edit", args=[table.pk])).content.decode()
    assert '<select name="language"' in form
    assert '<option value="sv">Svenska</option>' in form

    response = client.post(reverse("table_edit", args=[table.pk]), table_post(table, language="sv"))

    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).language == "sv"
    edit = client.get(reverse("table_edit", args=[table.pk])).content.decode()
    assert '<option value="sv" selected>Svenska</option>' in edit


def test_a_new_table_gets_its_language_from_the_form(client, host):
    data = table_post(TableFactory.build(owner=host, name="Fika"), language="pt-br")

    client.post(reverse("table_create"), data)

    assert Table.objects.get(owner=host, name="Fika").language == "pt-br"


def test_a_language_not_offered_is_refused_on_the_form_and_nothing_is_saved(client, host):
    table = TableFactory(owner=host, name="Kept")

    response = client.post(
        reverse("table_edit", args=[table.pk]), table_post(table, name="Changed", language="de")
    )

    assert response.status_code == 400
    assert "Select a valid choice" in unescape(response.content.decode())
    assert Table.objects.get(pk=table.pk).name == "Kept"


def test_another_host_cannot_set_a_tables_language(client, host):
    theirs = TableFactory(language="fr")

    response = client.post(
        reverse("table_edit", args=[theirs.pk]), table_post(theirs, language="sv")
    )

    assert response.status_code == 404
    assert Table.objects.get(pk=theirs.pk).language == "fr"


def test_an_anonymous_visitor_cannot_set_a_tables_language(client):
    table = TableFactory(language="fr")

    response = client.post(reverse("table_edit", args=[table.pk]), table_post(table, language="sv"))

    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    assert Table.objects.get(pk=table.pk).language == "fr"


# --- the live link ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("table_language", "host_language", "shown"),
    [
        ("sv", "", "sv"),  # the table's
        ("sv", "it", "sv"),  # the table's beats the host's
        ("", "pt-br", "pt-BR"),  # none: the host's
        ("", "", "es"),  # neither: the visitor's browser
    ],
)
def test_the_live_link_speaks_the_tables_language(table_language, host_language, shown):
    night = closed_night(table_language, host_language)
    link = share_link_create(night=night, by=night.table.owner)
    visitor = Client(HTTP_ACCEPT_LANGUAGE="es")

    response = visitor.get(reverse("share_view", args=[link.token]))

    assert page_language(response) == shown
    assert response["Content-Language"] == shown.lower()


def test_a_visitor_who_switched_reads_the_live_link_in_their_language(client):
    night = closed_night("sv")
    link = share_link_create(night=night, by=night.table.owner)
    page = reverse("share_view", args=[link.token])

    client.post(reverse("set_language"), {"language": "fr", "next": page})
    response = client.get(page)

    assert page_language(response) == "fr"
    assert "60,00\u00a0SEK" in response.content.decode()  # French money


def test_the_live_links_money_is_in_the_tables_language(client):
    night = closed_night("sv")
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert "60,00\u00a0kr" in html
    # Random strings are on the page too (the link's token, a form's CSRF token), and may
    # hold the letters by chance: words only.
    words = re.sub(r"[A-Za-z0-9_-]{20,}", "", html.split("<main")[1])
    assert "SEK" not in words


@pytest.mark.parametrize("who", ["host", "other host"])
def test_a_signed_in_host_opening_a_live_link_reads_it_in_its_tables_language(who):
    night = closed_night("sv", "it")
    link = share_link_create(night=night, by=night.table.owner)
    visitor = Client()
    visitor.force_login(night.table.owner if who == "host" else UserFactory())

    assert page_language(visitor.get(reverse("share_view", args=[link.token]))) == "sv"


# --- the settle-up text -----------------------------------------------------------


def settle_text(response) -> str:
    html = response.content.decode()
    start = html.index('<textarea id="settle-text" readonly')
    return unescape(html[html.index(">", start) + 1 : html.index("</textarea>")])


def test_the_settle_up_text_is_in_the_tables_language_and_the_page_in_the_hosts(client):
    night = closed_night("sv")
    client.force_login(night.table.owner)

    response = client.get(url("night_settlement", night), HTTP_ACCEPT_LANGUAGE="en")
    text = settle_text(response)

    assert page_language(response) == "en"
    page = strip_tags(response.content.decode().split("<textarea")[0])
    assert "Bob pays Ann SEK\u00a060.00" in " ".join(page.split(" "))
    # The players' text is in Swedish, words (the catalog's own) and money alike.
    with translation.override("sv"):
        day = presenters.local_date(timezone.localtime(night.started_at), "yMMMEd")
        pays = translation.gettext("%(payer)s pays %(payee)s %(money)s")
        balance = translation.ngettext(
            "%(player)s: %(chips)s chip, %(money)s", "%(player)s: %(chips)s chips, %(money)s", 12
        )
        heading = translation.gettext("%(table)s, %(date)s: settle-up")
    assert pays != "%(payer)s pays %(payee)s %(money)s"
    assert pays % {"payer": "Bob", "payee": "Ann", "money": "60,00\u00a0kr"} in text
    assert balance % {"player": "Ann", "chips": "+12", "money": "60,00\u00a0kr"} in text
    assert text.splitlines()[0] == heading % {"table": night.table.name, "date": day}


def test_the_settle_up_text_follows_the_hosts_saved_language_when_the_table_has_none(client):
    night = closed_night("", "pt-br")
    client.force_login(night.table.owner)

    text = settle_text(client.get(url("night_settlement", night)))

    with translation.override("pt-br"):
        line = translation.gettext("%(payer)s pays %(payee)s %(money)s") % {
            "payer": "Bob",
            "payee": "Ann",
            "money": "SEK\u00a060,00",
        }
    # In Brazilian Portuguese words and money alike (the line is the catalog's own).
    assert line != "Bob pays Ann SEK\u00a060,00"
    assert line in text
