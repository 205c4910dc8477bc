"""ledger.services.debt_balances: what each pair of a table owes, kept as it changes, is
always what every night's transfers and every mark give worked out again — over random
sequences of nights closed, payments marked, marks taken back and "settle everything"s."""

from dataclasses import dataclass, field
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import errors as err
from ledger.errors import InvalidInput
from ledger.models import DebtBalance, NightTransfer, PooledTransfer
from ledger.selectors.debts import (
    debts_digest,
    fewest_transfers,
    night_transfer_debts,
    table_debts,
)
from ledger.selectors.night_end import settle_up_screen
from ledger.services.debt_balances import debt_balances_post
from ledger.services.debts import debts_pool, payment_mark, payment_mark_reverse
from ledger.verify import open_debts_recomputed, verify_open_debts
from tests.ledger.debt_nights import closed_example, night_with_rules

pytestmark = pytest.mark.django_db

ZERO = Decimal(0)
CASTS = [
    {},
    {"Ann": "Bob", "Bob": "Ann"},
    {"Bob": "Cy", "Cy": "Bob"},
    {"Ann": "Dee", "Dee": "Ann"},
    {"Bob": "Dee", "Dee": "Bob"},
]


@dataclass
class Debt:
    """A night's transfers or a "settle everything"'s, as the rules before kept balances
    had it: carried whole into a "settle everything" when something of it is open then."""

    kind: str
    ref: object  # the Night, or the DebtPool
    currency: str
    transfers: dict = field(default_factory=dict)  # (payer, payee) -> [money, paid]
    carried: bool = False

    @property
    def open(self) -> Decimal:
        return sum((money - paid for money, paid in self.transfers.values()), ZERO)


class Model:
    def __init__(self):
        self.debts: list[Debt] = []
        self.marks: list[tuple] = []  # [mark, debt, pair, reversed]

    def pairs(self) -> dict:
        owed: dict = {}
        for debt in self.debts:
            if debt.carried:
                continue
            for (payer, payee), (money, paid) in debt.transfers.items():
                if money > paid:
                    key = (debt.currency, payer, payee)
                    owed[key] = owed.get(key, ZERO) + money - paid
        return owed


def _kept(table) -> dict:
    return {
        (c.currency, p.payer.pk, p.payee.pk): p.open
        for c in table_debts(table).currencies
        for p in c.pairs
    }


def _close(model, table, r):
    if r % 4 == 0:
        night_with_rules(table, "EUR" if r % 8 == 0 else "USD", "0.5" if r % 8 == 0 else "1")
    night = closed_example(table, cast=CASTS[r % len(CASTS)])
    debt = Debt("night", night, night.house_rules.currency)
    for payer, payee, money in NightTransfer.objects.filter(night=night).values_list(
        "payer_id", "payee_id", "money"
    ):
        debt.transfers[payer, payee] = [money, ZERO]
    model.debts.append(debt)


def _mark(model, table, r):
    choices = [(d, pair) for d in model.debts for pair in d.transfers]
    if not choices:
        return
    debt, pair = choices[r % len(choices)]
    money, paid = debt.transfers[pair]
    left = money - paid
    amount = None if r % 3 == 0 or left <= 0 else min(left, Decimal(r % 900 + 1) / 100)
    if debt.kind == "night":
        write = lambda: payment_mark(  # noqa: E731
            night=debt.ref, payer_id=pair[0], payee_id=pair[1], amount=amount, by=table.owner
        )
    else:
        pooled = PooledTransfer.objects.get(pool=debt.ref, payer_id=pair[0], payee_id=pair[1])
        write = lambda: payment_mark(pooled=pooled, amount=amount, by=table.owner)  # noqa: E731
    if debt.carried or left <= 0:
        with pytest.raises(InvalidInput) as refused:
            write()
        expected = err.DEBT_POOLED() if debt.carried else err.DEBT_ALREADY_PAID()
        assert refused.value.problems == [expected]
        return
    mark = write()
    debt.transfers[pair][1] += mark.amount
    model.marks.append([mark, debt, pair, False])


def _reverse(model, table, r):
    standing = [m for m in model.marks if not m[3]]
    if not standing:
        return
    entry = standing[r % len(standing)]
    mark, debt, pair, _ = entry
    if debt.carried:
        with pytest.raises(InvalidInput) as refused:
            payment_mark_reverse(mark=mark, reason="mistaken", by=table.owner)
        assert refused.value.problems == [err.DEBT_POOLED()]
        return
    payment_mark_reverse(mark=mark, reason="mistaken", by=table.owner)
    debt.transfers[pair][1] -= mark.amount
    entry[3] = True


