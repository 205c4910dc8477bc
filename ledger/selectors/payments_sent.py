"""The payers' words that they sent a transfer, still waiting to be confirmed: one query
for a night's settle-up, a table, or an account's seats."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import DecimalField, F, OuterRef, Q, Subquery

from ledger.models import NightTransfer, PaymentSent
from ledger.names import account_name
from ledger.rules.money import quantum
from ledger.selectors.debts import with_paid_not_carried


@dataclass(frozen=True)
class SentShown:
    id: int
    night_id: int
    night_started_at: datetime
    table_name: str
    payer_id: int
    payee_id: int
    payer: str
    payee: str
    amount: Decimal
    currency: str
    sent_by: str  # the account that said it
    sent_at: datetime


def pending_sent(
    *, night_id: int | None = None, table_id: int | None = None, player_ids=None
) -> list[SentShown]:
    """Every word not yet confirmed whose transfer is still open (not paid in full since,
    nor carried into a "settle everything"), oldest first: of one night, one table, or
    where one of ``player_ids`` pays or is paid. One query."""
    due = NightTransfer.objects.filter(
        night=OuterRef("night"), payer=OuterRef("payer"), payee=OuterRef("payee")
    ).values("money")[:1]
    rows = with_paid_not_carried(PaymentSent.objects.filter(confirmation__isnull=True)).annotate(
        due=Subquery(due, output_field=DecimalField())
    )
    if night_id is not None:
        rows = rows.filter(night_id=night_id)
    if table_id is not None:
        rows = rows.filter(table_id=table_id)
    if player_ids is not None:
        ids = list(player_ids)
        rows = rows.filter(Q(payer_id__in=ids) | Q(payee_id__in=ids))
    rows = (
        rows.filter(due__gt=F("paid"))
        .select_related("payer", "payee", "sent_by", "night", "table")
        .order_by("sent_at", "id")
    )
    return [
        SentShown(
            id=row.pk,
            night_id=row.night_id,
            night_started_at=row.night.started_at,
            table_name=row.table.name,
            payer_id=row.payer_id,
            payee_id=row.payee_id,
            payer=row.payer.name,
            payee=row.payee.name,
            amount=row.amount.quantize(quantum(row.currency)),
            currency=row.currency,
            sent_by=account_name(row.sent_by),
            sent_at=row.sent_at,
        )
        for row in rows
        # SQLite sums a decimal column as a float: exact again in the currency's places.
        if row.due.quantize(quantum(row.currency)) > row.paid.quantize(quantum(row.currency))
    ]
