from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.errors import Conflict, InvalidInput
from ledger.models import PlayerInvite, PlayerInviteWithdrawal, PlayerLink
from ledger.selectors.player_invites import (
    invite_attempts_since,
    invite_screen,
    open_invite,
    player_account,
    token_digest,
)
from ledger.selectors.player_links import current_link
from ledger.services import player_invites
from ledger.services.player_links import ACCOUNT_HAS_A_SEAT, player_unlink
from ledger.services.tables import player_retire
from tests.factories import PlayerFactory, UserFactory, link_player

pytestmark = pytest.mark.django_db


def codes(excinfo) -> list[str]:
    return [problem.code for problem in excinfo.value.problems]


@pytest.fixture
def ann():
    return PlayerFactory(name="Ann")


def _invite(player):
    return player_invites.player_invite_create(player=player, by=player.table.owner)


def test_an_invite_keeps_only_the_digest_of_its_long_random_token(ann):
    invite, token = _invite(ann)
    assert len(token) >= 43
    assert invite.token_digest == token_digest(token) != token
    assert token not in str(PlayerInvite.objects.values_list().get())
    assert invite.expires_at - invite.created_at == timedelta(days=14)
    assert open_invite(token) == invite


def test_the_invite_says_whose_seat_at_which_table_of_which_host(ann):
    _, token = _invite(ann)
    screen = invite_screen(token)
    assert (screen.player, screen.table_name, screen.host_name) == (
        ann,
        ann.table.name,
        ann.table.owner.get_username(),
    )


def test_two_invites_have_different_tokens(ann):
    assert _invite(ann)[1] != _invite(ann)[1]


def test_accepting_links_the_seat_to_the_account_by_the_invitee(ann):
    invite, _ = _invite(ann)
    bea = UserFactory()
    link = player_invites.player_invite_accept(invite=invite, user=bea)
    assert (link.user, link.linked_by, link.invite) == (bea, bea, invite)
    assert current_link(ann) == link


def test_an_invite_works_once(ann):
    invite, token = _invite(ann)
    player_invites.player_invite_accept(invite=invite, user=UserFactory())
    assert open_invite(token) is None
    with pytest.raises(Conflict) as excinfo:
        player_invites.player_invite_accept(invite=invite, user=UserFactory())
    assert codes(excinfo) == [player_invites.INVITE_NOT_OPEN.code]
    assert PlayerLink.objects.count() == 1


def test_the_database_refuses_a_second_link_from_one_invite(ann):
    invite, _ = _invite(ann)
    first = player_invites.player_invite_accept(invite=invite, user=UserFactory())
    player_unlink(link=first, by=ann.table.owner)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerLink.objects.create(
            player=ann,
            user=UserFactory(),
            number=2,
            linked_by=ann.table.owner,
            linked_at=timezone.now(),
            invite=invite,
        )


def test_a_withdrawn_invite_opens_nothing_and_cannot_be_accepted(ann):
    invite, token = _invite(ann)
    withdrawal = player_invites.player_invite_withdraw(invite=invite, by=ann.table.owner)
    assert withdrawal.withdrawn_by == ann.table.owner
    assert open_invite(token) is None
    with pytest.raises(Conflict):
        player_invites.player_invite_accept(invite=invite, user=UserFactory())
    with pytest.raises(Conflict) as excinfo:
        player_invites.player_invite_withdraw(invite=invite, by=ann.table.owner)
    assert codes(excinfo) == [player_invites.INVITE_NOT_OPEN.code]
    assert PlayerInviteWithdrawal.objects.count() == 1


def test_an_expired_invite_opens_nothing_and_cannot_be_accepted(ann, monkeypatch):
    invite, token = _invite(ann)
    later = timezone.now() + timedelta(days=14, seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert open_invite(token) is None
    with pytest.raises(Conflict) as excinfo:
        player_invites.player_invite_accept(invite=invite, user=UserFactory())
    assert codes(excinfo) == [player_invites.INVITE_NOT_OPEN.code]


def test_an_unknown_or_absurd_token_opens_nothing(ann):
    _invite(ann)
    assert open_invite("nope") is None
    assert open_invite("") is None
    assert open_invite("x" * 5000) is None


def test_a_retired_or_linked_player_is_not_invited(ann):
    link_player(ann)
    with pytest.raises(Conflict) as excinfo:
        _invite(ann)
    assert codes(excinfo) == [player_invites.INVITE_PLAYER_LINKED.code]
    cy = PlayerFactory(table=ann.table, name="Cy")
    player_retire(player=cy)
    with pytest.raises(InvalidInput) as excinfo:
        _invite(cy)
    assert codes(excinfo) == [player_invites.INVITE_PLAYER_RETIRED.code]
    assert PlayerInvite.objects.count() == 0


def test_an_invite_for_a_player_retired_since_opens_nothing(ann):
    _, token = _invite(ann)
    player_retire(player=ann)
    assert open_invite(token) is None


def test_an_account_with_a_seat_at_the_table_cannot_take_a_second(ann):
    bea = UserFactory()
    link_player(PlayerFactory(table=ann.table, name="Bob"), bea)
    invite, token = _invite(ann)
    with pytest.raises(Conflict) as excinfo:
        player_invites.player_invite_accept(invite=invite, user=bea)
    assert codes(excinfo) == [ACCOUNT_HAS_A_SEAT.code]
    assert open_invite(token) == invite


def test_a_host_makes_at_most_the_hours_limit_of_invites(ann, settings):
    settings.PLAYER_INVITE_LIMIT_PER_HOST = 2
    _invite(ann)
    _invite(ann)
    with pytest.raises(InvalidInput) as excinfo:
        _invite(ann)
    assert codes(excinfo) == [player_invites.INVITES_THROTTLED.code]
    assert PlayerInvite.objects.count() == 2


def test_attempts_are_counted_per_client_by_a_keyed_hash(ann):
    first = player_invites.player_invite_attempt_record(client="10.0.0.1")
    player_invites.player_invite_attempt_record(client="10.0.0.2")
    again = player_invites.player_invite_attempt_record(client="10.0.0.1")
    assert "10.0.0.1" not in first.client_digest
    assert invite_attempts_since(again, within=timedelta(hours=1)) == 2


def test_the_players_account_shows_the_link_or_the_open_invites(ann):
    invite, _ = _invite(ann)
    assert player_account(ann).invites == [invite]
    link = player_invites.player_invite_accept(invite=invite, user=UserFactory())
    account = player_account(ann)
    assert (account.link, account.invites) == (link, [])


def test_an_invite_and_its_withdrawal_are_kept_as_written(ann):
    invite, _ = _invite(ann)
    withdrawal = player_invites.player_invite_withdraw(invite=invite, by=ann.table.owner)
    for row in (invite, withdrawal):
        with pytest.raises(PermissionError):
            row.delete()
        with pytest.raises(PermissionError):
            row.save()
