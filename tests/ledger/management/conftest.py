import io
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from ledger.models import Night
from tests.factories import night_with
from tests.ledger.nights import example_night


class Terminal(io.StringIO):
    """Standard error as a terminal shows it: the progress bar is drawn on it."""

    def isatty(self) -> bool:
        return True


@dataclass
class Thursdays:
    first: Night  # table A, Thursday 5 November
    second: Night  # table B, Thursday 12 November, an hour after third
    third: Night  # table A, Thursday 12 November, open, no hand played yet


def started(night: Night, at: datetime) -> Night:
    Night.objects.filter(pk=night.pk).update(started_at=at)
    night.refresh_from_db()
    return night


@pytest.fixture
def thursdays() -> Thursdays:
    """Three nights at two tables (one host each) on two Thursdays."""
    first = example_night("example_1")
    second = example_night("example_2")
    third = night_with(["Ann", "Bob", "Cy"], table=first.table)
    return Thursdays(
        first=started(first, datetime(2026, 11, 5, 20, tzinfo=UTC)),
        second=started(second, datetime(2026, 11, 12, 21, tzinfo=UTC)),
        third=started(third, datetime(2026, 11, 12, 20, tzinfo=UTC)),
    )
