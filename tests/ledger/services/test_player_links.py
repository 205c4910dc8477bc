import pytest

from ledger.errors import Conflict, InvalidInput
from ledger.models import PlayerLink, PlayerUnlink
from ledger.selectors.player_links import current_link, user_seat_at_table, user_seats
from ledger.services import player_links
from ledger.services.tables import player_retire
from tests.factories import PlayerFactory, TableFactory, UserFactory, link_player

pytestmark = pytest.mark.django_db


def codes(excinfo) -> list[str]:
    return [problem.code for problem in excinfo.value.problems]


def test_a_linked_player_is_played_by_that_account():
    player = PlayerFactory()
    ann = UserFactory()
    link = player_links.player_link(player=player, user=ann, by=ann)
    assert (link.number, link.user, link.linked_by) == (1, ann, ann)
    assert current_link(player) == link
    assert user_seat_at_table(ann, player.table_id) == player


def test_a_seat_already_linked_is_refused_and_nothing_is_written():
    player = PlayerFactory()
    link_player(player)
    with pytest.raises(Conflict) as excinfo:
        link_player(player)
    assert codes(excinfo) == [player_links.PLAYER_ALREADY_LINKED.code]
    assert PlayerLink.objects.count() == 1


def test_an_account_holds_one_seat_a_table_but_seats_at_many_tables():
    ann = UserFactory()
    first = PlayerFactory()
    link_player(first, ann)
    with pytest.raises(Conflict) as excinfo:
        link_player(PlayerFactory(table=first.table), ann)
    assert codes(excinfo) == [player_links.ACCOUNT_HAS_A_SEAT.code]
    elsewhere = PlayerFactory(table=TableFactory())
    link_player(elsewhere, ann)
    assert {player.pk for player in user_seats(ann)} == {first.pk, elsewhere.pk}


def test_a_retired_player_is_not_linked():
    player = PlayerFactory()
    player_retire(player=player)
    with pytest.raises(InvalidInput) as excinfo:
        link_player(player)
    assert codes(excinfo) == [player_links.PLAYER_LINK_RETIRED.code]


def test_an_unlinked_seat_can_be_linked_again_and_both_links_are_kept():
    player = PlayerFactory()
    host = player.table.owner
    first = link_player(player)
    undone = player_links.player_unlink(link=first, by=host)
    assert (undone.unlinked_by, current_link(player)) == (host, None)
    second = link_player(player)
    assert second.number == 2
    assert PlayerLink.objects.filter(player=player).count() == 2
    assert user_seats(first.user) == []


def test_a_link_is_undone_once():
    link = link_player(PlayerFactory())
    player_links.player_unlink(link=link, by=link.user)
    with pytest.raises(Conflict) as excinfo:
        player_links.player_unlink(link=link, by=link.user)
    assert codes(excinfo) == [player_links.LINK_ALREADY_UNDONE.code]
    assert PlayerUnlink.objects.count() == 1
