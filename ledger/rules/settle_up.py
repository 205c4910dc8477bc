"""The settle-up: who pays whom, in as few transfers as possible.

A group of g players whose balances sum to zero can always be settled in g - 1 transfers,
and no fewer if no part of it sums to zero; so the fewest transfers for n non-zero balances
is n minus the largest number of zero-sum groups they can be split into. That number is
found exactly by a dynamic programme over subsets, run on bitsets (one Python int of 2^n
bits per level) so 16 balances take milliseconds. Past ``EXACT_LIMIT`` balances a heuristic
is used that still needs at most n - 1 transfers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from . import errors as e
from .errors import RulesError
from .house_rules import is_whole
from .keys import PlayerKey
from .money import to_money

if TYPE_CHECKING:
    from .house_rules import HouseRules

EXACT_LIMIT = 16  # non-zero balances (after pairing off equal opposite amounts)


@dataclass(frozen=True)
class Transfer:
    """``payer`` gives ``payee`` ``chips`` chips' worth of money (chips > 0)."""

    payer: PlayerKey
    payee: PlayerKey
    chips: int

    def money(self, rules: HouseRules) -> Decimal:
        return to_money(self.chips, rules)


def settle_up(balances: Mapping[PlayerKey, int]) -> list[Transfer]:
    """The fewest transfers that bring every balance to zero (exact for up to 16 non-zero
    balances once equal opposite pairs are matched; at most n - 1 beyond).

    A negative balance pays, a positive one is paid. Deterministic: the same balances in the
    same order give the same transfers, sorted by payer then payee in ``balances``' order.
    Raises ``RulesError`` if a balance is not a whole number or they do not sum to zero.
    """
    problems = [
        e.BALANCE_NOT_WHOLE_NUMBER(player=p, value=v)
        for p, v in balances.items()
        if not is_whole(v)
    ]
    if not problems and sum(balances.values()) != 0:
        problems.append(e.BALANCES_DO_NOT_ADD_UP(total=sum(balances.values())))
    if problems:
        raise RulesError(problems)

    position = {p: i for i, p in enumerate(balances)}
    players = [p for p, v in balances.items() if v != 0]
    groups, rest = _pair_off(players, balances)
    if len(rest) <= EXACT_LIMIT:
        groups.extend(_zero_sum_groups(rest, balances))
    else:
        groups.append(rest)
    transfers = [t for group in groups for t in _settle_group(group, balances, position)]
    transfers.sort(key=lambda t: (position[t.payer], position[t.payee]))
    return transfers


def _pair_off(
    players: list[PlayerKey], balances: Mapping[PlayerKey, int]
) -> tuple[list[list[PlayerKey]], list[PlayerKey]]:
    """Match each debt with an unmatched credit of exactly the same size.

    Safe for the exact minimum: some best split into zero-sum groups has every such pair as
    a group of its own (take it out of its groups and merge what is left of them).
    """
    open_credits: dict[int, list[PlayerKey]] = {}
    for p in players:
        if balances[p] > 0:
            open_credits.setdefault(balances[p], []).append(p)
    groups: list[list[PlayerKey]] = []
    paired: set[PlayerKey] = set()
    for p in players:
        if balances[p] < 0 and open_credits.get(-balances[p]):
            q = open_credits[-balances[p]].pop(0)
            groups.append([p, q])
            paired.update((p, q))
    return groups, [p for p in players if p not in paired]


def _zero_sum_groups(
    players: list[PlayerKey], balances: Mapping[PlayerKey, int]
) -> list[list[PlayerKey]]:
    """Split ``players`` (balances summing to zero) into the most zero-sum groups."""
    n = len(players)
    if n == 0:
        return []
    values = [balances[p] for p in players]
    size = 1 << n
    sums = [0]
    for v in values:  # sums[m] = total of the balances in subset m (bit i = players[i])
        sums += [s + v for s in sums]
    zero = int("".join(["1" if s == 0 else "0" for s in reversed(sums)]), 2)
    everything = (1 << size) - 1
    with_bit = []  # with_bit[i]: the bitset of subsets containing player i
    for i in range(n):
        block = 1 << i
        unit = ((1 << block) - 1) << block
        with_bit.append(unit * (everything // ((1 << (2 * block)) - 1)))

    # levels[r - 1] = bitset of subsets m with best(m) >= r, where best(m) is the most
    # zero-sum groups among some of m's players (all of m if m sums to zero).
    levels: list[int] = []
    at_least = everything  # best(m) >= 0 for every m
    while True:
        one_less = 0  # subsets with some player whose removal leaves best >= r
        for i in range(n):
            one_less |= (at_least << (1 << i)) & with_bit[i]
        grown = one_less & zero  # zero-sum subsets with best >= r + 1
        if not grown:
            break
        for i in range(n):  # and every superset of one
            grown |= (grown << (1 << i)) & with_bit[i]
        levels.append(grown)
        at_least = grown

    marks = [format(level, f"0{size}b")[::-1] for level in levels]

    def best(m: int) -> int:
        return sum(1 for mark in marks if mark[m] == "1")

    # Walk down from everyone, one player at a time, keeping best() on track; built back
    # up in reverse, the zero prefixes cut the players into best(everyone) groups.
    m = size - 1
    removed: list[int] = []
    while m:
        target = best(m) - (sums[m] == 0)
        i = next(i for i in range(n) if m >> i & 1 and best(m ^ (1 << i)) == target)
        removed.append(i)
        m ^= 1 << i
    groups: list[list[PlayerKey]] = []
    current: list[PlayerKey] = []
    total = 0
    for i in reversed(removed):
        current.append(players[i])
        total += values[i]
        if total == 0:
            groups.append(current)
            current = []
    return groups


def _settle_group(
    group: list[PlayerKey], balances: Mapping[PlayerKey, int], position: Mapping[PlayerKey, int]
) -> list[Transfer]:
    """Settle a zero-sum group in at most len(group) - 1 transfers: the largest debt pays
    the largest credit, again and again (each transfer clears at least one of them)."""
    owed = {p: balances[p] for p in group}
    transfers: list[Transfer] = []
    while True:
        debtors = [p for p in group if owed[p] < 0]
        creditors = [p for p in group if owed[p] > 0]
        if not debtors:
            return transfers
        payer = min(debtors, key=lambda p: (owed[p], position[p]))
        payee = max(creditors, key=lambda p: (owed[p], -position[p]))
        chips = min(-owed[payer], owed[payee])
        owed[payer] += chips
        owed[payee] -= chips
        transfers.append(Transfer(payer, payee, chips))
