"""Several phones recording into one night at once: no hand lost, none twice, no error."""

import threading
from collections import Counter

import pytest
from django.db import OperationalError, connections

from ledger import rules, selectors, services
from ledger.errors import Conflict
from tables.models import Hand
from tests.factories import ids, night_with
from tests.ledger.helpers import hand_data

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 4
ATTEMPTS = 500
HANDS = [
    {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}},
    {"dealer": "Bob", "stayed": {"Cy": 2, "Dee": 2, "Ann": 1}},
    {"dealer": "Cy", "stayed": {"Dee": 5, "Ann": 0}},
    {"dealer": "Dee", "stayed": {}},
]


def test_threads_racing_for_the_next_hand_record_each_hand_exactly_once():
    night = night_with()
    by = night.started_by
    data = [hand_data(night, hand) for hand in HANDS]
    outcomes = Counter()
    lock = threading.Lock()
    remaining = iter(range(ATTEMPTS))

    def device() -> None:
        try:
            while True:
                with lock:
                    attempt = next(remaining, None)
                if attempt is None:
                    return
                # A phone shows the next number, then submits it; another may win meanwhile.
                number = selectors.next_hand(night).number
                try:
                    services.hand_record(
                        night=night,
                        expected_number=number,
                        hand=data[attempt % len(data)],
                        by=by,
                        idempotency_key=f"attempt-{attempt}",
                    )
                    outcome = "recorded"
                except Conflict:
                    outcome = "conflict"
                except OperationalError as error:
                    outcome = f"database error: {error}"
                with lock:
                    outcomes[outcome] += 1
        finally:
            connections.close_all()

    threads = [threading.Thread(target=device) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sum(outcomes.values()) == ATTEMPTS
    assert set(outcomes) <= {"recorded", "conflict"}, outcomes
    live = list(Hand.objects.filter(night=night, live=True).order_by("number"))
    assert [hand.number for hand in live] == list(range(1, outcomes["recorded"] + 1))
    assert Hand.objects.filter(night=night).count() == outcomes["recorded"]
    # The balances equal a replay of exactly the hands that were recorded.
    to_name = {p: n for n, p in ids(night).items()}
    inputs = [
        rules.HandInput(
            dealer=to_name[h.input["dealer"]],
            seated=[to_name[p] for p in h.input["seated"]],
            stayed={to_name[int(p)]: t for p, t in h.input["stayed"].items()},
        )
        for h in live
    ]
    _, final = rules.replay(rules.HouseRules(), list(ids(night)), inputs)
    balances = selectors.night_balances(night)
    assert {to_name[p]: chips for p, chips in balances.items()} == dict(final.balances)
    print(f"\n{ATTEMPTS} attempts by {THREADS} threads: {dict(outcomes)}")
