"""Writes of the co-hosts: the host lets a linked player run the table's nights, and
takes it back. Both are records (who, when); a grant ends with its seat's link too."""

from django.db import transaction
from django.utils import timezone

from ledger.errors import Conflict
from ledger.models import CoHostGrant, CoHostRevocation, Player, PlayerLink, PlayerUnlink
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.co_hosts import co_host_grant_of

CO_HOST_ALREADY = Code("co_host_already", gettext_noop("{player} already runs nights here."))
CO_HOST_NOT_LINKED = Code(
    "co_host_not_linked",
    gettext_noop("{player} no longer plays from an account: invite them first."),
)
CO_HOST_NOT_ACTIVE = Code(
    "co_host_not_active", gettext_noop("{player} no longer runs nights here.")
)


def co_host_grant(*, link: PlayerLink, by) -> CoHostGrant:
    """Let the account of ``link`` run the nights of its seat's table; ``by``: the host."""
    with transaction.atomic():
        Player.objects.select_for_update(no_key=True).get(pk=link.player_id)
        if PlayerUnlink.objects.filter(link=link).exists():
            raise Conflict(CO_HOST_NOT_LINKED(player=link.player_id))
        if co_host_grant_of(link) is not None:
            raise Conflict(CO_HOST_ALREADY(player=link.player_id))
        return CoHostGrant.objects.create(link=link, granted_by=by, granted_at=timezone.now())


def co_host_revoke(*, grant: CoHostGrant, by) -> CoHostRevocation:
    """Take ``grant`` back: its account runs no more nights at the table."""
    with transaction.atomic():
        Player.objects.select_for_update(no_key=True).get(pk=grant.link.player_id)
        if CoHostRevocation.objects.filter(grant=grant).exists():
            raise Conflict(CO_HOST_NOT_ACTIVE(player=grant.link.player_id))
        return CoHostRevocation.objects.create(
            grant=grant, revoked_by=by, revoked_at=timezone.now()
        )
