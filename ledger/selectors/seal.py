"""A night's seal: what the players photograph to check the night later."""

from dataclasses import dataclass

from ledger import seals
from ledger.models import Entry, Night


@dataclass(frozen=True)
class NightSeal:
    code: str  # e.g. "3f2a-91c0-7b1e"
    entries: int  # how many ledger entries it seals


def night_seal(night: Night) -> NightSeal | None:
    """The night's seal: a short fingerprint of its last entry's keyed hash, which
    chains every entry before it. None until a chip has moved. One query."""
    last = Entry.objects.filter(night=night).order_by("-seq").values_list("seq", "hash").first()
    if last is None:
        return None
    seq, last_hash = last
    return NightSeal(code=seals.seal_code(last_hash), entries=seq)
