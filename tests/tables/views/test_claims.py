"""This is me, from the live link: the visitor asks, the host answers on the table's page
or the player's."""

from html import escape

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import SeatClaim, SeatClaimAnswer
from ledger.selectors.player_links import current_link
from ledger.services.seat_claims import CLAIM_PENDING, seat_claim_create
from ledger.services.share_links import share_link_create
from tables.problems import sentences
from tables.views.claims import CLAIM_ACCEPTED, CLAIM_REFUSED, CLAIM_SENT, CLAIM_SUPERSEDED
from tests.factories import NightFactory, UserFactory, link_player
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return NightFactory()


@pytest.fixture
def token(night):
    return share_link_create(night=night, by=night.table.owner).token


@pytest.fixture
def ann(night):
    return night.table.players.get(name="Ann")


def _client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_the_live_link_offers_this_is_me_for_each_player_not_linked(night, token, ann):
    link_player(night.table.players.get(name="Bob"))
    html = _client().get(reverse("share_view", args=[token])).content.decode()
    assert reverse("seat_claim", args=[token, ann.pk]) in html
    bob = night.table.players.get(name="Bob")
    assert reverse("seat_claim", args=[token, bob.pk]) not in html


def test_a_signed_out_visitor_is_offered_sign_up_and_sign_in_coming_back(token, ann):
    html = _client().get(reverse("seat_claim", args=[token, ann.pk])).content.decode()
    here = reverse("seat_claim", args=[token, ann.pk]).replace("/", "%2F")
    assert f'href="/accounts/signup/?next={here}"' in html
    assert f'href="/accounts/login/?next={here}"' in html
    response = _client().post(reverse("seat_claim", args=[token, ann.pk]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert SeatClaim.objects.count() == 0


def test_a_signed_in_visitor_asks_and_the_host_sees_it_and_accepts(night, token, ann):
    bea = UserFactory()
    response = _client(bea).post(reverse("seat_claim", args=[token, ann.pk]), follow=True)
    assert response.redirect_chain == [(reverse("share_view", args=[token]), 302)]
    assert escape(str(CLAIM_SENT % {"player": "Ann"})) in response.content.decode()
    assert current_link(ann) is None
    claim = SeatClaim.objects.get()
    host = _client(night.table.owner)
    for page in (
        reverse("table_detail", args=[night.table.pk]),
        reverse("player_detail", args=[ann.pk]),
    ):
        html = host.get(page).content.decode()
        assert f'action="{reverse("seat_claim_accept", args=[claim.pk])}"' in html, page
        assert f'action="{reverse("seat_claim_refuse", args=[claim.pk])}"' in html, page
    response = host.post(
        reverse("seat_claim_accept", args=[claim.pk]),
        {"next": reverse("player_detail", args=[ann.pk])},
        follow=True,
    )
    assert response.redirect_chain == [(reverse("player_detail", args=[ann.pk]), 302)]
    words = {"player": "Ann", "user": bea.get_username()}
    assert escape(str(CLAIM_ACCEPTED % words)) in response.content.decode()
    link = current_link(ann)
    assert (link.user, link.linked_by) == (bea, night.table.owner)


def test_the_host_refuses_and_nothing_is_linked(night, ann):
    claim = seat_claim_create(player=ann, user=UserFactory(), client="x")
    response = _client(night.table.owner).post(
        reverse("seat_claim_refuse", args=[claim.pk]), follow=True
    )
    words = {"player": "Ann", "user": claim.user.get_username()}
    assert escape(str(CLAIM_REFUSED % words)) in response.content.decode()
    assert SeatClaimAnswer.objects.get().outcome == SeatClaimAnswer.REFUSED
    assert current_link(ann) is None


def test_a_claim_for_a_seat_linked_meanwhile_is_closed_as_such(night, ann):
    claim = seat_claim_create(player=ann, user=UserFactory(), client="x")
    link_player(ann)
    response = _client(night.table.owner).post(
        reverse("seat_claim_accept", args=[claim.pk]), follow=True
    )
    words = {"player": "Ann", "user": claim.user.get_username()}
    assert escape(str(CLAIM_SUPERSEDED % words)) in response.content.decode()
    assert SeatClaimAnswer.objects.get().outcome == SeatClaimAnswer.SUPERSEDED


def test_asking_twice_is_refused_on_the_page(token, ann):
    bea = UserFactory()
    c = _client(bea)
    c.post(reverse("seat_claim", args=[token, ann.pk]))
    response = c.post(reverse("seat_claim", args=[token, ann.pk]))
    assert refused(response, 409) == sentences([CLAIM_PENDING(player=ann.pk)], {ann.pk: "Ann"})
    assert SeatClaim.objects.count() == 1


def test_a_player_not_of_the_night_or_a_dead_link_is_not_found(night, token):
    stranger = NightFactory().table.players.first()
    c = _client(UserFactory())
    assert c.get(reverse("seat_claim", args=[token, stranger.pk])).status_code == 404
    ann = night.table.players.get(name="Ann")
    assert c.get(reverse("seat_claim", args=["no-such-token", ann.pk])).status_code == 404


def test_another_host_cannot_answer_a_claim(ann):
    claim = seat_claim_create(player=ann, user=UserFactory(), client="x")
    c = _client(UserFactory())
    assert c.post(reverse("seat_claim_accept", args=[claim.pk])).status_code == 404
    assert c.post(reverse("seat_claim_refuse", args=[claim.pk])).status_code == 404
    assert SeatClaimAnswer.objects.count() == 0
