"""Download my data: every model in the download or said why not; a host's download holds
their tables, a player's their seats, neither anyone else's; the password never."""

import csv
import io
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ledger.models import Entry, Night, PaymentMethod, Player
from ledger.selectors.account_data import ABOUT, NOT_ABOUT_AN_ACCOUNT
from tests.factories import night_with
from tests.tables.urlwalk import build_world

pytestmark = pytest.mark.django_db


def test_every_model_is_in_the_download_or_said_why_not():
    models = set(apps.get_app_config("ledger").get_models()) | {get_user_model()}
    assert set(ABOUT) | set(NOT_ABOUT_AN_ACCOUNT) == models
    assert not set(ABOUT) & set(NOT_ABOUT_AN_ACCOUNT)


def _download(user) -> tuple[dict, dict[str, list]]:
    client = Client()
    client.force_login(user)
    response = client.get(reverse("account_data_json"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="bourre-')
    document = json.loads(b"".join(response.streaming_content))
    records: dict[str, list] = {}
    for record in document["records"]:
        records.setdefault(record["model"], []).append(record)
    return document, records


def _pks(records, label) -> set:
    return {record["pk"] for record in records.get(label, [])}


def test_a_hosts_download_holds_every_record_of_their_table_and_none_of_anothers():
    world = build_world()
    document, records = _download(world.owner)
    assert document["format"] == "bourre-account-data/1"
    assert document["account"] == world.owner.username
    table_entries = Entry.objects.filter(night__table=world.table)
    assert _pks(records, "ledger.entry") == set(table_entries.values_list("pk", flat=True))
    assert _pks(records, "ledger.player") == set(
        Player.objects.filter(table=world.table).values_list("pk", flat=True)
    )
    assert _pks(records, "ledger.night") == {world.open_night.pk, world.closed_night.pk}
    # The host's ways of paying their players, not Ann's own (her account's).
    assert _pks(records, "ledger.paymentmethod") == {world.method.pk}
    text = json.dumps(document)
    assert "Someone else's table" not in text and "Zed" not in text
    assert world.owner.password not in text
    [account] = records["auth.user"]
    assert "password" not in account["fields"]
    assert account["fields"]["email"] == world.owner.email


def test_a_players_download_holds_their_seat_and_their_account_and_no_other_seats_ways():
    world = build_world()
    _, records = _download(world.linked)
    ann = world.player
    assert _pks(records, "ledger.player") == {ann.pk}
    assert _pks(records, "ledger.entry") == set(
        Entry.objects.filter(player=ann).values_list("pk", flat=True)
    )
    # Her own way of getting paid, not the host's words for her, nor Bob's.
    assert _pks(records, "ledger.paymentmethod") == {world.own_method.pk}
    assert _pks(records, "ledger.passkey") == {world.passkey.pk}
    assert _pks(records, "ledger.table") == set()
    assert set(records["auth.user"][0]["fields"]) >= {"username", "email", "last_login"}


def test_the_entries_csv_has_one_line_per_entry_about_the_account():
    world = build_world()
    client = Client()
    client.force_login(world.owner)
    response = client.get(reverse("account_data_entries_csv"))
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0] == [
        "table",
        "night",
        "night started",
        "seq",
        "when",
        "hand",
        "player",
        "kind",
        "amount",
        "hash",
    ]
    assert len(rows) - 1 == Entry.objects.filter(night__table=world.table).count()
    assert {row[0] for row in rows[1:]} == {world.table.name}


def _queries(user) -> int:
    client = Client()
    client.force_login(user)
    with CaptureQueriesContext(connection) as queries:
        b"".join(client.get(reverse("account_data_json")).streaming_content)
    return len(queries)


def test_the_download_asks_the_database_the_same_number_of_times_for_any_number_of_nights():
    night = night_with(("Ann", "Bob", "Cy"))
    host = night.table.owner
    one = _queries(host)
    for _ in range(3):
        night_with(("Ann", "Bob", "Cy"), table=night.table)
    assert Night.objects.filter(table=night.table).count() == 4
    assert _queries(host) == one


def test_the_page_offers_both_downloads_and_needs_an_account(client):
    response = client.get(reverse("account_data"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    night = night_with(("Ann", "Bob"))
    client.force_login(night.table.owner)
    content = client.get(reverse("account_data")).content.decode()
    assert reverse("account_data_json") in content
    assert reverse("account_data_entries_csv") in content
    assert PaymentMethod.objects.count() == 0
