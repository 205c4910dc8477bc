"""What each pair of a table still owes, kept as it changes (ledger.models.debts:
``DebtPair``, ``DebtBalance``): every service that changes what is open posts the change
here in its own transaction — a night closed, a payment marked, a mark taken back, a
"settle everything" — so a table's open debts are read from its pairs' latest balances
instead of being worked out again from every night and mark.

The caller holds the table's row lock (``table_lock``), so two writers never build on the
same latest balance (the database refuses that too: each balance follows one, once).
"""

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal

from django.db import connection

from ledger.models import DebtBalance, DebtPair, Table
from ledger.selectors.debts import latest_balances


def table_lock(table_id: int) -> None:
    """Hold the table's row lock for the rest of the transaction: the writers of a table's
    open debts take turns, so what is open is read by one of them at a time. SQLite has
    no row locks and needs none (BEGIN IMMEDIATE already holds every other writer off)."""
    if connection.vendor == "postgresql":
        list(Table.objects.select_for_update(no_key=True).filter(pk=table_id).values_list("pk"))


def debt_balances_post(
    *,
    table_id: int,
    currency: str,
    changes: Mapping[tuple[int, int], Decimal],
    at: datetime,
    night_id: int | None = None,
    mark_id: int | None = None,
    reversal_id: int | None = None,
    pool_id: int | None = None,
) -> None:
    """Post ``changes`` ((payer id, payee id) -> what they owe more, or less when
    negative) to the pairs of ``table_id`` in ``currency``, each a new balance naming its
    cause. Three queries at most, whatever the history: the pairs with their latest
    balances, the pairs new to it, the balances."""
    changes = {pair: amount for pair, amount in changes.items() if amount}
    if not changes:
        return
    pairs = {
        (pair.payer_id, pair.payee_id): pair
        for pair in latest_balances(DebtPair.objects.filter(table_id=table_id, currency=currency))
    }
    new = [
        DebtPair(table_id=table_id, currency=currency, payer_id=payer, payee_id=payee)
        for payer, payee in sorted(changes)
        if (payer, payee) not in pairs
    ]
    for pair in DebtPair.objects.bulk_create(new):
        pair.open, pair.head = None, None
        pairs[pair.payer_id, pair.payee_id] = pair
    DebtBalance.objects.bulk_create(
        DebtBalance(
            pair_id=pairs[key].pk,
            previous_id=pairs[key].head,
            open=(pairs[key].open or Decimal(0)) + amount,
            change=amount,
            night_id=night_id,
            mark_id=mark_id,
            reversal_id=reversal_id,
            pool_id=pool_id,
            at=at,
        )
        for key, amount in sorted(changes.items())
    )
