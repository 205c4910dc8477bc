from django.conf import settings
from django.db import models
from django.db.models import Q

from ledger.languages import LANGUAGE_CODE_MAX, LANGUAGE_CODES


class HostSettings(models.Model):
    """A host's own choices that follow them from phone to phone: the language the app
    speaks to them once they are signed in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="host_settings"
    )
    language = models.CharField(max_length=LANGUAGE_CODE_MAX)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "host settings"
        constraints = [
            models.CheckConstraint(
                condition=Q(language__in=LANGUAGE_CODES), name="host_settings_language_known"
            ),
        ]

    def __str__(self) -> str:
        return f"Settings of user #{self.user_id}"
