"""The live share link: the host makes and revokes it; anyone holding it watches the night."""

import json
import re
from html import escape, unescape

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import ShareLink
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from ledger.services.share_links import share_link_create, share_link_revoke
from ledger.services.tables import player_rename, table_update
from tables.pages.live_link import NIGHT_CHANGED
from tables.views.share import SHARE_CREATED, SHARE_REVOKED
from tests.factories import UserFactory, night_with
from tests.ledger.helpers import hand_data
from tests.ledger.stats_nights import play_example_1

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

    assert str(SHARE_REVOKED) in response.content.decode()
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


# --- the poll: a validator per part, so an unchanged night costs a 304 ----------------

STANDINGS_POLL = {"HX-Request": "true", "HX-Target": "standings"}
HANDS_POLL = {"HX-Request": "true", "HX-Target": "hands"}
ONE_MORE = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}


@pytest.fixture
def polled():
    """An open night of two hands with its live link, and the link's address."""
    night = night_with()
    for number in (1, 2):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, ONE_MORE), by=_host(night)
        )
    link = share_link_create(night=night, by=_host(night))
    return night, reverse("share_view", args=[link.token])


def _host(night):
    return night.table.owner


def _validator_sent_by(html: str, part: str) -> str:
    """The If-None-Match the page's part sends with its requests (its hx-headers)."""
    section = re.search(rf'<section id="{part}"[^>]*>', unescape(html)).group(0)
    return json.loads(re.search(r"hx-headers=\"(\{.*?\})\"", section).group(1))["If-None-Match"]


@pytest.mark.parametrize("poll", [STANDINGS_POLL, HANDS_POLL], ids=["standings", "hands"])
@pytest.mark.parametrize("method", ["get", "head"])
def test_an_unchanged_night_answers_the_poll_304_with_no_body(client, polled, poll, method):
    _, url = polled
    first = client.get(url, headers=poll)

    again = getattr(client, method)(url, headers={**poll, "If-None-Match": first["ETag"]})

    assert first.status_code == 200
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]


@pytest.mark.parametrize(
    "sent", ["W/{etag}", '"other", {etag}', "*"], ids=["weak", "among others", "any"]
)
def test_the_poll_is_304_when_its_validator_is_among_those_sent_weak_or_not(client, polled, sent):
    _, url = polled
    first = client.get(url, headers=STANDINGS_POLL)

    sent = sent.format(etag=first["ETag"])
    again = client.get(url, headers={**STANDINGS_POLL, "If-None-Match": sent})

    other = client.get(url, headers={**STANDINGS_POLL, "If-None-Match": '"other"'})
    assert again.status_code == 304
    assert other.status_code == 200


def test_the_page_sends_the_validators_its_parts_were_rendered_under(client, polled):
    _, url = polled

    html = client.get(url).content.decode()

    for part, poll in (("standings", STANDINGS_POLL), ("hands", HANDS_POLL)):
        etag = _validator_sent_by(html, part)
        assert client.get(url, headers={**poll, "If-None-Match": etag}).status_code == 304


def test_the_standings_poll_renders_no_hand_log_and_says_the_night_changed(client, polled):
    _, url = polled

    standings = client.get(url, headers=STANDINGS_POLL)
    hands = client.get(url, headers=HANDS_POLL)

    assert 'class="hand-log"' not in standings.content.decode()
    assert "After hand 2" in standings.content.decode()
    assert json.loads(standings["HX-Trigger"]) == {NIGHT_CHANGED: {}}
    html = hands.content.decode()
    assert html.lstrip().startswith('<section id="hands"')
    assert 'class="hand-log"' in html and "HX-Trigger" not in hands
    assert f'hx-trigger="{NIGHT_CHANGED} from:body"' in html


def _record(night):
    number = night.hands.filter(live=True).count() + 1
    hand_services.hand_record(
        night=night, expected_number=number, hand=hand_data(night, ONE_MORE), by=_host(night)
    )


