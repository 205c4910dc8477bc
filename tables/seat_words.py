"""What every seat row of the hand screen and the correction screen says
(templates/nights/_seat.html, _seat_extras.html), in the page's language: its words, the
trick counts a stayer's tricks are tapped from, and each player's checkboxes.

Each word is looked up, and escaped for HTML, once for the screen rather than once for
each of its players: the screen is what the host waits for after every Record, and up to
eight rows repeat the same words.
"""

from dataclasses import dataclass

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext, pgettext

from tables.forms.hand import HandForm, Row


def seat_words() -> dict[str, SafeString]:
    """The words each row shows the same: its badges, Fold and Stay, the checkboxes'."""
    words = {
        "dealer": gettext("dealer"),
        "no_ante": gettext("no ante"),
        "sits_out": pgettext("dealing cards", "sits out"),
        "dealt_in": pgettext("dealing cards", "Dealt in"),
        "renege_badge": pgettext("breaking a play obligation", "renege"),
        "renege": pgettext("breaking a play obligation", "Renege"),
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


@dataclass(frozen=True)
class TrickCount:
    """A count a stayer's tricks are tapped from, as every seat row writes it: escaped for
    HTML once for the screen, not at each of the rows."""

    value: SafeString  # as the form posts it
    label: SafeString  # as a screen reader says it ("3 tricks")
    css: SafeString  # its button's classes (0 is bourré)


def trick_counts(tricks_per_hand: int) -> list[TrickCount]:
    """The counts a stayer's tricks are tapped from, 0 to the hand's tricks, each worded
    once for the whole screen rather than once a player."""
    return [
        TrickCount(
            conditional_escape(str(count)),
            conditional_escape(
                ngettext("%(counter)s trick", "%(counter)s tricks", count) % {"counter": count}
            ),
            conditional_escape("choice count" if count else "choice count zero"),
        )
        for count in range(tricks_per_hand + 1)
    ]
