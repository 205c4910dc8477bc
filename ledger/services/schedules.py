"""Nights ahead: the host schedules a table's nights (once or repeating), skips a date or
stops the repeats; players answer Yes, No or Maybe, from their account or their own
link; each account's calendar address is made or reset."""

import secrets
import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger import names, schedules
from ledger.errors import Conflict, InvalidInput
from ledger.models import (
    CalendarFeed,
    Player,
    RsvpAnswer,
    RsvpLink,
    Schedule,
    ScheduleSkip,
    Table,
)
from ledger.models.schedules import NOTE_MAX, PLACE_MAX
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.schedules import dates, night_seating, starts_at

TIME_ZONE_UNKNOWN = Code(
    "time_zone_unknown",
    gettext_noop("{zone} is not a time zone this server knows (say Europe/Stockholm)."),
)
FIRST_NIGHT_PAST = Code(
    "first_night_past", gettext_noop("The first night has begun already: pick a later time.")
)
# A date further ahead is a slip of the thumb (9999 for 2026), and would run the repeats
# past the calendar's end.
YEARS_AHEAD = 5
FIRST_DATE_TOO_FAR = Code(
    "first_date_too_far",
    gettext_noop("{date} is too far ahead: pick a date within {years} years."),
    years=YEARS_AHEAD,
)
UNTIL_TOO_FAR = Code(
    "until_too_far",
    gettext_noop("{date} is too far ahead: pick a date within {years} years."),
    years=YEARS_AHEAD,
)
UNTIL_BEFORE_FIRST = Code(
    "until_before_first", gettext_noop("The last night cannot come before the first.")
)
PLACE_TOO_LONG = Code(
    "place_too_long", gettext_noop("The place can be at most {limit} characters."), limit=PLACE_MAX
)
NOTE_TOO_LONG = Code(
    "note_too_long", gettext_noop("The note can be at most {limit} characters."), limit=NOTE_MAX
)
REPEAT_UNKNOWN = Code("repeat_unknown", gettext_noop("{repeat} is not a way to repeat."))
NO_NIGHT_THAT_DAY = Code("no_night_that_day", gettext_noop("There is no night on {date}."))
NIGHT_BEGUN = Code(
    "night_begun", gettext_noop("The night of {date} has begun: answers are closed.")
)
ANSWER_UNKNOWN = Code("answer_unknown", gettext_noop("{answer} is not Yes, No or Maybe."))
SCHEDULE_STOPPED = Code("schedule_stopped", gettext_noop("These nights were called off."))


def _text(value: str, code: Code, limit: int) -> str:
    text = names.name_normal(value or "")
    if len(text) > limit:
        raise InvalidInput(code())
    return text


def _zone(name: str) -> str:
    if name not in zoneinfo.available_timezones():
        raise InvalidInput(TIME_ZONE_UNKNOWN(zone=name))
    return name


def schedule_create(
    *,
    table: Table,
    by,
    first_date: date,
    at: time,
    time_zone: str,
    repeat: str,
    place: str = "",
    note: str = "",
    until: date | None = None,
    now: datetime | None = None,
) -> Schedule:
    """A night ahead, or a repeating one. Refused: an unknown time zone or repeat, a
    first night begun already, a last night before the first, a date more than
    YEARS_AHEAD years ahead, a place or note too long."""
    now = now or timezone.now()
    problems = []
    if repeat not in schedules.REPEATS:
        problems.append(REPEAT_UNKNOWN(repeat=repeat))
    try:
        zone = _zone(time_zone)
    except InvalidInput as error:
        problems += error.problems
        zone = None
    for value, code, limit in ((place, PLACE_TOO_LONG, PLACE_MAX), (note, NOTE_TOO_LONG, NOTE_MAX)):
        try:
            _text(value, code, limit)
        except InvalidInput as error:
            problems += error.problems
    if zone and datetime.combine(first_date, at, tzinfo=zoneinfo.ZoneInfo(zone)) <= now:
        problems.append(FIRST_NIGHT_PAST())
    if until is not None and until < first_date:
        problems.append(UNTIL_BEFORE_FIRST())
    furthest = now.date() + timedelta(days=365 * YEARS_AHEAD)
    for day, code in ((first_date, FIRST_DATE_TOO_FAR), (until, UNTIL_TOO_FAR)):
        if day is not None and day > furthest:
            problems.append(code(date=day.isoformat()))
    if problems:
        raise InvalidInput(problems)
    return Schedule.objects.create(
        table=table,
        first_date=first_date,
        time=at,
        time_zone=zone,
        place=_text(place, PLACE_TOO_LONG, PLACE_MAX),
        note=_text(note, NOTE_TOO_LONG, NOTE_MAX),
        repeat=repeat,
        until=None if repeat == schedules.ONCE else until,
        created_by=by,
        created_at=now,
    )


