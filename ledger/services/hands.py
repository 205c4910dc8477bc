"""Recording hands: one from the hand screen, or many settled already (a night file).

Each write holds the night's row lock (``nights.locked``; ``nights.lock_and_read`` for one
that reads what it needs in a query of its own) for its transaction. A hand is
settled by the rules engine with player ids, and stored with its result and the state
after it, so the next hand is settled without replaying the night. Every record,
correction, replay and undo is a new revision of its hand (``next_revision``,
``newest_revisions``): a hand's input, result and entries are never changed, and a
revision superseded is only marked no longer live.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import GENESIS_HASH, Entry, Hand, Night, Seat
from ledger.selectors.night_state import Snapshot, night_snapshot
from ledger.services.nights import lock_and_read, locked, refuse_if_closed
from ledger.services.postings import double_entries, post

# Entry.amount is a 64-bit column. An escalating ante with no pot cap doubles after
# every carryover, so a long enough night would overflow it; well before that the hand
# is refused by name, rather than failing in the database and sticking the night.
CHIP_LIMIT = 2**62


def hand_settle(
    *, house: rules.HouseRules, state: rules.NightState, hand: rules.HandInput, roster: list
) -> tuple[rules.HandResult, rules.NightState]:
    """The referee's word on the next hand, with ``roster`` (player keys, seat order) around
    the table: the engine's checks and the ledger's own bound on chips, nothing written.

    Every recorded hand passes here (by player id), so a night file checked with it (by
    name) before anything is written gets the very problems the phone would.
    """
    state = state.with_roster(roster)
    try:
        result, after = rules.settle_hand(house, state, hand)
    except rules.RulesError as error:
        raise InvalidInput(error.problems) from None
    if after.pot > CHIP_LIMIT or any(abs(b) > CHIP_LIMIT for b in after.balances.values()):
        raise InvalidInput(err.CHIPS_OVERFLOW(number=result.number))
    return result, after


def with_seats(hand: rules.HandInput, roster: Sequence[int]) -> rules.HandInput:
    """``hand`` with who was dealt in written out: the engine reads no seats as the whole
    ``roster`` (player ids, seat order), and the stored input names them."""
    return hand if hand.seated is not None else replace(hand, seated=tuple(roster))


def refuse_players_off_roster(data: rules.HandInput, roster: Sequence[int]) -> None:
    """Every player of the hand on the roster, even those a misdeal ignores: the stored
    input keeps them, and the screens show them by name."""
    on_roster = set(roster)
    unknown = {
        p
        for p in [data.dealer, *(data.seated or ()), *data.stayed, *data.reneged]
        if not isinstance(p, int) or isinstance(p, bool) or p not in on_roster
    }
    if unknown:
        raise InvalidInput([err.PLAYER_NOT_ON_ROSTER(id=p) for p in sorted(unknown, key=str)])


def next_revision(night: Night, number: int) -> int:
    """The revision a new row of hand ``number`` takes: one after its newest."""
    last = (
        Hand.objects.filter(night=night, number=number)
        .order_by("-revision")
        .values_list("revision", flat=True)
        .first()
    )
    return (last or 0) + 1


def newest_revisions(night: Night, first: int) -> dict[int, int]:
    """Hand number -> its newest revision, for every number from ``first`` on that has
    one: one query, for writes that add revisions of many hands at once."""
    rows = (
        Hand.objects.filter(night=night, number__gte=first)
        .values("number")
        .annotate(last=Max("revision"))
        .values_list("number", "last")
    )
    return dict(rows)


def hand_row(
    night,
    number,
    data: rules.HandInput,
    roster,
    result,
    state_after,
    *,
    revision,
    kind,
    by,
    now,
    reason="",
    key="",
    player_id: Callable | None = None,
) -> Hand:
    """A live revision of hand ``number``, not yet saved. ``player_id`` as for
    ``postings``."""
    return Hand(
        night=night,
        number=number,
        revision=revision,
        live=True,
        kind=kind,
        input=rules.input_to_json(with_seats(data, roster)),
        dealer_id=data.dealer,
        roster=roster,
        result=rules.result_to_json(result, key=player_id),
        state_after=rules.state_to_json(state_after, key=player_id),
        reason=reason,
        idempotency_key=key,
        created_by=by,
        created_at=now,
    )


def hand_record(
    *,
    night: Night,
    expected_number: int,
    hand: rules.HandInput,
    by,
    idempotency_key: str = "",
    seen: Snapshot | None = None,
) -> Hand:
    """Record the next hand. A retry with the same key returns the hand it recorded;
    a device that lost the race to record this number gets a Conflict.

    ``seen`` is what the caller has read of the night already (the hand screen's
    ``snapshot``); without it, it is read here. The hand is settled from it before the
    write transaction opens, and under the night's lock one query checks that the night
    is still as it was seen (its last live hand, its seats, its last entry) and reads what
    the write needs.
    Only if another device changed the night in between is it read again, under the lock.
    The hand recorded carries the snapshot it was settled on (``settled_on``): ``seen``
    itself, unless the night was read again (a hand an earlier tap recorded has none).
    """
    seen = seen if seen is not None else night_snapshot(night)
    settled = _settle_next(night, seen, hand)
    with transaction.atomic():
        now = _night_now(night, expected_number, idempotency_key)
        if now.keyed_id is not None:
            earlier = Hand.objects.get(pk=now.keyed_id)
            asked = rules.input_to_json(with_seats(hand, seen.roster))
            if earlier.number == expected_number and earlier.input == asked:
                return earlier
            raise Conflict(err.IDEMPOTENCY_KEY_REUSED(number=earlier.number))
        if now.closed:
            raise InvalidInput(err.NIGHT_CLOSED())
        if (now.last_id, now.seats, now.head[0]) != (seen.last_id, len(seen.roster), seen.head_seq):
            seen = night_snapshot(night)
            settled = _settle_next(night, seen, hand)
        if expected_number != seen.number:
            if expected_number < seen.number:
                raise Conflict(err.HAND_ALREADY_RECORDED(number=expected_number))
            raise Conflict(err.HAND_NOT_NEXT(expected=seen.number, number=expected_number))
        if isinstance(settled, InvalidInput):
            raise settled
        result, state_after = settled
        created = timezone.now()
        recorded = hand_row(
            night,
            seen.number,
            hand,
            list(seen.roster),
            result,
            state_after,
            revision=now.revision + 1,
            kind=Hand.RECORD,
            by=by,
            now=created,
            key=idempotency_key,
        )
        recorded.save(force_insert=True)
        post(
            night,
            double_entries(recorded, result.movements),
            by=by,
            now=created,
            head=now.head,
        )
        recorded.settled_on = seen
        return recorded


def _settle_next(night: Night, seen: Snapshot, hand: rules.HandInput):
    """The referee's word on ``hand`` as the next hand after ``seen``: (result, state
    after), or the refusal, kept to be raised once the night is known to be as seen."""
    try:
        refuse_players_off_roster(hand, seen.roster)
        return hand_settle(house=night.house_rules, state=seen.state, hand=hand, roster=seen.roster)
    except InvalidInput as refusal:
        return refusal


@dataclass(frozen=True)
class _NightNow:
    """What a night's write needs to know under its lock, read in one query."""

    closed: bool
    last_id: int | None  # the last live hand's row
    seats: int
    revision: int  # the newest revision of the hand number being written (0: none yet)
    head: tuple[int, str]  # the entry chain's last seq and hash
    keyed_id: int | None  # the hand recorded with the idempotency key, if any


