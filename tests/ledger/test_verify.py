import pytest

from ledger import verify
from ledger.models import Entry, Hand, Night, NightResult, NightTransfer, Seat
from ledger.services import nights as night_services
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.nights import busy_night, example_night, tamper
from tests.ledger.worked_examples import EXAMPLES

pytestmark = pytest.mark.django_db


def entry(night, seq) -> Entry:
    return Entry.objects.get(night=night, seq=seq)


def says(message, night, **values):
    return message.format(night=night.pk, **values)


def post_of(night, seq) -> dict:
    """The seqs of the post holding entry ``seq`` (as stored before any tampering), as
    HASH_DIFFERS names them: all of them, and its last, where its hash is kept."""
    ends = list(
        Entry.objects.filter(night=night, hash__isnull=False)
        .order_by("seq")
        .values_list("seq", flat=True)
    )
    last = next(end for end in ends if end >= seq)
    first = max([0, *(end for end in ends if end < seq)]) + 1
    return {"seqs": f"{first} to {last}" if first < last else f"{last}", "seq": last}


# --- Clean nights ---


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_worked_example_verifies_clean(name):
    assert verify_night(example_night(name)) == []


def test_a_night_with_corrections_an_undo_a_late_arrival_and_a_close_verifies_clean():
    night = busy_night()

    assert Entry.objects.filter(night=night, reverses__isnull=False).exists()
    assert verify_night(night) == []


def test_an_open_night_and_an_empty_night_verify_clean():
    assert verify_night(example_night(close=False)) == []
    assert verify_night(night_with()) == []


def test_a_night_closed_with_a_split_verifies_clean():
    night = example_night(close=False)
    night_services.night_close(night=night, by=night.started_by, policy="split")

    assert verify_night(night) == []


def as_written_before_seats_kept_balances(night) -> None:
    """Every hand of ``night`` stored as hands were before the balances were left to the
    entries: its result and its state after with the balances after it (made up here:
    nothing compares them), and the result without what the hand changed."""
    for hand in Hand.objects.filter(night=night).exclude(kind=Hand.UNDO):
        made_up = dict.fromkeys(map(str, hand.roster), 7)
        Hand.objects.filter(pk=hand.pk).update(
            result={
                **{k: v for k, v in hand.result.items() if k != "changes"},
                "balances": made_up,
            },
            state_after={**hand.state_after, "balances": made_up},
        )


def test_hands_are_stored_without_their_balances():
    night = busy_night()

    assert not Hand.objects.filter(night=night, result__has_key="balances").exists()
    assert not Hand.objects.filter(night=night, state_after__has_key="balances").exists()
    assert verify_night(night) == []


def test_hands_written_before_the_balances_were_left_out_verify_clean():
    night = busy_night()  # corrections too: their later hands are settled again

    as_written_before_seats_kept_balances(night)

    assert verify_night(night) == []


# --- Tampering ---


def test_an_amount_changed_behind_the_apps_back_is_reported():
    night = example_night()
    target = entry(night, 5)
    post = post_of(night, 5)

    tamper(("UPDATE ledger_entry SET amount = amount - 10 WHERE id = %s", [target.pk]))

    problems = verify_night(night)
    assert says(verify.HASH_DIFFERS, night, **post) in problems
    assert any(
        p.startswith(f"Night {night.pk}, hand 1 (revision 1): its entries") for p in problems
    )
    assert any("balance from the entries" in p or "the pot from" in p for p in problems)


def test_a_deleted_entry_is_reported():
    night = example_night()
    target = entry(night, 7)
    post = post_of(night, 7)

    tamper(("DELETE FROM ledger_entry WHERE id = %s", [target.pk]))

    problems = verify_night(night)
    assert says(verify.SEQ_GAP, night, seq=8, expected=7) in problems
    # The chain goes on from entry 6 without entry 7: its post's stored hash differs.
    assert says(verify.HASH_DIFFERS, night, **post) in problems
    assert any(
        p.startswith(f"Night {night.pk}, hand 1 (revision 1): its entries") for p in problems
    )


