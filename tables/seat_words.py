"""What every seat row of the hand screen and the correction screen says
(templates/nights/_seat.html, _seat_extras.html), in the page's language.

Each word is looked up, and escaped for HTML, once for the screen rather than once for
each of its players: the screen is what the host waits for after every Record, and up to
eight rows repeat the same words.
"""

from dataclasses import dataclass

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from tables.forms_hand import HandForm, Row


def seat_words() -> dict[str, SafeString]:
    """The words each row shows the same: its badges, Fold and Stay, the checkboxes'."""
    words = {
        "dealer": gettext("dealer"),
        "no_ante": gettext("no ante"),
        "sits_out": pgettext("dealing cards", "sits out"),
        "dealt_in": pgettext("dealing cards", "Dealt in"),
        "renege": pgettext("breaking a play obligation", "renege"),
        "Renege": pgettext("breaking a play obligation", "Renege"),
        "fold": pgettext("stay or fold", "Fold"),
        "stay": pgettext("stay or fold", "Stay"),
    }
    return {key: conditional_escape(word) for key, word in words.items()}


@dataclass(frozen=True)
class SeatExtra:
    """One player's Dealt in and Renege checkboxes (_seat_extras.html)."""

    row: Row
    pid: SafeString  # the player's id, as the fields' names end
    dealt_in: str  # how a screen reader names each checkbox: "Dealt in: Ann"
    renege: str


def seat_extras(form: HandForm) -> list[SeatExtra]:
    """The form's rows with what their checkboxes say: each sentence looked up once and
    worded with every player's name."""
    dealt_in = pgettext("dealing cards", "Dealt in: %(name)s")
    renege = pgettext("breaking a play obligation", "Renege: %(name)s")
    return [
        SeatExtra(
            row,
            conditional_escape(str(row.person.id)),
            dealt_in % {"name": row.person.name},
            renege % {"name": row.person.name},
        )
        for row in form.rows
    ]
