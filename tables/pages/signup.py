"""Creating a host's account."""

from tables.forms.accounts import SignupForm
from tables.responses import Page

TEMPLATE = "registration/signup.html"


def signup_page(form: SignupForm, *, back: str = "") -> Page:
    """``back``: the page of this site the new account goes to (an invite), if any."""
    return Page(TEMPLATE, {"form": form, "next": back})
