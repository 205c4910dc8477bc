import re
from decimal import Decimal

import pytest
from django.urls import NoReverseMatch, reverse
from django.utils import translation
from django.utils.translation import gettext, pgettext_lazy

from ledger import names, rules
from ledger.models import Table
from ledger.services import nights as night_services
from ledger.services import tables as table_services
from tables.forms import localized_numbers as numbers
from tables.forms.table import (
    RULE_LABELS,
    chip_value_too_precise,
    too_few_tricks,
    too_many_cards,
)
from tables.pages.table_page import TABLE_READY
from tests.factories import PlayerFactory, TableFactory, night_with
from tests.tables.night_helpers import said
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db

REQUIRED = object()  # a choice left out: Django's own words

# How a refusal writes a line about one field (tables.responses.form_problems).
FIELD_ERROR = pgettext_lazy("a form field's error", "%(field)s: %(error)s")


def _rules_post(name="Thursday game", **changes):
    data = {
        "name": name,
        "action": "save",
        "preset": "louisiana",
        "ante": "1",
        "tricks_per_hand": "5",
        "max_players": "7",
        "min_tricks_to_win": "1",
        "bourre_cap": "",
        "win_cap": "",
        "pot_cap": "",
        "leftover_pot": "refund",
        "chip_value": "0.25",
        "currency": "USD",
        "play_obligation": "beat_winner",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


# --- who may see what -------------------------------------------------------------


@pytest.mark.parametrize("path", ["/tables/", "/tables/new/"])
def test_the_table_list_and_new_table_form_need_a_signed_in_host(client, path):
    response = client.get(path)

    assert response.status_code == 302
    assert response.url == f"/accounts/login/?next={path}"


@pytest.mark.parametrize("suffix", ["", "edit/"])
def test_a_table_shows_to_its_host_only(client, host, suffix):
    mine, theirs = TableFactory(owner=host), TableFactory()

    assert client.get(f"/tables/{mine.pk}/{suffix}").status_code == 200
    assert client.get(f"/tables/{theirs.pk}/{suffix}").status_code == 404
    client.logout()
    response = client.get(f"/tables/{mine.pk}/{suffix}")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_another_host_cannot_edit_a_table(client, host):
    theirs = TableFactory(name="Theirs")

    response = client.post(f"/tables/{theirs.pk}/edit/", _rules_post(name="Mine now"))

    assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.name == "Theirs"


def test_an_anonymous_visitor_cannot_create_a_table(client):
    response = client.post("/tables/new/", _rules_post())

    assert response.status_code == 302
    assert not Table.objects.exists()


# --- my tables -----------------------------------------------------------------------


def test_my_tables_lists_only_mine_with_their_player_counts(client, host):
    mine = TableFactory(owner=host, name="Thursday game")
    PlayerFactory(table=mine, name="Ann")
    PlayerFactory(table=mine, name="Bob")
    TableFactory(name="Someone else's game")

    content = client.get("/tables/").content.decode()

    assert "Thursday game" in content
    assert "2 players" in content
    assert "Someone else" not in content
    assert f'href="/tables/{mine.pk}/"' in content
    assert 'href="/tables/new/"' in content


def test_my_tables_invites_a_new_host_to_create_one(client, host):
    content = client.get("/tables/").content.decode()

    assert "No tables yet" in content


def test_my_tables_marks_a_table_with_a_night_in_progress(client, host):
    night_with(["Ann", "Bob"], table=TableFactory(owner=host))

    assert "Playing now" in client.get("/tables/").content.decode()


# --- creating a table ----------------------------------------------------------------


def test_the_new_table_form_offers_every_preset_and_explains_every_setting(client, host):
    content = client.get("/tables/new/").content.decode()

    for preset in rules.PRESETS.values():
        assert preset.label in content
    for help_text in rules.RULE_HELP.values():
        assert help_text in content


def test_creating_a_table_saves_its_rules_and_opens_it(client, host):
    response = client.post(
        "/tables/new/", _rules_post(ante="2", pot_cap="40", escalating_ante="on")
    )

    table = Table.objects.get(owner=host)
    assert response.status_code == 302
    assert response.url == f"/tables/{table.pk}/"
    assert table.name == "Thursday game"
    house = rules.HouseRules.from_dict(table.rules)
    assert house.ante == 2
    assert house.pot_cap == 40
    assert house.escalating_ante is True
    assert house.bourre_cap is None
    assert str(house.chip_value) == "0.25"


def test_a_new_table_says_it_is_ready_only_until_it_has_players(client, host):
    response = client.post("/tables/new/", _rules_post(), follow=True)
    table = Table.objects.get(owner=host)
    ready = str(TABLE_READY % {"table": table.name})

    html = response.content.decode()
    # Said once, in the part htmx swaps when a player is added, so it goes with it.
    assert html.count(ready) == 1
    assert ready in re.search(r'<section id="players".*?</section>', html, re.S)[0]
    added = client.post(f"/tables/{table.pk}/players/add/", {"name": "Ann"}, HTTP_HX_REQUEST="true")
    assert "Ann" in added.content.decode() and ready not in added.content.decode()
    assert ready not in client.get(f"/tables/{table.pk}/").content.decode()


def test_a_lower_case_currency_is_read_as_the_code(client, host):
    client.post("/tables/new/", _rules_post(currency="eur"))

    assert Table.objects.get(owner=host).rules["currency"] == "EUR"


def test_filling_in_a_preset_writes_nothing_and_fills_its_settings(client, host):
    response = client.post(
        "/tables/new/", _rules_post(action="preset", preset="swedish", name="Kept name")
    )

    assert response.status_code == 200
    assert not Table.objects.exists()
    form = response.context["form"]
    assert form["max_players"].value() == 8
    assert form["bourre_cap"].value() == "10"
    assert form["name"].value() == "Kept name"


def test_the_swedish_preset_fills_in_beating_the_led_suits_highest_card(client, host):
    response = client.post("/tables/new/", _rules_post(action="preset", preset="swedish"))

    assert response.context["form"]["play_obligation"].value() == "beat_led_suit"


def test_a_table_keeps_how_cards_must_be_played(client, host):
    client.post("/tables/new/", _rules_post(play_obligation="no_beat"))

    assert Table.objects.get(owner=host).rules["play_obligation"] == "no_beat"


def test_the_form_offers_each_play_obligation_as_a_choice(client, host):
    content = client.get("/tables/new/").content.decode()

    assert '<select name="play_obligation"' in content
    for value in rules.PLAY_OBLIGATIONS:
        assert f'<option value="{value}"' in content


def test_a_preset_scales_its_caps_to_the_ante_already_typed(client, host):
    response = client.post("/tables/new/", _rules_post(action="preset", preset="limit", ante="5"))

    form = response.context["form"]
    assert form["ante"].value() == "5"
    assert form["bourre_cap"].value() == "100"
    assert form["win_cap"].value() == "100"


def test_a_preset_can_be_picked_from_a_link_too(client, host):
    response = client.get("/tables/new/?preset=seven_card")

    assert response.context["form"]["tricks_per_hand"].value() == 7


def test_with_htmx_picking_a_preset_swaps_only_the_rules(client, host):
    response = client.post(
        "/tables/new/", _rules_post(action="preset", preset="capped_pot"), HTTP_HX_REQUEST="true"
    )

    content = response.content.decode()
    assert content.lstrip().startswith('<div id="rules">')
    assert 'name="pot_cap"' in content
    assert 'value="20"' in content
    assert "<html" not in content
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"name": "  "}, "name", said(names.TABLE_NAME_REQUIRED)),
        ({"name": "x" * 81}, "name", said(names.TABLE_NAME_TOO_LONG)),
        (
            {"name": "Thursday\u202e"},
            "name",
            said(names.NAME_HIDDEN_CHARACTER, char="U+202E RIGHT-TO-LEFT OVERRIDE"),
        ),
        ({"ante": "0"}, "ante", numbers.TOO_SMALL % {"limit": "1"}),
        ({"ante": ""}, "ante", numbers.REQUIRED),
        ({"ante": "1.5"}, "ante", numbers.WHOLE_INVALID % {"example": "12"}),
        (
            {"tricks_per_hand": "7", "max_players": "8"},
            "max_players",
            too_many_cards(8, 7),
        ),
        ({"min_tricks_to_win": "6"}, "min_tricks_to_win", too_few_tricks(5)),
        ({"tricks_per_hand": "6"}, "tricks_per_hand", None),
        ({"max_players": "9"}, "max_players", None),
        ({"pot_cap": "0"}, "pot_cap", numbers.TOO_SMALL % {"limit": "1"}),
        ({"chip_value": "a quarter"}, "chip_value", numbers.NUMBER_INVALID % {"example": "0.25"}),
        ({"chip_value": "0"}, "chip_value", numbers.NOT_MORE_THAN % {"limit": "0"}),
        ({"chip_value": "0.001"}, "chip_value", chip_value_too_precise("USD")),
        ({"currency": "CLP"}, "currency", None),
        ({"chip_value": "0.5", "currency": "ISK"}, "chip_value", chip_value_too_precise("ISK")),
        ({"currency": "US"}, "currency", None),
        ({"chip_value": "1E+1000000"}, "chip_value", numbers.NUMBER_INVALID % {"example": "0.25"}),
        ({"chip_value": "1000000.01"}, "chip_value", numbers.TOO_LARGE % {"limit": "1,000,000"}),
        ({"ante": "1000001"}, "ante", numbers.TOO_LARGE % {"limit": "1,000,000"}),
        (
            {"pot_cap": "9" * 40},
            "pot_cap",
            numbers.WHOLE_INVALID % {"example": "12"},
        ),
        ({"leftover_pot": "burn"}, "leftover_pot", None),
        ({"play_obligation": "beat_everyone"}, "play_obligation", None),
        ({"play_obligation": ""}, "play_obligation", REQUIRED),
    ],
)
def test_bad_input_names_the_setting_by_its_label_and_creates_nothing(
    client, host, changes, field, message
):
    response = client.post("/tables/new/", _rules_post(**changes))

    form = response.context["form"]
    # None: Django's own words for a choice not offered; REQUIRED, for one left out.
    if message is None:
        message = form.fields[field].error_messages["invalid_choice"] % {"value": changes[field]}
    elif message is REQUIRED:
        message = form.fields[field].error_messages["required"]
    assert f"{form[field].label}: {message}" in refused(response)
    assert form.errors[field] == [message]
    assert not Table.objects.exists()


