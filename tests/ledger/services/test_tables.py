import pytest

from ledger import names, rules
from ledger.errors import InvalidInput
from ledger.models import Player, Table
from ledger.services import tables as table_services
from tests.factories import PlayerFactory, TableFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_it_creates_a_table_with_validated_rules():
    owner = UserFactory()

    table = table_services.table_create(
        owner=owner, name="  Thursday   Bourré ", house_rules={"ante": 2, "chip_value": "0.25"}
    )

    assert table.name == "Thursday Bourré"
    assert rules.HouseRules.from_dict(table.rules) == rules.HouseRules(
        ante=2, chip_value=rules.HouseRules.from_dict({"chip_value": "0.25"}).chip_value
    )


def test_it_refuses_bad_rules_by_name_and_writes_nothing():
    owner = UserFactory()

    with pytest.raises(InvalidInput) as caught:
        table_services.table_create(
            owner=owner, name="T", house_rules={"ante": 0, "tricks_per_hand": 6}
        )

    assert rules.errors.ANTE_TOO_SMALL(value=0) in caught.value.problems
    assert rules.errors.TRICKS_PER_HAND_INVALID(value=6) in caught.value.problems
    assert not Table.objects.exists()


def test_a_table_name_is_taken_whatever_the_case_of_its_accents():
    table = TableFactory(name="Thursday Bourré")

    with pytest.raises(InvalidInput) as caught:
        table_services.table_create(owner=table.owner, name="THURSDAY BOURRÉ", house_rules={})

    assert caught.value.problems == [table_services.TABLE_NAME_TAKEN(name="THURSDAY BOURRÉ")]


def test_another_owner_may_use_the_same_table_name():
    table = TableFactory(name="Thursday")

    other = table_services.table_create(owner=UserFactory(), name="Thursday", house_rules={})

    assert other.pk != table.pk


def test_a_player_name_is_unique_per_table_ignoring_case():
    player = PlayerFactory(name="Zoë")

    with pytest.raises(InvalidInput) as caught:
        table_services.player_add(table=player.table, name="ZOË")

    assert caught.value.problems == [table_services.PLAYER_NAME_TAKEN(name="ZOË")]
    assert Player.objects.filter(table=player.table).count() == 1


def test_it_refuses_an_empty_or_overlong_player_name():
    table = TableFactory()

    with pytest.raises(InvalidInput) as empty:
        table_services.player_add(table=table, name="   ")
    with pytest.raises(InvalidInput) as long:
        table_services.player_add(table=table, name="x" * 41)

    assert empty.value.problems == [names.PLAYER_NAME_REQUIRED()]
    assert long.value.problems == [names.PLAYER_NAME_TOO_LONG()]


def test_renaming_keeps_the_player_and_may_change_only_the_case():
    player = PlayerFactory(name="bob")

    table_services.player_rename(player=player, name="Bob")

    player.refresh_from_db()
    assert player.name == "Bob"


def test_retiring_and_bringing_back_a_player():
    player = PlayerFactory()

    table_services.player_retire(player=player)
    assert Player.objects.get(pk=player.pk).retired_at is not None

    table_services.player_unretire(player=player)
    assert Player.objects.get(pk=player.pk).retired_at is None


def test_new_rules_leave_a_started_nights_snapshot_alone():
    from tests.factories import night_with

    night = night_with()

    table_services.table_update(table=night.table, name=night.table.name, house_rules={"ante": 5})

    night.refresh_from_db()
    assert night.rules["ante"] == 1
    assert night.table.rules["ante"] == 5
