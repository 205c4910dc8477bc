"""Who asked for a password-reset mail, and when: what the hour's limits count."""

from django.db import models
from django.db.models.functions import Length
from django.db.models.lookups import Exact
from django.utils.translation import gettext, gettext_lazy

from ledger.models.append_only import AppendOnly

RESET_REQUEST_IS_APPEND_ONLY = (
    "A password reset request is kept as written: it is never changed or deleted."
)


class PasswordResetRequest(AppendOnly):
    """One request for a password-reset mail, sent or refused. The hour's limits count
    these rows, in the database, so every server process sees every request (the cache
    they were once counted in is one per process).

    No address is kept: the e-mail address (trimmed, in lower case) and the client's
    address are each a keyed hash (HMAC-SHA256 under the server's secret key), enough to
    count a repeat and nothing to read back. Rows are never deleted, as no record of this
    app is; each is a few dozen bytes, and the counts read only the last hour's, through
    the indexes.
    """

    email_digest = models.CharField(
        verbose_name=gettext_lazy("e-mail address digest"), max_length=64
    )
    client_digest = models.CharField(
        verbose_name=gettext_lazy("client address digest"), max_length=64
    )
    requested_at = models.DateTimeField(verbose_name=gettext_lazy("requested at"))

    append_only_message = RESET_REQUEST_IS_APPEND_ONLY

    class Meta:
        ordering = ["requested_at", "id"]
        verbose_name = gettext_lazy("password reset request")
        verbose_name_plural = gettext_lazy("password reset requests")
        indexes = [
            models.Index(fields=["email_digest", "requested_at"], name="passwordreset_email_idx"),
            models.Index(fields=["client_digest", "requested_at"], name="passwordreset_client_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("email_digest"), 64),
                name="passwordreset_email_is_sha256",
            ),
            models.CheckConstraint(
                condition=Exact(Length("client_digest"), 64),
                name="passwordreset_client_is_sha256",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Password reset request #%(id)s") % {"id": self.pk}
