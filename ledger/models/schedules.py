"""Nights ahead: a table's schedule (once, or repeating), the dates it skips, the players'
answers (Yes, No, Maybe: every answer kept, the latest counting), the links a player
without an account answers from, and each account's calendar feed. The dates and who has
a seat are worked out by ``ledger.schedules``."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from ledger import schedules
from ledger.models.append_only import AppendOnly

PLACE_MAX = 100
NOTE_MAX = 200
TIME_ZONE_MAX = 64
TOKEN_MAX = 64
RSVP_IS_APPEND_ONLY = "An answer is kept as given: a new answer is a new record."


class Repeat(models.TextChoices):
    ONCE = schedules.ONCE, gettext_lazy("Once")
    WEEKLY = schedules.WEEKLY, gettext_lazy("Every week")
    FORTNIGHTLY = schedules.FORTNIGHTLY, gettext_lazy("Every other week")
    MONTHLY = schedules.MONTHLY, gettext_lazy("Every month (same weekday)")


class RsvpChoice(models.TextChoices):
    YES = schedules.YES, pgettext_lazy("coming to a night", "Yes")
    NO = schedules.NO, pgettext_lazy("coming to a night", "No")
    MAYBE = schedules.MAYBE, pgettext_lazy("coming to a night", "Maybe")


class Schedule(models.Model):
    """When a table plays next: a first date and a time in the table's time zone, where,
    a note, and whether it repeats (until a date, or until the host stops it)."""

    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="schedules",
    )
    first_date = models.DateField(verbose_name=gettext_lazy("first night"))
    time = models.TimeField(verbose_name=gettext_lazy("time"))
    time_zone = models.CharField(verbose_name=gettext_lazy("time zone"), max_length=TIME_ZONE_MAX)
    place = models.CharField(verbose_name=gettext_lazy("place"), max_length=PLACE_MAX, blank=True)
    note = models.CharField(verbose_name=gettext_lazy("note"), max_length=NOTE_MAX, blank=True)
    repeat = models.CharField(
        verbose_name=gettext_lazy("repeats"), max_length=12, choices=Repeat.choices
    )
    until = models.DateField(verbose_name=gettext_lazy("last night"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("stopped by"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    ended_at = models.DateTimeField(verbose_name=gettext_lazy("stopped at"), null=True, blank=True)

    class Meta:
        ordering = ["first_date", "time", "id"]
        verbose_name = gettext_lazy("schedule")
        verbose_name_plural = gettext_lazy("schedules")
        constraints = [
            models.CheckConstraint(
                condition=Q(repeat__in=schedules.REPEATS), name="schedule_repeat_known"
            ),
            models.CheckConstraint(
                condition=Q(until__isnull=True) | Q(until__gte=F("first_date")),
                name="schedule_until_after_first",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("place"), PLACE_MAX)
                & LessThanOrEqual(Length("note"), NOTE_MAX)
                & ~Q(time_zone=""),
                name="schedule_texts_bounded",
            ),
            models.CheckConstraint(
                condition=Q(ended_at__isnull=True, ended_by__isnull=True)
                | Q(ended_at__isnull=False, ended_by__isnull=False),
                name="schedule_ended_by_whom",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Schedule #%(id)s") % {"id": self.pk}


class ScheduleSkip(models.Model):
    """A date a repeating schedule does not happen on."""

    schedule = models.ForeignKey(
        Schedule,
        verbose_name=gettext_lazy("schedule"),
        on_delete=models.PROTECT,
        related_name="skips",
    )
    date = models.DateField(verbose_name=gettext_lazy("date"))
    skipped_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("skipped by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    skipped_at = models.DateTimeField(verbose_name=gettext_lazy("skipped at"))

    class Meta:
        ordering = ["date", "id"]
        verbose_name = gettext_lazy("skipped date")
        verbose_name_plural = gettext_lazy("skipped dates")
        constraints = [
            models.UniqueConstraint(fields=["schedule", "date"], name="schedule_skip_once"),
        ]

    def __str__(self) -> str:
        return gettext("Schedule #%(id)s skips %(date)s") % {
            "id": self.schedule_id,
            "date": self.date.isoformat(),
        }


class RsvpLink(models.Model):
    """A player's own link to answer from without an account: one player, until revoked.
    The token is kept as it is (the host copies the link again whenever needed), as a
    night's live link is."""

    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="rsvp_links",
    )
    token = models.CharField(verbose_name=gettext_lazy("token"), max_length=TOKEN_MAX, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("revoked by"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    revoked_at = models.DateTimeField(
        verbose_name=gettext_lazy("revoked at"), null=True, blank=True
    )

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = gettext_lazy("answer link")
        verbose_name_plural = gettext_lazy("answer links")
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=Q(revoked_at__isnull=True),
                name="rsvp_link_one_open_per_player",
            ),
            models.CheckConstraint(
                condition=Q(revoked_at__isnull=True, revoked_by__isnull=True)
                | Q(revoked_at__isnull=False, revoked_by__isnull=False),
                name="rsvp_link_revoked_by_whom",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Answer link #%(id)s") % {"id": self.pk}


class RsvpAnswer(AppendOnly):
    """A player's Yes, No or Maybe to one date of a schedule: from their account (``by``)
    or from their link (``link``). The latest counts; the earlier stay, and give the
    waiting list its order."""

    append_only_message = RSVP_IS_APPEND_ONLY

    schedule = models.ForeignKey(
        Schedule,
        verbose_name=gettext_lazy("schedule"),
        on_delete=models.PROTECT,
        related_name="answers",
    )
    date = models.DateField(verbose_name=gettext_lazy("date"))
    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="rsvp_answers",
    )
    answer = models.CharField(
        verbose_name=gettext_lazy("answer"), max_length=5, choices=RsvpChoice.choices
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("answered by"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    link = models.ForeignKey(
        RsvpLink,
        verbose_name=gettext_lazy("answer link"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    answered_at = models.DateTimeField(verbose_name=gettext_lazy("answered at"))

    class Meta:
        ordering = ["answered_at", "id"]
        verbose_name = gettext_lazy("answer")
        verbose_name_plural = gettext_lazy("answers")
        indexes = [
            models.Index(fields=["schedule", "date", "answered_at"], name="rsvp_answer_night_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(answer__in=schedules.ANSWERS), name="rsvp_answer_known"
            ),
            models.CheckConstraint(
                condition=Q(by__isnull=False, link__isnull=True)
                | Q(by__isnull=True, link__isnull=False),
                name="rsvp_answer_by_account_or_link",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Answer #%(id)s") % {"id": self.pk}


class CalendarFeed(models.Model):
    """An account's calendar address: the nights of all its tables, for a calendar app
    to follow. Reset, the token changes and the old address stops working."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("account"),
        on_delete=models.CASCADE,
        related_name="calendar_feed",
    )
    token = models.CharField(verbose_name=gettext_lazy("token"), max_length=TOKEN_MAX, unique=True)
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))

    class Meta:
        verbose_name = gettext_lazy("calendar feed")
        verbose_name_plural = gettext_lazy("calendar feeds")

    def __str__(self) -> str:
        return gettext("Calendar of user #%(id)s") % {"id": self.user_id}
