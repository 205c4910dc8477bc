"""Histories for the stats tests: real nights recorded through the ledger services."""

from datetime import timedelta

from ledger.models import GENESIS_HASH, Entry, Hand, Night, Seat
from ledger.services import nights as night_services
from ledger.services.night_results import night_results_write
from tests.factories import night_with
from tests.ledger.helpers import record_all
from tests.ledger.worked_examples import EXAMPLE_1

NAMES = ("Ann", "Bob", "Cy", "Dee")
# Two hands by seat: a tie that carries over, then seat 2 wins and seat 3 is bourré.
TWO_HANDS = [
    {"dealer": 0, "stayed": {1: 2, 2: 2, 3: 1}},
    {"dealer": 1, "stayed": {2: 3, 3: 0, 0: 2}},
]


def play_example_1(table=None, *, close=True):
    """docs/rules.md's worked example 1, hand by hand, closed with refund unless told not to."""
    night = night_with(EXAMPLE_1["roster"], table=table, house_rules=EXAMPLE_1["rules"])
    record_all(night, [hand for hand, _, _ in EXAMPLE_1["hands"]])
    if close:
        night = night_services.night_close(night=night, by=night.started_by)
    return night


def play_nights(table, count: int, *, close_last=True):
    """``count`` two-hand nights at ``table``; who sits where rotates, so winners vary."""
    nights = []
    for index in range(count):
        seats = NAMES[index % 4 :] + NAMES[: index % 4]
        night = night_with(seats, table=table)
        record_all(
            night,
            [
                {
                    "dealer": seats[hand["dealer"]],
                    "stayed": {seats[s]: tricks for s, tricks in hand["stayed"].items()},
                }
                for hand in TWO_HANDS
            ],
        )
        if close_last or index < count - 1:
            night = night_services.night_close(night=night, by=night.started_by)
        nights.append(night)
    return nights


def clone_nights(night, count: int, *, days_apart: int = 7, moved=None):
    """``count`` copies of a recorded ``night``, a week apart before it, written in bulk;
    ``moved`` (copy index -> the time it started instead), for a copy out of line.

    Recording hundreds of nights through the services takes too long for a test;
    copies of a real night's rows (hash chain recomputed) are just as real to a reader.
    """
    seats = list(Seat.objects.filter(night=night))
    hands = list(Hand.objects.filter(night=night).order_by("pk"))
    entries = list(Entry.objects.filter(night=night).order_by("seq"))
    copies = Night.objects.bulk_create(
        Night(
            table_id=night.table_id,
            rules=night.rules,
            first_dealer_id=night.first_dealer_id,
            started_at=(moved or {}).get(index)
            or night.started_at - timedelta(days=days_apart * (index + 1)),
            started_by_id=night.started_by_id,
            closed_at=night.closed_at
            and night.closed_at - timedelta(days=days_apart * (index + 1)),
            closed_by_id=night.closed_by_id,
            leftover_policy=night.leftover_policy,
        )
        for index in range(count)
    )
    Seat.objects.bulk_create(
        Seat(night=copy, player_id=s.player_id, position=s.position, active=s.active)
        for copy in copies
        for s in seats
    )
    new_hands = Hand.objects.bulk_create(
        Hand(
            night=copy,
            **{f: getattr(h, f) for f in HAND_FIELDS},
        )
        for copy in copies
        for h in hands
    )
    hand_map = {
        (copy.pk, old.pk): new
        for copy_index, copy in enumerate(copies)
        for old, new in zip(
            hands, new_hands[copy_index * len(hands) : (copy_index + 1) * len(hands)], strict=True
        )
    }
    assert not any(e.reverses_id for e in entries), "clone only nights without corrections"
    rows = []
    for copy in copies:
        prev_hash = GENESIS_HASH
        for old in entries:
            entry = Entry(
                night=copy,
                seq=old.seq,
                hand=hand_map[(copy.pk, old.hand_id)] if old.hand_id else None,
                hand_number=old.hand_number,
                player_id=old.player_id,
                amount=old.amount,
                kind=old.kind,
                created_at=old.created_at,
                created_by_id=old.created_by_id,
            )
            entry.hash = entry.compute_hash(prev_hash)
            prev_hash = entry.hash
            rows.append(entry)
    Entry.objects.bulk_create(rows)
    # What night_close writes of a closed night, written for the copies as it would be.
    for copy in copies:
        if copy.closed_at is not None:
            night_results_write(night=copy)
    return copies


HAND_FIELDS = (
    "number",
    "revision",
    "live",
    "kind",
    "input",
    "dealer_id",
    "roster",
    "result",
    "state_after",
    "reason",
    "idempotency_key",
    "created_by_id",
    "created_at",
)


def history(table, nights: int):
    """``nights`` nights at ``table``: four recorded (the last still open), the rest copies."""
    played = play_nights(table, 4, close_last=False)
    clone_nights(played[0], nights - 4)
    return played
