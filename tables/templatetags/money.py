"""One way to show money everywhere: ``{{ amount|money:currency }}`` gives $3.00, -€1.50, 25 SEK.

Chips and their colour go through the same presenters: ``{{ chips|chips }}`` gives +12,
-16, 0 and ``{{ amount|sign_class }}`` pos, neg or nothing.
"""

from django import template

from tables import presenters

register = template.Library()


@register.filter
def money(amount, currency: str) -> str:
    return presenters.money(amount, currency)


register.filter("chips", presenters.chips)
register.filter("sign_class", presenters.sign_class)
