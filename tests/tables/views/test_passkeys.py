"""An account's passkeys: listed, added (its refusals here; a real one in Chromium,
test_passwordless), removed by their own account only."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from ledger.errors import PASSKEY_LAST_WAY_IN
from ledger.models import Passkey
from ledger.services.sign_ins import NewPasskey, passkey_add
from tables.views.passkeys import PASSKEY_NOT_ADDED, PASSKEY_REMOVED
from tests.factories import UserFactory
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


def _passkey(user, credential_id="QUJD"):
    return passkey_add(
        user=user, key=NewPasskey(credential_id=credential_id, public_key=b"\xa5", sign_count=0)
    )


def test_the_page_lists_the_accounts_own_passkeys_and_its_ways_in(client):
    ann = UserFactory(email="ann@example.com")
    _passkey(ann)
    _passkey(UserFactory(), "T1RIRVI")
    client.force_login(ann)
    page = client.get(reverse("account_passkeys"))
    assert [p.user for p in page.context["passkeys"]] == [ann]
    content = page.content.decode()
    assert "ann@example.com" in content
    assert reverse("password_change") in content


def test_an_account_without_a_password_is_not_offered_to_change_it(client):
    user = get_user_model().objects.create_user(username="ann", password=None)
    client.force_login(user)
    content = client.get(reverse("account_passkeys")).content.decode()
    assert reverse("password_change") not in content
    assert "This account has no e-mail address" in content


def test_adding_a_passkey_the_phone_did_not_make_is_refused_and_adds_nothing(client):
    client.force_login(UserFactory())
    client.post(reverse("passkey_add_options"))
    response = client.post(reverse("account_passkeys"), {"credential": '{"id": "x"}'})
    assert refused(response) == [str(PASSKEY_NOT_ADDED)]
    assert Passkey.objects.count() == 0


def test_the_options_to_add_one_leave_out_the_accounts_passkeys(client):
    ann = UserFactory()
    _passkey(ann)
    client.force_login(ann)
    options = json.loads(client.post(reverse("passkey_add_options")).content)["options"]
    assert [c["id"] for c in options["excludeCredentials"]] == ["QUJD"]
    assert options["user"]["name"] == ann.username


def test_removing_a_passkey_stops_it_signing_in(client):
    ann = UserFactory()
    passkey = _passkey(ann)
    client.force_login(ann)
    response = client.post(reverse("passkey_remove", args=[passkey.pk]), follow=True)
    assert not Passkey.objects.filter(pk=passkey.pk).exists()
    assert str(PASSKEY_REMOVED) in response.content.decode()


def test_another_accounts_passkey_is_not_found(client):
    passkey = _passkey(UserFactory())
    client.force_login(UserFactory())
    assert client.post(reverse("passkey_remove", args=[passkey.pk])).status_code == 404
    assert Passkey.objects.filter(pk=passkey.pk).exists()


@pytest.mark.parametrize("name", ["account_passkeys", "passkey_add_options"])
def test_a_visitor_not_signed_in_is_sent_to_sign_in(client, name):
    response = client.post(reverse(name))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_the_last_way_into_an_account_is_not_removed(client):
    user = get_user_model().objects.create_user(username="ann", password=None)
    passkey = _passkey(user)
    client.force_login(user)
    response = client.post(reverse("passkey_remove", args=[passkey.pk]))
    assert refused(response) == [PASSKEY_LAST_WAY_IN.template]
    assert Passkey.objects.filter(pk=passkey.pk).exists()
    # With a second passkey, either goes.
    _passkey(user, "T1RIRVI")
    assert client.post(reverse("passkey_remove", args=[passkey.pk])).status_code == 302
