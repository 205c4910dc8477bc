"""Messages and reminders on the account: the choices per kind and channel, this phone's
notifications, the one-click unsubscribe that needs no sign-in."""

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import NoticeOptOut, PushSubscription
from tables.forms.notices import KEY_INVALID
from tables.management.commands.vapid_keys import new_vapid_keys
from tables.notices.unsubscribe import unsubscribe_token
from tables.views.notices import CHOICES_SAVED, PHONE_ADDED
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

P256DH = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
AUTH = "tBHItJI5svbpez7KI4CCXg"


@pytest.fixture
def karin(client):
    user = UserFactory(email="karin@example.com")
    client.force_login(user)
    return user


def test_the_page_shows_every_kind_on_by_default(client, karin):
    response = client.get(reverse("notice_settings"))

    form = response.context["form"]
    assert all(field.value() for _, fields in form.rows() for field, _ in fields)
    assert "karin@example.com" in response.content.decode()


def test_unticking_a_kind_turns_it_off_and_only_it(client, karin):
    data = {f"{kind}__email": "on" for kind in ("night_closed", "payment_sent")}

    response = client.post(reverse("notice_settings"), data, follow=True)

    assert [str(m) for m in response.context["messages"]] == [str(CHOICES_SAVED)]
    off = set(NoticeOptOut.objects.filter(user=karin).values_list("kind", flat=True))
    assert "night_closed" not in off and "debt_reminder" in off
    client.post(reverse("notice_settings"), {"debt_reminder__email": "on"})
    off = set(NoticeOptOut.objects.filter(user=karin).values_list("kind", flat=True))
    assert "debt_reminder" not in off and "night_closed" in off


def test_the_push_switch_is_hidden_without_vapid_keys(client, karin, settings):
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""

    html = client.get(reverse("notice_settings")).content.decode()

    assert "data-push" not in html and "push__" not in html
    assert client.post(reverse("push_subscribe")).status_code == 404


def test_a_phone_subscribes_and_unsubscribes(client, karin, settings):
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = new_vapid_keys()
    endpoint = "https://push.example.net/send/abc"

    answer = client.post(
        reverse("push_subscribe"), {"endpoint": endpoint, "p256dh": P256DH, "auth": AUTH}
    )

    assert answer.json() == {"message": str(PHONE_ADDED)}
    assert PushSubscription.objects.get().user == karin
    assert "data-push" in client.get(reverse("notice_settings")).content.decode()
    client.post(reverse("push_unsubscribe"), {"endpoint": endpoint})
    assert not PushSubscription.objects.exists()


def test_keys_no_push_service_gave_are_refused_and_nothing_is_written(client, karin, settings):
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = new_vapid_keys()

    answer = client.post(
        reverse("push_subscribe"),
        {"endpoint": "https://push.example.net/x", "p256dh": "abc", "auth": AUTH},
    )

    assert answer.status_code == 400
    assert answer.json()["problems"]["p256dh"][0]["message"] == str(KEY_INVALID)
    assert not PushSubscription.objects.exists()


def test_the_unsubscribe_link_asks_then_stops_that_kind_without_a_session():
    user = UserFactory()
    url = reverse("notice_unsubscribe", args=[unsubscribe_token(user.pk, "debt_reminder")])
    visitor = Client(enforce_csrf_checks=True)

    assert visitor.get(url).status_code == 200
    assert not NoticeOptOut.objects.exists()
    assert visitor.post(url, {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert NoticeOptOut.objects.get().kind == "debt_reminder"


def test_a_forged_unsubscribe_link_is_not_found():
    user = UserFactory()
    token = unsubscribe_token(user.pk, "debt_reminder")
    forged = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")

    assert Client().post(reverse("notice_unsubscribe", args=[forged])).status_code == 404
    assert not NoticeOptOut.objects.exists()
