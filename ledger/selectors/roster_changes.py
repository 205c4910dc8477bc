"""The screens that change tonight's roster mid-game: a late arrival joins (tonight's seats
and who of the table could join), someone goes home (what they leave with)."""

from dataclasses import dataclass

from ledger.models import Night, Player, Seat
from ledger.selectors.seats import night_seats
from ledger.selectors.standings import entry_totals


@dataclass(frozen=True)
class JoinScreen:
    night: Night
    seats: list[Seat]  # tonight's, in seat order, with their players
    candidates: list[Player]  # the table's players not at the table tonight, by name

    @property
    def names(self) -> dict[int, str]:
        return {p.pk: p.name for p in self.candidates} | {
            s.player_id: s.player.name for s in self.seats
        }


def join_screen(night: Night) -> JoinScreen:
    """Two queries: the seats, the table's players still offered."""
    seats = night_seats(night)
    seated = {seat.player_id for seat in seats if seat.active}
    candidates = [p for p in night.table.players.filter(retired_at=None) if p.pk not in seated]
    return JoinScreen(night=night, seats=seats, candidates=candidates)


@dataclass(frozen=True)
class LeaveScreen:
    night: Night
    player: Player
    balance: int | None  # tonight's chips as the ledger adds them up; None: not on the roster


def leave_screen(night: Night, player: Player) -> LeaveScreen:
    """Two queries: the roster's seats, the entries' totals."""
    on_roster = Seat.objects.filter(night=night, player=player).exists()
    balances, _ = entry_totals(night)
    return LeaveScreen(
        night=night, player=player, balance=balances.get(player.pk, 0) if on_roster else None
    )
