"""The end of a night: close it (the pot left in the middle goes back), then settle up."""

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ledger import rules
from ledger.errors import InvalidInput
from ledger.models import Night
from ledger.selectors.night_end import LeftoverChoice, close_screen, settle_up_screen
from ledger.services import nights as night_services
from tables import presenters
from tables.access import night_for_host
from tables.languages import players_language
from tables.problems import sentences
from tables.views.debts import settle_up_marks_context
from tables.views.night_common import links

NIGHT_NOT_CLOSED = gettext_lazy("The settle-up is ready once the night is closed.")
# Also in the settle-up list (templates/nights/_settle_up.html), in the same words.
NOBODY_OWES = gettext_lazy("Nobody owes anybody anything.")
SEAL_LINE = pgettext_lazy("fingerprint of the ledger", "Seal of the night: %(code)s")

POLICY_HELP = {
    rules.LEFTOVER_REFUND: gettext_lazy("Refund: everyone gets back their own share of the pot."),
    rules.LEFTOVER_SPLIT: pgettext_lazy(
        "hand played",
        "Split: the pot is shared equally among the players of the last hand; "
        "odd chips from the dealer's left.",
    ),
}


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_close(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if night.is_closed:
        return redirect("night_settlement", night.pk)
    refused: InvalidInput | None = None
    if request.method == "POST":
        try:
            # No policy posted: the service closes by the night's own rule.
            night_services.night_close(
                night=night, by=request.user, policy=request.POST.get("policy")
            )
        except InvalidInput as error:
            refused = error
        else:
            return redirect("night_settlement", night.pk)
    screen = close_screen(night)
    errors = sentences(refused.problems, screen.names) if refused else []
    default = screen.house.leftover_pot
    context = {
        "night": night,
        "standings": screen.standings,
        "pot": screen.standings.pot,
        "policy": request.POST.get("policy") or default,
        "default_policy": default,
        "policies": [
            (policy, help_text, _effect(screen.choices[policy], screen.names))
            for policy, help_text in POLICY_HELP.items()
            if screen.choices
        ],
        "errors": errors,
        "links": links(night),
    }
    return render(request, "nights/close.html", context, status=400 if errors else 200)


def _effect(choice: LeftoverChoice, names: dict[int, str]) -> str:
    """Who would get what back, or why this way cannot close the night."""
    if choice.problems:
        return " ".join(sentences(choice.problems, names))
    return presenters.join_names(
        [f"{player.name} {presenters.whole(chips)}" for player, chips in choice.back]
    )


def _settle_text(night: Night, standings, payments, seal) -> str:
    when = timezone.localtime(night.started_at)
    money = partial(presenters.money, currency=standings.currency)
    lines = [
        gettext("%(table)s, %(date)s: settle-up")
        % {"table": night.table.name, "date": presenters.local_date(when, "yMMMEd")}
    ]
    lines += [
        gettext("%(payer)s pays %(payee)s %(money)s")
        % {"payer": p.payer.name, "payee": p.payee.name, "money": money(p.money)}
        for p in payments
    ]
    if not payments:
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
    if seal:
        # Sent to the players' chat, it keeps the seal where everyone can find it later.
        lines += ["", SEAL_LINE % {"code": seal.code}]
    return "\n".join(lines)


@login_required
@require_safe
def night_settlement(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if not night.is_closed:
        messages.info(request, NIGHT_NOT_CLOSED)
        return redirect("night_close", night.pk)
    screen = settle_up_screen(night)
    # The text goes to the players' chat: in the table's language, not the host's.
    with translation.override(players_language(night.table) or translation.get_language()):
        text = _settle_text(night, screen.standings, screen.payments, screen.seal)
    context = {
        "night": night,
        "standings": screen.standings,
        "payments": screen.payments,
        "seal": screen.seal,
        "text": text,
        "text_rows": text.count("\n") + 1,
        "links": links(night),
        **settle_up_marks_context(night, screen.payments, screen.standings.currency),
    }
    return render(request, "nights/settlement.html", context)
