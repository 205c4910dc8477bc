"""Each player's totals per year and currency, kept as each night closes (PlayerYear,
PlayerYearTotal): what the leaderboards read, checked by verify_ledger against the
closed nights' results."""

from datetime import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from ledger import verify
from ledger.models import NightResult, PlayerYear, PlayerYearTotal
from ledger.selectors.table_stats import table_stats
from ledger.services import nights as night_services
from ledger.verify import verify_year_totals
from tests.factories import night_with
from tests.ledger.helpers import ids, record_all
from tests.ledger.nights import example_night

pytestmark = pytest.mark.django_db

BOB_WINS = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}
MIGRATION = ("ledger", "0016_player_year_totals")


def latest(player_id: int, year: int) -> tuple[int, int, int]:
    total = PlayerYearTotal.objects.filter(line__player_id=player_id, line__year=year).latest("pk")
    return total.nights, total.chips, total.money_units


def test_closing_a_night_adds_it_to_each_players_totals_of_its_year():
    first = example_night(close=True)
    second = night_with(["Ann", "Bob", "Cy", "Dee"], table=first.table)
    record_all(second, [BOB_WINS])
    night_services.night_close(night=second, by=second.started_by)
    year = timezone.localtime(first.started_at).year

    for player_id in ids(first).values():
        results = NightResult.objects.filter(player_id=player_id, moved=True)
        assert latest(player_id, year) == (
            results.count(),
            sum(r.chips for r in results),
            sum(r.money_units for r in results),
        )
    assert PlayerYear.objects.filter(table=first.table).count() == 4
    assert verify_year_totals(first.table_id) == []


def test_a_seat_that_moved_no_chip_adds_nothing():
    night = night_with(["Ann", "Bob", "Cy", "Dee"])
    record_all(night, [{"dealer": "Ann", "misdeal": True}])

    night_services.night_close(night=night, by=night.started_by)

    assert not PlayerYearTotal.objects.exists()
    assert verify_year_totals(night.table_id) == []


def test_a_night_of_another_year_counts_all_time_and_not_this_year():
    night = night_with(["Ann", "Bob", "Cy", "Dee"])
    record_all(night, [BOB_WINS])
    # A night from the past, as a night file with its date, or a restore, brings it.
    night.started_at = timezone.make_aware(datetime(2019, 6, 1, 20, 0))
    night.save(update_fields=["started_at"])
    night_services.night_close(night=night, by=night.started_by)
    bob = ids(night)["Bob"]

    assert PlayerYear.objects.get(player_id=bob).year == 2019
    boards = {board.slug: board for board in table_stats(night.table).leaderboards}
    assert boards["all"].rows[0].player.pk == bob
    assert boards["year"].rows == []
    assert verify_year_totals(night.table_id) == []


def test_a_kept_total_that_differs_from_the_results_is_reported():
    night = example_night(close=True)
    bob = ids(night)["Bob"]
    total = PlayerYearTotal.objects.get(line__player_id=bob)
    year = total.line.year
    PlayerYearTotal.objects.create(
        line=total.line,
        night=night_with(["Ann", "Bob"], table=night.table),
        nights=total.nights,
        chips=total.chips + 1,
        money_units=total.money_units,
    )

    assert verify_year_totals(night.table_id) == [
        verify.YEAR_TOTAL_DIFFERS.format(
            table=night.table_id,
            player="Bob",
            year=year,
            currency="USD",
            kept=f"{total.nights}, {total.chips + 1}, {total.money_units}",
            expected=f"{total.nights}, {total.chips}, {total.money_units}",
        )
    ]


# The migrations run outside a test's transaction, as they do in production.
@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_each_players_totals_from_the_nights_closed_before_it():
    first = example_night(close=True)
    night_with(["Ann", "Bob", "Cy", "Dee"], table=first.table)  # open: not counted
    second = night_with(["Ann", "Bob", "Cy", "Dee"], table=first.table)
    record_all(second, [BOB_WINS])
    night_services.night_close(night=second, by=second.started_by)
    boards = [(b.slug, b.rows) for b in table_stats(first.table).leaderboards]
    executor = MigrationExecutor(connection)
    migration = executor.loader.get_migration(*MIGRATION)
    before = next(dep for dep in migration.dependencies if dep[0] == "ledger")

    executor.migrate([before])
    MigrationExecutor(connection).migrate([MIGRATION])
    # Today's models read the tables as the later migrations leave them (which add
    # nothing to the totals).
    latest_migration = MigrationExecutor(connection).loader.graph.leaf_nodes("ledger")[0]
    MigrationExecutor(connection).migrate([latest_migration])

    assert verify_year_totals(first.table_id) == []
    assert [(b.slug, b.rows) for b in table_stats(first.table).leaderboards] == boards
