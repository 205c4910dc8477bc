"""Someone goes home mid-game: they are no longer dealt in and keep tonight's balance."""

from ledger import errors as err
from ledger.selectors.roster_changes import LeaveScreen
from tables import presenters
from tables.problems import sentence
from tables.responses import Page

TEMPLATE = "roster/night_leave.html"


def night_leave_page(screen: LeaveScreen) -> Page:
    balance = screen.balance or 0
    return Page(
        TEMPLATE,
        {
            "night": screen.night,
            "player": screen.player,
            "balance": screen.balance,
            "balance_chips": presenters.chips(balance),
            "balance_css": presenters.sign_class(balance),
            "closed_message": sentence(err.NIGHT_CLOSED()),
        },
    )
