"""Tonight's roster changing mid-game: a late arrival joins (someone from the table, or
someone new to it), a player leaves. Seats change in place; every change is logged."""

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import InvalidInput
from ledger.models import Night, Player, RosterChange, Seat
from ledger.selectors.seats import night_seats
from ledger.services.nights import locked, refuse_if_closed
from ledger.services.tables import player_add


def night_seat_join(*, night: Night, player: Player, position: int, by) -> Seat:
    """Seat a late arrival at ``position`` (1 = first seat clockwise); later seats move along."""
    with transaction.atomic():
        night = locked(night)
        refuse_if_closed(night)
        if player.table_id != night.table_id:
            raise InvalidInput(err.PLAYER_NOT_AT_TABLE(id=player.pk))
        if player.retired_at is not None:
            raise InvalidInput(err.PLAYER_RETIRED(player=player.pk))
        seats = night_seats(night)
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
        night = locked(night)
        refuse_if_closed(night)
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
    last = selectors.live_hands(night).last()
    RosterChange.objects.create(
        night=night,
        player=player,
        change=change,
        position=position,
        after_hand=last.number if last else 0,
        created_by=by,
        created_at=timezone.now(),
    )