LANGUAGES = ["en", "it", "pt-br", "es", "fr", "sv"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_chip_value_that_is_no_number_is_refused_by_its_label_in_every_language(
    client, host, language
):
    response = client.post(
        "/tables/new/", _rules_post(chip_value="abc"), headers={"accept-language": language}
    )

    with translation.override(language):
        example = numbers.format_number(Decimal("0.25"))
        error = numbers.NUMBER_INVALID % {"example": example}
        line = FIELD_ERROR % {"field": RULE_LABELS["chip_value"], "error": error}
    assert refused(response) == [line]
    assert 'href="#id_chip_value"' in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    ("language", "typed", "currency", "value"),
    [
        ("it", "0,50", "EUR", Decimal("0.50")),
        ("pt-br", "1.234,50", "BRL", Decimal("1234.50")),
        ("es", "1 234,50", "EUR", Decimal("1234.50")),
        ("fr", "1\u202f234,50", "EUR", Decimal("1234.50")),
        ("sv", "1\u00a0234,50", "SEK", Decimal("1234.50")),
        ("en", "1,234.50", "USD", Decimal("1234.50")),
    ],
)
def test_a_chip_value_typed_as_the_language_writes_it_creates_the_table(
    client, host, language, typed, currency, value
):
    response = client.post(
        "/tables/new/",
        _rules_post(chip_value=typed, currency=currency),
        headers={"accept-language": language},
    )

    assert response.status_code == 302
    house = rules.HouseRules.from_dict(Table.objects.get(owner=host).rules)
    assert (house.chip_value, house.currency) == (value, currency)


