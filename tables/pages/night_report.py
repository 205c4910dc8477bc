"""A night's report: the standings, the settle-up and which of its transfers are paid
(read-only: they are marked on the settle-up), the seal, charts of every balance and the
pot hand by hand, the hand log, the downloads, and the night's live link."""

from django.urls import reverse
from django.utils.translation import pgettext

from ledger.models import Night
from ledger.selectors.night_reports import NightHistory, night_report
from tables import charts
from tables.responses import Page
from tables.transfers import Mode, night_rows

TEMPLATE = "stats/night_report.html"


def night_report_page(night: Night, *, build_uri) -> Page:
    """``build_uri``: the request's ``build_absolute_uri``, for the live link to share."""
    report = night_report(night, with_share_link=True)
    link = report.share_link
    return Page(
        TEMPLATE,
        {
            "night": night,
            "table": night.table,
            "history": report.history,
            # Newest first, as on the live link: the hand to check is at the top.
            "log": list(reversed(report.history.log)),
            "standings": report.standings,
            "rows": night_rows(night, report.transfers, Mode.REPORT),
            "seal": report.seal,
            "charts": _night_charts(report.history),
            "share_link": link,
            "share_url": build_uri(reverse("share_view", args=[link.token])) if link else "",
        },
    )


def _night_charts(history: NightHistory) -> list[charts.Chart]:
    if not history.log:
        return []
    numbers = [str(row.number) for row in history.log]
    return [
        charts.line_chart(
            title=pgettext("hand played", "Each player's balance after each hand"),
            x_label=pgettext("hand played", "After hand"),
            x_labels=[charts.start_label(), *numbers],
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
