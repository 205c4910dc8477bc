"""The address a request came from, for sign-in throttling (django-axes), behind a proxy.

Behind the proxy the README describes (nginx or Caddy in front of gunicorn), every
request reaches the app from the proxy's own address, so five bad passwords from anyone
would lock the host out from everywhere. The client's address is the one the proxy put
in X-Forwarded-For: the last entry (nginx's ``$proxy_add_x_forwarded_for`` appends it,
Caddy sends only it). Entries to its left came from the client and can say anything:
trusting them would let someone guessing passwords claim a new address for every guess
and never be locked out.
"""

import ipaddress

from django.http import HttpRequest


def forwarded_client_address(request: HttpRequest) -> str | None:
    """The last X-Forwarded-For entry, or the peer's address when there is no usable one
    (a request that did not come through the proxy, or a header the proxy did not write)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    last = forwarded.rsplit(",", 1)[-1].strip()
    try:
        # Normalised ("::FFFF:1.2.3.4" and "::ffff:1.2.3.4" are one client), and never a
        # string axes would store in its address column (PostgreSQL's inet refuses it).
        return str(ipaddress.ip_address(last))
    except ValueError:
        return request.META.get("REMOTE_ADDR")
