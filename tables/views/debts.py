"""What is still owed: marking a transfer paid (in full or in part), taking a mark back,
and "settle everything" at the table.

Each form posts here and works without JavaScript: the answer redirects back to the
settle-up or the table page (a refusal as a message there). With htmx the answer is the
part of the page that changed, the refusal in it.
"""

from collections.abc import Callable
from functools import cache, partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ledger.errors import ServiceError
from ledger.models import Night, Player, Table
from ledger.selectors.debts import night_transfer_debts, table_debts
from ledger.selectors.night_end import settle_up_screen
from ledger.services import debts as debt_services
from tables.access import (
    night_for_host,
    payment_mark_for_host,
    pooled_transfer_for_host,
    table_for_host,
)
from tables.forms_debts import (
    BACK_TO_TABLE,
    MarkReverseForm,
    PaymentMarkForm,
    SettleAndMarkForm,
    SettleEverythingForm,
)
from tables.pay_buttons import night_pay_buttons, table_pay_buttons
from tables.problems import sentences

MARKED = gettext_lazy("Payment marked.")
MARK_TAKEN_BACK = gettext_lazy("Mark taken back.")
SETTLED_EVERYTHING = gettext_lazy(
    "Everything is settled into the fewest transfers: mark them as they are paid."
)
FORM_INVALID = gettext_lazy("Check the amount and the note.")


def debts_context(table: Table) -> dict:
    """The table page's open debts and how to pay them, read only if the page shows them:
    each is a function the template calls (as it calls any callable it is given), which
    reads once."""
    debts = cache(partial(table_debts, table))
    return {
        "debts": debts,
        "pay_buttons": cache(lambda: table_pay_buttons(table, debts())),
        "can_mark": True,
        "marks_back": BACK_TO_TABLE,
    }


def settle_up_marks_context(night: Night, payments, currency: str) -> dict:
    """The settle-up's per-transfer status, with the host's mark controls, and the pay
    buttons of what is still open."""
    debts = night_transfer_debts(night, payments)
    return {
        "transfer_debts": debts,
        "pay_buttons": night_pay_buttons(night, payments, currency, debts),
        "can_mark": True,
        "marks_back": "night",
    }


def _names(table_id: int) -> dict[int, str]:
    return dict(Player.objects.filter(table_id=table_id).values_list("pk", "name"))


def _answer(
    request: HttpRequest, *, night: Night | None, table: Table, back: str, errors, done
) -> HttpResponse:
    """Back to where the form was: the night's settle-up or the table's open debts."""
    # A night still being played has no settle-up to show the answer in (only a forged
    # form posts for one): the table's open debts say what was refused.
    to_table = night is None or back == BACK_TO_TABLE or not night.is_closed
    if request.htmx:
        if to_table:
            context = {"table": table, "debt_errors": errors, **debts_context(table)}
            template = "tables/table_detail.html#debts"
        else:
            screen = settle_up_screen(night)
            context = {
                "night": night,
                "payments": screen.payments,
                "standings": screen.standings,
                "debt_errors": errors,
                **settle_up_marks_context(night, screen.payments, screen.standings.currency),
            }
            template = "nights/settlement.html#transfers"
        return render(request, template, context, status=400 if errors else 200)
    for error in errors:
        messages.error(request, error)
    if not errors:
        messages.success(request, done)
    if to_table:
        return redirect(reverse("table_detail", args=[table.pk]) + "#debts")
    return redirect(reverse("night_settlement", args=[night.pk]) + "#transfers")


def _form_errors(form) -> list[str]:
    return [str(error) for errors in form.errors.values() for error in errors] or [
        str(FORM_INVALID)
    ]


def _write(form, table_id: int, write: Callable[[dict], object]) -> list[str]:
    """``write(cleaned_data)`` if the form is valid; what went wrong, in words: the form's
    errors or the service's refusal (nothing written), [] once written."""
    if not form.is_valid():
        return _form_errors(form)
    try:
        write(form.cleaned_data)
    except ServiceError as error:
        return sentences(error.problems, _names(table_id))
    return []


@login_required
@require_POST
def transfer_mark(
    request: HttpRequest, night_id: int, payer_id: int, payee_id: int
) -> HttpResponse:
    night = night_for_host(request, night_id)
    form = PaymentMarkForm(request.POST)
    errors = _write(
        form,
        night.table_id,
        lambda data: debt_services.payment_mark(
            night=night,
            payer_id=payer_id,
            payee_id=payee_id,
            amount=data["amount"],
            note=data["note"],
            by=request.user,
        ),
    )
    back = getattr(form, "cleaned_data", {}).get("back", "")
    return _answer(request, night=night, table=night.table, back=back, errors=errors, done=MARKED)


@login_required
@require_POST
def pooled_mark(request: HttpRequest, transfer_id: int) -> HttpResponse:
    pooled = pooled_transfer_for_host(request, transfer_id)
    table = pooled.pool.table
    errors = _write(
        PaymentMarkForm(request.POST),
        table.pk,
        lambda data: debt_services.payment_mark(
            pooled=pooled, amount=data["amount"], note=data["note"], by=request.user
        ),
    )
    return _answer(request, night=None, table=table, back=BACK_TO_TABLE, errors=errors, done=MARKED)


@login_required
@require_POST
def mark_reverse(request: HttpRequest, mark_id: int) -> HttpResponse:
    mark = payment_mark_for_host(request, mark_id)
    form = MarkReverseForm(request.POST)
    errors = _write(
        form,
        mark.table_id,
        lambda data: debt_services.payment_mark_reverse(
            mark=mark, reason=data["reason"], by=request.user
        ),
    )
    back = getattr(form, "cleaned_data", {}).get("back", "")
    return _answer(
        request, night=mark.night, table=mark.table, back=back, errors=errors, done=MARK_TAKEN_BACK
    )


@login_required
@require_POST
def debts_settle(request: HttpRequest, table_id: int) -> HttpResponse:
    """Settle everything in a currency; with a payer and a payee, also mark that one of
    the fewest transfers paid (in full, or the amount given)."""
    table = table_for_host(request, table_id)
    marking = "payer" in request.POST
    form = (SettleAndMarkForm if marking else SettleEverythingForm)(request.POST)

    def write(data: dict) -> None:
        if marking:
            debt_services.debts_pool_mark(
                table=table,
                currency=data["currency"],
                digest=data["digest"],
                payer_id=data["payer"],
                payee_id=data["payee"],
                amount=data["amount"],
                note=data["note"],
                by=request.user,
            )
        else:
            debt_services.debts_pool(
                table=table, currency=data["currency"], digest=data["digest"], by=request.user
            )

    errors = _write(form, table.pk, write)
    return _answer(
        request,
        night=None,
        table=table,
        back=BACK_TO_TABLE,
        errors=errors,
        done=MARKED if marking else SETTLED_EVERYTHING,
    )
