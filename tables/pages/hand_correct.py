"""Correcting a recorded hand: the hand as recorded, the form to change it with a reason,
and, once previewed, what the correction would do to every balance and the pot."""

from ledger.models.nights import REASON_MAX_LENGTH
from ledger.selectors.hand_changes import CorrectScreen
from tables import presenters
from tables.forms.correction_reason import REASONS
from tables.forms.hand import HandForm
from tables.night_links import links
from tables.responses import Page
from tables.seat_words import seat_extras, seat_words, trick_counts

TEMPLATE = "nights/correct.html"


def hand_correct_page(
    screen: CorrectScreen,
    form: HandForm,
    *,
    reason: str = "",
    picked: str = "",
    typed: str = "",
    effect=None,
) -> Page:
    """``reason``: the reason as it will be recorded; ``picked`` and ``typed``, as the
    host gave it (tables.forms.correction_reason). ``effect``: the service's preview of
    the correction (``hand_correction_preview``), once the host asked for it."""
    hand = screen.hand
    return Page(
        TEMPLATE,
        {
            "night": screen.night,
            "house": screen.house,
            "hand": hand,
            "form": form,
            "reason": reason,
            "reasons": list(REASONS.items()),
            "picked": picked,
            "typed": typed,
            "reason_max": REASON_MAX_LENGTH,
            "was": presenters.hand_text(hand, screen.names),
            "dealer_choices": [(p.id, p.name) for p in screen.players],
            "trick_counts": trick_counts(screen.house.tricks_per_hand),
            "seat_words": seat_words(),
            "seat_extras": seat_extras(form),
            "preview": _preview(screen, effect) if effect is not None else None,
            "links": links(screen.night),
        },
    )


def _preview(screen: CorrectScreen, effect) -> dict:
    rows = []
    for row in screen.standings.rows:
        change = effect.balance_changes.get(row.player.id, 0)
        rows.append(
            {
                "name": row.player.name,
                "now": presenters.chips(row.chips),
                "change": presenters.chips(change),
                "after": presenters.chips(row.chips + change),
                "css": presenters.sign_class(change),
            }
        )
    return {"rows": rows, "pot_before": effect.pot_before, "pot_after": effect.pot_after}
