"""The table page's open debts, "settle everything", and marking its transfers."""

from decimal import Decimal

import pytest
from django.urls import reverse

from ledger import errors as err
from ledger.models import DebtPool, PaymentMark, PooledTransfer
from ledger.selectors.debts import table_debts
from ledger.services.debts import debts_pool, payment_mark
from tests.factories import PaymentMethodFactory, ShareLinkFactory, UserFactory
from tests.ledger.debt_nights import closed_example, night_with_rules
from tests.ledger.helpers import ids
from tests.tables.night_helpers import said
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    """Two closed nights at one table: Bob pays Ann 12 and Cy 4; then Ann pays Bob 12 and
    Cy 4. Together: Ann -4, Bob -4, Cy +8."""
    first = closed_example()
    closed_example(first.table, cast={"Ann": "Bob", "Bob": "Ann"})
    return first


def _table_url(night):
    return reverse("table_detail", args=[night.table.pk])


def _settle(client, night, **extra):
    usd = table_debts(night.table).of("USD")
    data = {"currency": "USD", "digest": usd.digest} | extra
    return client.post(reverse("debts_settle", args=[night.table.pk]), data)


def test_the_table_page_lists_open_debts_per_pair_and_the_fewest_transfers(client, host, night):
    html = client.get(_table_url(night)).content.decode()

    assert "Open debts" in html
    assert "In USD: $32.00 still owed" in html
    assert "<b>Bob</b> owes <b>Ann</b>" in html and "<b>Ann</b> owes <b>Bob</b>" in html
    assert "Settle everything in USD" in html
    assert "All of it, reduced again: 2 transfers settle every debt above." in html
    # The two proposed (marking one settles everything); where a debt from nights is
    # marked is said once per currency, not under every pair.
    assert html.count("Mark paid") == 2
    assert html.count("What is open from nights is marked paid on each night's settle-up.") == 1


def test_open_debts_and_the_fewest_transfers_have_the_payees_pay_buttons(client, host, night):
    PaymentMethodFactory(player=night.table.players.get(name="Cy"), kind="paypal_me", value="cy")

    html = client.get(_table_url(night)).content.decode()

    # "Settle everything" proposes Ann and Bob pay Cy 4 each: only those two offer the
    # buttons (a pair's own debt would be paid twice).
    assert html.count('<details class="pay">') == 2
    assert html.count('href="https://paypal.me/cy/4.00USD"') == 2


def test_debts_already_the_fewest_transfers_have_the_buttons_on_each_pair(client):
    night = closed_example()
    client.force_login(night.table.owner)
    PaymentMethodFactory(player=night.table.players.get(name="Ann"), kind="paypal_me", value="a")

    html = client.get(_table_url(night)).content.decode()

    assert "Settle everything in USD" not in html
    assert html.count('href="https://paypal.me/a/12.00USD"') == 1


def test_two_nights_owed_the_same_way_are_not_offered_to_be_settled_again(client):
    night = closed_example()
    closed_example(night.table)
    client.force_login(night.table.owner)
    PaymentMethodFactory(player=night.table.players.get(name="Ann"), kind="paypal_me", value="a")

    html = client.get(_table_url(night)).content.decode()

    # Bob owes Ann twice and Cy twice: two transfers already, each pair paid at once.
    assert "Settle everything in USD" not in html
    assert html.count('href="https://paypal.me/a/24.00USD"') == 1
    assert _settle(client, night).status_code == 400
    assert not DebtPool.objects.exists()


def test_the_host_settles_everything_and_marks_its_transfers(client, host, night):
    response = _settle(client, night)

    assert response["Location"] == _table_url(night) + "#debts"
    pool = DebtPool.objects.get()
    assert (pool.created_by, pool.currency) == (host, "USD")
    transfers = sorted(
        (t.payer.name, t.payee.name, t.amount) for t in PooledTransfer.objects.filter(pool=pool)
    )
    assert transfers == [("Ann", "Cy", Decimal("4.000")), ("Bob", "Cy", Decimal("4.000"))]
    html = client.get(response["Location"]).content.decode()
    assert "settle everything of" in html and "Settle everything in USD" not in html

    pooled = PooledTransfer.objects.filter(pool=pool).first()
    marked = client.post(reverse("pooled_mark", args=[pooled.pk]), {"amount": "1"})
    assert marked["Location"] == _table_url(night) + "#debts"
    assert PaymentMark.objects.get().pooled == pooled


def test_a_changed_state_is_a_conflict_and_nothing_is_written(client, host, night):
    seen = table_debts(night.table).of("USD").digest
    p = ids(night)
    payment_mark(night=night, payer_id=p["Bob"], payee_id=p["Cy"], by=host)

    response = client.post(
        reverse("debts_settle", args=[night.table.pk]),
        {"currency": "USD", "digest": seen},
        follow=True,
    )

    assert said(err.DEBT_CHANGED) in response.content.decode()
    assert not DebtPool.objects.exists()


@pytest.mark.parametrize(
    "data", [{"currency": "usd"}, {"digest": "nothex"}, {"currency": "", "digest": ""}]
)
def test_a_forged_form_is_refused_with_a_message(client, host, night, data):
    response = _settle(client, night, **data)

    assert refused(response)
    assert not DebtPool.objects.exists()


