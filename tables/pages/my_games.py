"""A player's own games, from their account: every table they sit at, their results
per currency, their rates and records, a running total per currency, and every night."""

from django.utils import timezone
from django.utils.translation import gettext

from ledger.selectors.my_games import CHART_NIGHTS, CurrencyHistory, my_games
from ledger.selectors.schedules import account_nights_ahead
from tables import charts, presenters
from tables.responses import Page

TEMPLATE = "me/my_games.html"


def my_games_page(user, *, page: int | str = 1) -> Page:
    games = my_games(user, page=page)
    return Page(
        TEMPLATE,
        {
            "games": games,
            "nights": games.nights,
            "pages": games.page,
            "charts": [(history, _chart(history)) for history in games.currencies if history.chart],
            # The next nights of the tables where the account holds a seat, to answer.
            "nights_ahead": account_nights_ahead(user, timezone.now()),
        },
    )


def _date(value) -> str:
    return presenters.local_date(timezone.localtime(value), "yMMMd")


def _chart(history: CurrencyHistory) -> charts.Chart:
    """The running total in one currency over their last nights at every table."""
    first = (
        charts.start_label()
        if len(history.chart) < CHART_NIGHTS
        # Translators: a chart's first point: the running total before the nights shown.
        else gettext("before")
    )
    return charts.line_chart(
        # Translators: a chart of the player's own running total; the currency is "SEK", "EUR"…
        title=gettext("My running total in %(currency)s, night by night")
        % {"currency": history.currency},
        x_label=gettext("Night"),
        x_labels=[first, *(_date(point.started_at) for point in history.chart)],
        series=[
            charts.Series(
                history.currency,
                [history.chart_start, *(point.running for point in history.chart)],
            )
        ],
    )
