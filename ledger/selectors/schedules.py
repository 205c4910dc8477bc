"""Reads of the nights ahead: a table's next nights (its page), one night with who
comes, waits, may come or has not answered (the host's page), an account's next nights
(My games), the nights of a calendar feed, and tonight's Yes players (Start a night)."""

import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Q

from ledger import rules, schedules
from ledger.models import CalendarFeed, Player, RsvpAnswer, RsvpLink, Schedule, Table
from ledger.selectors.player_links import current_links


def starts_at(schedule: Schedule, day: date) -> datetime:
    """When the night of ``day`` starts: its time on that day in the schedule's time zone
    (so 20:00 stays 20:00 across a change to or from summer time)."""
    return datetime.combine(day, schedule.time, tzinfo=zoneinfo.ZoneInfo(schedule.time_zone))


def dates(schedule: Schedule, start: date, end: date) -> list[date]:
    """The schedule's nights from ``start`` to ``end``; none once it is stopped."""
    if schedule.ended_at is not None:
        return []
    return schedules.occurrences(
        first=schedule.first_date,
        repeat=schedule.repeat,
        until=schedule.until,
        skips=[s.date for s in schedule.skips.all()],
        start=start,
        end=end,
    )


def seat_limit(table: Table) -> int:
    return rules.HouseRules.from_dict(table.rules).max_players


def night_seating(schedule: Schedule, day: date, *, before: int | None = None):
    """Who sits and who waits at ``day``'s night, from its answers (those recorded before
    the answer ``before``, if given)."""
    rows = RsvpAnswer.objects.filter(schedule=schedule, date=day)
    if before is not None:
        rows = rows.filter(pk__lt=before)
    answers = [
        schedules.Answer(player=p, answer=a, at=t)
        for p, a, t in rows.values_list("player_id", "answer", "answered_at")
    ]
    return schedules.seating(answers, seat_limit(schedule.table))


# Start a night finds tonight's scheduled night this close to its time.
TONIGHT = timedelta(hours=12)


@dataclass(frozen=True)
class NightAhead:
    schedule: Schedule
    day: date
    starts_at: datetime
    seating: schedules.Seating
    seats: int  # the table's seat limit

    @property
    def table(self) -> Table:
        return self.schedule.table


def _ahead(schedule: Schedule, day: date) -> NightAhead:
    return NightAhead(
        schedule=schedule,
        day=day,
        starts_at=starts_at(schedule, day),
        seating=night_seating(schedule, day),
        seats=seat_limit(schedule.table),
    )


def _schedules(tables) -> list[Schedule]:
    return list(
        Schedule.objects.filter(table__in=tables, ended_at=None)
        .select_related("table")
        .prefetch_related("skips")
    )


def _next(schedule: Schedule, now: datetime, count: int, days: int = 400) -> list[date]:
    start = (now - timedelta(days=1)).date()
    found = dates(schedule, start, start + timedelta(days=days))
    return [day for day in found if starts_at(schedule, day) > now][:count]


def table_nights_ahead(table: Table, now: datetime, count: int = 3) -> list[NightAhead]:
    """The table's next ``count`` nights, soonest first."""
    upcoming = [
        (starts_at(schedule, day), schedule, day)
        for schedule in _schedules([table])
        for day in _next(schedule, now, count)
    ]
    upcoming.sort(key=lambda row: (row[0], row[1].pk))
    return [_ahead(schedule, day) for _, schedule, day in upcoming[:count]]


@dataclass(frozen=True)
class NightAheadPage:
    night: NightAhead
    players: dict[int, Player]  # every player of the table, by id
    not_answered: list[Player]  # the table's players in sight who have not answered
    linked: set[int]  # players whose seat is linked to an account (a nudge reaches them)
    links: dict[int, RsvpLink]  # each player's open answer link


def night_ahead(schedule: Schedule, day: date) -> NightAheadPage:
    night = _ahead(schedule, day)
    players = {p.pk: p for p in schedule.table.players.all()}
    answered = night.seating.answered()
    not_answered = sorted(
        (p for p in players.values() if p.pk not in answered and p.retired_at is None),
        key=lambda p: (p.name.casefold(), p.pk),
    )
    linked = set(
        current_links().filter(player__table=schedule.table).values_list("player_id", flat=True)
    )
    links = {
        link.player_id: link
        for link in RsvpLink.objects.filter(player__table=schedule.table, revoked_at=None)
    }
    return NightAheadPage(night, players, not_answered, linked, links)


