"""Every write to a night goes through here: start, record, correct, undo, close.

Each service runs in one transaction holding the night's row lock, so two
phones recording into one night take turns, and an error anywhere leaves no
trace. Entries are only ever added.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import GENESIS_HASH, Entry, Hand, Night, Player, RosterChange, Seat, Table
from ledger.models.nights import REASON_MAX_LENGTH
from ledger.selectors.night_state import night_next_state, night_roster, night_state_before
from ledger.services.tables import player_add

# Entry.amount is a 64-bit column. An escalating ante with no pot cap doubles after
# every carryover, so a long enough night would overflow it; well before that the hand
# is refused by name, rather than failing in the database and sticking the night.
CHIP_LIMIT = 2**62


@dataclass(frozen=True)
class HandData:
    """A hand as the host entered it, with player ids."""

    dealer: int
    seated: Sequence[int]
    stayed: Mapping[int, int | None]
    reneged: Sequence[int] = ()
    misdeal: bool = False

    def as_input(self) -> rules.HandInput:
        """The hand for the engine, which takes the player ids as they are."""
        return rules.HandInput(
            dealer=self.dealer,
            seated=tuple(self.seated),
            stayed=self.stayed,
            reneged=tuple(self.reneged),
            misdeal=self.misdeal,
        )

    def as_json(self) -> dict:
        """The hand as stored (``Hand.input``)."""
        return rules.input_to_json(self.as_input())


def _locked(night: Night) -> Night:
    """The night's row, locked for the rest of the transaction (a no-op lock on SQLite,
    where BEGIN IMMEDIATE already serialises writers)."""
    return Night.objects.select_for_update().get(pk=night.pk)


def _refuse_if_closed(night: Night) -> None:
    if night.closed_at is not None:
        raise InvalidInput(err.NIGHT_CLOSED())


def _last_live_hand(night: Night) -> Hand | None:
    return Hand.objects.filter(night=night, live=True).order_by("-number").first()


def _next_revision(night: Night, number: int) -> int:
    last = (
        Hand.objects.filter(night=night, number=number)
        .order_by("-revision")
        .values_list("revision", flat=True)
        .first()
    )
    return (last or 0) + 1


def _refuse_if_changed(night: Night, number: int, expected_revision: int | None) -> None:
    """Refuse a change made from a page that showed an older revision of hand ``number``.

    Called with the night's row locked, so the revision compared is the one the change
    would replace: of two phones confirming at once, the second sees the first's.
    """
    if expected_revision is None:
        return
    latest = (
        Hand.objects.filter(night=night, number=number)
        .order_by("-revision")
        .values_list("revision", "kind")
        .first()
    )
    if latest is not None and latest[0] != expected_revision:
        revision, kind = latest
        raise Conflict(err.HAND_CHANGED[kind](number=number, revision=revision))


def _post(night: Night, movements: Iterable[tuple], *, by, now) -> list[Entry]:
    """Append entries to the night's hash chain. ``movements`` are tuples of
    (hand, player_id or None for the pot, amount, kind, reversed entry or None)."""
    last = Entry.objects.filter(night=night).order_by("-seq").values_list("seq", "hash").first()
    seq, prev_hash = last if last else (0, GENESIS_HASH)
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


def _same(key):
    return key


def postings(movements: Iterable[rules.Movement], player_id: Callable = _same):
    """Each movement twice, as (player id or None for the pot, amount, kind): the player's
    side and then the pot's opposite one, so a night always sums to zero. ``player_id``
    gives the id of a movement's player key (the key itself, unless the hand was settled
    by name)."""
    for movement in movements:
        if movement.amount:
            yield (player_id(movement.player), movement.amount, movement.kind)
            yield (None, -movement.amount, movement.kind)


def _double_entries(hand: Hand | None, movements, player_id: Callable = _same):
    for player, amount, kind in postings(movements, player_id):
        yield (hand, player, amount, kind, None)


def _reversals(hands: Iterable[Hand]):
    # The hands come from the caller, not entry.hand: one query, not one per entry.
    by_pk = {hand.pk: hand for hand in hands}
    for entry in Entry.objects.filter(hand__in=list(by_pk)).order_by("seq"):
        yield (by_pk[entry.hand_id], entry.player_id, -entry.amount, entry.kind, entry)


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


def _validate_ids(data: HandData, roster: Sequence[int]) -> None:
    """Every player of the hand on the roster, even those a misdeal ignores: the stored
    input keeps them, and the screens show them by name."""
    on_roster = set(roster)
    unknown = {
        p
        for p in [data.dealer, *data.seated, *data.stayed, *data.reneged]
        if not isinstance(p, int) or isinstance(p, bool) or p not in on_roster
    }
    if unknown:
        raise InvalidInput([err.PLAYER_NOT_ON_ROSTER(id=p) for p in sorted(unknown, key=str)])


def _new_hand(night, number, data: HandData, *args, **kwargs) -> Hand:
    hand = _hand_row(night, number, data, *args, revision=_next_revision(night, number), **kwargs)
    hand.save(force_insert=True)
    return hand


def _hand_row(
    night,
    number,
    data: HandData,
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
    player_id: Callable = _same,
) -> Hand:
    """A live hand row, not yet saved. ``player_id`` as for ``postings``."""
    return Hand(
        night=night,
        number=number,
        revision=revision,
        live=True,
        kind=kind,
        input=data.as_json(),
        dealer_id=data.dealer,
        roster=roster,
        result=rules.result_to_json(result, key=player_id),
        state_after=rules.state_to_json(state_after, key=player_id),
        reason=reason,
        idempotency_key=key,
        created_by=by,
        created_at=now,
    )


def night_start(
    *,
    table: Table,
    players: Sequence[Player],
    first_dealer: Player,
    by,
    house_rules: Mapping | None = None,
    idempotency_key: str = "",
) -> Night:
    """Open a night with ``players`` in seat order (clockwise) and its rules snapshot:
    the table's rules, or ``house_rules`` (a night file brings its own).

    A retry with the same key (the start form tapped again) returns the night it opened.
    """
    problems = []
    snapshot = table.rules
    if house_rules is not None:
        try:
            snapshot = rules.HouseRules.from_dict(house_rules).to_dict()
        except rules.RulesError as error:
            problems.extend(error.problems)
    if len(players) < 2:
        problems.append(err.ROSTER_TOO_SMALL())
    elif len(players) > rules.MAX_ROSTER:
        problems.append(rules.errors.ROSTER_TOO_LARGE(limit=rules.MAX_ROSTER, count=len(players)))
    seen = set()
    for player in players:
        if player.table_id != table.pk:
            problems.append(err.PLAYER_NOT_AT_TABLE(id=player.pk))
        elif player.retired_at is not None:
            problems.append(err.PLAYER_RETIRED(player=player.pk))
        if player.pk in seen:
            problems.append(err.ROSTER_DUPLICATE(player=player.pk))
        seen.add(player.pk)
    if first_dealer.pk not in seen:
        problems.append(err.FIRST_DEALER_NOT_PLAYING(player=first_dealer.pk))
    if problems:
        raise InvalidInput(problems)
    with transaction.atomic():
        if idempotency_key:
            earlier = _night_started_with(table, idempotency_key, players, first_dealer)
            if earlier is not None:
                return earlier
        night = Night.objects.create(
            table=table,
            rules=snapshot,
            first_dealer=first_dealer,
            started_at=timezone.now(),
            started_by=by,
            idempotency_key=idempotency_key,
        )
        Seat.objects.bulk_create(
            Seat(night=night, player=player, position=index) for index, player in enumerate(players)
        )
    return night


def _night_started_with(table: Table, key: str, players, first_dealer) -> Night | None:
    # The table's row lock makes two taps arriving together take turns: the second
    # finds the first's night (SQLite's BEGIN IMMEDIATE already serialises them).
    Table.objects.select_for_update().filter(pk=table.pk).first()
    earlier = Night.objects.filter(table=table, idempotency_key=key).first()
    if earlier is None:
        return None
    seats = list(
        Seat.objects.filter(night=earlier).order_by("position").values_list("player_id", flat=True)
    )
    if seats != [p.pk for p in players] or earlier.first_dealer_id != first_dealer.pk:
        raise Conflict(err.NIGHT_KEY_REUSED())
    return earlier


def hand_record(
    *,
    night: Night,
    expected_number: int,
    hand: HandData,
    by,
    idempotency_key: str = "",
) -> Hand:
    """Record the next hand. A retry with the same key returns the hand it recorded;
    a device that lost the race to record this number gets a Conflict."""
    with transaction.atomic():
        night = _locked(night)
        if idempotency_key:
            earlier = Hand.objects.filter(night=night, idempotency_key=idempotency_key).first()
            if earlier is not None:
                if earlier.number == expected_number and earlier.input == hand.as_json():
                    return earlier
                raise Conflict(err.IDEMPOTENCY_KEY_REUSED(number=earlier.number))
        _refuse_if_closed(night)
        roster = list(night_roster(night))
        number, state = night_next_state(night, roster)
        if expected_number != number:
            if expected_number < number:
                raise Conflict(err.HAND_ALREADY_RECORDED(number=expected_number))
            raise Conflict(err.HAND_NOT_NEXT(expected=number, number=expected_number))
        _validate_ids(hand, roster)
        result, state_after = hand_settle(
            house=night.house_rules, state=state, hand=hand.as_input(), roster=roster
        )
        now = timezone.now()
        recorded = _new_hand(
            night,
            number,
            hand,
            roster,
            result,
            state_after,
            kind=Hand.RECORD,
            by=by,
            now=now,
            key=idempotency_key,
        )
        _post(night, _double_entries(recorded, result.movements), by=by, now=now)
        return recorded


@dataclass(frozen=True)
class SettledHand:
    """A hand the referee has already settled (``hand_settle``), ready to be stored."""

    data: HandData
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
        night = _locked(night)
        _refuse_if_closed(night)
        last = _last_live_hand(night)
        first = last.number + 1 if last else 1
        numbers = [hand.result.number for hand in hands]
        if numbers != list(range(first, first + len(hands))):
            raise Conflict(err.HAND_NOT_NEXT(expected=first, number=numbers[0]))
        earlier = (
            Hand.objects.filter(night=night, number__in=numbers)
            .values("number")
            .annotate(last=Max("revision"))
            .values_list("number", "last")
        )
        revisions = dict(earlier)
        now = timezone.now()
        rows = Hand.objects.bulk_create(
            _hand_row(
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
        _post(
            night,
            (
                posting
                for row, hand in zip(rows, hands, strict=True)
                for posting in _double_entries(row, hand.result.movements, player_id)
            ),
            by=by,
            now=now,
        )
        return rows


@dataclass(frozen=True)
class Replay:
    """Hands ``number``.. of a night settled again with one hand's input replaced."""

    old_hands: list[Hand]
    settled: list[tuple[Hand, HandData, rules.HandResult, rules.NightState]]

    @property
    def final_state(self) -> rules.NightState:
        return self.settled[-1][3]


