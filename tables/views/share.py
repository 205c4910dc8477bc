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

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import trigger_client_event

from ledger.errors import InvalidInput
from ledger.models import Night
from ledger.selectors.live_link import LiveNight, live_night
from ledger.selectors.share_links import night_share_link, shared_night
from ledger.services.share_links import share_link_create, share_link_revoke
from tables import responses
from tables.access import NO_SUCH_LINK, night_for_host, night_for_runner
from tables.languages import speak_players_language
from tables.pages.live_link import HANDS, NIGHT_CHANGED, STANDINGS, live_link_page
from tables.pages.night_live_link import night_live_link_page
from tables.problems import sentences

SHARE_CREATED = gettext_lazy("Live link ready: anyone with it can watch tonight's standings.")
SHARE_REVOKED = gettext_lazy("The live link is switched off; it no longer opens anything.")


@login_required
@require_POST
def night_share_create(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    share_link_create(night=night, by=request.user)
    return responses.go(request, reverse("night_report", args=[night.pk]), SHARE_CREATED)


@login_required
@require_safe
def night_live_link(request: HttpRequest, night_id: int) -> HttpResponse:
    """The live link to show across the table: its QR code and address, or the button
    that makes it."""
    night = night_for_runner(request, night_id)
    page = night_live_link_page(night, build_uri=request.build_absolute_uri)
    return responses.show(request, page)


@login_required
@require_POST
def night_live_link_open(request: HttpRequest, night_id: int) -> HttpResponse:
    """One tap from the hand screen's menu: the night's live link, made if it has none
    yet, shown with its QR code."""
    night = night_for_runner(request, night_id)
    made = night_share_link(night) is None
    share_link_create(night=night, by=request.user)
    page = reverse("night_live_link", args=[night.pk])
    return responses.go(request, page, SHARE_CREATED if made else "")


@login_required
@require_POST
def night_share_revoke(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    report = reverse("night_report", args=[night.pk])
    try:
        share_link_revoke(night=night, by=request.user)
    except InvalidInput as error:
        # Nothing to switch off (another phone did): said on the report, which shows it.
        for message in sentences(error.problems, {}):
            messages.error(request, message)
        return responses.go(request, report)
    return responses.go(request, report, SHARE_REVOKED)


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
            page = live_link_page(_night(token), token, live, tags, part=part)
            response = responses.show(request, page)
            if part == STANDINGS:
                response = trigger_client_event(response, NIGHT_CHANGED)
        response["ETag"] = tags[part]
    else:
        response = responses.show(request, live_link_page(_night(token), token, live, tags))
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
