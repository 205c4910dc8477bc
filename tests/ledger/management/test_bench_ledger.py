import io

import pytest
from django.core.management import call_command

from tests.ledger.nights import row_counts

pytestmark = pytest.mark.django_db


def test_bench_ledger_prints_its_table_and_leaves_nothing_behind():
    before = row_counts()
    out = io.StringIO()

    call_command("bench_ledger", "--rollback", "--runs", "2", "--hands", "12", stdout=out)

    lines = out.getvalue().splitlines()
    assert lines[0].startswith("ledger benchmark on ")
    labels = [
        "hand_record, hand 10",
        "hand_record, hand 12",
        "hand_correct, hand 2 of 10",
        "hand_correct, hand 2 of 12",
        "verify_night, 12 hands",
        "settle_up, 16 balances",
    ]
    assert all(line.startswith(label) for line, label in zip(lines[2:8], labels, strict=True))
    assert lines[-1].startswith("hand 12 costs ")
    assert row_counts() == before
