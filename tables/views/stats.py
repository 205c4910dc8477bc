"""History and statistics: a player's page, a night's report, a table's records.

Each page runs a fixed number of queries however long the history: the
numbers come from aggregates in ledger.selectors, the pictures from tables.charts.
"""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_safe

from ledger.models import Player
from ledger.selectors import night_reports
from ledger.selectors.debts import night_transfer_debts, player_debts
from ledger.selectors.night_reports import NightHistory
from ledger.selectors.payment_methods import player_payment_methods
from ledger.selectors.players import PlayerStats, player_stats
from ledger.selectors.tables import table_stats as table_stats_for
from tables import charts, presenters
from tables.access import night_for_host, player_for_host, table_for_host
from tables.forms_payments import PaymentMethodForm, PaymentMethodRemoveForm


def _date(value) -> str:
    # The night's date where it was played, as the page's own dates show it.
    return presenters.local_date(timezone.localtime(value), "yMMMd")


def _cumulative_chart(stats: PlayerStats) -> charts.Chart | None:
    closed = stats.closed_nights
    if not closed:
        return None
    return charts.line_chart(
        title=gettext("%(player)s's cumulative net chips, night by night")
        % {"player": stats.player.name},
        x_label=gettext("Night"),
        x_labels=[_start(), *(_date(n.night.started_at) for n in closed)],
        series=[charts.Series(gettext("Net chips"), [0, *(n.cumulative_chips for n in closed)])],
    )


def _start() -> str:
    # Translators: a chart's first point, before the first night or hand: everyone at 0.
    return gettext("start")


def _night_charts(history: NightHistory) -> list[charts.Chart]:
    if not history.log:
        return []
    numbers = [str(row.number) for row in history.log]
    return [
        charts.line_chart(
            title=pgettext("hand played", "Each player's balance after each hand"),
            x_label=pgettext("hand played", "After hand"),
            x_labels=[_start(), *numbers],
            series=[
                charts.Series(name, history.balances[player_id])
                for player_id, name in history.roster.items()
            ],
        ),
        charts.bar_chart(
            title=pgettext("hand played", "The pot after each hand"),
            x_label=pgettext("hand played", "After hand"),
            x_labels=numbers,
            series=charts.Series(pgettext("pot of chips", "Pot"), history.pots[1:]),
        ),
    ]


def payment_methods_context(player: Player, **extra) -> dict:
    """What the player page's "How <name> gets paid" section shows (its htmx partial needs
    no more)."""
    return {
        "player": player,
        "payment_methods": player_payment_methods(player),
        "payment_form": PaymentMethodForm(),
        "remove_form": PaymentMethodRemoveForm(),
        **extra,
    }


def player_page_context(player: Player, **extra) -> dict:
    """Everything the player page shows; the payment-method views re-render it with their
    errors or notice."""
    stats = player_stats(player)
    return {
        "table": player.table,
        "stats": stats,
        "nights": list(reversed(stats.nights)),
        "chart": _cumulative_chart(stats),
        "debts": player_debts(player),
        **payment_methods_context(player, **extra),
    }


@login_required
@require_safe
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    return render(request, "stats/player_detail.html", player_page_context(player))


@login_required
@require_safe
def night_report(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    report = night_reports.night_report(night, with_share_link=True)
    link = report.share_link
    return render(
        request,
        "stats/night_report.html",
        {
            "night": night,
            "table": night.table,
            "history": report.history,
            "standings": report.standings,
            "settlement": report.settle_up,
            # Which of its transfers are settled: read-only here, marked on the settle-up.
            "transfer_debts": night_transfer_debts(night, report.settle_up or []),
            "seal": report.seal,
            "charts": _night_charts(report.history),
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
