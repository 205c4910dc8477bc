"""A night as the rules engine sees it: its state after a hand, before a hand, and before
the next one, read from the stored state after the hand before it (so settling a hand
costs the same on the night's first hand as on its hundredth). Players are ids, as the
engine takes them from the database; the roster in seat order is ``seats.night_roster``."""

from collections.abc import Sequence

from ledger import rules
from ledger.models import Hand, Night


def state_after(hand: Hand | None, roster: Sequence[int]) -> rules.NightState:
    """The engine's state after ``hand`` (None: a night with no hand yet), with ``roster``
    (player ids, seat order) around the table: late arrivals are seated, nothing is read."""
    if hand is None:
        return rules.NightState.start(roster)
    return hand.state().with_roster(roster)


def night_next_state(night: Night, roster: Sequence[int]) -> tuple[int, rules.NightState]:
    """The number of the night's next hand, and the state it starts from with ``roster``
    (player ids, seat order) around the table: one query, whatever the night's length."""
    last = (
        Hand.objects.filter(night=night, live=True)
        .order_by("-number")
        .only("number", "state_after")
        .first()
    )
    return (last.number + 1 if last else 1), state_after(last, roster)


def night_state_before(night: Night, number: int, roster: Sequence[int]) -> rules.NightState:
    """The night's state just before hand ``number``, with ``roster`` around the table."""
    previous = (
        Hand.objects.filter(night=night, live=True, number__lt=number)
        .order_by("-number")
        .only("state_after")
        .first()
    )
    return state_after(previous, roster)
