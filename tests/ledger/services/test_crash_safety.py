"""A failure half-way through writing a hand leaves no trace: all of it or none of it.

The failures are injected between two ledger rows of one operation, in the process
(an exception) and, once, by killing the process outright mid-transaction.
"""

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from ledger import rules, seals, selectors
from ledger.models import Entry, Hand, Night
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import postings
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import hand_data
from tests.ledger.worked_examples import EXAMPLE_1
from tests.tables.night_helpers import hand_post, play

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[3]
HANDS = [hand for hand, _, _ in EXAMPLE_1["hands"]]


class Crash(Exception):
    """The power cut, simulated."""


def snapshot(night: Night) -> tuple:
    """Everything a hand, a correction or a close writes, as it stands now."""
    night = Night.objects.get(pk=night.pk)
    hands = list(
        Hand.objects.filter(night=night)
        .order_by("pk")
        .values_list("pk", "number", "revision", "live", "kind")
    )
    entries = list(Entry.objects.filter(night=night).order_by("seq").values_list("seq", "hash"))
    return (
        hands,
        entries,
        selectors.night_balances(night),
        selectors.night_pot(night),
        night.closed_at,
    )


def crash_between_entries(monkeypatch) -> list[int]:
    """The insert of a post's entries writes the first half of its rows, then fails.
    Returns how many rows each call had written when it failed."""
    real = postings.insert_entries
    written: list[int] = []

    def half_then_crash(entries, *args, **kwargs):
        entries = list(entries)
        half = max(1, len(entries) // 2)
        real(entries[:half], *args, **kwargs)
        written.append(half)
        raise Crash

    monkeypatch.setattr(postings, "insert_entries", half_then_crash)
    return written


def crash_on_call(monkeypatch, target, name: str, call: int) -> None:
    """``target.name`` works normally until its ``call``-th call, which runs and then fails."""
    real = getattr(target, name)
    calls = []

    def counted(*args, **kwargs):
        result = real(*args, **kwargs)
        calls.append(1)
        if len(calls) == call:
            raise Crash
        return result

    monkeypatch.setattr(target, name, counted)


def started_night(hands: int = 3) -> Night:
    night = night_with(EXAMPLE_1["roster"], house_rules=EXAMPLE_1["rules"])
    play(night, HANDS[:hands])
    return night


def test_a_crash_between_two_entries_of_a_hand_leaves_no_trace_of_the_hand(monkeypatch):
    night = started_night()
    before = snapshot(night)
    written = crash_between_entries(monkeypatch)

    with pytest.raises(Crash):
        hand_services.hand_record(
            night=night, expected_number=4, hand=hand_data(night, HANDS[3]), by=night.started_by
        )

    assert written and written[0] >= 1  # rows had been written when it failed
    assert snapshot(night) == before
    monkeypatch.undo()
    hand_services.hand_record(
        night=night, expected_number=4, hand=hand_data(night, HANDS[3]), by=night.started_by
    )
    assert verify_night(night) == []


def test_a_crash_while_hashing_an_entry_leaves_no_trace_of_the_hand(monkeypatch):
    night = started_night()
    before = snapshot(night)
    # The Hand row is written before any entry is hashed; the third hash fails.
    real_sealer = seals.entry_sealer

    def sealer(key_id):
        sealing = SimpleNamespace(seal=real_sealer(key_id))
        crash_on_call(monkeypatch, sealing, "seal", 3)
        return sealing.seal

    monkeypatch.setattr(seals, "entry_sealer", sealer)

    with pytest.raises(Crash):
        hand_services.hand_record(
            night=night, expected_number=4, hand=hand_data(night, HANDS[3]), by=night.started_by
        )

    assert snapshot(night) == before


def test_a_crash_inside_the_hand_screen_is_a_server_error_that_writes_nothing(monkeypatch):
    night = started_night()
    before = snapshot(night)
    crash_between_entries(monkeypatch)
    client = Client(raise_request_exception=False)
    client.force_login(night.table.owner)

    response = client.post(
        reverse("hand_record", args=[night.pk]), hand_post(night, HANDS[3], number=4, key="abc")
    )

    assert response.status_code == 500
    assert snapshot(night) == before
    monkeypatch.undo()
    # The phone's retry with the same key records the hand, once.
    response = client.post(
        reverse("hand_record", args=[night.pk]), hand_post(night, HANDS[3], number=4, key="abc")
    )
    assert response.status_code == 302
    assert Hand.objects.filter(night=night, number=4).count() == 1


def test_a_crash_half_way_through_a_correction_leaves_the_night_as_it_was(monkeypatch):
    night = started_night(5)
    before = snapshot(night)
    # Hands 2..5 are taken out of play and their new revisions written: fail before their
    # entries, the reversals and the new ones, are posted.
    crash_on_call(monkeypatch, Hand.objects, "bulk_create", 1)

    with pytest.raises(Crash):
        correction_services.hand_correct(
            night=night,
            number=2,
            hand=hand_data(night, {"dealer": "Bob", "stayed": {}}),
            reason="nobody stayed",
            by=night.started_by,
        )

    assert snapshot(night) == before
    assert verify_night(night) == []


def test_a_crash_between_the_entries_of_a_correction_leaves_the_night_as_it_was(monkeypatch):
    night = started_night(5)
    before = snapshot(night)
    crash_between_entries(monkeypatch)

    with pytest.raises(Crash):
        correction_services.hand_correct(
            night=night,
            number=2,
            hand=hand_data(night, {"dealer": "Bob", "stayed": {}}),
            reason="nobody stayed",
            by=night.started_by,
        )

    assert snapshot(night) == before


def test_a_crash_after_an_undo_reversed_its_entries_leaves_the_hand_in_place(monkeypatch):
    night = started_night()
    before = snapshot(night)
    crash_on_call(monkeypatch, Hand.objects, "create", 1)

    with pytest.raises(Crash):
        correction_services.hand_undo_last(night=night, by=night.started_by)

    assert snapshot(night) == before


def test_a_crash_after_closing_entries_leaves_the_night_open_with_its_pot(monkeypatch):
    night = started_night()
    assert selectors.night_pot(night) > 0
    before = snapshot(night)
    crash_on_call(monkeypatch, Night, "save", 1)

    with pytest.raises(Crash):
        night_services.night_close(night=night, by=night.started_by)

    assert snapshot(night) == before
    assert not Entry.objects.filter(night=night, kind=Entry.LEFTOVER).exists()


def test_a_crash_between_the_closing_entries_leaves_the_night_open(monkeypatch):
    night = started_night()
    before = snapshot(night)
    crash_between_entries(monkeypatch)

    with pytest.raises(Crash):
        night_services.night_close(night=night, by=night.started_by)

    assert snapshot(night) == before


# The process itself dies: no exception handler, no rollback by Django, only the database.
KILLED_CHILD = """
import json, os, sys
from ledger import rules
from ledger.services import hands as hand_services
from ledger.services import postings
from ledger.models import Night

args = json.loads(sys.argv[-1])
real = postings.insert_entries

def half_then_die(entries, *a, **kw):
    entries = list(entries)
    real(entries[: len(entries) // 2], *a, **kw)
    print("half written", flush=True)
    os._exit(9)

postings.insert_entries = half_then_die
night = Night.objects.get(pk=args["night"])
hand_services.hand_record(
    night=night,
    expected_number=args["number"],
    hand=rules.HandInput(
        dealer=args["dealer"],
        seated=args["seated"],
        stayed={int(p): t for p, t in args["stayed"].items()},
    ),
    by=night.started_by,
)
print("not killed", flush=True)
"""


def database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    user = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{user}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def test_a_process_killed_between_two_entries_of_a_hand_leaves_no_trace():
    night = started_night()
    before = snapshot(night)
    data = rules.input_to_json(hand_data(night, HANDS[3]))
    args = json.dumps({"night": night.pk, "number": 4, **data})
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DJANGO_DEBUG="true", DATABASE_URL=database_url(), AXES_ENABLED="false")

    child = subprocess.run(  # noqa: S603 - our own interpreter and script
        [sys.executable, "-c", "import django; django.setup(); exec(open(0).read())", args],
        input=KILLED_CHILD,
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert child.returncode == 9, child.stdout + child.stderr
    assert "half written" in child.stdout
    assert snapshot(night) == before
    assert verify_night(night) == []
