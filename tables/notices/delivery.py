"""Sending one recorded message: by e-mail through Django's mail backend, or by Web Push
to each of the recipient's phones (pywebpush: the VAPID signature and the payload's
encryption). Each try is marked on the message; a try that failed for a reason that may
pass is tried again later, with a longer wait each time."""

import json
import logging
import smtplib
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMessage
from django.tasks import default_task_backend
from django.urls import reverse
from pywebpush import WebPushException, webpush

from ledger.models import Notice, NoticeChannel
from ledger.selectors.notices import push_subscriptions_of, refused_address
from ledger.services.notices import (
    NOTICE_ATTEMPTS,
    mail_refusal_record,
    notice_failed,
    notice_refused,
    notice_sent,
    push_subscription_remove,
    retry_delay,
)
from tables.notices.unsubscribe import unsubscribe_token

logger = logging.getLogger(__name__)

# How long a push service keeps a message for a phone that is off: a day.
PUSH_TTL = 24 * 60 * 60


class TryAgain(Exception):
    """The message may go through later."""


def push_enabled() -> bool:
    return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def unsubscribe_url(*, user_id: int, kind: str, origin: str) -> str:
    return origin + reverse("notice_unsubscribe", args=[unsubscribe_token(user_id, kind)])


def deliver(notice: Notice) -> None:
    """Sends ``notice`` (taken by this worker) and marks how it went."""
    try:
        address = _email(notice) if notice.channel == NoticeChannel.EMAIL else _push(notice)
    except _Refused as refused:
        notice_refused(notice=notice, error=str(refused))
        return
    except TryAgain as error:
        again = notice.attempts < NOTICE_ATTEMPTS
        notice_failed(notice=notice, error=str(error), again=again)
        if again:
            _retry_later(notice)
        return
    notice_sent(notice=notice, address=address)


class _Refused(Exception):
    pass


def _retry_later(notice: Notice) -> None:
    from tables.notices.tasks import notice_send

    if default_task_backend.supports_defer:
        notice_send.using(run_after=retry_delay(notice.attempts)).enqueue(notice.pk)
    # Without a deferring backend (the tests' immediate one), the message waits queued
    # for the next ``notice_send`` of it.


def _email(notice: Notice) -> str:
    address = notice.recipient.email
    if not address:
        raise _Refused("the account has no e-mail address")
    refusal = refused_address(address)
    if refusal is not None:
        raise _Refused(f"{address} refuses mail: {refusal.reason}")
    unsubscribe = unsubscribe_url(
        user_id=notice.recipient_id, kind=notice.kind, origin=origin_of(notice.url)
    )
    message = EmailMessage(
        subject=notice.subject,
        body=notice.body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            # The same for every try: a mail client shows a message sent twice once.
            "Message-ID": f"<notice-{notice.pk}@{urlsplit(notice.url).hostname or 'localhost'}>",
            "Content-Language": notice.language,
        },
    )
    try:
        message.send()
    except smtplib.SMTPRecipientsRefused as error:
        reason = "; ".join(
            f"{code} {text.decode(errors='replace') if isinstance(text, bytes) else text}"
            for code, text in error.recipients.values()
        )
        mail_refusal_record(address=address, reason=reason)
        raise _Refused(f"{address} refused: {reason}") from None
    except (smtplib.SMTPException, OSError) as error:
        logger.warning("Mail of message %s not sent: %s", notice.pk, error)
        raise TryAgain(f"mail server: {error}") from None
    return address


def push_payload(notice: Notice) -> bytes:
    return json.dumps(
        {"title": notice.subject, "body": notice.body, "url": notice.url, "tag": notice.kind},
        ensure_ascii=False,
    ).encode()


def _push(notice: Notice) -> str:
    subscriptions = push_subscriptions_of(notice.recipient)
    if not subscriptions or not push_enabled():
        raise _Refused("no phone takes this app's notifications")
    reached, failed = [], []
    for subscription in subscriptions:
        try:
            webpush(
                subscription_info={
                    "endpoint": subscription.endpoint,
                    "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
                },
                data=push_payload(notice),
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                ttl=PUSH_TTL,
                timeout=10,
            )
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in (404, 410):
                # The push service says this phone's subscription is gone.
                push_subscription_remove(endpoint=subscription.endpoint)
                continue
            failed.append(f"{urlsplit(subscription.endpoint).hostname}: {error}")
            continue
        except (ValueError, TypeError):
            # Keys no push service could use (not base64url, not a P-256 point).
            push_subscription_remove(endpoint=subscription.endpoint)
            continue
        except OSError as error:
            failed.append(f"{urlsplit(subscription.endpoint).hostname}: {error}")
            continue
        reached.append(urlsplit(subscription.endpoint).hostname or "")
    if reached:
        return ", ".join(sorted(set(reached)))
    if failed:
        raise TryAgain("; ".join(failed))
    raise _Refused("every phone's subscription is gone")
