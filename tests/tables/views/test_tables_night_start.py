import re

import pytest

from ledger import errors as err
from ledger.models import Night, Seat
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from ledger.services import tables as table_services
from tables.forms import night_start as forms
from tests.factories import NightFactory, PlayerFactory, TableFactory, UserFactory, night_with
from tests.tables.night_helpers import said
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(host):
    table = TableFactory(owner=host)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        PlayerFactory(table=table, name=name)
    return table


def _players(table):
    return {p.name: p for p in table.players.all()}


def _post(client, table, seats, dealer, **more):
    players = _players(table)
    data = {f"seat_{players[name].pk}": str(seat) for name, seat in seats.items()}
    data["first_dealer"] = str(players[dealer].pk) if dealer else ""
    return client.post(f"/tables/{table.pk}/nights/new/", {**data, **more})


def _seated(night):
    return list(
        Seat.objects.filter(night=night).order_by("position").values_list("player__name", flat=True)
    )


def test_the_form_offers_every_player_still_playing(client, table):
    table_services.player_retire(player=table.players.get(name="Dee"))

    response = client.get(f"/tables/{table.pk}/nights/new/")

    form = response.context["form"]
    assert [f.label for f in form.seat_fields()] == ["Ann", "Bob", "Cy"]
    html = response.content.decode()
    players = _players(table)
    for name in ("Ann", "Bob", "Cy"):
        assert f'name="seat_add" value="{players[name].pk}"' in html
    assert f'value="{players["Dee"].pk}"' not in html


def test_starting_a_night_seats_the_players_in_the_chosen_order(client, table):
    response = _post(client, table, {"Cy": 1, "Ann": 2, "Dee": 3, "Bob": 4}, dealer="Ann")

    night = Night.objects.get(table=table)
    assert response.status_code == 302
    assert response.url == f"/nights/{night.pk}/"
    assert _seated(night) == ["Cy", "Ann", "Dee", "Bob"]
    assert night.first_dealer.name == "Ann"
    assert night.rules == table.rules


def test_players_left_at_not_playing_sit_the_night_out_and_gaps_close_up(client, table):
    _post(client, table, {"Bob": 2, "Dee": 4, "Ann": ""}, dealer="Bob")

    assert _seated(Night.objects.get(table=table)) == ["Bob", "Dee"]


def test_the_seats_start_from_last_nights_order(client, table, host):
    players = _players(table)
    last = night_services.night_start(
        table=table,
        players=[players["Dee"], players["Bob"], players["Ann"]],
        first_dealer=players["Bob"],
        by=host,
    )
    roster_services.night_seat_leave(night=last, player=players["Bob"], by=host)

    form = client.get(f"/tables/{table.pk}/nights/new/").context["form"]

    assert form[f"seat_{players['Dee'].pk}"].value() == "1"
    assert form[f"seat_{players['Ann'].pk}"].value() == "2"
    assert form[f"seat_{players['Bob'].pk}"].value() is None
    assert form[f"seat_{players['Cy'].pk}"].value() is None


def test_last_nights_seating_comes_with_who_would_have_dealt_next(client, table):
    # Hand 3 was Cy's deal: Dee deals hand 4.
    NightFactory(names=["Ann", "Bob", "Cy", "Dee"], table=table, hands=3, closed=True)

    form = client.get(f"/tables/{table.pk}/nights/new/").context["form"]

    assert form["first_dealer"].value() == str(_players(table)["Dee"].pk)


def test_a_next_dealer_who_left_last_night_is_not_offered_as_first_dealer(client, table, host):
    night = NightFactory(names=["Ann", "Bob", "Cy", "Dee"], table=table, hands=3)
    roster_services.night_seat_leave(night=night, player=_players(table)["Dee"], by=host)

    form = client.get(f"/tables/{table.pk}/nights/new/").context["form"]

    # Dee left: the deal passes on to Ann, who sits on.
    assert form["first_dealer"].value() == str(_players(table)["Ann"].pk)


def test_a_night_without_hands_offers_its_own_first_dealer(client, table):
    NightFactory(names=["Ann", "Bob", "Cy"], table=table, dealer="Bob")

    form = client.get(f"/tables/{table.pk}/nights/new/").context["form"]

    assert form["first_dealer"].value() == str(_players(table)["Bob"].pk)


@pytest.mark.parametrize(
    ("seats", "dealer", "field", "message"),
    [
        ({"Ann": 1, "Bob": 2}, None, "first_dealer", forms.FIRST_DEALER_REQUIRED),
        (
            {"Ann": 1, "Bob": 1, "Cy": 2},
            "Ann",
            None,
            forms.SEAT_CHOSEN_TWICE % {"first": "Ann", "second": "Bob", "seat": 1},
        ),
        ({"Ann": 1}, "Ann", None, said(err.ROSTER_TOO_SMALL)),
        (
            {"Ann": 1, "Bob": 2},
            "Cy",
            None,
            lambda table: said(err.FIRST_DEALER_NOT_PLAYING, table, player="Cy"),
        ),
    ],
)
def test_bad_input_is_refused_by_name_and_starts_nothing(
    client, table, seats, dealer, field, message
):
    response = _post(client, table, seats, dealer)
    if callable(message):
        message = message(table)

    problems = refused(response)
    form = response.context["form"]
    if field:
        assert message in form.errors[field]
    assert any(line.endswith(str(message)) for line in problems), problems
    assert not Night.objects.exists()
    assert not Seat.objects.exists()


