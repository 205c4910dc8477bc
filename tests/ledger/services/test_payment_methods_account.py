"""A player's own ways of getting paid, kept on their account: the same checks as the
host's, append-only, and used at every table where they hold a seat, where the host's
entries for them step aside."""

import pytest
from django.db import IntegrityError, transaction

from ledger.errors import InvalidInput
from ledger.models import PaymentMethod, Player
from ledger.selectors.payment_methods import (
    account_payment_methods,
    keeps_own_payment_methods,
    payees_payment_methods,
)
from ledger.services.payment_methods import (
    ACCOUNT_PAYMENT_METHOD_TAKEN,
    account_payment_method_add,
    payment_method_remove,
)
from ledger.services.player_links import player_unlink
from tests.factories import (
    PaymentMethodFactory,
    PlayerFactory,
    TableFactory,
    UserFactory,
    link_player,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    """Ann's account, playing Ann at two tables of two hosts; the first host wrote a
    Swish number for her."""
    user = UserFactory(username="ann")
    seats = [PlayerFactory(table=TableFactory(), name="Ann") for _ in range(2)]
    for seat in seats:
        link_player(seat, user)
    PaymentMethodFactory(player=seats[0], value="070-111 11 11")
    user.seats = seats
    return user


def test_a_player_adds_their_own_swish_number_checked_as_the_hosts_are(ann):
    method = account_payment_method_add(user=ann, kind="swish", value="070-123 45 67")

    assert (method.user, method.player, method.value) == (ann, None, "46701234567")
    assert method.added_by == ann
    assert account_payment_methods(ann) == [method]


def test_a_bad_number_is_refused_naming_its_field_and_nothing_is_written(ann):
    with pytest.raises(InvalidInput) as refused:
        account_payment_method_add(user=ann, kind="swish", value="12")

    assert refused.value.problems and all("field" in p.params for p in refused.value.problems)
    assert account_payment_methods(ann) == []


def test_the_same_way_twice_is_refused(ann):
    account_payment_method_add(user=ann, kind="swish", value="070-123 45 67")

    with pytest.raises(InvalidInput) as refused:
        account_payment_method_add(user=ann, kind="swish", value="0701234567")

    assert [p.code for p in refused.value.problems] == [ACCOUNT_PAYMENT_METHOD_TAKEN.code]


def test_the_database_refuses_a_method_of_both_a_player_and_an_account_or_of_neither(ann):
    method = account_payment_method_add(user=ann, kind="swish", value="070-123 45 67")
    fields = {f: getattr(method, f) for f in ("kind", "value", "added_by", "added_at")}
    for owner in ({"user": ann, "player": ann.seats[0]}, {}):
        with pytest.raises(IntegrityError), transaction.atomic():
            PaymentMethod.objects.bulk_create([PaymentMethod(**fields, **owner)])


def test_her_own_swish_replaces_the_hosts_at_every_table_she_sits_at(ann):
    first, second = ann.seats
    own = account_payment_method_add(user=ann, kind="swish", value="070-123 45 67")
    bob = PlayerFactory(table=first.table, name="Bob")
    bobs = PaymentMethodFactory(player=bob)

    paid = payees_payment_methods([first.pk, second.pk, bob.pk], "SEK")

    assert paid == {first.pk: [own], second.pk: [own], bob.pk: [bobs]}
    assert keeps_own_payment_methods(first) and keeps_own_payment_methods(second)
    assert not keeps_own_payment_methods(bob)


def test_the_hosts_entry_stands_where_her_own_ways_do_not_pay_in_the_nights_currency(ann):
    first, _ = ann.seats
    account_payment_method_add(user=ann, kind="venmo", value="@ann")

    assert [m.player for m in payees_payment_methods([first.pk], "SEK")[first.pk]] == [first]


def test_once_withdrawn_or_unlinked_the_hosts_entry_is_back(ann):
    first, second = ann.seats
    own = account_payment_method_add(user=ann, kind="swish", value="070-123 45 67")
    player_unlink(link=first.links.get(), by=ann)

    assert [m.player for m in payees_payment_methods([first.pk], "SEK")[first.pk]] == [first]
    assert payees_payment_methods([second.pk], "SEK") == {second.pk: [own]}

    payment_method_remove(method=own, by=ann, reason="new phone")
    assert payees_payment_methods([second.pk], "SEK") == {}
    assert not keeps_own_payment_methods(Player.objects.get(pk=second.pk))


def test_the_settle_ups_methods_are_one_query(ann, django_assert_num_queries):
    account_payment_method_add(user=ann, kind="swish", value="070-123 45 67")
    ids = [seat.pk for seat in ann.seats]

    with django_assert_num_queries(1):
        payees_payment_methods(ids, "SEK")
