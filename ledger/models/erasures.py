"""The record of each erasure: a player's name and pay details, a whole account, or a
table whose host left. It says who erased what, and when, and holds nothing personal, so
it is kept for good like the ledger (append-only)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy

from ledger.models.append_only import AppendOnly

ERASURE_IS_APPEND_ONLY = "An erasure is recorded once: the record is never changed or deleted."


class ErasureKind(models.TextChoices):
    PLAYER = "player", gettext_lazy("player")
    ACCOUNT = "account", gettext_lazy("account")
    TABLE = "table", gettext_lazy("table")


class Erasure(AppendOnly):
    append_only_message = ERASURE_IS_APPEND_ONLY

    kind = models.CharField(
        verbose_name=gettext_lazy("kind"), max_length=10, choices=ErasureKind.choices
    )
    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("account"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    erased_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("erased by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    erased_at = models.DateTimeField(verbose_name=gettext_lazy("erased at"))

    class Meta:
        ordering = ["erased_at", "id"]
        verbose_name = gettext_lazy("erasure")
        verbose_name_plural = gettext_lazy("erasures")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind=ErasureKind.PLAYER, player__isnull=False, account=None)
                | Q(kind=ErasureKind.ACCOUNT, player=None, table=None, account__isnull=False)
                | Q(kind=ErasureKind.TABLE, player=None, table__isnull=False, account=None),
                name="erasure_names_what_it_erased",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Erasure #%(id)s") % {"id": self.pk}
