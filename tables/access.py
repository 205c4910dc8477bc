"""Who may see what: one helper per object. Outsiders get a 404, never a hint; so does
everything of a sample table its host has put away (ledger.services.samples).

The ``_for_runner`` helpers admit whoever runs a table's nights: its host, or a co-host
(ledger.models.co_hosts). Only the endpoints of running a night use them (start one,
the hand screen, record, undo, correct, tonight's roster, the judge, the live link and
its QR code, the log, close and the settle-up); the rest of the table stays the host's
(``_for_host``), the live link's switching on and off from the report too."""

import re

from django.db.models import Q
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy

from ledger.models import (
    Night,
    Passkey,
    PaymentMark,
    PaymentMethod,
    PaymentSent,
    Player,
    PlayerInvite,
    PooledTransfer,
    RsvpLink,
    Schedule,
    Seat,
    SeatClaim,
    Table,
)
from ledger.selectors.co_hosts import runs_table
from ledger.selectors.hand_screen import HandScreen, host_hand_screen, runner_hand_screen
from ledger.selectors.player_links import user_seat_at_table
from ledger.selectors.schedules import night_is_ahead

CURRENCY = re.compile(r"[A-Z]{3}")

# A live link that does not exist and one that was switched off read the same.
NO_SUCH_LINK = gettext_lazy("No such link.")


def table_for_host(request: HttpRequest, table_id: int) -> Table:
    return get_object_or_404(Table, pk=table_id, owner=request.user, hidden_at=None)


def player_for_host(request: HttpRequest, player_id: int) -> Player:
    return get_object_or_404(
        Player.objects.select_related("table"),
        pk=player_id,
        table__owner=request.user,
        table__hidden_at=None,
    )


def payment_method_for_host(request: HttpRequest, method_id: int) -> PaymentMethod:
    return get_object_or_404(
        PaymentMethod.objects.select_related("player__table"),
        pk=method_id,
        player__table__owner=request.user,
        player__table__hidden_at=None,
    )


def pooled_transfer_for_host(request: HttpRequest, transfer_id: int) -> PooledTransfer:
    return get_object_or_404(
        PooledTransfer.objects.select_related("pool__table", "payer", "payee"),
        pk=transfer_id,
        pool__table__owner=request.user,
        pool__table__hidden_at=None,
    )


def payment_mark_for_host(request: HttpRequest, mark_id: int) -> PaymentMark:
    return get_object_or_404(
        PaymentMark.objects.select_related("table", "night"),
        pk=mark_id,
        table__owner=request.user,
        table__hidden_at=None,
    )


def invite_for_host(request: HttpRequest, invite_id: int) -> PlayerInvite:
    return get_object_or_404(
        PlayerInvite.objects.select_related("player__table"),
        pk=invite_id,
        player__table__owner=request.user,
        player__table__hidden_at=None,
    )


def claim_for_host(request: HttpRequest, claim_id: int) -> SeatClaim:
    return get_object_or_404(
        SeatClaim.objects.select_related("player__table", "user"),
        pk=claim_id,
        player__table__owner=request.user,
        player__table__hidden_at=None,
    )


def player_of_shared_night(night: Night, player_id: int) -> Player:
    """A player seated at ``night``, a night its live link opened: what a claim names."""
    return get_object_or_404(
        Player.objects.select_related("table"),
        pk=player_id,
        table_id=night.table_id,
        seats__night=night,
    )


def seat_for_player(request: HttpRequest, player_id: int) -> Player:
    """A seat the signed-in account plays now (its link not undone): the player's own."""
    return get_object_or_404(
        Player.objects.select_related("table__owner"),
        pk=player_id,
        links__user=request.user,
        links__unlink__isnull=True,
        table__hidden_at=None,
    )


def night_for_host(request: HttpRequest, night_id: int) -> Night:
    return get_object_or_404(
        Night.objects.select_related("table"),
        pk=night_id,
        table__owner=request.user,
        table__hidden_at=None,
    )


# The largest id a database column holds (a signed 64-bit integer). The ORM's lookups 404
# past it by themselves; the hand screen's raw SQL does not, and SQLite's driver would
# fail on such a number.
ID_MAX = 2**63 - 1


def _refuse_beyond_the_database(night_id: int) -> None:
    if night_id > ID_MAX:
        raise Http404


def hand_screen_for_host(
    request: HttpRequest, night_id: int, *, after: int | None = None
) -> HandScreen:
    """The night's hand screen, read with the access check in one query."""
    _refuse_beyond_the_database(night_id)
    screen = host_hand_screen(night_id, request.user, after=after)
    if screen is None:
        raise Http404
    return screen


def table_for_runner(request: HttpRequest, table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.filter(runs_table(request.user)), pk=table_id, hidden_at=None
    )


