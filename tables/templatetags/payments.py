"""``{{ method|payment_value }}``: a way of getting paid's number, account or handle as
people write it (a Swish number 070-123 45 67), the same as under the pay buttons."""

from django import template

from tables import presenters

register = template.Library()


@register.filter
def payment_value(method) -> str:
    return presenters.payment_value(method.kind, method.value)
