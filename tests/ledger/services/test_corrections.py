import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import Entry, Hand
from ledger.selectors.seats import ids_of, night_roster
from ledger.services import corrections as correction_services
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import hand_data, ids, record_all
from tests.ledger.nights import example_night, row_counts
from tests.ledger.worked_examples import EXAMPLE_1

pytestmark = pytest.mark.django_db

# Hand 4 of worked example 1 was "Ann alone"; say it was really Bob alone. He takes the
# pot as she did, so the night's state after it is the same but for the balances.
BOB_ALONE = {"dealer": "Dee", "stayed": {"Bob": None}}
# Or that nobody stayed: the pot carries over, and every later hand settles differently.
NOBODY_STAYED = {"dealer": "Dee", "stayed": {}}


def correct(night, number, hand, reason="wrong stayer", **seen):
    return correction_services.hand_correct(
        night=night,
        number=number,
        hand=hand_data(night, hand),
        reason=reason,
        by=night.started_by,
        **seen,
    )


def replayed_balances(night) -> dict[int, int]:
    """A fresh replay by the pure engine of the night's live inputs."""
    roster = ids_of(night_roster(night))
    inputs = [hand.hand_input() for hand in selectors.live_hands(night)]
    _, state = rules.replay(night.house_rules, roster, inputs)
    return {player_id: state.balances[player_id] for player_id in roster}


def test_correcting_hand_k_changes_hands_k_onwards_and_nothing_before_it():
    night = example_night(close=False)
    earlier_entries = list(Entry.objects.filter(night=night, hand_number__lt=4).values())
    earlier_hands = list(Hand.objects.filter(night=night, number__lt=4).values())
    later_before = {h.number: h.pk for h in Hand.objects.filter(night=night, number__gte=4)}

    correct(night, 4, NOBODY_STAYED)

    assert list(Entry.objects.filter(night=night, hand_number__lt=4).values()) == earlier_entries
    assert list(Hand.objects.filter(night=night, number__lt=4).values()) == earlier_hands
    live = {h.number: h for h in selectors.live_hands(night)}
    assert sorted(live) == [1, 2, 3, 4, 5, 6, 7]
    assert all(live[n].pk != later_before[n] for n in range(4, 8))
    assert all(live[n].revision == 2 for n in range(4, 8))
    assert not Hand.objects.filter(pk__in=later_before.values(), live=True).exists()
    assert selectors.night_balances(night) == replayed_balances(night)
    assert verify_night(night) == []


def test_the_corrected_hand_and_the_replayed_ones_say_what_they_are():
    night = example_night(close=False)

    corrected = correct(night, 4, NOBODY_STAYED, reason="  Nobody stayed, not Ann  ")

    assert corrected.number == 4
    assert corrected.kind == Hand.CORRECT
    assert corrected.reason == "Nobody stayed, not Ann"
    assert corrected.created_by == night.started_by
    replays = Hand.objects.filter(night=night, live=True, number__gt=4)
    assert {h.kind for h in replays} == {Hand.REPLAY}
    assert {h.reason for h in replays} == {"Replayed after hand 4 was corrected."}


def test_the_balances_before_hand_k_are_the_same_and_after_it_match_a_fresh_replay():
    night = example_night(close=False)
    after_three = Hand.objects.get(night=night, number=3, live=True).state_after

    correct(night, 4, BOB_ALONE)

    assert Hand.objects.get(night=night, number=3, live=True).state_after == after_three
    balances = selectors.night_balances(night)
    assert balances == replayed_balances(night)
    assert sum(balances.values()) + selectors.night_pot(night) == 0
    by_name = ids(night)
    # Bob takes the 28 instead of Ann; the pot was empty after hand 4 either way.
    assert [balances[by_name[p]] for p in EXAMPLE_1["roster"]] == [10 - 28, -18 + 28, -6, -2]


