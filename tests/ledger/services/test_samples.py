import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from ledger.errors import InvalidInput
from ledger.models import Entry, Hand, Night, Table
from ledger.services import samples as sample_services
from ledger.services import tables as table_services
from ledger.verify import verify_night
from tests.factories import TableFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_sample_table_has_five_players_and_a_closed_night_of_the_bundled_hands():
    host = UserFactory()

    table = sample_services.table_create_sample(host=host)

    document = sample_services.sample_night_document()
    night = Night.objects.get(table=table)
    assert (table.owner, table.sample, table.hidden_at) == (host, True, None)
    assert sorted(table.players.values_list("name", flat=True)) == document["players"]
    assert len(document["players"]) == 5
    assert night.is_closed
    assert Hand.objects.filter(night=night, live=True).count() == len(document["hands"]) >= 12
    assert Entry.objects.filter(night=night).exists()
    assert verify_night(night) == []


def test_the_sample_is_named_in_the_hosts_language_and_each_one_its_own_name():
    host = UserFactory()

    with translation.override("fr"):
        first = sample_services.table_create_sample(host=host)
        second = sample_services.table_create_sample(host=host)

    with translation.override("fr"):
        name = translation.gettext("Sample table")
    assert name != "Sample table"
    assert (first.name, second.name) == (name, f"{name} 2")


def test_putting_the_sample_away_hides_it_and_keeps_its_night():
    table = sample_services.table_create_sample(host=UserFactory())
    entries = Entry.objects.count()

    sample_services.table_hide_sample(table=table)

    table.refresh_from_db()
    assert table.hidden_at is not None
    assert Night.objects.filter(table=table).count() == 1
    assert Entry.objects.count() == entries


def test_a_real_table_is_never_put_away():
    table = TableFactory()

    with pytest.raises(InvalidInput) as caught:
        sample_services.table_hide_sample(table=table)

    assert caught.value.problems == [sample_services.NOT_A_SAMPLE()]
    table.refresh_from_db()
    assert table.hidden_at is None


def test_the_database_refuses_to_hide_a_real_table():
    table = TableFactory()

    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.filter(pk=table.pk).update(hidden_at="2026-12-01T00:00:00Z")


def test_a_sample_put_away_leaves_its_name_to_a_new_table_and_a_new_sample():
    host = UserFactory()
    put_away = sample_services.table_create_sample(host=host)
    sample_services.table_hide_sample(table=put_away)

    again = sample_services.table_create_sample(host=host)
    real = table_services.table_create(
        owner=host, name=f"{put_away.name} 2", house_rules=again.rules
    )

    assert again.name == put_away.name
    assert real.name == f"{put_away.name} 2"
    with pytest.raises(InvalidInput) as caught:
        table_services.table_create(owner=host, name=put_away.name, house_rules=again.rules)
    assert caught.value.problems == [table_services.TABLE_NAME_TAKEN(name=put_away.name)]


def test_the_database_keeps_names_unique_only_among_tables_in_sight():
    host = UserFactory()
    put_away = sample_services.table_create_sample(host=host)
    sample_services.table_hide_sample(table=put_away)
    TableFactory(owner=host, name=put_away.name)

    with pytest.raises(IntegrityError), transaction.atomic():
        TableFactory(owner=host, name=put_away.name.upper())
