"""Erasing people: a host erases a player at their table; an account deletes itself,
handing each table it hosts to a co-host or erasing it."""

from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from ledger.errors import Conflict, ServiceError
from ledger.services import erasures
from tables import responses
from tables.access import player_for_host
from tables.pages.account_delete import account_delete_form, account_delete_page
from tables.problems import sentences

ACCOUNT_DELETED = gettext_lazy(
    "Your account is deleted. The hosts keep the nights you played, under your seat's name."
)


@login_required
@require_POST
def player_erase(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    former = player.name
    table_page = reverse("table_detail", args=[player.table_id])
    try:
        erased = erasures.player_erase(player=player, by=request.user)
    except Conflict:
        # Erased already (a second tap, another phone): what was asked is done.
        message = gettext("%(player)s is erased.") % {"player": player.name}
        return responses.go(request, table_page, message)
    message = gettext(
        "%(old)s is erased: now %(new)s, with no ways of getting paid. Every night stays."
    ) % {"old": former, "new": erased.name}
    return responses.go(request, table_page, message)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account_delete(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return responses.show(request, account_delete_page(account_delete_form(request.user)))
    form = account_delete_form(request.user, request.POST)
    if not form.is_valid():
        return responses.refuse(request, account_delete_page(form), form=form)
    try:
        erasures.account_delete(user=request.user, heirs=form.heirs())
    except ServiceError as error:
        page = account_delete_page(form)
        return responses.refuse(request, page, sentences(error.problems, {}))
    logout(request)
    return responses.go(request, reverse("home"), str(ACCOUNT_DELETED))
