"""Signing out empties what the browser keeps for this site: the hand screen kept for
offline use and the hands still in the outbox (Clear-Site-Data)."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_signing_out_tells_the_browser_to_empty_its_caches_and_storage(client):
    client.force_login(UserFactory())

    response = client.post(reverse("logout"))

    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'
    assert "_auth_user_id" not in client.session


def test_a_get_still_signs_nobody_out_and_clears_nothing(client):
    client.force_login(UserFactory())

    response = client.get(reverse("logout"))

    assert response.status_code == 405
    assert not response.has_header("Clear-Site-Data")
    assert "_auth_user_id" in client.session
