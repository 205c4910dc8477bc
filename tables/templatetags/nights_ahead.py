"""``{{ night|when }}``: a night ahead's day and time on its own clock (its time zone's),
as the active language writes them."""

from django import template

from tables import presenters

register = template.Library()


@register.filter
def when(night) -> str:
    return presenters.local_date_time(night.starts_at)
