"""ledger.selectors.debts: open debts per currency and pair, the fewest transfers that settle
them, a player's owes and owed — in a fixed number of queries."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.selectors.debts import (
    fewest_transfers,
    night_transfer_debts,
    player_debts,
    table_debts,
)
from ledger.selectors.night_end import settle_up_screen
from ledger.services.debts import payment_mark
from tests.ledger.debt_nights import closed_example, night_with_rules
from tests.ledger.helpers import ids
from tests.ledger.rules.test_properties import fewest_transfers_by_search

# --- the reduction, without a database ----------------------------------------------

PLAYERS = st.integers(min_value=1, max_value=7)
DEBT = st.tuples(PLAYERS, PLAYERS, st.integers(min_value=1, max_value=5000)).filter(
    lambda d: d[0] != d[1]
)


def _nets(debts):
    nets: dict[int, Decimal] = {}
    for payer, payee, amount in debts:
        nets[payer] = nets.get(payer, Decimal(0)) - amount
        nets[payee] = nets.get(payee, Decimal(0)) + amount
    return {p: v for p, v in nets.items() if v}


def most_zero_sum_groups(values: list[int]) -> int:
    """The most groups summing to zero that ``values`` (summing to zero) split into: over
    every subset, the best of its subsets one player smaller, plus one if it sums to zero."""
    n = len(values)
    best = [0] * (1 << n)
    for mask in range(1, 1 << n):
        total = sum(v for i, v in enumerate(values) if mask >> i & 1)
        smaller = max(best[mask ^ (1 << i)] for i in range(n) if mask >> i & 1)
        best[mask] = smaller + (total == 0)
    return best[-1] if n else 0


@settings(max_examples=200, deadline=None)
@given(nights=st.lists(st.lists(DEBT, max_size=6), min_size=3, max_size=3))
def test_three_nights_of_debts_reduce_to_the_proven_minimum(nights):
    """n - (the most zero-sum groups), the minimum the night's settle-up is proven to reach,
    checked against a search that tries every way; every player's net is kept."""
    debts = [(a, b, Decimal(cents).scaleb(-2)) for night in nights for a, b, cents in night]

    transfers = fewest_transfers(debts, "USD")

    nets = _nets(debts)
    assert _nets(transfers) == nets
    assert all(
        amount > 0 and amount == amount.quantize(Decimal("0.01")) for *_, amount in transfers
    )
    cents = [int(v.scaleb(2)) for v in nets.values()]
    assert len(transfers) == len(cents) - most_zero_sum_groups(cents)
    assert len(transfers) == fewest_transfers_by_search(cents)


def test_a_currency_without_cents_is_reduced_in_whole_units():
    transfers = fewest_transfers([(1, 2, Decimal("500")), (2, 3, Decimal("500"))], "JPY")

    assert transfers == [(1, 3, Decimal("500"))]


def test_an_amount_finer_than_the_currency_is_an_error_not_a_rounding():
    with pytest.raises(ValueError):
        fewest_transfers([(1, 2, Decimal("0.5"))], "JPY")


# --- a table's open debts -----------------------------------------------------------


@pytest.mark.django_db
def test_a_nights_transfers_are_its_settle_up_screens():
    night = closed_example(cast={"Ann": "Dee", "Dee": "Ann"})
    screen = settle_up_screen(night)

    usd = table_debts(night.table).of("USD")

    assert sorted((t.payer.pk, t.payee.pk, t.open) for t in usd.pairs) == sorted(
        (p.payer.id, p.payee.id, p.money) for p in screen.payments
    )


@pytest.mark.django_db
def test_open_debts_are_grouped_per_pair_across_nights():
    night = closed_example()
    closed_example(night.table)
    p = ids(night)
    payment_mark(
        night=night, payer_id=p["Bob"], payee_id=p["Ann"], amount=Decimal("2"), by=night.started_by
    )

    pairs = table_debts(night.table).of("USD").pairs

    assert [(x.payer.name, x.payee.name, x.open, x.from_nights) for x in pairs] == [
        ("Bob", "Ann", Decimal("22.00"), Decimal("22.00")),
        ("Bob", "Cy", Decimal("8.00"), Decimal("8.00")),
    ]


@pytest.mark.django_db
def test_settling_everything_is_offered_only_where_it_saves_a_transfer():
    night = closed_example()
    table = night.table
    # Two nights, the same debts the same way round: two pairs, two transfers at best.
    closed_example(table)
    again = table_debts(table).of("USD")
    assert (len(again.pairs), len(again.fewest), again.reducible) == (2, 2, False)
    # A night the other way round (Ann pays Bob 12 and Cy 4): four pairs, two transfers.
    closed_example(table, cast={"Ann": "Bob", "Bob": "Ann"})
    turned = table_debts(table).of("USD")
    assert (len(turned.pairs), len(turned.fewest), turned.reducible) == (4, 2, True)


@pytest.mark.django_db
def test_a_player_sees_what_they_owe_and_are_owed_per_currency():
    night = closed_example()
    night_with_rules(night.table, "EUR", "0.5")
    closed_example(night.table, cast={"Ann": "Bob", "Bob": "Ann"})
    ann = night.table.players.get(name="Ann")

    rows = player_debts(ann)

    assert [(r.currency, r.owes_total, r.owed_total) for r in rows] == [
        ("EUR", Decimal("8.00"), Decimal("0")),
        ("USD", Decimal("0"), Decimal("12.00")),
    ]


@pytest.mark.django_db
def test_the_table_reads_its_debts_in_three_queries_however_many_nights():
    """The pairs with their balances, the open "settle everything" transfers, the players
    (and their marks, when there are any: test_debts_pool)."""
    night = closed_example()
    table = night.table

    def count():
        with CaptureQueriesContext(connection) as queries:
            table_debts(table)
        return len(queries)

    one_night = count()
    for _ in range(3):
        closed_example(table)
    p = ids(night)
    payment_mark(night=night, payer_id=p["Bob"], payee_id=p["Ann"], by=night.started_by)

    assert one_night == count() == 3


@pytest.mark.django_db
def test_a_nights_paid_status_takes_two_queries():
    night = closed_example()
    payments = settle_up_screen(night).payments

    with CaptureQueriesContext(connection) as queries:
        night_transfer_debts(night, payments)

    assert len(queries) == 2
