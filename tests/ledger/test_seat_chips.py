"""Each seat's balance (Seat.chips) is kept by the database as entries are added
(ledger.seat_chips), and migration 0015 fills it from the entries of every night so far,
on SQLite and PostgreSQL alike."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from ledger import selectors
from ledger.models import Entry
from ledger.selectors.seats import chips_of, night_roster
from ledger.services.postings import post
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import ids, record_all
from tests.ledger.nights import busy_night, example_night

MIGRATION = ("ledger", "0015_seat_chips")


def seats_and_entries(night) -> tuple[dict[int, int], dict[int, int]]:
    return chips_of(night_roster(night)), selectors.night_balances(night)


@pytest.mark.django_db
def test_every_seat_holds_what_its_entries_sum_to_through_corrections_undos_and_closing():
    night = busy_night()  # records, corrections, an undo, a late arrival, closed

    chips, balances = seats_and_entries(night)

    assert chips == balances
    assert any(chips.values())


@pytest.mark.django_db
def test_an_entry_added_by_any_way_moves_its_players_seat_and_no_other():
    night = example_night(close=False)
    by_name = ids(night)
    before = chips_of(night_roster(night))

    # ``post`` writes the rows as they are (an INSERT, or a COPY on PostgreSQL), and does
    # nothing to the seats itself: the database does.
    post(
        night,
        [(None, by_name["Cy"], 7, Entry.LEFTOVER, None), (None, None, -7, Entry.LEFTOVER, None)],
        by=night.started_by,
        now=timezone.now(),
    )

    after = chips_of(night_roster(night))
    assert after == {**before, by_name["Cy"]: before[by_name["Cy"]] + 7}
    assert after == selectors.night_balances(night)


@pytest.mark.django_db
def test_a_players_entries_at_one_night_move_only_their_seat_at_that_night():
    first = example_night(close=True)
    second = night_with(["Ann", "Bob", "Cy", "Dee"], table=first.table)
    record_all(second, [{"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}])

    for night in (first, second):
        chips, balances = seats_and_entries(night)
        assert chips == balances
    assert seats_and_entries(first)[0] != seats_and_entries(second)[0]


# The migrations run outside a test's transaction, as they do in production.
@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_every_seat_from_its_entries_and_the_trigger_keeps_it():
    nights = [example_night(), busy_night(), example_night(close=False)]
    expected = {night.pk: selectors.night_balances(night) for night in nights}
    executor = MigrationExecutor(connection)
    before = next(
        dep for dep in executor.loader.get_migration(*MIGRATION).dependencies if dep[0] == "ledger"
    )

    executor.migrate([before])
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("ledger")[0]
    MigrationExecutor(connection).migrate([latest])

    for night in nights:
        assert chips_of(night_roster(night)) == expected[night.pk]
        assert verify_night(night) == []
    # The trigger is back: an entry added now moves its seat.
    open_night = nights[-1]
    cy = ids(open_night)["Cy"]
    post(
        open_night,
        [(None, cy, 3, Entry.LEFTOVER, None), (None, None, -3, Entry.LEFTOVER, None)],
        by=open_night.started_by,
        now=timezone.now(),
    )
    assert chips_of(night_roster(open_night))[cy] == expected[open_night.pk][cy] + 3
