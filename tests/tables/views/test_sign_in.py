"""Signing up and in without a password: a code by mail (the whole way, through the
views) and a passkey's refusals (its whole way runs in Chromium, test_passwordless)."""

import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ledger.errors import SIGN_IN_CODE_SPENT, SIGN_IN_CODE_WRONG
from ledger.models import Passkey, SignInCode
from tables.forms.accounts import EMAIL_IN_USE
from tables.views.sign_in import (
    CODE_THROTTLED,
    PASSKEY_NOT_ACCEPTED,
    PASSKEY_NOT_MADE,
    SESSION_CODE,
)
from tests.factories import UserFactory
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db

User = get_user_model()


def _ask(client, email, **extra):
    return client.post(reverse("sign_in_code_request"), {"email": email, **extra})


def _mailed_code() -> str:
    return re.search(r"^(\d{6})$", mail.outbox[-1].body, re.M).group(1)


def _wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def _type(client, code):
    return client.post(reverse("sign_in_code"), {"code": code})


def _signed_in_as(client) -> str:
    return str(client.session.get("_auth_user_id", ""))


def test_a_code_mailed_to_an_accounts_address_signs_in_to_it(client):
    user = UserFactory(email="ann@example.com")
    asked = _ask(client, " Ann@Example.COM ")
    assert asked.status_code == 302 and asked.url == reverse("sign_in_code")
    assert mail.outbox[-1].to == ["ann@example.com"]
    code = _mailed_code()
    assert code in mail.outbox[-1].subject
    assert "15 minutes" in mail.outbox[-1].body

    done = _type(client, f"{code[:3]} {code[3:]}")

    assert done.status_code == 302 and done.url == reverse("sign_in_landing")
    assert _signed_in_as(client) == str(user.pk)
    assert SESSION_CODE not in client.session


def test_a_code_follows_next_to_the_page_asked_for(client):
    UserFactory(email="ann@example.com")
    _ask(client, "ann@example.com", next="/tables/new/")
    assert _type(client, _mailed_code()).url == "/tables/new/"


def test_an_address_no_account_uses_gets_no_mail_and_the_same_page(client):
    asked = _ask(client, "nobody@example.com")
    assert asked.status_code == 302 and asked.url == reverse("sign_in_code")
    assert mail.outbox == []
    page = client.get(reverse("sign_in_code"))
    assert "nobody@example.com" in page.content.decode()
    # Whatever is typed signs in no one.
    refused(_type(client, "123456"))
    assert _signed_in_as(client) == ""


def test_a_wrong_code_says_how_many_tries_are_left_and_signs_in_no_one(client):
    UserFactory(email="ann@example.com")
    _ask(client, "ann@example.com")
    lines = refused(_type(client, _wrong(_mailed_code())))
    assert lines == [SIGN_IN_CODE_WRONG.template.format(left=4)]
    assert _signed_in_as(client) == ""


def test_five_wrong_tries_spend_the_code_and_the_right_one_then_fails_too(client):
    UserFactory(email="ann@example.com")
    _ask(client, "ann@example.com")
    code = _mailed_code()
    for _ in range(4):
        refused(_type(client, _wrong(code)))
    assert refused(_type(client, _wrong(code))) == [SIGN_IN_CODE_SPENT.template]
    assert refused(_type(client, code)) == [SIGN_IN_CODE_SPENT.template]
    assert _signed_in_as(client) == ""
    assert SignInCode.objects.get().tries == 5


def test_a_code_works_once(client):
    UserFactory(email="ann@example.com")
    _ask(client, "ann@example.com")
    code = _mailed_code()
    pending = client.session[SESSION_CODE]
    _type(client, code)
    other = Client()
    session = other.session
    session[SESSION_CODE] = pending
    session.save()
    assert refused(_type(other, code)) == [SIGN_IN_CODE_SPENT.template]


def test_a_code_expires_after_fifteen_minutes(client, monkeypatch):
    UserFactory(email="ann@example.com")
    _ask(client, "ann@example.com")
    later = timezone.now() + timedelta(minutes=15, seconds=1)
    monkeypatch.setattr("ledger.services.sign_ins.timezone.now", lambda: later)
    assert refused(_type(client, _mailed_code())) == [SIGN_IN_CODE_SPENT.template]


def test_codes_for_one_address_stop_at_the_hours_limit_and_say_why(client, settings):
    UserFactory(email="ann@example.com")
    for number in range(settings.SIGN_IN_CODE_LIMIT_PER_EMAIL):
        assert _ask(client, "ann@example.com", REMOTE_ADDR=f"203.0.113.{number}").status_code == 302
    sent = len(mail.outbox)
    lines = refused(_ask(client, "ann@example.com"), status=429)
    assert lines == [
        CODE_THROTTLED
        % {
            "per_email": settings.SIGN_IN_CODE_LIMIT_PER_EMAIL,
            "per_client": settings.SIGN_IN_CODE_LIMIT_PER_CLIENT,
        }
    ]
    assert len(mail.outbox) == sent


def test_failed_codes_count_as_wrong_passwords_and_lock_the_account(client, settings):
    settings.AXES_ENABLED = True
    user = UserFactory(email="ann@example.com")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _ask(client, "ann@example.com")
        _type(client, _wrong(_mailed_code()))
    _ask(client, "ann@example.com")

    locked = _type(client, _mailed_code())

    assert locked.status_code == 429
    assert "Too many tries" in locked.content.decode()
    assert _signed_in_as(client) == ""
    assert (
        client.post(
            reverse("login"), {"username": user.username, "password": "whatever"}
        ).status_code
        == 429
    )


