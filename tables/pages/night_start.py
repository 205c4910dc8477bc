"""Starting a night: the players tapped in seat order, who deals first, Start. With htmx a
seating tap swaps only the form (START_FORM)."""

from ledger.selectors.night_start import NightStartScreen
from tables.forms.night_start import NightStartForm
from tables.responses import Page

TEMPLATE = "tables/night_start.html"
START_FORM = "start_form"


def night_start_page(
    screen: NightStartScreen, form: NightStartForm, *, key: str, part: str | None = None
) -> Page:
    """``key``: the page's submission key (tables.submission_keys): tapping Start again,
    or a retry, opens the same night."""
    return Page(TEMPLATE, {"table": screen.table, "form": form, "key": key}, part)


def last_seating(screen: NightStartScreen) -> dict[str, str]:
    """Last night's seat order as the form's starting point, and who would have dealt
    next as tonight's first dealer. A night scheduled for now: its Yes players, those of
    last night in last night's order, then the others in the order they said Yes."""
    order = screen.last_order
    if screen.expected:
        order = [p for p in order if p in screen.expected]
        order += [p for p in screen.expected if p not in order]
    seats = {f"seat_{player_id}": str(n) for n, player_id in enumerate(order, start=1)}
    if screen.last_next_dealer is not None and screen.last_next_dealer in order:
        seats["first_dealer"] = str(screen.last_next_dealer)
    return seats