def _replay(night: Night, number: int, data: HandData) -> Replay:
    _validate_ids(data, list(night_roster(night)))
    old_hands = list(selectors.live_hands(night).filter(number__gte=number))
    if not old_hands or old_hands[0].number != number:
        raise InvalidInput(err.HAND_NOT_FOUND(number=number))
    house = night.house_rules
    state = night_state_before(night, number, old_hands[0].roster)
    settled = []
    for old in old_hands:
        hand_data = data if old.number == number else _stored(old)
        result, state = hand_settle(
            house=house, state=state, hand=hand_data.as_input(), roster=old.roster
        )
        settled.append((old, hand_data, result, state))
    return Replay(old_hands, settled)


def _stored(hand: Hand) -> HandData:
    data = hand.input
    return HandData(
        dealer=data["dealer"],
        seated=data["seated"],
        stayed={int(p): tricks for p, tricks in data["stayed"].items()},
        reneged=data.get("reneged", []),
        misdeal=data.get("misdeal", False),
    )


@dataclass(frozen=True)
class CorrectionPreview:
    balance_changes: dict[int, int]  # player id -> change in tonight's balance
    pot_before: int
    pot_after: int


def hand_correction_preview(
    *, night: Night, number: int, hand: HandData, expected_revision: int | None = None
) -> CorrectionPreview:
    """What correcting hand ``number`` would do, without writing anything."""
    _refuse_if_closed(night)
    _refuse_if_changed(night, number, expected_revision)
    replay = _replay(night, number, hand)
    old_state, new_state = replay.old_hands[-1].state(), replay.final_state
    changes = {
        player_id: new_state.balances.get(player_id, 0) - old
        for player_id, old in old_state.balances.items()
    }
    return CorrectionPreview(
        balance_changes={p: change for p, change in changes.items() if change},
        pot_before=old_state.pot,
        pot_after=new_state.pot,
    )