def test_the_code_page_without_a_code_asked_sends_to_asking_for_one(client):
    response = client.get(reverse("sign_in_code"))
    assert response.status_code == 302 and response.url == reverse("sign_in_code_request")


def test_a_signed_in_visitor_asking_for_a_code_is_sent_on(client):
    client.force_login(UserFactory())
    response = client.get(reverse("sign_in_code_request"))
    assert response.status_code == 302 and response.url == reverse("sign_in_landing")


def test_a_bad_address_is_refused_with_its_field_named(client):
    lines = refused(_ask(client, "not an address"))
    assert lines == ["Email: Enter a valid email address."]
    assert SignInCode.objects.count() == 0


# --- signing up with a code -------------------------------------------------------------


def _signup(client, **fields):
    data = {"account-username": "cy", "account-email": "cy@example.com", "way": "code"}
    return client.post(reverse("signup"), {**data, **fields})


def test_signing_up_with_a_code_makes_the_account_once_the_code_comes_back(client):
    asked = _signup(client, next="/tables/new/")
    assert asked.status_code == 302 and asked.url == reverse("sign_in_code")
    assert not User.objects.filter(username="cy").exists()
    assert "finish creating" in mail.outbox[-1].body

    done = _type(client, _mailed_code())

    assert done.status_code == 302 and done.url == "/tables/new/"
    cy = User.objects.get(username="cy")
    assert cy.email == "cy@example.com" and not cy.has_usable_password()
    assert _signed_in_as(client) == str(cy.pk)


def test_signing_up_with_a_code_needs_an_address(client):
    lines = refused(_signup(client, **{"account-email": ""}))
    assert lines == ["Email: This field is required."]
    assert mail.outbox == [] and SignInCode.objects.count() == 0


def test_signing_up_with_an_address_an_account_uses_is_refused(client):
    UserFactory(email="cy@example.com")
    lines = refused(_signup(client, **{"account-email": "CY@example.com"}))
    assert lines == [f"Email: {EMAIL_IN_USE}"]
    assert mail.outbox == []


def test_signing_up_with_a_name_taken_is_refused_before_any_mail(client):
    UserFactory(username="cy", email="another@example.com")
    lines = refused(_signup(client))
    assert lines == ["Your name: A user with that username already exists."]
    assert mail.outbox == []


def test_a_name_taken_while_the_code_was_in_the_mail_is_refused_and_makes_nothing(client):
    _signup(client)
    UserFactory(username="cy", email="other@example.com")
    lines = refused(_type(client, _mailed_code()), status=409)
    assert lines == ["Someone took the name cy a moment ago: choose another."]
    assert User.objects.filter(username="cy").count() == 1
    assert _signed_in_as(client) == ""


def test_posting_without_a_way_and_with_a_password_still_signs_up_with_it(client):
    from tests.factories import PASSWORD

    data = {"username": "dee", "email": "dee@example.com", "password1": PASSWORD}
    response = client.post(reverse("signup"), {**data, "password2": PASSWORD})
    assert response.status_code == 302
    assert User.objects.get(username="dee").check_password(PASSWORD)


# --- passkeys: what the server refuses ----------------------------------------------------


def test_a_good_name_gets_a_passkeys_options_for_this_site(client):
    response = client.post(
        reverse("passkey_signup_options"), {"account-username": "ann", "account-email": ""}
    )
    options = json.loads(response.content)["options"]
    assert options["rp"]["id"] == "testserver"
    assert options["user"]["name"] == "ann"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert response["Cache-Control"] == "no-store"
    assert client.session["passkey_challenge"][0] == "create"


def test_a_name_refused_gets_no_options_and_the_form_then_says_why(client):
    UserFactory(username="ann")
    response = client.post(reverse("passkey_signup_options"), {"account-username": "ann"})
    assert json.loads(response.content) == {"options": None}
    lines = refused(client.post(reverse("signup"), {"account-username": "ann", "way": "passkey"}))
    assert lines == ["Your name: A user with that username already exists."]


def test_signing_up_with_a_passkey_that_does_not_check_out_makes_nothing(client):
    client.post(reverse("passkey_signup_options"), {"account-username": "ann"})
    forged = json.dumps({"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}})
    response = client.post(
        reverse("signup"), {"account-username": "ann", "way": "passkey", "credential": forged}
    )
    assert refused(response) == [str(PASSKEY_NOT_MADE)]
    assert not User.objects.filter(username="ann").exists()
    assert Passkey.objects.count() == 0


def test_signing_in_with_a_passkey_that_does_not_check_out_signs_in_no_one(client):
    user = UserFactory()
    Passkey.objects.create(
        user=user, credential_id="QUJD", public_key=b"\xa5", sign_count=0, created_at=timezone.now()
    )
    options = json.loads(client.post(reverse("passkey_sign_in_options")).content)["options"]
    assert options["rpId"] == "testserver" and options["allowCredentials"] == []
    forged = json.dumps({"id": "QUJD", "rawId": "QUJD", "type": "public-key", "response": {}})

    response = client.post(reverse("passkey_sign_in"), {"credential": forged})

    assert refused(response) == [str(PASSKEY_NOT_ACCEPTED)]
    assert _signed_in_as(client) == ""
    # The challenge was for one answer: another is refused too.
    assert refused(client.post(reverse("passkey_sign_in"), {"credential": forged}))


@pytest.mark.parametrize("credential", ["", "not json", "[]", "x" * 20_000])
def test_a_passkey_answer_that_is_not_one_is_refused(client, credential):
    client.post(reverse("passkey_sign_in_options"))
    response = client.post(reverse("passkey_sign_in"), {"credential": credential})
    assert refused(response) == [str(PASSKEY_NOT_ACCEPTED)]
