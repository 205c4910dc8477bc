import re
from decimal import Decimal

import pytest

from ledger import rules
from ledger.services import nights as night_services
from tables.pages.settle_up import NOBODY_OWES
from tables.views.night_end import NIGHT_NOT_CLOSED
from tests.factories import PaymentMethodFactory, UserFactory, night_with
from tests.tables.night_helpers import example_1_hands, play, url

pytestmark = pytest.mark.django_db


def _closed_example(house_rules=None):
    night = night_with(house_rules=house_rules)
    play(night, example_1_hands())
    night_services.night_close(night=night, by=night.started_by)
    return night


@pytest.fixture
def night():
    return _closed_example()


# --- who may see it ---------------------------------------------------------------


def test_the_host_sees_who_pays_whom_and_the_final_balances(client, host, night):
    response = client.get(url("night_settlement", night))

    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(
        # Each transfer's paid status follows in its item (templates/payments/).
        r"<li><span><b>Bob</b> pays <b>Ann</b></span> <span>\$12\.00</span>.*?</li>\s*"
        r"<li><span><b>Bob</b> pays <b>Cy</b></span> <span>\$4\.00</span>",
        html,
        re.S,
    )
    assert (
        '<th scope="row">Ann</th><td class="num pos">+12</td><td class="num pos">$12.00</td>'
        in html
    )
    assert (
        '<th scope="row">Bob</th><td class="num neg">-16</td><td class="num neg">-$16.00</td>'
        in html
    )
    assert '<th scope="row">Dee</th><td class="num ">0</td><td class="num ">$0.00</td>' in html


def _add_way_link(night, name) -> str:
    payee = night.table.players.get(name=name)
    back = f"/nights/{night.pk}/settle/".replace("/", "%2F")
    return f'href="/players/{payee.pk}/?next={back}#payment-methods"'


def test_each_payee_with_no_way_to_get_paid_gets_a_link_to_add_one(client, host, night):
    html = client.get(url("night_settlement", night)).content.decode()

    # Bob pays Ann and Cy: the payees have the link, the payer has none.
    assert _add_way_link(night, "Ann") in html
    assert _add_way_link(night, "Cy") in html
    assert _add_way_link(night, "Bob") not in html
    assert "Add how Ann gets paid" in html


def test_a_payee_who_can_be_paid_in_the_nights_currency_gets_no_add_link(client, host, night):
    PaymentMethodFactory(player=night.table.players.get(name="Ann"), kind="other", value="Cash")
    # A way in another currency pays nothing tonight: Cy still gets the link.
    PaymentMethodFactory(player=night.table.players.get(name="Cy"))

    html = client.get(url("night_settlement", night)).content.decode()

    assert _add_way_link(night, "Ann") not in html
    assert _add_way_link(night, "Cy") in html


def test_another_host_gets_a_404(client, night):
    client.force_login(UserFactory())

    assert client.get(url("night_settlement", night)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    assert client.get(url("night_settlement", night))["Location"].startswith("/accounts/login/")


# --- sharing it -------------------------------------------------------------------


def test_the_settle_up_is_shown_as_text_to_copy_even_without_javascript(client, host, night):
    html = client.get(url("night_settlement", night)).content.decode()

    start = html.index('<textarea id="settle-text" readonly')
    text = html[html.index(">", start) + 1 : html.index("</textarea>")]
    assert "Bob pays Ann $12.00\nBob pays Cy $4.00\n" in text
    assert "Ann: +12 chips, $12.00" in text
    assert 'data-copy="#settle-text" hidden' in html
    assert 'src="/static/js/copy.js"' in html


@pytest.mark.parametrize(
    ("currency", "chip_value", "line"),
    [
        ("EUR", "0.25", "Bob pays Ann €3.00"),
        ("GBP", "0.50", "Bob pays Ann £6.00"),
        ("SEK", "5", "Bob pays Ann SEK\u00a060.00"),
        ("JPY", "100", "Bob pays Ann ¥1,200"),
    ],
)
def test_money_is_shown_in_the_tables_currency(client, currency, chip_value, line):
    house = rules.HouseRules(currency=currency, chip_value=Decimal(chip_value))
    night = _closed_example(house)
    client.force_login(night.table.owner)

    assert line in client.get(url("night_settlement", night)).content.decode()


def test_a_night_where_nobody_won_anything_says_so(client):
    night = night_with()
    client.force_login(night.table.owner)
    night_services.night_close(night=night, by=night.started_by)

    html = client.get(url("night_settlement", night)).content.decode()

    assert str(NOBODY_OWES) in html


def test_an_open_night_is_sent_to_be_closed_first(client):
    night = night_with()
    client.force_login(night.table.owner)

    response = client.get(url("night_settlement", night), follow=True)

    assert response.redirect_chain[-1][0] == url("night_close", night)
    assert str(NIGHT_NOT_CLOSED) in response.content.decode()
