"""I sent it: the payer's account says so; the payee's account or the host confirms it,
which marks the transfer paid, marked by the confirming account."""

import pytest

from ledger.errors import Conflict, InvalidInput
from ledger.models import NightTransfer, PaymentMark, PaymentSent, Player
from ledger.selectors.my_debts import my_debts
from ledger.selectors.payments_sent import pending_sent
from ledger.services.debts import payment_mark
from ledger.services.payments_sent import (
    SENT_ALREADY_CONFIRMED,
    SENT_ALREADY_SAID,
    SENT_NOT_YOUR_TRANSFER,
    SENT_NOT_YOURS_TO_CONFIRM,
    payment_sent_confirm,
    payment_sent_record,
)
from tests.factories import UserFactory, link_player
from tests.ledger.stats_nights import play_example_1

pytestmark = pytest.mark.django_db


@pytest.fixture
def transfer():
    """Worked example 1 closed; its first transfer, with both players' accounts linked."""
    night = play_example_1()
    first = NightTransfer.objects.filter(night=night).order_by("position").first()
    payer = link_player(Player.objects.get(pk=first.payer_id)).user
    payee = link_player(Player.objects.get(pk=first.payee_id)).user
    return night, first, payer, payee


def _say(night, first, by):
    return payment_sent_record(night=night, payer_id=first.payer_id, payee_id=first.payee_id, by=by)


def test_the_payer_says_they_sent_all_that_is_open(transfer):
    night, first, payer, _ = transfer

    sent = _say(night, first, payer)

    assert (sent.amount, sent.currency, sent.sent_by) == (first.money, "USD", payer)
    assert [s.id for s in pending_sent(night_id=night.pk)] == [sent.pk]
    assert not PaymentMark.objects.exists()


def test_only_the_payers_account_can_say_it(transfer):
    night, first, _, payee = transfer
    for someone in (payee, UserFactory(), night.table.owner):
        with pytest.raises(InvalidInput) as refused:
            _say(night, first, someone)
        assert refused.value.problems[0].code == SENT_NOT_YOUR_TRANSFER.code
    assert not PaymentSent.objects.exists()


def test_saying_it_twice_is_refused_while_it_waits(transfer):
    night, first, payer, _ = transfer
    _say(night, first, payer)

    with pytest.raises(Conflict) as refused:
        _say(night, first, payer)

    assert refused.value.problems[0].code == SENT_ALREADY_SAID.code
    assert PaymentSent.objects.count() == 1


@pytest.mark.parametrize("confirmer", ["payee", "host"])
def test_the_payee_or_the_host_confirms_it_and_the_transfer_is_marked_paid(transfer, confirmer):
    night, first, payer, payee = transfer
    sent = _say(night, first, payer)
    by = payee if confirmer == "payee" else night.table.owner

    confirmation = payment_sent_confirm(sent=sent, by=by)

    mark = confirmation.mark
    assert (mark.night, mark.payer_id, mark.payee_id) == (night, first.payer_id, first.payee_id)
    assert (mark.amount, mark.marked_by, confirmation.confirmed_by) == (first.money, by, by)
    assert pending_sent(night_id=night.pk) == []


def test_nobody_else_confirms_it_and_it_is_confirmed_once(transfer):
    night, first, payer, payee = transfer
    sent = _say(night, first, payer)
    for someone in (payer, UserFactory()):
        with pytest.raises(InvalidInput) as refused:
            payment_sent_confirm(sent=sent, by=someone)
        assert refused.value.problems[0].code == SENT_NOT_YOURS_TO_CONFIRM.code
    payment_sent_confirm(sent=sent, by=payee)

    with pytest.raises(Conflict) as refused:
        payment_sent_confirm(sent=sent, by=night.table.owner)

    assert refused.value.problems[0].code == SENT_ALREADY_CONFIRMED.code
    assert PaymentMark.objects.count() == 1


def test_a_transfer_marked_paid_meanwhile_is_no_longer_waiting_and_cannot_be_confirmed(transfer):
    night, first, payer, payee = transfer
    sent = _say(night, first, payer)
    payment_mark(night=night, payer_id=first.payer_id, payee_id=first.payee_id, by=payee)

    assert pending_sent(night_id=night.pk) == []
    with pytest.raises(InvalidInput):
        payment_sent_confirm(sent=sent, by=payee)
    assert PaymentMark.objects.count() == 1


def test_my_debts_shows_the_payer_what_they_owe_and_the_payee_the_word(transfer):
    night, first, payer, payee = transfer
    sent = _say(night, first, payer)

    mine = my_debts(payer)
    people = [person for seat in mine.seats for person in seat.people]
    assert {p.other.pk: p.net for p in people}[first.payee_id] == -first.money
    assert mine.sent_for(night.pk, first.payer_id, first.payee_id).id == sent.pk
    theirs = my_debts(payee)
    assert [s.id for s in theirs.sent] == [sent.pk]
    assert my_debts(UserFactory()).seats == []
