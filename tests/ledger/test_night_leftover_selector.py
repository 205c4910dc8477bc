import pytest

from ledger import rules, selectors
from ledger.models import Entry
from tests.factories import night_with
from tests.ledger.helpers import ids
from tests.ledger.worked_examples import EXAMPLE_1
from tests.views.night_helpers import example_1_hands, play

pytestmark = pytest.mark.django_db


def test_refund_hands_back_each_players_share_without_writing():
    night = night_with()
    play(night, example_1_hands())
    entries = Entry.objects.count()

    back = selectors.night_leftover(night, rules.LEFTOVER_REFUND)

    by_id = {player_id: name for name, player_id in ids(night).items()}
    assert {by_id[p]: chips for p, chips in back.items()} == EXAMPLE_1["leftover"]
    assert Entry.objects.count() == entries
    assert selectors.night_pot(night) == 16


def test_split_shares_the_pot_among_the_last_hands_players():
    night = night_with()
    play(night, example_1_hands())

    assert sorted(selectors.night_leftover(night, rules.LEFTOVER_SPLIT).values()) == [4, 4, 4, 4]


def test_an_empty_pot_hands_back_nothing():
    night = night_with()
    play(night, example_1_hands(4))

    assert selectors.night_leftover(night, rules.LEFTOVER_REFUND) == {}
