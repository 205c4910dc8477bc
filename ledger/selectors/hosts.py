"""Reads of a host's own: their settings, their tables."""

from django.db.models import Count, Max, Q

from ledger.models import HostSettings, Table


def host_language(user_id: int) -> str:
    """The language the user ``user_id`` chose for themselves, or "" if they never chose
    one. One query, on the user's id (a table's ``owner_id`` needs no join)."""
    return (
        HostSettings.objects.filter(user_id=user_id).values_list("language", flat=True).first()
        or ""
    )


def host_tables(user) -> list[Table]:
    """The host's tables by name (but a sample put away), each with how many players it
    offers (player_count), how many nights are being played (open_nights) and when the
    last one started (last_night): one query."""
    return list(
        Table.objects.filter(owner=user, hidden_at=None)
        .annotate(
            player_count=Count("players", filter=Q(players__retired_at=None), distinct=True),
            open_nights=Count("nights", filter=Q(nights__closed_at=None), distinct=True),
            last_night=Max("nights__started_at"),
        )
        .order_by("name")
    )


def hosts_a_table(user) -> bool:
    """Whether ``user`` hosts any table (a put-away sample's is none): where they land
    after linking a seat."""
    return Table.objects.filter(owner=user, hidden_at=None).exists()
