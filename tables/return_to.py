"""Where a form sends the host back to once it is done, when another screen sent them to
it (the settle-up's "Add how Ann gets paid"): a ``next`` address of this site only, so a
link made elsewhere cannot bounce the host to another site."""

from django.http import HttpRequest
from django.urls import Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode

NEXT = "next"


def return_to(request: HttpRequest, value: str | None) -> str:
    """``value`` when it is a path of this site's pages (not another host's, not a bare
    word a redirect would take for a URL name), else ""."""
    if not value or not value.startswith("/") or value.startswith("//"):
        return ""
    safe = url_has_allowed_host_and_scheme(
        value, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    if not safe:
        return ""
    try:
        resolve(value.split("?", 1)[0].split("#", 1)[0])
    except Resolver404:
        return ""
    return value


def with_next(url_name: str, back: str) -> str:
    """The page ``url_name`` sending the visitor on to ``back`` once done (signing up or
    in from an invite, say); the page alone when there is nowhere to go back to."""
    url = reverse(url_name)
    return f"{url}?{urlencode({NEXT: back})}" if back else url
