"""Seat invites: the host makes one on a player's page and shows its QR code, or
withdraws it; the invitee opens it, signs up or in, and links the seat."""

from html import escape

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import PlayerInvite, PlayerInviteWithdrawal, PlayerLink
from ledger.selectors.player_links import current_link
from ledger.services.player_invites import (
    INVITE_NOT_OPEN,
    INVITE_PLAYER_LINKED,
    INVITES_THROTTLED,
    player_invite_create,
    player_invite_withdraw,
)
from ledger.services.player_links import ACCOUNT_HAS_A_SEAT
from ledger.services.tables import player_retire
from tables.pages.player_invite import QR_LABEL
from tables.problems import sentences
from tables.views.invites import (
    ATTEMPTS_THROTTLED,
    INVITE_ACCEPTED,
    INVITE_WITHDRAWN,
)
from tests.factories import PASSWORD, PlayerFactory, TableFactory, UserFactory, link_player
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    return PlayerFactory(name="Ann")


@pytest.fixture
def host_client(ann) -> Client:
    c = Client()
    c.force_login(ann.table.owner)
    return c


def _made(host_client, player) -> tuple[PlayerInvite, str]:
    """Invite ``player`` as the host's phone does; the invite and the page it lands on."""
    response = host_client.post(reverse("player_invite_create", args=[player.pk]), follow=True)
    assert response.status_code == 200
    return PlayerInvite.objects.get(player=player), response.content.decode()


def _token(html: str) -> str:
    return html.split('id="invite-url" class="live-url" value="http://testserver/invite/')[1].split(
        "/"
    )[0]


def test_the_players_page_offers_invite_for_a_player_not_linked(host_client, ann):
    html = host_client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert f'action="{reverse("player_invite_create", args=[ann.pk])}"' in html


def test_the_players_page_offers_unlink_and_no_invite_for_a_linked_player(host_client, ann):
    link_player(ann)
    html = host_client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert reverse("player_invite_create", args=[ann.pk]) not in html
    assert reverse("player_unlink", args=[ann.pk]) in html


def test_the_players_page_offers_no_invite_for_a_retired_player(host_client, ann):
    player_retire(player=ann)
    html = host_client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert reverse("player_invite_create", args=[ann.pk]) not in html


def test_inviting_shows_the_link_and_its_qr_code(host_client, ann):
    invite, html = _made(host_client, ann)
    token = _token(html)
    assert invite.token_digest not in html
    assert '<div class="live-qr"><svg role="img"' in html
    assert escape(str(QR_LABEL)) in html
    assert "style=" not in html.split('<div class="live-qr">')[1].split("</svg>")[0]
    assert f'action="{reverse("player_invite_withdraw", args=[invite.pk])}"' in html
    assert client_for_invite(token).status_code == 200


def client_for_invite(token: str, user=None):
    c = Client()
    if user is not None:
        c.force_login(user)
    return c.get(reverse("invite_view", args=[token]))


def test_another_phone_of_the_host_sees_the_invite_but_not_its_link(host_client, ann):
    invite, _ = _made(host_client, ann)
    other_phone = Client()
    other_phone.force_login(ann.table.owner)
    html = other_phone.get(reverse("player_invite", args=[invite.pk])).content.decode()
    assert 'id="invite-url"' not in html
    assert f'action="{reverse("player_invite_withdraw", args=[invite.pk])}"' in html


def test_inviting_a_linked_player_is_refused_on_the_players_page(host_client, ann):
    link_player(ann)
    response = host_client.post(reverse("player_invite_create", args=[ann.pk]))
    assert refused(response, 409) == sentences(
        [INVITE_PLAYER_LINKED(player=ann.pk)], {ann.pk: "Ann"}
    )
    assert PlayerInvite.objects.count() == 0


def test_past_the_hours_limit_no_invite_is_made_and_the_page_says_why(host_client, ann, settings):
    settings.PLAYER_INVITE_LIMIT_PER_HOST = 1
    _made(host_client, ann)
    response = host_client.post(reverse("player_invite_create", args=[ann.pk]))
    assert refused(response) == sentences([INVITES_THROTTLED(limit=1)], {})
    assert PlayerInvite.objects.count() == 1


def test_the_host_withdraws_an_invite_and_its_link_answers_like_an_unknown_one(host_client, ann):
    invite, html = _made(host_client, ann)
    token = _token(html)
    response = host_client.post(reverse("player_invite_withdraw", args=[invite.pk]), follow=True)
    assert escape(str(INVITE_WITHDRAWN)) in response.content.decode()
    assert PlayerInviteWithdrawal.objects.get().withdrawn_by == ann.table.owner
    withdrawn = client_for_invite(token)
    unknown = client_for_invite("no-such-token-at-all")
    assert withdrawn.status_code == unknown.status_code == 404
    assert withdrawn.content == unknown.content


def test_withdrawing_twice_is_refused_and_writes_nothing(host_client, ann):
    invite, _ = _made(host_client, ann)
    player_invite_withdraw(invite=invite, by=ann.table.owner)
    response = host_client.post(reverse("player_invite_withdraw", args=[invite.pk]))
    assert refused(response, 409) == sentences([INVITE_NOT_OPEN()], {})
    assert PlayerInviteWithdrawal.objects.count() == 1


