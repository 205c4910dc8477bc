"""Creating an account: with a passkey or a code by mail, or with a password."""

from tables.forms.accounts import AccountNameForm, SignupForm
from tables.responses import Page

TEMPLATE = "registration/signup.html"
PASSKEY, CODE, PASSWORD = "passkey", "code", "password"


def signup_page(
    name_form: AccountNameForm | None = None,
    password_form: SignupForm | None = None,
    *,
    back: str = "",
) -> Page:
    """``back``: the page of this site the new account goes to (an invite), if any. The
    form refused is given; the other is shown empty. A refused password form opens its
    fold."""
    return Page(
        TEMPLATE,
        {
            "name_form": name_form or AccountNameForm(),
            "form": password_form or SignupForm(),
            "password_open": password_form is not None,
            "next": back,
        },
    )
