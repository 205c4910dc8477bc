"""Nights ahead, worked out with no database: the dates a schedule falls on, and who has a
seat at a night from the answers given.

- A schedule starts on a date and happens once, or repeats weekly, every other week or
  monthly. Monthly is the same weekday of the month as the first night (the 2nd
  Thursday); a month with no such day (a 5th Friday) has no night. A repeat may end on a
  date, and may skip dates.
- Answers are Yes, No or Maybe, the latest counting. The seats go to the Yes answers in
  the order they were given, up to the seat limit; the rest wait in that order. A player
  who says Yes again keeps their place; one who says No or Maybe and then Yes again goes
  to the back.
"""

from calendar import monthrange
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

ONCE = "once"
WEEKLY = "weekly"
FORTNIGHTLY = "fortnightly"
MONTHLY = "monthly"
REPEATS = (ONCE, WEEKLY, FORTNIGHTLY, MONTHLY)

YES = "yes"
NO = "no"
MAYBE = "maybe"
ANSWERS = (YES, NO, MAYBE)


def _nth_weekday(year: int, month: int, weekday: int, nth: int) -> date | None:
    """The ``nth`` (1-5) ``weekday`` (Monday 0) of the month, or None if it has none."""
    first = date(year, month, 1)
    day = 1 + (weekday - first.weekday()) % 7 + 7 * (nth - 1)
    return date(year, month, day) if day <= monthrange(year, month)[1] else None


def _monthly(first: date) -> Iterable[date]:
    nth = (first.day - 1) // 7 + 1
    year, month = first.year, first.month
    while True:
        found = _nth_weekday(year, month, first.weekday(), nth)
        if found is not None:
            yield found
        month += 1
        if month > 12:
            year, month = year + 1, 1


def _every(first: date, days: int) -> Iterable[date]:
    day = first
    while True:
        yield day
        day += timedelta(days=days)


def occurrences(
    *,
    first: date,
    repeat: str,
    until: date | None,
    skips: Iterable[date],
    start: date,
    end: date,
) -> list[date]:
    """The dates of the schedule from ``start`` to ``end`` (both included), without the
    skipped ones."""
    if repeat not in REPEATS:
        raise ValueError(f"unknown repeat: {repeat!r}")
    last = end if until is None else min(end, until)
    skipped = set(skips)
    if repeat == ONCE:
        dates: Iterable[date] = [first]
    elif repeat == MONTHLY:
        dates = _monthly(first)
    else:
        dates = _every(first, 7 if repeat == WEEKLY else 14)
    found = []
    for day in dates:
        if day > last:
            break
        if day >= start and day not in skipped:
            found.append(day)
    return found


@dataclass(frozen=True)
class Answer:
    player: int
    answer: str
    at: datetime


@dataclass(frozen=True)
class Seating:
    seated: list[int]  # the Yes answers with a seat, in the order they were given
    waiting: list[int]  # the Yes answers past the seat limit, first to move up first
    maybe: list[int]
    no: list[int]

    def answered(self) -> set[int]:
        return {*self.seated, *self.waiting, *self.maybe, *self.no}


def seating(answers: Iterable[Answer], seats: int) -> Seating:
    """Who sits and who waits, from every answer ever given (any order)."""
    latest: dict[int, str] = {}
    yes_since: dict[int, datetime] = {}
    for row in sorted(answers, key=lambda a: a.at):
        if row.answer == YES and latest.get(row.player) != YES:
            yes_since[row.player] = row.at
        latest[row.player] = row.answer
    yes = sorted((p for p, a in latest.items() if a == YES), key=lambda p: (yes_since[p], p))
    return Seating(
        seated=yes[:seats],
        waiting=yes[seats:],
        maybe=sorted(p for p, a in latest.items() if a == MAYBE),
        no=sorted(p for p, a in latest.items() if a == NO),
    )


def moved_up(before: Seating, after: Seating) -> list[int]:
    """Who was waiting and has a seat now."""
    return [p for p in after.seated if p in before.waiting]
