"""A table's players: add, rename, retire and bring back. History follows the player's id."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_http_methods, require_POST

from ledger.errors import InvalidInput
from ledger.models import Table
from ledger.services import tables as table_services
from tables.access import player_for_host, table_for_host
from tables.forms import PlayerNameForm
from tables.views.tables import table_page_context


def _players_section(request: HttpRequest, table: Table, **extra) -> HttpResponse:
    """htmx swaps just the players section; without JavaScript the whole page reloads."""
    template = "tables/table_detail.html"
    if request.htmx:
        template += "#players"
    return render(request, template, table_page_context(table, **extra))


@login_required
@require_POST
def player_add(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    form = PlayerNameForm(request.POST)
    if not form.is_valid():  # a NUL character, say: the form itself names the problem
        return _players_section(request, table, add_form=form)
    try:
        player = table_services.player_add(table=table, name=form.cleaned_data["name"])
    except InvalidInput as error:
        form.add_service_errors(error.problems)
        return _players_section(request, table, add_form=form)
    message = gettext("%(player)s now plays at %(table)s.") % {
        "player": player.name,
        "table": table.name,
    }
    if request.htmx:
        return _players_section(request, table, notice=message)
    messages.success(request, message)
    return redirect("table_detail", table_id=table.pk)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_rename(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    old_name = player.name
    if request.method == "POST":
        form = PlayerNameForm(request.POST)
        # A NUL character, say, fails the form itself, which names the problem.
        if form.is_valid():
            try:
                table_services.player_rename(player=player, name=form.cleaned_data["name"])
            except InvalidInput as error:
                player.name = old_name
                form.add_service_errors(error.problems)
            else:
                messages.success(
                    request,
                    gettext("%(old)s is now %(new)s.") % {"old": old_name, "new": player.name},
                )
                return redirect("table_detail", table_id=player.table_id)
    else:
        form = PlayerNameForm(initial={"name": player.name})
    return render(request, "tables/player_rename.html", {"player": player, "form": form})


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
    if request.htmx:
        return _players_section(request, player.table, notice=message)
    messages.success(request, message)
    return redirect("table_detail", table_id=player.table_id)


@login_required
@require_POST
def player_retire(request: HttpRequest, player_id: int) -> HttpResponse:
    return _set_retired(request, player_id, retire=True)


@login_required
@require_POST
def player_unretire(request: HttpRequest, player_id: int) -> HttpResponse:
    return _set_retired(request, player_id, retire=False)
