"""``{{ user|account_name }}``: an account as a screen names it ("a former account" once
it is deleted)."""

from django import template

from ledger import names

register = template.Library()


@register.filter
def account_name(user) -> str:
    return names.account_name(user)
