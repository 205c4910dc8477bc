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
    # A payee's ways of getting paid only where this player must pay them.
    mine = {t.payee.id for t in shown.transfers if t.payer.id == seat.pk}
    methods = {pid: ways for pid, ways in shown.payee_methods.items() if pid in mine}
    return Page(
        TEMPLATE,
        {
            "night": night,
            "seat": seat,
            "last_hand": screen.history.log[-1].number if screen.history.log else 0,
            "standings": shown.standings,
            # What the live link shows: each transfer's status and what is open of it
            # with its payee's pay buttons, none of the host's audit.
            "rows": night_rows(night, shown.transfers, Mode.LIVE, methods),
            "seal": screen.seal,
            "log": list(reversed(screen.history.log)),
        },
    )
