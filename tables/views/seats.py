"""Leaving a seat: the host unlinks a player from the account that plays it (from the
player's page), or the player leaves a seat of their own (from their seats). Both ask
once more first; both are a new record (who, when), and the seat's history stays."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ledger.errors import ServiceError
from ledger.models import Player
from ledger.selectors.player_links import current_link
from ledger.services.player_links import player_unlink
from tables import responses
from tables.access import player_for_host, seat_for_player
from tables.pages.account_seats import account_seats_page
from tables.pages.player_unlink import player_unlink_page
from tables.problems import sentences

NOT_LINKED = gettext_lazy("%(player)s is not linked to an account.")
UNLINKED = gettext_lazy(
    "%(player)s is no longer linked to an account; their history stays at the table."
)
LEFT = gettext_lazy("You no longer play %(player)s at %(table)s; the history stays.")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_unlink_confirm(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    back = reverse("player_detail", args=[player.pk])
    return _unlink(request, player, by_player=False, back=back, done=back, message=UNLINKED)


@login_required
@require_safe
def account_seats(request: HttpRequest) -> HttpResponse:
    return responses.show(request, account_seats_page(request.user))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def seat_leave(request: HttpRequest, player_id: int) -> HttpResponse:
    player = seat_for_player(request, player_id)
    seats = reverse("account_seats")
    return _unlink(request, player, by_player=True, back=seats, done=seats, message=LEFT)


def _unlink(
    request: HttpRequest, player: Player, *, by_player: bool, back: str, done: str, message
) -> HttpResponse:
    words = {"player": player.name, "table": player.table.name}
    link = current_link(player)
    if link is None:
        # Undone on another phone meanwhile: said where the seat shows.
        messages.error(request, NOT_LINKED % words)
        return responses.go(request, done)
    if request.method != "POST":
        return responses.show(
            request, player_unlink_page(player, link, by_player=by_player, back=back)
        )
    try:
        player_unlink(link=link, by=request.user)
    except ServiceError as error:
        page = player_unlink_page(player, link, by_player=by_player, back=back)
        problems = sentences(error.problems, {player.pk: player.name})
        return responses.refuse(request, page, problems, status=responses.CONFLICT)
    return responses.go(request, done, str(message % words))
