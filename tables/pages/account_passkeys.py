"""The account's ways of signing in: its passkeys (add one, remove one), its address for a
code by mail, its password if it has one."""

from django.contrib.auth.models import AbstractBaseUser

from ledger.selectors.sign_ins import account_passkeys
from tables.responses import Page


def account_passkeys_page(user: AbstractBaseUser) -> Page:
    return Page(
        "accounts/passkeys.html",
        {
            "passkeys": account_passkeys(user),
            "email": user.email,
            "has_password": user.has_usable_password(),
        },
    )
