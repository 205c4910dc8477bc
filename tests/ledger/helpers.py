"""Hands with names, recorded the way the app records them: through the services."""

from ledger import rules
from ledger.models import Seat
from ledger.services import hands as hand_services


def ids(night) -> dict[str, int]:
    """Name -> player id for a night's roster, for building hands in tests."""
    return dict(Seat.objects.filter(night=night).values_list("player__name", "player_id"))


def hand_data(night, hand: dict) -> rules.HandInput:
    """A night-file style hand (names) as the services take it (ids)."""
    by_name = ids(night)
    seated = hand.get("seated", list(by_name))
    return rules.HandInput(
        dealer=by_name[hand["dealer"]],
        seated=[by_name[n] for n in seated],
        stayed={by_name[n]: t for n, t in hand.get("stayed", {}).items()},
        reneged=[by_name[n] for n in hand.get("reneged", [])],
        misdeal=hand.get("misdeal", False),
    )


def record_all(night, hands, start=1):
    """Record night-file style ``hands`` as hands ``start``, ``start + 1``..."""
    for number, hand in enumerate(hands, start=start):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=night.started_by
        )
