"""Which account plays which seat: a table's player linked to the account of the person
who plays it, so they can see their own history, debts and ways of getting paid.

Append-only, as the ledger is: a link is never edited or deleted. Leaving (the player
unlinks their seat, or the host unlinks them) is a new record (``PlayerUnlink``: who,
when), so the audit keeps every account a seat was ever linked to. A player is linked to
one account at a time: the ``number`` of a player's links counts up (1, 2, …), unique per
player, and the service links a player again only once the link before is undone.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy

from ledger.models.append_only import AppendOnly

PLAYER_LINK_IS_APPEND_ONLY = "A seat's link to an account is kept as written: unlink it instead."


class _LinkRecord(AppendOnly):
    append_only_message = PLAYER_LINK_IS_APPEND_ONLY

    class Meta:
        abstract = True


class PlayerLink(_LinkRecord):
    """``player`` is played by the account ``user`` from ``linked_at`` until an unlink."""

    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="links",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("account"),
        on_delete=models.PROTECT,
        related_name="player_links",
    )
    # The n-th link of this player: two links made at once cannot both be the next.
    number = models.PositiveIntegerField(verbose_name=gettext_lazy("number"))
    linked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("linked by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    linked_at = models.DateTimeField(verbose_name=gettext_lazy("linked at"))
    # The invite this link came from, if it did: one to one, so an invite works once.
    invite = models.OneToOneField(
        "ledger.PlayerInvite",
        verbose_name=gettext_lazy("seat invite"),
        on_delete=models.PROTECT,
        related_name="link",
        null=True,
        blank=True,
    )
    # The claim from the live link this link accepted, if it did: one to one, as above.
    claim = models.OneToOneField(
        "ledger.SeatClaim",
        verbose_name=gettext_lazy("seat claim"),
        on_delete=models.PROTECT,
        related_name="link",
        null=True,
        blank=True,
    )

    class Meta:
        ordering = ["player", "number"]
        verbose_name = gettext_lazy("seat link")
        verbose_name_plural = gettext_lazy("seat links")
        constraints = [
            models.UniqueConstraint(fields=["player", "number"], name="player_link_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="player_link_number_positive"),
        ]
        indexes = [models.Index(fields=["user", "player"], name="player_link_user_idx")]

    def __str__(self) -> str:
        return gettext("Player #%(player)s played by user #%(user)s") % {
            "player": self.player_id,
            "user": self.user_id,
        }


class PlayerUnlink(_LinkRecord):
    """A link undone: by the player themselves or by the host, and when."""

    link = models.OneToOneField(
        PlayerLink,
        verbose_name=gettext_lazy("seat link"),
        on_delete=models.PROTECT,
        related_name="unlink",
    )
    unlinked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("unlinked by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    unlinked_at = models.DateTimeField(verbose_name=gettext_lazy("unlinked at"))

    class Meta:
        ordering = ["unlinked_at", "id"]
        verbose_name = gettext_lazy("seat unlink")
        verbose_name_plural = gettext_lazy("seat unlinks")

    def __str__(self) -> str:
        return gettext("Seat link #%(link)s undone") % {"link": self.link_id}
