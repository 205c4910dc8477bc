"""Reads of a host's own settings."""

from ledger.models import HostSettings


def host_language(user_id: int) -> str:
    """The language the user ``user_id`` chose for themselves, or "" if they never chose
    one. One query, on the user's id (a table's ``owner_id`` needs no join)."""
    return (
        HostSettings.objects.filter(user_id=user_id).values_list("language", flat=True).first()
        or ""
    )
