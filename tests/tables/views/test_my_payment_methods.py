"""My ways of getting paid: a player keeps them once on their account; the settle-up
of every table they play at offers them instead of the host's entries, and the host's
player page says so instead of its form."""

import pytest
from django.urls import reverse

from ledger.models import PaymentMethod, PaymentMethodWithdrawal, Player
from ledger.services.payment_methods import account_payment_method_add
from tables.views.my_payment_methods import MY_METHOD_ADDED, MY_METHOD_REMOVED
from tests.factories import (
    PaymentMethodFactory,
    PlayerFactory,
    UserFactory,
    link_player,
)
from tests.ledger.stats_nights import play_example_1
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true", "HX-Target": "payment-methods"}
SWISH = {"kind": "swish", "value": "070 123 45 67"}
URL = "/me/payment-methods/"


@pytest.fixture
def ann(client):
    """Ann's account, playing Ann at a table; signed in."""
    user = UserFactory(username="ann")
    link_player(PlayerFactory(name="Ann"), user)
    client.force_login(user)
    return user


def test_the_page_is_my_payment_methods(ann):
    assert reverse("my_payment_methods") == URL


def test_the_player_adds_a_way_without_javascript(client, ann):
    response = client.post(reverse("my_payment_method_add"), SWISH, follow=True)

    method = PaymentMethod.objects.get()
    assert (method.user, method.player, method.value, method.added_by) == (
        ann,
        None,
        "46701234567",
        ann,
    )
    assert response.redirect_chain == [(URL, 302)]
    assert [str(m) for m in response.context["messages"]] == [
        str(MY_METHOD_ADDED % {"kind": "Swish"})
    ]
    assert list(response.context["payment_methods"]) == [method]


def test_with_htmx_the_section_alone_comes_back(client, ann):
    response = client.post(reverse("my_payment_method_add"), SWISH, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="payment-methods"')
    assert response.context["payment_notice"] == MY_METHOD_ADDED % {"kind": "Swish"}


def test_a_bad_number_is_refused_on_top_and_nothing_is_written(client, ann):
    response = client.post(reverse("my_payment_method_add"), {"kind": "swish", "value": "12"})

    assert refused(response)
    assert not PaymentMethod.objects.exists()


def test_a_bad_number_with_htmx_comes_back_in_the_section(client, ann):
    response = client.post(
        reverse("my_payment_method_add"), {"kind": "swish", "value": "12"}, headers=HTMX
    )

    assert refused(response, 200)
    assert not PaymentMethod.objects.exists()


def test_the_player_removes_a_way_with_a_reason(client, ann):
    method = account_payment_method_add(user=ann, **SWISH)

    response = client.post(
        reverse("my_payment_method_remove", args=[method.pk]), {"reason": "new phone"}
    )

    assert response.status_code == 302
    withdrawal = PaymentMethodWithdrawal.objects.get()
    assert (withdrawal.method, withdrawal.withdrawn_by, withdrawal.reason) == (
        method,
        ann,
        "new phone",
    )
    page = client.get(URL)
    assert [str(m) for m in page.context["messages"]] == [
        str(MY_METHOD_REMOVED % {"kind": "Swish"})
    ]
    assert page.context["payment_methods"] == []


def test_nobody_else_can_remove_a_players_way(client, ann):
    method = account_payment_method_add(user=ann, **SWISH)
    host = Player.objects.get(name="Ann").table.owner
    for visitor in (UserFactory(), host):
        client.force_login(visitor)
        url = reverse("my_payment_method_remove", args=[method.pk])
        assert client.post(url, {"reason": ""}).status_code == 404
    assert not PaymentMethodWithdrawal.objects.exists()


def test_a_hosts_way_cannot_be_removed_from_my_page(client, ann):
    hosts = PaymentMethodFactory(player=Player.objects.get(name="Ann"))

    url = reverse("my_payment_method_remove", args=[hosts.pk])
    assert client.post(url, {"reason": ""}).status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in(client):
    client.logout()
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={URL}"


# --- the host's screens -----------------------------------------------------------


@pytest.fixture
def night(ann):
    """Worked example 1 closed, with Ann's seat played by her account."""
    night = play_example_1()
    link_player(Player.objects.get(table=night.table, name="Ann"), ann)
    return night


def test_the_hosts_settle_up_offers_her_own_swish_and_not_the_hosts_entry(client, ann, night):
    seat = Player.objects.get(table=night.table, name="Ann")
    PaymentMethodFactory(player=seat, kind="other", value="Cash to Ann")
    own = account_payment_method_add(user=ann, kind="other", value="Ann's own way")
    client.force_login(night.table.owner)

    response = client.get(reverse("night_settlement", args=[night.pk]))

    to_ann = [row for row in response.context["rows"] if row.payee == "Ann"]
    assert to_ann and all(row.pay for row in to_ann)
    html = response.content.decode()
    assert own.value.replace("'", "&#x27;") in html
    assert "Cash to Ann" not in html


def test_the_hosts_player_page_says_she_keeps_her_own_instead_of_the_form(client, ann, night):
    seat = Player.objects.get(table=night.table, name="Ann")
    client.force_login(night.table.owner)
    page = reverse("player_detail", args=[seat.pk])
    assert reverse("payment_method_add", args=[seat.pk]) in client.get(page).content.decode()

    own = account_payment_method_add(user=ann, kind="other", value="Ann's own way")
    html = client.get(page).content.decode()

    assert 'id="keeps-own"' in html
    assert reverse("payment_method_add", args=[seat.pk]) not in html
    # Her own details are shown only where someone must pay her.
    assert own.value not in html
    refusal = client.post(reverse("payment_method_add", args=[seat.pk]), {**SWISH})
    assert refused(refusal)
    assert not PaymentMethod.objects.filter(player=seat).exists()
