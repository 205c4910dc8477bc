"""A night as the rules engine sees it: its state after a hand, before a hand, and before
the next one, read from the stored state after the hand before it (so settling a hand
costs the same on the night's first hand as on its hundredth). Players are ids, as the
engine takes them from the database; the roster in seat order is ``seats.night_roster``."""

from collections.abc import Sequence
from dataclasses import dataclass

from ledger import rules
from ledger.models import Hand, Night
from ledger.selectors.last_hand import last_live_hand
from ledger.selectors.seats import ids_of, night_roster


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


@dataclass(frozen=True)
class Snapshot:
    """What a night's next hand is settled from, as read at one moment.

    A writer may read it before its write transaction opens (SQLite's BEGIN IMMEDIATE holds
    every other writer off while it is open) and then only check, under the night's lock,
    that the two things it stands on are unchanged: the last live hand's row (a record,
    correction or undo makes another one last) and the number of seats (a late arrival is
    the only change to the roster's order: seats are never removed).
    """

    roster: tuple[int, ...]  # player ids, seat order
    last_id: int | None  # the last live hand's row; None before the first hand
    number: int  # the next hand's
    state: rules.NightState  # the state it starts from, with ``roster`` around the table


def snapshot_of(roster: Sequence[int], last: Hand | None) -> Snapshot:
    """The snapshot of a night whose roster is ``roster`` and last live hand ``last``."""
    return Snapshot(
        roster=tuple(roster),
        last_id=last.pk if last is not None else None,
        number=last.number + 1 if last is not None else 1,
        state=state_after(last, roster),
    )


def night_snapshot(night: Night) -> Snapshot:
    """The night's snapshot now: two queries (the roster, the last live hand)."""
    return snapshot_of(ids_of(night_roster(night)), last_live_hand(night))
