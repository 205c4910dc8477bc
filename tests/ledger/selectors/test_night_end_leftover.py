"""What the close screen says each way of handing back the pot would give."""

import pytest

from ledger import rules, selectors
from ledger.models import Entry
from ledger.selectors.night_end import close_screen, leftover_back
from ledger.selectors.night_state import night_next_state
from ledger.selectors.seats import night_roster
from tests.factories import night_with
from tests.ledger.helpers import ids
from tests.ledger.worked_examples import EXAMPLE_1
from tests.tables.night_helpers import example_1_hands, play

pytestmark = pytest.mark.django_db


def handed_back(night, policy: str) -> dict[int, int]:
    """Player id -> chips that the close screen says closing by ``policy`` would give."""
    choice = close_screen(night).choices[policy]
    assert choice.problems == ()
    return {player.id: chips for player, chips in choice.back}


def test_refund_hands_back_each_players_share_without_writing():
    night = night_with()
    play(night, example_1_hands())
    entries = Entry.objects.count()

    back = handed_back(night, rules.LEFTOVER_REFUND)

    by_id = {player_id: name for name, player_id in ids(night).items()}
    assert {by_id[p]: chips for p, chips in back.items()} == EXAMPLE_1["leftover"]
    assert Entry.objects.count() == entries
    assert selectors.night_pot(night) == 16


def test_split_shares_the_pot_among_the_last_hands_players():
    night = night_with()
    play(night, example_1_hands())

    assert sorted(handed_back(night, rules.LEFTOVER_SPLIT).values()) == [4, 4, 4, 4]


def test_an_empty_pot_hands_back_nothing():
    night = night_with()
    play(night, example_1_hands(4))
    state = night_next_state(night, night_roster(night))[1]

    assert close_screen(night).choices == {}
    assert leftover_back(night.house_rules, state, rules.LEFTOVER_REFUND) == {}
