import pytest

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import InvalidInput
from ledger.models import Hand, Seat
from ledger.selectors.hand_screen import hand_screen
from ledger.services import roster as roster_services
from ledger.services import tables as table_services
from ledger.verify import verify_night
from tests.factories import PlayerFactory, night_with
from tests.ledger.helpers import ids, record_all
from tests.ledger.nights import row_counts

pytestmark = pytest.mark.django_db


def roster(night):
    return list(
        Seat.objects.filter(night=night).order_by("position").values_list("player__name", flat=True)
    )


def join(night, name, position):
    player = PlayerFactory(table=night.table, name=name)
    return roster_services.night_seat_join(
        night=night, player=player, position=position, by=night.started_by
    )


def test_a_late_arrival_gets_a_seat_and_later_seats_move_along():
    night = night_with(["Ann", "Bob", "Cy"])
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}])

    seat = join(night, "Dee", 2)

    assert (seat.position, seat.active) == (1, True)
    assert roster(night) == ["Ann", "Dee", "Bob", "Cy"]
    assert selectors.night_balances(night)[seat.player_id] == 0


def test_a_late_arrival_can_be_seated_in_the_next_hand():
    night = night_with(["Ann", "Bob", "Cy"])
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}])
    join(night, "Dee", 4)
    hand_one = Hand.objects.get(night=night, number=1).state_after

    assert ids(night)["Dee"] in hand_screen(night).next.seated
    record_all(night, [{"dealer": "Bob", "stayed": {"Dee": 3, "Cy": 2}}], start=2)

    by_name = ids(night)
    balances = selectors.night_balances(night)
    # Hand 2: pot 3 carried + 4 antes = 7 for Dee.
    assert balances[by_name["Dee"]] == -1 + 7
    assert Hand.objects.get(night=night, number=1).state_after == hand_one
    assert by_name["Dee"] in hand_screen(night).next.seated
    assert verify_night(night) == []


def test_a_late_arrival_at_the_first_seat_plays_in_order():
    night = night_with(["Ann", "Bob", "Cy"])
    record_all(night, [{"dealer": "Ann", "stayed": {}}])
    join(night, "Dee", 1)

    record_all(night, [{"dealer": "Cy", "stayed": {"Dee": 1, "Ann": 4}}], start=2)

    assert roster(night) == ["Dee", "Ann", "Bob", "Cy"]
    assert verify_night(night) == []


def test_leaving_keeps_the_balance_and_the_seat_but_not_the_next_hand():
    night = night_with(["Ann", "Bob", "Cy"])
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}])
    cy = night.seats.get(position=2).player
    before = selectors.night_balances(night)

    seat = roster_services.night_seat_leave(night=night, player=cy, by=night.started_by)

    assert (seat.position, seat.active) == (2, False)
    assert selectors.night_balances(night) == before
    assert cy.pk not in hand_screen(night).next.seated
    assert roster(night) == ["Ann", "Bob", "Cy"]


def test_coming_back_takes_the_old_seat_again():
    night = night_with(["Ann", "Bob", "Cy"])
    cy = night.seats.get(position=2).player
    roster_services.night_seat_leave(night=night, player=cy, by=night.started_by)

    seat = roster_services.night_seat_join(night=night, player=cy, position=1, by=night.started_by)

    assert (seat.position, seat.active) == (2, True)
    assert roster(night) == ["Ann", "Bob", "Cy"]


def test_a_player_already_seated_cannot_join_again():
    night = night_with(["Ann", "Bob"])
    ann = night.seats.get(position=0).player

    with pytest.raises(InvalidInput) as caught:
        roster_services.night_seat_join(night=night, player=ann, position=1, by=night.started_by)

    assert caught.value.problems == [err.PLAYER_ALREADY_SEATED(player=ann.pk)]


