"""The pay buttons of a closed night's settle-up and of its live link: each transfer offers
the payee's ways of getting paid in the night's currency, and nothing else."""

import json
import re
from decimal import Decimal
from html import unescape
from urllib.parse import quote, unquote

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from ledger import rules
from ledger.payments import crc16_ccitt_false
from ledger.selectors.night_end import settle_up_screen
from ledger.services import nights as night_services
from ledger.services.debts import payment_mark
from ledger.services.payment_methods import payment_method_remove
from ledger.services.share_links import share_link_create
from tables.pay_buttons import no_way_in
from tests.factories import PaymentMethodFactory, night_with
from tests.ledger.payment_method_examples import IBAN_DE, RANDOM_KEY
from tests.tables.night_helpers import example_1_hands, play, url

pytestmark = pytest.mark.django_db


def _closed(currency: str, chip_value: str = "1"):
    """Worked example 1 closed: Bob pays Ann 12 chips and Cy 4."""
    house = rules.HouseRules(currency=currency, chip_value=Decimal(chip_value))
    night = night_with(house_rules=house)
    play(night, example_1_hands())
    night_services.night_close(night=night, by=night.started_by)
    return night


def _player(night, name):
    return night.table.players.get(name=name)


def _settle_up(client, night) -> str:
    client.force_login(night.table.owner)
    response = client.get(url("night_settlement", night))
    assert response.status_code == 200
    return response.content.decode()


def _transfer(html: str, payee: str) -> str:
    """The settle-up line of the transfer to ``payee``."""
    return re.search(
        rf"<li><span><b>Bob</b> pays <b>{payee}</b>.*?</li>\s*(?=<li><span>|</ul>)", html, re.S
    )[0]


def test_a_swish_payee_gets_a_qr_code_and_a_link_opening_swish(client):
    night = _closed("SEK", "5")
    PaymentMethodFactory(player=_player(night, "Ann"), value="0701234567")

    ann = _transfer(_settle_up(client, night), "Ann")

    assert '<details class="pay">' in ann
    assert '<svg role="img" aria-label="Swish QR code: pay SEK\u00a060.00 to 070-123 45 67"' in ann
    link = unescape(re.search(r'<a class="button" href="(swish://payment\?data=[^"]+)"', ann)[1])
    assert "%22payee%22%3A%7B%22value%22%3A%2246701234567%22" in link
    assert "%22amount%22%3A%7B%22value%22%3A60.00%7D" in link
    assert "Open Swish" in ann
    assert "<dt>Swish number</dt><dd>070-123 45 67</dd>" in ann


def test_the_swish_message_names_the_table_and_the_nights_date(client):
    night = _closed("SEK", "5")
    PaymentMethodFactory(player=_player(night, "Ann"), value="0701234567")

    ann = unescape(_transfer(_settle_up(client, night), "Ann"))

    link = re.search(r'href="swish://payment\?data=([^"]+)"', ann)[1]
    data = json.loads(unquote(link))
    assert data["message"]["value"] == f"{night.table.name} {night.started_at:%Y-%m-%d}"


def test_a_payee_without_methods_gets_no_buttons(client):
    night = _closed("SEK", "5")
    PaymentMethodFactory(player=_player(night, "Ann"))

    html = _settle_up(client, night)

    assert '<details class="pay">' not in _transfer(html, "Cy")
    assert html.count('<details class="pay">') == 1


def test_only_the_methods_in_the_nights_currency_are_offered(client):
    night = _closed("SEK", "5")
    ann = _player(night, "Ann")
    PaymentMethodFactory(player=ann, kind="sepa", value=IBAN_DE, name="Ann Andersson")
    PaymentMethodFactory(player=ann, kind="venmo", value="ann")

    html = _settle_up(client, night)

    assert '<details class="pay">' not in html
    assert "DE89" not in html


def test_a_removed_method_is_not_offered(client):
    night = _closed("SEK", "5")
    method = PaymentMethodFactory(player=_player(night, "Ann"))
    payment_method_remove(method=method, by=night.table.owner)

    assert '<details class="pay">' not in _settle_up(client, night)


