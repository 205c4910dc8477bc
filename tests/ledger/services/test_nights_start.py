import pytest
from django.db import IntegrityError, transaction

from ledger import errors as err
from ledger import rules
from ledger.errors import Conflict, InvalidInput
from ledger.models import Night, Seat
from ledger.services import nights as night_services
from ledger.services import tables as table_services
from tests.factories import PlayerFactory, TableFactory
from tests.ledger.nights import row_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return TableFactory(rules=rules.HouseRules(ante=2).to_dict())


def players(table, *names):
    return [PlayerFactory(table=table, name=name) for name in names]


def start(table, roster, first_dealer=None, **kwargs):
    return night_services.night_start(
        table=table,
        players=roster,
        first_dealer=first_dealer or roster[0],
        by=table.owner,
        **kwargs,
    )


def test_it_opens_a_night_with_the_roster_in_seat_order(table):
    ann, bob, cy = players(table, "Ann", "Bob", "Cy")

    night = start(table, [cy, ann, bob], first_dealer=ann)

    seats = Seat.objects.filter(night=night).order_by("position")
    assert [(s.position, s.player, s.active) for s in seats] == [
        (0, cy, True),
        (1, ann, True),
        (2, bob, True),
    ]
    assert night.first_dealer == ann
    assert night.started_by == table.owner
    assert night.started_at is not None
    assert not night.is_closed


def test_the_night_keeps_a_snapshot_of_the_tables_rules(table):
    night = start(table, players(table, "Ann", "Bob"))

    table_services.table_update(table=table, name=table.name, house_rules={"ante": 5})

    night.refresh_from_db()
    assert night.house_rules.ante == 2


def test_a_night_file_can_bring_its_own_rules(table):
    night = start(table, players(table, "Ann", "Bob"), house_rules={"ante": 3, "pot_cap": 30})

    assert night.rules == rules.HouseRules(ante=3, pot_cap=30).to_dict()
    assert table.rules["ante"] == 2


def test_rules_that_break_the_contract_are_refused(table):
    roster = players(table, "Ann", "Bob")
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        start(table, roster, house_rules={"ante": 0, "jokers": True})

    assert caught.value.problems == [
        rules.errors.RULE_UNKNOWN(key="jokers"),
        rules.errors.ANTE_TOO_SMALL(value=0),
    ]
    assert row_counts() == counts


def test_a_night_needs_two_players(table):
    (ann,) = players(table, "Ann")

    with pytest.raises(InvalidInput) as caught:
        start(table, [ann])

    assert caught.value.problems == [err.ROSTER_TOO_SMALL()]


def test_a_night_seats_at_most_forty_players(table):
    roster = players(table, *[f"Player {i}" for i in range(41)])
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        start(table, roster)

    assert caught.value.problems == [rules.errors.ROSTER_TOO_LARGE(limit=40, count=41)]
    assert row_counts() == counts
    assert start(table, roster[:40]).seats.count() == 40


def test_every_problem_with_the_roster_is_named_and_nothing_is_written(table):
    ann, bob = players(table, "Ann", "Bob")
    retired = table_services.player_retire(player=PlayerFactory(table=table, name="Old"))
    stranger = PlayerFactory(name="Zed")
    dealer = PlayerFactory(table=table, name="Dee")
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        start(table, [ann, bob, ann, retired, stranger], first_dealer=dealer)

    assert caught.value.problems == [
        err.ROSTER_DUPLICATE(player=ann.pk),
        err.PLAYER_RETIRED(player=retired.pk),
        err.PLAYER_NOT_AT_TABLE(id=stranger.pk),
        err.FIRST_DEALER_NOT_PLAYING(player=dealer.pk),
    ]
    assert row_counts() == counts
    assert not Night.objects.exists()


# --- a start tapped twice --------------------------------------------------------------


def test_a_start_sent_three_times_with_one_key_opens_one_night(table):
    ann, bob, cy = players(table, "Ann", "Bob", "Cy")

    nights = [start(table, [ann, bob, cy], idempotency_key="k1") for _ in range(3)]

    assert {night.pk for night in nights} == {Night.objects.get(table=table).pk}
    assert Seat.objects.filter(night=nights[0]).count() == 3


def test_two_starts_with_different_keys_open_two_nights(table):
    roster = players(table, "Ann", "Bob")

    start(table, roster, idempotency_key="k1")
    start(table, roster, idempotency_key="k2")

    assert Night.objects.filter(table=table).count() == 2


def test_a_key_reused_with_other_seats_is_refused_and_writes_nothing(table):
    ann, bob, cy = players(table, "Ann", "Bob", "Cy")
    start(table, [ann, bob], idempotency_key="k1")
    counts = row_counts()

    with pytest.raises(Conflict) as caught:
        start(table, [ann, bob, cy], idempotency_key="k1")
    with pytest.raises(Conflict):
        start(table, [ann, bob], first_dealer=bob, idempotency_key="k1")

    assert caught.value.problems == [err.NIGHT_KEY_REUSED()]
    assert row_counts() == counts


def test_the_same_key_at_another_table_is_another_night(table):
    start(table, players(table, "Ann", "Bob"), idempotency_key="k1")
    other = TableFactory(owner=table.owner, name="Tuesdays")

    start(other, players(other, "Ann", "Bob"), idempotency_key="k1")

    assert Night.objects.count() == 2


def test_the_database_refuses_two_nights_of_one_table_with_one_key(table):
    ann, bob = players(table, "Ann", "Bob")
    night = start(table, [ann, bob], idempotency_key="k1")

    with pytest.raises(IntegrityError), transaction.atomic():
        Night.objects.create(
            table=table,
            rules=night.rules,
            first_dealer=ann,
            started_at=night.started_at,
            started_by=table.owner,
            idempotency_key="k1",
        )
