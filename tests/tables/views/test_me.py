"""A player's own screens: My games and each night they played, for the account that
holds the seat and nobody else; and where signing in lands."""

import re

import pytest
from django.urls import reverse

from ledger.models import Player
from ledger.services.player_links import player_unlink
from tests.factories import (
    PASSWORD,
    NightFactory,
    PaymentMethodFactory,
    ShareLinkFactory,
    TableFactory,
    UserFactory,
    link_player,
)
from tests.ledger.stats_nights import play_example_1, play_nights

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    """Ann's account, linked at two tables of two hosts; at the first she is owed money
    after worked example 1 and gets paid by Swish."""
    user = UserFactory(username="ann")
    first = play_example_1()
    second = play_nights(TableFactory(name="Fredagsbourré"), 2)[0]
    for night in (first, second):
        link_player(Player.objects.get(table=night.table, name="Ann"), user)
    user.nights = (first, second)
    return user


def test_the_player_sees_every_table_they_sit_at_with_its_host(client, ann):
    first, second = ann.nights
    client.force_login(ann)

    html = client.get(reverse("my_games")).content.decode()

    assert first.table.name in html and second.table.name in html
    assert first.table.owner.username in html and second.table.owner.username in html


def _ann(night) -> Player:
    return Player.objects.get(table=night.table, name="Ann")


def test_my_games_lists_both_tables_nights(client, ann):
    first, second = ann.nights
    client.force_login(ann)

    html = client.get(reverse("my_games")).content.decode()

    linked = set(re.findall(r'href="/me/nights/(\d+)/"', html))
    assert linked == {str(n.pk) for n in (*first.table.nights.all(), *second.table.nights.all())}


def test_an_account_without_a_seat_sees_an_empty_my_games(client):
    client.force_login(UserFactory())

    response = client.get(reverse("my_games"))

    assert response.status_code == 200
    assert "/me/nights/" not in response.content.decode()


def test_an_anonymous_visitor_is_sent_to_sign_in(client, ann):
    for url in (reverse("my_games"), reverse("my_night", args=[ann.nights[0].pk])):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"


def test_the_player_sees_their_night_as_the_live_link_shows_it(client, ann):
    night = ann.nights[0]
    ShareLinkFactory(night=night)
    client.force_login(ann)

    mine = client.get(reverse("my_night", args=[night.pk]))

    assert mine.status_code == 200
    assert mine.context["rows"] and mine.context["log"]
    live = client.get(reverse("share_view", args=[night.share_links.get().token]))
    assert [r.money for r in mine.context["rows"]] == [r.money for r in live.context["rows"]]
    assert [r.number for r in mine.context["log"]] == [r.number for r in live.context["log"]]
    assert mine.context["seal"].code == live.context["seal"].code


def test_the_players_night_shows_a_payees_pay_buttons_only_where_they_must_pay_them(client, ann):
    night = ann.nights[0]
    for transfer in night.transfers.all():
        PaymentMethodFactory(player=transfer.payee, kind="other", value=f"Cash to #{transfer.pk}")
    payer = night.transfers.first().payer
    payers_account = link_player(payer).user

    client.force_login(ann)
    anns = client.get(reverse("my_night", args=[night.pk]))
    client.force_login(payers_account)
    theirs = client.get(reverse("my_night", args=[night.pk])).context["rows"]

    # Ann pays nobody this night: no one's ways of getting paid are shown to her.
    assert not any(row.pay for row in anns.context["rows"])
    assert "Cash to #" not in anns.content.decode()
    assert {row.payee for row in theirs if row.pay} == {
        t.payee.name for t in night.transfers.filter(payer=payer)
    }


@pytest.mark.parametrize("who", ["host", "other host", "other tables player", "unlinked"])
def test_everyone_but_the_seats_account_gets_a_404_for_the_night(client, ann, who):
    night = ann.nights[0]
    if who == "host":
        visitor = night.table.owner
    elif who == "other host":
        visitor = UserFactory()
    elif who == "other tables player":
        visitor = UserFactory()
        link_player(Player.objects.get(table=ann.nights[1].table, name="Bob"), visitor)
    else:
        visitor = ann
        player_unlink(link=_ann(night).links.get(), by=ann)
    client.force_login(visitor)

    assert client.get(reverse("my_night", args=[night.pk])).status_code == 404


def test_a_night_at_their_table_they_did_not_sit_at_is_a_404(client, ann):
    table = ann.nights[0].table
    without_ann = NightFactory(table=table, names=["Bob", "Cy", "Dee"])
    client.force_login(ann)

    assert client.get(reverse("my_night", args=[without_ann.pk])).status_code == 404


def test_a_put_away_sample_table_is_a_404(client, ann):
    from django.utils import timezone

    night = ann.nights[0]
    type(night.table).objects.filter(pk=night.table_id).update(
        sample=True, hidden_at=timezone.now()
    )
    client.force_login(ann)

    assert client.get(reverse("my_night", args=[night.pk])).status_code == 404
    assert f'href="/me/nights/{night.pk}/"' not in client.get(reverse("my_games")).content.decode()


@pytest.mark.parametrize("url", ["my_games", "sign_in_landing"])
def test_the_players_pages_only_answer_get(client, ann, url):
    client.force_login(ann)

    assert client.post(reverse(url)).status_code == 405


def test_signing_in_lands_a_player_who_hosts_nothing_on_their_games(client, ann):
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})

    assert client.get(response.url).url == reverse("my_games")


def test_signing_in_lands_a_host_on_their_tables(client, ann):
    host = ann.nights[0].table.owner
    response = client.post(reverse("login"), {"username": host.username, "password": PASSWORD})

    assert client.get(response.url).url == reverse("table_list")


def _queries(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_my_games_and_a_night_make_the_same_queries_at_3_and_60_nights(client):
    from tests.ledger.stats_nights import history

    counts = {}
    for nights in (3, 60):
        user = UserFactory()
        table = TableFactory()
        # The newest night still open at both, as in a history being played.
        played = play_nights(table, 3, close_last=False) if nights == 3 else history(table, nights)
        link_player(Player.objects.get(table=table, name="Ann"), user)
        client.force_login(user)
        counts[nights] = (
            _queries(client, reverse("my_games")),
            _queries(client, reverse("my_night", args=[played[0].pk])),
        )
    print("queries (My games, a night) at 3 and 60 nights:", counts)
    assert counts[3] == counts[60]
