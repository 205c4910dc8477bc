"""What I owe and am owed: the player's open transfers at every table, with the payee's
pay buttons; "I sent it"; the payer's word shown to the payee and the host, who confirm."""

from decimal import Decimal

import pytest
from django.urls import reverse

from ledger.models import NightTransfer, PaymentMark, PaymentSent, PaymentSentConfirmation, Player
from ledger.services.debts import payment_mark
from ledger.services.payment_methods import account_payment_method_add
from ledger.services.payments_sent import SENT_ALREADY_SAID, payment_sent_record
from tables.problems import sentences
from tables.views.my_debts import SENT_CONFIRMED, SENT_SAID
from tests.factories import UserFactory, link_player
from tests.ledger.debt_nights import closed_example
from tests.ledger.stats_nights import play_example_1
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def transfer():
    """Worked example 1 closed; its first transfer, with both players' accounts linked and
    the payee's own way of getting paid."""
    night = play_example_1()
    first = NightTransfer.objects.filter(night=night).order_by("position").first()
    payer = link_player(Player.objects.get(pk=first.payer_id)).user
    payee = link_player(Player.objects.get(pk=first.payee_id)).user
    account_payment_method_add(user=payee, kind="other", value="Pay me in cash")
    return night, first, payer, payee


def _sent_url(night, first):
    return reverse("my_transfer_sent", args=[night.pk, first.payer_id, first.payee_id])


def test_the_payer_sees_what_they_owe_with_the_payees_pay_buttons(client, transfer):
    night, first, payer, _ = transfer
    client.force_login(payer)

    response = client.get(reverse("my_debts"))

    owes = [
        line for seat in response.context["seats"] for row in seat.currencies for line in row.owes
    ]
    line = next(line for line in owes if line.open == first.money)
    assert line.pay and line.sent_url == _sent_url(night, first)
    assert "Pay me in cash" in response.content.decode()


def test_the_payees_own_details_are_not_shown_to_them_as_owed(client, transfer):
    _, _, _, payee = transfer
    client.force_login(payee)

    response = client.get(reverse("my_debts"))

    assert "Pay me in cash" not in response.content.decode()


def test_i_sent_it_records_the_word_and_the_payee_sees_it(client, transfer):
    night, first, payer, payee = transfer
    client.force_login(payer)

    response = client.post(_sent_url(night, first), follow=True)

    sent = PaymentSent.objects.get()
    assert (sent.sent_by, sent.amount) == (payer, first.money)
    assert [str(m) for m in response.context["messages"]] == [str(SENT_SAID)]
    client.force_login(payee)
    owed = [
        line
        for seat in client.get(reverse("my_debts")).context["seats"]
        for row in seat.currencies
        for line in row.owed
    ]
    waiting = next(line for line in owed if line.sent)
    assert waiting.confirm_url == reverse("payment_sent_confirm", args=[sent.pk])


def test_saying_it_twice_is_refused_on_top_with_a_409(client, transfer):
    night, first, payer, _ = transfer
    payment_sent_record(night=night, payer_id=first.payer_id, payee_id=first.payee_id, by=payer)
    client.force_login(payer)

    response = client.post(_sent_url(night, first))

    assert refused(response, 409) == sentences([SENT_ALREADY_SAID()], {})
    assert PaymentSent.objects.count() == 1


def test_someone_elses_transfer_is_refused_and_an_outsider_gets_a_404(client, transfer):
    night, first, _, payee = transfer
    client.force_login(payee)
    assert refused(client.post(_sent_url(night, first)))
    client.force_login(UserFactory())
    assert client.post(_sent_url(night, first)).status_code == 404
    assert not PaymentSent.objects.exists()


