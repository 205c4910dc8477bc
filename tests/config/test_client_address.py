"""Behind the proxy, the client's address is the last X-Forwarded-For entry, the one the
proxy wrote; whatever the client wrote to its left is never believed."""

import pytest
from django.test import RequestFactory

from config.client_address import forwarded_client_address

PROXY = "127.0.0.1"


def address(forwarded: str | None) -> str | None:
    headers = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
    return forwarded_client_address(RequestFactory().get("/", REMOTE_ADDR=PROXY, **headers))


@pytest.mark.parametrize(
    ("forwarded", "expected"),
    [
        ("203.0.113.7", "203.0.113.7"),  # Caddy: the client only
        ("10.0.0.1, 203.0.113.7", "203.0.113.7"),  # nginx appends to what the client sent
        ("1.1.1.1,2.2.2.2,  203.0.113.7 ", "203.0.113.7"),
        ("2001:DB8::1", "2001:db8::1"),
        ("::FFFF:203.0.113.7", "::ffff:203.0.113.7"),
    ],
)
def test_the_client_is_the_address_the_proxy_appended(forwarded, expected):
    assert address(forwarded) == expected


@pytest.mark.parametrize(
    "forwarded",
    [None, "", "203.0.113.7, ", "unknown", "203.0.113.7:51234", "<script>", "1.2.3.4, x" * 50],
)
def test_without_a_usable_last_entry_the_peer_address_is_used(forwarded):
    assert address(forwarded) == PROXY
