"""The end of a night: close it (the pot left in the middle goes back), then settle up."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ledger.errors import InvalidInput
from ledger.selectors.night_end import close_screen
from ledger.services import nights as night_services
from tables import responses
from tables.access import night_for_runner
from tables.notices import tasks
from tables.notices.announce import announce
from tables.pages.night_close import night_close_page
from tables.pages.settle_up import settle_up_page
from tables.problems import sentences

NIGHT_NOT_CLOSED = gettext_lazy("The settle-up is ready once the night is closed.")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_close(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_runner(request, night_id)
    if night.is_closed:
        return redirect("night_settlement", night.pk)
    if request.method != "POST":
        return responses.show(request, night_close_page(close_screen(night)))
    policy = request.POST.get("policy")
    try:
        # No policy posted: the service closes by the night's own rule.
        night = night_services.night_close(night=night, by=request.user, policy=policy)
    except InvalidInput as error:
        screen = close_screen(night)
        return responses.refuse(
            request,
            night_close_page(screen, policy=policy or ""),
            sentences(error.problems, screen.names),
        )
    announce(request, tasks.night_closed_notices, night.pk)
    return responses.go(request, reverse("night_settlement", args=[night.pk]))


@login_required
@require_safe
def night_settlement(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_runner(request, night_id)
    if not night.is_closed:
        return responses.go(
            request, reverse("night_close", args=[night.pk]), NIGHT_NOT_CLOSED, level=messages.INFO
        )
    # A co-host sees the transfers read-only: marking them paid stays the host's.
    by_host = night.table.owner_id == request.user.pk
    return responses.show(request, settle_up_page(night, by_host=by_host))
