import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.ledger.nights import row_counts

pytestmark = pytest.mark.django_db


def test_bench_history_times_every_table_wide_screen_at_each_size_and_leaves_nothing_behind():
    before = row_counts()
    out = io.StringIO()

    call_command("bench_history", "--rollback", "--quick", "--runs", "1", stdout=out)

    lines = out.getvalue().splitlines()
    assert lines[0].startswith("history benchmark: the table-wide screens at 2 nights, 4 nights")
    screens = [line.split("  ")[0] for line in lines[2:-2]]
    assert screens == [
        "table page",
        "player page",
        "leaderboards and records",
        '"Mark paid" from the table (htmx)',
        "settle everything",
        "results file (CSV)",
        "Your data, everything (JSON)",
        "What I owe and am owed (a player)",
        "verify_ledger, per night",
    ]
    assert all(line.count(" ms") == 2 and line.endswith("x") for line in lines[2:-2])
    assert lines[-2].startswith("built and measured in")
    assert re.fullmatch(
        r"Your data, everything \(JSON\), the host's download: [\d.]+ MB, [\d.]+ MB", lines[-1]
    )
    assert row_counts() == before


@pytest.mark.parametrize("sizes", ["0", "ten", "1,30000"])
def test_bench_history_refuses_sizes_it_cannot_build(sizes):
    with pytest.raises(CommandError, match="--sizes"):
        call_command("bench_history", "--rollback", "--sizes", sizes, stdout=io.StringIO())