def _misdeal(night):
    misdeal = hand_data(night, {"dealer": "Cy", "misdeal": True})
    hand_services.hand_record(night=night, expected_number=3, hand=misdeal, by=_host(night))


def _correct(night):
    fixed = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}})
    correction_services.hand_correct(
        night=night, number=1, hand=fixed, reason="Cy took 3", by=_host(night)
    )


def _rename(night):
    player_rename(player=night.seats.get(player__name="Dee").player, name="Dora")


def _table_language(night):
    table = night.table
    table_update(table=table, name=table.name, house_rules=table.rules, language="sv")


CHANGES = {
    "a hand recorded": _record,
    "a misdeal (no chip moves)": _misdeal,
    "the last hand undone": lambda n: correction_services.hand_undo_last(night=n, by=_host(n)),
    "a hand corrected": _correct,
    "a player joined": lambda n: roster_services.night_seat_join_newcomer(
        night=n, name="Eve", position=2, by=_host(n)
    ),
    "a player left": lambda n: roster_services.night_seat_leave(
        night=n, player=n.seats.get(player__name="Dee").player, by=_host(n)
    ),
    "a player renamed": _rename,
    "the night closed": lambda n: night_services.night_close(night=n, by=_host(n)),
    "the table's language changed": _table_language,
}


@pytest.mark.parametrize("poll", [STANDINGS_POLL, HANDS_POLL], ids=["standings", "hands"])
@pytest.mark.parametrize("change", CHANGES)
def test_after_a_change_the_poll_gets_the_new_part_under_a_new_etag(client, polled, change, poll):
    night, url = polled
    before = client.get(url, headers=poll)

    CHANGES[change](night)
    after = client.get(url, headers={**poll, "If-None-Match": before["ETag"]})

    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content
    again = client.get(url, headers={**poll, "If-None-Match": after["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("poll", [STANDINGS_POLL, HANDS_POLL], ids=["standings", "hands"])
def test_a_visitor_who_switches_language_gets_the_part_in_theirs(client, polled, poll):
    _, url = polled
    before = client.get(url, headers=poll)

    client.post(reverse("set_language"), {"language": "fr", "next": url})
    after = client.get(url, headers={**poll, "If-None-Match": before["ETag"]})

    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after["Content-Language"] == "fr"


def test_two_visitors_in_two_languages_get_two_validators(polled):
    _, url = polled
    english, swedish = Client(HTTP_ACCEPT_LANGUAGE="en"), Client(HTTP_ACCEPT_LANGUAGE="sv")

    etag = english.get(url, headers=STANDINGS_POLL)["ETag"]

    assert swedish.get(url, headers={**STANDINGS_POLL, "If-None-Match": etag}).status_code == 200


def test_a_revoked_link_answers_404_even_to_a_current_validator(client, polled):
    night, url = polled
    etag = client.get(url, headers=STANDINGS_POLL)["ETag"]

    share_link_revoke(night=night, by=_host(night))

    assert client.get(url, headers={**STANDINGS_POLL, "If-None-Match": etag}).status_code == 404


@pytest.mark.parametrize("who", ["host", "other host"])
def test_a_signed_in_host_polling_gets_304s_and_nothing_is_stored(client, polled, who):
    night, url = polled
    client.force_login(_host(night) if who == "host" else UserFactory())
    etag = client.get(url, headers=STANDINGS_POLL)["ETag"]

    again = client.get(url, headers={**STANDINGS_POLL, "If-None-Match": etag})

    assert again.status_code == 304
    assert "no-store" in again["Cache-Control"]


def test_the_page_and_its_parts_say_they_vary_by_the_htmx_headers(client, polled):
    _, url = polled

    for headers in ({}, STANDINGS_POLL, HANDS_POLL):
        vary = client.get(url, headers=headers)["Vary"]
        assert "HX-Request" in vary and "HX-Target" in vary
