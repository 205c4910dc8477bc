"""Migration 0014: its frozen working out of each pair's open debt, for a database that
had nights and marks already, gives what the services now keep as they go."""

import importlib
from types import SimpleNamespace

import pytest

from ledger import models
from ledger.selectors.debts import table_debts
from ledger.services.debts import payment_mark, payment_mark_reverse
from tests.ledger.debt_nights import closed_example, night_with_rules
from tests.ledger.helpers import ids

pytestmark = pytest.mark.django_db

migration = importlib.import_module("ledger.migrations.0014_kept_open_debts")


def test_the_migration_works_out_the_open_debts_the_services_keep():
    first = closed_example()
    table = first.table
    closed_example(table, cast={"Ann": "Bob", "Bob": "Ann"})
    night_with_rules(table, "SEK", "10")
    closed_example(table)
    p = ids(first)
    payment_mark(night=first, payer_id=p["Bob"], payee_id=p["Ann"], by=table.owner)
    taken_back = payment_mark(
        night=first, payer_id=p["Bob"], payee_id=p["Cy"], amount=1, by=table.owner
    )
    payment_mark_reverse(mark=taken_back, reason="wrong pair", by=table.owner)
    closed_example()  # another table's debts stay its own

    worked_out = migration._open_debts(table.pk, SimpleNamespace(**vars(models)))

    kept = {
        (c.currency, pair.payer.pk, pair.payee.pk): pair.open
        for c in table_debts(table).currencies
        for pair in c.pairs
    }
    assert dict(worked_out) == kept
    assert len(kept) == 5
