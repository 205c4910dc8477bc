"""My calendar: the secret address a calendar app follows for every night of the
account's tables, and a way to change it."""

from ledger.models import CalendarFeed
from tables.responses import Page


def account_calendar_page(feed: CalendarFeed | None, feed_url: str) -> Page:
    return Page("ahead/calendar.html", {"feed": feed, "feed_url": feed_url})
