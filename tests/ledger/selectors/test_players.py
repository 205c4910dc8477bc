from decimal import Decimal

import pytest

from ledger import rules
from ledger.models import Player
from ledger.selectors.players import player_stats
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from tests.factories import TableFactory, night_with
from tests.ledger.helpers import hand_data
from tests.ledger.stats_nights import play_example_1

pytestmark = pytest.mark.django_db


def _stats(night, name):
    return player_stats(Player.objects.get(table=night.table, name=name))


def test_worked_example_1_gives_ann_her_hands_stays_wins_and_bourre():
    night = play_example_1()

    ann = _stats(night, "Ann")

    assert ann.nights_played == 1
    assert ann.hands_dealt_in == 6  # seven hands, one a misdeal
    assert (ann.stays, ann.wins, ann.bourres, ann.reneges) == (4, 1, 1, 0)
    assert ann.stay_rate == Decimal("66.7")
    assert ann.win_rate == Decimal("25.0")
    assert ann.bourre_rate == Decimal("25.0")
    assert ann.biggest_pot_won == 28
    assert ann.biggest_bourre_paid == 12
    assert ann.net.chips == 12
    assert ann.net.money == {"USD": Decimal("12.00")}
    assert (ann.streak.direction, ann.streak.nights) == ("up", 1)


def test_worked_example_1_counts_cys_renege_and_dees_even_night():
    night = play_example_1()

    cy, dee, bob = (_stats(night, name) for name in ("Cy", "Dee", "Bob"))

    assert (cy.stays, cy.wins, cy.bourres, cy.reneges) == (3, 1, 0, 1)
    assert cy.biggest_pot_won == 8
    assert cy.biggest_bourre_paid is None
    assert (dee.wins, dee.bourres, dee.biggest_pot_won, dee.biggest_bourre_paid) == (1, 1, 12, 8)
    assert dee.net.chips == 0
    assert dee.streak.nights == 0
    assert bob.win_rate == Decimal("0.0")
    assert (bob.net.chips, bob.streak.direction) == (-16, "down")


def test_a_corrected_hand_counts_once_with_its_corrected_facts():
    night = night_with()
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}),
        by=night.started_by,
    )

    correction_services.hand_correct(
        night=night,
        number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 0, "Cy": 5}}),
        reason="Tricks were swapped",
        by=night.started_by,
    )

    bob, cy = _stats(night, "Bob"), _stats(night, "Cy")
    assert (bob.stays, bob.wins, bob.bourres, bob.biggest_pot_won) == (1, 0, 1, None)
    assert (cy.stays, cy.wins, cy.bourres, cy.biggest_pot_won) == (1, 1, 0, 4)


def test_a_player_sitting_a_hand_out_is_not_dealt_in():
    night = night_with()
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(
            night, {"dealer": "Ann", "seated": ["Ann", "Bob", "Cy"], "stayed": {"Bob": None}}
        ),
        by=night.started_by,
    )

    assert _stats(night, "Dee").hands_dealt_in == 0
    assert _stats(night, "Ann").hands_dealt_in == 1
    assert _stats(night, "Dee").stay_rate is None


def test_an_open_night_is_played_but_not_yet_counted_in_the_net():
    night = night_with()
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}),
        by=night.started_by,
    )

    bob = _stats(night, "Bob")

    assert bob.nights_played == 1
    assert bob.nights[0].chips == 3
    assert bob.nights[0].cumulative_chips is None
    assert bob.net.chips == 0
    assert bob.best_night is None


def _night(table, winner, loser):
    night = night_with(("Ann", "Bob"), table=table)
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {winner: 5, loser: 0}}),
        by=night.started_by,
    )
    return night_services.night_close(night=night, by=night.started_by)


def test_the_streak_counts_back_from_the_latest_night_while_it_goes_the_same_way():
    table = TableFactory(rules=rules.HouseRules(chip_value=Decimal("0.25")).to_dict())
    for winner, loser in [("Bob", "Ann"), ("Ann", "Bob"), ("Ann", "Bob"), ("Ann", "Bob")]:
        _night(table, winner, loser)

    ann = player_stats(Player.objects.get(table=table, name="Ann"))

    assert (ann.streak.direction, ann.streak.nights) == ("up", 3)
    # Each night the winner takes the 2-chip pot; the bourré's 2 chips go back at closing.
    assert ann.net.chips == 2
    assert ann.net.money == {"USD": Decimal("0.50")}
    assert ann.worst_night.chips == -1
    assert ann.best_night.chips == 1
    # Newest first, as the page lists them; the chart oldest first.
    assert [n.cumulative_chips for n in ann.nights] == [2, 1, 0, -1]
    assert [n.cumulative_chips for n in ann.chart] == [-1, 0, 1, 2]
