"""A table's results file: every night's result for each player on its roster, oldest
night first, in seat order. The closed nights' results are read as they were written
when each closed; a night still being played is added up from its entries."""

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Sum

from ledger import rules
from ledger.models import Entry, Night, NightResult, Seat, Table
from ledger.rules.money import from_units


@dataclass(frozen=True)
class ResultRow:
    night_id: int
    started_at: datetime
    closed: bool
    player: str
    chips: int
    money: Decimal
    currency: str


def table_results(table: Table) -> Iterator[ResultRow]:
    """Three queries, and two more when a night is still being played."""
    nights = list(
        Night.objects.filter(table=table)
        .order_by("started_at", "id")
        .values_list("pk", "started_at", "closed_at", "rules")
    )
    closed: dict[int, list[tuple[str, int, Decimal, str]]] = defaultdict(list)
    for night_id, name, chips, money, currency in (
        NightResult.objects.filter(table=table)
        .order_by("night_id", "position")
        .values_list("night_id", "player__name", "chips", "money_units", "currency")
    ):
        closed[night_id].append((name, chips, from_units(money, currency), currency))
    still_open = [pk for pk, _, closed_at, _ in nights if closed_at is None]
    seats: dict[int, list[tuple[str, int]]] = defaultdict(list)
    chips: dict[tuple[int, int], int] = {}
    if still_open:
        for night_id, name, player_id in (
            Seat.objects.filter(night_id__in=still_open)
            .order_by("night_id", "position")
            .values_list("night_id", "player__name", "player_id")
        ):
            seats[night_id].append((name, player_id))
        for night_id, player_id, amount in (
            Entry.objects.filter(night_id__in=still_open, player__isnull=False)
            .values_list("night_id", "player_id")
            .annotate(chips=Sum("amount"))
            .values_list("night_id", "player_id", "chips")
            .order_by()
        ):
            chips[night_id, player_id] = amount
    for night_id, started_at, closed_at, house_rules in nights:
        if closed_at is not None:
            for name, amount, money, currency in closed[night_id]:
                yield ResultRow(night_id, started_at, True, name, amount, money, currency)
            continue
        house = rules.HouseRules.from_dict(house_rules)
        for name, player_id in seats[night_id]:
            amount = chips.get((night_id, player_id), 0)
            yield ResultRow(
                night_id,
                started_at,
                False,
                name,
                amount,
                rules.to_money(amount, house),
                house.currency,
            )
