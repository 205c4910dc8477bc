"""A nervous double tap, a flaky network's retries, many tabs at once: one hand, once."""

import json
import threading
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connections
from django.test import Client
from django.urls import reverse

from ledger import errors as err
from ledger import selectors
from ledger.models import Entry, Hand, Night, NightImport
from ledger.verify import verify_night
from tests.factories import TableFactory, night_with
from tests.tables.night_helpers import hand_post, said

pytestmark = pytest.mark.django_db(transaction=True)

HAND = {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}}
OTHER_HAND = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}
RETRIES = 10
THREADS = 8


def client_for(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def outcome(response) -> tuple[int, str]:
    return response.status_code, response.get("Location", "")


def ledger_rows(night) -> tuple[int, int, dict]:
    return (
        Hand.objects.filter(night=night).count(),
        Entry.objects.filter(night=night).count(),
        selectors.night_balances(night),
    )


def test_one_hand_posted_ten_times_in_a_row_is_recorded_once_and_answered_alike():
    night = night_with()
    client = client_for(night.table.owner)
    data = hand_post(night, HAND, number=1, key=uuid.uuid4().hex)

    outcomes = {outcome(client.post(reverse("hand_record", args=[night.pk]), data))}
    after_first = ledger_rows(night)
    for _ in range(RETRIES - 1):
        outcomes.add(outcome(client.post(reverse("hand_record", args=[night.pk]), data)))

    assert outcomes == {(302, reverse("night_detail", args=[night.pk]) + "?after=1")}
    assert Hand.objects.filter(night=night).count() == 1
    assert ledger_rows(night) == after_first


def test_one_hand_posted_by_eight_threads_at_once_is_recorded_once_and_answered_alike():
    night = night_with()
    data = hand_post(night, HAND, number=1, key=uuid.uuid4().hex)
    url = reverse("hand_record", args=[night.pk])
    clients = [client_for(night.table.owner) for _ in range(THREADS)]
    start = threading.Barrier(THREADS)
    outcomes: list = []
    lock = threading.Lock()

    def tab(client: Client) -> None:
        try:
            start.wait()
            response = client.post(url, data)
            with lock:
                outcomes.append(outcome(response))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tab, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert outcomes == [(302, reverse("night_detail", args=[night.pk]) + "?after=1")] * THREADS
    hands = list(Hand.objects.filter(night=night))
    assert [(h.number, h.revision, h.live) for h in hands] == [(1, 1, True)]
    # One hand's worth of entries: four antes and the hand's own movements, each doubled.
    assert Entry.objects.filter(night=night).exclude(hand=hands[0]).count() == 0
    assert sum(selectors.night_balances(night).values()) + selectors.night_pot(night) == 0


def test_the_same_key_with_a_different_hand_is_a_conflict_that_writes_nothing():
    night = night_with()
    client = client_for(night.table.owner)
    key = uuid.uuid4().hex
    url = reverse("hand_record", args=[night.pk])
    client.post(url, hand_post(night, HAND, number=1, key=key))
    before = ledger_rows(night)

    for number in (1, 2):
        response = client.post(url, hand_post(night, OTHER_HAND, number=number, key=key))

        assert outcome(response) == (302, reverse("night_detail", args=[night.pk]))
        assert ledger_rows(night) == before
        page = client.get(response["Location"])
        assert said(err.IDEMPOTENCY_KEY_REUSED, number=1) in page.content.decode()
        # The page offers the next hand to record: the host can retry straight away.
        assert 'name="number" value="2"' in page.content.decode()


def test_one_night_file_uploaded_by_four_tabs_at_once_is_imported_once():
    table = TableFactory()
    content = json.dumps(
        {
            "format": "bourre-night/1",
            "players": ["Ann", "Bob", "Cy", "Dee"],
            "hands": [HAND, OTHER_HAND],
            "closed": True,
        }
    ).encode()
    url = reverse("night_import", args=[table.pk])
    clients = [client_for(table.owner) for _ in range(4)]
    start = threading.Barrier(len(clients))
    statuses: list[int] = []
    lock = threading.Lock()

    def tab(client: Client) -> None:
        try:
            start.wait()
            upload = SimpleUploadedFile("night.json", content, content_type="application/json")
            response = client.post(url, {"file": upload})
            with lock:
                statuses.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tab, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(statuses) == [302, 409, 409, 409]
    (night,) = Night.objects.filter(table=table)
    assert NightImport.objects.filter(night__table=table).count() == 1
    assert verify_night(night) == []
