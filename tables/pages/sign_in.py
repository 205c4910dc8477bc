"""Signing in: the sign-in page (a passkey, a password, or a code by mail), asking for a
code, and typing it in."""

from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest

from ledger.services.sign_ins import CODE_LIFETIME_MINUTES
from tables.forms.accounts import SignInCodeForm, SignInCodeRequestForm
from tables.responses import Page
from tables.return_to import with_next


def sign_in_page(request: HttpRequest, *, back: str = "") -> Page:
    """Django's own sign-in page, as its view shows it: for a refused passkey."""
    return Page("registration/login.html", {"form": AuthenticationForm(request), "next": back})


def code_request_page(form: SignInCodeRequestForm, *, back: str = "") -> Page:
    return Page(
        "registration/sign_in_code_request.html",
        {"form": form, "next": back, "login_url": with_next("login", back)},
    )


def code_enter_page(form: SignInCodeForm, *, email: str, signing_up: bool, back: str) -> Page:
    again = with_next("signup", back) if signing_up else with_next("sign_in_code_request", back)
    return Page(
        "registration/sign_in_code.html",
        {
            "form": form,
            "email": email,
            "signing_up": signing_up,
            "again_url": again,
            "minutes": CODE_LIFETIME_MINUTES,
        },
    )
