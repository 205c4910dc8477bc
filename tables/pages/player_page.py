"""A player's page: their results over the nights (a chart of the running total), what
they owe and are owed, and how they get paid — the part htmx swaps when a way is added
or removed (PAYMENT_METHODS), which reads nothing of the stats."""

from django.utils import timezone
from django.utils.translation import gettext

from ledger.models import Player
from ledger.selectors.payment_methods import player_payment_methods_and_own
from ledger.selectors.player_invites import player_account
from ledger.selectors.players import CHART_NIGHTS, PlayerStats, player_screen
from ledger.selectors.seat_claims import pending_claims
from tables import charts, presenters
from tables.forms.payment_methods import PaymentMethodForm, PaymentMethodRemoveForm
from tables.responses import Page

TEMPLATE = "stats/player_detail.html"
PAYMENT_METHODS = "payment-methods"


def player_page(
    player: Player,
    *,
    page: int | str = 1,
    part: str | None = None,
    notice: str = "",
    payment_form: PaymentMethodForm | None = None,
    back: str = "",
) -> Page:
    """``notice``: what was just done to the ways of getting paid; ``payment_form``: the
    add form as posted, when it was refused; ``back``: the screen (of this site) the add
    form returns to once saved, if another one sent the host here."""
    methods = {
        "back": back,
        "player": player,
        "table": player.table,
        "payment_notice": notice,
        "payment_form": payment_form or PaymentMethodForm(),
        "remove_form": PaymentMethodRemoveForm(),
    }
    if part == PAYMENT_METHODS:
        hosts, keeps_own = player_payment_methods_and_own(player)
        # Linked to an account with ways of its own: those are used, the form steps aside.
        context = {**methods, "payment_methods": hosts, "keeps_own": keeps_own}
        return Page(TEMPLATE, context, part)
    screen = player_screen(player, page=page)
    return Page(
        TEMPLATE,
        {
            **methods,
            "payment_methods": screen.payment_methods,
            "keeps_own": screen.keeps_own_payment_methods,
            "stats": screen.stats,
            "nights": screen.stats.nights,
            "pages": screen.stats.page,
            "chart": _cumulative_chart(screen.stats),
            "debts": screen.debts,
            # Who plays the seat from their own account, or the invites open for it.
            "account": player_account(player),
            "claims": pending_claims(player=player),
        },
    )


def _date(value) -> str:
    # The night's date where it was played, as the page's own dates show it.
    return presenters.local_date(timezone.localtime(value), "yMMMd")


def _cumulative_chart(stats: PlayerStats) -> charts.Chart | None:
    """The running total over the player's last nights (CHART_NIGHTS at most): from 0 at
    the start, or from where it stood before the first night shown."""
    closed = stats.chart
    if not closed:
        return None
    first = (
        charts.start_label()
        if len(closed) < CHART_NIGHTS
        # Translators: a chart's first point: the running total before the nights shown.
        else gettext("before")
    )
    return charts.line_chart(
        title=gettext("%(player)s's cumulative net chips, night by night")
        % {"player": stats.player.name},
        x_label=gettext("Night"),
        x_labels=[first, *(_date(n.night.started_at) for n in closed)],
        series=[
            charts.Series(
                gettext("Net chips"), [stats.chart_start, *(n.cumulative_chips for n in closed)]
            )
        ],
    )
