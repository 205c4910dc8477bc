"""One night as a player sees it from their account: the live link's standings, the
settle-up with its pay buttons, the seal and the hand log, newest first."""

from ledger.models import Night, Player
from ledger.selectors.my_night import my_night
from tables.responses import Page
from tables.transfers import Mode, night_rows

TEMPLATE = "me/night.html"


def my_night_page(night: Night, seat: Player) -> Page:
    screen = my_night(night, seat)
    shown = screen.shown
    return Page(
        TEMPLATE,
        {
            "night": night,
            "seat": seat,
            "last_hand": screen.history.log[-1].number if screen.history.log else 0,
            "standings": shown.standings,
            # What the live link shows: each transfer's status and what is open of it
            # with its payee's pay buttons, none of the host's audit.
            "rows": night_rows(night, shown.transfers, Mode.LIVE, shown.payee_methods),
            "seal": screen.seal,
            "log": list(reversed(screen.history.log)),
        },
    )
