"""``manage.py phone_address`` (``make run HOST=0.0.0.0``): the address phones on the same
Wi-Fi open, and its QR code in the terminal; what to do when there is none."""

import io
import ipaddress

from django.conf import settings
from django.core.management import call_command

from config.lan import lan_addresses
from tables.management.commands import phone_address


def test_it_prints_each_local_address_with_the_port_and_a_qr_code(monkeypatch):
    monkeypatch.setattr(phone_address, "lan_addresses", lambda: ["192.168.1.23", "10.0.0.5"])
    out = io.StringIO()

    call_command("phone_address", "--port", "8123", stdout=out)

    lines = out.getvalue().splitlines()
    assert lines[:3] == [
        "On a phone on the same Wi-Fi, open:",
        "    http://192.168.1.23:8123/",
        "    http://10.0.0.5:8123/",
    ]
    assert len(lines) > 15 and "▄" in lines[5]  # the QR code, drawn in blocks


def test_without_a_network_it_says_to_join_the_phones_wifi(monkeypatch):
    monkeypatch.setattr(phone_address, "lan_addresses", list)
    out = io.StringIO()

    call_command("phone_address", stdout=out)

    assert "no local network address" in out.getvalue()


def test_the_local_addresses_are_never_loopback_and_the_app_answers_on_them():
    addresses = lan_addresses()

    assert not [a for a in addresses if ipaddress.ip_address(a).is_loopback]
    assert set(addresses) <= set(settings.ALLOWED_HOSTS)
