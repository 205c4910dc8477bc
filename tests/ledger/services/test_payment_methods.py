"""Adding and removing a player's ways of getting paid: checked, append-only."""

import pytest

from ledger.errors import InvalidInput
from ledger.models import PaymentMethod, PaymentMethodWithdrawal
from ledger.selectors.payment_methods import payees_payment_methods, player_payment_methods
from ledger.services.payment_methods import (
    PAYMENT_KIND_UNKNOWN,
    PAYMENT_METHOD_TAKEN,
    PAYMENT_METHOD_WITHDRAWN,
    payment_method_add,
    payment_method_remove,
)
from tests.factories import PaymentMethodFactory, PlayerFactory
from tests.ledger.payment_method_examples import BAD, GOOD, RANDOM_KEY

pytestmark = pytest.mark.django_db


def _codes(error) -> list[str]:
    return [problem.code for problem in error.value.problems]


@pytest.mark.parametrize("kind", GOOD)
def test_each_kind_is_stored_in_the_one_form_its_check_gives(player, kind):
    given, stored = GOOD[kind]

    method = payment_method_add(player=player, kind=kind, by=player.table.owner, **given)

    method.refresh_from_db()
    assert method.kind == kind
    assert {field: getattr(method, field) for field in stored} == stored
    assert method.added_by == player.table.owner
    assert method.added_at is not None


@pytest.mark.parametrize("kind", BAD)
def test_a_bad_value_is_refused_with_every_problem_and_nothing_is_saved(player, kind):
    given, codes = BAD[kind]

    with pytest.raises(InvalidInput) as refused:
        payment_method_add(player=player, kind=kind, by=player.table.owner, **given)

    assert _codes(refused) == codes
    assert all("field" in problem.params for problem in refused.value.problems)
    assert not PaymentMethod.objects.exists()


def test_a_pix_key_of_the_kind_the_host_picked_is_checked_as_that_kind(player):
    with pytest.raises(InvalidInput) as refused:
        payment_method_add(
            player=player,
            kind="pix",
            value=RANDOM_KEY,
            pix_kind="cpf",
            name="Ann",
            city="Rio",
            by=player.table.owner,
        )

    assert _codes(refused) == ["cpf_invalid"]


def test_a_sepa_account_outside_the_eea_needs_its_bic(player):
    with pytest.raises(InvalidInput) as refused:
        payment_method_add(
            player=player,
            kind="sepa",
            value="CH93 0076 2011 6238 5295 7",
            name="Ann",
            by=player.table.owner,
        )

    assert _codes(refused) == ["bic_required"]


def test_an_unknown_kind_is_refused(player):
    with pytest.raises(InvalidInput) as refused:
        payment_method_add(player=player, kind="bitcoin", value="x", by=player.table.owner)

    assert refused.value.problems == [PAYMENT_KIND_UNKNOWN(value="bitcoin")]


def test_the_same_method_twice_is_refused(player):
    PaymentMethodFactory(player=player, value="0701234567")

    with pytest.raises(InvalidInput) as refused:
        payment_method_add(
            player=player, kind="swish", value="+46 70 123 45 67", by=player.table.owner
        )

    assert refused.value.problems == [PAYMENT_METHOD_TAKEN(player=player.pk)]
    assert PaymentMethod.objects.count() == 1


def test_removing_a_method_is_a_new_record_and_the_method_stays_as_written(player):
    method = PaymentMethodFactory(player=player)

    withdrawal = payment_method_remove(method=method, by=player.table.owner, reason=" new phone ")

    assert withdrawal.reason == "new phone"
    assert withdrawal.withdrawn_by == player.table.owner
    assert PaymentMethod.objects.get().value == "46701234567"
    assert player_payment_methods(player) == []


def test_a_removed_method_can_be_added_again(player):
    method = PaymentMethodFactory(player=player)
    payment_method_remove(method=method, by=player.table.owner)

    again = PaymentMethodFactory(player=player)

    assert player_payment_methods(player) == [again]


def test_removing_twice_is_refused_and_keeps_the_first_record(player):
    method = PaymentMethodFactory(player=player)
    payment_method_remove(method=method, by=player.table.owner, reason="first")

    with pytest.raises(InvalidInput) as refused:
        payment_method_remove(method=method, by=player.table.owner, reason="second")

    assert refused.value.problems == [PAYMENT_METHOD_WITHDRAWN()]
    assert PaymentMethodWithdrawal.objects.get().reason == "first"


def test_a_reason_over_200_characters_is_refused(player):
    method = PaymentMethodFactory(player=player)

    with pytest.raises(InvalidInput) as refused:
        payment_method_remove(method=method, by=player.table.owner, reason="x" * 201)

    assert _codes(refused) == ["text_too_long"]
    assert not PaymentMethodWithdrawal.objects.exists()


def test_the_payees_methods_come_in_one_query_in_the_nights_currency_only(
    player, django_assert_num_queries
):
    bob = PlayerFactory(table=player.table, name="Bob")
    swish = PaymentMethodFactory(player=player)
    paypal = PaymentMethodFactory(player=player, kind="paypal_me", value="AnnS")
    PaymentMethodFactory(player=bob, kind="sepa", value=GOOD["sepa"][0]["value"], name="Bob")
    removed = PaymentMethodFactory(player=bob, kind="paypal_me", value="BobB")
    payment_method_remove(method=removed, by=player.table.owner)

    with django_assert_num_queries(1):
        methods = payees_payment_methods([player.pk, bob.pk], "SEK")

    assert methods == {player.pk: [swish, paypal]}


def test_the_payees_methods_in_every_currency_come_in_one_query_for_the_hosts_settle_up(
    player, django_assert_num_queries
):
    swish = PaymentMethodFactory(player=player)
    venmo = PaymentMethodFactory(player=player, kind="venmo", value="ann")

    with django_assert_num_queries(1):
        methods = payees_payment_methods([player.pk], None)

    assert methods == {player.pk: [swish, venmo]}
