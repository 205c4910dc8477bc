"""The night's seal on the settle-up, the night report and the live link: what the players
photograph, shown to whoever may see the page and to nobody else."""

import re

import pytest
from django.urls import reverse

from ledger import selectors
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services.share_links import share_link_create
from tables.pages.settle_up import SEAL_LINE
from tests.factories import UserFactory, night_with
from tests.ledger.helpers import hand_data
from tests.ledger.stats_nights import play_example_1

pytestmark = pytest.mark.django_db

SEAL = re.compile(r'<p class="seal-code"><code>([0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4})</code></p>')
PAGES = ["night_settlement", "night_report"]


@pytest.fixture
def night():
    return play_example_1()


def shown(html: str) -> list[str]:
    return SEAL.findall(html)


@pytest.mark.parametrize("page", PAGES)
def test_the_host_sees_the_nights_seal(client, night, page):
    client.force_login(night.table.owner)

    html = client.get(reverse(page, args=[night.pk])).content.decode()

    assert shown(html) == [selectors.night_seal(night).code]
    assert "Keep a photo of it" in html


def test_a_share_link_visitor_sees_the_same_seal(client, night):
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert shown(html) == [selectors.night_seal(night).code]


@pytest.mark.parametrize("page", PAGES)
def test_another_host_and_an_anonymous_visitor_see_no_seal(client, night, page):
    url = reverse(page, args=[night.pk])
    assert client.get(url).status_code == 302
    client.force_login(UserFactory())

    response = client.get(url)

    assert response.status_code == 404
    assert shown(response.content.decode()) == []


def test_the_settle_up_text_to_copy_ends_with_the_seal(client, night):
    client.force_login(night.table.owner)

    html = client.get(reverse("night_settlement", args=[night.pk])).content.decode()

    text = html[html.index('<textarea id="settle-text"') : html.index("</textarea>")]
    assert text.endswith("\n\n" + SEAL_LINE % {"code": selectors.night_seal(night).code})


def test_the_live_link_shows_the_seal_so_far_and_each_poll_brings_the_new_one(client):
    night = night_with()
    link = share_link_create(night=night, by=night.table.owner)
    url = reverse("share_view", args=[link.token])
    poll = {"HX-Request": "true"}
    assert shown(client.get(url, headers=poll).content.decode()) == []

    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}),
        by=night.table.owner,
    )

    html = client.get(url, headers=poll).content.decode()
    assert shown(html) == [selectors.night_seal(night).code]
    assert "The seal so far" in html


def test_a_night_where_no_chip_moved_shows_no_seal(client):
    night = night_with()
    night_services.night_close(night=night, by=night.started_by)
    client.force_login(night.table.owner)

    for page in PAGES:
        html = client.get(reverse(page, args=[night.pk])).content.decode()
        assert shown(html) == []
        assert "Seal" not in html
