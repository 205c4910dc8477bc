"""One way to show money everywhere: ``{{ amount|money:currency }}`` gives $3.00, -€1.50, SEK 25.00
(1 234,50 kr in Swedish: as the page's language writes it),
and ``{{ totals.money|money_totals }}`` sums per currency such as $12.00 + €3.50.

Chips and their colour go through the same presenters: ``{{ chips|chips }}`` gives +12,
-16, 0, ``{{ count|whole }}`` 1,234 (grouped as the page's language groups digits) and
``{{ amount|sign_class }}`` pos, neg or nothing.
"""

from django import template

from tables import presenters

register = template.Library()


@register.filter
def money(amount, currency: str) -> str:
    return presenters.money(amount, currency)


register.filter("money_totals", presenters.money_totals)
register.filter("chips", presenters.chips)
register.filter("whole", presenters.whole)
register.filter("sign_class", presenters.sign_class)
