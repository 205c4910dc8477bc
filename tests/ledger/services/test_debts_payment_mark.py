"""ledger.services.debts.payment_mark: a host marks a transfer paid, in full or in part."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from ledger import errors as err
from ledger.errors import InvalidInput
from ledger.models import PaymentMark
from ledger.selectors.debts import OPEN, PAID, PARTLY_PAID, night_transfer_debts
from ledger.selectors.night_end import settle_up_screen
from ledger.services.debts import payment_mark
from tests.factories import night_with
from tests.ledger.debt_nights import closed_example
from tests.ledger.helpers import ids

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return closed_example()


def _debts(night):
    return night_transfer_debts(night, settle_up_screen(night).payments)


def _refused(**kwargs):
    with pytest.raises(InvalidInput) as refused:
        payment_mark(**kwargs)
    return refused.value.problems


def test_a_closed_nights_transfers_start_open(night):
    p = ids(night)
    debts = _debts(night)

    assert [(d.status, d.money, d.currency) for d in debts.values()] == [
        (OPEN, Decimal("12.00"), "USD"),
        (OPEN, Decimal("4.00"), "USD"),
    ]
    assert set(debts) == {(p["Bob"], p["Ann"]), (p["Bob"], p["Cy"])}


def test_marking_without_an_amount_marks_it_paid_in_full_with_who_and_when(night):
    p = ids(night)

    mark = payment_mark(night=night, payer_id=p["Bob"], payee_id=p["Ann"], by=night.started_by)

    assert (mark.amount, mark.due, mark.currency) == (Decimal("12.00"), Decimal("12.00"), "USD")
    assert mark.marked_by == night.started_by and mark.marked_at is not None
    debt = _debts(night)[p["Bob"], p["Ann"]]
    assert (debt.status, debt.paid, debt.open) == (PAID, Decimal("12.00"), Decimal("0.00"))
    assert debt.marks[0].marked_by == night.started_by.username


def test_a_part_leaves_the_rest_open_and_a_second_part_can_finish_it(night):
    p = ids(night)
    payment_mark(
        night=night,
        payer_id=p["Bob"],
        payee_id=p["Ann"],
        amount=Decimal("5.50"),
        note="cash",
        by=night.started_by,
    )

    debt = _debts(night)[p["Bob"], p["Ann"]]
    assert (debt.status, debt.paid, debt.open) == (PARTLY_PAID, Decimal("5.50"), Decimal("6.50"))
    assert debt.marks[0].note == "cash"

    payment_mark(
        night=night,
        payer_id=p["Bob"],
        payee_id=p["Ann"],
        amount=Decimal("6.5"),
        by=night.started_by,
    )
    assert _debts(night)[p["Bob"], p["Ann"]].status == PAID


@pytest.mark.parametrize(
    ("amount", "problem"),
    [
        (Decimal("12.01"), err.DEBT_AMOUNT_ABOVE_OPEN(open=Decimal("12.00"), currency="USD")),
        (Decimal("0"), err.DEBT_AMOUNT_NOT_POSITIVE()),
        (Decimal("-3"), err.DEBT_AMOUNT_NOT_POSITIVE()),
        (Decimal("NaN"), err.DEBT_AMOUNT_NOT_POSITIVE()),
        (Decimal("1.001"), err.DEBT_AMOUNT_TOO_PRECISE(currency="USD", places=2)),
    ],
)
def test_a_bad_amount_is_refused_and_nothing_is_written(night, amount, problem):
    p = ids(night)

    problems = _refused(
        night=night, payer_id=p["Bob"], payee_id=p["Ann"], amount=amount, by=night.started_by
    )

    assert problems == [problem]
    assert not PaymentMark.objects.exists()


def test_more_than_what_is_still_open_is_refused(night):
    p = ids(night)
    payment_mark(
        night=night, payer_id=p["Bob"], payee_id=p["Cy"], amount=Decimal("3"), by=night.started_by
    )

    problems = _refused(
        night=night, payer_id=p["Bob"], payee_id=p["Cy"], amount=Decimal("2"), by=night.started_by
    )

    assert problems == [err.DEBT_AMOUNT_ABOVE_OPEN(open=Decimal("1.00"), currency="USD")]


def test_a_transfer_paid_in_full_takes_no_more_marks(night):
    p = ids(night)
    payment_mark(night=night, payer_id=p["Bob"], payee_id=p["Cy"], by=night.started_by)

    problems = _refused(night=night, payer_id=p["Bob"], payee_id=p["Cy"], by=night.started_by)

    assert problems == [err.DEBT_ALREADY_PAID()]


def test_a_transfer_not_in_the_settle_up_is_refused(night):
    p = ids(night)

    problems = _refused(night=night, payer_id=p["Ann"], payee_id=p["Bob"], by=night.started_by)

    assert problems == [err.DEBT_NO_SUCH_TRANSFER()]


def test_a_night_still_being_played_has_nothing_to_mark():
    night = night_with()
    p = ids(night)

    problems = _refused(night=night, payer_id=p["Bob"], payee_id=p["Ann"], by=night.started_by)

    assert problems == [err.DEBT_NIGHT_NOT_CLOSED()]


def test_a_long_note_is_refused(night):
    p = ids(night)

    problems = _refused(
        night=night, payer_id=p["Bob"], payee_id=p["Ann"], note="x" * 201, by=night.started_by
    )

    assert problems == [err.DEBT_NOTE_TOO_LONG(limit=200, count=201)]


def test_marks_are_never_changed_or_deleted(night):
    p = ids(night)
    mark = payment_mark(night=night, payer_id=p["Bob"], payee_id=p["Ann"], by=night.started_by)

    mark.amount = Decimal("1")
    with pytest.raises(PermissionError):
        mark.save()
    with pytest.raises(PermissionError):
        mark.delete()
    with pytest.raises(PermissionError):
        PaymentMark.objects.all().update(amount=Decimal("1"))
    with pytest.raises(PermissionError):
        PaymentMark.objects.all().delete()


def test_the_database_refuses_a_mark_above_its_transfer_or_not_positive(night):
    p = ids(night)
    base = {
        "table": night.table,
        "night": night,
        "payer_id": p["Bob"],
        "payee_id": p["Ann"],
        "currency": "USD",
        "due": Decimal("12.00"),
        "marked_by": night.started_by,
        "marked_at": night.closed_at,
    }
    for amount in (Decimal("12.01"), Decimal("0"), Decimal("-1")):
        with pytest.raises(IntegrityError), transaction.atomic():
            PaymentMark.objects.create(**base, amount=amount)
