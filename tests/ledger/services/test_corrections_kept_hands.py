"""A correction writes only the hands it changes: once the night's state after a hand is
the stored one again, every later hand stands as it was recorded. The balances are not
part of that state (the entries hold them), so a correction that only moves chips writes
the corrected hand alone."""

import pytest

from ledger import errors as err
from ledger import selectors
from ledger.errors import InvalidInput
from ledger.models import Entry, Hand
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import hand_data, record_all
from tests.ledger.services.test_corrections import replayed_balances

pytestmark = pytest.mark.django_db

BOB_WINS = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}


@pytest.fixture
def night():
    night = night_with(["Ann", "Bob", "Cy", "Dee"])
    record_all(night, [BOB_WINS] * 6)
    return night


def correct(night, number, hand):
    return correction_services.hand_correct(
        night=night, number=number, hand=hand_data(night, hand), reason="r", by=night.started_by
    )


def live_rows(night) -> dict[int, int]:
    return dict(Hand.objects.filter(night=night, live=True).values_list("number", "pk"))


def test_a_correction_that_moves_no_chip_writes_the_corrected_hand_alone(night):
    before = live_rows(night)
    entries = Entry.objects.filter(night=night).count()
    hand_2 = Entry.objects.filter(hand_id=before[2]).count()

    correct(night, 2, {"dealer": "Ann", "stayed": {"Bob": 4, "Cy": 1}})

    after = live_rows(night)
    assert after[2] != before[2]
    assert {n: pk for n, pk in after.items() if n != 2} == {
        n: pk for n, pk in before.items() if n != 2
    }
    # Hand 2's entries reversed and posted again, nothing for any other hand.
    assert Entry.objects.filter(night=night).count() == entries + 2 * hand_2
    assert not Hand.objects.filter(night=night, kind=Hand.REPLAY).exists()
    assert verify_night(night) == []


def test_a_later_hand_settled_as_stored_on_a_changed_state_stands(night):
    before = live_rows(night)

    # Another dealer for hand 2: hand 3's state before it differs (who dealt last), but
    # hand 3 names its own dealer and settles exactly as stored.
    correct(night, 2, {**BOB_WINS, "dealer": "Bob"})

    after = live_rows(night)
    assert after[2] != before[2]
    assert all(after[n] == before[n] for n in (1, 3, 4, 5, 6))
    assert verify_night(night) == []


def test_a_correction_that_moves_chips_writes_the_corrected_hand_alone(night):
    before = live_rows(night)
    later = list(Hand.objects.filter(night=night, number__gt=2).values())
    entries = Entry.objects.filter(night=night).count()
    hand_2 = Entry.objects.filter(hand_id=before[2]).count()

    # Cy wins hand 2, not Bob: every balance after it moves, but the pot is empty after
    # it either way, so the hands after it settle as stored and stand, rows and entries.
    correct(night, 2, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}})

    after = live_rows(night)
    assert after[1] == before[1]
    assert after[2] != before[2]
    assert list(Hand.objects.filter(night=night, number__gt=2).values()) == later
    assert Entry.objects.filter(night=night).count() == entries + 2 * hand_2
    assert not Hand.objects.filter(night=night, kind=Hand.REPLAY).exists()
    assert selectors.night_balances(night) == replayed_balances(night)
    assert verify_night(night) == []


def test_a_correction_that_changes_the_pot_writes_each_hand_up_to_the_next_clean_win(night):
    before = live_rows(night)

    # Nobody wins hand 2 (a split of tricks under the minimum: a carryover): hand 3 starts
    # from another pot and settles differently; hand 3's win empties the pot again.
    correct(night, 2, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}})

    after = live_rows(night)
    assert after[1] == before[1]
    assert after[2] != before[2] and after[3] != before[3]
    assert all(after[n] == before[n] for n in (4, 5, 6))
    assert Hand.objects.filter(night=night, kind=Hand.REPLAY).count() == 1
    assert selectors.night_balances(night) == replayed_balances(night)
    assert verify_night(night) == []


@pytest.mark.parametrize(
    "hand",
    [
        {"dealer": "Ann", "stayed": {"Bob": 4, "Cy": 1}},
        {**BOB_WINS, "dealer": "Bob"},
        {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}},
        {"dealer": "Ann", "stayed": {}},
    ],
    ids=["no chip moves", "another dealer", "another winner", "a carryover"],
)
def test_the_balances_after_a_correction_are_a_fresh_replays(night, hand):
    correct(night, 2, hand)

    assert selectors.night_balances(night) == replayed_balances(night)
    assert verify_night(night) == []


def test_the_preview_of_a_correction_that_moves_no_chip_changes_no_balance(night):
    preview = correction_services.hand_correction_preview(
        night=night,
        number=2,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 4, "Cy": 1}}),
    )

    assert preview.balance_changes == {}
    assert preview.pot_before == preview.pot_after


def test_the_preview_of_a_correction_that_moves_chips_shows_the_nights_change(night):
    preview = correction_services.hand_correction_preview(
        night=night,
        number=2,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}}),
    )
    old = replayed_balances(night)

    correct(night, 2, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}})

    new = replayed_balances(night)
    assert preview.balance_changes == {p: new[p] - old[p] for p in old if new[p] != old[p]}


def test_a_hand_a_correction_kept_can_be_corrected_and_undone_after_it(night):
    correct(night, 2, {**BOB_WINS, "dealer": "Bob"})
    kept = live_rows(night)

    correct(night, 4, {"dealer": "Ann", "stayed": {"Cy": 2, "Dee": 2, "Bob": 1}})
    correction_services.hand_undo_last(night=night, by=night.started_by)

    # Nobody won hand 4 now: hand 5 played for another pot and was written again, and
    # the undo took back hand 6, which stood.
    after = live_rows(night)
    assert sorted(after) == [1, 2, 3, 4, 5]
    assert (after[2], after[3]) == (kept[2], kept[3])
    assert after[4] != kept[4] and after[5] != kept[5]
    assert selectors.night_balances(night) == replayed_balances(night)
    assert verify_night(night) == []


def test_a_correction_that_would_take_a_balance_past_the_bound_after_a_hand_it_keeps_is_refused(
    night, monkeypatch
):
    # Cy bourré in hand 2: he pays the pot's match, Bob wins hand 3's bigger pot, and every
    # balance after it moves by that. Bob ends the night at 22, not 18: past a bound of 20
    # only after hand 6, which the correction leaves standing.
    for module in (hand_services, correction_services):
        monkeypatch.setattr(module, "CHIP_LIMIT", 20)
    hands, entries = Hand.objects.count(), Entry.objects.count()

    with pytest.raises(InvalidInput) as caught:
        correct(night, 2, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}})

    assert caught.value.problems == [err.CHIPS_OVERFLOW(number=6)]
    assert (Hand.objects.count(), Entry.objects.count()) == (hands, entries)
