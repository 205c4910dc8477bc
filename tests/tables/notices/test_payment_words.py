""" "I sent it" tells the payee, with the link where they confirm; the confirmation tells
the payer. Nobody is told what they did themselves."""

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import NightTransfer, Notice, PaymentSent, Player
from tests.factories import UserFactory, link_player
from tests.ledger.stats_nights import play_example_1

pytestmark = pytest.mark.django_db


@pytest.fixture
def transfer():
    """Worked example 1 closed: Bob pays Ann $12.00; both have accounts."""
    night = play_example_1()
    first = NightTransfer.objects.filter(night=night).order_by("position").first()
    payer = link_player(Player.objects.get(pk=first.payer_id), UserFactory(email="p@example.com"))
    payee = link_player(Player.objects.get(pk=first.payee_id), UserFactory(email="q@example.com"))
    return night, first, payer.user, payee.user


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_i_sent_it_tells_the_payee_and_confirming_tells_the_payer(mailbox, transfer):
    night, first, payer, payee = transfer
    sent_url = reverse("my_transfer_sent", args=[night.pk, first.payer_id, first.payee_id])

    _client(payer).post(sent_url)

    (told,) = mailbox.to("q@example.com")
    assert told["Subject"] == "Bob says they sent you $12.00"
    assert "Confirm: http://testserver" + reverse("my_debts") in mailbox.text(told)
    assert mailbox.to("p@example.com") == []

    said = PaymentSent.objects.get()
    _client(payee).post(reverse("payment_sent_confirm", args=[said.pk]))

    (confirmed,) = mailbox.to("p@example.com")
    assert confirmed["Subject"] == "Confirmed: you paid Ann $12.00"
    assert len(mailbox.to("q@example.com")) == 1
    assert Notice.objects.count() == 2