def clean_reason(reason: str | None, *, required_for: int | None = None) -> str:
    """The host's reason for a change, trimmed; ``required_for`` names the hand a
    correction needs a reason for."""
    reason = (reason or "").strip()
    if required_for is not None and not reason:
        raise InvalidInput(err.REASON_REQUIRED(number=required_for))
    if "\x00" in reason:
        raise InvalidInput(err.REASON_HAS_NUL())
    if len(reason) > REASON_MAX_LENGTH:
        raise InvalidInput(err.REASON_TOO_LONG(limit=REASON_MAX_LENGTH, length=len(reason)))
    return reason


def hand_correct(
    *,
    night: Night,
    number: int,
    hand: HandData,
    reason: str,
    by,
    expected_revision: int | None = None,
) -> Hand:
    """Replace hand ``number``'s input. Its entries and those of every later hand are
    reversed and the replayed ones posted; nothing before it changes.

    ``expected_revision`` is the revision of the hand the host saw: if another device
    has corrected, undone or replayed it since, the correction is refused rather than
    silently replacing theirs. Only a script that reads and corrects in one go omits it.
    """
    reason = clean_reason(reason, required_for=number)
    with transaction.atomic():
        night = _locked(night)
        _refuse_if_closed(night)
        _refuse_if_changed(night, number, expected_revision)
        replay = _replay(night, number, hand)
        if replay.old_hands[0].input == hand.as_json():
            raise InvalidInput(err.CORRECTION_CHANGES_NOTHING(number=number))
        now = timezone.now()
        _post(night, _reversals(replay.old_hands), by=by, now=now)
        Hand.objects.filter(pk__in=[h.pk for h in replay.old_hands]).update(live=False)
        corrected = None
        for old, hand_data, result, state in replay.settled:
            is_target = old.number == number
            new = _new_hand(
                night,
                old.number,
                hand_data,
                old.roster,
                result,
                state,
                kind=Hand.CORRECT if is_target else Hand.REPLAY,
                by=by,
                now=now,
                reason=reason if is_target else f"Replayed after hand {number} was corrected.",
            )
            _post(night, _double_entries(new, result.movements), by=by, now=now)
            corrected = corrected or new
        return corrected


