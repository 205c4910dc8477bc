"""Whose ways of getting paid a settle-up offers: a seat's account's own where one fits
the night's currency, else the host's entries for that seat."""

import pytest

from ledger.selectors.payment_methods import payees_payment_methods
from ledger.services.payment_methods import account_payment_method_add, payment_method_add
from tests.factories import PlayerFactory, link_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    """Ann's seat: the host wrote her Swish number, her account keeps a Venmo name."""
    ann = PlayerFactory(name="Ann")
    payment_method_add(player=ann, kind="swish", value="0701234567", by=ann.table.owner)
    account = link_player(ann).user
    account_payment_method_add(user=account, kind="venmo", value="ann-plays")
    return ann


def kinds(methods, seat) -> list[str]:
    return [method.kind for method in methods[seat.pk]]


def test_an_accounts_way_in_the_nights_currency_steps_the_hosts_aside(ann):
    assert kinds(payees_payment_methods({ann.pk}, "USD"), ann) == ["venmo"]
    assert kinds(payees_payment_methods({ann.pk}, None, paid_in="USD"), ann) == ["venmo"]


def test_an_accounts_ways_in_another_currency_leave_the_hosts_that_fit(ann):
    assert kinds(payees_payment_methods({ann.pk}, "SEK"), ann) == ["swish"]
    assert kinds(payees_payment_methods({ann.pk}, None, paid_in="SEK"), ann) == ["swish"]
