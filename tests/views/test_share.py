"""The live share link: the host makes and revokes it; anyone holding it watches the night."""

import re
from html import escape

import pytest
from django.urls import reverse

from ledger.models import ShareLink
from ledger.services import hands as hand_services
from ledger.services.share_links import share_link_create, share_link_revoke
from tables.views.share import SHARE_CREATED, SHARE_REVOKED
from tests.factories import UserFactory, night_with
from tests.ledger.helpers import hand_data
from tests.stats.builders import play_example_1

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return play_example_1(close=False)


def _live(night):
    return ShareLink.objects.filter(night=night, revoked_at__isnull=True)


def test_the_host_makes_a_live_link_and_sees_it_on_the_report(client, night):
    client.force_login(night.table.owner)

    response = client.post(reverse("night_share_create", args=[night.pk]), follow=True)

    link = _live(night).get()
    assert response.redirect_chain == [(reverse("night_report", args=[night.pk]), 302)]
    html = response.content.decode()
    assert escape(SHARE_CREATED) in html
    assert f"http://testserver/live/{link.token}/" in html
    assert "Switch the link off" in html


def test_making_the_link_twice_keeps_one_link(client, night):
    client.force_login(night.table.owner)

    client.post(reverse("night_share_create", args=[night.pk]))
    client.post(reverse("night_share_create", args=[night.pk]))

    assert ShareLink.objects.filter(night=night).count() == 1


def test_the_host_revokes_the_link(client, night):
    link = share_link_create(night=night, by=night.table.owner)
    client.force_login(night.table.owner)

    response = client.post(reverse("night_share_revoke", args=[night.pk]), follow=True)

    assert SHARE_REVOKED in response.content.decode()
    assert not _live(night).exists()
    assert client.get(reverse("share_view", args=[link.token])).status_code == 404


def test_revoking_when_there_is_no_link_says_so_and_changes_nothing(client, night):
    client.force_login(night.table.owner)

    response = client.post(reverse("night_share_revoke", args=[night.pk]), follow=True)

    assert "This night has no share link to revoke." in response.content.decode()


@pytest.mark.parametrize("name", ["night_share_create", "night_share_revoke"])
def test_another_host_can_neither_make_nor_revoke_a_link(client, night, name):
    link = share_link_create(night=night, by=night.table.owner)
    client.force_login(UserFactory())

    assert client.post(reverse(name, args=[night.pk])).status_code == 404
    assert list(_live(night)) == [link]


@pytest.mark.parametrize("name", ["night_share_create", "night_share_revoke"])
def test_an_anonymous_visitor_is_sent_to_sign_in(client, night, name):
    url = reverse(name, args=[night.pk])

    response = client.post(url)

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"
    assert not _live(night).exists()


@pytest.mark.parametrize("name", ["night_share_create", "night_share_revoke"])
def test_a_share_link_visitor_cannot_make_or_revoke_links(client, night, name):
    link = share_link_create(night=night, by=night.table.owner)
    client.get(reverse("share_view", args=[link.token]))

    response = client.post(reverse(name, args=[night.pk]))

    assert response.status_code == 302
    assert list(_live(night)) == [link]


@pytest.mark.parametrize("name", ["night_share_create", "night_share_revoke"])
def test_the_share_actions_only_answer_post(client, night, name):
    client.force_login(night.table.owner)

    assert client.get(reverse(name, args=[night.pk])).status_code == 405


def test_anyone_with_the_link_sees_the_standings_the_pot_and_the_hands(client, night):
    link = share_link_create(night=night, by=night.table.owner)

    response = client.get(reverse("share_view", args=[link.token]))

    html = response.content.decode()
    assert response.status_code == 200
    assert "After hand 7" in html
    assert "16</b> chips in the middle" in html
    assert '<th scope="row">Ann</th><td class="num pos">+10</td>' in html
    assert "Cy renege 8" in html
    assert 'hx-trigger="every 3s"' in html
    assert "<noscript>" in html
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]


def test_the_host_signed_in_sees_the_same_read_only_page(client, night):
    link = share_link_create(night=night, by=night.table.owner)
    client.force_login(night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert "<form" not in _page_content(html)


def test_the_share_page_links_to_nothing_of_the_table(client, night):
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    hrefs = re.findall(r'href="([^"]*)"', html)
    host_pages = [h for h in hrefs if re.match(r"^/(tables|nights|players)/", h)]
    assert host_pages == []
    assert "<form" not in _page_content(html)


def _page_content(html: str) -> str:
    """The page between the header and the footer (the footer's one form is the language
    switcher, on every page)."""
    return html.split("</header>")[1].split('<footer class="site-footer">')[0]


def test_the_htmx_poll_gets_only_the_standings_fragment(client, night):
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(
        reverse("share_view", args=[link.token]), headers={"HX-Request": "true"}
    ).content.decode()

    assert html.lstrip().startswith('<section id="standings"')
    assert "<html" not in html


def test_a_hand_recorded_shows_up_on_the_next_poll(client):
    night = night_with()
    link = share_link_create(night=night, by=night.table.owner)
    url = reverse("share_view", args=[link.token])
    assert "No hands yet" in client.get(url, headers={"HX-Request": "true"}).content.decode()

    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}),
        by=night.table.owner,
    )

    assert "After hand 1" in client.get(url, headers={"HX-Request": "true"}).content.decode()


def test_a_closed_night_stops_polling_and_shows_the_settle_up(client):
    night = play_example_1()
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert "hx-trigger" not in html
    assert "Final result" in html
    assert "<b>Bob</b> pays <b>Ann</b>" in html


def test_a_revoked_link_is_a_404(client, night):
    link = share_link_create(night=night, by=night.table.owner)
    share_link_revoke(night=night, by=night.table.owner)

    assert client.get(reverse("share_view", args=[link.token])).status_code == 404


# A NUL in the token would be a 500 on PostgreSQL if it reached the query.
@pytest.mark.parametrize("token", ["x" * 43, "short", "Z" * 64, "a\x00b", "a b", "é"])
def test_an_unknown_token_is_a_404(client, night, token):
    share_link_create(night=night, by=night.table.owner)

    assert client.get(reverse("share_view", args=[token])).status_code == 404


def test_the_share_page_only_answers_get(client, night):
    link = share_link_create(night=night, by=night.table.owner)

    assert client.post(reverse("share_view", args=[link.token])).status_code == 405
