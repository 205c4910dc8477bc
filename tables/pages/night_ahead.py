"""One night ahead, as its host sees it: who has a seat, who waits (in order), who may
come, who cannot, who has not answered (with a nudge for those with an account, and each
player's own answer link to send the others)."""

from datetime import date

from ledger.models import Schedule
from ledger.selectors.schedules import night_ahead
from tables.responses import Page


def night_ahead_page(schedule: Schedule, day: date) -> Page:
    page = night_ahead(schedule, day)
    seating = page.night.seating
    named = page.players
    return Page(
        "ahead/night.html",
        {
            "night": page.night,
            "table": schedule.table,
            "seated": [named[p] for p in seating.seated],
            "waiting": [named[p] for p in seating.waiting],
            "maybe": [named[p] for p in seating.maybe],
            "no": [named[p] for p in seating.no],
            "not_answered": page.not_answered,
            "linked": page.linked,
            # Each player in sight without an account, with their answer link if made.
            "link_rows": [
                (player, page.links.get(player.pk))
                for player in sorted(named.values(), key=lambda p: (p.name.casefold(), p.pk))
                if player.retired_at is None and player.pk not in page.linked
            ],
            "can_nudge": any(p.pk in page.linked for p in page.not_answered),
        },
    )
