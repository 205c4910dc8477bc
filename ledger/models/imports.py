"""Where a night came from: the record of each night file imported."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Length
from django.db.models.lookups import Exact
from django.utils.translation import gettext, gettext_lazy

from ledger.models.append_only import AppendOnly

NIGHT_IMPORT_IS_APPEND_ONLY = "A night's import record is kept as written: it is never changed."


class NightImport(AppendOnly):
    """A night recorded from a night file: which file (a digest of its content), by whom,
    when. It is how an upload of a file its owner already imported is recognised. Kept as
    written (``AppendOnly``), and the database refuses to change it too."""

    night = models.OneToOneField(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="import_record",
    )
    # SHA-256, hex.
    digest = models.CharField(verbose_name=gettext_lazy("digest"), max_length=64)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("imported by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    imported_at = models.DateTimeField(verbose_name=gettext_lazy("imported at"))

    append_only_message = NIGHT_IMPORT_IS_APPEND_ONLY

    class Meta:
        ordering = ["imported_at", "id"]
        verbose_name = gettext_lazy("night import")
        verbose_name_plural = gettext_lazy("night imports")
        indexes = [models.Index(fields=["digest"], name="nightimport_digest_idx")]
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("digest"), 64), name="nightimport_digest_is_sha256"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Night #%(night)s imported from %(digest)s") % {
            "night": self.night_id,
            "digest": self.digest[:12],
        }
