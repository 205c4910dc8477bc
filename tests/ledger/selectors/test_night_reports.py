import pytest

from ledger.selectors.night_reports import night_history
from tests.ledger.helpers import ids
from tests.ledger.stats_nights import play_example_1
from tests.ledger.worked_examples import EXAMPLE_1

pytestmark = pytest.mark.django_db


def test_the_history_has_every_balance_and_pot_after_each_hand_of_worked_example_1():
    night = play_example_1(close=False)
    by_name = ids(night)

    history = night_history(night)

    assert history.pots == [0] + [pot for _, pot, _ in EXAMPLE_1["hands"]]
    for seat, name in enumerate(EXAMPLE_1["roster"]):
        expected = [0] + [balances[seat] for _, _, balances in EXAMPLE_1["hands"]]
        assert history.balances[by_name[name]] == expected, name


def test_the_log_describes_each_hand_in_words():
    night = play_example_1()

    log = night_history(night).log

    assert [row.stayed_text for row in log[:3]] == [
        "Bob 2, Cy 2, Dee 1",
        "Cy 3, Dee 0, Ann 2",
        "Dee 5, Ann 0, Bob 0",
    ]
    assert log[3].stayed_text == "Ann alone"
    assert log[4].stayed_text == "nobody stayed"
    assert log[5].stayed_text == "misdeal"
    assert (log[1].winner, log[1].takes, log[1].payments_text) == ("Cy", 8, "Dee bourré 8")
    assert log[6].payments_text == "Cy renege 8"
    assert log[0].winner == ""
