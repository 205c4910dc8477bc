import pytest
from django.db import IntegrityError, connection, transaction

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict, InvalidInput
from ledger.models import Entry, Hand
from ledger.models.nights import REASON_MAX_LENGTH
from ledger.selectors.night_state import night_snapshot
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import hand_data, ids, posts_end, sealed_as_written
from tests.ledger.worked_examples import EXAMPLES

pytestmark = pytest.mark.django_db


def _balances(night, roster):
    by_name = ids(night)
    balances = selectors.night_balances(night)
    return [balances[by_name[name]] for name in roster]


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_worked_examples_match_to_the_chip_hand_by_hand(name):
    example = EXAMPLES[name]
    night = night_with(example["roster"], house_rules=example["rules"])

    for number, (hand, pot_after, balances) in enumerate(example["hands"], start=1):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=night.started_by
        )
        assert selectors.night_pot(night) == pot_after, f"pot after hand {number}"
        assert _balances(night, example["roster"]) == balances, f"balances after hand {number}"

    night_services.night_close(night=night, by=night.started_by)

    assert selectors.night_pot(night) == 0
    assert _balances(night, example["roster"]) == example["final"]
    leftover = Entry.objects.filter(night=night, kind=Entry.LEFTOVER, player__isnull=False)
    assert {e.player.name: e.amount for e in leftover} == example["leftover"]


def test_every_night_entries_sum_to_zero_and_chain_their_hashes():
    night = night_with()
    for number, (hand, _, _) in enumerate(EXAMPLES["example_1"]["hands"], start=1):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=night.started_by
        )

    entries = list(Entry.objects.filter(night=night).order_by("seq"))
    assert sum(e.amount for e in entries) == 0
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    # Each sealed on the chain's hash before it, the first on the genesis hash; the
    # chain's hash kept on the last entry of each hand's post.
    assert sealed_as_written(entries)
    assert sum(posts_end(entries)) == len({e.hand_id for e in entries})


def test_a_hand_is_settled_and_stored_by_player_id_as_the_engine_gives_it():
    night = night_with()
    by_name = ids(night)
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}})

    recorded = hand_services.hand_record(
        night=night, expected_number=1, hand=hand, by=night.started_by
    )

    roster = list(by_name.values())
    result, state = rules.settle_hand(rules.HouseRules(), rules.NightState.start(roster), hand)
    assert recorded.input == rules.input_to_json(hand)
    assert recorded.result == rules.result_to_json(result)
    assert recorded.state_after == rules.state_to_json(state)
    assert recorded.result["dealer"] == by_name["Ann"]
    # What the hand changed, not the balances after it: the entries hold those.
    assert "balances" not in recorded.result and "balances" not in recorded.state_after
    assert recorded.result["changes"] == {str(p): c for p, c in result.changes.items()}
    assert recorded.state(state.balances) == state
    assert recorded.hand_input() == hand


def test_it_rejects_tricks_that_do_not_add_up_and_writes_nothing():
    night = night_with()
    bad = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2}})

    with pytest.raises(InvalidInput) as caught:
        hand_services.hand_record(night=night, expected_number=1, hand=bad, by=night.started_by)

    assert caught.value.problems == [
        rules.errors.TRICKS_DO_NOT_ADD_UP(hand=1, total=4, tricks_per_hand=5)
    ]
    assert not Hand.objects.filter(night=night).exists()
    assert not Entry.objects.filter(night=night).exists()


def test_a_second_device_recording_the_same_number_gets_a_conflict():
    night = night_with()
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    hand_services.hand_record(night=night, expected_number=1, hand=hand, by=night.started_by)

    with pytest.raises(Conflict) as caught:
        hand_services.hand_record(night=night, expected_number=1, hand=hand, by=night.started_by)

    assert caught.value.problems == [err.HAND_ALREADY_RECORDED(number=1)]
    assert Hand.objects.filter(night=night).count() == 1


