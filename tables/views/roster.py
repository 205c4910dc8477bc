"""Tonight's roster changing mid-game: a late arrival joins, someone goes home."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_http_methods

from ledger import errors as err
from ledger.errors import InvalidInput
from ledger.models import Night, Seat
from ledger.selectors.roster_changes import join_screen, leave_screen
from ledger.services import roster as roster_services
from tables import responses
from tables.access import night_for_runner, player_for_runner
from tables.forms.night_join import NightJoinForm
from tables.pages.night_join import night_join_page
from tables.pages.night_leave import night_leave_page
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
    night = night_for_runner(request, night_id)
    screen = join_screen(night)
    form = NightJoinForm(request.POST or None, candidates=screen.candidates, seats=screen.seats)
    if request.method != "POST":
        return responses.show(request, night_join_page(screen, form))
    if form.is_valid():
        try:
            seat = _join(night, form, by=request.user)
        except InvalidInput as error:
            form.add_service_errors(error.problems, screen.names)
        else:
            message = gettext("%(player)s joined tonight's game in seat %(seat)s.") % {
                "player": seat.player.name,
                "seat": seat.position + 1,
            }
            return responses.go(request, reverse("night_detail", args=[night.pk]), message)
    return responses.refuse(request, night_join_page(screen, form), form=form)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_leave(request: HttpRequest, night_id: int, player_id: int) -> HttpResponse:
    night = night_for_runner(request, night_id)
    player = player_for_runner(request, night, player_id)
    if player.table_id != night.table_id:
        raise Http404(gettext("No such player at this night's table."))
    if request.method == "POST":
        try:
            roster_services.night_seat_leave(night=night, player=player, by=request.user)
        except InvalidInput as error:
            page = night_leave_page(leave_screen(night, player))
            return responses.refuse(
                request, page, sentences(error.problems, {player.pk: player.name})
            )
        message = pgettext(
            "leaving the night", "%(player)s left the game and keeps tonight's balance."
        ) % {"player": player.name}
        return responses.go(request, reverse("night_detail", args=[night.pk]), message)
    screen = leave_screen(night, player)
    if screen.balance is None:
        problem = err.PLAYER_NOT_SEATED_TONIGHT(player=player.pk)
        # Nothing was tried yet: the reason alone, no "fix this and try again".
        page = night_leave_page(screen)
        return responses.refuse(request, page, title=sentence(problem, {player.pk: player.name}))
    return responses.show(request, night_leave_page(screen))