def test_a_hash_emptied_at_the_end_of_a_post_is_reported():
    night = example_night()
    post = post_of(night, 1)

    tamper(
        (
            "UPDATE ledger_entry SET hash = NULL WHERE night_id = %s AND seq = %s",
            [night.pk, post["seq"]],
        )
    )

    problems = verify_night(night)
    assert says(verify.HASH_MISSING, night, seq=post["seq"]) in problems


def test_a_hash_put_inside_a_post_is_checked_against_the_chain_there():
    night = example_night()
    post = post_of(night, 1)
    inside = entry(night, post["seq"] - 1)
    assert inside.hash is None

    tamper(("UPDATE ledger_entry SET hash = %s WHERE id = %s", ["f" * 64, inside.pk]))

    # The chain there differs; and the writer chained the next entry on the chain's hash,
    # not on the one put in, so the check going on from it finds that one changed too.
    problems = verify_night(night)
    assert problems == [
        says(verify.HASH_DIFFERS, night, seqs=f"1 to {inside.seq}", seq=inside.seq),
        says(verify.HASH_DIFFERS, night, seqs=f"{post['seq']}", seq=post["seq"]),
    ]


def test_two_entries_with_their_amounts_swapped_are_both_reported():
    night = example_night()
    first, second = entry(night, 3), entry(night, 4)
    assert first.amount != second.amount
    assert post_of(night, 3) == post_of(night, 4)

    tamper(
        ("UPDATE ledger_entry SET amount = %s WHERE id = %s", [second.amount, first.pk]),
        ("UPDATE ledger_entry SET amount = %s WHERE id = %s", [first.amount, second.pk]),
    )

    problems = verify_night(night)
    assert says(verify.HASH_DIFFERS, night, **post_of(night, 3)) in problems


def test_two_entries_with_their_seqs_swapped_are_reported():
    night = example_night()
    first, second = entry(night, 9), entry(night, 10)
    post = post_of(night, 9)

    tamper(
        ("UPDATE ledger_entry SET seq = 100000 WHERE id = %s", [first.pk]),
        ("UPDATE ledger_entry SET seq = 9 WHERE id = %s", [second.pk]),
        ("UPDATE ledger_entry SET seq = 10 WHERE id = %s", [first.pk]),
    )

    problems = verify_night(night)
    assert says(verify.HASH_DIFFERS, night, **post) in problems


def test_a_reversal_that_does_not_negate_is_reported():
    night = busy_night()
    reversal = Entry.objects.filter(night=night, reverses__isnull=False).first()

    tamper(("UPDATE ledger_entry SET amount = amount * 2 WHERE id = %s", [reversal.pk]))

    problems = verify_night(night)
    assert says(verify.REVERSAL_WRONG, night, seq=reversal.seq, target=reversal.reverses.seq) in (
        problems
    )


def test_a_rewritten_hand_input_is_reported_by_the_replay():
    night = example_night(close=False)
    hand = Hand.objects.get(night=night, number=2, live=True)
    new_input = {**hand.input, "stayed": {k: 5 - v for k, v in hand.input["stayed"].items()}}
    ids = list(hand.input["stayed"])
    new_input["stayed"] = {ids[0]: 0, ids[1]: 5, ids[2]: 0}

    Hand.objects.filter(pk=hand.pk).update(input=new_input)

    problems = verify_night(night)
    assert any(
        p.startswith(f"Night {night.pk}, hand 2 (revision 1): the stored result differs")
        for p in problems
    )
    assert any(
        p.startswith(f"Night {night.pk}, hand 2 (revision 1): its entries") for p in problems
    )


def test_a_hand_input_made_unreadable_is_reported_not_a_crash():
    night = example_night(close=False)
    Hand.objects.filter(night=night, number=5, live=True).update(input={"dealer": "nobody"})

    problems = verify_night(night)

    assert problems[0].startswith(
        f"Night {night.pk}, hand 5 (revision 1): its stored input no longer settles: "
    )
    assert not any("hand 6" in p or "hand 7" in p for p in problems)


def test_a_hand_roster_naming_a_stranger_is_reported_not_a_crash():
    night = example_night(close=False)
    hand = Hand.objects.get(night=night, number=1, live=True)
    Hand.objects.filter(pk=hand.pk).update(roster=[*hand.roster, hand.roster[-1] + 1000])

    problems = verify_night(night)

    assert problems[0].startswith(
        f"Night {night.pk}, hand 1 (revision 1): its stored input no longer settles: "
    )


