import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ledger.services import corrections as correction_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from tests.factories import NightFactory, UserFactory, night_with
from tests.ledger.helpers import hand_data
from tests.tables.night_helpers import example_1_hands, play, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return NightFactory(hands=7)


def _section(html: str, number: int) -> str:
    start = html.index(f'id="hand-{number}"')
    end = html.find('<section class="card hand-log"', start)
    return html[start : end if end > 0 else len(html)]


# --- who may read it --------------------------------------------------------------


def test_the_host_sees_every_hand_newest_first(client, host, night):
    response = client.get(url("night_log", night))

    assert response.status_code == 200
    html = response.content.decode()
    assert [int(n) for n in re.findall(r'<b class="log-number">(\d+)</b>', html)] == [
        7, 6, 5, 4, 3, 2, 1,
    ]  # fmt: skip
    # A line a hand, each a tap to correcting it; in full, the same order.
    assert f'href="{reverse("hand_correct", args=[night.pk, 2])}"' in html
    full = client.get(url("night_log", night) + "?full=1").content.decode()
    assert [int(n) for n in re.findall(r'<h2 id="hand-\d+-heading">Hand (\d+)</h2>', full)] == [
        7, 6, 5, 4, 3, 2, 1,
    ]  # fmt: skip


def test_another_host_gets_a_404(client, night):
    client.force_login(UserFactory())

    assert client.get(url("night_log", night)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    assert client.get(url("night_log", night))["Location"].startswith("/accounts/login/")


# --- what it shows ----------------------------------------------------------------


def test_each_hand_shows_dealer_seated_stayers_pot_winner_and_payments(client, host, night):
    html = client.get(url("night_log", night) + "?full=1").content.decode()

    hand_3 = _section(html, 3)
    assert "<dt>Dealer</dt><dd>Cy</dd>" in hand_3
    assert "<dt>Seated</dt><dd>Ann, Bob, Cy and Dee</dd>" in hand_3
    assert "<dt>Stayed</dt><dd>Dee 5, Ann 0, Bob 0</dd>" in hand_3
    assert "<dd>12 before play, 24 after</dd>" in hand_3
    assert "<dt>Winner</dt><dd>Dee</dd>" in hand_3
    assert "<li>Dee takes 12</li>" in hand_3
    assert "<li>Bourré: Ann 12 and Bob 12</li>" in hand_3
    hand_7 = _section(html, 7)
    assert "<dt>Reneged</dt><dd>Cy</dd>" in hand_7
    assert "<dt>Winner</dt><dd>nobody</dd>" in hand_7
    assert "Misdeal: Bob deals again." in _section(html, 6)
    assert "<dt>Stayed</dt><dd>nobody</dd>" in _section(html, 5)
    assert "<dt>Stayed</dt><dd>Ann</dd>" in _section(html, 4)


def test_corrections_and_undos_show_who_when_and_why(client, host, night):
    hand = hand_data(night, {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 1, "Ann": 1}})
    correction_services.hand_correct(
        night=night, number=2, hand=hand, reason="Dee took a trick", by=host
    )
    correction_services.hand_undo_last(night=night, by=host, reason="Cy did not renege")

    html = client.get(url("night_log", night) + "?full=1").content.decode()

    hand_2 = _section(html, 2)
    assert hand_2.count('class="revision superseded"') == 1
    assert hand_2.count('class="revision live"') == 1
    assert "<b>Corrected</b>" in hand_2
    assert "Why: Dee took a trick" in hand_2
    assert f"by {host.username}" in hand_2
    assert "<b>Replayed after a correction</b>" in _section(html, 3)
    hand_7 = _section(html, 7)
    assert "<b>Undone</b>" in hand_7
    assert "this hand was undone" in hand_7
    assert "Why: Cy did not renege" in hand_7
    assert "Correct hand 7" not in hand_7
    assert "Correct hand 6" in _section(html, 6)
    # A line a hand: the corrected one says so, the undone one too.
    lines = client.get(url("night_log", night)).content.decode()
    assert 'class="badge old">corrected</span>' in lines
    assert 'class="log-words">Undone' in lines
    undone = lines[lines.index('id="hand-7"') : lines.index('id="hand-6"')]
    assert "corrected" not in undone  # an undo is no correction


def test_the_query_count_does_not_grow_with_the_hands(client, host, night):
    hand = hand_data(night, {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 1, "Ann": 1}})
    correction_services.hand_correct(
        night=night, number=2, hand=hand, reason="Dee took a trick", by=host
    )
    short = night_with(table=night.table)
    play(short, example_1_hands(1))
    short_url, long_url = url("night_log", short), url("night_log", night)
    client.get(short_url)  # warm up: session, user

    with CaptureQueriesContext(connection) as few:
        client.get(short_url)
    with CaptureQueriesContext(connection) as many:
        client.get(long_url)

    assert len(many) == len(few)


def test_a_closed_night_offers_no_corrections(client, host, night):
    night_services.night_close(night=night, by=host)

    html = client.get(url("night_log", night)).content.decode()

    assert "Correct hand" not in html
    assert "· closed" in html
    # Each line opens the hand in full instead.
    assert f"{url('night_log', night)}?full=1#hand-2" in html


def test_the_log_shows_who_came_and_went(client, host, night):
    from ledger.models import Seat

    bob = Seat.objects.get(night=night, player__name="Bob").player
    roster_services.night_seat_leave(night=night, player=bob, by=host)

    html = client.get(url("night_log", night)).content.decode()

    assert "Who came and went" in html
    assert f"Bob left (seat 2) after hand 7 · {host.username}" in html
