"""A table's page: who plays, the nights being played and played, what is still owed from
past nights (with its pay buttons and "settle everything"), and the house rules in a few
words. Its players and its open debts are parts htmx swaps on their own."""

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext, npgettext, pgettext

from ledger import rules
from ledger.models import Table
from ledger.selectors.co_hosts import table_accounts
from ledger.selectors.payments_sent import pending_sent
from ledger.selectors.schedules import table_nights_ahead
from ledger.selectors.seat_claims import pending_claims
from ledger.selectors.table_screen import open_debts, table_players, table_screen
from tables import house_rules_text, presenters
from tables.forms.players import PlayerNameForm
from tables.responses import Page
from tables.transfers import OPEN_DEBTS_PART, open_debt_sections

TEMPLATE = "tables/table_detail.html"
PLAYERS = "players"
DEBTS = OPEN_DEBTS_PART
# Said in the players' part while the table has nobody, active or retired: a flash message
# would stay on the page once htmx had added the players below it.
TABLE_READY = gettext_lazy("%(table)s is ready. Add its players.")


def table_page(
    table: Table,
    *,
    page: int | str = 1,
    part: str | None = None,
    notice: str = "",
    add_form: PlayerNameForm | None = None,
) -> Page:
    """The page, or one of its parts (PLAYERS, DEBTS). ``notice``: what was just done, shown
    in that part (a whole page shows Django's messages instead); ``add_form``: the player
    form as posted, when it was refused."""
    context: dict = {"table": table}
    if part == PLAYERS:
        context |= {"players_notice": notice}
        return Page(TEMPLATE, context | _players(table, table_players(table), add_form), part)
    if part == DEBTS:
        context |= {"debts_notice": notice}
        return Page(TEMPLATE, context | _debts(table), part)
    screen = table_screen(table, page=page)
    return Page(
        TEMPLATE,
        context
        | _players(table, screen.players, add_form)
        | {
            "debts": open_debt_sections(table, screen.debts.currencies, screen.debts.methods),
            "rules_summary": rules_summary(rules.HouseRules.from_dict(table.rules)),
            "open_nights": screen.open_nights,
            "closed_nights": screen.closed_nights,
            "pages": screen.closed_page,
            # The players who play from an account, and which of them co-host.
            "accounts": table_accounts(table),
            # "This is me" from the live link, waiting for the host's answer.
            "claims": pending_claims(table=table),
            "claims_back": reverse("table_detail", args=[table.pk]),
            # The payers' words "I sent it" waiting for the host (or the payee) to confirm.
            "sent": pending_sent(table_id=table.pk),
            "back": reverse("table_detail", args=[table.pk]),
            # The next nights scheduled, with how many said Yes.
            "nights_ahead": table_nights_ahead(table, timezone.now()),
        },
    )


def _players(table: Table, players, add_form) -> dict:
    empty = not players.playing and not players.retired
    return {
        "players": players.playing,
        "retired": players.retired,
        "add_form": add_form or PlayerNameForm(),
        "ready": TABLE_READY % {"table": table.name} if empty else "",
    }


def _debts(table: Table) -> dict:
    debts = open_debts(table)
    return {"debts": open_debt_sections(table, debts.currencies, debts.methods)}


def rules_summary(house: rules.HouseRules) -> list[str]:
    """The house rules in a few words each."""
    lines = [
        npgettext(
            "hand played",
            "Ante %(ante)s chip, %(cards)s cards a hand, up to %(players)s players in a hand",
            "Ante %(ante)s chips, %(cards)s cards a hand, up to %(players)s players in a hand",
            house.ante,
        )
        % {"ante": house.ante, "cards": house.tricks_per_hand, "players": house.max_players},
        gettext("One chip is worth %(money)s")
        % {"money": presenters.money(house.chip_value, house.currency)},
    ]
    if house.min_tricks_to_win > 1:
        lines.append(
            ngettext(
                "The leader needs %(tricks)s trick to win",
                "The leader needs %(tricks)s tricks to win",
                house.min_tricks_to_win,
            )
            % {"tricks": house.min_tricks_to_win}
        )
    if house.escalating_ante:
        lines.append(pgettext("hand played", "The ante doubles after each hand nobody wins"))
    if house.bourre_cap is not None:
        lines.append(
            ngettext("Bourré cap: %(cap)s chip", "Bourré cap: %(cap)s chips", house.bourre_cap)
            % {"cap": house.bourre_cap}
        )
    if house.win_cap is not None:
        lines.append(
            ngettext("Win cap: %(cap)s chip", "Win cap: %(cap)s chips", house.win_cap)
            % {"cap": house.win_cap}
        )
    if house.pot_cap is not None:
        lines.append(
            ngettext("Pot cap: %(cap)s chip", "Pot cap: %(cap)s chips", house.pot_cap)
            % {"cap": house.pot_cap}
        )
    if house.ante_exemptions:
        lines.append(gettext("Bourréd and tied players skip the next ante"))
    if house.leftover_pot == rules.LEFTOVER_SPLIT:
        lines.append(
            pgettext("hand played", "A pot left at closing is split among the last hand's players")
        )
    else:
        lines.append(gettext("A pot left at closing is refunded"))
    lines.append(house_rules_text.obligation_line(house))
    return lines
