"""Writing the messages sent to accounts, and each account's choices about them.

``notice_queue`` records one message, once per event, account and channel; a worker then
takes it (``notice_take``: queued to sending, by one worker only), and marks how it went.
The limits per recipient and per host are counted here, in the database, so every worker
and every server process counts every message.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from ledger.models import (
    MailRefusal,
    Notice,
    NoticeChannel,
    NoticeKind,
    NoticeOptOut,
    NoticeStatus,
    PushSubscription,
)
from ledger.models.notices import SUBJECT_MAX

# Tries at sending one message before it is marked failed; the worker waits longer
# before each (``retry_delay``).
NOTICE_ATTEMPTS = 5


def retry_delay(attempts: int) -> timedelta:
    """How long to wait after the ``attempts``-th failed try: 1, 4, 16, 64 minutes."""
    return timedelta(minutes=4 ** (attempts - 1))


def _over_limits(*, recipient, host, now) -> bool:
    hour_ago = now - timedelta(hours=1)
    sent = Notice.objects.filter(created_at__gt=hour_ago).exclude(status=NoticeStatus.HELD)
    if sent.filter(recipient=recipient).count() >= settings.NOTICE_LIMIT_PER_RECIPIENT:
        return True
    return host is not None and (sent.filter(host=host).count() >= settings.NOTICE_LIMIT_PER_HOST)


def notice_queue(
    *,
    recipient,
    host,
    channel: str,
    kind: str,
    event: str,
    language: str,
    subject: str,
    body: str,
    url: str,
    now: datetime | None = None,
) -> tuple[Notice, bool]:
    """The message of ``event`` to ``recipient`` on ``channel``: recorded now, or the one
    recorded before (and False). Past the hour's limits it is recorded as held back.
    ``now``: when, if not now (a test moving through the days)."""
    now = now or timezone.now()
    existing = Notice.objects.filter(event=event, recipient=recipient, channel=channel).first()
    if existing is not None:
        return existing, False
    status = (
        NoticeStatus.HELD
        if _over_limits(recipient=recipient, host=host, now=now)
        else NoticeStatus.QUEUED
    )
    try:
        with transaction.atomic():
            notice = Notice.objects.create(
                recipient=recipient,
                host=host,
                channel=channel,
                kind=kind,
                event=event,
                language=language,
                subject=subject[:SUBJECT_MAX],
                body=body,
                url=url,
                status=status,
                created_at=now,
            )
    except IntegrityError:
        # Another worker recorded it in between: theirs stands.
        return Notice.objects.get(event=event, recipient=recipient, channel=channel), False
    return notice, True


def notice_take(notice_id: int) -> Notice | None:
    """The message, taken for sending by this worker (queued to sending, one more try),
    or None when it is not waiting: sent, being sent by another, held back, failed."""
    with transaction.atomic():
        taken = Notice.objects.filter(pk=notice_id, status=NoticeStatus.QUEUED).update(
            status=NoticeStatus.SENDING, attempts=F("attempts") + 1
        )
        if not taken:
            return None
        return Notice.objects.select_related("recipient").get(pk=notice_id)


def notice_sent(*, notice: Notice, address: str) -> None:
    Notice.objects.filter(pk=notice.pk).update(
        status=NoticeStatus.SENT, sent_at=timezone.now(), error="", address=address
    )


def notice_failed(*, notice: Notice, error: str, again: bool) -> None:
    """A try failed: back in the queue for another (``again``), or failed for good."""
    Notice.objects.filter(pk=notice.pk).update(
        status=NoticeStatus.QUEUED if again else NoticeStatus.FAILED, error=error[:500]
    )


def notice_refused(*, notice: Notice, error: str) -> None:
    Notice.objects.filter(pk=notice.pk).update(status=NoticeStatus.REFUSED, error=error[:500])


def notice_choice_set(*, user, kind: str, channel: str, on: bool) -> None:
    """Turn one kind of message on or off for ``user`` on ``channel``."""
    if kind not in NoticeKind.values or channel not in NoticeChannel.values:
        raise ValueError(f"unknown message kind or channel: {kind}/{channel}")
    if on:
        NoticeOptOut.objects.filter(user=user, kind=kind, channel=channel).delete()
    else:
        NoticeOptOut.objects.get_or_create(user=user, kind=kind, channel=channel)


def push_subscription_save(*, user, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """This phone's subscription, for ``user``: a phone that changes hands (signed out,
    another signs in) is theirs from now on."""
    subscription, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
    )
    return subscription


def push_subscription_remove(*, endpoint: str, user=None) -> int:
    """Removes the subscription (of ``user`` only, when given): the phone turned it off,
    or the push service says it is gone."""
    rows = PushSubscription.objects.filter(endpoint=endpoint)
    if user is not None:
        rows = rows.filter(user=user)
    removed, _ = rows.delete()
    return removed


def mail_refusal_record(*, address: str, reason: str) -> None:
    MailRefusal.objects.get_or_create(address=address.lower(), defaults={"reason": reason[:500]})


def mail_refusal_clear(*, address: str) -> None:
    MailRefusal.objects.filter(address=address.lower()).delete()
