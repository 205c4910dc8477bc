import pytest

from ledger.errors import Conflict
from ledger.models import CoHostGrant, CoHostRevocation, Night, Table
from ledger.selectors.co_hosts import co_host_grant_of, co_hosted_tables, runs_table, table_accounts
from ledger.services import co_hosts
from ledger.services.player_links import player_unlink
from tests.factories import NightFactory, PlayerFactory, TableFactory, UserFactory, link_player

pytestmark = pytest.mark.django_db


def codes(excinfo) -> list[str]:
    return [problem.code for problem in excinfo.value.problems]


@pytest.fixture
def night():
    return NightFactory()


@pytest.fixture
def bob_link(night):
    return link_player(night.table.players.get(name="Bob"))


def _runs(user, table) -> bool:
    return Table.objects.filter(runs_table(user), pk=table.pk).exists()


def test_a_co_host_runs_the_tables_nights_and_the_grant_says_who_and_when(night, bob_link):
    host = night.table.owner
    grant = co_hosts.co_host_grant(link=bob_link, by=host)
    assert (grant.granted_by, co_host_grant_of(bob_link)) == (host, grant)
    assert _runs(bob_link.user, night.table)
    nights = Night.objects.filter(runs_table(bob_link.user, "table_id"))
    assert list(nights) == [night]


def test_a_linked_player_who_is_not_a_co_host_runs_nothing(night, bob_link):
    assert not _runs(bob_link.user, night.table)
    assert not _runs(UserFactory(), night.table)
    assert _runs(night.table.owner, night.table)


def test_a_grant_reaches_only_its_own_table(night, bob_link):
    co_hosts.co_host_grant(link=bob_link, by=night.table.owner)
    elsewhere = TableFactory()
    link_player(PlayerFactory(table=elsewhere), bob_link.user)
    assert not _runs(bob_link.user, elsewhere)


def test_revoking_ends_it_and_is_kept_as_a_record(night, bob_link):
    host = night.table.owner
    grant = co_hosts.co_host_grant(link=bob_link, by=host)
    revocation = co_hosts.co_host_revoke(grant=grant, by=host)
    assert revocation.revoked_by == host
    assert not _runs(bob_link.user, night.table)
    with pytest.raises(Conflict) as excinfo:
        co_hosts.co_host_revoke(grant=grant, by=host)
    assert codes(excinfo) == [co_hosts.CO_HOST_NOT_ACTIVE.code]
    assert CoHostRevocation.objects.count() == 1
    again = co_hosts.co_host_grant(link=bob_link, by=host)
    assert co_host_grant_of(bob_link) == again


def test_unlinking_the_seat_ends_the_grant_too(night, bob_link):
    co_hosts.co_host_grant(link=bob_link, by=night.table.owner)
    player_unlink(link=bob_link, by=bob_link.user)
    assert not _runs(bob_link.user, night.table)
    with pytest.raises(Conflict) as excinfo:
        co_hosts.co_host_grant(link=bob_link, by=night.table.owner)
    assert codes(excinfo) == [co_hosts.CO_HOST_NOT_LINKED.code]


def test_granting_twice_is_refused_and_writes_nothing(night, bob_link):
    co_hosts.co_host_grant(link=bob_link, by=night.table.owner)
    with pytest.raises(Conflict) as excinfo:
        co_hosts.co_host_grant(link=bob_link, by=night.table.owner)
    assert codes(excinfo) == [co_hosts.CO_HOST_ALREADY.code]
    assert CoHostGrant.objects.count() == 1


def test_the_co_hosts_table_list_and_the_tables_accounts(night, bob_link):
    grant = co_hosts.co_host_grant(link=bob_link, by=night.table.owner)
    [row] = co_hosted_tables(bob_link.user)
    assert (row.table, row.open_nights) == (night.table, [night])
    assert co_hosted_tables(night.table.owner) == []
    [seat] = table_accounts(night.table)
    assert (seat.player.name, seat.grant) == ("Bob", grant)


def test_a_grant_and_its_revocation_are_kept_as_written(night, bob_link):
    grant = co_hosts.co_host_grant(link=bob_link, by=night.table.owner)
    revocation = co_hosts.co_host_revoke(grant=grant, by=night.table.owner)
    for row in (grant, revocation):
        with pytest.raises(PermissionError):
            row.delete()