def test_every_replaced_entry_is_reversed_exactly():
    night = example_night(close=False)
    old = list(Entry.objects.filter(night=night, hand_number__gte=4))

    correct(night, 4, NOBODY_STAYED)

    for entry in old:
        reversal = Entry.objects.get(reverses=entry)
        assert (reversal.hand_id, reversal.player_id, reversal.kind, reversal.amount) == (
            entry.hand_id,
            entry.player_id,
            entry.kind,
            -entry.amount,
        )
        assert reversal.seq > entry.seq
    new = Entry.objects.filter(night=night, hand__live=True, hand_number__gte=4)
    assert not new.filter(reverses__isnull=False).exists()
    assert verify_night(night) == []


def test_correcting_the_first_hand_replays_the_whole_night():
    night = example_night(close=False)

    correct(night, 1, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2, "Dee": 0}})

    assert selectors.night_balances(night) == replayed_balances(night)
    assert verify_night(night) == []


def test_the_preview_shows_the_changes_the_correction_makes_and_writes_nothing():
    night = example_night(close=False)
    before = selectors.night_balances(night)
    counts = row_counts()

    preview = correction_services.hand_correction_preview(
        night=night, number=4, hand=hand_data(night, BOB_ALONE)
    )

    assert row_counts() == counts
    correct(night, 4, BOB_ALONE)
    after = selectors.night_balances(night)
    changes = {p: after[p] - before[p] for p in after if after[p] != before[p]}
    assert preview.balance_changes == changes
    assert preview.pot_before == EXAMPLE_1["hands"][-1][1]
    assert preview.pot_after == selectors.night_pot(night)


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_reason_is_required(reason):
    night = example_night(close=False)
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        correct(night, 4, BOB_ALONE, reason=reason)

    assert caught.value.problems == [err.REASON_REQUIRED(number=4)]
    assert row_counts() == counts


def test_correcting_a_closed_night_is_refused():
    night = example_night(close=True)
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        correct(night, 4, BOB_ALONE)

    assert caught.value.problems == [err.NIGHT_CLOSED()]
    with pytest.raises(InvalidInput):
        correction_services.hand_correction_preview(
            night=night, number=4, hand=hand_data(night, BOB_ALONE)
        )
    assert row_counts() == counts


def test_a_correction_that_changes_nothing_is_refused():
    night = example_night(close=False)

    with pytest.raises(InvalidInput) as caught:
        correct(night, 4, {"dealer": "Dee", "stayed": {"Ann": None}})

    assert caught.value.problems == [err.CORRECTION_CHANGES_NOTHING(number=4)]


def test_a_hand_that_was_never_recorded_cannot_be_corrected():
    night = example_night(close=False)

    with pytest.raises(InvalidInput) as caught:
        correct(night, 8, BOB_ALONE)

    assert caught.value.problems == [err.HAND_NOT_FOUND(number=8)]


def test_a_bad_correction_names_the_hand_and_writes_nothing():
    night = example_night(close=False)
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        correct(night, 3, {"dealer": "Cy", "stayed": {"Dee": 4, "Ann": 0}})

    assert caught.value.problems == [
        rules.errors.TRICKS_DO_NOT_ADD_UP(hand=3, total=4, tricks_per_hand=5)
    ]
    assert row_counts() == counts


def test_a_hand_can_be_corrected_twice():
    night = example_night(close=False)

    correct(night, 4, BOB_ALONE)
    correct(night, 4, {"dealer": "Dee", "stayed": {"Cy": None}})

    assert Hand.objects.get(night=night, number=4, live=True).revision == 3
    assert selectors.night_balances(night) == replayed_balances(night)
    assert verify_night(night) == []


def _correction_queries(hands: int) -> int:
    night = night_with(["Ann", "Bob", "Cy", "Dee"])
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}] * hands)
    data = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}})
    with CaptureQueriesContext(connection) as queries:
        correction_services.hand_correct(
            night=night, number=1, hand=data, reason="r", by=night.started_by, expected_revision=1
        )
    assert verify_night(night) == []
    return len(queries)


