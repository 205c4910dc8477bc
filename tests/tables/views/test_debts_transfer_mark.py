"""Marking a settle-up transfer paid, partly paid, and taking a mark back (the settle-up)."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import pgettext_lazy

from ledger import errors as err
from ledger.models import PaymentMark, PaymentMarkReversal
from ledger.services.debts import payment_mark, payment_mark_reverse
from tables.forms import localized_numbers as numbers
from tables.forms.payment_marks import PaymentMarkForm
from tests.factories import ShareLinkFactory, UserFactory, night_with
from tests.ledger.debt_nights import closed_example
from tests.ledger.helpers import ids
from tests.tables.night_helpers import example_1_hands, play, said
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db

# How a refusal writes a line about one field (tables.responses.form_problems).
FIELD_ERROR = pgettext_lazy("a form field's error", "%(field)s: %(error)s")


@pytest.fixture
def night():
    return closed_example()


def _mark_url(night, payer="Bob", payee="Ann"):
    p = ids(night)
    return reverse("transfer_mark", args=[night.pk, p[payer], p[payee]])


def _mark(night, **kwargs):
    p = ids(night)
    return payment_mark(
        night=night, payer_id=p["Bob"], payee_id=p["Ann"], by=night.started_by, **kwargs
    )


# --- who may mark -------------------------------------------------------------------


def test_the_host_marks_a_transfer_paid_and_returns_to_the_settle_up(client, host, night):
    response = client.post(_mark_url(night))

    assert response.status_code == 302
    assert response["Location"] == reverse("night_settlement", args=[night.pk]) + "#transfers"
    mark = PaymentMark.objects.get()
    assert (mark.amount, mark.marked_by) == (Decimal("12.00"), host)
    html = client.get(response["Location"]).content.decode()
    assert "Payment marked." in html
    assert f"$12.00 marked paid by {host.username}" in html


def test_another_host_gets_a_404_and_nothing_is_written(client, night):
    client.force_login(UserFactory())

    assert client.post(_mark_url(night)).status_code == 404
    assert not PaymentMark.objects.exists()


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = client.post(_mark_url(night))

    assert response["Location"].startswith("/accounts/login/")
    assert not PaymentMark.objects.exists()


def test_the_live_link_shows_no_mark_controls_and_cannot_mark(client, night):
    link = ShareLinkFactory(night=night)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()
    response = client.post(_mark_url(night), {"token": link.token})

    assert "Mark paid" not in html and "transfer_mark" not in html
    assert response["Location"].startswith("/accounts/login/")
    assert not PaymentMark.objects.exists()


def test_marking_is_a_post_only(client, host, night):
    assert client.get(_mark_url(night)).status_code == 405


# --- what the settle-up shows -------------------------------------------------------


def test_the_settle_up_shows_each_transfers_status_and_the_controls(client, host, night):
    _mark(night, amount=Decimal("5"), note="cash")

    html = client.get(reverse("night_settlement", args=[night.pk])).content.decode()

    assert "Partly paid: $5.00 of $12.00" in html
    assert "cash" in html
    assert "Mark the rest paid ($7.00)" in html
    assert html.count('name="amount"') == 2  # a part paid, for each transfer
    assert "Take this mark back" in html


def test_a_part_paid_is_marked_with_its_amount_and_note(client, host, night):
    client.post(_mark_url(night), {"amount": "4.50", "note": "Swish"})

    mark = PaymentMark.objects.get()
    assert (mark.amount, mark.note) == (Decimal("4.50"), "Swish")


def test_more_than_is_open_is_refused_with_a_message_and_nothing_written(client, host, night):
    response = client.post(_mark_url(night), {"amount": "12.01"}, follow=True)

    html = response.content.decode()
    assert said(err.DEBT_AMOUNT_ABOVE_OPEN, open=Decimal("12.00"), currency="USD") in html
    assert "Only $12.00 of this transfer is still open" in html
    assert not PaymentMark.objects.exists()


@pytest.mark.parametrize("amount", ["abc", "1" * 30, "-1", "1.0001"])
def test_an_amount_that_is_not_money_is_refused(client, host, night, amount):
    response = client.post(_mark_url(night), {"amount": amount})

    assert refused(response)
    assert not PaymentMark.objects.exists()


@pytest.mark.parametrize(
    ("language", "typed"),
    [("pt-br", "4,50"), ("fr", "4,50"), ("sv", "4,5"), ("it", "4,50"), ("en", "4.50")],
)
def test_a_part_paid_is_read_as_the_hosts_language_writes_it(client, host, night, language, typed):
    client.post(_mark_url(night), {"amount": typed}, headers={"accept-language": language})

    assert PaymentMark.objects.get().amount == Decimal("4.50")


@pytest.mark.parametrize("language", ["en", "it", "pt-br", "es", "fr", "sv"])
def test_an_amount_that_is_no_number_is_refused_by_its_label(client, host, night, language):
    response = client.post(
        _mark_url(night), {"amount": "abc"}, headers={"accept-language": language}
    )

    with translation.override(language):
        form = PaymentMarkForm()
        example = numbers.format_number(Decimal("0.25"))
        error = numbers.NUMBER_INVALID % {"example": example}
        line = FIELD_ERROR % {"field": form["amount"].label, "error": error}
    assert refused(response) == [line]
    assert not PaymentMark.objects.exists()


def test_with_htmx_the_answer_is_the_settle_up_list(client, host, night):
    response = client.post(_mark_url(night), headers={"HX-Request": "true"})

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="transfers"')
    assert "Paid" in html


def test_with_htmx_a_refusal_is_shown_in_the_list(client, host, night):
    response = client.post(_mark_url(night), {"amount": "99"}, headers={"HX-Request": "true"})

    # A 200: htmx swaps only a 2xx answer in (the list, the refusal on top).
    assert refused(response, 200) == [
        said(err.DEBT_AMOUNT_ABOVE_OPEN, open=Decimal("12.00"), currency="USD")
    ]
    assert "<html" not in response.content.decode()


def test_with_htmx_a_night_still_being_played_is_refused_in_the_open_debts(client):
    open_night = night_with()
    # Chips in the pot: such a night has no settle-up to answer in.
    play(open_night, example_1_hands()[:1])
    client.force_login(open_night.table.owner)

    response = client.post(_mark_url(open_night), headers={"HX-Request": "true"})

    assert refused(response, 200) == [said(err.DEBT_NIGHT_NOT_CLOSED)]
    assert not PaymentMark.objects.exists()


def test_a_night_still_being_played_cannot_be_marked(client):
    open_night = night_with()
    client.force_login(open_night.table.owner)

    response = client.post(_mark_url(open_night), follow=True)

    assert said(err.DEBT_NIGHT_NOT_CLOSED) in response.content.decode()
    assert not PaymentMark.objects.exists()


# --- taking a mark back -------------------------------------------------------------


def _reverse_url(mark):
    return reverse("mark_reverse", args=[mark.pk])


def test_the_host_takes_a_mark_back_with_a_reason(client, host, night):
    mark = _mark(night)

    response = client.post(_reverse_url(mark), {"reason": "Wrong person", "back": "night"})

    assert response["Location"] == reverse("night_settlement", args=[night.pk]) + "#transfers"
    reversal = PaymentMarkReversal.objects.get()
    assert (reversal.mark, reversal.reason, reversal.reversed_by) == (mark, "Wrong person", host)
    html = client.get(response["Location"]).content.decode()
    assert f"Taken back by {host.username}" in html and "Wrong person" in html


def test_a_reason_is_required(client, host, night):
    mark = _mark(night)

    response = client.post(_reverse_url(mark), {"reason": ""})

    assert refused(response)
    assert not PaymentMarkReversal.objects.exists()


def test_a_mark_taken_back_twice_is_refused(client, host, night):
    mark = _mark(night)
    client.post(_reverse_url(mark), {"reason": "Wrong person"})

    response = client.post(_reverse_url(mark), {"reason": "Again"}, follow=True)

    assert said(err.DEBT_MARK_ALREADY_REVERSED) in response.content.decode()
    assert PaymentMarkReversal.objects.count() == 1


def test_another_host_cannot_take_a_mark_back(client, night):
    mark = _mark(night)
    client.force_login(UserFactory())

    assert client.post(_reverse_url(mark), {"reason": "Mine now"}).status_code == 404
    assert not PaymentMarkReversal.objects.exists()


def test_an_anonymous_visitor_cannot_take_a_mark_back(client, night):
    mark = _mark(night)

    response = client.post(_reverse_url(mark), {"reason": "x"})

    assert response["Location"].startswith("/accounts/login/")


def test_the_live_link_shows_no_way_to_take_a_mark_back(client, night):
    _mark(night)
    link = ShareLinkFactory(night=night)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert "Take this mark back" not in html


def test_the_live_link_shows_the_status_but_not_who_marked_it_or_why(client, night):
    mark = payment_mark_reverse(
        mark=_mark(night, note="cash"), reason="Wrong pair", by=night.started_by
    )
    _mark(night, amount=Decimal("5"), note="Swish from Bob")
    link = ShareLinkFactory(night=night)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()

    assert "Partly paid" in html
    for private in ("marked paid by", night.started_by.username, "Swish from Bob", "Wrong pair"):
        assert private not in html
    assert mark.reason == "Wrong pair"


def test_the_live_link_shows_what_is_paid_and_a_new_mark_changes_its_validator(client, night):
    link = ShareLinkFactory(night=night)
    url = reverse("share_view", args=[link.token])
    poll = {"HX-Request": "true", "HX-Target": "standings"}
    etag = client.get(url, headers=poll)["ETag"]

    mark = _mark(night)
    after_mark = client.get(url, headers={**poll, "If-None-Match": etag})
    payment_mark_reverse(mark=mark, reason="Wrong pair", by=night.started_by)
    after_reversal = client.get(url, headers={**poll, "If-None-Match": after_mark["ETag"]})

    assert after_mark.status_code == 200
    assert 'class="status status-paid"' in after_mark.content.decode()
    assert after_reversal.status_code == 200
    assert 'class="status status-open"' in after_reversal.content.decode()
