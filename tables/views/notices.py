"""Messages and reminders: the account's choices, this phone's notifications, an address
to try again — and the unsubscribe link of every e-mail, which needs no sign-in."""

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from ledger.models import NoticeChannel
from ledger.services.notices import (
    mail_refusal_clear,
    notice_choice_set,
    push_subscription_remove,
    push_subscription_save,
)
from tables import responses
from tables.forms.notices import PushSubscriptionForm
from tables.notices.delivery import push_enabled
from tables.notices.unsubscribe import read_unsubscribe_token
from tables.pages.notice_settings import choices_form, notice_settings_page
from tables.pages.notice_unsubscribe import notice_unsubscribe_page

CHOICES_SAVED = gettext_lazy("Saved: you get the messages ticked, and no others.")
MAIL_RETRIED = gettext_lazy("Mail to %(address)s will be tried again.")
PHONE_ADDED = gettext_lazy("This phone now shows this app's notifications.")
PHONE_REMOVED = gettext_lazy("This phone no longer shows this app's notifications.")
PUSH_REFUSED = gettext_lazy("This phone's notifications could not be turned on.")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def notice_settings(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return responses.show(request, notice_settings_page(request.user))
    form = choices_form(request.user, request.POST)
    if not form.is_valid():
        return responses.refuse(request, notice_settings_page(request.user, form=form), form=form)
    for kind, channel, on in form.choices():
        notice_choice_set(user=request.user, kind=kind, channel=channel, on=on)
    return responses.go(request, reverse("notice_settings"), str(CHOICES_SAVED))


@login_required
@require_POST
def mail_retry(request: HttpRequest) -> HttpResponse:
    mail_refusal_clear(address=request.user.email)
    message = MAIL_RETRIED % {"address": request.user.email}
    return responses.go(request, reverse("notice_settings"), message)


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> HttpResponse:
    """From static/js/push.js, once the phone's browser subscribed: JSON back."""
    if not push_enabled():
        raise Http404
    form = PushSubscriptionForm(request.POST)
    if not form.is_valid():
        return responses.data(
            {"message": str(PUSH_REFUSED), "problems": form.errors.get_json_data()},
            status=responses.REFUSED,
        )
    push_subscription_save(user=request.user, **form.cleaned_data)
    return responses.data({"message": str(PHONE_ADDED)})


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> HttpResponse:
    endpoint = request.POST.get("endpoint", "")[:1000]
    push_subscription_remove(endpoint=endpoint, user=request.user)
    return responses.data({"message": str(PHONE_REMOVED)})


# A mail provider's one-click unsubscribe (RFC 8058) POSTs from its own servers, with no
# session and no CSRF token: the signed token in the address is what admits it.
@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def notice_unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    found = read_unsubscribe_token(token)
    if found is None:
        raise Http404
    user_id, kind = found
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        raise Http404
    if request.method == "POST":
        notice_choice_set(user=user, kind=kind, channel=NoticeChannel.EMAIL, on=False)
    page = notice_unsubscribe_page(kind=kind, token=token, done=request.method == "POST")
    return responses.show(request, page)
