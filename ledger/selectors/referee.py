"""What the trick referee's screen reads: the night's rules and who is at the table."""

from dataclasses import dataclass

from django.db.models import Max

from ledger import rules
from ledger.models import Hand, Night, Seat


@dataclass(frozen=True)
class RefereePlayer:
    id: int
    name: str


@dataclass(frozen=True)
class RefereeScreen:
    house: rules.HouseRules  # tonight's snapshot: its play_obligation decides
    players: tuple[RefereePlayer, ...]  # still at the table tonight, in seat order
    hand_number: int  # the hand being entered on the hand screen


def referee_screen(night: Night) -> RefereeScreen:
    seats = (
        Seat.objects.filter(night=night, active=True).select_related("player").order_by("position")
    )
    last = Hand.objects.filter(night=night, live=True).aggregate(last=Max("number"))["last"]
    return RefereeScreen(
        house=rules.HouseRules.from_dict(night.rules),
        players=tuple(RefereePlayer(seat.player_id, seat.player.name) for seat in seats),
        hand_number=(last or 0) + 1,
    )
