import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from tables.views.accounts import RESET_THROTTLED, RESET_WINDOW_SECONDS
from tests.factories import PASSWORD, UserFactory
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db

User = get_user_model()
NEW_PASSWORD = "a whole new battery staple"


def _signup(client, **overrides):
    data = {
        "username": "ann",
        "email": "ann@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **overrides,
    }
    return client.post("/accounts/signup/", data)


def test_signing_up_creates_the_account_signs_in_and_opens_my_tables(client):
    response = _signup(client)

    assert response.status_code == 302
    assert response.url == "/tables/"
    user = User.objects.get(username="ann")
    assert user.email == "ann@example.com"
    assert client.get("/tables/").context["user"] == user


def test_signing_up_with_passwords_that_differ_creates_nothing(client):
    response = _signup(client, password2="something else entirely")

    assert refused(response)
    assert "password2" in response.context["form"].errors
    assert not User.objects.exists()


def test_signing_up_needs_an_email_for_password_resets(client):
    response = _signup(client, email="")

    assert "email" in response.context["form"].errors
    assert not User.objects.exists()


def test_a_signed_in_host_is_sent_from_sign_up_to_their_tables(client):
    client.force_login(UserFactory())

    assert client.get("/accounts/signup/").url == "/tables/"


def test_signing_in_opens_my_tables_and_offers_a_password_reset(client):
    user = UserFactory()
    page = client.get("/accounts/login/")

    assert 'href="/accounts/password/reset/"' in page.content.decode()
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    # Through the landing, which sends a host (and anyone without a seat) to their tables.
    assert client.get(response.url).url == "/tables/"


def test_signing_in_follows_next_to_the_page_asked_for(client):
    user = UserFactory()

    response = client.post(
        "/accounts/login/?next=/tables/new/",
        {"username": user.username, "password": PASSWORD, "next": "/tables/new/"},
    )

    assert response.url == "/tables/new/"


def test_a_wrong_password_does_not_sign_in(client):
    user = UserFactory()

    response = client.post("/accounts/login/", {"username": user.username, "password": "nope"})

    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    assert not response.context["user"].is_authenticated


def test_signing_out_takes_a_post_and_signs_out(client):
    client.force_login(UserFactory())

    assert client.get("/accounts/logout/").status_code == 405
    response = client.post("/accounts/logout/")

    assert response.status_code == 302
    assert not client.get("/").context["user"].is_authenticated


def test_the_nav_offers_my_tables_only_when_signed_in(client):
    assert 'href="/tables/"' not in client.get("/accounts/login/").content.decode()
    client.force_login(UserFactory())

    content = client.get("/").content.decode()
    assert 'href="/tables/">My tables' in content
    assert "Go to my tables" in content


def test_changing_the_password_needs_the_old_one(client):
    user = UserFactory()
    client.force_login(user)

    response = client.post(
        "/accounts/password/change/",
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert "old_password" in response.context["form"].errors
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_changing_the_password_keeps_the_host_signed_in(client):
    user = UserFactory()
    client.force_login(user)

    assert client.get("/accounts/password/change/").status_code == 200
    response = client.post(
        "/accounts/password/change/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.url == "/accounts/password/change/done/"
    done = client.get(response.url)
    assert done.status_code == 200
    assert "Password changed" in done.content.decode()
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_changing_the_password_needs_a_signed_in_host(client):
    response = client.get("/accounts/password/change/")

    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_a_password_reset_mails_a_link_that_sets_a_new_password(client):
    user = UserFactory()

    assert client.get("/accounts/password/reset/").status_code == 200
    response = client.post("/accounts/password/reset/", {"email": user.email})
    assert response.url == "/accounts/password/reset/sent/"
    assert "Check your email" in client.get(response.url).content.decode()
    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject == "Reset your Bourré ledger password"
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/\S+/)", mail.outbox[0].body)

    form_page = client.get(link.group(1), follow=True)
    assert "Choose a new password" in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert done.url == "/accounts/password/reset/complete/"
    assert "Password saved" in client.get(done.url).content.decode()
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_a_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})

    assert response.url == "/accounts/password/reset/sent/"
    assert mail.outbox == []


def test_a_used_or_forged_reset_link_says_it_no_longer_works(client):
    response = client.get("/accounts/password/reset/MQ/not-a-token/")

    assert "This link no longer works" in response.content.decode()


