"""The factories build what the app builds: nights through the services."""

import pytest

from ledger.models import Hand, Night, ShareLink
from ledger.verify import verify_night
from tests.factories import NightFactory, ShareLinkFactory

pytestmark = pytest.mark.django_db


def test_a_night_from_the_factory_seats_four_with_the_first_seated_dealing():
    night = NightFactory()

    seated = list(night.seats.order_by("position").values_list("player__name", flat=True))
    assert seated == ["Ann", "Bob", "Cy", "Dee"]
    assert night.first_dealer.name == "Ann"
    assert night.started_by == night.table.owner
    assert not night.is_closed


def test_hands_are_recorded_through_the_services_and_a_closed_night_is_closed():
    night = NightFactory(hands=3, closed=True)

    assert Hand.objects.filter(night=night, live=True).count() == 3
    assert Night.objects.get(pk=night.pk).is_closed
    assert verify_night(night) == []


def test_a_share_link_from_the_factory_is_the_nights_live_link():
    link = ShareLinkFactory()

    assert link.is_active
    assert ShareLink.objects.get(night=link.night, revoked_at__isnull=True) == link
