"""How a player gets paid, from their page: the host adds a way or removes one. With htmx
only the section is swapped; without JavaScript the page reloads."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ledger.errors import InvalidInput
from ledger.models import Player
from ledger.services import payment_methods as services
from tables import responses
from tables.access import payment_method_for_host, player_for_host
from tables.forms.payment_methods import PaymentMethodForm, PaymentMethodRemoveForm
from tables.pages.player_page import PAYMENT_METHODS, player_page
from tables.problems import sentences
from tables.return_to import NEXT, return_to

METHOD_ADDED = gettext_lazy("%(player)s can now be paid by %(kind)s.")
METHOD_REMOVED = gettext_lazy("%(kind)s removed: %(player)s is no longer paid that way.")


def _done(request: HttpRequest, player: Player, message: str, back: str = "") -> HttpResponse:
    if back:
        return responses.go(request, back, message)
    if request.htmx:
        return responses.show(request, player_page(player, part=PAYMENT_METHODS, notice=message))
    url = reverse("player_detail", args=[player.pk]) + f"#{PAYMENT_METHODS}"
    return responses.go(request, url, message)


@login_required
@require_POST
def payment_method_add(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    back = return_to(request, request.POST.get(NEXT))
    form = PaymentMethodForm(request.POST)
    if form.is_valid():
        try:
            method = services.payment_method_add(
                player=player, by=request.user, **form.cleaned_data
            )
        except InvalidInput as error:
            form.add_service_errors(error.problems, {player.pk: player.name})
        else:
            message = METHOD_ADDED % {"player": player.name, "kind": method.get_kind_display()}
            return _done(request, player, message, back)
    part = responses.swapped(request, PAYMENT_METHODS)
    page = player_page(player, part=part, payment_form=form, back=back)
    return responses.refuse(request, page, form=form)


@login_required
@require_POST
def payment_method_remove(request: HttpRequest, method_id: int) -> HttpResponse:
    method = payment_method_for_host(request, method_id)
    player = method.player
    form = PaymentMethodRemoveForm(request.POST)
    if form.is_valid():
        try:
            services.payment_method_remove(
                method=method, by=request.user, reason=form.cleaned_data["reason"]
            )
        except InvalidInput as error:
            refusal = sentences(error.problems, {player.pk: player.name})
        else:
            message = METHOD_REMOVED % {"player": player.name, "kind": method.get_kind_display()}
            return _done(request, player, message)
    else:
        # The reason's input is written in the template, one for each method.
        refusal = responses.form_problems(form, linked=False)
    # Read after the refusal: the section shows the ways as they now are.
    page = player_page(player, part=responses.swapped(request, PAYMENT_METHODS))
    return responses.refuse(request, page, refusal)
