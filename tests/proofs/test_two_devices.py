"""Several phones recording into one night at once: no hand lost, none twice, no error."""

import re
import threading
from collections import Counter

import pytest
from django.db import OperationalError, connections
from django.test import Client
from django.urls import reverse

from ledger import bridge, rules, selectors, services
from ledger import errors as err
from ledger.errors import Conflict
from ledger.models import Hand
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import hand_data, ids
from tests.views.night_helpers import hand_post

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

    _run_at_once(device, THREADS)

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


# --- The same race through the hand screen's HTTP view, the way phones send it ---

NUMBER_FIELD = re.compile(r'name="number" value="(\d+)"')
# Each loser also loads the night's page (the dearest in the app): three phones keep
# the 500 attempts inside the suite's time, and still race on every hand.
PHONES = 3


def test_phones_racing_through_the_hand_screen_lose_cleanly_and_lose_no_hand():
    night = night_with()
    owner = night.table.owner
    record_url = reverse("hand_record", args=[night.pk])
    detail_url = reverse("night_detail", args=[night.pk])
    forms = [hand_post(night, hand, number=0) for hand in HANDS]
    outcomes = Counter()
    failures: list[str] = []
    lock = threading.Lock()
    remaining = iter(range(ATTEMPTS))

    def phone() -> None:
        client = Client(raise_request_exception=False)
        client.force_login(owner)
        number = 1  # every phone opened the night before its first hand
        try:
            while True:
                with lock:
                    attempt = next(remaining, None)
                if attempt is None:
                    return
                data = {**forms[attempt % len(forms)], "number": str(number)}
                data["key"] = f"{attempt:x}"
                response = client.post(record_url, data)
                location = response.get("Location", "")
                if response.status_code == 302 and location == f"{detail_url}?after={number}":
                    outcome = "recorded"
                    number += 1
                elif response.status_code == 302 and location == detail_url:
                    # The loser's phone follows the redirect: it must say why and offer
                    # the hand that is next now, so the host can simply retry.
                    page = client.get(detail_url).content.decode()
                    shown = NUMBER_FIELD.search(page)
                    said = err.HAND_ALREADY_RECORDED.format(number=number) in page
                    if said and shown and int(shown.group(1)) > number:
                        outcome = "conflict"
                        number = int(shown.group(1))
                    else:
                        outcome = "unclear conflict"
                        failures.append(f"attempt {attempt}: conflict page without the way on")
                else:
                    outcome = f"status {response.status_code}"
                    failures.append(f"attempt {attempt}: {outcome} {response.exc_info}")
                with lock:
                    outcomes[outcome] += 1
        finally:
            connections.close_all()

    _run_at_once(phone, PHONES)

    print(f"\n{ATTEMPTS} HTTP attempts by {PHONES} phones: {dict(outcomes)}")
    assert failures == []
    assert sum(outcomes.values()) == ATTEMPTS
    assert set(outcomes) == {"recorded", "conflict"}, outcomes
    live = list(Hand.objects.filter(night=night, live=True).order_by("number"))
    assert [hand.number for hand in live] == list(range(1, outcomes["recorded"] + 1))
    assert Hand.objects.filter(night=night).count() == outcomes["recorded"]
    assert verify_night(night) == []
    to_name = {p: n for n, p in ids(night).items()}
    inputs = [bridge.hand_input(h.input, to_name) for h in live]
    _, final = rules.replay(rules.HouseRules(), list(ids(night)), inputs)
    balances = selectors.night_balances(night)
    assert {to_name[p]: chips for p, chips in balances.items()} == dict(final.balances)
    assert selectors.night_pot(night) == final.pot


def _run_at_once(target, count: int) -> None:
    threads = [threading.Thread(target=target) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
