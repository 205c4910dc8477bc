"""``{{ messages|refusals }}`` and ``{{ messages|notices }}``: the messages a redirect
brought (Django's messages framework), the errors apart from the rest — an error is a
refusal said after a redirect (another phone got there first, the night was closed), and
base.html shows it as the refusal on top is shown: an alert that takes the focus."""

from django import template
from django.contrib.messages import constants

register = template.Library()


@register.filter
def refusals(messages) -> list:
    return [message for message in messages if message.level >= constants.ERROR]


@register.filter
def notices(messages) -> list:
    return [message for message in messages if message.level < constants.ERROR]