def test_a_rewritten_hand_result_names_the_field():
    night = example_night()
    hand = Hand.objects.get(night=night, number=3, live=True)

    Hand.objects.filter(pk=hand.pk).update(result={**hand.result, "winner_takes": 1})

    assert verify_night(night) == [
        says(verify.RESULT_DIFFERS, night, number=3, revision=1, fields="winner_takes")
    ]


@pytest.mark.parametrize("written", ["today", "before"])
def test_a_pot_changed_in_a_stored_state_after_is_reported(written):
    night = example_night()
    if written == "before":
        as_written_before_seats_kept_balances(night)
    hand = Hand.objects.get(night=night, number=3, live=True)

    Hand.objects.filter(pk=hand.pk).update(
        state_after={**hand.state_after, "pot": hand.state_after["pot"] + 1}
    )

    assert verify_night(night) == [
        says(verify.STATE_DIFFERS, night, number=3, revision=1, fields="pot")
    ]


def test_what_a_hand_changed_of_the_balances_changed_in_its_result_is_reported():
    night = example_night()
    hand = Hand.objects.get(night=night, number=3, live=True)
    changes = {player: chips + 1 for player, chips in hand.result["changes"].items()}

    Hand.objects.filter(pk=hand.pk).update(result={**hand.result, "changes": changes})

    assert verify_night(night) == [
        says(verify.RESULT_DIFFERS, night, number=3, revision=1, fields="changes")
    ]


def test_a_seats_balance_is_checked_even_when_the_nights_rules_cannot_be_read():
    night = example_night()
    seat = night.seats.order_by("position").select_related("player").first()
    Seat.objects.filter(pk=seat.pk).update(chips=seat.chips + 3)

    Night.objects.filter(pk=night.pk).update(rules={"ante": "lots"})

    problems = verify_night(night)
    assert (
        says(
            verify.SEAT_CHIPS_DIFFER,
            night,
            player=seat.player.name,
            found=seat.chips + 3,
            expected=seat.chips,
        )
        in problems
    )
    assert any(p.startswith(f"Night {night.pk}: its rules cannot be read") for p in problems)


def test_a_seats_balance_that_is_not_its_entries_sum_is_reported():
    night = example_night()
    seat = night.seats.order_by("position").select_related("player").first()
    chips = seat.chips

    Seat.objects.filter(pk=seat.pk).update(chips=chips + 3)

    assert verify_night(night) == [
        says(
            verify.SEAT_CHIPS_DIFFER,
            night,
            player=seat.player.name,
            found=chips + 3,
            expected=chips,
        )
    ]


def test_a_hand_made_live_again_is_reported():
    night = busy_night()
    old = Hand.objects.filter(night=night, number=2, live=False).first()
    Hand.objects.filter(night=night, number=2, live=True).update(live=False)

    Hand.objects.filter(pk=old.pk).update(live=True)

    problems = verify_night(night)
    assert any(p.startswith(f"Night {night.pk}, hand 2: the live revision is 1") for p in problems)


def test_a_closed_nights_results_changed_behind_the_apps_back_are_named():
    night = example_night()
    row = NightResult.objects.filter(night=night).order_by("position").first()
    transfer = NightTransfer.objects.filter(night=night).order_by("position").first()

    tamper(
        ("UPDATE ledger_nightresult SET chips = chips + 1 WHERE id = %s", [row.pk]),
        ("UPDATE ledger_nighttransfer SET money = money + 1 WHERE id = %s", [transfer.pk]),
    )

    problems = verify_night(night)
    assert [p.split(":")[0] for p in problems] == [f"Night {night.pk}"] * 2
    assert "the results written as it closed give" in problems[0]
    assert "the settle-up written as it closed is" in problems[1]


def test_a_closed_night_whose_results_were_never_written_is_named():
    night = example_night()

    tamper(
        *(
            (f"DELETE FROM {table} WHERE night_id = %s", [night.pk])
            for table in ("ledger_nightresult", "ledger_nightsummary", "ledger_nighttransfer")
        )
    )

    assert verify_night(night) == [verify.RESULTS_MISSING.format(night=night.pk)]
