"""Erase a player (the host, from the player's page) and Delete my account: who may, what
each says, and that after an erasure no answer of the app holds the former name."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from ledger.models import Erasure, Table
from ledger.services.erasures import player_erase
from tables.forms.erasures import CONFIRM_REQUIRED, table_field
from tables.views.erasures import ACCOUNT_DELETED
from tests.tables.urlwalk import build_world

pytestmark = pytest.mark.django_db

NAME = "Zuleika"


def client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def body(response) -> str:
    if response.streaming:
        return b"".join(response.streaming_content).decode(errors="replace")
    return response.content.decode(errors="replace")


def test_the_host_erases_a_player_from_the_players_page():
    world = build_world(NAME)
    host = client(world.owner)
    page = host.get(reverse("player_rename", args=[world.player.pk]))
    assert f"Yes, erase {NAME}" in page.content.decode()

    response = host.post(reverse("player_erase", args=[world.player.pk]), follow=True)

    world.player.refresh_from_db()
    assert response.redirect_chain[-1][0] == reverse("table_detail", args=[world.table.pk])
    text = response.content.decode()
    assert f"{NAME} is erased: now {world.player.name}" in text
    assert world.player.erased_at is not None


def test_a_second_erase_of_a_player_answers_as_the_first_and_writes_nothing():
    world = build_world(NAME)
    player_erase(player=world.player, by=world.owner)
    world.player.refresh_from_db()

    response = client(world.owner).post(
        reverse("player_erase", args=[world.player.pk]), follow=True
    )

    assert response.redirect_chain[-1][0] == reverse("table_detail", args=[world.table.pk])
    assert f"{world.player.name} is erased." in response.content.decode()
    assert Erasure.objects.count() == 1


@pytest.mark.parametrize("who", ["co_host", "linked", "other"])
def test_nobody_but_the_host_erases_a_player(who):
    world = build_world(NAME)

    response = client(getattr(world, who)).post(reverse("player_erase", args=[world.player.pk]))

    assert response.status_code == 404
    assert not Erasure.objects.exists()


def test_erasing_is_a_post_and_asks_to_sign_in():
    world = build_world(NAME)
    url = reverse("player_erase", args=[world.player.pk])

    assert client(world.owner).get(url).status_code == 405
    assert client().post(url).status_code == 302
    assert not Erasure.objects.exists()


def test_after_erasing_a_player_no_answer_of_the_app_holds_their_name_or_pay_details():
    world = build_world(NAME)
    secrets = [NAME, world.method.value, world.own_method.value]
    table_page = reverse("table_detail", args=[world.table.pk])
    assert NAME in client(world.owner).get(table_page).content.decode()
    player_erase(player=world.player, by=world.owner)
    visitors = {"host": client(world.owner), "co-host": client(world.co_host), "anyone": client()}

    held = []
    for who, visitor in visitors.items():
        for route, url in world.walk():
            if route.name in {"logout", "set_language"}:
                continue
            text = body(visitor.get(url))
            held += [f"{url} ({who}): {s}" for s in secrets if s.lower() in text.lower()]

    assert held == []


def test_the_delete_page_offers_each_table_to_its_co_hosts():
    world = build_world(NAME)

    text = client(world.owner).get(reverse("account_delete")).content.decode()

    assert world.table.name in text
    assert f"Give it to {world.co_host.username} (Cy)" in text
    assert "Erase it" in text


def test_nothing_is_deleted_unless_the_box_is_ticked():
    world = build_world(NAME)

    response = client(world.linked).post(reverse("account_delete"))

    assert response.status_code == 400
    assert str(CONFIRM_REQUIRED) in response.content.decode()
    assert get_user_model().objects.get(pk=world.linked.pk).is_active


def test_a_table_offered_to_someone_not_its_co_host_is_refused():
    world = build_world(NAME)
    data = {"confirm": "on", table_field(world.table.pk): str(world.other.pk)}

    response = client(world.owner).post(reverse("account_delete"), data)

    assert response.status_code == 400
    assert Table.objects.get(pk=world.table.pk).owner == world.owner
    assert get_user_model().objects.get(pk=world.owner.pk).is_active


def test_a_host_deletes_their_account_and_a_co_host_takes_the_table():
    world = build_world(NAME)
    host = client(world.owner)
    data = {"confirm": "on", table_field(world.table.pk): str(world.co_host.pk)}

    response = host.post(reverse("account_delete"), data, follow=True)

    assert response.redirect_chain[-1][0] == reverse("home")
    assert escape(str(ACCOUNT_DELETED)) in response.content.decode()
    assert Table.objects.get(pk=world.table.pk).owner == world.co_host
    assert host.get(reverse("table_list")).status_code == 302  # signed out
    assert not client().login(username=world.owner.username, password="password")
    # The table's new host sees it, and the seat the old host's nights named stays.
    assert (
        client(world.co_host).get(reverse("table_detail", args=[world.table.pk])).status_code == 200
    )


def test_a_player_deletes_their_account_and_the_host_sees_a_former_account():
    world = build_world(NAME)

    client(world.linked).post(reverse("account_delete"), {"confirm": "on"})

    text = client(world.owner).get(reverse("table_detail", args=[world.table.pk])).content
    assert world.linked.username.encode() not in text
    log = client(world.owner).get(reverse("night_log", args=[world.closed_night.pk]))
    assert log.status_code == 200
