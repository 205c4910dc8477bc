from ledger.services import HandData
from tests.factories import ids


def hand_data(night, hand: dict) -> HandData:
    """A night-file style hand (names) as the services' HandData (ids)."""
    by_name = ids(night)
    seated = hand.get("seated", list(by_name))
    return HandData(
        dealer=by_name[hand["dealer"]],
        seated=[by_name[n] for n in seated],
        stayed={by_name[n]: t for n, t in hand.get("stayed", {}).items()},
        reneged=[by_name[n] for n in hand.get("reneged", [])],
        misdeal=hand.get("misdeal", False),
    )
