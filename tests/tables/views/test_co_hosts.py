"""Co-hosts: the host grants and revokes on the table's page; a co-host runs the table's
nights (start, record, undo, correct, close, the live link, the log) and nothing else of
the table."""

from html import escape

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import CoHostGrant, CoHostRevocation, Hand, Night
from ledger.services.co_hosts import CO_HOST_NOT_LINKED, co_host_grant
from tables.problems import sentences
from tables.views.co_hosts import GRANTED, REVOKED
from tests.factories import NightFactory, UserFactory, link_player
from tests.tables.night_helpers import hand_post, url
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db

HAND_1 = {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}}


@pytest.fixture
def night():
    return NightFactory()


@pytest.fixture
def bob(night):
    return night.table.players.get(name="Bob")


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def co_host(night, bob):
    link = link_player(bob)
    co_host_grant(link=link, by=night.table.owner)
    return _client(link.user)


def test_the_table_page_lists_the_linked_players_with_make_co_host(night, bob):
    link = link_player(bob)
    html = _client(night.table.owner).get(reverse("table_detail", args=[night.table.pk]))
    html = html.content.decode()
    assert escape(link.user.get_username()) in html
    assert f'action="{reverse("co_host_grant", args=[bob.pk])}"' in html


def test_the_host_makes_a_linked_player_co_host_and_takes_it_back(night, bob):
    link_player(bob)
    host = _client(night.table.owner)
    response = host.post(reverse("co_host_grant", args=[bob.pk]), follow=True)
    assert escape(str(GRANTED % {"player": "Bob"})) in response.content.decode()
    assert f'action="{reverse("co_host_revoke", args=[bob.pk])}"' in response.content.decode()
    assert CoHostGrant.objects.get().granted_by == night.table.owner
    response = host.post(reverse("co_host_revoke", args=[bob.pk]), follow=True)
    assert escape(str(REVOKED % {"player": "Bob"})) in response.content.decode()
    assert CoHostRevocation.objects.get().revoked_by == night.table.owner


def test_a_player_without_an_account_cannot_be_made_co_host(night, bob):
    response = _client(night.table.owner).post(reverse("co_host_grant", args=[bob.pk]))
    assert refused(response, 409) == sentences([CO_HOST_NOT_LINKED(player=bob.pk)], {bob.pk: "Bob"})
    assert CoHostGrant.objects.count() == 0


def test_a_co_host_records_a_hand_and_the_log_says_by_their_seats_name(night, co_host):
    response = co_host.post(url("hand_record", night), hand_post(night, HAND_1, number=1))
    assert response.status_code == 302
    hand = Hand.objects.get(night=night)
    assert hand.created_by != night.table.owner
    html = co_host.get(url("night_log", night) + "?full=1").content.decode()
    assert "by Bob," in html


def test_a_co_host_opens_the_hand_screen_undoes_and_closes(night, co_host):
    assert co_host.get(url("night_detail", night)).status_code == 200
    co_host.post(url("hand_record", night), hand_post(night, HAND_1, number=1))
    assert co_host.get(url("hand_undo", night)).status_code == 200
    assert co_host.get(url("night_close", night)).status_code == 200
    assert co_host.get(url("night_live_link", night)).status_code == 200
    assert co_host.get(url("night_judge", night)).status_code == 200


def test_a_co_host_starts_a_night_and_sees_the_table_in_their_list(night, co_host):
    html = co_host.get(reverse("table_list")).content.decode()
    assert reverse("night_start", args=[night.table.pk]) in html
    assert reverse("night_detail", args=[night.pk]) in html
    assert co_host.get(reverse("night_start", args=[night.table.pk])).status_code == 200


def test_a_co_host_reaches_nothing_else_of_the_table(night, co_host, bob):
    table = night.table
    for name, args in [
        ("table_detail", [table.pk]),
        ("table_edit", [table.pk]),
        ("player_detail", [bob.pk]),
        ("player_invite_create", [bob.pk]),
        ("night_report", [night.pk]),
        ("table_stats", [table.pk]),
    ]:
        response = co_host.get(reverse(name, args=args))
        assert response.status_code in (404, 405), name
    assert co_host.post(reverse("player_add", args=[table.pk]), {"name": "Eve"}).status_code == 404
    assert co_host.post(reverse("co_host_grant", args=[bob.pk])).status_code == 404


def test_a_revoked_co_host_runs_nothing_more(night, co_host, bob):
    _client(night.table.owner).post(reverse("co_host_revoke", args=[bob.pk]))
    assert co_host.get(url("night_detail", night)).status_code == 404
    response = co_host.post(url("hand_record", night), hand_post(night, HAND_1, number=1))
    assert response.status_code == 404
    assert Hand.objects.count() == 0


def test_a_co_host_of_one_table_runs_no_other(co_host):
    other = NightFactory()
    assert co_host.get(url("night_detail", other)).status_code == 404
    assert co_host.get(reverse("night_start", args=[other.table.pk])).status_code == 404
    assert Night.objects.count() == 2


def test_another_host_cannot_grant(night, bob):
    link_player(bob)
    response = _client(UserFactory()).post(reverse("co_host_grant", args=[bob.pk]))
    assert response.status_code == 404
    assert CoHostGrant.objects.count() == 0


def test_a_co_host_sees_the_settle_up_without_the_hosts_mark_controls(night, co_host):
    from ledger.services import nights as night_services

    won = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}
    co_host.post(url("hand_record", night), hand_post(night, won, number=1))
    night_services.night_close(night=night, by=night.table.owner)
    host = Client()
    host.force_login(night.table.owner)
    assert "/mark/" in host.get(url("night_settlement", night)).content.decode()
    html = co_host.get(url("night_settlement", night)).content.decode()
    assert reverse("table_detail", args=[night.table.pk]) not in html
    assert reverse("night_report", args=[night.pk]) not in html
    assert "/mark/" not in html


def test_the_co_hosts_hand_screen_offers_no_link_to_the_hosts_pages(night, co_host):
    html = co_host.get(url("night_detail", night)).content.decode()
    assert reverse("table_detail", args=[night.table.pk]) not in html
    assert reverse("night_report", args=[night.pk]) not in html
    host = Client()
    host.force_login(night.table.owner)
    html = host.get(url("night_detail", night)).content.decode()
    assert reverse("night_report", args=[night.pk]) in html
