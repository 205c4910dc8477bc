"""What I owe and am owed: one net line per person and currency, with the payee's pay
buttons; the nights behind a line; "I sent it"; the payer's word shown to the payee and
the host, who confirm."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
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


def _person_url(seat_id, other_id, currency="USD"):
    return reverse("my_debts_person", args=[seat_id, other_id, currency])


def _lines(response):
    return [line for seat in response.context["people"] for line in seat.lines]


def test_the_payer_sees_one_line_for_the_payee_with_their_pay_buttons(client, transfer):
    _, first, payer, _ = transfer
    client.force_login(payer)

    response = client.get(reverse("my_debts"))

    payee_name = Player.objects.get(pk=first.payee_id).name
    line = next(line for line in _lines(response) if line.other == payee_name)
    assert (line.paying, line.amount) == (True, first.money)
    assert line.pay and line.url == _person_url(first.payer_id, first.payee_id)
    assert "Pay me in cash" in response.content.decode()


def test_the_line_opens_on_the_nights_behind_it_with_i_sent_it(client, transfer):
    night, first, payer, _ = transfer
    client.force_login(payer)

    response = client.get(_person_url(first.payer_id, first.payee_id))

    [line] = response.context["owes"]
    assert (line.night_id, line.open) == (night.pk, first.money)
    assert line.pay and line.sent_url == _sent_url(night, first)
    assert response.context["owed"] == []


def test_two_nights_the_other_way_round_make_one_net_line(client):
    # Night 1: Bob pays Ann 12. Night 2 (recast): Ann pays Bob 4. Net: Bob owes Ann 8.
    first = closed_example()
    table = first.table
    closed_example(table, cast={"Bob": "Ann", "Ann": "Cy", "Cy": "Bob"})
    ann = Player.objects.get(table=table, name="Ann")
    bob = Player.objects.get(table=table, name="Bob")
    client.force_login(link_player(bob).user)

    lines = _lines(client.get(reverse("my_debts")))

    [with_ann] = [line for line in lines if line.other == "Ann"]
    assert (with_ann.paying, with_ann.amount) == (True, Decimal("8.00"))
    nights = client.get(_person_url(bob.pk, ann.pk))
    assert [line.open for line in nights.context["owes"]] == [Decimal("12.00")]
    assert [line.open for line in nights.context["owed"]] == [Decimal("4.00")]
    assert (nights.context["paying"], nights.context["net"]) == (True, Decimal("8.00"))


def test_debts_that_cancel_out_show_as_even_with_nothing_to_pay(client):
    first = closed_example()
    closed_example(first.table, cast={"Ann": "Bob", "Bob": "Ann"})
    bob = Player.objects.get(table=first.table, name="Bob")
    client.force_login(link_player(bob).user)

    response = client.get(reverse("my_debts"))

    [with_ann] = [line for line in _lines(response) if line.other == "Ann"]
    assert (with_ann.amount, with_ann.pay) == (Decimal("0.00"), ())
    assert "You and <b>Ann</b> are even" in response.content.decode()


def test_the_main_page_costs_the_same_queries_at_six_nights_as_at_one(client):
    night = closed_example()
    bob = Player.objects.get(table=night.table, name="Bob")
    client.force_login(link_player(bob).user)
    with CaptureQueriesContext(connection) as one:
        client.get(reverse("my_debts"))
    for _ in range(5):
        closed_example(night.table)
    with CaptureQueriesContext(connection) as six:
        response = client.get(reverse("my_debts"))

    assert len(six) == len(one)
    [with_ann] = [line for line in _lines(response) if line.other == "Ann"]
    assert with_ann.amount == Decimal("72.00")


@pytest.mark.parametrize(
    "case", ["someone else's seat", "a player of another table", "the seat itself", "currency"]
)
def test_a_line_that_is_not_the_players_gets_a_404(client, transfer, case):
    _, first, payer, _ = transfer
    client.force_login(payer)
    elsewhere = closed_example().seats.first().player_id
    seat, other, currency = {
        "someone else's seat": (first.payee_id, first.payer_id, "USD"),
        "a player of another table": (first.payer_id, elsewhere, "USD"),
        "the seat itself": (first.payer_id, first.payer_id, "USD"),
        "currency": (first.payer_id, first.payee_id, "usd"),
    }[case]

    assert client.get(_person_url(seat, other, currency)).status_code == 404


def test_a_line_with_nothing_open_says_so(client, transfer):
    night, first, payer, payee = transfer
    payment_mark(night=night, payer_id=first.payer_id, payee_id=first.payee_id, by=payee)
    client.force_login(payer)

    response = client.get(_person_url(first.payer_id, first.payee_id))

    assert response.status_code == 200
    assert (response.context["owes"], response.context["owed"]) == ([], [])


def test_the_payees_own_details_are_not_shown_to_them_as_owed(client, transfer):
    _, _, _, payee = transfer
    client.force_login(payee)

    response = client.get(reverse("my_debts"))

    assert "Pay me in cash" not in response.content.decode()


def test_i_sent_it_records_the_word_and_the_payee_sees_it(client, transfer):
    night, first, payer, payee = transfer
    client.force_login(payer)

    here = _person_url(first.payer_id, first.payee_id)

    response = client.post(_sent_url(night, first), {"next": here}, follow=True)

    sent = PaymentSent.objects.get()
    assert (sent.sent_by, sent.amount) == (payer, first.money)
    assert response.redirect_chain == [(here, 302)]
    assert [str(m) for m in response.context["messages"]] == [str(SENT_SAID)]
    assert response.context["owes"][0].sent.id == sent.pk
    [said] = [word for line in _lines(client.get(reverse("my_debts"))) for word in line.said]
    assert said.sent.id == sent.pk
    client.force_login(payee)
    lines = _lines(client.get(reverse("my_debts")))
    [waiting] = [word for line in lines for word in line.to_confirm]
    assert waiting.confirm_url == reverse("payment_sent_confirm", args=[sent.pk])


def test_saying_it_twice_is_refused_on_top_of_the_nights_with_a_409(client, transfer):
    night, first, payer, _ = transfer
    payment_sent_record(night=night, payer_id=first.payer_id, payee_id=first.payee_id, by=payer)
    client.force_login(payer)

    response = client.post(_sent_url(night, first))

    assert refused(response, 409) == sentences([SENT_ALREADY_SAID()], {})
    assert response.context["pair"].other.pk == first.payee_id
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

    page = client.get(_person_url(first.payer_id, first.payee_id))

    [marked] = page.context["owes"]
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

    lines = _lines(client.get(reverse("my_debts")))

    assert all(line.other != "Ann" for line in lines)
    nights = client.get(_person_url(ids["Bob"], ids["Ann"], "KWD"))
    assert nights.context["owes"] == []


def test_each_line_is_the_net_of_the_nights_behind_it(client):
    # Three nights cast three ways, one transfer paid in part: every line's net (from the
    # kept balances) is what its own page adds up transfer by transfer.
    first = closed_example()
    table = first.table
    closed_example(table, cast={"Bob": "Ann", "Ann": "Cy", "Cy": "Bob"})
    third = closed_example(table, cast={"Ann": "Dee", "Dee": "Ann"})
    part = NightTransfer.objects.filter(night=third).order_by("position").first()
    payment_mark(
        night=third,
        payer_id=part.payer_id,
        payee_id=part.payee_id,
        amount=Decimal("1"),
        by=table.owner,
    )
    for name in ("Ann", "Bob", "Cy", "Dee"):
        seat = Player.objects.get(table=table, name=name)
        client.force_login(link_player(seat).user)
        lines = _lines(client.get(reverse("my_debts")))
        assert lines, name
        for line in lines:
            page = client.get(line.url).context
            owed = sum((debt.open for debt in page["owed"]), Decimal(0))
            owes = sum((debt.open for debt in page["owes"]), Decimal(0))
            assert (line.amount, line.paying) == (abs(owed - owes), owed < owes), (name, line)
