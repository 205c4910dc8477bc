"""A night as the rules engine sees it: its state after a hand, before a hand, and before
the next one, read from the stored state after the hand before it (so settling a hand
does not replay the night) and the balances (the stored state does not hold them: a
correction that moves chips early in the night leaves the later hands' rows as they
are): now, each seat's (``Seat.chips``, read with the roster); before a hand, its
entries' sum. Players are ids, as the engine takes them from the database; the roster
in seat order is ``seats.night_roster``."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db.models import Sum

from ledger import rules
from ledger.models import Entry, Hand, Night
from ledger.selectors.last_hand import last_live_hand
from ledger.selectors.seats import RosterPlayer, chips_of, ids_of, night_roster


def ledger_balances(night: Night, *, before: int) -> dict[int, int]:
    """Player id -> chips just before hand ``before``, as the entries of the hands numbered
    below it sum (players with any; the balances now are the seats'). One query. A replaced
    revision's entries and their reversals carry its number too, so they cancel out."""
    entries = Entry.objects.filter(night=night, player__isnull=False, hand_number__lt=before)
    return dict(
        entries.values_list("player_id")
        .annotate(total=Sum("amount"))
        .values_list("player_id", "total")
    )


def ledger_head_seq(night: Night) -> int:
    """The seq of the night's last entry (0: none yet): one query."""
    last = Entry.objects.filter(night=night).order_by("-seq").values_list("seq", flat=True)
    return last.first() or 0


def live_hand_changes(night: Night) -> dict[int, dict[int, int]]:
    """Hand number -> player id -> what that live hand changed of their balance, as its
    entries sum (hands and players it changed nothing of are left out). One query."""
    rows = (
        Entry.objects.filter(night=night, hand__live=True, player__isnull=False)
        .values_list("hand_number", "player_id")
        .annotate(total=Sum("amount"))
        .values_list("hand_number", "player_id", "total")
        .order_by()
    )
    changes: dict[int, dict[int, int]] = {}
    for number, player_id, total in rows:
        if total:
            changes.setdefault(number, {})[player_id] = total
    return changes


def state_after(
    hand: Hand | None, roster: Sequence[int], balances: Mapping[int, int]
) -> rules.NightState:
    """The engine's state after ``hand`` (None: a night with no hand yet) at ``balances``
    (player id -> chips after it, anyone missing at 0), with ``roster`` (player ids, seat
    order) around the table: late arrivals are seated, nothing is read."""
    if hand is None:
        return rules.NightState.start(roster)
    return hand.state(balances).with_roster(roster)


def night_next_state(night: Night, roster: Sequence[RosterPlayer]) -> tuple[int, rules.NightState]:
    """The number of the night's next hand, and the state it starts from with ``roster``
    (seat order, with their balances) around the table: one query, the last hand."""
    last = (
        Hand.objects.filter(night=night, live=True)
        .order_by("-number")
        .only("number", "state_after")
        .first()
    )
    return (last.number + 1 if last else 1), state_after(last, ids_of(roster), chips_of(roster))


def night_state_before(night: Night, number: int, roster: Sequence[int]) -> rules.NightState:
    """The night's state just before hand ``number``, with ``roster`` around the table."""
    previous = (
        Hand.objects.filter(night=night, live=True, number__lt=number)
        .order_by("-number")
        .only("state_after")
        .first()
    )
    balances = ledger_balances(night, before=number) if previous is not None else {}
    return state_after(previous, roster, balances)


@dataclass(frozen=True)
class Snapshot:
    """What a night's next hand is settled from, as read at one moment.

    A writer may read it before its write transaction opens (SQLite's BEGIN IMMEDIATE holds
    every other writer off while it is open) and then only check, under the night's lock,
    that what it stands on is unchanged: the last live hand's row (a record, correction or
    undo makes another one last), the number of seats (a late arrival is the only change
    to the roster's order: seats are never removed) and the end of the entries' chain (a
    correction may move the balances and leave the last hand's row as it was).
    """

    roster: tuple[int, ...]  # player ids, seat order
    last_id: int | None  # the last live hand's row; None before the first hand
    number: int  # the next hand's
    state: rules.NightState  # the state it starts from, with ``roster`` around the table
    # The seq of the night's last entry (0: none yet; None: not known, read it again).
    head_seq: int | None = None


def night_snapshot(night: Night) -> Snapshot:
    """The night's snapshot now: three queries (the roster with its balances, the last live
    hand, the entries' last seq)."""
    # The end of the chain first: a correction committed between these reads then shows
    # as a chain that moved on since, and the write reads the night again.
    head_seq = ledger_head_seq(night)
    roster, last = night_roster(night), last_live_hand(night)
    return Snapshot(
        roster=tuple(ids_of(roster)),
        last_id=last.pk if last is not None else None,
        number=last.number + 1 if last is not None else 1,
        state=state_after(last, ids_of(roster), chips_of(roster)),
        head_seq=head_seq,
    )