def _refuse_unless_ahead(schedule: Schedule, day: date, now: datetime) -> None:
    if schedule.ended_at is not None:
        raise Conflict(SCHEDULE_STOPPED())
    if day not in dates(schedule, day, day):
        raise InvalidInput(NO_NIGHT_THAT_DAY(date=day.isoformat()))
    if starts_at(schedule, day) <= now:
        raise Conflict(NIGHT_BEGUN(date=day.isoformat()))


def schedule_skip(*, schedule: Schedule, day: date, by, now: datetime | None = None) -> None:
    """No night on ``day``: the repeat goes on after it. Its answers stay, unread."""
    now = now or timezone.now()
    with transaction.atomic():
        Table.objects.select_for_update(no_key=True).get(pk=schedule.table_id)
        _refuse_unless_ahead(schedule, day, now)
        ScheduleSkip.objects.create(schedule=schedule, date=day, skipped_by=by, skipped_at=now)


def schedule_stop(*, schedule: Schedule, by) -> Schedule:
    """No more nights of ``schedule``: the page and the calendars drop them."""
    if schedule.ended_at is None:
        schedule.ended_at = timezone.now()
        schedule.ended_by = by
        schedule.save(update_fields=["ended_at", "ended_by"])
    return schedule


@dataclass(frozen=True)
class Answered:
    answer: RsvpAnswer
    seating: schedules.Seating
    moved_up: list[int]  # players who were waiting and have a seat now


def rsvp_answer(
    *,
    schedule: Schedule,
    day: date,
    player: Player,
    answer: str,
    by=None,
    link: RsvpLink | None = None,
    now: datetime | None = None,
) -> Answered:
    """``player``'s answer to ``day``'s night, from their account (``by``) or their link.
    The latest answer counts; a Yes past the seat limit waits, and a seat given up goes to
    the first who waits (``moved_up``, for their message)."""
    now = now or timezone.now()
    if answer not in schedules.ANSWERS:
        raise InvalidInput(ANSWER_UNKNOWN(answer=answer))
    with transaction.atomic():
        # One answer at a time per table: the order of answers is the waiting list's.
        Table.objects.select_for_update(no_key=True).get(pk=schedule.table_id)
        _refuse_unless_ahead(schedule, day, now)
        before = night_seating(schedule, day)
        row = RsvpAnswer.objects.create(
            schedule=schedule,
            date=day,
            player=player,
            answer=answer,
            by=by if link is None else None,
            link=link,
            answered_at=now,
        )
        after = night_seating(schedule, day)
    return Answered(answer=row, seating=after, moved_up=schedules.moved_up(before, after))


def rsvp_link_create(*, player: Player, by) -> RsvpLink:
    """A new answer link for ``player``; the one they had stops working."""
    now = timezone.now()
    with transaction.atomic():
        Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        RsvpLink.objects.filter(player=player, revoked_at=None).update(
            revoked_at=now, revoked_by=by
        )
        return RsvpLink.objects.create(
            player=player, token=secrets.token_urlsafe(24), created_by=by, created_at=now
        )


def rsvp_link_revoke(*, link: RsvpLink, by) -> RsvpLink:
    """The link answers for no one from now on, as a link never made."""
    if link.revoked_at is None:
        link.revoked_at = timezone.now()
        link.revoked_by = by
        link.save(update_fields=["revoked_at", "revoked_by"])
    return link


def calendar_feed_reset(*, user) -> CalendarFeed:
    """The account's calendar address, new: the old one (if any) stops working."""
    token = secrets.token_urlsafe(24)
    try:
        with transaction.atomic():
            feed, _ = CalendarFeed.objects.update_or_create(
                user=user, defaults={"token": token, "created_at": timezone.now()}
            )
    except IntegrityError:  # two taps at once: the other's address stands
        feed = CalendarFeed.objects.get(user=user)
    return feed
