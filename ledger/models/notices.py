"""The messages the app sends to accounts, by e-mail and by Web Push, and what each
account chose to receive.

A ``Notice`` is one message to one account on one channel, written in full (subject,
text, link) before it goes out, then marked as it goes: sent, failed, or not sent and why.
It is unique per event, account and channel, so an event that is announced twice (a
worker that runs a task again, a night closed twice) never sends the same message twice.
These records are not the ledger: they are a log of delivery, and a status moves on.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from ledger.languages import LANGUAGE_CODE_MAX, LANGUAGE_CODES

SUBJECT_MAX = 200
EVENT_MAX = 100
URL_MAX = 500
ENDPOINT_MAX = 1000
KEY_MAX = 200


class NoticeKind(models.TextChoices):
    NIGHT_CLOSED = "night_closed", pgettext_lazy("message kind", "A night closed")
    PAYMENT_SENT = "payment_sent", pgettext_lazy("message kind", "Someone says they paid you")
    PAYMENT_CONFIRMED = (
        "payment_confirmed",
        pgettext_lazy("message kind", "Your payment was confirmed"),
    )
    DEBT_REMINDER = "debt_reminder", pgettext_lazy("message kind", "Reminders of what you owe")
    CLAIM_WAITING = "claim_waiting", pgettext_lazy("message kind", "A claim waits for you")
    INVITE_USED = "invite_used", pgettext_lazy("message kind", "Your invite was used")
    CO_HOST_MADE = "co_host_made", pgettext_lazy("message kind", "You were made co-host")
    NIGHT_AHEAD = "night_ahead", pgettext_lazy("message kind", "Reminders of a night ahead")
    SEAT_FREED = "seat_freed", pgettext_lazy("message kind", "A seat opened for you")
    RSVP_ASKED = "rsvp_asked", pgettext_lazy("message kind", "The host asks if you are coming")


class NoticeChannel(models.TextChoices):
    EMAIL = "email", pgettext_lazy("message channel", "E-mail")
    PUSH = "push", pgettext_lazy("message channel", "Notification")


class NoticeStatus(models.TextChoices):
    QUEUED = "queued", gettext_lazy("waiting to be sent")
    # Taken by a worker: it stays so if the worker dies while sending, and is not sent
    # again, since nobody can tell whether the mail server took it.
    SENDING = "sending", gettext_lazy("being sent")
    SENT = "sent", gettext_lazy("sent")
    FAILED = "failed", gettext_lazy("failed")
    HELD = "held", gettext_lazy("held back: too many messages in an hour")
    REFUSED = "refused", gettext_lazy("not sent: the address refuses mail")


class Notice(models.Model):
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("recipient"),
        on_delete=models.CASCADE,
        related_name="notices",
    )
    # The host whose table the message is about: the per-host limit counts these.
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("host"),
        on_delete=models.CASCADE,
        related_name="+",
        null=True,
        blank=True,
    )
    channel = models.CharField(
        verbose_name=gettext_lazy("channel"), max_length=10, choices=NoticeChannel.choices
    )
    kind = models.CharField(
        verbose_name=gettext_lazy("kind"), max_length=30, choices=NoticeKind.choices
    )
    event = models.CharField(verbose_name=gettext_lazy("event"), max_length=EVENT_MAX)
    language = models.CharField(verbose_name=gettext_lazy("language"), max_length=LANGUAGE_CODE_MAX)
    subject = models.CharField(verbose_name=gettext_lazy("subject"), max_length=SUBJECT_MAX)
    body = models.TextField(verbose_name=gettext_lazy("text"))
    url = models.CharField(verbose_name=gettext_lazy("link"), max_length=URL_MAX)
    status = models.CharField(
        verbose_name=gettext_lazy("status"),
        max_length=10,
        choices=NoticeStatus.choices,
        default=NoticeStatus.QUEUED,
    )
    # Where it went: the e-mail address, or the push services' hosts.
    address = models.CharField(verbose_name=gettext_lazy("address"), max_length=500, blank=True)
    attempts = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("attempts"), default=0)
    error = models.CharField(verbose_name=gettext_lazy("error"), max_length=500, blank=True)
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))
    sent_at = models.DateTimeField(verbose_name=gettext_lazy("sent at"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = gettext_lazy("message")
        verbose_name_plural = gettext_lazy("messages")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "recipient", "channel"], name="notice_once_per_event"
            ),
            models.CheckConstraint(
                condition=Q(channel__in=NoticeChannel.values), name="notice_channel_known"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=NoticeKind.values), name="notice_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=NoticeStatus.values), name="notice_status_known"
            ),
            models.CheckConstraint(
                condition=Q(language__in=LANGUAGE_CODES), name="notice_language_known"
            ),
            models.CheckConstraint(
                condition=Q(sent_at__isnull=True) | Q(status=NoticeStatus.SENT),
                name="notice_sent_at_only_when_sent",
            ),
        ]
        indexes = [
            models.Index(fields=["recipient", "created_at"], name="notice_recipient_idx"),
            models.Index(fields=["host", "created_at"], name="notice_host_idx"),
        ]

    def __str__(self) -> str:
        return gettext("Message #%(id)s") % {"id": self.pk}


class NoticeOptOut(models.Model):
    """One kind of message its account does not want on one channel."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("user"),
        on_delete=models.CASCADE,
        related_name="notice_opt_outs",
    )
    kind = models.CharField(
        verbose_name=gettext_lazy("kind"), max_length=30, choices=NoticeKind.choices
    )
    channel = models.CharField(
        verbose_name=gettext_lazy("channel"), max_length=10, choices=NoticeChannel.choices
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("message turned off")
        verbose_name_plural = gettext_lazy("messages turned off")
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "channel"], name="notice_opt_out_once"),
            models.CheckConstraint(
                condition=Q(kind__in=NoticeKind.values), name="notice_opt_out_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(channel__in=NoticeChannel.values),
                name="notice_opt_out_channel_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.kind}/{self.channel}"


class PushSubscription(models.Model):
    """A phone where the account allowed this app's notifications: the push service's
    endpoint and the keys the payload is encrypted for (RFC 8291)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("user"),
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
    )
    endpoint = models.URLField(
        verbose_name=gettext_lazy("endpoint"), max_length=ENDPOINT_MAX, unique=True
    )
    p256dh = models.CharField(verbose_name=gettext_lazy("public key"), max_length=KEY_MAX)
    auth = models.CharField(verbose_name=gettext_lazy("authentication secret"), max_length=KEY_MAX)
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("push subscription")
        verbose_name_plural = gettext_lazy("push subscriptions")
        constraints = [
            models.CheckConstraint(condition=~Q(p256dh=""), name="push_p256dh_not_empty"),
            models.CheckConstraint(condition=~Q(auth=""), name="push_auth_not_empty"),
        ]

    def __str__(self) -> str:
        return gettext("Push subscription #%(id)s") % {"id": self.pk}


class MailRefusal(models.Model):
    """An address the mail server refused (or that bounced): no more mail goes to it
    until its account asks to try it again."""

    address = models.EmailField(verbose_name=gettext_lazy("address"), unique=True)
    reason = models.CharField(verbose_name=gettext_lazy("reason"), max_length=500)
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("refused address")
        verbose_name_plural = gettext_lazy("refused addresses")

    def __str__(self) -> str:
        return self.address
