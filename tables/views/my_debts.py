"""What I owe and am owed: one net line per person at every table, the nights behind
each line, "I sent it" on what they pay, and the confirmation of a payer's word — by the
payee's account here, or by the host from the settle-up."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from ledger.errors import Conflict, InvalidInput
from ledger.services.payments_sent import payment_sent_confirm, payment_sent_record
from tables import responses
from tables.access import (
    debt_person_for_player,
    night_for_player,
    payment_sent_for_confirmer,
)
from tables.notices import tasks
from tables.notices.announce import announce
from tables.pages.my_debts import my_debts_page
from tables.pages.my_debts_person import my_debts_person_page
from tables.problems import sentences
from tables.return_to import NEXT, return_to

SENT_SAID = gettext_lazy("Said: you sent it. It shows as paid once it is confirmed.")
SENT_CONFIRMED = gettext_lazy("Confirmed: the transfer is marked paid.")


@login_required
@require_safe
def my_debts(request: HttpRequest) -> HttpResponse:
    return responses.show(request, my_debts_page(request.user))


@login_required
@require_safe
def my_debts_person(
    request: HttpRequest, seat_id: int, other_id: int, currency: str
) -> HttpResponse:
    seat, other = debt_person_for_player(request, seat_id, other_id, currency)
    return responses.show(request, my_debts_person_page(seat, other, currency))


@login_required
@require_POST
def my_transfer_sent(
    request: HttpRequest, night_id: int, payer_id: int, payee_id: int
) -> HttpResponse:
    night, seat = night_for_player(request, night_id)
    back = return_to(request, request.POST.get(NEXT)) or reverse("my_debts")
    try:
        said = payment_sent_record(
            night=night, payer_id=payer_id, payee_id=payee_id, by=request.user
        )
    except (InvalidInput, Conflict) as error:
        status = responses.CONFLICT if isinstance(error, Conflict) else responses.REFUSED
        page = _refused_on(request, seat, payer_id, payee_id, night.house_rules.currency)
        return responses.refuse(request, page, sentences(error.problems, {}), status=status)
    announce(request, tasks.payment_sent_notices, said.pk)
    return responses.go(request, back, str(SENT_SAID))


def _refused_on(
    request: HttpRequest, seat, payer_id: int, payee_id: int, currency: str
) -> responses.Page:
    """The page "I sent it" was tapped on, again: the line's nights where the seat pays a
    player of its table, else What I owe and am owed."""
    if payer_id == seat.pk:
        try:
            seat, other = debt_person_for_player(request, seat.pk, payee_id, currency)
        except Http404:  # the payee is no player of the seat's table
            pass
        else:
            return my_debts_person_page(seat, other, currency)
    return my_debts_page(request.user)


@login_required
@require_POST
def payment_sent_confirmed(request: HttpRequest, sent_id: int) -> HttpResponse:
    sent = payment_sent_for_confirmer(request, sent_id)
    back = return_to(request, request.POST.get(NEXT)) or reverse("my_debts")
    try:
        confirmation = payment_sent_confirm(sent=sent, by=request.user)
    except (InvalidInput, Conflict) as error:
        status = responses.CONFLICT if isinstance(error, Conflict) else responses.REFUSED
        page = my_debts_page(request.user)
        return responses.refuse(request, page, sentences(error.problems, {}), status=status)
    announce(request, tasks.payment_confirmed_notices, confirmation.pk)
    return responses.go(request, back, str(SENT_CONFIRMED))
