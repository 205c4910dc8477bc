"""Makes a pair of VAPID keys for Web Push (RFC 8292), as the settings read them: put the
two lines printed in the server's environment (README, "Settings")."""

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_vapid_keys() -> tuple[str, str]:
    """(private, public): the private key's 32 bytes and the public key's uncompressed
    point, each base64url without padding."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(private), b64url(public)


class Command(BaseCommand):
    help = "Print a new pair of VAPID keys for this app's notifications (Web Push)."

    def handle(self, *args, **options):
        private, public = new_vapid_keys()
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}\nVAPID_PUBLIC_KEY={public}\n")
