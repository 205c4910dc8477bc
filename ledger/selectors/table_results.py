"""A table's results file: every night's result for each player on its roster, oldest
night first, in seat order. The closed nights' results are read as they were written
when each closed; a night still being played is added up from its entries.

It is read night by night as the file is written: the closed nights' results, six or so
rows a night, come from one query read in chunks, so however long the history only the
list of its nights is held at once, never every row of the file."""

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from itertools import groupby
from operator import itemgetter

from django.db.models import BooleanField, ExpressionWrapper, Q, Sum

from ledger import rules
from ledger.models import Entry, Night, NightResult, Seat, Table
from ledger.rules.money import from_units

# A closed night's money is kept in the currency's smallest unit; the same amounts come
# back night after night, so each is made a Decimal once (Decimals are immutable).
_money = lru_cache(maxsize=4096)(from_units)

# The closed nights' results are fetched this many rows at a time.
CHUNK_ROWS = 2000
# Whether a night is closed, without reading (and converting) when it closed.
CLOSED = ExpressionWrapper(Q(closed_at__isnull=False), output_field=BooleanField())


@dataclass(frozen=True)
class NightResults:
    """One night's lines of the results file, in seat order."""

    night_id: int
    started_at: datetime
    closed: bool
    rows: list[tuple[str, int, Decimal, str]]  # (player's name, chips, money, currency)


def table_results(table: Table) -> Iterator[NightResults]:
    """The table's nights in order, each with its rows: two queries, and three more when
    a night is still being played (its house rules, seats and entries)."""
    nights = list(
        Night.objects.filter(table=table)
        .order_by("started_at", "id")
        .values_list("pk", "started_at", CLOSED)
    )
    still_open = [pk for pk, _, closed in nights if not closed]
    open_rows = _open_rows(still_open)
    closed_nights = {pk for pk, _, closed in nights if closed}
    # In the nights' own order, so each night's rows follow the last's. A night that
    # closed since the list above was read is left out: it is added up as still open.
    results = groupby(
        NightResult.objects.filter(table=table)
        .exclude(night_id__in=still_open)
        .order_by("night__started_at", "night_id", "position")
        .values_list("night_id", "player__name", "chips", "money_units", "currency")
        .iterator(chunk_size=CHUNK_ROWS),
        key=itemgetter(0),
    )
    group = next(results, None)
    for night_id, started_at, closed in nights:
        if not closed:
            yield NightResults(night_id, started_at, False, open_rows[night_id])
            continue
        lines = []
        while group is not None:
            of_night, rows = group
            if of_night == night_id:
                lines = [
                    (name, chips, _money(units, currency), currency)
                    for _, name, chips, units, currency in rows
                ]
            elif of_night in closed_nights:
                break  # the next night's
            # else: a night recorded since the list above was read, left out.
            group = next(results, None)
        yield NightResults(night_id, started_at, True, lines)


def _open_rows(still_open: list[int]) -> dict[int, list[tuple[str, int, Decimal, str]]]:
    """The nights still being played, added up from their entries, each seat's row."""
    rows: dict[int, list[tuple[str, int, Decimal, str]]] = defaultdict(list)
    if not still_open:
        return rows
    # Only these nights' house rules are read: a closed night's money was written then.
    house = {
        pk: rules.HouseRules.from_dict(house_rules)
        for pk, house_rules in Night.objects.filter(pk__in=still_open).values_list("pk", "rules")
    }
    chips: dict[tuple[int, int], int] = {
        (night_id, player_id): amount
        for night_id, player_id, amount in (
            Entry.objects.filter(night_id__in=still_open, player__isnull=False)
            .values_list("night_id", "player_id")
            .annotate(chips=Sum("amount"))
            .values_list("night_id", "player_id", "chips")
            .order_by()
        )
    }
    for night_id, name, player_id in (
        Seat.objects.filter(night_id__in=still_open)
        .order_by("night_id", "position")
        .values_list("night_id", "player__name", "player_id")
    ):
        amount = chips.get((night_id, player_id), 0)
        night_rules = house[night_id]
        rows[night_id].append(
            (name, amount, rules.to_money(amount, night_rules), night_rules.currency)
        )
    return rows
