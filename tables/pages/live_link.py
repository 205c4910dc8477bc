"""The players' live link of a night: the standings (and once closed the settle-up, each
transfer's status and its pay buttons), and the hand log, newest first. Each of the two
is a part the page polls for on its own (STANDINGS, HANDS), sending the ETag it was
rendered under (``If-None-Match`` in ``hx-headers``)."""

import json
from collections.abc import Mapping

from ledger.models import Night
from ledger.selectors.live_link import LiveNight, live_standings
from ledger.selectors.night_reports import night_history
from ledger.selectors.seat_claims import claimable_players
from tables.responses import Page
from tables.transfers import Mode, night_rows

TEMPLATE = "share/view.html"
# The page's two parts, named by the id of the element htmx asks for (HX-Target).
STANDINGS = "standings"
HANDS = "hands"
# What new standings tell the page: the hand log may have changed too.
NIGHT_CHANGED = "night-changed"
POLL_SECONDS = 3


def live_link_page(
    night: Night, token: str, live: LiveNight, tags: Mapping[str, str], *, part: str | None = None
) -> Page:
    """``tags``: each part's ETag, as the view answers it."""
    if part == HANDS:
        return Page(TEMPLATE, _hands(night, token, tags, night_history(night)), part)
    shown = live_standings(night, carried=live.debts_pooled)
    standings = {
        "night": night,
        "token": token,
        "last_hand": live.last_hand,
        "standings": shown.standings,
        # Each player pays from their own phone: the buttons of what is still open of this
        # night's transfers, and nothing else of how the players get paid. The players
        # see each transfer's status, not the host's audit of it.
        "rows": night_rows(night, shown.transfers, Mode.LIVE, shown.payee_methods),
        "seal": live.seal,
        "poll_seconds": POLL_SECONDS,
        "standings_headers": _validator_header(tags[STANDINGS]),
    }
    if part == STANDINGS:
        return Page(TEMPLATE, standings, part)
    hands = _hands(night, token, tags, night_history(night, shown.roster))
    # "This is me": the players of the night not linked to an account yet, each of whom
    # a visitor may claim (the host confirms); on the whole page only, never polled.
    claims = {"claimable": claimable_players(night)}
    return Page(TEMPLATE, standings | hands | claims)


def _hands(night: Night, token: str, tags: Mapping[str, str], history) -> dict:
    return {
        "night": night,
        "token": token,
        "log": list(reversed(history.log)),
        "night_changed": NIGHT_CHANGED,
        "hands_headers": _validator_header(tags[HANDS]),
    }


def _validator_header(etag: str) -> str:
    """htmx's hx-headers for a part's requests: the ETag it was rendered under."""
    return json.dumps({"If-None-Match": etag})