def test_a_hand_number_from_the_future_is_refused():
    night = night_with()
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})

    with pytest.raises(Conflict) as caught:
        hand_services.hand_record(night=night, expected_number=3, hand=hand, by=night.started_by)

    assert caught.value.problems == [err.HAND_NOT_NEXT(expected=1, number=3)]


def test_a_retry_with_the_same_key_records_once_and_returns_the_same_hand():
    night = night_with()
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})

    first = hand_services.hand_record(
        night=night, expected_number=1, hand=hand, by=night.started_by, idempotency_key="k1"
    )
    again = hand_services.hand_record(
        night=night, expected_number=1, hand=hand, by=night.started_by, idempotency_key="k1"
    )

    assert again.pk == first.pk
    assert Hand.objects.filter(night=night).count() == 1


def test_a_hand_with_no_seats_given_deals_in_the_whole_roster_and_stores_them():
    night = night_with()
    p = ids(night)
    hand = rules.HandInput(dealer=p["Ann"], stayed={p["Bob"]: 3, p["Cy"]: 2})

    first = hand_services.hand_record(
        night=night, expected_number=1, hand=hand, by=night.started_by, idempotency_key="k2"
    )
    again = hand_services.hand_record(
        night=night, expected_number=1, hand=hand, by=night.started_by, idempotency_key="k2"
    )

    assert first.input["seated"] == [p["Ann"], p["Bob"], p["Cy"], p["Dee"]]
    assert again.pk == first.pk


def test_the_same_key_with_a_different_hand_is_a_conflict_that_writes_nothing():
    night = night_with()
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    other = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}})
    hand_services.hand_record(
        night=night, expected_number=1, hand=hand, by=night.started_by, idempotency_key="k1"
    )
    entries = Entry.objects.count()

    with pytest.raises(Conflict) as caught:
        hand_services.hand_record(
            night=night, expected_number=2, hand=other, by=night.started_by, idempotency_key="k1"
        )

    assert caught.value.problems == [err.IDEMPOTENCY_KEY_REUSED(number=1)]
    assert Entry.objects.count() == entries


def test_it_refuses_to_record_into_a_closed_night():
    night = night_with()
    night_services.night_close(night=night, by=night.started_by)
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})

    with pytest.raises(InvalidInput) as caught:
        hand_services.hand_record(night=night, expected_number=1, hand=hand, by=night.started_by)

    assert caught.value.problems == [err.NIGHT_CLOSED()]


def test_a_player_who_is_not_on_the_roster_is_refused_by_name():
    night = night_with()
    stranger = night_with(["Zed", "Yan"]).seats.first().player
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    hand = rules.HandInput(
        dealer=hand.dealer, seated=[*hand.seated, stranger.pk], stayed=hand.stayed
    )

    with pytest.raises(InvalidInput) as caught:
        hand_services.hand_record(night=night, expected_number=1, hand=hand, by=night.started_by)

    assert caught.value.problems == [err.PLAYER_NOT_ON_ROSTER(id=stranger.pk)]


def test_recording_a_hand_costs_the_same_queries_late_in_the_night(django_assert_num_queries):
    night = night_with()
    by = night.started_by
    hand = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}
    for number in range(1, 31):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=by
        )
    data = hand_data(night, hand)
    seen = night_snapshot(night)

    # Under the lock, one query checks the night is as seen (on PostgreSQL sent with the
    # row lock, in one round trip; SQLite's BEGIN IMMEDIATE is the lock); then the hand
    # and its entries, one insert each; the transaction's two statements around them.
    with django_assert_num_queries(5):
        hand_services.hand_record(night=night, expected_number=31, hand=data, by=by, seen=seen)


def test_without_a_snapshot_the_service_reads_the_roster_the_last_hand_and_the_chain_first(
    django_assert_num_queries,
):
    night = night_with()
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})

    with django_assert_num_queries(3 + 5):
        hand_services.hand_record(night=night, expected_number=1, hand=hand, by=night.started_by)


