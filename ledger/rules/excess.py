"""Returning an excess (RULES.md): proportional shares in whole chips, exactly.

Also the order from the dealer's left, which breaks every tie.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def order_from_left(players: Sequence[str], dealer: str) -> list[str]:
    """``players`` (in seat order, clockwise) starting after ``dealer``, dealer last.

    ``players`` may be the seated players or the whole roster; the dealer must be among them.
    """
    i = list(players).index(dealer)
    return [*players[i + 1 :], *players[: i + 1]]


def apportion(amount: int, paid: Mapping[str, int], order: Iterable[str]) -> dict[str, int]:
    """Share ``amount`` chips among ``paid``'s players in proportion to what each paid.

    Each gets ``floor(amount * a_i / S)``; the chips still left go one each to the largest
    remainders ``amount * a_i mod S`` (integer arithmetic, no fractions), ties broken by
    ``order`` (the order from the dealer's left). Returns only the non-zero amounts, in
    ``order``. Needs ``0 <= amount <= S`` unless ``amount`` is 0.
    """
    if amount == 0:
        return {}
    ordered = [p for p in order if paid.get(p, 0) > 0]
    total = sum(paid[p] for p in ordered)
    if total != sum(a for a in paid.values() if a > 0):
        raise ValueError("every payer must be in the order")
    if amount < 0 or amount > total:
        raise ValueError(f"cannot apportion {amount} chips over payments of {total}")
    got: dict[str, int] = {}
    remainders: list[tuple[int, int, str]] = []
    for position, player in enumerate(ordered):
        whole, remainder = divmod(amount * paid[player], total)
        got[player] = whole
        remainders.append((-remainder, position, player))
    left = amount - sum(got.values())
    for _, _, player in sorted(remainders)[:left]:
        got[player] += 1
    return {p: n for p, n in got.items() if n}
