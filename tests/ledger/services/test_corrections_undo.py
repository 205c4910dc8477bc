import pytest

from ledger import errors as err
from ledger import selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import Entry, Hand
from ledger.selectors.hand_screen import hand_screen
from ledger.selectors.night_state import ledger_balances
from ledger.services import corrections as correction_services
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import hand_data, ids, record_all
from tests.ledger.nights import example_night, row_counts
from tests.ledger.worked_examples import EXAMPLE_1

pytestmark = pytest.mark.django_db


def undo(night, reason=""):
    return correction_services.hand_undo_last(night=night, by=night.started_by, reason=reason)


def test_undo_reverses_the_last_hand_and_the_balances_go_back():
    night = example_night(close=False)
    after_six = Hand.objects.get(night=night, number=6, live=True).state_after
    balances_after_six = ledger_balances(night, before=7)
    last = Hand.objects.get(night=night, number=7, live=True)

    undone = undo(night)

    assert undone.kind == Hand.UNDO
    assert (undone.number, undone.revision, undone.live) == (7, 2, False)
    assert not Hand.objects.filter(pk=last.pk, live=True).exists()
    balances = selectors.night_balances(night)
    assert balances == balances_after_six
    by_name = ids(night)
    assert [balances[by_name[p]] for p in EXAMPLE_1["roster"]] == EXAMPLE_1["hands"][5][2]
    assert selectors.night_pot(night) == after_six["pot"]
    for entry in Entry.objects.filter(hand=last, reverses__isnull=True):
        assert Entry.objects.get(reverses=entry).amount == -entry.amount
    assert verify_night(night) == []


def test_undo_frees_the_number_and_the_hand_can_be_recorded_again():
    night = example_night(close=False)
    undo(night)

    assert hand_screen(night).next.number == 7
    record_all(night, [{"dealer": "Bob", "stayed": {"Ann": 5, "Bob": 0}}], start=7)

    again = Hand.objects.get(night=night, number=7, live=True)
    assert (again.kind, again.revision) == (Hand.RECORD, 3)
    assert selectors.night_pot(night) == 8  # Ann took the 8, Bob's bourré put 8 back
    assert verify_night(night) == []


def test_two_undos_take_back_two_hands():
    night = example_night(close=False)

    undo(night)
    undo(night)

    assert hand_screen(night).next.number == 6
    after_five = Hand.objects.get(night=night, number=5, live=True).state_after
    assert selectors.night_pot(night) == after_five["pot"]
    assert verify_night(night) == []


def test_the_reason_is_kept_or_a_default_given():
    night = example_night(close=False)

    assert undo(night, reason="  wrong night  ").reason == "wrong night"
    assert undo(night).reason == "Undone by the host."


def test_there_is_nothing_to_undo_in_a_night_without_hands():
    night = night_with()
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        undo(night)

    assert caught.value.problems == [err.NOTHING_TO_UNDO()]
    assert row_counts() == counts


def test_there_is_nothing_to_undo_once_every_hand_is_undone():
    night = night_with()
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}])
    undo(night)

    with pytest.raises(InvalidInput) as caught:
        undo(night)

    assert caught.value.problems == [err.NOTHING_TO_UNDO()]
    assert selectors.night_balances(night) == dict.fromkeys(selectors.night_balances(night), 0)


def test_undo_in_a_closed_night_is_refused():
    night = example_night(close=True)

    with pytest.raises(InvalidInput) as caught:
        undo(night)

    assert caught.value.problems == [err.NIGHT_CLOSED()]


# --- the hand the host saw ----------------------------------------------------------


def test_an_undo_made_at_the_live_revision_goes_through():
    night = example_night(close=False)

    undone = correction_services.hand_undo_last(
        night=night, by=night.started_by, expected_number=7, expected_revision=1
    )

    assert (undone.number, undone.revision) == (7, 2)


def test_an_undo_of_a_last_hand_corrected_since_the_host_looked_is_refused():
    night = example_night(close=False)
    correction_services.hand_correct(
        night=night,
        number=7,
        hand=hand_data(night, {"dealer": "Cy", "stayed": {"Ann": 5, "Bob": 0}}),
        reason="Bob stayed too",
        by=night.started_by,
        expected_revision=1,
    )
    counts = row_counts()

    with pytest.raises(Conflict) as caught:
        correction_services.hand_undo_last(
            night=night, by=night.started_by, expected_number=7, expected_revision=1
        )

    assert caught.value.problems == [err.HAND_CHANGED[Hand.CORRECT](number=7, revision=2)]
    assert row_counts() == counts


def test_a_second_undo_of_the_same_hand_is_refused_and_takes_back_nothing_more():
    night = example_night(close=False)
    correction_services.hand_undo_last(
        night=night, by=night.started_by, expected_number=7, expected_revision=1
    )
    counts = row_counts()

    with pytest.raises(Conflict) as caught:
        correction_services.hand_undo_last(
            night=night, by=night.started_by, expected_number=7, expected_revision=1
        )

    assert caught.value.problems == [err.HAND_CHANGED[Hand.UNDO](number=7, revision=2)]
    assert row_counts() == counts
    assert hand_screen(night).next.number == 7
