"""Your data: what is kept about the account, and its downloads."""

from django.contrib.auth.models import AbstractBaseUser

from tables.responses import Page


def account_data_page(user: AbstractBaseUser) -> Page:
    hosts = user.bourre_tables.exists()
    return Page("accounts/data.html", {"hosts": hosts})
