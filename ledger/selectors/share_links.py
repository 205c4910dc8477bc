"""Reads of share links: the night's live link, and the night behind a token."""

import re

from ledger.models import Night, ShareLink

# secrets.token_urlsafe's alphabet. Anything else opens nothing, and never reaches
# the database: PostgreSQL refuses a NUL (%00 in the URL) with an error, a 500.
TOKEN = re.compile(r"[A-Za-z0-9_-]+")


def night_share_link(night: Night) -> ShareLink | None:
    """The night's link that still works, if the host made one."""
    return ShareLink.objects.filter(night=night, revoked_at__isnull=True).first()


def shared_night(token: str) -> Night | None:
    """The night a live (unrevoked) token opens, or None."""
    if not TOKEN.fullmatch(token):
        return None
    link = (
        ShareLink.objects.filter(token=token, revoked_at__isnull=True, night__table__hidden_at=None)
        .select_related("night__table")
        .first()
    )
    return link.night if link else None
