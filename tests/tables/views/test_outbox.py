"""A hand sent from the hand screen's outbox: recorded once, stale, or refused, and said so."""

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from ledger import errors as err
from ledger.models import Entry, Hand
from ledger.rules import errors as rules_errors
from tables import outbox
from tests.factories import UserFactory, night_with
from tests.tables.night_helpers import hand_post, said

pytestmark = pytest.mark.django_db

HAND = {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}}
OTHER_HAND = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}


def client_for(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def sent(night, hand, *, number, after=0, after_revision=0, key=None) -> dict:
    data = hand_post(night, hand, number=number, key=key or uuid.uuid4().hex)
    data |= {"after": str(after), "after_revision": str(after_revision)}
    return data


def send(client, night, data) -> dict:
    response = client.post(reverse("hand_send", args=[night.pk]), data)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()


def written(night) -> tuple[int, int]:
    return Hand.objects.filter(night=night).count(), Entry.objects.filter(night=night).count()


def test_a_hand_from_the_outbox_is_recorded_and_answered_with_its_number_and_revision():
    night = night_with()
    client = client_for(night.table.owner)

    answer = send(client, night, sent(night, HAND, number=1))

    assert (answer["status"], answer["number"], answer["revision"]) == (outbox.RECORDED, 1, 1)
    assert Hand.objects.get(night=night, number=1, live=True).input["stayed"]


def test_hands_sent_one_after_another_each_name_the_one_before():
    night = night_with()
    client = client_for(night.table.owner)

    first = send(client, night, sent(night, HAND, number=1))
    second = send(
        client, night, sent(night, OTHER_HAND, number=2, after=1, after_revision=first["revision"])
    )

    assert [first["status"], second["status"]] == [outbox.RECORDED, outbox.RECORDED]
    assert list(Hand.objects.filter(night=night).values_list("number", flat=True)) == [1, 2]


def test_the_same_hand_sent_twice_is_recorded_once_and_answered_alike():
    night = night_with()
    client = client_for(night.table.owner)
    data = sent(night, HAND, number=1)

    first = send(client, night, data)
    after_first = written(night)
    again = send(client, night, data)

    assert again == first
    assert written(night) == after_first


def test_a_hand_entered_before_another_phone_recorded_is_stale_with_both_versions():
    night = night_with()
    owner = night.table.owner
    client = client_for(owner)
    send(client, night, sent(night, OTHER_HAND, number=1))  # the other phone
    before = written(night)

    answer = send(client, night, sent(night, HAND, number=1))

    assert answer["status"] == outbox.STALE
    assert (answer["after"], answer["after_revision"]) == (1, 1)
    assert answer["theirs"].startswith("Hand 1, dealt by Ann:")
    assert answer["ours"].startswith("Hand 1 as entered here, dealt by Ann:")
    assert "Bob 2, Cy 2, Dee 1" in answer["ours"]
    assert written(night) == before


def test_a_stale_hand_recorded_again_on_top_follows_the_other_phones():
    night = night_with()
    client = client_for(night.table.owner)
    send(client, night, sent(night, OTHER_HAND, number=1))
    data = sent(night, HAND, number=1)
    stale = send(client, night, data)

    data |= {"number": "2", "after": str(stale["after"]), "after_revision": "1"}
    answer = send(client, night, data)

    assert (answer["status"], answer["number"]) == (outbox.RECORDED, 2)
    assert written(night)[0] == 2


def test_a_hand_undone_and_recorded_again_on_another_phone_makes_a_later_one_stale():
    night = night_with()
    client = client_for(night.table.owner)
    send(client, night, sent(night, HAND, number=1))
    undo = {"number": "1", "revision": "1", "reason": ""}
    assert client.post(reverse("hand_undo", args=[night.pk]), undo).status_code == 302
    again = send(client, night, sent(night, OTHER_HAND, number=1))
    before = written(night)

    # Entered on this phone after hand 1 as it first was (revision 1).
    answer = send(client, night, sent(night, HAND, number=2, after=1, after_revision=1))

    assert answer["status"] == outbox.STALE
    assert (answer["after"], answer["after_revision"]) == (1, again["revision"])
    assert written(night) == before


def test_a_hand_the_referee_refuses_is_refused_with_its_sentence_and_nothing_written():
    night = night_with()
    client = client_for(night.table.owner)
    too_many = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 3}}

    answer = send(client, night, sent(night, too_many, number=1))

    assert answer["status"] == outbox.REFUSED
    wrong = said(rules_errors.TRICKS_DO_NOT_ADD_UP, hand=1, total=6, tricks_per_hand=5)
    assert wrong in answer["problems"]
    assert written(night) == (0, 0)


def test_a_hand_with_no_number_or_no_key_is_refused():
    night = night_with()
    client = client_for(night.table.owner)
    data = sent(night, HAND, number=1)

    no_key = send(client, night, {k: v for k, v in data.items() if k != "key"})
    no_number = send(client, night, {k: v for k, v in data.items() if k != "number"})

    assert no_key["status"] == no_number["status"] == outbox.REFUSED
    assert written(night) == (0, 0)


def test_a_closed_nights_outbox_is_refused(world):
    client = client_for(world.owner)

    answer = send(client, world.closed_night, sent(world.closed_night, HAND, number=8))

    assert answer["status"] == outbox.REFUSED
    assert answer["problems"] == [said(err.NIGHT_CLOSED)]


def test_another_hosts_night_is_not_found_and_nothing_written():
    night = night_with()
    stranger = client_for(UserFactory())

    response = stranger.post(reverse("hand_send", args=[night.pk]), sent(night, HAND, number=1))

    assert response.status_code == 404
    assert written(night) == (0, 0)