@pytest.mark.parametrize(
    ("language", "currency"),
    [("en", "USD"), ("it", "EUR"), ("pt-br", "BRL"), ("es", "EUR"), ("fr", "EUR"), ("sv", "SEK")],
)
def test_a_new_table_is_offered_in_the_currency_of_the_hosts_language(
    client, host, language, currency
):
    response = client.get("/tables/new/", headers={"accept-language": language})

    assert response.context["form"]["currency"].value() == currency
    assert f'<option value="{currency}" selected>' in response.content.decode()


def test_the_swedish_preset_fills_in_swedish_kronor_whatever_the_hosts_language(client, host):
    response = client.post("/tables/new/", _rules_post(action="preset", preset="swedish"))

    assert response.context["form"]["currency"].value() == "SEK"


def test_editing_a_table_in_a_currency_off_the_list_keeps_it(client, host):
    house = rules.HouseRules(currency="JPY", chip_value=Decimal(100))
    table = TableFactory(owner=host, rules=house.to_dict())

    page = client.get(f"/tables/{table.pk}/edit/")
    response = client.post(
        f"/tables/{table.pk}/edit/", _rules_post(chip_value="100", currency="JPY")
    )

    assert '<option value="JPY" selected>' in page.content.decode()
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.rules["currency"] == "JPY"


def test_every_problem_is_shown_at_once(client, host):
    response = client.post("/tables/new/", _rules_post(ante="0", currency="usd!"))

    errors = response.context["form"].errors
    assert set(errors) == {"ante", "currency"}


