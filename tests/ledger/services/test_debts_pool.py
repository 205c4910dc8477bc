"""ledger.services.debts.debts_pool: "settle everything" closes a currency's open debts at a
table and opens the fewest transfers in their place."""

from decimal import Decimal

import pytest

from ledger import errors as err
from ledger.errors import Conflict, InvalidInput
from ledger.models import DebtPool, DebtPoolSource, PooledTransfer
from ledger.selectors.debts import CARRIED, PAID, night_transfer_debts, table_debts
from ledger.selectors.night_end import settle_up_screen
from ledger.services.debts import debts_pool, payment_mark
from tests.ledger.debt_nights import closed_example
from tests.ledger.helpers import ids

pytestmark = pytest.mark.django_db


def _names(debts):
    return sorted((p.payer.name, p.payee.name, p.open) for p in debts.pairs)


@pytest.fixture
def three_nights():
    """Night 1: Bob pays Ann 12, Bob pays Cy 4. Night 2 (Ann and Bob swapped): Ann pays Bob
    12, Ann pays Cy 4. Night 3 (Cy as Bob): Cy pays Ann 12, Cy pays Bob 4. Six transfers
    open; nets Ann +8, Bob 0, Cy -8: one transfer settles them all."""
    first = closed_example()
    closed_example(first.table, cast={"Ann": "Bob", "Bob": "Ann"})
    closed_example(first.table, cast={"Bob": "Cy", "Cy": "Bob"})
    return first


def test_three_nights_of_debts_are_replaced_by_the_fewest_transfers(three_nights):
    table = three_nights.table
    usd = table_debts(table).of("USD")
    # Nets: Ann +12 -16 +12 = +8, Bob -16 +12 +4 = 0, Cy +4 +4 -16 = -8.
    assert len(usd.pairs) == 6 and usd.reducible
    assert [(p.payer.name, p.payee.name, p.money) for p in usd.fewest] == [
        ("Cy", "Ann", Decimal("8.00"))
    ]

    pool = debts_pool(table=table, currency="USD", digest=usd.digest, by=table.owner)

    assert (pool.created_by, pool.currency) == (table.owner, "USD")
    # What it carried is not written down debt by debt (it follows from the order of the
    # kept balances): only the older "settle everything"s have sources.
    assert not DebtPoolSource.objects.exists()
    after = table_debts(table).of("USD")
    assert _names(after) == [("Cy", "Ann", Decimal("8.00"))]
    assert not after.reducible
    # Each night's transfers now read as carried into it.
    debts = night_transfer_debts(three_nights, settle_up_screen(three_nights).payments)
    assert {d.status for d in debts.values()} == {CARRIED}


def test_what_was_partly_paid_is_carried_as_what_is_left(three_nights):
    table = three_nights.table
    p = ids(three_nights)
    payment_mark(night=three_nights, payer_id=p["Bob"], payee_id=p["Ann"], by=table.owner)
    usd = table_debts(table).of("USD")

    debts_pool(table=table, currency="USD", digest=usd.digest, by=table.owner)

    # Nets without Bob's 12 to Ann: Ann -4, Bob +12, Cy -8.
    assert _names(table_debts(table).of("USD")) == [
        ("Ann", "Bob", Decimal("4.00")),
        ("Cy", "Bob", Decimal("8.00")),
    ]
    debts = night_transfer_debts(three_nights, settle_up_screen(three_nights).payments)
    assert debts[p["Bob"], p["Ann"]].status == PAID


def test_a_pooled_transfer_takes_marks_and_a_new_night_pools_with_its_remainder(three_nights):
    table = three_nights.table
    usd = table_debts(table).of("USD")
    pool = debts_pool(table=table, currency="USD", digest=usd.digest, by=table.owner)
    pooled = PooledTransfer.objects.get(pool=pool)
    payment_mark(pooled=pooled, amount=Decimal("3"), by=table.owner)
    closed_example(table)

    usd = table_debts(table).of("USD")
    assert _names(usd) == [
        ("Bob", "Ann", Decimal("12.00")),
        ("Bob", "Cy", Decimal("4.00")),
        ("Cy", "Ann", Decimal("5.00")),
    ]
    second = debts_pool(table=table, currency="USD", digest=usd.digest, by=table.owner)

    assert second.pk > pool.pk
    # Nets: Ann +17, Bob -16, Cy -1.
    assert _names(table_debts(table).of("USD")) == [
        ("Bob", "Ann", Decimal("16.00")),
        ("Cy", "Ann", Decimal("1.00")),
    ]
    with pytest.raises(InvalidInput) as refused:
        payment_mark(pooled=pooled, amount=Decimal("1"), by=table.owner)
    assert refused.value.problems == [err.DEBT_POOLED()]


def test_a_changed_state_is_a_conflict_and_nothing_is_written(three_nights):
    table = three_nights.table
    seen = table_debts(table).of("USD").digest
    p = ids(three_nights)
    payment_mark(night=three_nights, payer_id=p["Bob"], payee_id=p["Cy"], by=table.owner)

    with pytest.raises(Conflict) as refused:
        debts_pool(table=table, currency="USD", digest=seen, by=table.owner)

    assert refused.value.problems == [err.DEBT_CHANGED()]
    assert not DebtPool.objects.exists()


