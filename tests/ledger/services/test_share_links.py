import pytest

from ledger.errors import InvalidInput
from ledger.selectors.share_links import night_share_link, shared_night
from ledger.services.share_links import NO_ACTIVE_SHARE_LINK, share_link_create, share_link_revoke
from tests.factories import night_with

pytestmark = pytest.mark.django_db


def test_a_share_link_has_a_long_random_token_and_asking_twice_gives_the_same_link():
    night = night_with()

    first = share_link_create(night=night, by=night.started_by)
    again = share_link_create(night=night, by=night.started_by)

    assert first.pk == again.pk
    assert len(first.token) >= 43
    assert shared_night(first.token) == night


def test_a_revoked_link_opens_nothing_and_a_new_one_gets_a_new_token():
    night = night_with()
    old = share_link_create(night=night, by=night.started_by)

    share_link_revoke(night=night, by=night.started_by)
    new = share_link_create(night=night, by=night.started_by)

    assert shared_night(old.token) is None
    assert new.token != old.token
    assert night_share_link(night) == new


def test_revoking_without_a_link_says_there_is_none():
    night = night_with()

    with pytest.raises(InvalidInput) as caught:
        share_link_revoke(night=night, by=night.started_by)

    assert caught.value.problems == [NO_ACTIVE_SHARE_LINK()]


def test_an_unknown_token_opens_nothing():
    assert shared_night("x" * 43) is None
