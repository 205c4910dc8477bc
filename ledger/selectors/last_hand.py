"""A night's last live hand, as the screens read it.

The last hand's stored ``state_after`` holds everything the next hand depends on (pot,
shares, carryovers, who skips the ante, who dealt; the balances are the seats'), so a
screen reads that one row, found by number on the (night, live, number) index, instead
of loading every hand: the cost does not grow with the night. ``night_state.state_after``
turns it into the engine's state.
"""

from ledger.models import Hand, Night

# What the screens show of a hand: enough to describe it, undo it, and go on from it.
HAND_FIELDS = ("number", "revision", "kind", "dealer_id", "input", "result", "roster")


def last_live_hand(night: Night) -> Hand | None:
    """The night's live hand with the highest number, with its stored state: one query."""
    return (
        Hand.objects.filter(night=night, live=True)
        .order_by("-number")
        .only(*HAND_FIELDS, "state_after")
        .first()
    )


def live_hand(night: Night, number: int) -> Hand | None:
    """Live hand ``number`` of the night, or None: one query."""
    return Hand.objects.filter(night=night, live=True, number=number).only(*HAND_FIELDS).first()
