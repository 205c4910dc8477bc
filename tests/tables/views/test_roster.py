import pytest
from django.utils.html import escape

from ledger import errors as err
from ledger.models import Player, Seat
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from ledger.services import tables as table_services
from tables.forms import night_join
from tests.factories import NightFactory, PlayerFactory, TableFactory, night_with
from tests.ledger.helpers import hand_data, ids
from tests.tables.night_helpers import said
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(client):
    """A night of three, its host signed in."""
    night = NightFactory(names=["Ann", "Bob", "Cy"])
    client.force_login(night.table.owner)
    return night


def _roster(night):
    return [
        (seat.player.name, seat.active)
        for seat in Seat.objects.filter(night=night).select_related("player").order_by("position")
    ]


def _join(client, night, **data):
    return client.post(f"/nights/{night.pk}/join/", {"player": "", "new_name": "", **data})


# --- joining --------------------------------------------------------------------------


def test_the_join_form_offers_table_players_not_seated_and_describes_each_seat(client, night):
    PlayerFactory(table=night.table, name="Dee")
    retired = PlayerFactory(table=night.table, name="Zed")
    table_services.player_retire(player=retired)

    response = client.get(f"/nights/{night.pk}/join/")

    form = response.context["form"]
    assert [label for _, label in form.fields["player"].choices][1:] == ["Dee"]
    assert [label for _, label in form.fields["position"].choices] == [
        "Seat 1: first, before Ann",
        "Seat 2: between Ann and Bob",
        "Seat 3: between Bob and Cy",
        "Seat 4: last, after Cy",
    ]
    assert form["position"].value() == "4"


def test_a_table_player_joins_at_the_chosen_seat(client, night):
    dee = PlayerFactory(table=night.table, name="Dee")

    response = _join(client, night, player=str(dee.pk), position="2")

    assert response.status_code == 302
    assert response.url == f"/nights/{night.pk}/"
    assert _roster(night) == [("Ann", True), ("Dee", True), ("Bob", True), ("Cy", True)]


def test_someone_new_joins_the_table_and_the_night_together(client, night):
    response = _join(client, night, new_name="Eve", position="4")

    assert response.url == f"/nights/{night.pk}/"
    assert night.table.players.filter(name="Eve").exists()
    assert _roster(night)[-1] == ("Eve", True)


def test_a_new_name_already_at_the_table_is_refused_and_nothing_is_written(client, night):
    response = _join(client, night, new_name="bob", position="4")

    message = said(table_services.PLAYER_NAME_TAKEN, name="bob")
    assert refused(response) == [message]
    assert message in response.context["form"].non_field_errors()
    assert night.table.players.count() == 3
    assert len(_roster(night)) == 3


def test_a_new_player_is_not_added_to_the_table_when_the_night_refuses_them(client, night, host):
    night_services.night_close(night=night, by=host)

    response = _join(client, night, new_name="Eve", position="4")

    assert said(err.NIGHT_CLOSED) in response.context["form"].non_field_errors()
    assert not Player.objects.filter(name="Eve").exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"position": "4"}, night_join.JOIN_PICK_ONE),
        ({"new_name": "Eve", "player": "DEE", "position": "4"}, night_join.JOIN_NOT_BOTH),
    ],
)
def test_it_needs_exactly_one_of_a_player_and_a_new_name(client, night, data, message):
    dee = PlayerFactory(table=night.table, name="Dee")
    data = {**data, "player": str(dee.pk) if data.get("player") else ""}

    response = _join(client, night, **data)

    assert message in response.context["form"].non_field_errors()
    assert len(_roster(night)) == 3
    assert night.table.players.count() == 4


def test_a_seat_that_does_not_exist_is_refused(client, night):
    response = _join(client, night, new_name="Eve", position="9")

    assert "position" in response.context["form"].errors
    assert not Player.objects.filter(name="Eve").exists()


def test_someone_who_left_comes_back_to_their_old_seat(client, night, host):
    bob = night.table.players.get(name="Bob")
    roster_services.night_seat_leave(night=night, player=bob, by=host)

    form = client.get(f"/nights/{night.pk}/join/").context["form"]
    assert (str(bob.pk), "Bob (back in seat 2)") in form.fields["player"].choices
    assert ("2", "Seat 2: between Ann and Bob (left)") in form.fields["position"].choices
    _join(client, night, player=str(bob.pk), position="4")

    assert _roster(night) == [("Ann", True), ("Bob", True), ("Cy", True)]


