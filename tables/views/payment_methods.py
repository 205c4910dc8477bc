"""How a player gets paid, from their page: the host adds a way or removes one. With htmx
only the section is swapped; without JavaScript the page reloads."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ledger.errors import InvalidInput
from ledger.models import Player
from ledger.services import payment_methods as services
from tables.access import payment_method_for_host, player_for_host
from tables.forms_payments import PaymentMethodForm, PaymentMethodRemoveForm
from tables.problems import sentences
from tables.views.stats import payment_methods_context, player_page_context

METHOD_ADDED = gettext_lazy("%(player)s can now be paid by %(kind)s.")
METHOD_REMOVED = gettext_lazy("%(kind)s removed: %(player)s is no longer paid that way.")
SECTION = "payment-methods"


def _section(request: HttpRequest, player: Player, *, status: int = 200, **extra) -> HttpResponse:
    """htmx swaps the section alone (no stats read); without JavaScript the page reloads."""
    if request.htmx:
        context = payment_methods_context(player, **extra)
        return render(request, f"stats/player_detail.html#{SECTION}", context, status=status)
    return render(
        request, "stats/player_detail.html", player_page_context(player, **extra), status=status
    )


def _done(request: HttpRequest, player: Player, message: str) -> HttpResponse:
    if request.htmx:
        return _section(request, player, payment_notice=message)
    messages.success(request, message)
    return redirect(reverse("player_detail", args=[player.pk]) + f"#{SECTION}")


@login_required
@require_POST
def payment_method_add(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
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
            return _done(request, player, message)
    # htmx swaps only a 2xx answer: the section comes back with the form's errors.
    return _section(request, player, status=200 if request.htmx else 400, payment_form=form)


@login_required
@require_POST
def payment_method_remove(request: HttpRequest, method_id: int) -> HttpResponse:
    method = payment_method_for_host(request, method_id)
    player = method.player
    form = PaymentMethodRemoveForm(request.POST)
    if not form.is_valid():
        errors = [error for errors in form.errors.values() for error in errors]
        return _section(request, player, status=200 if request.htmx else 400, remove_errors=errors)
    try:
        services.payment_method_remove(
            method=method, by=request.user, reason=form.cleaned_data["reason"]
        )
    except InvalidInput as error:
        errors = sentences(error.problems, {player.pk: player.name})
        return _section(request, player, status=200 if request.htmx else 400, remove_errors=errors)
    message = METHOD_REMOVED % {"player": player.name, "kind": method.get_kind_display()}
    return _done(request, player, message)
