import pytest

from ledger.selectors.table_stats import RECENT_NIGHTS, table_stats
from tests.factories import TableFactory
from tests.ledger.stats_nights import clone_nights, play_example_1, play_nights

pytestmark = pytest.mark.django_db


def _board(stats, slug):
    board = next(b for b in stats.leaderboards if b.slug == slug)
    return [(row.player.name, row.nights, row.net.chips) for row in board.rows]


def test_the_leaderboard_ranks_worked_example_1_by_net_chips():
    night = play_example_1()

    stats = table_stats(night.table)

    assert _board(stats, "all") == [("Ann", 1, 12), ("Cy", 1, 4), ("Dee", 1, 0), ("Bob", 1, -16)]
    assert str(stats.leaderboards[0].rows[0].net.money["USD"]) == "12.00"


def test_each_night_names_its_winner_biggest_loser_and_biggest_pot():
    night = play_example_1()

    (row,) = table_stats(night.table).nights

    assert (row.winner[0].name, row.winner[1]) == ("Ann", 12)
    assert (row.loser[0].name, row.loser[1]) == ("Bob", -16)
    assert row.biggest_pot == 28


def test_the_records_find_the_biggest_pot_the_most_bourres_and_the_longest_carryover():
    night = play_example_1()

    records = table_stats(night.table).records

    assert records.biggest_pot["amount"] == 28
    assert records.biggest_pot["player__name"] == "Ann"
    assert records.biggest_pot["hand_number"] == 4
    assert (records.most_bourres["count"], records.most_bourres["hand_number"]) == (2, 3)
    # Hand 5 carried, hand 6 was a misdeal (which does not break the run), hand 7 carried.
    assert (records.longest_carryover["streak"], records.longest_carryover["number"]) == (2, 7)


def test_an_open_night_has_no_winner_yet_and_stays_off_the_leaderboard():
    table = TableFactory()
    play_nights(table, 2, close_last=False)

    stats = table_stats(table)

    assert stats.nights[0].winner is None
    assert stats.nights[0].biggest_pot == 8
    assert all(row.nights == 1 for row in stats.leaderboards[0].rows)


def test_the_recent_and_this_year_boards_only_count_their_nights():
    table = TableFactory()
    (night,) = play_nights(table, 1)
    # The oldest copy played in 2001: all time counts it, this year does not.
    clone_nights(
        night,
        RECENT_NIGHTS + 2,
        days_apart=1,
        moved={RECENT_NIGHTS + 1: night.started_at.replace(year=2001)},
    )

    stats = table_stats(table)

    assert {nights for _, nights, _ in _board(stats, "all")} == {RECENT_NIGHTS + 3}
    assert {nights for _, nights, _ in _board(stats, "recent")} == {RECENT_NIGHTS}
    assert {nights for _, nights, _ in _board(stats, "year")} == {RECENT_NIGHTS + 2}


def test_a_table_without_nights_has_empty_boards_and_no_records():
    stats = table_stats(TableFactory())

    assert all(board.rows == [] for board in stats.leaderboards)
    assert stats.nights == []
    assert stats.records.biggest_pot is None
    assert stats.records.most_bourres is None
    assert stats.records.longest_carryover is None
