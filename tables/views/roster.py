"""Tonight's roster changing mid-game: a late arrival joins, someone goes home."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_http_methods

from ledger import errors as err
from ledger import selectors
from ledger.errors import InvalidInput
from ledger.models import Night, Seat
from ledger.selectors.seats import night_seats
from ledger.services import roster as roster_services
from tables import presenters
from tables.access import night_for_host, player_for_host
from tables.forms import NightJoinForm
from tables.problems import sentence, sentences


def _join(night: Night, form: NightJoinForm, *, by) -> Seat:
    position = int(form.cleaned_data["position"])
    if form.player is not None:
        return roster_services.night_seat_join(
            night=night, player=form.player, position=position, by=by
        )
    return roster_services.night_seat_join_newcomer(
        night=night, name=form.cleaned_data["new_name"], position=position, by=by
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_join(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    seats = night_seats(night)
    seated = {seat.player_id for seat in seats if seat.active}
    candidates = [p for p in night.table.players.filter(retired_at=None) if p.pk not in seated]
    form = NightJoinForm(request.POST or None, candidates=candidates, seats=seats)
    if request.method == "POST" and form.is_valid():
        try:
            seat = _join(night, form, by=request.user)
        except InvalidInput as error:
            names = {p.pk: p.name for p in candidates} | {s.player_id: s.player.name for s in seats}
            form.add_service_errors(error.problems, names)
        else:
            messages.success(
                request,
                gettext("%(player)s joined tonight's game in seat %(seat)s.")
                % {"player": seat.player.name, "seat": seat.position + 1},
            )
            return redirect("night_detail", night_id=night.pk)
    return render(
        request,
        "roster/night_join.html",
        {
            "night": night,
            "form": form,
            "seats": seats,
            "closed_message": sentence(err.NIGHT_CLOSED()),
        },
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_leave(request: HttpRequest, night_id: int, player_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    player = player_for_host(request, player_id)
    if player.table_id != night.table_id:
        raise Http404(gettext("No such player at this night's table."))
    errors: list[str] = []
    if request.method == "POST":
        try:
            roster_services.night_seat_leave(night=night, player=player, by=request.user)
        except InvalidInput as error:
            errors = sentences(error.problems, {player.pk: player.name})
        else:
            messages.success(
                request,
                pgettext(
                    "leaving the night", "%(player)s left the game and keeps tonight's balance."
                )
                % {"player": player.name},
            )
            return redirect("night_detail", night_id=night.pk)
    balance = selectors.night_balances(night).get(player.pk)
    if balance is None and not errors:
        errors = [
            sentence(err.PLAYER_NOT_SEATED_TONIGHT(player=player.pk), {player.pk: player.name})
        ]
    return render(
        request,
        "roster/night_leave.html",
        {
            "night": night,
            "player": player,
            "balance": balance,
            "balance_chips": presenters.chips(balance or 0),
            "balance_css": presenters.sign_class(balance or 0),
            "errors": errors,
            "closed_message": sentence(err.NIGHT_CLOSED()),
        },
        status=400 if errors else 200,
    )
