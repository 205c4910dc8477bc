"""The sample table: a newcomer opens one from their empty table list, looks around, and
puts it away."""

from html import escape

import pytest
from django.urls import reverse

from ledger.models import Night, Player, Table
from ledger.services.samples import NOT_A_SAMPLE, table_create_sample
from tables.views.tables import SAMPLE_HIDDEN, SAMPLE_READY
from tests.factories import (
    PaymentMethodFactory,
    ShareLinkFactory,
    TableFactory,
    UserFactory,
    night_with,
)
from tests.tables.night_helpers import said

pytestmark = pytest.mark.django_db

CREATE = reverse("table_sample_create")


def _hide(table) -> str:
    return reverse("table_sample_hide", args=[table.pk])


def test_an_empty_table_list_offers_a_sample_night(client, host):
    html = client.get(reverse("table_list")).content.decode()

    assert f'action="{CREATE}"' in html


def test_a_host_with_a_table_is_not_offered_one(client, host):
    TableFactory(owner=host)

    assert f'action="{CREATE}"' not in client.get(reverse("table_list")).content.decode()


def test_the_sample_opens_on_its_table_page_with_its_finished_night(client, host):
    response = client.post(CREATE, follow=True)

    table = Table.objects.get(owner=host)
    night = Night.objects.get(table=table)
    assert response.redirect_chain == [(reverse("table_detail", args=[table.pk]), 302)]
    html = response.content.decode()
    assert escape(str(SAMPLE_READY)) in html
    assert f'action="{_hide(table)}"' in html
    # Its night is listed, and its settle-up is a tap further (where its transfers are
    # marked paid; the open debts show each pair's total).
    assert reverse("night_detail", args=[night.pk]) in html
    night_page = client.get(reverse("night_detail", args=[night.pk]), follow=True)
    assert reverse("night_settlement", args=[night.pk]) in night_page.content.decode()
    # Every screen of its night opens.
    for name in ("night_settlement", "night_report", "night_log", "night_live_link"):
        assert client.get(reverse(name, args=[night.pk])).status_code == 200


def test_the_table_list_marks_the_sample(client, host):
    table_create_sample(host=host)

    html = client.get(reverse("table_list")).content.decode()

    assert '<span class="badge">Sample</span>' in html


def test_putting_the_sample_away_takes_it_off_the_host_screens(client, host):
    table = table_create_sample(host=host)
    night = Night.objects.get(table=table)

    response = client.post(_hide(table), follow=True)

    assert response.redirect_chain == [(reverse("table_list"), 302)]
    assert escape(str(SAMPLE_HIDDEN % {"table": table.name})) in response.content.decode()
    assert f'href="{reverse("table_detail", args=[table.pk])}"' not in response.content.decode()
    assert client.get(reverse("table_detail", args=[table.pk])).status_code == 404
    assert client.get(reverse("night_settlement", args=[night.pk])).status_code == 404
    # Put away, not deleted: its night is still in the ledger.
    assert Night.objects.filter(pk=night.pk).exists()


def test_a_sample_put_away_answers_no_screen_of_its_nights_live_link_or_payments(client, host):
    table = table_create_sample(host=host)
    night = Night.objects.get(table=table)
    open_night = night_with(["Ann", "Bob"], table=table)
    link = ShareLinkFactory(night=night)
    method = PaymentMethodFactory(player=Player.objects.filter(table=table).first())

    client.post(_hide(table))

    # The hand screen reads its night in its own query: the table's being put away too.
    assert client.get(reverse("night_detail", args=[open_night.pk])).status_code == 404
    assert client.get(reverse("share_view", args=[link.token])).status_code == 404
    assert client.get(reverse("share_rules", args=[link.token])).status_code == 404
    remove = reverse("payment_method_remove", args=[method.pk])
    assert client.post(remove, {"reason": "x"}).status_code == 404


def test_a_real_table_cannot_be_put_away(client, host):
    table = TableFactory(owner=host)

    response = client.post(_hide(table))

    assert response.status_code == 400
    assert escape(said(NOT_A_SAMPLE)) in response.content.decode()
    table.refresh_from_db()
    assert table.hidden_at is None


def test_another_host_can_neither_see_nor_put_away_the_sample(client, host):
    table = table_create_sample(host=host)
    client.force_login(UserFactory())

    assert client.get(reverse("table_detail", args=[table.pk])).status_code == 404
    assert client.post(_hide(table)).status_code == 404
    table.refresh_from_db()
    assert table.hidden_at is None


def test_an_anonymous_visitor_is_sent_to_sign_in_and_nothing_is_made(client):
    table = table_create_sample(host=UserFactory())

    for url in (CREATE, _hide(table)):
        response = client.post(url)

        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"
    assert Table.objects.count() == 1
    table.refresh_from_db()
    assert table.hidden_at is None


def test_a_share_link_visitor_makes_no_sample_and_hides_none(client):
    table = table_create_sample(host=UserFactory())
    link = ShareLinkFactory(night=Night.objects.get(table=table))
    assert client.get(reverse("share_view", args=[link.token])).status_code == 200

    assert client.post(CREATE).status_code == 302
    assert client.post(_hide(table)).status_code == 302
    assert Table.objects.count() == 1


def test_the_sample_actions_only_answer_post(client, host):
    table = table_create_sample(host=host)

    assert client.get(CREATE).status_code == 405
    assert client.get(_hide(table)).status_code == 405
