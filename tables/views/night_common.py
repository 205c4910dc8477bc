"""What every screen of a night shows: the roster's names, the standings, the way around."""

from dataclasses import dataclass

from django.urls import reverse

from ledger import selectors
from ledger.models import Night, Seat
from tables import presenters
from tables.forms_hand import Person


def roster(night: Night) -> list[Person]:
    """Every roster player in seat order, with whether they are still at the table."""
    seats = Seat.objects.filter(night=night).select_related("player").order_by("position")
    return [
        Person(id=s.player_id, name=s.player.name, position=s.position, active=s.active)
        for s in seats
    ]


@dataclass(frozen=True)
class StandingRow:
    name: str
    chips: str
    money: str
    css: str


def standings(night: Night) -> tuple[list[StandingRow], int]:
    """Every balance as chips and money, and the pot."""
    house = night.house_rules
    current = selectors.night_standings(night)
    rows = [
        StandingRow(
            name=row.player.name,
            chips=presenters.chips(row.chips),
            money=presenters.money(row.money, house.currency),
            css=presenters.sign_class(row.chips),
        )
        for row in current.rows
    ]
    return rows, current.pot


def links(night: Night) -> dict[str, str]:
    return {
        "table": reverse("table_detail", args=[night.table_id]),
        "join": reverse("night_join", args=[night.pk]),
        "report": reverse("night_report", args=[night.pk]),
        "log": reverse("night_log", args=[night.pk]),
        "detail": reverse("night_detail", args=[night.pk]),
    }
