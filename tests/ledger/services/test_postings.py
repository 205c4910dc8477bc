"""Posting entries: built as the values of their columns and inserted from them, so what is
stored is what each entry's own ``compute_hash`` sealed."""

import itertools

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.models import Entry
from ledger.services import postings
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import chained_hashes, record_all

pytestmark = pytest.mark.django_db


def test_entries_are_built_by_position_in_the_models_own_field_order():
    assert tuple(f.attname for f in Entry._meta.concrete_fields) == postings.ENTRY_FIELDS


def test_what_is_stored_is_what_each_entry_sealed():
    night = night_with()
    players = [seat.player_id for seat in night.seats.order_by("position")]
    now = timezone.now()
    movements = [
        (None, player, amount, Entry.LEFTOVER, None)
        for player, amount in zip(
            itertools.cycle(players), range(1, 2 * postings.BATCH + 2), strict=False
        )
    ]

    posted = postings.post(night, movements, by=night.started_by, now=now)

    # More than one statement's worth, stored in order, each as it was sealed: the chain's
    # hash on the last entry only, which is where the next post goes on from.
    assert len(posted) > postings.BATCH
    stored = list(Entry.objects.filter(night=night).order_by("seq"))
    assert [(e.seq, e.player_id, e.amount, e.hash) for e in stored] == [
        (e.seq, e.player_id, e.amount, e.hash) for e in posted
    ]
    assert all(e.created_at == now for e in stored)
    assert [e.hash for e in stored] == [None] * (len(stored) - 1) + [chained_hashes(stored)[-1]]
    assert postings.chain_head(night) == (len(stored), stored[-1].hash)


def test_a_night_of_posted_hands_checks_out():
    night = night_with()
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}] * 3)

    assert verify_night(night) == []


def test_an_entry_the_database_refuses_is_refused_with_djangos_own_error_and_nothing_posted():
    night = night_with()
    player = night.seats.order_by("position").first().player_id
    now = timezone.now()
    # A zero amount breaks entry_amount_not_zero, on SQLite's INSERT and PostgreSQL's COPY.
    movements = [(None, player, 5, Entry.LEFTOVER, None), (None, player, 0, Entry.LEFTOVER, None)]

    with pytest.raises(IntegrityError), transaction.atomic():
        postings.post(night, movements, by=night.started_by, now=now)

    assert not Entry.objects.filter(night=night).exists()
