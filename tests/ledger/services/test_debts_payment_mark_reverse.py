"""ledger.services.debts.payment_mark_reverse: a mistaken mark is taken back by a new record."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from ledger import errors as err
from ledger.errors import InvalidInput
from ledger.models import PaymentMark, PaymentMarkReversal
from ledger.selectors.debts import OPEN, night_transfer_debts, table_debts
from ledger.selectors.night_end import settle_up_screen
from ledger.services.debts import debts_pool, payment_mark, payment_mark_reverse
from tests.ledger.debt_nights import closed_example
from tests.ledger.helpers import ids

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return closed_example()


@pytest.fixture
def mark(night):
    p = ids(night)
    return payment_mark(
        night=night, payer_id=p["Bob"], payee_id=p["Ann"], amount=Decimal("5"), by=night.started_by
    )


def test_a_reversed_mark_no_longer_counts_and_says_who_when_and_why(night, mark):
    reversal = payment_mark_reverse(mark=mark, reason="Wrong pair", by=night.started_by)

    p = ids(night)
    debt = night_transfer_debts(night, settle_up_screen(night).payments)[p["Bob"], p["Ann"]]
    assert (debt.status, debt.paid) == (OPEN, Decimal(0))
    shown = debt.marks[0]
    assert shown.reversed and shown.reason == "Wrong pair"
    assert shown.reversed_by == night.started_by.username
    assert reversal.reversed_at is not None
    # The mark itself is kept as it was written.
    assert PaymentMark.objects.get(pk=mark.pk).amount == Decimal("5")


def test_a_mark_is_reversed_once(night, mark):
    payment_mark_reverse(mark=mark, reason="Wrong pair", by=night.started_by)

    with pytest.raises(InvalidInput) as refused:
        payment_mark_reverse(mark=mark, reason="Again", by=night.started_by)

    assert refused.value.problems == [err.DEBT_MARK_ALREADY_REVERSED()]
    assert PaymentMarkReversal.objects.count() == 1


def test_the_database_refuses_a_second_reversal_too(night, mark):
    payment_mark_reverse(mark=mark, reason="Wrong pair", by=night.started_by)

    with pytest.raises(IntegrityError), transaction.atomic():
        PaymentMarkReversal.objects.create(
            mark=mark, reason="Again", reversed_by=night.started_by, reversed_at=night.closed_at
        )


@pytest.mark.parametrize(
    ("reason", "problem"),
    [
        ("", err.DEBT_REASON_MISSING()),
        ("   ", err.DEBT_REASON_MISSING()),
        ("x" * 201, err.DEBT_NOTE_TOO_LONG(limit=200, count=201)),
    ],
)
def test_a_reversal_needs_a_short_reason(night, mark, reason, problem):
    with pytest.raises(InvalidInput) as refused:
        payment_mark_reverse(mark=mark, reason=reason, by=night.started_by)

    assert refused.value.problems == [problem]
    assert not PaymentMarkReversal.objects.exists()


def test_a_mark_whose_debt_was_carried_into_settle_everything_stays(night, mark):
    # A second night with Ann and Bob's places swapped: pooled, fewer transfers settle both.
    closed_example(night.table, cast={"Ann": "Bob", "Bob": "Ann"})
    usd = table_debts(night.table).of("USD")
    assert usd.reducible
    debts_pool(table=night.table, currency="USD", digest=usd.digest, by=night.started_by)

    with pytest.raises(InvalidInput) as refused:
        payment_mark_reverse(mark=mark, reason="Wrong pair", by=night.started_by)

    assert refused.value.problems == [err.DEBT_POOLED()]


def test_the_database_refuses_to_change_or_delete_a_mark_or_a_reversal(night, mark):
    from django.db import DatabaseError, connection

    payment_mark_reverse(mark=mark, reason="Wrong pair", by=night.started_by)
    for sql in (
        "UPDATE ledger_paymentmark SET amount = 1",
        "DELETE FROM ledger_paymentmark",
        # The reason's words may be erased (ledger.services.erasures); nothing else changes.
        "UPDATE ledger_paymentmarkreversal SET reversed_at = '2000-01-01'",
        "DELETE FROM ledger_paymentmarkreversal",
    ):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
