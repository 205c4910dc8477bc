"""Who gets which message, in which language, and what waits for an account."""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db.models import DecimalField, Exists, F, IntegerField, Max, OuterRef, Subquery

from ledger.models import (
    MailRefusal,
    NightTransfer,
    Notice,
    NoticeKind,
    NoticeOptOut,
    NoticeStatus,
    PaymentSent,
    PlayerLink,
    PushSubscription,
    SeatClaim,
)
from ledger.selectors.debts import with_paid_not_carried


def turned_off(user) -> set[tuple[str, str]]:
    """The (kind, channel) pairs ``user`` turned off."""
    return set(NoticeOptOut.objects.filter(user=user).values_list("kind", "channel"))


def linked_accounts(player_ids) -> dict[int, object]:
    """Player id -> the account that plays it now, for those of ``player_ids`` linked."""
    links = PlayerLink.objects.filter(player_id__in=list(player_ids), unlink__isnull=True)
    return {link.player_id: link.user for link in links.select_related("user")}


def refused_address(address: str) -> MailRefusal | None:
    return MailRefusal.objects.filter(address=address.lower()).first() if address else None


def push_subscriptions_of(user) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(user=user).order_by("created_at", "id"))


def recent_notices(user, limit: int = 10) -> list[Notice]:
    return list(Notice.objects.filter(recipient=user).order_by("-created_at", "-id")[:limit])


def last_notice_url(user) -> str:
    """The link of the last message to ``user``: it names the site as they open it."""
    return (
        Notice.objects.filter(recipient=user)
        .order_by("-created_at", "-id")
        .values_list("url", flat=True)
        .first()
        or ""
    )


@dataclass(frozen=True)
class Waiting:
    """What waits for an account: as a host, claims of a seat to answer and payers' words
    "I sent it" to confirm at its tables; as a player, the words of those who pay it."""

    claims: int
    to_confirm_as_host: int
    to_confirm_as_payee: int

    @property
    def as_host(self) -> int:
        return self.claims + self.to_confirm_as_host


class _Count(Subquery):
    """How many rows the subquery gives."""

    template = "(SELECT COUNT(*) FROM (%(subquery)s) counted)"
    output_field = IntegerField()


def _words_waiting():
    """The words "I sent it" not confirmed whose transfer is still open."""
    due = NightTransfer.objects.filter(
        night=OuterRef("night"), payer=OuterRef("payer"), payee=OuterRef("payee")
    ).values("money")[:1]
    return (
        with_paid_not_carried(PaymentSent.objects.filter(confirmation__isnull=True))
        .annotate(due=Subquery(due, output_field=DecimalField()))
        .filter(due__gt=F("paid"))
    )


def waiting_for(user) -> Waiting:
    """One query."""
    claims = SeatClaim.objects.filter(
        player__table__owner=OuterRef("pk"), answer__isnull=True, player__table__hidden_at=None
    ).values("pk")
    as_host = _words_waiting().filter(table__owner=OuterRef("pk")).values("pk")
    payee_links = PlayerLink.objects.filter(
        user=OuterRef(OuterRef("pk")), player=OuterRef("payee"), unlink__isnull=True
    )
    as_payee = _words_waiting().filter(Exists(payee_links)).values("pk")
    row = (
        get_user_model()
        .objects.filter(pk=user.pk)
        .annotate(claims=_Count(claims), host=_Count(as_host), payee=_Count(as_payee))
        .values("claims", "host", "payee")
        .first()
    )
    if row is None:
        return Waiting(0, 0, 0)
    return Waiting(row["claims"], row["host"], row["payee"])


@dataclass(frozen=True)
class Debtor:
    user: object
    oldest: datetime  # when the oldest night they still owe for started
    last_reminded: datetime | None


def debtors(*, since: datetime) -> list[Debtor]:
    """Accounts that still owe on a closed night (at a table that reminds) started before
    ``since``, with when they were last reminded."""
    open_transfers = (
        with_paid_not_carried(
            NightTransfer.objects.filter(
                table__debt_reminders=True,
                table__hidden_at__isnull=True,
                night__closed_at__isnull=False,
                night__started_at__lt=since,
            )
        )
        .filter(money__gt=F("paid"))
        .values_list("payer_id", "night__started_at")
    )
    oldest: dict[int, datetime] = {}
    for payer_id, started_at in open_transfers:
        if payer_id not in oldest or started_at < oldest[payer_id]:
            oldest[payer_id] = started_at
    accounts = linked_accounts(oldest)
    reminded = dict(
        Notice.objects.filter(
            recipient__in=[user.pk for user in accounts.values()],
            kind=NoticeKind.DEBT_REMINDER,
        )
        .exclude(status=NoticeStatus.HELD)
        .values("recipient")
        .annotate(last=Max("created_at"))
        .values_list("recipient", "last")
    )
    found: dict[int, Debtor] = {}
    for player_id, user in accounts.items():
        first = oldest[player_id]
        known = found.get(user.pk)
        if known is None or first < known.oldest:
            found[user.pk] = Debtor(user, first, reminded.get(user.pk))
    return sorted(found.values(), key=lambda d: d.user.pk)
