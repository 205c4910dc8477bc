"""A table's players: add, rename, retire and bring back. History follows the player's id."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_http_methods, require_POST

from ledger.errors import InvalidInput
from ledger.models import Table
from ledger.services import tables as table_services
from tables import responses
from tables.access import player_for_host, table_for_host
from tables.forms.players import PlayerNameForm
from tables.pages.player_rename import player_rename_page
from tables.pages.table_page import PLAYERS, table_page

# The table page writes the add form's input itself, with this id.
ADD_FORM_IDS = "add-player-%s"


def _done(request: HttpRequest, table: Table, message: str) -> HttpResponse:
    """htmx swaps just the players section; without JavaScript the whole page reloads."""
    if request.htmx:
        return responses.show(request, table_page(table, part=PLAYERS, notice=message))
    return responses.go(request, reverse("table_detail", args=[table.pk]), message)


@login_required
@require_POST
def player_add(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    form = PlayerNameForm(request.POST, auto_id=ADD_FORM_IDS)
    # A NUL character, say, fails the form itself, which names the problem.
    if form.is_valid():
        try:
            player = table_services.player_add(table=table, name=form.cleaned_data["name"])
        except InvalidInput as error:
            form.add_service_errors(error.problems)
        else:
            message = gettext("%(player)s now plays at %(table)s.") % {
                "player": player.name,
                "table": table.name,
            }
            return _done(request, table, message)
    page = table_page(table, part=responses.swapped(request, PLAYERS), add_form=form)
    return responses.refuse(request, page, form=form)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_rename(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    old_name = player.name
    if request.method != "POST":
        form = PlayerNameForm(initial={"name": player.name})
        return responses.show(request, player_rename_page(player, form))
    form = PlayerNameForm(request.POST)
    # A NUL character, say, fails the form itself, which names the problem.
    if form.is_valid():
        try:
            table_services.player_rename(player=player, name=form.cleaned_data["name"])
        except InvalidInput as error:
            player.name = old_name
            form.add_service_errors(error.problems)
        else:
            message = gettext("%(old)s is now %(new)s.") % {"old": old_name, "new": player.name}
            return responses.go(request, reverse("table_detail", args=[player.table_id]), message)
    return responses.refuse(request, player_rename_page(player, form), form=form)


def _set_retired(request: HttpRequest, player_id: int, *, retire: bool) -> HttpResponse:
    player = player_for_host(request, player_id)
    if retire:
        table_services.player_retire(player=player)
        message = pgettext(
            "stop offering a player",
            "%(player)s is retired: kept in the history, not offered for new nights.",
        ) % {"player": player.name}
    else:
        table_services.player_unretire(player=player)
        message = pgettext(
            "offer a retired player again", "%(player)s is back and can play again."
        ) % {"player": player.name}
    return _done(request, player.table, message)


@login_required
@require_POST
def player_retire(request: HttpRequest, player_id: int) -> HttpResponse:
    return _set_retired(request, player_id, retire=True)


@login_required
@require_POST
def player_unretire(request: HttpRequest, player_id: int) -> HttpResponse:
    return _set_retired(request, player_id, retire=False)
