"""A night's roster: its seats in position order (clockwise from the first seat).

Every screen, selector and service that needs the roster reads it here, with one query:
as ``RosterPlayer`` rows, as player ids in seat order (what the rules engine takes), or as
player id -> current name (what the web layer words problems with).
"""

from collections.abc import Iterable
from dataclasses import dataclass

from ledger.models import Night, Seat


@dataclass(frozen=True)
class RosterPlayer:
    """A player on a night's roster, as the screens show them."""

    id: int
    name: str
    position: int = 0
    active: bool = True  # still at the table tonight (a player who left is not dealt in)
    chips: int = 0  # their balance tonight (Seat.chips: the entries' running total)


def night_seats(night: Night) -> list[Seat]:
    """The night's seats in position order, each with its player: one query."""
    return list(Seat.objects.filter(night=night).select_related("player").order_by("position"))


def night_roster(night: Night) -> list[RosterPlayer]:
    """Every roster player in seat order, with whether they are still at the table."""
    return [
        RosterPlayer(s.player_id, s.player.name, s.position, s.active, s.chips)
        for s in night_seats(night)
    ]


def nights_rosters(night_ids: Iterable[int]) -> dict[int, list[RosterPlayer]]:
    """``night_roster`` of many nights at once, by night id: one query (a night without
    seats is left out)."""
    rosters: dict[int, list[RosterPlayer]] = {}
    seats = (
        Seat.objects.filter(night__in=list(night_ids))
        .select_related("player")
        .order_by("night", "position")
    )
    for s in seats:
        rosters.setdefault(s.night_id, []).append(
            RosterPlayer(s.player_id, s.player.name, s.position, s.active, s.chips)
        )
    return rosters


def names_of(roster: Iterable[RosterPlayer]) -> dict[int, str]:
    """Player id -> name, in the roster's order."""
    return {player.id: player.name for player in roster}


def ids_of(roster: Iterable[RosterPlayer]) -> list[int]:
    """The players' ids, in the roster's order: the engine's roster."""
    return [player.id for player in roster]


def chips_of(roster: Iterable[RosterPlayer]) -> dict[int, int]:
    """Player id -> their balance tonight, in the roster's order."""
    return {player.id: player.chips for player in roster}
