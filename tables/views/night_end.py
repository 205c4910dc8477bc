"""The end of a night: close it (the pot left in the middle goes back), then settle up."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_safe

from ledger import rules, selectors
from ledger.errors import InvalidInput
from ledger.models import Night
from ledger.services import nights as night_services
from tables import presenters
from tables.access import night_for_host
from tables.problems import sentences
from tables.views.night_common import links, roster, standings

NIGHT_NOT_CLOSED = "The settle-up is ready once the night is closed."
NOBODY_OWES = "Nobody owes anybody anything."
SEAL_LINE = "Seal of the night: {code}"

POLICY_HELP = {
    rules.LEFTOVER_REFUND: "Refund: everyone gets back their own share of the pot.",
    rules.LEFTOVER_SPLIT: (
        "Split: the pot is shared equally among the players of the last hand; "
        "odd chips from the dealer's left."
    ),
}


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_close(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if night.is_closed:
        return redirect("night_settlement", night.pk)
    house = night.house_rules
    policy = request.POST.get("policy") or house.leftover_pot
    errors: list[str] = []
    if request.method == "POST":
        try:
            night_services.night_close(night=night, by=request.user, policy=policy)
        except InvalidInput as error:
            errors = sentences(error.problems, {p.id: p.name for p in roster(night)})
        else:
            return redirect("night_settlement", night.pk)
    rows, pot = standings(night)
    context = {
        "night": night,
        "standings": rows,
        "pot": pot,
        "policy": policy,
        "default_policy": house.leftover_pot,
        "policies": _policies(night) if pot else [],
        "errors": errors,
        "links": links(night),
    }
    return render(request, "nights/close.html", context, status=400 if errors else 200)


def _policies(night: Night) -> list[tuple[str, str, str]]:
    """Each way to hand back the pot, with who would get what."""
    names = {p.id: p.name for p in roster(night)}
    choices = []
    for policy, help_text in POLICY_HELP.items():
        try:
            back = selectors.night_leftover(night, policy)
        except InvalidInput as error:
            effect = " ".join(sentences(error.problems, names))
        else:
            effect = presenters.join_names([f"{names[p]} {chips}" for p, chips in back.items()])
        choices.append((policy, help_text, effect))
    return choices


def _settle_text(night: Night, rows, transfers: list[str], seal) -> str:
    when = timezone.localtime(night.started_at)
    lines = [f"{night.table.name}, {when:%a %d %b %Y}: settle-up"]
    lines += transfers or [NOBODY_OWES]
    lines.append("")
    lines += [f"{row.name}: {row.chips} chips, {row.money}" for row in rows]
    if seal:
        # Sent to the players' chat, it keeps the seal where everyone can find it later.
        lines += ["", SEAL_LINE.format(code=seal.code)]
    return "\n".join(lines)


@login_required
@require_safe
def night_settlement(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if not night.is_closed:
        messages.info(request, NIGHT_NOT_CLOSED)
        return redirect("night_close", night.pk)
    currency = night.house_rules.currency
    rows, pot = standings(night)
    payments = selectors.night_settlement(night)
    transfers = [
        f"{p.payer.name} pays {p.payee.name} {presenters.money(p.money, currency)}"
        for p in payments
    ]
    seal = selectors.night_seal(night)
    text = _settle_text(night, rows, transfers, seal)
    context = {
        "night": night,
        "standings": rows,
        "transfers": transfers,
        "nobody_owes": NOBODY_OWES,
        "pot": pot,
        "seal": seal,
        "text": text,
        "text_rows": text.count("\n") + 1,
        "links": links(night),
    }
    return render(request, "nights/settlement.html", context)
