"""Signing up, and signing in without a password: with a passkey (WebAuthn), or with a
code mailed to the account's address. A password still works, to sign up here and to
sign in with Django's own view.

Every way counts its failures where the password's are counted (django-axes, by account
and device), and a locked account is locked for all of them. A code is mailed at most a
few times an hour per address and per device, counted in the database.
"""

import smtplib
from dataclasses import dataclass
from datetime import timedelta

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_lockout_response
from django.conf import settings
from django.contrib.auth import login, user_login_failed
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import send_mail
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from ledger import errors as err
from ledger.errors import Conflict, InvalidInput, ServiceError
from ledger.selectors.sign_ins import account_for_email, sign_in_code_counts
from ledger.services import sign_ins
from tables import passkeys, responses
from tables.clients import client_address
from tables.forms.accounts import (
    AccountNameForm,
    SignInCodeForm,
    SignInCodeRequestForm,
    SignupForm,
)
from tables.pages.sign_in import code_enter_page, code_request_page, sign_in_page
from tables.pages.signup import CODE, PASSKEY, PASSWORD, signup_page
from tables.problems import sentences
from tables.return_to import NEXT, return_to

# Signing in without a password uses Django's own backend to record how: the session
# then checks the account as a password sign-in's does.
BACKEND = "django.contrib.auth.backends.ModelBackend"
# What the session keeps between asking for a code and typing it.
SESSION_CODE = "sign_in_code"
CODE_WINDOW = timedelta(hours=1)

PASSKEY_NOT_ACCEPTED = gettext_lazy(
    "That passkey did not sign you in: it is not one of this site's accounts, or the phone "
    "stopped before it signed. Try again, or sign in another way."
)
PASSKEY_NOT_MADE = gettext_lazy(
    "No passkey was made: the phone stopped before it made one, or this browser cannot "
    "make one here. Try again, or get a code by e-mail."
)
CODE_THROTTLED = gettext_lazy(
    "No mail was sent: too many codes asked in the last hour for this address or from "
    "this device (at most %(per_email)s for one address, %(per_client)s from one device). "
    "Try again later."
)
MAIL_FAILED = gettext_lazy(
    "No mail was sent: the mail server did not take it. Try again in a moment."
)
CODE_SENT = gettext_lazy("If an account uses %(email)s, a code is on its way to it.")
CODE_SENT_SIGNUP = gettext_lazy("A code is on its way to %(email)s.")
CODE_SUBJECT = gettext_lazy("%(code)s is your Bourré ledger code")


def _back(request: HttpRequest) -> str:
    return return_to(request, request.POST.get(NEXT) or request.GET.get(NEXT))


def _failed(request: HttpRequest, user: AbstractBaseUser | None) -> None:
    # django-axes counts it, as a wrong password (by the account's name and the device).
    if user is not None:
        user_login_failed.send(
            sender=__name__, credentials={"username": user.get_username()}, request=request
        )


def _locked(request: HttpRequest, user: AbstractBaseUser | None) -> HttpResponse | None:
    if user is None:
        return None
    credentials = {"username": user.get_username()}
    if AxesProxyHandler.is_allowed(request, credentials):
        return None
    return get_lockout_response(request, credentials=credentials)


def _signed_in(request: HttpRequest, user: AbstractBaseUser, back: str) -> HttpResponse:
    login(request, user, backend=BACKEND)
    return responses.go(request, back or reverse("sign_in_landing"))


def _signed_up(request: HttpRequest, user: AbstractBaseUser, back: str) -> HttpResponse:
    """A new account, whichever way it was made: signed in, to its tables (or ``back``)."""
    login(request, user, backend=BACKEND)
    return redirect(back or "table_list")


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    # Sent from a page of this site (an invite), the new account goes back there.
    back = _back(request)
    if request.user.is_authenticated:
        return redirect(back or "table_list")
    if request.method != "POST":
        return responses.show(request, signup_page(back=back))
    way = request.POST.get("way", PASSWORD if "password1" in request.POST else CODE)
    if way == PASSWORD:
        form = SignupForm(request.POST)
        if not form.is_valid():
            return responses.refuse(request, signup_page(password_form=form, back=back), form=form)
        return _signed_up(request, form.save(), back)
    name_form = AccountNameForm(request.POST, email_required=way != PASSKEY)
    if not name_form.is_valid():
        return responses.refuse(request, signup_page(name_form, back=back), form=name_form)
    if way == PASSKEY:
        return signup_with_passkey(request, name_form, back)
    return signup_with_code(request, name_form, back)


# --- passkeys ----------------------------------------------------------------------------


@require_POST
def passkey_sign_in_options(request: HttpRequest) -> HttpResponse:
    """What the phone is asked to sign: the page's script asks, then signs in below."""
    return passkeys.options_response(passkeys.sign_in_options(request))


@require_POST
def passkey_signup_options(request: HttpRequest) -> HttpResponse:
    """A new account's passkey, once its name is a good one. A name refused answers no
    options: the script then sends the form, and the page says what is wrong."""
    form = AccountNameForm(request.POST)
    if request.user.is_authenticated or not form.is_valid():
        return responses.data({"options": None})
    return passkeys.options_response(
        passkeys.creation_options(request, name=form.cleaned_data["username"])
    )


@never_cache
@require_POST
def passkey_sign_in(request: HttpRequest) -> HttpResponse:
    back = _back(request)
    credential = request.POST.get("credential", "")
    passkey = passkeys.named(credential)
    owner = passkey.user if passkey else None
    if locked := _locked(request, owner):
        return locked
    sign_count = passkeys.signed(request, credential, passkey)
    if sign_count is None:
        _failed(request, owner)
        return responses.refuse(request, sign_in_page(request, back=back), [PASSKEY_NOT_ACCEPTED])
    sign_ins.passkey_used(passkey=passkey, sign_count=sign_count)
    return _signed_in(request, owner, back)


