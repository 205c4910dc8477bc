"""Changing a recorded hand: correcting it (and settling the later hands it changes
again), seeing what a correction would do first, and taking back the last hand.

A change carries the revision of the hand the host saw: if another device changed the
hand since, it is refused rather than silently replacing theirs. Entries are never
changed: a changed hand's entries are reversed and the new ones posted.

A correction settles the later hands again in memory (the engine is pure), from the
corrected hand on, until the night's state after one of them is the one stored: every
hand after that one was settled on that very state, so it stands as it is (no new
revision, no entries). The hands up to there are checked before the first write; then
they are written in a few statements however many there are: one update takes the
replaced hands out of play, one insert adds their new revisions, one more their entries
(the reversals and the new ones, the hash chain carried in memory).

A hand's stored state and result do not hold the night's balances after it (its
entries do): a correction that moves chips between players early in the night leaves a
later hand that settles the same exactly as stored. A clean win empties the pot, so a
correction usually writes the corrected hand and the few up to the next one.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext, pgettext

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import Entry, Hand, Night
from ledger.models.nights import REASON_MAX_LENGTH
from ledger.selectors.night_state import live_hand_changes, night_state_before
from ledger.selectors.seats import ids_of, night_roster
from ledger.services.hands import (
    CHIP_LIMIT,
    hand_row,
    hand_settle,
    newest_revisions,
    next_revision,
    refuse_players_off_roster,
    with_seats,
)
from ledger.services.nights import locked, refuse_if_closed
from ledger.services.postings import double_entries, post, postings, reversals


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


@dataclass(frozen=True)
class _Replay:
    """Hands ``number``.. of a night settled again with one hand's input replaced, up to
    the first whose state after is the stored one (or the night's last hand): ``settled``
    are the hands that change, ``old_hands`` every live hand replayed (the last of them
    the first that stays as it is, when the state came back to the stored one)."""

    old_hands: list[Hand]
    settled: list[tuple[Hand, rules.HandInput, rules.HandResult, rules.NightState]]
    final_state: rules.NightState  # after the last of ``old_hands``, as the correction leaves it


# What a replay reads of each live hand from the corrected one on: what was entered,
# around which roster, the revision (a new one follows it), and what is stored of its
# settlement, to see whether the replay changes it.
REPLAYED_FIELDS = ("number", "revision", "input", "roster", "result", "state_after")

# Live hands are read a batch at a time, each batch twice the one before: a correction
# that stops after a few hands (the state back to the stored one) does not read a long
# night whole, and one that replays it to the end reads 2,000 hands in six queries.
FIRST_REPLAY_BATCH = 50


def _later_live_hands(night: Night, number: int):
    """The live hands from ``number`` on, in order, read in growing batches."""
    hands = selectors.live_hands(night).only(*REPLAYED_FIELDS)
    size = FIRST_REPLAY_BATCH
    while True:
        batch = list(hands.filter(number__gte=number)[:size])
        yield from batch
        if len(batch) < size:
            return
        number, size = batch[-1].number + 1, size * 2


def _replay(night: Night, number: int, data: rules.HandInput) -> _Replay:
    refuse_players_off_roster(data, ids_of(night_roster(night)))
    house = night.house_rules
    old_hands, settled, state = [], [], None
    for old in _later_live_hands(night, number):
        if state is None:
            if old.number != number:
                break
            state = night_state_before(night, number, old.roster)
        hand_data = data if old.number == number else _stored(old)
        result, state = hand_settle(house=house, state=state, hand=hand_data, roster=old.roster)
        old_hands.append(old)
        stored_state = rules.state_to_json(state)
        if old.number != number and _settles_as_stored(old, result, stored_state):
            break  # this hand and every later one stand as they are
        settled.append((old, hand_data, result, state))
        if stored_state == _stored_part(old.state_after):
            # The night is back to its stored state: every later hand was settled on it.
            # This one's input or settlement changed, so it is written again; none after.
            break
    if not old_hands:
        raise InvalidInput(err.HAND_NOT_FOUND(number=number))
    return _Replay(old_hands, settled, state)


# What rows written before the balances were left out of a hand's state and result hold
# besides what is stored today: a replay compares the rest (the entries hold the chips).
_NO_LONGER_STORED = ("balances", "changes")


def _stored_part(data: dict) -> dict:
    """``data`` (a stored state or result) without what a row of an earlier version holds
    and today's rows do not, or hold elsewhere."""
    return {key: value for key, value in data.items() if key not in _NO_LONGER_STORED}


def _settles_as_stored(old: Hand, result: rules.HandResult, stored_state: dict) -> bool:
    """Whether a later hand, settled again, leaves exactly what its live revision holds: its
    state after, its result and its entries. Then it and every hand after it stand."""
    stored_result = _stored_part(rules.result_to_json(result))
    if stored_state != _stored_part(old.state_after) or stored_result != _stored_part(old.result):
        return False
    posted = Entry.objects.filter(hand=old).order_by("seq")
    return list(posted.values_list("player_id", "amount", "kind")) == list(
        postings(result.movements)
    )


def _stored(hand: Hand) -> rules.HandInput:
    data = hand.input
    return rules.HandInput(
        dealer=data["dealer"],
        seated=data["seated"],
        stayed={int(p): tricks for p, tricks in data["stayed"].items()},
        reneged=data.get("reneged", []),
        misdeal=data.get("misdeal", False),
    )


def _balance_changes(replay: _Replay, replaced: Iterable[tuple[int | None, int]]) -> dict[int, int]:
    """What a correction changes of each player's balance (player id -> chips), from its
    ``replay`` and ``replaced``, (player id, chips) of the entries of the hands it replaces:
    past the hands settled again nothing changes, so the new settlements less the entries
    they replace are the whole difference, to the night's last hand."""
    changes: dict[int, int] = {}
    for _, _, result, _ in replay.settled:
        for player_id, chips in result.changes.items():
            changes[player_id] = changes.get(player_id, 0) + chips
    for player_id, chips in replaced:
        if player_id is not None:
            changes[player_id] = changes.get(player_id, 0) - chips
    return {player_id: chips for player_id, chips in changes.items() if chips}


def _refuse_standing_hands_overflow(night: Night, replay: _Replay, changes: dict[int, int]):
    """Refuse a correction that would take a balance past the ledger's bound after one of
    the hands it leaves standing (their balances all move by ``changes``): the hands it
    settles again are checked as they are settled (``hand_settle``). One query, when the
    correction moves chips."""
    if not changes:
        return
    last_settled = replay.settled[-1][0].number
    running: dict[int, int] = {}
    for number, moved in sorted(live_hand_changes(night).items()):
        for player_id, chips in moved.items():
            running[player_id] = running.get(player_id, 0) + chips
        if number > last_settled and any(
            abs(running.get(p, 0) + change) > CHIP_LIMIT for p, change in changes.items()
        ):
            raise InvalidInput(err.CHIPS_OVERFLOW(number=number))


@dataclass(frozen=True)
class CorrectionPreview:
    balance_changes: dict[int, int]  # player id -> change in tonight's balance
    pot_before: int
    pot_after: int


def hand_correction_preview(
    *, night: Night, number: int, hand: rules.HandInput, expected_revision: int | None = None
) -> CorrectionPreview:
    """What correcting hand ``number`` would do, without writing anything."""
    refuse_if_closed(night)
    _refuse_if_changed(night, number, expected_revision)
    replay = _replay(night, number, hand)
    replaced = [old.pk for old, *_ in replay.settled]
    changes = _balance_changes(
        replay,
        Entry.objects.filter(hand__in=replaced, player__isnull=False)
        .values_list("player_id")
        .annotate(total=Sum("amount"))
        .values_list("player_id", "total")
        .order_by(),
    )
    _refuse_standing_hands_overflow(night, replay, changes)
    # The pot too: where the replay stopped its new state's pot is the stored one, or the
    # replay went to the night's last hand.
    pot = selectors.night_pot(night)
    return CorrectionPreview(
        balance_changes={p: change for p, change in changes.items() if change},
        pot_before=pot,
        pot_after=pot + replay.final_state.pot - replay.old_hands[-1].state_after["pot"],
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


def _replayed_reason(number: int) -> str:
    """The reason the app writes on each hand a correction settles again. A reason is
    kept as written, like the host's own (typed in their language), so the app writes
    this one in the language the host is using."""
    return pgettext("hand played", "Replayed after hand %(number)s was corrected.") % {
        "number": number
    }


def hand_correct(
    *,
    night: Night,
    number: int,
    hand: rules.HandInput,
    reason: str,
    by,
    expected_revision: int | None = None,
) -> Hand:
    """Replace hand ``number``'s input. Its entries and those of every later hand whose
    settlement changes are reversed and the replayed ones posted; nothing before it
    changes, nor any hand after the night's state is back to the stored one.

    ``expected_revision`` is the revision of the hand the host saw: if another device
    has corrected, undone or replayed it since, the correction is refused rather than
    silently replacing theirs. Only a script that reads and corrects in one go omits it.
    """
    reason = clean_reason(reason, required_for=number)
    with transaction.atomic():
        night = locked(night)
        refuse_if_closed(night)
        _refuse_if_changed(night, number, expected_revision)
        replay = _replay(night, number, hand)
        first = replay.old_hands[0]
        if first.input == rules.input_to_json(with_seats(hand, first.roster)):
            raise InvalidInput(err.CORRECTION_CHANGES_NOTHING(number=number))
        # Read before the first write: each number's newest revision (an undone hand
        # may have left some above the live ones) and the entries to reverse.
        revisions = newest_revisions(night, number)
        replaced = [old for old, *_ in replay.settled]
        reversed_entries = list(reversals(replaced))
        changes = _balance_changes(
            replay, ((player_id, -amount) for _, player_id, amount, _, _ in reversed_entries)
        )
        _refuse_standing_hands_overflow(night, replay, changes)
        now = timezone.now()
        Hand.objects.filter(pk__in=[h.pk for h in replaced]).update(live=False)
        replayed = _replayed_reason(number)
        rows = Hand.objects.bulk_create(
            hand_row(
                night,
                old.number,
                hand_data,
                old.roster,
                result,
                state,
                revision=revisions[old.number] + 1,
                kind=Hand.CORRECT if old.number == number else Hand.REPLAY,
                by=by,
                now=now,
                reason=reason if old.number == number else replayed,
            )
            for old, hand_data, result, state in replay.settled
        )
        new_entries = (
            posting
            for row, (_, _, result, _) in zip(rows, replay.settled, strict=True)
            for posting in double_entries(row, result.movements)
        )
        post(night, chain(reversed_entries, new_entries), by=by, now=now)
        return rows[0]


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
        night = locked(night)
        refuse_if_closed(night)
        last = selectors.live_hands(night).last()
        # The hand the host saw: a revision check without a number is about the last one.
        seen = expected_number if expected_number is not None else getattr(last, "number", None)
        if seen is not None:
            _refuse_if_changed(night, seen, expected_revision)
        if last is None:
            raise InvalidInput(err.NOTHING_TO_UNDO())
        if expected_number is not None and expected_number != last.number:
            raise Conflict(err.UNDO_NOT_LAST(number=expected_number, last=last.number))
        now = timezone.now()
        post(night, reversals([last]), by=by, now=now)
        Hand.objects.filter(pk=last.pk).update(live=False)
        return Hand.objects.create(
            night=night,
            number=last.number,
            revision=next_revision(night, last.number),
            live=False,
            kind=Hand.UNDO,
            roster=last.roster,
            # Written for the host, in their language (see _replayed_reason).
            reason=reason or gettext("Undone by the host."),
            created_by=by,
            created_at=now,
        )