def test_a_second_table_with_the_same_name_is_refused(client, host):
    TableFactory(owner=host, name="Thursday game")

    response = client.post("/tables/new/", _rules_post(name="thursday GAME"))

    message = said(table_services.TABLE_NAME_TAKEN, name="thursday GAME")
    assert message in response.context["form"].errors["name"]
    assert Table.objects.count() == 1


# --- editing a table -------------------------------------------------------------------


def test_the_edit_form_shows_the_current_rules_and_when_changes_apply(client, host):
    table = TableFactory(owner=host, rules=rules.PRESETS["limit"].rules.to_dict())

    response = client.get(f"/tables/{table.pk}/edit/")

    assert response.context["form"]["bourre_cap"].value() == "20"
    assert response.context["form"]["name"].value() == table.name
    assert "Changes apply to nights started from now on" in response.content.decode()


def test_the_edit_form_shows_the_tables_play_obligation_and_beat_winner_when_it_has_none(
    client, host
):
    swedish = TableFactory(owner=host, rules=rules.PRESETS["swedish"].rules.to_dict())
    older = rules.HouseRules().to_dict()
    del older["play_obligation"]
    old = TableFactory(owner=host, rules=older)

    response = client.get(f"/tables/{swedish.pk}/edit/")
    assert response.context["form"]["play_obligation"].value() == "beat_led_suit"
    response = client.get(f"/tables/{old.pk}/edit/")
    assert response.context["form"]["play_obligation"].value() == "beat_winner"


def test_editing_changes_the_rules_of_later_nights_only(client, host):
    table = TableFactory(owner=host)
    night = night_with(["Ann", "Bob"], table=table)

    response = client.post(f"/tables/{table.pk}/edit/", _rules_post(name="Renamed", ante="3"))

    assert response.url == f"/tables/{table.pk}/"
    table.refresh_from_db()
    night.refresh_from_db()
    assert table.name == "Renamed"
    assert table.rules["ante"] == 3
    assert night.rules["ante"] == 1


def test_a_bad_edit_changes_nothing(client, host):
    table = TableFactory(owner=host, name="Keep me")

    response = client.post(f"/tables/{table.pk}/edit/", _rules_post(name="", ante="0"))

    assert said(names.TABLE_NAME_REQUIRED) in response.context["form"].errors["name"]
    table.refresh_from_db()
    assert table.name == "Keep me"
    assert table.rules["ante"] == 1


# --- the table page ----------------------------------------------------------------------


def test_the_table_page_lists_players_nights_and_offers_to_start_a_night(client, host):
    table = TableFactory(owner=host)
    retired = PlayerFactory(table=table, name="Zed")
    table_services.player_retire(player=retired)
    closed = night_with(["Ann", "Bob"], table=table)
    night_services.night_close(night=closed, by=host)
    open_night = night_with(["Ann", "Bob", "Cy"], table=table)

    response = client.get(f"/tables/{table.pk}/")

    content = response.content.decode()
    assert [p.name for p in response.context["players"]] == ["Ann", "Bob", "Cy"]
    assert [p.name for p in response.context["retired"]] == ["Zed"]
    assert [n.id for n in response.context["open_nights"]] == [open_night.pk]
    assert [n.id for n in response.context["closed_nights"]] == [closed.pk]
    assert content.index(f'href="/nights/{open_night.pk}/"') < content.index(
        f'href="/nights/{closed.pk}/"'
    )
    assert f'href="/tables/{table.pk}/nights/new/"' in content
    assert f'href="/tables/{table.pk}/edit/"' in content
    assert "3 players" in content


def test_the_table_page_links_stats_when_they_exist(client, host):
    table = TableFactory(owner=host)

    content = client.get(f"/tables/{table.pk}/").content.decode()

    try:
        stats = reverse("table_stats", args=[table.pk])
    except NoReverseMatch:
        assert "/stats/" not in content
    else:
        assert f'href="{stats}"' in content


def test_the_table_page_shows_the_chip_value_as_money_in_the_hosts_language(client, host):
    house = rules.HouseRules(currency="SEK", chip_value=Decimal(5))
    table = TableFactory(owner=host, rules=house.to_dict())

    content = client.get(f"/tables/{table.pk}/", headers={"accept-language": "sv"}).content

    with translation.override("sv"):
        line = gettext("One chip is worth %(money)s") % {"money": "5,00\u00a0kr"}
    assert line in content.decode()


def test_the_table_page_summarises_the_house_rules(client, host):
    table = TableFactory(owner=host, rules=rules.PRESETS["capped_pot"].rules.to_dict())

    content = client.get(f"/tables/{table.pk}/").content.decode()

    assert "Pot cap: 20 chips" in content
    assert "One chip is worth $1.00" in content
