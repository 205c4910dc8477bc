"""``manage.py phone_address --port 8000`` (``make run HOST=0.0.0.0`` runs it): the
address a phone on the same Wi-Fi opens to reach the app this machine serves, and its QR
code in the terminal, for the host's phone to scan. Every link and QR code the app then
makes holds the address the phone asked for (the request's own host)."""

import io

import segno
from django.core.management.base import BaseCommand

from config.lan import lan_addresses


class Command(BaseCommand):
    help = "Print the address phones on the same network open, with its QR code."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-qr", action="store_true", help="the addresses only")

    def handle(self, *args, port: int, no_qr: bool, **options):
        addresses = lan_addresses()
        if not addresses:
            self.stdout.write(
                "This machine has no local network address: join the Wi-Fi the phones are on."
            )
            return
        urls = [f"http://{address}:{port}/" for address in addresses]
        self.stdout.write("On a phone on the same Wi-Fi, open:")
        for url in urls:
            self.stdout.write(f"    {url}")
        if not no_qr:
            drawn = io.StringIO()
            segno.make(urls[0], error="m").terminal(out=drawn, compact=True)
            self.stdout.write(drawn.getvalue(), ending="")
