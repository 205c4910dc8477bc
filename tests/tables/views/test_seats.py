"""Leaving a seat: the host unlinks a player from their page, a player leaves a seat from
"My seats"; both after a confirmation, both kept as a record."""

from html import escape

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import PlayerUnlink
from ledger.selectors.player_links import current_link
from ledger.services.player_links import player_unlink
from tables.views.seats import LEFT, NOT_LINKED, UNLINKED
from tests.factories import PlayerFactory, TableFactory, UserFactory, link_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    return PlayerFactory(name="Ann")


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_the_host_is_asked_before_unlinking_and_nothing_is_written_until_then(ann):
    link = link_player(ann)
    host = _client(ann.table.owner)
    html = host.get(reverse("player_unlink", args=[ann.pk])).content.decode()
    assert escape(link.user.get_username()) in html
    assert '<button type="submit" class="danger">' in html
    assert current_link(ann) == link


def test_the_host_unlinks_a_player_and_the_record_says_who(ann):
    link = link_player(ann)
    host = _client(ann.table.owner)
    response = host.post(reverse("player_unlink", args=[ann.pk]), follow=True)
    assert response.redirect_chain == [(reverse("player_detail", args=[ann.pk]), 302)]
    assert escape(str(UNLINKED % {"player": "Ann"})) in response.content.decode()
    assert PlayerUnlink.objects.get(link=link).unlinked_by == ann.table.owner
    assert current_link(ann) is None


def test_unlinking_a_seat_no_longer_linked_says_so_and_writes_nothing(ann):
    link = link_player(ann)
    player_unlink(link=link, by=ann.table.owner)
    response = _client(ann.table.owner).post(reverse("player_unlink", args=[ann.pk]), follow=True)
    assert escape(str(NOT_LINKED % {"player": "Ann"})) in response.content.decode()
    assert PlayerUnlink.objects.count() == 1


def test_my_seats_lists_every_seat_of_the_account_at_every_table(ann):
    bea = UserFactory()
    link_player(ann, bea)
    elsewhere = PlayerFactory(table=TableFactory(name="Fridays"), name="Annie")
    link_player(elsewhere, bea)
    html = _client(bea).get(reverse("account_seats")).content.decode()
    assert reverse("seat_leave", args=[ann.pk]) in html
    assert reverse("seat_leave", args=[elsewhere.pk]) in html
    assert "Fridays" in html


def test_a_player_leaves_their_own_seat_after_confirming(ann):
    bea = UserFactory()
    link = link_player(ann, bea)
    c = _client(bea)
    assert c.get(reverse("seat_leave", args=[ann.pk])).status_code == 200
    assert current_link(ann) == link
    response = c.post(reverse("seat_leave", args=[ann.pk]), follow=True)
    assert response.redirect_chain == [(reverse("account_seats"), 302)]
    words = {"player": "Ann", "table": ann.table.name}
    assert escape(str(LEFT % words)) in response.content.decode()
    assert PlayerUnlink.objects.get(link=link).unlinked_by == bea


def test_no_one_else_can_leave_a_seat_for_the_player(ann):
    link_player(ann)
    for user in (UserFactory(), ann.table.owner):
        c = _client(user)
        assert c.get(reverse("seat_leave", args=[ann.pk])).status_code == 404
        assert c.post(reverse("seat_leave", args=[ann.pk])).status_code == 404
    assert PlayerUnlink.objects.count() == 0


def test_a_player_who_left_can_no_longer_reach_the_seat(ann):
    bea = UserFactory()
    link = link_player(ann, bea)
    player_unlink(link=link, by=bea)
    assert _client(bea).get(reverse("seat_leave", args=[ann.pk])).status_code == 404


def test_another_host_cannot_unlink_a_player(ann):
    link_player(ann)
    c = _client(UserFactory())
    assert c.post(reverse("player_unlink", args=[ann.pk])).status_code == 404
    assert PlayerUnlink.objects.count() == 0


def test_my_seats_needs_a_signed_in_account():
    response = Client().get(reverse("account_seats"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
