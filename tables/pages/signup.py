"""Creating a host's account."""

from tables.forms.accounts import SignupForm
from tables.responses import Page

TEMPLATE = "registration/signup.html"


def signup_page(form: SignupForm) -> Page:
    return Page(TEMPLATE, {"form": form})
