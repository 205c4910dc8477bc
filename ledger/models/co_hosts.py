"""Co-hosts: a host lets a player who plays from their own account run the nights of
the table (start one, record, undo and correct hands, change tonight's roster, close it);
the table itself — its house rules, players, invites, ways of getting paid, imports and
debts — stays the host's.

Append-only. A grant is made for a seat's link (``PlayerLink``: that account, that seat)
and holds while the link does: unlinking the seat ends it too. Taking it back is a new
record (``CoHostRevocation``: who, when).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, gettext_lazy

from ledger.models.append_only import AppendOnly

CO_HOST_IS_APPEND_ONLY = "A co-host grant is kept as written: revoke it instead."


class _CoHostRecord(AppendOnly):
    append_only_message = CO_HOST_IS_APPEND_ONLY

    class Meta:
        abstract = True


class CoHostGrant(_CoHostRecord):
    """The account of ``link`` may run nights at the link's player's table."""

    link = models.ForeignKey(
        "ledger.PlayerLink",
        verbose_name=gettext_lazy("seat link"),
        on_delete=models.PROTECT,
        related_name="co_host_grants",
    )
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("granted by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    granted_at = models.DateTimeField(verbose_name=gettext_lazy("granted at"))

    class Meta:
        ordering = ["granted_at", "id"]
        verbose_name = gettext_lazy("co-host grant")
        verbose_name_plural = gettext_lazy("co-host grants")

    def __str__(self) -> str:
        return gettext("Co-host grant #%(id)s for seat link #%(link)s") % {
            "id": self.pk,
            "link": self.link_id,
        }


class CoHostRevocation(_CoHostRecord):
    """A grant taken back by the host."""

    grant = models.OneToOneField(
        CoHostGrant,
        verbose_name=gettext_lazy("co-host grant"),
        on_delete=models.PROTECT,
        related_name="revocation",
    )
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("revoked by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    revoked_at = models.DateTimeField(verbose_name=gettext_lazy("revoked at"))

    class Meta:
        ordering = ["revoked_at", "id"]
        verbose_name = gettext_lazy("co-host revocation")
        verbose_name_plural = gettext_lazy("co-host revocations")

    def __str__(self) -> str:
        return gettext("Co-host grant #%(grant)s revoked") % {"grant": self.grant_id}
