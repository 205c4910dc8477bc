"""The player page's "How <name> gets paid": the host lists, adds and removes the ways."""

from html import escape

import pytest
from django.urls import reverse

from ledger.models import PaymentMethod, PaymentMethodWithdrawal
from tables.views.payment_methods import METHOD_ADDED, METHOD_REMOVED
from tests.factories import PaymentMethodFactory, ShareLinkFactory, UserFactory
from tests.ledger.payment_method_examples import IBAN_DE
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true", "HX-Target": "payment-methods"}


@pytest.fixture
def host(client, player):
    client.force_login(player.table.owner)
    return player.table.owner


def _page(player) -> str:
    return reverse("player_detail", args=[player.pk])


def _add(player) -> str:
    return reverse("payment_method_add", args=[player.pk])


def _remove(method) -> str:
    return reverse("payment_method_remove", args=[method.pk])


SWISH = {"kind": "swish", "value": "070 123 45 67"}


# --- the host ---------------------------------------------------------------------


def test_the_player_page_lists_how_the_player_gets_paid(client, host, player):
    PaymentMethodFactory(player=player)
    PaymentMethodFactory(player=player, kind="sepa", value=IBAN_DE, name="Ann Andersson")

    html = client.get(_page(player)).content.decode()

    assert "How Ann gets paid" in html
    assert "<dt>Swish</dt><dd>070-123 45 67</dd>" in html
    assert "<dd>DE89370400440532013000</dd>" in html
    assert "<dd>Ann Andersson</dd>" in html
    assert f'action="{_add(player)}"' in html


def test_a_player_with_no_way_yet_says_so(client, host, player):
    html = client.get(_page(player)).content.decode()

    assert "No way yet: add one" in html


def test_the_host_adds_a_way_without_javascript(client, host, player):
    response = client.post(_add(player), SWISH, follow=True)

    method = PaymentMethod.objects.get()
    assert (method.player, method.kind, method.value) == (player, "swish", "46701234567")
    assert method.added_by == host
    assert response.redirect_chain == [(_page(player) + "#payment-methods", 302)]
    assert escape(str(METHOD_ADDED % {"player": "Ann", "kind": "Swish"})) in (
        response.content.decode()
    )


def test_sent_from_the_settle_up_the_form_carries_the_way_back(client, host, player):
    html = client.get(_page(player), {"next": "/nights/7/settle/"}).content.decode()

    assert '<input type="hidden" name="next" value="/nights/7/settle/">' in html
    assert 'class="button secondary" href="/nights/7/settle/"' in html


def test_a_way_added_from_the_settle_up_returns_to_it(client, host, player):
    response = client.post(_add(player), {**SWISH, "next": "/nights/7/settle/"})

    assert PaymentMethod.objects.filter(player=player).count() == 1
    assert response.status_code == 302
    assert response["Location"] == "/nights/7/settle/"


def test_with_htmx_a_way_added_from_the_settle_up_returns_to_it(client, host, player):
    response = client.post(_add(player), {**SWISH, "next": "/nights/7/settle/"}, headers=HTMX)

    assert response["HX-Redirect"] == "/nights/7/settle/"


def test_a_refused_way_keeps_the_way_back(client, host, player):
    response = client.post(_add(player), {"kind": "swish", "value": "1", "next": "/nights/7/"})

    assert response.status_code == 400
    assert '<input type="hidden" name="next" value="/nights/7/">' in response.content.decode()
    assert not PaymentMethod.objects.exists()


@pytest.mark.parametrize(
    "elsewhere",
    [
        "https://evil.example/",
        "//evil.example/",
        "javascript:alert(1)",
        # Not addresses of this site's pages: a redirect would take a bare word for a URL
        # name (a 500 once), and no page is at /nowhere/.
        "evil.example",
        "admin:index",
        "/nowhere/evil.example",
    ],
)
def test_a_way_back_to_another_site_is_ignored(client, host, player, elsewhere):
    page = client.get(_page(player), {"next": elsewhere}).content.decode()
    response = client.post(_add(player), {**SWISH, "next": elsewhere})

    assert "evil.example" not in page and "javascript:" not in page and "admin:" not in page
    assert "Back to the settle-up" not in page
    assert response["Location"] == _page(player) + "#payment-methods"


def _fieldset(html: str, kinds: str) -> str:
    return html.split(f'<fieldset class="kind-fields" data-kinds="{kinds}">')[1].split(
        "</fieldset>"
    )[0]


def test_the_fields_only_some_kinds_take_are_grouped_under_whom_they_are_for(client, host, player):
    html = client.get(_page(player)).content.decode()

    pix, both, sepa = _fieldset(html, "pix"), _fieldset(html, "pix sepa"), _fieldset(html, "sepa")
    assert "<legend>Pix only</legend>" in pix
    assert 'id="id_pix_kind"' in pix and 'id="id_city"' in pix
    assert "<legend>Pix and SEPA only</legend>" in both and 'id="id_name"' in both
    assert "<legend>SEPA only</legend>" in sepa and 'id="id_bic"' in sepa
    assert "payment_kinds.js" in html
    # The kind and its value are every kind's: outside the groups.
    before = html.split('<fieldset class="kind-fields"')[0]
    assert 'id="id_kind"' in before and 'id="id_value"' in before


