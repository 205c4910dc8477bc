"""Invites to claim a seat: the host makes one for a player, the person who plays it opens
it, signs in and links the seat to their account.

Append-only, as every record here is. An invite is never edited: it is withdrawn by a new
record (``PlayerInviteWithdrawal``: who, when), and it is used by the ``PlayerLink`` that
points at it (one to one, so an invite links a seat once, in the database itself). Its
token is never stored: only its SHA-256, which the link's token is looked up by, so the
rows cannot be read back into working links. Each acceptance attempt is counted
(``PlayerInviteAttempt``, a keyed hash of the client's address) for the hour's limit.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact
from django.utils.translation import gettext, gettext_lazy

from ledger.models.append_only import AppendOnly

PLAYER_INVITE_IS_APPEND_ONLY = "An invite is kept as written: withdraw it instead."


class _InviteRecord(AppendOnly):
    append_only_message = PLAYER_INVITE_IS_APPEND_ONLY

    class Meta:
        abstract = True


class PlayerInvite(_InviteRecord):
    """An invite for the person who plays ``player`` to link the seat to their account,
    made by ``created_by`` (the host), open until ``expires_at``."""

    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="invites",
    )
    # The SHA-256 of the link's token, in hex: what a link is looked up by.
    token_digest = models.CharField(
        verbose_name=gettext_lazy("token digest"), max_length=64, unique=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("made by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("made at"))
    expires_at = models.DateTimeField(verbose_name=gettext_lazy("expires at"))

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = gettext_lazy("seat invite")
        verbose_name_plural = gettext_lazy("seat invites")
        indexes = [models.Index(fields=["created_by", "created_at"], name="invite_host_idx")]
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("token_digest"), 64), name="invite_token_is_sha256"
            ),
            models.CheckConstraint(
                condition=Q(expires_at__gt=F("created_at")), name="invite_expires_after_made"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Invite #%(id)s for player #%(player)s") % {
            "id": self.pk,
            "player": self.player_id,
        }


class PlayerInviteWithdrawal(_InviteRecord):
    """An invite the host took back before it was used: its link opens nothing since."""

    invite = models.OneToOneField(
        PlayerInvite,
        verbose_name=gettext_lazy("seat invite"),
        on_delete=models.PROTECT,
        related_name="withdrawal",
    )
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("withdrawn by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    withdrawn_at = models.DateTimeField(verbose_name=gettext_lazy("withdrawn at"))

    class Meta:
        ordering = ["withdrawn_at", "id"]
        verbose_name = gettext_lazy("seat invite withdrawal")
        verbose_name_plural = gettext_lazy("seat invite withdrawals")

    def __str__(self) -> str:
        return gettext("Invite #%(invite)s withdrawn") % {"invite": self.invite_id}


class PlayerInviteAttempt(_InviteRecord):
    """One try at accepting an invite, whatever came of it: what the hour's limit per
    client counts. Only a keyed hash of the client's address is kept."""

    client_digest = models.CharField(
        verbose_name=gettext_lazy("client address digest"), max_length=64
    )
    attempted_at = models.DateTimeField(verbose_name=gettext_lazy("tried at"))

    class Meta:
        ordering = ["attempted_at", "id"]
        verbose_name = gettext_lazy("invite attempt")
        verbose_name_plural = gettext_lazy("invite attempts")
        indexes = [
            models.Index(fields=["client_digest", "attempted_at"], name="invite_attempt_idx")
        ]
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("client_digest"), 64),
                name="invite_attempt_client_is_sha256",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Invite attempt #%(id)s") % {"id": self.pk}
