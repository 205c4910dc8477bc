"""Starting a night, as its screen shows it: the players a table offers, and last night's
seat order to start from (most nights the same people sit the same way), with who would
have dealt next had it gone on: the deal carries over from night to night. When tonight's
night was scheduled, the players who said Yes (and have a seat) are the seating offered,
in last night's order, newcomers after."""

from dataclasses import dataclass

from django.utils import timezone

from ledger.models import Night, Player, Table
from ledger.selectors.hand_screen import hand_screen
from ledger.selectors.schedules import tonights_players
from ledger.selectors.seats import night_seats


@dataclass(frozen=True)
class NightStartScreen:
    table: Table
    players: list[Player]  # offered for a new night, by name
    last_order: list[int]  # last night's seats still offered, in seat order; [] if none
    # Who would have dealt last night's next hand, if they are in ``last_order``.
    last_next_dealer: int | None = None
    # The players with a seat at tonight's scheduled night (their Yes), if one is
    # scheduled now: they are the seating offered, in last night's order.
    expected: list[int] | None = None


def night_start_screen(table: Table, *, last_night: bool = True, now=None) -> NightStartScreen:
    """A few queries: the players, the last night, its seats and its last hand (the
    next dealer); one when the form is already being filled in (``last_night=False``:
    its seats travel with it)."""
    players = list(table.players.filter(retired_at=None))
    last = None
    if last_night:
        last = Night.objects.filter(table=table).order_by("-started_at", "-id").first()
    order, dealer = [], None
    if last is not None:
        offered = {p.pk for p in players}
        order = [s.player_id for s in night_seats(last) if s.active and s.player_id in offered]
        # The deal passes on as the hand screen would have passed it after the last hand
        # (the first dealer, if the night had no hand).
        dealer = hand_screen(last).next.dealer_id
    expected = None
    if last_night:
        seated = tonights_players(table, now or timezone.now())
        if seated:
            offered = {p.pk for p in players}
            expected = [p for p in seated if p in offered]
    return NightStartScreen(
        table=table,
        players=players,
        last_order=order,
        last_next_dealer=dealer if dealer in order else None,
        expected=expected,
    )
