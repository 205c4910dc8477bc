"""What the trick referee's screen reads: the night's rules and who is at the table."""

from dataclasses import dataclass

from django.db.models import Max

from ledger import rules
from ledger.models import Hand, Night
from ledger.selectors.seats import RosterPlayer, night_roster


@dataclass(frozen=True)
class RefereeScreen:
    night: Night
    house: rules.HouseRules  # tonight's snapshot: its play_obligation decides
    players: tuple[RosterPlayer, ...]  # still at the table tonight, in seat order
    hand_number: int  # the hand being entered on the hand screen


def referee_screen(night: Night) -> RefereeScreen:
    last = Hand.objects.filter(night=night, live=True).aggregate(last=Max("number"))["last"]
    return RefereeScreen(
        night=night,
        house=night.house_rules,
        players=tuple(player for player in night_roster(night) if player.active),
        hand_number=(last or 0) + 1,
    )
