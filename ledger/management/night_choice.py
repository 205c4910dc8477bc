"""The options that limit a whole-ledger command to some nights, and ``--no-progress``.

``--table ID`` (as often as needed), ``--since YYYY-MM-DD`` and ``--until YYYY-MM-DD``:
the day a night started, in the server's time zone (``DJANGO_TIME_ZONE``), both days
included. A value that cannot be used is refused naming its option, before anything is
read or written.
"""

import argparse
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.core.management.base import CommandError
from django.utils import timezone

NOT_A_DATE = "{value!r} is not a date: write it YYYY-MM-DD, e.g. 2026-11-26."
NO_SUCH_TABLE = "--table {table}: there is no such table."
SINCE_AFTER_UNTIL = "--since {since} comes after --until {until}: no night could be chosen."


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        # argparse names the option: "argument --since: '2026-13-01' is not a date…"
        raise argparse.ArgumentTypeError(NOT_A_DATE.format(value=value)) from None


def add_choice_arguments(parser, *, tables_help: str = "") -> None:
    parser.add_argument(
        "--table",
        dest="tables",
        action="append",
        type=int,
        default=[],
        metavar="ID",
        help=tables_help or "only this table's nights (repeat it for several tables)",
    )
    parser.add_argument(
        "--since",
        type=_date,
        metavar="YYYY-MM-DD",
        help="only nights started on this day or later (the server's time zone)",
    )
    parser.add_argument(
        "--until",
        type=_date,
        metavar="YYYY-MM-DD",
        help="only nights started on this day or earlier (the server's time zone)",
    )


def add_progress_argument(parser) -> None:
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="show no progress on standard error",
    )


@dataclass(frozen=True)
class NightChoice:
    tables: tuple[int, ...] = ()  # () is every table
    since: date | None = None
    until: date | None = None

    def started(self) -> dict:
        """Filter arguments for the nights' ``started_at``: from the first moment of
        ``since`` to before the first moment of the day after ``until``, in the server's
        time zone (a range on the column, so its index serves)."""
        bounds = {}
        if self.since is not None:
            bounds["started_at__gte"] = _midnight(self.since)
        if self.until is not None:
            bounds["started_at__lt"] = _midnight(self.until + timedelta(days=1))
        return bounds

    def nights(self, queryset):
        """``queryset`` of nights limited to the choice."""
        if self.tables:
            queryset = queryset.filter(table_id__in=self.tables)
        return queryset.filter(**self.started())

    def takes(self, table: int | None, started_at: datetime) -> bool:
        """Whether a night of ``table`` started at ``started_at`` is chosen."""
        if self.tables and table not in self.tables:
            return False
        day = timezone.localtime(started_at).date()
        return (self.since is None or self.since <= day) and (
            self.until is None or day <= self.until
        )

    @property
    def dated(self) -> bool:
        return self.since is not None or self.until is not None


def _midnight(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def night_choice(
    options: dict,
    *,
    existing: Callable[[list[int]], Iterable[int]],
    no_such_table: str = NO_SUCH_TABLE,
    **values: object,
) -> NightChoice:
    """The choice the command's options make, refused with a CommandError naming the
    option when it cannot be used: ``existing`` gives which of the table ids exist, and
    ``no_such_table`` (with ``values``) says one that does not."""
    tables = tuple(dict.fromkeys(options.get("tables") or ()))
    since, until = options.get("since"), options.get("until")
    if since is not None and until is not None and since > until:
        raise CommandError(SINCE_AFTER_UNTIL.format(since=since, until=until))
    if tables:
        found = set(existing(list(tables)))
        missing = [table for table in tables if table not in found]
        if missing:
            raise CommandError(
                "\n".join(no_such_table.format(table=table, **values) for table in missing)
            )
    return NightChoice(tables=tables, since=since, until=until)