# --- a snapshot read before the write transaction, and what changed since ---------


def _record(night, number, hand, **kwargs):
    return hand_services.hand_record(
        night=night,
        expected_number=number,
        hand=hand_data(night, hand),
        by=night.started_by,
        **kwargs,
    )


def test_a_snapshot_taken_before_another_device_recorded_that_hand_is_a_conflict():
    night = night_with()
    seen = night_snapshot(night)
    _record(night, 1, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})

    with pytest.raises(Conflict) as caught:
        _record(night, 1, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}}, seen=seen)

    assert caught.value.problems == [err.HAND_ALREADY_RECORDED(number=1)]
    assert Hand.objects.filter(night=night).count() == 1


def test_a_hand_is_settled_again_if_an_earlier_one_was_corrected_since_the_snapshot():
    night = night_with()
    _record(night, 1, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    _record(night, 2, {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 2}})
    seen = night_snapshot(night)
    correction_services.hand_correct(
        night=night,
        number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Cy": 3, "Dee": 2}}),
        reason="Cy took the most, not Bob.",
        by=night.started_by,
    )

    now = night_snapshot(night)

    third = _record(night, 3, {"dealer": "Cy", "stayed": {"Dee": 3, "Ann": 2}}, seen=seen)

    # Hand 2 stood (the pot was empty after hand 1 either way): the last hand is the one
    # the snapshot saw, its balances are not. The end of the entries' chain tells, and the
    # hand is settled from the corrected night; the ledger's check finds no difference.
    assert now.last_id == seen.last_id and now.state.balances != seen.state.balances
    assert now.head_seq != seen.head_seq
    assert third.number == 3
    assert verify_night(night) == []


def test_a_snapshot_taken_before_the_last_hand_was_undone_records_that_number_again():
    night = night_with()
    _record(night, 1, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    seen = night_snapshot(night)
    correction_services.hand_undo_last(night=night, by=night.started_by)

    with pytest.raises(Conflict) as caught:
        _record(night, 2, {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 2}}, seen=seen)

    assert caught.value.problems == [err.HAND_NOT_NEXT(expected=1, number=2)]
    again = _record(night, 1, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}}, seen=seen)
    assert (again.number, again.revision) == (1, 3)
    assert verify_night(night) == []


def test_a_late_arrival_seated_since_the_snapshot_is_on_the_hand_recorded():
    night = night_with()
    seen = night_snapshot(night)
    newcomer = roster_services.night_seat_join_newcomer(
        night=night, name="Eve", position=1, by=night.started_by
    )

    hand = _record(night, 1, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}, seen=seen)

    assert hand.roster == [newcomer.player_id, *seen.roster]
    assert verify_night(night) == []


def test_a_refusal_from_a_stale_snapshot_is_the_night_as_it_is_now():
    night = night_with()
    seen = night_snapshot(night)
    night_services.night_close(night=night, by=night.started_by)

    with pytest.raises(InvalidInput) as caught:
        _record(night, 1, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}, seen=seen)

    assert caught.value.problems == [err.NIGHT_CLOSED()]


def test_the_model_refuses_to_change_or_delete_an_entry():
    night = night_with()
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}),
        by=night.started_by,
    )
    entry = Entry.objects.first()

    entry.amount = 99
    with pytest.raises(PermissionError):
        entry.save()
    with pytest.raises(PermissionError):
        entry.delete()
    with pytest.raises(PermissionError):
        Entry.objects.filter(pk=entry.pk).update(amount=99)
    with pytest.raises(PermissionError):
        Entry.objects.all().delete()


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE ledger_entry SET amount = amount + 1",
        "DELETE FROM ledger_entry",
        "UPDATE ledger_entry SET seq = seq + 1000",
    ],
)
def test_the_database_refuses_raw_sql_that_changes_entries(sql):
    from django.db import DatabaseError, transaction

    night = night_with()
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}),
        by=night.started_by,
    )
    before = list(Entry.objects.values_list("seq", "amount", "hash"))

    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)

    assert list(Entry.objects.values_list("seq", "amount", "hash")) == before


