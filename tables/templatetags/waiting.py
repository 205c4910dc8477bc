"""The badge on My tables and My games: how many things wait for the signed-in account
(claims to answer, payers' words to confirm). One query per page, none signed out."""

from django import template

from ledger.selectors.notices import Waiting, waiting_for

register = template.Library()


@register.simple_tag(takes_context=True)
def waiting(context) -> Waiting | None:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    return waiting_for(user)
