"""Where a form sends the host back to once it is done, when another screen sent them to
it (the settle-up's "Add how Ann gets paid"): a ``next`` address of this site only, so a
link made elsewhere cannot bounce the host to another site."""

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

NEXT = "next"


def return_to(request: HttpRequest, value: str | None) -> str:
    """``value`` when it is an address of this site (its host and scheme, HTTPS when the
    request is), else ""."""
    if not value:
        return ""
    safe = url_has_allowed_host_and_scheme(
        value, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return value if safe else ""
