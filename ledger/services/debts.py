"""What is still owed: marking a transfer paid (in full or in part), taking a mark back,
and "settle everything".

Each write runs in one transaction holding the table's row lock (on SQLite, BEGIN
IMMEDIATE already makes writers take turns), reads what is open under it, and refuses —
writing nothing — when the amount is above what is open, the mark was already taken
back, the debt was carried into a later "settle everything", or the open debts changed
since the host saw them.
"""

from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import (
    DebtPool,
    Night,
    PaymentMark,
    PaymentMarkReversal,
    PooledTransfer,
    Table,
)
from ledger.models.debts import NOTE_MAX_LENGTH
from ledger.rules.money import quantum
from ledger.selectors.debts import (
    ZERO,
    TransferDebt,
    debts_digest,
    night_transfer_debts,
    pool_pooled_after,
    table_debts,
)
from ledger.services.debt_balances import debt_balances_post, table_lock


def _checked_note(note: str, problems: list) -> str:
    note = (note or "").strip()
    if len(note) > NOTE_MAX_LENGTH:
        problems.append(err.DEBT_NOTE_TOO_LONG(limit=NOTE_MAX_LENGTH, count=len(note)))
    return note


def _checked_amount(amount: Decimal | None, debt: TransferDebt, problems: list) -> Decimal:
    """The amount to mark: all that is open when none is given."""
    if amount is None:
        return debt.open
    try:
        amount = Decimal(amount)
        places = rules.currency_places(debt.currency)
        if not amount.is_finite() or amount <= 0:
            problems.append(err.DEBT_AMOUNT_NOT_POSITIVE())
        elif amount != amount.quantize(quantum(debt.currency)):
            problems.append(err.DEBT_AMOUNT_TOO_PRECISE(currency=debt.currency, places=places))
        elif amount > debt.open:
            problems.append(err.DEBT_AMOUNT_ABOVE_OPEN(open=debt.open, currency=debt.currency))
    except (InvalidOperation, TypeError, ValueError):
        problems.append(err.DEBT_AMOUNT_NOT_POSITIVE())
    return amount


def _refuse_unmarkable(debt: TransferDebt) -> None:
    if debt.carried:
        raise InvalidInput(err.DEBT_POOLED())
    if debt.open <= 0:
        raise InvalidInput(err.DEBT_ALREADY_PAID())


def _mark(debt: TransferDebt, *, table_id: int, amount, note: str, by) -> PaymentMark:
    problems: list = []
    note = _checked_note(note, problems)
    amount = _checked_amount(amount, debt, problems)
    if problems:
        raise InvalidInput(problems)
    mark = PaymentMark.objects.create(
        table_id=table_id,
        night=debt.night if debt.pool is None else None,
        pooled_id=debt.pooled_id,
        payer_id=debt.payer.id,
        payee_id=debt.payee.id,
        currency=debt.currency,
        amount=amount,
        due=debt.money,
        note=note,
        marked_by=by,
        marked_at=timezone.now(),
    )
    debt_balances_post(
        table_id=table_id,
        currency=mark.currency,
        changes={(mark.payer_id, mark.payee_id): -mark.amount},
        at=mark.marked_at,
        mark_id=mark.pk,
    )
    return mark


def payment_mark(
    *,
    night: Night | None = None,
    payer_id: int | None = None,
    payee_id: int | None = None,
    pooled: PooledTransfer | None = None,
    amount: Decimal | None = None,
    note: str = "",
    by,
) -> PaymentMark:
    """Mark a transfer paid: ``night``'s transfer from ``payer_id`` to ``payee_id``, or a
    "settle everything" transfer (``pooled``). ``amount`` (Decimal) marks it partly paid;
    none marks all that is still open. Refused if the night is not closed, the transfer
    is not in its settle-up, the debt was carried into a later "settle everything", or
    the amount is not positive, has more places than the currency, or is above what is
    open."""
    if (night is None) == (pooled is None):
        raise ValueError("payment_mark takes a night's transfer or a pooled transfer")
    table_id = night.table_id if night is not None else pooled.pool.table_id
    with transaction.atomic():
        table_lock(table_id)
        if night is not None:
            night = Night.objects.get(pk=night.pk)
            if not night.is_closed:
                raise InvalidInput(err.DEBT_NIGHT_NOT_CLOSED())
            debts = night_transfer_debts(night, selectors.night_settlement(night))
            debt = debts.get((payer_id, payee_id))
        else:
            debt = _pooled_debt(pooled)
        if debt is None:
            raise InvalidInput(err.DEBT_NO_SUCH_TRANSFER())
        _refuse_unmarkable(debt)
        return _mark(debt, table_id=table_id, amount=amount, note=note, by=by)


def _pooled_debt(pooled: PooledTransfer) -> TransferDebt:
    """A pooled transfer with what is paid of it, read under the lock."""
    pool = DebtPool.objects.get(pk=pooled.pool_id)
    marks = PaymentMark.objects.filter(pooled_id=pooled.pk, reversal__isnull=True)
    paid = sum((m.amount for m in marks), Decimal(0)).quantize(quantum(pool.currency))
    return TransferDebt(
        payer=pooled.payer,
        payee=pooled.payee,
        money=pooled.amount.quantize(quantum(pool.currency)),
        currency=pool.currency,
        paid=paid,
        pooled_id=pooled.pk,
        pool=pool,
        carried=_pool_open(pool) > 0 and pool_pooled_after(pool),
    )