def test_one_nights_untouched_settle_up_is_already_the_fewest():
    night = closed_example()
    usd = table_debts(night.table).of("USD")

    with pytest.raises(InvalidInput) as refused:
        debts_pool(table=night.table, currency="USD", digest=usd.digest, by=night.started_by)

    assert refused.value.problems == [err.DEBT_NOTHING_TO_POOL(currency="USD")]


def test_currencies_are_kept_apart():
    from tests.ledger.debt_nights import night_with_rules

    night = closed_example()
    table = night.table
    night_with_rules(table, "SEK", "10")
    closed_example(table, cast={"Ann": "Cy", "Cy": "Ann"})

    debts = table_debts(table)
    assert [c.currency for c in debts.currencies] == ["SEK", "USD"]
    assert _names(debts.of("SEK")) == [
        ("Bob", "Ann", Decimal("40.00")),
        ("Bob", "Cy", Decimal("120.00")),
    ]
    assert _names(debts.of("USD")) == [
        ("Bob", "Ann", Decimal("12.00")),
        ("Bob", "Cy", Decimal("4.00")),
    ]
    # Pooling one currency leaves the other as it was.
    with pytest.raises(InvalidInput):
        debts_pool(table=table, currency="SEK", digest=debts.of("SEK").digest, by=table.owner)
    assert _names(table_debts(table).of("USD")) == _names(debts.of("USD"))


def test_settling_everything_in_one_currency_leaves_the_other_alone():
    from tests.ledger.debt_nights import night_with_rules

    first = closed_example()
    table = first.table
    closed_example(table, cast={"Ann": "Bob", "Bob": "Ann"})
    night_with_rules(table, "SEK", "10")
    sek_night = closed_example(table)
    before = table_debts(table)

    pool = debts_pool(table=table, currency="USD", digest=before.of("USD").digest, by=table.owner)

    after = table_debts(table)
    assert _names(after.of("SEK")) == _names(before.of("SEK"))
    assert pool.currency == "USD"
    sek_debts = night_transfer_debts(sek_night, settle_up_screen(sek_night).payments)
    assert not any(d.carried for d in sek_debts.values())
    assert {t.amount for t in PooledTransfer.objects.filter(pool=pool)} == {Decimal("4")}


def test_marking_a_proposed_transfer_paid_settles_everything_then_marks_it(three_nights):
    from ledger.services.debts import debts_pool_mark

    table = three_nights.table
    usd = table_debts(table).of("USD")
    cy, ann = usd.fewest[0].payer, usd.fewest[0].payee

    mark = debts_pool_mark(
        table=table,
        currency="USD",
        digest=usd.digest,
        payer_id=cy.pk,
        payee_id=ann.pk,
        amount=Decimal("5"),
        by=table.owner,
    )

    assert mark.pooled.pool == DebtPool.objects.get()
    assert _names(table_debts(table).of("USD")) == [("Cy", "Ann", Decimal("3.00"))]


def test_a_refused_mark_of_a_proposed_transfer_settles_nothing(three_nights):
    from ledger.services.debts import debts_pool_mark

    table = three_nights.table
    usd = table_debts(table).of("USD")
    cy, ann = usd.fewest[0].payer, usd.fewest[0].payee

    for payer, payee, amount, problem in [
        (
            cy,
            ann,
            Decimal("8.01"),
            err.DEBT_AMOUNT_ABOVE_OPEN(open=Decimal("8.00"), currency="USD"),
        ),
        (ann, cy, None, err.DEBT_NO_SUCH_TRANSFER()),
    ]:
        with pytest.raises(InvalidInput) as refused:
            debts_pool_mark(
                table=table,
                currency="USD",
                digest=usd.digest,
                payer_id=payer.pk,
                payee_id=payee.pk,
                amount=amount,
                by=table.owner,
            )
        assert refused.value.problems == [problem]
    assert not DebtPool.objects.exists()


def test_a_table_with_a_settle_everything_still_reads_its_debts_in_four_queries(three_nights):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table = three_nights.table
    usd = table_debts(table).of("USD")
    debts_pool(table=table, currency="USD", digest=usd.digest, by=table.owner)

    def count():
        with CaptureQueriesContext(connection) as queries:
            table_debts(table)
        return len(queries)

    few = count()
    for _ in range(3):
        closed_example(table)

    assert few == count() == 4


def test_a_night_paid_in_full_is_not_carried_and_its_mark_taken_back_opens_it_again(three_nights):
    from ledger.services.debts import payment_mark_reverse

    table = three_nights.table
    p = ids(three_nights)
    marks = [
        payment_mark(night=three_nights, payer_id=p["Bob"], payee_id=payee, by=table.owner)
        for payee in (p["Ann"], p["Cy"])
    ]
    usd = table_debts(table).of("USD")
    debts_pool(table=table, currency="USD", digest=usd.digest, by=table.owner)

    payment_mark_reverse(mark=marks[0], reason="bounced", by=table.owner)

    debts = night_transfer_debts(three_nights, settle_up_screen(three_nights).payments)
    assert not any(d.carried for d in debts.values())
    bob_ann = [x for x in table_debts(table).of("USD").pairs if x.payer.name == "Bob"]
    assert [(x.payee.name, x.open, x.from_nights) for x in bob_ann] == [
        ("Ann", Decimal("12.00"), Decimal("12.00"))
    ]
