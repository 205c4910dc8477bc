"""A player's own screens, from their account: their games at every table where they
hold a seat, and each night they played as its live link shows it. Only the seats their
account holds now open anything; everyone else, the host included, gets a 404."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from ledger.selectors.my_games import plays_without_hosting
from tables import responses
from tables.access import night_for_player
from tables.pages.my_games import my_games_page
from tables.pages.my_night import my_night_page


@login_required
@require_safe
def my_games(request: HttpRequest) -> HttpResponse:
    return responses.show(request, my_games_page(request.user, page=request.GET.get("page", 1)))


@login_required
@require_safe
def my_night(request: HttpRequest, night_id: int) -> HttpResponse:
    night, seat = night_for_player(request, night_id)
    return responses.show(request, my_night_page(night, seat))


@login_required
@require_safe
def sign_in_landing(request: HttpRequest) -> HttpResponse:
    """Where signing in lands: a player who hosts no table at their games, anyone else
    at their tables."""
    to = "my_games" if plays_without_hosting(request.user) else "table_list"
    return responses.go(request, reverse(to))
