"""A closed night's settle-up: who pays whom, what is paid of it and how to pay the rest,
the final balances, the seal, and the text the host sends to the players' chat."""

from functools import partial

from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy

from ledger.models import Night
from ledger.selectors.night_end import SettleUpScreen, settle_up_screen
from ledger.selectors.payments_sent import pending_sent
from tables import presenters
from tables.languages import players_language
from tables.night_links import links
from tables.responses import Page
from tables.transfers import SETTLE_UP_PART, Mode, night_rows

TEMPLATE = "nights/settlement.html"
# The part a mark (or a refused one) swaps: the transfers and their status.
TRANSFERS = SETTLE_UP_PART

# Also in the settle-up list (templates/nights/_settle_up.html), in the same words.
NOBODY_OWES = gettext_lazy("Nobody owes anybody anything.")
SEAL_LINE = pgettext_lazy("fingerprint of the ledger", "Seal of the night: %(code)s")


def settle_up_page(
    night: Night, *, part: str | None = None, notice: str = "", by_host: bool = True
) -> Page:
    """The page, or its TRANSFERS part; ``notice``: what was just done, in that part;
    ``by_host``: False for a co-host, who sees each transfer's status read-only (marking
    it paid stays the host's)."""
    screen = settle_up_screen(night, seal=part != TRANSFERS)
    mode = Mode.SETTLE_UP if by_host else Mode.REPORT
    context = {
        "night": night,
        "notice": notice,
        "rows": night_rows(night, screen.transfers, mode, screen.payee_methods),
    }
    if part == TRANSFERS:
        return Page(TEMPLATE, context, part)
    # The text goes to the players' chat: in the table's language, not the host's.
    with translation.override(players_language(night.table) or translation.get_language()):
        text = settle_text(screen)
    return Page(
        TEMPLATE,
        {
            **context,
            "standings": screen.standings,
            "seal": screen.seal,
            "text": text,
            "text_rows": text.count("\n") + 1,
            "links": links(night),
            # The payers' words "I sent it" waiting for the host (or the payee) to confirm.
            "sent": pending_sent(night_id=night.pk),
            "back": reverse("night_settlement", args=[night.pk]),
        },
    )


def settle_text(screen: SettleUpScreen) -> str:
    night, standings = screen.night, screen.standings
    when = timezone.localtime(night.started_at)
    money = partial(presenters.money, currency=standings.currency)
    lines = [
        gettext("%(table)s, %(date)s: settle-up")
        % {"table": night.table.name, "date": presenters.local_date(when, "yMMMEd")}
    ]
    lines += [
        gettext("%(payer)s pays %(payee)s %(money)s")
        % {"payer": p.payer.name, "payee": p.payee.name, "money": money(p.money)}
        for p in screen.payments
    ]
    if not screen.payments:
        lines.append(str(NOBODY_OWES))
    lines.append("")
    lines += [
        # A balance of -5 chips is plural too (French's rule, n > 1, would not say so).
        ngettext(
            "%(player)s: %(chips)s chip, %(money)s",
            "%(player)s: %(chips)s chips, %(money)s",
            abs(row.chips),
        )
        % {
            "player": row.player.name,
            "chips": presenters.chips(row.chips),
            "money": money(row.money),
        }
        for row in standings.rows
    ]
    if screen.seal:
        # Sent to the players' chat, it keeps the seal where everyone can find it later.
        lines += ["", SEAL_LINE % {"code": screen.seal.code}]
    return "\n".join(lines)