def signup_with_passkey(request: HttpRequest, form: AccountNameForm, back: str) -> HttpResponse:
    """The sign-up form's passkey way: the account and its passkey, or neither."""
    key = passkeys.made(request, request.POST.get("credential", ""))
    if key is None:
        return responses.refuse(request, signup_page(form, back=back), [PASSKEY_NOT_MADE])
    try:
        user = sign_ins.account_create(
            username=form.cleaned_data["username"],
            email=form.cleaned_data["email"],
            passkey=key,
        )
    except ServiceError as error:
        page = signup_page(form, back=back)
        status = responses.CONFLICT if isinstance(error, Conflict) else responses.REFUSED
        return responses.refuse(request, page, sentences(error.problems, {}), status=status)
    return _signed_up(request, user, back)


# --- codes by mail -----------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def sign_in_code_request(request: HttpRequest) -> HttpResponse:
    back = _back(request)
    if request.user.is_authenticated:
        return redirect(back or "sign_in_landing")
    if request.method != "POST":
        return responses.show(request, code_request_page(SignInCodeRequestForm(), back=back))
    form = SignInCodeRequestForm(request.POST)
    if not form.is_valid():
        return responses.refuse(request, code_request_page(form, back=back), form=form)
    email = form.cleaned_data["email"]
    refused = mail_code(request, email=email, account=account_for_email(email), back=back)
    if refused:
        return responses.refuse(
            request, code_request_page(form, back=back), [refused.text], status=refused.status
        )
    return responses.go(request, reverse("sign_in_code"), CODE_SENT % {"email": email})


def signup_with_code(request: HttpRequest, form: AccountNameForm, back: str) -> HttpResponse:
    """The sign-up form's code way: the account is made once the code comes back."""
    email = form.cleaned_data["email"]
    refused = mail_code(
        request, email=email, account=None, back=back, username=form.cleaned_data["username"]
    )
    if refused:
        page = signup_page(form, back=back)
        return responses.refuse(request, page, [refused.text], status=refused.status)
    return responses.go(request, reverse("sign_in_code"), CODE_SENT_SIGNUP % {"email": email})


@dataclass(frozen=True)
class _Refused:
    text: str
    status: int


def mail_code(
    request: HttpRequest,
    *,
    email: str,
    account: AbstractBaseUser | None,
    back: str,
    username: str = "",
) -> _Refused | None:
    """Mail a new code to ``email`` for ``account`` (none: signing up as ``username``, or
    no account uses the address, when nothing is mailed and the page says the same), and
    keep in the session what it is for. None when done, else why not."""
    client = client_address(request)
    issued = sign_ins.sign_in_code_issue(email=email, client=client, user=account)
    counts = sign_in_code_counts(issued.row, within=CODE_WINDOW)
    per_email = settings.SIGN_IN_CODE_LIMIT_PER_EMAIL
    per_client = settings.SIGN_IN_CODE_LIMIT_PER_CLIENT
    if counts.email > per_email or counts.client > per_client:
        text = CODE_THROTTLED % {"per_email": per_email, "per_client": per_client}
        return _Refused(text, 429)
    if account is not None or username:
        context = {
            "code": issued.code,
            "minutes": sign_ins.CODE_LIFETIME_MINUTES,
            "signing_up": bool(username),
        }
        try:
            send_mail(
                str(CODE_SUBJECT % {"code": issued.code}),
                render_to_string("registration/sign_in_code_email.txt", context, request),
                None,
                # The address the account keeps, as the password reset's mail goes.
                [account.email if account is not None else email],
            )
        except (smtplib.SMTPException, OSError):
            return _Refused(str(MAIL_FAILED), 503)
    request.session[SESSION_CODE] = {
        "id": issued.row.pk,
        "email": email,
        "username": username,
        "next": back,
    }
    return None


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def sign_in_code(request: HttpRequest) -> HttpResponse:
    """Typing in the code mailed: it signs in, or makes the account signed up for."""
    pending = request.session.get(SESSION_CODE)
    if not isinstance(pending, dict) or "id" not in pending:
        return redirect("sign_in_code_request")
    email, username, back = pending["email"], pending["username"], pending["next"]

    def page(form: SignInCodeForm):
        return code_enter_page(form, email=email, signing_up=bool(username), back=back)

    if request.method != "POST":
        return responses.show(request, page(SignInCodeForm()))
    form = SignInCodeForm(request.POST)
    if not form.is_valid():
        return responses.refuse(request, page(form), form=form)
    account = None if username else account_for_email(email)
    if locked := _locked(request, account):
        return locked
    try:
        used = sign_ins.sign_in_code_redeem(
            code_id=pending["id"], email=email, typed=form.cleaned_data["code"]
        )
        if username:
            user = sign_ins.account_create(username=username, email=email)
        elif used.user is None or not used.user.is_active:
            # A code mailed to no one (no account used the address) signs in no one.
            raise InvalidInput(err.SIGN_IN_CODE_SPENT())
        else:
            user = used.user
    except ServiceError as error:
        _failed(request, account)
        status = responses.CONFLICT if isinstance(error, Conflict) else responses.REFUSED
        return responses.refuse(request, page(form), sentences(error.problems, {}), status=status)
    del request.session[SESSION_CODE]
    if username:
        return _signed_up(request, user, back)
    return _signed_in(request, user, back)
