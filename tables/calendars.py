"""Nights ahead as calendar files (ICS, RFC 5545), written with the ``icalendar`` library:
each night an event at its time in its time zone, with that zone's rules written in
(VTIMEZONE), so a calendar shows 20:00 on both sides of a change to summer time."""

from datetime import timedelta

from django.http import HttpResponse
from django.utils import timezone
from icalendar import Calendar, Event

from ledger.selectors.schedules import NightAhead

# A calendar needs an end: a Bourré night's usual length.
NIGHT_LENGTH = timedelta(hours=4)


def _event(night: NightAhead, domain: str) -> Event:
    event = Event()
    event.add("uid", f"night-{night.schedule.pk}-{night.day.isoformat()}@{domain}")
    event.add("dtstamp", timezone.now())
    event.add("dtstart", night.starts_at)
    event.add("dtend", night.starts_at + NIGHT_LENGTH)
    event.add("summary", night.table.name)
    if night.schedule.place:
        event.add("location", night.schedule.place)
    if night.schedule.note:
        event.add("description", night.schedule.note)
    return event


def calendar(nights: list[NightAhead], *, name: str, domain: str) -> bytes:
    cal = Calendar()
    cal.add("prodid", "-//Bourré ledger//Nights ahead//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", name)
    for night in nights:
        cal.add_component(_event(night, domain))
    cal.add_missing_timezones()
    return cal.to_ical()


def ics_response(
    nights: list[NightAhead], *, name: str, domain: str, filename: str
) -> HttpResponse:
    response = HttpResponse(
        calendar(nights, name=name, domain=domain), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