def hand_undo_last(
    *,
    night: Night,
    by,
    reason: str = "",
    expected_number: int | None = None,
    expected_revision: int | None = None,
) -> Hand:
    """Take back the last hand: its entries are reversed and its number is free again.

    ``expected_number`` and ``expected_revision`` are the hand the host saw as last; if
    another device has recorded, corrected or undone since, the undo is refused rather
    than taking back a hand the host has not seen.
    """
    reason = clean_reason(reason)
    with transaction.atomic():
        night = _locked(night)
        _refuse_if_closed(night)
        last = _last_live_hand(night)
        # The hand the host saw: a revision check without a number is about the last one.
        seen = expected_number if expected_number is not None else getattr(last, "number", None)
        if seen is not None:
            _refuse_if_changed(night, seen, expected_revision)
        if last is None:
            raise InvalidInput(err.NOTHING_TO_UNDO())
        if expected_number is not None and expected_number != last.number:
            raise Conflict(err.UNDO_NOT_LAST(number=expected_number, last=last.number))
        now = timezone.now()
        _post(night, _reversals([last]), by=by, now=now)
        Hand.objects.filter(pk=last.pk).update(live=False)
        return Hand.objects.create(
            night=night,
            number=last.number,
            revision=_next_revision(night, last.number),
            live=False,
            kind=Hand.UNDO,
            roster=last.roster,
            reason=reason or "Undone by the host.",
            created_by=by,
            created_at=now,
        )


