"""Who runs a table's nights besides its host: the co-hosts of a table (its page), the
tables an account co-hosts (their table list), and the condition every runner's access
check reads."""

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Prefetch, Q

from ledger.models import CoHostGrant, Night, Player, PlayerLink, Table


def active_grants():
    """Grants not revoked whose seat link is not undone."""
    return CoHostGrant.objects.filter(revocation__isnull=True, link__unlink__isnull=True)


def runs_table(user, table_ref: str = "pk") -> Q:
    """The condition on a queryset of tables (``table_ref`` naming the table's key from
    the queryset's model, e.g. "table_id" for nights) that ``user`` hosts the table or
    co-hosts it now: one subquery, no second round trip."""
    co_hosted = active_grants().filter(link__user=user, link__player__table_id=OuterRef(table_ref))
    owner = "owner" if table_ref == "pk" else table_ref.removesuffix("_id") + "__owner"
    return Q(**{owner: user}) | Q(Exists(co_hosted))


def co_host_grant_of(link: PlayerLink) -> CoHostGrant | None:
    return active_grants().filter(link=link).first()


@dataclass(frozen=True)
class CoHostedTable:
    table: Table
    open_nights: list[Night]


def co_hosted_tables(user) -> list[CoHostedTable]:
    """The tables ``user`` co-hosts (not their own), by name, each with its nights being
    played: two queries."""
    tables = (
        Table.objects.filter(
            hidden_at=None,
            players__links__co_host_grants__in=active_grants().filter(link__user=user),
        )
        .exclude(owner=user)
        .distinct()
        .select_related("owner")
        .prefetch_related(
            Prefetch(
                "nights",
                queryset=Night.objects.filter(closed_at=None).order_by("-started_at"),
                to_attr="open_nights",
            )
        )
        .order_by("name", "pk")
    )
    return [CoHostedTable(table=t, open_nights=t.open_nights) for t in tables]


@dataclass(frozen=True)
class SeatAccount:
    """A player of the table who plays from their own account, and whether they co-host."""

    player: Player
    link: PlayerLink
    grant: CoHostGrant | None


def table_accounts(table: Table) -> list[SeatAccount]:
    """The table's players linked to an account, by name, each with their co-host grant
    if they hold one: one query."""
    links = (
        PlayerLink.objects.filter(player__table=table, unlink__isnull=True)
        .select_related("player", "user")
        .prefetch_related(
            Prefetch(
                "co_host_grants",
                queryset=CoHostGrant.objects.filter(revocation__isnull=True),
                to_attr="active",
            )
        )
        .order_by("player__name", "player_id")
    )
    return [
        SeatAccount(player=link.player, link=link, grant=(link.active or [None])[0])
        for link in links
    ]