def night_is_ahead(schedule: Schedule, day: date) -> bool:
    return day in dates(schedule, day, day)


@dataclass(frozen=True)
class MyNightAhead:
    night: NightAhead
    player: Player  # the seat the account answers for
    answer: str  # "yes", "no", "maybe" or "" (not yet)
    waiting: int  # 1 for the first who waits, 0 if not waiting


def _my(night: NightAhead, player: Player) -> MyNightAhead:
    seating = night.seating
    if player.pk in seating.seated or player.pk in seating.waiting:
        answer = schedules.YES
    elif player.pk in seating.maybe:
        answer = schedules.MAYBE
    elif player.pk in seating.no:
        answer = schedules.NO
    else:
        answer = ""
    waiting = seating.waiting.index(player.pk) + 1 if player.pk in seating.waiting else 0
    return MyNightAhead(night=night, player=player, answer=answer, waiting=waiting)


def player_nights_ahead(player: Player, now: datetime, count: int = 4) -> list[MyNightAhead]:
    """The next nights of ``player``'s table, each with their answer (their own link's
    page, their account's)."""
    return [_my(night, player) for night in table_nights_ahead(player.table, now, count)]


def account_nights_ahead(user, now: datetime, count: int = 2) -> list[MyNightAhead]:
    """The next nights of every table where ``user`` holds a seat, soonest first."""
    seats = [
        link.player
        for link in current_links()
        .filter(user=user, player__table__hidden_at=None)
        .select_related("player__table")
    ]
    found = [
        _my(night, seat) for seat in seats for night in table_nights_ahead(seat.table, now, count)
    ]
    return sorted(found, key=lambda mine: (mine.night.starts_at, mine.night.schedule.pk))


def feed_nights(user, now: datetime) -> list[NightAhead]:
    """The nights a calendar feed lists: a month back and a year ahead, at every table
    ``user`` hosts or holds a seat at."""
    tables = Table.objects.filter(
        Q(owner=user) | Q(players__links__user=user, players__links__unlink__isnull=True),
        hidden_at=None,
    ).distinct()
    start = (now - timedelta(days=31)).date()
    end = (now + timedelta(days=366)).date()
    found = [
        NightAhead(schedule, day, starts_at(schedule, day), schedules.Seating([], [], [], []), 0)
        for schedule in _schedules(tables)
        for day in dates(schedule, start, end)
    ]
    return sorted(found, key=lambda night: (night.starts_at, night.schedule.pk))


def tonights_players(table: Table, now: datetime) -> list[int] | None:
    """The players with a seat at the table's scheduled night closest to ``now`` (within
    12 hours), in the order they said Yes; None if no night is scheduled then."""
    closest = None
    for schedule in _schedules([table]):
        for day in dates(schedule, (now - TONIGHT).date(), (now + TONIGHT).date()):
            begins = starts_at(schedule, day)
            if abs(begins - now) <= TONIGHT and (
                closest is None or abs(begins - now) < abs(closest[0] - now)
            ):
                closest = (begins, schedule, day)
    if closest is None:
        return None
    return night_seating(closest[1], closest[2]).seated


def nights_starting(after: datetime, until: datetime) -> list[NightAhead]:
    """Every table's nights that start after ``after`` and by ``until`` (the reminders'),
    each with its seating."""
    tables = Table.objects.filter(hidden_at=None)
    found = []
    for schedule in _schedules(tables):
        for day in dates(schedule, (after - TONIGHT).date(), (until + TONIGHT).date()):
            if after < starts_at(schedule, day) <= until:
                found.append(_ahead(schedule, day))
    return found


def calendar_feed_of(user) -> CalendarFeed | None:
    return CalendarFeed.objects.filter(user=user).first()


def calendar_feed_for_token(token: str) -> CalendarFeed | None:
    return CalendarFeed.objects.select_related("user").filter(token=token).first()
