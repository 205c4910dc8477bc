"""What is still owed: marking a transfer paid (in full or in part), taking a mark back,
and "settle everything" at the table.

Each form posts here and works without JavaScript: the answer redirects back to the
settle-up or the table page, or, refused, shows that page again with why on top. With
htmx the answer is the part of the page that changed, a refusal on top of it.
"""

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ledger.errors import Conflict, ServiceError
from ledger.models import Night, Player, Table
from ledger.services import debts as debt_services
from tables import responses
from tables.access import (
    night_for_host,
    payment_mark_for_host,
    pooled_transfer_for_host,
    table_for_host,
)
from tables.forms.payment_marks import (
    BACK_TO_TABLE,
    MarkReverseForm,
    PaymentMarkForm,
    SettleAndMarkForm,
    SettleEverythingForm,
)
from tables.pages.settle_up import TRANSFERS, settle_up_page
from tables.pages.table_page import DEBTS, table_page
from tables.problems import sentences

MARKED = gettext_lazy("Payment marked.")
MARK_TAKEN_BACK = gettext_lazy("Mark taken back.")
SETTLED_EVERYTHING = gettext_lazy(
    "Everything is settled into the fewest transfers: mark them as they are paid."
)


def _names(table_id: int) -> dict[int, str]:
    return dict(Player.objects.filter(table_id=table_id).values_list("pk", "name"))


def _write(form, table_id: int, write: Callable[[dict], object]):
    """``write(cleaned_data)`` if the form is valid. None once written; else what to
    refuse with: (what is wrong, the status)."""
    if not form.is_valid():
        # The form's inputs are written in the template, ids and all: nothing to link to.
        return responses.form_problems(form, linked=False), responses.REFUSED
    try:
        write(form.cleaned_data)
    except ServiceError as error:
        status = responses.CONFLICT if isinstance(error, Conflict) else responses.REFUSED
        return sentences(error.problems, _names(table_id)), status
    return None


def _answer(
    request: HttpRequest, *, night: Night | None, table: Table, back: str, refused, done
) -> HttpResponse:
    """Back to where the form was: the night's settle-up or the table's open debts."""
    # A night still being played has no settle-up to show the answer in (only a forged
    # form posts for one): the table's open debts say what was refused.
    if night is None or back == BACK_TO_TABLE or not night.is_closed:
        url = reverse("table_detail", args=[table.pk]) + f"#{DEBTS}"

        def page(**kwargs):
            return table_page(table, part=responses.swapped(request, DEBTS), **kwargs)
    else:
        url = reverse("night_settlement", args=[night.pk]) + f"#{TRANSFERS}"

        def page(**kwargs):
            return settle_up_page(night, part=responses.swapped(request, TRANSFERS), **kwargs)

    if refused is not None:
        problems, status = refused
        return responses.refuse(request, page(), problems, status=status)
    if request.htmx:
        return responses.show(request, page(notice=str(done)))
    return responses.go(request, url, done)


def _back(form) -> str:
    return getattr(form, "cleaned_data", {}).get("back", "")


@login_required
@require_POST
def transfer_mark(
    request: HttpRequest, night_id: int, payer_id: int, payee_id: int
) -> HttpResponse:
    night = night_for_host(request, night_id)
    form = PaymentMarkForm(request.POST)
    refused = _write(
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
    return _answer(
        request, night=night, table=night.table, back=_back(form), refused=refused, done=MARKED
    )


@login_required
@require_POST
def pooled_mark(request: HttpRequest, transfer_id: int) -> HttpResponse:
    pooled = pooled_transfer_for_host(request, transfer_id)
    table = pooled.pool.table
    refused = _write(
        PaymentMarkForm(request.POST),
        table.pk,
        lambda data: debt_services.payment_mark(
            pooled=pooled, amount=data["amount"], note=data["note"], by=request.user
        ),
    )
    return _answer(
        request, night=None, table=table, back=BACK_TO_TABLE, refused=refused, done=MARKED
    )


@login_required
@require_POST
def mark_reverse(request: HttpRequest, mark_id: int) -> HttpResponse:
    mark = payment_mark_for_host(request, mark_id)
    form = MarkReverseForm(request.POST)
    refused = _write(
        form,
        mark.table_id,
        lambda data: debt_services.payment_mark_reverse(
            mark=mark, reason=data["reason"], by=request.user
        ),
    )
    return _answer(
        request,
        night=mark.night,
        table=mark.table,
        back=_back(form),
        refused=refused,
        done=MARK_TAKEN_BACK,
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

    refused = _write(form, table.pk, write)
    return _answer(
        request,
        night=None,
        table=table,
        back=BACK_TO_TABLE,
        refused=refused,
        done=MARKED if marking else SETTLED_EVERYTHING,
    )