def test_a_signed_out_visitor_is_told_whose_seat_and_offered_sign_up_and_sign_in(ann):
    _, token = player_invite_create(player=ann, by=ann.table.owner)
    html = client_for_invite(token).content.decode()
    assert escape(ann.table.name) in html and escape(ann.table.owner.get_username()) in html
    here = reverse("invite_view", args=[token]).replace("/", "%2F")
    assert f'href="/accounts/signup/?next={here}"' in html
    assert f'href="/accounts/login/?next={here}"' in html
    assert '<form method="post">' not in html


def test_signing_up_from_the_invite_comes_back_to_it_and_links_in_one_tap(ann):
    invite, token = player_invite_create(player=ann, by=ann.table.owner)
    here = reverse("invite_view", args=[token])
    visitor = Client()
    response = visitor.post(
        f"/accounts/signup/?next={here}",
        {
            "username": "annie",
            "email": "annie@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": here,
        },
    )
    assert (response.status_code, response.url) == (302, here)
    response = visitor.post(here, follow=True)
    assert response.redirect_chain == [(reverse("my_games"), 302)]
    assert escape(str(INVITE_ACCEPTED % {"player": "Ann", "table": ann.table.name})) in (
        response.content.decode()
    )
    link = current_link(ann)
    assert (link.user.username, link.linked_by, link.invite) == ("annie", link.user, invite)


def test_signing_in_from_the_invite_comes_back_to_it(ann):
    _, token = player_invite_create(player=ann, by=ann.table.owner)
    here = reverse("invite_view", args=[token])
    bea = UserFactory()
    response = Client().post(
        reverse("login"), {"username": bea.username, "password": PASSWORD, "next": here}
    )
    assert (response.status_code, response.url) == (302, here)


def test_a_host_who_links_a_seat_elsewhere_lands_on_their_games(ann):
    other_host = TableFactory().owner
    _, token = player_invite_create(player=ann, by=ann.table.owner)
    c = Client()
    c.force_login(other_host)
    response = c.post(reverse("invite_view", args=[token]))
    assert response.url == reverse("my_games")
    assert current_link(ann).user == other_host


def test_a_signed_out_post_is_sent_to_sign_in_and_links_nothing(ann):
    _, token = player_invite_create(player=ann, by=ann.table.owner)
    response = Client().post(reverse("invite_view", args=[token]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert PlayerLink.objects.count() == 0


def test_an_account_with_a_seat_at_the_table_is_refused_on_the_invite(ann):
    bea = UserFactory()
    bob = PlayerFactory(table=ann.table, name="Bob")
    link_player(bob, bea)
    _, token = player_invite_create(player=ann, by=ann.table.owner)
    c = Client()
    c.force_login(bea)
    response = c.post(reverse("invite_view", args=[token]))
    assert refused(response, 409) == sentences([ACCOUNT_HAS_A_SEAT(seat=bob.pk)], {})
    assert current_link(ann) is None


def test_a_used_invite_answers_like_an_unknown_one(ann):
    _, token = player_invite_create(player=ann, by=ann.table.owner)
    c = Client()
    c.force_login(UserFactory())
    c.post(reverse("invite_view", args=[token]))
    again = Client()
    again.force_login(UserFactory())
    used = again.post(reverse("invite_view", args=[token]))
    assert used.status_code == 404
    assert used.content == client_for_invite("unknown-token").content
    assert PlayerLink.objects.count() == 1


def test_too_many_tries_from_one_device_are_refused(ann, settings):
    settings.PLAYER_INVITE_ATTEMPT_LIMIT_PER_CLIENT = 1
    bea = UserFactory()
    link_player(PlayerFactory(table=ann.table, name="Bob"), bea)
    _, token = player_invite_create(player=ann, by=ann.table.owner)
    c = Client()
    c.force_login(bea)
    c.post(reverse("invite_view", args=[token]))  # refused: Bea has a seat here
    response = c.post(reverse("invite_view", args=[token]))
    assert refused(response, 429) == [str(ATTEMPTS_THROTTLED % {"limit": 1})]


def test_another_host_cannot_see_or_withdraw_an_invite(ann):
    invite, _ = player_invite_create(player=ann, by=ann.table.owner)
    c = Client()
    c.force_login(UserFactory())
    assert c.get(reverse("player_invite", args=[invite.pk])).status_code == 404
    assert c.post(reverse("player_invite_withdraw", args=[invite.pk])).status_code == 404
    assert c.post(reverse("player_invite_create", args=[ann.pk])).status_code == 404
    assert PlayerInviteWithdrawal.objects.count() == 0


def test_an_invite_withdrawn_while_it_is_being_accepted_is_refused_on_the_page(ann, monkeypatch):
    from tables.views import invites as invite_views

    invite, token = player_invite_create(player=ann, by=ann.table.owner)
    read = invite_views.invite_screen

    def read_then_withdrawn(value):
        screen = read(value)
        player_invite_withdraw(invite=invite, by=ann.table.owner)
        return screen

    monkeypatch.setattr(invite_views, "invite_screen", read_then_withdrawn)
    c = Client()
    c.force_login(UserFactory())
    response = c.post(reverse("invite_view", args=[token]))
    assert refused(response, 409) == sentences([INVITE_NOT_OPEN()], {})
    assert PlayerLink.objects.count() == 0
