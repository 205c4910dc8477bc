"""Read-only share links to a night: create one, revoke it.

Anyone holding the token sees the night's standings, so the token is the whole
credential: random, long, and dead for good once revoked.
"""

import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.errors import InvalidInput
from ledger.models import Night, ShareLink
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.share_links import night_share_link

NO_ACTIVE_SHARE_LINK = Code(
    "no_active_share_link", gettext_noop("This night has no share link to revoke.")
)


def _new_token() -> str:
    return secrets.token_urlsafe(32)


def share_link_create(*, night: Night, by) -> ShareLink:
    """The night's live link; asking twice gives the same one until it is revoked."""
    existing = night_share_link(night)
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return ShareLink.objects.create(
                night=night, token=_new_token(), created_by=by, created_at=timezone.now()
            )
    except IntegrityError:
        # Another tap got there first: theirs is the night's link.
        link = night_share_link(night)
        if link is None:
            raise
        return link


def share_link_revoke(*, night: Night, by) -> ShareLink:
    """Kill the night's live link; its token never works again."""
    with transaction.atomic():
        link = (
            ShareLink.objects.select_for_update(no_key=True)
            .filter(night=night, revoked_at__isnull=True)
            .first()
        )
        if link is None:
            raise InvalidInput(NO_ACTIVE_SHARE_LINK())
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
        return link