def test_too_many_failed_sign_ins_lock_the_account_with_a_friendly_page(client, settings):
    settings.AXES_ENABLED = True
    user = UserFactory()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post("/accounts/login/", {"username": user.username, "password": "nope"})

    response = client.post("/accounts/login/", {"username": user.username, "password": "nope"})

    assert response.status_code == 429
    content = response.content.decode()
    assert "Too many tries" in content
    assert 'href="/accounts/password/reset/"' in content
    locked = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert locked.status_code == 429


# --- password reset throttling ----------------------------------------------------------


def _reset(client, email, address="203.0.113.7"):
    return client.post("/accounts/password/reset/", {"email": email}, REMOTE_ADDR=address)


def _throttled() -> str:
    return RESET_THROTTLED % {
        "per_email": settings.PASSWORD_RESET_LIMIT_PER_EMAIL,
        "per_client": settings.PASSWORD_RESET_LIMIT_PER_CLIENT,
    }


def test_ten_reset_requests_for_one_address_send_three_mails_then_say_why_not(client):
    user = UserFactory()

    answers = [_reset(client, user.email) for _ in range(10)]

    assert [a.status_code for a in answers] == [302] * 3 + [429] * 7
    assert len(mail.outbox) == settings.PASSWORD_RESET_LIMIT_PER_EMAIL == 3
    page = answers[-1].content.decode().replace("&#x27;", "'")
    assert _throttled() in page
    assert 'name="email"' in page


def test_the_address_limit_holds_from_any_device_and_in_any_case(client):
    user = UserFactory()
    for n in range(3):
        _reset(client, user.email, address=f"198.51.100.{n}")

    response = _reset(client, "  " + user.email.upper(), address="198.51.100.99")

    assert response.status_code == 429
    assert len(mail.outbox) == 3


def test_one_device_asking_for_many_addresses_is_stopped_at_its_limit(client):
    users = [UserFactory() for _ in range(12)]

    answers = [_reset(client, user.email) for user in users]

    assert [a.status_code for a in answers] == [302] * 10 + [429] * 2
    assert len(mail.outbox) == settings.PASSWORD_RESET_LIMIT_PER_CLIENT == 10


def test_unknown_addresses_count_too_so_the_limit_tells_nothing_about_accounts(client):
    for _ in range(3):
        _reset(client, "nobody@example.com")

    response = _reset(client, "nobody@example.com")

    assert response.status_code == 429
    assert mail.outbox == []


def test_another_person_asking_from_elsewhere_still_gets_their_mail(client):
    blocked, other = UserFactory(), UserFactory()
    for _ in range(4):
        _reset(client, blocked.email)

    response = _reset(client, other.email, address="192.0.2.1")

    assert response.status_code == 302
    assert [m.to for m in mail.outbox][-1] == [other.email]


def test_the_limit_lifts_after_an_hour(client, monkeypatch):
    user = UserFactory()
    clock = [timezone.now()]
    monkeypatch.setattr("ledger.services.password_resets.timezone.now", lambda: clock[0])
    for _ in range(4):
        _reset(client, user.email)

    clock[0] += timedelta(seconds=RESET_WINDOW_SECONDS + 1)
    response = _reset(client, user.email)

    assert response.status_code == 302
    assert len(mail.outbox) == 4


def test_within_the_hour_the_limit_still_holds(client, monkeypatch):
    user = UserFactory()
    clock = [timezone.now()]
    monkeypatch.setattr("ledger.services.password_resets.timezone.now", lambda: clock[0])
    for _ in range(3):
        _reset(client, user.email)

    clock[0] += timedelta(seconds=RESET_WINDOW_SECONDS - 1)
    response = _reset(client, user.email)

    assert response.status_code == 429
    assert len(mail.outbox) == 3


def test_server_processes_that_share_no_memory_share_the_limit():
    """Three gunicorn workers, each with its own cache and client: 11 requests for one
    address send 3 mails, not 3 per worker."""
    user = UserFactory()
    workers = [Client() for _ in range(3)]
    answers = []
    for n in range(11):
        cache.clear()  # what another process's cache would hold of this one's counts
        answers.append(_reset(workers[n % 3], user.email))

    assert [a.status_code for a in answers] == [302] * 3 + [429] * 8
    assert len(mail.outbox) == settings.PASSWORD_RESET_LIMIT_PER_EMAIL == 3
