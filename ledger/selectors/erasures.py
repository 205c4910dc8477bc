"""Reads for leaving: a host's tables, each with the co-hosts who could take it."""

from dataclasses import dataclass

from ledger.models import Table
from ledger.names import account_name
from ledger.selectors.co_hosts import active_grants


@dataclass(frozen=True)
class Heir:
    user_id: int
    name: str  # the account's name
    player: str  # the seat it plays at the table


@dataclass(frozen=True)
class TableToLeave:
    table: Table
    heirs: list[Heir]


def tables_to_leave(user) -> list[TableToLeave]:
    """The tables ``user`` hosts in sight, by name, each with the accounts that co-host
    it now: two queries. (A sample put away goes with the account, unasked.)"""
    tables = list(Table.objects.filter(owner=user, hidden_at=None).order_by("name", "pk"))
    heirs: dict[int, list[Heir]] = {}
    grants = (
        active_grants()
        .filter(link__player__table__in=tables)
        .select_related("link__user", "link__player")
        .order_by("link__player__name", "pk")
    )
    for grant in grants:
        link = grant.link
        heirs.setdefault(link.player.table_id, []).append(
            Heir(user_id=link.user_id, name=account_name(link.user), player=link.player.name)
        )
    return [TableToLeave(table=t, heirs=heirs.get(t.pk, [])) for t in tables]
