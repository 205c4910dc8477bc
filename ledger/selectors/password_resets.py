"""Reads of the password-reset requests: how many in the last hour, per address and client."""

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, Q

from ledger.models import PasswordResetRequest


@dataclass(frozen=True)
class ResetRequestCounts:
    email: int  # requests for the same e-mail address, from anywhere
    client: int  # requests from the same client address, for any e-mail address


def password_reset_counts(
    request: PasswordResetRequest, *, within: timedelta
) -> ResetRequestCounts:
    """The requests for ``request``'s e-mail address and from its client in the ``within``
    before it, ``request`` included, and any recorded since: one query, on the indexes
    of (digest, time)."""
    since = request.requested_at - within
    same_email = Q(email_digest=request.email_digest)
    same_client = Q(client_digest=request.client_digest)
    counts = PasswordResetRequest.objects.filter(
        same_email | same_client, requested_at__gt=since
    ).aggregate(email=Count("pk", filter=same_email), client=Count("pk", filter=same_client))
    return ResetRequestCounts(email=counts["email"], client=counts["client"])
