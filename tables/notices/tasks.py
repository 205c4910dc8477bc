"""The tasks a worker runs (Django's tasks framework; ``manage.py worker``): one per event
that tells someone something, each of which records its messages and hands them on, one
``notice_send`` per message; and the reminders of debts left open and of nights ahead.

Every task may run twice (a worker that died, a retry): each records its messages by event,
account and channel, so running it again records and sends nothing new."""

from datetime import date, datetime, timedelta

from django.conf import settings
from django.tasks import task
from django.urls import reverse
from django.utils import timezone

from ledger.models import (
    CoHostGrant,
    Night,
    NightResult,
    NightTransfer,
    NoticeKind,
    PaymentSent,
    PaymentSentConfirmation,
    PlayerLink,
    RsvpAnswer,
    Schedule,
    SeatClaim,
)
from ledger.names import account_name
from ledger.rules.money import quantum
from ledger.schedules import moved_up
from ledger.selectors.my_debts import seat_debts
from ledger.selectors.notices import debtors, last_notice_url, linked_accounts
from ledger.selectors.player_links import user_seats
from ledger.selectors.schedules import night_seating, nights_starting, starts_at
from ledger.services.notices import notice_take
from tables.notices import texts
from tables.notices.delivery import deliver, origin_of
from tables.notices.fanout import send

# The first reminder of a debt comes this long after its night, the next a week later.
FIRST_REMINDER = timedelta(days=3)
REMINDER_EVERY = timedelta(days=7)


@task
def notice_send(notice_id: int) -> None:
    notice = notice_take(notice_id)
    if notice is not None:
        deliver(notice)


@task
def night_closed_notices(night_id: int, origin: str) -> int:
    night = Night.objects.select_related("table__owner").get(pk=night_id)
    results = {
        row.player_id: row
        for row in NightResult.objects.filter(night=night).select_related("player")
    }
    transfers = list(
        NightTransfer.objects.filter(night=night)
        .select_related("payer", "payee")
        .order_by("position")
    )
    sent = 0
    for player_id, user in linked_accounts(results).items():
        result = results[player_id]
        sent += send(
            user=user,
            table=night.table,
            kind=NoticeKind.NIGHT_CLOSED,
            event=f"night-closed:{night.pk}",
            compose=lambda result=result: texts.night_closed(
                night=night,
                player=result.player,
                result=result,
                transfers=transfers,
                url_pay=origin + reverse("my_debts"),
                url_night=origin + reverse("my_night", args=[night.pk]),
            ),
        )
    return sent


@task
def payment_sent_notices(sent_id: int, origin: str) -> int:
    said = PaymentSent.objects.select_related("night__table__owner", "payer", "payee").get(
        pk=sent_id
    )
    payee = linked_accounts([said.payee_id]).get(said.payee_id)
    if payee is None or payee.pk == said.sent_by_id:
        return 0
    return send(
        user=payee,
        table=said.night.table,
        kind=NoticeKind.PAYMENT_SENT,
        event=f"payment-sent:{said.pk}",
        compose=lambda: texts.payment_sent(
            payer=said.payer.name,
            amount=said.amount.quantize(quantum(said.currency)),
            currency=said.currency,
            night=said.night,
            url=origin + reverse("my_debts"),
        ),
    )


@task
def payment_confirmed_notices(confirmation_id: int, origin: str) -> int:
    confirmation = PaymentSentConfirmation.objects.select_related(
        "sent__night__table__owner", "sent__payee"
    ).get(pk=confirmation_id)
    said = confirmation.sent
    if said.sent_by_id == confirmation.confirmed_by_id:
        return 0
    return send(
        user=said.sent_by,
        table=said.night.table,
        kind=NoticeKind.PAYMENT_CONFIRMED,
        event=f"payment-confirmed:{confirmation.pk}",
        compose=lambda: texts.payment_confirmed(
            payee=said.payee.name,
            amount=said.amount.quantize(quantum(said.currency)),
            currency=said.currency,
            night=said.night,
            url=origin + reverse("my_debts"),
        ),
    )


@task
def claim_notices(claim_id: int, origin: str) -> int:
    claim = SeatClaim.objects.select_related("player__table__owner", "user").get(pk=claim_id)
    table = claim.player.table
    return send(
        user=table.owner,
        table=table,
        kind=NoticeKind.CLAIM_WAITING,
        event=f"claim:{claim.pk}",
        compose=lambda: texts.claim_waiting(
            account=account_name(claim.user),
            player=claim.player.name,
            table=table,
            url=origin + reverse("table_detail", args=[table.pk]),
        ),
    )


@task
def invite_used_notices(link_id: int, origin: str) -> int:
    link = PlayerLink.objects.select_related("player__table__owner", "user").get(pk=link_id)
    table = link.player.table
    if link.user_id == table.owner_id:
        return 0
    return send(
        user=table.owner,
        table=table,
        kind=NoticeKind.INVITE_USED,
        event=f"invite-used:{link.pk}",
        compose=lambda: texts.invite_used(
            account=account_name(link.user),
            player=link.player.name,
            table=table,
            url=origin + reverse("player_detail", args=[link.player_id]),
        ),
    )


