"""Reads of the password-reset requests: how many in the last hour, per address and client."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Q, QuerySet

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
    return digest_counts(
        PasswordResetRequest.objects.all(),
        email_digest=request.email_digest,
        client_digest=request.client_digest,
        time_field="requested_at",
        since=request.requested_at - within,
    )


def digest_counts(
    rows: QuerySet, *, email_digest: str, client_digest: str, time_field: str, since: datetime
) -> ResetRequestCounts:
    """Of ``rows``, those for the e-mail address and those from the client after
    ``since``: every request an hour's limit counts (a reset, a sign-in code)."""
    same_email = Q(email_digest=email_digest)
    same_client = Q(client_digest=client_digest)
    counts = rows.filter(same_email | same_client, **{f"{time_field}__gt": since}).aggregate(
        email=Count("pk", filter=same_email), client=Count("pk", filter=same_client)
    )
    return ResetRequestCounts(email=counts["email"], client=counts["client"])
