"""Delete my account: what goes, what stays, and for a host where each table goes."""

from django.contrib.auth.models import AbstractBaseUser

from ledger.selectors.erasures import tables_to_leave
from tables.forms.erasures import AccountDeleteForm
from tables.responses import Page


def account_delete_form(user: AbstractBaseUser, data=None) -> AccountDeleteForm:
    return AccountDeleteForm(data, tables=tables_to_leave(user))


def account_delete_page(form: AccountDeleteForm) -> Page:
    return Page("accounts/delete.html", {"form": form})
