"""The ledger's keys and seals: what stops someone with only the database from forging
the entries' hash chain.

Each entry's hash is an HMAC-SHA256 of its content and the hash before it, under
a key that lives in the server's environment, never in the database. Someone
who can rewrite the database but does not hold the key cannot recompute the
chain, so verify_ledger finds the rewrite.

The key is derived from ``DJANGO_LEDGER_KEY``, or from ``DJANGO_SECRET_KEY``
when that is not set. ``DJANGO_LEDGER_KEY_PREVIOUS`` lists the values used
before a rotation, so entries sealed with them still check. Each entry stores
the id of the key that sealed it (a fingerprint of the key, which reveals
nothing of it): a known id whose HMAC differs means the row changed; an id the
server does not hold means the row was sealed with a different key.

A night's seal is a short fingerprint of its last entry's hash, shown to the
players to keep: a rewrite of the night, even by someone holding the key,
gives it another seal.
"""

import hashlib
import hmac
from collections.abc import Callable
from functools import lru_cache

from django.conf import settings

# Fixed labels: the same secret gives unrelated keys for other uses of it
# (Django signs sessions with the secret key itself).
_KEY_LABEL = b"bourre-ledger/entry-hash/v1"
_KEY_ID_LABEL = b"bourre-ledger/key-id/v1"
KEY_ID_LENGTH = 8

# 12 hex digits in groups of four: short enough to read off a photo, and 48 bits,
# so even the key's holder cannot grind a rewritten night into the same seal by
# trying variations (32 bits would fall to a laptop in minutes).
SEAL_DIGITS = 12
SEAL_GROUP = 4


class UnknownKey(LookupError):
    """An entry's key id names a key this server does not hold."""


@lru_cache(maxsize=8)
def _keys(current: str, previous: tuple[str, ...]) -> dict[str, bytes]:
    """Key id -> key, the current key first."""
    keys: dict[str, bytes] = {}
    for secret in (current, *previous):
        key = hmac.new(secret.encode(), _KEY_LABEL, hashlib.sha256).digest()
        key_id = hmac.new(key, _KEY_ID_LABEL, hashlib.sha256).hexdigest()[:KEY_ID_LENGTH]
        keys.setdefault(key_id, key)
    return keys


def ledger_keys() -> dict[str, bytes]:
    """Every key this server holds, by key id: the current one first, then the previous."""
    # Read on each call, not at import, so a test can change the settings.
    return _keys(settings.LEDGER_KEY or settings.SECRET_KEY, tuple(settings.LEDGER_KEYS_PREVIOUS))


def current_key_id() -> str:
    """The id of the key new entries are sealed with."""
    return next(iter(ledger_keys()))


def entry_hash(key_id: str, prev_hash: str, canonical: str) -> str:
    """The HMAC of an entry's canonical content chained to the hash before it."""
    key = ledger_keys().get(key_id)
    if key is None:
        raise UnknownKey(key_id)
    return hmac.new(key, f"{prev_hash}|{canonical}".encode(), hashlib.sha256).hexdigest()


def entry_sealer(key_id: str) -> Callable[[str, str], str]:
    """``entry_hash`` under ``key_id``, the key looked up once: for thousands of entries."""
    key = ledger_keys().get(key_id)
    if key is None:
        raise UnknownKey(key_id)
    return _sealer(key)


def _sealer(key: bytes) -> Callable[[str, str], str]:
    # The HMAC keyed once and copied per entry: hmac.new pads and hashes the key every
    # time, which is most of the work for an entry's few hundred bytes.
    keyed = hmac.new(key, digestmod=hashlib.sha256)

    def seal(prev_hash: str, canonical: str) -> str:
        mac = keyed.copy()
        mac.update(f"{prev_hash}|{canonical}".encode())
        return mac.hexdigest()

    return seal


def entry_sealers() -> dict[str, Callable[[str, str], str]]:
    """``entry_sealer`` of every key this server holds, by key id, each key made ready
    once: what verify_ledger checks hundreds of thousands of entries with (an id not
    in it is a key this server does not hold)."""
    return {key_id: _sealer(key) for key_id, key in ledger_keys().items()}


def seal_code(last_hash: str) -> str:
    """A night's seal from its last entry's hash: ``3f2a-91c0-7b1e``."""
    digits = last_hash[:SEAL_DIGITS].lower()
    return "-".join(digits[i : i + SEAL_GROUP] for i in range(0, SEAL_DIGITS, SEAL_GROUP))
