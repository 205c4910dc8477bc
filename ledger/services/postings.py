"""Entries on a night's hash chain: each movement of chips posted twice (the player's side
and the pot's), reversals of a hand's entries, and the append itself.

Entries are only ever added: a correction or an undo reverses entries by posting their
negatives.
"""

from collections.abc import Callable, Iterable

from ledger import rules
from ledger.models import GENESIS_HASH, Entry, Hand, Night


def _same(key):
    return key


def postings(movements: Iterable[rules.Movement], player_id: Callable | None = None):
    """Each movement twice, as (player id or None for the pot, amount, kind): the player's
    side and then the pot's opposite one, so a night always sums to zero. ``player_id``
    gives the id of a movement's player key (the key itself, unless the hand was settled
    by name)."""
    player_id = player_id or _same
    for movement in movements:
        if movement.amount:
            yield (player_id(movement.player), movement.amount, movement.kind)
            yield (None, -movement.amount, movement.kind)


def double_entries(hand: Hand | None, movements, player_id: Callable | None = None):
    """``postings`` of ``hand`` (None for the night's closing), ready for ``post``."""
    for player, amount, kind in postings(movements, player_id):
        yield (hand, player, amount, kind, None)


def reversals(hands: Iterable[Hand]):
    """Every entry of ``hands`` negated, ready for ``post``."""
    # The hands come from the caller, not entry.hand: one query, not one per entry.
    by_pk = {hand.pk: hand for hand in hands}
    for entry in Entry.objects.filter(hand__in=list(by_pk)).order_by("seq"):
        yield (by_pk[entry.hand_id], entry.player_id, -entry.amount, entry.kind, entry)


def chain_head(night: Night) -> tuple[int, str]:
    """The seq and hash of the night's last entry ((0, GENESIS_HASH) before the first)."""
    last = Entry.objects.filter(night=night).order_by("-seq").values_list("seq", "hash").first()
    return last if last else (0, GENESIS_HASH)


def post(
    night: Night, movements: Iterable[tuple], *, by, now, head: tuple[int, str] | None = None
) -> list[Entry]:
    """Append entries to the night's hash chain. ``movements`` are tuples of
    (hand, player_id or None for the pot, amount, kind, reversed entry or None).
    The caller holds the night's lock (``nights.locked``); ``head`` is the chain's
    ``chain_head``, if the caller has read it under that lock already."""
    seq, prev_hash = head if head is not None else chain_head(night)
    entries = []
    for hand, player_id, amount, kind, reverses in movements:
        seq += 1
        # Ids, not objects: a night file's thousands of entries are built much faster.
        entry = Entry(
            night_id=night.pk,
            seq=seq,
            hand_id=hand.pk if hand else None,
            hand_number=hand.number if hand else None,
            player_id=player_id,
            amount=amount,
            kind=kind,
            reverses_id=reverses.pk if reverses else None,
            created_at=now,
            created_by_id=by.pk,
            prev_hash=prev_hash,
        )
        entry.hash = entry.compute_hash()
        prev_hash = entry.hash
        entries.append(entry)
    return Entry.objects.bulk_create(entries)
