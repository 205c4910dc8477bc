"""The live, read-only share link of a night: the host makes and revokes it; anyone
holding it sees the standings, the pot and the hand log, and nothing else."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from ledger.errors import InvalidInput
from ledger.selectors.night_reports import night_report
from ledger.selectors.share_links import shared_night
from ledger.services.share_links import share_link_create, share_link_revoke
from tables.access import night_for_host
from tables.languages import use_players_language
from tables.problems import sentences

SHARE_CREATED = "Live link ready: anyone with it can watch tonight's standings."
SHARE_REVOKED = "The live link is switched off; it no longer opens anything."
POLL_SECONDS = 3


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
    night = shared_night(token)
    if night is None:
        raise Http404("No such link.")
    use_players_language(request, night.table)
    report = night_report(night)
    template = "share/view.html#standings" if request.htmx else "share/view.html"
    response = render(
        request,
        template,
        {
            "night": night,
            "token": token,
            "standings": report.standings,
            "history": report.history,
            "log": list(reversed(report.history.log)),
            "settlement": report.settle_up,
            "seal": report.seal,
            "poll_seconds": POLL_SECONDS,
        },
    )
    # The token is a credential: keep the page out of search engines and caches.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