def test_a_pix_payee_gets_a_br_code_as_qr_and_as_copia_e_cola_text(client):
    night = _closed("BRL", "2")
    PaymentMethodFactory(
        player=_player(night, "Ann"), kind="pix", value=RANDOM_KEY, name="Ann", city="Rio"
    )

    ann = _transfer(_settle_up(client, night), "Ann")

    assert '<svg role="img" aria-label="Pix QR code: pay R$24.00 to Ann"' in ann
    code = unescape(
        re.search(r'<textarea class="pay-copy" readonly rows="4">([^<]+)</textarea>', ann)[1]
    )
    assert code.startswith("000201")
    assert f"0136{RANDOM_KEY}" in code
    assert "540524.00" in code
    assert code[-4:] == f"{crc16_ccitt_false(code[:-4].encode()):04X}"
    assert "Pix copia e cola" in ann
    assert "data-copy-box hidden" in ann


def test_a_sepa_payee_gets_an_epc_qr_with_the_iban_and_name_beside_it(client):
    night = _closed("EUR", "0.25")
    PaymentMethodFactory(player=_player(night, "Ann"), kind="sepa", value=IBAN_DE, name="Ann A")

    ann = _transfer(_settle_up(client, night), "Ann")

    assert 'aria-label="EPC QR code (GiroCode): transfer €3.00 to Ann A"' in ann
    assert "<dt>IBAN</dt><dd>DE89 3704 0044 0532 0130 00</dd>" in ann
    assert "<dt>Name</dt><dd>Ann A</dd>" in ann


def test_venmo_cash_app_and_paypal_payees_get_links_with_the_amount(client):
    night = _closed("USD")
    ann = _player(night, "Ann")
    PaymentMethodFactory(player=ann, kind="venmo", value="ann-smith")
    PaymentMethodFactory(player=ann, kind="cash_app", value="$AnnS")
    PaymentMethodFactory(player=ann, kind="paypal_me", value="AnnSmith")

    transfer = unescape(_transfer(_settle_up(client, night), "Ann"))

    assert 'href="https://venmo.com/ann-smith?txn=pay&amount=12.00&note=' in transfer
    assert 'href="https://cash.app/$AnnS/12.00"' in transfer
    assert 'href="https://paypal.me/AnnSmith/12.00USD"' in transfer
    assert "Pay $12.00 with Venmo" in transfer


def test_bizum_and_other_show_the_number_or_text_to_copy(client):
    night = _closed("EUR", "0.25")
    ann = _player(night, "Ann")
    PaymentMethodFactory(player=ann, kind="bizum", value="612 345 678")
    PaymentMethodFactory(player=ann, kind="other", value="Cash at the next night")

    transfer = _transfer(_settle_up(client, night), "Ann")

    assert '<input class="pay-copy" type="text" readonly value="+34612345678">' in transfer
    assert 'value="Cash at the next night"' in transfer
    assert "<svg" not in transfer


def test_the_settle_up_reads_the_payees_methods_in_one_more_query(
    client, django_assert_num_queries
):
    night = _closed("SEK", "5")
    PaymentMethodFactory(player=_player(night, "Ann"))
    PaymentMethodFactory(player=_player(night, "Cy"), value="0707654321")
    client.force_login(night.table.owner)
    page = url("night_settlement", night)
    client.get(page)

    # Session, user, the night, the settle-up's six (tests/tables/views/test_query_counts.py:
    # with the night's payment marks and "settle everything"), the payees' methods, and the
    # payers' words "I sent it" waiting; and the top bar's badge.
    with django_assert_num_queries(12):
        html = client.get(page).content.decode()
    assert html.count('<details class="pay">') == 2


# --- the live link ----------------------------------------------------------------


def test_the_live_link_shows_the_closed_nights_pay_buttons(client):
    night = _closed("SEK", "5")
    PaymentMethodFactory(player=_player(night, "Ann"), value="0701234567")
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert "Swish QR code: pay SEK\u00a060.00 to 070-123 45 67" in html
    assert "swish://payment?data=" in html
    assert 'src="/static/js/copy.js"' in html


