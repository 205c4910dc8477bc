"""Returning an excess (docs/rules.md): proportional shares in whole chips, exactly.

Also the order of play from the dealer's left, which breaks every tie. Ties are never
broken by comparing player keys: keys are opaque (ids or names) and need not be orderable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .keys import PlayerKey


def order_from_left[T](
    seat_order: Sequence[PlayerKey],
    dealer: PlayerKey | None,
    players: Iterable[T] | None = None,
    *,
    key: Callable[[T], Any] | None = None,
) -> list[T]:
    """``players`` in the order of play: from ``dealer``'s left around ``seat_order``
    (clockwise), dealer last.

    ``players`` defaults to ``seat_order`` itself; ``key`` maps each of them to its player
    key (e.g. ``int`` for ids read from JSON, or a row's id). Anyone not in ``seat_order``
    comes after everyone in it, in the order given; if ``dealer`` is not in ``seat_order``
    (or is None) ``players`` keep the order given.
    """
    seats = list(seat_order)
    items: list[Any] = seats if players is None else list(players)
    if dealer is None or dealer not in seats:
        return list(items)
    start = seats.index(dealer) + 1
    if players is None and key is None:
        return [*seats[start:], *seats[:start]]
    turn = {p: (i - start) % len(seats) for i, p in enumerate(seats)}
    to_key = key or (lambda item: item)
    return sorted(items, key=lambda item: turn.get(to_key(item), len(seats)))


def apportion(
    amount: int, paid: Mapping[PlayerKey, int], order: Iterable[PlayerKey]
) -> dict[PlayerKey, int]:
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
    got: dict[PlayerKey, int] = {}
    remainders: list[tuple[int, int]] = []  # (-remainder, position in order)
    for position, player in enumerate(ordered):
        whole, remainder = divmod(amount * paid[player], total)
        got[player] = whole
        remainders.append((-remainder, position))
    left = amount - sum(got.values())
    for _, position in sorted(remainders)[:left]:
        got[ordered[position]] += 1
    return {p: n for p, n in got.items() if n}
