"""An account's passkeys: add one (a host who signed up with a password, a second
phone), or remove one."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from ledger.errors import ServiceError
from ledger.selectors import sign_ins as sign_in_reads
from ledger.services import sign_ins
from tables import passkeys, responses
from tables.access import passkey_for_account
from tables.pages.account_passkeys import account_passkeys_page
from tables.problems import sentences

PASSKEY_ADDED = gettext_lazy("Passkey added: sign in with it from this phone.")
PASSKEY_REMOVED = gettext_lazy("Passkey removed: it no longer signs in to this account.")
PASSKEY_NOT_ADDED = gettext_lazy(
    "No passkey was added: the phone stopped before it made one, or this browser cannot "
    "make one here."
)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account_passkeys(request: HttpRequest) -> HttpResponse:
    page = account_passkeys_page(request.user)
    if request.method != "POST":
        return responses.show(request, page)
    key = passkeys.made(request, request.POST.get("credential", ""))
    if key is None:
        return responses.refuse(request, page, [PASSKEY_NOT_ADDED])
    try:
        sign_ins.passkey_add(user=request.user, key=key)
    except ServiceError as error:
        return responses.refuse(
            request, page, sentences(error.problems, {}), status=responses.CONFLICT
        )
    return responses.go(request, reverse("account_passkeys"), str(PASSKEY_ADDED))


@login_required
@require_POST
def passkey_add_options(request: HttpRequest) -> HttpResponse:
    have = [passkey.credential_id for passkey in sign_in_reads.account_passkeys(request.user)]
    options = passkeys.creation_options(request, name=request.user.get_username(), have=have)
    return passkeys.options_response(options)


@login_required
@require_POST
def passkey_remove(request: HttpRequest, passkey_id: int) -> HttpResponse:
    passkey = passkey_for_account(request, passkey_id)
    try:
        sign_ins.passkey_remove(passkey=passkey)
    except ServiceError as error:
        page = account_passkeys_page(request.user)
        return responses.refuse(request, page, sentences(error.problems, {}))
    return responses.go(request, reverse("account_passkeys"), str(PASSKEY_REMOVED))