def test_a_field_typed_for_another_kind_is_neither_saved_nor_refused(client, host, player):
    response = client.post(
        _add(player), {**SWISH, "name": "Zed", "city": "Rio", "bic": "not a BIC", "pix_kind": "cpf"}
    )

    assert response.status_code == 302
    method = PaymentMethod.objects.get()
    assert (method.kind, method.name, method.city, method.bic, method.pix_kind) == (
        "swish",
        "",
        "",
        "",
        "",
    )


def test_with_htmx_the_section_alone_comes_back(client, host, player):
    response = client.post(_add(player), SWISH, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="payment-methods"')
    assert "<dd>070-123 45 67</dd>" in html
    assert "<html" not in html


def test_a_bad_value_is_named_under_its_field_and_nothing_is_saved(client, host, player):
    response = client.post(
        _add(player), {"kind": "sepa", "value": "DE89 3704 0044 0532 0130 01", "name": ""}
    )

    assert response.status_code == 400
    form = response.context["payment_form"]
    assert "the check digits do not match" in form.errors["value"][0]
    assert form.errors["name"] == ["Account holder must not be empty."]
    assert not PaymentMethod.objects.exists()


def test_a_bad_value_with_htmx_comes_back_in_the_section(client, host, player):
    response = client.post(_add(player), {"kind": "swish", "value": "12345"}, headers=HTMX)

    assert "<html" not in response.content.decode()
    assert any("is not a Swedish mobile number" in line for line in refused(response, 200))
    assert not PaymentMethod.objects.exists()


def test_an_unknown_kind_is_a_form_error_not_a_500(client, host, player):
    response = client.post(_add(player), {"kind": "bitcoin", "value": "x"})

    assert response.status_code == 400
    assert "kind" in response.context["payment_form"].errors


def test_an_overlong_value_is_refused_by_the_form(client, host, player):
    response = client.post(_add(player), {"kind": "other", "value": "x" * 201})

    assert response.status_code == 400
    assert not PaymentMethod.objects.exists()


def test_the_host_removes_a_way_with_a_reason(client, host, player):
    method = PaymentMethodFactory(player=player)

    response = client.post(_remove(method), {"reason": "new phone"}, follow=True)

    withdrawal = PaymentMethodWithdrawal.objects.get()
    assert (withdrawal.method, withdrawal.reason, withdrawal.withdrawn_by) == (
        method,
        "new phone",
        host,
    )
    html = response.content.decode()
    assert escape(str(METHOD_REMOVED % {"player": "Ann", "kind": "Swish"})) in html
    assert "<dd>070-123 45 67</dd>" not in html


def test_removing_twice_says_so(client, host, player):
    method = PaymentMethodFactory(player=player)
    client.post(_remove(method))

    response = client.post(_remove(method), headers=HTMX)

    assert "This way of getting paid was already removed." in response.content.decode()
    assert PaymentMethodWithdrawal.objects.count() == 1


# --- everyone else ----------------------------------------------------------------


def test_another_host_gets_a_404_everywhere(client, player):
    method = PaymentMethodFactory(player=player)
    client.force_login(UserFactory())

    assert client.get(_page(player)).status_code == 404
    assert client.post(_add(player), SWISH).status_code == 404
    assert client.post(_remove(method)).status_code == 404
    assert PaymentMethod.objects.count() == 1
    assert not PaymentMethodWithdrawal.objects.exists()


def test_an_anonymous_visitor_is_sent_to_sign_in(client, player):
    method = PaymentMethodFactory(player=player)

    for response in (client.post(_add(player), SWISH), client.post(_remove(method))):
        assert response["Location"].startswith("/accounts/login/")
    assert PaymentMethod.objects.count() == 1
    assert not PaymentMethodWithdrawal.objects.exists()


def test_a_share_link_opens_no_player_page_and_adds_nothing(client, player):
    link = ShareLinkFactory(night__table=player.table)
    assert client.get(reverse("share_view", args=[link.token])).status_code == 200

    assert client.get(_page(player))["Location"].startswith("/accounts/login/")
    assert client.post(_add(player), SWISH)["Location"].startswith("/accounts/login/")
    assert not PaymentMethod.objects.exists()


def test_the_endpoints_take_posts_only(client, host, player):
    method = PaymentMethodFactory(player=player)

    assert client.get(_add(player)).status_code == 405
    assert client.get(_remove(method)).status_code == 405


def test_with_htmx_the_section_is_read_without_the_players_stats(
    client, host, player, django_assert_num_queries
):
    PaymentMethodFactory(player=player)

    # Session, user, the player with the access check; in a transaction (SAVEPOINT and
    # RELEASE here) the lock on the player, the check for the same method, whether the
    # player keeps their own ways, and the insert; then the section's methods (with
    # whether the player keeps their own). No stats.
    with django_assert_num_queries(10):
        response = client.post(_add(player), {"kind": "bizum", "value": "612345678"}, headers=HTMX)

    assert response.content.decode().count("<dt>") == 2