def test_undo_refuses_when_another_device_recorded_since_the_host_looked():
    night = night_with()
    by = night.started_by
    hand = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}
    hand_services.hand_record(night=night, expected_number=1, hand=hand_data(night, hand), by=by)
    hand_services.hand_record(night=night, expected_number=2, hand=hand_data(night, hand), by=by)

    with pytest.raises(Conflict) as caught:
        correction_services.hand_undo_last(night=night, by=by, expected_number=1)

    assert caught.value.problems == [err.UNDO_NOT_LAST(number=1, last=2)]
    assert Hand.objects.filter(night=night, live=True).count() == 2


def test_a_pot_too_big_for_the_ledger_is_refused_and_nothing_is_written(monkeypatch):
    night = night_with()
    monkeypatch.setattr(hand_services, "CHIP_LIMIT", 3)
    hand = hand_data(night, {"dealer": "Ann", "stayed": {}})

    with pytest.raises(InvalidInput) as caught:
        hand_services.hand_record(night=night, expected_number=1, hand=hand, by=night.started_by)

    assert caught.value.problems == [err.CHIPS_OVERFLOW(number=1)]
    assert not Entry.objects.filter(night=night).exists()


def test_a_reason_with_a_nul_character_is_refused_by_name_for_undo_and_correction():
    night = night_with()
    by = night.started_by
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    hand_services.hand_record(night=night, expected_number=1, hand=hand, by=by)
    other = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}})

    with pytest.raises(InvalidInput) as undo:
        correction_services.hand_undo_last(night=night, by=by, reason="oops\x00")
    with pytest.raises(InvalidInput) as correct:
        correction_services.hand_correct(night=night, number=1, hand=other, reason="a\x00b", by=by)

    assert undo.value.problems == correct.value.problems == [err.REASON_HAS_NUL()]
    assert Hand.objects.filter(night=night).count() == 1


@pytest.mark.parametrize("length", [REASON_MAX_LENGTH + 1, 2_000_000])
def test_a_reason_longer_than_the_limit_is_refused_by_name_for_undo_and_correction(length):
    night = night_with()
    by = night.started_by
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    hand_services.hand_record(night=night, expected_number=1, hand=hand, by=by)
    other = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}})
    reason = "x" * length

    with pytest.raises(InvalidInput) as undo:
        correction_services.hand_undo_last(night=night, by=by, reason=reason)
    with pytest.raises(InvalidInput) as correct:
        correction_services.hand_correct(night=night, number=1, hand=other, reason=reason, by=by)

    expected = [err.REASON_TOO_LONG(limit=REASON_MAX_LENGTH, length=length)]
    assert undo.value.problems == correct.value.problems == expected
    assert Hand.objects.filter(night=night).count() == 1


def test_a_reason_of_exactly_the_limit_is_kept_whole():
    night = night_with()
    by = night.started_by
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    hand_services.hand_record(night=night, expected_number=1, hand=hand, by=by)
    reason = "é" * REASON_MAX_LENGTH  # characters, not bytes

    assert correction_services.hand_undo_last(night=night, by=by, reason=reason).reason == reason


def test_the_database_refuses_a_reason_longer_than_the_limit():
    night = night_with()
    by = night.started_by
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}})
    recorded = hand_services.hand_record(night=night, expected_number=1, hand=hand, by=by)

    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(
            night=night,
            number=1,
            revision=2,
            live=False,
            kind=Hand.UNDO,
            roster=recorded.roster,
            reason="x" * (REASON_MAX_LENGTH + 1),
            created_by=by,
            created_at=recorded.created_at,
        )
