"""Starting a night, as its screen shows it: the players a table offers, and last night's
seat order to start from (most nights the same people sit the same way)."""

from dataclasses import dataclass

from ledger.models import Night, Player, Table
from ledger.selectors.seats import night_seats


@dataclass(frozen=True)
class NightStartScreen:
    table: Table
    players: list[Player]  # offered for a new night, by name
    last_order: list[int]  # last night's seats still offered, in seat order; [] if none


def night_start_screen(table: Table, *, last_night: bool = True) -> NightStartScreen:
    """Three queries at most: the players, the last night, its seats; one when the form
    is already being filled in (``last_night=False``: its seats travel with it)."""
    players = list(table.players.filter(retired_at=None))
    last = None
    if last_night:
        last = Night.objects.filter(table=table).order_by("-started_at", "-id").first()
    order = []
    if last is not None:
        offered = {p.pk for p in players}
        order = [s.player_id for s in night_seats(last) if s.active and s.player_id in offered]
    return NightStartScreen(table=table, players=players, last_order=order)
