"""Writes of the password-reset requests the hour's limits count."""

from django.utils import timezone

from ledger.digests import email_key, keyed_digest
from ledger.models import PasswordResetRequest

_EMAIL_LABEL = b"bourre password reset: e-mail address"
_CLIENT_LABEL = b"bourre password reset: client address"


def password_reset_request_record(*, email: str, client: str) -> PasswordResetRequest:
    """Record that ``client`` (its address, as the sign-in throttling reads it) asked for a
    password-reset mail to ``email``, whether or not one is sent: the limits count every
    request. The address is compared trimmed and in lower case, as a host types it.

    The row is committed as it is written (requests run in autocommit here: no view is
    wrapped in a transaction), and only then counted (``selectors.password_resets``).
    So server processes asking at the same moment cannot all pass the limit together: of
    the requests let through, the last to count saw every other one's committed row, and
    was within the limit. At worst two at once are both refused, never both sent.
    """
    return PasswordResetRequest.objects.create(
        email_digest=keyed_digest(_EMAIL_LABEL, email_key(email)),
        client_digest=keyed_digest(_CLIENT_LABEL, client),
        requested_at=timezone.now(),
    )
