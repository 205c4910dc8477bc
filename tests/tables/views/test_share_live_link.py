"""The live link from the hand screen's menu: one tap makes it (or finds it) and shows it
with its QR code, for the players to scan across the table."""

from html import escape

import pytest
from django.urls import reverse

from ledger import payments
from ledger.models import ShareLink
from ledger.services.share_links import share_link_create, share_link_revoke
from tables.pages.night_live_link import QR_LABEL
from tables.views.share import SHARE_CREATED
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _page(night) -> str:
    return reverse("night_live_link", args=[night.pk])


def _open(night) -> str:
    return reverse("night_live_link_open", args=[night.pk])


def _live(night):
    return ShareLink.objects.filter(night=night, revoked_at__isnull=True)


def test_the_hand_screens_menu_opens_the_live_link_in_one_tap(client, host, night):
    html = client.get(reverse("night_detail", args=[night.pk])).content.decode()

    assert f'<form method="post" action="{_open(night)}" class="menu-form">' in html


def test_the_tap_makes_the_link_and_shows_its_qr_code_and_address(client, host, night):
    response = client.post(_open(night), follow=True)

    link = _live(night).get()
    assert response.redirect_chain == [(_page(night), 302)]
    html = response.content.decode()
    assert escape(str(SHARE_CREATED)) in html
    url = f"http://testserver/live/{link.token}/"
    assert f'<input type="text" id="live-url" class="live-url" value="{url}" readonly>' in html
    assert '<div class="live-qr"><svg role="img"' in html
    assert 'data-copy="#live-url"' in html
    assert "style=" not in html.split('<div class="live-qr">')[1].split("</svg>")[0]


def test_a_second_tap_shows_the_same_link(client, host, night):
    link = share_link_create(night=night, by=host)

    response = client.post(_open(night), follow=True)

    assert list(_live(night)) == [link]
    html = response.content.decode()
    assert link.token in html
    assert escape(str(SHARE_CREATED)) not in html


def test_the_qr_code_holds_the_links_whole_address(client, host, night):
    link = share_link_create(night=night, by=host)

    qr = client.get(_page(night)).context["qr"]

    url = f"http://testserver/live/{link.token}/"
    assert qr == payments.qr_svg(url, label=str(QR_LABEL))


def test_without_a_link_the_page_offers_to_make_one_and_writes_nothing(client, host, night):
    response = client.get(_page(night))

    html = response.content.decode()
    assert response.status_code == 200
    assert f'action="{_open(night)}"' in html
    assert "live-qr" not in html
    assert not ShareLink.objects.exists()


def test_a_switched_off_link_is_not_shown_and_a_tap_makes_a_new_one(client, host, night):
    old = share_link_create(night=night, by=host)
    share_link_revoke(night=night, by=host)

    assert old.token not in client.get(_page(night)).content.decode()
    client.post(_open(night))

    assert _live(night).get().token != old.token


def test_every_night_screen_links_to_the_live_link(client, host, night):
    html = client.get(reverse("night_log", args=[night.pk])).content.decode()

    assert f'<a href="{_page(night)}">Live link</a>' in html


def test_another_host_gets_a_404_and_no_link(client, night):
    client.force_login(UserFactory())

    assert client.get(_page(night)).status_code == 404
    assert client.post(_open(night)).status_code == 404
    assert not ShareLink.objects.exists()


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    for url in (_page(night), _open(night)):
        response = client.post(url) if url == _open(night) else client.get(url)

        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"
    assert not ShareLink.objects.exists()


def test_a_share_link_visitor_sees_no_host_page_and_makes_no_link(client, night):
    link = share_link_create(night=night, by=night.table.owner)
    assert client.get(reverse("share_view", args=[link.token])).status_code == 200

    assert client.get(_page(night)).status_code == 302
    assert client.post(_open(night)).status_code == 302
    assert list(ShareLink.objects.all()) == [link]


def test_the_page_answers_get_and_the_tap_post_only(client, host, night):
    assert client.post(_page(night)).status_code == 405
    assert client.get(_open(night)).status_code == 405
    assert not ShareLink.objects.exists()