def night_for_runner(request: HttpRequest, night_id: int) -> Night:
    return get_object_or_404(
        Night.objects.select_related("table").filter(runs_table(request.user, "table_id")),
        pk=night_id,
        table__hidden_at=None,
    )


def player_for_runner(request: HttpRequest, night: Night, player_id: int) -> Player:
    """A player of the table of ``night``, a night the visitor runs (night_for_runner)."""
    return get_object_or_404(Player, pk=player_id, table_id=night.table_id)


def hand_screen_for_runner(
    request: HttpRequest, night_id: int, *, after: int | None = None
) -> HandScreen:
    """The night's hand screen for its host or a co-host, read with the access check in
    one query."""
    _refuse_beyond_the_database(night_id)
    screen = runner_hand_screen(night_id, request.user, after=after)
    if screen is None:
        raise Http404
    return screen


def debt_person_for_player(
    request: HttpRequest, seat_id: int, other_id: int, currency: str
) -> tuple[Player, Player]:
    """A seat the signed-in account plays now and another player of its table, for what
    the two owe each other in ``currency`` (three capital letters): a 404 otherwise."""
    seat = seat_for_player(request, seat_id)
    if not CURRENCY.fullmatch(currency) or other_id == seat.pk:
        raise Http404
    return seat, get_object_or_404(Player, pk=other_id, table_id=seat.table_id)


def night_for_player(request: HttpRequest, night_id: int) -> tuple[Night, Player]:
    """A night the signed-in player sat at, in a seat their account holds now, and that
    seat: a 404 for everyone else, the host included (who has their own screens). One
    query."""
    seat = get_object_or_404(
        Seat.objects.select_related("night__table", "player"),
        night_id=night_id,
        night__table__hidden_at=None,
        player__links__user=request.user,
        player__links__unlink__isnull=True,
    )
    return seat.night, seat.player


def payment_method_for_account(request: HttpRequest, method_id: int) -> PaymentMethod:
    """One of the signed-in player's own ways of getting paid; a 404 for anyone else's."""
    return get_object_or_404(PaymentMethod, pk=method_id, user=request.user)


def payment_sent_for_confirmer(request: HttpRequest, sent_id: int) -> PaymentSent:
    """A payer's word "I sent it", for the two who may confirm it: the table's host, or
    the account that plays its payee now. A 404 for everyone else."""
    mine = Q(table__owner=request.user) | Q(
        payee__links__user=request.user, payee__links__unlink__isnull=True
    )
    found = (
        PaymentSent.objects.filter(mine, pk=sent_id, table__hidden_at=None)
        .select_related("night", "table")
        .distinct()
        .first()
    )
    if found is None:
        raise Http404
    return found


def passkey_for_account(request: HttpRequest, passkey_id: int) -> Passkey:
    return get_object_or_404(Passkey, pk=passkey_id, user=request.user)


def _night_ahead(schedule: Schedule, day) -> None:
    if not night_is_ahead(schedule, day):
        raise Http404


def schedule_for_host(request: HttpRequest, schedule_id: int, day=None) -> Schedule:
    """A schedule of the signed-in host's table (and ``day``, one of its nights)."""
    schedule = get_object_or_404(
        Schedule.objects.select_related("table"),
        pk=schedule_id,
        table__owner=request.user,
        table__hidden_at=None,
    )
    if day is not None:
        _night_ahead(schedule, day)
    return schedule


def schedule_for_seat(request: HttpRequest, schedule_id: int, day) -> tuple[Schedule, Player]:
    """One night of a schedule at a table where the signed-in account holds a seat, and
    that seat."""
    schedule = get_object_or_404(
        Schedule.objects.select_related("table"), pk=schedule_id, table__hidden_at=None
    )
    player = user_seat_at_table(request.user, schedule.table_id)
    if player is None:
        raise Http404
    _night_ahead(schedule, day)
    return schedule, player


def schedule_for_member(request: HttpRequest, schedule_id: int, day) -> Schedule:
    """One night of a schedule, for its table's host or an account that holds a seat."""
    schedule = get_object_or_404(
        Schedule.objects.select_related("table"), pk=schedule_id, table__hidden_at=None
    )
    if schedule.table.owner_id != request.user.pk and (
        user_seat_at_table(request.user, schedule.table_id) is None
    ):
        raise Http404
    _night_ahead(schedule, day)
    return schedule


def answer_link_for_token(token: str) -> RsvpLink:
    """A player's open answer link; a revoked one reads as one never made."""
    return get_object_or_404(
        RsvpLink.objects.select_related("player__table"),
        token=token,
        revoked_at=None,
        player__table__hidden_at=None,
        player__erased_at=None,
    )


def schedule_for_link(link: RsvpLink, schedule_id: int, day) -> Schedule:
    schedule = get_object_or_404(
        Schedule.objects.select_related("table"), pk=schedule_id, table_id=link.player.table_id
    )
    _night_ahead(schedule, day)
    return schedule
