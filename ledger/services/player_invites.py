"""Writes of the seat invites: made by the host for one player, withdrawn by the host,
accepted by the person who plays the seat (which links it to their account), and each
try at accepting one counted for the hour's limit per client.

The link's token is a long random secret (``secrets``), handed back once as the invite is
made and never stored: the invite keeps its SHA-256 (``selectors.player_invites``).
"""

import hashlib
import hmac
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ledger.errors import Conflict, InvalidInput
from ledger.models import (
    Player,
    PlayerInvite,
    PlayerInviteAttempt,
    PlayerInviteWithdrawal,
    PlayerLink,
)
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.player_invites import invites_made_since, token_digest
from ledger.selectors.player_links import current_link
from ledger.services.player_links import player_link

# How long an invite opens its seat.
INVITE_LIFETIME = timedelta(days=14)
# The window the hour's limits count in.
LIMIT_WINDOW = timedelta(hours=1)
# 32 random bytes: 43 characters in the link.
TOKEN_BYTES = 32

INVITE_PLAYER_RETIRED = Code(
    "invite_player_retired",
    gettext_noop("{player} is retired; bring them back before inviting them."),
)
INVITE_PLAYER_LINKED = Code(
    "invite_player_linked",
    gettext_noop("{player} already plays from their own account: there is no one to invite."),
)
INVITES_THROTTLED = Code(
    "invites_throttled",
    gettext_noop(
        "No invite was made: at most {limit} invites an hour. Try again later, or use one "
        "already made."
    ),
)
INVITE_NOT_OPEN = Code(
    "invite_not_open",
    gettext_noop("This invite was used, withdrawn or has expired: ask the host for a new one."),
)

# The client's address is kept as a keyed hash only, with a label of its own.
_CLIENT_LABEL = b"bourre invite attempt: client address\x00"


def player_invite_create(*, player: Player, by) -> tuple[PlayerInvite, str]:
    """An invite for the person who plays ``player``, made by ``by`` (the host): the
    invite and its token, which only the link holds from now on."""
    with transaction.atomic():
        player = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        if player.retired_at is not None:
            raise InvalidInput(INVITE_PLAYER_RETIRED(player=player.pk))
        if current_link(player) is not None:
            raise Conflict(INVITE_PLAYER_LINKED(player=player.pk))
        limit = settings.PLAYER_INVITE_LIMIT_PER_HOST
        if invites_made_since(by, within=LIMIT_WINDOW) >= limit:
            raise InvalidInput(INVITES_THROTTLED(limit=limit))
        token = secrets.token_urlsafe(TOKEN_BYTES)
        now = timezone.now()
        invite = PlayerInvite.objects.create(
            player=player,
            token_digest=token_digest(token),
            created_by=by,
            created_at=now,
            expires_at=now + INVITE_LIFETIME,
        )
        return invite, token


def _still_open(invite: PlayerInvite) -> bool:
    return (
        not PlayerInviteWithdrawal.objects.filter(invite=invite).exists()
        and not PlayerLink.objects.filter(invite=invite).exists()
        and invite.expires_at > timezone.now()
    )


def player_invite_withdraw(*, invite: PlayerInvite, by) -> PlayerInviteWithdrawal:
    """Take ``invite`` back: its link opens nothing from now on."""
    with transaction.atomic():
        Player.objects.select_for_update(no_key=True).get(pk=invite.player_id)
        if not _still_open(invite):
            raise Conflict(INVITE_NOT_OPEN())
        return PlayerInviteWithdrawal.objects.create(
            invite=invite, withdrawn_by=by, withdrawn_at=timezone.now()
        )


def player_invite_accept(*, invite: PlayerInvite, user) -> PlayerLink:
    """``user`` says they play the invite's seat: it is linked to their account, by them.
    Refused if the invite closed since it was opened, the seat was linked meanwhile or
    the account already holds a seat at that table (``player_link``'s problems)."""
    with transaction.atomic():
        # The player's lock (taken again by player_link) makes a withdrawal and an
        # acceptance of the same invite take turns.
        Player.objects.select_for_update(no_key=True).get(pk=invite.player_id)
        if not _still_open(invite):
            raise Conflict(INVITE_NOT_OPEN())
        return player_link(player=invite.player, user=user, by=user, invite=invite)


def player_invite_attempt_record(*, client: str) -> PlayerInviteAttempt:
    """Count one try at accepting an invite from ``client`` (its address as the sign-in
    throttling reads it), committed before it is counted, as password_resets does."""
    digest = hmac.new(
        settings.SECRET_KEY.encode(), _CLIENT_LABEL + client.encode(), hashlib.sha256
    ).hexdigest()
    return PlayerInviteAttempt.objects.create(client_digest=digest, attempted_at=timezone.now())
