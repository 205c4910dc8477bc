"""What I owe and am owed: at every table where the player holds a seat, per currency,
each open transfer — what they owe with its payee's pay buttons and "I sent it", what
they are owed with the payer's word waiting to be confirmed."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.urls import reverse
from django.utils import timezone

from ledger.selectors.debts import MarkShown, TransferDebt
from ledger.selectors.my_debts import MyDebts, my_debts
from ledger.selectors.payments_sent import SentShown
from tables.pay_buttons import PayButton, pay_buttons, settle_up_message
from tables.responses import Page

TEMPLATE = "me/debts.html"


@dataclass(frozen=True)
class DebtLine:
    """One open transfer, as the player sees it."""

    other: str  # the payee's name where they pay, the payer's where they are paid
    night_started_at: datetime | None  # None: a "settle everything" transfer
    night_id: int | None
    open: Decimal
    currency: str
    pay: tuple[PayButton, ...] = ()
    sent: SentShown | None = None
    sent_url: str = ""  # "I sent it", where the player pays a night's transfer
    confirm_url: str = ""  # where they are paid and the payer's word waits
    # What is marked paid of it already: how much, by which account, when (none taken back).
    marks: tuple[MarkShown, ...] = ()


@dataclass(frozen=True)
class CurrencyLines:
    currency: str
    owes: list[DebtLine]
    owed: list[DebtLine]


@dataclass(frozen=True)
class SeatLines:
    table_name: str
    host: str
    seat_name: str
    currencies: list[CurrencyLines]


def my_debts_page(user) -> Page:
    debts = my_debts(user)
    return Page(TEMPLATE, {"seats": _seats(debts)})


def _when(debt: TransferDebt) -> datetime:
    return debt.night.started_at if debt.night is not None else debt.pool.created_at


def _seats(debts: MyDebts) -> list[SeatLines]:
    shown = []
    for seat in debts.seats:
        table = seat.seat.table
        currencies = []
        for row in seat.currencies:
            methods = seat.methods.get(row.currency, {})
            owes = [
                _line(debt, debts, debt.payee.name, methods, table.name, paying=True)
                for pair in row.owes
                for debt in pair.transfers
            ]
            owed = [
                _line(debt, debts, debt.payer.name, {}, table.name, paying=False)
                for pair in row.owed
                for debt in pair.transfers
            ]
            currencies.append(CurrencyLines(row.currency, owes, owed))
        shown.append(SeatLines(table.name, table.owner.get_username(), seat.seat.name, currencies))
    return shown


def _line(debt: TransferDebt, debts: MyDebts, other: str, methods, table_name, *, paying):
    night = debt.night if debt.pool is None else None
    sent = debts.sent_for(night.pk, debt.payer.pk, debt.payee.pk) if night else None
    pay, sent_url, confirm_url = (), "", ""
    if paying:
        message = settle_up_message(table_name, timezone.localtime(_when(debt)))
        pay = tuple(
            pay_buttons(
                methods.get(debt.payee.pk, ()),
                amount=debt.open,
                currency=debt.currency,
                message=message,
            )
        )
        if night is not None and sent is None:
            sent_url = reverse("my_transfer_sent", args=[night.pk, debt.payer.pk, debt.payee.pk])
    elif sent is not None:
        confirm_url = reverse("payment_sent_confirm", args=[sent.id])
    return DebtLine(
        other=other,
        night_started_at=night.started_at if night else None,
        night_id=night.pk if night else None,
        open=debt.open,
        currency=debt.currency,
        pay=pay,
        sent=sent,
        sent_url=sent_url,
        confirm_url=confirm_url,
        marks=tuple(mark for mark in debt.marks if not mark.reversed),
    )
