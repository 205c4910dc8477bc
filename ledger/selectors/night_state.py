"""A night as the rules engine sees it: its roster in seat order, and its state before a
hand, read from the stored state after the hand before it (so settling a hand costs the
same on the night's first hand as on its hundredth). Players are ids, as the engine takes
them from the database."""

from ledger import rules
from ledger.models import Hand, Night, Seat


def night_roster(night: Night) -> dict[int, str]:
    """Player id -> current name, for every player on the night's roster, in seat order
    (clockwise): one query."""
    seats = Seat.objects.filter(night=night).order_by("position")
    return dict(seats.values_list("player_id", "player__name"))


def night_next_state(night: Night, roster: list[int]) -> tuple[int, rules.NightState]:
    """The number of the night's next hand, and the state it starts from with ``roster``
    (player ids, seat order) around the table: one query, whatever the night's length."""
    last = (
        Hand.objects.filter(night=night, live=True)
        .order_by("-number")
        .only("number", "state_after")
        .first()
    )
    return (last.number + 1 if last else 1), _state_after(last, roster)


def night_state_before(night: Night, number: int, roster: list[int]) -> rules.NightState:
    """The night's state just before hand ``number``, with ``roster`` around the table."""
    previous = (
        Hand.objects.filter(night=night, live=True, number__lt=number)
        .order_by("-number")
        .only("state_after")
        .first()
    )
    return _state_after(previous, roster)


def _state_after(hand: Hand | None, roster: list[int]) -> rules.NightState:
    if hand is None:
        return rules.NightState.start(roster)
    return hand.state().with_roster(roster)
