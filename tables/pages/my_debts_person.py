"""What the player and one other player owe each other in one currency, night by night:
each open transfer, with the pay buttons and "I sent it" where the player pays, and the
other's word to confirm where they are paid. A line of What I owe and am owed, opened."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.urls import reverse
from django.utils import timezone

from ledger.models import Player
from ledger.selectors.debts import MarkShown, TransferDebt
from ledger.selectors.my_debts import PairTransfers, pair_transfers
from ledger.selectors.payments_sent import SentShown
from tables.pay_buttons import PayButton, pay_buttons, settle_up_message
from tables.responses import Page

TEMPLATE = "me/debts_person.html"


@dataclass(frozen=True)
class DebtLine:
    """One open transfer, as the player sees it."""

    night_started_at: datetime | None  # None: a "settle everything" transfer
    night_id: int | None
    settled_at: datetime | None  # a "settle everything" transfer's: when it was made
    open: Decimal
    currency: str
    pay: tuple[PayButton, ...] = ()
    sent: SentShown | None = None
    sent_url: str = ""  # "I sent it", where the player pays a night's transfer
    confirm_url: str = ""  # where they are paid and the payer's word waits
    # What is marked paid of it already: how much, by which account, when (none taken back).
    marks: tuple[MarkShown, ...] = ()


def my_debts_person_page(seat: Player, other: Player, currency: str) -> Page:
    pair = pair_transfers(seat, other, currency)
    here = reverse("my_debts_person", args=[seat.pk, other.pk, currency])
    return Page(
        TEMPLATE,
        {
            "pair": pair,
            "table_name": seat.table.name,
            "here": here,
            "net": abs(pair.net),
            "paying": pair.net < 0,
            "owes": [_line(debt, pair, paying=True) for debt in pair.owes],
            "owed": [_line(debt, pair, paying=False) for debt in pair.owed],
        },
    )


def _when(debt: TransferDebt) -> datetime:
    return debt.night.started_at if debt.night is not None else debt.pool.created_at


def _sent_for(pair: PairTransfers, debt: TransferDebt) -> SentShown | None:
    if debt.pool is not None or debt.night is None:
        return None
    key = (debt.night.pk, debt.payer.pk, debt.payee.pk)
    return next((s for s in pair.sent if (s.night_id, s.payer_id, s.payee_id) == key), None)


def _line(debt: TransferDebt, pair: PairTransfers, *, paying: bool) -> DebtLine:
    night = debt.night if debt.pool is None else None
    sent = _sent_for(pair, debt)
    pay, sent_url, confirm_url = (), "", ""
    if paying:
        message = settle_up_message(pair.seat.table.name, timezone.localtime(_when(debt)))
        pay = tuple(
            pay_buttons(pair.methods, amount=debt.open, currency=debt.currency, message=message)
        )
        if night is not None and sent is None:
            sent_url = reverse("my_transfer_sent", args=[night.pk, debt.payer.pk, debt.payee.pk])
    elif sent is not None:
        confirm_url = reverse("payment_sent_confirm", args=[sent.id])
    return DebtLine(
        night_started_at=night.started_at if night else None,
        night_id=night.pk if night else None,
        settled_at=debt.pool.created_at if debt.pool is not None else None,
        open=debt.open,
        currency=debt.currency,
        pay=pay,
        sent=sent,
        sent_url=sent_url,
        confirm_url=confirm_url,
        marks=tuple(mark for mark in debt.marks if not mark.reversed),
    )