def test_a_player_of_another_table_cannot_be_slipped_in(client, table):
    stranger = PlayerFactory(name="Eve")
    players = _players(table)

    client.post(
        f"/tables/{table.pk}/nights/new/",
        {
            f"seat_{players['Ann'].pk}": "1",
            f"seat_{stranger.pk}": "2",
            "first_dealer": str(stranger.pk),
        },
    )

    assert not Night.objects.exists()


def test_a_table_without_players_says_to_add_them_first(client, host):
    table = TableFactory(owner=host)

    content = client.get(f"/tables/{table.pk}/nights/new/").content.decode()

    assert "No players yet" in content
    assert f'href="/tables/{table.pk}/#players"' in content


def test_only_the_host_starts_a_night(client, host, table):
    theirs = night_with(["Ann", "Bob"]).table

    assert client.get(f"/tables/{theirs.pk}/nights/new/").status_code == 404
    assert _post(client, theirs, {"Ann": 1, "Bob": 2}, dealer="Ann").status_code == 404
    client.logout()
    response = _post(client, table, {"Ann": 1, "Bob": 2}, dealer="Ann")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    assert Night.objects.count() == 1


def test_start_tapped_three_times_opens_one_night_and_each_tap_lands_on_it(client, table):
    page = client.get(f"/tables/{table.pk}/nights/new/").content.decode()
    key = re.search(r'name="key" value="([0-9a-f]+)"', page).group(1)

    answers = [
        _post(client, table, {"Ann": 1, "Bob": 2, "Cy": 3}, dealer="Ann", key=key) for _ in range(3)
    ]

    night = Night.objects.get(table=table)
    assert [a.url for a in answers] == [f"/nights/{night.pk}/"] * 3
    assert _seated(night) == ["Ann", "Bob", "Cy"]


def test_each_start_page_has_its_own_key_so_two_nights_can_be_started(client, table):
    keys = {
        re.search(r'name="key" value="([0-9a-f]+)"', client.get(url).content.decode()).group(1)
        for url in [f"/tables/{table.pk}/nights/new/"] * 2
    }
    for key in keys:
        _post(client, table, {"Ann": 1, "Bob": 2}, dealer="Ann", key=key)

    assert len(keys) == 2
    assert Night.objects.filter(table=table).count() == 2


def test_a_key_reused_with_other_seats_is_refused_by_name(client, table):
    _post(client, table, {"Ann": 1, "Bob": 2}, dealer="Ann", key="abc")

    response = _post(client, table, {"Ann": 1, "Cy": 2}, dealer="Ann", key="abc")

    assert refused(response) == [said(err.NIGHT_KEY_REUSED)]
    assert Night.objects.filter(table=table).count() == 1


# --- a tap a player in seat order, a tap for the first dealer (issue 15) -------------


def _tap(client, table, name: str, value: str, seats: dict, dealer="", htmx=False):
    players = _players(table)
    data = {f"seat_{players[n].pk}": str(seat) for n, seat in seats.items()}
    data["first_dealer"] = str(players[dealer].pk) if dealer else ""
    data[f"seat_{name}"] = value
    headers = {"HX-Request": "true"} if htmx else None
    return client.post(f"/tables/{table.pk}/nights/new/", data, headers=headers)


def _seats_shown(html: str) -> dict[str, str]:
    return dict(re.findall(r'name="seat_(\d+)" value="(\d+)"', html))


def test_each_tapped_player_takes_the_next_seat_and_nothing_is_written(client, table):
    players = _players(table)

    response = _tap(client, table, "add", str(players["Ann"].pk), {"Cy": 1, "Bob": 2})

    assert response.status_code == 200
    assert _seats_shown(response.content.decode()) == {
        str(players["Cy"].pk): "1",
        str(players["Bob"].pk): "2",
        str(players["Ann"].pk): "3",
    }
    assert not Night.objects.exists()


def test_taking_a_player_out_moves_the_later_seats_up_and_forgets_them_as_dealer(client, table):
    players = _players(table)
    seats = {"Cy": 1, "Bob": 2, "Ann": 3}

    response = _tap(client, table, "remove", str(players["Bob"].pk), seats, dealer="Bob")

    html = response.content.decode()
    assert _seats_shown(html) == {str(players["Cy"].pk): "1", str(players["Ann"].pk): "2"}
    assert 'name="first_dealer" value="' in html
    assert " checked>" not in html.split('class="seated-list"')[1].split("</ol>")[0]


def test_clearing_the_seats_starts_the_order_again(client, table):
    response = _tap(client, table, "clear", "1", {"Cy": 1, "Bob": 2}, dealer="Cy")

    assert _seats_shown(response.content.decode()) == {}
    assert "Nobody has a seat yet." in response.content.decode()


def test_with_htmx_a_tap_answers_with_the_form_only(client, table):
    players = _players(table)

    response = _tap(client, table, "add", str(players["Dee"].pk), {}, htmx=True)

    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<form method="post" id="start-form"')
    assert _seats_shown(html) == {str(players["Dee"].pk): "1"}


def test_a_tap_for_a_player_of_another_table_seats_nobody(client, table):
    other = PlayerFactory(name="Zed")

    response = _tap(client, table, "add", str(other.pk), {"Ann": 1})

    assert _seats_shown(response.content.decode()) == {str(_players(table)["Ann"].pk): "1"}


def test_another_host_cannot_tap_seats_at_the_table(client, table):
    client.force_login(UserFactory())

    assert _tap(client, table, "add", str(_players(table)["Ann"].pk), {}).status_code == 404


def test_an_anonymous_tap_is_sent_to_sign_in(client, table):
    client.logout()

    response = _tap(client, table, "add", str(_players(table)["Ann"].pk), {})

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