def test_a_late_arrival_cannot_join_a_full_roster():
    night = night_with([f"Player {i}" for i in range(rules.MAX_ROSTER)])
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        join(night, "Eve", 1)

    assert caught.value.problems == [rules.errors.ROSTER_TOO_LARGE(limit=40, count=41)]
    assert Seat.objects.filter(night=night).count() == 40
    assert row_counts()["ledger.RosterChange"] == counts["ledger.RosterChange"]


@pytest.mark.parametrize("position", [0, 4, -1, "2"])
def test_a_seat_that_does_not_exist_is_refused(position):
    night = night_with(["Ann", "Bob"])
    dee = PlayerFactory(table=night.table, name="Dee")
    counts = row_counts()

    with pytest.raises(InvalidInput) as caught:
        roster_services.night_seat_join(
            night=night, player=dee, position=position, by=night.started_by
        )

    assert caught.value.problems == [err.SEAT_POSITION_INVALID(position=position, last=3)]
    assert row_counts() == counts


def test_a_player_of_another_table_or_a_retired_one_cannot_join():
    night = night_with(["Ann", "Bob"])
    stranger = PlayerFactory(name="Zed")
    retired = table_services.player_retire(player=PlayerFactory(table=night.table, name="Old"))

    with pytest.raises(InvalidInput) as caught:
        roster_services.night_seat_join(
            night=night, player=stranger, position=1, by=night.started_by
        )
    assert caught.value.problems == [err.PLAYER_NOT_AT_TABLE(id=stranger.pk)]

    with pytest.raises(InvalidInput) as caught:
        roster_services.night_seat_join(
            night=night, player=retired, position=1, by=night.started_by
        )
    assert caught.value.problems == [err.PLAYER_RETIRED(player=retired.pk)]


def test_someone_not_on_the_roster_cannot_leave():
    night = night_with(["Ann", "Bob"])
    dee = PlayerFactory(table=night.table, name="Dee")

    with pytest.raises(InvalidInput) as caught:
        roster_services.night_seat_leave(night=night, player=dee, by=night.started_by)

    assert caught.value.problems == [err.PLAYER_NOT_SEATED_TONIGHT(player=dee.pk)]


def test_every_join_leave_and_return_is_logged_with_who_and_when():
    from ledger.models import RosterChange

    night = night_with(["Ann", "Bob", "Cy"])
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}])
    dee = join(night, "Dee", 2)
    bob = Seat.objects.get(night=night, player__name="Bob").player
    roster_services.night_seat_leave(night=night, player=bob, by=night.started_by)
    roster_services.night_seat_join(night=night, player=bob, position=1, by=night.started_by)

    changes = list(
        RosterChange.objects.filter(night=night).values_list(
            "player__name", "change", "position", "after_hand", "created_by"
        )
    )

    assert changes == [
        ("Dee", "join", 1, 1, night.started_by.pk),
        ("Bob", "leave", 2, 1, night.started_by.pk),
        ("Bob", "return", 2, 1, night.started_by.pk),
    ]
    assert dee.position == 1


def test_leaving_twice_is_refused_and_logged_once():
    night = night_with(["Ann", "Bob", "Cy"])
    bob = Seat.objects.get(night=night, player__name="Bob").player
    roster_services.night_seat_leave(night=night, player=bob, by=night.started_by)

    with pytest.raises(InvalidInput) as caught:
        roster_services.night_seat_leave(night=night, player=bob, by=night.started_by)

    assert caught.value.problems == [err.PLAYER_ALREADY_LEFT(player=bob.pk)]
    assert night.roster_changes.count() == 1


def test_a_newcomer_joins_the_table_and_the_night_or_neither():
    from ledger.models import Player

    night = night_with(["Ann", "Bob", "Cy"])

    seat = roster_services.night_seat_join_newcomer(
        night=night, name="Eve", position=2, by=night.started_by
    )
    with pytest.raises(InvalidInput):
        roster_services.night_seat_join_newcomer(
            night=night, name="Zed", position=9, by=night.started_by
        )

    assert (seat.player.name, seat.position) == ("Eve", 1)
    assert not Player.objects.filter(table=night.table, name="Zed").exists()
