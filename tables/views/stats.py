"""History and statistics: a player's page, a night's report, a table's records.

Each page runs a fixed number of queries however long the history: the
numbers come from aggregates in ledger.selectors, the pictures from tables.charts.
"""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from ledger import selectors
from ledger.selectors import share_links as share
from ledger.selectors.night_reports import NightHistory, night_history
from ledger.selectors.players import PlayerStats, player_stats
from ledger.selectors.tables import table_stats as table_stats_for
from tables import charts
from tables.access import night_for_host, player_for_host, table_for_host


def _date(value) -> str:
    # The night's date where it was played, as the page's own dates show it.
    return f"{timezone.localtime(value):%d %b %y}"


def _cumulative_chart(stats: PlayerStats) -> charts.Chart | None:
    closed = stats.closed_nights
    if not closed:
        return None
    return charts.line_chart(
        title=f"{stats.player.name}'s cumulative net chips, night by night",
        x_label="Night",
        x_labels=["start", *(_date(n.night.started_at) for n in closed)],
        series=[charts.Series("Net chips", [0, *(n.cumulative_chips for n in closed)])],
    )


def _night_charts(history: NightHistory) -> list[charts.Chart]:
    if not history.log:
        return []
    numbers = [str(row.number) for row in history.log]
    return [
        charts.line_chart(
            title="Each player's balance after each hand",
            x_label="After hand",
            x_labels=["start", *numbers],
            series=[
                charts.Series(name, history.balances[player_id])
                for player_id, name in history.roster.items()
            ],
        ),
        charts.bar_chart(
            title="The pot after each hand",
            x_label="After hand",
            x_labels=numbers,
            series=charts.Series("Pot", history.pots[1:]),
        ),
    ]


@login_required
@require_safe
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    stats = player_stats(player)
    return render(
        request,
        "stats/player_detail.html",
        {
            "player": player,
            "table": player.table,
            "stats": stats,
            "nights": list(reversed(stats.nights)),
            "chart": _cumulative_chart(stats),
        },
    )


@login_required
@require_safe
def night_report(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    history = night_history(night)
    # Closing empties the pot, so a closed night always settles.
    settlement = selectors.night_settlement(night) if night.is_closed else None
    link = share.night_share_link(night)
    return render(
        request,
        "stats/night_report.html",
        {
            "night": night,
            "table": night.table,
            "history": history,
            "standings": selectors.night_standings(night),
            "settlement": settlement,
            "seal": selectors.night_seal(night),
            "currency": night.house_rules.currency,
            "charts": _night_charts(history),
            "share_link": link,
            "share_url": (
                request.build_absolute_uri(reverse("share_view", args=[link.token])) if link else ""
            ),
        },
    )


@login_required
@require_safe
def table_stats(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    return render(
        request,
        "stats/table_stats.html",
        {"table": table, "stats": table_stats_for(table)},
    )
