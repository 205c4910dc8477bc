import pytest

from ledger import errors as err
from ledger import rules, selectors
from ledger.models import Night
from ledger.services import nights as night_services
from tests.factories import NightFactory, UserFactory, night_with
from tests.ledger.worked_examples import EXAMPLE_1
from tests.tables.night_helpers import example_1_hands, play, said, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return NightFactory(hands=7)


def _closed(night) -> bool:
    return Night.objects.get(pk=night.pk).is_closed


# --- who may close ----------------------------------------------------------------


def test_the_host_sees_the_pot_and_the_tables_rule_chosen(client, host, night):
    response = client.get(url("night_close", night))

    assert response.status_code == 200
    html = response.content.decode()
    assert "The 16 chips left in the pot" in html
    assert 'name="policy" value="refund" checked' in html
    assert "(this table's rule)" in html
    assert 'name="policy" value="split">' in html
    # What each choice would hand back, before anything is decided.
    assert '<b class="block-line">Ann 2, Bob 2, Cy 10 and Dee 2</b>' in html
    assert '<b class="block-line">Ann 4, Bob 4, Cy 4 and Dee 4</b>' in html
    assert not _closed(night)


def test_another_host_gets_a_404_and_the_night_stays_open(client, night):
    client.force_login(UserFactory())

    assert client.get(url("night_close", night)).status_code == 404
    assert client.post(url("night_close", night), {"policy": "refund"}).status_code == 404
    assert not _closed(night)


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = client.post(url("night_close", night), {"policy": "refund"})

    assert response["Location"].startswith("/accounts/login/")
    assert not _closed(night)


# --- closing ----------------------------------------------------------------------


def test_closing_with_refund_hands_back_the_shares_and_goes_to_the_settle_up(client, host, night):
    response = client.post(url("night_close", night), {"policy": "refund"})

    assert response.status_code == 302
    assert response["Location"] == url("night_settlement", night)
    assert _closed(night)
    assert list(selectors.night_balances(night).values()) == EXAMPLE_1["final"]


def test_closing_with_split_shares_the_pot_equally(client, host, night):
    client.post(url("night_close", night), {"policy": "split"})

    closed = Night.objects.get(pk=night.pk)
    assert closed.leftover_policy == rules.LEFTOVER_SPLIT
    # 16 chips among Ann, Bob, Cy, Dee (hand 7's seated): 4 each.
    assert list(selectors.night_balances(night).values()) == [14, -14, -2, 2]


def test_an_unknown_policy_is_refused_and_the_night_stays_open(client, host, night):
    response = client.post(url("night_close", night), {"policy": "keep"})

    assert response.status_code == 400
    assert said(err.LEFTOVER_POLICY_INVALID) in response.content.decode()
    assert not _closed(night)


def test_an_empty_pot_needs_no_choice(client):
    night = night_with()
    client.force_login(night.table.owner)
    play(night, example_1_hands(4))  # Ann takes the pot: it is empty

    html = client.get(url("night_close", night)).content.decode()

    assert "The pot is empty: nothing to hand back." in html
    assert 'type="radio"' not in html


def test_a_closed_night_goes_straight_to_its_settle_up(client, host, night):
    night_services.night_close(night=night, by=host)

    response = client.get(url("night_close", night))

    assert response["Location"] == url("night_settlement", night)
