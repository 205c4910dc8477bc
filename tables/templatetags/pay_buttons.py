"""``{{ pay_buttons|pay_buttons_for:payment }}``: a transfer's pay buttons, from the
mapping ``tables.pay_buttons.night_pay_buttons`` or ``table_pay_buttons`` built (nothing
when the page has none)."""

from django import template

register = template.Library()


@register.filter
def pay_buttons_for(buttons, transfer) -> list:
    if not buttons:
        return []
    return buttons.get(transfer, [])
