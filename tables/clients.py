"""The address a request came from, read as django-axes reads it (behind a proxy too): the
hour's limits (password resets, sign-in codes, invites, claims) and the sign-in
throttling agree on who is asking."""

from axes.helpers import get_client_ip_address
from django.http import HttpRequest

# A request without an address (a test client, a broken proxy) is counted under this one.
UNKNOWN = "unknown"


def client_address(request: HttpRequest) -> str:
    return get_client_ip_address(request) or UNKNOWN