# Written out: ``lock_and_read`` sends it with the night's row lock, two statements in one
# round trip on PostgreSQL, which the ORM cannot send (it runs one statement a query). It
# runs while every other writer waits (SQLite's BEGIN IMMEDIATE, PostgreSQL's row lock),
# and built with the ORM its six subqueries took longer to compile than to answer. The
# tables are named as Django names them, lowercase and unquoted.
_NIGHT_NOW = """
    SELECT night.closed_at,
        (SELECT id FROM {hand} WHERE night_id = night.id AND live
            ORDER BY number DESC LIMIT 1),
        (SELECT COUNT(*) FROM {seat} WHERE night_id = night.id),
        (SELECT MAX(revision) FROM {hand} WHERE night_id = night.id AND number = %s),
        (SELECT seq FROM {entry} WHERE night_id = night.id ORDER BY seq DESC LIMIT 1),
        (SELECT hash FROM {entry} WHERE night_id = night.id ORDER BY seq DESC LIMIT 1),
        (SELECT id FROM {hand} WHERE night_id = night.id AND idempotency_key = %s)
    FROM {night} night WHERE night.id = %s
"""


def _night_now(night: Night, number: int, key: str) -> _NightNow:
    tables = {m.__name__.lower(): m._meta.db_table for m in (Hand, Seat, Entry, Night)}
    # No key matches no hand (NULL equals nothing): hands recorded without one have "".
    row = lock_and_read(night, _NIGHT_NOW.format(**tables), [number, key or None, night.pk])
    closed_at, last_id, seats, revision, seq, last_hash, keyed_id = row
    return _NightNow(
        closed=closed_at is not None,
        last_id=last_id,
        seats=seats,
        revision=revision or 0,
        head=(seq, last_hash) if seq else (0, GENESIS_HASH),
        keyed_id=keyed_id,
    )


@dataclass(frozen=True)
class SettledHand:
    """A hand the referee has already settled (``hand_settle``), ready to be stored."""

    data: rules.HandInput
    roster: Sequence[int]  # player ids around the table, seat order
    result: rules.HandResult
    state_after: rules.NightState
    kind: str = Hand.RECORD
    reason: str = ""


def hands_record_settled(
    *, night: Night, hands: Sequence[SettledHand], player_ids: Mapping, by
) -> list[Hand]:
    """Store hands settled one after the other from where the night stands, with their
    entries: two bulk inserts, however many hands, and the hash chain carried in memory.

    Checking is the caller's, before the transaction: each hand settled by
    ``hand_settle`` from the state the one before it left, the first from the night's
    next hand on. ``player_ids`` maps the player keys they were settled with (a night
    file's names: its players have no ids until it is written) to player ids. Only the
    numbering is checked here (a Conflict if another device recorded meanwhile).
    """
    player_id = player_ids.__getitem__
    if not hands:
        return []
    with transaction.atomic():
        night = locked(night)
        refuse_if_closed(night)
        last = selectors.live_hands(night).last()
        first = last.number + 1 if last else 1
        numbers = [hand.result.number for hand in hands]
        if numbers != list(range(first, first + len(hands))):
            raise Conflict(err.HAND_NOT_NEXT(expected=first, number=numbers[0]))
        revisions = newest_revisions(night, first)
        now = timezone.now()
        rows = Hand.objects.bulk_create(
            hand_row(
                night,
                hand.result.number,
                hand.data,
                list(hand.roster),
                hand.result,
                hand.state_after,
                revision=revisions.get(hand.result.number, 0) + 1,
                kind=hand.kind,
                reason=hand.reason,
                by=by,
                now=now,
                player_id=player_id,
            )
            for hand in hands
        )
        post(
            night,
            (
                posting
                for row, hand in zip(rows, hands, strict=True)
                for posting in double_entries(row, hand.result.movements, player_id)
            ),
            by=by,
            now=now,
        )
        return rows
