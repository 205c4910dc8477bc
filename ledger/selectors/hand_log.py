"""The hand log screen: every revision of every hand, newest hand first, with who changed
what and when, and who came and went. Four queries, whatever the night's length."""

from dataclasses import dataclass
from itertools import groupby

from ledger.models import Hand, Night, PlayerLink, RosterChange
from ledger.selectors.seats import RosterPlayer, names_of, night_roster


@dataclass(frozen=True)
class HandRevisions:
    number: int
    revisions: list[Hand]  # oldest first


@dataclass(frozen=True)
class HandLog:
    night: Night
    roster: tuple[RosterPlayer, ...]  # seat order
    hands: list[HandRevisions]  # newest first: the hand to correct is near the top
    changes: list[RosterChange]  # oldest first
    # The accounts that play a seat at the night's table, by user id: the seat's name,
    # which says who recorded a hand better than an account's name ("by Ann").
    seat_names: dict[int, str]

    @property
    def names(self) -> dict[int, str]:
        return names_of(self.roster)


def hand_log(night: Night) -> HandLog:
    revisions = (
        Hand.objects.filter(night=night)
        .select_related("created_by")
        .order_by("-number", "revision")
    )
    hands = []
    for number, group in groupby(revisions, key=lambda hand: hand.number):
        hands.append(HandRevisions(number, list(group)))
    changes = RosterChange.objects.filter(night=night).select_related("player", "created_by")
    seat_names = dict(
        PlayerLink.objects.filter(player__table_id=night.table_id, unlink__isnull=True).values_list(
            "user_id", "player__name"
        )
    )
    return HandLog(
        night=night,
        roster=tuple(night_roster(night)),
        hands=hands,
        changes=list(changes),
        seat_names=seat_names,
    )
