import pytest

from ledger import names
from ledger.models import Player
from ledger.services import tables as table_services
from tests.factories import PlayerFactory, TableFactory, night_with
from tests.tables.night_helpers import said
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(host):
    return TableFactory(owner=host)


# --- adding -------------------------------------------------------------------------


def test_adding_a_player_puts_them_on_the_table_page(client, table):
    response = client.post(f"/tables/{table.pk}/players/add/", {"name": "  Ann  "})

    assert response.status_code == 302
    assert response.url == f"/tables/{table.pk}/"
    assert list(table.players.values_list("name", flat=True)) == ["Ann"]
    assert "Ann" in client.get(response.url).content.decode()


def test_with_htmx_adding_a_player_swaps_only_the_players_section(client, table):
    response = client.post(
        f"/tables/{table.pk}/players/add/", {"name": "Ann"}, HTTP_HX_REQUEST="true"
    )

    content = response.content.decode()
    assert response.status_code == 200
    assert content.lstrip().startswith('<section id="players"')
    assert f"Ann now plays at {table.name}." in content
    assert "autofocus" in content
    assert "<html" not in content
    assert table.players.filter(name="Ann").exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", said(names.PLAYER_NAME_REQUIRED)),
        ("x" * 41, said(names.PLAYER_NAME_TOO_LONG)),
        (
            "Ann\u200b",
            said(names.NAME_HIDDEN_CHARACTER, char="U+200B ZERO WIDTH SPACE"),
        ),
        ("ann", said(table_services.PLAYER_NAME_TAKEN, name="ann")),
    ],
)
def test_a_bad_name_is_refused_by_name_and_adds_nobody(client, table, name, message):
    PlayerFactory(table=table, name="Ann")

    response = client.post(f"/tables/{table.pk}/players/add/", {"name": name})

    assert refused(response) == [f"Name: {message}"]
    assert message in response.context["add_form"].errors["name"]
    assert table.players.count() == 1


def test_with_htmx_a_bad_name_shows_its_error_in_the_players_section(client, table):
    response = client.post(f"/tables/{table.pk}/players/add/", {"name": ""}, HTTP_HX_REQUEST="true")

    content = response.content.decode()
    assert content.lstrip().startswith('<section id="players"')
    assert said(names.PLAYER_NAME_REQUIRED) in content
    assert not table.players.exists()


def test_only_the_host_adds_players_to_a_table(client, host):
    theirs = TableFactory()

    assert client.post(f"/tables/{theirs.pk}/players/add/", {"name": "Ann"}).status_code == 404
    client.logout()
    mine = TableFactory(owner=host)
    response = client.post(f"/tables/{mine.pk}/players/add/", {"name": "Ann"})
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    assert not Player.objects.exists()


def test_adding_a_player_takes_a_post(client, table):
    assert client.get(f"/tables/{table.pk}/players/add/").status_code == 405


# --- renaming ------------------------------------------------------------------------


def test_renaming_keeps_the_player_and_their_history(client, table):
    night = night_with(["Ann", "Bob"], table=table)
    ann = table.players.get(name="Ann")

    form = client.get(f"/players/{ann.pk}/rename/")
    assert form.context["form"]["name"].value() == "Ann"
    response = client.post(f"/players/{ann.pk}/rename/", {"name": "Annie"})

    assert response.url == f"/tables/{table.pk}/"
    ann.refresh_from_db()
    assert ann.name == "Annie"
    assert night.seats.filter(player=ann).exists()


def test_renaming_to_a_name_already_at_the_table_is_refused(client, table):
    ann = PlayerFactory(table=table, name="Ann")
    PlayerFactory(table=table, name="Bob")

    response = client.post(f"/players/{ann.pk}/rename/", {"name": "BOB"})

    assert (
        said(table_services.PLAYER_NAME_TAKEN, name="BOB")
        in response.context["form"].errors["name"]
    )
    assert "Rename Ann" in response.content.decode()
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_changing_only_the_case_of_a_name_is_allowed(client, table):
    ann = PlayerFactory(table=table, name="ann")

    client.post(f"/players/{ann.pk}/rename/", {"name": "Ann"})

    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_only_the_host_renames_a_player(client, host):
    theirs = PlayerFactory(name="Ann")

    assert client.get(f"/players/{theirs.pk}/rename/").status_code == 404
    assert client.post(f"/players/{theirs.pk}/rename/", {"name": "Mine"}).status_code == 404
    client.logout()
    mine = PlayerFactory(table=TableFactory(owner=host))
    response = client.get(f"/players/{mine.pk}/rename/")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    theirs.refresh_from_db()
    assert theirs.name == "Ann"


# --- retiring and bringing back ---------------------------------------------------


def test_retiring_a_player_keeps_them_listed_apart(client, table):
    ann = PlayerFactory(table=table, name="Ann")

    response = client.post(f"/players/{ann.pk}/retire/")

    assert response.url == f"/tables/{table.pk}/"
    ann.refresh_from_db()
    assert ann.retired_at is not None
    page = client.get(response.url)
    assert page.context["players"] == []
    assert page.context["retired"] == [ann]


def test_bringing_a_player_back_makes_them_available_again(client, table):
    ann = PlayerFactory(table=table, name="Ann")
    table_services.player_retire(player=ann)

    response = client.post(f"/players/{ann.pk}/unretire/")

    assert response.url == f"/tables/{table.pk}/"
    ann.refresh_from_db()
    assert ann.retired_at is None


def test_with_htmx_retiring_swaps_the_players_section(client, table):
    ann = PlayerFactory(table=table, name="Ann")

    response = client.post(f"/players/{ann.pk}/retire/", HTTP_HX_REQUEST="true")

    content = response.content.decode()
    assert content.lstrip().startswith('<section id="players"')
    assert "Retired players (1)" in content
    assert "Bring back" in content


@pytest.mark.parametrize("action", ["retire", "unretire"])
def test_only_the_host_retires_or_brings_back_a_player(client, host, action):
    theirs = PlayerFactory()

    assert client.post(f"/players/{theirs.pk}/{action}/").status_code == 404
    assert client.get(f"/players/{theirs.pk}/{action}/").status_code == 405
    client.logout()
    mine = PlayerFactory(table=TableFactory(owner=host))
    response = client.post(f"/players/{mine.pk}/{action}/")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")
    theirs.refresh_from_db()
    mine.refresh_from_db()
    assert theirs.retired_at is None
    assert mine.retired_at is None