def _pool_open(pool: DebtPool) -> Decimal:
    """What is open of all of ``pool``'s transfers: one carried is carried whole."""
    due = sum(PooledTransfer.objects.filter(pool=pool).values_list("amount", flat=True), ZERO)
    paid = sum(
        PaymentMark.objects.filter(pooled__pool=pool, reversal__isnull=True).values_list(
            "amount", flat=True
        ),
        ZERO,
    )
    return due - paid


def payment_mark_reverse(*, mark: PaymentMark, reason: str, by) -> PaymentMarkReversal:
    """Take back a mistaken mark with a new record saying who, when and why. A mark is
    taken back once (the database refuses a second reversal too), and not once its debt
    was carried into a "settle everything" (what was carried counted it paid)."""
    problems: list = []
    reason = (reason or "").strip()
    if not reason:
        problems.append(err.DEBT_REASON_MISSING())
    elif len(reason) > NOTE_MAX_LENGTH:
        problems.append(err.DEBT_NOTE_TOO_LONG(limit=NOTE_MAX_LENGTH, count=len(reason)))
    if problems:
        raise InvalidInput(problems)
    with transaction.atomic():
        table_lock(mark.table_id)
        if PaymentMarkReversal.objects.filter(mark_id=mark.pk).exists():
            raise InvalidInput(err.DEBT_MARK_ALREADY_REVERSED())
        if mark.night_id is not None:
            night = Night.objects.get(pk=mark.night_id)
            debts = night_transfer_debts(night, selectors.night_settlement(night))
            carried = any(debt.carried for debt in debts.values())
        else:
            pool = DebtPool.objects.get(transfers=mark.pooled_id)
            carried = _pool_open(pool) > 0 and pool_pooled_after(pool)
        if carried:
            raise InvalidInput(err.DEBT_POOLED())
        reversal = PaymentMarkReversal.objects.create(
            mark=mark, reason=reason, reversed_by=by, reversed_at=timezone.now()
        )
        debt_balances_post(
            table_id=mark.table_id,
            currency=mark.currency,
            changes={(mark.payer_id, mark.payee_id): mark.amount},
            at=reversal.reversed_at,
            reversal_id=reversal.pk,
        )
        return reversal


def debts_pool(*, table: Table, currency: str, digest: str, by) -> DebtPool:
    """Settle everything in ``currency`` at ``table``: close every debt of that currency
    still open (each night's and an earlier pooling's transfers with something open) and
    open the fewest transfers that settle the same nets in their place.

    ``digest`` is the one the host's page showed (``CurrencyDebts.digest``): if the open
    debts changed since — a payment marked, a night closed, another phone's "settle
    everything" — nothing is written and ``Conflict`` says so.
    """
    with transaction.atomic():
        table_lock(table.pk)
        debts = table_debts(table).of(currency)
        seen = debts.digest if debts is not None else debts_digest(currency, [])
        if seen != digest:
            raise Conflict(err.DEBT_CHANGED())
        if debts is None or not debts.reducible:
            raise InvalidInput(err.DEBT_NOTHING_TO_POOL(currency=currency))
        pool = DebtPool.objects.create(
            table=table, currency=currency, digest=digest, created_by=by, created_at=timezone.now()
        )
        # What it carries is not written down debt by debt: every debt of the currency
        # open now has its last change before this one's balances (ledger.selectors.debts,
        # "carried into a settle everything").
        PooledTransfer.objects.bulk_create(
            PooledTransfer(pool=pool, payer=p.payer, payee=p.payee, amount=p.money)
            for p in debts.fewest
        )
        # Every pair's debt closes; the fewest transfers open in their place.
        changes: dict[tuple[int, int], Decimal] = {}
        for pair in debts.pairs:
            changes[pair.payer.pk, pair.payee.pk] = -pair.open
        for proposal in debts.fewest:
            key = (proposal.payer.pk, proposal.payee.pk)
            changes[key] = changes.get(key, Decimal(0)) + proposal.money
        debt_balances_post(
            table_id=table.pk,
            currency=currency,
            changes=changes,
            at=pool.created_at,
            pool_id=pool.pk,
        )
        return pool


def debts_pool_mark(
    *,
    table: Table,
    currency: str,
    digest: str,
    payer_id: int,
    payee_id: int,
    amount: Decimal | None = None,
    note: str = "",
    by,
) -> PaymentMark:
    """Mark paid one of the fewest transfers "settle everything" proposes: the host's
    first payment of it is their confirmation, so the debts are pooled (as
    ``debts_pool``) and the mark is added to the new transfer, in one transaction —
    if either is refused, neither is written."""
    with transaction.atomic():
        pool = debts_pool(table=table, currency=currency, digest=digest, by=by)
        pooled = (
            PooledTransfer.objects.select_related("pool", "payer", "payee")
            .filter(pool=pool, payer_id=payer_id, payee_id=payee_id)
            .first()
        )
        if pooled is None:
            raise InvalidInput(err.DEBT_NO_SUCH_TRANSFER())
        return payment_mark(pooled=pooled, amount=amount, note=note, by=by)
