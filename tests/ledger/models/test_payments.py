"""What the database itself refuses of a payment method, and that nothing is ever changed."""

import pytest
from django.db import DatabaseError, DataError, IntegrityError, connection, transaction
from django.utils import timezone

from ledger.models import (
    PAYMENT_METHOD_IS_APPEND_ONLY,
    PaymentMethod,
    PaymentMethodWithdrawal,
)
from tests.factories import PaymentMethodFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player():
    return PlayerFactory()


def _row(player, **fields):
    values = {"kind": "other", "value": "cash", "added_by": player.table.owner}
    return PaymentMethod(player=player, added_at=timezone.now(), **(values | fields))


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "bitcoin"},
        {"value": ""},
        {"kind": "swish", "value": "0701234567"},  # not the stored form
        {"kind": "sepa", "value": "DE89370400440532013000", "name": ""},
        {"kind": "sepa", "value": "de89 3704", "name": "Ann"},
        {"kind": "pix", "value": "52998224725", "pix_kind": "cpf", "name": "Ann", "city": ""},
        {"kind": "pix", "value": "52998224725", "pix_kind": "iban", "name": "A", "city": "Rio"},
        {"kind": "pix", "value": "x", "pix_kind": "cpf", "name": "A" * 26, "city": "Rio"},
        {"kind": "bizum", "value": "612345678"},
        {"kind": "venmo", "value": "ann", "name": "Ann"},  # a name only for Pix and SEPA
        {"kind": "sepa", "value": "DE89370400440532013000", "name": "Ann", "bic": "cobadeff"},
        {"value": "x" * 101},
    ],
)
def test_the_database_refuses_what_the_data_must_not_be(player, fields):
    # PostgreSQL refuses an over-long value by its column's length, SQLite by the check.
    with pytest.raises((IntegrityError, DataError)), transaction.atomic():
        _row(player, **fields).save()


def test_the_database_takes_a_row_as_the_service_stores_it(player):
    _row(player, kind="sepa", value="DE89370400440532013000", name="Ann", bic="COBADEFF").save()

    assert PaymentMethod.objects.count() == 1


def test_a_method_is_never_changed_or_deleted(player):
    method = PaymentMethodFactory(player=player)

    with pytest.raises(PermissionError, match=PAYMENT_METHOD_IS_APPEND_ONLY):
        method.save()
    with pytest.raises(PermissionError):
        method.delete()
    with pytest.raises(PermissionError):
        PaymentMethod.objects.update(value="46700000000")
    with pytest.raises(PermissionError):
        PaymentMethod.objects.all().delete()


def test_a_withdrawal_is_never_changed_or_deleted_and_there_is_one_per_method(player):
    method = PaymentMethodFactory(player=player)
    withdrawal = PaymentMethodWithdrawal.objects.create(
        method=method, withdrawn_by=player.table.owner, withdrawn_at=timezone.now()
    )

    with pytest.raises(PermissionError):
        withdrawal.save()
    with pytest.raises(PermissionError):
        PaymentMethodWithdrawal.objects.all().delete()
    with pytest.raises(IntegrityError), transaction.atomic():
        PaymentMethodWithdrawal.objects.create(
            method=method, withdrawn_by=player.table.owner, withdrawn_at=timezone.now()
        )


def test_the_database_itself_refuses_to_change_or_delete_a_method_or_a_withdrawal(player):
    method = PaymentMethodFactory(player=player)
    PaymentMethodWithdrawal.objects.create(
        method=method, withdrawn_by=player.table.owner, withdrawn_at=timezone.now()
    )
    for sql in (
        # An erasure may blank the details (tests/ledger/models/test_append_only.py); what
        # the method is, who added it and when never change.
        "UPDATE ledger_paymentmethod SET kind = 'other'",
        "DELETE FROM ledger_paymentmethod",
        "UPDATE ledger_paymentmethodwithdrawal SET withdrawn_at = '2000-01-01'",
        "DELETE FROM ledger_paymentmethodwithdrawal",
    ):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
