import pytest

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import InvalidInput
from ledger.models import Entry
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from ledger.verify import verify_night
from tests.factories import PlayerFactory, night_with
from tests.ledger.helpers import hand_data, ids, record_all
from tests.ledger.nights import example_night, row_counts
from tests.ledger.worked_examples import EXAMPLES

pytestmark = pytest.mark.django_db


def close(night, policy=None):
    night_services.night_close(night=night, by=night.started_by, policy=policy)
    night.refresh_from_db()
    return night


def by_name(night, balances):
    names = {player_id: name for name, player_id in ids(night).items()}
    return {names[p]: chips for p, chips in balances.items()}


def leftover(night):
    rows = Entry.objects.filter(night=night, kind=Entry.LEFTOVER, player__isnull=False)
    return {e.player.name: e.amount for e in rows}


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_refund_hands_each_player_their_share_of_the_pot(name):
    night = example_night(name, close=False)

    close(night)

    assert leftover(night) == EXAMPLES[name]["leftover"]
    assert selectors.night_pot(night) == 0
    assert list(selectors.night_balances(night).values()) == EXAMPLES[name]["final"]
    assert night.leftover_policy == "refund"
    assert night.closed_by == night.started_by
    assert night.closed_at is not None
    assert verify_night(night) == []


def carry_night(pot_hands):
    """Ann, Bob, Cy, Dee; a first hand nobody stays in, then ``pot_hands`` more."""
    night = night_with()
    record_all(night, [{"dealer": "Ann", "stayed": {}}, *pot_hands])
    return night


def test_a_split_shares_the_pot_equally_among_the_last_hands_players():
    night = carry_night([{"dealer": "Bob", "stayed": {}}])  # pot 8, everyone seated

    close(night, "split")

    assert leftover(night) == {"Ann": 2, "Bob": 2, "Cy": 2, "Dee": 2}
    assert selectors.night_pot(night) == 0
    assert night.leftover_policy == "split"


def test_odd_chips_of_a_split_go_in_order_from_the_last_dealers_left():
    # Pot 7 among Ann, Bob and Cy, Bob dealing: Cy first, then Ann, then Bob.
    night = carry_night([{"dealer": "Bob", "seated": ["Ann", "Bob", "Cy"], "stayed": {}}])

    close(night, "split")

    assert leftover(night) == {"Ann": 2, "Bob": 2, "Cy": 3}
    assert by_name(night, selectors.night_balances(night)) == {
        "Ann": 0,
        "Bob": 0,
        "Cy": 1,
        "Dee": -1,
    }
    assert verify_night(night) == []


def test_two_odd_chips_go_to_the_first_two_from_the_dealers_left():
    # Pot 11 among Ann, Cy and Dee, Dee dealing: 3 each, the odd two to Ann and Cy.
    night = carry_night(
        [
            {"dealer": "Bob", "stayed": {}},
            {"dealer": "Dee", "seated": ["Ann", "Cy", "Dee"], "stayed": {}},
        ]
    )

    close(night, "split")

    assert leftover(night) == {"Ann": 4, "Cy": 4, "Dee": 3}


def test_a_misdeal_after_the_last_hand_does_not_move_the_split():
    night = carry_night(
        [
            {"dealer": "Bob", "seated": ["Ann", "Bob", "Cy"], "stayed": {}},
            {"dealer": "Dee", "misdeal": True},
        ]
    )

    close(night, "split")

    assert leftover(night) == {"Ann": 2, "Bob": 2, "Cy": 3}


def test_the_policy_defaults_to_the_nights_rule():
    night = night_with(house_rules=rules.HouseRules(leftover_pot="split"))
    record_all(night, [{"dealer": "Ann", "seated": ["Ann", "Bob", "Cy"], "stayed": {}}])

    close(night)

    assert night.leftover_policy == "split"
    assert leftover(night) == {"Ann": 1, "Bob": 1, "Cy": 1}


def test_a_night_with_an_empty_pot_closes_without_leftover_entries():
    night = night_with()
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": None}}])
    entries = Entry.objects.filter(night=night).count()

    close(night, "split")

    assert Entry.objects.filter(night=night).count() == entries
    assert night.is_closed


def test_an_unknown_policy_is_refused():
    night = carry_night([])
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        night_services.night_close(night=night, by=night.started_by, policy="keep")

    assert caught.value.problems == [err.LEFTOVER_POLICY_INVALID()]
    assert row_counts() == counts


def test_a_closed_night_refuses_everything():
    night = example_night(close=True)
    by = night.started_by
    hand = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": None}})
    newcomer = PlayerFactory(table=night.table, name="Eve")
    ann = night.seats.get(position=0).player
    counts = row_counts()
    attempts = [
        lambda: hand_services.hand_record(night=night, expected_number=8, hand=hand, by=by),
        lambda: correction_services.hand_correct(
            night=night, number=1, hand=hand, reason="x", by=by
        ),
        lambda: correction_services.hand_correction_preview(night=night, number=1, hand=hand),
        lambda: correction_services.hand_undo_last(night=night, by=by),
        lambda: night_services.night_close(night=night, by=by),
        lambda: roster_services.night_seat_join(night=night, player=newcomer, position=1, by=by),
        lambda: roster_services.night_seat_leave(night=night, player=ann, by=by),
    ]

    for attempt in attempts:
        with pytest.raises(InvalidInput) as caught:
            attempt()
        assert caught.value.problems == [err.NIGHT_CLOSED()]
    assert row_counts() == counts
