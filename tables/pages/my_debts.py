"""What I owe and am owed: at every table where the player holds a seat, one line per
other player and currency with the net — the pay buttons for it where the player pays,
the words "I sent it" waiting on either side, and a tap to the nights behind it
(tables.pages.my_debts_person)."""

from dataclasses import dataclass
from decimal import Decimal

from django.urls import reverse
from django.utils import timezone

from ledger.names import account_name
from ledger.selectors.my_debts import MyDebts, PersonDebt, SeatDebts, my_debts
from ledger.selectors.payments_sent import SentShown
from tables.pay_buttons import PayButton, pay_buttons, settle_up_message
from tables.responses import Page

TEMPLATE = "me/debts.html"


@dataclass(frozen=True)
class Word:
    """A payer's word "I sent it", with where the player confirms it (when it is to them)."""

    sent: SentShown
    confirm_url: str = ""


@dataclass(frozen=True)
class PersonLine:
    """What the player and one other player owe each other in one currency, netted."""

    other: str
    currency: str
    amount: Decimal  # the net, never below 0: ``paying`` says which way it goes
    paying: bool
    url: str  # the nights behind it
    pay: tuple[PayButton, ...] = ()
    said: tuple[Word, ...] = ()  # the player's own words, waiting
    to_confirm: tuple[Word, ...] = ()  # the other's words, waiting for the player


@dataclass(frozen=True)
class SeatPeople:
    table_name: str
    host: str
    seat_name: str
    lines: list[PersonLine]


def my_debts_page(user) -> Page:
    debts = my_debts(user)
    return Page(TEMPLATE, {"people": [_seat(seat, debts) for seat in debts.seats]})


def _seat(seat: SeatDebts, debts: MyDebts) -> SeatPeople:
    table = seat.seat.table
    today = timezone.localdate()
    return SeatPeople(
        table_name=table.name,
        host=account_name(table.owner),
        seat_name=seat.seat.name,
        lines=[_line(seat, person, debts, table.name, today) for person in seat.people],
    )


def _line(seat: SeatDebts, person: PersonDebt, debts: MyDebts, table_name, today) -> PersonLine:
    paying = person.net < 0
    amount = abs(person.net)
    pay = ()
    if paying:
        methods = seat.methods.get(person.currency, {}).get(person.other.pk, ())
        pay = tuple(
            pay_buttons(
                methods,
                amount=amount,
                currency=person.currency,
                message=settle_up_message(table_name, today),
            )
        )
    words = debts.sent_between(seat.seat.pk, person.other.pk, person.currency)
    return PersonLine(
        other=person.other.name,
        currency=person.currency,
        amount=amount,
        paying=paying,
        url=reverse("my_debts_person", args=[seat.seat.pk, person.other.pk, person.currency]),
        pay=pay,
        said=tuple(Word(w) for w in words if w.payer_id == seat.seat.pk),
        to_confirm=tuple(
            Word(w, reverse("payment_sent_confirm", args=[w.id]))
            for w in words
            if w.payee_id == seat.seat.pk
        ),
    )
