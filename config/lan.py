"""The addresses this machine answers on in its local network: where the phones at the
table reach a laptop that serves the night (`make run HOST=0.0.0.0`). Standard library
only: settings import it."""

import contextlib
import ipaddress
import socket

# TEST-NET-1 (RFC 5737): never on the internet, so the route to it is the default one.
# Connecting a UDP socket sends nothing; it only picks the interface a packet would leave by.
_PROBE = ("192.0.2.1", 9)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the default route's first."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_PROBE)
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for *_, address in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(address[0])
    shown = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and address not in shown:
            shown.append(address)
    return shown


def local_names() -> list[str]:
    """The names a phone may know this machine by on the local network: its address(es)
    and its mDNS name (``laptop.local``)."""
    return [*lan_addresses(), f"{socket.gethostname().split('.')[0]}.local"]