@pytest.mark.parametrize("payer", ["99999999999999999999999", "-1", "x"])
def test_a_proposed_transfer_with_a_forged_payer_is_refused(client, host, night, payer):
    ids_ = {p.name: p.pk for p in night.table.players.all()}
    response = _settle(client, night, payer=payer, payee=ids_["Cy"])

    assert refused(response)
    assert not DebtPool.objects.exists() and not PaymentMark.objects.exists()


def test_with_htmx_the_answer_is_the_open_debts_section(client, host, night):
    usd = table_debts(night.table).of("USD")

    response = client.post(
        reverse("debts_settle", args=[night.table.pk]),
        {"currency": "USD", "digest": usd.digest},
        headers={"HX-Request": "true"},
    )

    assert response.content.decode().lstrip().startswith('<section id="debts"')


def test_another_host_cannot_settle_or_mark(client, host, night):
    pool = debts_pool(
        table=night.table,
        currency="USD",
        digest=table_debts(night.table).of("USD").digest,
        by=host,
    )
    pooled = PooledTransfer.objects.filter(pool=pool).first()
    client.force_login(UserFactory())

    assert _settle(client, night).status_code == 404
    assert client.post(reverse("pooled_mark", args=[pooled.pk])).status_code == 404
    assert client.get(_table_url(night)).status_code == 404
    assert not PaymentMark.objects.exists()


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = client.post(reverse("debts_settle", args=[night.table.pk]), {})

    assert response["Location"].startswith("/accounts/login/")
    assert not DebtPool.objects.exists()


def test_a_live_link_does_not_open_the_table_or_its_debts(client, night):
    link = ShareLinkFactory(night=night)

    html = client.get(reverse("share_view", args=[link.token])).content.decode()
    response = client.post(reverse("debts_settle", args=[night.table.pk]), {"token": link.token})

    assert "Settle everything" not in html
    assert response["Location"].startswith("/accounts/login/")


def test_currencies_are_listed_and_settled_apart(client, host, night):
    night_with_rules(night.table, "SEK", "10")
    closed_example(night.table)

    html = client.get(_table_url(night)).content.decode()

    assert "In SEK:" in html and "In USD:" in html
    assert "Settle everything in USD" in html
    # One night in SEK: its settle-up is already the fewest transfers.
    assert "Settle everything in SEK" not in html


def test_nobody_owing_says_so(client, host):
    night = closed_example(cast={"Ann": "Dee", "Dee": "Ann"})
    client.force_login(night.table.owner)
    p = ids(night)
    for payee in ("Dee", "Cy"):
        payment_mark(night=night, payer_id=p["Bob"], payee_id=p[payee], by=night.started_by)

    html = client.get(_table_url(night)).content.decode()

    assert "Nobody owes anybody anything from past nights." in html


# --- the player page and the night report ------------------------------------------


def test_a_players_page_shows_what_they_owe_and_are_owed(client, host, night):
    cy = night.table.players.get(name="Cy")
    bob = night.table.players.get(name="Bob")

    cy_html = client.get(reverse("player_detail", args=[cy.pk])).content.decode()
    bob_html = client.get(reverse("player_detail", args=[bob.pk])).content.decode()

    assert "Is owed $8.00:" in cy_html and "by <b>Bob</b>" in cy_html
    assert "Owes $16.00:" in bob_html and "Is owed $12.00:" in bob_html


def test_the_night_report_shows_which_transfers_are_settled(client, host, night):
    p = ids(night)
    payment_mark(night=night, payer_id=p["Bob"], payee_id=p["Ann"], by=host)

    html = client.get(reverse("night_report", args=[night.pk])).content.decode()

    assert 'class="status status-paid"' in html
    assert 'class="status status-open"' in html
    # Read-only there: the marks are made on the settle-up.
    assert "Mark paid" not in html and "Take this mark back" not in html


def test_the_table_page_makes_the_same_queries_however_many_nights(client, host, night):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(_table_url(night)).status_code == 200
        return len(queries)

    two_nights = count()
    closed_example(night.table)
    closed_example(night.table, cast={"Cy": "Dee", "Dee": "Cy"})

    assert count() == two_nights


def test_marking_a_proposed_transfer_paid_settles_everything_and_marks_it(client, host, night):
    usd = table_debts(night.table).of("USD")
    first = usd.fewest[0]

    response = client.post(
        reverse("debts_settle", args=[night.table.pk]),
        {
            "currency": "USD",
            "digest": usd.digest,
            "payer": first.payer.pk,
            "payee": first.payee.pk,
            "amount": "1.50",
        },
    )

    assert response["Location"] == _table_url(night) + "#debts"
    mark = PaymentMark.objects.get()
    assert (mark.pooled.pool, mark.amount) == (DebtPool.objects.get(), Decimal("1.50"))
    assert "Payment marked." in client.get(response["Location"]).content.decode()


def test_the_proposed_transfers_have_mark_controls(client, host, night):
    html = client.get(_table_url(night)).content.decode()

    assert html.count('name="payer"') == 2 * 2  # mark paid and partly paid, per transfer
