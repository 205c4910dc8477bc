"""Which account plays which seat now: a player's current link, an account's seats."""

from ledger.models import Player, PlayerLink


def current_links():
    """The links not undone."""
    return PlayerLink.objects.filter(unlink__isnull=True)


def current_link(player: Player) -> PlayerLink | None:
    """The link of ``player`` to an account now, if any."""
    return current_links().filter(player=player).select_related("user").first()


def user_seat_at_table(user, table_id: int) -> Player | None:
    """The player ``user`` plays at the table, if they hold a seat there."""
    link = current_links().filter(user=user, player__table_id=table_id).select_related("player")
    found = link.first()
    return found.player if found is not None else None


def user_seats(user) -> list[Player]:
    """Every seat ``user`` holds now, at every table of every host (but a put-away
    sample's), with its table and host."""
    return [
        link.player
        for link in current_links()
        .filter(user=user, player__table__hidden_at=None)
        .select_related("player__table__owner")
        .order_by("player__table__name", "player__table_id")
    ]
