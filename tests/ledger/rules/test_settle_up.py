"""The settle-up: fewest transfers, exact, deterministic, fast."""

import random
import time
from decimal import Decimal

import pytest

from ledger.rules import HouseRules, RulesError, Transfer, settle_up
from ledger.rules import errors as e


def greedy_transfers(balances):
    """The simple method, for comparison: largest debt to largest credit over everyone
    at once, again and again (ties to the earlier player); it may need more transfers."""
    owed = dict(balances)
    position = {p: i for i, p in enumerate(balances)}
    transfers = []
    while debtors := [p for p in owed if owed[p] < 0]:
        creditors = [p for p in owed if owed[p] > 0]
        payer = min(debtors, key=lambda p: (owed[p], position[p]))
        payee = max(creditors, key=lambda p: (owed[p], -position[p]))
        chips = min(-owed[payer], owed[payee])
        owed[payer] += chips
        owed[payee] -= chips
        transfers.append(Transfer(payer, payee, chips))
    return transfers


def apply(balances, transfers):
    left = dict(balances)
    for t in transfers:
        assert t.chips > 0
        left[t.payer] += t.chips
        left[t.payee] -= t.chips
    return left


def test_nothing_to_settle_means_no_transfers():
    assert settle_up({}) == []
    assert settle_up({"Ann": 0, "Bob": 0}) == []


def test_one_debt_is_one_transfer():
    assert settle_up({"Ann": 5, "Bob": -5}) == [Transfer("Bob", "Ann", 5)]


def test_it_beats_greedy_on_the_issues_example():
    # Debts 10, 3, 3 against credits 6, 5, 5: 10 = 5 + 5 and 3 + 3 = 6, so 4 transfers.
    balances = {"D10": -10, "D3a": -3, "D3b": -3, "C6": 6, "C5a": 5, "C5b": 5}
    assert len(greedy_transfers(balances)) == 5
    transfers = settle_up(balances)
    assert len(transfers) == 4
    assert all(v == 0 for v in apply(balances, transfers).values())
    assert transfers == [
        Transfer("D10", "C5a", 5),
        Transfer("D10", "C5b", 5),
        Transfer("D3a", "C6", 3),
        Transfer("D3b", "C6", 3),
    ]


def test_equal_opposite_amounts_are_paired_off():
    balances = {"Ann": 7, "Bob": -3, "Cy": -7, "Dee": 3}
    assert settle_up(balances) == [Transfer("Bob", "Dee", 3), Transfer("Cy", "Ann", 7)]


def test_transfers_come_in_payer_then_payee_order_of_the_balances():
    balances = {"Zed": -4, "Amy": 6, "Kim": -2}
    assert settle_up(balances) == [Transfer("Zed", "Amy", 4), Transfer("Kim", "Amy", 2)]


def test_it_rejects_balances_that_do_not_add_up():
    with pytest.raises(RulesError) as caught:
        settle_up({"Ann": 5, "Bob": -4})
    assert caught.value.problems == [e.BALANCES_DO_NOT_ADD_UP(total=1)]


def test_it_rejects_balances_that_are_not_whole_chips():
    with pytest.raises(RulesError) as caught:
        settle_up({"Ann": 1.5, "Bob": -1.5, "Cy": True})
    assert caught.value.problems == [
        e.BALANCE_NOT_WHOLE_NUMBER(player="Ann", value=1.5),
        e.BALANCE_NOT_WHOLE_NUMBER(player="Bob", value=-1.5),
        e.BALANCE_NOT_WHOLE_NUMBER(player="Cy", value=True),
    ]


def sixteen_balances(seed, low=1, high=9):
    rnd = random.Random(seed)
    while True:
        values = [rnd.randint(low, high) * rnd.choice((1, -1)) for _ in range(15)]
        last = -sum(values)
        if last and -last not in values and all(-v not in values for v in values):
            values.append(last)
            return {f"P{i:02d}": v for i, v in enumerate(values)}


def test_sixteen_balances_settle_exactly_in_well_under_a_second():
    worst = 0.0
    for seed in range(20):
        balances = sixteen_balances(seed)
        assert sum(1 for v in balances.values() if v) == 16
        start = time.perf_counter()
        transfers = settle_up(balances)
        worst = max(worst, time.perf_counter() - start)
        assert all(v == 0 for v in apply(balances, transfers).values())
        assert len(transfers) <= 15
    assert worst < 0.5, worst


def test_many_small_equal_balances_take_the_most_groups():
    # Sixteen balances of ±1 and ±2 with no pairs to match: groups like {2, -1, -1}.
    balances = {f"A{i}": 2 for i in range(5)} | {f"B{i}": -1 for i in range(10)}
    balances |= {"C": -1, "D": 1}  # one ±1 pair, matched first
    transfers = settle_up(balances)
    assert len(transfers) == 11  # 5 groups of three (2 transfers each) and the pair
    assert all(v == 0 for v in apply(balances, transfers).values())


def test_past_sixteen_balances_it_still_needs_at_most_n_minus_one_transfers():
    rnd = random.Random(7)
    for _ in range(20):
        values = [rnd.randint(-50, 50) or 1 for _ in range(24)]
        values.append(-sum(values) or 0)
        balances = {f"P{i}": v for i, v in enumerate(values)}
        non_zero = sum(1 for v in values if v)
        transfers = settle_up(balances)
        assert len(transfers) <= non_zero - 1
        assert all(v == 0 for v in apply(balances, transfers).values())


def test_a_transfer_is_worth_its_chips_in_money():
    rules = HouseRules(chip_value=Decimal("0.25"))
    assert Transfer("Bob", "Ann", 12).money(rules) == Decimal("3.00")
