import re

import pytest
from django.utils.translation import gettext

from ledger import rules
from ledger.models import Player
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from tables.views.hands import HAND_UNDONE
from tests.factories import UserFactory, night_with
from tests.tables.night_helpers import example_1_hands, play, url

pytestmark = pytest.mark.django_db


def _names_in_order(html: str) -> list[str]:
    return re.findall(r'<span class="name" id="name_\d+">([^<]+)</span>', html)


# --- who may see it ---------------------------------------------------------------


def test_the_host_sees_the_first_hand_with_everyone_at_zero(client, host, night):
    response = client.get(url("night_detail", night))

    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Hand 1</h1>" in html
    assert "Ante 1 each" in html
    assert html.count('class="num ">0</td>') == 4


def test_another_host_gets_a_404(client, night):
    client.force_login(UserFactory())

    assert client.get(url("night_detail", night)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = client.get(url("night_detail", night))

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


# --- the hand form ----------------------------------------------------------------


def test_players_are_listed_from_the_dealers_left_with_the_dealer_last(client, host, night):
    html = client.get(url("night_detail", night)).content.decode()

    assert _names_in_order(html) == ["Bob", "Cy", "Dee", "Ann"]
    assert re.search(r'<option value="\d+" selected>Ann \(deals by turn\)</option>', html)


def test_the_deal_passes_clockwise_and_stays_after_a_misdeal(client, host, night):
    play(night, example_1_hands(1))
    html = client.get(url("night_detail", night)).content.decode()
    assert _names_in_order(html) == ["Cy", "Dee", "Ann", "Bob"]
    assert "Ann (same dealer)" in html

    play(night, [*example_1_hands(6)][1:], start=2)
    html = client.get(url("night_detail", night)).content.decode()
    assert "<h1>Hand 7</h1>" in html
    assert re.search(r"selected>Bob \(deals by turn\)</option>", html)


def test_the_form_carries_the_hand_number_and_a_fresh_key_on_every_render(client, host, night):
    first = client.get(url("night_detail", night)).content.decode()
    second = client.get(url("night_detail", night)).content.decode()

    assert '<input type="hidden" name="number" value="1">' in first
    key = re.compile(r'name="key" value="([0-9a-f]{32})"')
    assert key.search(first).group(1) != key.search(second).group(1)


def test_every_seat_has_its_controls_with_labels(client, host, night):
    html = client.get(url("night_detail", night)).content.decode()

    for control in ("seated_", "renege_"):
        assert html.count(f'name="{control}') == 4
    # One tap a player: Fold, or the tricks a stayer took, 0 to 5, each a labelled radio.
    assert html.count('name="play_') == 4 * 7
    assert html.count('<span class="sr-only">0 tricks</span>') == 4
    assert html.count('<span class="sr-only">1 trick</span>') == 4
    assert 'name="tricks_' not in html
    assert 'name="misdeal" value="1"' in html
    # No request as the host taps: the phone checks (the Check button asks the server
    # without JavaScript), and the referee's night comes with the screen.
    assert 'hx-trigger="change"' not in html
    assert f'formaction="/nights/{night.pk}/check/"' in html
    assert "&quot;referee&quot;: {&quot;rules&quot;" in html


def test_the_tricks_fields_go_up_to_the_nights_tricks_per_hand(client):
    night = night_with(house_rules=rules.HouseRules(tricks_per_hand=7))
    client.force_login(night.table.owner)

    html = client.get(url("night_detail", night)).content.decode()

    assert html.count('value="7"><span aria-hidden="true">7</span>') == 4
    assert 'value="8">' not in html


def test_the_pot_and_the_carryover_show_before_the_next_hand(client, host, night):
    play(night, example_1_hands(1))

    html = client.get(url("night_detail", night)).content.decode()

    assert "Pot <b>4</b>" in html
    assert "<h1>Hand 2</h1>" in html


def test_an_escalated_ante_says_so(client):
    night = night_with(house_rules=rules.HouseRules(ante=2, escalating_ante=True))
    client.force_login(night.table.owner)
    play(night, example_1_hands(1))

    html = client.get(url("night_detail", night)).content.decode()

    assert "Ante 4 each, doubled once after carryovers" in html


def test_players_exempt_from_the_ante_are_named(client):
    night = night_with(house_rules=rules.HouseRules(ante_exemptions=True))
    client.force_login(night.table.owner)
    play(night, example_1_hands(2))  # hand 2: Dee bourré

    html = client.get(url("night_detail", night)).content.decode()

    assert "Dee skips the ante (bourré or tied for most last hand)." in html
    assert html.count('<span class="badge">no ante</span>') == 1


# --- after a hand -----------------------------------------------------------------


def test_after_a_hand_it_says_what_happened_and_shows_the_standings(client, host, night):
    play(night, example_1_hands(2))

    html = client.get(url("night_detail", night) + "?after=2").content.decode()

    assert "Hand 2: Dee is bourré: pays 8 into the next pot. Cy wins 8." in html
    assert '<td class="num pos">+6</td><td class="num pos">$6.00</td>' in html
    assert '<td class="num neg">-10</td><td class="num neg">-$10.00</td>' in html
    assert 'pot <span class="pot-now">8</span>' in html


def test_the_balances_and_the_pot_are_said_once_above_their_table(client, host, night):
    play(night, example_1_hands(2))

    html = client.get(url("night_detail", night)).content.decode()

    balances = str(gettext("Balances tonight"))
    assert html.count(f"{balances} · ") == 1
    assert html.count('class="pot-now"') == 1
    assert f'<caption class="sr-only">{balances}</caption>' in html


def test_an_unknown_after_number_is_ignored(client, host, night):
    response = client.get(url("night_detail", night) + "?after=x")

    assert response.status_code == 200
    assert 'class="after"' not in response.content.decode()


def test_the_links_lead_to_undo_log_roster_and_close(client, host, night):
    html = client.get(url("night_detail", night)).content.decode()
    # No hand, nothing to undo (the outbox's words, for hand.js, name no hand yet).
    assert url("hand_undo", night) not in html
    assert "Undo hand 1" not in html

    play(night, example_1_hands(1))
    html = client.get(url("night_detail", night)).content.decode()

    assert f'href="{url("hand_undo", night)}">Undo hand 1</a>' in html
    assert f'href="{url("night_log", night)}"' in html
    assert f'href="{url("night_close", night)}"' in html
    assert f'href="/nights/{night.pk}/join/"' in html


def test_a_closed_night_goes_to_its_settle_up(client, host, night):
    night_services.night_close(night=night, by=host)

    response = client.get(url("night_detail", night))

    assert response.status_code == 302
    assert response["Location"] == url("night_settlement", night)


def test_flash_messages_from_other_screens_show(client, host, night):
    play(night, example_1_hands(1))
    client.post(url("hand_undo", night), {"number": "1", "revision": "1"})

    html = client.get(url("night_detail", night)).content.decode()

    assert HAND_UNDONE % {"number": 1} in html


def test_a_player_who_left_is_not_dealt_in_but_keeps_a_balance(client, host, night):
    play(night, example_1_hands(1))
    roster_services.night_seat_leave(night=night, player=Player.objects.get(name="Dee"), by=host)

    html = client.get(url("night_detail", night)).content.decode()

    assert _names_in_order(html) == ["Cy", "Ann", "Bob"]
    assert (
        '<th scope="row">Dee <span class="muted">(left)</span></th><td class="num neg">-1</td>'
        in html
    )


def test_a_night_everyone_left_still_shows(client, host, night):
    for player in Player.objects.filter(table=night.table):
        roster_services.night_seat_leave(night=night, player=player, by=host)

    response = client.get(url("night_detail", night))

    assert response.status_code == 200
    assert _names_in_order(response.content.decode()) == []


def test_who_sat_out_last_hand_still_sits_out_and_a_newcomer_is_dealt_in(client, host, night):
    by_name = {p.name: p.pk for p in Player.objects.filter(seats__night=night)}
    play(night, [{"dealer": "Ann", "seated": ["Ann", "Bob", "Cy"], "stayed": {"Bob": 3, "Cy": 2}}])
    roster_services.night_seat_join_newcomer(night=night, name="Eve", position=5, by=host)

    html = client.get(url("night_detail", night)).content.decode()

    seated = dict(re.findall(r'name="seated_(\d+)" value="1" data-seated( checked)?', html))
    eve = Player.objects.get(name="Eve").pk
    assert {int(pid): bool(mark) for pid, mark in seated.items()} == {
        by_name["Ann"]: True,
        by_name["Bob"]: True,
        by_name["Cy"]: True,
        by_name["Dee"]: False,
        eve: True,
    }
    assert re.search(rf'class="seat sits-out" data-seat="\d+" data-player="{by_name["Dee"]}"', html)


@pytest.mark.parametrize("suffix", ["", "check/", "outbox/", "hands/"])
def test_a_night_id_past_what_the_database_holds_is_a_404(client, suffix):
    client.force_login(UserFactory())
    url = f"/nights/{2**64}/{suffix}"

    response = client.post(url) if suffix else client.get(url)

    assert response.status_code == 404
