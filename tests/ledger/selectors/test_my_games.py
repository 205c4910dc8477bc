"""A player's own games from their account: every seat, every night, per currency."""

from decimal import Decimal

import pytest

from ledger import rules
from ledger.models import NightResult, Player
from ledger.selectors.my_games import my_games, plays_without_hosting
from ledger.services.player_links import player_unlink
from tests.factories import TableFactory, UserFactory, link_player
from tests.ledger.stats_nights import history, play_nights

pytestmark = pytest.mark.django_db

# One query for the seats, three for the page of nights (count, seats, results) and
# one for the open nights' chips, one for the sums, two a seat for its open nights'
# hand facts, three a currency (best, worst, chart), one for the streak.
QUERIES_TWO_SEATS_TWO_CURRENCIES = 1 + 3 + 1 + 1 + 2 * 2 + 3 * 2 + 1


def _two_tables(nights: int):
    """Ann's account linked at a dollar table of one host and a krona table of another,
    ``nights`` nights at the first (the last still open) and three at the second."""
    ann = UserFactory(username="ann")
    dollars = TableFactory(name="Thursdays")
    kronor = TableFactory(
        name="Fredagsbourré",
        rules=rules.HouseRules(currency="SEK", chip_value=Decimal("2.50")).to_dict(),
    )
    if nights > 4:
        history(dollars, nights)
    else:
        play_nights(dollars, nights, close_last=False)
    play_nights(kronor, 3)
    for table in (dollars, kronor):
        link_player(Player.objects.get(table=table, name="Ann"), ann)
    return ann, dollars, kronor


@pytest.mark.parametrize("nights", [3, 60])
def test_my_games_reads_the_same_queries_at_3_and_60_nights(nights, django_assert_num_queries):
    ann, _, _ = _two_tables(nights)
    with django_assert_num_queries(QUERIES_TWO_SEATS_TWO_CURRENCIES):
        games = my_games(ann)
    assert games.nights_played == nights + 3


def test_money_is_added_up_per_currency_and_never_across_currencies():
    ann, dollars, kronor = _two_tables(5)
    games = my_games(ann)
    sums = {}
    for row in NightResult.objects.filter(player__name="Ann"):
        sums[row.currency] = sums.get(row.currency, Decimal(0)) + row.money
    assert {h.currency: h.net for h in games.currencies} == sums
    assert sorted(sums) == ["SEK", "USD"]
    by_table = {seat.player.table: seat for seat in games.seats}
    assert set(by_table[dollars].net.money) == {"USD"}
    assert set(by_table[kronor].net.money) == {"SEK"}
    assert by_table[kronor].nights_played == 3
    # The chart ends where the net stands.
    for history_ in games.currencies:
        assert history_.chart[-1].running == history_.net


def test_every_night_at_every_table_is_listed_newest_first_with_its_seat():
    ann, dollars, kronor = _two_tables(3)
    games = my_games(ann)
    assert len(games.nights) == 6
    starts = [row.night.started_at for row in games.nights]
    assert starts == sorted(starts, reverse=True)
    assert {row.seat.table for row in games.nights} == {dollars, kronor}
    assert all(row.seat.name == "Ann" for row in games.nights)
    # The open night counts its chips so far; the rates count its hands too.
    assert [row.night.closed for row in games.nights].count(False) == 1
    assert games.hands_dealt_in == 12
    assert games.stays and games.stay_rate is not None


def test_a_seat_unlinked_leaves_my_games_and_another_accounts_seats_are_not_mine():
    ann, dollars, kronor = _two_tables(3)
    link = Player.objects.get(table=kronor, name="Ann").links.get()
    player_unlink(link=link, by=ann)
    link_player(Player.objects.get(table=dollars, name="Bob"))
    games = my_games(ann)
    assert [seat.player.table for seat in games.seats] == [dollars]
    assert {row.seat.table for row in games.nights} == {dollars}
    assert [h.currency for h in games.currencies] == ["USD"]


def test_an_account_with_no_seat_has_no_games():
    games = my_games(UserFactory())
    assert games.seats == []
    assert games.nights == []
    assert games.currencies == []
    assert games.stay_rate is None


def test_a_player_who_hosts_no_table_lands_on_their_games_and_a_host_does_not():
    ann, dollars, _ = _two_tables(3)
    assert plays_without_hosting(ann)
    assert not plays_without_hosting(dollars.owner)
    TableFactory(owner=ann)
    assert not plays_without_hosting(ann)
