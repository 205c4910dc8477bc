"""How many password-reset mails were asked for in the last hour, per address and client."""

from datetime import timedelta

import pytest
from django.utils import timezone

from ledger.selectors.password_resets import ResetRequestCounts, password_reset_counts
from ledger.services.password_resets import password_reset_request_record

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)


@pytest.fixture
def clock(monkeypatch):
    """The time the service records each request at: set ``clock[0]`` to move it."""
    now = [timezone.now()]
    monkeypatch.setattr("ledger.services.password_resets.timezone.now", lambda: now[0])
    return now


def ask(email: str, client: str):
    return password_reset_request_record(email=email, client=client)


def test_the_counts_are_of_the_same_address_from_anywhere_and_the_same_client_for_anyone(clock):
    ask("ann@example.com", "203.0.113.7")
    ask("ann@example.com", "198.51.100.1")
    ask("bob@example.com", "203.0.113.7")
    ask("cy@example.com", "192.0.2.1")

    counts = password_reset_counts(ask("ANN@example.com", "203.0.113.7"), within=HOUR)

    assert counts == ResetRequestCounts(email=3, client=3)


def test_requests_older_than_the_window_are_not_counted(clock):
    ask("ann@example.com", "203.0.113.7")
    clock[0] += timedelta(minutes=30)
    ask("ann@example.com", "203.0.113.7")
    clock[0] += timedelta(minutes=31)

    counts = password_reset_counts(ask("ann@example.com", "203.0.113.7"), within=HOUR)

    assert counts == ResetRequestCounts(email=2, client=2)


def test_the_count_is_one_query(clock, django_assert_num_queries):
    recorded = ask("ann@example.com", "203.0.113.7")

    with django_assert_num_queries(1):
        password_reset_counts(recorded, within=HOUR)