def night_close(*, night: Night, by, policy: str | None = None) -> Night:
    """Close the night, handing back what is left in the pot by ``policy``
    (the night's leftover_pot rule by default)."""
    with transaction.atomic():
        night = _locked(night)
        _refuse_if_closed(night)
        house = night.house_rules
        policy = policy or house.leftover_pot
        if policy not in rules.LEFTOVER_POLICIES:
            raise InvalidInput(err.LEFTOVER_POLICY_INVALID())
        _, state = night_next_state(night, list(night_roster(night)))
        try:
            movements, _ = rules.close_night(house, state, policy)
        except rules.RulesError as error:
            raise InvalidInput(error.problems) from None
        now = timezone.now()
        _post(night, _double_entries(None, movements), by=by, now=now)
        night.closed_at = now
        night.closed_by = by
        night.leftover_policy = policy
        night.save(update_fields=["closed_at", "closed_by", "leftover_policy"])
        return night


def night_seat_join(*, night: Night, player: Player, position: int, by) -> Seat:
    """Seat a late arrival at ``position`` (1 = first seat clockwise); later seats move along."""
    with transaction.atomic():
        night = _locked(night)
        _refuse_if_closed(night)
        if player.table_id != night.table_id:
            raise InvalidInput(err.PLAYER_NOT_AT_TABLE(id=player.pk))
        if player.retired_at is not None:
            raise InvalidInput(err.PLAYER_RETIRED(player=player.pk))
        seats = list(Seat.objects.filter(night=night).order_by("position"))
        own = next((seat for seat in seats if seat.player_id == player.pk), None)
        if own is not None and own.active:
            raise InvalidInput(err.PLAYER_ALREADY_SEATED(player=player.pk))
        if own is None and len(seats) >= rules.MAX_ROSTER:
            raise InvalidInput(
                rules.errors.ROSTER_TOO_LARGE(limit=rules.MAX_ROSTER, count=len(seats) + 1)
            )
        if own is not None:
            # Coming back keeps their old seat: the roster order of past hands must not move.
            own.active = True
            own.save(update_fields=["active"])
            _log_roster(night, player, RosterChange.RETURN, own.position, by)
            return own
        if not isinstance(position, int) or not 1 <= position <= len(seats) + 1:
            raise InvalidInput(err.SEAT_POSITION_INVALID(position=position, last=len(seats) + 1))
        index = position - 1
        # Two steps, so the unique (night, position) constraint holds after each statement.
        later = Seat.objects.filter(night=night, position__gte=index)
        later.update(position=F("position") + 1000)
        Seat.objects.filter(night=night, position__gte=1000).update(position=F("position") - 999)
        _log_roster(night, player, RosterChange.JOIN, index, by)
        return Seat.objects.create(night=night, player=player, position=index)


def night_seat_join_newcomer(*, night: Night, name: str, position: int, by) -> Seat:
    """Someone new to the table arrives: they join the table and the night together,
    or neither."""
    with transaction.atomic():
        player = player_add(table=night.table, name=name)
        return night_seat_join(night=night, player=player, position=position, by=by)


def night_seat_leave(*, night: Night, player: Player, by) -> Seat:
    """A player leaves: they are no longer dealt in by default but keep their balance."""
    with transaction.atomic():
        night = _locked(night)
        _refuse_if_closed(night)
        seat = Seat.objects.filter(night=night, player=player).first()
        if seat is None:
            raise InvalidInput(err.PLAYER_NOT_SEATED_TONIGHT(player=player.pk))
        if not seat.active:
            raise InvalidInput(err.PLAYER_ALREADY_LEFT(player=player.pk))
        seat.active = False
        seat.save(update_fields=["active"])
        _log_roster(night, player, RosterChange.LEAVE, seat.position, by)
        return seat


def _log_roster(night: Night, player: Player, change: str, position: int, by) -> None:
    last = _last_live_hand(night)
    RosterChange.objects.create(
        night=night,
        player=player,
        change=change,
        position=position,
        after_hand=last.number if last else 0,
        created_by=by,
        created_at=timezone.now(),
    )
