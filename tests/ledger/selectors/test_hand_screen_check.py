import pytest

from ledger import errors as err
from ledger import rules
from ledger.models import Entry, Hand
from ledger.rules import errors as rule_errors
from ledger.selectors.hand_screen import hand_problems, hand_screen
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from tests.factories import night_with
from tests.ledger.helpers import hand_data, ids

pytestmark = pytest.mark.django_db


def check(night, hand) -> list:
    """The live check of the hand screen: every problem the referee would find with
    ``hand`` as the night's next hand, as the check view asks it."""
    return hand_problems(hand_screen(night), hand)


def test_a_good_next_hand_has_no_problems_and_nothing_is_written():
    night = night_with()

    problems = check(night, hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}))

    assert problems == []
    assert not Hand.objects.exists()
    assert not Entry.objects.exists()


def test_it_names_what_hand_record_would_refuse_with_the_next_hands_number():
    night = night_with()
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {}}),
        by=night.started_by,
    )
    bad = hand_data(night, {"dealer": "Bob", "stayed": {"Cy": 2, "Dee": 2}, "reneged": ["Ann"]})

    assert check(night, bad) == [
        rule_errors.TRICKS_DO_NOT_ADD_UP(hand=2, total=4, tricks_per_hand=5),
        rule_errors.RENEGE_WITHOUT_STAYING(hand=2, player=ids(night)["Ann"]),
    ]


def test_a_player_not_on_the_roster_is_named():
    night = night_with()
    hand = rules.HandInput(dealer=999, seated=[999], stayed={})

    problems = check(night, hand)

    assert rule_errors.DEALER_NOT_ON_ROSTER(hand=1, player=999) in problems


def test_a_closed_night_takes_no_hand():
    night = night_with()
    night_services.night_close(night=night, by=night.started_by)
    night.refresh_from_db()

    assert check(night, hand_data(night, {"dealer": "Ann", "stayed": {}})) == [err.NIGHT_CLOSED()]
