"""A late arrival joins tonight's game: who (someone of the table or someone new), where
they sit, and tonight's seats as they are."""

from ledger import errors as err
from ledger.selectors.roster_changes import JoinScreen
from tables.forms.night_join import NightJoinForm
from tables.problems import sentence
from tables.responses import Page

TEMPLATE = "roster/night_join.html"


def night_join_page(screen: JoinScreen, form: NightJoinForm) -> Page:
    return Page(
        TEMPLATE,
        {
            "night": screen.night,
            "form": form,
            "seats": screen.seats,
            "closed_message": sentence(err.NIGHT_CLOSED()),
        },
    )
