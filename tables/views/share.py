"""The live, read-only share link of a night: the host makes and revokes it; anyone
holding it sees the standings, the pot and the hand log, and once the night is closed its
settle-up with the pay buttons of its transfers (how each payee gets paid in the night's
currency, nothing more), and nothing else.

The page follows the night by itself: its standings ask every few seconds whether
anything changed, sending the ETag they were rendered under (``If-None-Match``, written
into the page for htmx to send); an unchanged night answers 304 after one query, and
nothing is rendered. New standings come with the event that makes the hand log, the part
that grows with the night, ask for itself in the same way.

The page sends its validator itself rather than leaving it to the browser's cache: the
token is a credential, so nothing of the page is stored (``never_cache``, and every
answer to a signed-in host is ``no-store`` anyway), and a 304 reaches htmx as a 304,
which swaps nothing, instead of the stored copy being swapped in again.
"""

import hashlib
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import trigger_client_event

from ledger.errors import InvalidInput
from ledger.models import Night
from ledger.selectors.debts import night_transfer_debts
from ledger.selectors.live_link import LiveNight, LiveStandings, live_night, live_standings
from ledger.selectors.night_reports import NightHistory, night_history
from ledger.selectors.share_links import shared_night
from ledger.services.share_links import share_link_create, share_link_revoke
from tables.access import NO_SUCH_LINK, night_for_host
from tables.languages import speak_players_language
from tables.pay_buttons import night_pay_buttons
from tables.problems import sentences

SHARE_CREATED = gettext_lazy("Live link ready: anyone with it can watch tonight's standings.")
SHARE_REVOKED = gettext_lazy("The live link is switched off; it no longer opens anything.")
POLL_SECONDS = 3
# The page's two parts, named by the id of the element htmx asks for (HX-Target).
STANDINGS = "standings"
HANDS = "hands"
# What new standings tell the page: the hand log may have changed too.
NIGHT_CHANGED = "night-changed"


@login_required
@require_POST
def night_share_create(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    share_link_create(night=night, by=request.user)
    messages.success(request, SHARE_CREATED)
    return redirect("night_report", night_id=night.pk)


@login_required
@require_POST
def night_share_revoke(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    try:
        share_link_revoke(night=night, by=request.user)
    except InvalidInput as error:
        for message in sentences(error.problems, {}):
            messages.error(request, message)
    else:
        messages.success(request, SHARE_REVOKED)
    return redirect("night_report", night_id=night.pk)


@never_cache
@require_safe
def share_view(request: HttpRequest, token: str) -> HttpResponse:
    # Read before anything it vouches for: a hand recorded in between is then shown
    # under the older tag, and costs the next poll one more 200. Read after, a page
    # older than its tag would wait for the change after.
    live = live_night(token)
    if live is None:
        raise Http404(str(NO_SUCH_LINK))
    speak_players_language(request, live.players_language)
    tags = {STANDINGS: _etag(STANDINGS, live), HANDS: _etag(HANDS, live)}
    if request.htmx:
        part = HANDS if request.htmx.target == HANDS else STANDINGS
        if _unchanged(request, tags[part]):
            response = HttpResponseNotModified()
        else:
            response = _part(request, token, live, tags, part)
        response["ETag"] = tags[part]
    else:
        night = _night(token)
        shown = live_standings(night)
        history = night_history(night, shown.roster)
        response = render(
            request,
            "share/view.html",
            _standings_context(night, token, live, tags, shown)
            | _hands_context(night, token, tags, history),
        )
    # The page and its two parts share the address.
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    # The token is a credential: keep the page out of search engines and caches.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _etag(part: str, live: LiveNight) -> str:
    """The part's validator: what it shows depends on, and the language it is written in
    (the table's, or the one this visitor switched to, or their browser's)."""
    version = live.standings_version() if part == STANDINGS else live.hands_version()
    key = repr((part, translation.get_language(), live.night_id, *version))
    return f'"{hashlib.blake2b(key.encode(), digest_size=12).hexdigest()}"'


def _unchanged(request: HttpRequest, etag: str) -> bool:
    """Whether the request's If-None-Match holds ``etag``: compared weakly, as RFC 9110
    compares for If-None-Match (a proxy that compresses the answer marks its tag weak)."""
    sent = request.headers.get("If-None-Match", "")
    tags = {tag.strip().removeprefix("W/") for tag in sent.split(",")}
    return etag in tags or "*" in tags


def _night(token: str) -> Night:
    night = shared_night(token)
    if night is None:  # revoked since live_night read it
        raise Http404(str(NO_SUCH_LINK))
    return night


def _part(
    request: HttpRequest, token: str, live: LiveNight, tags: dict[str, str], part: str
) -> HttpResponse:
    night = _night(token)
    if part == HANDS:
        context = _hands_context(night, token, tags, night_history(night))
        return render(request, "share/view.html#hands", context)
    context = _standings_context(night, token, live, tags, live_standings(night))
    response = render(request, "share/view.html#standings", context)
    return trigger_client_event(response, NIGHT_CHANGED)


def _standings_context(
    night: Night, token: str, live: LiveNight, tags: dict[str, str], shown: LiveStandings
) -> dict:
    # What is paid of each transfer, read-only: the host marks it on the settle-up.
    debts = (
        night_transfer_debts(night, shown.settle_up, carried=live.debts_pooled)
        if shown.settle_up is not None
        else {}
    )
    return {
        "night": night,
        "token": token,
        "last_hand": live.last_hand,
        "standings": shown.standings,
        "settlement": shown.settle_up,
        # Each player pays from their own phone: the buttons of what is still open of this
        # night's transfers, and nothing else of how the players get paid.
        "pay_buttons": night_pay_buttons(
            night, shown.settle_up or [], shown.standings.currency, debts
        ),
        "transfer_debts": debts,
        # The players see each transfer's status, not the host's audit of it.
        "public": True,
        "seal": live.seal,
        "poll_seconds": POLL_SECONDS,
        "standings_headers": _validator_header(tags[STANDINGS]),
    }


def _hands_context(night: Night, token: str, tags: dict[str, str], history: NightHistory) -> dict:
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
