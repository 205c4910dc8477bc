"""Reads of the seat invites: the open invite a link's token opens, a player's open
invites for their page, and the counts the hour's limits read."""

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from ledger.models import Player, PlayerInvite, PlayerInviteAttempt
from ledger.names import account_name
from ledger.selectors.player_links import current_link


def token_digest(token: str) -> str:
    """The SHA-256 of a link's token, as it is stored: a link is looked up by it, so the
    comparison is of digests in the index, never of the secret itself."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _open(now=None) -> Q:
    now = now or timezone.now()
    return Q(withdrawal__isnull=True, link__isnull=True, expires_at__gt=now)


@dataclass(frozen=True)
class InviteScreen:
    """What the invite's page says: whose seat, at which table, from which host."""

    invite: PlayerInvite
    player: Player
    table_name: str
    host_name: str


def open_invite(token: str) -> PlayerInvite | None:
    """The invite ``token`` opens: not withdrawn, not used, not expired, its player not
    retired and its table not put away. Anything else is None, however it came to be."""
    if not token or len(token) > 200:
        return None
    return (
        PlayerInvite.objects.filter(
            _open(),
            token_digest=token_digest(token),
            player__retired_at=None,
            player__table__hidden_at=None,
        )
        .select_related("player__table__owner", "created_by")
        .first()
    )


def invite_screen(token: str) -> InviteScreen | None:
    """The invite page's facts, in one query; None for a link that opens nothing."""
    invite = open_invite(token)
    if invite is None:
        return None
    table = invite.player.table
    return InviteScreen(
        invite=invite,
        player=invite.player,
        table_name=table.name,
        host_name=account_name(table.owner),
    )


def player_open_invites(player: Player) -> list[PlayerInvite]:
    """The invites of ``player`` that still open something, newest first."""
    return list(PlayerInvite.objects.filter(_open(), player=player).order_by("-created_at", "-id"))


def invites_made_since(user, *, within: timedelta) -> int:
    """How many invites ``user`` made in the ``within`` before now."""
    since = timezone.now() - within
    return PlayerInvite.objects.filter(created_by=user, created_at__gt=since).count()


def invite_attempts_since(attempt: PlayerInviteAttempt, *, within: timedelta) -> int:
    """The tries from ``attempt``'s client in the ``within`` before it, it included, and
    any recorded since."""
    since = attempt.attempted_at - within
    return PlayerInviteAttempt.objects.filter(
        client_digest=attempt.client_digest, attempted_at__gt=since
    ).count()


@dataclass(frozen=True)
class PlayerAccount:
    """What a player's page says of their account: who plays the seat now, if anyone,
    and the invites still open for it."""

    link: object  # PlayerLink | None
    invites: list[PlayerInvite]


def player_account(player: Player) -> PlayerAccount:
    return PlayerAccount(link=current_link(player), invites=player_open_invites(player))
