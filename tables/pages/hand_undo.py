"""Undoing the last hand: what it did, and the form that takes it back."""

from ledger import errors as err
from ledger.models.nights import REASON_MAX_LENGTH
from ledger.selectors.hand_changes import UndoScreen
from tables import presenters
from tables.night_links import links
from tables.problems import sentence
from tables.responses import Page

TEMPLATE = "nights/undo.html"


def hand_undo_page(screen: UndoScreen) -> Page:
    last = screen.last
    return Page(
        TEMPLATE,
        {
            "night": screen.night,
            "last": last,
            "last_text": presenters.hand_text(last, screen.names) if last else None,
            "nothing": sentence(err.NOTHING_TO_UNDO()),
            "reason_max": REASON_MAX_LENGTH,
            "links": links(screen.night),
        },
    )
