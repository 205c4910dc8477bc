"""A player's own ways of getting paid, on their account: they add a way or remove one.
With htmx only the section is swapped; without JavaScript the page reloads."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from ledger.errors import InvalidInput
from ledger.services import payment_methods as services
from tables import responses
from tables.access import payment_method_for_account
from tables.forms.payment_methods import PaymentMethodForm, PaymentMethodRemoveForm
from tables.pages.my_payment_methods import PAYMENT_METHODS, my_payment_methods_page
from tables.problems import sentences

MY_METHOD_ADDED = gettext_lazy("You can now be paid by %(kind)s at every table you play at.")
MY_METHOD_REMOVED = gettext_lazy("%(kind)s removed: you are no longer paid that way.")


def _done(request: HttpRequest, message: str) -> HttpResponse:
    if request.htmx:
        page = my_payment_methods_page(request.user, part=PAYMENT_METHODS, notice=message)
        return responses.show(request, page)
    return responses.go(request, reverse("my_payment_methods"), message)


@login_required
@require_safe
def my_payment_methods(request: HttpRequest) -> HttpResponse:
    return responses.show(request, my_payment_methods_page(request.user))


@login_required
@require_POST
def my_payment_method_add(request: HttpRequest) -> HttpResponse:
    form = PaymentMethodForm(request.POST)
    if form.is_valid():
        try:
            method = services.account_payment_method_add(user=request.user, **form.cleaned_data)
        except InvalidInput as error:
            form.add_service_errors(error.problems, {})
        else:
            return _done(request, MY_METHOD_ADDED % {"kind": method.get_kind_display()})
    part = responses.swapped(request, PAYMENT_METHODS)
    page = my_payment_methods_page(request.user, part=part, payment_form=form)
    return responses.refuse(request, page, form=form)


@login_required
@require_POST
def my_payment_method_remove(request: HttpRequest, method_id: int) -> HttpResponse:
    method = payment_method_for_account(request, method_id)
    form = PaymentMethodRemoveForm(request.POST)
    if form.is_valid():
        try:
            services.payment_method_remove(
                method=method, by=request.user, reason=form.cleaned_data["reason"]
            )
        except InvalidInput as error:
            refusal = sentences(error.problems, {})
        else:
            return _done(request, MY_METHOD_REMOVED % {"kind": method.get_kind_display()})
    else:
        refusal = responses.form_problems(form, linked=False)
    page = my_payment_methods_page(request.user, part=responses.swapped(request, PAYMENT_METHODS))
    return responses.refuse(request, page, refusal)