def test_a_correction_costs_the_same_few_queries_however_many_hands_it_replays():
    # Read: the lock, the revision seen, the roster, the hands replayed, the state before
    # them, their numbers' newest revisions, the entries to reverse, what each live hand
    # moved (the bound checked after the hands it keeps), the chain's head. Written: one
    # update, one insert of hands, one of entries (in batches of thousands). And the
    # transaction's two statements. 1,204 queries for 300 hands when each replayed hand
    # was read and written on its own.
    counts = {hands: _correction_queries(hands) for hands in (2, 7, 40)}

    assert counts == dict.fromkeys(counts, 14), counts


# --- the revision the host saw ---------------------------------------------------------


def test_a_correction_made_at_the_live_revision_goes_through():
    night = example_night(close=False)

    corrected = correct(night, 4, BOB_ALONE, expected_revision=1)

    assert (corrected.kind, corrected.revision) == (Hand.CORRECT, 2)


def test_a_second_correction_from_a_page_that_saw_the_old_revision_is_refused():
    night = example_night(close=False)
    correct(night, 4, BOB_ALONE, expected_revision=1)
    counts = row_counts()

    with pytest.raises(Conflict) as caught:
        correct(night, 4, {"dealer": "Dee", "stayed": {"Cy": None}}, expected_revision=1)

    assert caught.value.problems == [err.HAND_CHANGED[Hand.CORRECT](number=4, revision=2)]
    assert row_counts() == counts
    assert Hand.objects.get(night=night, number=4, live=True).input == rules.input_to_json(
        hand_data(night, BOB_ALONE)
    )


def test_a_correction_of_a_hand_undone_since_the_host_looked_is_refused():
    night = example_night(close=False)
    correction_services.hand_undo_last(night=night, by=night.started_by, expected_number=7)
    counts = row_counts()

    with pytest.raises(Conflict) as caught:
        correct(night, 7, {"dealer": "Cy", "stayed": {"Ann": 5, "Bob": 0}}, expected_revision=1)

    assert caught.value.problems == [err.HAND_CHANGED[Hand.UNDO](number=7, revision=2)]
    assert row_counts() == counts


def test_a_correction_of_a_hand_recorded_again_after_an_undo_is_refused():
    night = example_night(close=False)
    correction_services.hand_undo_last(night=night, by=night.started_by)
    record_all(night, [{"dealer": "Cy", "stayed": {"Ann": 5, "Bob": 0}}], start=7)

    with pytest.raises(Conflict) as caught:
        correct(night, 7, {"dealer": "Cy", "stayed": {"Bob": 5, "Ann": 0}}, expected_revision=1)

    assert caught.value.problems == [err.HAND_CHANGED[Hand.RECORD](number=7, revision=3)]


def test_a_correction_of_a_hand_replayed_since_the_host_looked_is_refused():
    night = example_night(close=False)
    correct(night, 4, NOBODY_STAYED, expected_revision=1)

    with pytest.raises(Conflict) as caught:
        correct(night, 5, {"dealer": "Ann", "stayed": {"Bob": None}}, expected_revision=1)

    assert caught.value.problems == [err.HAND_CHANGED[Hand.REPLAY](number=5, revision=2)]


def test_the_preview_of_a_stale_correction_is_refused_the_same_way():
    night = example_night(close=False)
    correct(night, 4, BOB_ALONE, expected_revision=1)

    with pytest.raises(Conflict) as caught:
        correction_services.hand_correction_preview(
            night=night,
            number=4,
            hand=hand_data(night, {"dealer": "Dee", "stayed": {"Cy": None}}),
            expected_revision=1,
        )

    assert caught.value.problems == [err.HAND_CHANGED[Hand.CORRECT](number=4, revision=2)]
