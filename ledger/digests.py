"""Keyed hashes of what must be counted or compared but never read back (an e-mail
address, a client's address, a code): HMAC-SHA256 under the server's secret key, each
kind with its own label, so an address cannot be found again by hashing a list of likely
ones and one kind's digest never equals another's."""

import hashlib
import hmac

from django.conf import settings


def keyed_digest(label: bytes, value: str) -> str:
    return hmac.new(
        settings.SECRET_KEY.encode(), label + b"\x00" + value.encode(), hashlib.sha256
    ).hexdigest()


def email_key(email: str) -> str:
    """An address as a person types it, trimmed and in lower case: the same address."""
    return email.strip().lower()
