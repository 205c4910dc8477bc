"""History and statistics: a player's page, a night's report, a table's records.

Each page runs a fixed number of queries however long the history: the numbers come
from aggregates in ledger.selectors, the pictures from tables.charts.
"""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from tables import responses
from tables.access import night_for_host, player_for_host, table_for_host
from tables.pages.night_report import night_report_page
from tables.pages.player_page import player_page
from tables.pages.table_stats import table_stats_page
from tables.return_to import NEXT, return_to


@login_required
@require_safe
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    # Sent from another screen (the settle-up), the ways' form goes back there once saved.
    back = return_to(request, request.GET.get(NEXT))
    return responses.show(request, player_page(player, page=request.GET.get("page", 1), back=back))


@login_required
@require_safe
def night_report(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    return responses.show(request, night_report_page(night, build_uri=request.build_absolute_uri))


@login_required
@require_safe
def table_stats(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    return responses.show(request, table_stats_page(table, page=request.GET.get("page", 1)))