def _pool(model, table, r):
    currencies = sorted({d.currency for d in model.debts})
    if not currencies:
        return
    currency = currencies[r % len(currencies)]
    shown = table_debts(table).of(currency)
    digest = shown.digest if shown else debts_digest(currency, [])
    owed = {k: v for k, v in model.pairs().items() if k[0] == currency}
    order = sorted(table.players.values_list("pk", flat=True))
    names = dict(table.players.values_list("pk", "name"))
    order = sorted(order, key=lambda pk: names[pk])
    fewest = fewest_transfers(((a, b, v) for (_, a, b), v in owed.items()), currency, order)
    if len(fewest) >= len(owed):
        with pytest.raises(InvalidInput) as refused:
            debts_pool(table=table, currency=currency, digest=digest, by=table.owner)
        assert refused.value.problems == [err.DEBT_NOTHING_TO_POOL(currency=currency)]
        return
    pool = debts_pool(table=table, currency=currency, digest=digest, by=table.owner)
    for debt in model.debts:
        if debt.currency == currency and not debt.carried and debt.open > 0:
            debt.carried = True
    made = Debt("pool", pool, currency)
    for payer, payee, amount in PooledTransfer.objects.filter(pool=pool).values_list(
        "payer_id", "payee_id", "amount"
    ):
        made.transfers[payer, payee] = [amount, ZERO]
    assert sorted((a, b, v) for (a, b), (v, _) in made.transfers.items()) == sorted(fewest)
    model.debts.append(made)


STEPS = {"close": _close, "mark": _mark, "reverse": _reverse, "pool": _pool}


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["close", "mark", "mark", "reverse", "pool"]),
            st.integers(min_value=0, max_value=10**6),
        ),
        min_size=2,
        max_size=14,
    )
)
def test_the_kept_open_debts_are_always_the_ones_every_night_and_mark_give(steps):
    model = Model()
    first = closed_example()
    table = first.table
    model.debts.append(Debt("night", first, "USD"))
    for payer, payee, money in NightTransfer.objects.filter(night=first).values_list(
        "payer_id", "payee_id", "money"
    ):
        model.debts[0].transfers[payer, payee] = [money, ZERO]

    for step, r in steps:
        STEPS[step](model, table, r)

        expected = model.pairs()
        assert _kept(table) == expected
        assert open_debts_recomputed(table.pk) == expected
        assert verify_open_debts(table.pk) == []
        for debt in model.debts:
            if debt.kind == "night":
                shown = night_transfer_debts(debt.ref, settle_up_screen(debt.ref).payments)
                assert any(d.carried for d in shown.values()) == (debt.carried and debt.open > 0)


def test_a_changed_balance_is_named_by_verify():
    night = closed_example()
    table = night.table
    assert verify_open_debts(table.pk) == []
    pair = NightTransfer.objects.filter(night=night).values_list("payer_id", "payee_id")[0]

    # Written behind the services' back: the kept balance no longer follows the marks.
    debt_balances_post(
        table_id=table.pk,
        currency="USD",
        changes={pair: Decimal("-1")},
        at=night.closed_at,
    )

    problems = verify_open_debts(table.pk)
    assert len(problems) == 1 and problems[0].startswith(f"Table {table.pk}: ")


def test_two_balances_never_follow_the_same_one():
    night = closed_example()
    latest = DebtBalance.objects.filter(pair__table=night.table).order_by("-pk").first()

    with pytest.raises(IntegrityError), transaction.atomic():
        DebtBalance.objects.create(
            pair=latest.pair,
            previous=latest.previous,
            open=latest.open + 1,
            change=1,
            at=latest.at,
        )


def test_a_balance_is_never_below_nothing():
    night = closed_example()
    latest = DebtBalance.objects.filter(pair__table=night.table).order_by("-pk").first()

    with pytest.raises(IntegrityError), transaction.atomic():
        DebtBalance.objects.create(
            pair=latest.pair,
            previous=latest,
            open=Decimal("-1"),
            change=-latest.open - 1,
            at=latest.at,
        )


def test_closing_a_night_marking_and_settling_everything_cost_the_same_queries_at_any_size():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def cost(table):
        pairs = table_debts(table).of("USD").pairs
        changes = {(p.payer.pk, p.payee.pk): Decimal("1") for p in pairs}
        with CaptureQueriesContext(connection) as queries:
            debt_balances_post(
                table_id=table.pk, currency="USD", changes=changes, at=table.created_at
            )
        return len(queries)

    night = closed_example()
    small = cost(night.table)
    for cast in CASTS:
        closed_example(night.table, cast=cast)

    assert small == cost(night.table) == 2
