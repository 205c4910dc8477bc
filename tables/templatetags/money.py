"""One way to show money everywhere: ``{{ amount|money:currency }}`` gives $3.00, -€1.50, 25 SEK."""

from django import template

from tables import presenters

register = template.Library()


@register.filter
def money(amount, currency: str) -> str:
    return presenters.money(amount, currency)