def test_a_closed_night_says_so_instead_of_offering_the_form(client, night, host):
    night_services.night_close(night=night, by=host)

    content = client.get(f"/nights/{night.pk}/join/").content.decode()

    assert said(err.NIGHT_CLOSED) in content
    assert "Seat them" not in content


def test_only_the_host_seats_someone_at_a_night(client, host, night):
    theirs = night_with(["Ann", "Bob"])
    eve = PlayerFactory(table=theirs.table, name="Eve")

    assert client.get(f"/nights/{theirs.pk}/join/").status_code == 404
    assert _join(client, theirs, player=str(eve.pk), position="3").status_code == 404
    client.logout()
    response = _join(client, night, new_name="Eve", position="4")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    assert len(_roster(theirs)) == 2
    assert len(_roster(night)) == 3


# --- leaving --------------------------------------------------------------------------


def test_the_join_page_leads_to_sending_each_seated_player_home(client, night):
    names = ids(night)
    cy = Player.objects.get(pk=names["Cy"])
    roster_services.night_seat_leave(night=night, player=cy, by=night.started_by)

    content = client.get(f"/nights/{night.pk}/join/").content.decode()

    assert f'href="/nights/{night.pk}/leave/{names["Ann"]}/"' in content
    assert f'href="/nights/{night.pk}/leave/{names["Bob"]}/"' in content
    assert f"/leave/{names['Cy']}/" not in content


def test_leaving_asks_first_and_shows_the_balance_kept(client, night):
    names = ids(night)
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(
            night, {"dealer": "Ann", "seated": ["Ann", "Bob", "Cy"], "stayed": {"Bob": 5}}
        ),
        by=night.started_by,
    )

    response = client.get(f"/nights/{night.pk}/leave/{names['Bob']}/")

    content = response.content.decode()
    assert response.status_code == 200
    assert "Bob leaves?" in content
    assert "+2 chips" in content
    assert all(active for _, active in _roster(night))


def test_leaving_takes_the_player_out_of_the_deal_but_keeps_their_seat(client, night):
    bob = ids(night)["Bob"]

    response = client.post(f"/nights/{night.pk}/leave/{bob}/")

    assert response.url == f"/nights/{night.pk}/"
    assert _roster(night) == [("Ann", True), ("Bob", False), ("Cy", True)]


@pytest.mark.parametrize("method", ["get", "post"])
def test_someone_not_playing_tonight_cannot_leave(client, night, method):
    dee = PlayerFactory(table=night.table, name="Dee")

    response = getattr(client, method)(f"/nights/{night.pk}/leave/{dee.pk}/")

    assert response.status_code == 400
    content = response.content.decode()
    assert escape(said(err.PLAYER_NOT_SEATED_TONIGHT, night, player="Dee")) in content
    assert "Dee leaves</button>" not in content


def test_nobody_leaves_a_closed_night(client, night, host):
    night_services.night_close(night=night, by=host)
    bob = ids(night)["Bob"]

    response = client.post(f"/nights/{night.pk}/leave/{bob}/")

    assert said(err.NIGHT_CLOSED) in response.content.decode()
    assert _roster(night)[1] == ("Bob", True)


def test_a_player_of_another_table_is_not_found_at_this_night(client, host, night):
    other_table_player = PlayerFactory(table=TableFactory(owner=host), name="Bob")

    response = client.post(f"/nights/{night.pk}/leave/{other_table_player.pk}/")

    assert response.status_code == 404


@pytest.mark.parametrize("method", ["get", "post"])
def test_only_the_host_sends_someone_home(client, host, night, method):
    theirs = night_with(["Ann", "Bob"])
    their_bob = ids(theirs)["Bob"]

    assert getattr(client, method)(f"/nights/{theirs.pk}/leave/{their_bob}/").status_code == 404
    client.logout()
    bob = ids(night)["Bob"]
    response = getattr(client, method)(f"/nights/{night.pk}/leave/{bob}/")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    assert all(active for _, active in _roster(theirs) + _roster(night))
