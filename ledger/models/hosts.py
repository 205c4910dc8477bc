from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy

from ledger.languages import LANGUAGE_CODE_MAX, LANGUAGE_CODES


class HostSettings(models.Model):
    """A host's own choices that follow them from phone to phone: the language the app
    speaks to them once they are signed in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("user"),
        on_delete=models.CASCADE,
        related_name="host_settings",
    )
    language = models.CharField(verbose_name=gettext_lazy("language"), max_length=LANGUAGE_CODE_MAX)
    updated_at = models.DateTimeField(verbose_name=gettext_lazy("updated at"), auto_now=True)

    class Meta:
        verbose_name = gettext_lazy("host settings")
        verbose_name_plural = gettext_lazy("host settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(language__in=LANGUAGE_CODES), name="host_settings_language_known"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Settings of user #%(id)s") % {"id": self.user_id}