def test_the_live_link_shows_no_way_of_paying_anyone_who_is_owed_nothing(client):
    night = _closed("SEK", "5")
    PaymentMethodFactory(player=_player(night, "Dee"), value="0709999999")
    PaymentMethodFactory(player=_player(night, "Bob"), value="0708888888")
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert "070-999 99 99" not in html and "709999999" not in html
    assert "070-888 88 88" not in html and "708888888" not in html


def test_an_open_nights_live_link_has_no_pay_buttons(client):
    night = night_with(house_rules=rules.HouseRules(currency="SEK", chip_value=Decimal(5)))
    play(night, example_1_hands())
    PaymentMethodFactory(player=_player(night, "Ann"))
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert '<details class="pay">' not in html
    assert "070-123 45 67" not in html and "46701234567" not in html


def test_a_paid_transfer_has_no_buttons_and_a_partly_paid_one_asks_for_what_is_left(client):
    night = _closed("USD", "1")
    ann, cy = _player(night, "Ann"), _player(night, "Cy")
    PaymentMethodFactory(player=ann, kind="paypal_me", value="ann")
    PaymentMethodFactory(player=cy, kind="paypal_me", value="cy")
    bob = _player(night, "Bob")
    owner = night.table.owner
    payment_mark(night=night, payer_id=bob.pk, payee_id=ann.pk, amount=Decimal("2"), by=owner)
    cy_owed = next(p.money for p in settle_up_screen(night).payments if p.payee.id == cy.pk)
    payment_mark(night=night, payer_id=bob.pk, payee_id=cy.pk, amount=cy_owed, by=owner)

    html = _settle_up(client, night)

    assert 'href="https://paypal.me/ann/10.00USD"' in html
    assert "https://paypal.me/cy/" not in html
    assert html.count('<details class="pay">') == 1


# --- a payee whose ways take another currency -------------------------------------------


def test_a_payee_whose_ways_all_take_another_currency_is_named_with_what_to_do(client):
    night = _closed("USD")
    ann = _player(night, "Ann")
    swish = PaymentMethodFactory(player=ann, value="0701234567")

    html = _settle_up(client, night)

    transfer = _transfer(html, "Ann")
    assert '<details class="pay">' not in transfer
    said = no_way_in([swish], payee="Ann", currency="USD")
    assert said and escape(said) in transfer
    # The payee's ways, whose form comes back to this settle-up once a way is added.
    back = quote(reverse("night_settlement", args=[night.pk]), safe="")
    player_page = reverse("player_detail", args=[ann.pk])
    assert f'href="{player_page}?next={back}#payment-methods"' in transfer
    # Cy has no way at all: nothing to explain.
    assert '<p class="check">' not in _transfer(html, "Cy")


def test_the_note_names_each_way_and_the_money_it_takes_in_the_hosts_language(client):
    night = _closed("USD")
    ann = _player(night, "Ann")
    methods = [
        PaymentMethodFactory(player=ann, value="0701234567"),
        PaymentMethodFactory(player=ann, kind="pix", value=RANDOM_KEY, name="Ann", city="Rio"),
    ]

    with translation.override("sv"):
        said = no_way_in(methods, payee="Ann", currency="USD")

    assert "Swish (svenska kronor)" in said
    assert "Pix (brasilianska real)" in said
    assert "amerikanska dollar" in said


def test_a_payee_with_one_way_in_the_nights_currency_gets_its_button_and_no_note(client):
    night = _closed("USD")
    ann = _player(night, "Ann")
    PaymentMethodFactory(player=ann, value="0701234567")
    PaymentMethodFactory(player=ann, kind="paypal_me", value="AnnS")

    transfer = _transfer(_settle_up(client, night), "Ann")

    assert '<details class="pay">' in transfer
    assert '<p class="check">' not in transfer


def test_the_live_link_does_not_tell_the_players_what_the_host_should_do(client):
    night = _closed("USD")
    swish = PaymentMethodFactory(player=_player(night, "Ann"), value="0701234567")
    link = share_link_create(night=night, by=night.table.owner)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert "<b>Ann</b>" in html
    assert escape(no_way_in([swish], payee="Ann", currency="USD")) not in html
    assert "Swish" not in html
