"""A payer says they sent a transfer (**I sent it**); the payee or the host confirms it.

Saying it writes a ``PaymentSent``: the night's transfer, all that is still open of it,
and the account that said it. Confirming writes the payment mark that marks it paid (by
``ledger.services.debts.payment_mark``, with all its checks, marked by the confirming
account) and the ``PaymentSentConfirmation`` that ties the two. Both hold the table's row
lock, as every write of what is owed does, and write nothing when refused.
"""

from django.db import connection, transaction
from django.utils import timezone

from ledger import errors as err
from ledger import selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import Night, PaymentSent, PaymentSentConfirmation, Table
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.debts import night_transfer_debts
from ledger.selectors.player_links import user_seat_at_table
from ledger.services.debts import payment_mark

SENT_NOT_YOUR_TRANSFER = Code(
    "sent_not_your_transfer",
    gettext_noop("Only the player who pays this transfer can say they sent it."),
)
SENT_ALREADY_SAID = Code(
    "sent_already_said",
    gettext_noop("You already said you sent this transfer: it waits to be confirmed."),
)
SENT_NOT_YOURS_TO_CONFIRM = Code(
    "sent_not_yours_to_confirm",
    gettext_noop("Only the player it was sent to, or the host, can confirm it."),
)
SENT_ALREADY_CONFIRMED = Code("sent_already_confirmed", gettext_noop("This was confirmed already."))


def _lock(table_id: int) -> None:
    """The table's row lock, as ``ledger.services.debts`` takes it: the words and marks of
    one table take turns (SQLite's BEGIN IMMEDIATE holds other writers off already)."""
    if connection.vendor == "postgresql":
        list(Table.objects.select_for_update(no_key=True).filter(pk=table_id).values_list("pk"))


def _pending(night_id: int, payer_id: int, payee_id: int):
    return PaymentSent.objects.filter(
        night_id=night_id, payer_id=payer_id, payee_id=payee_id, confirmation__isnull=True
    )


def payment_sent_record(*, night: Night, payer_id: int, payee_id: int, by) -> PaymentSent:
    """``by`` (the account that plays ``payer_id`` at the night's table) says they sent
    all that is still open of the night's transfer to ``payee_id``. Refused when the
    account does not play the payer, the transfer is not open, or they said so already
    and it waits to be confirmed."""
    with transaction.atomic():
        _lock(night.table_id)
        night = Night.objects.get(pk=night.pk)
        seat = user_seat_at_table(by, night.table_id)
        if seat is None or seat.pk != payer_id:
            raise InvalidInput(SENT_NOT_YOUR_TRANSFER())
        if not night.is_closed:
            raise InvalidInput(err.DEBT_NIGHT_NOT_CLOSED())
        debt = night_transfer_debts(night, selectors.night_settlement(night)).get(
            (payer_id, payee_id)
        )
        if debt is None:
            raise InvalidInput(err.DEBT_NO_SUCH_TRANSFER())
        if debt.carried:
            raise InvalidInput(err.DEBT_POOLED())
        if debt.open <= 0:
            raise InvalidInput(err.DEBT_ALREADY_PAID())
        if _pending(night.pk, payer_id, payee_id).exists():
            raise Conflict(SENT_ALREADY_SAID())
        return PaymentSent.objects.create(
            table_id=night.table_id,
            night=night,
            payer_id=payer_id,
            payee_id=payee_id,
            currency=debt.currency,
            amount=debt.open,
            sent_by=by,
            sent_at=timezone.now(),
        )


def payment_sent_confirm(*, sent: PaymentSent, by) -> PaymentSentConfirmation:
    """``by`` — the account that plays the payee, or the table's host — confirms ``sent``:
    the transfer is marked paid by that much (refused as any mark is, if that is more
    than is open now), marked by ``by``."""
    with transaction.atomic():
        _lock(sent.table_id)
        if PaymentSentConfirmation.objects.filter(sent=sent).exists():
            raise Conflict(SENT_ALREADY_CONFIRMED())
        night = Night.objects.select_related("table").get(pk=sent.night_id)
        seat = user_seat_at_table(by, night.table_id)
        if night.table.owner_id != by.pk and (seat is None or seat.pk != sent.payee_id):
            raise InvalidInput(SENT_NOT_YOURS_TO_CONFIRM())
        mark = payment_mark(
            night=night,
            payer_id=sent.payer_id,
            payee_id=sent.payee_id,
            amount=sent.amount,
            by=by,
        )
        return PaymentSentConfirmation.objects.create(
            sent=sent, mark=mark, confirmed_by=by, confirmed_at=timezone.now()
        )
