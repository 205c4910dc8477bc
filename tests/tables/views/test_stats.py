"""The player page, the night report and the table stats: who may see them, what they say,
and that they cost the same number of queries for a table of 10 nights as of 200."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ledger.models import Player
from tests.factories import PlayerFactory, ShareLinkFactory, TableFactory, UserFactory, night_with
from tests.ledger.helpers import record_all
from tests.ledger.stats_nights import history, play_example_1

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return play_example_1()


def _urls(night):
    ann = Player.objects.get(table=night.table, name="Ann")
    return {
        "player_detail": reverse("player_detail", args=[ann.pk]),
        "night_report": reverse("night_report", args=[night.pk]),
        "table_stats": reverse("table_stats", args=[night.table_id]),
    }


PAGES = ["player_detail", "night_report", "table_stats"]


@pytest.mark.parametrize("page", PAGES)
def test_the_host_sees_the_page(client, night, page):
    client.force_login(night.table.owner)

    response = client.get(_urls(night)[page])

    assert response.status_code == 200


@pytest.mark.parametrize("page", PAGES)
def test_another_host_gets_a_404(client, night, page):
    client.force_login(UserFactory())

    assert client.get(_urls(night)[page]).status_code == 404


@pytest.mark.parametrize("page", PAGES)
def test_an_anonymous_visitor_is_sent_to_sign_in(client, night, page):
    url = _urls(night)[page]

    response = client.get(url)

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize("page", PAGES)
def test_a_share_link_visitor_gets_nothing_but_the_share_page(client, night, page):
    link = ShareLinkFactory(night=night)
    assert client.get(reverse("share_view", args=[link.token])).status_code == 200

    response = client.get(_urls(night)[page])

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("page", PAGES)
def test_the_pages_only_answer_get(client, night, page):
    client.force_login(night.table.owner)

    assert client.post(_urls(night)[page]).status_code == 405


def test_the_player_page_shows_worked_example_1_for_ann(client, night):
    client.force_login(night.table.owner)

    html = client.get(_urls(night)["player_detail"]).content.decode()

    assert "<h1>Ann</h1>" in html
    assert "66.7%" in html  # stayed 4 of 6 hands
    assert "4 of 6 hands" in html
    assert "1 of 4 stays" in html
    assert "+12 chips" in html
    assert "$12.00" in html
    assert "28" in html  # biggest pot won
    assert '<svg class="chart"' in html
    assert "<details" in html and "<table>" in html


def test_the_player_page_of_someone_who_never_played_says_so(client):
    table = TableFactory()
    player = PlayerFactory(table=table, name="Newcomer")
    client.force_login(table.owner)

    html = client.get(reverse("player_detail", args=[player.pk])).content.decode()

    assert "has not played a night yet" in html
    assert "<svg" not in html


def test_the_night_report_charts_every_balance_and_the_pot_with_the_numbers_as_tables(
    client, night
):
    client.force_login(night.table.owner)

    html = client.get(_urls(night)["night_report"]).content.decode()

    assert html.count('<svg class="chart"') == 2
    assert html.count('aria-hidden="true"') >= 2
    assert "Each player&#x27;s balance after each hand" in html
    # The balances table: after hand 7, Ann 10, Bob -18, Cy -6, Dee -2 (docs/rules.md).
    assert re.search(
        r'<th scope="row">7</th><td class="num">10</td><td class="num">-18</td>'
        r'<td class="num">-6</td><td class="num">-2</td>',
        html,
    )
    assert "style=" not in html


def test_the_night_reports_hands_are_listed_newest_first_and_its_charts_in_play_order(
    client, night
):
    client.force_login(night.table.owner)

    html = client.get(_urls(night)["night_report"]).content.decode()

    log = re.search(r'<table class="hand-log">.*?</table>', html, re.S)[0]
    assert re.findall(r'<th scope="row" class="num">(\d+)</th>', log) == [
        "7", "6", "5", "4", "3", "2", "1",
    ]  # fmt: skip
    rows = re.findall(r'<tr><th scope="row">(\w+)</th>', html)
    balances_chart = rows[rows.index("start") :][:8]
    assert balances_chart == ["start", "1", "2", "3", "4", "5", "6", "7"]


def test_the_night_report_of_a_closed_night_shows_the_settle_up(client, night):
    client.force_login(night.table.owner)

    html = client.get(_urls(night)["night_report"]).content.decode()

    assert "Settle-up" in html
    assert re.search(r"<b>Bob</b> pays <b>Ann</b></span> <span>\$12.00", html)
    assert re.search(r"<b>Bob</b> pays <b>Cy</b></span> <span>\$4.00", html)
    assert "Dee bourré 8" in html


def test_the_night_report_of_an_open_night_has_no_settle_up_yet(client):
    night = play_example_1(close=False)
    client.force_login(night.table.owner)

    html = client.get(reverse("night_report", args=[night.pk])).content.decode()

    assert "Standings so far" in html
    assert "Settle-up" not in html
    assert "16</b> chips in the middle" in html


def test_the_table_stats_show_the_leaderboard_the_nights_and_the_records(client, night):
    client.force_login(night.table.owner)

    html = client.get(_urls(night)["table_stats"]).content.decode()

    names = re.findall(r'<th scope="row"><a href="/players/\d+/">(\w+)</a></th>', html)
    assert names[:4] == ["Ann", "Cy", "Dee", "Bob"]
    assert "<b>28 chips</b>Ann, hand 4" in html
    assert "Most bourrés in one hand" in html
    assert "<b>2 hands</b>up to hand 7" in html


def _table_with(nights: int, extra_hands: int):
    table = TableFactory()
    played = history(table, nights)
    open_night = played[-1]
    record_all(
        open_night, [{"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}] * extra_hands, start=3
    )
    link = ShareLinkFactory(night=open_night)
    player = Player.objects.get(table=table, name="Ann")
    return table, {
        "player_detail": reverse("player_detail", args=[player.pk]),
        "table_stats": reverse("table_stats", args=[table.pk]),
        "night_report": reverse("night_report", args=[open_night.pk]),
        "share_view": reverse("share_view", args=[link.token]),
        "share_view (htmx poll)": reverse("share_view", args=[link.token]),
    }


def _queries(client, table, page, url) -> int:
    client.force_login(table.owner)
    headers = {"HX-Request": "true"} if "htmx" in page else {}
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    assert response.status_code == 200
    return len(queries)


def test_every_page_makes_the_same_number_of_queries_for_10_nights_as_for_200(client):
    small, small_urls = _table_with(10, extra_hands=0)
    big, big_urls = _table_with(200, extra_hands=30)

    counts = {
        page: (_queries(client, small, page, url), _queries(client, big, page, big_urls[page]))
        for page, url in small_urls.items()
    }

    for page, (ten, two_hundred) in counts.items():
        assert ten == two_hundred, f"{page}: {ten} queries for 10 nights, {two_hundred} for 200"
        # The stats pages read the closed nights' results and the open nights' hands
        # apart, and a page of nights: more queries than a page that reads one thing,
        # each of them over the table's rows already summed; a player's page reads their
        # account too (the link, the open invites, the claims waiting): three more.
        assert ten <= 23, f"{page}: {ten} queries"
    print("queries per page (10 nights, 200 nights):", counts)


def test_the_report_of_a_night_without_hands_has_no_charts_yet(client):
    night = night_with(("Ann", "Bob"))
    client.force_login(night.table.owner)

    html = client.get(reverse("night_report", args=[night.pk])).content.decode()

    assert "No hands yet." in html
    assert "<svg" not in html
    assert "Make a live link" in html


def test_a_long_history_is_listed_a_page_at_a_time_on_every_page_that_lists_nights(client):
    table, urls = _table_with(62, extra_hands=0)
    client.force_login(table.owner)
    player = Player.objects.filter(table=table).order_by("name").first()
    pages = {
        "table page": reverse("table_detail", args=[table.pk]),
        "table stats": urls["table_stats"],
        "player page": reverse("player_detail", args=[player.pk]),
    }

    for name, url in pages.items():
        first = client.get(url).content.decode()
        second = client.get(url, {"page": "2"}).content.decode()
        assert 'href="?page=2#nights-heading" rel="next"' in first, name
        assert 'href="?page=1#nights-heading" rel="prev"' in second, name
        # A page the host did not get from a link is the nearest one, never an error.
        for garbage in ("abc", "-1", "2.5", "9" * 400):
            assert client.get(url, {"page": garbage}).status_code == 200, (name, garbage)


def test_the_pages_of_a_players_nights_keep_the_way_back_to_the_settle_up(client):
    table, _ = _table_with(62, extra_hands=0)
    client.force_login(table.owner)
    player = Player.objects.filter(table=table).order_by("name").first()
    back = reverse("table_detail", args=[table.pk])

    html = client.get(reverse("player_detail", args=[player.pk]), {"next": back}).content.decode()

    assert f'href="?next=%2Ftables%2F{table.pk}%2F&amp;page=2#nights-heading"' in html