@task
def co_host_notices(grant_id: int, origin: str) -> int:
    grant = CoHostGrant.objects.select_related("link__player__table__owner", "link__user").get(
        pk=grant_id
    )
    table = grant.link.player.table
    return send(
        user=grant.link.user,
        table=table,
        kind=NoticeKind.CO_HOST_MADE,
        event=f"co-host:{grant.pk}",
        compose=lambda: texts.co_host_made(
            table=table,
            host=account_name(table.owner),
            url=origin + reverse("table_detail", args=[table.pk]),
        ),
    )


@task
def debt_reminders(now: str | None = None) -> int:
    """Reminds every account that still owes on a night at least three days old, once a
    week at most: one message with all they owe at the tables that remind. ``now`` (ISO
    8601): the time to act as of, for a test that moves through the days."""
    moment = datetime.fromisoformat(now) if now else timezone.now()
    sent = 0
    for debtor in debtors(since=moment - FIRST_REMINDER):
        if debtor.last_reminded is not None and debtor.last_reminded > moment - REMINDER_EVERY:
            continue
        debts, table = _open_debts(debtor.user)
        if not debts:
            continue
        origin = settings.SITE_URL or origin_of(last_notice_url(debtor.user))
        if not origin or origin == "://":
            continue
        sent += send(
            user=debtor.user,
            table=table,
            kind=NoticeKind.DEBT_REMINDER,
            event=f"debt-reminder:{debtor.user.pk}:{moment:%Y-%m-%d}",
            compose=lambda debts=debts, origin=origin: texts.debt_reminder(
                debts=debts, url=origin + reverse("my_debts")
            ),
            at=moment,
        )
    return sent


def _open_debts(user) -> tuple[list[texts.OpenDebt], object]:
    """What ``user`` owes at the tables that remind, and the first such table (whose
    language the reminder speaks if the account chose none)."""
    debts, first = [], None
    for seat in user_seats(user):
        if not seat.table.debt_reminders:
            continue
        for row in seat_debts(seat):
            for pair in row.owes:
                for debt in pair.transfers:
                    first = first or seat.table
                    debts.append(
                        texts.OpenDebt(
                            table=seat.table.name,
                            night=debt.night if debt.pool is None else None,
                            payee=debt.payee.name,
                            amount=debt.open,
                            currency=debt.currency,
                        )
                    )
    return debts, first


# The reminder of a night ahead goes out within this long before it starts.
NIGHT_REMINDER_BEFORE = timedelta(days=1)


@task
def seat_freed_notices(answer_id: int, origin: str) -> int:
    """Tells whoever moved up from the waiting list when ``answer_id`` gave up a seat."""
    answer = RsvpAnswer.objects.select_related("schedule__table__owner").get(pk=answer_id)
    schedule, table = answer.schedule, answer.schedule.table
    before = night_seating(schedule, answer.date, before=answer.pk)
    after = night_seating(schedule, answer.date, before=answer.pk + 1)
    begins = starts_at(schedule, answer.date)
    sent = 0
    for player_id, user in linked_accounts(moved_up(before, after)).items():
        sent += send(
            user=user,
            table=table,
            kind=NoticeKind.SEAT_FREED,
            event=f"seat-freed:{answer.pk}:{player_id}",
            compose=lambda: texts.seat_freed(
                table=table, starts_at=begins, url=origin + reverse("my_games")
            ),
        )
    return sent


@task
def rsvp_asked_notices(schedule_id: int, day: str, origin: str) -> int:
    """The host's nudge: a message to each linked player of the table who has not
    answered ``day``'s night (once a day each)."""
    schedule = Schedule.objects.select_related("table__owner").get(pk=schedule_id)
    night = date.fromisoformat(day)
    answered = night_seating(schedule, night).answered()
    waiting = [p for p in schedule.table.players.filter(retired_at=None) if p.pk not in answered]
    begins = starts_at(schedule, night)
    today = timezone.now().date().isoformat()
    sent = 0
    for player_id, user in linked_accounts([p.pk for p in waiting]).items():
        sent += send(
            user=user,
            table=schedule.table,
            kind=NoticeKind.RSVP_ASKED,
            event=f"rsvp-asked:{schedule.pk}:{day}:{player_id}:{today}",
            compose=lambda: texts.rsvp_asked(
                table=schedule.table,
                starts_at=begins,
                host=account_name(schedule.table.owner),
                url=origin + reverse("my_games"),
            ),
        )
    return sent


@task
def night_ahead_reminders(now: str | None = None) -> int:
    """The day before a night, a reminder to each linked player who said Yes or Maybe.
    ``now`` (ISO 8601): the time to act as of, for a test that moves through the days."""
    moment = datetime.fromisoformat(now) if now else timezone.now()
    sent = 0
    for night in nights_starting(moment, moment + NIGHT_REMINDER_BEFORE):
        origin = settings.SITE_URL or origin_of(last_notice_url(night.schedule.created_by))
        if not origin or origin == "://":
            continue
        seating = night.seating
        coming = [*seating.seated, *seating.waiting, *seating.maybe]
        for player_id, user in linked_accounts(coming).items():
            sent += send(
                user=user,
                table=night.table,
                kind=NoticeKind.NIGHT_AHEAD,
                event=f"night-ahead:{night.schedule.pk}:{night.day.isoformat()}:{player_id}",
                compose=lambda night=night, player_id=player_id, origin=origin: (
                    texts.night_ahead_reminder(
                        table=night.table,
                        starts_at=night.starts_at,
                        place=night.schedule.place,
                        seated=player_id in night.seating.seated,
                        url=origin + reverse("my_games"),
                    )
                ),
                at=moment,
            )
    return sent
