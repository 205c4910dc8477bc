"""One way to show money everywhere: ``{{ amount|money:currency }}`` gives $3.00, -€1.50, 25 SEK,
and ``{{ totals.money|money_totals }}`` sums per currency such as $12.00 + €3.50.

Chips and their colour go through the same presenters: ``{{ chips|chips }}`` gives +12,
-16, 0 and ``{{ amount|sign_class }}`` pos, neg or nothing.
"""

from django import template

from tables import presenters

register = template.Library()


@register.filter
def money(amount, currency: str) -> str:
    return presenters.money(amount, currency)


register.filter("money_totals", presenters.money_totals)
register.filter("chips", presenters.chips)
register.filter("sign_class", presenters.sign_class)