@pytest.mark.parametrize("confirmer", ["payee", "host"])
def test_the_payee_or_the_host_confirms_and_the_mark_records_who(client, transfer, confirmer):
    night, first, payer, payee = transfer
    sent = payment_sent_record(
        night=night, payer_id=first.payer_id, payee_id=first.payee_id, by=payer
    )
    by = payee if confirmer == "payee" else night.table.owner
    client.force_login(by)
    if confirmer == "host":
        page = client.get(reverse("night_settlement", args=[night.pk]))
        assert [word.id for word in page.context["sent"]] == [sent.pk]

    back = reverse("night_settlement", args=[night.pk]) if confirmer == "host" else ""
    response = client.post(reverse("payment_sent_confirm", args=[sent.pk]), {"next": back})

    assert response.status_code == 302
    assert response["Location"] == (back or reverse("my_debts"))
    mark = PaymentMark.objects.get()
    assert (mark.marked_by, mark.amount) == (by, first.money)
    assert PaymentSentConfirmation.objects.get().mark == mark
    page = client.get(response["Location"])
    assert [str(m) for m in page.context["messages"]] == [str(SENT_CONFIRMED)]


@pytest.mark.parametrize("who", ["payer", "other host", "other account"])
def test_nobody_else_can_confirm(client, transfer, who):
    night, first, payer, _ = transfer
    sent = payment_sent_record(
        night=night, payer_id=first.payer_id, payee_id=first.payee_id, by=payer
    )
    client.force_login(payer if who == "payer" else UserFactory())

    assert client.post(reverse("payment_sent_confirm", args=[sent.pk])).status_code == 404
    assert not PaymentMark.objects.exists()


def test_an_anonymous_visitor_is_sent_to_sign_in(client):
    url = reverse("my_debts")
    assert client.get(url)["Location"] == f"{reverse('login')}?next={url}"


def test_the_host_sees_the_word_on_the_table_page_and_confirms_it_there(client, transfer):
    night, first, payer, _ = transfer
    sent = payment_sent_record(
        night=night, payer_id=first.payer_id, payee_id=first.payee_id, by=payer
    )
    client.force_login(night.table.owner)
    table_page = reverse("table_detail", args=[night.table_id])

    page = client.get(table_page)

    assert [word.id for word in page.context["sent"]] == [sent.pk]
    assert page.context["sent"][0].sent_by == payer.username
    response = client.post(reverse("payment_sent_confirm", args=[sent.pk]), {"next": table_page})
    assert response["Location"] == table_page
    assert client.get(table_page).context["sent"] == []


def test_a_part_marked_paid_says_how_much_by_which_account_and_when(client, transfer):
    night, first, payer, payee = transfer
    mark = payment_mark(
        night=night,
        payer_id=first.payer_id,
        payee_id=first.payee_id,
        amount=Decimal("1"),
        by=payee,
    )
    client.force_login(payer)

    seats = client.get(reverse("my_debts")).context["seats"]

    lines = [line for seat in seats for row in seat.currencies for line in row.owes]
    marked = next(line for line in lines if line.marks)
    assert [(m.id, m.marked_by) for m in marked.marks] == [(mark.pk, payee.username)]


def test_a_transfer_paid_in_parts_that_add_up_in_floats_is_paid_and_not_listed(client):
    # 12 chips at 0.075 dinar: Bob owes Ann 0.900, paid 0.300 and 0.600 (0.8999... as
    # SQLite adds them).
    night = closed_example(currency="KWD", chip_value="0.075")
    ids = dict(night.seats.values_list("player__name", "player_id"))
    for part in ("0.30", "0.60"):
        payment_mark(
            night=night,
            payer_id=ids["Bob"],
            payee_id=ids["Ann"],
            amount=Decimal(part),
            by=night.table.owner,
        )
    bob = link_player(Player.objects.get(pk=ids["Bob"])).user
    client.force_login(bob)

    seats = client.get(reverse("my_debts")).context["seats"]

    owes = [line for seat in seats for row in seat.currencies for line in row.owes]
    assert all(line.other != "Ann" for line in owes)
