"""Hands with names, recorded the way the app records them: through the services."""

from ledger import rules
from ledger.models import GENESIS_HASH, Seat
from ledger.services import hands as hand_services


def ids(night) -> dict[str, int]:
    """Name -> player id for a night's roster, for building hands in tests."""
    return dict(Seat.objects.filter(night=night).values_list("player__name", "player_id"))


def hand_data(night, hand: dict) -> rules.HandInput:
    """A night-file style hand (names) as the services take it (ids)."""
    by_name = ids(night)
    seated = hand.get("seated", list(by_name))
    return rules.HandInput(
        dealer=by_name[hand["dealer"]],
        seated=[by_name[n] for n in seated],
        stayed={by_name[n]: t for n, t in hand.get("stayed", {}).items()},
        reneged=[by_name[n] for n in hand.get("reneged", [])],
        misdeal=hand.get("misdeal", False),
    )


def record_all(night, hands, start=1):
    """Record night-file style ``hands`` as hands ``start``, ``start + 1``..."""
    for number, hand in enumerate(hands, start=start):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=night.started_by
        )


def chained_hashes(entries) -> list[str]:
    """The hash chain of one night's ``entries`` (in seq order), each sealed again on the
    one before: what the stored hash of the last entry of each post must be."""
    chain, prev_hash = [], GENESIS_HASH
    for entry in entries:
        prev_hash = entry.compute_hash(prev_hash)
        chain.append(prev_hash)
    return chain


def posts_end(entries) -> list[bool]:
    """For each of one night's ``entries``: is it the last of its post (the next one was
    written at another time, by another author or under another key, or there is none)?"""
    posts = [(e.created_at, e.created_by_id, e.key_id) for e in entries]
    return [i + 1 == len(posts) or posts[i] != posts[i + 1] for i in range(len(posts))]


def sealed_as_written(entries) -> bool:
    """The last entry of each post holds the chain's hash there, and no other holds one."""
    return [e.hash for e in entries] == [
        chained if last else None
        for chained, last in zip(chained_hashes(entries), posts_end(entries), strict=True)
    ]
