"""Changing a recorded hand: correcting it (and settling every later hand again), seeing
what a correction would do first, and taking back the last hand.

A change carries the revision of the hand the host saw: if another device changed the
hand since, it is refused rather than silently replacing theirs. Entries are never
changed: a changed hand's entries are reversed and the new ones posted.

A correction settles every later hand again in memory (the engine is pure) and checks
it all before its first write; then it writes in a few statements however many hands it
replays: one update takes the replaced hands out of play, one insert adds their new
revisions, one more their entries (the reversals and the new ones, the hash chain carried
in memory).
"""

from dataclasses import dataclass
from itertools import chain

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, pgettext

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import Hand, Night
from ledger.models.nights import REASON_MAX_LENGTH
from ledger.selectors.night_state import night_state_before
from ledger.selectors.seats import ids_of, night_roster
from ledger.services.hands import (
    hand_row,
    hand_settle,
    newest_revisions,
    next_revision,
    refuse_players_off_roster,
    with_seats,
)
from ledger.services.nights import locked, refuse_if_closed
from ledger.services.postings import double_entries, post, reversals


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
    """Hands ``number``.. of a night settled again with one hand's input replaced."""

    old_hands: list[Hand]
    settled: list[tuple[Hand, rules.HandInput, rules.HandResult, rules.NightState]]

    @property
    def final_state(self) -> rules.NightState:
        return self.settled[-1][3]


# What a replay reads of each replaced hand: what was entered, around which roster, and
# the revision (the new one follows it); not its stored result or state, replaced anyway.
REPLAYED_FIELDS = ("number", "revision", "input", "roster")


def _replay(night: Night, number: int, data: rules.HandInput) -> _Replay:
    refuse_players_off_roster(data, ids_of(night_roster(night)))
    old_hands = list(selectors.live_hands(night).filter(number__gte=number).only(*REPLAYED_FIELDS))
    if not old_hands or old_hands[0].number != number:
        raise InvalidInput(err.HAND_NOT_FOUND(number=number))
    house = night.house_rules
    state = night_state_before(night, number, old_hands[0].roster)
    settled = []
    for old in old_hands:
        hand_data = data if old.number == number else _stored(old)
        result, state = hand_settle(house=house, state=state, hand=hand_data, roster=old.roster)
        settled.append((old, hand_data, result, state))
    return _Replay(old_hands, settled)


def _stored(hand: Hand) -> rules.HandInput:
    data = hand.input
    return rules.HandInput(
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
    *, night: Night, number: int, hand: rules.HandInput, expected_revision: int | None = None
) -> CorrectionPreview:
    """What correcting hand ``number`` would do, without writing anything."""
    refuse_if_closed(night)
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
    """Replace hand ``number``'s input. Its entries and those of every later hand are
    reversed and the replayed ones posted; nothing before it changes.

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
        reversed_entries = list(reversals(replay.old_hands))
        now = timezone.now()
        Hand.objects.filter(pk__in=[h.pk for h in replay.old_hands]).update(live=False)
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
